/**
 * Score the extra agency families (agencies-extra.ts):
 *
 *   node --import tsx packages/extract/corpus/score-extra.ts [--media pdf-text,png] [--only REGEX] [--all-media]
 *
 * Each document is rendered with renderPage (a multi-page document page by page, the
 * PDFs joined), extracted with extractBulletin as the benchmark does, and scored with
 * scoreAgency. Prints per-family results, every miss ("field: want X, got Y") with
 * the sourceText of what was extracted for that field, and the values found that the
 * document does not have. `--media` keeps the documents of those media (default
 * pdf-text); `--all-media` keeps every medium each family lists; `--only` filters ids.
 * OCR'd media are slow (seconds per page): run a few at a time.
 */
import { extraAgencyCorpus, type ExtraAgencyDoc } from './agencies-extra.js';
import { renderDocument as render } from './render.js';
import { scoreAgency, total } from './score.js';
import { configureOcr, ExtractionError, extractBulletin, shutdownOcr, type ExtractedContext } from '../src/index.js';

const LIMITS = { maxBytes: 20 * 1024 * 1024, maxPages: 20, maxPixels: 40_000_000, ocrTimeoutMs: 120_000 };

const arg = (name: string): string | undefined => {
  const k = process.argv.indexOf(name);
  return k > 0 ? process.argv[k + 1] : undefined;
};
const allMedia = process.argv.includes('--all-media');
const media = (arg('--media') ?? 'pdf-text').split(',').map((m) => m.trim());
const only = arg('--only') ? new RegExp(arg('--only')!) : null;
const verbose = process.argv.includes('--verbose');

async function extract(bytes: Uint8Array, name: string): Promise<{ got: ExtractedContext | null; code: string | null; ms: number }> {
  const t = performance.now();
  try {
    return { got: await extractBulletin(bytes, name, LIMITS), code: null, ms: performance.now() - t };
  } catch (err) {
    return { got: null, code: err instanceof ExtractionError ? err.code : String(err), ms: performance.now() - t };
  }
}

const src = (got: ExtractedContext | null, field: string): string => {
  if (!got) return '';
  const f = (got.fields as Record<string, { sourceText?: string; origin?: string; station?: string; sourceUnit?: string; averaging?: string; kind?: string } | undefined>)[field];
  if (!f) return '';
  const meta = [f.origin, f.station && `station ${f.station}`, f.sourceUnit !== undefined && `unit '${f.sourceUnit}'`, f.averaging, f.kind].filter(Boolean).join(', ');
  return `      source: «${f.sourceText ?? ''}»${meta ? ` (${meta})` : ''}`;
};

configureOcr({ recycleAboveRssMb: Infinity });
const corpus = extraAgencyCorpus();
// A document's seed (scan angle, photo distortions) is its place in the whole corpus: the same whatever the filters.
const seedOf = (doc: ExtraAgencyDoc): number => corpus.findIndex((d) => d.id === doc.id) + 1;
const docs = corpus.filter((d) => (allMedia || media.includes(d.medium)) && (!only || only.test(d.id)));
console.log(`extra agency corpus: ${docs.length} documents (${[...new Set(docs.map((d) => d.family))].length} families; media ${allMedia ? 'all listed' : media.join(',')})`);

const results: Array<{ doc: ExtraAgencyDoc; score: ReturnType<typeof scoreAgency> }> = [];
for (const doc of docs) {
  const { bytes, ext } = await render(doc, seedOf(doc));
  const { got, code, ms } = await extract(bytes, `${doc.id}.${ext}`);
  const score = scoreAgency(doc.expected, got, code);
  results.push({ doc, score });
  const head = `${score.correct === score.total ? 'ok  ' : 'MISS'} ${doc.id.padEnd(36)} ${`${score.correct}/${score.total}`.padStart(5)}  ${(ms / 1000).toFixed(2)} s${got ? `  (${got.method}, ${got.pages} p, ${got.stations?.length ?? 0} stations${got.kind ? `, ${got.kind}` : ''})` : `  (${code})`}`;
  console.log(head);
  for (const miss of score.misses) {
    console.log(`    ${miss}`);
    const field = miss.split(':')[0]!;
    const line = src(got, field === 'no-data' ? (['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'] as const).find((p) => got?.[p] !== undefined) ?? '' : field);
    if (line) console.log(line);
  }
  if (score.extra.length && !doc.expected.noData) {
    console.log(`    extra (not in the document): ${score.extra.join(', ')}`);
    for (const e of score.extra) {
      const line = src(got, e.split('=')[0]!);
      if (line) console.log(line);
    }
  }
  if (verbose && got) {
    for (const key of ['location', 'date', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity']) {
      const line = src(got, key);
      if (line) console.log(`    ${key}=${(got as unknown as Record<string, unknown>)[key]}\n${line}`);
    }
  }
}

const pct = (c: number, t: number): string => `${t ? ((100 * c) / t).toFixed(1) : '—'} %`;
console.log('\nper family:');
for (const fam of [...new Set(results.map((r) => r.doc.family))]) {
  const t = total(results.filter((r) => r.doc.family === fam).map((r) => r.score));
  console.log(`  ${fam.padEnd(28)} ${pct(t.correct, t.total).padStart(8)}  ${t.correct}/${t.total}`);
}
console.log('\nper medium:');
for (const m of ['pdf-text', 'pdf-scan', 'png', 'photo']) {
  const rs = results.filter((r) => r.doc.medium === m);
  if (!rs.length) continue;
  const t = total(rs.map((r) => r.score));
  console.log(`  ${m.padEnd(10)} ${pct(t.correct, t.total).padStart(8)}  ${t.correct}/${t.total} fields, ${rs.filter((r) => r.score.correct === r.score.total).length}/${rs.length} documents fully right`);
}
const all = total(results.map((r) => r.score));
const nd = results.filter((r) => r.doc.expected.noData);
console.log(`all        ${pct(all.correct, all.total).padStart(8)}  ${all.correct}/${all.total} fields; no-data documents refused: ${nd.filter((r) => r.score.correct === 1).length}/${nd.length}`);
await shutdownOcr();
