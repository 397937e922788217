/** Queue control and the render job type over GraphQL: the same QueueService calls as the /queue routes. */
import { Type } from '@sinclair/typebox';
import { RenderParamsSchema } from '@aqcast/engine';
import { parseRenderParams } from '../../core/render-params.js';
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { ById, resolve, resolveNoArgs, withoutStrayNulls } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { JobSchema, QueueOptionsSchema, QueueStatsSchema } from './contract.js';

const EnqueueArgs = Type.Object({ input: Type.Unknown(), ...QueueOptionsSchema.properties });

const enqueueRender = resolve(EnqueueArgs, async ({ input, ...options }, { services }) => {
  const params = parseRenderParams(withoutStrayNulls(RenderParamsSchema, input));
  const [job] = await services.queue.enqueue([{ params, options }]);
  return job;
});

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
    Query: { queueStats: resolveNoArgs(({ services }) => services.queue.stats()) },
    Mutation: {
      enqueueRender,
      cancelJob: resolve(ById, ({ id }, { services }) => services.queue.cancel(id)),
      retryJob: resolve(ById, ({ id }, { services }) => services.queue.retry(id)),
      pauseQueue: resolveNoArgs(({ services }) => services.queue.setPaused(true)),
      resumeQueue: resolveNoArgs(({ services }) => services.queue.setPaused(false)),
    },
  },
};
