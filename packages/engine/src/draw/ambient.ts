/**
 * Ambient motion for the hold phase of a video, once the values have settled: light
 * sweeps across panels and soft rings that ping from markers and icons, as broadcast
 * graphics keep something alive on screen. Each item moves inside a small, known
 * rectangle, so the renderer redraws and converts only those (see `rects`).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Rect } from '../templates/types.js';
import { rgba } from './color.js';
import { easeInOutCubic, easeOutCubic } from './easing.js';
import { roundRectPath } from './shapes.js';

export interface PingSpec {
  cx: number;
  cy: number;
  /** Radius the ring starts at and grows to, design px. */
  from: number;
  to: number;
  /** Seconds between rings, and when in that cycle this one starts. */
  period: number;
  offset?: number;
  /** Seconds a ring takes to grow and fade (≤ period). */
  duration?: number;
  color: string;
  alpha?: number;
  lineWidth?: number;
  /** Vertical squash: 1 for a circle, < 1 for a ripple on the ground. */
  aspect?: number;
}

export interface SheenTarget {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Corner radius of the panel the light is clipped to. */
  radius: number;
}

export interface SheenCycle {
  targets: SheenTarget[];
  /** Seconds from one pass over all targets to the next. */
  period: number;
  /** Seconds between the starts of consecutive targets. */
  stagger: number;
  /** Seconds the light takes to cross one target. */
  duration: number;
  /** Peak opacity of the light band. */
  strength?: number;
  /** Seconds into the active window when the first pass starts. */
  delay?: number;
}

/**
 * A highlight that moves from panel to panel: the panel in focus is washed in `color`
 * while the others rest, one after another every `hop` seconds. Unlike a sheen it
 * changes a whole panel at a time, so the picture never holds still for long.
 */
export interface SpotlightCycle {
  targets: SheenTarget[];
  color: string;
  /** Seconds each panel keeps the focus. */
  hop: number;
  /** Peak opacity of the wash. */
  strength?: number;
}

/** Seconds the spotlight takes to light up or let go of a panel. */
const SPOT_MOVE = 0.35;

/** Ambient items, active from `start` to `end` (seconds); `frameDt` is one frame's time. */
export class Ambient {
  private readonly pings: PingSpec[] = [];
  private readonly cycles: SheenCycle[] = [];
  private readonly spots: SpotlightCycle[] = [];

  constructor(
    private readonly start: number,
    private readonly end: number,
    private readonly frameDt: number,
  ) {}

  ping(p: PingSpec): this {
    this.pings.push(p);
    return this;
  }

  sheen(c: SheenCycle): this {
    if (c.targets.length) this.cycles.push(c);
    return this;
  }

  spotlight(c: SpotlightCycle): this {
    if (c.targets.length) this.spots.push(c);
    return this;
  }

  /** How lit (0…1) target `k` of a spotlight cycle is at `t`. */
  private spotLevel(c: SpotlightCycle, k: number, t: number): number {
    if (!this.active(t)) return 0;
    const n = c.targets.length;
    const local = t - this.start;
    // A lone panel is lit and let go in turn; with several the focus walks round them.
    const slot = Math.floor(local / c.hop);
    const on = n === 1 ? slot % 2 === 0 : slot % n === k;
    const into = local - slot * c.hop;
    const up = easeInOutCubic(Math.min(1, into / SPOT_MOVE));
    const left = this.end - t;
    const last = Math.min(1, Math.max(0, left / SPOT_MOVE));
    if (on) return Math.min(up, easeInOutCubic(last));
    const wasOn = n === 1 ? slot > 0 && (slot - 1) % 2 === 0 : slot > 0 && (slot - 1) % n === k;
    return wasOn ? 1 - up : 0;
  }

  private active(t: number): boolean {
    return t >= this.start && t < this.end;
  }

  /** Phase 0…1 of a ping's current ring, or null between rings. */
  private pingPhase(p: PingSpec, t: number): number | null {
    if (!this.active(t)) return null;
    const dur = p.duration ?? p.period;
    const local = (((t - this.start - (p.offset ?? 0)) % p.period) + p.period) % p.period;
    return local < dur ? local / dur : null;
  }

  /** Phase 0…1 of the light crossing target `k` of a cycle, or null. */
  private sheenPhase(c: SheenCycle, k: number, t: number): number | null {
    if (!this.active(t)) return null;
    const local = t - this.start - (c.delay ?? 0) - k * c.stagger;
    if (local < 0) return null;
    const inCycle = local % c.period;
    return inCycle < c.duration ? inCycle / c.duration : null;
  }

  /** Draws what is active at `t` (design space), under an overall `alpha`. */
  draw(g: SKRSContext2D, t: number, alpha = 1): void {
    if (!this.active(t) || alpha <= 0) return;
    for (const c of this.spots) {
      c.targets.forEach((target, k) => {
        const level = this.spotLevel(c, k, t);
        if (level > 0.001) drawSpot(g, target, c.color, (c.strength ?? 0.16) * level * alpha);
      });
    }
    for (const c of this.cycles) {
      c.targets.forEach((target, k) => {
        const ph = this.sheenPhase(c, k, t);
        if (ph !== null) drawSheen(g, target, easeInOutCubic(ph), (c.strength ?? 0.09) * alpha);
      });
    }
    for (const p of this.pings) {
      const ph = this.pingPhase(p, t);
      if (ph !== null) drawPing(g, p, ph, alpha);
    }
  }

  /** Design-space rectangles that may differ between the frames at t − frameDt and t. */
  rects(t: number): Rect[] {
    const out: Rect[] = [];
    const prev = t - this.frameDt;
    if (!this.active(t) && !this.active(prev)) return out;
    for (const c of this.spots) {
      c.targets.forEach((target, k) => {
        if (this.spotLevel(c, k, t) !== this.spotLevel(c, k, prev)) out.push({ x: target.x - 3, y: target.y - 3, w: target.w + 6, h: target.h + 6 });
      });
    }
    for (const c of this.cycles) {
      c.targets.forEach((target, k) => {
        // Only the stretch the light band covered a frame ago and covers now.
        const spans = [this.sheenPhase(c, k, prev), this.sheenPhase(c, k, t)].filter((ph) => ph !== null).map((ph) => sheenSpan(target, easeInOutCubic(ph)));
        if (!spans.length) return;
        const x0 = Math.max(target.x, Math.min(...spans.map((s) => s[0])));
        const x1 = Math.min(target.x + target.w, Math.max(...spans.map((s) => s[1])));
        if (x1 > x0) out.push({ x: x0, y: target.y, w: x1 - x0, h: target.h });
      });
    }
    for (const p of this.pings) {
      if (this.pingPhase(p, t) === null && this.pingPhase(p, prev) === null) continue;
      const rx = p.to + (p.lineWidth ?? 3) + 2;
      const ry = rx * (p.aspect ?? 1) + 2;
      out.push({ x: p.cx - rx, y: p.cy - ry, w: 2 * rx, h: 2 * ry });
    }
    return out;
  }
}

function sheenGeometry(s: SheenTarget, phase: number): { x: number; band: number; slant: number } {
  const band = Math.max(60, Math.min(s.w * 0.35, 260));
  const slant = s.h * 0.45;
  return { x: s.x - band - slant + (s.w + 2 * band + 2 * slant) * phase, band, slant };
}

/** Left and right edge (design px, a little wider) of the slanted band at `phase`, before clipping to the panel. */
function sheenSpan(s: SheenTarget, phase: number): [number, number] {
  const { x, band, slant } = sheenGeometry(s, phase);
  return [x - band / 2 - slant - 48, x + band / 2 + slant + 48];
}

/** A soft diagonal band of light at `phase` (0 before the left edge … 1 past the right), clipped to the panel. */
export function drawSheen(g: SKRSContext2D, s: SheenTarget, phase: number, strength: number): void {
  const { x, band, slant } = sheenGeometry(s, phase);
  g.save();
  roundRectPath(g, s.x, s.y, s.w, s.h, s.radius);
  g.clip();
  const grad = g.createLinearGradient(x - band / 2, 0, x + band / 2, 0);
  grad.addColorStop(0, 'rgba(255,255,255,0)');
  grad.addColorStop(0.5, `rgba(255,255,255,${strength.toFixed(3)})`);
  grad.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = grad;
  // A slanted band: the gradient sheared so the light leans like a reflection.
  g.beginPath();
  g.moveTo(x - band / 2 + slant, s.y);
  g.lineTo(x + band / 2 + slant, s.y);
  g.lineTo(x + band / 2 - slant, s.y + s.h);
  g.lineTo(x - band / 2 - slant, s.y + s.h);
  g.closePath();
  g.fill();
  g.restore();
}

/**
 * The spotlight's wash over a panel: its rectangle snapped to device pixels, so it is
 * drawn the same whatever clip the renderer redraws it under.
 */
export function drawSpot(g: SKRSContext2D, s: SheenTarget, color: string, alpha: number): void {
  const m = g.getTransform();
  const x0 = (Math.round(m.a * s.x + m.e) - m.e) / m.a;
  const y0 = (Math.round(m.d * s.y + m.f) - m.f) / m.d;
  const x1 = (Math.round(m.a * (s.x + s.w) + m.e) - m.e) / m.a;
  const y1 = (Math.round(m.d * (s.y + s.h) + m.f) - m.f) / m.d;
  g.save();
  roundRectPath(g, x0, y0, x1 - x0, y1 - y0, s.radius);
  g.fillStyle = rgba(color, alpha);
  g.fill();
  g.restore();
}

/** One ring of a ping at `phase` 0…1: it grows and fades out. */
export function drawPing(g: SKRSContext2D, p: PingSpec, phase: number, alpha = 1): void {
  const e = easeOutCubic(phase);
  const r = p.from + (p.to - p.from) * e;
  const a = (p.alpha ?? 0.5) * (1 - phase) * alpha;
  if (a <= 0.003) return;
  g.save();
  g.strokeStyle = rgba(p.color, a);
  g.lineWidth = p.lineWidth ?? 3;
  g.beginPath();
  g.ellipse(p.cx, p.cy, r, r * (p.aspect ?? 1), 0, 0, Math.PI * 2);
  g.stroke();
  g.restore();
}
