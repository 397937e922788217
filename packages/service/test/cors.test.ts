/**
 * CORS with a list of origins (CORS_ORIGINS): a listed origin is reflected on
 * every answer (success, 404, 401), with Vary: Origin; another origin gets no
 * Access-Control-Allow-Origin; preflights are answered without a key.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../src/server.js';
import { createTestEnv, STORE, startTestService, TEST_API_KEY, type TestEnv } from './helpers.js';

describe(`CORS with listed origins (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  const listed = 'https://dashboard.example';

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await startTestService(env, { CORS_ORIGINS: `https://other.example,${listed}` });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('a listed origin is reflected on answers and errors alike, another origin is not', async () => {
    for (const [path, key, status] of [['/templates', TEST_API_KEY, 200], ['/nowhere', TEST_API_KEY, 404], ['/templates', 'wrong-key-0123456789', 401]] as const) {
      const res = await fetch(`${svc.baseUrl}${path}`, { headers: { origin: listed, 'x-api-key': key } });
      assert.equal(res.status, status, path);
      assert.equal(res.headers.get('access-control-allow-origin'), listed, `${path} → ${status}`);
      assert.match(res.headers.get('vary') ?? '', /origin/i);
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /x-request-id/);
      assert.match(res.headers.get('x-request-id') ?? '', /^[\w-]{8,}$/, `${path} → ${status} names its request`);
      await res.arrayBuffer();
    }
    const stranger = await fetch(`${svc.baseUrl}/templates`, { headers: { origin: 'https://evil.example', 'x-api-key': TEST_API_KEY } });
    assert.equal(stranger.status, 200);
    assert.equal(stranger.headers.get('access-control-allow-origin'), null);
    assert.match(stranger.headers.get('vary') ?? '', /origin/i);
    const none = await fetch(`${svc.baseUrl}/templates`, { headers: { 'x-api-key': TEST_API_KEY } });
    assert.equal(none.headers.get('access-control-allow-origin'), null);
  });

  test('a preflight from a listed origin is answered without a key', async () => {
    const pre = await fetch(`${svc.baseUrl}/render`, { method: 'OPTIONS', headers: { origin: listed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key,content-type' } });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), listed);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-Api-Key/i);
    assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(pre.headers.get('x-request-id') ?? '', /^[\w-]{8,}$/, 'a preflight names its request too');
  });
});
