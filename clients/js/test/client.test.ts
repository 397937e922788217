import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { after, before, describe, test } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { createTestEnv, spawnService, STORE, TEST_API_KEY, type ChildService, type TestEnv } from '../../../packages/service/test/helpers.js';
import * as clientModule from '../src/index.js';
import { AqcastError, ApiError, Client, VERSION, verifyWebhook, WebhookVerificationError, type Job } from '../src/index.js';
import { problem, scriptedServer } from './scripted-server.js';

const SMALL = { resolution: '360p' } as const;

async function rejects(promise: Promise<unknown>, expected: { status: number; code: string }): Promise<AqcastError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AqcastError, `expected AqcastError, got ${String(err)}`);
    assert.deepEqual({ status: err.status, code: err.code }, expected, err.message);
    return err;
  }
  assert.fail('expected the promise to reject');
}

describe(`TS client against a live service (${STORE})`, () => {
  let env: TestEnv;
  let svc: ChildService;
  let client: Client;

  before(async () => {
    // Loopback webhook receivers are refused unless allowed (SSRF guard).
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' });
    svc = await spawnService('serve', env.env);
    client = new Client({ baseUrl: svc.baseUrl, apiKey: TEST_API_KEY });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('ping reports the service version', async () => {
    const res = await client.ping();
    assert.deepEqual([res.ok, res.version, typeof res.uptime], [true, '2.1.0', 'number']);
    assert.equal(VERSION, '1.0.0');
  });

  test('whoami names the key; a wrong key is 401 unauthorized', async () => {
    assert.deepEqual(await client.whoami(), { keyId: null, name: 'master key', scopes: ['admin'], rateLimitPerMinute: null });
    const { key, secret } = await client.keys.create({ name: 'reader', scopes: ['renders:read'] });
    const me = await new Client({ baseUrl: svc.baseUrl, apiKey: secret }).whoami();
    assert.deepEqual([me.keyId, me.name, me.scopes], [key.id, 'reader', ['renders:read']]);
    await assert.rejects(new Client({ baseUrl: svc.baseUrl, apiKey: 'aqk_wrong' }).whoami(), { status: 401, code: 'unauthorized' });
  });

  test('renders.create with wait polls with onProgress until completed', async () => {
    const seen: Job[] = [];
    const job = await client.renders.create({ location: 'Santiago', pm25: 87.4, no2: 42, temperature: 9, ...SMALL }, { wait: true, pollMs: 150, timeoutMs: 120_000, onProgress: (j) => void seen.push(j) });
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.progress, 1);
    assert.match(job.videoUrl ?? '', /\/video\.mp4$/);
    assert.ok(seen.length >= 1);
    assert.ok(seen.every((j) => j.jobId === job.jobId && typeof j.progress === 'number'));
    assert.equal(seen.at(-1)!.status, 'completed');
    const video = await fetch(job.videoUrl!);
    assert.equal(video.headers.get('content-type'), 'video/mp4');
    await video.body?.cancel();

    // The storyboard: the track parsed into one cue per second, every cue in the job's sprite.
    const storyboard = await client.files.storyboard(job);
    assert.ok(storyboard && job.output);
    assert.equal(storyboard.spriteUrl, job.storyboardUrl);
    assert.equal(storyboard.cues.length, Math.ceil(job.output.durationSec));
    assert.deepEqual(storyboard.cues.slice(0, 2), [
      { start: 0, end: 1, spriteUrl: job.storyboardUrl, x: 0, y: 0, width: 160, height: 90 },
      { start: 1, end: 2, spriteUrl: job.storyboardUrl, x: 160, y: 0, width: 160, height: 90 },
    ]);
    assert.equal(storyboard.cues.at(-1)?.end, job.output.durationSec);
    const sprite = new Uint8Array(await client.files.download(storyboard.spriteUrl));
    assert.deepEqual([...sprite.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
    assert.equal((await client.files.head(job.storyboardVttUrl ?? '')).contentType, 'text/vtt; charset=utf-8');
    assert.equal(await client.files.storyboard({ storyboardVttUrl: null }), null);
  });

  test('templates lists the default template', async () => {
    const { templates, aqiStandards } = await client.templates();
    assert.ok(templates.some((t) => t.id === 'daily-report' && t.isDefault));
    assert.ok(aqiStandards.length > 0);
  });

  test('batch, then list pages and listAll over them: every job exactly once', async () => {
    const location = `Batch-${randomUUID().slice(0, 8)}`;
    const batch = await client.renders.batch([5, 25, 65, 150, 250].map((pm25) => ({ location, pm25, ...SMALL })));
    assert.equal(batch.jobs.length, 5);
    assert.ok(batch.jobs.every((j) => j.batchId === batch.batchId && j.status === 'queued'));

    const first = await client.renders.list({ batchId: batch.batchId, limit: 2 });
    assert.equal(first.jobs.length, 2);
    assert.ok(first.nextCursor);

    const pages: string[] = [];
    const ids: string[] = [];
    for await (const job of client.renders.listAll({ location, limit: 2 })) {
      ids.push(job.jobId);
      pages.push(job.batchId ?? '');
    }
    assert.equal(ids.length, 5);
    assert.deepEqual([...ids].sort(), batch.jobs.map((j) => j.jobId).sort());
    const filtered = await client.renders.list({ batchId: batch.batchId, status: ['queued', 'rendering', 'completed'], limit: 500 });
    assert.equal(filtered.jobs.length, 5);
  });

  test('a wrong key is an AqcastError 401 unauthorized with the request id', async () => {
    const bad = new Client({ baseUrl: svc.baseUrl, apiKey: 'wrong-key-wrong-key' });
    const err = await rejects(bad.renders.list(), { status: 401, code: 'unauthorized' });
    assert.ok(err instanceof ApiError);
    assert.ok(err.requestId);
    assert.equal(err.problem?.status, 401);
    assert.ok(err.message.length > 0);
  });

  test('invalid parameters are a 400 naming the field', async () => {
    const err = await rejects(client.renders.create({ location: '', pm25: -3 }), { status: 400, code: 'validation_failed' });
    assert.ok(Array.isArray(err.problem?.errors) && err.problem.errors.length > 0);
  });

  test('waitForJob past its deadline throws status 408, code timeout', async () => {
    const job = await client.renders.create({ location: 'Timeout City', ...SMALL });
    const seen: Job[] = [];
    const started = Date.now();
    const err = await rejects(client.waitForJob(job.jobId, { pollMs: 20, timeoutMs: 1, onProgress: (j) => void seen.push(j) }), { status: 408, code: 'wait_timeout' });
    assert.ok(Date.now() - started < 5000);
    assert.equal(seen[0]?.jobId, job.jobId);
    assert.match(err.message, new RegExp(job.jobId));
  });

  test('idempotent replay: same key → same job; same key, other params → 409', async () => {
    const key = `js-${randomUUID()}`;
    const params = { location: 'Replay', pm10: 44, ...SMALL };
    const a = await client.renders.create(params, { idempotencyKey: key });
    const b = await client.renders.create(params, { idempotencyKey: key });
    assert.equal(b.jobId, a.jobId);
    await rejects(client.renders.create({ ...params, pm10: 45 }, { idempotencyKey: key }), { status: 409, code: 'idempotency_conflict' });
    const batchKey = `js-${randomUUID()}`;
    const b1 = await client.renders.batch([{ location: 'Replay batch', ...SMALL }], { idempotencyKey: batchKey });
    const b2 = await client.renders.batch([{ location: 'Replay batch', ...SMALL }], { idempotencyKey: batchKey });
    assert.equal(b2.batchId, b1.batchId);
  });

  test('unknown job → 404 not_found', async () => {
    await rejects(client.renders.get('job_does_not_exist'), { status: 404, code: 'not_found' });
  });

  test('queue: pause, enqueue with priority and runAt, get, list, cancel, retry, 409, resume', async () => {
    const stats = await client.queue.stats();
    assert.equal(typeof stats.counts.queued, 'number');
    assert.deepEqual(await client.queue.pause(), { paused: true });
    try {
      assert.equal((await client.queue.stats()).paused, true);
      const runAt = new Date(Date.now() + 3_600_000);
      const job = await client.queue.enqueue({ location: 'Queued later', ...SMALL }, { priority: 7, runAt, maxAttempts: 2 });
      assert.deepEqual([job.status, job.priority, job.maxAttempts, Date.parse(job.runAt)], ['queued', 7, 2, runAt.getTime()]);
      assert.equal((await client.queue.get(job.jobId)).jobId, job.jobId);
      const ids: string[] = [];
      for await (const j of client.queue.listAll({ status: 'queued', limit: 2 })) ids.push(j.jobId);
      assert.ok(ids.includes(job.jobId));
      assert.equal((await client.queue.cancel(job.jobId)).status, 'canceled');
      await rejects(client.queue.cancel(job.jobId), { status: 409, code: 'invalid_state' });
      assert.equal((await client.queue.retry(job.jobId)).status, 'queued');
      await rejects(client.queue.retry(job.jobId), { status: 409, code: 'invalid_state' });
      await client.queue.cancel(job.jobId);
    } finally {
      assert.deepEqual(await client.queue.resume(), { paused: false });
    }
  });

  test('webhooks: register, test and fire reach a local receiver whose verifyWebhook accepts the service signature', async () => {
    const received: { body: string; headers: IncomingHttpHeaders }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const created = await client.webhooks.create({ url, events: ['render.completed'] });
      assert.match(created.secret ?? '', /^whsec_/);
      const id = created.webhook.id;
      assert.ok((await client.webhooks.list()).webhooks.some((w) => w.id === id && w.active));

      // A render queued by an earlier test may complete at any moment and be announced to
      // these hooks too: each test event is looked for among what arrived (delivered before test() returns).
      const testEventSince = (from: number) => received.slice(from).find((r) => r.body.includes('"webhook.test"'));
      const beforeTest = received.length;
      const { delivery } = await client.webhooks.test(id);
      assert.equal(delivery.status, 'succeeded');
      const first = testEventSince(beforeTest);
      assert.ok(first, 'the test event arrived');
      const event = await verifyWebhook<{ webhookId: string }>(first.body, first.headers, created.secret!);
      assert.equal(event.type, 'webhook.test');
      await rejects(verifyWebhook(first.body, first.headers, `whsec_${randomBytes(24).toString('base64')}`), { status: 400, code: 'invalid_signature' });

      const fired = await client.webhooks.fire('render.completed', { jobId: 'job_fired', status: 'completed' });
      assert.equal(fired.deliveries.length, 1);
      const deadline = Date.now() + 15_000;
      const isFired = (r: { body: string }) => r.body.includes('"job_fired"');
      while (!received.some(isFired) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const second = received.find(isFired);
      assert.ok(second, `the fired event arrived (got ${received.length} deliveries)`);
      const firedEvent = await verifyWebhook<{ jobId: string }>(Buffer.from(second.body), second.headers, created.secret!);
      assert.deepEqual([firedEvent.type, firedEvent.data.jobId], ['render.completed', 'job_fired']);
      assert.ok((await client.webhooks.deliveries(id)).deliveries.length >= 2);

      // A caller-chosen plain secret signs with its UTF-8 bytes.
      const plain = await client.webhooks.register({ url, events: ['*'], secret: 'plain-secret-for-tests' });
      const beforePlain = received.length;
      await client.webhooks.test(plain.webhook.id);
      const third = testEventSince(beforePlain);
      assert.ok(third, 'the plain-secret test event arrived');
      assert.equal((await verifyWebhook(third.body, third.headers, 'plain-secret-for-tests')).type, 'webhook.test');

      await client.webhooks.delete(id);
      await client.webhooks.delete(plain.webhook.id);
      assert.ok(!(await client.webhooks.list()).webhooks.some((w) => w.id === id));
      await rejects(client.webhooks.create({ url: 'http://169.254.169.254/latest', events: ['*'] }), { status: 400, code: 'validation_failed' });
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });

  test('graphql: data for a query with variables, graphql_error for a bad query', async () => {
    const data = await client.graphql<{ status: { version: string }; ping: boolean }>('{ status { version } ping }');
    assert.deepEqual(data, { status: { version: '2.1.0' }, ping: true });
    const created = await client.renders.create({ location: 'GraphQL', ...SMALL });
    const one = await client.graphql<{ render: { jobId: string } }>('query One($id: ID!) { render(id: $id) { jobId status } }', { id: created.jobId });
    assert.equal(one.render.jobId, created.jobId);
    const err = await rejects(client.graphql('{ nope }'), { status: 400, code: 'graphql_error' });
    assert.match(err.message, /nope/);
  });

  test('ingest: upload a text PDF (multipart) into a context, upload-and-render with fields; a file that is not what it says is a 4xx problem', async () => {
    const templates = (await client.ingest.templates()) as { templates: { id: string }[] };
    assert.ok(templates.templates.some((t) => t.id === 'daily-report'));

    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    ['Boletin de calidad del aire', 'Ciudad: Temuco', 'Fecha: 12/05/2025', 'PM2.5: 48 ug/m3', 'NO2: 31 ug/m3'].forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 24, size: 14, font }));
    const pdf = await doc.save();
    const res = await client.ingest.upload(pdf, { filename: 'boletin-temuco.pdf' });
    assert.match(res.contextId, /\S/);
    assert.equal(res.context.pm25, 48);
    assert.ok(res.context.confidence > 0 && res.context.confidence <= 1);
    assert.deepEqual(res.skipped, [], 'every line that looked like a measurement was read');
    const queued = await client.ingest.uploadAndRender(new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), { filename: 'b.pdf', template: 'daily-report', language: 'en', fields: { resolution: '360p' } });
    const job = await client.renders.get(queued.jobId);
    assert.deepEqual([job.contextId, job.params.language, job.params.pm25, job.params.resolution], [queued.contextId, 'en', 48, '360p']);

    const err = await rejects(client.ingest.upload(new TextEncoder().encode('this is not a PDF'), { filename: 'fake.pdf' }), { status: 415, code: 'unsupported_type' });
    assert.ok(err.requestId);
  });

  test('contexts: create, list and listAll, update with ifMatch (412 when stale), tags, history, render, the original of an upload, delete', async () => {
    const made = await client.contexts.create({ location: 'Valdivia', pm25: 25, tags: ['ts-client'] });
    const again = await client.contexts.create({ location: 'Osorno', no2: 18, tags: ['ts-client'] });
    const read = await client.contexts.get(made.contextId);
    assert.deepEqual([read.location, read.pm25, read.version, read.source.kind], ['Valdivia', 25, 1, 'manual']);
    assert.deepEqual((await client.contexts.list({ tag: 'ts-client' })).contexts.map((c) => c.contextId), [again.contextId, made.contextId]);
    const all: string[] = [];
    for await (const c of client.contexts.listAll({ tag: 'ts-client', limit: 1 })) all.push(c.contextId);
    assert.deepEqual(all, [again.contextId, made.contextId]);
    const updated = await client.contexts.update(made.contextId, { pm25: 30, no2: 12 }, { ifMatch: read.version });
    assert.deepEqual([updated.version, updated.pm25, updated.no2], [2, 30, 12]);
    await rejects(client.contexts.update(made.contextId, { pm25: 31 }, { ifMatch: read.version }), { status: 412, code: 'precondition_failed' });
    await rejects(client.contexts.create({ location: 'Valdivia', pm25: -3 }), { status: 400, code: 'validation_failed' });
    assert.deepEqual((await client.contexts.addTags(made.contextId, ['Sur', 'ts-client'], { ifMatch: '"v2"' })).tags, ['sur', 'ts-client']);
    assert.deepEqual((await client.contexts.removeTag(made.contextId, 'sur')).tags, ['ts-client']);
    assert.deepEqual((await client.contexts.history(made.contextId)).edits.map((e) => e.version), [2, 3, 4]);
    const job = await client.contexts.render(made.contextId, { format: 'portrait', resolution: '360p' });
    assert.deepEqual([job.contextId, job.params.pm25, job.params.format], [made.contextId, 30, 'portrait']);

    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    ['Boletin de calidad del aire', 'Ciudad: Chillan', 'Fecha: 14/05/2025', 'PM2.5: 61 ug/m3'].forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 24, size: 14, font }));
    const pdf = await doc.save();
    const uploaded = await client.ingest.upload(pdf, { filename: 'boletín chillán.pdf' });
    const original = await client.contexts.source(uploaded.contextId);
    assert.deepEqual([Buffer.from(original.bytes).equals(Buffer.from(pdf)), original.contentType, original.filename], [true, 'application/pdf', 'boletín chillán.pdf']);
    await rejects(client.contexts.source(made.contextId), { status: 404, code: 'not_found' });

    await client.contexts.delete(made.contextId, { ifMatch: 4 });
    await rejects(client.contexts.get(made.contextId), { status: 404, code: 'not_found' });
  });

  test('analytics: overview, templates, trends in a time zone, recent, performance', async () => {
    const overview = await client.analytics.overview();
    assert.ok(overview.jobs.total > 0);
    assert.equal(overview.jobs.total, Object.values(overview.jobs.byStatus).reduce((a, b) => a + b, 0));
    const templates = await client.analytics.templates({ since: new Date(Date.now() - 86_400_000) });
    assert.equal(templates.templates.reduce((a, t) => a + t.count, 0), templates.total);
    const trends = await client.analytics.trends({ interval: 'hour', since: new Date(Date.now() - 6 * 3_600_000), tz: 'America/Santiago' });
    assert.ok(trends.buckets.length >= 6 && trends.buckets.length <= 7);
    assert.ok(trends.buckets.every((b) => b.local.endsWith('-03:00') || b.local.endsWith('-04:00')));
    const recent = await client.analytics.recent({ limit: 2, status: ['queued', 'completed', 'rendering'] });
    assert.equal(recent.renders.length, 2);
    const performance = await client.analytics.performance();
    assert.equal(performance.throughput.windowSec, 3600);
    await rejects(client.analytics.trends({ tz: 'Nowhere/Else' }), { status: 400, code: 'validation_failed' });
  });
});

describe('TS client transport against a scripted local server', () => {
  test('503 then 200 is retried and succeeds; headers identify the client', async () => {
    const srv = await scriptedServer([problem(503, 'service_unavailable'), { status: 200, body: { ok: true, version: 'x', uptime: 1 } }]);
    try {
      const res = await new Client({ baseUrl: srv.url, apiKey: 'k' }).ping();
      assert.equal(res.ok, true);
      assert.equal(srv.requests.length, 2);
      assert.equal(srv.requests[0]!.headers['user-agent'], 'aqcast-js/1.0.0');
      assert.equal(srv.requests[0]!.headers['x-api-key'], 'k');
    } finally {
      await srv.close();
    }
  });

  test('429 with Retry-After (seconds, then an HTTP date) is honoured', async () => {
    const srv = await scriptedServer([
      { status: 429, headers: { 'retry-after': '1' }, body: { code: 'rate_limited' } },
      // An HTTP date has whole seconds: 2 s ahead leaves at least 1 s to wait.
      () => ({ status: 429, headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() }, body: { code: 'rate_limited' } }),
      { status: 200, body: { templates: [], aqiStandards: [] } },
    ]);
    try {
      await new Client({ baseUrl: srv.url, apiKey: 'k' }).templates();
      assert.equal(srv.requests.length, 3);
      const [a, b, c] = srv.requests.map((r) => r.at);
      assert.ok(b! - a! >= 950, `waited ${b! - a!} ms after Retry-After: 1`);
      assert.ok(c! - b! >= 900, `waited ${c! - b!} ms after a Retry-After date`);
    } finally {
      await srv.close();
    }
  });

  test('gives up after maxRetries with the last error; a too-long Retry-After is not waited out', async () => {
    const srv = await scriptedServer([problem(502, 'bad_gateway')]);
    try {
      const err = await rejects(new Client({ baseUrl: srv.url, apiKey: 'k', maxRetries: 1 }).renders.get('j1'), { status: 502, code: 'bad_gateway' });
      assert.equal(err.requestId, 'req-502');
      assert.equal(srv.requests.length, 2);
    } finally {
      await srv.close();
    }
    const slow = await scriptedServer([{ status: 503, headers: { 'retry-after': '3600' }, body: { code: 'service_unavailable' } }]);
    try {
      await rejects(new Client({ baseUrl: slow.url, apiKey: 'k' }).ping(), { status: 503, code: 'service_unavailable' });
      assert.equal(slow.requests.length, 1);
    } finally {
      await slow.close();
    }
  });

  test('other 4xx answers are never retried', async () => {
    for (const [status, code] of [[400, 'validation_failed'], [404, 'not_found'], [409, 'idempotency_conflict'], [422, 'unprocessable']] as const) {
      const srv = await scriptedServer([problem(status, code, `detail ${status}`), { status: 200, body: {} }]);
      try {
        const err = await rejects(new Client({ baseUrl: srv.url, apiKey: 'k' }).renders.create({ location: 'x' }), { status, code });
        assert.equal(err.message, `detail ${status}`);
        assert.equal(srv.requests.length, 1, code);
      } finally {
        await srv.close();
      }
    }
  });

  test('every POST carries an Idempotency-Key, the same on each retry; a caller key is sent as given', async () => {
    const srv = await scriptedServer([problem(500, 'internal_error'), problem(503, 'service_unavailable'), { status: 202, body: { jobId: 'j', status: 'queued' } }]);
    try {
      const client = new Client({ baseUrl: srv.url, apiKey: 'k' });
      await client.renders.create({ location: 'x' });
      const keys = srv.requests.map((r) => r.headers['idempotency-key']);
      assert.equal(keys.length, 3);
      assert.match(String(keys[0]), /^[0-9a-f-]{36}$/);
      assert.equal(new Set(keys).size, 1);
      await client.renders.create({ location: 'x' });
      assert.notEqual(srv.requests[3]!.headers['idempotency-key'], keys[0], 'a new call gets a new key');
      await client.renders.batch([{ location: 'x' }], { idempotencyKey: 'caller-key-1' });
      assert.equal(srv.requests[4]!.headers['idempotency-key'], 'caller-key-1');
      assert.deepEqual(JSON.parse(srv.requests[4]!.body.toString()), { items: [{ location: 'x' }] });
    } finally {
      await srv.close();
    }
  });

  test('every mutation (PATCH, DELETE too) carries one Idempotency-Key across its retries', async () => {
    for (const method of ['PATCH', 'DELETE']) {
      const srv = await scriptedServer([problem(503, 'service_unavailable'), { status: 200, body: {} }]);
      try {
        await new Client({ baseUrl: srv.url, apiKey: 'k' }).request(method, '/contexts/c1', { body: { tags: [] } });
        assert.equal(srv.requests.length, 2, method);
        const keys = srv.requests.map((r) => r.headers['idempotency-key']);
        assert.ok(keys[0], method);
        assert.equal(keys[0], keys[1], method);
      } finally {
        await srv.close();
      }
    }
  });

  test('a 409 idempotency_in_progress is retried after Retry-After; any other 409 is not', async () => {
    const srv = await scriptedServer([{ status: 409, headers: { 'retry-after': '0', 'content-type': 'application/problem+json' }, body: { status: 409, code: 'idempotency_in_progress' } }, { status: 200, body: { ok: true } }]);
    try {
      assert.deepEqual(await new Client({ baseUrl: srv.url, apiKey: 'k' }).request('POST', '/render', { body: {} }), { ok: true });
      assert.equal(srv.requests.length, 2);
    } finally {
      await srv.close();
    }
    const conflict = await scriptedServer([problem(409, 'invalid_state'), { status: 200, body: {} }]);
    try {
      await rejects(new Client({ baseUrl: conflict.url, apiKey: 'k' }).request('POST', '/queue/j1/cancel'), { status: 409, code: 'invalid_state' });
      assert.equal(conflict.requests.length, 1);
    } finally {
      await conflict.close();
    }
  });

  test('redirects are not followed: the key never reaches another address', async () => {
    const other = await scriptedServer([{ status: 200, body: { stolen: true } }]);
    const srv = await scriptedServer([{ status: 302, headers: { location: `${other.url}/ping` }, body: '' }]);
    try {
      await rejects(new Client({ baseUrl: srv.url, apiKey: 'secret-key-0123' }).ping(), { status: 302, code: 'redirect_not_followed' });
      assert.equal(other.requests.length, 0);
    } finally {
      await srv.close();
      await other.close();
    }
  });

  test('a slow attempt times out and is retried; a refused connection is status 0 connection_error', async () => {
    const srv = await scriptedServer([{ status: 200, body: { ok: true }, delayMs: 1500 }, { status: 200, body: { ok: true, version: 'v' } }]);
    try {
      const res = await new Client({ baseUrl: srv.url, apiKey: 'k', timeoutMs: 200 }).ping();
      assert.equal(res.version, 'v');
      assert.equal(srv.requests.length, 2);
    } finally {
      await srv.close();
    }
    const gone = await scriptedServer([{ status: 200 }]);
    await gone.close();
    await rejects(new Client({ baseUrl: gone.url, apiKey: 'k', maxRetries: 0 }).ping(), { status: 0, code: 'connection_error' });
  });

  test('graphql returns data and throws on errors', async () => {
    const srv = await scriptedServer([{ status: 200, body: { data: { ping: 'pong' } } }, { status: 200, body: { data: null, errors: [{ message: 'Cannot query field "nope"' }] } }]);
    try {
      const client = new Client({ baseUrl: srv.url, apiKey: 'k' });
      assert.deepEqual(await client.graphql('{ ping }'), { ping: 'pong' });
      const err = await rejects(client.graphql('query Q($id: ID!) { nope(id: $id) }', { id: '1' }), { status: 200, code: 'graphql_error' });
      assert.match(err.message, /nope/);
      assert.deepEqual(JSON.parse(srv.requests[1]!.body.toString()), { query: 'query Q($id: ID!) { nope(id: $id) }', variables: { id: '1' } });
    } finally {
      await srv.close();
    }
  });

  test('queue, webhooks and ingest call their documented routes (multipart field "file", fields first)', async () => {
    const srv = await scriptedServer([{ status: 200, body: { jobs: [], nextCursor: null } }]);
    try {
      const c = new Client({ baseUrl: srv.url, apiKey: 'k' });
      await c.queue.stats();
      await c.queue.list({ status: ['queued', 'failed'], limit: 5 });
      await c.queue.get('job 1');
      await c.queue.enqueue({ location: 'Lima' }, { priority: 5, runAt: new Date('2030-01-01T00:00:00Z'), maxAttempts: 2 });
      await c.queue.cancel('j1');
      await c.queue.retry('j1');
      await c.queue.pause();
      await c.queue.resume();
      await c.webhooks.create({ url: 'https://example.org/h', events: ['render.completed'], secret: 'whsec_AAAA' });
      await c.webhooks.register({ url: 'https://example.org/h', events: ['*'] });
      await c.webhooks.list();
      await c.webhooks.delete('wh1');
      await c.webhooks.deliveries('wh1');
      await c.webhooks.test('wh1');
      await c.webhooks.fire('render.completed', { jobId: 'j1' });
      await c.ingest.templates();
      const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\ntrailer<<>>\n%%EOF\n', 'latin1');
      await c.ingest.upload(pdf, { filename: 'boletín.pdf' });
      await c.ingest.uploadAndRender(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), { template: 'daily-report', language: 'en', fields: { resolution: '360p' } });
      assert.deepEqual(
        srv.requests.map((r) => `${r.method} ${r.url}`),
        [
          'GET /queue/stats',
          'GET /queue?status=queued%2Cfailed&limit=5',
          'GET /queue/job%201',
          'POST /queue',
          'POST /queue/j1/cancel',
          'POST /queue/j1/retry',
          'POST /queue/pause',
          'POST /queue/resume',
          'POST /webhooks',
          'POST /webhooks',
          'GET /webhooks',
          'DELETE /webhooks/wh1',
          'GET /webhooks/wh1/deliveries',
          'POST /webhooks/wh1/test',
          'POST /webhooks/fire',
          'GET /ingest/templates',
          'POST /ingest/upload',
          'POST /ingest/upload-and-render',
        ],
      );
      const json = (i: number) => JSON.parse(srv.requests[i]!.body.toString()) as unknown;
      assert.deepEqual(json(3), { location: 'Lima', priority: 5, runAt: '2030-01-01T00:00:00.000Z', maxAttempts: 2 });
      assert.deepEqual(json(14), { event: 'render.completed', data: { jobId: 'j1' } });
      assert.ok(srv.requests.filter((r) => r.method === 'POST').every((r) => typeof r.headers['idempotency-key'] === 'string'));

      // Parse the multipart bodies with undici's own parser, as a server would.
      const form = async (i: number) => {
        const r = srv.requests[i]!;
        return new Request('http://x/', { method: 'POST', headers: { 'content-type': String(r.headers['content-type']) }, body: new Uint8Array(r.body) }).formData();
      };
      const upload = await form(16);
      const file = upload.get('file') as File;
      assert.deepEqual([file.name, file.type], ['boletín.pdf', 'application/pdf']);
      assert.deepEqual(Buffer.from(await file.arrayBuffer()), pdf);
      const both = await form(17);
      const names: string[] = [];
      both.forEach((_value, name) => names.push(name));
      assert.deepEqual(names, ['template', 'language', 'resolution', 'file']);
      assert.equal(both.get('language'), 'en');
      assert.deepEqual([(both.get('file') as File).name, (both.get('file') as File).type], ['upload.png', 'image/png']);
    } finally {
      await srv.close();
    }
  });
});

describe('package', () => {
  test('package.json: @aqcast/client 1.0.0, ESM, no runtime dependencies, "." exports the built module with its types', async () => {
    const pkgUrl = new URL('../package.json', import.meta.url);
    const pkg = JSON.parse(readFileSync(pkgUrl, 'utf8')) as { name: string; version: string; type: string; dependencies?: object; files: string[]; exports: { '.': { types: string; default: string } } };
    assert.deepEqual([pkg.name, pkg.version, pkg.type, pkg.dependencies], ['@aqcast/client', VERSION, 'module', undefined]);
    assert.deepEqual([pkg.exports['.'].default, pkg.exports['.'].types], ['./dist/index.js', './dist/index.d.ts']);
    assert.ok(pkg.files.includes('dist'));
    assert.ok(existsSync(new URL(pkg.exports['.'].types, pkgUrl)), 'the declarations are built');
    const built = (await import(new URL(pkg.exports['.'].default, pkgUrl).href)) as typeof clientModule;
    assert.deepEqual(Object.keys(built).sort(), Object.keys(clientModule).sort(), 'the built module exports what the source does');
    assert.equal(built.VERSION, VERSION);
  });

  test('the source imports no Node-only modules (browser-safe)', () => {
    const files = ['index', 'client', 'errors', 'http', 'types', 'version', 'verify-webhook', 'resources/resource', 'resources/renders', 'resources/queue', 'resources/webhooks', 'resources/ingest'];
    for (const f of files) {
      const src = readFileSync(new URL(`../src/${f}.ts`, import.meta.url), 'utf8');
      assert.doesNotMatch(src.replace(/\/\/.*|\/\*[\s\S]*?\*\/|'[^'\n]*'/g, ''), /from ['"]node:|require\(|\bBuffer\b|\bprocess\.(?!versions|env)/, f);
      assert.doesNotMatch(src, /from ['"]node:/, f);
    }
  });
});

describe('verifyWebhook', () => {
  const rawKey = randomBytes(32);
  const whsec = `whsec_${rawKey.toString('base64')}`;
  const body = JSON.stringify({ id: 'evt_1', type: 'render.completed', timestamp: new Date().toISOString(), data: { jobId: 'job_1', status: 'completed' } });

  function sign(payload: string, key: Buffer, id = 'msg_1', ts = Math.floor(Date.now() / 1000)): Record<string, string> {
    const sig = createHmac('sha256', key).update(`${id}.${ts}.${payload}`).digest('base64');
    return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': `v1,${sig}` };
  }

  async function rejected(code: string, payload: string | Uint8Array, headers: Record<string, string>, secret = whsec, opts = {}): Promise<void> {
    const err = await rejects(verifyWebhook(payload, headers, secret, opts), { status: 400, code });
    assert.ok(err instanceof WebhookVerificationError);
  }

  test('accepts a good message with a whsec_ secret and with a plain secret', async () => {
    const event = await verifyWebhook<{ jobId: string }>(body, sign(body, rawKey), whsec);
    assert.equal(event.data.jobId, 'job_1');
    const plain = 'a plain secret, UTF-8 ñ';
    const again = await verifyWebhook(Buffer.from(body), sign(body, Buffer.from(plain, 'utf8')), plain);
    assert.equal(again.type, 'render.completed');
  });

  test('agrees with the standardwebhooks package (Headers object, several signatures)', async () => {
    const wh = new StandardWebhook(whsec);
    const now = new Date();
    const signature = wh.sign('msg_2', now, body);
    const plain = { 'webhook-id': 'msg_2', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': `v1,bm90IGl0 v2,abc ${signature}` };
    assert.deepEqual(wh.verify(body, plain), JSON.parse(body), 'the oracle accepts what we verify');
    const headers = new Headers({ 'Webhook-Id': plain['webhook-id'], 'Webhook-Timestamp': plain['webhook-timestamp'], 'Webhook-Signature': plain['webhook-signature'] });
    assert.equal((await verifyWebhook(body, headers, whsec)).id, 'evt_1');
    assert.throws(() => wh.verify(body.replace('job_1', 'job_2'), plain));
    await rejected('invalid_signature', body.replace('job_1', 'job_2'), plain);
  });

  test('rejects a tampered body, id or secret', async () => {
    const h = sign(body, rawKey);
    await rejected('invalid_signature', body.replace('job_1', 'job_2'), h);
    await rejected('invalid_signature', body, { ...h, 'webhook-id': 'msg_other' });
    await rejected('invalid_signature', body, h, `whsec_${randomBytes(32).toString('base64')}`);
  });

  test('rejects expired and future timestamps; the tolerance is configurable', async () => {
    const now = Math.floor(Date.now() / 1000);
    await rejected('timestamp_too_old', body, sign(body, rawKey, 'm', now - 301));
    await rejected('timestamp_too_new', body, sign(body, rawKey, 'm', now + 301));
    await rejected('invalid_timestamp', body, { ...sign(body, rawKey), 'webhook-timestamp': '12.5' });
    const old = sign(body, rawKey, 'm', now - 600);
    assert.equal((await verifyWebhook(body, old, whsec, { toleranceSec: 900 })).id, 'evt_1');
  });

  test('rejects unsigned messages and missing headers', async () => {
    const h = sign(body, rawKey);
    for (const missing of ['webhook-signature', 'webhook-id', 'webhook-timestamp']) {
      const { [missing]: _gone, ...rest } = h;
      await rejected('missing_headers', body, rest);
    }
  });

  test('rejects bad secrets and non-JSON bodies', async () => {
    await rejected('invalid_secret', body, sign(body, rawKey), '');
    await rejected('invalid_secret', body, sign(body, rawKey), 'whsec_not base64!');
    await rejected('invalid_payload', 'not json', sign('not json', rawKey));
  });
});
