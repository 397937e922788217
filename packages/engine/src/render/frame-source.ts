/**
 * Produces the raw RGBA bytes of consecutive frames as cheaply as the scene allows.
 *
 * Reading pixels back from Skia is the expensive step of a frame (~4 ms at 1080p,
 * more than drawing), so while a scene holds still the renderer redraws only the
 * rectangles the template says changed — clipped, so Skia rasterises just those —
 * reads those back, and patches them into a copy of the previous frame. A frame
 * with no change reuses the previous buffer outright.
 *
 * Frames live in a small ring of buffers we own: `canvas.data()` hands out a fresh
 * native buffer per call that is not released while a pipe write holds it, so it
 * is copied into the ring at once instead of being written directly.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Rect } from '../templates/types.js';
import { drawFrame, type PreparedScene } from './scene.js';

/** Design px redrawn around each changed rectangle (more than any blur radius used). */
const CLIP_MARGIN = 64;

export class FrameSource {
  readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  private readonly ring: Buffer[];
  private slot = -1;
  private current: Buffer | null = null;
  /** Counts of how frames were produced (benchmarks print them). */
  readonly stats = { full: 0, partial: 0, reused: 0 };

  constructor(
    private readonly ps: PreparedScene,
    ringSize: number,
    private readonly incremental = true,
  ) {
    this.canvas = createCanvas(ps.width, ps.height);
    this.ctx = this.canvas.getContext('2d');
    this.ring = Array.from({ length: ringSize }, () => Buffer.allocUnsafe(ps.width * ps.height * 4));
  }

  private nextSlot(): Buffer {
    this.slot = (this.slot + 1) % this.ring.length;
    return this.ring[this.slot] as Buffer;
  }

  /** The pixels of frame `i` (frames must be requested in order, from 0). */
  frame(i: number): Buffer {
    const t = i / this.ps.fps;
    const change = i === 0 || !this.incremental || !this.ps.scene.changes ? 'full' : this.ps.scene.changes(t);
    if (change === 'full' || !this.current) {
      drawFrame(this.ps, this.ctx, i);
      const out = this.nextSlot();
      this.canvas.data().copy(out);
      this.stats.full++;
      return (this.current = out);
    }
    const rects = change.map((r) => this.toPixels(r)).filter((r) => r.w > 0 && r.h > 0);
    if (rects.length === 0) {
      this.stats.reused++;
      return this.current;
    }
    const out = this.nextSlot();
    this.current.copy(out);
    const ctx = this.ctx;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // Skia computes blurs (glows, shadows) slightly differently near a clip edge, so
    // redraw a margin around each rectangle and read back only the rectangle.
    const m = Math.ceil(CLIP_MARGIN * this.ps.scale);
    ctx.beginPath();
    for (const r of rects) ctx.rect(r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m);
    ctx.clip();
    drawFrame(this.ps, ctx, i);
    ctx.restore();
    const stride = this.ps.width * 4;
    for (const r of rects) {
      const img = ctx.getImageData(r.x, r.y, r.w, r.h).data;
      const src = Buffer.from(img.buffer, img.byteOffset, img.byteLength);
      const rowBytes = r.w * 4;
      for (let row = 0; row < r.h; row++) src.copy(out, (r.y + row) * stride + r.x * 4, row * rowBytes, (row + 1) * rowBytes);
    }
    this.stats.partial++;
    return (this.current = out);
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
