/**
 * Brand benchmark: what a brand costs.
 *
 *   node --import tsx bench/brands.ts [--runs 3] [--resolution 720p]
 *
 * preview   a poster (JPEG) of the default template in a brand with a logo, a serif
 *           typeface, four colours and a credit, as POST /brands/:id/preview draws it
 *           (first call, then warm), beside its baseline: the same poster in the
 *           default look, measured in the same run. Target: under 1 s.
 * render    the 15 s default video in that brand and in the default look, alternated
 *           (A B A B …) so both see the same machine; best and median of each and the
 *           ratio. Target: the brand costs at most 5 %.
 *
 * Other processes skew the figures; take the best of several runs on a quiet machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { normalizeRenderParams, renderPosterJpeg, renderVideo, type ThemeInput } from '../packages/engine/src/index.ts';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(opt('--runs') ?? 3);
const RESOLUTION = opt('--resolution') ?? '720p';

/** A 2:1 logo with a mark and a word, like an agency's. */
function logo(): Buffer {
  const c = createCanvas(480, 240);
  const g = c.getContext('2d');
  g.fillStyle = '#0B5D3B';
  g.fillRect(0, 0, 480, 240);
  g.fillStyle = '#F2C14E';
  g.beginPath();
  g.arc(120, 120, 80, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#FFFFFF';
  g.font = 'bold 90px sans-serif';
  g.fillText('AV', 230, 155);
  return c.toBuffer('image/png');
}

const BRAND: ThemeInput = {
  colors: { background: '#F4F1EA', surface: '#FFFFFF', text: '#1E1E1E', accent: '#0B5D3B' },
  font: 'noto-serif',
  credit: 'Agência Verde · São Paulo',
  logo: { image: logo(), plate: 'auto' },
  key: 'bench-brand@1',
};
const PARAMS = normalizeRenderParams({ location: 'São Paulo', pm25: 38, pm10: 62, no2: 41, o3: 88, temperatura: 23, humidity: 64, language: 'pt', resolution: RESOLUTION, date: '2026-11-28' });

const ms = (t0: number) => Math.round(performance.now() - t0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const best = (xs: number[]) => Math.min(...xs);

console.log(`brands bench · ${RESOLUTION} · runs ${RUNS} · load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

// ---- preview ----
let t0 = performance.now();
await renderPosterJpeg(PARAMS, BRAND);
const brandFirst = ms(t0);
t0 = performance.now();
await renderPosterJpeg(PARAMS);
const plainFirst = ms(t0);
const brandWarm: number[] = [];
const plainWarm: number[] = [];
for (let i = 0; i < 5; i++) {
  t0 = performance.now();
  await renderPosterJpeg(PARAMS, BRAND);
  brandWarm.push(ms(t0));
  t0 = performance.now();
  await renderPosterJpeg(PARAMS);
  plainWarm.push(ms(t0));
}
// The dashboard's preview sends unsaved colours: a look not seen before (no key, a new accent each time).
const { key: _stored, ...unkeyed } = BRAND;
const unsaved: number[] = [];
for (let i = 0; i < 5; i++) {
  t0 = performance.now();
  await renderPosterJpeg(PARAMS, { ...unkeyed, colors: { ...BRAND.colors, accent: `#0B5D${(0x30 + i * 16).toString(16).toUpperCase()}` } });
  unsaved.push(ms(t0));
}
console.log(`preview  brand first ${brandFirst} ms, warm median ${median(brandWarm)} ms, unsaved colours median ${median(unsaved)} ms | baseline (default look) first ${plainFirst} ms, warm median ${median(plainWarm)} ms | target < 1000 ms`);

// ---- render ----
const dir = mkdtempSync(join(tmpdir(), 'aqcast-bench-brands-'));
try {
  const withBrand: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const branded of i % 2 === 0 ? [false, true] : [true, false]) {
      const r = await renderVideo(PARAMS, { outFile: join(dir, `${branded ? 'b' : 'p'}${i}.mp4`), ...(branded ? { theme: BRAND } : {}) });
      (branded ? withBrand : without).push(r.renderMs);
    }
  }
  const ratio = best(withBrand) / best(without);
  console.log(`render   15 s ${RESOLUTION}: brand best ${best(withBrand)} ms (median ${median(withBrand)}) | baseline (default look) best ${best(without)} ms (median ${median(without)}) | brand/baseline ${(ratio * 100).toFixed(1)} % (target ≤ 105 %)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
