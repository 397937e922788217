/**
 * Checks real answers against the service's own OpenAPI document, as a validating
 * proxy would: the status is declared for the operation, the body matches the
 * declared schema of its media type (JSON Schema 2020-12, as OpenAPI 3.1 says,
 * by Ajv), every required header is present, every declared header matches its
 * schema, and none of the headers the HTTP layer adds (rate limit, retry, replay,
 * request id, ETag, Location) is sent where the document does not declare it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export is the function under ESM's interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Headers the HTTP layer sets itself; any of them sent must be declared on that answer. */
export const WATCHED_HEADERS = ['ratelimit', 'ratelimit-policy', 'retry-after', 'idempotent-replayed', 'x-request-id', 'etag', 'location'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One answer as seen on the wire. */
export interface Exchange {
  method: string;
  /** The request's path with its query string. */
  url: string;
  status: number;
  headers: Headers;
  /** The body's text ('' when there is none). */
  body: string;
}

export interface ResponseValidator {
  /** What is wrong with one answer, one line each (empty when it matches the document). */
  check(x: Exchange): string[];
  /** Operations checked so far, as `METHOD /template status`. */
  readonly seen: Set<string>;
}

/** A validator for the answers of the service whose document is `doc`. */
export function responseValidator(doc: Json): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // The document's local references ("#/components/…") made absolute, so a schema taken out of it still finds them.
  const docId = 'urn:aqcast:openapi';
  const absolute = (node: unknown): unknown =>
    Array.isArray(node) ? node.map(absolute)
      : isObject(node) ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${docId}${v}` : absolute(v)]))
        : node;
  ajv.addSchema({ ...(absolute(doc) as Json), $id: docId });
  const compiled = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: Json) => {
    let fn = compiled.get(schema);
    if (!fn) {
      fn = ajv.compile(absolute(schema) as Json);
      compiled.set(schema, fn);
    }
    return fn;
  };
  const resolve = (node: unknown): Json => {
    let n = node;
    for (let i = 0; isObject(n) && typeof n.$ref === 'string' && i < 10; i++) {
      n = n.$ref.slice(2).split('/').reduce<unknown>((o, k) => (isObject(o) ? o[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
    }
    if (!isObject(n)) throw new Error(`dangling reference ${JSON.stringify(node)}`);
    return n;
  };

  const paths = isObject(doc.paths) ? doc.paths : {};
  const routes = Object.keys(paths).map((template) => ({
    template,
    re: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: !template.includes('{'),
  }));
  // A literal path (/renders/batch) wins over a template that also matches it (/renders/{id}).
  routes.sort((a, b) => Number(b.literal) - Number(a.literal));
  const seen = new Set<string>();

  return {
    seen,
    check({ method, url, status, headers, body }) {
      const path = url.split('?')[0]!;
      const m = method.toLowerCase();
      const route = routes.find((r) => r.re.test(path) && isObject(paths[r.template]) && isObject((paths[r.template] as Json)[m]));
      const name = `${method.toUpperCase()} ${route?.template ?? path} ${status}`;
      if (!route) return [`${name}: no such operation in the document`];
      const op = (paths[route.template] as Json)[m] as Json;
      const responses = isObject(op.responses) ? op.responses : {};
      const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => c in responses);
      if (!code) return [`${name}: status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`];
      seen.add(`${method.toUpperCase()} ${route.template} ${status}`);
      const problems: string[] = [];
      const response = resolve(responses[code]);

      // Headers: declared ones present when required and well-formed; watched ones not sent undeclared.
      const declared = new Map(Object.entries(isObject(response.headers) ? response.headers : {}).map(([k, v]) => [k.toLowerCase(), { name: k, header: resolve(v) }]));
      for (const [lower, { name: h, header }] of declared) {
        const value = headers.get(lower);
        if (value === null) {
          if (header.required === true) problems.push(`${name}: required header ${h} missing`);
          continue;
        }
        if (isObject(header.schema)) {
          const schema = header.schema;
          const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
          const validate = validatorOf(schema);
          if (!validate(typed)) problems.push(`${name}: header ${h}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
        }
      }
      for (const h of WATCHED_HEADERS) if (headers.get(h) !== null && !declared.has(h)) problems.push(`${name}: sends ${h} (${JSON.stringify(headers.get(h))}) but does not declare it`);

      // Body: its media type declared, and a JSON body valid against the schema.
      const content = isObject(response.content) ? response.content : {};
      const mediaType = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (body === '' || status === 204 || status === 304 || method.toUpperCase() === 'HEAD') {
        if (body !== '' && status !== 304) problems.push(`${name}: a body where none is expected`);
        return problems;
      }
      const declaredType = Object.keys(content).find((t) => t.toLowerCase() === mediaType) ?? (Object.keys(content).find((t) => t.endsWith('/*') && mediaType.startsWith(t.slice(0, -1))));
      if (!declaredType) {
        problems.push(`${name}: content-type ${mediaType || '(none)'} not declared (declared: ${Object.keys(content).join(', ') || 'none'})`);
        return problems;
      }
      const media = content[declaredType];
      if (!isObject(media) || !isObject(media.schema)) return problems;
      if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          problems.push(`${name}: body is not JSON: ${body.slice(0, 80)}`);
          return problems;
        }
        const validate = validatorOf(media.schema);
        if (!validate(parsed)) {
          const errs = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
          problems.push(`${name}: body does not match: ${errs.join('; ')}`);
        }
      }
      return problems;
    },
  };
}
