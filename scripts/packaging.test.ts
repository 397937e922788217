/**
 * The published client loads wherever it claims to: `npm pack` of
 * @aqcast/client, installed from the tarball into a folder outside the
 * repository, imported by a plain .mjs file in Node (and type-checked from a
 * .ts consumer), and loaded as an ES module by a page in Chromium — each
 * calling a live service.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createTestEnv, spawnService, TEST_API_KEY, type ChildService, type TestEnv } from '../packages/service/test/helpers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

describe('@aqcast/client as published', () => {
  let env: TestEnv;
  let svc: ChildService;
  let dir: string;
  let installed: string;

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await spawnService('serve', env.env);
    dir = mkdtempSync(join(tmpdir(), 'aqcast-client-pack-'));
    const out = execFileSync('npm', ['pack', join(ROOT, 'clients/js'), '--pack-destination', dir, '--json'], { encoding: 'utf8' });
    const tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: app, stdio: 'pipe' });
    installed = join(app, 'node_modules/@aqcast/client');
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds built JavaScript with declarations, not TypeScript sources', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: { '.': { default: string; types: string } } };
    assert.ok(existsSync(join(installed, pkg.exports['.'].default)));
    assert.ok(existsSync(join(installed, pkg.exports['.'].types)));
    assert.ok(!existsSync(join(installed, 'src')), 'no sources shipped');
    assert.ok(!existsSync(join(installed, 'dist/.tsbuildinfo')), 'no build state shipped');
  });

  test('plain Node imports it from a .mjs file and talks to the service', () => {
    const script = join(dir, 'app', 'use.mjs');
    writeFileSync(
      script,
      `import { Client, VERSION, AqcastError } from '@aqcast/client';
const client = new Client({ baseUrl: process.argv[2], apiKey: process.argv[3] });
const ping = await client.ping();
let code = null;
try { await client.renders.get('job_missing'); } catch (err) { code = err instanceof AqcastError ? err.code : String(err); }
console.log(JSON.stringify({ version: ping.version, client: VERSION, code }));`,
    );
    const r = spawnSync(process.execPath, [script, svc.baseUrl, TEST_API_KEY], { cwd: join(dir, 'app'), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { version: '2.1.0', client: '1.0.0', code: 'not_found' });
  });

  test('a TypeScript consumer type-checks against the shipped declarations', () => {
    const file = join(dir, 'app', 'consumer.ts');

    writeFileSync(
      file,
      `import { Client, type Job, type RenderParams } from '@aqcast/client';
const params: RenderParams = { location: 'Lima', pm25: 31, language: 'es' };
export async function run(client: Client): Promise<string | null> {
  const job: Job = await client.renders.create(params);
  return job.videoUrl;
}
// @ts-expect-error language is one of es, en, pt
export const bad: RenderParams = { location: 'x', language: 'fr' };`,
    );
    // No @types/node: the declarations must stand on ES2022 + DOM alone, as in a browser project.
    writeFileSync(join(dir, 'app', 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [] }, files: ['consumer.ts'] }));
    const r = spawnSync(process.execPath, [TSC, '-p', join(dir, 'app')], { cwd: join(dir, 'app'), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });

  test('a page in Chromium loads it as an ES module and calls the service', async () => {
    const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' };
    const page = '<!doctype html><script type="module">import { Client } from "./dist/index.js"; const c = new Client({ baseUrl: location.hash.slice(1), apiKey: "KEY" }); c.ping().then((p) => { document.title = "ok " + p.version; }, (e) => { document.title = "error " + e.message; });</script>';
    const server: Server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      if (path === '/') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(page.replace('KEY', TEST_API_KEY));
        return;
      }
      const file = normalize(join(installed, path));
      if (!file.startsWith(installed) || !existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const tab = await browser.newPage();
      tab.setDefaultTimeout(0); // the test runner's timeout bounds the test; a slow machine must not change the result
      await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/#${svc.baseUrl}`);
      await tab.waitForFunction(() => document.title.startsWith('ok') || document.title.startsWith('error'), undefined, { timeout: 20_000 });
      assert.equal(await tab.title(), 'ok 2.1.0');
    } finally {
      await browser.close();
      server.close();
    }
  });
});
