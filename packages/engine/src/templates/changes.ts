/**
 * Where a template's frames change, declared next to how it animates: each element
 * says when it moves and the box it stays within while it does. The renderer then
 * redraws, reads back and converts only those boxes (see `TemplateScene.changes`),
 * during the intro and outro too, not just while the scene holds still.
 */
import type { Sprite } from '../draw/sprite.js';
import type { Rect } from './types.js';

interface Window {
  from: number;
  to: number;
  rect: Rect;
}

export class ChangePlan {
  private readonly windows: Window[] = [];
  private readonly sources: ((t: number) => Rect[])[] = [];

  constructor(private readonly frameDt: number) {}

  /** An element that may change while from < t < to, always inside `rect`. */
  during(from: number, to: number, rect: Rect): this {
    this.windows.push({ from, to, rect });
    return this;
  }

  /** Rectangles computed per frame by someone else (ambient motion, a ticker). */
  also(source: (t: number) => Rect[]): this {
    this.sources.push(source);
    return this;
  }

  /** Design-space rectangles that may differ between the frames at t − frameDt and t. */
  rects(t: number): Rect[] {
    const prev = t - this.frameDt;
    const out: Rect[] = [];
    // The state is constant outside [from, to]: frames differ only if (prev, t] meets (from, to).
    for (const w of this.windows) if (t > w.from - 1e-9 && prev < w.to + 1e-9) out.push(w.rect);
    for (const s of this.sources) out.push(...s(t));
    return out;
  }
}

/** The box a sprite drawn at (x, y) covers, grown by how far it slides and how much it may overshoot in scale. */
export function spriteBox(s: Sprite, x: number, y: number, move: { dx?: number; dy?: number; scale?: number } = {}): Rect {
  const k = Math.max(1, move.scale ?? 1);
  const w = (s.w + 2 * s.pad) * k;
  const h = (s.h + 2 * s.pad) * k;
  const cx = x + s.w / 2;
  const cy = y + s.h / 2;
  const dx = Math.abs(move.dx ?? 0);
  const dy = Math.abs(move.dy ?? 0);
  return { x: cx - w / 2 - dx, y: cy - h / 2 - dy, w: w + 2 * dx, h: h + 2 * dy };
}

/** The smallest rectangle holding all of `rects`. */
export function unionRect(rects: Rect[]): Rect {
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.w));
  const y1 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
