/**
 * Scoped API keys: a partner key that can only create and read renders; scopes
 * checked on every operation of the OpenAPI document (so a new route cannot
 * skip them) and on GraphQL fields; rate limits with 429 and the RateLimit
 * headers; revocation and expiry; only a hash stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from './helpers.js';

describe(`scoped API keys (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  const as = (key: string) => ({ 'x-api-key': key });

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  async function createKey(body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
    const r = await api(base, 'POST', '/keys', body);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return { id: r.body.key.id, secret: r.body.secret };
  }

  test('a partner key can create and read renders, and nothing else', async () => {
    const partner = await createKey({ name: 'partner CMS', scopes: ['renders:read', 'renders:write'] });
    assert.match(partner.secret, /^aqk_[A-Za-z0-9_-]{40,}$/);
    const created = await api(base, 'POST', '/render', { location: 'Partner' }, as(partner.secret));
    assert.equal(created.status, 202);
    assert.equal((await api(base, 'GET', `/render/${created.body.jobId}`, undefined, as(partner.secret))).status, 200);
    assert.equal((await api(base, 'GET', '/renders', undefined, as(partner.secret))).status, 200);
    const refused = await api(base, 'GET', '/webhooks', undefined, as(partner.secret));
    assert.equal(refused.status, 403);
    assert.match(refused.headers.get('content-type') ?? '', /problem\+json/);
    assert.deepEqual([refused.body.code, refused.body.requiredScope], ['insufficient_scope', 'webhooks:read']);
    assert.equal((await api(base, 'POST', '/keys', { name: 'x', scopes: ['admin'] }, as(partner.secret))).status, 403, 'only admin keys make keys');

    const gql = await api(base, 'POST', '/graphql', { query: 'mutation { createRender(input: { location: "G" }) { jobId } } ' }, as(partner.secret));
    assert.ok(gql.body.data.createRender.jobId);
    const hooks = await api(base, 'POST', '/graphql', { query: '{ webhooks { id } }' }, as(partner.secret));
    assert.equal(hooks.body.errors[0].extensions.code, 'insufficient_scope');
  });

  test('every operation of the OpenAPI document checks a scope', async () => {
    const weak = await createKey({ name: 'ping only', scopes: ['system:read'] });
    const doc = (await api(base, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
        if (Array.isArray(op.security) && !op.security.some((s) => typeof s === 'object' && s !== null && 'apiKey' in s)) continue; // public, or a secret of its own (the inbound trigger)
        if (path === '/graphql') continue; // checked per field, below
        if (path === '/dashboard/api/session') continue; // any signed-in caller: the dashboard's own session, checked below
        if (path === '/whoami') continue; // any valid key: checked in its own test
        const url = path.replace(/\{[^}]+\}/g, 'x_1');
        const r = await fetch(base + url, { method: method.toUpperCase(), headers: { 'x-api-key': weak.secret, 'content-type': 'application/json' }, body: method === 'get' ? undefined : '{}' });
        const body = (await r.json()) as { code: string };
        assert.equal(r.status, 403, `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`);
        assert.equal(body.code, 'insufficient_scope');
        checked += 1;
      }
    }
    assert.ok(checked > 20, `checked ${checked} operations`);
    const session = await api(base, 'GET', '/dashboard/api/session', undefined, as(weak.secret));
    assert.deepEqual([session.status, session.body.code], [401, 'unauthorized'], 'a key is not a dashboard session');
    const status = await api(base, 'POST', '/graphql', { query: '{ status { version } }' }, as(weak.secret));
    assert.equal(status.body.data.status.version, '2.1.0', 'system:read reads the status');
  });

  test('a key with a rate limit gets 429 with Retry-After and the RateLimit headers', async () => {
    const limited = await createKey({ name: 'tiny', scopes: ['renders:read'], rateLimitPerMinute: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api(base, 'GET', '/renders?limit=1', undefined, as(limited.secret)));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 429]);
    assert.equal(answers[0]!.headers.get('ratelimit-policy'), '"per-key";q=3;w=60');
    assert.match(answers[2]!.headers.get('ratelimit') ?? '', /^"per-key";r=0;t=\d+$/);
    assert.match(answers[3]!.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal(answers[3]!.body.code, 'rate_limited');
    assert.equal((await api(base, 'GET', '/renders?limit=1')).status, 200, 'the master key has no limit');
  });

  test('revoked and expired keys are refused; only a hash is stored', async () => {
    const k = await createKey({ name: 'short-lived', scopes: ['renders:read'], expiresAt: new Date(Date.now() + 1500).toISOString() });
    assert.equal((await api(base, 'GET', '/renders', undefined, as(k.secret))).status, 200);
    const rows = await svc.store.db.selectFrom('api_keys').selectAll().execute();
    assert.ok(rows.length > 0 && rows.every((r) => !JSON.stringify(r).includes(k.secret.slice(4))), 'the key is not stored');
    await new Promise((r) => setTimeout(r, 1700));
    assert.equal((await api(base, 'GET', '/renders', undefined, as(k.secret))).status, 401, 'expired');

    const r = await createKey({ name: 'to revoke', scopes: ['renders:read'] });
    assert.equal((await api(base, 'DELETE', `/keys/${r.id}`)).status, 204);
    assert.equal((await api(base, 'GET', '/renders', undefined, as(r.secret))).status, 401, 'revoked');
    const listed = await api(base, 'GET', '/keys?includeRevoked=true');
    assert.ok(listed.body.keys.find((x: { id: string; revokedAt: string | null }) => x.id === r.id).revokedAt);
    assert.ok(!JSON.stringify(listed.body).includes('secret'));
  });

  test('GET /whoami and the whoami query name the calling key; a wrong or revoked key is 401', async () => {
    const k = await createKey({ name: 'newsroom', scopes: ['renders:write', 'renders:read'], rateLimitPerMinute: 100 });
    const me = await api(base, 'GET', '/whoami', undefined, as(k.secret));
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.deepEqual(me.body, { keyId: k.id, name: 'newsroom', scopes: ['renders:read', 'renders:write'], rateLimitPerMinute: 100 });
    const master = await api(base, 'GET', '/whoami');
    assert.deepEqual(master.body, { keyId: null, name: 'master key', scopes: ['admin'], rateLimitPerMinute: null });
    const gql = await api(base, 'POST', '/graphql', { query: '{ whoami { keyId name scopes rateLimitPerMinute } }' }, as(k.secret));
    assert.deepEqual(gql.body.data.whoami, me.body);
    const wrong = await api(base, 'GET', '/whoami', undefined, as('aqk_not-a-key'));
    assert.deepEqual([wrong.status, wrong.body.code], [401, 'unauthorized']);
    assert.equal((await api(base, 'GET', '/ping', undefined, as('aqk_not-a-key'))).status, 200, 'ping stays public: it cannot check a key');
    assert.equal((await api(base, 'DELETE', `/keys/${k.id}`)).status, 204);
    assert.equal((await api(base, 'GET', '/whoami', undefined, as(k.secret))).status, 401, 'revoked');
  });

  test('keys can only be granted scopes that exist', async () => {
    const scopes = (await api(base, 'GET', '/keys/scopes')).body.scopes as string[];
    for (const s of ['admin', 'renders:read', 'renders:write', 'queue:write', 'webhooks:read', 'ingest:write']) assert.ok(scopes.includes(s), s);
    assert.ok(!scopes.includes('any'), 'routes open to any signed-in caller declare no grantable scope');
    assert.equal((await api(base, 'POST', '/keys', { name: 'x', scopes: ['any'] })).status, 400);
    const bad = await api(base, 'POST', '/keys', { name: 'x', scopes: ['renders:read', 'everything'] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].field, 'scopes');
    assert.equal((await api(base, 'POST', '/keys', { name: 'x', scopes: ['renders:read'], expiresAt: '2001-01-01T00:00:00Z' })).status, 400);
    assert.equal((await api(base, 'GET', '/keys', undefined, { 'x-api-key': TEST_API_KEY })).status, 200);
  });
});
