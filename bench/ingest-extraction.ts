/**
 * Bulletin extraction benchmark: `node --import tsx bench/ingest-extraction.ts [--quick]`
 *
 * Prints time per text-PDF page, per scanned page and per image, peak RSS, the
 * field-level accuracy over the generated corpus (per medium and overall), and a
 * comparison of OCR preprocessing steps: accuracy and time on the OCR'd part of
 * the corpus with each step switched against the defaults. `--quick` skips the
 * comparison.
 */
import {
  DEFAULT_STEPS,
  extractBulletin,
  shutdownOcr,
  type ExtractedContext,
  type PreprocessSteps,
} from '../packages/service/src/ingest/extraction/index.js';
import { corpusSpecs, renderDoc, type CorpusDoc } from '../packages/service/src/ingest/extraction/corpus/generate.js';
import { scoreExtraction, total, type Score } from '../packages/service/src/ingest/extraction/corpus/score.js';

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxPixels: 40_000_000, ocrTimeoutMs: 120_000 };
const quick = process.argv.includes('--quick');

interface Run {
  doc: CorpusDoc;
  ms: number;
  score: Score;
  pages: number;
}

async function runAll(files: Array<{ doc: CorpusDoc; bytes: Uint8Array; filename: string }>, steps?: Partial<PreprocessSteps>): Promise<Run[]> {
  const runs: Run[] = [];
  for (const f of files) {
    const t = performance.now();
    let got: ExtractedContext | null = null;
    try {
      got = await extractBulletin(f.bytes, f.filename, LIMITS, { preprocess: steps });
    } catch {
      got = null; // counted as all fields missed
    }
    runs.push({ doc: f.doc, ms: performance.now() - t, score: scoreExtraction(f.doc.expected, got), pages: got?.pages ?? 1 });
  }
  return runs;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

const docs = corpusSpecs();
const files = [];
for (const doc of docs) files.push({ doc, ...(await renderDoc(doc)) });
console.log(`corpus: ${docs.length} documents (${['pdf-text', 'pdf-scan', 'png', 'jpeg', 'webp'].map((m) => `${docs.filter((d) => d.medium === m).length} ${m}`).join(', ')})`);

// Start the OCR worker and load pdf.js outside the timings: both happen once per process.
for (const medium of ['png', 'pdf-text'] as const) {
  const tStart = performance.now();
  const warm = files.find((f) => f.doc.medium === medium);
  if (warm) await extractBulletin(warm.bytes, warm.filename, LIMITS).catch(() => null);
  console.log(`first ${medium === 'png' ? 'image (starts the OCR worker)' : 'text PDF (loads pdf.js)'}: ${(performance.now() - tStart).toFixed(0)} ms`);
}

const runs = await runAll(files);
const by = (m: string): Run[] => runs.filter((r) => r.doc.medium === m);
const textRuns = by('pdf-text');
const scanRuns = by('pdf-scan');
const imageRuns = runs.filter((r) => ['png', 'jpeg', 'webp'].includes(r.doc.medium));
console.log('\n== timings (defaults, warm worker)');
console.log(`text PDF:    ${(mean(textRuns.map((r) => r.ms / r.pages))).toFixed(1)} ms/page  (${textRuns.length} docs)`);
console.log(`scanned PDF: ${(mean(scanRuns.map((r) => r.ms / r.pages))).toFixed(0)} ms/page  (${scanRuns.length} docs)`);
console.log(`image:       ${(mean(imageRuns.map((r) => r.ms))).toFixed(0)} ms/image (${imageRuns.length} docs)`);

console.log('\n== field-level accuracy (defaults)');
for (const m of ['pdf-text', 'pdf-scan', 'png', 'jpeg', 'webp']) {
  const t = total(by(m).map((r) => r.score));
  console.log(`${m.padEnd(9)} ${pct(t.accuracy).padStart(8)}  (${t.correct}/${t.total}, ${t.extra} extra)`);
}
const all = total(runs.map((r) => r.score));
const ocrAll = total(runs.filter((r) => r.doc.medium !== 'pdf-text').map((r) => r.score));
console.log(`OCR'd     ${pct(ocrAll.accuracy).padStart(8)}  (${ocrAll.correct}/${ocrAll.total})`);
console.log(`overall   ${pct(all.accuracy).padStart(8)}  (${all.correct}/${all.total}, ${all.extra} extra)`);
for (const r of runs) if (r.score.misses.length) console.log(`  ${r.doc.id}: ${r.score.misses.join('; ')}`);

if (!quick) {
  console.log('\n== preprocessing (OCR\'d documents only; each row changes one step from the defaults)');
  const ocrFiles = files.filter((f) => f.doc.medium !== 'pdf-text');
  const none: Partial<PreprocessSteps> = Object.fromEntries(Object.keys(DEFAULT_STEPS).map((k) => [k, false]));
  const variants: Array<[string, Partial<PreprocessSteps>]> = [
    ['defaults', {}],
    ['none at all', none],
    ...(Object.keys(DEFAULT_STEPS) as Array<keyof PreprocessSteps>).map((k): [string, Partial<PreprocessSteps>] => [
      `${DEFAULT_STEPS[k] ? 'without' : 'with'} ${k}`,
      { [k]: !DEFAULT_STEPS[k] },
    ]),
  ];
  console.log(`defaults: ${Object.entries(DEFAULT_STEPS).filter(([, v]) => v).map(([k]) => k).join(', ')}`);
  for (const [name, steps] of variants) {
    const rs = await runAll(ocrFiles, steps);
    const t = total(rs.map((r) => r.score));
    console.log(`${name.padEnd(20)} accuracy ${pct(t.accuracy).padStart(7)}  mean ${mean(rs.map((r) => r.ms)).toFixed(0).padStart(5)} ms/doc`);
  }
}

await shutdownOcr();
console.log(`\npeak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
