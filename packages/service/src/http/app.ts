/**
 * Builds the Fastify app: logging, auth, problem+json errors, validation and
 * the routes of every module. Routes are thin adapters over the services in
 * the AppContext; testable in-process with `app.inject()`.
 */
import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { apiKeyChecker } from '../auth/api-key.js';
import { AppError } from '../errors/catalogue.js';
import { documentObject, documentRoute } from '../docs/openapi.js';
import { docsRoutes } from '../docs/routes.js';
import { fileRoutes } from '../files/routes.js';
import { graphqlRoutes } from '../graphql/routes.js';
import { queueRoutes } from '../queue/routes.js';
import { webhookRoutes } from '../webhooks/routes.js';
import { ingestRoutes } from '../ingest/routes.js';
import { JobSchema, RenderParams } from '../renders/schemas.js';
import { renderRoutes } from '../renders/routes.js';
import { systemRoutes } from '../system/routes.js';
import { TemplateSchema, templateRoutes } from '../templates/routes.js';
import { SERVICE_VERSION } from '../version.js';
import { ProblemSchema } from './common-schemas.js';
import type { AppContext } from './context.js';
import { validatorCompiler } from './validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without the API key. */
    public?: boolean;
  }
}

const FASTIFY_CODE_TO_ERROR: Record<string, AppError['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
};

/** Maps anything thrown in a request to an AppError; unknown errors become a 500 (and are logged). */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const fe = err as FastifyError & { validation?: unknown };
  if (fe && typeof fe === 'object') {
    if (fe.code && FASTIFY_CODE_TO_ERROR[fe.code]) return new AppError(FASTIFY_CODE_TO_ERROR[fe.code]!, fe.message);
    if (fe instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return new AppError('invalid_json', `Request body is not valid JSON: ${fe.message}`);
    if (fe.statusCode === 413) return new AppError('payload_too_large', fe.message);
    if (fe.statusCode === 415) return new AppError('unsupported_media_type', fe.message);
    if (fe.statusCode === 404) return new AppError('not_found', fe.message);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return new AppError('validation_failed', fe.message);
  }
  return null;
}

export interface RouteModule {
  (app: FastifyInstance, ctx: AppContext): Promise<void>;
}

export async function buildApp(ctx: AppContext, extraModules: RouteModule[] = []): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    bodyLimit: ctx.config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // The key travels in a header, never a cookie, so letting pages on other origins
  // call the API (with their own key) exposes nothing; CORS_ORIGINS narrows it.
  const origins = ctx.config.corsOrigins.trim();
  if (origins !== '') {
    await app.register(fastifyCors, {
      origin: origins === '*' ? '*' : origins.split(',').map((o) => o.trim()),
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['X-Api-Key', 'Idempotency-Key', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: ['x-request-id', 'retry-after', 'idempotent-replayed', 'content-range', 'accept-ranges'],
      maxAge: 600,
    });
  }

  app.addSchema(ProblemSchema);
  app.addSchema(JobSchema);
  app.addSchema(RenderParams);
  app.addSchema(TemplateSchema);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'aqcast API',
        version: SERVICE_VERSION,
        description: 'Turn air-quality data into short report videos. Every route except the public ones needs the `X-Api-Key` header. Errors are RFC 9457 problem+json.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: ctx.publicBaseUrl() }],
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: documentRoute,
    transformObject: documentObject,
  });

  // Auth: every route not marked public needs the key (compared in constant time).
  const apiKeyMatches = apiKeyChecker(ctx.apiKey);
  app.addHook('onRequest', async (req) => {
    // CORS preflights carry no credentials by design; @fastify/cors answers them.
    if (req.routeOptions.config.public || req.method === 'OPTIONS') return;
    const presented = req.headers['x-api-key'];
    if (!apiKeyMatches(typeof presented === 'string' ? presented : undefined)) {
      throw new AppError('unauthorized', presented ? 'The X-Api-Key header does not match the configured API key' : 'Send the API key in the X-Api-Key header');
    }
  });

  app.setErrorHandler(async (err, req, reply) => {
    const appErr = toAppError(err);
    if (!appErr) {
      req.log.error({ err }, 'unhandled error');
      const internal = new AppError('internal_error', 'An unexpected error occurred; the request id identifies it in the logs');
      return reply.code(500).type('application/problem+json').send({ ...internal.toProblem(req.url), requestId: req.id });
    }
    if (appErr.status >= 500) req.log.error({ err }, appErr.detail);
    return reply.code(appErr.status).type('application/problem+json').send({ ...appErr.toProblem(req.url.split('?')[0]), requestId: req.id });
  });
  app.setNotFoundHandler(async (req, reply) => {
    const e = new AppError('not_found', `No route ${req.method} ${req.url.split('?')[0]}`);
    return reply.code(404).type('application/problem+json').send({ ...e.toProblem(), requestId: req.id });
  });

  await systemRoutes(app, ctx);
  await renderRoutes(app, ctx);
  await templateRoutes(app);
  await fileRoutes(app, ctx);
  await queueRoutes(app, ctx);
  await webhookRoutes(app, ctx);
  await ingestRoutes(app, ctx);
  await graphqlRoutes(app, ctx);
  await docsRoutes(app, ctx);
  for (const mod of extraModules) await mod(app, ctx);
  return app;
}
