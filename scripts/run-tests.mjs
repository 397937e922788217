#!/usr/bin/env node
// Runs the whole suite with Node's test runner: engine and pure tests once, the
// service and client suites once per store (SQLite, then PostgreSQL), and prints
// one closing "N passed, N failed" line over all runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...findTests(full));
    else if (name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out.sort();
}

const all = ['packages', 'clients', 'scripts'].flatMap((d) => findTests(join(root, d)));
const pick = (files) => (only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files);
// Suites that talk to the store (service/test, clients) run once per store;
// unit tests beside their code (src/**/*.test.ts) and the engine run once.
const storeBound = (f) => f.startsWith('packages/service/test/') || f.startsWith('clients/');
const stores = (process.env.AQCAST_TEST_STORES ?? 'sqlite,postgres').split(',').filter(Boolean);

// Suites under test/postgres/ exercise what only a database server offers (several machines on one store).
const postgresOnly = (f) => f.includes('/test/postgres/');
const runs = [{ label: 'store-independent', files: pick(all.filter((f) => !storeBound(f))), env: {} }];
for (const store of stores) runs.push({ label: `store=${store}`, files: pick(all.filter((f) => storeBound(f) && (store === 'postgres' || !postgresOnly(f)))), env: { AQCAST_TEST_STORE: store } });

// Child processes under test run the built JavaScript (bin/aqcast.js → dist): bring it up to date first (incremental).
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
for (const run of runs) {
  if (run.files.length === 0) continue;
  console.log(`\n=== ${run.label}: ${run.files.length} test files ===`);
  const res = spawnSync(
    process.execPath,
    // In-process code runs from source: workspace packages resolve to src/ through the aqcast-source condition.
    ['--conditions=aqcast-source', '--import', 'tsx', '--test', '--test-reporter=spec', '--test-timeout=600000', `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`, ...run.files],
    { cwd: root, env: { ...process.env, ...run.env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 },
  );
  process.stdout.write(res.stdout);
  const count = (re) => Number(res.stdout.match(re)?.[1] ?? 0);
  passed += count(/^ℹ pass (\d+)/m);
  failed += count(/^ℹ fail (\d+)/m);
  skipped += count(/^ℹ skipped (\d+)/m);
  if (res.status !== 0 && count(/^ℹ fail (\d+)/m) === 0) failed += 1; // a crash outside any test still fails the run
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
