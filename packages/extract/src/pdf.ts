/**
 * PDF access through pdf.js (legacy build, for Node): open with limits, read a
 * page's text layer as positioned lines, render a page to pixels for OCR.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { ExtractionError } from './errors.js';
import type { TextCell, TextLine, TextWord } from './types.js';

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * Image sizes declared in the file's (uncompressed) object dictionaries. A cheap
 * look before pdf.js decodes anything; images inside compressed object streams are
 * not seen here, but pdf.js then drops any image above `maxImageSize` undecoded.
 */
export function declaredImageSizes(bytes: Uint8Array): Array<{ width: number; height: number }> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const out: Array<{ width: number; height: number }> = [];
  for (const m of text.matchAll(/\/Subtype\s*\/Image/g)) {
    const at = m.index ?? 0;
    const dict = text.slice(Math.max(0, text.lastIndexOf('<<', at)), text.indexOf('>>', at) + 2);
    const w = /\/Width\s+(\d+)/.exec(dict);
    const h = /\/Height\s+(\d+)/.exec(dict);
    if (w && h) out.push({ width: Number(w[1]), height: Number(h[1]) });
  }
  return out;
}

/** Open a PDF; maps pdf.js failures to `encrypted_pdf` / `corrupt_file`, and checks the page limit. */
export async function openPdf(bytes: Uint8Array, limits: { maxPages: number; maxPixels: number }): Promise<PDFDocumentProxy> {
  for (const { width, height } of declaredImageSizes(bytes)) {
    if (width * height > limits.maxPixels) {
      throw new ExtractionError('too_many_pixels', `the PDF holds a ${width}×${height} image, above the limit of ${limits.maxPixels} pixels`);
    }
  }
  // pdf.js loads here, not at import: a process that never extracts never pays for it.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes), // pdf.js takes ownership of (detaches) the buffer it is given
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: true,
    maxImageSize: limits.maxPixels,
    standardFontDataUrl: join(pdfjsDir, 'standard_fonts') + '/',
    cMapUrl: join(pdfjsDir, 'cmaps') + '/',
    cMapPacked: true,
    wasmUrl: join(pdfjsDir, 'wasm') + '/',
    verbosity: 0,
  });
  // No onPassword handler: a document that needs a password rejects with PasswordException.
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    const name = err instanceof Error ? err.name : undefined;
    if (name === 'PasswordException' || /password/i.test(String(err instanceof Error ? err.message : err))) {
      throw new ExtractionError('encrypted_pdf', 'the PDF is password-protected; upload an unprotected copy', { cause: err });
    }
    throw new ExtractionError('corrupt_file', `the PDF cannot be read (${(err instanceof Error ? err.message : '') || name || 'invalid structure'})`, { cause: err });
  }
  if (doc.numPages > limits.maxPages) {
    await doc.destroy();
    throw new ExtractionError('too_many_pages', `the PDF has ${doc.numPages} pages, above the limit of ${limits.maxPages}`);
  }
  if (doc.numPages === 0) {
    await doc.destroy();
    throw new ExtractionError('corrupt_file', 'the PDF has no pages');
  }
  return doc;
}

/**
 * A page's text layer as lines: items grouped by baseline (within half a font size,
 * so sub/superscripts stay on their line), ordered left to right, split into cells
 * where the horizontal gap is wider than 1.5 font sizes — so a table row reads as a
 * row — and, inside an item, at runs of two or more spaces (fixed-width text). Each
 * cell keeps its words placed in proportion, and each line its vertical extent.
 */
export async function pageLines(page: PDFPageProxy): Promise<TextLine[]> {
  const content = await page.getTextContent();
  const pageHeight = page.getViewport({ scale: 1 }).height;
  const items: Array<{ str: string; x: number; x1: number; y: number; size: number }> = [];
  for (const i of content.items) {
    if (!('str' in i) || !i.str.trim()) continue;
    const size = Math.hypot(i.transform[2] ?? 0, i.transform[3] ?? 0) || i.height || 10;
    const x = i.transform[4] ?? 0;
    const y = i.transform[5] ?? 0;
    const w = i.width / Math.max(1, i.str.length);
    // "  1  Central LA Co     47   39  0.6": fixed-width columns inside one item.
    for (const m of i.str.matchAll(/\S+(?: \S+)*/g)) {
      const at = m.index ?? 0;
      items.push({ str: m[0], x: x + at * w, x1: x + (at + m[0].length) * w, y, size });
    }
  }
  items.sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Array<{ y: number; size: number; items: typeof items }> = [];
  for (const it of items) {
    const row = rows.find((r) => Math.abs(r.y - it.y) <= Math.max(r.size, it.size) * 0.5);
    if (row) {
      row.items.push(it);
      if (it.size > row.size) {
        row.size = it.size;
        row.y = it.y;
      }
    } else rows.push({ y: it.y, size: it.size, items: [it] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows.map((row) => {
    row.items.sort((a, b) => a.x - b.x);
    const cells: TextCell[] = [];
    let prev: (typeof items)[number] | null = null;
    for (const it of row.items) {
      const last = cells[cells.length - 1];
      const gap = prev ? it.x - prev.x1 : Infinity;
      const words = wordsOf(it);
      if (last && gap <= row.size * 1.5 && gap > -row.size) {
        last.text += (gap > row.size * 0.15 && !/\s$/.test(last.text) && !/^\s/.test(it.str) ? ' ' : '') + it.str;
        last.x1 = Math.max(last.x1, it.x1);
        if (gap > row.size * 0.15) last.words!.push(...words);
        else {
          // Glyph runs that touch ("MP" + "2,5") are one word.
          const lw = last.words![last.words!.length - 1];
          if (lw && words[0]) {
            lw.text += words[0].text;
            lw.x1 = words[0].x1;
            last.words!.push(...words.slice(1));
          } else last.words!.push(...words);
        }
      } else cells.push({ text: it.str, x0: it.x, x1: it.x1, words });
      prev = it;
    }
    for (const c of cells) c.text = c.text.replace(/\s+/g, ' ').trim();
    const top = pageHeight - row.y - row.size * 0.8;
    return { text: cells.map((c) => c.text).join('   '), page: page.pageNumber, cells, fontSize: row.size, y0: top, y1: top + row.size };
  });
}

function wordsOf(it: { str: string; x: number; x1: number }): TextWord[] {
  const w = (it.x1 - it.x) / Math.max(1, it.str.length);
  return [...it.str.matchAll(/\S+/g)].map((m) => ({ text: m[0], x0: it.x + (m.index ?? 0) * w, x1: it.x + ((m.index ?? 0) + m[0].length) * w }));
}

/** Characters of real text on a page; a scanned page has (next to) none. */
export const textAmount = (lines: TextLine[]): number => lines.reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0);

interface CanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
  destroy(cc: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D }): void;
}

/**
 * Longer side of a rendered page, in pixels (~135 dpi on A4): measured on the corpus
 * scans, rendering near the scan's own resolution read better than enlarging to 2200.
 */
export const RENDER_LONG_SIDE = 1600;

/**
 * Render a page to RGBA pixels for OCR, at `longSide` pixels on its longer side but
 * never above `outputPixels` (by default `maxPixels`) in total. A page that needs more
 * than `maxPixels` even at 72 dpi is refused (a huge page is a decompression bomb of its own).
 */
export async function renderPage(
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  maxPixels: number,
  longSide = RENDER_LONG_SIDE,
  outputPixels = maxPixels,
): Promise<{ data: Buffer; width: number; height: number }> {
  const base = page.getViewport({ scale: 1 });
  if (base.width * base.height > maxPixels) {
    throw new ExtractionError('too_many_pixels', `page ${page.pageNumber} is ${Math.round(base.width)}×${Math.round(base.height)} points, above the limit of ${maxPixels} pixels`);
  }
  let scale = longSide / Math.max(base.width, base.height);
  scale = Math.min(scale, Math.sqrt(Math.min(maxPixels, outputPixels) / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const width = Math.floor(viewport.width);
  const height = Math.floor(viewport.height);
  // pdf.js's own canvas factory: it resolves the @napi-rs/canvas build pdf.js was made
  // for (a nested copy may differ from the app's — mixing the two native builds crashes).
  const factory = doc.canvasFactory as CanvasFactory;
  const { canvas, context } = factory.create(width, height);
  try {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const pixels = context.getImageData(0, 0, width, height);
    return { data: Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), width, height };
  } finally {
    factory.destroy({ canvas, context });
  }
}
