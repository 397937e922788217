/**
 * The contract is written once: the TypeScript client's types are generated
 * from the service's OpenAPI document and must be current; both clients have a
 * method for every operation; the configuration and error reference pages are
 * generated from the code.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Client, OPERATIONS } from '../clients/js/src/index.js';
import { clientTypesSource, GENERATED_FILE, openApiDocument } from './generate-client-types.js';
import { generatedPages } from './generate-docs.js';

const doc = await openApiDocument();
const allOperations = Object.values(doc.paths as Record<string, Record<string, { operationId?: string; tags?: string[] }>>).flatMap((item) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'head', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([, op]) => op),
);
// The dashboard's session and live-feed routes serve the browser app (cookies, event streams); clients use keys.
const operationIds = allOperations.filter((op) => !op.tags?.includes('dashboard')).map((op) => op.operationId!);

test('every OpenAPI operation has a unique operationId', () => {
  const ids = allOperations.map((op) => op.operationId!);
  assert.ok(ids.length > 25);
  assert.equal(new Set(ids).size, ids.length, ids.join(', '));
});

/** The parts of the document the checks below read, checked rather than cast. */
const ResponsesView = Type.Record(Type.String(), Type.Object({ description: Type.Optional(Type.String()), $ref: Type.Optional(Type.String()), headers: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }));
const DocView = Type.Object({
  paths: Type.Record(Type.String(), Type.Record(Type.String(), Type.Object({
    description: Type.Optional(Type.String()),
    security: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Array(Type.String())))),
    parameters: Type.Optional(Type.Array(Type.Object({ name: Type.String(), in: Type.String() }))),
    responses: ResponsesView,
  }))),
  components: Type.Object({ schemas: Type.Record(Type.String(), Type.Unknown()), responses: ResponsesView }),
});
function viewOf(document: unknown): Static<typeof DocView> {
  if (!Value.Check(DocView, document)) throw new Error(`the OpenAPI document is not shaped as expected: ${[...Value.Errors(DocView, document)].slice(0, 3).map((e) => `${e.path} ${e.message}`).join('; ')}`);
  return document;
}
const view = viewOf(doc);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every schema object in the document, wherever it is nested. */
function* schemasIn(node: unknown, path = '#'): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) for (const [i, v] of node.entries()) yield* schemasIn(v, `${path}/${i}`);
  else if (isRecord(node)) {
    yield [path, node];
    for (const [k, v] of Object.entries(node)) yield* schemasIn(v, `${path}/${k}`);
  }
}

test('a nullable enum lists null among its values (validators and generators read the enum)', () => {
  const bad = [...schemasIn(doc)].filter(([, s]) => Array.isArray(s.type) && s.type.includes('null') && Array.isArray(s.enum) && !s.enum.includes(null)).map(([p]) => p);
  assert.deepEqual(bad, []);
  const catchUp = [...schemasIn(view.components.schemas.Workflow)].find(([p]) => p.endsWith('/catchUp'));
  assert.deepEqual(catchUp?.[1].enum, ['none', 'latest', null]);
});

test('every operation has a description, and every answer one of its own (not "Default Response")', () => {
  const ops = Object.entries(view.paths).flatMap(([path, item]) => Object.entries(item).map(([m, op]) => ({ name: `${m.toUpperCase()} ${path}`, op })));
  assert.deepEqual(ops.filter(({ op }) => !op.description?.trim()).map(({ name }) => name), []);
  const vague = ops.flatMap(({ name, op }) => Object.entries(op.responses).filter(([, r]) => !r.$ref && (!r.description || r.description === 'Default Response')).map(([code]) => `${name} ${code}`));
  assert.deepEqual(vague, []);
});

test('every operation declares what the spine can answer: 400/500/503 everywhere, 401/429 behind a key, 413/415/507 on changes, with X-Request-Id on every answer', () => {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(view.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const keyed = op.security === undefined;
      const need = ['400', '500', '503', ...(keyed ? ['401', '429'] : []), ...(['post', 'patch', 'put', 'delete'].includes(method) ? ['413', '415', '507'] : [])];
      for (const code of need) if (!op.responses[code]) problems.push(`${method.toUpperCase()} ${path} lacks ${code}`);
      for (const [code, r] of Object.entries(op.responses)) {
        const resolved = r.$ref ? view.components.responses[r.$ref.split('/').pop() ?? ''] : r;
        if (!resolved) problems.push(`${method.toUpperCase()} ${path} ${code}: dangling ${r.$ref}`);
        else if (!resolved.headers?.['X-Request-Id']) problems.push(`${method.toUpperCase()} ${path} ${code} lacks X-Request-Id`);
        if (['429', '503', '507'].includes(code) && !resolved?.headers?.['Retry-After']) problems.push(`${method.toUpperCase()} ${path} ${code} lacks Retry-After`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('the inbound trigger is authenticated by a security scheme of its own, not a header parameter', () => {
  const op = view.paths['/workflows/{id}/trigger']?.post;
  assert.deepEqual(op?.security, [{ triggerSecret: [] }, { triggerBearer: [] }]);
  assert.deepEqual(op?.parameters?.filter((p) => p.in === 'header' && /authorization|trigger-secret/i.test(p.name)), []);
});

test('the dashboard\'s session cookie is declared as the alternative to a key, as the service accepts it', () => {
  assert.deepEqual(doc.security, [{ apiKey: [] }, { dashboardSession: [] }]);
  const schemes = (doc.components as { securitySchemes?: Record<string, { type?: string; in?: string; name?: string }> }).securitySchemes;
  assert.deepEqual({ ...schemes?.dashboardSession, description: undefined }, { type: 'apiKey', in: 'cookie', name: 'aqcast_session', description: undefined });
});

test('the generated TypeScript client types are current (run `npm run generate` after changing a contract)', async () => {
  assert.equal(readFileSync(GENERATED_FILE, 'utf8'), await clientTypesSource(doc), 'clients/js/src/generated/openapi.ts is stale: run npm run generate');
});

test('the TypeScript client has a method for every operation', () => {
  const client = new Client({ baseUrl: 'http://127.0.0.1:9', apiKey: 'unused-0123456789' });
  const mapped = OPERATIONS as Record<string, string>;
  assert.deepEqual(operationIds.filter((id) => !(id in mapped)), [], 'operations without a client method');
  assert.deepEqual(Object.keys(mapped).filter((id) => !operationIds.includes(id)), [], 'client methods for operations that do not exist');
  for (const [id, path] of Object.entries(mapped)) {
    const fn = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], client);
    assert.equal(typeof fn, 'function', `${id} → client.${path}`);
  }
});

test('the Python client has a method for every operation', () => {
  const script = [
    'import json, sys',
    'sys.path.insert(0, sys.argv[1])',
    'import aqcast',
    'c = aqcast.Client("http://127.0.0.1:9", api_key="unused-0123456789")',
    'out = {}',
    'for op, path in aqcast.OPERATIONS.items():',
    '    o = c',
    '    for part in path.split("."): o = getattr(o, part, None)',
    '    out[op] = callable(o)',
    'print(json.dumps(out))',
  ].join('\n');
  const r = spawnSync(process.env.PYTHON ?? 'python3', ['-c', script, fileURLToPath(new URL('../clients/python/', import.meta.url))], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const mapped = JSON.parse(r.stdout) as Record<string, boolean>;
  assert.deepEqual(operationIds.filter((id) => !(id in mapped)), [], 'operations without a Python method');
  assert.deepEqual(Object.keys(mapped).filter((id) => !operationIds.includes(id)), [], 'Python methods for operations that do not exist');
  assert.deepEqual(Object.entries(mapped).filter(([, ok]) => !ok).map(([id]) => id), [], 'mapped to something that is not a method');
});

test('the generated reference pages are current (run `npm run generate` after changing a setting or an error)', () => {
  for (const { file, text } of generatedPages()) assert.equal(readFileSync(file, 'utf8'), text, `${file} is stale: run npm run generate`);
});
