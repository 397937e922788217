/**
 * RGBA → BT.709 limited-range I420 (ffmpeg's `yuv420p`), in process, into one
 * persistent frame that is updated only where pixels changed.
 *
 * Two kernels with the same fixed-point arithmetic, bit for bit: WebAssembly SIMD
 * (assets/rgba-to-i420.wat, 16 pixels a step; the default) and plain JS (the reference the
 * tests hold the WASM to, and a fallback). Chroma is the mean of each 2×2 block, as
 * swscale's default does for same-size RGB → yuv420p.
 */
import { readFileSync } from 'node:fs';

/** BT.709 coefficients scaled to limited range (219/255 luma, 224/255 chroma), in Q15. */
export const BT709_Q15 = {
  y: [5983, 20127, 2032],
  u: [-3298, -11094, 14392],
  v: [14392, -13072, -1320],
} as const;

export type KernelKind = 'wasm-simd' | 'js';

/**
 * One persistent I420 frame and a kernel that writes RGBA blocks into it.
 * `frame()` is Y (width × height), then U and V ((width/2) × (height/2) each), back
 * to back: exactly one `-f rawvideo -pix_fmt yuv420p` frame.
 */
export interface I420Converter {
  readonly kind: KernelKind;
  readonly width: number;
  readonly height: number;
  /** The current frame. A view: do not keep it across `convert` calls. */
  frame(): Uint8Array;
  /**
   * Converts a block of RGBA pixels (`stride` bytes a row) into the frame at (x, y).
   * x, y, w, h must be even, w ≥ 16 and the block inside the frame (`alignBlock`).
   */
  convert(rgba: Uint8Array | Uint8ClampedArray, stride: number, x: number, y: number, w: number, h: number): void;
}

/** Bytes of one I420 frame. */
export function i420Size(width: number, height: number): number {
  return width * height + 2 * (width / 2) * (height / 2);
}

/**
 * Grows a pixel rectangle to what the kernels accept: even edges (a 2×2 chroma
 * block is never half-updated) and at least 16 pixels wide, clamped to the frame.
 */
export function alignBlock(r: { x: number; y: number; w: number; h: number }, width: number, height: number): { x: number; y: number; w: number; h: number } {
  let x0 = Math.max(0, Math.floor(r.x / 2) * 2);
  let x1 = Math.min(width, Math.ceil((r.x + r.w) / 2) * 2);
  const y0 = Math.max(0, Math.floor(r.y / 2) * 2);
  const y1 = Math.min(height, Math.ceil((r.y + r.h) / 2) * 2);
  if (x1 - x0 < 16) {
    x1 = Math.min(width, x0 + 16);
    x0 = Math.max(0, x1 - 16);
  }
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}

function checkBlock(c: I420Converter, x: number, y: number, w: number, h: number): void {
  if ((x | y | w | h) & 1 || w < 16 || x < 0 || y < 0 || x + w > c.width || y + h > c.height) {
    throw new RangeError(`block ${w}×${h} at ${x},${y} is not even, ≥16 wide and inside ${c.width}×${c.height}`);
  }
}

/** The plain-JS kernel: the reference for the WASM one. */
class JsConverter implements I420Converter {
  readonly kind = 'js' as const;
  private readonly buf: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.buf = new Uint8Array(i420Size(width, height));
  }

  frame(): Uint8Array {
    return this.buf;
  }

  convert(rgba: Uint8Array | Uint8ClampedArray, stride: number, x: number, y: number, w: number, h: number): void {
    checkBlock(this, x, y, w, h);
    const W = this.width;
    const cw = W / 2;
    const out = this.buf;
    const uBase = W * this.height;
    const vBase = uBase + cw * (this.height / 2);
    const [yR, yG, yB] = BT709_Q15.y;
    const [uR, uG, uB] = BT709_Q15.u;
    const [vR, vG, vB] = BT709_Q15.v;
    // (a·b + 2^14) >> 15 on values scaled by 128 (luma) or 32 (2×2 sums): as the WASM.
    const q = (a: number, b: number) => (a * b + 0x4000) >> 15;
    for (let j = 0; j < h; j += 2) {
      const s0 = j * stride;
      const s1 = s0 + stride;
      const o0 = (y + j) * W + x;
      const o1 = o0 + W;
      const oc = ((y + j) / 2) * cw + x / 2;
      for (let i = 0; i < w; i += 2) {
        const a = s0 + i * 4;
        const b = s1 + i * 4;
        const r00 = rgba[a]!, g00 = rgba[a + 1]!, b00 = rgba[a + 2]!;
        const r01 = rgba[a + 4]!, g01 = rgba[a + 5]!, b01 = rgba[a + 6]!;
        const r10 = rgba[b]!, g10 = rgba[b + 1]!, b10 = rgba[b + 2]!;
        const r11 = rgba[b + 4]!, g11 = rgba[b + 5]!, b11 = rgba[b + 6]!;
        out[o0 + i] = (q(r00 << 7, yR) + q(g00 << 7, yG) + q(b00 << 7, yB) + 2112) >> 7;
        out[o0 + i + 1] = (q(r01 << 7, yR) + q(g01 << 7, yG) + q(b01 << 7, yB) + 2112) >> 7;
        out[o1 + i] = (q(r10 << 7, yR) + q(g10 << 7, yG) + q(b10 << 7, yB) + 2112) >> 7;
        out[o1 + i + 1] = (q(r11 << 7, yR) + q(g11 << 7, yG) + q(b11 << 7, yB) + 2112) >> 7;
        const rs = (r00 + r01 + r10 + r11) << 5;
        const gs = (g00 + g01 + g10 + g11) << 5;
        const bs = (b00 + b01 + b10 + b11) << 5;
        out[uBase + oc + i / 2] = (q(rs, uR) + q(gs, uG) + q(bs, uB) + 16448) >> 7;
        out[vBase + oc + i / 2] = (q(rs, vR) + q(gs, vG) + q(bs, vB) + 16448) >> 7;
      }
    }
  }
}

let wasmModule: WebAssembly.Module | null = null;

function kernelModule(): WebAssembly.Module {
  // ~1 KB, compiled once per process; synchronous compilation is fine at this size.
  wasmModule ??= new WebAssembly.Module(readFileSync(new URL('../../assets/rgba-to-i420.wasm', import.meta.url)));
  return wasmModule;
}

type KernelFn = (src: number, sstride: number, dy: number, du: number, dv: number, ystride: number, cstride: number, w: number, h: number) => void;

const PAGE = 65536;

/** The WebAssembly SIMD kernel; the frame lives in its memory, followed by a scratch area for the RGBA input. */
class WasmConverter implements I420Converter {
  readonly kind = 'wasm-simd' as const;
  private readonly memory: WebAssembly.Memory;
  private readonly fn: KernelFn;
  private readonly frameBytes: number;
  private readonly scratchAt: number;
  private view: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const inst = new WebAssembly.Instance(kernelModule(), {});
    // The kernel is our own WebAssembly module; it exports exactly these two.
    this.memory = inst.exports.memory as WebAssembly.Memory;
    // The kernel is our own WebAssembly module; it exports exactly these two.
    this.fn = inst.exports.rgba_to_i420 as KernelFn;
    this.frameBytes = i420Size(width, height);
    this.scratchAt = Math.ceil(this.frameBytes / 64) * 64;
    this.grow(this.scratchAt);
    this.view = new Uint8Array(this.memory.buffer);
  }

  private grow(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes > have) {
      this.memory.grow(Math.ceil((bytes - have) / PAGE));
      this.view = new Uint8Array(this.memory.buffer);
    }
  }

  frame(): Uint8Array {
    return new Uint8Array(this.memory.buffer, 0, this.frameBytes);
  }

  convert(rgba: Uint8Array | Uint8ClampedArray, stride: number, x: number, y: number, w: number, h: number): void {
    checkBlock(this, x, y, w, h);
    const rowBytes = w * 4;
    this.grow(this.scratchAt + rowBytes * h);
    const mem = this.view;
    if (stride === rowBytes) mem.set(rgba.subarray(0, rowBytes * h), this.scratchAt);
    else for (let j = 0; j < h; j++) mem.set(rgba.subarray(j * stride, j * stride + rowBytes), this.scratchAt + j * rowBytes);
    const W = this.width;
    const cw = W / 2;
    const uAt = W * this.height;
    const vAt = uAt + cw * (this.height / 2);
    this.fn(this.scratchAt, rowBytes, y * W + x, uAt + (y / 2) * cw + x / 2, vAt + (y / 2) * cw + x / 2, W, cw, w, h);
  }
}

/** A converter for frames of `width` × `height` (both even, width ≥ 16); WASM SIMD unless `kind` says otherwise. */
export function createI420Converter(width: number, height: number, kind: KernelKind = 'wasm-simd'): I420Converter {
  if (width % 2 || height % 2 || width < 16) throw new RangeError(`I420 needs even dimensions and width ≥ 16, got ${width}×${height}`);
  return kind === 'js' ? new JsConverter(width, height) : new WasmConverter(width, height);
}
