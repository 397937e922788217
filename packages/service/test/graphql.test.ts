import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSchema, parse, validate } from 'graphql';
import { chromium, type Browser } from 'playwright-core';
import { checkQueryLimits, DEFAULT_LIMITS } from '../src/app/graphql/limits.js';
import { RenderParams } from '../src/modules/renders/contract.js';
import { api, STORE, TEST_API_KEY, TestService, waitForJob } from './helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JOB_FIELDS = 'jobId status progress template compositionId params videoUrl posterUrl storyboardUrl storyboardVttUrl captionsUrl accessibility { captionsSrt transcript audio audioDescription } error { code message } attempts maxAttempts priority runAt batchId contextId provenance { source stationIds observedAt retrievedAt timeZone attribution licence preliminary } brand { brandId version } createdAt startedAt completedAt renderMs output { width height fps durationSec bytes }';

async function gql(base: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api(base, 'POST', '/graphql', { query, ...(variables ? { variables } : {}) }, headers);
}

/** The small test resolution as GraphQL spells it: enum values are GraphQL names (`360p` → `_360p`). */
const SMALL = { resolution: '_360p' } as const;

describe(`GraphQL (${STORE})`, () => {
  const service = new TestService({}, { WORKER_CONCURRENCY: '1' });

  test('GET /graphql describes the endpoint, without a key', async () => {
    const r = await fetch(`${service.base}/graphql`);
    assert.equal(r.status, 200);
    const body = (await r.json()) as Record<string, unknown>;
    assert.deepEqual({ version: body.version, endpoint: body.endpoint, schema: body.schema, explorer: body.explorer }, { version: '2.1.0', endpoint: '/graphql', schema: '/graphql-schema', explorer: '/graphql-explorer' });
  });

  test('GET /graphql-schema lists types, queries, mutations and the SDL, without a key', async () => {
    const r = await fetch(`${service.base}/graphql-schema`);
    assert.equal(r.status, 200);
    const s = (await r.json()) as { types: { name: string; kind: string; fields?: { name: string; type: string }[] }[]; queries: { name: string }[]; mutations: { name: string }[]; sdl: string };
    for (const q of ['status', 'ping', 'render', 'renders', 'templates']) assert.ok(s.queries.some((x) => x.name === q), `query ${q}`);
    for (const m of ['createBatch', 'createRender', 'enqueueRender', 'cancelJob', 'retryJob', 'pauseQueue', 'resumeQueue', 'registerWebhook', 'ingestUpload']) assert.ok(s.mutations.some((x) => x.name === m), `mutation ${m}`);
    assert.ok(s.types.some((t) => t.name === 'RenderJob' && t.kind === 'OBJECT'));
    assert.match(s.sdl, /type Query \{/);
    buildSchema(s.sdl); // the SDL is complete and valid
    // One contract: the GraphQL input has exactly the fields of the REST body schema.
    const input = s.types.find((t) => t.name === 'RenderParamsInput')!;
    assert.equal(input.kind, 'INPUT_OBJECT');
    assert.deepEqual(input.fields!.map((f) => f.name).sort(), Object.keys(RenderParams.properties).sort());
    assert.equal(input.fields!.find((f) => f.name === 'location')!.type, 'String!');
    assert.equal(input.fields!.find((f) => f.name === 'pm25')!.type, 'Float');
  });

  test('status reports version 2.1.0 and the uptime; ping', async () => {
    const r = await gql(service.base, '{ status { version uptime } ping }');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.errors, undefined);
    assert.equal(r.body.data.status.version, '2.1.0');
    assert.equal(typeof r.body.data.status.uptime, 'number');
    assert.equal(r.body.data.ping, true);
  });

  test('no key or a wrong key → HTTP 401 with a GraphQL errors list (extensions.code unauthorized), so GraphQL clients read why', async () => {
    for (const key of ['', 'wrong-key-wrong-key']) {
      const r = await gql(service.base, '{ status { version } }', undefined, { 'x-api-key': key });
      assert.equal(r.status, 401);
      assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(r.body.data, undefined);
      assert.equal(r.body.errors.length, 1);
      assert.equal(r.body.errors[0].extensions.code, 'unauthorized');
      assert.equal(r.body.errors[0].extensions.status, 401);
      assert.match(r.body.errors[0].message, /X-Api-Key/);
      assert.equal(r.body.errors[0].extensions.requestId, r.headers.get('x-request-id'));
    }
  });

  test('createRender queues a job that REST and the render query both see, and it completes', async () => {
    const m = await gql(service.base, 'mutation Create($input: RenderParamsInput!) { createRender(input: $input) { jobId status template params } }', {
      input: { location: 'Santiago', pm25: 87.4, no2: 42, temperature: 9, language: 'en', ...SMALL },
    });
    assert.equal(m.status, 200, JSON.stringify(m.body));
    assert.equal(m.body.errors, undefined, JSON.stringify(m.body.errors));
    const job = m.body.data.createRender;
    assert.match(job.jobId, /^job_/);
    assert.equal(job.status, 'queued');
    assert.equal(job.template, 'daily-report');
    assert.equal(job.params.temperatura, 9, 'normalized by the same service as REST');

    const rest = await api(service.base, 'GET', `/render/${job.jobId}`);
    assert.equal(rest.status, 200);
    assert.equal(rest.body.jobId, job.jobId);

    const done = await waitForJob(service.base, job.jobId);
    assert.equal(done.status, 'completed', JSON.stringify(done.error));
    const q = await gql(service.base, `query Job($id: ID!) { render(id: $id) { ${JOB_FIELDS} } }`, { id: job.jobId });
    assert.equal(q.status, 200);
    assert.equal(q.body.errors, undefined, JSON.stringify(q.body.errors));
    const viaGraphql = q.body.data.render;
    assert.equal(viaGraphql.status, 'completed');
    assert.equal(viaGraphql.videoUrl, done.videoUrl);
    assert.deepEqual(viaGraphql.output, done.output);
    assert.deepEqual(viaGraphql, (await api(service.base, 'GET', `/render/${job.jobId}`)).body, 'the same job view as REST');
  });

  test('invalid render input → error with extensions.code and the bad fields; nothing queued', async () => {
    const before = (await api(service.base, 'GET', '/renders?limit=500')).body.jobs.length;
    const r = await gql(service.base, 'mutation { createRender(input: { location: "X", pm25: -5, language: es }) { jobId } }');
    assert.equal(r.status, 200);
    assert.equal(r.body.data, null);
    const err = r.body.errors[0];
    assert.equal(err.extensions.code, 'validation_failed');
    assert.equal(err.extensions.status, 400);
    assert.deepEqual(err.path, ['createRender']);
    const fields = err.extensions.errors.map((e: { field: string }) => e.field);
    assert.ok(fields.includes('pm25'), JSON.stringify(err.extensions.errors));

    // A closed set is a GraphQL enum: a value outside it is refused before anything runs, naming the enum's values.
    const french = await gql(service.base, 'mutation { createRender(input: { location: "X", language: fr }) { jobId } }');
    assert.equal(french.status, 400);
    assert.equal(french.body.errors[0].extensions.code, 'graphql_validation_failed');
    assert.match(french.body.errors[0].message, /Language/);
    const resolution = await gql(service.base, 'mutation($r: Resolution) { createRender(input: { location: "X", resolution: $r }) { jobId params } }', { r: '360p' });
    assert.equal(resolution.status, 400, 'variables carry the enum value names (_360p), not the REST strings');

    const unknown = await gql(service.base, 'mutation { createRender(input: { location: "X", template: "nope" }) { jobId } }');
    assert.equal(unknown.body.errors[0].extensions.code, 'unknown_template');
    assert.match(unknown.body.errors[0].message, /daily-report/);
    assert.equal((await api(service.base, 'GET', '/renders?limit=500')).body.jobs.length, before, 'nothing written');
  });

  test('createBatch queues all items or none', async () => {
    const items = [
      { location: 'Lima', pm25: 12, ...SMALL },
      { location: 'Quito', compositionId: 'daily-report', o3: 96, ...SMALL },
    ];
    const r = await gql(service.base, 'mutation Batch($items: [RenderParamsInput!]!) { createBatch(items: $items) { batchId jobs { jobId batchId params } } }', { items });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    const batch = r.body.data.createBatch;
    assert.equal(batch.jobs.length, 2);
    assert.ok(batch.jobs.every((j: { batchId: string }) => j.batchId === batch.batchId));
    const rest = await api(service.base, 'GET', `/renders?batchId=${batch.batchId}`);
    assert.equal(rest.body.jobs.length, 2);

    const bad = await gql(service.base, 'mutation Batch($items: [RenderParamsInput!]!) { createBatch(items: $items) { batchId } }', { items: [items[0], { location: 'Bad', pm10: -1 }] });
    assert.equal(bad.body.data, null);
    assert.equal(bad.body.errors[0].extensions.code, 'validation_failed');
    assert.ok(bad.body.errors[0].extensions.errors.some((e: { field: string }) => e.field === 'items[1].pm10'), JSON.stringify(bad.body.errors));
  });

  test('renders pages with limit and cursor, with filters; a missing job is a not_found error', async () => {
    const first = await gql(service.base, '{ renders(limit: 1) { jobs { jobId } nextCursor } }');
    assert.equal(first.body.errors, undefined, JSON.stringify(first.body.errors));
    assert.equal(first.body.data.renders.jobs.length, 1);
    assert.ok(first.body.data.renders.nextCursor);
    const second = await gql(service.base, 'query Page($c: String) { renders(limit: 1, cursor: $c) { jobs { jobId } } }', { c: first.body.data.renders.nextCursor });
    assert.notEqual(second.body.data.renders.jobs[0].jobId, first.body.data.renders.jobs[0].jobId);
    const rest = await api(service.base, 'GET', '/renders?limit=2');
    assert.deepEqual([first.body.data.renders.jobs[0].jobId, second.body.data.renders.jobs[0].jobId], rest.body.jobs.map((j: { jobId: string }) => j.jobId));

    const filtered = await gql(service.base, '{ renders(filter: { status: [completed], location: "santiago" }) { jobs { status params } } }');
    assert.ok(filtered.body.data.renders.jobs.length >= 1);
    assert.ok(filtered.body.data.renders.jobs.every((j: { status: string; params: { location: string } }) => j.status === 'completed' && j.params.location === 'Santiago'));

    const badLimit = await gql(service.base, '{ renders(limit: 0) { jobs { jobId } } }');
    assert.equal(badLimit.body.errors[0].extensions.code, 'validation_failed');
    assert.equal(badLimit.body.errors[0].extensions.errors[0].field, 'limit');

    // An id is checked as REST checks a path id: a malformed one is invalid (validation_failed naming the argument), not missing.
    for (const query of ['{ render(id: "bad$id!") { jobId } }', '{ render(id: "a/b") { jobId } }']) {
      const bad = await gql(service.base, query);
      assert.equal(bad.body.errors[0].extensions.code, 'validation_failed', query);
      assert.equal(bad.body.errors[0].extensions.status, 400);
      assert.equal(bad.body.errors[0].extensions.errors[0].field, 'id');
    }
    assert.equal((await api(service.base, 'GET', `/render/${encodeURIComponent('bad$id!')}`)).status, 400, 'REST answers the same id with 400');

    const missing = await gql(service.base, '{ render(id: "job_doesnotexist") { jobId } }');
    assert.equal(missing.status, 200);
    assert.deepEqual(missing.body.data, { render: null });
    assert.equal(missing.body.errors[0].extensions.code, 'not_found');
    assert.equal(missing.body.errors[0].extensions.status, 404);
  });

  test('templates matches GET /templates', async () => {
    const r = await gql(service.base, '{ templates { id name formats isDefault } aqiStandards { id } }');
    const rest = await api(service.base, 'GET', '/templates');
    assert.deepEqual(r.body.data.templates.map((t: { id: string }) => t.id), rest.body.templates.map((t: { id: string }) => t.id));
    assert.deepEqual(r.body.data.aqiStandards.map((t: { id: string }) => t.id), rest.body.aqiStandards.map((t: { id: string }) => t.id));
  });

  test('a malformed query is a 400 with a located syntax error; nothing runs', async () => {
    const r = await gql(service.base, '{ status { version }');
    assert.equal(r.status, 400);
    assert.equal(r.body.data, undefined);
    assert.equal(r.body.errors[0].extensions.code, 'graphql_parse_failed');
    assert.match(r.body.errors[0].message, /^Syntax Error/);
    assert.ok(r.body.errors[0].locations[0].line >= 1);

    const unknownField = await gql(service.base, '{ status { colour } }');
    assert.equal(unknownField.status, 400);
    assert.equal(unknownField.body.errors[0].extensions.code, 'graphql_validation_failed');
    assert.match(unknownField.body.errors[0].message, /colour/);

    const badVariable = await gql(service.base, 'mutation M($i: RenderParamsInput!) { createRender(input: $i) { jobId } }', { i: { location: 'X', pm25: 'lots' } });
    assert.equal(badVariable.status, 400);
    assert.match(badVariable.body.errors[0].message, /pm25/);

    const twoOps = 'query A { ping } query B { status { version } }';
    const ambiguous = await gql(service.base, twoOps);
    assert.equal(ambiguous.status, 400);
    assert.match(ambiguous.body.errors[0].message, /operation name/);
    const chosen = await api(service.base, 'POST', '/graphql', { query: twoOps, operationName: 'B' });
    assert.deepEqual(chosen.body, { data: { status: { version: '2.1.0' } } });

    const noQuery = await api(service.base, 'POST', '/graphql', { variables: {} });
    assert.equal(noQuery.status, 400);
    assert.match(noQuery.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.equal(noQuery.body.code, 'validation_failed');
  });

  test('a too-deep query is a 400 query_too_deep error, not a crash', async () => {
    // Our types are not recursive, so nest introspection (its own allowance is 16 levels).
    let nested = 'name';
    for (let i = 0; i < 17; i++) nested = `ofType { ${nested} }`;
    const r = await gql(service.base, `{ __type(name: "RenderJob") { fields { type { ${nested} } } } }`);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.errors[0].extensions.code, 'query_too_deep');
    assert.match(r.body.errors[0].message, /too deep.*maximum is 16/);
    // The service is still fine.
    assert.equal((await gql(service.base, '{ status { version } }')).body.data.status.version, '2.1.0');
  });

  test('a too-costly query is a 400 query_too_costly error; the standard introspection query passes', async () => {
    const page = `renders(limit: 500) { jobs { ${JOB_FIELDS} } }`;
    const r = await gql(service.base, `{ a: ${page} b: ${page} c: ${page} }`);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.errors[0].extensions.code, 'query_too_costly');
    assert.ok(r.body.errors[0].extensions.cost > r.body.errors[0].extensions.maxCost);

    const one = await gql(service.base, `{ ${page} }`);
    assert.equal(one.status, 200, 'one full page of 500 is allowed');

    const { getIntrospectionQuery } = await import('graphql');
    const intro = await gql(service.base, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, specifiedByUrl: true }));
    assert.equal(intro.status, 200, JSON.stringify(intro.body.errors));
    assert.ok(intro.body.data.__schema.types.length > 10);
  });

  test('the depth rule counts fields through fragments on recursive types', () => {
    const schema = buildSchema('type Node { id: ID, child: Node, children(limit: Int): [Node] } type Query { node: Node }');
    const limits = { ...DEFAULT_LIMITS, maxDepth: 4, maxCost: 1000 };
    const ok = checkQueryLimits(schema, parse('{ node { child { child { id } } } }'), limits);
    assert.deepEqual(ok, []);
    const deep = checkQueryLimits(schema, parse('query Deep { node { ...F } } fragment F on Node { child { child { child { id } } } }'), limits);
    assert.equal(deep.length, 1);
    assert.equal(deep[0]!.extensions.code, 'query_too_deep');
    assert.match(deep[0]!.message, /Deep is 5 levels deep; the maximum is 4/);
    const costly = checkQueryLimits(schema, parse('{ node { children(limit: 100) { children(limit: 100) { id } } } }'), limits);
    assert.equal(costly[0]!.extensions.code, 'query_too_costly');
    assert.deepEqual(validate(schema, parse('{ node { id } }')), []);
  });

  test('the explorer serves only its own assets, without a key', async () => {
    for (const name of ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js', 'graphiql.min.css', 'explorer.js', 'explorer.css']) {
      const r = await fetch(`${service.base}/graphql-explorer/assets/${name}`);
      assert.equal(r.status, 200, name);
      assert.ok(r.headers.get('etag'));
      assert.doesNotMatch(await r.text(), /sourceMappingURL=/, `${name} points at no source map`);
    }
    assert.equal((await fetch(`${service.base}/graphql-explorer/assets/package.json`)).status, 404);
    const slash = await fetch(`${service.base}/graphql-explorer/`, { redirect: 'manual' });
    assert.equal(slash.status, 301);
    assert.equal(new URL(slash.headers.get('location')!, `${service.base}/graphql-explorer/`).href, `${service.base}/graphql-explorer`);
  });

  test('the explorer loads offline, shows 2.1.0, and runs a query with the X-Api-Key set on the page', async () => {
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      page.setDefaultTimeout(0); // the test runner's timeout bounds the test; a slow machine must not change the result
      const origin = new URL(service.base).origin;
      const outside: string[] = [];
      const graphqlPosts: { key: string | undefined; body: string | null }[] = [];
      page.on('request', (req) => {
        const url = req.url();
        if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
        if (req.method() === 'POST' && url === `${origin}/graphql`) graphqlPosts.push({ key: req.headers()['x-api-key'], body: req.postData() });
      });
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));

      await page.goto(`${service.base}/graphql-explorer?query=${encodeURIComponent('{ status { version } }')}`, { waitUntil: 'networkidle' });
      await page.waitForSelector('.graphiql-container');
      assert.match(await page.title(), /2\.1\.0/);
      assert.equal(await page.textContent('#aq-version'), 'v2.1.0');
      assert.ok(await page.isVisible('text=Variables'), 'the variables panel is there');

      await page.fill('#aq-api-key', TEST_API_KEY);
      // The key change makes GraphiQL fetch the schema again, with the key.
      await page.waitForFunction(() => !!document.querySelector('.graphiql-execute-button'));
      await page.waitForTimeout(800);
      await page.click('.graphiql-execute-button');
      await page.waitForFunction(() => /"version": "2\.1\.0"/.test(document.querySelector('.graphiql-response')?.textContent ?? ''), undefined, { timeout: 15_000 });
      const result = await page.textContent('.graphiql-response');
      assert.match(result ?? '', /"status"/);

      const ran = graphqlPosts.filter((p) => p.body?.includes('status'));
      assert.ok(ran.length >= 1, 'the query reached POST /graphql');
      assert.ok(ran.every((p) => p.key === TEST_API_KEY), 'with the key from the page');
      assert.ok(graphqlPosts.some((p) => p.key === TEST_API_KEY && p.body?.includes('IntrospectionQuery')), 'the schema was fetched with the key');
      assert.deepEqual(outside, [], 'no request leaves the service');
      assert.deepEqual(pageErrors, []);
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/graphql-explorer-${STORE}.png` : `/tmp/graphql-explorer-${STORE}.png` });
    } finally {
      await browser?.close();
    }
  });
});
