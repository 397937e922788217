/**
 * How the OpenAPI document says what the HTTP layer does. The route schemas
 * stay the single source; these two @fastify/swagger hooks add what the spine
 * (auth, validation, idempotency, rate limits, faults) does for every route,
 * so no route has to repeat it, and a client generated from the document
 * knows every status and header it can get:
 *
 * - public routes (`config.public`) need no key: `security: []`, unless the
 *   route names a security scheme of its own (the inbound trigger's secret);
 * - the statuses the spine can answer with, each as RFC 9457
 *   `application/problem+json`: 400 (validation, malformed URLs), 401 and
 *   403 (key, scope, CSRF), 409 (Idempotency-Key), 413 and 415 (request
 *   bodies), 429 (a key's rate limit), 500, 503 (database or storage
 *   unavailable) and 507 (disk full);
 * - the headers it sends: X-Request-Id on every answer, RateLimit and
 *   RateLimit-Policy on keyed routes, Retry-After on 429/503/507,
 *   Idempotent-Replayed on replayable successes, ETag where a route declares
 *   it (`config.responseHeaders`);
 * - a description on every operation and every response;
 * - operations get an operationId (method + path) unless they set one;
 * - the tags used by operations are declared, with descriptions.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { RESPONSE_HEADERS, SECURITY_SCHEMES } from '../../core/http/spine.js';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** Descriptions of the tags that are not modules (modules describe their own). */
export const APP_TAGS: Record<string, string> = {
  graphql: 'GraphQL endpoint, schema and explorer',
  docs: 'This document and the interactive explorers',
};

/** What each status means when the spine sends it (a route may describe its own). */
const SPINE_STATUSES: Record<string, string> = {
  '400': 'Invalid request (problem+json listing each bad field)',
  '401': 'Missing or invalid X-Api-Key',
  '403': 'The key lacks the scope this operation needs, or a dashboard session sent no valid CSRF token',
  '409': 'Conflict: the Idempotency-Key was used for a different request, or its first request is still running',
  '413': 'The request body is larger than BODY_LIMIT_BYTES',
  '415': 'The request body\'s Content-Type is not one this operation reads',
  '429': 'The key\'s rate limit is used up; retry after Retry-After',
  '500': 'An unexpected error; the requestId in the body identifies it in the logs',
  '503': 'The database or file storage is unavailable; retry after Retry-After',
  '507': 'The service is out of disk space; retry after Retry-After',
};

/** Descriptions of successful answers that describe nothing themselves. */
const SUCCESS_STATUSES: Record<string, string> = {
  '200': 'The answer',
  '201': 'Created',
  '202': 'Accepted: the work goes on in the background',
  '204': 'Done; no body',
  '206': 'The requested byte range',
  '302': 'Found elsewhere (Location)',
  '304': 'Not modified since the ETag in If-None-Match',
};

/** What `documentRoute` learns from a route, carried to `documentObject` on its operation. */
interface RouteFacts {
  /** No API key: public, or its own security scheme. */
  keyless: boolean;
  scope: string | null;
  mutating: boolean;
  /** Takes an Idempotency-Key (and can replay). */
  idempotent: boolean;
  headers: readonly string[];
}
const FACTS = 'x-aqcast-route';

type Schema = Record<string, unknown>;

function isRecord(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isFacts(v: unknown): v is RouteFacts {
  return isRecord(v) && typeof v.keyless === 'boolean' && typeof v.mutating === 'boolean' && typeof v.idempotent === 'boolean' && Array.isArray(v.headers);
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function isProblemRef(s: unknown): s is Schema {
  return isRecord(s) && typeof s.$ref === 'string' && /^Problem(#.*)?$/.test(s.$ref);
}

function problemResponse(description: string, schema: Schema = { $ref: 'Problem' }): Schema {
  const { description: _d, ...ref } = schema;
  return { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: ref } } };
}

function operationId(method: string, url: string): string {
  const words = [method.toLowerCase()];
  for (const seg of url.split('/').filter(Boolean)) {
    const param = seg.startsWith(':') || seg.startsWith('{');
    const parts = seg.replace(/^[:{]|}$/g, '').split(/[^A-Za-z0-9]+/).filter(Boolean);
    const pascal = parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
    words.push(param ? `By${pascal}` : pascal);
  }
  return words.join('');
}

const IDEMPOTENCY_HEADER = {
  type: 'string',
  maxLength: 255,
  description: 'Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409.',
};

/** `transform` for @fastify/swagger: per route, before the operation is built. */
export const documentRoute: SwaggerTransform = ({ schema, url, route }) => {
  if (!isRecord(schema) || schema.hide) return { schema, url };
  const s: Schema = { ...schema };
  const ownSecurity = Array.isArray(s.security) && s.security.length > 0;
  const isPublic = route.config?.public === true;
  if (isPublic && !ownSecurity) s.security = [];
  const methods = [route.method].flat();
  const mutating = methods.some((m) => MUTATING.has(m));
  const idempotent = mutating && (route.config?.idempotency ?? 'auto') !== 'off';
  if (!isPublic && idempotent) {
    const headers = isRecord(s.headers) ? s.headers : { type: 'object', properties: {} };
    s.headers = { ...headers, properties: { ...(isRecord(headers.properties) ? headers.properties : {}), 'idempotency-key': IDEMPOTENCY_HEADER } };
  }

  const response: Schema = { ...(isRecord(s.response) ? s.response : { 200: { type: 'null', description: SUCCESS_STATUSES['200'] } }) };
  for (const [code, value] of Object.entries(response)) {
    if (isProblemRef(value)) response[code] = problemResponse(typeof value.description === 'string' ? value.description : (SPINE_STATUSES[code] ?? 'Problem'), value);
    else if (isRecord(value) && typeof value.description !== 'string' && typeof value.$ref !== 'string') response[code] = { ...value, description: SUCCESS_STATUSES[code] ?? 'The answer' };
  }
  s.response = response;
  const facts: RouteFacts = {
    keyless: isPublic,
    scope: typeof route.config?.scope === 'string' ? route.config.scope : null,
    mutating,
    idempotent,
    headers: route.config?.responseHeaders ?? [],
  };
  s[FACTS] = facts;
  return { schema: s, url };
};

/** The headers the spine sends with an answer of this status. */
function spineHeaders(status: number, keyless: boolean): string[] {
  const names = ['X-Request-Id'];
  // A key's rate limit is counted after its scope is checked: 401 and 403 come before it.
  if (!keyless && status !== 401 && status !== 403) names.push('RateLimit', 'RateLimit-Policy');
  if (status === 429 || status === 503 || status === 507) names.push('Retry-After');
  return names;
}

function spineResponseName(code: string, keyless: boolean): string {
  return `Spine${code}${keyless ? 'Keyless' : ''}`;
}

/** `components.responses`: the spine's problem answers, referenced by the operations that can get them. */
function spineResponses(): Schema {
  const out: Schema = {};
  for (const [code, description] of Object.entries(SPINE_STATUSES)) {
    for (const keyless of [false, true]) {
      out[spineResponseName(code, keyless)] = { ...problemResponse(description, { $ref: '#/components/schemas/Problem' }), headers: headerRefs(spineHeaders(Number(code), keyless)) };
    }
  }
  return out;
}

function headerRefs(names: readonly string[]): Schema {
  return Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
}

function accessSentence(facts: RouteFacts, security: unknown): string {
  if (Array.isArray(security) && security.length > 0 && facts.keyless) return 'Authenticated by its own secret (see security), not by an API key.';
  if (facts.keyless) return 'Public: no API key needed.';
  const idem = facts.idempotent ? ' Send an Idempotency-Key header to make a retry safe.' : '';
  if (!facts.scope || facts.scope === 'any') return `Any valid API key (or dashboard session).${idem}`;
  return `Needs an API key with the \`${facts.scope}\` scope (or \`admin\`).${idem}`;
}

/** Adds the spine's statuses, headers and descriptions to one operation. */
function documentOperation(op: Schema): Schema {
  const facts = op[FACTS];
  const { [FACTS]: _facts, ...rest } = op;
  if (!isFacts(facts)) return rest;
  const responses: Schema = isRecord(rest.responses) ? { ...rest.responses } : {};
  const declared = (code: string) => Object.keys(responses).some((k) => k.toUpperCase() === code || k.toUpperCase() === `${code[0]}XX`);
  const spine: string[] = ['400', '500', '503'];
  if (!facts.keyless) spine.push('401', '429');
  if (!facts.keyless && (facts.mutating || facts.scope !== 'any')) spine.push('403');
  if (facts.idempotent) spine.push('409');
  if (facts.mutating) spine.push('413', '415', '507');
  // The spine's own answers are shared components (one for keyed routes, one for keyless ones), not copies per operation.
  for (const code of spine) if (!declared(code)) responses[code] = { $ref: `#/components/responses/${spineResponseName(code, facts.keyless)}` };

  for (const [code, value] of Object.entries(responses)) {
    if (!isRecord(value) || typeof value.$ref === 'string') continue;
    const names = spineHeaders(Number(code), facts.keyless);
    if (Number(code) >= 200 && Number(code) < 300 && facts.idempotent) names.push('Idempotent-Replayed');
    if (Number(code) >= 200 && Number(code) < 400) names.push(...facts.headers);
    const description = typeof value.description === 'string' && value.description !== 'Default Response' ? value.description : (SUCCESS_STATUSES[code] ?? SPINE_STATUSES[code] ?? 'The answer');
    responses[code] = { ...value, description, headers: { ...(isRecord(value.headers) ? value.headers : {}), ...headerRefs(names) } };
  }
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  const summary = typeof rest.summary === 'string' ? rest.summary : '';
  const given = typeof rest.description === 'string' ? rest.description : `${summary.charAt(0).toUpperCase()}${summary.slice(1)}.`;
  return { ...rest, description: `${given} ${accessSentence(facts, rest.security)}`, responses: sorted };
}

/** `transformObject` for @fastify/swagger: on the whole document, once it is built. */
export const documentObject = (tagDescriptions: Record<string, string>): SwaggerTransformObject => (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const doc = documentObject.openapiObject;
  const paths: Record<string, Schema> = {};
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isRecord(item)) continue;
    const out: Schema = { ...item };
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isRecord(op)) continue;
      if (Array.isArray(op.tags)) for (const t of op.tags) if (typeof t === 'string') used.add(t);
      // operationIds here rather than per route: a route serving GET and HEAD shares one schema, so HEAD gets its own id.
      const given = typeof op.operationId === 'string' ? op.operationId : null;
      const id = given ? (method === 'head' ? `${given}Head` : given) : operationId(method, path);
      out[method] = { ...documentOperation(op), operationId: id };
    }
    paths[path] = out;
  }
  const tags = [...(doc.tags ?? [])];
  for (const name of used) if (!tags.some((t) => t.name === name)) tags.push({ name, description: tagDescriptions[name] ?? APP_TAGS[name] ?? `${name.charAt(0).toUpperCase()}${name.slice(1)} operations` });
  // Only the spine answers some operation refers to (Spectral reports unused components).
  const referenced = JSON.stringify(paths);
  const responses = Object.fromEntries(Object.entries(spineResponses()).filter(([name]) => referenced.includes(`"#/components/responses/${name}"`)));
  const components = {
    ...doc.components,
    securitySchemes: { ...doc.components?.securitySchemes, ...SECURITY_SCHEMES },
    headers: { ...doc.components?.headers, ...RESPONSE_HEADERS },
    responses: { ...doc.components?.responses, ...responses },
  };
  return { ...doc, paths, components, tags };
};

/** The document with `servers` set to this service's public base URL (never the request's Host header). */
export function documentWithServer<T extends object>(doc: T, publicBaseUrl: string): T {
  return { ...doc, servers: [{ url: publicBaseUrl.replace(/\/$/, ''), description: 'This aqcast service' }] };
}
