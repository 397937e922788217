/**
 * How long hostile GraphQL documents hold the event loop before they are
 * refused (fragment bombs, alias bombs, huge flat selections, deep nesting),
 * beside an ordinary query in the same run. Target: no document of at most
 * 100 KB blocks the loop for more than 100 ms.
 *
 *   node --conditions=aqcast-source --import tsx bench/graphql-limits.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../packages/service/src/core/config.js';
import { startService } from '../packages/service/src/server.js';

const dir = mkdtempSync(join(tmpdir(), 'aqcast-gql-bench-'));
const key = 'bench-key-0123456789abcdef';
const svc = await startService(loadConfig({ DATA_DIR: dir, PORT: '0', AQCAST_API_KEY: key, WORKER_CONCURRENCY: '0', LOG_LEVEL: 'silent' }), { http: true });

const frags = (n: number) => Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ${i === n - 1 ? 'ping' : `...F${i + 1} ...F${i + 1}`} }`).join('\n');
const documents: [string, string][] = [
  ['ordinary query (baseline)', '{ status { version uptime } renders(limit: 10) { jobs { jobId status } } }'],
  ['fragment bomb, 30 levels ×2', `query { ...F0 }\n${frags(30)}`],
  ['fragment bomb, 200 levels ×2', `query { ...F0 }\n${frags(200)}`],
  ['3,413 aliased queueStats (98 KB)', `{ ${Array.from({ length: 3413 }, (_, i) => `a${i}: queueStats { paused }`).join(' ')} }`],
  ['10,000 repeated fields (~50 KB)', `{ ${'ping '.repeat(10_000)} }`],
  ['nested 300 deep', `{ ${'renders { jobs { '.repeat(150)} jobId ${'} } '.repeat(150)} }`],
];

console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const [name, query] of documents) {
  // The first time, a document is parsed, measured and validated; after that, its verdict is cached.
  const samples: number[] = [];
  for (let run = 0; run < 3; run++) {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const t0 = performance.now();
    const res = await svc.app!.inject({ method: 'POST', url: '/graphql', headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: JSON.stringify({ query: run === 0 ? query : `${query}\n#${run}` }) });
    const ms = performance.now() - t0;
    h.disable();
    samples.push(Math.max(ms, h.max / 1e6));
    if (run === 0) {
      const body = JSON.parse(res.body) as { errors?: { extensions?: { code?: string } }[] };
      console.log(`${name.padEnd(36)} ${(query.length / 1024).toFixed(1).padStart(6)} KB → ${res.statusCode} ${body.errors?.[0]?.extensions?.code ?? 'ok'}`);
    }
  }
  console.log(`${''.padEnd(36)} longest block of the loop: ${Math.max(...samples).toFixed(1)} ms (median of 3 uncached runs ${samples.sort((a, b) => a - b)[1]!.toFixed(1)} ms)`);
}
console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await svc.stop();
rmSync(dir, { recursive: true, force: true });
