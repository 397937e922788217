/**
 * Other people's tools read /openapi.json: Spectral's `oas` ruleset (the one
 * `spectral lint` applies by default) must find nothing in the generated
 * document — no error, no warning, no hint — so linters, proxies and code
 * generators downstream see a clean contract. Parameter descriptions are checked
 * too (off in `recommended`): generated SDK docs show them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { openApiDocument } from './generate-client-types.js';

const { Spectral, Document } = spectralCore;
const doc = await openApiDocument();

/** Spectral's findings on a document, one line each. */
async function lint(document: unknown): Promise<{ code: string; line: string }[]> {
  const spectral = new Spectral();
  spectral.setRuleset({
    extends: [[spectralRulesets.oas, 'recommended']],
    rules: { 'oas3-parameter-description': 'warn' },
  } as unknown as Parameters<typeof spectral.setRuleset>[0]);
  const severity = ['error', 'warn', 'info', 'hint'];
  const results = await spectral.run(new Document(JSON.stringify(document, null, 2), spectralParsers.Json, '/openapi.json'));
  return results.map((r) => ({ code: String(r.code), line: `${severity[r.severity] ?? r.severity} ${r.code} at ${r.path.join('.')}: ${r.message}` }));
}

test('Spectral (oas ruleset) reports nothing on the generated OpenAPI document', async () => {
  assert.deepEqual((await lint(doc)).map((r) => r.line), []);
});

test('the Spectral check finds what it should (a document with the usual mistakes is not clean)', async () => {
  const broken = structuredClone(doc) as { info: Record<string, unknown>; paths: Record<string, unknown> };
  delete broken.info.contact;
  broken.paths['/broken'] = { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: { 200: {} } } };
  const codes = new Set((await lint(broken)).map((r) => r.code));
  for (const code of ['info-contact', 'operation-description', 'operation-operationId', 'operation-tags', 'oas3-schema', 'oas3-parameter-description']) assert.ok(codes.has(code), `${code} not reported: ${[...codes].join(', ')}`);
});
