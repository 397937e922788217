/**
 * Places benchmark: a 15 s 1080p station map (24 stations) and a 15 s 1080p ranking
 * (20 places), each rendered in a child process of its own (so its peak memory is its
 * own) and followed by its baseline, a plain `ffmpeg -preset veryfast -crf 23`
 * re-encode of the video it produced. Prints render time, baseline and their ratio (the
 * target: at most 1.3) in wall time and in CPU time (the process and its encoder,
 * user + sys: other work on the machine stretches wall time but hardly CPU time), and
 * peak RSS; the map's process loads the basemap before its render starts.
 *
 * First, in a fresh process of its own, what the geographic data costs (the target: at
 * most 30 MB): the process before the load (its baseline), then how much its resident
 * memory grew, its high-water mark, the heap's peak during the load (the largest heap
 * any collection found, or the heap at the end) and what stays after a collection.
 *
 *   node --import tsx bench/places.ts [--runs 1]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { GCProfiler } from 'node:v8';
import { findFfmpeg, renderVideo } from '../packages/engine/src/index.ts';
import { basemap } from '../packages/engine/src/map/basemap.ts';

const args = process.argv.slice(2);
const MB = 1024 * 1024;

/**
 * CPU milliseconds this process and its finished children (the encoder) have used, from
 * /proc (Linux; clock ticks of 1/100 s).
 */
function cpuMs(): number {
  const f = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(f[i]), 0) * 10;
}

if (args[0] === '--memory') {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const highBefore = process.resourceUsage().maxRSS * 1024;
  const profiler = new GCProfiler();
  profiler.start();
  const t0 = performance.now();
  basemap();
  const ms = performance.now() - t0;
  const after = process.memoryUsage();
  const collections = profiler.stop().statistics;
  const heapPeak = Math.max(after.heapUsed, ...collections.map((c) => c.beforeGC.heapStatistics.usedHeapSize));
  const highAfter = process.resourceUsage().maxRSS * 1024;
  gc?.();
  const kept = process.memoryUsage();
  console.log(JSON.stringify({ ms, before, after, kept, heapPeak, highBefore, highAfter, collections: collections.length }));
  process.exit(0);
}

if (args[0] === '--child') {
  const { params, outFile } = JSON.parse(args[1] ?? '{}') as { params: object; outFile: string };
  basemap();
  const c0 = cpuMs();
  const r = await renderVideo(params, { outFile });
  const cpu = cpuMs() - c0;
  console.log(JSON.stringify({ renderMs: r.renderMs, cpuMs: cpu, frames: r.frames, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
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

function child<T>(argv: string[], nodeFlags: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...nodeFlags, ...process.execArgv, process.argv[1] ?? '', ...argv], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}')) : reject(new Error(`child exited ${code}`))));
  });
}

function baseline(input: string): Promise<{ ms: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c0 = cpuMs();
    const p = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-y', join(dir, 'baseline.mp4')], { stdio: 'inherit' });
    p.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - t0, cpuMs: cpuMs() - c0 }) : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

interface Memory {
  ms: number;
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  kept: NodeJS.MemoryUsage;
  heapPeak: number;
  highBefore: number;
  highAfter: number;
  collections: number;
}

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
try {
  const m = await child<Memory>(['--memory'], ['--expose-gc']);
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  const grew = (n: number) => `${n >= 0 ? '+' : ''}${(n / MB).toFixed(1)} MB`;
  console.log(`basemap load ${(m.ms / 1000).toFixed(2)} s, in a fresh process`);
  console.log(`  baseline (before the load): RSS ${mb(m.before.rss)}, heap ${mb(m.before.heapUsed)}, array buffers ${mb(m.before.arrayBuffers)}, RSS high-water mark ${mb(m.highBefore)}`);
  console.log(`  after the load:  RSS ${grew(m.after.rss - m.before.rss)} (target ≤ 30 MB), high-water mark ${grew(m.highAfter - Math.max(m.highBefore, m.before.rss))} over the baseline's, heap peak ${grew(m.heapPeak - m.before.heapUsed)} (${m.collections} collections), array buffers ${grew(m.after.arrayBuffers - m.before.arrayBuffers)}`);
  console.log(`  after a collection: RSS ${grew(m.kept.rss - m.before.rss)}, heap ${grew(m.kept.heapUsed - m.before.heapUsed)}, array buffers ${grew(m.kept.arrayBuffers - m.before.arrayBuffers)}`);
  for (const [label, params] of CASES) {
    for (let i = 0; i < runs; i++) {
      const outFile = join(dir, 'out.mp4');
      const c = await child<{ renderMs: number; cpuMs: number; frames: number; maxRssMb: number }>(['--child', JSON.stringify({ params, outFile })]);
      const b = await baseline(outFile);
      console.log(`${label.padEnd(34)} wall: render ${(c.renderMs / 1000).toFixed(2)} s  baseline ${(b.ms / 1000).toFixed(2)} s  ratio ${(c.renderMs / b.ms).toFixed(2)} | CPU: render ${(c.cpuMs / 1000).toFixed(2)} s  baseline ${(b.cpuMs / 1000).toFixed(2)} s  ratio ${(c.cpuMs / b.cpuMs).toFixed(2)} (target ≤ 1.3) | peak RSS ${c.maxRssMb.toFixed(0)} MB`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
