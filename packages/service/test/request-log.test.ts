/**
 * Request logs at the level operators choose: by default (LOG_LEVEL=info) an
 * answered request writes no log line; REQUEST_LOG_LEVEL=info writes exactly one
 * per request (method, route, status, time, request id), never the key.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, createTestEnv, spawnService, STORE, TEST_API_KEY, type ChildService, type TestEnv } from './helpers.js';

/** The JSON log lines a process wrote that mention `marker` (its request id). */
function linesFor(svc: ChildService, marker: string): Record<string, unknown>[] {
  return svc.output().split('\n').filter((l) => l.includes(marker)).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe(`request log (${STORE})`, () => {
  let env: TestEnv;
  const running: ChildService[] = [];

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0', LOG_LEVEL: 'info' });
  });
  after(async () => {
    for (const s of running) await s.stop();
    await env?.cleanup();
  });

  async function requestsOn(extra: Record<string, string>): Promise<{ svc: ChildService; ids: string[] }> {
    const svc = await spawnService('serve', { ...env.env, ...extra });
    running.push(svc);
    const ids = ['req-log-a', 'req-log-b', 'req-log-c'];
    assert.equal((await api(svc.baseUrl, 'GET', '/render/job_missing', undefined, { 'x-request-id': ids[0]! })).status, 404);
    assert.equal((await api(svc.baseUrl, 'GET', '/templates', undefined, { 'x-request-id': ids[1]! })).status, 200);
    assert.equal((await api(svc.baseUrl, 'POST', '/render', { location: 'Lima', pm25: 20 }, { 'x-request-id': ids[2]! })).status, 202);
    // The line is written after the answer: wait until the process had the chance to write it.
    await new Promise((r) => setTimeout(r, 300));
    return { svc, ids };
  }

  test('by default an answered request writes no log line', async () => {
    const { svc, ids } = await requestsOn({});
    for (const id of ids) assert.deepEqual(linesFor(svc, id), [], `lines for ${id}`);
  });

  test('REQUEST_LOG_LEVEL=info writes one line per request with its route, status and time, without the key', async () => {
    const { svc, ids } = await requestsOn({ REQUEST_LOG_LEVEL: 'info' });
    const seen = ids.map((id) => linesFor(svc, id));
    for (const lines of seen) assert.equal(lines.length, 1, JSON.stringify(lines));
    const [missing, templates, created] = seen.map((l) => l[0]!);
    assert.deepEqual([missing!.statusCode, missing!.route, missing!.method], [404, '/render/:id', 'GET']);
    assert.deepEqual([templates!.statusCode, created!.statusCode, created!.route], [200, 202, '/render']);
    assert.equal(created!.level, 30);
    assert.equal(typeof created!.responseTimeMs, 'number');
    assert.ok(!svc.output().includes(TEST_API_KEY), 'the key never reaches the log');
  });
});
