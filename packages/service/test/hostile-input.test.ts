/**
 * Hostile input against every operation of the OpenAPI document, on the store
 * under test: bad path parameters, query strings and JSON bodies (derived from
 * each operation's own schema, plus property-based random JSON from
 * fast-check), malformed bodies and headers. Every answer must be below 500,
 * every error problem+json, and a refused request must leave every table as it
 * was. Raw HTTP that Node's parser refuses (bad request lines, oversized
 * headers) is sent over a real socket.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { RunningService } from '../src/server.js';
import { createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from './helpers.js';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  params: string[];
  query: { name: string; schema: Schema }[];
  body: Schema | null;
  multipart: boolean;
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  [k: string]: unknown;
}

const TABLES = ['jobs', 'webhooks', 'webhook_events', 'webhook_deliveries', 'contexts', 'idempotency_keys', 'settings', 'ai_renders', 'workflows', 'workflow_runs', 'workflow_run_items', 'workflow_run_jobs', 'variant_tests', 'variant_arms', 'variant_units', 'variant_events', 'variant_event_counts', 'context_tags', 'context_edits', 'job_metrics'];

/** Nested JSON (objects in arrays); as text, since JSON.stringify itself would overflow on thousands of levels. */
function deepText(n: number): string {
  return '{"a":['.repeat(Math.ceil(n / 2)) + '1' + ']}'.repeat(Math.ceil(n / 2));
}
const deep = (n: number): unknown => JSON.parse(deepText(n));

/** A body sent as given. */
class Raw {
  constructor(readonly text: string) {}
}

const NASTY_STRINGS = ['a\u0000b', '\ud800', 'x\udfffy', 'x'.repeat(100_000), '', ' ', '<script>', "'; drop table jobs; --", '../../etc/passwd', '\r\nX-Injected: 1', '%00', '🙂'.repeat(50)];
const NASTY_VALUES: unknown[] = [null, true, -1, 0, 1e308, -1e308, 3.5, [], [1, 2], {}, { $ne: 1 }, deep(12), ...NASTY_STRINGS];

function resolve(schema: Schema | undefined, doc: Record<string, unknown>): Schema | undefined {
  if (!schema) return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
    return ((doc.components as { schemas: Record<string, Schema> }).schemas[name]);
  }
  return schema;
}

/** Bodies for one operation: each property set to each nasty value, plus wholesale junk. */
function hostileBodies(schema: Schema | null, doc: Record<string, unknown>, seed: number): unknown[] {
  const out: unknown[] = [new Raw(deepText(5000)), new Raw(deepText(100_000)), deep(200), [], 'string body', 42, null, ...fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed, numRuns: 25 })];
  const s = resolve(schema ?? undefined, doc);
  const objectBranch = s?.anyOf?.map((b) => resolve(b, doc)).find((b) => b?.properties) ?? s;
  const props = objectBranch?.properties ?? {};
  const base: Record<string, unknown> = { location: 'Fuzz', url: 'https://example.org/h', events: ['render.completed'], event: 'render.completed', data: {}, query: '{ ping }' };
  for (const name of Object.keys(props)) {
    for (const v of NASTY_VALUES) out.push({ ...base, [name]: v });
  }
  out.push({ ...base, unknownField: 1 }, { ...base, ['a\u0000']: 1 }, { items: [{ ...base, pm25: 'x' }], extra: true });
  return out;
}

describe(`hostile input on every operation (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let doc: Record<string, unknown>;
  let ops: Operation[];

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0', UPLOAD_MAX_BYTES: String(256 * 1024) });
    svc = await startTestService(env);
    doc = JSON.parse((await svc.app!.inject({ method: 'GET', url: '/openapi.json' })).body) as Record<string, unknown>;
    ops = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'head', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
        const parameters = (op.parameters as { in: string; name: string; schema: Schema }[] | undefined) ?? [];
        const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
        ops.push({
          method: method.toUpperCase(),
          path,
          operationId: op.operationId as string,
          params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
          body: content?.['application/json']?.schema ?? null,
          multipart: Boolean(content?.['multipart/form-data']),
        });
      }
    }
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of TABLES) {
      const r = await svc.store.db.selectFrom(t as 'jobs').select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      out[t] = Number(r.n);
    }
    return out;
  }

  async function send(op: Operation, init: { url: string; body?: string; headers?: Record<string, string> }): Promise<void> {
    const before = await counts();
    const res = await svc.app!.inject({ method: op.method as 'GET', url: init.url, headers: { 'x-api-key': TEST_API_KEY, ...(init.headers ?? {}) }, ...(init.body !== undefined ? { payload: init.body } : {}) });
    const where = `${op.method} ${init.url.slice(0, 120)} ${init.body?.slice(0, 120) ?? ''}`;
    assert.ok(res.statusCode < 500, `${res.statusCode} for ${where}: ${res.body.slice(0, 300)}`);
    if (res.statusCode >= 400) {
      const type = String(res.headers['content-type'] ?? '');
      const graphqlErrors = op.path === '/graphql' && res.statusCode === 400 && /application\/json/.test(type) && Array.isArray((JSON.parse(res.body) as { errors?: unknown }).errors);
      assert.ok(/application\/problem\+json/.test(type) || graphqlErrors, `${res.statusCode} ${type} for ${where}`);
      // A HEAD answer carries the headers of the problem but no body.
      if (!graphqlErrors && op.method !== 'HEAD') assert.match((JSON.parse(res.body) as { code: string }).code, /^[a-z_]+$/, where);
      assert.deepEqual(await counts(), before, `nothing written by a refused ${where}`);
    }
  }

  const pathWith = (op: Operation, value: string) => op.path.replace(/\{[^}]+\}/g, value);
  const okPath = (op: Operation) => pathWith(op, op.path.startsWith('/files') ? 'x'.repeat(20) : 'job_doesnotexist');

  test('bad path parameters', async () => {
    for (const op of ops.filter((o) => o.params.length)) {
      for (const v of ['a%00b', 'x'.repeat(300), '%ff', '%ED%A0%80', '..%2F..%2Fetc', '%20', 'a.b', '%E2%80%AE']) {
        const path = op.path.startsWith('/files') ? op.path.replace('{token}', v).replace('{name}', 'video.mp4') : pathWith(op, v);
        await send(op, { url: path, ...(op.body ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) });
      }
    }
  });

  test('bad query strings', async () => {
    for (const op of ops.filter((o) => o.query.length)) {
      for (const q of op.query) {
        for (const v of ['%00', '-1', 'NaN', '1e400', 'x'.repeat(5000), '%ff', '%ED%A0%80', '[object Object]']) {
          await send(op, { url: `${okPath(op)}?${q.name}=${v}&${q.name}=2` });
          await send(op, { url: `${okPath(op)}?${q.name}=${v}` });
        }
      }
      await send(op, { url: `${okPath(op)}?unknown=1&__proto__[x]=1&constructor[prototype][y]=1` });
    }
  });

  test('hostile JSON bodies from each operation schema and from fast-check', async () => {
    let seed = 42;
    for (const op of ops.filter((o) => o.body)) {
      for (const body of hostileBodies(op.body, doc, seed++)) {
        await send(op, { url: okPath(op), body: body instanceof Raw ? body.text : (JSON.stringify(body) ?? 'null'), headers: { 'content-type': 'application/json' } });
      }
      for (const raw of ['{', '{"a":', '[1,', 'nul', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"y":1}}}']) {
        await send(op, { url: okPath(op), body: raw, headers: { 'content-type': 'application/json' } });
      }
      await send(op, { url: okPath(op), body: '<xml/>', headers: { 'content-type': 'application/xml' } });
      await send(op, { url: okPath(op), body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      await send(op, { url: okPath(op), body: '', headers: { 'content-type': 'application/json' } });
    }
  });

  test('hostile headers on every mutation', async () => {
    for (const op of ops.filter((o) => ['POST', 'PATCH', 'DELETE'].includes(o.method))) {
      for (const key of ['x'.repeat(300), 'a b', 'ä', '']) {
        await send(op, { url: okPath(op), body: '{}', headers: { 'content-type': 'application/json', 'idempotency-key': key } });
      }
      await send(op, { url: okPath(op), body: '{}', headers: { 'content-type': 'application/json', 'x-request-id': '../../x\u00ff' } });
      await send(op, { url: okPath(op), body: '{}', headers: { 'content-type': 'application/json', 'content-length': '99999999999' } });
    }
  });

  test('malformed multipart on the upload routes', async () => {
    for (const op of ops.filter((o) => o.multipart)) {
      const bad: [string, string][] = [
        ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
        ['multipart/form-data; boundary=x', 'garbage'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="template"\r\n\r\nda\u0000ily\r\n--x--\r\n'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n'],
        ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n${'a'.repeat(300 * 1024)}\r\n--x--\r\n`],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n'],
      ];
      for (const [type, body] of bad) await send(op, { url: op.path, body, headers: { 'content-type': type } });
    }
  });

  test('GraphQL: fragment and alias bombs are refused, not run', async () => {
    const graphql = ops.find((o) => o.path === '/graphql' && o.method === 'POST')!;
    const frags = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Query { ${i === 29 ? 'ping' : `...F${i + 1} ...F${i + 1}`} }`).join('\n');
    const bombs = [
      `query { ...F0 }\n${frags}`,
      `{ ${Array.from({ length: 3413 }, (_, i) => `a${i}: queueStats { paused }`).join(' ')} }`,
      `{ ${'renders(limit: 500) { jobs { jobId } } '.repeat(1)} ${Array.from({ length: 1200 }, () => 'ping').join(' ')} }`,
      `query ($v: JSON) { ping }`,
      `{ render(id: "a\\u0000b") { jobId } }`,
    ];
    for (const query of bombs) {
      const res = await svc.app!.inject({ method: 'POST', url: '/graphql', headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' }, payload: JSON.stringify({ query }) });
      assert.ok(res.statusCode < 500, `${res.statusCode}: ${res.body.slice(0, 200)}`);
      const body = JSON.parse(res.body) as { errors?: { extensions?: { code?: string } }[] };
      assert.ok(body.errors?.length, `refused: ${query.slice(0, 60)}`);
    }
    await send(graphql, { url: '/graphql', body: `{"query":"{ ping }","variables":{"v":${deepText(3000)}}}`, headers: { 'content-type': 'application/json' } });
    const ping = await svc.app!.inject({ method: 'GET', url: '/ping' });
    assert.equal(ping.statusCode, 200);
  });

  test('raw HTTP the parser refuses is answered as problem+json', async () => {
    const { port } = new URL(svc.baseUrl);
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const sock = connect(Number(port), '127.0.0.1', () => sock.end(text));
        let out = '';
        sock.on('data', (d) => (out += d.toString('latin1')));
        sock.on('close', () => resolve(out));
        sock.on('error', reject);
        sock.setTimeout(10_000, () => sock.destroy(new Error('no answer')));
      });
    const cases = [
      'GARBAGE\r\n\r\n',
      'GET / HTTP/1.1\nHost: x\n\n',
      `GET /ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      'POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    for (const c of cases) {
      const answer = await raw(c);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      assert.ok(status >= 400 && status < 500, `${status} for ${JSON.stringify(c.slice(0, 40))}: ${answer.slice(0, 200)}`);
      assert.match(answer, /content-type: application\/problem\+json/i, answer.slice(0, 300));
    }
    const health = await fetch(`${svc.baseUrl}/health`);
    assert.equal(health.status, 200);
  });
});
