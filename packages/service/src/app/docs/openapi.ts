/**
 * How the OpenAPI document says what the HTTP layer does. The route schemas
 * stay the single source; these two @fastify/swagger hooks only add what the
 * spine guarantees for every route, so no route has to repeat it:
 *
 * - public routes (`config.public`) need no key: `security: []`;
 * - every other route can answer 401 (the auth hook), and every route with a
 *   body, query, params or headers schema can answer 400 (the validator);
 * - error responses are RFC 9457 `application/problem+json`, not JSON;
 * - operations get an operationId (method + path) unless they set one;
 * - the tags used by operations are declared, with descriptions.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** Descriptions of the tags that are not modules (modules describe their own). */
export const APP_TAGS: Record<string, string> = {
  graphql: 'GraphQL endpoint, schema and explorer',
  docs: 'This document and the interactive explorers',
};

const STATUS_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid request (problem+json listing each bad field)',
  '401': 'Missing or invalid X-Api-Key',
};

type Schema = Record<string, unknown>;

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function isProblemRef(s: unknown): boolean {
  return !!s && typeof s === 'object' && typeof (s as Schema).$ref === 'string' && /^Problem(#.*)?$/.test((s as Schema).$ref as string);
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
    const pascal = parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
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
  if (!schema || (schema as Schema).hide) return { schema, url };
  const s = { ...(schema as Schema) };
  const isPublic = route.config?.public === true;
  if (isPublic) s.security = [];
  const methods = ([] as string[]).concat(route.method as string | string[]);
  if (!isPublic && methods.some((m) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(m)) && route.config?.idempotency !== 'off') {
    const headers = (s.headers as Schema | undefined) ?? { type: 'object', properties: {} };
    s.headers = { ...headers, properties: { ...((headers.properties as Schema | undefined) ?? {}), 'idempotency-key': IDEMPOTENCY_HEADER } };
  }

  // Without a response schema @fastify/swagger documents a bare 200; keep that when adding error responses.
  const response: Schema = { ...((s.response as Schema | undefined) ?? { 200: { type: 'null', description: 'Default Response' } }) };
  const declared = (code: string) => Object.keys(response).some((k) => k.toUpperCase() === code || (k.toUpperCase() === `${code[0]}XX`));
  if (!isPublic && !declared('401')) response['401'] = { $ref: 'Problem', description: STATUS_DESCRIPTIONS['401'] };
  if ((s.body || s.querystring || s.params || s.headers) && !declared('400')) response['400'] = { $ref: 'Problem', description: STATUS_DESCRIPTIONS['400'] };
  for (const [code, value] of Object.entries(response)) {
    if (isProblemRef(value)) response[code] = problemResponse(((value as Schema).description as string | undefined) ?? STATUS_DESCRIPTIONS[code] ?? 'Problem', value as Schema);
  }
  if (Object.keys(response).length > 0) s.response = response;

  return { schema: s, url };
};

/** `transformObject` for @fastify/swagger: on the whole document, once it is built. */
export const documentObject = (tagDescriptions: Record<string, string>): SwaggerTransformObject => (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const doc = documentObject.openapiObject as { paths?: Record<string, Record<string, { tags?: unknown } | undefined>>; tags?: { name: string; description?: string }[] };
  const used = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && Array.isArray(op.tags)) for (const t of op.tags) if (typeof t === 'string') used.add(t);
    }
  }
  // operationIds here rather than per route: a route serving GET and HEAD shares one schema for both.
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !op || typeof op !== 'object') continue;
      const given = (op as { operationId?: string }).operationId;
      // A route serving GET and HEAD shares one schema: the HEAD operation gets its own id.
      const id = given ? (method === 'head' ? `${given}Head` : given) : operationId(method, path);
      item[method] = { ...op, operationId: id } as typeof op;
    }
  }
  const tags = [...(doc.tags ?? [])];
  for (const name of used) if (!tags.some((t) => t.name === name)) tags.push({ name, description: tagDescriptions[name] ?? APP_TAGS[name] ?? `${name[0]!.toUpperCase()}${name.slice(1)} operations` });
  return { ...documentObject.openapiObject, tags };
};

/** The document with `servers` set to this service's public base URL (never the request's Host header). */
export function documentWithServer<T extends object>(doc: T, publicBaseUrl: string): T {
  return { ...doc, servers: [{ url: publicBaseUrl.replace(/\/$/, ''), description: 'This aqcast service' }] };
}
