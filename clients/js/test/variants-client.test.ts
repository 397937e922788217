/**
 * client.variants against a live service on the store under test: the README's
 * two-arm flow (create, assign, track one event and batches, winner, conclude,
 * list), retries that never count twice, and refusals as typed errors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { balancedUnits, createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from '../../../packages/service/test/helpers.js';
import type { RunningService } from '../../../packages/service/src/server.js';
import { AqcastError, Client, type VariantEvent, type VariantTest } from '../src/index.js';

describe(`client.variants (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let client: Client;

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await startTestService(env);
    client = new Client({ baseUrl: svc.baseUrl, apiKey: TEST_API_KEY });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('a two-arm test end to end: create, assign, track, winner, conclude, list', async () => {
    const t: VariantTest = await client.variants.create({
      name: 'TS landscape vs portrait',
      goal: 'complete',
      base: { location: 'Bogotá', pm25: 44, language: 'es', resolution: '360p' },
      arms: [{ name: 'landscape' }, { name: 'portrait', overrides: { format: 'portrait' } }],
    });
    assert.deepEqual(
      t.arms.map((a) => [a.key, a.params.format]),
      [
        ['A', 'landscape'],
        ['B', 'portrait'],
      ],
    );
    // 150 viewers per arm, picked with the service's deterministic assignment: the
    // sample-ratio check (rightly) refuses a verdict on a lopsided split, which 300
    // random viewers give about once in a few thousand runs.
    const units = balancedUnits(t.id, 'ts', 150);
    const arms = new Map<string, string>();
    for (const u of units) {
      const a = await client.variants.assign(t.id, u);
      arms.set(a.unitId, a.arm);
    }
    assert.deepEqual([...arms.values()].filter((a) => a === 'A').length, 150);
    const events: VariantEvent[] = [];
    for (const [i, unitId] of units.entries()) {
      events.push({ unitId, type: 'view', eventId: `${unitId}-view` });
      if (i % 10 < (arms.get(unitId) === 'B' ? 7 : 3)) events.push({ unitId, type: 'complete', eventId: `${unitId}-done` });
    }
    for (let i = 0; i < events.length; i += 100) assert.equal((await client.variants.track(t.id, events.slice(i, i + 100))).counted, Math.min(100, events.length - i));
    assert.deepEqual(await client.variants.track(t.id, events[0]!), { received: 1, counted: 0, duplicates: 1 });
    // The same batch under the same Idempotency-Key replays the first answer.
    const share = { unitId: 'ts-1', type: 'share' } as const;
    const first = await client.variants.track(t.id, share, { idempotencyKey: `share-${t.id}` });
    const replay = await client.variants.track(t.id, share, { idempotencyKey: `share-${t.id}` });
    assert.deepEqual([first.counted, replay.counted], [1, 1]);
    assert.equal((await client.variants.get(t.id)).arms.find((a) => a.key === arms.get('ts-1'))!.events.share, 1);

    const result = await client.variants.winner(t.id);
    assert.equal(result.decision, 'winner', result.reasons.join('\n'));
    assert.equal(result.winner, 'B');
    assert.ok(result.arms[1]!.probabilityBest > 0.95);
    const concluded = await client.variants.conclude(t.id);
    assert.deepEqual(concluded.winner, { arm: 'B', decidedBy: 'statistics', concludedAt: concluded.concludedAt });
    assert.equal((await client.variants.assign(t.id, 'newcomer')).arm, 'B');
    const listed: string[] = [];
    for await (const x of client.variants.listAll({ status: 'concluded', limit: 1 })) listed.push(x.id);
    assert.ok(listed.includes(t.id));
    assert.ok((await client.variants.listTests({ status: ['running', 'concluded'] })).tests.some((x) => x.id === t.id));
  });

  test('refusals are AqcastErrors with status, code and the bad field', async () => {
    const t = await client.variants.create({ name: 'TS refusals', goal: 'click', base: { location: 'Quito' }, arms: [{}, { overrides: { language: 'en' } }] });
    await assert.rejects(client.variants.track(t.id, { unitId: 'stranger', type: 'view' }), (err: unknown) => {
      assert.ok(err instanceof AqcastError);
      assert.deepEqual([err.status, err.code], [400, 'validation_failed']);
      assert.equal((err.problem?.errors as { field: string }[])[0]!.field, 'events[0].unitId');
      return true;
    });
    await assert.rejects(client.variants.conclude(t.id), (err: unknown) => err instanceof AqcastError && err.status === 409 && err.code === 'invalid_state');
    await assert.rejects(client.variants.winner('var_nope'), (err: unknown) => err instanceof AqcastError && err.status === 404);
    assert.equal((await client.variants.conclude(t.id, { arm: 'B' })).winner?.arm, 'B');
  });
});
