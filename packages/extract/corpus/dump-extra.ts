/**
 * Debugging aid for the extra families: `node --import tsx packages/extract/corpus/dump-extra.ts ID [--cells]`
 * renders the text PDF of the family ID (multi-page documents page by page), prints
 * the lines pdf.js gives the parser (with their cells when --cells) and what
 * parseBulletinText reads from them: fields with their source text, and stations.
 */
import { PDFDocument } from 'pdf-lib';
import { extraAgencyCorpus } from './agencies-extra.js';
import { textPdf } from './render.js';
import { openPdf, pageLines } from '../src/pdf.js';
import { parseBulletinText } from '../src/parser.js';
import type { TextLine } from '../src/types.js';

const id = process.argv[2];
const cells = process.argv.includes('--cells');
const doc = extraAgencyCorpus().find((d) => d.family === id || d.id === id);
if (!doc) throw new Error(`no family ${id}`);
const pages = doc.pages ?? [doc.blocks];
const out = await PDFDocument.create({ updateMetadata: false });
for (const p of pages) {
  const src = await PDFDocument.load(await textPdf(p));
  for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
}
const pdf = await openPdf(await out.save(), { maxPages: 20, maxPixels: 40_000_000 });
const lines: TextLine[] = [];
for (let n = 1; n <= pdf.numPages; n++) lines.push(...(await pageLines(await pdf.getPage(n))));
for (const l of lines) {
  console.log(`p${l.page ?? '?'} ${l.text}`);
  if (cells && l.cells) console.log(`     cells: ${l.cells.map((c) => `[${c.text}]@${Math.round(c.x0)}`).join(' ')}`);
}
const parsed = parseBulletinText(lines, {});
console.log('\n-- parsed');
console.log(`location=${parsed.location} date=${parsed.date} kind=${parsed.kind}`);
for (const [k, f] of Object.entries(parsed.fields)) {
  if (!f) continue;
  const x = f as { value: unknown; sourceText: string; origin?: string; station?: string; averaging?: string; kind?: string; sourceUnit?: string };
  console.log(`${k}=${x.value} origin=${x.origin ?? ''} station=${x.station ?? ''} avg=${x.averaging ?? ''} kind=${x.kind ?? ''} unit='${x.sourceUnit ?? ''}'  «${x.sourceText}»`);
}
console.log(`stations (${parsed.stations?.length ?? 0}): ${(parsed.stations ?? []).map((s) => `${s.name} ${JSON.stringify(s.values)}`).join(' | ')}`);
console.log('expected', JSON.stringify(doc.expected));
