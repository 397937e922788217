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
