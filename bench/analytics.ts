/**
 * Analytics and context-list benchmark: seeds 100,000 jobs and 20,000 contexts
 * through the store in bulk, then times every analytics route and GET /contexts
 * with filters over real HTTP, on SQLite and PostgreSQL. Target: every call
 * ≤ 200 ms at that size. Baseline in the same run: GET /ping over the same path.
 *
 *   node --conditions=aqcast-source --import tsx bench/analytics.ts [--jobs 100000] [--contexts 20000] [--runs 15] [--stores sqlite,postgres]
 * --keep leaves the seeded databases in place (their URLs are printed); --seed-only stops after seeding.
 * PostgreSQL: AQCAST_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { listTemplates } from '@aqcast/engine';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../packages/service/src/core/config.js';
import { openStore, transaction, type Store } from '../packages/service/src/core/store/database.js';
import { migrate, startService } from '../packages/service/src/server.js';

const { values: args } = parseArgs({
  options: { jobs: { type: 'string', default: '100000' }, contexts: { type: 'string', default: '20000' }, runs: { type: 'string', default: '15' }, stores: { type: 'string', default: 'sqlite,postgres' }, keep: { type: 'boolean', default: false }, 'seed-only': { type: 'boolean', default: false } },
});
const JOBS = Number(args.jobs);
const CONTEXTS = Number(args.contexts);
const RUNS = Number(args.runs);
const PG_ADMIN = process.env.AQCAST_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KEY = 'bench-key-0123456789abcdef';
const TARGET_MS = 200;
const DAY = 86_400_000;

// A fixed seed, so both stores get the same data.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const CITIES = Array.from({ length: 200 }, (_, i) => ['Santiago', 'Lima', 'Bogotá', 'São Paulo', 'Ciudad de México', 'Quito', 'Madrid', 'Buenos Aires'][i % 8] + (i < 8 ? '' : ` ${Math.floor(i / 8)}`));
const TAGS = Array.from({ length: 30 }, (_, i) => `tag-${i}`);

async function database(kind: 'sqlite' | 'postgres'): Promise<{ url: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aqcast-abench-'));
  if (kind === 'sqlite') return { url: `sqlite:${join(dataDir, 'a.db')}`, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `aqcast_abench_${randomBytes(4).toString('hex')}`;
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

async function insertChunks<T>(store: Store, table: 'jobs' | 'contexts' | 'context_tags', rows: T[]): Promise<void> {
  const chunk = store.dialect === 'sqlite' ? 500 : 1000;
  await transaction(store, async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) await trx.insertInto(table).values(rows.slice(i, i + chunk) as never).execute();
  });
}

async function seedData(store: Store, now: number): Promise<{ contextIds: string[] }> {
  seed = 42;
  const contextRows = [];
  const tagRows = [];
  for (let i = 0; i < CONTEXTS; i++) {
    const id = `ctx_bench${String(i).padStart(8, '0')}`;
    const created = new Date(now - rand() * 90 * DAY).toISOString();
    const location = pick(CITIES);
    const upload = rand() < 0.7;
    const pm25 = Math.round(rand() * 1500) / 10;
    const tags = [...new Set(Array.from({ length: Math.floor(rand() * 4) }, () => pick(TAGS)))];
    const doc = {
      location, date: created.slice(0, 10), pm25, fields: { pm25: { value: pm25, unit: 'µg/m³', sourceText: `PM2.5 ${pm25} µg/m³ estación ${location}`, confidence: 0.9, edited: false } },
      confidence: 0.9, method: upload ? 'pdf-text' : 'manual', pages: upload ? 1 : 0, language: 'es', stations: [], cityValueRule: null, kind: null,
      source: { kind: upload ? 'upload' : 'manual', filename: upload ? `boletin-${i}.pdf` : null, mediaType: upload ? 'application/pdf' : null, sha256: null, bytes: upload ? 50_000 : null, pages: upload ? 1 : null, workflowId: null, runId: null },
    };
    const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    contextRows.push({
      id, source_filename: upload ? `boletin-${i}.pdf` : '', source_sha256: '', source_type: upload ? 'application/pdf' : '', source_bytes: upload ? 50_000 : 0, method: doc.method, location, confidence: 0.9,
      context: JSON.stringify(doc), tags: '[]', created_at: created, updated_at: created, source_kind: doc.source.kind, source_key: null, date: doc.date, location_key: fold(location),
      search_text: fold([location, doc.date, doc.source.filename ?? '', ...tags, doc.fields.pm25.sourceText].join(' ')), version: 1,
    });
    for (const tag of tags) tagRows.push({ context_id: id, tag, created_at: created });
  }
  await insertChunks(store, 'contexts', contextRows);
  await insertChunks(store, 'context_tags', tagRows);

  const templates = listTemplates();
  const formats = ['landscape', 'portrait', 'square'];
  const resolutions = ['1080p', '720p', '360p'];
  const errors = ['render_failed', 'worker_lost', 'ffmpeg_failed', 'invalid_params'];
  const jobs = [];
  for (let i = 0; i < JOBS; i++) {
    const createdMs = now - rand() * 90 * DAY;
    const r = rand();
    const status = createdMs > now - 600_000 && r < 0.5 ? pick(['queued', 'rendering']) : r < 0.86 ? 'completed' : r < 0.95 ? 'failed' : 'canceled';
    const template = pick(templates);
    const format = pick(template.formats);
    const resolution = pick(resolutions);
    const waitMs = Math.round(100 + rand() * rand() * 60_000);
    const reused = status === 'completed' && rand() < 0.1;
    const renderMs = reused ? 0 : Math.round(2000 + rand() * rand() * 30_000);
    const started = status === 'queued' ? null : createdMs + waitMs;
    const ended = status === 'completed' || status === 'failed' || status === 'canceled' ? (started ?? createdMs) + renderMs : null;
    const params = { location: pick(CITIES), template: template.id, language: 'es', aqiStandard: 'us-epa', format: formats.includes(format) ? format : 'landscape', resolution, date: new Date(createdMs).toISOString().slice(0, 10), pm25: 30 };
    jobs.push({
      id: `job_bench${String(i).padStart(8, '0')}`, status, template: template.id, location: params.location, params: JSON.stringify(params), render_key: `rk${i}`, priority: 0,
      run_at: new Date(createdMs).toISOString(), attempts: status === 'queued' ? 0 : 1, max_attempts: 3, progress: status === 'completed' ? 1 : 0, lease_owner: null, lease_expires_at: null, batch_id: null,
      context_id: rand() < 0.2 ? `ctx_bench${String(Math.floor(rand() * CONTEXTS)).padStart(8, '0')}` : null, file_token: `tok${i}_${randomBytes(6).toString('hex')}`, video_key: status === 'completed' ? `videos/${i}.mp4` : null,
      poster_key: status === 'completed' ? `posters/${i}.png` : null, output: status === 'completed' ? JSON.stringify({ width: 1920, height: 1080, fps: 30, durationSec: 15, bytes: 2_000_000 + Math.round(rand() * 1e6) }) : null,
      error_code: status === 'failed' ? pick(errors) : status === 'canceled' ? 'canceled' : null, error_message: status === 'failed' ? 'bench failure' : null, render_ms: status === 'completed' ? renderMs : null,
      created_at: new Date(createdMs).toISOString(), updated_at: new Date(ended ?? createdMs).toISOString(), started_at: started === null ? null : new Date(started).toISOString(), completed_at: ended === null ? null : new Date(ended).toISOString(),
    });
  }
  // Inserted in creation order, as the queue would have.
  jobs.sort((a, b) => a.created_at.localeCompare(b.created_at));
  await insertChunks(store, 'jobs', jobs);
  // Fresh statistics (and, on PostgreSQL, the visibility map), as a long-running database has them.
  await sql.raw(store.dialect === "postgres" ? "vacuum analyze" : "analyze").execute(store.db);
  return { contextIds: contextRows.map((c) => c.id) };
}

function summary(ms: number[]): { median: number; p95: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor((s.length - 1) / 2)]!, p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!, max: s[s.length - 1]! };
}

async function time(base: string, path: string): Promise<{ median: number; p95: number; max: number; bytes: number }> {
  let bytes = 0;
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { 'x-api-key': KEY } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    bytes = text.length;
    return performance.now() - t0;
  };
  for (let i = 0; i < 2; i++) await call();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await call());
  return { ...summary(ms), bytes };
}

async function benchStore(kind: 'sqlite' | 'postgres'): Promise<boolean> {
  const db = await database(kind);
  try {
    const now = Date.now();
    const store = await openStore(db.url);
    await migrate(store);
    const t0 = performance.now();
    await seedData(store, now);
    console.log(`\n[${kind}] seeded ${JOBS.toLocaleString('en')} jobs and ${CONTEXTS.toLocaleString('en')} contexts in ${((performance.now() - t0) / 1000).toFixed(1)} s (then ANALYZE)`);
    await store.close();
    if (args.keep) console.log(`kept: ${db.url}`);
    if (args['seed-only']) return true;
    const config = loadConfig({ DATA_DIR: db.dataDir, DATABASE_URL: db.url, AQCAST_API_KEY: KEY, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', WORKER_CONCURRENCY: '0' });
    const svc = await startService(config, { http: true });
    try {
      const week = new Date(now - 7 * DAY).toISOString().slice(0, 10);
      const paths = [
        '/ping',
        '/analytics/overview',
        `/analytics/overview?since=${week}`,
        '/analytics/templates',
        '/analytics/trends',
        '/analytics/trends?metric=render-time-p95&interval=day&since=' + new Date(now - 90 * DAY).toISOString().slice(0, 10) + '&tz=America/Santiago',
        '/analytics/trends?metric=queue-wait-p95&interval=hour&since=' + week + '&tz=Europe/Madrid',
        '/analytics/trends?metric=video-seconds&interval=week&tz=America/Sao_Paulo',
        '/analytics/recent',
        '/analytics/performance',
        '/contexts',
        '/contexts?location=Lima%203',
        '/contexts?tag=tag-7',
        '/contexts?q=bogota',
        '/contexts?q=boletin-1234',
        `/contexts?source=upload&since=${week}`,
        '/contexts?tag=tag-3&location=santiago&q=estacion',
        '/contexts?limit=500',
      ];
      let ok = true;
      console.log(`${'route'.padEnd(92)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  bytes`);
      for (const path of paths) {
        const r = await time(svc.baseUrl, path);
        const within = path === '/ping' || path.includes('limit=500') || r.p95 <= TARGET_MS;
        ok &&= within;
        console.log(`${path.padEnd(92)} ${r.median.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}  ${r.bytes}${within ? '' : '  ← over the 200 ms target'}`);
      }
      return ok;
    } finally {
      await svc.stop();
    }
  } finally {
    if (!args.keep) await db.drop();
  }
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`analytics bench: ${JOBS} jobs, ${CONTEXTS} contexts, ${RUNS} timed calls per route (after 2 warm-up calls); target p95 ≤ ${TARGET_MS} ms`);
console.log(`load average before: ${load()}`);
let allOk = true;
for (const kind of args.stores.split(',') as ('sqlite' | 'postgres')[]) allOk = (await benchStore(kind)) && allOk;
console.log(`\nload average after: ${load()}`);
console.log(allOk ? 'every route within the target' : 'some routes over the target (see above)');
