/**
 * Dashboard sessions over real HTTP: a key exchanged for an HttpOnly,
 * SameSite=Strict cookie; CSRF tokens on every change; the live job feed as
 * server-sent events; sign-out; a revoked key ends its sessions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from './helpers.js';

describe(`dashboard sessions (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  async function signIn(apiKey: string): Promise<{ cookie: string; csrf: string; setCookie: string }> {
    const r = await fetch(`${base}/dashboard/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey }) });
    assert.equal(r.status, 200);
    const setCookie = r.headers.get('set-cookie') ?? '';
    const body = (await r.json()) as { csrfToken: string };
    return { cookie: setCookie.split(';')[0]!, csrf: body.csrfToken, setCookie };
  }

  test('a key becomes an HttpOnly SameSite=Strict session; changes need the CSRF token', async () => {
    const s = await signIn(TEST_API_KEY);
    assert.match(s.setCookie, /^aqcast_session=[A-Za-z0-9_-]{40,};/);
    assert.match(s.setCookie, /HttpOnly/i);
    assert.match(s.setCookie, /SameSite=Strict/i);
    assert.ok(!s.setCookie.includes(TEST_API_KEY), 'the key is not in the cookie');

    const me = await fetch(`${base}/dashboard/api/session`, { headers: { cookie: s.cookie } });
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { csrfToken: string }).csrfToken, s.csrf);
    assert.equal((await fetch(`${base}/renders`, { headers: { cookie: s.cookie } })).status, 200, 'reads need only the cookie');

    const noToken = await fetch(`${base}/render`, { method: 'POST', headers: { cookie: s.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ location: 'Dash' }) });
    assert.equal(noToken.status, 403);
    assert.equal(((await noToken.json()) as { code: string }).code, 'csrf_failed');
    const wrong = await fetch(`${base}/render`, { method: 'POST', headers: { cookie: s.cookie, 'x-csrf-token': 'x'.repeat(s.csrf.length), 'content-type': 'application/json' }, body: JSON.stringify({ location: 'Dash' }) });
    assert.equal(wrong.status, 403);
    const ok = await fetch(`${base}/render`, { method: 'POST', headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' }, body: JSON.stringify({ location: 'Dash' }) });
    assert.equal(ok.status, 202);

    const out = await fetch(`${base}/dashboard/api/session`, { method: 'DELETE', headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });
    assert.equal(out.status, 204);
    assert.match(out.headers.get('set-cookie') ?? '', /aqcast_session=;/);
    assert.equal((await fetch(`${base}/renders`, { headers: { cookie: s.cookie } })).status, 401, 'signed out');
  });

  test('a wrong key is refused; a revoked key ends its sessions', async () => {
    const bad = await fetch(`${base}/dashboard/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey: 'aqk_nope' }) });
    assert.equal(bad.status, 401);
    const key = await api(base, 'POST', '/keys', { name: 'editor', scopes: ['renders:read'] });
    const s = await signIn(key.body.secret);
    assert.equal((await fetch(`${base}/renders`, { headers: { cookie: s.cookie } })).status, 200);
    assert.equal((await fetch(`${base}/webhooks`, { headers: { cookie: s.cookie } })).status, 403, 'the session has the key scopes');
    await api(base, 'DELETE', `/keys/${key.body.key.id}`);
    assert.equal((await fetch(`${base}/renders`, { headers: { cookie: s.cookie } })).status, 401);
  });

  test('the live feed sends each job change as a server-sent event', async () => {
    const s = await signIn(TEST_API_KEY);
    const ctrl = new AbortController();
    const res = await fetch(`${base}/dashboard/api/events`, { headers: { cookie: s.cookie }, signal: ctrl.signal });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    const created = await api(base, 'POST', '/render', { location: 'Live' });
    await api(base, 'POST', `/queue/${created.body.jobId}/cancel`);
    const reader = res.body!.getReader();
    let text = '';
    const deadline = Date.now() + 15_000;
    while (!text.includes('"status":"canceled"') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ctrl.abort();
    assert.match(text, new RegExp(`event: job\\nid: ${created.body.jobId}\\ndata: .*"status":"canceled"`));
  });

  test('/ leads to /dashboard, which serves the app (or says how to build it)', async () => {
    const root = await fetch(`${base}/`, { redirect: 'manual' });
    assert.equal(root.status, 302);
    assert.equal(root.headers.get('location'), '/dashboard');
    const page = await fetch(`${base}/dashboard/renders/some-id`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  });
});
