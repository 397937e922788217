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
  /**
   * The outro's fade: the frame it starts at and the static layer in YUV, the frame it
   * blends into, the blocks where the two differ (elsewhere the fade changes nothing) and
   * the opacity last blended.
   */
  private outroFrom: { held: Uint8Array; under: Uint8Array; out: Uint8Array; blocks: Rect[]; level: number } | null = null;
  /** The frame last produced (what `updateAt` returned). */
  private shown: Uint8Array = new Uint8Array(0);
  private readonly drawer: FrameDrawer;

  constructor(
    private readonly ps: DrawableScene,
    ringSize: number,
    incremental = true,
    private readonly path: PixelPath = 'wasm-simd',
    overlay: CaptionOverlay | null = null,
    /** See FrameDrawer's `ownPassPx`. */
    ownPassPx?: number,
  ) {
    this.pixelFormat = path === 'ffmpeg' ? 'rgba' : 'yuv420p';
    this.yuv = path === 'ffmpeg' ? null : createI420Converter(ps.width, ps.height, path);
    this.frameBytes = this.yuv ? i420Size(ps.width, ps.height) : ps.width * ps.height * 4;
    this.rgba = this.yuv ? null : Buffer.alloc(this.frameBytes);
    // Allocated on first use: an encoder fed the changed blocks (updateAt) never needs it.
    this.ring = Array.from({ length: ringSize }, () => Buffer.alloc(0));
    this.drawer = new FrameDrawer(ps, incremental, overlay, path !== 'ffmpeg', ownPassPx);
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
        const held = Uint8Array.from(this.shown);
        const below = Uint8Array.from(under.frame());
        this.outroFrom = { held, under: below, out: Uint8Array.from(held), blocks: differingBlocks(held, below, this.ps.width, this.ps.height), level: 256 };
      }
      const o = this.outroFrom;
      this.stats.composited++;
      const level = blendLevel(d.alpha);
      // The same opacity as the frame before (a fade that has ended): nothing changed.
      if (level === o.level) return { frame: (this.shown = o.out), blocks: [] };
      o.level = level;
      for (const b of o.blocks) blendI420Block(o.out, o.held, o.under, level, this.ps.width, this.ps.height, b);
      return { frame: (this.shown = o.out), blocks: o.blocks };
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

/** `alpha` (0…1) as the blend's fixed-point opacity, 0…256. */
function blendLevel(alpha: number): number {
  return Math.round(Math.max(0, Math.min(1, alpha)) * 256);
}

/**
 * `out` = `under` + (`over` − `under`) × `alpha`, byte by byte over a whole I420 frame:
 * `over` laid on `under` at that opacity. The conversion to YUV is affine and the
 * chroma a plain mean, so this is the blend in RGB, converted, to within rounding.
 */
export function blendI420(out: Uint8Array, over: Uint8Array, under: Uint8Array, alpha: number): void {
  const a = blendLevel(alpha);
  if (a === 256) out.set(over);
  else if (a === 0) out.set(under);
  else for (let k = 0; k < out.length; k++) out[k] = (under[k]!) + ((((over[k]!) - (under[k]!)) * a + 128) >> 8);
}

/** {@link blendI420} at fixed-point opacity `a` (0…256) over one block (even edges) of frames `width` × `height`. */
function blendI420Block(out: Uint8Array, over: Uint8Array, under: Uint8Array, a: number, width: number, height: number, b: Rect): void {
  const cw = width / 2;
  const planes: [number, number, number, number, number, number][] = [
    [0, width, b.x, b.y, b.w, b.h],
    [width * height, cw, b.x / 2, b.y / 2, b.w / 2, b.h / 2],
    [width * height + cw * (height / 2), cw, b.x / 2, b.y / 2, b.w / 2, b.h / 2],
  ];
  for (const [base, stride, x, y, w, h] of planes) {
    for (let j = 0; j < h; j++) {
      const from = base + (y + j) * stride + x;
      const to = from + w;
      if (a === 256) out.set(over.subarray(from, to), from);
      else if (a === 0) out.set(under.subarray(from, to), from);
      else blendBytes(out, over, under, a, from, to);
    }
  }
}

/**
 * `out` = `under` + (`over` − `under`) × a / 256 (rounded) over bytes [from, to), for
 * 0 < a < 256: four bytes at a time where the three arrays' words line up, as two 16-bit
 * lanes of (under × (256 − a) + over × a + 128) >> 8, the same value (no lane can carry
 * into the next: 255 × 256 + 128 < 2^16). Twice as fast as byte by byte.
 */
export function blendBytes(out: Uint8Array, over: Uint8Array, under: Uint8Array, a: number, from: number, to: number): void {
  const byte = (k: number) => (out[k] = (under[k]!) + ((((over[k]!) - (under[k]!)) * a + 128) >> 8));
  let k = from;
  const w = words(out, over, under);
  if (w) {
    for (; k < to && k % 4 !== 0; k++) byte(k);
    const [r32, o32, u32] = w;
    const b = 256 - a;
    for (let q = k >> 2, end = to >> 2; q < end; q++) {
      const o = o32[q]!;
      const u = u32[q]!;
      const lo = (((o & 0x00ff00ff) * a + (u & 0x00ff00ff) * b + 0x00800080) >>> 8) & 0x00ff00ff;
      const hi = (((o >>> 8) & 0x00ff00ff) * a + ((u >>> 8) & 0x00ff00ff) * b + 0x00800080) & 0xff00ff00;
      r32[q] = lo | hi;
    }
    k = Math.max(k, (to >> 2) << 2);
  }
  for (; k < to; k++) byte(k);
}

const wordViews = new WeakMap<Uint8Array, Uint32Array>();

/** 32-bit views of the three arrays (made once per array), or null when their words do not line up. */
function words(out: Uint8Array, over: Uint8Array, under: Uint8Array): [Uint32Array, Uint32Array, Uint32Array] | null {
  if ((out.byteOffset | over.byteOffset | under.byteOffset) % 4 !== 0) return null;
  const view = (x: Uint8Array): Uint32Array => {
    let v = wordViews.get(x);
    if (!v) wordViews.set(x, (v = new Uint32Array(x.buffer, x.byteOffset, x.length >> 2)));
    return v;
  };
  return [view(out), view(over), view(under)];
}

/** Side of the square tiles two I420 frames are compared in (a macroblock: what the encoder skips or codes). */
const TILE = 16;

/**
 * The blocks where I420 frames `a` and `b` differ, as runs of 16 × 16 tiles (their
 * chroma included) along each row of tiles, a run merged with the one above it when
 * they span the same columns. Even edges, at least 16 px wide, inside the frame.
 */
export function differingBlocks(a: Uint8Array, b: Uint8Array, width: number, height: number): Rect[] {
  const cols = Math.ceil(width / TILE);
  const cw = width / 2;
  const uAt = width * height;
  const vAt = uAt + cw * (height / 2);
  const differs = (tx: number, ty: number): boolean => {
    const x0 = tx * TILE;
    const x1 = Math.min(width, x0 + TILE);
    const y1 = Math.min(height, ty * TILE + TILE);
    for (let y = ty * TILE; y < y1; y++) for (let k = y * width + x0, end = y * width + x1; k < end; k++) if (a[k] !== b[k]) return true;
    for (let y = ty * (TILE / 2); y < y1 / 2; y++) {
      for (let k = y * cw + x0 / 2, end = y * cw + x1 / 2; k < end; k++) if (a[uAt + k] !== b[uAt + k] || a[vAt + k] !== b[vAt + k]) return true;
    }
    return false;
  };
  const out: Rect[] = [];
  /** The blocks of the previous tile row, by their left and right edge. */
  let above = new Map<string, Rect>();
  for (let ty = 0; ty * TILE < height; ty++) {
    const y = ty * TILE;
    const h = Math.min(height, y + TILE) - y;
    const row = new Map<string, Rect>();
    for (let tx = 0; tx < cols; tx++) {
      if (!differs(tx, ty)) continue;
      let end = tx + 1;
      while (end < cols && differs(end, ty)) end++;
      const x1 = Math.min(width, end * TILE);
      const x0 = Math.max(0, Math.min(tx * TILE, x1 - TILE));
      const key = `${x0},${x1}`;
      const up = above.get(key);
      if (up) {
        up.h += h;
        row.set(key, up);
      } else {
        const r = { x: x0, y, w: x1 - x0, h };
        out.push(r);
        row.set(key, r);
      }
      tx = end;
    }
    above = row;
  }
  return out;
}
