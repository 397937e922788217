// Determinism and the incremental frame path: redrawing only the changed regions
// must give the same pixels as drawing every frame in full.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listTemplates, normalizeRenderParams } from '../src/index.ts';
import { createCanvas } from '@napi-rs/canvas';
import { blendBytes, blendI420, FrameSource } from '../src/render/frame-source.ts';
import { drawFrame, outroFrame, prepareScene } from '../src/render/scene.ts';
import { createI420Converter } from '../src/yuv/i420.ts';

/**
 * Lets the event loop turn. Skia's read-back buffers are freed by finalizers that run
 * only between turns of the loop, as they do between a render's encoder writes; a
 * loop that reads hundreds of frames without yielding held them all (this file's
 * process reached 15 GB of resident memory at 360p).
 */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function maxDiff(a: Buffer, b: Buffer): { max: number; count: number } {
  let max = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs((a[i] as number) - (b[i] as number));
    if (d) {
      count++;
      if (d > max) max = d;
    }
  }
  return { max, count };
}

/** What the templates of many places draw: without it a station map has no station and a ranking one row. */
const MANY_PLACES: Record<string, object> = {
  comparison: { places: [{ name: 'Santiago', pm25: 87.4, no2: 42, o3: 60 }, { name: 'Temuco', pm25: 30, no2: 12, o3: 80 }] },
  ranking: { places: Array.from({ length: 13 }, (_, i) => ({ name: `Ciudad ${i + 1}`, pm25: 8 + i * 11 })) },
  'station-map': { stations: Array.from({ length: 9 }, (_, i) => ({ name: `Estación ${i + 1}`, lat: -33.45 + ((i * 7) % 9) * 0.03 - 0.12, lon: -70.65 + ((i * 5) % 9) * 0.035 - 0.14, pm25: 10 + i * 17 })) },
};

describe('incremental frames equal full frames', () => {
  for (const t of listTemplates()) {
    // Every length up to 30 s (a 60 s video repeats the scene kinds of the 30 s one).
    for (const [format, durationSec] of t.formats.flatMap((f) => t.durations.filter((d) => d <= 30).map((d) => [f, d] as const))) {
      it(`${t.id} ${format}${durationSec === t.durationSec ? '' : ` ${durationSec} s`}`, async () => {
        const p = normalizeRenderParams({ location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, humidity: 60, template: t.id, format, resolution: '360p', date: '2026-11-22', durationSec, ...(MANY_PLACES[t.id] ?? {}) });
        const inc = new FrameSource(prepareScene(p), 2, true);
        const full = new FrameSource(prepareScene(p), 2, false);
        const frames = durationSec * 30;
        let partial = 0;
        for (let i = 0; i < frames; i++) {
          if (i % 30 === 29) await turn();
          const a = inc.frame(i);
          const b = full.frame(i);
          if (i % 5 !== 0 && i !== frames - 1) continue;
          const d = maxDiff(a, b);
          // Skia anti-aliases a few edge pixels differently under a clip; anything
          // visible (a missed region) would show as large or many differences. Frames
          // are yuv420p: 1.5 bytes a pixel; allow 0.4 % of the pixel count.
          assert.ok(d.max <= 8 && d.count <= (a.length / 1.5) * 0.004, `frame ${i}: max ${d.max}, ${d.count} bytes differ`);
        }
        partial = inc.stats.partial + inc.stats.reused;
        assert.ok(partial > frames / 3, `most hold frames are incremental (${JSON.stringify(inc.stats)})`);
      });
    }
  }

  // Under a clip of one rectangle Skia draws every pixel as in a full frame; only a
  // clip of several rectangles (the small blocks' shared pass) shifts anti-aliased
  // edges by a few levels. With every block in a pass of its own, nothing may differ
  // but a level in a few bytes where a template's still base is copied under its motion
  // (the pollution alert, ranking and station map: drawn in two layers, not drawFrame).
  for (const t of listTemplates()) {
    const format = t.formats[0]!;
    it(`${t.id} ${format}, every block under a clip of its own rectangle: exactly the full frames`, async () => {
      const p = normalizeRenderParams({ location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, humidity: 60, template: t.id, format, resolution: '360p', date: '2026-11-22', ...(MANY_PLACES[t.id] ?? {}) });
      const inc = new FrameSource(prepareScene(p), 2, true, 'wasm-simd', null, 0);
      const full = new FrameSource(prepareScene(p), 2, false);
      const frames = t.durationSec * 30;
      for (let i = 0; i < frames; i++) {
        if (i % 30 === 29) await turn();
        const a = inc.frame(i);
        const b = full.frame(i);
        if (i % 5 !== 0 && i !== frames - 1) continue;
        const d = maxDiff(a, b);
        assert.ok(d.max <= 1 && d.count <= 32, `frame ${i}: max ${d.max}, ${d.count} bytes differ`);
      }
      assert.ok(inc.stats.partial > frames / 3, `most frames are drawn in blocks (${JSON.stringify(inc.stats)})`);
    });
  }

  it('the outro blended in YUV is the fade Skia draws, converted, within rounding', () => {
    for (const format of ['landscape', 'portrait'] as const) {
      const p = normalizeRenderParams({ location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, humidity: 60, format, resolution: '360p', date: '2026-11-22' });
      const ps = prepareScene(p);
      const f0 = outroFrame(ps);
      assert.ok(f0 !== null && f0 < ps.frames - 1, 'the default template has an outro');
      const src = new FrameSource(ps, 2, true);
      const canvas = createCanvas(ps.width, ps.height);
      const ctx = canvas.getContext('2d');
      const conv = createI420Converter(ps.width, ps.height, 'js');
      for (let i = 0; i < ps.frames; i++) {
        const got = src.frame(i);
        if (i <= f0 || (i - f0) % 4 !== 1) continue;
        drawFrame(ps, ctx, i);
        conv.convert(ctx.getImageData(0, 0, ps.width, ps.height).data, ps.width * 4, 0, 0, ps.width, ps.height);
        const d = maxDiff(got, Buffer.from(conv.frame()));
        // Inherited differences of the incremental frame it fades from, plus rounding.
        assert.ok(d.max <= 8, `${format} frame ${i}: max ${d.max}`);
        const want = Buffer.from(conv.frame());
        let off = 0;
        for (let k = 0; k < got.length; k++) if (Math.abs((got[k] as number) - (want[k] as number)) > 2) off++;
        assert.ok(off <= (got.length / 1.5) * 0.004, `${format} frame ${i}: ${off} bytes off by more than 2`);
      }
      assert.ok(src.stats.composited >= ps.frames - 1 - f0, `outro frames were composited (${JSON.stringify(src.stats)})`);
    }
  });

  it("a template's layers: drawFrame is the base then the ambient motion, and the base stands still through each still stretch", () => {
    // The trend both without a series (bars) and with one (a line); the others with many places.
    const series = { pollutant: 'pm25', kind: 'observed', points: Array.from({ length: 24 }, (_, i) => ({ at: new Date(Date.UTC(2026, 10, 21, 12 + i)).toISOString(), value: 30 + ((i * 7) % 19) })) };
    const cases: { template: string; format: string }[] = listTemplates().flatMap((t) => t.formats.map((format) => ({ template: t.id, format, ...(MANY_PLACES[t.id] ?? {}) })));
    const withSeries = { template: 'trend', format: 'landscape', series };
    cases.push(withSeries);
    let checked = 0;
    for (const c of cases) {
      const ps = prepareScene(normalizeRenderParams({ location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, humidity: 60, resolution: '360p', date: '2026-11-22', ...c }));
      const layers = ps.scene.layers;
      if (!layers) continue;
      const draw = (f: (g: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void): Uint8ClampedArray => {
        const canvas = createCanvas(ps.width, ps.height);
        const g = canvas.getContext('2d');
        g.drawImage(ps.staticLayer, 0, 0);
        g.setTransform(ps.scale, 0, 0, ps.scale, 0, 0);
        f(g);
        return g.getImageData(0, 0, ps.width, ps.height).data;
      };
      for (const s of layers.still) {
        const base = draw((g) => layers.drawBase(g, s.from));
        for (const t of [s.from + 0.5, (s.from + s.to) / 2, s.to - 1 / ps.fps]) {
          const later = draw((g) => layers.drawBase(g, t));
          const off = later.findIndex((v, k) => v !== base[k]);
          assert.equal(off, -1, `${JSON.stringify(c).slice(0, 60)}: the base at ${t.toFixed(2)} s differs from the one at ${s.from.toFixed(2)} s at pixel ${off >> 2}`);
          // drawFrame draws the base, then the ambient motion.
          const frame = draw((g) => ps.scene.drawFrame(g, t));
          const layered = draw((g) => {
            layers.drawBase(g, t);
            layers.drawAmbient(g, t);
          });
          assert.ok(frame.every((v, k) => v === layered[k]), `${c.template} ${c.format}: drawFrame at ${t.toFixed(2)} s is not the base and the ambient motion`);
          checked++;
        }
      }
    }
    assert.ok(checked >= 30, `checked ${checked} moments`);
  });

  it('the outro blend, four bytes at a time, gives the byte-by-byte blend exactly', () => {
    const n = 4099;
    const over = Uint8Array.from({ length: n }, (_, i) => (i * 2654435761) >>> 24);
    const under = Uint8Array.from({ length: n }, (_, i) => (i * 40503 + 7) & 255);
    for (const a of [0.004, 0.3, 0.5, 0.77, 0.996]) {
      const want = new Uint8Array(n);
      blendI420(want, over, under, a);
      const got = new Uint8Array(n);
      const level = Math.round(a * 256);
      // Whole, and from and to unaligned offsets.
      blendBytes(got, over, under, level, 0, 3);
      blendBytes(got, over, under, level, 3, 4090);
      blendBytes(got, over, under, level, 4090, n);
      assert.deepEqual(got, want, `alpha ${a}`);
    }
  });

  it('same params give identical frames', () => {
    const p = normalizeRenderParams({ location: 'Lima', pm10: 80, format: 'square', resolution: '360p', date: '2026-11-22' });
    const a = new FrameSource(prepareScene(p), 2);
    const b = new FrameSource(prepareScene(p), 2);
    for (let i = 0; i < 200; i++) assert.ok(a.frame(i).equals(b.frame(i)), `frame ${i}`);
  });
});
