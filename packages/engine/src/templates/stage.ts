/**
 * The stage of a storyboard scene: the part of the frame content may use in each
 * format. Portrait keeps clear of the top 14 % and bottom 20 % that vertical feeds
 * cover with their own interface; landscape and square keep a margin. Burned-in
 * captions take a band of their own at the bottom of the stage.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { captionRegion } from '../captions/overlay.js';
import type { Format } from '../params/schema.js';
import type { ReportContent } from './content.js';
import { drawFooter } from './parts.js';
import { PORTRAIT_SAFE } from './safe-area.js';
import type { Rect } from './types.js';

export interface Stage {
  format: Format;
  W: number;
  H: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Height of the footer line (the standard's name and the brand), drawn at `bottom`. */
  footerSize: number;
  /** Where scenes lay out: the stage above the footer. */
  body: Rect;
  /** Base text size of the format: portrait reads from further away on a phone held upright. */
  unit: number;
}

export { PORTRAIT_SAFE };

/** What a layout leaves room for beyond the template's own drawing. */
export interface StageOptions {
  /** Captions are burned in: their band (captions/overlay.ts) stays free, the footer sits above it. */
  captions?: boolean;
}

/**
 * The footer baseline of a `footerSize` footer meant for `baseline`: with captions
 * burned in, lifted so that the footer (and a brand's logo, 2.2 footer sizes tall,
 * centred on its line) ends above the caption band. Everything a template lays out
 * above its footer moves up with it.
 */
export function footerClearOfCaptions(format: Format, W: number, H: number, baseline: number, footerSize: number, opts: StageOptions = {}): number {
  if (!opts.captions) return baseline;
  return Math.min(baseline, captionRegion(format, W, H).y - Math.ceil(footerSize * 1.1) - 8);
}

/**
 * The stage of `format` in a W×H design frame. Portrait's footer baseline sits high
 * enough that a brand's logo (2.2 footer sizes tall, centred on the line) ends above
 * the covered bottom band too. With `captions`, the footer and the body above it
 * end above the caption band.
 */
export function stageFor(format: Format, W: number, H: number, opts: StageOptions = {}): Stage {
  const m =
    format === 'landscape'
      ? { left: 100, right: W - 100, top: 72, bottom: H - 44, footerSize: 18, unit: 1 }
      : format === 'portrait'
        ? { left: 72, right: W - 72, top: Math.ceil(H * PORTRAIT_SAFE.top) + 16, bottom: Math.floor(H * (1 - PORTRAIT_SAFE.bottom)) - 18, footerSize: 22, unit: 1.2 }
        : { left: 60, right: W - 60, top: 56, bottom: H - 40, footerSize: 16, unit: 0.82 };
  m.bottom = footerClearOfCaptions(format, W, H, m.bottom, m.footerSize, opts);
  const bodyBottom = m.bottom - m.footerSize - 26;
  return { format, W, H, ...m, body: { x: m.left, y: m.top, w: m.right - m.left, h: bodyBottom - m.top } };
}

/** Footer credit at the bottom of the stage: the source line when given, the standard's name and the brand. */
export function drawStageFooter(g: SKRSContext2D, s: Stage, c: ReportContent): void {
  drawFooter(g, c, s.left, s.bottom, s.right - s.left, s.footerSize);
}

/**
 * Places items of the given heights top to bottom in `box`: the free height goes into
 * the gaps (at most `maxGap` each; the rest above and below), so a column fills its
 * box without one large empty band. Returns each item's top.
 */
export function distribute(box: Rect, heights: number[], minGap: number, maxGap: number): number[] {
  const used = heights.reduce((a, b) => a + b, 0);
  const n = heights.length;
  const free = box.h - used;
  const gap = n > 1 ? Math.max(minGap, Math.min(maxGap, free / (n - 1))) : 0;
  const total = used + gap * (n - 1);
  let y = box.y + Math.max(0, (box.h - total) / 2);
  return heights.map((h) => {
    const top = y;
    y += h + gap;
    return top;
  });
}
