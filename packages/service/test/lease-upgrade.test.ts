/**
 * Upgrading a store written before the lease engine: the lease columns are
 * added (a fencing token everywhere; deliveries trade their ownerless
 * `lease_until` for an owner and an expiry), and the work that was in flight
 * then is finished now — a job whose worker died is rendered again, a
 * delivery leased by the old dispatcher is sent once its lease has passed, a
 * pending Idempotency-Key of the old version can be taken over.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { requestHash } from '../src/core/idempotency.js';
import { openStore } from '../src/core/store/database.js';
import { migrateToLatest } from '../src/core/store/migrations.js';
import { allMigrations, type RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, until, waitForJob, type TestEnv } from './helpers.js';

const LEASE_MIGRATIONS = /^202612011\d{3}_/;

describe(`upgrade: leased work from before the lease engine (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let receiver: Server;
  const received: string[] = [];
  const past = new Date(Date.now() - 60_000).toISOString();

  before(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['webhook-id']));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' });
    const store = await openStore(env.databaseUrl);
    const all = allMigrations();
    // The old version: every migration that sorts before the lease engine's (later ones, such as brands, came after it).
    const firstLease = Object.keys(all).filter((name) => LEASE_MIGRATIONS.test(name)).sort()[0] ?? '';
    const applied = await migrateToLatest(store, Object.fromEntries(Object.entries(all).filter(([name]) => name < firstLease)));
    assert.ok(applied.length > 5 && !applied.some((n) => LEASE_MIGRATIONS.test(n)));
    const params = { location: 'Antofagasta', template: 'daily-report', language: 'es', aqiStandard: 'us-epa', format: 'landscape', resolution: '360p', date: '2026-02-01' };
    // A job its worker was rendering when the old version stopped: lease expired, one attempt used.
    await sql`insert into jobs (id, status, template, location, params, render_key, priority, run_at, attempts, max_attempts, progress, lease_owner, lease_expires_at, file_token, created_at, updated_at, started_at)
      values ('job_before_lease1', 'rendering', 'daily-report', 'Antofagasta', ${JSON.stringify(params)}, 'rk-before', 0, ${past}, 1, 3, 0.4, 'old-node#0', ${past}, 'tokenbeforelease00001', ${past}, ${past}, ${past})`.execute(store.db);
    // A delivery the old dispatcher had leased (no owner known), and its event.
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await sql`insert into webhooks (id, url, events, secret, active, created_at) values ('wh_before_lease', ${hookUrl}, '["*"]', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 1, ${past})`.execute(store.db);
    await sql`insert into webhook_events (id, type, body, created_at) values ('evt_before_lease', 'render.completed', '{"id":"evt_before_lease","type":"render.completed","timestamp":"2026-02-01T00:00:00Z","data":{}}', ${past})`.execute(store.db);
    await sql`insert into webhook_deliveries (id, webhook_id, event_id, event_type, status, attempts, next_attempt_at, lease_until, created_at, updated_at)
      values ('dlv_before_lease', 'wh_before_lease', 'evt_before_lease', 'render.completed', 'pending', 0, ${past}, ${past}, ${past}, ${past})`.execute(store.db);
    // A key whose request was running when the old version stopped.
    const hash = requestHash({ params: {}, query: {}, body: { location: 'Retry' } });
    await sql`insert into idempotency_keys (key, route, request_hash, status_code, response_body, created_at) values ('key-before-lease', 'POST /render', ${hash}, 0, '', ${new Date().toISOString()})`.execute(store.db);
    await store.close();
    svc = await startTestService(env);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    receiver?.close();
  });

  test('the columns are there and the in-flight work of the old version is finished', async () => {
    const db = svc.store.db;
    const delivery = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', 'dlv_before_lease').executeTakeFirstOrThrow();
    assert.equal('lease_until' in delivery, false, 'lease_until is gone');
    const job = await waitForJob(svc.baseUrl, 'job_before_lease1', 180_000);
    assert.deepEqual([job.status, job.attempts], ['completed', 2]);
    await until(() => received.includes('evt_before_lease'), 'the old delivery to be sent');
    const sent = await db.selectFrom('webhook_deliveries').select(['status', 'lease_owner', 'lease_token']).where('id', '=', 'dlv_before_lease').executeTakeFirstOrThrow();
    assert.deepEqual([sent.status, sent.lease_owner, Number(sent.lease_token)], ['succeeded', null, 1]);
    // The pending key from before has no live lease: a retry takes it over at once and runs (not a 409 for 5 minutes).
    const retry = await api(svc.baseUrl, 'POST', '/render', { location: 'Retry' }, { 'idempotency-key': 'key-before-lease' });
    assert.equal(retry.status, 202, JSON.stringify(retry.body));
    const row = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'key-before-lease').executeTakeFirstOrThrow();
    assert.deepEqual([row.status_code, Number(row.lease_token), row.lease_owner], [202, 1, null]);
    const replay = await api(svc.baseUrl, 'POST', '/render', { location: 'Retry' }, { 'idempotency-key': 'key-before-lease' });
    assert.equal(replay.body.jobId, retry.body.jobId);
  });
});
