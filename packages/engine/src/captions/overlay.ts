/**
 * Captions burned into the video: one cue at a time on a dark plate in a band near
 * the bottom of the frame that the templates leave free (`captionRegion`), drawn
 * over the template at *output* time (the template may be held still while the
 * cues keep changing).
 *
 * Every cue is laid out once, up front, with the same fitting rules as the
 * templates' text (shrink, then wrap, then — only if a cue is absurdly long —
 * ellipsize), so no cue can overflow its plate or the frame. Cues never overlap:
 * they are sorted and each one ends no later than the next one starts.
 * The plate is nearly opaque, so the white text keeps its contrast over any
 * template colour (a contrast ratio above 12:1 even over white).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { EngineError, type FieldError } from '../errors.js';
import { drawBlock, layoutBlock, measure, wrap, type TextBlock } from '../draw/text.js';
import { roundRectPath } from '../draw/shapes.js';
import type { Format } from '../params/schema.js';
import { PORTRAIT_SAFE } from '../templates/safe-area.js';
import type { Rect } from '../templates/types.js';

/** One caption: shown while start ≤ t < end (seconds of the output video). */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/** Captions of a render; drawn into the frames when `burnIn` is true (the default). */
export interface CaptionOptions {
  cues: CaptionCue[];
  burnIn?: boolean;
}

/** Longest cue text accepted; captions are split into short cues long before this. */
export const MAX_CUE_CHARS = 500;
export const MAX_CUES = 2000;

interface CaptionSpec {
  /** Largest text width, as a fraction of the frame width. */
  widthFraction: number;
  size: number;
  minSize: number;
  maxLines: number;
  /** Distance of the plate's bottom edge from the frame's bottom edge. */
  bottom: number;
  padX: number;
  padY: number;
}

// Low in the frame, in a band of their own that the templates leave free when
// captions are burned in (stage.ts lifts the footer above it), in design px.
// Portrait's band ends above the bottom 20 % a vertical feed covers, and holds two
// lines: a longer cue is split into two cues rather than growing upwards.
const SPECS: Record<Format, CaptionSpec> = {
  landscape: { widthFraction: 0.72, size: 44, minSize: 30, maxLines: 2, bottom: 30, padX: 30, padY: 14 },
  portrait: { widthFraction: 0.84, size: 50, minSize: 34, maxLines: 2, bottom: 0, padX: 30, padY: 16 },
  square: { widthFraction: 0.84, size: 40, minSize: 28, maxLines: 2, bottom: 28, padX: 26, padY: 12 },
};

/** Distance of the plates' bottom edge from the frame's bottom edge, in design px. */
function bottomOf(format: Format, H: number): number {
  return format === 'portrait' ? Math.ceil(H * PORTRAIT_SAFE.bottom) + 8 : SPECS[format].bottom;
}

/**
 * The box every caption plate of `format` stays within, in a W×H design frame: the
 * band the templates keep free of their own drawing when captions are burned in.
 */
export function captionRegion(format: Format, W: number, H: number): Rect {
  const spec = SPECS[format];
  const fullH = spec.size * 1.2 * spec.maxLines + spec.padY * 2;
  const fullW = Math.round(W * spec.widthFraction) + spec.padX * 2;
  return { x: Math.floor((W - fullW) / 2) - 2, y: Math.floor(H - bottomOf(format, H) - fullH) - 2, w: Math.ceil(fullW) + 4, h: Math.ceil(fullH) + 4 };
}

const PLATE = 'rgba(8,10,18,0.86)';
const INK = '#FFFFFF';
const EPS = 1e-9;

/**
 * Checks cues (finite times, end after start, text of 1–500 characters) and returns
 * them sorted by start, with whitespace collapsed and each end clipped to the next
 * cue's start so two cues never show at once. Throws EngineError `invalid_params`
 * naming each bad cue (`captions.cues[3].end`).
 */
export function normalizeCues(cues: readonly CaptionCue[]): CaptionCue[] {
  const errors: FieldError[] = [];
  if (!Array.isArray(cues)) throw new EngineError('invalid_params', 'captions.cues must be an array', { fields: [{ field: 'captions.cues', message: 'must be an array' }] });
  if (cues.length > MAX_CUES) errors.push({ field: 'captions.cues', message: `must have at most ${MAX_CUES} cues` });
  cues.forEach((c, i) => {
    const at = `captions.cues[${i}]`;
    if (typeof c !== 'object' || c === null) return void errors.push({ field: at, message: 'must be an object { start, end, text }' });
    if (typeof c.start !== 'number' || !Number.isFinite(c.start) || c.start < 0) errors.push({ field: `${at}.start`, message: 'must be a finite number of seconds ≥ 0' });
    if (typeof c.end !== 'number' || !Number.isFinite(c.end) || !(c.end > c.start)) errors.push({ field: `${at}.end`, message: 'must be a finite number of seconds after start' });
    if (typeof c.text !== 'string' || c.text.trim() === '' || c.text.length > MAX_CUE_CHARS) errors.push({ field: `${at}.text`, message: `must be 1–${MAX_CUE_CHARS} characters` });
  });
  if (errors.length > 0) throw new EngineError('invalid_params', `invalid captions — ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, { fields: errors });
  const sorted = cues.map((c) => ({ start: c.start, end: c.end, text: c.text.replace(/[^\S\u00a0\u202f]+/g, ' ').trim() })).sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const cur = sorted[i]!;
    const next = sorted[i + 1]!;
    if (cur.end > next.start) cur.end = next.start;
  }
  return sorted.filter((c) => c.end - c.start > EPS);
}

/**
 * Two cues sharing `c`'s time in proportion to their length, split between words —
 * after a sentence or clause if there is one near the middle. Null for a single word.
 */
export function splitCue(c: CaptionCue): [CaptionCue, CaptionCue] | null {
  const words = c.text.split(' ');
  if (words.length < 2) return null;
  const total = c.text.length;
  let best = -1;
  let bestScore = Infinity;
  let pos = 0;
  for (let i = 0; i < words.length - 1; i++) {
    pos += (words[i]!).length + 1;
    const punct = /[.;:!?]$/.test(words[i]!) ? 0.3 : /,$/.test(words[i]!) ? 0.15 : 0;
    const score = Math.abs(pos / total - 0.5) - punct;
    if (score < bestScore) {
      bestScore = score;
      best = i + 1;
    }
  }
  const first = words.slice(0, best).join(' ');
  const second = words.slice(best).join(' ');
  const mid = c.start + (c.end - c.start) * (first.length / (first.length + second.length));
  return [
    { start: c.start, end: mid, text: first },
    { start: mid, end: c.end, text: second },
  ];
}

/**
 * The same text in the same number of lines, as even as they can be: the narrowest
 * width that still needs no more lines (so no line ends with a lone word).
 */
function balanced(ctx: SKRSContext2D, text: string, block: TextBlock): TextBlock {
  const n = block.lines.length;
  // Only blocks that kept every word (an ellipsized block is already as full as it gets).
  if (n < 2 || block.lines.join(' ') !== text) return block;
  let lo = block.width / n;
  let hi = block.width;
  let best = block.lines;
  for (let k = 0; k < 12 && hi - lo > 1; k++) {
    const mid = (lo + hi) / 2;
    const lines = wrap(ctx, text, mid, block.size, 600);
    if (lines.length <= n && lines.join(' ') === text) {
      best = lines;
      hi = mid;
    } else lo = mid;
  }
  const width = Math.max(...best.map((l) => measure(ctx, l, block.size, 600)));
  return { ...block, lines: best, width };
}

interface PlacedCue extends CaptionCue {
  block: TextBlock;
  plate: Rect;
}

/** Laid-out captions for one frame shape: what to draw at a time, and where frames change. */
export class CaptionOverlay {
  readonly cues: readonly PlacedCue[];
  /** The box every plate stays within (what a cue change redraws). */
  readonly region: Rect;

  constructor(cues: readonly CaptionCue[], format: Format, design: { width: number; height: number }, measureCtx: SKRSContext2D) {
    const spec = SPECS[format];
    const maxWidth = Math.round(design.width * spec.widthFraction);
    const place = (c: CaptionCue): PlacedCue => {
      const block = balanced(measureCtx, c.text, layoutBlock(measureCtx, c.text, { maxWidth, maxLines: spec.maxLines, size: spec.size, minSize: spec.minSize, weight: 600, leading: 1.2 }));
      const w = Math.ceil(block.width + spec.padX * 2);
      const h = Math.ceil(block.height + spec.padY * 2);
      return { ...c, block, plate: { x: Math.round((design.width - w) / 2), y: Math.round(design.height - bottomOf(format, design.height) - h), w, h } };
    };
    const placed: PlacedCue[] = [];
    const add = (c: CaptionCue, depth: number): void => {
      const p = place(c);
      // A cue too long for the plate would lose words to an ellipsis: show it as two cues instead.
      const halves = depth < 6 && p.block.lines.join(' ') !== c.text ? splitCue(c) : null;
      if (!halves) return void placed.push(p);
      for (const half of halves) add(half, depth + 1);
    };
    for (const c of normalizeCues(cues)) add(c, 0);
    this.cues = placed;
    this.region = captionRegion(format, design.width, design.height);
  }

  /** Index of the cue shown at output time `t`, or -1. */
  cueAt(t: number): number {
    // Few cues (tens); a linear scan is cheaper than keeping a search tree honest.
    for (let i = 0; i < this.cues.length; i++) {
      const c = this.cues[i]!;
      if (t + EPS >= c.start && t + EPS < c.end) return i;
      if (c.start > t + EPS) break;
    }
    return -1;
  }

  /** Draws the cue of time `t` (if any) in design coordinates. */
  draw(ctx: SKRSContext2D, t: number): void {
    const i = this.cueAt(t);
    if (i < 0) return;
    const c = this.cues[i]!;
    ctx.save();
    roundRectPath(ctx, c.plate.x, c.plate.y, c.plate.w, c.plate.h, Math.min(18, c.plate.h / 4));
    ctx.fillStyle = PLATE;
    ctx.fill();
    ctx.restore();
    const padY = (c.plate.h - c.block.height) / 2;
    drawBlock(ctx, c.block, c.plate.x + c.plate.w / 2, c.plate.y + padY, { color: INK, weight: 600, align: 'center' });
  }

  /** The design-space boxes that differ between output times `prev` and `t`. */
  changes(prev: number, t: number): Rect[] {
    return this.cueAt(prev) === this.cueAt(t) ? [] : [this.region];
  }
}
