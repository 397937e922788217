/** Queue control and the render job type over GraphQL: the same QueueService calls as the /queue routes. */
import { parseRenderParams } from '../../core/render-params.js';
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { withoutNulls, type GraphQLPart, type Resolver } from '../../core/graphql/types.js';
import { JobSchema, QueueStatsSchema } from './contract.js';

const enqueueRender: Resolver<{ input: Record<string, unknown>; priority?: number | null; runAt?: string | null; maxAttempts?: number | null }> = async (_p, { input, ...options }, { services }) => {
  const params = parseRenderParams(withoutNulls(input));
  const [job] = await services.queue.enqueue([{ params, options: withoutNulls(options) }]);
  return job;
};

export const queueGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('RenderJob', JobSchema, { names: { output: 'RenderOutput', error: 'RenderError' }, enums: { status: 'RenderStatus' } })}

    ${objectTypeSdl('QueueStats', QueueStatsSchema, { names: { counts: 'QueueCounts', 'workers[]': 'QueueWorker', throughput: 'QueueThroughput' } })}

    type QueuePaused {
      paused: Boolean!
    }

    extend type Query {
      "Counts per status, the paused flag, active workers and throughput (like GET /queue/stats)."
      queueStats: QueueStats!
    }

    extend type Mutation {
      "Queues a render with a priority (higher first) and an optional delayed start (like POST /queue)."
      enqueueRender(input: RenderParamsInput!, priority: Int, runAt: String, maxAttempts: Int, idempotencyKey: String): RenderJob!
      "Cancels a queued or rendering job; a finished job is an invalid_state error."
      cancelJob(id: ID!, idempotencyKey: String): RenderJob!
      "Puts a failed or canceled job back in the queue."
      retryJob(id: ID!, idempotencyKey: String): RenderJob!
      pauseQueue(idempotencyKey: String): QueuePaused!
      resumeQueue(idempotencyKey: String): QueuePaused!
    }
  `,
  resolvers: {
    Query: { queueStats: ((_p, _a, { services }) => services.queue.stats()) as Resolver },
    Mutation: {
      enqueueRender,
      cancelJob: ((_p, { id }, { services }) => services.queue.cancel(id)) as Resolver<{ id: string }>,
      retryJob: ((_p, { id }, { services }) => services.queue.retry(id)) as Resolver<{ id: string }>,
      pauseQueue: ((_p, _a, { services }) => services.queue.setPaused(true)) as Resolver,
      resumeQueue: ((_p, _a, { services }) => services.queue.setPaused(false)) as Resolver,
    },
  } as GraphQLPart['resolvers'],
};
