/**
 * PostgreSQL stopped for 30 s under a running service (a cluster of the test's
 * own, stopped with `pg_ctl -m fast`, which terminates every connection as an
 * operator's restart does) while renders, an upload and webhook deliveries are
 * in flight: the process stays up; requests in the window answer 503
 * problem+json with Retry-After, never a 500 or a hang; /health names the
 * store; the workers pause and resume by themselves; afterwards every accepted
 * job completes and every event is delivered.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { privateCluster, type PrivateCluster } from '../faults.js';
import { api, createTestEnv, SMALL, spawnService, STORE, TEST_API_KEY, until, waitForJob, type ChildService, type TestEnv } from '../helpers.js';

const OUTAGE_MS = Number(process.env.AQCAST_TEST_OUTAGE_SECONDS ?? 30) * 1000;

async function bulletin(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ['Boletin de calidad del aire', 'Temuco, 3 de mayo de 2026', 'MP 2,5: 61 ug/m3', 'NO2: 22 ug/m3'].forEach((t, i) => page.drawText(t, { x: 50, y: 780 - i * 24, size: 14, font }));
  return Buffer.from(await pdf.save());
}

/** A request that must answer (whatever it says) within `ms`: a hang is a failure. */
async function timed(url: string, init: RequestInit = {}, ms = 15_000): Promise<{ status: number; type: string; retryAfter: string | null; body: any; ms: number }> {
  const t0 = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', retryAfter: res.headers.get('retry-after'), body, ms: Date.now() - t0 };
}

describe(`PostgreSQL stopped for ${OUTAGE_MS / 1000} s (${STORE})`, () => {
  let cluster: PrivateCluster;
  let env: TestEnv;
  let svc: ChildService;
  let receiver: Server;
  const received = new Set<string>();

  before(async () => {
    assert.equal(STORE, 'postgres', 'this suite runs on PostgreSQL');
    cluster = await privateCluster();
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.add(String(req.headers['webhook-id']));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8', LOG_LEVEL: 'warn', WEBHOOK_RETRY_DELAYS: '1,1,2,5' });
    env.env.DATABASE_URL = cluster.url;
    svc = await spawnService('serve', env.env);
  });
  after(async () => {
    await svc?.stop('SIGKILL');
    cluster?.destroy();
    await env?.cleanup();
    receiver?.close();
  });

  test('503 with Retry-After in the window, the process stays up, and afterwards nothing accepted is lost', async () => {
    const base = svc.baseUrl;
    const hook = await api(base, 'POST', '/webhooks', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['*'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await bulletin())], { type: 'application/pdf' }), 'temuco.pdf');
    const upload = await timed(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form }, 60_000);
    assert.equal(upload.status, 201, JSON.stringify(upload.body));
    assert.equal((await api(base, 'POST', '/webhooks/fire', { event: 'render.completed', data: { before: 'outage' } })).status, 202);
    const accepted: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await api(base, 'POST', '/render', { location: `Outage ${i}`, pm25: 10 + i * 20, ...SMALL });
      assert.equal(r.status, 202);
      accepted.push(r.body.jobId);
    }
    // Stop the database while a render is in flight.
    await until(async () => {
      for (const id of accepted) if ((await api(base, 'GET', `/render/${id}`)).body.status === 'rendering') return true;
      return false;
    }, 'a render in flight', 120_000);
    cluster.stop();
    const stoppedAt = Date.now();

    const seen: string[] = [];
    let healthSeen = false;
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      for (const [method, path, body] of [
        ['GET', `/render/${accepted[1]}`, undefined],
        ['POST', '/render', JSON.stringify({ location: 'During', ...SMALL })],
        ['GET', '/renders?limit=5', undefined],
        ['POST', '/graphql', JSON.stringify({ query: '{ queueStats { paused } }' })],
      ] as const) {
        const r = await timed(`${base}${path}`, { method, headers: { 'x-api-key': TEST_API_KEY, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body } : {}) });
        seen.push(`${method} ${path} ${r.status}`);
        if (path === '/graphql') {
          // GraphQL answers 200 with the error in its own terms.
          assert.equal(r.body.errors?.[0]?.extensions?.code, 'store_unavailable', JSON.stringify(r.body));
          continue;
        }
        assert.equal(r.status, 503, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
        assert.match(r.type, /application\/problem\+json/);
        assert.equal(r.body.code, 'store_unavailable');
        assert.ok(Number(r.retryAfter) > 0, 'Retry-After');
      }
      const health = await timed(`${base}/health`);
      assert.equal(health.status, 503);
      assert.equal(health.body.store.ok, false);
      assert.match(health.body.store.detail, /postgres unreachable/);
      healthSeen = true;
      assert.equal(svc.proc.exitCode, null, `the service died:\n${svc.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    assert.ok(healthSeen && seen.length >= 8, seen.join('\n'));
    cluster.start();

    // Workers and the dispatcher resume by themselves: every accepted job completes, every event is delivered.
    for (const id of accepted) {
      const job = await waitForJob(base, id, 300_000);
      assert.equal(job.status, 'completed', JSON.stringify(job));
    }
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      const events = await until(async () => {
        const { rows } = await db.query<{ id: string; pending: string }>(
          "select e.id, (select count(*) from webhook_deliveries d where d.event_id = e.id and d.status <> 'succeeded') as pending from webhook_events e",
        );
        return rows.length >= 7 && rows.every((r) => Number(r.pending) === 0) ? rows : null;
      }, 'every event delivered', 120_000);
      // 4 render.completed, ingest.completed, context.created, the fired event: each received by the webhook.
      for (const e of events) assert.ok(received.has(e.id), `event ${e.id} reached the receiver`);
    } finally {
      await db.end();
    }
    assert.equal(svc.proc.exitCode, null);
    const out = svc.output();
    assert.doesNotMatch(out, /"level":60|Unhandled|uncaught/i, 'no crash or fatal line');
    assert.match(out, /claiming paused until it answers/, 'the workers paused');
    assert.match(out, /claiming resumed/, 'and resumed by themselves');
  });
});
