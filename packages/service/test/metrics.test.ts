/** GET /metrics: Prometheus text, protected by the key (or on its own port), and moving after a render. */
import assert from 'node:assert/strict';
import { createServer as createNetServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, SMALL, startTestService, STORE, TEST_API_KEY, waitForJob, type TestEnv } from './helpers.js';

/** The value of one sample line, e.g. `aqcast_jobs{status="completed"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return null;
}

async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe(`metrics (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '1' });
    svc = await startTestService(env);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  const scrape = async () => {
    const r = await fetch(`${svc.baseUrl}/metrics`, { headers: { 'x-api-key': TEST_API_KEY } });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return r.text();
  };

  test('present, protected, and moving after a render', async () => {
    assert.equal((await fetch(`${svc.baseUrl}/metrics`)).status, 401);
    const before = await scrape();
    assert.ok(before.includes('# TYPE aqcast_http_request_duration_seconds histogram'));
    assert.ok(before.includes('aqcast_process_resident_memory_bytes'));
    assert.equal(sample(before, 'aqcast_render_duration_seconds_count', { template: 'daily-report', outcome: 'completed' }) ?? 0, 0);

    const job = await waitForJob(svc.baseUrl, (await api(svc.baseUrl, 'POST', '/render', { location: 'Metrics', pm25: 20, ...SMALL })).body.jobId);
    assert.equal(job.status, 'completed');
    await api(svc.baseUrl, 'GET', `/render/${job.jobId}`);
    const after = await scrape();
    assert.equal(sample(after, 'aqcast_render_duration_seconds_count', { template: 'daily-report', outcome: 'completed' }), 1);
    assert.equal(sample(after, 'aqcast_queue_wait_seconds_count', { template: 'daily-report' }), 1);
    assert.equal(sample(after, 'aqcast_jobs', { status: 'completed' }), 1);
    assert.ok((sample(after, 'aqcast_http_request_duration_seconds_count', { method: 'GET', route: '/render/:id', status_code: '200' }) ?? 0) >= 1);
    assert.equal(sample(after, 'aqcast_renders_in_flight', { worker: `${'x'}` }) ?? 0, 0);

    const key = await api(svc.baseUrl, 'POST', '/keys', { name: 'renders only', scopes: ['renders:read'] });
    const refused = await fetch(`${svc.baseUrl}/metrics`, { headers: { 'x-api-key': key.body.secret } });
    assert.equal(refused.status, 403);
    const scraper = await api(svc.baseUrl, 'POST', '/keys', { name: 'prometheus', scopes: ['metrics:read'] });
    assert.equal((await fetch(`${svc.baseUrl}/metrics`, { headers: { 'x-api-key': scraper.body.secret } })).status, 200);
  });

  test('METRICS_PORT serves them on their own listener, without a key', async () => {
    const env2 = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    const port = await freePort();
    const other = await startTestService(env2, { METRICS_PORT: String(port) });
    try {
      const r = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(r.status, 200);
      assert.ok((await r.text()).includes('aqcast_jobs'));
      assert.equal((await fetch(`${other.baseUrl}/metrics`, { headers: { 'x-api-key': TEST_API_KEY } })).status, 404, 'not on the API port then');
    } finally {
      await other.stop();
      await env2.cleanup();
    }
  });
});
