/**
 * Queue benchmark with a trivial job body (claim + complete, no rendering):
 * jobs per second on SQLite and PostgreSQL with 1 and 2 worker processes, and
 * the wake-up latency from enqueue (in another process) to claim.
 *
 *   node --import tsx bench/queue.ts [jobs, default 2000]
 * PostgreSQL: AQCAST_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { EventBus } from '../packages/service/src/core/events.js';
import { leaseOf } from '../packages/service/src/core/lease/lease.js';
import { openStore, type Store } from '../packages/service/src/core/store/database.js';
import { JobStore, QueueService } from '../packages/service/src/modules/queue/index.js';
import { RenderService } from '../packages/service/src/modules/renders/index.js';
import { migrate } from '../packages/service/src/server.js';

const rendersOn = (store: Store) => new RenderService(new QueueService(store, { publicBaseUrl: () => 'http://bench', defaultMaxAttempts: 3, leaseSeconds: 30, events: new EventBus() }));

const role = process.env.BENCH_ROLE;
const JOBS = Number(process.argv[2] ?? 2000);
const PG_ADMIN = process.env.AQCAST_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Worker child: claims and completes until the queue is empty, then reports its count. */
async function workerMain(url: string): Promise<void> {
  const store = await openStore(url);
  const queue = new JobStore(store);
  let done = 0;
  const t0 = Date.now();
  for (;;) {
    const job = await queue.claim(`bench-${process.pid}`, 30);
    if (!job) break;
    await queue.complete(leaseOf('jobs', job), { videoKey: 'v', posterKey: 'p', output: '{}', renderMs: 0 });
    done++;
  }
  const t1 = Date.now();
  await store.close();
  process.send!({ done, t0, t1 });
}

/** Idle waiter child: wakes on NOTIFY (PostgreSQL) or polls (SQLite), reports claim times. */
async function waiterMain(url: string, pollMs: number, samples: number): Promise<void> {
  const store = await openStore(url);
  const queue = new JobStore(store);
  let wake: (() => void) | null = null;
  await store.listen('aqcast_jobs', () => wake?.());
  process.send!({ ready: true });
  const latencies: number[] = [];
  while (latencies.length < samples) {
    const job = await queue.claim('waiter', 30);
    if (job) {
      latencies.push(Date.now() - Date.parse(job.created_at));
      await queue.complete(leaseOf('jobs', job), { videoKey: 'v', posterKey: 'p', output: '{}', renderMs: 0 });
      continue;
    }
    await new Promise<void>((r) => {
      const t = setTimeout(r, pollMs);
      wake = () => {
        clearTimeout(t);
        r();
      };
    });
  }
  await store.close();
  process.send!({ latencies });
}

async function database(kind: 'sqlite' | 'postgres'): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'aqcast-qbench-'));
    return { url: `sqlite:${join(dir, 'q.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `aqcast_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function child(env: Record<string, string>): Promise<Record<string, unknown>> & { proc: ReturnType<typeof fork> } {
  const proc = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'] });
  const p = new Promise<Record<string, unknown>>((resolve, reject) => {
    proc.on('message', (m) => {
      if (!(m as { ready?: boolean }).ready) resolve(m as Record<string, unknown>);
    });
    proc.on('exit', (c) => c !== 0 && reject(new Error(`child exited ${c}`)));
  }) as Promise<Record<string, unknown>> & { proc: ReturnType<typeof fork> };
  p.proc = proc;
  return p;
}

async function throughput(kind: 'sqlite' | 'postgres', processes: number): Promise<void> {
  const db = await database(kind);
  const store = await openStore(db.url);
  await migrate(store);
  const renders = rendersOn(store);
  for (let i = 0; i < JOBS; i += 500) await renders.createBatch(Array.from({ length: Math.min(500, JOBS - i) }, (_, k) => ({ location: `L${i + k}` })));
  const results = await Promise.all(Array.from({ length: processes }, () => child({ BENCH_ROLE: 'worker', BENCH_URL: db.url })));
  // From the first claim to the last completion, so process start-up is not counted.
  const ms = Math.max(...results.map((r) => r.t1 as number)) - Math.min(...results.map((r) => r.t0 as number));
  const total = results.reduce((s, r) => s + (r.done as number), 0);
  const completed = await store.db.selectFrom('jobs').select(store.db.fn.countAll<number>().as('n')).where('status', '=', 'completed').executeTakeFirstOrThrow();
  console.log(`${kind.padEnd(8)} ${processes} process(es): ${(total / (ms / 1000)).toFixed(0).padStart(6)} jobs/s (claim + complete), ${total} jobs in ${(ms / 1000).toFixed(2)} s; completed rows ${completed.n}; per process ${results.map((r) => r.done).join(' + ')}`);
  await store.close();
  await db.drop();
}

async function wakeLatency(kind: 'sqlite' | 'postgres', pollMs: number): Promise<void> {
  const samples = 20;
  const db = await database(kind);
  const store = await openStore(db.url);
  await migrate(store);
  const renders = rendersOn(store);
  const waiter = child({ BENCH_ROLE: 'waiter', BENCH_URL: db.url, BENCH_POLL_MS: String(pollMs), BENCH_SAMPLES: String(samples) });
  await new Promise<void>((r) => waiter.proc.once('message', () => r()));
  for (let i = 0; i < samples; i++) {
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 100));
    await renders.create({ location: `wake ${i}` });
  }
  const { latencies } = (await waiter) as { latencies: number[] };
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  console.log(`${kind.padEnd(8)} wake-up enqueue → claim (${kind === 'postgres' ? 'LISTEN/NOTIFY' : `polling every ${pollMs} ms`}): median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${latencies.at(-1)} ms`);
  await store.close();
  await db.drop();
}

if (role === 'worker') await workerMain(process.env.BENCH_URL!);
else if (role === 'waiter') await waiterMain(process.env.BENCH_URL!, Number(process.env.BENCH_POLL_MS), Number(process.env.BENCH_SAMPLES));
else {
  console.log(`aqcast queue benchmark — ${JOBS} trivial jobs per run, node ${process.version}`);
  for (const kind of ['sqlite', 'postgres'] as const) for (const n of [1, 2]) await throughput(kind, n);
  await wakeLatency('postgres', 1000);
  await wakeLatency('sqlite', 1000);
  await wakeLatency('sqlite', 100);
}
