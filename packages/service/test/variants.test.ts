/**
 * Variant tests through the API, on the store under test: a two-arm test end to
 * end (real renders, assignment, tracking, the winner, conclusion), validation
 * that names each bad field and writes nothing, deterministic assignment across
 * processes, tracking that counts each event once under concurrent retries from
 * two processes, the workflow hook, lists and GraphQL.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { parseRenderParams } from '../src/core/render-params.js';
import { assignArm } from '../src/modules/variants/assignment.js';
import { analyze } from '../src/modules/variants/statistics.js';
import type { RunningService } from '../src/server.js';
import { api, balancedUnits, createTestEnv, spawnService, startTestService, STORE, until, type ChildService, type TestEnv } from './helpers.js';

const BASE = { location: 'Santiago', pm25: 87.4, no2: 42, language: 'es', resolution: '360p' } as const;
const TWO_ARMS = { name: 'Landscape vs portrait', goal: 'complete', base: BASE, arms: [{ name: 'landscape' }, { name: 'portrait', overrides: { format: 'portrait' } }] };

describe(`variants (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let child: ChildService | null = null;
  let receiver: Server;
  let receiverUrl: string;
  const delivered: { type: string; data: Record<string, unknown> }[] = [];

  before(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString()));
      req.on('end', () => {
        delivered.push(JSON.parse(text) as (typeof delivered)[number]);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    env = await createTestEnv({ WORKER_CONCURRENCY: '0', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await child?.stop();
    await svc?.stop();
    await env?.cleanup();
    receiver?.close();
  });

  const rows = async (table: 'variant_tests' | 'variant_units' | 'variant_events' | 'jobs') =>
    Number((await svc.store.db.selectFrom(table).select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const create = async (body: unknown = TWO_ARMS) => {
    const r = await api(base, 'POST', '/variants', body);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body;
  };
  const assignAll = async (id: string, units: string[], url = base) => {
    const out = new Map<string, string>();
    for (let i = 0; i < units.length; i += 25) {
      const answers = await Promise.all(units.slice(i, i + 25).map((u) => api(url, 'POST', `/variants/${id}/assign`, { unitId: u })));
      for (const a of answers) {
        assert.equal(a.status, 200, JSON.stringify(a.body));
        out.set(a.body.unitId, a.body.arm);
      }
    }
    return out;
  };
  const child2 = async () => (child ??= await spawnService('serve', env.env));

  test('a two-arm test end to end: both arms rendered, each unit sees its arm’s video, a winner, conclusion', async () => {
    assert.equal((await api(base, 'POST', '/webhooks', { url: receiverUrl, events: ['variant.concluded'] })).status, 201);
    const created = await create();
    assert.equal(created.status, 'running');
    assert.deepEqual(
      created.arms.map((a: { key: string; jobStatus: string; share: number }) => [a.key, a.jobStatus, a.share]),
      [
        ['A', 'queued', 0.5],
        ['B', 'queued', 0.5],
      ],
    );
    assert.equal(created.arms[1].params.format, 'portrait');
    assert.equal(created.arms[0].params.format, 'landscape');
    assert.deepEqual(created.arms[1].overrides, { format: 'portrait' });

    // A worker in this process renders the two arms.
    const worker = await startTestService(env, { WORKER_CONCURRENCY: '1' }, { http: false });
    try {
      await until(async () => (await api(base, 'GET', `/variants/${created.id}`)).body.arms.every((a: { jobStatus: string }) => a.jobStatus === 'completed'), 'both arms rendered', 300_000);
    } finally {
      await worker.stop();
    }
    const test = (await api(base, 'GET', `/variants/${created.id}`)).body;
    const portraitJob = (await api(base, 'GET', `/render/${test.arms[1].jobId}`)).body;
    assert.ok(portraitJob.output.height > portraitJob.output.width, 'arm B is a portrait video');

    const first = await api(base, 'POST', `/variants/${created.id}/assign`, { unitId: 'viewer-1' });
    assert.equal(first.body.firstAssignment, true);
    const arm = test.arms.find((a: { key: string }) => a.key === first.body.arm);
    assert.equal(first.body.videoUrl, arm.videoUrl);
    const video = await fetch(first.body.videoUrl);
    assert.equal(video.headers.get('content-type'), 'video/mp4');
    await video.body?.cancel();
    const again = await api(base, 'POST', `/variants/${created.id}/assign`, { unitId: 'viewer-1' });
    assert.deepEqual([again.body.arm, again.body.firstAssignment], [first.body.arm, false]);

    // 400 viewers, 200 per arm (picked with the deterministic assignment, so the sample-ratio
    // check cannot fire by chance); B's video is completed by 6 in 10 of its viewers, A's by 3 in 10.
    const units = balancedUnits(created.id, 'unit', 200);
    const arms = await assignAll(created.id, units);
    const events = units.flatMap((u) => [
      { unitId: u, type: 'impression', eventId: `${u}-imp` },
      { unitId: u, type: 'view', eventId: `${u}-view` },
      ...(Number(u.slice(5)) % 10 < (arms.get(u) === 'B' ? 6 : 3) ? [{ unitId: u, type: 'complete', eventId: `${u}-done` }] : []),
    ]);
    for (let i = 0; i < events.length; i += 100) {
      const r = await api(base, 'POST', `/variants/${created.id}/track`, { events: events.slice(i, i + 100) });
      assert.deepEqual(r.body, { received: Math.min(100, events.length - i), counted: Math.min(100, events.length - i), duplicates: 0 });
    }
    const expected = ['A', 'B'].map((key) => {
      const mine = units.filter((u) => arms.get(u) === key);
      return { key, weight: 1, exposures: mine.length, conversions: mine.filter((u) => Number(u.slice(5)) % 10 < (key === 'B' ? 6 : 3)).length };
    });
    const result = (await api(base, 'GET', `/variants/${created.id}/winner`)).body;
    assert.deepEqual(
      result.arms.map((a: { key: string; exposures: number; conversions: number }) => [a.key, a.exposures, a.conversions]),
      expected.map((a) => [a.key, a.exposures, a.conversions]),
    );
    const independent = analyze(expected);
    assert.equal(result.decision, 'winner', result.reasons.join('\n'));
    assert.equal(result.winner, 'B');
    assert.equal(result.arms[1].probabilityBest, independent.arms[1]!.probabilityBest);
    assert.equal(result.frozen, false);
    const recount = await svc.services.variants.rows.recount(created.id);
    assert.deepEqual(
      recount.arms.map((a) => [a.arm, a.exposures, a.conversions]).sort(),
      expected.map((a) => [a.key, a.exposures, a.conversions]),
      'the counters equal a recount of the stored units with SQL aggregates',
    );

    const concluded = await fetch(`${base}/variants/${created.id}/conclude`, { method: 'POST', headers: { 'x-api-key': env.env.AQCAST_API_KEY! } });
    const body = (await concluded.json()) as { status: string; winner: { arm: string; decidedBy: string } };
    assert.equal(concluded.status, 200, JSON.stringify(body));
    assert.deepEqual([body.status, body.winner.arm, body.winner.decidedBy], ['concluded', 'B', 'statistics']);
    const event = await until(() => delivered.find((e) => e.type === 'variant.concluded' && e.data.testId === created.id), 'the variant.concluded webhook');
    assert.deepEqual([event.data.arm, event.data.decidedBy, event.data.template, event.data.overrides, event.data.videoUrl], ['B', 'statistics', 'daily-report', { format: 'portrait' }, test.arms[1].videoUrl]);

    const late = await api(base, 'POST', `/variants/${created.id}/assign`, { unitId: 'late-viewer' });
    assert.deepEqual([late.body.arm, late.body.concluded, late.body.videoUrl], ['B', true, test.arms[1].videoUrl]);
    const tooLate = await api(base, 'POST', `/variants/${created.id}/track`, { events: [{ unitId: 'unit-1', type: 'complete' }] });
    assert.deepEqual([tooLate.status, tooLate.body.code], [409, 'invalid_state']);
    const frozen = (await api(base, 'GET', `/variants/${created.id}/winner`)).body;
    assert.deepEqual([frozen.frozen, frozen.decision, frozen.winner, frozen.arms], [true, 'winner', 'B', result.arms]);
    assert.equal((await api(base, 'POST', `/variants/${created.id}/conclude`, {})).status, 409);
  });

  test('create names each bad field and writes nothing', async () => {
    const before = [await rows('variant_tests'), await rows('jobs')];
    const cases: [unknown, string, string?][] = [
      [{ ...TWO_ARMS, base: undefined }, 'base'],
      [{ ...TWO_ARMS, arms: [{ key: 'X' }, { key: 'X' }] }, 'arms[1].key'],
      [{ ...TWO_ARMS, arms: [{}, { template: 'no-such-template' }] }, 'arms[1].template', 'unknown_template'],
      [{ ...TWO_ARMS, arms: [{}, { overrides: { format: 'round' } }] }, 'arms[1].overrides.format'],
      [{ ...TWO_ARMS, arms: [{}, { overrides: { pm25: -3 } }] }, 'arms[1].overrides.pm25'],
      [{ ...TWO_ARMS, arms: [{}, { overrides: { location: 'Elsewhere' } }] }, 'arms[1].overrides.location'],
      [{ ...TWO_ARMS, goal: 'view' }, 'goal'],
      [{ ...TWO_ARMS, goal: 'Not An Event' }, 'goal'],
      [{ ...TWO_ARMS, arms: [{ weight: 3 }, {}] }, 'arms[1].weight'],
      [{ ...TWO_ARMS, arms: [{ weight: 0 }, { weight: 1 }] }, 'arms[0].weight'],
      [{ ...TWO_ARMS, arms: [{ jobId: 'job_missing' }, {}] }, 'arms[0].jobId'],
      [{ ...TWO_ARMS, arms: [{ jobId: 'job_missing', overrides: { format: 'square' } }, {}] }, 'arms[0].jobId'],
      [{ ...TWO_ARMS, arms: [{}] }, 'arms'],
      [{ ...TWO_ARMS, rules: { minProbabilityBest: 1.5 } }, 'rules.minProbabilityBest'],
      [{ ...TWO_ARMS, rules: { maxRelativeLoss: 0 } }, 'rules.maxRelativeLoss'],
    ];
    for (const [body, field, code = 'validation_failed'] of cases) {
      const r = await api(base, 'POST', '/variants', body);
      assert.equal(r.status, 400, `${field}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.code, code, field);
      assert.ok(
        r.body.errors.some((e: { field: string }) => e.field === field),
        `${field} named in ${JSON.stringify(r.body.errors)}`,
      );
    }
    assert.deepEqual([await rows('variant_tests'), await rows('jobs')], before);
  });

  test('arms can link existing render jobs instead of rendering', async () => {
    const a = (await api(base, 'POST', '/render', { location: 'Lima', pm25: 31, resolution: '360p' })).body;
    const b = (await api(base, 'POST', '/render', { location: 'Lima', pm25: 31, language: 'en', resolution: '360p' })).body;
    const jobs = await rows('jobs');
    const t = await create({ name: 'Spanish vs English', goal: 'click', arms: [{ jobId: a.jobId }, { jobId: b.jobId }] });
    assert.deepEqual(
      t.arms.map((x: { jobId: string; params: { language: string } }) => [x.jobId, x.params.language]),
      [
        [a.jobId, 'es'],
        [b.jobId, 'en'],
      ],
    );
    assert.equal(t.base, null);
    assert.equal(await rows('jobs'), jobs, 'no new render');
  });

  test('assignment is a hash of test and unit against the weights: the same in another process, recorded once', async () => {
    const t = await create({ ...TWO_ARMS, arms: [{ weight: 30 }, { weight: 70, overrides: { format: 'square' } }] });
    const units = Array.from({ length: 60 }, (_, i) => `device-${i}`);
    const here = await assignAll(t.id, units);
    for (const u of units) assert.equal(here.get(u), ['A', 'B'][assignArm(t.id, u, [30, 70])], u);
    const other = await child2();
    const there = await assignAll(t.id, [...units, 'device-new'], other.baseUrl);
    for (const u of units) assert.equal(there.get(u), here.get(u), `${u} in another process`);
    assert.equal(there.get('device-new'), ['A', 'B'][assignArm(t.id, 'device-new', [30, 70])]);
    const after = (await api(base, 'GET', `/variants/${t.id}`)).body;
    assert.equal(
      after.arms.reduce((s: number, a: { assigned: number }) => s + a.assigned, 0),
      61,
      'each unit is recorded once, whichever process saw it',
    );
  });

  test('tracking refuses unassigned units, unknown types and arms, and concluded tests, all or nothing', async () => {
    const t = await create({ ...TWO_ARMS, goal: 'signup' });
    const armOf = await assignAll(t.id, ['u1', 'u2']);
    const wrong = armOf.get('u1') === 'A' ? 'B' : 'A';
    const events = await rows('variant_events');
    const bad: [unknown[], string, number?][] = [
      [[{ unitId: 'u1', type: 'view' }, { unitId: 'stranger', type: 'view' }], 'events[1].unitId'],
      [[{ unitId: 'u1', type: 'purchase' }], 'events[0].type'],
      [[{ unitId: 'u1', type: 'view', arm: 'Z' }], 'events[0].arm'],
      [[{ unitId: 'u1', type: 'view', arm: wrong }], 'events[0].arm'],
      [[{ unitId: 'u1', type: 'View' }], 'events[0].type'],
      [[], 'events'],
      [Array.from({ length: 1001 }, () => ({ unitId: 'u1', type: 'view' })), 'events'],
    ];
    for (const [list, field] of bad) {
      const r = await api(base, 'POST', `/variants/${t.id}/track`, { events: list });
      assert.equal(r.status, 400, `${field}: ${JSON.stringify(r.body).slice(0, 300)}`);
      assert.ok(
        r.body.errors.some((e: { field: string }) => e.field === field),
        `${field} named in ${JSON.stringify(r.body.errors)}`,
      );
    }
    assert.equal(await rows('variant_events'), events, 'a refused batch writes nothing');
    assert.equal((await api(base, 'POST', '/variants/var_missing/track', { events: [{ unitId: 'u1', type: 'view' }] })).status, 404);
    const ok = await api(base, 'POST', `/variants/${t.id}/track`, { events: [{ unitId: 'u1', type: 'view', arm: armOf.get('u1') }, { unitId: 'u1', type: 'signup' }, { unitId: 'u2', type: 'share' }] });
    assert.deepEqual(ok.body, { received: 3, counted: 3, duplicates: 0 });
    const counted = (await api(base, 'GET', `/variants/${t.id}`)).body.arms.find((a: { key: string }) => a.key === armOf.get('u1'));
    assert.deepEqual([counted.exposures, counted.conversions, counted.events.signup, counted.events.view], [1, 1, 1, 1]);
    await api(base, 'POST', `/variants/${t.id}/conclude`, { arm: 'A' });
    const late = await api(base, 'POST', `/variants/${t.id}/track`, { events: [{ unitId: 'u2', type: 'view' }] });
    assert.deepEqual([late.status, late.body.code], [409, 'invalid_state']);
  });

  test('concurrent retries from two processes count each event once', async () => {
    const t = await create();
    const units = Array.from({ length: 150 }, (_, i) => `r-${i}`);
    const arms = await assignAll(t.id, units);
    const events = units.flatMap((u, i) => [{ unitId: u, type: 'view', eventId: `${u}:view` }, ...(i % 3 === 0 ? [{ unitId: u, type: 'complete', eventId: `${u}:done` }] : [])]);
    // The same batch six times at once, half to another process, plus overlapping halves and an in-batch repeat.
    const other = await child2();
    const half = Math.floor(events.length / 2);
    const sends = [
      ...Array.from({ length: 6 }, (_, i) => [i % 2 ? other.baseUrl : base, events] as const),
      [base, events.slice(0, half + 20)] as const,
      [other.baseUrl, events.slice(half - 20)] as const,
      [base, [...events.slice(0, 10), ...events.slice(0, 10)]] as const,
    ];
    const answers = await Promise.all(sends.map(([url, list]) => api(url, 'POST', `/variants/${t.id}/track`, { events: list })));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.equal(
      answers.reduce((s, a) => s + a.body.counted, 0),
      events.length,
      'every event was counted by exactly one request',
    );
    const expected = ['A', 'B'].map((k) => [k, units.filter((u) => arms.get(u) === k).length, units.filter((u, i) => arms.get(u) === k && i % 3 === 0).length]);
    const view = (await api(base, 'GET', `/variants/${t.id}`)).body;
    assert.deepEqual(
      view.arms.map((a: { key: string; exposures: number; conversions: number }) => [a.key, a.exposures, a.conversions]),
      expected,
    );
    assert.equal(view.events, events.length);
    const recount = await svc.services.variants.rows.recount(t.id);
    assert.deepEqual(recount.arms.map((a) => [a.arm, a.exposures, a.conversions]).sort(), expected);
    assert.equal(
      recount.events.reduce((s, e) => s + e.events, 0),
      events.length,
    );
  });

  test('the workflow hook: winnerFor gives the winning arm’s template and overrides once concluded', async () => {
    const workflowId = `wf_${STORE}_daily`;
    const first = await create({ ...TWO_ARMS, workflowId });
    assert.equal(await svc.services.variants.winnerFor(workflowId), null, 'nothing while the test runs');
    assert.ok((await svc.services.variants.runningTests()).some((r) => r.id === first.id && r.arms === 2));
    const noWinner = await api(base, 'POST', `/variants/${first.id}/conclude`, {});
    assert.equal(noWinner.status, 409);
    assert.equal(noWinner.body.decision, 'insufficient_data');
    assert.ok(noWinner.body.reasons.length > 0);
    assert.equal((await api(base, 'POST', `/variants/${first.id}/conclude`, { arm: 'C' })).status, 400);
    await api(base, 'POST', `/variants/${first.id}/conclude`, { arm: 'B' });
    const winner = await svc.services.variants.winnerFor(workflowId);
    assert.deepEqual([winner?.testId, winner?.arm, winner?.decidedBy, winner?.template, winner?.overrides], [first.id, 'B', 'manual', 'daily-report', { format: 'portrait' }]);
    assert.ok(!(await svc.services.variants.runningTests()).some((r) => r.id === first.id));
    // What the workflow does with it: its own parameters with the winning arm's overrides on top.
    const workflowParams = { location: 'Valparaíso', pm25: 20, language: 'es' };
    assert.equal(parseRenderParams({ ...workflowParams, ...winner!.overrides }).format, 'portrait');

    // A later test of the same workflow replaces the earlier winner.
    const second = await create({ ...TWO_ARMS, workflowId, arms: [{}, { overrides: { language: 'en' } }] });
    await api(base, 'POST', `/variants/${second.id}/conclude`, { arm: 'A' });
    const latest = await svc.services.variants.winnerFor(workflowId);
    assert.deepEqual([latest?.testId, latest?.arm, latest?.overrides], [second.id, 'A', {}]);
    assert.equal(await svc.services.variants.winnerFor('wf_other'), null);
  });

  test('GET /variants filters by status and workflow, newest first, in pages', async () => {
    const workflowId = `wf_list_${STORE}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create({ ...TWO_ARMS, name: `list ${i}`, workflowId }));
    await api(base, 'POST', `/variants/${made[0].id}/conclude`, { arm: 'A' });
    const page1 = await api(base, 'GET', `/variants?workflowId=${workflowId}&limit=2`);
    assert.deepEqual(
      page1.body.tests.map((t: { name: string }) => t.name),
      ['list 2', 'list 1'],
    );
    const page2 = await api(base, 'GET', `/variants?workflowId=${workflowId}&limit=2&cursor=${page1.body.nextCursor}`);
    assert.deepEqual([page2.body.tests.map((t: { name: string }) => t.name), page2.body.nextCursor], [['list 0'], null]);
    const concluded = await api(base, 'GET', `/variants?workflowId=${workflowId}&status=concluded`);
    assert.deepEqual(
      concluded.body.tests.map((t: { id: string }) => t.id),
      [made[0].id],
    );
    assert.equal((await api(base, 'GET', `/variants?workflowId=${workflowId}&status=running,concluded`)).body.tests.length, 3);
    for (const q of ['status=paused', 'cursor=bm9wZQ', 'limit=0']) {
      const r = await api(base, 'GET', `/variants?${q}`);
      assert.equal(r.status, 400, q);
    }
    assert.equal((await api(base, 'GET', '/variants/var_nope')).status, 404);
    assert.equal((await api(base, 'GET', '/variants/var_nope/winner')).status, 404);
  });

  test('GraphQL: create, assign, track, winner, conclude and list, validated like REST', async () => {
    const gql = async (query: string, variables?: Record<string, unknown>) => (await api(base, 'POST', '/graphql', { query, variables })).body;
    const made = await gql(
      `mutation ($input: VariantTestInput!) { createVariantTest(input: $input) { id status control arms { key share template params } } }`,
      { input: { name: 'GraphQL test', goal: 'click', base: { location: 'Quito', pm25: 12 }, arms: [{ key: 'es', weight: 1 }, { key: 'pt', overrides: { language: 'pt' }, weight: 1 }, { key: 'en', overrides: { language: 'en' }, weight: 2 }] } },
    );
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    const t = made.data.createVariantTest;
    assert.deepEqual(
      t.arms.map((a: { key: string; share: number; params: { language: string } }) => [a.key, a.share, a.params.language]),
      [
        ['es', 0.25, 'es'],
        ['pt', 0.25, 'pt'],
        ['en', 0.5, 'en'],
      ],
    );
    const assigned = await gql(`mutation { assignVariant(id: "${t.id}", unitId: "gql-1") { arm firstAssignment concluded } }`);
    assert.equal(assigned.data.assignVariant.arm, ['es', 'pt', 'en'][assignArm(t.id, 'gql-1', [1, 1, 2])]);
    const tracked = await gql(`mutation ($e: [VariantEventInput!]!) { trackVariantEvents(id: "${t.id}", events: $e) { received counted duplicates } }`, {
      e: [
        { unitId: 'gql-1', type: 'view', eventId: 'g1' },
        { unitId: 'gql-1', type: 'click', eventId: 'g2' },
        { unitId: 'gql-1', type: 'click', eventId: 'g2' },
      ],
    });
    assert.deepEqual(tracked.data.trackVariantEvents, { received: 3, counted: 2, duplicates: 1 });
    const refused = await gql(`mutation { trackVariantEvents(id: "${t.id}", events: [{ unitId: "nobody", type: "view" }]) { counted } }`);
    assert.equal(refused.errors[0].extensions.code, 'validation_failed');
    assert.equal(refused.errors[0].extensions.errors[0].field, 'events[0].unitId');
    const badInput = await gql(`mutation { createVariantTest(input: { name: "x", goal: "click", arms: [{}, {}] }) { id } }`);
    assert.equal(badInput.errors[0].extensions.errors[0].field, 'base');
    const winner = await gql(`{ variantWinner(id: "${t.id}") { decision method srm { degreesOfFreedom } arms { key exposures conversions probabilityBest interval { low high } } } }`);
    assert.deepEqual([winner.data.variantWinner.decision, winner.data.variantWinner.method, winner.data.variantWinner.srm.degreesOfFreedom], ['insufficient_data', 'quadrature', 2]);
    const concluded = await gql(`mutation { concludeVariantTest(id: "${t.id}", arm: "en") { status winner { arm decidedBy } } }`);
    assert.deepEqual(concluded.data.concludeVariantTest, { status: 'concluded', winner: { arm: 'en', decidedBy: 'manual' } });
    const listed = await gql(`{ variantTests(status: [concluded], limit: 500) { tests { id } nextCursor } variantTest(id: "${t.id}") { status } }`);
    assert.ok(listed.data.variantTests.tests.some((x: { id: string }) => x.id === t.id));
    assert.equal(listed.data.variantTest.status, 'concluded');
  });
});
