/**
 * Deterministic assignment: a unit's arm is a pure function of the test id, the
 * unit id and the weights, so every process, before and after a restart, puts
 * the same unit in the same arm without asking the store.
 */
import { createHash } from 'node:crypto';

/**
 * Where a unit falls in [0, 1): the first 53 bits of SHA-256 of
 * `<testId>:<unitId>` as a fraction. Test ids never contain `:`, so no two
 * (test, unit) pairs share an input.
 */
export function assignmentPoint(testId: string, unitId: string): number {
  const digest = createHash('sha256').update(`${testId}:${unitId}`, 'utf8').digest();
  // 21 high bits and 32 low bits: an exact 53-bit integer, divided by 2^53.
  return (digest.readUInt32BE(0) * 2 ** 21 + (digest.readUInt32BE(4) >>> 11)) / 2 ** 53;
}

/** The index of the arm whose share of the cumulative, normalized weights contains `point`. */
export function armAt(point: number, weights: readonly number[]): number {
  if (weights.length === 0) throw new RangeError('armAt: needs at least one weight');
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += weights[i]! / total;
    if (point < cumulative) return i;
  }
  // Rounding can leave the last boundary a hair under 1.
  return weights.length - 1;
}

/** The arm index of `unitId` in test `testId` with these weights. */
export function assignArm(testId: string, unitId: string, weights: readonly number[]): number {
  return armAt(assignmentPoint(testId, unitId), weights);
}
