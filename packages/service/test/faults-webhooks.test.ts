/**
 * Slow webhook receivers, with the dispatcher in a real service process: one
 * accepts the connection and never answers, one trickles its answer a byte a
 * second. Their attempts time out on schedule (WEBHOOK_TIMEOUT_MS) and are
 * retried on schedule (WEBHOOK_RETRY_DELAYS); a healthy receiver's deliveries,
 * sent meanwhile, are not held up by them.
 */
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { api, createTestEnv, spawnService, STORE, until, type ChildService, type TestEnv } from './helpers.js';

const TIMEOUT_MS = 3000;

describe(`slow webhook receivers (${STORE})`, () => {
  let env: TestEnv;
  let svc: ChildService;
  const servers: Server[] = [];
  const open: ServerResponse[] = [];
  const timers: NodeJS.Timeout[] = [];
  const fastAt: number[] = [];

  async function listen(handler: (res: ServerResponse) => void): Promise<string> {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => handler(res));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOK_RETRY_DELAYS: '1,1' });
    svc = await spawnService('serve', env.env);
  });
  after(async () => {
    for (const t of timers) clearInterval(t);
    for (const res of open) res.destroy();
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
    await svc?.stop('SIGKILL');
    await env?.cleanup();
  });

  test('time out on schedule, retried on schedule, and the others are not delayed', async () => {
    const base = svc.baseUrl;
    const silent = await listen((res) => open.push(res));
    const trickle = await listen((res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      open.push(res);
      timers.push(setInterval(() => res.write('.'), 1000));
    });
    const fast = await listen((res) => {
      fastAt.push(Date.now());
      res.writeHead(204).end();
    });
    const ids: Record<string, string> = {};
    for (const [name, url] of Object.entries({ silent, trickle, fast })) ids[name] = (await api(base, 'POST', '/webhooks', { url, events: ['render.completed'] })).body.webhook.id;

    for (let i = 0; i < 3; i++) assert.equal((await api(base, 'POST', '/webhooks/fire', { event: 'render.completed', data: { i } })).status, 202);
    // The healthy receiver gets every event while the slow ones still hold their first attempts open: it never waits behind them.
    await until(() => fastAt.length >= 3, 'the healthy receiver to get all three');
    for (const name of ['silent', 'trickle']) {
      const ds = (await api(base, 'GET', `/webhooks/${ids[name]}/deliveries`)).body.deliveries as { attempts: number; status: string }[];
      assert.deepEqual(ds.map((d) => [d.status, d.attempts]), [['pending', 0], ['pending', 0], ['pending', 0]], `${name}: its first attempts are still open`);
    }

    for (const name of ['silent', 'trickle']) {
      const log = await until(async () => {
        const r = await api(base, 'GET', `/webhooks/${ids[name]}/deliveries`);
        const ds = r.body.deliveries as { status: string; attempts: number; attemptLog: { attemptedAt: string; error: string | null; durationMs: number; nextRetryAt: string | null }[] }[];
        return ds.length === 3 && ds.every((d) => d.status === 'failed') ? ds : null;
      }, `${name}: every delivery to end after its retries`, 90_000);
      for (const d of log) {
        assert.equal(d.attempts, 3, 'the first attempt and the two retries of WEBHOOK_RETRY_DELAYS');
        for (const a of d.attemptLog) {
          assert.equal(a.error, 'timeout');
          // On schedule: not before the limit, and not long after it (a hung attempt would never end at all).
          assert.ok(a.durationMs >= TIMEOUT_MS - 100 && a.durationMs < 3 * TIMEOUT_MS, `timed out after ${a.durationMs} ms`);
        }
        // An attempt is logged when it ends: each retry ends its delay (1 s, ±jitter) plus the timeout after the one before.
        for (let k = 1; k < d.attemptLog.length; k++) {
          const gap = Date.parse(d.attemptLog[k]!.attemptedAt) - Date.parse(d.attemptLog[k - 1]!.attemptedAt);
          assert.ok(gap >= TIMEOUT_MS + 600 && gap < 3 * TIMEOUT_MS + 5000, `retry ${k} ended ${gap} ms after the attempt before it`);
        }
      }
    }
    const fastLog = (await api(base, 'GET', `/webhooks/${ids.fast}/deliveries`)).body.deliveries as { status: string; attempts: number }[];
    assert.deepEqual(fastLog.map((d) => [d.status, d.attempts]), [['succeeded', 1], ['succeeded', 1], ['succeeded', 1]]);
    assert.equal(svc.proc.exitCode, null);
  });
});
