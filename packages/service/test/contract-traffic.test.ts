/**
 * The service's answers match its own OpenAPI document, as a validating proxy in
 * front of it would see them: the main flows (render, poll, download; contexts,
 * webhooks, workflows, brands, keys) and the errors a client meets (400, 401,
 * 403, 404, 409, 412, 415, 429), each answer checked for a declared status, a
 * body matching its schema and declared headers (openapi-responses.ts). Both the
 * test's own requests and the TypeScript client's go through the same check.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client } from '@aqcast/client';
import type { RunningService } from '../src/server.js';
import { createTestEnv, SMALL, TEST_API_KEY, type TestEnv, startTestService } from './helpers.js';
import { responseValidator, type ResponseValidator } from './openapi-responses.js';

let env: TestEnv;
let svc: RunningService;
let base: string;
let validator: ResponseValidator;
const violations: string[] = [];

before(async () => {
  env = await createTestEnv({ OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' });
  svc = await startTestService(env, { WORKER_CONCURRENCY: '1' });
  base = svc.baseUrl;
  validator = responseValidator((await (await fetch(`${base}/openapi.json`)).json()) as Record<string, unknown>);
});
after(async () => {
  await svc?.stop();
  await env?.cleanup();
});

/** fetch, with every answer checked against the document. */
const checkedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const res = await fetch(request);
  const body = await res.clone().text();
  const url = new URL(request.url);
  violations.push(...validator.check({ method: request.method, url: url.pathname + url.search, status: res.status, headers: res.headers, body }));
  return res;
};

interface Answer { status: number; headers: Headers; body: any }

/** One request through the check: JSON in (unless a string body and content-type are given), the parsed answer out. */
async function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; key?: string | null } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.key === null ? {} : { 'x-api-key': opts.key ?? TEST_API_KEY }), ...opts.headers };
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await checkedFetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  // No flow here should meet a server error: say which request did, with its answer.
  if (res.status >= 500) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 500)}`);
  return { status: res.status, headers: res.headers, body: parsed };
}

async function until<T>(fn: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('render → poll → download, and the job list, match the document', async () => {
  const created = await call('POST', '/render', { body: { location: 'Santiago', pm25: 87.4, no2: 42, language: 'es', ...SMALL }, headers: { 'idempotency-key': 'contract-render-1' } });
  assert.equal(created.status, 202);
  const replay = await call('POST', '/render', { body: { location: 'Santiago', pm25: 87.4, no2: 42, language: 'es', ...SMALL }, headers: { 'idempotency-key': 'contract-render-1' } });
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  const conflict = await call('POST', '/render', { body: { location: 'Lima', pm25: 1, ...SMALL }, headers: { 'idempotency-key': 'contract-render-1' } });
  assert.equal(conflict.status, 409);
  const job = await until(async () => {
    const r = await call('GET', `/render/${created.body.jobId}`);
    return ['completed', 'failed', 'canceled'].includes(r.body.status) ? r.body : undefined;
  }, 'the render');
  assert.equal(job.status, 'completed', JSON.stringify(job.error));
  const video = new URL(job.videoUrl).pathname;
  const whole = await call('GET', video, { key: null });
  assert.equal(whole.status, 200);
  assert.equal((await call('GET', video, { key: null, headers: { range: 'bytes=0-99' } })).status, 206);
  assert.equal((await call('GET', video, { key: null, headers: { 'if-none-match': whole.headers.get('etag')! } })).status, 304);
  assert.equal((await call('HEAD', video, { key: null })).status, 200);
  assert.equal((await call('GET', new URL(job.posterUrl).pathname, { key: null })).status, 200);
  assert.equal((await call('GET', `/renders?status=completed&limit=5`)).status, 200);
  assert.equal((await call('GET', `/queue/${created.body.jobId}`)).status, 200);
  assert.equal((await call('GET', `/queue/stats`)).status, 200);
  assert.deepEqual(violations, []);
});

test('contexts: create, read with its ETag, edit with If-Match (a stale one is 412), history', async () => {
  const ctx = await call('POST', '/contexts', { body: { location: 'Quito', pm25: 12, temperature: 14.5, tags: ['weekly'] } });
  assert.equal(ctx.status, 201);
  const id = ctx.body.contextId;
  const read = await call('GET', `/contexts/${id}`);
  const etag = read.headers.get('etag')!;
  assert.equal((await call('PATCH', `/contexts/${id}`, { body: { pm25: 15 }, headers: { 'if-match': etag } })).status, 200);
  assert.equal((await call('PATCH', `/contexts/${id}`, { body: { pm25: 16 }, headers: { 'if-match': etag } })).status, 412);
  assert.equal((await call('GET', `/contexts/${id}/history`)).status, 200);
  assert.equal((await call('GET', `/contexts?tag=weekly`)).status, 200);
  assert.deepEqual(violations, []);
});

test('webhooks, workflows (manual and inbound, with the trigger secret) and brands', async () => {
  const hook = await call('POST', '/webhooks', { body: { url: 'http://127.0.0.1:9/aqcast', events: ['render.completed'] } });
  assert.equal(hook.status, 201);
  assert.equal((await call('GET', '/webhooks')).status, 200);
  assert.equal((await call('GET', `/webhooks/${hook.body.webhook.id}/deliveries`)).status, 200);
  assert.equal((await call('DELETE', `/webhooks/${hook.body.webhook.id}`)).status, 204);

  const locations = [{ name: 'Santiago', latitude: -33.45, longitude: -70.66 }];
  const steps = [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', template: 'daily-report', resolution: '360p' }];
  const manual = await call('POST', '/workflows', { body: { name: 'manual', trigger: { type: 'manual' }, locations, steps } });
  assert.equal(manual.status, 201);
  const inbound = await call('POST', '/workflows', { body: { name: 'inbound', trigger: { type: 'inbound' }, locations, steps } });
  assert.equal(inbound.status, 201);
  assert.equal((await call('GET', '/workflows')).status, 200);
  assert.equal((await call('GET', `/workflows/${manual.body.workflow.id}`)).status, 200);
  assert.equal((await call('POST', `/workflows/${inbound.body.workflow.id}/trigger`, { key: null, headers: { 'x-trigger-secret': 'not-the-secret-0123456789' } })).status, 401);
  const triggered = await call('POST', `/workflows/${inbound.body.workflow.id}/trigger`, { key: null, headers: { authorization: `Bearer ${inbound.body.triggerSecret}` } });
  assert.equal(triggered.status, 202);
  assert.equal((await call('GET', `/workflows/${inbound.body.workflow.id}/runs`)).status, 200);

  const brand = await call('POST', '/brands', { body: { name: 'Contract brand' } });
  assert.equal(brand.status, 201);
  assert.equal((await call('GET', `/brands/${brand.body.brandId}`)).status, 200);
  assert.equal((await call('GET', '/brands')).status, 200);
  assert.equal((await call('GET', '/brands/typefaces')).status, 200);
  assert.equal((await call('DELETE', `/brands/${brand.body.brandId}`)).status, 204);
  assert.deepEqual(violations, []);
});

test('the errors a client meets: 400, 401, 403, 404, 415 and 429 with their headers', async () => {
  assert.equal((await call('POST', '/render', { body: { location: 'Santiago', pm25: 'lots' } })).status, 400);
  assert.equal((await call('GET', '/render/bad$id!')).status, 400);
  assert.equal((await call('GET', '/renders', { key: null })).status, 401);
  assert.equal((await call('GET', '/renders', { key: 'not-a-key-0123456789' })).status, 401);
  assert.equal((await call('GET', '/render/job_doesnotexist00')).status, 404);
  assert.equal((await call('GET', '/contexts/ctx_doesnotexist00')).status, 404);
  assert.equal((await call('POST', '/render', { body: '<render location="Santiago"/>', headers: { 'content-type': 'application/xml' } })).status, 415);

  const reader = await call('POST', '/keys', { body: { name: 'reader', scopes: ['renders:read'], rateLimitPerMinute: 3 } });
  assert.equal(reader.status, 201);
  assert.equal((await call('POST', '/render', { key: reader.body.secret, body: { location: 'Lima', pm25: 3, ...SMALL } })).status, 403);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await call('GET', '/renders', { key: reader.body.secret })).status);
  assert.ok(statuses.includes(429), statuses.join(','));
  assert.deepEqual(violations, []);
});

test('the TypeScript client, over the same check', async () => {
  const client = new Client({ baseUrl: base, apiKey: TEST_API_KEY, fetch: checkedFetch, maxRetries: 0 });
  await client.whoami();
  const job = await client.renders.create({ location: 'Lima', pm25: 20, ...SMALL }, { wait: true });
  assert.equal(job.status, 'completed');
  await client.renders.list({ limit: 2 });
  await client.contexts.list();
  await client.brands.list();
  await client.workflows.list();
  await client.keys.list();
  await client.analytics.overview();
  await client.queue.stats();
  assert.ok(validator.seen.size > 40, `only ${validator.seen.size} operation answers checked`);
  assert.deepEqual(violations, []);
});

test('the check finds what a validating proxy would: an undeclared status, a body off its schema, a header sent undeclared', async () => {
  const res = await fetch(`${base}/workflows`, { headers: { 'x-api-key': TEST_API_KEY } });
  const body = await res.text();
  const real = { method: 'GET', url: '/workflows', status: res.status, headers: res.headers, body };
  assert.deepEqual(validator.check(real), []);
  assert.match(validator.check({ ...real, status: 418 }).join('\n'), /status 418 is not declared/);
  const listed = JSON.parse(body) as { workflows: { trigger: Record<string, unknown> }[] };
  assert.ok(listed.workflows.length > 0);
  listed.workflows[0]!.trigger.catchUp = 'sometimes';
  assert.match(validator.check({ ...real, body: JSON.stringify(listed) }).join('\n'), /body does not match: \/workflows\/0\/trigger\/catchUp/);
  const headers = new Headers(res.headers);
  headers.set('location', '/elsewhere');
  assert.match(validator.check({ ...real, headers }).join('\n'), /sends location .* but does not declare it/);
  headers.delete('location');
  headers.set('content-type', 'text/html');
  assert.match(validator.check({ ...real, headers }).join('\n'), /content-type text\/html not declared/);
});
