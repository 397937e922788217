/**
 * Narration benchmark: what the offline narrator (eSpeak NG in a worker thread,
 * loudness normalisation, the accessible package) adds to a 15 s AI render.
 * A service runs as its own process (`aqcast serve`, built JavaScript, one render
 * worker, no speech server); each round sends POST /ai/render twice — silent
 * (narration: false, the baseline) and narrated — alternating which goes first,
 * and times each from the request to the job's completion. Peak memory is the
 * service process's high-water mark (VmHWM), read before and after the narrated
 * renders, so the synthesizer's memory is counted with the render's.
 *
 *   node --import tsx bench/narration.ts [--rounds 3] [--resolution 1080p] [--template daily-report] [--music]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, resolution: { type: 'string', default: '1080p' }, template: { type: 'string', default: 'daily-report' }, music: { type: 'boolean', default: false } },
});
const ROUNDS = Number(args.rounds);
const API_KEY = 'bench-key-0123456789abcdef';
const root = new URL('..', import.meta.url).pathname;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Peak resident memory (MB) of a process so far, from /proc (Linux). */
function peakMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? NaN) / 1024;
}

async function serve(dataDir: string): Promise<{ baseUrl: string; proc: ChildProcess }> {
  // No speech server and no language model: the offline narrator speaks the offline text.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SPEECH|LLM|AI)_/.test(k)));
  const proc = spawn(process.execPath, [join(root, 'packages/service/bin/aqcast.js'), 'serve'], {
    env: { ...env, DATABASE_URL: `sqlite:${join(dataDir, 'aqcast.db')}`, DATA_DIR: dataDir, AQCAST_API_KEY: API_KEY, PORT: '0', HOST: '127.0.0.1', WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] ?? '');
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`service exited ${code}:\n${out}`)));
  });
  return { baseUrl, proc };
}

const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };

/** Seconds from POST /ai/render to the job's completion, and what the answer said. */
async function render(baseUrl: string, body: Record<string, unknown>): Promise<{ sec: number; videoSec: number; narration: string }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/ai/render`, { method: 'POST', headers, body: JSON.stringify(body) });
  const r = (await res.json()) as { jobId?: string; videoDurationSec?: number; narration?: { status: string; durationSec: number | null } };
  if (res.status !== 202 || !r.jobId) throw new Error(`POST /ai/render answered ${res.status}: ${JSON.stringify(r)}`);
  for (;;) {
    const job = (await (await fetch(`${baseUrl}/render/${r.jobId}`, { headers })).json()) as { status: string; error?: unknown };
    if (job.status === 'completed') break;
    if (job.status === 'failed' || job.status === 'canceled') throw new Error(`job ${r.jobId} ${job.status}: ${JSON.stringify(job.error)}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return { sec: (performance.now() - t0) / 1000, videoSec: r.videoDurationSec ?? NaN, narration: `${r.narration?.status ?? '?'} ${r.narration?.durationSec ?? '-'} s` };
}

const dataDir = mkdtempSync(join(tmpdir(), 'aqcast-nbench-'));
const server = await serve(dataDir);
try {
  const pid = server.proc.pid ?? 0;
  console.log(`narration bench: ${ROUNDS} rounds, ${args.template} ${args.resolution}, 15 s, ${args.music ? 'with' : 'without'} a music bed; load ${load()}`);
  const silent: number[] = [];
  const narrated: number[] = [];
  let silentPeak = 0;
  let narratedPeak = 0;
  // Round 0 warms both paths up (fonts, static layers, the narrator's worker) and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    // Values differ per round, so no render is served from an earlier identical one.
    const body = { location: 'Santiago', pm25: 80 + round * 1.3, no2: 42, temperatura: 9, humidity: 64, language: 'es', template: args.template, format: 'landscape', resolution: args.resolution, date: '2026-11-22' };
    const order = round % 2 === 0 ? ['silent', 'narrated'] : ['narrated', 'silent'];
    for (const kind of order) {
      const r = await render(server.baseUrl, kind === 'silent' ? { ...body, narration: false } : { ...body, ...(args.music ? { music: true } : {}) });
      const peak = peakMb(pid);
      console.log(`  round ${round}${round === 0 ? ' (warm-up)' : ''} ${kind.padEnd(8)} ${r.sec.toFixed(2)} s  video ${r.videoSec} s  narration ${r.narration}  peak RSS so far ${peak.toFixed(0)} MB`);
      if (round === 0) continue;
      (kind === 'silent' ? silent : narrated).push(r.sec);
      if (kind === 'silent') silentPeak = Math.max(silentPeak, peak);
      else narratedPeak = Math.max(narratedPeak, peak);
    }
  }
  const s = median(silent);
  const n = median(narrated);
  console.log(`silent (baseline): median ${s.toFixed(2)} s [${silent.map((x) => x.toFixed(2)).join(', ')}]`);
  console.log(`narrated:          median ${n.toFixed(2)} s [${narrated.map((x) => x.toFixed(2)).join(', ')}]`);
  console.log(`narration adds ${(((n - s) / s) * 100).toFixed(1)} % (target ≤ 30 %); service peak RSS ${Math.max(silentPeak, narratedPeak).toFixed(0)} MB (process high-water mark, narrator included); load ${load()}`);
} finally {
  server.proc.kill('SIGTERM');
  await new Promise((ok) => server.proc.once('exit', ok));
  rmSync(dataDir, { recursive: true, force: true });
}
