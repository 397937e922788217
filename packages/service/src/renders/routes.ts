import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { idempotencyKey, sendStored } from '../idempotency/http.js';
import { IdParamsSchema, problems } from '../http/common-schemas.js';
import { bodyValidatedInService } from '../http/validation.js';
import { BatchBodySchema, JobPageSchema, JobSchema, ListQuerySchema, RenderParams } from './schemas.js';
import type { ListFilters } from './service.js';

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ maxLength: 255, description: 'Replays return the first response; the same key with different parameters is a 409' })),
});

export async function renderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bodyValidatedInService('POST', '/render');
  app.post(
    '/render',
    {
      schema: {
        tags: ['renders'],
        summary: 'Queue a render',
        description: 'Validates the parameters and queues a render job. Poll GET /render/{id} or register a webhook for render.completed.',
        headers: IdempotencyHeaders,
        body: Type.Ref(RenderParams),
        response: { 202: Type.Ref(JobSchema), ...problems(400, 401, 409, 413) },
      },
    },
    async (req, reply) => {
      const r = await ctx.idempotency.run(idempotencyKey(req), 'POST /render', req.body, async (trx) => ({ statusCode: 202, body: await ctx.renders.create(req.body, {}, trx) }));
      if (!r.replayed) await wakeWorkers(ctx);
      return sendStored(reply, r);
    },
  );

  app.get('/render/:id', { schema: { tags: ['renders'], summary: 'Get a render job', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404) } } }, async (req) => {
    return ctx.renders.get((req.params as { id: string }).id);
  });

  app.get('/renders', { schema: { tags: ['renders'], summary: 'List render jobs, newest first', querystring: ListQuerySchema, response: { 200: JobPageSchema, ...problems(400, 401) } } }, async (req) => {
    return ctx.renders.list(req.query as ListFilters);
  });

  bodyValidatedInService('POST', '/batch');
  app.post(
    '/batch',
    {
      schema: {
        tags: ['renders'],
        summary: 'Queue many renders at once',
        headers: IdempotencyHeaders,
        body: BatchBodySchema,
        response: { 202: Type.Object({ batchId: Type.String(), jobs: Type.Array(Type.Ref(JobSchema)) }), ...problems(400, 401, 409, 413) },
      },
    },
    async (req, reply) => {
      const r = await ctx.idempotency.run(idempotencyKey(req), 'POST /batch', req.body, async (trx) => ({ statusCode: 202, body: await ctx.renders.createBatch(req.body, trx) }));
      if (!r.replayed) await wakeWorkers(ctx);
      return sendStored(reply, r);
    },
  );
}

/** After a commit that queued work: wake local workers now, and other processes via the store. */
export async function wakeWorkers(ctx: AppContext): Promise<void> {
  ctx.pool?.wake();
  await ctx.queue.notify();
}
