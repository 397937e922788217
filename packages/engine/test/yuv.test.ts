// The in-process RGBA → yuv420p conversion: the committed WASM is its WAT source,
// WASM and JS agree bit for bit, and both match ffmpeg's own conversion at the
// official category colours.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AQI_STANDARD_IDS, findFfmpeg, getAqiStandard } from '../src/index.ts';
import { hexToRgb } from '../src/draw/color.ts';
import { assembleKernel, KERNEL_WASM } from '../scripts/assemble-kernel.ts';
import { alignBlock, createI420Converter, i420Size } from '../src/yuv/i420.ts';

/** Every official category colour of every standard, plus the extremes and a mid grey. */
function officialColours(): string[] {
  const set = new Set<string>(['#000000', '#FFFFFF', '#808080']);
  for (const id of AQI_STANDARD_IDS) for (const c of getAqiStandard(id).categories) set.add(c.color.toUpperCase());
  return [...set];
}

/** A row of 16×16 patches, one per colour. */
function patches(colours: string[]): { rgba: Uint8Array; width: number; height: number } {
  const width = 16 * colours.length;
  const height = 16;
  const rgba = new Uint8Array(width * height * 4);
  colours.forEach((hex, k) => {
    const [r, g, b] = hexToRgb(hex);
    for (let y = 0; y < height; y++) {
      for (let x = 16 * k; x < 16 * (k + 1); x++) rgba.set([r, g, b, 255], (y * width + x) * 4);
    }
  });
  return { rgba, width, height };
}

/** ffmpeg's conversion with the flags the RGBA path used: swscale, BT.709, limited range. */
function ffmpegI420(rgba: Uint8Array, width: number, height: number): Buffer {
  return execFileSync(
    findFfmpeg(),
    ['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s:v', `${width}x${height}`, '-i', 'pipe:0', '-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'],
    { input: rgba, maxBuffer: 64 << 20 },
  );
}

function pseudoRandom(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

describe('RGBA → yuv420p', () => {
  it('the committed kernel is its WAT source assembled', async () => {
    assert.deepEqual(Buffer.from(await assembleKernel()), readFileSync(KERNEL_WASM));
  });

  it('WASM SIMD and JS agree bit for bit, whole frames and unaligned blocks', () => {
    for (const [w, h] of [[640, 360], [1080, 1920], [48, 6]] as const) {
      const rgba = pseudoRandom(w * h * 4, w);
      const a = createI420Converter(w, h, 'wasm-simd');
      const b = createI420Converter(w, h, 'js');
      a.convert(rgba, w * 4, 0, 0, w, h);
      b.convert(rgba, w * 4, 0, 0, w, h);
      assert.ok(Buffer.from(a.frame()).equals(Buffer.from(b.frame())), `${w}×${h} full frame`);
      assert.equal(a.frame().length, i420Size(w, h));
      // Blocks of odd size and place, grown by alignBlock, written over the frame.
      for (const r of [{ x: 3, y: 1, w: 5, h: 3 }, { x: w - 21, y: h - 5, w: 21, h: 5 }, { x: 17, y: 2, w: 37, h: 4 }]) {
        const blk = alignBlock(r, w, h);
        const src = pseudoRandom(blk.w * blk.h * 4, r.x + 7);
        a.convert(src, blk.w * 4, blk.x, blk.y, blk.w, blk.h);
        b.convert(src, blk.w * 4, blk.x, blk.y, blk.w, blk.h);
        assert.ok(Buffer.from(a.frame()).equals(Buffer.from(b.frame())), `${w}×${h} block ${JSON.stringify(blk)}`);
      }
    }
  });

  it('blocks outside the frame or odd-aligned are refused', () => {
    const c = createI420Converter(64, 16);
    assert.throws(() => c.convert(new Uint8Array(16 * 2 * 4), 64, 1, 0, 16, 2), RangeError);
    assert.throws(() => c.convert(new Uint8Array(16 * 2 * 4), 64, 56, 0, 16, 2), RangeError);
  });

  it('official category colours match ffmpeg’s own conversion within 1 code value', () => {
    const colours = officialColours();
    const { rgba, width, height } = patches(colours);
    const theirs = ffmpegI420(rgba, width, height);
    assert.equal(theirs.length, i420Size(width, height));
    for (const kind of ['wasm-simd', 'js'] as const) {
      const c = createI420Converter(width, height, kind);
      c.convert(rgba, width * 4, 0, 0, width, height);
      const ours = c.frame();
      const uAt = width * height;
      const vAt = uAt + (width / 2) * (height / 2);
      colours.forEach((hex, k) => {
        // The patch centre: (8, 8) in luma, (4, 4) in chroma.
        const y = 8 * width + 16 * k + 8;
        const cidx = 4 * (width / 2) + 8 * k + 4;
        const pairs: [string, number, number][] = [
          ['Y', ours[y] as number, theirs[y] as number],
          ['U', ours[uAt + cidx] as number, theirs[uAt + cidx] as number],
          ['V', ours[vAt + cidx] as number, theirs[vAt + cidx] as number],
        ];
        for (const [plane, a, b] of pairs) assert.ok(Math.abs(a - b) <= 1, `${kind} ${hex} ${plane}: ours ${a}, ffmpeg ${b}`);
      });
    }
  });

  it('limited range: black is 16, white 235, greys have neutral chroma', () => {
    const { rgba, width, height } = patches(['#000000', '#FFFFFF', '#808080']);
    const c = createI420Converter(width, height);
    c.convert(rgba, width * 4, 0, 0, width, height);
    const f = c.frame();
    const uAt = width * height;
    const vAt = uAt + (width / 2) * (height / 2);
    assert.deepEqual([f[8], f[24], f[40]], [16, 235, 126]);
    for (const k of [0, 1, 2]) assert.deepEqual([f[uAt + 8 * k + 4], f[vAt + 8 * k + 4]], [128, 128]);
  });
});
