/**
 * Produces consecutive frames for the encoder, as cheaply as the scene allows.
 *
 * A `FrameDrawer` draws only the rectangles a frame may change and reads them back
 * (or says the frame is a reuse, or an outro frame to blend); this converts what it
 * read RGBA → I420 into one persistent frame. Reading pixels back and converting them
 * cost more than drawing, so work stays proportional to what moved.
 *
 * Frames go out either as buffers of a small ring we own (`frameAt`: a pipe write
 * holds its buffer until ffmpeg has read it, so a slot is refilled only once its
 * write is done) or as the changed blocks of the persistent frame (`updateAt`, for the
 * x264 driver).
 *
 * Pixel paths: 'wasm-simd' (default) and 'js' convert in process and yield
 * yuv420p; 'ffmpeg' yields RGBA and leaves the conversion to ffmpeg (the old path,
 * kept for benchmarks).
 */
import type { Canvas } from '@napi-rs/canvas';
import type { CaptionOverlay } from '../captions/overlay.js';
import type { Rect } from '../templates/types.js';
import { createI420Converter, i420Size, type I420Converter, type KernelKind } from '../yuv/i420.js';
import { FrameDrawer, type Band, type DrawInstruction } from './frame-drawer.js';
import type { DrawableScene } from './drawable.js';

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

/** One frame as `FrameSource.updateAt` produces it. */
export interface FrameUpdate {
  /** The whole frame in the source's pixel format; valid until the next call. */
  frame: Uint8Array;
  /** Pixel rectangles (even, inside the frame) that differ from the previous frame. */
  blocks: Rect[];
}

export class FrameSource {
  readonly pixelFormat: 'yuv420p' | 'rgba';
  readonly frameBytes: number;
  readonly stats: FrameStats = { full: 0, partial: 0, reused: 0, composited: 0, pixels: 0, drawMs: 0, readMs: 0, convertMs: 0 };
  private readonly ring: Buffer[];
  private readonly yuv: I420Converter | null;
  /** The RGBA frame on the 'ffmpeg' path. */
  private readonly rgba: Buffer | null;
  private slot = -1;
  private current: Buffer | null = null;
  /** The frame the outro fades from and the static layer in YUV, once the outro starts. */
  private outroFrom: { held: Uint8Array; under: Uint8Array; out: Uint8Array } | null = null;
  /** The frame last produced (what `updateAt` returned). */
  private shown: Uint8Array = new Uint8Array(0);
  private readonly drawer: FrameDrawer;

  constructor(
    private readonly ps: DrawableScene,
    ringSize: number,
    incremental = true,
    private readonly path: PixelPath = 'wasm-simd',
    overlay: CaptionOverlay | null = null,
  ) {
    this.pixelFormat = path === 'ffmpeg' ? 'rgba' : 'yuv420p';
    this.yuv = path === 'ffmpeg' ? null : createI420Converter(ps.width, ps.height, path);
    this.frameBytes = this.yuv ? i420Size(ps.width, ps.height) : ps.width * ps.height * 4;
    this.rgba = this.yuv ? null : Buffer.alloc(this.frameBytes);
    // Allocated on first use: an encoder fed the changed blocks (updateAt) never needs it.
    this.ring = Array.from({ length: ringSize }, () => Buffer.alloc(0));
    this.drawer = new FrameDrawer(ps, incremental, overlay, path !== 'ffmpeg');
  }

  /** The last frame drawn, copied to a canvas of its own (see FrameDrawer.copyFrame). */
  copyFrame(): Canvas {
    return this.drawer.copyFrame();
  }

  /** The bytes of frame `i` in `pixelFormat` (frames must be requested in order, from 0). */
  frame(i: number): Buffer {
    return this.frameAt(i, i / this.ps.fps);
  }

  /**
   * Template frame `i` with the overlay at output time `outTime`, as a buffer of the
   * ring (the previous buffer again when nothing changed). `i` must be the template
   * frame of the previous call (a held frame) or the one after it; any other step is
   * drawn in full.
   */
  frameAt(i: number, outTime: number): Buffer {
    return this.toRing(this.updateAt(i, outTime));
  }

  /** An update as a buffer of the ring (the previous buffer when nothing changed). */
  toRing(u: FrameUpdate): Buffer {
    if (u.blocks.length === 0 && this.current) return this.current;
    this.slot = (this.slot + 1) % this.ring.length;
    let out = this.ring[this.slot]!;
    if (out.length === 0) this.ring[this.slot] = out = Buffer.allocUnsafe(this.frameBytes);
    out.set(u.frame);
    return (this.current = out);
  }

  /**
   * Like `frameAt`, without the ring: the whole current frame (a view that the next
   * call overwrites) and the pixel blocks that changed since the previous frame
   * (empty: none; the first frame is one whole-frame block). An encoder that keeps
   * the frame itself needs only those blocks.
   */
  updateAt(i: number, outTime: number): FrameUpdate {
    return this.apply(this.drawer.next(i, outTime));
  }

  /** Applies what the drawer made of the next frame. */
  private apply(d: DrawInstruction): FrameUpdate {
    if (d.kind === 'reuse') {
      this.stats.reused++;
      return { frame: this.shown, blocks: [] };
    }
    if (d.kind === 'composite') {
      if (!this.outroFrom) {
        const under = createI420Converter(this.ps.width, this.ps.height, this.path === 'ffmpeg' ? 'wasm-simd' : this.path);
        for (const b of d.under ?? []) under.convert(b.rgba, b.w * 4, b.x, b.y, b.w, b.h);
        this.outroFrom = { held: Uint8Array.from(this.shown), under: Uint8Array.from(under.frame()), out: new Uint8Array(this.frameBytes) };
      }
      blendI420(this.outroFrom.out, this.outroFrom.held, this.outroFrom.under, d.alpha);
      this.stats.composited++;
      return { frame: (this.shown = this.outroFrom.out), blocks: [{ x: 0, y: 0, w: this.ps.width, h: this.ps.height }] };
    }
    if (d.full) this.stats.full++;
    else this.stats.partial++;
    this.stats.drawMs += d.drawMs;
    this.stats.readMs += d.readMs;
    const t0 = performance.now();
    for (const b of d.bands) this.put(b);
    this.stats.convertMs += performance.now() - t0;
    for (const b of d.blocks) this.stats.pixels += b.w * b.h;
    // Without a YUV converter the constructor allocated the RGBA buffer.
    this.shown = this.yuv ? this.yuv.frame() : (this.rgba as Buffer);
    return { frame: this.shown, blocks: d.blocks };
  }

  /** Converts a band into the persistent frame (or copies it, on the RGBA path). */
  private put(b: Band): void {
    if (this.yuv) return this.yuv.convert(b.rgba, b.w * 4, b.x, b.y, b.w, b.h);
    // Without a YUV converter the constructor allocated the RGBA buffer.
    const rgba = this.rgba as Buffer;
    const src = Buffer.from(b.rgba.buffer, b.rgba.byteOffset, b.rgba.byteLength);
    const stride = this.ps.width * 4;
    for (let row = 0; row < b.h; row++) src.copy(rgba, (b.y + row) * stride + b.x * 4, row * b.w * 4, (row + 1) * b.w * 4);
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
  else for (let k = 0; k < out.length; k++) out[k] = (under[k]!) + ((((over[k]!) - (under[k]!)) * a + 128) >> 8);
}
