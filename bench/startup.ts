/**
 * Start-up time of the built CLI and service, beside a bare `node -e 0` in the
 * same run: `aqcast --help`, `aqcast templates`, and `npm start` until the
 * first successful GET /ping (a fresh data directory each time).
 *
 *   npm ci && node --import tsx bench/startup.ts [runs, default 5]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 5);
const bin = join(root, 'packages/service/bin/aqcast.js');

function timeCommand(args: string[]): { ms: number; rssMb: number } {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { encoding: 'utf8', cwd: root });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const rssKb = Number(r.stderr.trim().split('\n').pop());
  return { ms, rssMb: rssKb / 1024 };
}

async function timeStartToPing(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aqcast-startup-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  const t0 = performance.now();
  const proc = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent', AQCAST_API_KEY: 'bench-0123456789abcdef' }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/ping`);
        if (res.ok) return performance.now() - t0;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - t0 > 30_000) throw new Error('no ping within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    process.kill(-proc.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0]!.toFixed(0)} ms, median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
};

console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${runs} runs each`);
const rows: [string, () => Promise<{ ms: number; rssMb?: number }>][] = [
  ['node -e 0 (baseline)', async () => timeCommand(['-e', '0'])],
  ['aqcast --help', async () => timeCommand([bin, '--help'])],
  ['aqcast templates', async () => timeCommand([bin, 'templates'])],
  ['npm start → first GET /ping', async () => ({ ms: await timeStartToPing() })],
];
for (const [name, fn] of rows) {
  const times: number[] = [];
  let rss = 0;
  for (let i = 0; i < runs; i++) {
    const r = await fn();
    times.push(r.ms);
    rss = Math.max(rss, r.rssMb ?? 0);
  }
  console.log(`${name.padEnd(30)} ${stats(times)}${rss ? `, peak RSS ${rss.toFixed(0)} MB` : ''}`);
}
console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
