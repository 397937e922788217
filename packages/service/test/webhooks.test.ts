import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, SMALL, spawnService, startTestService, STORE, until, waitForJob, type TestEnv } from './helpers.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real local receiver whose answers the test scripts (status codes in order, then 200). */
/** A receiver answering `script`'s statuses in turn (then 200); with `hold`, every answer waits for it. */
async function receiver(script: number[] = [], hold: Promise<void> = Promise.resolve()): Promise<{ url: string; got: Received[]; close(): Promise<void>; server: Server }> {
  const got: Received[] = [];
  const answers = [...script];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      const status = answers.shift() ?? 200;
      void hold.then(() => {
        res.statusCode = status;
        res.end('ok');
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hook`, got, server, close: () => new Promise((r) => server.close(() => r())) };
}


describe(`webhooks (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  const closers: (() => Promise<unknown>)[] = [];

  before(async () => {
    env = await createTestEnv({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_DELAYS: '0.3,0.3,0.3' });
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1' });
    base = svc.baseUrl;
  });
  after(async () => {
    for (const c of closers.reverse()) await c();
    await svc?.stop();
    await env?.cleanup();
  });

  test('render.completed arrives signed; the standardwebhooks package verifies it (generated whsec_ secret and a plain secret)', async () => {
    const rx = await receiver();
    closers.push(rx.close);
    const generated = await api(base, 'POST', '/webhooks', { url: rx.url, events: ['render.completed'] });
    assert.equal(generated.status, 201, JSON.stringify(generated.body));
    assert.match(generated.body.secret, /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
    assert.equal(generated.body.webhook.active, true);
    assert.equal(generated.body.webhook.secret, undefined);
    const plainSecret = 'my-plain-text-secret-123';
    const plain = await api(base, 'POST', '/webhooks/register', { url: rx.url.replace('/hook', '/plain'), events: ['*'], secret: plainSecret });
    assert.equal(plain.status, 201);
    assert.equal(plain.body.secret, undefined, 'a caller-provided secret is not echoed');
    const listed = await api(base, 'GET', '/webhooks');
    assert.ok(listed.body.webhooks.every((w: any) => w.secret === undefined), 'secrets are never listed');

    const job = await waitForJob(base, (await api(base, 'POST', '/render', { location: 'Porto Alegre', pm25: 20, ...SMALL })).body.jobId);
    assert.equal(job.status, 'completed');
    await until(() => rx.got.filter((g) => JSON.parse(g.body).type === 'render.completed').length >= 2, 'two deliveries');
    const toGenerated = rx.got.find((g) => !g.body.includes('"webhook.test"') && g.headers['webhook-signature'] && verifies(generated.body.secret, g));
    const toPlain = rx.got.find((g) => verifies(Buffer.from(plainSecret).toString('base64'), g));
    assert.ok(toGenerated, 'signature with the whsec_ secret verifies');
    assert.ok(toPlain, 'signature with the plain secret verifies (key = its UTF-8 bytes)');
    const event = JSON.parse(toGenerated.body);
    assert.equal(event.type, 'render.completed');
    assert.equal(event.data.jobId, job.jobId);
    assert.equal(event.data.status, 'completed');
    assert.equal(event.data.videoUrl, job.videoUrl);
    assert.equal(event.id, toGenerated.headers['webhook-id']);
    // A tampered body does not verify.
    assert.equal(verifies(generated.body.secret, { ...toGenerated, body: toGenerated.body.replace('completed', 'failed') }), false);
  });

  test('a receiver that answers 503 twice gets the event on the third attempt with the same webhook-id', async () => {
    const rx = await receiver([503, 503]);
    closers.push(rx.close);
    const hook = await api(base, 'POST', '/webhooks', { url: rx.url, events: ['render.completed'] });
    const fired = await api(base, 'POST', '/webhooks/fire', { event: 'render.completed', data: { jobId: 'job_manual', status: 'completed' } });
    assert.equal(fired.status, 202);
    assert.ok(fired.body.deliveries.some((d: any) => d.webhookId === hook.body.webhook.id));
    await until(() => rx.got.length >= 3, 'three attempts');
    const ids = new Set(rx.got.map((g) => g.headers['webhook-id']));
    assert.equal(ids.size, 1, 'same webhook-id on every retry');
    const log = await until(async () => {
      const r = await api(base, 'GET', `/webhooks/${hook.body.webhook.id}/deliveries`);
      return r.body.deliveries[0]?.status === 'succeeded' ? r.body : null;
    }, 'delivery log');
    const d = log.deliveries[0];
    assert.equal(d.attempts, 3);
    assert.deepEqual(d.attemptLog.map((a: any) => a.statusCode), [503, 503, 200]);
    assert.ok(d.attemptLog[0].nextRetryAt, 'failed attempts show the next retry');
    assert.equal(d.attemptLog[2].nextRetryAt, null);
    assert.ok(d.attemptLog.every((a: any) => typeof a.durationMs === 'number'));
  });

  test('test sends webhook.test now; 410 disables; delete stops deliveries', async () => {
    const rx = await receiver([410]);
    closers.push(rx.close);
    const hook = (await api(base, 'POST', '/webhooks', { url: rx.url, events: ['ingest.completed'] })).body.webhook;
    const t = await api(base, 'POST', `/webhooks/${hook.id}/test`);
    assert.equal(t.status, 200);
    assert.equal(t.body.delivery.eventType, 'webhook.test');
    assert.equal(t.body.delivery.lastStatusCode, 410);
    assert.equal(JSON.parse(rx.got[0]!.body).type, 'webhook.test');
    const after410 = (await api(base, 'GET', '/webhooks')).body.webhooks.find((w: any) => w.id === hook.id);
    assert.equal(after410.active, false, '410 Gone disables the webhook');

    // The first attempt is still waiting for its answer when the webhook is deleted: its
    // failure is then not recorded and no retry is scheduled (whatever the machine's load).
    let answer = () => {};
    const rx2 = await receiver([503], new Promise<void>((r) => (answer = r)));
    closers.push(rx2.close);
    const hook2 = (await api(base, 'POST', '/webhooks', { url: rx2.url, events: ['ingest.completed'] })).body.webhook;
    await api(base, 'POST', '/webhooks/fire', { event: 'ingest.completed', data: { contextId: 'ctx_1' } });
    await until(() => rx2.got.length >= 1, 'first attempt');
    assert.equal((await api(base, 'DELETE', `/webhooks/${hook2.id}`)).status, 204);
    answer();
    await new Promise((r) => setTimeout(r, 1200));
    assert.equal(rx2.got.length, 1, 'no retry after delete');
    assert.equal((await api(base, 'DELETE', `/webhooks/${hook2.id}`)).status, 404);
  });

  test('registration and fire honour Idempotency-Key (a retried POST creates nothing twice)', async () => {
    const body = { url: 'http://127.0.0.1:9/idem', events: ['render.failed'] };
    const a = await api(base, 'POST', '/webhooks', body, { 'idempotency-key': 'wh-1' });
    const b = await api(base, 'POST', '/webhooks', body, { 'idempotency-key': 'wh-1' });
    assert.equal(b.status, 201);
    assert.equal(b.body.webhook.id, a.body.webhook.id);
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
    const listed = (await api(base, 'GET', '/webhooks')).body.webhooks.filter((w: any) => w.url === body.url);
    assert.equal(listed.length, 1);
    const c = await api(base, 'POST', '/webhooks', { ...body, events: ['*'] }, { 'idempotency-key': 'wh-1' });
    assert.equal(c.status, 409);
    await api(base, 'DELETE', `/webhooks/${a.body.webhook.id}`);
  });

  test('registration refuses unknown events and SSRF targets', async () => {
    const bad = await api(base, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/x', events: ['render.done'] });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.errors.some((e: any) => e.field === 'events' && /render\.done/.test(e.message)));
    // What can be subscribed to is listed, with descriptions, over REST and GraphQL; every listed type registers.
    const types = (await api(base, 'GET', '/webhooks/events')).body.events as { type: string; description: string }[];
    for (const t of ['render.completed', 'render.failed', 'ingest.completed', 'context.updated', 'workflow.run.completed', 'variant.concluded']) assert.ok(types.some((e) => e.type === t && e.description.length > 10), t);
    assert.ok(!types.some((e) => e.type === 'webhook.test'), 'the test event is not subscribable');
    const gql = await api(base, 'POST', '/graphql', { query: '{ webhookEventTypes { type description } }' });
    assert.deepEqual(gql.body.data.webhookEventTypes, types);
    const all = await api(base, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/all', events: types.map((t) => t.type) });
    assert.equal(all.status, 201, JSON.stringify(all.body));
    await api(base, 'DELETE', `/webhooks/${all.body.webhook.id}`);
    const strictEnv = await createTestEnv();
    const strict = await startTestService(strictEnv, { WORKER_CONCURRENCY: '0' });
    closers.push(async () => {
      await strict.stop();
      await strictEnv.cleanup();
    });
    const targets = [
      'http://127.0.0.1:8080/x', 'http://10.0.0.5/x', 'http://172.16.3.4/x', 'http://192.168.1.10/x', 'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x', 'http://localhost/x', 'ftp://example.org/x', 'not a url', 'http://100.64.1.1/x',
    ];
    for (const url of targets) {
      const r = await api(strict.baseUrl, 'POST', '/webhooks', { url, events: ['*'] });
      assert.equal(r.status, 400, `${url} → ${r.status}`);
      assert.equal(r.body.errors[0].field, 'url', url);
    }
    assert.equal((await api(strict.baseUrl, 'GET', '/webhooks')).body.webhooks.length, 0, 'nothing stored');
  });

  test('a failing render sends render.failed', async () => {
    const rx = await receiver();
    closers.push(rx.close);
    const failEnv = await createTestEnv({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', FFMPEG_PATH: '/bin/false', MAX_ATTEMPTS: '1', WORKER_CONCURRENCY: '1' });
    const child = await spawnService('serve', failEnv.env);
    closers.push(async () => {
      await child.stop('SIGKILL');
      await failEnv.cleanup();
    });
    await api(child.baseUrl, 'POST', '/webhooks', { url: rx.url, events: ['render.failed'], secret: 'whsec_' + Buffer.from('0123456789abcdef0123456789abcdef').toString('base64') });
    const job = await waitForJob(child.baseUrl, (await api(child.baseUrl, 'POST', '/render', { location: 'Nowhere', ...SMALL })).body.jobId);
    assert.equal(job.status, 'failed');
    assert.ok(job.error.code);
    const got = await until(() => rx.got.find((g) => JSON.parse(g.body).type === 'render.failed'), 'render.failed');
    const event = JSON.parse(got.body);
    assert.equal(event.data.jobId, job.jobId);
    assert.equal(event.data.error.code, job.error.code);
  });

  test('deliveries pending at a crash are delivered after a restart', async () => {
    const rx = await receiver([503]);
    closers.push(rx.close);
    const e = await createTestEnv({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_DELAYS: '2', WEBHOOK_TIMEOUT_MS: '2000', WORKER_CONCURRENCY: '0' });
    const first = await spawnService('serve', e.env);
    closers.push(async () => {
      await first.stop('SIGKILL');
      await e.cleanup();
    });
    await api(first.baseUrl, 'POST', '/webhooks', { url: rx.url, events: ['*'] });
    await api(first.baseUrl, 'POST', '/webhooks/fire', { event: 'ingest.completed', data: { n: 1 } });
    await until(() => rx.got.length >= 1, 'first attempt');
    await first.stop('SIGKILL'); // dies with the retry pending
    const second = await spawnService('serve', e.env);
    closers.push(() => second.stop('SIGKILL'));
    // If the kill landed between the receiver's answer and the bookkeeping, the delivery stays leased
    // (timeout + 15 s) before the new process takes it: still delivered, a little later.
    await until(() => rx.got.length >= 2, 'retry after restart', 45_000);
    assert.equal(rx.got[1]!.headers['webhook-id'], rx.got[0]!.headers['webhook-id']);
    await second.stop();
  });
});

function verifies(secret: string, g: Received): boolean {
  try {
    new Webhook(secret).verify(g.body, {
      'webhook-id': String(g.headers['webhook-id']),
      'webhook-timestamp': String(g.headers['webhook-timestamp']),
      'webhook-signature': String(g.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}
