/**
 * A template as a storyboard: a timeline of scenes, each laid out for the frame it
 * gets, played one after another with transitions. A scene is a set of pieces
 * (pre-rendered sprites that enter in sequence, may take the spotlight, and leave
 * together) and lives (small regions drawn per frame: a counter, a sweeping gauge, a
 * chart drawing itself). The storyboard schedules them and says, per frame, which
 * rectangles changed, so the renderer redraws only those.
 *
 * Something on screen changes at least every `HOP` seconds: pieces enter in sequence,
 * lives move, and once a scene has settled its spotlight moves from piece to piece
 * (the piece in focus grows slightly and lights up) until the scene leaves.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { rgba } from '../draw/color.js';
import { easeInCubic, easeInOutCubic, easeOutBack, easeOutCubic, progress } from '../draw/easing.js';
import { roundRectPath } from '../draw/shapes.js';
import { drawSprite, type Sprite } from '../draw/sprite.js';
import { ChangePlan, spriteBox, unionRect } from './changes.js';
import { drawTimeline } from './parts.js';
import type { Rect, SceneKind, SceneTiming, TemplateScene } from './types.js';

export type { SceneKind, SceneTiming } from './types.js';

/** Seconds a piece takes to enter. */
export const ENTER = 0.6;
/** Seconds a scene's pieces take to leave (ending when the scene ends). */
export const EXIT = 0.35;
/** Seconds between spotlight moves once a scene has settled. */
export const HOP = 1.4;
/** Seconds the spotlight takes to move. */
const HOP_MOVE = 0.4;
/** How much the piece in the spotlight grows. */
const FOCUS_SCALE = 0.045;
/** Opacity of the spotlight's panel behind the piece in focus. */
const SPOTLIGHT_FILL = 0.24;
/** Seconds of the closing fade at the end of the video. */
export const OUTRO_FADE = 0.7;


export interface Piece {
  sprite: Sprite;
  /** Top-left of the element in design space. */
  x: number;
  y: number;
  /** Seconds after its scene starts that it starts entering. */
  at: number;
  from?: 'below' | 'left' | 'right' | 'pop' | 'fade';
  /** Takes part in the scene's spotlight (in the order of the pieces). */
  focus?: boolean;
  /** Corner radius of its panel, for the spotlight's outline; omitted: no outline. */
  radius?: number;
}

export interface Live {
  /** Scene-local seconds during which it changes; before `from` it must draw what it draws at `from`, after `to` what it draws at `to`. */
  from: number;
  to: number;
  /** Everything it draws stays inside this design rectangle. */
  rect: Rect;
  draw(g: SKRSContext2D, tl: number, alpha: number): void;
}

export interface SceneBody {
  pieces: Piece[];
  lives?: Live[];
}

export interface SceneSpec {
  id: string;
  kind: SceneKind;
  /** What the scene shows, in words (for narration timing and the storyboard). */
  shows: string;
  /** Relative length: the video's duration is shared out in proportion. */
  weight: number;
  /** Lays the scene out once its length is known (seconds). */
  build(duration: number): SceneBody;
}


/** A piece that stays over several scenes (a running header), from `start` to `end` (absolute seconds; `end` null: to the end). */
export interface ChromePiece {
  sprite: Sprite;
  x: number;
  y: number;
  start: number;
  end: number | null;
}

interface Placed {
  piece: Piece;
  start: number;
  end: number;
  /** The last scene has no exit: the video's outro fades it. */
  exits: boolean;
  /** Spotlight windows: [time the piece gains focus, time it loses it]. */
  focus: [number, number][];
}

interface PlacedLive {
  live: Live;
  start: number;
  end: number;
  exits: boolean;
}

export interface StoryboardSpec {
  W: number;
  H: number;
  fps: number;
  duration: number;
  /** Seconds added to the last scene beyond `duration` (see SceneInput.extendLastSec). */
  extendLastSec?: number;
  scenes: SceneSpec[];
  /** Pieces over several scenes, given the timing of every scene. */
  chrome?: (timeline: SceneTiming[]) => ChromePiece[];
  accent: string;
  /** Colour of the spotlight's outline. */
  focusColor: string;
  posterScene?: SceneKind;
  staticKey: string;
  drawStatic(g: SKRSContext2D): void;
}

export interface Storyboard extends TemplateScene {
  timeline: SceneTiming[];
}

/** Shares `duration` out over the scenes by weight, rounded to whole frames; the last scene also gets `extendLast` seconds. */
export function allot(scenes: readonly { id: string; kind: SceneKind; shows: string; weight: number }[], duration: number, fps: number, extendLast = 0): SceneTiming[] {
  const total = scenes.reduce((s, x) => s + x.weight, 0) || 1;
  const out: SceneTiming[] = [];
  let acc = 0;
  scenes.forEach((s, i) => {
    const start = Math.round(acc * fps) / fps;
    acc += (s.weight / total) * duration;
    const end = i === scenes.length - 1 ? duration + extendLast : Math.round(acc * fps) / fps;
    out.push({ id: s.id, kind: s.kind, start, end, shows: s.shows });
  });
  return out;
}

export function createStoryboard(spec: StoryboardSpec): Storyboard {
  const { W, H } = spec;
  const extend = Math.max(0, spec.extendLastSec ?? 0);
  const D = spec.duration + extend;
  const timeline = allot(spec.scenes, spec.duration, spec.fps, extend);
  const outroStart = D - OUTRO_FADE;
  const placed: Placed[] = [];
  const lives: PlacedLive[] = [];
  spec.scenes.forEach((s, i) => {
    const tm = timeline[i]!;
    const exits = i < spec.scenes.length - 1;
    const body = s.build(tm.end - tm.start);
    const scenePieces: Placed[] = body.pieces.map((piece) => ({ piece, start: tm.start, end: tm.end, exits, focus: [] }));
    // The spotlight: after every piece has entered, it moves from focus piece to focus piece.
    // Visited from the outside in (top, bottom, next top, …) so that every region of the frame
    // sees the spotlight early, even in a scene too short to visit every piece.
    const byY = scenePieces.filter((p) => p.piece.focus).sort((a, b) => a.piece.y - b.piece.y);
    const focusable: Placed[] = [];
    for (let lo = 0, hi = byY.length - 1; lo <= hi; lo++, hi--) {
      focusable.push(byY[lo]!);
      if (lo < hi) focusable.push(byY[hi]!);
    }
    if (focusable.length) {
      const settled = tm.start + Math.max(...body.pieces.map((p) => p.at)) + ENTER + 0.15;
      const lastMove = (exits ? tm.end - EXIT : outroStart) - HOP_MOVE - 0.1;
      const hops: number[] = [];
      for (let h = settled; h <= lastMove + 1e-9; h += HOP) hops.push(h);
      if (focusable.length === 1) {
        // One piece: it comes forward and steps back in turn.
        for (let k = 0; k + 1 < hops.length; k += 2) focusable[0]!.focus.push([hops[k]!, hops[k + 1]!]);
        if (hops.length % 2 === 1) focusable[0]!.focus.push([hops[hops.length - 1]!, Infinity]);
      } else {
        hops.forEach((h, k) => {
          const next = k + 1 < hops.length ? hops[k + 1]! : Infinity;
          focusable[k % focusable.length]!.focus.push([h, next]);
        });
      }
      // The last focus lets go before the scene leaves (or stays to the end of the video).
      for (const p of focusable) {
        const last = p.focus[p.focus.length - 1];
        if (last && last[1] === Infinity) last[1] = exits ? Math.max(last[0] + HOP_MOVE, tm.end - EXIT - HOP_MOVE) : Infinity;
      }
    }
    placed.push(...scenePieces);
    for (const live of body.lives ?? []) lives.push({ live, start: tm.start, end: tm.end, exits });
  });
  const chrome = spec.chrome ? spec.chrome(timeline) : [];

  const focusLevel = (p: Placed, t: number): number => {
    let level = 0;
    for (const [a, b] of p.focus) {
      if (t <= a) continue;
      const up = easeInOutCubic(progress(t, a, HOP_MOVE));
      const down = b === Infinity ? 0 : easeInOutCubic(progress(t, b, HOP_MOVE));
      level = Math.max(level, up * (1 - down));
    }
    return level;
  };

  interface State {
    alpha: number;
    dx: number;
    dy: number;
    scale: number;
    focus: number;
  }
  const state = (p: Placed, t: number): State => {
    const tin = p.start + p.piece.at;
    const e = progress(t, tin, ENTER);
    const x = p.exits ? easeInCubic(progress(t, p.end - EXIT, EXIT)) : 0;
    const from = p.piece.from ?? 'below';
    const eo = easeOutCubic(e);
    const focus = focusLevel(p, t);
    let dx = 0;
    let dy = -28 * x;
    let scale = 1 + FOCUS_SCALE * focus;
    if (from === 'below') dy += 44 * (1 - eo);
    else if (from === 'left') dx = -70 * (1 - eo);
    else if (from === 'right') dx = 70 * (1 - eo);
    else if (from === 'pop') scale *= 0.8 + 0.2 * easeOutBack(e);
    return { alpha: eo * (1 - x), dx, dy, scale, focus };
  };

  const drawPiece = (g: SKRSContext2D, p: Placed, t: number) => {
    const s = state(p, t);
    if (s.alpha <= 0.001) return;
    const { sprite, x, y, radius } = p.piece;
    const w = sprite.w * s.scale;
    const h = sprite.h * s.scale;
    const cx = x + s.dx + sprite.w / 2;
    const cy = y + s.dy + sprite.h / 2;
    if (radius !== undefined && s.focus > 0.001) {
      // The spotlight's panel behind the piece, in the scene's colour: a change over the
      // piece's whole area (an outline alone is too thin for the eye, or freezedetect, to
      // see it move). Inset and snapped to device pixels, so it is drawn the same under
      // any clip the renderer redraws it with.
      const m = g.getTransform();
      const snapX = (v: number) => (Math.round(m.a * v + m.e) - m.e) / m.a;
      const snapY = (v: number) => (Math.round(m.d * v + m.f) - m.f) / m.d;
      const x0 = snapX(cx - w / 2 + 2);
      const y0 = snapY(cy - h / 2 + 2);
      g.save();
      g.globalAlpha *= s.alpha * s.focus;
      roundRectPath(g, x0, y0, snapX(cx + w / 2 - 2) - x0, snapY(cy + h / 2 - 2) - y0, Math.max(0, radius * s.scale - 2));
      g.fillStyle = rgba(spec.accent, SPOTLIGHT_FILL);
      g.fill();
      g.restore();
    }
    drawSprite(g, sprite, x, y, { alpha: s.alpha, dx: s.dx, dy: s.dy, scale: s.scale });
    if (radius !== undefined && s.focus > 0.001) {
      // The spotlight's outline, grown with the piece.
      g.save();
      g.globalAlpha *= s.alpha * s.focus;
      roundRectPath(g, cx - w / 2, cy - h / 2, w, h, radius * s.scale);
      g.lineWidth = 4;
      g.strokeStyle = rgba(spec.focusColor, 0.95);
      g.stroke();
      g.restore();
    }
  };

  const pieceRect = (p: Placed, t: number): Rect => {
    const s = state(p, t);
    return spriteBox(p.piece.sprite, p.piece.x + s.dx, p.piece.y + s.dy, { scale: s.scale * 1.01 });
  };

  // Where frames change.
  const plan = new ChangePlan(1 / spec.fps);
  for (const p of placed) {
    const tin = p.start + p.piece.at;
    const at = (t: number) => pieceRect(p, t);
    plan.moving(tin, tin + ENTER, at);
    if (p.exits) plan.moving(p.end - EXIT, p.end, at);
    for (const [a, b] of p.focus) {
      plan.moving(a, a + HOP_MOVE, at);
      if (b !== Infinity) plan.moving(b, b + HOP_MOVE, at);
    }
  }
  for (const l of lives) {
    // From the scene's start: a live shows its first state as soon as its scene is on.
    plan.during(l.start, l.start + l.live.to, l.live.rect);
    if (l.exits) plan.during(l.end - EXIT, l.end, l.live.rect);
  }
  for (const c of chrome) {
    const box = spriteBox(c.sprite, c.x, c.y, { dy: 44 });
    plan.during(c.start, c.start + ENTER, box);
    if (c.end !== null) plan.during(c.end - EXIT, c.end, box);
  }
  const bar = { x: 0, y: H - 8, w: W, h: 8 };
  plan.during(0, D, bar);

  const posterScene = timeline.find((s) => s.kind === (spec.posterScene ?? 'index')) ?? timeline[0];
  const posterTime = posterScene ? Math.min(posterScene.end - EXIT - 0.05, posterScene.start + (posterScene.end - posterScene.start) * 0.8) : 0;

  return {
    timeline,
    posterTime,
    staticKey: spec.staticKey,
    changes: (t) => plan.rects(t),
    outro: { start: outroStart, alpha: (t) => 1 - easeInCubic(progress(t, outroStart, OUTRO_FADE)) },
    drawStatic: (g) => spec.drawStatic(g),
    drawFrame(g, t) {
      for (const c of chrome) {
        if (t < c.start || (c.end !== null && t > c.end)) continue;
        const e = easeOutCubic(progress(t, c.start, ENTER));
        const x = c.end === null ? 0 : easeInCubic(progress(t, c.end - EXIT, EXIT));
        drawSprite(g, c.sprite, c.x, c.y, { alpha: e * (1 - x), dy: 44 * (1 - e) - 28 * x });
      }
      for (const p of placed) if (t >= p.start - 1e-9 && t <= p.end + 1e-9) drawPiece(g, p, t);
      for (const l of lives) {
        if (t < l.start - 1e-9 || t > l.end + 1e-9) continue;
        const x = l.exits ? easeInCubic(progress(t, l.end - EXIT, EXIT)) : 0;
        if (x >= 0.999) continue;
        const tl = Math.max(l.live.from, Math.min(l.live.to, t - l.start));
        l.live.draw(g, tl, 1 - x);
      }
      drawTimeline(g, W, H, t, D, spec.accent);
    },
  };
}

/** The union of rectangles, or an empty one. */
export function boundsOf(rects: Rect[]): Rect {
  return rects.length ? unionRect(rects) : { x: 0, y: 0, w: 0, h: 0 };
}
