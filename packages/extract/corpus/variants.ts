/**
 * Variant renderings of the corpus documents: the same `PageBlock` data (agency
 * families and synthetic documents) re-drawn under conditions the extractor was
 * not tuned on, to measure how brittle it is (score-variants.ts runs them).
 *
 * A variant is a named, realistic condition:
 * - another typeface, laid out with its own metrics: Tinos (Times New Roman
 *   metrics), Noto Serif, Arimo (Arial metrics), DejaVu Sans, and Cousine (Courier
 *   New metrics) for fixed-width text and, in some variants, for tables. Glyphs a
 *   face lacks (₂ ₅ μ ∕) fall back, character by character, to the next face of
 *   its chain, as a word processor does; Inter is kept for control variants;
 * - another type size (0.85–1.1 × the corpus's) and page margin;
 * - coloured tables: a header band with white bold text, zebra rows, category
 *   cells ("Boa", "Moderate", "Alerta" …) filled with their colour and white text,
 *   and a title set white on a coloured band;
 * - another medium and resolution: a text PDF; a PNG screenshot at 100, 150 or 300
 *   dpi; a JPEG export at quality 45; a scanned PDF at 150, 200 or 300 dpi (tinted
 *   and mottled paper, toner not quite black, dust specks, sensor noise, scanner
 *   blur, a 1–3° skew, a dark band along one edge where the lid let light in,
 *   grey or colour, JPEG 40–60); a phone photo (the sheet on a desk, seen in
 *   perspective as a trapezoid, rotated up to 4°, lit unevenly with a soft shadow
 *   and vignetting, a warm cast, defocus or motion blur, sensor noise, JPEG 50–65,
 *   full-size or shrunk as a messaging app sends it).
 *
 * Every rendering is deterministic: the seed comes from the variant and document
 * ids, randomness from mulberry32, and all pixel work is done here or by sharp
 * with fixed options, so the same document and variant give the same bytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { agencyCorpus, type AgencyExpected } from './agencies.js';
import { corpusSpecs, type Expected } from './generate.js';
import type { PageBlock } from './render.js';

// --- fonts -----------------------------------------------------------------------

const require = createRequire(import.meta.url);
const pkg = (name: string): string => dirname(require.resolve(`${name}/package.json`));

interface FontkitFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  layout(s: string): { advanceWidth: number };
  hasGlyphForCodePoint(cp: number): boolean;
}

/** One font file: its canvas alias and its fontkit object (for metrics and coverage). */
interface LoadedFont {
  alias: string;
  path: string;
  fk: FontkitFont;
}

const loaded = new Map<string, LoadedFont>();
function loadFont(path: string): LoadedFont {
  let f = loaded.get(path);
  if (!f) {
    const alias = `Variant${loaded.size}`;
    if (!GlobalFonts.registerFromPath(path, alias)) throw new Error(`canvas could not load ${path}`);
    f = { alias, path, fk: fontkit.create(readFileSync(path)) as unknown as FontkitFont };
    loaded.set(path, f);
  }
  return f;
}

/** The files of a face, in fallback order (the first one that has a glyph draws it). */
type FaceFiles = string[];
interface FontFamily {
  label: string;
  regular: FaceFiles;
  bold: FaceFiles;
}

const dejavu = (f: string): string => join(pkg('dejavu-fonts-ttf'), 'ttf', f);
const fontsource = (name: string, weight: 400 | 700): string[] =>
  ['latin', 'latin-ext', 'greek'].map((subset) => join(pkg(`@fontsource/${name}`), 'files', `${name}-${subset}-${weight}-normal.woff`));
const expo = (name: string, dir: string, file: string): string => join(pkg(`@expo-google-fonts/${name}`), dir, file);

export const FONT_FAMILIES = {
  inter: {
    label: 'Inter (the corpus font)',
    regular: [expo('inter', '400Regular', 'Inter_400Regular.ttf'), dejavu('DejaVuSans.ttf')],
    bold: [expo('inter', '700Bold', 'Inter_700Bold.ttf'), dejavu('DejaVuSans-Bold.ttf')],
  },
  tinos: {
    label: 'Tinos (Times New Roman metrics)',
    regular: [...fontsource('tinos', 400), dejavu('DejaVuSerif.ttf')],
    bold: [...fontsource('tinos', 700), dejavu('DejaVuSerif-Bold.ttf')],
  },
  'noto-serif': {
    label: 'Noto Serif',
    regular: [expo('noto-serif', '400Regular', 'NotoSerif_400Regular.ttf'), dejavu('DejaVuSerif.ttf')],
    bold: [expo('noto-serif', '700Bold', 'NotoSerif_700Bold.ttf'), dejavu('DejaVuSerif-Bold.ttf')],
  },
  arimo: {
    label: 'Arimo (Arial metrics)',
    regular: [expo('arimo', '400Regular', 'Arimo_400Regular.ttf'), dejavu('DejaVuSans.ttf')],
    bold: [expo('arimo', '700Bold', 'Arimo_700Bold.ttf'), dejavu('DejaVuSans-Bold.ttf')],
  },
  dejavu: {
    label: 'DejaVu Sans',
    regular: [dejavu('DejaVuSans.ttf')],
    bold: [dejavu('DejaVuSans-Bold.ttf')],
  },
  cousine: {
    label: 'Cousine (Courier New metrics)',
    regular: [...fontsource('cousine', 400), dejavu('DejaVuSansMono.ttf')],
    bold: [...fontsource('cousine', 700), dejavu('DejaVuSansMono-Bold.ttf')],
  },
} satisfies Record<string, FontFamily>;
export type FontId = keyof typeof FONT_FAMILIES;

type FaceName = 'regular' | 'bold' | 'mono' | 'monoBold';
/** The faces a page is set in. */
interface FaceSet {
  regular: LoadedFont[];
  bold: LoadedFont[];
  mono: LoadedFont[];
  monoBold: LoadedFont[];
}
function faceSet(font: FontId, mono: FontId): FaceSet {
  const load = (files: string[]): LoadedFont[] => files.map(loadFont);
  return { regular: load(FONT_FAMILIES[font].regular), bold: load(FONT_FAMILIES[font].bold), mono: load(FONT_FAMILIES[mono].regular), monoBold: load(FONT_FAMILIES[mono].bold) };
}

/** A run of text set in one font file. */
interface Seg {
  text: string;
  /** Offset from the start of the run, in points. */
  dx: number;
  font: LoadedFont;
}

/** Split a string into runs by the first font of the chain that has each character (spaces stay with the run before). */
function segments(text: string, chain: LoadedFont[], size: number): { segs: Seg[]; width: number } {
  const segs: Seg[] = [];
  let cur: { text: string; font: LoadedFont } | null = null;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const font: LoadedFont = ch === ' ' && cur ? cur.font : chain.find((f) => f.fk.hasGlyphForCodePoint(cp)) ?? chain[chain.length - 1]!;
    if (cur && cur.font === font) cur.text += ch;
    else {
      if (cur) segs.push({ ...cur, dx: 0 });
      cur = { text: ch, font };
    }
  }
  if (cur) segs.push({ ...cur, dx: 0 });
  let x = 0;
  for (const s of segs) {
    s.dx = x;
    x += (s.font.fk.layout(s.text).advanceWidth / s.font.fk.unitsPerEm) * size;
  }
  return { segs, width: x };
}

// --- layout ------------------------------------------------------------------------

export type RGB = [number, number, number];
interface TextOp {
  segs: Seg[];
  x: number;
  /** Width of the run, in points. */
  width: number;
  /** Baseline from the top of the page, in points. */
  y: number;
  size: number;
  color: RGB;
}
interface RectOp {
  x: number;
  y: number;
  w: number;
  h: number;
  color: RGB;
}
export interface PageLayout {
  texts: TextOp[];
  rects: RectOp[];
  width: number;
  /** The page height (at least A4) and the height the content uses, in points. */
  height: number;
  used: number;
}

export interface LayoutStyle {
  font: FontId;
  /** Fixed-width text ('mono' blocks; tables too when `monoTables`). */
  mono: FontId;
  monoTables: boolean;
  /** Multiplies every type size. */
  sizeScale: number;
  margin: number;
  /** Coloured header band, zebra rows, category cells, title band. */
  color: boolean;
}

const PAGE_W = 595;
const A4_H = 842;
const INK: RGB = [20, 20, 20];
const WHITE: RGB = [255, 255, 255];

/** Category words of the agencies' tables, with the colour an agency paints them in. */
const CATEGORY_COLOURS: Array<[RegExp, RGB]> = [
  [/^(n1 - )?(boa|bueno|buena|good|favorable|low)\b/i, [46, 158, 69]],
  [/^(n2 - )?(moderada|moderado|moderate|satisfactory|aceptable)\b/i, [214, 160, 0]],
  [/^(n3 - )?(ruim|regular|alerta|poor|mala|high)\b/i, [232, 103, 28]],
  [/^(n4 - )?(muito ruim|preemergencia|very poor|muy mala|very high)\b/i, [208, 42, 42]],
  [/^(n5 - )?(p[ée]ssima|emergencia|severe)\b/i, [123, 42, 140]],
];
const categoryColour = (cell: string): RGB | null => CATEGORY_COLOURS.find(([re]) => re.test(cell.trim()))?.[1] ?? null;

/** Table palettes an agency might use: header band, header text, zebra fill. */
const PALETTES: Array<{ band: RGB; head: RGB; zebra: RGB }> = [
  { band: [31, 78, 121], head: WHITE, zebra: [234, 241, 251] },
  { band: [0, 105, 92], head: WHITE, zebra: [232, 245, 233] },
  { band: [205, 222, 240], head: INK, zebra: [242, 242, 242] },
];

/**
 * Lay the blocks out on an A4-wide page in the style's faces, with their real
 * metrics: text and titles wrap at the margin, table columns are as wide as their
 * widest cell and a table too wide for the page is set smaller until it fits,
 * fixed-width text is sized to its longest line. Follows render.ts's `layout`.
 */
export function layoutPage(blocks: PageBlock[], style: LayoutStyle, palette = 0): PageLayout {
  const faces = faceSet(style.font, style.mono);
  const s = style.sizeScale;
  const M = style.margin;
  const avail = PAGE_W - 2 * M;
  const pal = PALETTES[palette % PALETTES.length]!;
  const texts: TextOp[] = [];
  const rects: RectOp[] = [];
  let y = M;
  const run = (t: string, face: FaceName, size: number): { segs: Seg[]; width: number } => segments(t, faces[face], size);
  const put = (t: string, x: number, baseline: number, size: number, face: FaceName, color: RGB = INK): void => {
    const { segs, width } = run(t, face, size);
    texts.push({ segs, x, width, y: baseline, size, color });
  };
  const wrap = (t: string, face: FaceName, size: number, width = avail): string[] => {
    const out: string[] = [];
    let line = '';
    for (const w of t.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${w}` : w;
      if (run(next, face, size).width > width && line) {
        out.push(line);
        line = w;
      } else line = next;
    }
    if (line) out.push(line);
    return out;
  };
  const lines = (t: string, size: number, face: FaceName, after = 0): void => {
    for (const l of wrap(t, face, size)) {
      y += size;
      put(l, M, y, size, face);
      y += size * 0.55;
    }
    y += after;
  };
  for (const b of blocks) {
    if (b.kind === 'gap') y += 10 * s;
    else if (b.kind === 'title') {
      const size = 14 * s;
      if (style.color) {
        // White bold title on a band the width of the text column.
        const ls = wrap(b.text, 'bold', size, avail - 16);
        y += size * 0.3;
        const h = ls.length * size * 1.35 + size * 0.7;
        rects.push({ x: M, y, w: avail, h, color: pal.band[0] > 150 ? [31, 78, 121] : pal.band });
        ls.forEach((l, k) => put(l, M + 8, y + size * 1.25 + k * size * 1.35, size, 'bold', WHITE));
        y += h + size * 0.5;
      } else lines(b.text, size, 'bold');
    } else if (b.kind === 'small') lines(b.text, 8 * s, 'regular');
    else if (b.kind === 'text') lines(b.text, 10 * s, 'regular');
    else if (b.kind === 'para') lines(b.text, 10 * s, 'regular', 4 * s);
    else if (b.kind === 'mono') {
      const f = faces.mono[0]!.fk;
      const adv = f.layout('0').advanceWidth / f.unitsPerEm;
      const size = Math.min(7.5 * s, avail / (Math.max(...b.lines.map((l) => l.length)) * adv));
      for (const l of b.lines) {
        y += size;
        // Fixed-width runs: leading spaces are kept (columns stay aligned).
        put(l, M, y, size, 'mono');
        y += size * 0.55;
      }
      y += 4 * s;
    } else if (b.kind === 'table') {
      const header = b.header ?? 1;
      const n = Math.max(...b.rows.map((r) => r.length));
      const face = (r: number): FaceName => (style.monoTables ? (r < header ? 'monoBold' : 'mono') : r < header ? 'bold' : 'regular');
      const minGap = (style.color ? 12 : 8) * s;
      const widths = (size: number): number[] =>
        Array.from({ length: n }, (_, c) =>
          Math.max(...b.rows.map((r, ri) => ((r[c] ?? '').startsWith('»') ? 0 : Math.max(...(r[c] ?? '').split('\n').map((l) => run(l, face(ri), size).width))))),
        );
      let size = (b.size ?? 9) * s;
      let colW = widths(size);
      const need = colW.reduce((a, w) => a + w, 0) + (n - 1) * minGap;
      if (need > avail) {
        size = Math.max(5, size * (avail / need));
        colW = widths(size);
      }
      const gap = Math.min(16 * s, Math.max(minGap, (avail - colW.reduce((a, w) => a + w, 0)) / Math.max(1, n - 1)));
      const tableW = colW.reduce((a, w) => a + w, 0) + gap * (n - 1);
      const pad = gap / 2;
      const lineH = size * 1.25;
      y += (style.color ? 6 : 2) * s;
      let dataRow = 0;
      for (const [ri, row] of b.rows.entries()) {
        const nLines = Math.max(...row.map((c) => c.split('\n').length));
        const rowH = nLines * lineH + size * 0.5;
        if (style.color) {
          if (ri < header) rects.push({ x: M - pad, y: y - size * 0.15, w: tableW + 2 * pad, h: rowH + size * 0.15, color: pal.band });
          else if (dataRow++ % 2 === 1) rects.push({ x: M - pad, y: y - size * 0.15, w: tableW + 2 * pad, h: rowH + size * 0.15, color: pal.zebra });
        }
        let x = M;
        row.forEach((raw, c) => {
          const span = raw.startsWith('»');
          const cell = span ? raw.slice(1) : raw;
          const ls = cell.split('\n');
          let color: RGB = ri < header && style.color ? pal.head : INK;
          const cat = style.color && ri >= header && !span ? categoryColour(cell) : null;
          if (cat) {
            rects.push({ x: x - pad + 1, y: y - size * 0.15 + 1, w: colW[c]! + 2 * pad - 2, h: rowH + size * 0.15 - 2, color: cat });
            color = WHITE;
          }
          ls.forEach((l, k) => {
            const w = run(l, face(ri), size).width;
            const cx = c === 0 || span ? x : x + (colW[c]! - w) / 2;
            put(l, cx, y + size + k * lineH + (nLines - ls.length) * size * 0.6, size, face(ri), color);
          });
          x += colW[c]! + gap;
        });
        y += rowH;
      }
      y += 6 * s;
    }
  }
  const used = y + M;
  return { texts, rects, width: PAGE_W, height: Math.max(A4_H, used), used };
}

/**
 * What is wrong with a layout, if anything: a run that leaves the page (or its
 * band), or two runs whose boxes overlap (same line and crossing, or lines so close
 * that their glyphs touch). Empty for a page a person can read.
 */
export function layoutProblems(page: PageLayout): string[] {
  const problems: string[] = [];
  const text = (op: TextOp): string => op.segs.map((s) => s.text).join('');
  for (const op of page.texts) {
    if (op.x < 0 || op.x + op.width > page.width - 4) problems.push(`"${text(op)}" runs off the page (x ${op.x.toFixed(0)}–${(op.x + op.width).toFixed(0)} of ${page.width})`);
  }
  // Boxes from ascender (0.75 em above the baseline) to descender (0.22 em below).
  const box = (op: TextOp) => ({ x0: op.x, x1: op.x + op.width, y0: op.y - op.size * 0.75, y1: op.y + op.size * 0.22 });
  for (let i = 0; i < page.texts.length; i++) {
    const a = box(page.texts[i]!);
    for (let j = i + 1; j < page.texts.length; j++) {
      const b = box(page.texts[j]!);
      if (text(page.texts[i]!).trim() === '' || text(page.texts[j]!).trim() === '') continue;
      if (a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5) {
        problems.push(`"${text(page.texts[i]!)}" overlaps "${text(page.texts[j]!)}"`);
      }
    }
  }
  return problems;
}

// --- media -----------------------------------------------------------------------------

/** A text PDF with the style's fonts embedded (subset). */
export async function layoutToPdf(page: PageLayout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false }); // no creation date: the same document gives the same bytes
  pdf.registerFontkit(fontkit);
  const embedded = new Map<LoadedFont, PDFFont>();
  const p = pdf.addPage([page.width, page.height]);
  const c = (v: RGB) => rgb(v[0] / 255, v[1] / 255, v[2] / 255);
  for (const r of page.rects) p.drawRectangle({ x: r.x, y: page.height - r.y - r.h, width: r.w, height: r.h, color: c(r.color) });
  for (const op of page.texts) {
    for (const s of op.segs) {
      let f = embedded.get(s.font);
      if (!f) embedded.set(s.font, (f = await pdf.embedFont(readFileSync(s.font.path), { subset: true })));
      p.drawText(s.text, { x: op.x + s.dx, y: page.height - op.y, size: op.size, font: f, color: c(op.color) });
    }
  }
  return pdf.save();
}

/** Raw pixels, `channels` per pixel (3: RGB, 1: grey). */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/** The page drawn at `dpi` on paper of colour `paper`; `crop` keeps only the used height (a screenshot). */
export function rasterise(page: PageLayout, dpi: number, opts: { crop?: boolean; paper?: RGB; ink?: RGB } = {}): Raster {
  const scale = dpi / 72;
  const h = opts.crop ? page.used : page.height;
  const canvas = createCanvas(Math.round(page.width * scale), Math.round(h * scale));
  const ctx = canvas.getContext('2d');
  const css = (v: RGB) => `rgb(${v[0]},${v[1]},${v[2]})`;
  ctx.fillStyle = css(opts.paper ?? WHITE);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const r of page.rects) {
    ctx.fillStyle = css(r.color);
    ctx.fillRect(r.x * scale, r.y * scale, r.w * scale, r.h * scale);
  }
  for (const op of page.texts) {
    const color = opts.ink && op.color === INK ? opts.ink : op.color;
    ctx.fillStyle = css(color);
    for (const s of op.segs) {
      ctx.font = `${op.size * scale}px ${s.font.alias}`;
      ctx.fillText(s.text, (op.x + s.dx) * scale, op.y * scale);
    }
  }
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const data = Buffer.alloc(canvas.width * canvas.height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    data[j] = rgba[i]!;
    data[j + 1] = rgba[i + 1]!;
    data[j + 2] = rgba[i + 2]!;
  }
  return { data, width: canvas.width, height: canvas.height, channels: 3 };
}

// --- randomness and pixel helpers ----------------------------------------------------

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** FNV-1a of a string: the seed of a (variant, document) pair. */
export function hashSeed(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
type Rng = () => number;
const between = (rng: Rng, lo: number, hi: number): number => lo + rng() * (hi - lo);
const gauss = (rng: Rng): number => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
const clamp = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
const smoothstep = (t: number): number => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** A smooth random field in -1..1 (value noise on a `cell`-pixel grid, bilinear). */
function smoothField(w: number, h: number, cell: number, rng: Rng): Float32Array {
  const gw = Math.ceil(w / cell) + 2;
  const gh = Math.ceil(h / cell) + 2;
  const g = Float32Array.from({ length: gw * gh }, () => rng() * 2 - 1);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = y / cell;
    const y0 = Math.floor(fy);
    const ty = smoothstep(fy - y0);
    for (let x = 0; x < w; x++) {
      const fx = x / cell;
      const x0 = Math.floor(fx);
      const tx = smoothstep(fx - x0);
      const a = g[y0 * gw + x0]! * (1 - tx) + g[y0 * gw + x0 + 1]! * tx;
      const b = g[(y0 + 1) * gw + x0]! * (1 - tx) + g[(y0 + 1) * gw + x0 + 1]! * tx;
      out[y * w + x] = a * (1 - ty) + b * ty;
    }
  }
  return out;
}

const rawSharp = (r: Raster) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels } });
async function toRaster(s: Sharp): Promise<Raster> {
  const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 1 | 3 };
}

/** Dust and toner specks: small dark dots, a few of them larger. */
function speckle(r: Raster, perMegapixel: number, dpi: number, rng: Rng): void {
  const n = Math.round((r.width * r.height * perMegapixel) / 1e6);
  const unit = dpi / 150;
  for (let k = 0; k < n; k++) {
    const cx = rng() * r.width;
    const cy = rng() * r.height;
    const rad = (rng() < 0.9 ? between(rng, 0.4, 1.1) : between(rng, 1.2, 2.2)) * unit;
    const dark = between(rng, 30, 150);
    for (let y = Math.floor(cy - rad); y <= cy + rad; y++) {
      for (let x = Math.floor(cx - rad); x <= cx + rad; x++) {
        if (x < 0 || y < 0 || x >= r.width || y >= r.height || (x - cx) ** 2 + (y - cy) ** 2 > rad * rad) continue;
        const i = (y * r.width + x) * r.channels;
        for (let c = 0; c < r.channels; c++) r.data[i + c] = Math.min(r.data[i + c]!, dark);
      }
    }
  }
}

function addNoise(r: Raster, sigma: number, rng: Rng, chroma = 0.3): void {
  for (let i = 0; i < r.data.length; i += r.channels) {
    const l = gauss(rng) * sigma;
    for (let c = 0; c < r.channels; c++) r.data[i + c] = clamp(r.data[i + c]! + l + (r.channels > 1 ? gauss(rng) * sigma * chroma : 0));
  }
}

// --- scanner ---------------------------------------------------------------------------

export interface ScanOptions {
  /** Paper colour (white through grey and yellowed). */
  paper: RGB;
  /** Toner colour (never quite black). */
  ink: RGB;
  /** Dust specks per megapixel. */
  specks: number;
  /** Scanner blur, in pixels. */
  blur: number;
  noise: number;
  /** Degrees; the sign is drawn per document. */
  skew: [number, number];
  /** The side where the lid let light in, and how wide (fraction of the page width) and dark (0..1 of the paper) the band is. */
  edge: { side: 'left' | 'right' | 'top'; width: number; dark: number } | null;
  grey: boolean;
  jpeg: number;
}

/** The page as a flatbed scanner at `dpi` gives it: paper, dust, blur, skew, a dark edge, JPEG. */
export async function scanImage(page: PageLayout, dpi: number, o: ScanOptions, rng: Rng): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const r = rasterise(page, dpi, { paper: o.paper, ink: o.ink });
  // Paper mottling and a little unevenness of the lamp, a few grey levels.
  const mottle = smoothField(r.width, r.height, Math.round(dpi / 3), rng);
  for (let p = 0, i = 0; p < mottle.length; p++, i += 3) {
    const m = 1 + mottle[p]! * 0.025;
    for (let c = 0; c < 3; c++) r.data[i + c] = clamp(r.data[i + c]! * m);
  }
  speckle(r, o.specks, dpi, rng);
  let img = await toRaster(rawSharp(r).blur(o.blur));
  addNoise(img, o.noise, rng);
  // The skew: the sheet lies crooked on the glass; the scan area stays the page's size.
  const angle = (rng() < 0.5 ? -1 : 1) * between(rng, o.skew[0], o.skew[1]);
  const rotated = await toRaster(rawSharp(img).rotate(angle, { background: { r: 250, g: 250, b: 248 } }));
  img = await toRaster(
    rawSharp(rotated).extract({ left: Math.floor((rotated.width - r.width) / 2), top: Math.floor((rotated.height - r.height) / 2), width: r.width, height: r.height }),
  );
  if (o.edge) {
    const { side, width, dark } = o.edge;
    const across = side === 'top' ? img.height : img.width;
    const along = side === 'top' ? img.width : img.height;
    const wobble = smoothField(along, 1, Math.round(along / 6), rng);
    const base = width * img.width;
    for (let a = 0; a < along; a++) {
      const bw = base * (1 + wobble[a]! * 0.4);
      for (let d = 0; d < Math.min(across, bw * 1.2); d++) {
        const f = dark + (1 - dark) * smoothstep(d / bw);
        const x = side === 'top' ? a : side === 'left' ? d : img.width - 1 - d;
        const y = side === 'top' ? d : a;
        const i = (y * img.width + x) * 3;
        for (let c = 0; c < 3; c++) img.data[i + c] = clamp(img.data[i + c]! * f);
      }
    }
  }
  let s = rawSharp(img);
  if (o.grey) s = s.greyscale();
  const jpeg = await s.jpeg({ quality: o.jpeg }).toBuffer();
  return { jpeg, width: img.width, height: img.height };
}

/** A scanned PDF: the scan as the whole A4 page, no text layer. */
async function scanPdf(scan: { jpeg: Buffer; width: number; height: number }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const jpg = await pdf.embedJpg(scan.jpeg);
  const h = (scan.height / scan.width) * PAGE_W;
  pdf.addPage([PAGE_W, h]).drawImage(jpg, { x: 0, y: 0, width: PAGE_W, height: h });
  return pdf.save();
}

// --- phone photo -----------------------------------------------------------------------

export interface PhotoOptions {
  /** The photo's long side in pixels (its short side is 3/4 of it). */
  longSide: number;
  /** The page's share of the photo's height. */
  fill: number;
  /** How much narrower the far edge of the sheet is than the near one (perspective). */
  keystone: [number, number];
  rotation: [number, number];
  /** Desk colour under the sheet. */
  desk: RGB;
  /** How dark the soft shadow (a hand, the phone) gets, 0..1, and the light's fall-off across the page. */
  shadow: number;
  falloff: number;
  /** Colour cast of the light (multipliers per channel). */
  cast: [number, number, number];
  blur: { kind: 'defocus'; sigma: number } | { kind: 'motion'; length: number };
  noise: number;
  jpeg: number;
}

/** Solve the homography that maps the four `from` points to the four `to` points. */
function homography(from: Array<[number, number]>, to: Array<[number, number]>): number[] {
  const A: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = from[k]!;
    const [u, v] = to[k]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      for (let k = c; k < 9; k++) A[r]![k]! -= f * A[c]![k]!;
    }
  }
  return [...A.map((row, i) => row[8]! / row[i]!), 1];
}

/** The sheet photographed on a desk: perspective, rotation, uneven warm light, blur, noise, JPEG. */
export async function phonePhoto(page: PageLayout, o: PhotoOptions, rng: Rng): Promise<Buffer> {
  const H = o.longSide;
  const W = Math.round((H * 3) / 4);
  // The sheet's corners in the photo: a trapezoid (the far, top edge narrower), rotated, each corner nudged.
  const pageH = H * o.fill;
  const pageW = (pageH * page.width) / page.height;
  const k = between(rng, o.keystone[0], o.keystone[1]);
  const rot = ((rng() < 0.5 ? -1 : 1) * between(rng, o.rotation[0], o.rotation[1]) * Math.PI) / 180;
  const cx = W / 2 + between(rng, -0.03, 0.03) * W;
  const cy = H / 2 + between(rng, -0.02, 0.02) * H;
  const corners: Array<[number, number]> = [
    [(-pageW * (1 - k)) / 2, -pageH / 2],
    [(pageW * (1 - k)) / 2, -pageH / 2],
    [pageW / 2, pageH / 2],
    [-pageW / 2, pageH / 2],
  ].map(([x, y]) => {
    const jx = x! + between(rng, -0.01, 0.01) * pageW;
    const jy = y! + between(rng, -0.01, 0.01) * pageH;
    return [cx + jx * Math.cos(rot) - jy * Math.sin(rot), cy + jx * Math.sin(rot) + jy * Math.cos(rot)];
  });
  // Draw the page sharp enough that the warp samples it above the photo's own resolution.
  const dpi = Math.min(300, Math.max(150, ((pageW / page.width) * 72 * 1.4)));
  const src = rasterise(page, dpi, { paper: [247, 246, 242], ink: [28, 28, 30] });
  const Hinv = homography(corners, [[0, 0], [src.width - 1, 0], [src.width - 1, src.height - 1], [0, src.height - 1]]);
  const desk = smoothField(W, H, Math.round(W / 5), rng);
  const grain = smoothField(W, H, 3, rng);
  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = Hinv[6]! * x + Hinv[7]! * y + 1;
      const u = (Hinv[0]! * x + Hinv[1]! * y + Hinv[2]!) / d;
      const v = (Hinv[3]! * x + Hinv[4]! * y + Hinv[5]!) / d;
      const o3 = (y * W + x) * 3;
      if (u >= 0 && v >= 0 && u < src.width - 1 && v < src.height - 1) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const i00 = (y0 * src.width + x0) * 3;
        const i10 = i00 + 3;
        const i01 = i00 + src.width * 3;
        const i11 = i01 + 3;
        for (let c = 0; c < 3; c++) {
          out[o3 + c] = Math.round(
            (src.data[i00 + c]! * (1 - fx) + src.data[i10 + c]! * fx) * (1 - fy) + (src.data[i01 + c]! * (1 - fx) + src.data[i11 + c]! * fx) * fy,
          );
        }
      } else {
        const p = y * W + x;
        const t = 1 + desk[p]! * 0.12 + grain[p]! * 0.05;
        for (let c = 0; c < 3; c++) out[o3 + c] = clamp(o.desk[c]! * t);
      }
    }
  }
  // Light: falls off across the frame from a side, a soft elliptical shadow, vignetting, a colour cast.
  const lx = rng() < 0.5 ? 0 : 1;
  const ly = rng() < 0.5 ? 0 : 1;
  const sx = between(rng, 0.2, 0.8) * W;
  const sy = between(rng, 0.5, 1.0) * H;
  const sr = between(rng, 0.25, 0.4) * W;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const fall = 1 - o.falloff * (Math.abs(x / W - lx) * 0.6 + Math.abs(y / H - ly) * 0.4);
      const ds = Math.hypot((x - sx) / 1.6, y - sy) / sr;
      const shade = 1 - o.shadow * (1 - smoothstep((ds - 0.7) / 0.6));
      const vig = 1 - 0.18 * ((x / W - 0.5) ** 2 + (y / H - 0.5) ** 2) * 2;
      const l = fall * shade * vig;
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = clamp(out[i + c]! * l * o.cast[c]!);
    }
  }
  let img: Raster = { data: out, width: W, height: H, channels: 3 };
  if (o.blur.kind === 'defocus') img = await toRaster(rawSharp(img).blur(o.blur.sigma));
  else {
    // A straight streak at a random angle (the hand moved).
    const n = Math.max(3, Math.round(o.blur.length) | 1);
    const a = rng() * Math.PI;
    const kernel = new Array<number>(n * n).fill(0);
    for (let t = 0; t < n * 4; t++) {
      const r = (t / (n * 4 - 1) - 0.5) * (n - 1);
      const kx = Math.round((n - 1) / 2 + r * Math.cos(a));
      const ky = Math.round((n - 1) / 2 + r * Math.sin(a));
      kernel[ky * n + kx] = 1;
    }
    img = await toRaster(rawSharp(img).convolve({ width: n, height: n, kernel, scale: kernel.reduce((p, q) => p + q, 0) }));
  }
  addNoise(img, o.noise, rng, 0.5);
  return rawSharp(img).jpeg({ quality: o.jpeg }).toBuffer();
}

// --- variants -------------------------------------------------------------------------

export type VariantMedium = 'pdf-text' | 'png' | 'jpeg' | 'pdf-scan' | 'photo';

export interface Variant {
  id: string;
  /** What it stands for, in a few words. */
  description: string;
  medium: VariantMedium;
  style: Omit<LayoutStyle, 'color'> & { color: boolean };
  /** Resolution of a PNG/JPEG export or a scan. */
  dpi?: number;
  jpeg?: number;
  scan?: ScanOptions;
  photo?: PhotoOptions;
  /** A control: the corpus font (Inter) under this repository's new conditions, to tell font effects from degradation. */
  control?: boolean;
}

const style = (font: FontId, more: Partial<LayoutStyle> = {}): LayoutStyle => ({ font, mono: 'cousine', monoTables: false, sizeScale: 1, margin: 40, color: false, ...more });

const SCAN_150: ScanOptions = {
  paper: [246, 240, 222],
  ink: [34, 32, 30],
  specks: 60,
  blur: 0.55,
  noise: 4,
  skew: [1, 2],
  edge: { side: 'left', width: 0.025, dark: 0.18 },
  grey: true,
  jpeg: 50,
};
const PHOTO: PhotoOptions = {
  longSide: 2400,
  fill: 0.86,
  keystone: [0.06, 0.1],
  rotation: [1.5, 4],
  desk: [138, 104, 74],
  shadow: 0.35,
  falloff: 0.35,
  cast: [1, 0.96, 0.86],
  blur: { kind: 'defocus', sigma: 1.2 },
  noise: 5,
  jpeg: 60,
};

export const VARIANTS: Variant[] = [
  // Text layer: fonts, sizes, colours (no OCR).
  { id: 'pdf-tinos', description: 'text PDF, Tinos (Times metrics), 1-inch margins', medium: 'pdf-text', style: style('tinos', { margin: 64 }) },
  { id: 'pdf-arimo-color', description: 'text PDF, Arimo 110 %, coloured tables and title band', medium: 'pdf-text', style: style('arimo', { sizeScale: 1.1, color: true }) },
  { id: 'pdf-dejavu-small', description: 'text PDF, DejaVu Sans at 85 %', medium: 'pdf-text', style: style('dejavu', { sizeScale: 0.85 }) },
  { id: 'pdf-inter-narrow', description: 'control: text PDF in Inter, 100 pt margins (lines wrap elsewhere, tables set smaller)', medium: 'pdf-text', style: style('inter', { margin: 100 }), control: true },
  { id: 'pdf-serif-monotables', description: 'text PDF, Noto Serif, tables in Cousine', medium: 'pdf-text', style: style('noto-serif', { monoTables: true }) },
  // Page images.
  { id: 'png-100dpi-arimo', description: 'PNG screenshot at 100 dpi, Arimo', medium: 'png', dpi: 100, style: style('arimo') },
  { id: 'png-300dpi-tinos', description: 'PNG at 300 dpi, Tinos', medium: 'png', dpi: 300, style: style('tinos', { margin: 56 }) },
  { id: 'jpeg-150dpi-dejavu-color', description: 'JPEG q45 export at 150 dpi, DejaVu Sans, coloured tables', medium: 'jpeg', dpi: 150, jpeg: 45, style: style('dejavu', { color: true }) },
  { id: 'png-150dpi-serif-monotables', description: 'PNG at 150 dpi, Noto Serif, tables in Cousine', medium: 'png', dpi: 150, style: style('noto-serif', { monoTables: true }) },
  // Scans.
  { id: 'scan-150dpi-tinos', description: 'grey scan 150 dpi: yellowed paper, dust, blur, 1–2° skew, dark left edge, JPEG 50; Tinos', medium: 'pdf-scan', dpi: 150, scan: SCAN_150, style: style('tinos', { margin: 56 }) },
  { id: 'scan-150dpi-inter', description: 'control: scan-150dpi-tinos in Inter', medium: 'pdf-scan', dpi: 150, scan: SCAN_150, style: style('inter', { margin: 56 }), control: true },
  {
    id: 'scan-300dpi-arimo-color',
    description: 'colour scan 300 dpi: grey paper, 2–3° skew, dark top edge, JPEG 60; Arimo, coloured tables',
    medium: 'pdf-scan',
    dpi: 300,
    scan: { ...SCAN_150, paper: [232, 232, 228], ink: [30, 30, 34], specks: 25, blur: 0.9, skew: [2, 3], edge: { side: 'top', width: 0.03, dark: 0.12 }, grey: false, jpeg: 60 },
    style: style('arimo', { color: true }),
  },
  {
    id: 'scan-200dpi-dejavu-rough',
    description: 'worn grey scan 200 dpi: dusty, blurred, 2.5–3° skew, dark right edge, JPEG 40; DejaVu Sans 90 %',
    medium: 'pdf-scan',
    dpi: 200,
    scan: { ...SCAN_150, paper: [238, 236, 226], ink: [48, 46, 44], specks: 150, blur: 0.8, noise: 6, skew: [2.5, 3], edge: { side: 'right', width: 0.02, dark: 0.1 }, jpeg: 40 },
    style: style('dejavu', { sizeScale: 0.9 }),
  },
  // Phone photos.
  { id: 'photo-tinos', description: 'phone photo 2400 px: trapezoid, 1.5–4° rotation, shadow, warm light, defocus, JPEG 60; Tinos', medium: 'photo', photo: PHOTO, style: style('tinos', { margin: 56 }) },
  { id: 'photo-inter', description: 'control: photo-tinos in Inter', medium: 'photo', photo: PHOTO, style: style('inter', { margin: 56 }), control: true },
  {
    id: 'photo-arimo-motion-color',
    description: 'phone photo 2400 px, motion blur, grey desk, JPEG 55; Arimo, coloured tables',
    medium: 'photo',
    photo: { ...PHOTO, desk: [96, 98, 102], blur: { kind: 'motion', length: 5 }, shadow: 0.25, jpeg: 55, cast: [0.97, 0.98, 1] },
    style: style('arimo', { color: true }),
  },
  {
    id: 'photo-dejavu-messaging',
    description: 'phone photo as a messaging app sends it: 1600 px, dim warm light, noise, JPEG 50; DejaVu Sans',
    medium: 'photo',
    photo: { ...PHOTO, longSide: 1600, fill: 0.9, desk: [70, 62, 55], shadow: 0.3, falloff: 0.45, cast: [1, 0.93, 0.8], blur: { kind: 'defocus', sigma: 0.8 }, noise: 7, jpeg: 50 },
    style: style('dejavu'),
  },
];

// --- documents -----------------------------------------------------------------------

/** A document to re-render: an agency family (one per layout) or a synthetic document. */
export interface VariantDoc {
  /** `agency:<family>` or `synthetic:<id>`. */
  id: string;
  source: 'agency' | 'synthetic';
  family: string;
  blocks: PageBlock[];
  agencyExpected?: AgencyExpected;
  syntheticExpected?: Expected;
  /** The ids of the same document in the original corpus renderings (for comparison). */
  originals: string[];
  /** Its index among the synthetic documents (which variants a synthetic document gets is chosen from it). */
  index: number;
}

/** Every agency family once (their media share the blocks), then every synthetic document. */
export function variantDocuments(): VariantDoc[] {
  const families = new Map<string, VariantDoc>();
  for (const d of agencyCorpus()) {
    const family = d.id.slice(0, -(d.medium.length + 1));
    const f = families.get(family);
    if (f) f.originals.push(d.id);
    else families.set(family, { id: `agency:${family}`, source: 'agency', family, blocks: d.blocks, agencyExpected: d.expected, originals: [d.id], index: families.size });
  }
  const synthetic = corpusSpecs().map((d, i): VariantDoc => ({
    id: `synthetic:${d.id.replace(/-(pdf-text|png|jpeg|webp|pdf-scan)$/, '')}`,
    source: 'synthetic',
    family: `synthetic-${d.layout}`,
    blocks: d.blocks,
    syntheticExpected: d.expected,
    originals: [d.id],
    index: i,
  }));
  return [...families.values(), ...synthetic];
}

export interface VariantRendering {
  bytes: Uint8Array;
  ext: 'pdf' | 'png' | 'jpg';
  /** A PNG to look at: the page itself for images, a 100-dpi drawing of a text PDF, the scan of a scanned PDF. */
  preview: Buffer;
}

/** The document rendered under the variant: deterministic in (variant, document). */
export async function renderVariant(doc: VariantDoc, v: Variant): Promise<VariantRendering> {
  const rng = mulberry32(hashSeed(`${v.id}/${doc.id}`));
  const page = layoutPage(doc.blocks, v.style, Math.floor(rng() * PALETTES.length));
  const png = (r: Raster) => rawSharp(r).png().toBuffer();
  switch (v.medium) {
    case 'pdf-text':
      return { bytes: await layoutToPdf(page), ext: 'pdf', preview: await png(rasterise(page, 100)) };
    case 'png': {
      const bytes = await png(rasterise(page, v.dpi ?? 150, { crop: true }));
      return { bytes, ext: 'png', preview: bytes };
    }
    case 'jpeg': {
      const r = rasterise(page, v.dpi ?? 150, { crop: true });
      const bytes = await rawSharp(r).jpeg({ quality: v.jpeg ?? 60 }).toBuffer();
      return { bytes, ext: 'jpg', preview: await sharp(bytes).png().toBuffer() };
    }
    case 'pdf-scan': {
      const scan = await scanImage(page, v.dpi ?? 150, v.scan!, rng);
      return { bytes: await scanPdf(scan), ext: 'pdf', preview: await sharp(scan.jpeg).png().toBuffer() };
    }
    case 'photo': {
      const bytes = await phonePhoto(page, v.photo!, rng);
      return { bytes, ext: 'jpg', preview: await sharp(bytes).png().toBuffer() };
    }
  }
}
