/** Queue control over REST: thin adapters over {@link QueueService}. */
import { Type } from '@sinclair/typebox';
import { inTransaction } from '../../core/http/idempotency.js';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import { EnqueueBodySchema, JobPageSchema, JobSchema, PausedSchema, QueueListQuerySchema, QueueStatsSchema } from './contract.js';
import type { QueueService } from './service.js';
import { completeCheckedParams } from '../../core/render-params.js';

export function queueRoutes(app: Http, queue: QueueService, deps: ModuleDeps): void {
  const tags = ['queue'];
  app.get('/queue/stats', { schema: { operationId: 'getQueueStats', tags, summary: 'Counts per status, paused flag, active workers, throughput over the last hour', response: { 200: QueueStatsSchema, ...problems(401) } } }, () => queue.stats());

  app.get('/queue', { schema: { operationId: 'listQueue', tags, summary: 'List queue jobs, newest first', querystring: QueueListQuerySchema, response: { 200: JobPageSchema, ...problems(400, 401) } } }, (req) => queue.list(req.query));

  app.get('/queue/:id', { schema: { operationId: 'getQueueJob', tags, summary: 'One queue job', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404) } } }, (req) => queue.get(req.params.id));

  app.post(
    '/queue',
    { schema: { operationId: 'enqueueRender', tags, summary: 'Enqueue a render with priority and an optional delayed start', body: EnqueueBodySchema, response: { 202: Type.Ref(JobSchema), ...problems(400, 401, 409) } } },
    async (req, reply) => {
      const { priority, runAt, maxAttempts, ...input } = req.body;
      const params = completeCheckedParams(input);
      const job = await inTransaction(req, deps.store, 202, async (trx) => (await queue.enqueue([{ params, options: { priority, runAt, maxAttempts } }], trx))[0]!);
      return reply.code(202).send(job);
    },
  );

  app.post('/queue/:id/cancel', { schema: { operationId: 'cancelJob', tags, summary: 'Cancel a queued or rendering job (409 once finished)', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404, 409) } } }, (req) => queue.cancel(req.params.id));
  app.post('/queue/:id/retry', { schema: { operationId: 'retryJob', tags, summary: 'Put a failed or canceled job back in the queue (409 otherwise)', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404, 409) } } }, (req) => queue.retry(req.params.id));
  app.post('/queue/pause', { schema: { operationId: 'pauseQueue', tags, summary: 'Pause the queue for every worker: running renders finish, nothing new starts', response: { 200: PausedSchema, ...problems(401) } } }, () => queue.setPaused(true));
  app.post('/queue/resume', { schema: { operationId: 'resumeQueue', tags, summary: 'Resume the queue', response: { 200: PausedSchema, ...problems(401) } } }, () => queue.setPaused(false));
}
