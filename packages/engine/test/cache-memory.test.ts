// Static layers shared across renders in one process, and memory that returns to a
// plateau when rendering in a loop.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { GLIBC_DEFAULT_ENV, START_ENV } from '../../../bench/start-env.ts';
import { configureStaticLayerCache, normalizeRenderParams, staticLayerCacheStats } from '../src/index.ts';
import { prepareScene } from '../src/render/scene.ts';

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
  it('rendering in a loop returns to a plateau, well under 300 MB', () => {
    // In a process of its own, with the heap settings the service runs with: under
    // glibc's default arenas, readings after the same render swing by 70 MB (200–273
    // after portrait clips in one loop), more than a leak this test must catch.
    const child = spawnSync(process.execPath, ['--conditions=aqcast-source', '--import', 'tsx', fileURLToPath(new URL('./render-loop.ts', import.meta.url))], { env: { ...GLIBC_DEFAULT_ENV, ...START_ENV }, encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    const { rss, peakMb } = Value.Parse(LoopReport, JSON.parse(child.stdout.trim().split('\n').at(-1) ?? ''));
    // After warm-up (fonts, WASM, caches), later renders must not keep adding memory.
    // Portrait and square clips alternate, each with its own level (portrait's canvas is
    // larger), and a single reading can dip (the heap trimmed back to the system right
    // then), so each format's floor in a window is its second-lowest reading. Renders
    // 4–9 against the last six: a leak of 4 MB a render lifts a floor by about 24 MB.
    const floor = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    const readings = rss.map((x) => x.toFixed(0)).join(', ');
    for (const parity of [0, 1]) {
      const ofFormat = (from: number, to: number) => rss.slice(from, to).filter((_, k) => (from + k) % 2 === parity);
      const settled = floor(ofFormat(4, 10));
      const last = floor(ofFormat(10, 16));
      assert.ok(last - settled < 15, `${parity ? 'square' : 'portrait'}: RSS grew from ${settled.toFixed(0)} MB to ${last.toFixed(0)} MB: ${readings}`);
    }
    assert.ok(peakMb < 300, `peak RSS ${peakMb.toFixed(0)} MB (after each render: ${readings})`);
  });
});

const LoopReport = Type.Object({ rss: Type.Array(Type.Number(), { minItems: 16, maxItems: 16 }), peakMb: Type.Number() });
