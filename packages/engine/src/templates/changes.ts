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

  /**
   * An element that moves while from < t < to, covering `at(t)` at time t: each frame
   * redraws only where it was a frame ago and where it is now, not its whole path.
   */
  moving(from: number, to: number, at: (t: number) => Rect): this {
    return this.also((t) => {
      const prev = t - this.frameDt;
      return t > from - 1e-9 && prev < to + 1e-9 ? [unionRect([at(prev), at(t)])] : [];
    });
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

/** The box a sprite covers when drawn at (x, y) shifted by (dx, dy) (see drawSprite), two design px more each side for filtering and snapping. */
export function spriteAt(s: Sprite, x: number, y: number, dx = 0, dy = 0): Rect {
  return { x: x + dx - s.pad - 2, y: y + dy - s.pad - 2, w: s.w + 2 * s.pad + 4, h: s.h + 2 * s.pad + 4 };
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
  // Two design px more each side: an unscaled sprite is drawn at its own pixel size, snapped to whole pixels (drawSprite).
  return { x: cx - w / 2 - dx - 2, y: cy - h / 2 - dy - 2, w: w + 2 * dx + 4, h: h + 2 * dy + 4 };
}

/** The smallest rectangle holding all of `rects`. */
export function unionRect(rects: Rect[]): Rect {
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.w));
  const y1 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Rectangles that together cover the ring between radii `inner` and `outer` round
 * (cx, cy), in horizontal bands `band` design px tall: where a band crosses the
 * ring's hole, its left and right pieces apart. A thin ring (a halo of dots) is a
 * fraction of its bounding box: redrawn, converted and encoded as these pieces, a
 * frame pays for what turns, not for the still disc inside it.
 */
export function ringRects(cx: number, cy: number, inner: number, outer: number, band: number): Rect[] {
  const out: Rect[] = [];
  const n = Math.ceil((2 * outer) / band);
  const h = (2 * outer) / n;
  for (let k = 0; k < n; k++) {
    const y0 = -outer + k * h;
    const y1 = y0 + h;
    // The band's nearest and farthest |y| from the centre.
    const near = y0 < 0 && y1 > 0 ? 0 : Math.min(Math.abs(y0), Math.abs(y1));
    const far = Math.max(Math.abs(y0), Math.abs(y1));
    const xo = Math.sqrt(Math.max(0, outer * outer - near * near));
    if (far >= inner) out.push({ x: cx - xo, y: cy + y0, w: 2 * xo, h });
    else {
      const xi = Math.sqrt(inner * inner - far * far);
      out.push({ x: cx - xo, y: cy + y0, w: xo - xi, h }, { x: cx + xi, y: cy + y0, w: xo - xi, h });
    }
  }
  return out;
}
