/**
 * HTTP benchmark: GET /render/:id and POST /render on a running aqcast (SQLite,
 * no workers, so rendering does not compete for the CPU), beside a bare Fastify
 * route answering the same job as JSON (serialized per request, as any JSON
 * route does) in the same run, at the same concurrency, the two in turn three
 * times (the ratio is the median pair's); then a 1,000-item batch.
 * Beside requests a second, each run prints the server's CPU time per request
 * (from /proc): on a machine shared with other work, throughput follows the
 * load, while CPU time per request stays what the code costs.
 *
 *   node --import tsx bench/http.ts [seconds per run, default 8]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.argv[2] ?? 8);
const KEY = 'bench-key-0123456789abcdef';
const root = new URL('..', import.meta.url).pathname;

interface Server {
  url: string;
  pid: number;
  stop(): void;
}

/** User + system CPU time of a process in ms (fields 14 and 15 of /proc/PID/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<Server> {
  const proc = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const on = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve({ url: m[1]!, pid: proc.pid ?? 0, stop: () => proc.kill('SIGTERM') });
    };
    proc.stdout.on('data', on);
    proc.stderr.on('data', on);
    proc.on('exit', (c) => reject(new Error(`exited ${c}: ${out}`)));
  });
}

interface Run {
  perSecond: number;
  /** Server CPU µs per request. */
  cpuUs: number;
}

async function run(title: string, server: Server, opts: autocannon.Options): Promise<Run> {
  const cpu0 = cpuMs(server.pid);
  const r = await autocannon({ connections: 10, duration: seconds, ...opts });
  const cpuUs = ((cpuMs(server.pid) - cpu0) * 1000) / Math.max(1, r.requests.total);
  console.log(`${title.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   ${cpuUs.toFixed(0).padStart(5)} µs CPU/request   errors ${r.errors + r.non2xx}`);
  return { perSecond: r.requests.average, cpuUs };
}

const dataDir = mkdtempSync(join(tmpdir(), 'aqcast-bench-'));
const svc = await start(['packages/service/bin/aqcast.js', 'serve'], { DATA_DIR: dataDir, AQCAST_API_KEY: KEY, PORT: '0', HOST: '127.0.0.1', WORKER_CONCURRENCY: '0' }, /listening on (http:\/\/\S+)/);
const created = await fetch(`${svc.url}/render`, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ location: 'Santiago', pm25: 87.4, no2: 42 }) });
const job = (await created.json()) as Record<string, unknown>;
const bare = await start(['--import', 'tsx', '-e', `
  import Fastify from 'fastify';
  const app = Fastify();
  const job = ${JSON.stringify(job)};
  // The same job as an object, serialized per request as any JSON route does (no schema, no hooks, no logger).
  app.get('/job', async () => job);
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log('bare on http://127.0.0.1:' + app.server.address().port);
`], {}, /bare on (http:\/\/\S+)/);

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`aqcast HTTP benchmark — ${seconds} s per run, 10 connections each, SQLite, node ${process.version}, load average ${load()}`);
// The bare route and GET /render/:id in turn, three pairs: on a shared machine the load moves between runs,
// and the median of each pair's ratio is steadier than one pair's.
const pairs: { bare: Run; get: Run }[] = [];
for (let i = 0; i < 3; i++) {
  const bareRun = await run('bare Fastify GET', bare, { url: `${bare.url}/job` });
  const getRun = await run('GET /render/:id', svc, { url: `${svc.url}/render/${job.jobId}`, headers: { 'x-api-key': KEY } });
  pairs.push({ bare: bareRun, get: getRun });
}
const postR = await run('POST /render', svc, { url: `${svc.url}/render`, method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ location: 'Lima', pm25: 20 }) });
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const byRequests = median(pairs.map((p) => p.get.perSecond / p.bare.perSecond));
const byCpu = median(pairs.map((p) => p.bare.cpuUs / p.get.cpuUs));
const lastBare = pairs[pairs.length - 1]!.bare;
console.log(`GET /render/:id at ${pct(byRequests)} of the bare route's requests a second, ${pct(byCpu)} by CPU per request (median of ${pairs.length} pairs; target ≥ 50 %); POST /render at ${pct(postR.perSecond / lastBare.perSecond)} / ${pct(lastBare.cpuUs / postR.cpuUs)} of the last bare run`);

const items = Array.from({ length: 1000 }, (_, i) => ({ location: `City ${i}`, pm25: i % 300, language: (['es', 'en', 'pt'] as const)[i % 3] }));
const times: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const res = await fetch(`${svc.url}/batch`, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ items }) });
  await res.arrayBuffer();
  times.push(performance.now() - t0);
  if (res.status !== 202) throw new Error(`batch → ${res.status}`);
}
console.log(`load average after the runs: ${load()}`);
console.log(`1,000-item batch accepted in ${times.map((t) => t.toFixed(0)).join(' / ')} ms (target < 1000 ms)`);
svc.stop();
bare.stop();
await new Promise((r) => setTimeout(r, 500));
rmSync(dataDir, { recursive: true, force: true });
