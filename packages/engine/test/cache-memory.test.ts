// Static layers shared across renders in one process, and memory that returns to a
// plateau when rendering in a loop.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { configureStaticLayerCache, normalizeRenderParams, renderVideo, staticLayerCacheStats } from '../src/index.ts';
import { prepareScene } from '../src/render/scene.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'aqcast-cache-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const base = { date: '2026-11-22', resolution: '360p' as const };

describe('static layers shared across renders', () => {
  it('same template, format, language and category: one layer; a different category: its own', () => {
    configureStaticLayerCache({ maxBytes: 0 });
    configureStaticLayerCache({ maxBytes: 64 << 20 });
    const before = staticLayerCacheStats();
    const a = prepareScene(normalizeRenderParams({ ...base, location: 'Santiago', pm25: 87.4, no2: 42 }));
    const b = prepareScene(normalizeRenderParams({ ...base, location: 'Temuco', pm25: 101, so2: 3 }));
    assert.equal(b.staticLayer, a.staticLayer, 'same static inputs share the canvas');
    const clean = prepareScene(normalizeRenderParams({ ...base, location: 'Valdivia', pm25: 5 }));
    assert.notEqual(clean.staticLayer, a.staticLayer, 'another category colour draws its own layer');
    const s = staticLayerCacheStats();
    assert.equal(s.hits - before.hits, 1);
    assert.equal(s.misses - before.misses, 2);
  });

  it('a shared layer has exactly the pixels of one drawn for the render itself', () => {
    for (const template of ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief']) {
      const pairs: [Record<string, unknown>, { location: string } & Record<string, unknown>][] = [
        [{ location: 'Lima', pm25: 40 }, { location: 'Quito', pm25: 12 }],
        [{ location: 'São Paulo', pm10: 90, language: 'pt' }, { location: 'Porto Alegre e Região Metropolitana do Sul', pm10: 95, language: 'pt' }],
      ];
      for (const [first, second] of pairs) {
        const p1 = normalizeRenderParams({ ...base, template, format: 'square', ...first });
        const p2 = normalizeRenderParams({ ...base, template, format: 'square', ...second });
        prepareScene(p1);
        const shared = prepareScene(p2).staticLayer.data();
        const own = prepareScene(p2, { shareStatic: false }).staticLayer.data();
        assert.ok(shared.equals(own), `${template}: ${second.location} after ${first.location}`);
      }
    }
  });

  it('the cache stays within its byte budget', () => {
    configureStaticLayerCache({ maxBytes: 3 * 640 * 360 * 4 });
    for (const pm25 of [5, 20, 40, 80, 150, 260]) prepareScene(normalizeRenderParams({ ...base, location: 'X', pm25 }));
    const s = staticLayerCacheStats();
    assert.ok(s.layers <= 3 && s.bytes <= s.maxBytes, JSON.stringify(s));
    configureStaticLayerCache({ maxBytes: 64 << 20 });
  });
});

describe('memory', () => {
  it('rendering in a loop returns to a plateau, well under 300 MB', async () => {
    const rss: number[] = [];
    const cities = ['Santiago', 'Lima', 'Bogotá', 'Quito', 'Caracas', 'La Paz', 'Asunción', 'Montevideo'];
    for (let i = 0; i < 16; i++) {
      const location = cities[i % cities.length]!;
      await renderVideo({ ...base, location, pm25: 10 + (i % 8) * 17, no2: 30 + i, template: 'social-clip', format: i % 2 ? 'square' : 'portrait' }, { outFile: join(dir, `loop-${i % 2}.mp4`) });
      gc();
      rss.push(process.memoryUsage().rss / 1e6);
    }
    // After warm-up (fonts, WASM, caches), later renders must not keep adding memory.
    // One reading swings upwards by up to 40 MB (malloc arenas, canvas buffers freed by
    // finalizers) while the floor stays put; a leak lifts the floor. A single reading can
    // also dip (the heap trimmed back to the system right then: 227 MB among readings of
    // 244–279 under CI's load), so the floor of a window is its second-lowest reading.
    // Renders 5–10 against the last six: a leak of 4 MB a render lifts it by about 24 MB.
    const floor = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    const settled = floor(rss.slice(4, 10));
    const last = floor(rss.slice(10));
    const readings = rss.map((x) => x.toFixed(0)).join(', ');
    assert.ok(last - settled < 15, `RSS grew from ${settled.toFixed(0)} MB to ${last.toFixed(0)} MB: ${readings}`);
    const peak = process.resourceUsage().maxRSS / 1024;
    assert.ok(peak < 300, `peak RSS ${peak.toFixed(0)} MB (after each render: ${readings})`);
  });
});
