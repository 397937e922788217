/** Contexts over REST: thin adapters over {@link ContextService}; ETag on every answer that carries a context. */
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { inTransaction } from '../../core/http/idempotency.js';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import { JobSchema } from '../queue/index.js';
import {
  ContextHistorySchema,
  ContextListQuerySchema,
  ContextPageSchema,
  ContextRenderBodySchema,
  ContextSchema,
  CreateContextBodySchema,
  IfMatchHeadersSchema,
  PatchContextBodySchema,
  TagParamsSchema,
  TagsBodySchema,
  type ContextView,
} from './contract.js';
import { etagOf } from '../../core/etag.js';
import type { ContextService } from './service.js';

function withEtag(reply: FastifyReply, context: ContextView): ContextView {
  reply.header('etag', etagOf(context.version));
  return context;
}

/** The answers that carry a context (or its source) send its ETag. */
const ETAG = ['ETag'] as const;

export function contextRoutes(app: Http, contexts: ContextService, deps: ModuleDeps): void {
  const tags = ['contexts'];
  const ref = Type.Ref(ContextSchema);

  app.get('/contexts', { schema: { operationId: 'listContexts', tags, summary: 'List contexts, newest first (filters: location, tag, source, since, until, q)', querystring: ContextListQuerySchema, response: { 200: ContextPageSchema, ...problems(400, 401) } } }, (req) =>
    contexts.list(req.query),
  );

  app.post(
    '/contexts',
    { config: { responseHeaders: [...ETAG, 'Location'] }, schema: { operationId: 'createContext', tags, summary: 'Store values entered by hand (validated like render parameters)', body: CreateContextBodySchema, response: { 201: ref, ...problems(400, 401, 409) } } },
    async (req, reply) => {
      const context = await inTransaction(req, deps.store, 201, (trx) => contexts.create(req.body, trx));
      reply.header('location', `/contexts/${context.contextId}`);
      return reply.code(201).send(withEtag(reply, context));
    },
  );

  app.get('/contexts/:id', { config: { responseHeaders: ETAG }, schema: { operationId: 'getContext', tags, summary: 'One context, with its ETag', params: IdParamsSchema, response: { 200: ref, ...problems(401, 404) } } }, async (req, reply) =>
    withEtag(reply, await contexts.get(req.params.id)),
  );

  app.patch(
    '/contexts/:id',
    {
      config: { responseHeaders: ETAG },
      schema: {
        operationId: 'updateContext', tags, summary: 'Change values, location or date (null removes a value); If-Match refuses a stale edit with 412', params: IdParamsSchema, headers: IfMatchHeadersSchema, body: PatchContextBodySchema,
        response: { 200: ref, ...problems(400, 401, 404, 409, 412) },
      },
    },
    async (req, reply) => withEtag(reply, await inTransaction(req, deps.store, 200, (trx) => contexts.update(req.params.id, req.body, req.headers['if-match'], trx))),
  );

  app.delete(
    '/contexts/:id',
    { schema: { operationId: 'deleteContext', tags, summary: 'Delete a context with its tags and history (renders made from it keep their parameters)', params: IdParamsSchema, headers: IfMatchHeadersSchema, response: { 204: Type.Null(), ...problems(401, 404, 409, 412) } } },
    async (req, reply) => {
      await contexts.remove(req.params.id, req.headers['if-match']);
      return reply.code(204).send(null);
    },
  );

  app.get('/contexts/:id/history', { schema: { operationId: 'getContextHistory', tags, summary: 'The edits made to a context, oldest first', params: IdParamsSchema, response: { 200: ContextHistorySchema, ...problems(401, 404) } } }, (req) =>
    contexts.history(req.params.id),
  );

  app.get(
    '/contexts/:id/source',
    {
      config: { responseHeaders: ETAG },
      schema: {
        operationId: 'getContextSource', tags, summary: 'The uploaded original the values were read from (kept CONTEXT_SOURCE_RETENTION_DAYS)', params: IdParamsSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
        response: { 200: Type.String({ format: 'binary', description: 'The file as uploaded (PDF or image)' }), ...problems(401, 404) },
      },
    },
    async (req, reply) => {
      const src = await contexts.source(req.params.id);
      reply
        .header('content-type', src.mediaType)
        .header('content-length', src.bytes)
        .header('etag', src.etag)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `attachment; filename="${src.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(src.filename)}`);
      // A stream body: the route's response schema (binary) does not type it.
      return reply.send(src.stream as never);
    },
  );

  app.post(
    '/contexts/:id/render',
    {
      // A render with no options may come without a body.
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: { operationId: 'renderContext', tags, summary: "Queue a render from the context's values, with template, format, language and standard over them", params: IdParamsSchema, body: ContextRenderBodySchema, response: { 202: Type.Ref(JobSchema), ...problems(400, 401, 404, 409) } },
    },
    async (req, reply) => reply.code(202).send(await inTransaction(req, deps.store, 202, (trx) => contexts.render(req.params.id, req.body, trx))),
  );

  app.post(
    '/contexts/:id/tags',
    { config: { responseHeaders: ETAG }, schema: { operationId: 'addContextTags', tags, summary: 'Add tags (case-insensitive; tags it has already are kept once)', params: IdParamsSchema, headers: IfMatchHeadersSchema, body: TagsBodySchema, response: { 200: ref, ...problems(400, 401, 404, 409, 412) } } },
    async (req, reply) => withEtag(reply, await inTransaction(req, deps.store, 200, (trx) => contexts.addTags(req.params.id, req.body.tags, req.headers['if-match'], trx))),
  );

  app.delete(
    '/contexts/:id/tags/:tag',
    { config: { responseHeaders: ETAG }, schema: { operationId: 'removeContextTag', tags, summary: 'Remove one tag', params: TagParamsSchema, headers: IfMatchHeadersSchema, response: { 200: ref, ...problems(401, 404, 409, 412) } } },
    async (req, reply) => withEtag(reply, await inTransaction(req, deps.store, 200, (trx) => contexts.removeTag(req.params.id, req.params.tag, req.headers['if-match'], trx))),
  );
}
