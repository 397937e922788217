/**
 * Produces consecutive frames for the encoder, as cheaply as the scene allows.
 *
 * The template says which rectangles a frame may change (`TemplateScene.changes`).
 * Only those are redrawn (clipped, so Skia rasterises just them), read back from
 * Skia and converted RGBA → I420 into one persistent frame; a frame with no change
 * hands the encoder the previous buffer again. Reading pixels back and converting
 * them cost more than drawing, so work stays proportional to what moved.
 *
 * Frames go out through a small ring of buffers we own: a pipe write holds its
 * buffer until ffmpeg has read it, so a slot is refilled only once its write is done
 * (the encoder keeps fewer writes in flight than the ring has slots).
 *
 * Pixel paths: 'wasm-simd' (default) and 'js' convert in process and yield
 * yuv420p; 'ffmpeg' yields RGBA and leaves the conversion to ffmpeg (the old path,
 * kept for benchmarks).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { CaptionOverlay } from '../captions/overlay.js';
import type { Rect } from '../templates/types.js';
import { alignBlock, createI420Converter, i420Size, type I420Converter, type KernelKind } from '../yuv/i420.js';
import { drawFrame, outroAlpha, outroFrame, type PreparedScene } from './scene.js';

/**
 * Design px redrawn around each changed block (more where a rectangle's `bleed` asks):
 * Skia renders some edges a level or two differently when a clip passes close by.
 * Everything inside the clip is rasterised, so this margin is paid on every block of
 * every frame: 128 cost twice the drawing time of 32; 16 left a sheen's edge a few
 * levels off in the portrait daily report (frames test), 32 nothing.
 */
const CLIP_MARGIN = 32;
/**
 * Largest read-back from Skia at once. Each read allocates a buffer that lives until
 * the next garbage collection; bigger reads kept the heap growing into fresh pages
 * (with transparent huge pages, each fault zeroes 2 MB): 96 KB spent 2–4 s of kernel
 * time per 1080p render, 64 KB 0.8–1.9 s, and 32 KB and 16 KB no less than 64 KB.
 */
const READ_BYTES = 64 * 1024;

export type PixelPath = KernelKind | 'ffmpeg';

/** How frames were produced, and where the time went (benchmarks print them). */
export interface FrameStats {
  full: number;
  partial: number;
  reused: number;
  /** Outro frames blended in YUV from the last full frame and the static layer, without drawing. */
  composited: number;
  /** Pixels read back and converted, over all frames. */
  pixels: number;
  drawMs: number;
  readMs: number;
  convertMs: number;
}

export class FrameSource {
  readonly canvas: Canvas;
  readonly pixelFormat: 'yuv420p' | 'rgba';
  readonly frameBytes: number;
  readonly stats: FrameStats = { full: 0, partial: 0, reused: 0, composited: 0, pixels: 0, drawMs: 0, readMs: 0, convertMs: 0 };
  private readonly ctx: SKRSContext2D;
  private readonly ring: Buffer[];
  private readonly yuv: I420Converter | null;
  /** The RGBA frame on the 'ffmpeg' path. */
  private readonly rgba: Buffer | null;
  private slot = -1;
  private current: Buffer | null = null;
  /** The template frame and output time of the last frame produced (-1: none yet). */
  private lastFrame = -1;
  private lastOut = 0;
  /** The template frame the outro fades from (null: no outro); that frame and the static layer in YUV, once the outro starts. */
  private readonly outroAt: number | null;
  private outroFrom: { held: Uint8Array; under: Uint8Array } | null = null;

  constructor(
    private readonly ps: PreparedScene,
    ringSize: number,
    private readonly incremental = true,
    path: PixelPath = 'wasm-simd',
    /** Drawn over every frame at output time (burned-in captions); its changes are redrawn like the template's. */
    private readonly overlay: CaptionOverlay | null = null,
  ) {
    this.canvas = createCanvas(ps.width, ps.height);
    this.ctx = this.canvas.getContext('2d');
    this.pixelFormat = path === 'ffmpeg' ? 'rgba' : 'yuv420p';
    this.yuv = path === 'ffmpeg' ? null : createI420Converter(ps.width, ps.height, path);
    this.frameBytes = this.yuv ? i420Size(ps.width, ps.height) : ps.width * ps.height * 4;
    this.rgba = this.yuv ? null : Buffer.alloc(this.frameBytes);
    this.ring = Array.from({ length: ringSize }, () => Buffer.allocUnsafe(this.frameBytes));
    this.outroAt = outroFrame(ps);
    this.kernel = path === 'ffmpeg' ? null : path;
  }

  private readonly kernel: KernelKind | null;

  /** The bytes of frame `i` in `pixelFormat` (frames must be requested in order, from 0). */
  frame(i: number): Buffer {
    return this.frameAt(i, i / this.ps.fps);
  }

  /**
   * Template frame `i` with the overlay at output time `outTime`. `i` must be the
   * template frame of the previous call (a held frame) or the one after it; any
   * other step is drawn in full.
   */
  frameAt(i: number, outTime: number): Buffer {
    const t = i / this.ps.fps;
    const inOutro = this.outroAt !== null && i > this.outroAt;
    // The outro is a fade of the whole frame: blended in YUV from the frame it starts
    // at and the static layer (a few ms), instead of drawing, reading back and
    // converting every element again. Captions drawn over it keep the Skia path.
    if (inOutro && this.yuv && !this.overlay && this.current && this.lastFrame >= (this.outroAt as number) && (i === this.lastFrame || i === this.lastFrame + 1)) {
      if (i === this.lastFrame) {
        this.stats.reused++;
        return this.current;
      }
      this.outroFrom ??= { held: Uint8Array.from(this.current), under: this.staticYuv() };
      const out = this.nextSlot();
      blendI420(out, this.outroFrom.held, this.outroFrom.under, outroAlpha(this.ps, i));
      this.lastFrame = i;
      this.lastOut = outTime;
      this.stats.composited++;
      return (this.current = out);
    }
    let change: 'full' | Rect[];
    if (this.lastFrame < 0 || !this.incremental || inOutro || (i !== this.lastFrame && i !== this.lastFrame + 1)) change = 'full';
    else {
      const scene = i === this.lastFrame ? [] : this.ps.scene.changes ? this.ps.scene.changes(t) : 'full';
      change = scene === 'full' ? 'full' : this.overlay ? [...scene, ...this.overlay.changes(this.lastOut, outTime)] : scene;
    }
    this.lastFrame = i;
    this.lastOut = outTime;
    let blocks: Rect[];
    const t0 = performance.now();
    if (change === 'full' || !this.current) {
      this.compose(i, outTime);
      blocks = [{ x: 0, y: 0, w: this.ps.width, h: this.ps.height }];
      this.stats.full++;
    } else {
      blocks = mergeBlocks(change.map((r) => ({ ...alignBlock(this.toPixels(r), this.ps.width, this.ps.height), bleed: Math.ceil(Math.max(CLIP_MARGIN, r.bleed ?? 0) * this.ps.scale) })).filter((r) => r.w > 0 && r.h > 0));
      if (blocks.length === 0) {
        this.stats.reused++;
        return this.current;
      }
      // All blocks in one clip, so the scene is drawn (and recorded by the canvas) once
      // per frame, not once per block: 25–30 % less drawing time than a rectangle clip
      // per block, though Skia then blends through a coverage mask and a few pixels
      // differ by a level or two. Blurs come out slightly differently near a clip edge,
      // so each block is redrawn with a margin and only the block is read back.
      const ctx = this.ctx;
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      for (const r of blocks) {
        const m = r.bleed ?? 0;
        ctx.rect(r.x - m, r.y - m, r.w + 2 * m, r.h + 2 * m);
      }
      ctx.clip();
      this.compose(i, outTime);
      ctx.restore();
      this.stats.partial++;
    }
    const t1 = performance.now();
    this.stats.drawMs += t1 - t0;
    for (const b of blocks) this.readBlock(b);
    const out = this.nextSlot();
    out.set(this.yuv ? this.yuv.frame() : (this.rgba as Buffer));
    return (this.current = out);
  }

  /** The static layer converted to I420 (the outro fades to it). */
  private staticYuv(): Uint8Array {
    const { width: w, height: h } = this.ps;
    const conv = createI420Converter(w, h, this.kernel ?? 'wasm-simd');
    const sctx = this.ps.staticLayer.getContext('2d');
    const rows = Math.max(2, Math.floor(READ_BYTES / (w * 4) / 2) * 2);
    for (let y = 0; y < h; y += rows) {
      const bh = Math.min(rows, h - y);
      conv.convert(sctx.getImageData(0, y, w, bh).data, w * 4, 0, y, w, bh);
    }
    return Uint8Array.from(conv.frame());
  }

  /** The template's frame `i`, then the overlay at output time `outTime` (drawFrame leaves the design transform set). */
  private compose(i: number, outTime: number): void {
    drawFrame(this.ps, this.ctx, i);
    this.overlay?.draw(this.ctx, outTime);
  }

  /** Reads a pixel block back from the canvas and converts it into the persistent frame. */
  private readBlock(b: Rect): void {
    // Big blocks are read in bands of rows (even, for the 2×2 chroma blocks).
    const rows = Math.max(2, Math.floor(READ_BYTES / (b.w * 4) / 2) * 2);
    for (let y = b.y; y < b.y + b.h; y += rows) {
      const h = Math.min(rows, b.y + b.h - y);
      const t0 = performance.now();
      const img = this.ctx.getImageData(b.x, y, b.w, h).data;
      const t1 = performance.now();
      if (this.yuv) this.yuv.convert(img, b.w * 4, b.x, y, b.w, h);
      else {
        const rgba = this.rgba as Buffer;
        const src = Buffer.from(img.buffer, img.byteOffset, img.byteLength);
        const stride = this.ps.width * 4;
        for (let row = 0; row < h; row++) src.copy(rgba, (y + row) * stride + b.x * 4, row * b.w * 4, (row + 1) * b.w * 4);
      }
      this.stats.readMs += t1 - t0;
      this.stats.convertMs += performance.now() - t1;
    }
    this.stats.pixels += b.w * b.h;
  }

  private nextSlot(): Buffer {
    this.slot = (this.slot + 1) % this.ring.length;
    return this.ring[this.slot] as Buffer;
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

/**
 * `out` = `under` + (`over` − `under`) × `alpha`, byte by byte over a whole I420 frame:
 * `over` laid on `under` at that opacity. The conversion to YUV is affine and the
 * chroma a plain mean, so this is the blend in RGB, converted, to within rounding.
 */
export function blendI420(out: Uint8Array, over: Uint8Array, under: Uint8Array, alpha: number): void {
  const a = Math.round(Math.max(0, Math.min(1, alpha)) * 256);
  if (a === 256) out.set(over);
  else if (a === 0) out.set(under);
  else for (let k = 0; k < out.length; k++) out[k] = (under[k] as number) + ((((over[k] as number) - (under[k] as number)) * a + 128) >> 8);
}

/** Merges overlapping blocks (their union box) so no pixel is read and converted twice. */
export function mergeBlocks(blocks: Rect[]): Rect[] {
  const out = blocks.slice();
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i] as Rect;
        const b = out[j] as Rect;
        if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) {
          const x = Math.min(a.x, b.x);
          const y = Math.min(a.y, b.y);
          out[i] = { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y, bleed: Math.max(a.bleed ?? 0, b.bleed ?? 0) };
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return out;
}
