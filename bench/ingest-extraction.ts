/**
 * Bulletin extraction benchmark: `node --import tsx bench/ingest-extraction.ts [--quick] [--runs N]`
 *
 * Prints, for the corpus of agencies' and publishers' layouts split by publisher
 * (packages/extract/corpus/split.ts: a development part the rules were written
 * against, a held-out part never read for misses) and the synthetic corpus
 * (corpus/generate.ts): field accuracy per part, per medium and per field, no-data
 * documents refused, values invented (the development part's misses are listed, the
 * held-out part's are not); time per text-PDF page, per scanned page and per image (best of N
 * runs, the machine's load average beside them); scanned pages (the first six) read with the OCR
 * pool's two workers against one worker, the same page both ways back to back (the
 * baseline in the same run); and the peak RSS of a child
 * process extracting a scanned upload. The figures of the previous extractor
 * (commit 462068c, synthetic corpus only) are printed beside as the baseline.
 * `--quick` skips the synthetic corpus; `--text` keeps only the text-PDF documents
 * of both parts and skips OCR (no scans, images or memory child): a fast
 * accuracy check while working on the parser. `--part dev|heldout`, `--media photo,pdf-scan` and
 * `--family <substring of a document id>` keep only those documents (the timing, worker and memory
 * sections need the scans they name and are skipped when a filter leaves them out).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgencyDoc } from '../packages/extract/corpus/agencies.js';
import { corpusSpecs, renderDoc } from '../packages/extract/corpus/generate.js';
import { renderDocument } from '../packages/extract/corpus/render.js';
import { corpusPart, type Part } from '../packages/extract/corpus/split.js';
import { scoreAgency, scoreExtraction, total } from '../packages/extract/corpus/score.js';
import { GLIBC_DEFAULT_ENV, START_ENV, START_ENV_TEXT } from './start-env.js';
import { configureOcr, ExtractionError, extractBulletin, shutdownOcr, type ExtractedContext } from '../packages/extract/src/index.js';

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxPixels: 40_000_000, ocrTimeoutMs: 120_000 };
const textOnly = process.argv.includes('--text');
const quick = process.argv.includes('--quick') || textOnly;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const flag = (name: string): string | null => {
  const k = process.argv.indexOf(name);
  return k > 0 ? (process.argv[k + 1] ?? null) : null;
};
const onlyPart = flag('--part');
const onlyMedia = flag('--media')?.split(',') ?? null;
const onlyFamily = flag('--family');
const filtered = onlyPart !== null || onlyMedia !== null || onlyFamily !== null;
const BASELINE = { textMsPerPage: 17.8, scanMsPerPage: 1108, imageMs: 758, rssMb: 725, synthetic: '86.7 % (text 100 %, OCR 79.5 %)' };

const pct = (c: number, t: number): string => `${t ? ((100 * c) / t).toFixed(1) : '—'} %`.padStart(8);
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');

async function extract(bytes: Uint8Array, name: string): Promise<{ got: ExtractedContext | null; code: string | null; ms: number }> {
  const t = performance.now();
  try {
    const got = await extractBulletin(bytes, name, LIMITS);
    return { got, code: null, ms: performance.now() - t };
  } catch (err) {
    return { got: null, code: err instanceof ExtractionError ? err.code : String(err), ms: performance.now() - t };
  }
}

console.log(`load average at start: ${load()} (2 cores; timings are best of ${RUNS})`);
// Per-page times are of a warm OCR worker: this process is bigger than the service, and
// replacing the worker after every job (as the service does above 384 MB) would time
// worker starts. The service section at the end times uploads as deployed.
configureOcr({ recycleAboveRssMb: Infinity });

// Warm: the OCR worker start and pdf.js loading happen once per process, outside the timings.
const parts = (['dev', 'heldout'] as const).flatMap((part) => corpusPart(part).map((doc, k) => ({ part, doc, seed: k + 1 })));
const docs = parts.filter((d) => (!textOnly || d.doc.medium === 'pdf-text')
  && (onlyPart === null || d.part === onlyPart)
  && (onlyMedia === null || onlyMedia.includes(d.doc.medium))
  && (onlyFamily === null || d.doc.id.includes(onlyFamily)));
const files: Array<{ part: Part; doc: AgencyDoc; bytes: Uint8Array; name: string }> = [];
for (const { part, doc, seed } of docs) {
  const { bytes, ext } = await renderDocument(doc, seed);
  files.push({ part, doc, bytes, name: `${doc.id}.${ext}` });
}
for (const m of ['pdf-text', 'png']) {
  const f = files.find((x) => x.doc.medium === m);
  if (f) await extract(f.bytes, f.name);
}

const results: Array<{ part: Part; doc: AgencyDoc; score: ReturnType<typeof scoreAgency>; ms: number; pages: number }> = [];
for (const f of files) {
  let best = Infinity;
  let last: Awaited<ReturnType<typeof extract>> | null = null;
  const runs = f.doc.medium === 'pdf-text' ? RUNS : 1; // OCR is deterministic and slow: one run
  for (let r = 0; r < runs; r++) {
    last = await extract(f.bytes, f.name);
    best = Math.min(best, last.ms);
  }
  results.push({ part: f.part, doc: f.doc, score: scoreAgency(f.doc.expected, last!.got, last!.code), ms: best, pages: last!.got?.pages ?? 1 });
}

const MEDIA = ['pdf-text', 'pdf-scan', 'png', 'photo'] as const;
for (const part of ['dev', 'heldout'] as const) {
  const rs = results.filter((r) => r.part === part);
  if (rs.length === 0) continue;
  const publishers = new Set(rs.map((r) => r.doc.agency)).size;
  console.log(`\n== ${part === 'dev' ? 'development part' : 'held-out part'}: ${rs.length} documents from ${publishers} publishers (${MEDIA.map((m) => `${rs.filter((r) => r.doc.medium === m).length} ${m}`).join(', ')}; ${rs.filter((r) => r.doc.expected.noData).length} with no concentration, ${rs.filter((r) => r.doc.expected.index).length} of index values)`);
  console.log('medium      accuracy   fields     documents fully right');
  for (const m of MEDIA) {
    const mr = rs.filter((r) => r.doc.medium === m);
    const t = total(mr.map((r) => r.score));
    console.log(`${m.padEnd(10)} ${pct(t.correct, t.total)}   ${`${t.correct}/${t.total}`.padEnd(10)} ${mr.filter((r) => r.score.correct === r.score.total).length}/${mr.length}`);
  }
  const all = total(rs.map((r) => r.score));
  console.log(`${'all'.padEnd(10)} ${pct(all.correct, all.total)}   ${`${all.correct}/${all.total}`.padEnd(10)} ${rs.filter((r) => r.score.correct === r.score.total).length}/${rs.length}`);
  console.log('field       accuracy   (all media)   text PDF');
  const fieldNames = [...new Set(rs.flatMap((r) => r.score.fields.map((f) => f.field)))];
  for (const name of fieldNames) {
    const fs = rs.flatMap((r) => r.score.fields.filter((f) => f.field === name));
    const ts = rs.filter((r) => r.doc.medium === 'pdf-text').flatMap((r) => r.score.fields.filter((f) => f.field === name));
    console.log(`${name.padEnd(10)} ${pct(fs.filter((f) => f.ok).length, fs.length)}   ${`${fs.filter((f) => f.ok).length}/${fs.length}`.padEnd(10)} ${pct(ts.filter((f) => f.ok).length, ts.length)}`);
  }
  const nd = rs.filter((r) => r.doc.expected.noData);
  const ix = rs.filter((r) => r.doc.expected.index);
  console.log(`index documents read whole (index, sub-indices, no concentration): ${ix.filter((r) => r.score.correct === r.score.total && r.score.extra.length === 0).length}/${ix.length}`);
  const invented = rs.filter((r) => r.score.extra.length);
  console.log(`no-data documents refused: ${nd.filter((r) => r.score.correct === 1).length}/${nd.length}; values invented (on any document): ${invented.length ? (part === 'dev' ? invented.map((r) => `${r.doc.id} ${r.score.extra.join(',')}`).join('; ') : invented.reduce((n, r) => n + r.score.extra.length, 0)) : 'none'}`);
  // The held-out part is scored, never read for misses: its figures are the only thing printed.
  if (part === 'dev') for (const r of rs) if (r.score.misses.length) console.log(`  ${r.doc.id}: ${r.score.misses.join('; ')}`);
}

const perPage = (m: string): number[] => results.filter((r) => r.doc.medium === m).map((r) => r.ms / r.pages);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(`\n== time (agency corpus; median over documents of the best of ${RUNS} for text PDFs)   load average now: ${load()}`);
console.log(`text PDF:    ${median(perPage('pdf-text')).toFixed(1)} ms/page   (max ${Math.max(...perPage('pdf-text')).toFixed(0)})   baseline ${BASELINE.textMsPerPage} ms/page`);
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const spread = (m: string): string => `(mean ${(mean(perPage(m)) / 1000).toFixed(2)}, max ${(Math.max(...perPage(m)) / 1000).toFixed(2)})`;
console.log(`scanned PDF: ${(median(perPage('pdf-scan')) / 1000).toFixed(2)} s/page ${spread('pdf-scan')}   baseline ${(BASELINE.scanMsPerPage / 1000).toFixed(2)} s/page (smaller synthetic pages)`);
console.log(`PNG image:   ${(median(perPage('png')) / 1000).toFixed(2)} s/image ${spread('png')}   photo: ${(median(perPage('photo')) / 1000).toFixed(2)} s/image ${spread('photo')}   baseline ${(BASELINE.imageMs / 1000).toFixed(2)} s/image`);

if (!textOnly && !filtered) {
  // The OCR pool's two workers read a page in two parts side by side; the same scans read
  // whole on one worker, in turn with two (this machine's speed drifts from minute to
  // minute, so each page is timed both ways back to back, best of RUNS each).
  const scans = files.filter((f) => f.doc.medium === 'pdf-scan').slice(0, 6);
  const byWorkers: Record<1 | 2, number[]> = { 1: [], 2: [] };
  for (const f of scans) {
    const best: Record<1 | 2, number> = { 1: Infinity, 2: Infinity };
    for (let r = 0; r < RUNS; r++) {
      for (const workers of r % 2 ? ([2, 1] as const) : ([1, 2] as const)) {
        configureOcr({ workers });
        const { ms, got } = await extract(f.bytes, f.name);
        best[workers] = Math.min(best[workers], ms / (got?.pages ?? 1));
      }
    }
    byWorkers[1].push(best[1]);
    byWorkers[2].push(best[2]);
  }
  configureOcr({ workers: 2 });
  const line = (w: 1 | 2): string => `${(median(byWorkers[w]) / 1000).toFixed(2)} s/page (mean ${(mean(byWorkers[w]) / 1000).toFixed(2)}, max ${(Math.max(...byWorkers[w]) / 1000).toFixed(2)})`;
  console.log(`scanned PDF, the same pages in turn: two workers (a page in two parts) ${line(2)}; one worker (whole pages) ${line(1)}   load average now: ${load()}`);
}

if (!quick && !filtered) {
  const synth = [];
  for (const doc of corpusSpecs()) {
    const { bytes, filename } = await renderDoc(doc);
    const { got } = await extract(bytes, filename);
    synth.push({ doc, score: scoreExtraction(doc.expected, got) });
  }
  console.log('\n== synthetic corpus (24 documents)');
  for (const m of ['pdf-text', 'pdf-scan', 'png', 'jpeg', 'webp']) {
    const t = total(synth.filter((r) => r.doc.medium === m).map((r) => r.score));
    console.log(`${m.padEnd(10)} ${pct(t.correct, t.total)}   ${t.correct}/${t.total}, ${t.extra} extra`);
  }
  const t = total(synth.map((r) => r.score));
  console.log(`overall    ${pct(t.correct, t.total)}   ${t.correct}/${t.total}   baseline ${BASELINE.synthetic}`);
}
await shutdownOcr();
if (textOnly || filtered) process.exit(0);

// Peak memory of a process doing one scanned upload (a fresh child: nothing else in its heap),
// running the compiled JavaScript the service runs: under the TypeScript loader pdf.js
// alone took ~400 MB more, which no deployment pays.
const compiled = new URL('../packages/extract/dist/index.js', import.meta.url).pathname;
if (!existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run build\` (npm ci builds it) first`);
const newest = (dir: string): number => Math.max(...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));
if (newest(new URL('../packages/extract/src/', import.meta.url).pathname) > newest(new URL('../packages/extract/dist/', import.meta.url).pathname)) {
  console.log('(warning: packages/extract/src is newer than its build; `npm run build` first for a figure of the current code)');
}
const dir = mkdtempSync(join(tmpdir(), 'aqcast-bench-'));
const scan = files.find((f) => f.doc.id.startsWith('rio-smac-20241226-pdf-scan'))!;
writeFileSync(join(dir, 'scan.pdf'), scan.bytes);
const child = `
import { readFileSync } from 'node:fs';
import { extractBulletin, shutdownOcr } from ${JSON.stringify(compiled)};
const t = performance.now();
await extractBulletin(readFileSync(${JSON.stringify(join(dir, 'scan.pdf'))}), 'scan.pdf', ${JSON.stringify(LIMITS)}).catch((e) => console.error(e.message));
const ms = performance.now() - t;
await shutdownOcr();
console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), ms: Math.round(ms) }));
`;
writeFileSync(join(dir, 'child.mjs'), child);
// Once as `npm start` runs, once with glibc's default.
const childRun = (env: NodeJS.ProcessEnv): { maxRssMb: number; ms: number } =>
  JSON.parse(execFileSync(process.execPath, [join(dir, 'child.mjs')], { encoding: 'utf8', env }).trim().split('\n').pop()!) as { maxRssMb: number; ms: number };
const asStarted = childRun({ ...GLIBC_DEFAULT_ENV, ...START_ENV });
const glibcDefault = childRun(GLIBC_DEFAULT_ENV);
console.log(`\n== memory: peak RSS of a child process extracting one scanned PDF page (cold, OCR worker included): ${asStarted.maxRssMb} MB in ${asStarted.ms} ms with ${START_ENV_TEXT} (as npm start runs), ${glibcDefault.maxRssMb} MB with glibc's default   baseline ${BASELINE.rssMb} MB (bench process)`);

// The service itself, compiled, started as `npm start` starts it, over HTTP: a run of
// uploads (two scans, a photo, the first scan again, a third scan), its peak resident
// size (VmHWM) after each. Target: ≤ 500 MB.
const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as { port: number };
    srv.close(() => resolve(port));
  }).on('error', reject);
});
const port = await freePort();
const key = 'bench-key-0123456789abcdef';
const serviceDir = mkdtempSync(join(tmpdir(), 'aqcast-bench-service-'));
const bin = new URL('../packages/service/bin/aqcast.js', import.meta.url).pathname;
const service = spawn(process.execPath, [bin, 'serve'], { env: { ...GLIBC_DEFAULT_ENV, ...START_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: serviceDir, AQCAST_API_KEY: key }, stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
const hwmMb = (): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/health`).catch(() => null))?.ok) break;
    if (i > 120) throw new Error('the service did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`\n== memory: the service (aqcast serve, ${START_ENV_TEXT}), uploads one after another over HTTP; started at ${hwmMb().toFixed(0)} MB`);
  const run = ['rio-smac-20241226-pdf-scan', 'aqmd-20260112-pdf-scan', 'hk-epd-photo', 'rio-smac-20241226-pdf-scan', 'senamhi-monthly-pdf-scan'];
  for (const id of run) {
    const f = files.find((x) => x.doc.id === id);
    if (!f) continue;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(f.bytes)]), f.name);
    const t = performance.now();
    const res = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'X-Api-Key': key }, body: form });
    await res.arrayBuffer();
    console.log(`  ${f.name.padEnd(36)} ${res.status}  ${((performance.now() - t) / 1000).toFixed(2)} s   peak RSS so far ${hwmMb().toFixed(0)} MB`);
  }
} finally {
  service.kill('SIGTERM');
  await new Promise((r) => service.once('exit', r));
  rmSync(serviceDir, { recursive: true, force: true });
}
