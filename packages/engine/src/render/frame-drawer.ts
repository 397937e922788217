/**
 * Draws consecutive frames on a Skia canvas and reads back only what changed.
 *
 * The template says which rectangles a frame may change (`TemplateScene.changes`).
 * Only those are redrawn (clipped, so Skia rasterises just them) and read back, in
 * bands of RGBA rows; a frame with no change is a reuse, and the outro's frames are
 * not drawn at all when the consumer blends them in YUV (a composite). The result is
 * an instruction for `FrameSource`, which keeps the frame and converts the bands.
 *
 * Drawing in a worker thread a few frames ahead of the conversion was tried: on two
 * cores, shared with the encoder, renders took the same time (±5 %) for 0.3–0.5 s
 * more CPU and 30–40 MB more memory, so drawing stays in the render's thread.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { CaptionOverlay } from '../captions/overlay.js';
import { unionRect } from '../templates/changes.js';
import type { Rect } from '../templates/types.js';
import { withTheme } from '../theme/index.js';
import { alignBlock } from '../yuv/i420.js';
import type { DrawableScene } from './drawable.js';
import { drawFrame, outroAlpha, outroFrame } from './scene.js';

/**
 * Design px redrawn around each changed block (more where a rectangle's `bleed` asks):
 * Skia renders some edges a level or two differently when a clip passes close by.
 * Everything inside the clip is rasterised, so this margin is paid on every block of
 * every frame: 128 cost twice the drawing time of 32; 16 left a sheen's edge a few
 * levels off in the portrait daily report (frames test), 32 nothing.
 */
const CLIP_MARGIN = 32;
/**
 * Pixels from which a changed block is redrawn under a clip of its own rectangle, in a
 * pass of its own; smaller blocks share one clip. Skia rasterises under a clip of
 * several rectangles through a coverage mask: every pixel costs more (a 1080p square's
 * ring box, 260 K px, 3.0 ms alone, 4.1 ms with the 8 px timeline bar in the same clip),
 * and anti-aliased edges (arcs, round dots, a blurred shadow) come out up to 7 levels
 * off per edge, up to 19 where they stack (the daily report's gauge), whereas under one
 * rectangle holding the whole shape they are drawn exactly as in a full frame (a
 * rectangle that cuts through an anti-aliased path, as bands along the social clip's
 * ring would cut its arc, shifts that path's edges too). A pass costs the scene's drawing
 * calls again (0.3–1 ms a frame at 1080p); 100 K px is where that pays on the templates'
 * own blocks (main-thread CPU of whole 1080p renders, see the commit).
 */
export const OWN_PASS_PX = 100_000;
/**
 * Largest read-back from Skia at once. Each read allocates a buffer that lives until
 * the next garbage collection; bigger reads kept the heap growing into fresh pages
 * (with transparent huge pages, each fault zeroes 2 MB): 96 KB spent 2–4 s of kernel
 * time per 1080p render, 64 KB 0.8–1.9 s, and 32 KB and 16 KB no less than 64 KB.
 */
export const READ_BYTES = 64 * 1024;

/** Tightly packed RGBA rows of a rectangle of the frame (even edges, ≥ 16 px wide). */
export interface Band {
  x: number;
  y: number;
  w: number;
  h: number;
  rgba: Uint8Array;
}

/** What became of one output frame. */
export type DrawInstruction =
  /** Same picture as the previous frame. */
  | { kind: 'reuse' }
  /**
   * An outro frame: the frame the outro starts at, faded to the static layer by
   * `alpha` (1: all of the held frame). The first one carries the static layer's bands.
   */
  | { kind: 'composite'; alpha: number; under?: Band[] }
  /** Drawn: the pixel blocks that changed (the whole frame if `full`), read back as bands. */
  | { kind: 'draw'; full: boolean; blocks: Rect[]; bands: Band[]; drawMs: number; readMs: number };

export class FrameDrawer {
  readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  /** The template frame and output time of the last frame produced (-1: none yet). */
  private lastFrame = -1;
  private lastOut = 0;
  private readonly outroAt: number | null;
  private sentUnder = false;
  private copy: Canvas | null = null;
  /** The still picture of the scene's still stretch `k` (see baseAt). */
  private base: { k: number; canvas: Canvas } | null = null;

  constructor(
    private readonly ps: DrawableScene,
    private readonly incremental = true,
    /** Drawn over every frame at output time (burned-in captions); its changes are redrawn like the template's. */
    private readonly overlay: CaptionOverlay | null = null,
    /** The consumer blends outro frames in YUV (no captions over them), so they are not drawn. */
    private readonly compositeOutro = true,
    /** Blocks of at least this many pixels are redrawn in a pass of their own (OWN_PASS_PX; tests pass less). */
    private readonly ownPassPx = OWN_PASS_PX,
  ) {
    this.canvas = createCanvas(ps.width, ps.height);
    this.ctx = this.canvas.getContext('2d');
    this.outroAt = outroFrame(ps);
  }

  /**
   * Template frame `i` with the overlay at output time `outTime`. `i` must be the
   * template frame of the previous call (a held frame) or the one after it; any
   * other step is drawn in full.
   */
  next(i: number, outTime: number): DrawInstruction {
    const t = i / this.ps.fps;
    const inOutro = this.outroAt !== null && i > this.outroAt;
    const started = this.lastFrame >= 0;
    // The outro is a fade of the whole frame: blended in YUV from the frame it starts
    // at and the static layer (a few ms), instead of drawing, reading back and
    // converting every element again. Captions drawn over it keep the Skia path.
    if (inOutro && this.compositeOutro && !this.overlay && started && this.lastFrame >= (this.outroAt as number) && (i === this.lastFrame || i === this.lastFrame + 1)) {
      if (i === this.lastFrame) return { kind: 'reuse' };
      this.lastFrame = i;
      this.lastOut = outTime;
      const alpha = outroAlpha(this.ps, i);
      if (this.sentUnder) return { kind: 'composite', alpha };
      this.sentUnder = true;
      const sctx = this.ps.staticLayer.getContext('2d');
      return { kind: 'composite', alpha, under: this.readBands(sctx, { x: 0, y: 0, w: this.ps.width, h: this.ps.height }) };
    }
    let change: 'full' | Rect[];
    if (!started || !this.incremental || inOutro || (i !== this.lastFrame && i !== this.lastFrame + 1)) change = 'full';
    else {
      const scene = i === this.lastFrame ? [] : this.ps.scene.changes ? this.ps.scene.changes(t) : 'full';
      change = scene === 'full' ? 'full' : this.overlay ? [...scene, ...this.overlay.changes(this.lastOut, outTime)] : scene;
    }
    this.lastFrame = i;
    this.lastOut = outTime;
    const t0 = performance.now();
    if (change === 'full') {
      this.compose(i, outTime);
      const whole = { x: 0, y: 0, w: this.ps.width, h: this.ps.height };
      const t1 = performance.now();
      const bands = this.readBands(this.ctx, whole);
      return { kind: 'draw', full: true, blocks: [whole], bands, drawMs: t1 - t0, readMs: performance.now() - t1 };
    }
    const block = (r: Rect): Rect => ({ ...alignBlock(this.toPixels(r), this.ps.width, this.ps.height), bleed: Math.ceil(Math.max(CLIP_MARGIN, r.bleed ?? 0) * this.ps.scale) });
    const regions = mergeRegions(
      change.flatMap((r) => {
        const own = block(r);
        const parts = (r.parts ? r.parts.map(block) : [own]).filter((p) => p.w > 0 && p.h > 0);
        // (A part reaching past its rectangle widens the box: what is read is drawn whole.)
        return parts.length ? [{ box: r.parts ? { ...unionRect([own, ...parts]), bleed: own.bleed } : own, parts }] : [];
      }),
    );
    if (regions.length === 0) return { kind: 'reuse' };
    // Small regions share one clip, so the scene is drawn (and recorded by the canvas)
    // once for all of them, though Skia then blends through a coverage mask and a few
    // pixels differ by a level or two; each large region is redrawn under a clip of its
    // own rectangle, exactly and faster (OWN_PASS_PX). Blurs come out slightly
    // differently near a clip edge, so each region is redrawn with a margin; a pass's
    // parts are read back before the next pass, whose margin may reach into them.
    const small = regions.filter((g) => g.box.w * g.box.h < this.ownPassPx);
    const passes: { clip: Rect[]; read: Rect[] }[] = [
      ...(small.length ? [{ clip: small.map((g) => g.box), read: small.flatMap((g) => g.parts) }] : []),
      ...regions.filter((g) => g.box.w * g.box.h >= this.ownPassPx).map((g) => ({ clip: [g.box], read: g.parts })),
    ];
    const ctx = this.ctx;
    const bands: Band[] = [];
    let drawMs = 0;
    let readMs = 0;
    for (const pass of passes) {
      const p0 = performance.now();
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      for (const r of pass.clip) {
        const m = r.bleed ?? 0;
        ctx.rect(r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m);
      }
      ctx.clip();
      this.compose(i, outTime);
      ctx.restore();
      const p1 = performance.now();
      for (const b of pass.read) bands.push(...this.readBands(ctx, b));
      drawMs += p1 - p0;
      readMs += performance.now() - p1;
    }
    return { kind: 'draw', full: false, blocks: passes.flatMap((p) => p.read).map(({ x, y, w, h }) => ({ x, y, w, h })), bands, drawMs, readMs };
  }

  /**
   * The last frame drawn, on a canvas of its own (reused from call to call), for a
   * poster or a storyboard thumbnail. It is read with getImageData, which rasterises
   * only what was drawn since the previous read: drawing the drawing canvas into
   * another, or encoding it, first replays onto its own surface everything drawn since
   * it was last used that way — with a storyboard thumbnail each second, that redrew
   * every frame a second time (1.9 s of a 6.4 s 1080p render).
   */
  copyFrame(): Canvas {
    const copy = (this.copy ??= createCanvas(this.ps.width, this.ps.height));
    copy.getContext('2d').putImageData(this.ctx.getImageData(0, 0, this.ps.width, this.ps.height), 0, 0);
    return copy;
  }

  /** The template's frame `i`, then the overlay at output time `outTime` (drawFrame leaves the design transform set). */
  private compose(i: number, outTime: number): void {
    const base = this.incremental ? this.baseAt(i) : null;
    const layers = this.ps.scene.layers;
    if (base && layers) {
      // Where the template stands still but for its ambient motion: the picture under
      // that motion, drawn once, then the motion. Without it every changed block
      // composited the static layer and every sprite over it again (drawFrame is the
      // reference: the frames test compares this path with it).
      const ctx = this.ctx;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = 1;
      ctx.drawImage(base, 0, 0);
      ctx.setTransform(this.ps.scale, 0, 0, this.ps.scale, 0, 0);
      withTheme(this.ps.theme, () => layers.drawAmbient(ctx, i / this.ps.fps));
    } else drawFrame(this.ps, this.ctx, i);
    this.overlay?.draw(this.ctx, outTime);
  }

  /**
   * The still picture under template frame `i` (static layer and `drawBase`), when the
   * frame lies in one of the scene's still stretches and before its outro; else null.
   * Drawn on first use in each stretch; one is kept at a time.
   */
  private baseAt(i: number): Canvas | null {
    const layers = this.ps.scene.layers;
    if (!layers || (this.outroAt !== null && i > this.outroAt)) return null;
    const t = i / this.ps.fps;
    const k = layers.still.findIndex((s) => t >= s.from && t < s.to);
    const stretch = layers.still[k];
    if (!stretch) return null;
    if (this.base?.k !== k) {
      const canvas = this.base?.canvas ?? createCanvas(this.ps.width, this.ps.height);
      const g = canvas.getContext('2d');
      g.setTransform(1, 0, 0, 1, 0, 0);
      g.globalAlpha = 1;
      g.drawImage(this.ps.staticLayer, 0, 0);
      g.setTransform(this.ps.scale, 0, 0, this.ps.scale, 0, 0);
      withTheme(this.ps.theme, () => layers.drawBase(g, stretch.from));
      this.base = { k, canvas };
    }
    return this.base.canvas;
  }

  /** A block of `ctx`'s canvas as bands of rows (even, for the 2×2 chroma blocks). */
  private readBands(ctx: SKRSContext2D, b: Rect): Band[] {
    const rows = Math.max(2, Math.floor(READ_BYTES / (b.w * 4) / 2) * 2);
    const out: Band[] = [];
    for (let y = b.y; y < b.y + b.h; y += rows) {
      const h = Math.min(rows, b.y + b.h - y);
      const img = ctx.getImageData(b.x, y, b.w, h).data;
      out.push({ x: b.x, y, w: b.w, h, rgba: new Uint8Array(img.buffer, img.byteOffset, img.byteLength) });
    }
    return out;
  }

  /** A design-space rectangle grown to whole output pixels and clamped to the frame. */
  private toPixels(r: Rect): Rect {
    const s = this.ps.scale;
    const x0 = Math.max(0, Math.floor(r.x * s) - 1);
    const y0 = Math.max(0, Math.floor(r.y * s) - 1);
    const x1 = Math.min(this.ps.width, Math.ceil((r.x + r.w) * s) + 1);
    const y1 = Math.min(this.ps.height, Math.ceil((r.y + r.h) * s) + 1);
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }
}

/** A box redrawn under one clip, and the parts of it read back (the whole box, unless a rectangle gave `parts`). */
interface Region {
  box: Rect;
  parts: Rect[];
}

/**
 * Merges regions whose boxes overlap into their union box, so every pixel read is
 * drawn under a clip holding each overlapping element whole. Their parts are kept
 * apart, unless together they hold as many pixels as the box: where two parts meet
 * (pieces along a ring, grown to even edges) a few pixels are read twice, from the
 * same drawing.
 */
export function mergeRegions(regions: Region[]): Region[] {
  const out = regions.slice();
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!.box;
        const b = out[j]!.box;
        if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) {
          const x = Math.min(a.x, b.x);
          const y = Math.min(a.y, b.y);
          const box = { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y, bleed: Math.max(a.bleed ?? 0, b.bleed ?? 0) };
          // A part inside another of the same region is read once.
          const parts = [...out[i]!.parts, ...out[j]!.parts].filter((p, k, all) => !all.some((q, m) => m !== k && contains(q, p) && (!contains(p, q) || m < k)));
          // Parts that hold as many pixels as their box (overlapping entrances) are read as the box.
          out[i] = { box, parts: parts.reduce((n, p) => n + p.w * p.h, 0) >= box.w * box.h ? [box] : parts };
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return out;
}

function contains(a: Rect, b: Rect): boolean {
  return b.x >= a.x && b.y >= a.y && b.x + b.w <= a.x + a.w && b.y + b.h <= a.y + a.h;
}
