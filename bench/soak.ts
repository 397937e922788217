/**
 * Soak: one aqcast process (API + one render worker, PostgreSQL) under an
 * hour of mixed load — renders at 360p, bulletin uploads, webhook events to a
 * local receiver, GraphQL queries, dashboard event streams opened and closed —
 * with the service's resident memory (RSS), open file descriptors and database
 * connections sampled every minute. Prints the table, the figures at 10 minutes
 * (the baseline, once caches are warm) and at the end, and a trend verdict over
 * the samples after the first 10 minutes (least-squares slope, extrapolated to
 * the rest of the run).
 *
 *   node --import tsx bench/soak.ts [minutes, default 60]
 * PostgreSQL: AQCAST_SOAK_PG_URL (default postgres://postgres@127.0.0.1:5432/test); a database is made for the run and dropped after.
 * Run `npm run build` first: the service runs as built JavaScript.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const minutes = Number(process.argv[2] ?? 60);
const KEY = 'soak-key-0123456789abcdef';
const root = new URL('..', import.meta.url).pathname;
const PG_ADMIN = process.env.AQCAST_SOAK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const startedAt = Date.now();
const endAt = startedAt + minutes * 60_000;

// ---- a fresh database and data dir ----------------------------------------------
const dbName = `aqcast_soak_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(PG_ADMIN);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'aqcast-soak-'));

// ---- a webhook receiver -------------------------------------------------------------
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

// ---- the service --------------------------------------------------------------------
const proc = spawn(process.execPath, ['packages/service/bin/aqcast.js', 'serve'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), AQCAST_API_KEY: KEY, PORT: '0', HOST: '127.0.0.1', WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const base = await new Promise<string>((resolve, reject) => {
  const on = (d: Buffer) => {
    output += d.toString();
    const m = /listening on (http:\/\/\S+)/.exec(output);
    if (m) resolve(m[1]!);
  };
  proc.stdout.on('data', on);
  proc.stderr.on('data', on);
  proc.on('exit', (c) => reject(new Error(`service exited ${c}: ${output}`)));
});
const pid = proc.pid!;

const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
const counts: Record<string, number> = { renders: 0, completed: 0, uploads: 0, fired: 0, graphql: 0, streams: 0, errors: 0 };
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    const res = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 500) counts.errors! += 1;
    return { status: res.status, json };
  } catch {
    counts.errors! += 1;
    return { status: 0, json: {} };
  }
}

await call('POST', '/webhooks', { url: receiverUrl, events: ['*'] });

async function bulletin(i: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  ['Boletin de calidad del aire', `Ciudad Soak ${i % 7}, 12 de marzo de 2026`, `MP 2,5: ${20 + (i % 50)} ug/m3`, `NO2: ${10 + (i % 30)} ug/m3`].forEach((t, k) => page.drawText(t, { x: 50, y: 780 - k * 24, size: 14, font }));
  return pdf.save();
}

/** Runs `fn` every `ms` until the end (one at a time). */
async function every(ms: number, fn: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; Date.now() < endAt; i++) {
    const t = Date.now();
    await fn(i).catch(() => (counts.errors! += 1));
    await new Promise((r) => setTimeout(r, Math.max(0, ms - (Date.now() - t))));
  }
}

/** Keeps a dashboard event stream open for `ms`, then closes it. */
async function stream(ms: number): Promise<void> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  try {
    const res = await fetch(`${base}/dashboard/api/events`, { headers: { 'x-api-key': KEY }, signal: ctl.signal });
    counts.streams! += 1;
    const reader = res.body?.getReader();
    // Drained until the abort.
    while (reader && !(await reader.read()).done);
  } catch {
    /* aborted: closed on purpose */
  } finally {
    clearTimeout(timer);
  }
}

const pending = new Set<string>();
const loads = [
  // A 360p render every 20 s (one worker renders them as they come).
  every(20_000, async (i) => {
    const r = await call('POST', '/render', { location: `Soak ${i}`, pm25: 5 + (i % 90), resolution: '360p', format: (['landscape', 'portrait', 'square'] as const)[i % 3] });
    if (r.status === 202) {
      counts.renders! += 1;
      pending.add(String(r.json.jobId));
    }
  }),
  // Poll the renders in flight.
  every(2_000, async () => {
    for (const id of [...pending]) {
      const r = await call('GET', `/render/${id}`);
      if (['completed', 'failed', 'canceled'].includes(String(r.json.status))) {
        pending.delete(id);
        if (r.json.status === 'completed') counts.completed! += 1;
      }
    }
  }),
  // A bulletin upload every 30 s.
  every(30_000, async (i) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await bulletin(i))], { type: 'application/pdf' }), `soak-${i}.pdf`);
    const res = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': KEY }, body: form });
    await res.arrayBuffer();
    if (res.status === 201) counts.uploads! += 1;
    else if (res.status >= 500) counts.errors! += 1;
  }),
  // A webhook event every 5 s (besides render.completed and ingest.completed).
  every(5_000, async (i) => {
    const fired = await call('POST', '/webhooks/fire', { event: 'render.completed', data: { soak: i } });
    if (fired.status >= 200 && fired.status < 300) counts.fired! += 1;
  }),
  // GraphQL every second.
  every(1_000, async () => {
    if ((await call('POST', '/graphql', { query: '{ status { version uptime } queueStats { counts { queued completed } } }' })).status === 200) counts.graphql! += 1;
  }),
  // Three dashboard streams, each reopened every 40–80 s.
  ...[40_000, 60_000, 80_000].map((ms) => every(ms, () => stream(ms - 500))),
];

// ---- sampling -----------------------------------------------------------------------
interface Sample {
  minute: number;
  rssMb: number;
  /** V8 heap in use (from /metrics): tells a JavaScript leak from native memory settling. */
  heapMb: number;
  fds: number;
  dbConnections: number;
}
const samples: Sample[] = [];
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const fds = () => readdirSync(`/proc/${pid}/fd`).length;
async function heapMb(): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { 'x-api-key': KEY } }).catch(() => null);
  const m = /^aqcast_nodejs_heap_size_used_bytes (\d+)/m.exec(res ? await res.text() : '');
  return m ? Math.round(Number(m[1]) / 104857.6) / 10 : 0;
}
const dbConnections = async () => Number((await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [dbName])).rows[0]?.n ?? 0);

console.log(`aqcast soak — ${minutes} min, PostgreSQL, 1 render worker, node ${process.version}, pid ${pid}`);
console.log('minute   RSS MB   heap MB   fds   db conns   renders done/sent   uploads   events fired/received   graphql   streams   5xx');
const sampler = (async () => {
  for (let minute = 1; minute <= minutes; minute++) {
    await new Promise((r) => setTimeout(r, Math.max(0, startedAt + minute * 60_000 - Date.now())));
    const s: Sample = { minute, rssMb: Math.round(rssMb() * 10) / 10, heapMb: await heapMb(), fds: fds(), dbConnections: await dbConnections() };
    samples.push(s);
    console.log(
      `${String(minute).padStart(6)}   ${s.rssMb.toFixed(1).padStart(6)}   ${s.heapMb.toFixed(1).padStart(7)}   ${String(s.fds).padStart(3)}   ${String(s.dbConnections).padStart(8)}   ${`${counts.completed}/${counts.renders}`.padStart(17)}   ${String(counts.uploads).padStart(7)}   ${`${counts.fired}/${received}`.padStart(21)}   ${String(counts.graphql).padStart(7)}   ${String(counts.streams).padStart(7)}   ${String(counts.errors).padStart(3)}`,
    );
  }
})();

await Promise.all([...loads, sampler]);

// ---- verdict ------------------------------------------------------------------------
/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}
const after10 = samples.filter((s) => s.minute >= 10);
const at = (m: number) => samples.find((s) => s.minute === m) ?? samples.at(-1);
const ten = at(10);
const last = samples.at(-1);
console.log(`\nat 10 min (baseline): RSS ${ten?.rssMb} MB (heap ${ten?.heapMb} MB), ${ten?.fds} fds, ${ten?.dbConnections} db connections`);
console.log(`at ${last?.minute} min:            RSS ${last?.rssMb} MB (heap ${last?.heapMb} MB), ${last?.fds} fds, ${last?.dbConnections} db connections`);
if (after10.length >= 3) {
  const span = after10.at(-1)!.minute - after10[0]!.minute;
  // Allowed growth over the measured span: what a heap that is still settling does, not a leak.
  const checks = [
    { what: 'RSS', per: slope(after10.map((s) => [s.minute, s.rssMb])), unit: 'MB', limit: Math.max(20, (ten?.rssMb ?? 0) * 0.1) },
    { what: 'V8 heap', per: slope(after10.map((s) => [s.minute, s.heapMb])), unit: 'MB', limit: Math.max(10, (ten?.heapMb ?? 0) * 0.1) },
    { what: 'open fds', per: slope(after10.map((s) => [s.minute, s.fds])), unit: '', limit: 5 },
    { what: 'db connections', per: slope(after10.map((s) => [s.minute, s.dbConnections])), unit: '', limit: 2 },
  ];
  for (const c of checks) {
    const growth = c.per * span;
    console.log(`${c.what.padEnd(15)} trend ${c.per >= 0 ? '+' : ''}${c.per.toFixed(3)} ${c.unit}/min → ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} ${c.unit} over ${span} min (limit +${c.limit.toFixed(0)}): ${growth <= c.limit ? 'no upward trend' : 'GROWING'}`);
  }
} else {
  console.log('(fewer than 3 samples after minute 10: no trend verdict)');
}
console.log(`totals: ${counts.completed}/${counts.renders} renders completed, ${counts.uploads} uploads, ${counts.fired} events fired, ${received} webhook deliveries received, ${counts.graphql} GraphQL queries, ${counts.streams} event streams, ${counts.errors} 5xx or failed requests`);

proc.kill('SIGTERM');
await new Promise((r) => proc.on('exit', r));
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
receiver.close();
rmSync(dataDir, { recursive: true, force: true });
