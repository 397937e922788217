import { RenderParamsSchema } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, problems } from '../http/common-schemas.js';
import type { AppContext } from '../http/context.js';
import { bodyValidatedInService } from '../http/validation.js';
import { idempotencyKey, sendStored } from '../idempotency/http.js';
import { IdempotencyHeaders, wakeWorkers } from '../renders/routes.js';
import { JobPageSchema, JobSchema } from '../renders/schemas.js';

const QueueStatsSchema = Type.Object({
  counts: Type.Object({ queued: Type.Integer(), rendering: Type.Integer(), completed: Type.Integer(), failed: Type.Integer(), canceled: Type.Integer() }),
  paused: Type.Boolean(),
  workers: Type.Array(Type.Object({ id: Type.String(), host: Type.String(), pid: Type.Integer(), currentJobId: Type.Union([Type.String(), Type.Null()]), lastHeartbeatAt: Type.String(), startedAt: Type.String() })),
  throughput: Type.Object({ windowSec: Type.Integer(), completed: Type.Integer(), failed: Type.Integer(), perMinute: Type.Number(), avgRenderMs: Type.Union([Type.Number(), Type.Null()]) }),
});

const EnqueueSchema = Type.Composite(
  [
    RenderParamsSchema,
    Type.Object({
      priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000, default: 0, description: 'Higher runs first' })),
      runAt: Type.Optional(Type.String({ format: 'date-time', description: 'Do not start before this time' })),
      maxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Attempts before the job fails for good (default MAX_ATTEMPTS, 3)' })),
    }),
  ],
  { additionalProperties: false, description: 'Render parameters plus queue options' },
);

const QueueListQuery = Type.Object({
  status: Type.Optional(Type.String({ description: 'Comma-separated statuses' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String()),
});

export async function queueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['queue'];
  app.get('/queue/stats', { schema: { tags, summary: 'Counts per status, paused flag, active workers, throughput over the last hour', response: { 200: QueueStatsSchema, ...problems(401) } } }, () => ctx.queueControl.stats());
  app.get('/queue', { schema: { tags, summary: 'List queue jobs', querystring: QueueListQuery, response: { 200: JobPageSchema, ...problems(400, 401) } } }, (req) => ctx.renders.list(req.query as { status?: string; limit?: number; cursor?: string }));
  app.get('/queue/:id', { schema: { tags, summary: 'One queue job', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404) } } }, (req) => ctx.renders.get((req.params as { id: string }).id));

  bodyValidatedInService('POST', '/queue');
  app.post(
    '/queue',
    { schema: { tags, summary: 'Enqueue a render with priority and an optional delayed start', headers: IdempotencyHeaders, body: EnqueueSchema, response: { 202: Type.Ref(JobSchema), ...problems(400, 401, 409) } } },
    async (req, reply) => {
      const r = await ctx.idempotency.run(idempotencyKey(req), 'POST /queue', req.body, async (trx) => ({ statusCode: 202, body: await ctx.queueControl.enqueue(req.body, trx) }));
      if (!r.replayed) await wakeWorkers(ctx);
      return sendStored(reply, r);
    },
  );
  app.post('/queue/:id/cancel', { schema: { tags, summary: 'Cancel a queued or rendering job (409 once finished)', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404, 409) } } }, (req) => ctx.queueControl.cancel((req.params as { id: string }).id));
  app.post('/queue/:id/retry', { schema: { tags, summary: 'Put a failed or canceled job back in the queue (409 otherwise)', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404, 409) } } }, (req) => ctx.queueControl.retry((req.params as { id: string }).id));
  const Paused = Type.Object({ paused: Type.Boolean() });
  app.post('/queue/pause', { schema: { tags, summary: 'Pause the queue for every worker: running renders finish, nothing new starts', response: { 200: Paused, ...problems(401) } } }, () => ctx.queueControl.setPaused(true));
  app.post('/queue/resume', { schema: { tags, summary: 'Resume the queue', response: { 200: Paused, ...problems(401) } } }, () => ctx.queueControl.setPaused(false));
}
