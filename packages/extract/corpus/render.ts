/**
 * Rendering of corpus documents described as data: a page layout (titles, text,
 * wrapped paragraphs, tables with stacked header cells, fixed-width text) laid out
 * once in PDF points, then drawn as a text PDF (pdf-lib), a page image (canvas),
 * a scanned PDF (the image as the page, no text layer) or a phone photo (the image
 * sheared, rotated, unevenly lit, blurred, noisy, JPEG-compressed). Every medium
 * is deterministic: the same blocks and seed give the same bytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';

/** A block of a page. Table cells may hold "\n" for stacked lines; `align` right-aligns number columns. */
export type PageBlock =
  | { kind: 'title' | 'text' | 'small' | 'para'; text: string }
  | { kind: 'table'; rows: string[][]; header?: number; size?: number }
  | { kind: 'mono'; lines: string[] }
  /** Prose set in side-by-side columns (a newspaper page): each column a list of paragraphs, wrapped, top- and left-aligned. */
  | { kind: 'columns'; columns: string[][]; size?: number }
  | { kind: 'gap' };

export type RenderMedium = 'pdf-text' | 'pdf-scan' | 'png' | 'photo';

const require = createRequire(import.meta.url);
const INTER = join(dirname(require.resolve('@expo-google-fonts/inter/package.json')), '400Regular', 'Inter_400Regular.ttf');
const INTER_BOLD = join(dirname(require.resolve('@expo-google-fonts/inter/package.json')), '700Bold', 'Inter_700Bold.ttf');

type FontName = 'sans' | 'bold' | 'mono';
interface Op {
  text: string;
  x: number;
  /** Baseline, from the top of the page, in points. */
  y: number;
  size: number;
  font: FontName;
}

const PAGE_W = 595;
const MARGIN = 40;
const fonts = {
  sans: fontkit.create(readFileSync(INTER)),
  bold: fontkit.create(readFileSync(INTER_BOLD)),
};
const width = (t: string, font: FontName, size: number): number => {
  if (font === 'mono') return t.length * size * 0.6;
  const f = fonts[font] as unknown as { layout(s: string): { advanceWidth: number }; unitsPerEm: number };
  return (f.layout(t).advanceWidth / f.unitsPerEm) * size;
};

/** Lay the blocks out on one page: positioned text runs and the page height used. */
export function layout(blocks: PageBlock[]): { ops: Op[]; height: number } {
  const ops: Op[] = [];
  let y = MARGIN;
  const text = (t: string, size: number, font: FontName, x = MARGIN): void => {
    y += size;
    ops.push({ text: t, x, y, size, font });
    y += size * 0.55;
  };
  for (const b of blocks) {
    if (b.kind === 'gap') y += 10;
    else if (b.kind === 'title') {
      // Long titles wrap, as a layout program would.
      let line = '';
      for (const w of b.text.split(/\s+/)) {
        const next = line ? `${line} ${w}` : w;
        if (width(next, 'bold', 14) > PAGE_W - 2 * MARGIN && line) {
          text(line, 14, 'bold');
          line = w;
        } else line = next;
      }
      if (line) text(line, 14, 'bold');
    }
    else if (b.kind === 'small') text(b.text, 8, 'sans');
    else if (b.kind === 'text') text(b.text, 10, 'sans');
    else if (b.kind === 'para') {
      let line = '';
      for (const w of b.text.split(/\s+/)) {
        const next = line ? `${line} ${w}` : w;
        if (width(next, 'sans', 10) > PAGE_W - 2 * MARGIN && line) {
          text(line, 10, 'sans');
          line = w;
        } else line = next;
      }
      if (line) text(line, 10, 'sans');
      y += 4;
    } else if (b.kind === 'columns') {
      const size = b.size ?? 9.5;
      const gutter = 18;
      const n = b.columns.length;
      const colW = (PAGE_W - 2 * MARGIN - gutter * (n - 1)) / n;
      const wrapped = b.columns.map((paras) => paras.flatMap((para, k) => {
        const out: string[] = k > 0 ? [''] : [];
        let line = '';
        for (const w of para.split(/\s+/)) {
          const next = line ? `${line} ${w}` : w;
          if (width(next, 'sans', size) > colW && line) {
            out.push(line);
            line = w;
          } else line = next;
        }
        if (line) out.push(line);
        return out;
      }));
      const rows = Math.max(...wrapped.map((c) => c.length));
      wrapped.forEach((lines, c) => lines.forEach((l, r) => {
        if (l) ops.push({ text: l, x: MARGIN + c * (colW + gutter), y: y + size + r * size * 1.4, size, font: 'sans' });
      }));
      y += rows * size * 1.4 + size * 0.55 + 4;
    } else if (b.kind === 'mono') {
      // Fixed-width text as wide as the page allows (a long CSV row gets a smaller font).
      const size = Math.min(7.5, (PAGE_W - 2 * MARGIN) / (Math.max(...b.lines.map((l) => l.length)) * 0.6));
      for (const l of b.lines) text(l, size, 'mono');
      y += 4;
    } else if (b.kind === 'table') {
      const size = b.size ?? 9;
      const header = b.header ?? 1;
      const n = Math.max(...b.rows.map((r) => r.length));
      const font = (r: number): FontName => (r < header ? 'bold' : 'sans');
      // A cell starting "»" spans to the row's end ("Temporariamente indisponível"): it does not widen its column.
      const colW = Array.from({ length: n }, (_, c) => Math.max(...b.rows.map((r, ri) => ((r[c] ?? '').startsWith('»') ? 0 : Math.max(...(r[c] ?? '').split('\n').map((l) => width(l, font(ri), size)))))));
      const gap = Math.min(16, Math.max(6, (PAGE_W - 2 * MARGIN - colW.reduce((a, w) => a + w, 0)) / Math.max(1, n - 1)));
      y += 2;
      for (const [ri, row] of b.rows.entries()) {
        const lines = Math.max(...row.map((c) => c.split('\n').length));
        let x = MARGIN;
        row.forEach((raw, c) => {
          const span = raw.startsWith('»');
          const cell = span ? raw.slice(1) : raw;
          const ls = cell.split('\n');
          // Header cells are centred over their column, as HTML tables draw them; values too.
          ls.forEach((l, k) => {
            const w = width(l, font(ri), size);
            const cx = c === 0 || span ? x : x + (colW[c]! - w) / 2;
            ops.push({ text: l, x: cx, y: y + size + k * size * 1.25 + (lines - ls.length) * size * 0.6, size, font: font(ri) });
          });
          x += colW[c]! + gap;
        });
        y += lines * size * 1.25 + size * 0.5;
      }
      y += 6;
    }
  }
  return { ops, height: Math.max(842, y + MARGIN) };
}

/** A text PDF: Inter embedded (µ, ³, ₂ are real characters), Courier for fixed-width text. */
export async function textPdf(blocks: PageBlock[]): Promise<Uint8Array> {
  const { ops, height } = layout(blocks);
  const pdf = await PDFDocument.create({ updateMetadata: false }); // no creation date: the same document gives the same bytes
  pdf.registerFontkit(fontkit);
  const f = {
    sans: await pdf.embedFont(readFileSync(INTER), { subset: true }),
    bold: await pdf.embedFont(readFileSync(INTER_BOLD), { subset: true }),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const page = pdf.addPage([PAGE_W, height]);
  for (const op of ops) page.drawText(op.text, { x: op.x, y: height - op.y, size: op.size, font: f[op.font], color: rgb(0.08, 0.08, 0.08) });
  return pdf.save();
}

let registered = false;
/** The page as an image, `scale` pixels per point. */
export function pageImage(blocks: PageBlock[], scale = 2): Buffer {
  if (!registered) {
    GlobalFonts.registerFromPath(INTER, 'CorpusInter');
    GlobalFonts.registerFromPath(INTER_BOLD, 'CorpusInterBold');
    registered = true;
  }
  const { ops, height } = layout(blocks);
  const used = Math.min(height, Math.max(...ops.map((o) => o.y)) + MARGIN);
  const canvas = createCanvas(Math.round(PAGE_W * scale), Math.round(used * scale));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#141414';
  for (const op of ops) {
    ctx.font = `${op.size * scale}px ${op.font === 'bold' ? 'CorpusInterBold' : 'CorpusInter'}`;
    if (op.font === 'mono') {
      // Fixed advance per character: the columns of fixed-width text stay aligned.
      const adv = op.size * 0.6 * scale;
      [...op.text].forEach((ch, k) => ctx.fillText(ch, op.x * scale + k * adv, op.y * scale));
    } else ctx.fillText(op.text, op.x * scale, op.y * scale);
  }
  return canvas.toBuffer('image/png');
}

/** A scanned PDF: a grey-ish scan of the page (JPEG) as the whole page, no text layer. */
export async function scannedPdf(png: Buffer, angle: number): Promise<Uint8Array> {
  const img = await sharp(png)
    .rotate(angle, { background: '#ffffff' })
    .modulate({ brightness: 0.96 })
    .jpeg({ quality: 78 })
    .toBuffer();
  const meta = await sharp(img).metadata();
  const pdf = await PDFDocument.create({ updateMetadata: false }); // no creation date: the same document gives the same bytes
  const jpg = await pdf.embedJpg(img);
  const w = PAGE_W;
  const h = ((meta.height ?? 1) / (meta.width ?? 1)) * w;
  pdf.addPage([w, h]).drawImage(jpg, { x: 0, y: 0, width: w, height: h });
  return pdf.save();
}

/**
 * Gaussian sensor noise (raw pixels, clamped to 0..255) from a seeded generator
 * (mulberry32 and Box–Muller), so a document renders to the same bytes every time.
 * libvips' own noise (`sharp({ create: { noise } })`) draws from an unseeded random
 * source: each render of a photo was a different image, and the OCR'd photo test
 * read a different text on each run (sometimes a wrong value, sometimes nothing).
 */
export function gaussianNoise(width: number, height: number, channels: number, mean: number, sigma: number, seed: number): Buffer {
  let a = (seed * 0x9e3779b1) >>> 0;
  const rand = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = Buffer.alloc(width * height * channels);
  for (let i = 0; i < out.length; i += 2) {
    const u = 1 - rand();
    const v = rand();
    const m = sigma * Math.sqrt(-2 * Math.log(u));
    out[i] = Math.max(0, Math.min(255, Math.round(mean + m * Math.cos(2 * Math.PI * v))));
    if (i + 1 < out.length) out[i + 1] = Math.max(0, Math.min(255, Math.round(mean + m * Math.sin(2 * Math.PI * v))));
  }
  return out;
}

/**
 * A phone photo of the page: slightly sheared (perspective), rotated a few
 * degrees, lit unevenly (a shadow across one side), blurred, noisy, JPEG at 70.
 */
export async function phonePhoto(png: Buffer, seed: number): Promise<Buffer> {
  const r = (k: number): number => {
    const x = Math.sin(seed * 12.9898 + k * 78.233) * 43758.5453;
    return x - Math.floor(x);
  };
  const angle = (r(1) - 0.5) * 6; // up to ±3°
  const shear = (r(2) - 0.5) * 0.04;
  let img = await sharp(png).affine([[1, shear], [shear / 2, 1]], { background: '#e8e6e0' }).rotate(angle, { background: '#d8d6d0' }).png().toBuffer();
  const meta = await sharp(img).metadata();
  const w = meta.width ?? 1000;
  const h = meta.height ?? 1000;
  const dark = 0.45 + r(3) * 0.2;
  const shadow = Buffer.from(`<svg width="${w}" height="${h}"><defs><linearGradient id="g" x1="${r(4) < 0.5 ? 0 : 1}" y1="0" x2="${r(4) < 0.5 ? 1 : 0}" y2="1"><stop offset="0" stop-color="rgb(255,255,255)"/><stop offset="1" stop-color="rgb(${Math.round(255 * dark)},${Math.round(250 * dark)},${Math.round(240 * dark)})"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`);
  const noise = gaussianNoise(w, h, 3, 128, 18, seed);
  img = await sharp(img)
    .composite([{ input: shadow, blend: 'multiply' }, { input: noise, raw: { width: w, height: h, channels: 3 }, blend: 'soft-light' }])
    .blur(0.6 + r(5) * 0.4)
    .jpeg({ quality: 70 })
    .toBuffer();
  return img;
}

/** The file of a document in a medium. */
export async function renderPage(blocks: PageBlock[], medium: RenderMedium, seed: number): Promise<{ bytes: Uint8Array; ext: string }> {
  if (medium === 'pdf-text') return { bytes: await textPdf(blocks), ext: 'pdf' };
  if (medium === 'png') return { bytes: pageImage(blocks, 1.8), ext: 'png' };
  if (medium === 'pdf-scan') return { bytes: await scannedPdf(pageImage(blocks, 2.2), ((seed % 5) - 2) * 0.6), ext: 'pdf' };
  return { bytes: await phonePhoto(pageImage(blocks, 2.2), seed), ext: 'jpg' };
}

/** Join single-page PDFs into one document. */
async function joinPdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const part of parts) {
    const src = await PDFDocument.load(part);
    for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
  }
  return out.save();
}

/**
 * The file of a document that may have several pages: a multi-page PDF page by page
 * (each scanned page at its own angle), an image (and a single-page document) as renderPage.
 */
export async function renderDocument(doc: { blocks: PageBlock[]; pages?: PageBlock[][]; medium: RenderMedium }, seed: number): Promise<{ bytes: Uint8Array; ext: string }> {
  if (doc.pages && doc.medium === 'pdf-text') return { bytes: await joinPdfs(await Promise.all(doc.pages.map((p) => textPdf(p)))), ext: 'pdf' };
  if (doc.pages && doc.medium === 'pdf-scan') {
    const parts: Uint8Array[] = [];
    for (const [k, p] of doc.pages.entries()) parts.push(await scannedPdf(pageImage(p, 2.2), (((seed + k) % 5) - 2) * 0.6));
    return { bytes: await joinPdfs(parts), ext: 'pdf' };
  }
  return renderPage(doc.blocks, doc.medium, seed);
}
