/**
 * Engine render benchmark: renders the 15 s landscape default template at 1080p,
 * then, in the same run, times a plain `ffmpeg -preset veryfast -crf 23` re-encode of
 * the produced video as the baseline (what encoding alone costs on this machine),
 * and prints both, their ratio, frames per second and peak memory.
 *
 *   node --import tsx bench/engine-render.ts [--runs N] [--compare]
 *
 * --runs N     repeat N times and report each run and the best (default 1)
 * --compare    also time variants: full redraw of every frame, and x264 settings
 *
 * Other processes on the machine skew both figures; run it two or three times.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFfmpeg, renderVideo, type RenderOptions } from '../packages/engine/src/index.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;
const compare = args.includes('--compare');
const ffmpeg = findFfmpeg();
const dir = mkdtempSync(join(tmpdir(), 'aqcast-bench-'));
const params = { location: 'Santiago', pm25: 87.4, pm10: 140, no2: 42, o3: 96, so2: 8, co: 0.8, temperatura: 9, humidity: 64, date: '2026-11-22' };

function timeBaseline(input: string): Promise<number> {
  const out = join(dir, 'baseline.mp4');
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', input, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-y', out], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`baseline ffmpeg exited ${code}`))));
  });
}

interface Figures {
  label: string;
  renderMs: number;
  baselineMs: number;
  frames: number;
  bytes: number;
  stats: { full: number; partial: number; reused: number };
}

async function once(label: string, extra: Partial<RenderOptions> = {}): Promise<Figures> {
  const outFile = join(dir, 'render.mp4');
  let stats = { full: 0, partial: 0, reused: 0 };
  const r = await renderVideo(params, { outFile, onStats: (s) => (stats = s), ...extra });
  const baselineMs = await timeBaseline(outFile);
  return { label, renderMs: r.renderMs, baselineMs, frames: r.frames, bytes: r.bytes, stats };
}

function print(f: Figures): void {
  const ratio = f.renderMs / f.baselineMs;
  console.log(
    `${f.label.padEnd(34)} render ${(f.renderMs / 1000).toFixed(2)} s  baseline ${(f.baselineMs / 1000).toFixed(2)} s  ratio ${ratio.toFixed(2)}  ` +
      `${((f.frames / f.renderMs) * 1000).toFixed(1)} frames/s  ${(f.bytes / 1e6).toFixed(2)} MB  frames full/partial/reused ${f.stats.full}/${f.stats.partial}/${f.stats.reused}`,
  );
}

try {
  console.log(`ffmpeg: ${ffmpeg}\nload average: ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  const results: Figures[] = [];
  for (let i = 0; i < runs; i++) {
    const f = await once(`default (run ${i + 1})`);
    results.push(f);
    print(f);
  }
  const best = results.reduce((a, b) => (b.renderMs / b.baselineMs < a.renderMs / a.baselineMs ? b : a));
  if (compare) {
    print(await once('full redraw every frame', { incremental: false }));
    print(await once('x264 veryfast -tune animation', { encoder: { tune: 'animation' } }));
    print(await once('x264 faster', { encoder: { preset: 'faster' } }));
    print(await once('1 frame in flight', { encoder: { maxInFlight: 1 } }));
  }
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(`\nbest: render ${(best.renderMs / 1000).toFixed(2)} s vs baseline re-encode ${(best.baselineMs / 1000).toFixed(2)} s → ratio ${(best.renderMs / best.baselineMs).toFixed(2)} (target ≤ 1.5, aim ≤ 1.2), ${((best.frames / best.renderMs) * 1000).toFixed(1)} frames/s`);
  console.log(`peak RSS of the rendering process: ${rss.toFixed(0)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
