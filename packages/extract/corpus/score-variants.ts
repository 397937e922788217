/**
 * How the extractor fares on the corpus documents re-rendered under variants.ts's
 * conditions (fonts, sizes, colours, resolutions, scanners, phone photos):
 *
 *   node --import tsx packages/extract/corpus/score-variants.ts [--only REGEX] [--variants a,b]
 *        [--baseline] [--synthetic-share N] [--out DIR] [--fresh]
 *
 * --only REGEX       documents whose id matches (`agency:rio`, `synthetic:`, `hk-epd|aqmd`)
 * --variants a,b     variant ids (or regular expressions over them); all by default
 * --baseline         also extract the same documents as the corpus renders them (render.ts,
 *                    generate.ts), to compare; their results are cached like the others
 * --synthetic-share  OCR'd variants get one synthetic document in N (default 6, rotating so
 *                    every document gets some); text-PDF variants get them all. 1: all.
 * --out DIR          where failing documents are saved (default /tmp/variants)
 * --fresh            ignore cached results
 * --report-only      extract nothing: report on the cached results only (while a run is going on)
 *
 * Prints accuracy per variant, per medium (beside the original renderings'), per
 * document family and per field, the no-data documents given values, and every
 * miss. Each failing document is saved as DIR/<variant>/<document>.<ext>, with a
 * .png to look at and a .txt holding its misses, the fields found (with the line
 * each was read from) and the whole text the parser was given (OCR'd lines, taken
 * through the language-model hook, which is made to fail so the result is the
 * extractor's own). Results are cached in DIR/results.jsonl, keyed by the bytes of
 * the document and the extractor's sources, so an interrupted or repeated run
 * reads again only what changed.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { agencyCorpus } from './agencies.js';
import { corpusSpecs, renderDoc, type Expected } from './generate.js';
import { renderPage } from './render.js';
import { scoreAgency, scoreExtraction, total, type Score } from './score.js';
import { VARIANTS, renderVariant, variantDocuments, type Variant, type VariantDoc } from './variants.js';
import { configureOcr, ExtractionError, extractBulletin, shutdownOcr, type ExtractedContext } from '../src/index.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    variants: { type: 'string' },
    baseline: { type: 'boolean', default: false },
    'synthetic-share': { type: 'string', default: '6' },
    out: { type: 'string', default: '/tmp/variants' },
    fresh: { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
  },
});
const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxPixels: 40_000_000, ocrTimeoutMs: 120_000 };
const OUT = args.out!;
const SHARE = Math.max(1, Number(args['synthetic-share']));
mkdirSync(OUT, { recursive: true });

// --- what to run ---------------------------------------------------------------------

const only = args.only ? new RegExp(args.only) : null;
const docs = variantDocuments().filter((d) => !only || only.test(d.id));
const wanted = args.variants?.split(',').map((s) => s.trim()).filter(Boolean);
const variants = wanted
  ? VARIANTS.filter((v) => wanted.some((w) => w === v.id || (!VARIANTS.some((x) => x.id === w) && new RegExp(w).test(v.id))))
  : VARIANTS;
if (!variants.length) throw new Error(`no variant matches ${args.variants}; variants: ${VARIANTS.map((v) => v.id).join(', ')}`);

/** OCR'd variants get a rotating share of the synthetic documents (OCR is slow); text PDFs all. */
const applies = (v: Variant, d: VariantDoc): boolean =>
  d.source === 'agency' || v.medium === 'pdf-text' || (d.index + VARIANTS.indexOf(v)) % SHARE === 0;

interface Job {
  /** Variant id, or `original` for the corpus's own rendering. */
  variant: string;
  medium: string;
  doc: VariantDoc;
  /** The document id within its run (the original corpus id for `original`). */
  name: string;
  render: () => Promise<{ bytes: Uint8Array; ext: string; preview?: Buffer }>;
}
const jobs: Job[] = [];
if (args.baseline) {
  const agency = agencyCorpus();
  const synthetic = corpusSpecs();
  for (const d of docs) {
    for (const id of d.originals) {
      const k = agency.findIndex((a) => a.id === id);
      if (k >= 0) {
        const a = agency[k]!;
        jobs.push({ variant: 'original', medium: a.medium, doc: d, name: id, render: () => renderPage(a.blocks, a.medium, k + 1) });
      } else {
        const s = synthetic.find((x) => x.id === id)!;
        jobs.push({
          variant: 'original',
          medium: s.medium,
          doc: d,
          name: id,
          render: async () => {
            const { bytes, filename } = await renderDoc(s);
            return { bytes, ext: filename.split('.').pop()! };
          },
        });
      }
    }
  }
}
for (const v of variants) {
  for (const d of docs) if (applies(v, d)) jobs.push({ variant: v.id, medium: v.medium, doc: d, name: d.id, render: () => renderVariant(d, v) });
}
// Document by document (its original renderings, then every variant): a run cut short has
// compared the variants on the same documents.
const docOrder = new Map(docs.map((d, k) => [d.id, k]));
jobs.sort((a, b) => docOrder.get(a.doc.id)! - docOrder.get(b.doc.id)!);

// --- the cache ------------------------------------------------------------------------

/** The extractor's sources: a cached result is reused only for the same code. */
const srcDir = new URL('../src/', import.meta.url).pathname;
const codeHash = createHash('sha256');
for (const f of readdirSync(srcDir).sort()) if (f.endsWith('.ts')) codeHash.update(f).update(readFileSync(join(srcDir, f)));
const CODE = codeHash.digest('hex').slice(0, 12);

type Got = Pick<ExtractedContext, 'location' | 'date' | 'pm25' | 'pm10' | 'no2' | 'o3' | 'so2' | 'co' | 'temperatura' | 'humidity' | 'method' | 'confidence'> & {
  sources: Record<string, string>;
};
interface Result {
  key: string;
  got: Got | null;
  code: string | null;
  message?: string;
  ms: number;
  /** The text the parser was given. */
  text: string;
}
const cacheFile = join(OUT, 'results.jsonl');
const cache = new Map<string, Result>();
if (!args.fresh && existsSync(cacheFile)) {
  for (const line of readFileSync(cacheFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as Result;
      cache.set(r.key, r);
    } catch {
      // a line cut short by an interrupted run
    }
  }
}

async function extract(bytes: Uint8Array, filename: string): Promise<Omit<Result, 'key'>> {
  let text = '';
  const t = performance.now();
  try {
    const got = await extractBulletin(bytes, filename, LIMITS, {
      // The hook sees the lines the parser read; it fails, so extraction goes on as without it.
      languageModel: async (request) => {
        text = request.text;
        throw new Error('text captured, no model');
      },
      languageModelBelow: Infinity,
    });
    const sources: Record<string, string> = {};
    for (const [k, f] of Object.entries(got.fields)) if (f) sources[k] = f.sourceText;
    const { location, date, pm25, pm10, no2, o3, so2, co, temperatura, humidity, method, confidence } = got;
    return { got: { location, date, pm25, pm10, no2, o3, so2, co, temperatura, humidity, method, confidence, sources }, code: null, ms: performance.now() - t, text };
  } catch (err) {
    const code = err instanceof ExtractionError ? err.code : 'exception';
    return { got: null, code, message: (err as Error).message, ms: performance.now() - t, text };
  }
}

// --- run -----------------------------------------------------------------------------------

configureOcr({ recycleAboveRssMb: Infinity });
const started = performance.now();
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');
console.error(`${jobs.length} documents (${variants.length} variants${args.baseline ? ' + originals' : ''}); extractor ${CODE}; load ${load()}`);

interface Scored {
  job: Job;
  result: Result;
  score: Score;
  ext: string;
}
const scored: Scored[] = [];
let reading = 0;
let cached = 0;
for (const [i, job] of jobs.entries()) {
  const file = await job.render();
  const sha = createHash('sha256').update(file.bytes).digest('hex').slice(0, 16);
  const key = `${job.variant}/${job.name}/${sha}/${CODE}`;
  let result = cache.get(key);
  const fromCache = !!result;
  if (result) cached += 1;
  else if (args['report-only']) continue;
  else {
    result = { key, ...(await extract(file.bytes, `${job.name.replace(/[:/]/g, '_')}.${file.ext}`)) };
    appendFileSync(cacheFile, `${JSON.stringify(result)}\n`);
    cache.set(key, result);
    reading += result.ms;
  }
  const got = result.got as unknown as ExtractedContext | null;
  const score = job.doc.agencyExpected ? scoreAgency(job.doc.agencyExpected, got, result.code) : scoreExtraction(job.doc.syntheticExpected!, got);
  scored.push({ job, result, score, ext: file.ext });
  if (score.misses.length || score.extra.length) await saveFailure(job, file, result, score);
  const elapsed = (performance.now() - started) / 1000;
  console.error(
    `[${i + 1}/${jobs.length}] ${job.variant} ${job.name}: ${score.correct}/${score.total}${score.extra.length ? ` +${score.extra.length} extra` : ''} ${(result.ms / 1000).toFixed(1)} s${fromCache ? ' (cached)' : ''}  elapsed ${elapsed.toFixed(0)} s`,
  );
}
await shutdownOcr();

async function saveFailure(job: Job, file: { bytes: Uint8Array; ext: string; preview?: Buffer }, result: Result, score: Score): Promise<void> {
  const dir = join(OUT, job.variant);
  mkdirSync(dir, { recursive: true });
  const base = join(dir, job.name.replace(/[:/]/g, '_'));
  writeFileSync(`${base}.${file.ext}`, file.bytes);
  if (file.preview && file.ext !== 'png') writeFileSync(`${base}.png`, file.preview);
  else if (!file.preview && file.ext !== 'pdf' && file.ext !== 'png') writeFileSync(`${base}.png`, await sharp(file.bytes).png().toBuffer());
  const lines = [
    `${job.variant} ${job.name} (${job.medium}): ${score.correct}/${score.total}`,
    ...score.misses.map((m) => `MISS  ${m}`),
    ...score.extra.map((e) => `EXTRA ${e}`),
    result.code ? `ERROR ${result.code}: ${result.message ?? ''}` : '',
    '',
    'fields found (source line):',
    ...Object.entries(result.got?.sources ?? {}).map(([k, s]) => `  ${k}: ${s}`),
    '',
    `text the parser was given (${result.got?.method ?? 'no result'}, confidence ${result.got?.confidence ?? '—'}):`,
    result.text,
  ];
  writeFileSync(`${base}.txt`, `${lines.join('\n')}\n`);
}

// --- report ----------------------------------------------------------------------------------

const pct = (c: number, t: number): string => `${t ? ((100 * c) / t).toFixed(1) : '—'} %`.padStart(8);
const sum = (rs: Scored[]) => total(rs.map((r) => r.score));
const row = (label: string, rs: Scored[], width = 28): string => {
  const t = sum(rs);
  return `${label.padEnd(width)} ${pct(t.correct, t.total)}  ${`${t.correct}/${t.total}`.padStart(9)}  ${String(t.extra).padStart(5)}`;
};
const variantRuns = scored.filter((s) => s.job.variant !== 'original');
const originals = scored.filter((s) => s.job.variant === 'original');
const meanSeconds = (rs: Scored[]): string => (rs.length ? (rs.reduce((a, r) => a + r.result.ms, 0) / rs.length / 1000).toFixed(1) : '—');

console.log(`\n== accuracy per variant (fields right / expected; extra = values the document does not have)`);
console.log(`${'variant'.padEnd(28)} ${'medium'.padEnd(9)} ${'accuracy'.padStart(8)}  ${'fields'.padStart(9)}  extra  docs  s/doc  agency     synthetic`);
for (const v of variants) {
  const rs = variantRuns.filter((r) => r.job.variant === v.id);
  if (!rs.length) continue;
  const t = sum(rs);
  const a = sum(rs.filter((r) => r.job.doc.source === 'agency'));
  const s = sum(rs.filter((r) => r.job.doc.source === 'synthetic'));
  console.log(
    `${v.id.padEnd(28)} ${v.medium.padEnd(9)} ${pct(t.correct, t.total)}  ${`${t.correct}/${t.total}`.padStart(9)}  ${String(t.extra).padStart(5)}  ${String(rs.length).padStart(4)}  ${meanSeconds(rs).padStart(5)}  ${pct(a.correct, a.total)}  ${pct(s.correct, s.total)}`,
  );
}
console.log(row('all variants', variantRuns));
if (originals.length) console.log(row('original renderings', originals));

const MEDIA_ORDER = ['pdf-text', 'png', 'jpeg', 'webp', 'pdf-scan', 'photo'];
console.log(`\n== per medium: variants beside the original renderings of the same documents`);
console.log(`${'medium'.padEnd(10)} ${'variants'.padStart(8)}  ${'fields'.padStart(9)}   ${'original'.padStart(8)}  ${'fields'.padStart(9)}`);
for (const m of MEDIA_ORDER) {
  const v = sum(variantRuns.filter((r) => r.job.medium === m));
  const o = sum(originals.filter((r) => r.job.medium === m));
  if (!v.total && !o.total) continue;
  console.log(`${m.padEnd(10)} ${pct(v.correct, v.total)}  ${`${v.correct}/${v.total}`.padStart(9)}   ${pct(o.correct, o.total)}  ${`${o.correct}/${o.total}`.padStart(9)}`);
}
const ocr = (r: Scored): boolean => r.job.medium !== 'pdf-text';
const vo = sum(variantRuns.filter(ocr));
const oo = sum(originals.filter(ocr));
console.log(`${'OCR media'.padEnd(10)} ${pct(vo.correct, vo.total)}  ${`${vo.correct}/${vo.total}`.padStart(9)}   ${pct(oo.correct, oo.total)}  ${`${oo.correct}/${oo.total}`.padStart(9)}`);

console.log(`\n== per document family (variants: every variant run on it; original: its corpus renderings)`);
const families = [...new Set(scored.map((s) => s.job.doc.family))];
console.log(`${'family'.padEnd(24)} ${'variants'.padStart(8)}  ${'fields'.padStart(9)}   ${'original'.padStart(8)}   worst variants`);
for (const f of families) {
  const rs = variantRuns.filter((r) => r.job.doc.family === f);
  const v = sum(rs);
  const o = sum(originals.filter((r) => r.job.doc.family === f));
  const perVariant = variants
    .map((x) => ({ id: x.id, t: sum(rs.filter((r) => r.job.variant === x.id)) }))
    .filter((x) => x.t.total && x.t.correct < x.t.total)
    .sort((a, b) => a.t.correct / a.t.total - b.t.correct / b.t.total)
    .slice(0, 3)
    .map((x) => `${x.id} ${x.t.correct}/${x.t.total}`);
  console.log(`${f.padEnd(24)} ${pct(v.correct, v.total)}  ${`${v.correct}/${v.total}`.padStart(9)}   ${o.total ? pct(o.correct, o.total) : '       —'}   ${perVariant.join(', ')}`);
}

console.log(`\n== per field (variants, by medium)`);
const fieldOf = (miss: string): string => miss.split(':')[0]!;
const fieldsSeen = ['location', 'date', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity', 'no-data'];
const media = MEDIA_ORDER.filter((m) => variantRuns.some((r) => r.job.medium === m));
console.log(`${'field'.padEnd(12)} ${media.map((m) => m.padStart(12)).join('')}`);
for (const field of fieldsSeen) {
  const cells = media.map((m) => {
    const rs = variantRuns.filter((r) => r.job.medium === m);
    const expected = rs.filter((r) => hasField(r, field)).length;
    const missed = rs.filter((r) => r.score.misses.some((x) => fieldOf(x) === field)).length;
    return expected ? `${expected - missed}/${expected}`.padStart(12) : '           —';
  });
  console.log(`${field.padEnd(12)} ${cells.join('')}`);
}
function hasField(r: Scored, field: string): boolean {
  const a = r.job.doc.agencyExpected;
  if (a) return field === 'no-data' ? !!a.noData : a.noData ? false : field === 'location' ? a.location !== null : field === 'date' ? a.date !== null : field in a.values;
  const s = r.job.doc.syntheticExpected as Expected;
  return field !== 'no-data' && (s as unknown as Record<string, unknown>)[field] !== undefined;
}

const invented = variantRuns.filter((r) => r.job.doc.agencyExpected?.noData && r.score.extra.length);
const noData = variantRuns.filter((r) => r.job.doc.agencyExpected?.noData);
console.log(`\n== no-data documents: ${noData.filter((r) => r.score.correct === 1).length}/${noData.length} refused; given values:`);
for (const r of invented) console.log(`  ${r.job.variant} ${r.job.name}: ${r.score.extra.join(', ')}   (${Object.entries(r.result.got?.sources ?? {}).filter(([k]) => r.score.extra.some((e) => e.startsWith(`${k}=`))).map(([k, s]) => `${k} from "${s}"`).join('; ')})`);
if (!invented.length) console.log('  none');

console.log(`\n== misses by cause (a guess from the numbers: see causeOf), per medium`);
const causes = scored.filter((r) => r.job.variant !== 'original').flatMap((r) => r.score.misses.map((m) => ({ r, cause: causeOf(m, r) })));
const causeNames = [...new Set(causes.map((c) => c.cause))].sort();
const causeMedia = MEDIA_ORDER.filter((m) => causes.some((c) => c.r.job.medium === m));
console.log(`${'cause'.padEnd(26)}${causeMedia.map((m) => m.padStart(10)).join('')}     all`);
for (const c of causeNames) {
  const n = (m?: string) => causes.filter((x) => x.cause === c && (!m || x.r.job.medium === m)).length;
  console.log(`${c.padEnd(26)}${causeMedia.map((m) => String(n(m)).padStart(10)).join('')}${String(n()).padStart(8)}`);
}

console.log(`\n== misses (document: field: want X, got Y {cause}) — files and texts under ${OUT}/<variant>/`);
for (const r of scored) {
  if (!r.score.misses.length && !r.score.extra.length) continue;
  const extra = r.score.extra.length ? `  [extra ${r.score.extra.join(', ')}]` : '';
  console.log(`  ${r.job.variant.padEnd(27)} ${r.job.name}: ${r.score.misses.map((m) => `${m} {${causeOf(m, r)}}`).join('; ')}${extra}${r.result.code ? `  (${r.result.code})` : ''}`);
}

/**
 * A guess at why a field was missed, from the numbers alone:
 * - nothing-read: OCR gave (next to) no text; refused: text was read but no value at all was found;
 * - decimal: the value is 10 or 100 times the right one (a decimal point lost) or a tenth of it;
 * - unit: it is the right number with a wrong conversion (ppb/ppm/µg/m³/mg/m³ factors);
 * - cell: it is another number the document does say (another column, row, index, threshold);
 * - misread: a number the document does not say at all (OCR changed digits);
 * - missed (in text) / missed (not in text): no value, though OCR's text has the number / has not;
 * - location-/date-missed, location-/date-wrong; no-data: values given to a document that has none.
 */
function causeOf(miss: string, r: Scored): string {
  const field = miss.split(':')[0]!;
  const text = r.result.text ?? '';
  if (field === 'no-data') return 'no-data-invented';
  if (r.result.code) return text.replace(/\s/g, '').length < 40 ? 'nothing-read' : 'refused';
  const got = /got (.+)$/.exec(miss)?.[1]?.trim() ?? '—';
  const want = /want (.+?), got/.exec(miss)?.[1] ?? '';
  if (field === 'location' || field === 'date') return `${field}-${got === '—' ? 'missed' : 'wrong'}`;
  const w = Number(want);
  const factors = [1, 1.882, 1.963, 2.62, 1.146, 1000, 0.001];
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= Math.max(0.051, Math.abs(b) * 0.006);
  const numbers = (t: string): number[] => [...t.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')));
  if (got === '—') {
    const inText = numbers(text).some((n) => factors.some((f) => near(n * f, w) || near(n, w * f)));
    return inText ? 'missed (in text)' : 'missed (not in text)';
  }
  const g = Number(got);
  const ratio = g / w;
  if ([10, 100, 0.1, 0.01].some((k) => Math.abs(ratio / k - 1) < 0.02)) return 'decimal';
  // Conversions are rounded to 0.1 (CO to 0.001): a unit error matches to that rounding, not 1 %.
  const exact = (a: number, b: number): boolean => Math.abs(a - b) <= Math.max(0.06, Math.abs(b) * 0.002);
  if (factors.slice(1).some((f) => exact(g * f, w) || exact(g, w * f))) return 'unit';
  const written = numbers(docText(r.job.doc));
  if (written.some((n) => factors.some((f) => near(n * f, g) || near(n, g * f)))) return 'cell';
  return 'misread';
}
function docText(d: VariantDoc): string {
  return d.blocks.map((b) => ('text' in b ? b.text : 'rows' in b ? b.rows.flat().join(' ') : 'lines' in b ? b.lines.join(' ') : '')).join(' ');
}
const wall = (performance.now() - started) / 1000;
console.log(`\n${scored.length} documents, ${cached} from the cache; ${(reading / 1000).toFixed(0)} s extracting, ${wall.toFixed(0)} s in all; load average ${load()}`);
