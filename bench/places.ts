/**
 * Places benchmark: a 15 s 1080p station map (24 stations) and a 15 s 1080p ranking
 * (20 places), each rendered in a child process of its own (so its peak memory is its
 * own) and followed by its baseline, a plain `ffmpeg -preset veryfast -crf 23`
 * re-encode of the video it produced. Prints render time, baseline, their ratio (the
 * target: at most 1.3) and peak RSS; the map's figure includes the first load of the
 * basemap in that process. Beside it, what the geographic data holds: the process's
 * resident memory just before and just after the basemap is loaded (the target: at
 * most 30 MB).
 *
 *   node --import tsx bench/places.ts [--runs 1]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFfmpeg, renderVideo } from '../packages/engine/src/index.ts';
import { basemap } from '../packages/engine/src/map/basemap.ts';

const args = process.argv.slice(2);

if (args[0] === '--child') {
  const { params, outFile } = JSON.parse(args[1] ?? '{}') as { params: object; outFile: string };
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  basemap();
  const basemapMs = performance.now() - t0;
  const basemapMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  const r = await renderVideo(params, { outFile });
  console.log(JSON.stringify({ renderMs: r.renderMs, basemapMs, basemapMb, frames: r.frames, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 1);
const ffmpeg = findFfmpeg();
const dir = mkdtempSync(join(tmpdir(), 'aqcast-bench-places-'));

function rand(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) % 4294967296;
    return a / 4294967296;
  };
}
const r = rand(7);
const STATIONS = Array.from({ length: 24 }, (_, i) => ({ name: `Estación ${['Norte', 'Sur', 'Centro', 'Oriente', 'Poniente', 'Parque'][i % 6]} ${i + 1}`, lat: -33.45 + (r() - 0.5) * 0.35, lon: -70.65 + (r() - 0.5) * 0.4, pm25: Math.round(r() * 2000) / 10 }));
const PLACES = Array.from({ length: 20 }, (_, i) => ({ name: ['Santiago', 'Temuco', 'Valparaíso', 'Concepción', 'Rancagua', 'Talca', 'Coyhaique', 'Osorno', 'Chillán', 'Los Ángeles'][i % 10] + (i >= 10 ? ' Sur' : ''), pm25: Math.round(r() * 2000) / 10 }));
const CASES: [string, object][] = [
  ['station map, 24 stations, 1080p', { location: 'Santiago', template: 'station-map', stations: STATIONS, pm25: 60, date: '2026-11-22', provenance: { source: 'openaq', licence: 'CC BY 4.0', observedAt: '2026-11-22T14:00:00Z', timeZone: 'America/Santiago' } }],
  ['ranking, 20 places, 1080p', { location: 'Chile', template: 'ranking', places: PLACES, date: '2026-11-22' }],
];

function child(params: object, outFile: string): Promise<{ renderMs: number; basemapMs: number; basemapMb: number; frames: number; maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? '', '--child', JSON.stringify({ params, outFile })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}')) : reject(new Error(`child exited ${code}`))));
  });
}

function baseline(input: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-y', join(dir, 'baseline.mp4')], { stdio: 'inherit' });
    p.on('close', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
try {
  for (const [label, params] of CASES) {
    for (let i = 0; i < runs; i++) {
      const outFile = join(dir, 'out.mp4');
      const c = await child(params, outFile);
      const b = await baseline(outFile);
      console.log(`${label.padEnd(34)} render ${(c.renderMs / 1000).toFixed(2)} s  baseline ${(b / 1000).toFixed(2)} s  ratio ${(c.renderMs / b).toFixed(2)}  basemap load ${(c.basemapMs / 1000).toFixed(2)} s (not in the render), ${c.basemapMb.toFixed(1)} MB resident (target ≤ 30)  peak RSS ${c.maxRssMb.toFixed(0)} MB`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
