/**
 * What a crash (SIGKILL) leaves, with real processes on one store: a webhook
 * delivery in flight is sent by another node within seconds; a pending
 * Idempotency-Key is taken over within seconds by a retry on another node; the
 * partial files of a killed render are gone once another node finishes the job,
 * and stray work files are removed at startup; the lease engine claims one item
 * per free slot, never a batch a crash can strand; HEAD on the event stream ends.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pino } from 'pino';
import { EventBus } from '../src/core/events.js';
import { leaseOf } from '../src/core/lease/lease.js';
import { LeaseRunner } from '../src/core/lease/runner.js';
import { openStore } from '../src/core/store/database.js';
import { QueueService } from '../src/modules/queue/index.js';
import { migrate } from '../src/server.js';
import { api, createTestEnv, spawnService, STORE, TEST_API_KEY, until, waitForJob, type ChildService } from './helpers.js';

/** A receiver whose answers the test decides: `hold` keeps requests open until released. */
async function receiver() {
  const requests: { at: number; id: string; type: string }[] = [];
  let hold = true;
  const held: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ at: Date.now(), id: String(req.headers['webhook-id']), type: (JSON.parse(Buffer.concat(chunks).toString()) as { type: string }).type });
      if (hold) held.push(res);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    answer: () => {
      hold = false;
      for (const res of held.splice(0)) res.writeHead(204).end();
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe(`crash edges (${STORE})`, () => {
  const cleanup: (() => Promise<unknown> | unknown)[] = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  test('a delivery in flight on a killed node is sent by another within seconds', async () => {
    const rx = await receiver();
    const env = await createTestEnv({ WORKER_CONCURRENCY: '0', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_TIMEOUT_MS: '60000' });
    cleanup.push(() => env.cleanup(), () => rx.close());
    const a = await spawnService('serve', env.env);
    cleanup.push(() => a.stop('SIGKILL'));
    assert.equal((await api(a.baseUrl, 'POST', '/webhooks', { url: rx.url, events: ['*'] })).status, 201);
    assert.equal((await api(a.baseUrl, 'POST', '/webhooks/fire', { event: 'render.completed', data: { n: 1 } })).status, 202);
    // Another node is up already, as in a deployment.
    const b = await spawnService('serve', env.env);
    cleanup.push(() => b.stop('SIGKILL'));
    await until(() => rx.requests.length === 1, 'the delivery to reach the receiver');
    await a.stop('SIGKILL');
    const killedAt = Date.now();
    rx.answer();
    await until(() => rx.requests.length >= 2, 'the delivery to be sent again', 60_000);
    const again = rx.requests[1]!;
    assert.equal(again.id, rx.requests[0]!.id, 'the same event (same webhook-id)');
    // The lease (WEBHOOK_LEASE_SECONDS, 10 s by default) lapses, then the other node claims it: seconds, not the
    // 60 s attempt timeout plus 15 s that the lease of a delivery used to be.
    assert.ok(again.at - killedAt < 30_000, `sent again ${again.at - killedAt} ms after the kill`);
    await b.stop();
  });

  test('a pending Idempotency-Key held by a killed node is taken over by a retry within seconds', async () => {
    const rx = await receiver();
    const env = await createTestEnv({ WORKER_CONCURRENCY: '0', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_TIMEOUT_MS: '60000', IDEMPOTENCY_LEASE_SECONDS: '4' });
    cleanup.push(() => env.cleanup(), () => rx.close());
    const a = await spawnService('serve', env.env);
    cleanup.push(() => a.stop('SIGKILL'));
    const hook = (await api(a.baseUrl, 'POST', '/webhooks', { url: rx.url, events: ['*'] })).body.webhook.id;
    // The test operation waits for the receiver, which holds it: the request is in flight, its key pending.
    void fetch(`${a.baseUrl}/webhooks/${hook}/test`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY, 'idempotency-key': 'crash-key' } }).catch(() => {});
    const b = await spawnService('serve', env.env);
    cleanup.push(() => b.stop('SIGKILL'));
    await until(() => rx.requests.some((r) => r.type === 'webhook.test'), 'the test event to be in flight');
    await a.stop('SIGKILL');
    const killedAt = Date.now();
    rx.answer();
    const statuses: number[] = [];
    const done = await until(async () => {
      const r = await api(b.baseUrl, 'POST', `/webhooks/${hook}/test`, undefined, { 'idempotency-key': 'crash-key' });
      statuses.push(r.status);
      if (r.status === 409) {
        assert.equal(r.body.code, 'idempotency_in_progress');
        const wait = Number(r.headers.get('retry-after'));
        assert.ok(wait >= 1 && wait <= 4, `Retry-After ${wait} within the lease`);
        await new Promise((res) => setTimeout(res, 500));
        return null;
      }
      return r;
    }, 'the key to be taken over', 30_000);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.delivery.status, 'succeeded');
    // Seconds (the 4 s lease), where a dead request's key used to block every retry for 5 minutes.
    assert.ok(Date.now() - killedAt < 30_000, `taken over ${Date.now() - killedAt} ms after the kill (${statuses.join(',')})`);
    const replay = await api(b.baseUrl, 'POST', `/webhooks/${hook}/test`, undefined, { 'idempotency-key': 'crash-key' });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, done.body);
    await b.stop();
  });

  test("a killed render's partial files are gone once another node finishes it; stray work files go at startup", async () => {
    const env = await createTestEnv({ WORKER_LEASE_SECONDS: '3' });
    cleanup.push(() => env.cleanup());
    const work = join(env.dataDir, 'media', '.work');
    const a = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '1' });
    cleanup.push(() => a.stop('SIGKILL'));
    const job = (await api(a.baseUrl, 'POST', '/render', { location: 'Killed mid-render', pm25: 40, resolution: '720p' })).body.jobId;
    await until(async () => (await api(a.baseUrl, 'GET', `/render/${job}`)).body.progress > 0.05, 'the render to be under way', 120_000);
    await a.stop('SIGKILL');
    const left = readdirSync(work);
    assert.ok(left.some((n) => n.startsWith(`lease-${job}-`)), `the killed render left its work: ${left.join(', ')}`);
    // Something a crash left an hour ago, outside any lease.
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, 'ctx_old.upload'), 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(work, 'ctx_old.upload'), old, old);

    const b = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '1' });
    cleanup.push(() => b.stop('SIGKILL'));
    assert.ok(!readdirSync(work).includes('ctx_old.upload'), 'the stray file was removed at startup');
    const done = await waitForJob(b.baseUrl, job, 180_000);
    assert.equal(done.status, 'completed');
    assert.equal(done.attempts, 2, 'taken over after the lease lapsed');
    await until(() => readdirSync(work).length === 0, 'the work directory to be empty', 10_000);
    await b.stop();
  });

  test('the lease engine claims one item per free slot, never a batch', async () => {
    const env = await createTestEnv();
    const store = await openStore(env.databaseUrl);
    cleanup.push(async () => {
      await store.close();
      await env.cleanup();
    });
    await migrate(store);
    const queue = new QueueService(store, { publicBaseUrl: () => 'http://x', defaultMaxAttempts: 3, leaseSeconds: 30, events: new EventBus() });
    const params = (i: number) => ({ location: `Slot ${i}`, template: 'daily-report', language: 'es' as const, aqiStandard: 'us-epa' as const, format: 'landscape' as const, resolution: '360p' as const, date: '2026-01-01' });
    await queue.enqueue(Array.from({ length: 5 }, (_, i) => ({ params: params(i) })));
    let release = () => {};
    const blocked = new Promise<void>((r) => (release = r));
    const runner = new LeaseRunner({
      name: 'test', store, logger: pino({ level: 'silent' }), channel: 'aqcast_jobs', owner: 'node-x', concurrency: 2, leaseMs: 30_000, pollMs: 50,
      claim: (owner) => queue.jobs.claim(owner, 30),
      lease: (job) => leaseOf('jobs', job),
      work: () => blocked,
    });
    await runner.start();
    try {
      await until(() => runner.busy === 2, 'both slots busy');
      await new Promise((r) => setTimeout(r, 300));
      const leased = await store.db.selectFrom('jobs').select(['lease_owner']).where('lease_owner', 'is not', null).execute();
      assert.deepEqual(leased.map((r) => r.lease_owner).sort(), ['node-x#0', 'node-x#1'], 'two slots, two items; the other three stay free for other nodes');
    } finally {
      release();
      await runner.stop(1000);
    }
  });

  test('HEAD on the dashboard event stream answers and ends', async () => {
    const env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    cleanup.push(() => env.cleanup());
    const svc: ChildService = await spawnService('serve', env.env);
    cleanup.push(() => svc.stop('SIGKILL'));
    const res = await fetch(`${svc.baseUrl}/dashboard/api/events`, { method: 'HEAD', headers: { 'x-api-key': TEST_API_KEY }, signal: AbortSignal.timeout(5000) });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    assert.equal((await res.arrayBuffer()).byteLength, 0);
    await svc.stop();
  });
});
