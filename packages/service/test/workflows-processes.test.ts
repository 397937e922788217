/**
 * Workflows across real processes sharing one store: a schedule fires once per
 * slot however many aqcast processes run, and a run whose process is killed in
 * the middle of a fetch is finished by another process once the lease expires.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startAirSources, type AirSources } from './air-sources.js';
import { api, createTestEnv, spawnService, STORE, until, type ChildService, type TestEnv } from './helpers.js';

describe(`workflows in several processes (${STORE})`, () => {
  let env: TestEnv;
  let src: AirSources;
  const children: ChildService[] = [];

  before(async () => {
    src = await startAirSources();
    env = await createTestEnv({ ...src.env(), WORKFLOW_POLL_MS: '100', WORKFLOW_LEASE_SECONDS: '2', SOURCE_RETRIES: '0' });
  });
  after(async () => {
    for (const c of children) await c.stop('SIGKILL');
    await env?.cleanup();
    await src?.close();
  });

  const start = async (extra: Record<string, string>) => {
    const c = await spawnService('serve', { ...env.env, ...extra });
    children.push(c);
    return c;
  };

  test('a schedule fires exactly once per slot with two processes', async (t) => {
    t.after(() => Promise.all(children.map((c) => c.stop('SIGKILL'))));
    const a = await start({ WORKER_CONCURRENCY: '0' });
    const b = await start({ WORKER_CONCURRENCY: '0' });
    const created = await api(a.baseUrl, 'POST', '/workflows', {
      name: 'Every two seconds',
      trigger: { type: 'schedule', cron: '*/2 * * * * *', timezone: 'UTC', catchUp: 'none' },
      locations: [{ name: 'Lima', latitude: -12.05, longitude: -77.04 }],
      steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'condition', when: 'aqi_at_least', category: 'hazardous' }, { type: 'render' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.workflow.id;
    const runs = await until(async () => {
      const r = await api(b.baseUrl, 'GET', `/workflows/${id}/runs?limit=500`);
      return r.body.runs.length >= 6 ? r.body.runs : null;
    }, 'six slots', 120_000);
    assert.equal((await api(b.baseUrl, 'PATCH', `/workflows/${id}`, { enabled: false })).status, 200);
    const all = (await api(a.baseUrl, 'GET', `/workflows/${id}/runs?limit=500`)).body.runs as { slot: string; trigger: string; status: string }[];
    assert.ok(all.length >= runs.length);
    const slots = all.map((r) => Date.parse(r.slot)).sort((x, y) => x - y);
    assert.equal(new Set(slots).size, slots.length, 'one run per slot');
    assert.ok(slots.every((s) => s % 2000 === 0), 'every run is for a slot of the expression');
    for (let i = 1; i < slots.length; i++) assert.equal(slots[i]! - slots[i - 1]!, 2000, `no slot skipped or doubled between ${new Date(slots[i - 1]!).toISOString()} and ${new Date(slots[i]!).toISOString()}`);
    assert.ok(all.every((r) => r.trigger === 'schedule'));
    const done = await until(async () => {
      const r = (await api(a.baseUrl, 'GET', `/workflows/${id}/runs?limit=500`)).body.runs as { status: string }[];
      return r.every((x) => x.status === 'skipped') ? r : null;
    }, 'every run to end');
    assert.equal(done.length, all.length);
    await Promise.all([a.stop(), b.stop()]);
    for (const c of [a, b]) assert.doesNotMatch(c.output(), /"level":(50|60)/, 'no errors logged');
  });

  test('a process killed in the middle of a run: another finishes it', async () => {
    const a = await start({ WORKER_CONCURRENCY: '0' });
    const created = await api(a.baseUrl, 'POST', '/workflows', {
      name: 'Survives restarts',
      locations: [{ name: 'Santiago', latitude: -33.45, longitude: -70.66 }],
      steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', resolution: '360p', formats: ['square'] }, { type: 'notify' }],
    });
    const id = created.body.workflow.id;
    src.hang(1);
    const seen = src.requests.length;
    const run = (await api(a.baseUrl, 'POST', `/workflows/${id}/run`, {})).body;
    await until(() => src.requests.slice(seen).some((r) => r.path === '/v1/air-quality'), 'the fetch to reach the source');
    await a.stop('SIGKILL');
    src.release();
    const b = await start({ WORKER_CONCURRENCY: '1' });
    const ended = await until(async () => {
      const r = await api(b.baseUrl, 'GET', `/workflow-runs/${run.runId}`);
      return ['queued', 'running'].includes(r.body.status) ? null : r.body;
    }, 'the run to end in the new process', 180_000);
    assert.equal(ended.status, 'completed', JSON.stringify(ended.items?.[0]?.steps));
    const fetch = ended.items[0].steps[0];
    assert.equal(fetch.attempts, 2, 'the fetch ran again in the new process');
    assert.equal(fetch.status, 'completed');
    assert.equal(ended.jobs.length, 1);
    assert.equal(ended.jobs[0].status, 'completed');
    assert.equal(src.requests.slice(seen).filter((r) => r.path === '/v1/air-quality').length, 2);
    await b.stop();
  });
});
