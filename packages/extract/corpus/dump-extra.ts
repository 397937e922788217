/**
 * Debugging aid for the extra families:
 *   node --import tsx packages/extract/corpus/dump-extra.ts ID [--cells] [--ocr DOC-ID [--enlarge]]
 * renders the text PDF of the family ID (multi-page documents page by page), prints
 * the lines pdf.js gives the parser (with their cells when --cells) and what
 * parseBulletinText reads from them: fields with their source text, and stations.
 * With --ocr, the document DOC-ID (e.g. madrid-daily-rows-pdf-scan) is rendered in
 * its medium and read as extraction reads it (scanned page rendered by pdf.js, image
 * preprocessed, one OCR pass — without extraction's second, enlarged reading), and
 * those lines are printed and parsed instead; --enlarge reads the page enlarged, as
 * extraction does for small text. (Multi-page documents are read as one tall page here.)
 */
import { PDFDocument } from 'pdf-lib';
import { extraAgencyCorpus } from './agencies-extra.js';
import { renderPage, textPdf } from './render.js';
import { OcrBudget, ocrImage, shutdownOcr } from '../src/ocr.js';
import { openPdf, pageLines, renderPage as rasterise, RENDER_LONG_SIDE } from '../src/pdf.js';
import { DEFAULT_STEPS, ENLARGED_MAX_PIXELS, preprocessImage } from '../src/preprocess.js';
import { parseBulletinText } from '../src/parser.js';
import type { TextLine } from '../src/types.js';

const id = process.argv[2];
const cells = process.argv.includes('--cells');
const ocrId = process.argv.includes('--ocr') ? process.argv[process.argv.indexOf('--ocr') + 1] : undefined;
const corpus = extraAgencyCorpus();
const doc = corpus.find((d) => d.id === (ocrId ?? id) || (!ocrId && d.family === id));
if (!doc) throw new Error(`no family ${id}`);
const LIMITS = { maxPages: 20, maxPixels: 40_000_000 };
const enlarge = process.argv.includes('--enlarge');
const lines: TextLine[] = [];
if (ocrId) {
  const budget = new OcrBudget(120_000);
  // The seed score-extra.ts gives the document (its place in the corpus).
  const { bytes } = await renderPage(doc.blocks, doc.medium, corpus.indexOf(doc) + 1);
  if (doc.medium === 'pdf-scan') {
    const pdf = await openPdf(bytes, LIMITS);
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const raster = enlarge ? await rasterise(pdf, page, LIMITS.maxPixels, 2 * RENDER_LONG_SIDE, ENLARGED_MAX_PIXELS) : await rasterise(pdf, page, LIMITS.maxPixels, RENDER_LONG_SIDE);
      const prepared = await preprocessImage({ ...raster, channels: 4 }, DEFAULT_STEPS, LIMITS.maxPixels);
      lines.push(...(await ocrImage(prepared.grey, n, { budget, rotateAuto: DEFAULT_STEPS.deskew, localThreshold: prepared.unevenLight })).lines);
    }
  } else {
    const prepared = await preprocessImage(bytes, DEFAULT_STEPS, LIMITS.maxPixels, enlarge);
    lines.push(...(await ocrImage(prepared.grey, 1, { budget, rotateAuto: DEFAULT_STEPS.deskew, localThreshold: prepared.unevenLight })).lines);
  }
  await shutdownOcr();
} else {
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const p of doc.pages ?? [doc.blocks]) {
    const src = await PDFDocument.load(await textPdf(p));
    for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
  }
  const pdf = await openPdf(await out.save(), LIMITS);
  for (let n = 1; n <= pdf.numPages; n++) lines.push(...(await pageLines(await pdf.getPage(n))));
}
for (const l of lines) {
  console.log(`p${l.page ?? '?'} ${l.text}`);
  if (cells && l.cells) console.log(`     cells: ${l.cells.map((c) => `[${c.text}]@${Math.round(c.x0)}`).join(' ')}`);
}
const parsed = parseBulletinText(lines, { ocr: !!ocrId });
console.log('\n-- parsed');
console.log(`location=${parsed.location} date=${parsed.date} kind=${parsed.kind}`);
for (const [k, f] of Object.entries(parsed.fields)) {
  if (!f) continue;
  const x = f as { value: unknown; sourceText: string; origin?: string; station?: string; averaging?: string; kind?: string; sourceUnit?: string };
  console.log(`${k}=${x.value} origin=${x.origin ?? ''} station=${x.station ?? ''} avg=${x.averaging ?? ''} kind=${x.kind ?? ''} unit='${x.sourceUnit ?? ''}'  «${x.sourceText}»`);
}
console.log(`stations (${parsed.stations?.length ?? 0}): ${(parsed.stations ?? []).map((s) => `${s.name} ${JSON.stringify(s.values)}`).join(' | ')}`);
console.log('expected', JSON.stringify(doc.expected));
