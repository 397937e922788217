/**
 * Builds the Fastify app from the list of modules: logging, auth,
 * problem+json errors for everything (framework and parser errors included),
 * validation with the contract's schemas, idempotency, CORS, OpenAPI, each
 * module's routes, GraphQL and the explorers. Testable in-process with
 * `app.inject()`.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifySchemaCompiler } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ANY_SCOPE, defaultScope, hasScope, type Principal, type RateDecision } from '../core/auth.js';
import { AppError, CORE_ERRORS, validationError, type ErrorDefinition } from '../core/errors.js';
import { faultError } from '../core/faults.js';
import { corsResponseHeaders, registerCorsPreflight } from '../core/http/cors.js';
import { registerIdempotency } from '../core/http/idempotency.js';
import { isMultipartBody, ProblemSchema } from '../core/http/schemas.js';
import type { Http, ModuleDefinition, ModuleDeps, Services } from '../core/module.js';
import { SERVICE_VERSION } from '../core/version.js';
import { compilable, schemaErrors, storableErrors } from '../core/validation.js';
import { SECURITY_SCHEMES, sessionToken } from '../core/http/spine.js';
import { documentObject, documentRoute } from './docs/openapi.js';
import { registerJsonParser } from './json-body.js';
import { docsRoutes } from './docs/routes.js';
import { graphqlError } from './graphql/errors.js';
import { graphqlRoutes } from './graphql/routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without the API key. */
    public?: boolean;
    /** The scope a caller needs (default: `<module>:read` for GET/HEAD, `<module>:write` otherwise; `any` for every valid key). */
    scope?: string;
    /** Auth failures (401, 403, 429) answered as a GraphQL response (`errors[]` with `extensions.code`), the HTTP status kept. */
    graphqlErrors?: boolean;
  }
  interface FastifyRequest {
    /** The authenticated caller (null on public routes). */
    principal: Principal | null;
  }
}

const FASTIFY_ERRORS: Record<string, ErrorDefinition> = {
  FST_ERR_CTP_BODY_TOO_LARGE: CORE_ERRORS.payload_too_large,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: CORE_ERRORS.unsupported_media_type,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: CORE_ERRORS.validation_failed,
  FST_ERR_CTP_EMPTY_JSON_BODY: CORE_ERRORS.invalid_json,
  FST_ERR_CTP_INVALID_JSON_BODY: CORE_ERRORS.invalid_json,
  FST_ERR_BAD_URL: CORE_ERRORS.validation_failed,
  FST_ERR_MAX_PARAM_LENGTH: CORE_ERRORS.uri_too_long,
  FST_ERR_ASYNC_CONSTRAINT: CORE_ERRORS.validation_failed,
};

const STATUS_ERRORS: Record<number, ErrorDefinition> = {
  400: CORE_ERRORS.validation_failed,
  404: CORE_ERRORS.not_found,
  405: CORE_ERRORS.method_not_allowed,
  413: CORE_ERRORS.payload_too_large,
  414: CORE_ERRORS.uri_too_long,
  415: CORE_ERRORS.unsupported_media_type,
  416: CORE_ERRORS.range_not_satisfiable,
  431: CORE_ERRORS.headers_too_large,
};

/** The 415 detail: what was sent, and that JSON bodies need their Content-Type. */
function mediaTypeHint(contentType: string | undefined): string {
  const sent = contentType ? `Content-Type "${contentType.slice(0, 100)}" is not accepted here` : 'The body was sent without a Content-Type';
  return `${sent}; send JSON with "Content-Type: application/json" (uploads: multipart/form-data)`;
}

/** Maps anything thrown in a request to an AppError; unknown errors become null (a logged 500). */
export function toAppError(err: unknown, contentType?: string): AppError | null {
  if (err instanceof AppError) return err;
  // The database, object storage or disk failing: 503/507 with Retry-After, never a 500.
  const fault = faultError(err);
  if (fault) return fault;
  if (!(err instanceof Error)) return null;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  const statusCode = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : undefined;
  const byCode = code ? FASTIFY_ERRORS[code] : undefined;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError(CORE_ERRORS.unsupported_media_type, mediaTypeHint(contentType));
  if (byCode) return new AppError(byCode, code === 'FST_ERR_BAD_URL' ? 'The URL is not valid (bad percent-encoding?)' : err.message);
  if (err instanceof SyntaxError) return new AppError(CORE_ERRORS.invalid_json, `Request body is not valid JSON: ${err.message}`);
  const byStatus = statusCode ? STATUS_ERRORS[statusCode] : undefined;
  if (byStatus) return new AppError(byStatus, err.message);
  if (statusCode && statusCode >= 400 && statusCode < 500) return new AppError(CORE_ERRORS.validation_failed, err.message);
  return null;
}

/** A problem+json written straight to the socket, for errors Node's HTTP parser raises before Fastify sees a request. */
function rawProblem(socket: Socket, status: number, def: ErrorDefinition, detail: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(new AppError(def, detail).toProblem());
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' }[status] ?? 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // ECONNRESET and friends: the client is gone, there is nobody to answer.
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  if (err.code === 'HPE_HEADER_OVERFLOW') return rawProblem(socket, 431, CORE_ERRORS.headers_too_large, 'The request headers are too large');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawProblem(socket, 408, CORE_ERRORS.request_timeout, 'The request took too long to arrive');
  if (err.code === 'HPE_URI_TOO_LONG' || /URI|url/i.test(err.message)) return rawProblem(socket, 414, CORE_ERRORS.uri_too_long, 'The request URI is too long');
  rawProblem(socket, 400, CORE_ERRORS.validation_failed, `The HTTP request is malformed (${err.code ?? 'parse error'})`);
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Statuses a GraphQL endpoint answers in GraphQL's shape, so GraphQL clients read the reason (see `graphqlErrors`). */
const GRAPHQL_SHAPED = new Set([401, 403, 429]);

/** `:id` route patterns as regular expressions, to tell a wrong method (405) from a missing path (404). */
function patternRegex(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

export interface AppOptions {
  modules: readonly ModuleDefinition<unknown>[];
  deps: ModuleDeps;
  services: Services;
  /** Each module's service by module name (what `services` holds, for code that knows a module only by its definition). */
  instances: ReadonlyMap<string, unknown>;
}

/** `RateLimit` and `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers) for a key with a limit. */
function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return { 'ratelimit-policy': `"per-key";q=${d.limit};w=60`, ratelimit: `"per-key";r=${d.remaining};t=${d.resetSeconds}` };
}

export async function buildApp(opts: AppOptions): Promise<Http> {
  const { deps, modules } = opts;
  const app = Fastify({
    // pino's Logger is what Fastify logs through; its type names more than FastifyBaseLogger, which Http is declared with.
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    routerOptions: { maxParamLength: 200 },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: onClientError,
    // Errors the router raises before any hook runs (bad percent-encoding, an over-long path segment).
    frameworkErrors: (err, req, reply) => {
      const e = toAppError(err) ?? new AppError(CORE_ERRORS.validation_failed, err.message);
      // The router hands over the reply untyped by any route (its generic reply type takes no status code).
      void (reply as FastifyReply).code(e.status).header('x-request-id', req.id).type('application/problem+json').send({ ...e.toProblem(), requestId: req.id });
    },
    // Node refuses header blocks above this with 431 (handled above).
    http: { maxHeaderSize: 16 * 1024 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const shared: TSchema[] = [ProblemSchema];
  for (const mod of modules) shared.push(...(mod.schemas ?? []));
  // Response-only schemas use JSON-Schema forms TypeBox cannot compile (type arrays for speed); requests may $ref the rest.
  const references = shared.filter(compilable);
  const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
    // A multipart form is read and checked by its route (see multipartBody).
    if (httpPart === 'body' && isMultipartBody(schema)) return (data) => ({ value: data });
    const coerce = httpPart !== 'body';
    return (data: unknown) => {
      const errors = schemaErrors(schema, data, '', references);
      if (errors.length === 0) return { value: data };
      // Query strings and params arrive as strings: coerce ("10" → 10) and check again.
      if (coerce) {
        const converted = Value.Convert(schema, data);
        if (schemaErrors(schema, converted, '', references).length === 0) return { value: converted };
      }
      return { error: validationError(errors) };
    };
  };
  app.setValidatorCompiler(validatorCompiler);
  registerJsonParser(app, deps.config.jsonMaxDepth);
  // Hooks on every request are callback-style: an async hook costs a promise and a microtask turn per request.
  // One line per answered request at the operator's level (Fastify's own two lines, "incoming" and "completed", are off).
  const requestLog = deps.config.requestLogLevel;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    deps.metrics.httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (requestLog !== 'silent' && deps.logger.isLevelEnabled(requestLog)) {
      req.log[requestLog]({ method: req.method, url: req.url, route, statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    }
    done();
  });

  // Every string must be storable on both stores and every JSON bounded in depth, on every route, before its schema.
  app.addHook('preValidation', (req, _reply, done) => {
    const errors = [
      ...storableErrors(req.params, '', 4),
      ...storableErrors(req.query, '', 4),
      ...(req.body !== undefined && !Buffer.isBuffer(req.body) && typeof req.body !== 'string' ? storableErrors(req.body, '', deps.config.jsonMaxDepth) : []),
    ];
    done(errors.length ? validationError(errors) : undefined);
  });

  // The key travels in a header, never a cookie, so letting pages on other origins
  // call the API (with their own key) exposes nothing; CORS_ORIGINS narrows it.
  const corsOrigins = deps.config.corsOrigins;
  const corsHeaders = corsOrigins.length > 0 ? corsResponseHeaders(corsOrigins) : null;

  for (const s of shared) app.addSchema(s);
  // Only the dashboard's session uses a cookie: it is parsed where it is read (sessionToken), not on every request.
  await app.register(fastifyCookie, { hook: false });

  const tagDescriptions = Object.fromEntries(modules.map((m) => [m.name, m.description]));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'aqcast API',
        version: SERVICE_VERSION,
        description: 'Turn air-quality data into short report videos. Every route except the public ones needs the `X-Api-Key` header. Errors are RFC 9457 problem+json.',
        license: { name: 'MIT', identifier: 'MIT' },
        contact: { name: 'The operators of this aqcast service (see servers)' },
      },
      servers: [{ url: deps.publicBaseUrl() }],
      components: { securitySchemes: SECURITY_SCHEMES },
      // Either credential: a key (what clients send) or the dashboard's session cookie (what the browser holds).
      security: [{ apiKey: [] }, { dashboardSession: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: documentRoute,
    transformObject: documentObject(tagDescriptions),
  });

  // Auth: every route not marked public needs a key (the master key, compared in constant time, or a scoped key
  // with the route's scope), and keys with a rate limit are counted.
  app.decorateRequest('principal', null);
  const authorize = async (req: FastifyRequest, reply: FastifyReply, presented: string | string[] | undefined): Promise<void> => {
    let principal: Principal | null = null;
    const sessionCookie = presented === undefined ? sessionToken(req) : undefined;
    if (sessionCookie) {
      // A dashboard session: the browser holds a cookie, never the key; mutations must echo the session's CSRF token.
      const session = await deps.auth.authenticateSession(sessionCookie);
      if (session) {
        const sent = req.headers['x-csrf-token'];
        if (MUTATING.has(req.method) && !(typeof sent === 'string' && sent.length === session.csrfToken.length && timingSafeEqual(Buffer.from(sent), Buffer.from(session.csrfToken)))) {
          throw new AppError(CORE_ERRORS.csrf_failed, 'Send the session\'s CSRF token in the X-CSRF-Token header with every change');
        }
        principal = session.principal;
      }
    } else {
      principal = await deps.auth.authenticate(typeof presented === 'string' ? presented : undefined);
    }
    if (!principal) {
      throw new AppError(CORE_ERRORS.unauthorized, presented ? 'The X-Api-Key header is not a valid API key (unknown, revoked or expired)' : 'Send the API key in the X-Api-Key header');
    }
    req.principal = principal;
    const scope = req.routeOptions.config.scope ?? ANY_SCOPE;
    if (!hasScope(principal, scope)) {
      throw new AppError(CORE_ERRORS.insufficient_scope, `This key lacks the scope "${scope}" that ${req.method} ${req.routeOptions.url} needs`, { requiredScope: scope });
    }
    const decision = await deps.auth.consume(principal);
    if (decision) {
      reply.headers(rateLimitHeaders(decision));
      if (!decision.allowed) {
        throw new AppError(CORE_ERRORS.rate_limited, `This key allows ${decision.limit} requests a minute; retry in ${decision.resetSeconds} s`, { retryAfterSeconds: decision.resetSeconds });
      }
    }
  };
  // The one hook every request runs first (one hook, not one per concern: each costs a turn of Fastify's hook runner).
  // Headers set here stay on every answer, errors and 404s included. Callback-style: the master key (no scope to
  // check, no rate limit) passes without a promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    // CORS preflights carry no credentials by design; @fastify/cors answers them.
    if (req.method === 'OPTIONS') return done();
    if (corsHeaders) reply.headers(corsHeaders(req.headers.origin));
    if (req.routeOptions.config.public) return done();
    const presented = req.headers['x-api-key'];
    const master = typeof presented === 'string' && presented.length > 0 && presented.length <= 512 ? deps.auth.master(presented) : null;
    if (master) {
      req.principal = master;
      return done();
    }
    authorize(req, reply, presented).then(
      () => done(),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });

  // After the hook above, so the preflight route's answers carry the request id too.
  if (corsOrigins.length > 0) await registerCorsPreflight(app, corsOrigins);
  registerIdempotency(app, deps.idempotency);

  app.setErrorHandler(async (err, req, reply) => {
    const appErr = toAppError(err, req.headers['content-type']);
    const instance = req.url.split('?')[0];
    if (!appErr) {
      req.log.error({ err }, 'unhandled error');
      const internal = new AppError(CORE_ERRORS.internal_error, 'An unexpected error occurred; the request id identifies it in the logs');
      return reply.code(500).type('application/problem+json').send({ ...internal.toProblem(instance), requestId: req.id });
    }
    if (appErr.status >= 500) req.log[appErr.status === 500 ? 'error' : 'warn']({ err: appErr.status === 500 ? err : String(err) }, appErr.detail);
    const retryAfter = appErr.extra.retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    if (req.routeOptions.config.graphqlErrors && GRAPHQL_SHAPED.has(appErr.status)) {
      return reply.code(appErr.status).type('application/json; charset=utf-8').send({ errors: [graphqlError(appErr, req.id)] });
    }
    return reply.code(appErr.status).type('application/problem+json').send({ ...appErr.toProblem(instance), requestId: req.id });
  });

  const routeTable: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, pattern: patternRegex(route.url) });
  });
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const allowed = [...new Set(routeTable.filter((r) => r.method !== req.method && r.pattern.test(path)).map((r) => r.method))];
    const e = allowed.length
      ? new AppError(CORE_ERRORS.method_not_allowed, `${req.method} is not allowed on ${path}; use ${allowed.join(', ')}`)
      : new AppError(CORE_ERRORS.not_found, `No route ${req.method} ${path}`);
    if (allowed.length) reply.header('allow', allowed.join(', '));
    return reply.code(e.status).type('application/problem+json').send({ ...e.toProblem(), requestId: req.id });
  });

  for (const mod of modules) {
    if (!mod.routes) continue;
    const service = opts.instances.get(mod.name);
    // Each module in its own scope: its plugins (multipart, …) stay its own, and its routes get its default scopes.
    await app.register(async (instance) => {
      instance.addHook('onRoute', (route) => {
        if (route.config?.public) return;
        const methods = [route.method].flat();
        const scope = route.config?.scope ?? defaultScope(mod.name, methods.some((m) => m !== 'GET' && m !== 'HEAD'));
        deps.auth.declareScope(scope);
        route.config = { ...route.config, scope };
      });
      await mod.routes!(instance.withTypeProvider<TypeBoxTypeProvider>(), service, deps);
    });
  }
  await graphqlRoutes(app, modules, { services: opts.services, idempotency: deps.idempotency });
  await docsRoutes(app, deps.publicBaseUrl);
  return app;
}
