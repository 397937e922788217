/**
 * Queue control over GraphQL: the same QueueService calls as GET /queue/stats,
 * POST /queue, POST /queue/:id/cancel|retry and POST /queue/pause|resume.
 */
import { wakeWorkers } from '../../renders/routes.js';
import type { GraphQLModule, Resolver } from '../module.js';

const withoutNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

const enqueue: Resolver<{ input: Record<string, unknown>; priority?: number | null; runAt?: string | null; maxAttempts?: number | null }> = async (_p, { input, priority, runAt, maxAttempts }, { ctx }) => {
  const job = await ctx.queueControl.enqueue({ ...withoutNulls(input), ...withoutNulls({ priority, runAt, maxAttempts }) });
  await wakeWorkers(ctx);
  return job;
};

export const queueModule: GraphQLModule = {
  name: 'queue',
  typeDefs: /* GraphQL */ `
    "Jobs per status."
    type QueueCounts {
      queued: Int!
      rendering: Int!
      completed: Int!
      failed: Int!
      canceled: Int!
    }

    "A render loop in some process, seen through its heartbeat."
    type QueueWorker {
      id: ID!
      host: String!
      pid: Int!
      currentJobId: String
      lastHeartbeatAt: String!
      startedAt: String!
    }

    "Completions over the last hour."
    type QueueThroughput {
      windowSec: Int!
      completed: Int!
      failed: Int!
      perMinute: Float!
      avgRenderMs: Float
    }

    type QueueStats {
      counts: QueueCounts!
      "True while paused: running renders finish, nothing new starts."
      paused: Boolean!
      workers: [QueueWorker!]!
      throughput: QueueThroughput!
    }

    type QueuePaused {
      paused: Boolean!
    }

    extend type Query {
      "Counts per status, the paused flag, active workers and throughput (like GET /queue/stats)."
      queueStats: QueueStats!
    }

    extend type Mutation {
      "Queues a render with a priority (higher first) and an optional delayed start (like POST /queue)."
      enqueueRender(input: RenderParamsInput!, priority: Int, runAt: String, maxAttempts: Int): RenderJob!
      "Cancels a queued or rendering job; a finished job is an invalid_state error."
      cancelJob(id: ID!): RenderJob!
      "Puts a failed or canceled job back in the queue."
      retryJob(id: ID!): RenderJob!
      pauseQueue: QueuePaused!
      resumeQueue: QueuePaused!
    }
  `,
  resolvers: {
    Query: { queueStats: ((_p, _a, { ctx }) => ctx.queueControl.stats()) as Resolver },
    Mutation: {
      enqueueRender: enqueue,
      cancelJob: ((_p, { id }, { ctx }) => ctx.queueControl.cancel(id)) as Resolver<{ id: string }>,
      retryJob: ((_p, { id }, { ctx }) => ctx.queueControl.retry(id)) as Resolver<{ id: string }>,
      pauseQueue: ((_p, _a, { ctx }) => ctx.queueControl.setPaused(true)) as Resolver,
      resumeQueue: ((_p, _a, { ctx }) => ctx.queueControl.setPaused(false)) as Resolver,
    },
  } as GraphQLModule['resolvers'],
};
