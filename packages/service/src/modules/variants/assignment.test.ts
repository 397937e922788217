/**
 * Deterministic assignment: the same unit always gets the same arm, and over
 * 100,000 units the arms' shares match the weights (a chi-square goodness of fit
 * with p well above 0.001, and every share within half a percentage point).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { armAt, assignArm, assignmentPoint } from './assignment.js';
import { sampleRatioMismatch } from './statistics.js';

test('the same unit in the same test always gets the same point and arm; another test reshuffles', () => {
  const p = assignmentPoint('var_abc', 'user-1');
  assert.ok(p >= 0 && p < 1);
  assert.equal(assignmentPoint('var_abc', 'user-1'), p);
  assert.equal(assignArm('var_abc', 'user-1', [1, 1]), assignArm('var_abc', 'user-1', [50, 50]), 'weights are relative');
  // A fixed vector, computed with Python's hashlib: SHA-256("var_abc:user-1") begins cda1d9be3c8f3571,
  // whose top 53 bits are 7235040849662438, so the point is that over 2^53 in every process on every machine.
  assert.equal(p, 7235040849662438 / 2 ** 53);
  assert.equal(assignArm('var_abc', 'user-1', [80, 20]), 1);
  const units = Array.from({ length: 1000 }, (_, i) => `u${i}`);
  const inA = units.map((u) => assignArm('var_one', u, [1, 1]));
  const inB = units.map((u) => assignArm('var_two', u, [1, 1]));
  const same = inA.filter((a, i) => a === inB[i]).length;
  assert.ok(same > 400 && same < 600, `two tests split units independently (${same} of 1000 agree)`);
});

test('armAt follows the cumulative weights, boundaries included', () => {
  assert.equal(armAt(0, [1, 1]), 0);
  assert.equal(armAt(0.4999999, [1, 1]), 0);
  assert.equal(armAt(0.5, [1, 1]), 1);
  assert.equal(armAt(0.2, [20, 80]), 1);
  assert.equal(armAt(0.1999, [20, 80]), 0);
  assert.equal(armAt(0.9999999999, [1, 1, 1]), 2);
  assert.equal(armAt(0.5, [1, 2, 1]), 1);
});

for (const weights of [
  [1, 1],
  [10, 90],
  [1, 2, 3, 4],
]) {
  test(`100,000 units split ${weights.join(':')} as weighted`, () => {
    const counts = weights.map(() => 0);
    for (let i = 0; i < 100_000; i++) counts[assignArm('var_weights', `unit-${i}`, weights)]!++;
    const total = weights.reduce((a, b) => a + b, 0);
    counts.forEach((c, i) => assert.ok(Math.abs(c / 100_000 - weights[i]! / total) < 0.005, `arm ${i}: ${c} of 100,000 for weight ${weights[i]}/${total}`));
    const srm = sampleRatioMismatch(counts, weights);
    assert.ok(srm.pValue > 0.001, `goodness of fit p = ${srm.pValue} (${counts.join(':')})`);
  });
}
