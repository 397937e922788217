/**
 * Variants benchmark, on SQLite and PostgreSQL:
 * - tracking throughput: events per second through POST /variants/:id/track in
 *   batches of 100 (each event with its own eventId), against a service running
 *   as its own process (`aqcast serve`, built JavaScript), from several
 *   concurrent connections;
 * - `winner` latency over HTTP once the events are stored (1,000,000 by default);
 * - baseline in the same run: the same batches through VariantService.track in
 *   this process (no HTTP), so the cost of the HTTP layer is visible.
 * Units are assigned beforehand through the service (assignMany) in this process.
 *
 *   node --import tsx bench/variants.ts [--events 1000000] [--stores sqlite,postgres] [--connections 4]
 * PostgreSQL: AQCAST_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { EventBus } from '../packages/service/src/core/events.js';
import { openStore, type Store } from '../packages/service/src/core/store/database.js';
import { QueueService } from '../packages/service/src/modules/queue/index.js';
import { VariantService } from '../packages/service/src/modules/variants/index.js';
import { migrate } from '../packages/service/src/server.js';

const { values: args } = parseArgs({
  options: { events: { type: 'string', default: '1000000' }, stores: { type: 'string', default: 'sqlite,postgres' }, connections: { type: 'string', default: '4' } },
});
const EVENTS = Number(args.events);
const CONNECTIONS = Number(args.connections);
const EVENTS_PER_UNIT = 5;
const BATCH = 100;
const PG_ADMIN = process.env.AQCAST_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_KEY = 'bench-key-0123456789abcdef';
const root = new URL('..', import.meta.url).pathname;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
/** CPU seconds (user + system) a process has used so far, from /proc (Linux; clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function database(kind: 'sqlite' | 'postgres'): Promise<{ url: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aqcast-vbench-'));
  if (kind === 'sqlite') return { url: `sqlite:${join(dataDir, 'aqcast.db')}`, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `aqcast_vbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function variantsOn(store: Store): VariantService {
  const events = new EventBus();
  events.declare([{ type: 'variant.concluded', description: '' }]);
  const queue = new QueueService(store, { publicBaseUrl: () => 'http://bench', defaultMaxAttempts: 3, leaseSeconds: 30, events });
  // The bench makes no test from a stored context and renders in no brand.
  return new VariantService(store, { queue, events, brands: { forRender: async () => null, brandOfJob: async () => null }, contexts: { valuesOf: async () => null } });
}

async function serve(databaseUrl: string, dataDir: string): Promise<{ baseUrl: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, [join(root, 'packages/service/bin/aqcast.js'), 'serve'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AQCAST_API_KEY: API_KEY, PORT: '0', HOST: '127.0.0.1', WORKER_CONCURRENCY: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`service exited ${code}:\n${out}`)));
  });
  return { baseUrl, proc };
}

const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };

/** The events of unit i: impression, view, maybe complete, maybe click, share — each with its own eventId. */
function eventsOf(i: number): { unitId: string; type: string; eventId: string }[] {
  const unitId = `unit-${i}`;
  const types = ['impression', 'view', i % 10 < 3 ? 'complete' : 'impression', i % 4 === 0 ? 'click' : 'view', 'share'];
  return types.map((type, k) => ({ unitId, type, eventId: `${unitId}:${k}` }));
}

async function run(kind: 'sqlite' | 'postgres'): Promise<void> {
  const db = await database(kind);
  const units = Math.ceil(EVENTS / EVENTS_PER_UNIT);
  const store = await openStore(db.url);
  let server: { baseUrl: string; proc: ChildProcess } | null = null;
  try {
    await migrate(store);
    const variants = variantsOn(store);
    const base = { location: 'Bench', pm25: 40 };
    const test = await variants.create({ name: 'bench', goal: 'complete', base, arms: [{}, { overrides: { format: 'portrait' } }] });
    const baselineTest = await variants.create({ name: 'baseline', goal: 'complete', base, arms: [{}, { overrides: { format: 'portrait' } }] });

    const baselineUnits = Math.min(20_000, units);
    let t0 = performance.now();
    for (let i = 0; i < units; i += 1000) {
      const ids = Array.from({ length: Math.min(1000, units - i) }, (_, k) => `unit-${i + k}`);
      await variants.assignMany(test.id, ids);
      if (i < baselineUnits) await variants.assignMany(baselineTest.id, ids.slice(0, baselineUnits - i));
    }
    const assignSec = (performance.now() - t0) / 1000;
    console.log(`  setup: ${units.toLocaleString()} units assigned in ${assignSec.toFixed(1)} s through assignMany (${Math.round(units / assignSec).toLocaleString()} units/s)`);

    // Baseline: up to 100,000 events through the service in this process, no HTTP.
    const baselineEvents = Array.from({ length: baselineUnits }, (_, i) => eventsOf(i)).flat();
    t0 = performance.now();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < baselineEvents.length; i += BATCH) await variants.track(baselineTest.id, baselineEvents.slice(i, i + BATCH));
    const baselineRate = baselineEvents.length / ((performance.now() - t0) / 1000);
    const baselineCpu = process.cpuUsage(cpu0);
    const baselineUs = (baselineCpu.user + baselineCpu.system) / baselineEvents.length;

    server = await serve(db.url, db.dataDir);
    const bodies: string[] = [];
    let batch: ReturnType<typeof eventsOf> = [];
    for (let i = 0; i < units; i++) {
      for (const e of eventsOf(i)) {
        batch.push(e);
        if (batch.length === BATCH) {
          bodies.push(JSON.stringify({ events: batch }));
          batch = [];
        }
      }
    }
    if (batch.length) bodies.push(JSON.stringify({ events: batch }));
    const url = `${server.baseUrl}/variants/${test.id}/track`;
    const latencies: number[] = [];
    let next = 0;
    let counted = 0;
    const loadBefore = load();
    const serverCpu0 = cpuSecondsOf(server.proc.pid!);
    const clientCpu0 = process.cpuUsage();
    t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (;;) {
          const i = next++;
          if (i >= bodies.length) return;
          const s = performance.now();
          const res = await fetch(url, { method: 'POST', headers, body: bodies[i] });
          const answer = (await res.json()) as { counted: number };
          if (res.status !== 200) throw new Error(`track: ${res.status} ${JSON.stringify(answer)}`);
          counted += answer.counted;
          latencies.push(performance.now() - s);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = cpuSecondsOf(server.proc.pid!) - serverCpu0;
    const clientCpu = process.cpuUsage(clientCpu0);
    const total = units * EVENTS_PER_UNIT;
    console.log(
      `  track over HTTP: ${total.toLocaleString()} events in ${seconds.toFixed(1)} s = ${Math.round(total / seconds).toLocaleString()} events/s (${CONNECTIONS} connections, batches of ${BATCH}; per request p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms; load before ${loadBefore}, after ${load()})`,
    );
    console.log(
      `  CPU: the service process used ${serverCpu.toFixed(1)} s (${((serverCpu / total) * 1e6).toFixed(1)} µs per event, i.e. ${Math.round(total / serverCpu).toLocaleString()} events per CPU-second); this load generator ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s`,
    );
    console.log(`  baseline, VariantService.track in process (no HTTP): ${Math.round(baselineRate).toLocaleString()} events/s, ${baselineUs.toFixed(1)} µs CPU per event (${Math.round(1e6 / baselineUs).toLocaleString()} events per CPU-second)`);
    if (counted !== total) throw new Error(`counted ${counted} of ${total}`);

    const stored = (await store.db.selectFrom('variant_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const winnerMs: number[] = [];
    let decision = '';
    for (let i = 0; i < 30; i++) {
      const s = performance.now();
      const res = await fetch(`${server.baseUrl}/variants/${test.id}/winner`, { headers });
      const body = (await res.json()) as { decision: string; winner: string | null; arms: { exposures: number; conversions: number }[] };
      winnerMs.push(performance.now() - s);
      decision = `${body.decision}${body.winner ? ` (${body.winner})` : ''}, exposures ${body.arms.map((a) => a.exposures).join('/')}, conversions ${body.arms.map((a) => a.conversions).join('/')}`;
    }
    const inProcess: number[] = [];
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      await variants.winner(test.id);
      inProcess.push(performance.now() - s);
    }
    console.log(
      `  winner with ${Number(stored).toLocaleString()} stored events: over HTTP p50 ${pct(winnerMs, 50).toFixed(1)} ms, p95 ${pct(winnerMs, 95).toFixed(1)} ms, max ${Math.max(...winnerMs).toFixed(1)} ms; in process p50 ${pct(inProcess, 50).toFixed(1)} ms — ${decision}`,
    );
  } finally {
    server?.proc.kill('SIGTERM');
    if (server) await new Promise((r) => server!.proc.once('exit', r));
    await store.close();
    await db.drop();
  }
}

// The service process runs the built JavaScript: bring it up to date first (incremental).
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
console.log(`variants benchmark: ${EVENTS.toLocaleString()} events (${EVENTS_PER_UNIT} per unit), Node ${process.version}, load average ${load()}`);
for (const kind of args.stores!.split(',') as ('sqlite' | 'postgres')[]) {
  console.log(`${kind}:`);
  await run(kind);
}
console.log(`target: ≥ 20,000 events/s in batches on SQLite; winner ≤ 100 ms. Load average at the end: ${load()}`);
