import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from './helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REDOCLY = new URL('../../../node_modules/.bin/redocly', import.meta.url).pathname;
const REDOCLY_CONFIG = new URL('./redocly.yaml', import.meta.url).pathname;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

interface Operation {
  method: string;
  path: string;
  op: {
    tags?: string[];
    summary?: string;
    operationId?: string;
    security?: Record<string, string[]>[];
    parameters?: { in: string; name: string }[];
    requestBody?: unknown;
    responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
  };
}

/** The operations, with answers the spine shares (`$ref: #/components/responses/…`) resolved. */
function operations(doc: any): Operation[] {
  const out: Operation[] = [];
  const resolve = (r: any) => (typeof r.$ref === 'string' ? doc.components.responses[r.$ref.split('/').pop()] : r);
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      if (item[method]) out.push({ method, path, op: { ...item[method], responses: Object.fromEntries(Object.entries<any>(item[method].responses).map(([code, r]) => [code, resolve(r)])) } });
    }
  }
  return out;
}

const isPublic = (doc: any, o: Operation) => (o.op.security ?? doc.security).length === 0;

describe(`OpenAPI and the REST explorer (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let doc: any;

  before(async () => {
    env = await createTestEnv();
    // No workers: jobs created from the explorer stay queued, which is all these tests look at.
    svc = await startTestService(env, { WORKER_CONCURRENCY: '0' });
    base = svc.baseUrl;
    const r = await fetch(`${base}/openapi.json`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/);
    doc = await r.json();
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('GET /openapi.json is public OpenAPI 3.1 with the X-Api-Key scheme and this service as server', async () => {
    assert.match(doc.openapi, /^3\.1\./);
    assert.equal(doc.info.version, '2.1.0');
    const { description, ...apiKey } = doc.components.securitySchemes.apiKey;
    assert.deepEqual(apiKey, { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    assert.ok(description);
    assert.deepEqual(doc.security, [{ apiKey: [] }, { dashboardSession: [] }]); // a key, or the dashboard's session cookie
    assert.deepEqual(doc.servers.map((s: { url: string }) => s.url), [base]);
    // The explorer reads the same document.
    const viaExplorer = await (await fetch(`${base}/api-explorer/json`)).json();
    assert.deepEqual(viaExplorer, doc);
    // The request's Host header never leaks into the document.
    const spoofed = await svc.app!.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'evil.example:666' } });
    assert.deepEqual(JSON.parse(spoofed.body).servers.map((s: { url: string }) => s.url), [base]);
  });

  test('GET /health says ok per dependency and names no local path', async () => {
    const r = await fetch(`${base}/health`);
    const text = await r.text();
    assert.equal(r.status, 200);
    assert.doesNotMatch(text, /\/(node_modules|usr|tmp|bin|work|home)\b/, text);
    const body = JSON.parse(text) as Record<string, { ok: boolean }>;
    for (const dep of ['store', 'storage', 'ffmpeg']) assert.equal(body[dep]!.ok, true, dep);
  });

  test('every operation has tags, a summary and an operationId, and its tags are declared', () => {
    const declared = new Set(doc.tags.map((t: { name: string }) => t.name));
    for (const o of operations(doc)) {
      const where = `${o.method.toUpperCase()} ${o.path}`;
      assert.ok(o.op.tags?.length, `${where} has tags`);
      assert.ok(o.op.summary, `${where} has a summary`);
      assert.ok(o.op.operationId, `${where} has an operationId`);
      for (const t of o.op.tags!) assert.ok(declared.has(t), `${where}: tag ${t} is declared`);
    }
    for (const t of doc.tags) assert.ok(t.description, `tag ${t.name} has a description`);
  });

  test('errors are documented as application/problem+json; every keyed operation documents its 401', () => {
    const ops = operations(doc);
    assert.ok(ops.length >= 10);
    for (const o of ops) {
      const where = `${o.method.toUpperCase()} ${o.path}`;
      // POST /graphql answers its auth failures (401, 403, 429) as a GraphQL errors list (application/json), as GraphQL tools read them.
      const errorType = (status: string) => (o.method === 'post' && o.path === '/graphql' && ['401', '403', '429'].includes(status) ? 'application/json' : 'application/problem+json');
      for (const [status, res] of Object.entries(o.op.responses)) {
        for (const [type, media] of Object.entries(res.content ?? {})) {
          if (media.schema.$ref === '#/components/schemas/Problem') assert.equal(type, 'application/problem+json', `${where} ${status}`);
        }
        if (/^4/.test(status)) assert.ok(res.content?.[errorType(status)], `${where} ${status} is ${errorType(status)}`);
      }
      if (!isPublic(doc, o)) {
        assert.ok(o.op.responses['401']?.content?.[errorType('401')], `${where} documents 401`);
      }
      if (o.op.parameters?.length || o.op.requestBody) {
        assert.ok(o.op.responses['400'] || o.op.responses['4XX'], `${where} documents 400`);
      }
    }
    assert.ok(doc.components.schemas.Problem.properties.code, 'the Problem schema carries code');
  });

  test('the documented security is what the service enforces', async () => {
    const publicOps = operations(doc).filter((o) => isPublic(doc, o));
    const keyed = operations(doc).filter((o) => !isPublic(doc, o));
    // The routes DESIGN.md names as public are documented as public.
    for (const [m, p] of [['get', '/ping'], ['get', '/health'], ['get', '/openapi.json'], ['get', '/graphql'], ['get', '/graphql-schema']]) {
      assert.ok(publicOps.some((o) => o.method === m && o.path === p), `${m} ${p} is public`);
    }
    assert.ok(keyed.some((o) => o.method === 'post' && o.path === '/graphql'), 'POST /graphql needs the key');
    const fill = (path: string) => path.replace(/\{[^}]+\}/g, 'placeholder-value');
    for (const o of keyed) {
      // Without a key the auth hook answers before any handler runs, so this writes nothing.
      const r = await fetch(base + fill(o.path), { method: o.method.toUpperCase() });
      assert.equal(r.status, 401, `${o.method.toUpperCase()} ${o.path} without a key`);
    }
    for (const o of publicOps.filter((x) => x.method === 'get')) {
      const r = await fetch(base + fill(o.path));
      assert.notEqual(r.status, 401, `GET ${o.path} is public`);
    }
  });

  test('render parameters carry descriptions and examples from the engine schema', () => {
    const params = doc.components.schemas.RenderParams;
    assert.ok(params.examples?.length, 'RenderParams has examples');
    assert.ok(params.properties.location.description);
    assert.ok(params.properties.pm25.examples?.length);
    const render = doc.paths['/render'].post;
    assert.equal(render.requestBody.content['application/json'].schema.$ref, '#/components/schemas/RenderParams');
  });

  test('@redocly/cli lint passes with no errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aqcast-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const run = promisify(execFile);
      const { stdout } = await run(REDOCLY, ['lint', file, '--config', REDOCLY_CONFIG, '--format=json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 1 << 24,
      }).catch((err: { stdout?: string; stderr?: string }) => {
        // redocly exits non-zero when it finds errors; the JSON report says which.
        if (err.stdout) return { stdout: err.stdout };
        throw new Error(`redocly did not run: ${err.stderr}`);
      });
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      assert.deepEqual(errors, [], 'redocly errors');
      assert.equal(report.totals.errors, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the explorer is served by the service: HTML and Swagger UI assets, no key needed', async () => {
    const page = await fetch(`${base}/api-explorer`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /aqcast REST explorer · 2\.1\.0/);
    for (const src of html.match(/(?:src|href)="[^"]+"/g) ?? []) {
      const url = src.replace(/^(?:src|href)="|"$/g, '');
      assert.ok(url.startsWith('/api-explorer/') || url.startsWith('./'), `asset ${url} comes from the service`);
      const asset = await fetch(new URL(url, `${base}/api-explorer`));
      assert.equal(asset.status, 200, url);
    }
  });

  test('Swagger UI in Chromium: no outside request, Authorize with the key, Try it out reaches the service', async () => {
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      context.setDefaultTimeout(0); // the test runner's timeout bounds the test; a slow machine must not change the result
      const page = await context.newPage();
      const origin = new URL(base).origin;
      const outside: string[] = [];
      const sent: { method: string; url: string; key: string | undefined }[] = [];
      page.on('request', (req) => {
        const url = req.url();
        if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
        sent.push({ method: req.method(), url, key: req.headers()['x-api-key'] });
      });
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));

      await page.goto(`${base}/api-explorer`, { waitUntil: 'networkidle' });
      await page.waitForSelector('.swagger-ui .information-container .title');
      assert.match((await page.textContent('.swagger-ui .information-container .title')) ?? '', /aqcast API.*2\.1\.0/);
      await page.waitForSelector('.swagger-ui .topbar img');
      const logo = (await page.getAttribute('.swagger-ui .topbar img', 'src')) ?? '';
      assert.match(Buffer.from(logo.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString(), /aqcast.*REST explorer.*v2\.1\.0/s, 'the top bar names the service and its version');

      // Authorize: the X-Api-Key scheme.
      await page.click('.swagger-ui .auth-wrapper .authorize');
      await page.waitForSelector('.swagger-ui .modal-ux');
      assert.match((await page.textContent('.swagger-ui .modal-ux')) ?? '', /X-Api-Key/);
      await page.fill('.swagger-ui .modal-ux input[type=text], .swagger-ui .modal-ux input[type=password]', TEST_API_KEY);
      await page.click('.swagger-ui .modal-ux .auth-btn-wrapper button.authorize');
      await page.click('.swagger-ui .modal-ux .auth-btn-wrapper button.btn-done');

      // GET /templates through "Try it out".
      const templates = '#operations-renders-listTemplates';
      await page.click(`${templates} .opblock-summary-control`);
      await page.click(`${templates} .try-out__btn`);
      await page.click(`${templates} .execute`);
      await page.waitForSelector(`${templates} .live-responses-table tr.response .response-col_status`);
      assert.equal((await page.textContent(`${templates} .live-responses-table tr.response .response-col_status`))?.trim(), '200');
      assert.match((await page.textContent(`${templates} .live-responses-table tr.response .response-col_description`)) ?? '', /daily-report/);
      assert.ok(sent.some((s) => s.method === 'GET' && s.url === `${origin}/templates` && s.key === TEST_API_KEY), 'GET /templates was sent with the key');

      // POST /render with the example body: the job exists afterwards.
      const render = '#operations-renders-createRender';
      await page.click(`${render} .opblock-summary-control`);
      await page.click(`${render} .try-out__btn`);
      const body = JSON.parse(await page.inputValue(`${render} textarea.body-param__text`));
      assert.equal(body.location, 'Santiago', 'the body is prefilled from the documented example');
      await page.fill(`${render} textarea.body-param__text`, JSON.stringify({ ...body, location: 'Explorer City' }));
      await page.click(`${render} .execute`);
      await page.waitForSelector(`${render} .live-responses-table tr.response .response-col_status`);
      assert.equal((await page.textContent(`${render} .live-responses-table tr.response .response-col_status`))?.trim(), '202');
      const jobs = await api(base, 'GET', '/renders?location=Explorer%20City');
      assert.equal(jobs.body.jobs.length, 1, 'the render job was created by the request from the explorer');
      const shots = process.env.SCREENSHOT_DIR ?? tmpdir();
      await page.locator(render).screenshot({ path: `${shots}/api-explorer-render-${STORE}.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/api-explorer-${STORE}.png` });

      // persistAuthorization: the key survives a reload.
      await page.reload({ waitUntil: 'networkidle' });
      await page.waitForSelector('.swagger-ui .auth-wrapper .authorize');
      assert.match((await page.getAttribute('.swagger-ui .auth-wrapper .authorize', 'class')) ?? '', /\blocked\b/, 'still authorized after a reload');

      assert.deepEqual(outside, [], 'no request leaves the service');
      assert.deepEqual(pageErrors, []);
      await context.close();
    } finally {
      await browser?.close();
    }
  });
});
