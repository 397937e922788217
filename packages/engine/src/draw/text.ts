/**
 * Text drawing with Inter: fitting to a width (shrink, then wrap, then ellipsis) so
 * that no string can overflow its box, and a recorder that lets tests read back
 * every string a frame drew without OCR.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { activeTheme, themedTextColor } from '../theme/active.js';
import { createRecorder } from './recorder.js';

export type Weight = 400 | 500 | 600 | 700 | 800;

export interface TextStyle {
  size: number;
  weight?: Weight;
  color: string;
  align?: 'left' | 'center' | 'right';
  baseline?: 'alphabetic' | 'middle' | 'top' | 'bottom';
  /** Letter spacing in design px (for small caps overlines). */
  tracking?: number;
  alpha?: number;
}

/** The default family; a theme draws in its own (`activeTheme().fontFamily`). */
export const FONT_FAMILY = 'Inter';

const drawnStrings = createRecorder<string>();

/** Where something was drawn, in the pixels of the canvas it was drawn on. */
export interface DrawnBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Size of that canvas: the frame's, or a sprite's. */
  canvasWidth: number;
  canvasHeight: number;
}

/** A string as drawn, its ink's extent (tests check that nothing runs past the frame or under the logo). */
export interface DrawnText extends DrawnBox {
  text: string;
}
const drawnBoxes = createRecorder<DrawnText>();

/** Runs `draw` and returns every string it drew through this module with where it went. */
export function recordDrawnText(draw: () => void): DrawnText[] {
  return drawnBoxes.record(draw);
}

/** True while `recordDrawnText` records (sprites then keep their strings' boxes to place them where they are drawn). */
export function recordingDrawnText(): boolean {
  return drawnBoxes.active;
}

/** Adds a box to the recording in progress (a sprite's string, placed where the sprite went). */
export function addDrawnText(box: DrawnText): void {
  drawnBoxes.add(box);
}

/** Runs `draw` and returns every string it drew through this module, in order. */
export function recordText(draw: () => void): string[] {
  return drawnStrings.record(draw);
}

function applyFont(ctx: SKRSContext2D, size: number, weight: Weight, tracking: number): void {
  ctx.font = `${weight} ${size}px ${activeTheme().fontFamily}`;
  ctx.letterSpacing = `${tracking}px`;
}

/**
 * Widths already measured, by font, spacing and text: templates measure the same strings
 * every frame (a centred caption, a counted number's digits), and each measureText is a
 * call into the canvas library. Families are named for their files' contents (theme/fonts.ts),
 * so a name always measures the same. Cleared when large, so it stays small.
 */
const widths = new Map<string, number>();

/** Width of `text` in the given size/weight (design px). */
export function measure(ctx: SKRSContext2D, text: string, size: number, weight: Weight = 400, tracking = 0): number {
  const key = `${weight} ${size} ${tracking} ${activeTheme().fontFamily}\u0000${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  applyFont(ctx, size, weight, tracking);
  const raw = ctx.measureText(text).width;
  // Skia counts the spacing after the last glyph too; a box needs only the inner gaps.
  const w = tracking ? raw - tracking : raw;
  if (widths.size >= 20_000) widths.clear();
  widths.set(key, w);
  return w;
}

export function drawText(ctx: SKRSContext2D, text: string, x: number, y: number, style: TextStyle): void {
  if (text === '') return;
  drawnStrings.add(text);
  const tracking = style.tracking ?? 0;
  applyFont(ctx, style.size, style.weight ?? 400, tracking);
  ctx.fillStyle = themedTextColor(style.color);
  ctx.textBaseline = style.baseline ?? 'alphabetic';
  const align = style.align ?? 'left';
  // letterSpacing would shift centred/right text by one spacing; align by hand instead.
  let left = x;
  if (align !== 'left') {
    const w = measure(ctx, text, style.size, style.weight ?? 400, tracking);
    left = align === 'center' ? x - w / 2 : x - w;
  }
  ctx.textAlign = 'left';
  const prevAlpha = ctx.globalAlpha;
  if (style.alpha !== undefined) ctx.globalAlpha = prevAlpha * style.alpha;
  ctx.fillText(text, left, y);
  ctx.globalAlpha = prevAlpha;
  if (drawnBoxes.active) {
    const w = measure(ctx, text, style.size, style.weight ?? 400, tracking);
    const ink = ctx.measureText(text);
    const m = ctx.getTransform();
    const top = m.d * (y - ink.actualBoundingBoxAscent) + m.f;
    const bottom = m.d * (y + ink.actualBoundingBoxDescent) + m.f;
    drawnBoxes.add({ text, left: m.a * left + m.e, right: m.a * (left + w) + m.e, top, bottom, canvasWidth: ctx.canvas.width, canvasHeight: ctx.canvas.height });
  }
  if (tracking) ctx.letterSpacing = '0px';
}

/** The largest size ≤ `size` (and ≥ `minSize`) at which `text` fits in `maxWidth` on one line. */
export function fitSize(ctx: SKRSContext2D, text: string, maxWidth: number, size: number, minSize: number, weight: Weight = 400, tracking = 0): number {
  const w = measure(ctx, text, size, weight, tracking);
  if (w <= maxWidth) return size;
  // Widths are not exactly proportional to the size (kerning, hinting): the scaled size can
  // overshoot by a hair, and an `ellipsize` at it would then cut a fitting word ("NO₂" to "N…").
  let s = Math.floor(size * (maxWidth / w) * 100) / 100;
  while (s > minSize && measure(ctx, text, s, weight, tracking) > maxWidth) s = Math.floor(s * 99) / 100;
  return Math.max(minSize, s);
}

/** Cuts `text` to fit `maxWidth`, ending with an ellipsis. */
export function ellipsize(ctx: SKRSContext2D, text: string, maxWidth: number, size: number, weight: Weight = 400, tracking = 0): string {
  if (measure(ctx, text, size, weight, tracking) <= maxWidth) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(ctx, `${chars.slice(0, mid).join('').trimEnd()}…`, size, weight, tracking) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** Greedy word wrap; a word wider than the line is broken between characters. */
export function wrap(ctx: SKRSContext2D, text: string, maxWidth: number, size: number, weight: Weight = 400, tracking = 0): string[] {
  // A no-break space (between a number and its unit) never breaks a line.
  const words = text.split(/[^\S\u00a0\u202f]+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => measure(ctx, s, size, weight, tracking) <= maxWidth;
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (fits(word)) {
      line = word;
      continue;
    }
    let piece = '';
    for (const ch of word) {
      if (fits(piece + ch)) piece += ch;
      else {
        lines.push(piece);
        piece = ch;
      }
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextBlock {
  lines: string[];
  size: number;
  lineHeight: number;
  /** Height of the block: lines × lineHeight. */
  height: number;
  /** Width of the widest line. */
  width: number;
}

export interface BlockSpec {
  maxWidth: number;
  maxLines: number;
  size: number;
  minSize: number;
  weight?: Weight;
  tracking?: number;
  /** Line height as a multiple of the size. */
  leading?: number;
}

/** The largest size up to `size` (not below `minSize`) at which every word of `text` fits `maxWidth` whole: a wrapped headline never breaks a word. */
export function wholeWordSize(ctx: SKRSContext2D, text: string, maxWidth: number, size: number, minSize: number, weight: Weight = 400): number {
  return Math.min(size, ...text.split(/\s+/).filter(Boolean).map((w) => fitSize(ctx, w, maxWidth, size, minSize, weight)));
}

/**
 * Lays `text` out in at most `maxLines` lines of `maxWidth`: the largest size from
 * `size` down to `minSize` that needs no more lines wins; below that the last line
 * is ellipsized. The result always fits.
 */
export function layoutBlock(ctx: SKRSContext2D, text: string, spec: BlockSpec): TextBlock {
  const weight = spec.weight ?? 400;
  const tracking = spec.tracking ?? 0;
  const leading = spec.leading ?? 1.15;
  let size = spec.size;
  let lines = wrap(ctx, text, spec.maxWidth, size, weight, tracking);
  while (lines.length > spec.maxLines && size > spec.minSize) {
    size = Math.max(spec.minSize, Math.floor(size * 0.94));
    lines = wrap(ctx, text, spec.maxWidth, size, weight, tracking);
  }
  if (lines.length > spec.maxLines) {
    const kept = lines.slice(0, spec.maxLines);
    const rest = lines.slice(spec.maxLines - 1).join(' ');
    kept[spec.maxLines - 1] = ellipsize(ctx, rest, spec.maxWidth, size, weight, tracking);
    lines = kept;
  }
  const width = Math.max(0, ...lines.map((l) => measure(ctx, l, size, weight, tracking)));
  return { lines, size, lineHeight: size * leading, height: lines.length * size * leading, width };
}

/**
 * `layoutBlock` in at most `maxHeight` too: fewer lines (each as small as `minSize`
 * allows, the last one ellipsized) until the block fits, one line at the least. A
 * long place name then shrinks and wraps inside the room a layout has left for it.
 */
export function layoutBlockWithin(ctx: SKRSContext2D, text: string, spec: BlockSpec, maxHeight: number): TextBlock {
  let block = layoutBlock(ctx, text, spec);
  for (let lines = spec.maxLines - 1; lines >= 1 && block.height > maxHeight; lines--) block = layoutBlock(ctx, text, { ...spec, maxLines: lines });
  return block;
}

/** How far `text`'s ink reaches below its baseline (a comma's tail in "2,342"). */
export function inkDescent(ctx: SKRSContext2D, text: string, size: number, weight: Weight = 400): number {
  applyFont(ctx, size, weight, 0);
  return Math.max(0, ctx.measureText(text).actualBoundingBoxDescent);
}

/** Draws a laid-out block; `y` is the top of the first line. */
export function drawBlock(ctx: SKRSContext2D, block: TextBlock, x: number, y: number, style: Omit<TextStyle, 'size' | 'baseline'>): void {
  const cap = capHeight(ctx, style.weight ?? 400);
  block.lines.forEach((line, i) => {
    // Centre each line's capitals in its line box.
    const baseline = y + i * block.lineHeight + (block.lineHeight + block.size * cap) / 2;
    drawText(ctx, line, x, baseline, { ...style, size: block.size, baseline: 'alphabetic' });
  });
}

const DIGITS = '0123456789';

/** Width of one digit cell at this size/weight: the widest digit, so every digit takes the same room (tabular figures). */
export function digitCell(ctx: SKRSContext2D, size: number, weight: Weight = 700): number {
  let w = 0;
  for (const d of DIGITS) w = Math.max(w, measure(ctx, d, size, weight));
  return w;
}

/** Width of `text` set in tabular figures (digits in equal cells, other characters at their own width). */
export function tabularWidth(ctx: SKRSContext2D, text: string, size: number, weight: Weight = 700): number {
  const cell = digitCell(ctx, size, weight);
  let w = 0;
  for (const ch of text) w += DIGITS.includes(ch) ? cell : measure(ctx, ch, size, weight);
  return w;
}

/**
 * Draws a number in tabular figures with its right edge at `right`: each digit is
 * centred in a cell as wide as the widest digit, so while the value counts, a changing
 * digit never moves its neighbours, and the right edge (where a unit follows) stays put.
 */
export function drawTabular(ctx: SKRSContext2D, text: string, right: number, y: number, style: Omit<TextStyle, 'align' | 'tracking'>): void {
  if (text === '') return;
  drawnStrings.add(text);
  const weight = style.weight ?? 700;
  const cell = digitCell(ctx, style.size, weight);
  const chars = [...text];
  let x = right;
  const prevAlpha = ctx.globalAlpha;
  if (style.alpha !== undefined) ctx.globalAlpha = prevAlpha * style.alpha;
  applyFont(ctx, style.size, weight, 0);
  ctx.fillStyle = themedTextColor(style.color);
  ctx.textBaseline = style.baseline ?? 'alphabetic';
  ctx.textAlign = 'left';
  for (let i = chars.length - 1; i >= 0; i--) {
    const ch = chars[i] ?? '';
    if (DIGITS.includes(ch)) {
      const w = measure(ctx, ch, style.size, weight);
      x -= cell;
      ctx.fillText(ch, x + (cell - w) / 2, y);
    } else {
      const w = measure(ctx, ch, style.size, weight);
      x -= w;
      ctx.fillText(ch, x, y);
    }
  }
  ctx.globalAlpha = prevAlpha;
}

const capHeights = new Map<string, number>();

/**
 * Cap height of the active family as a fraction of the size, measured once per
 * family and weight; the default look keeps the 0.7 its layouts were tuned with
 * (Inter measures ~0.73).
 */
export function capHeight(ctx: SKRSContext2D, weight: Weight = 400): number {
  const theme = activeTheme();
  if (theme.isDefault) return 0.7;
  const key = `${theme.fontFamily}|${weight}`;
  let cap = capHeights.get(key);
  if (cap === undefined) {
    applyFont(ctx, 100, weight, 0);
    const m = ctx.measureText('H').actualBoundingBoxAscent / 100;
    cap = m > 0.3 && m < 1 ? m : 0.7;
    capHeights.set(key, cap);
  }
  return cap;
}
