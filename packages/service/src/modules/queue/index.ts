/**
 * The queue module: the durable, leased job queue in the store, the render
 * workers of this process, and queue control (stats, priorities, cancel,
 * retry, pause). It owns the `jobs` and `workers` tables.
 */
import { defineModule } from '../../core/module.js';
import { JobSchema } from './contract.js';
import { queueGraphql } from './graphql.js';
import { addBrand, addFinishedBy, addLeaseToken, addStoryboardKey, indexUpdatedAt } from './migrations.js';
import { queueRoutes } from './routes.js';
import { QueueService } from './service.js';
import { WorkerPool, type Renderer } from './worker-pool.js';

export { EnqueueBodySchema, JobPageSchema, JobSchema, QueueOptionsSchema, type JobPage, type JobView, type QueueOptions } from './contract.js';
export { QueueService, TERMINAL_STATUSES, parseInstant, type EnqueueOptions, type ListFilters } from './service.js';
export { JobStore, JOB_STATUSES, storyboardVttKey, type JobStatus } from './store.js';
export { WorkerPool, type Renderer, type RenderOutput } from './worker-pool.js';
export type { JobExtension, JobRenderExtras } from './extensions.js';

declare module '../../core/services.js' {
  interface Services {
    queue: QueueService;
  }
}

/** Runtime options this module reads (tests and benchmarks swap them in). */
export interface QueueRuntime {
  renderer?: Renderer;
  retryBaseMs?: number;
}

const pools = new WeakMap<QueueService, WorkerPool>();

/** The worker pool of this process, when it renders. */
export function workerPoolOf(queue: QueueService): WorkerPool | null {
  return pools.get(queue) ?? null;
}

export const queueModule = defineModule({
  name: 'queue',
  description: 'The durable render queue: stats, priorities, cancel, retry, pause/resume',
  events: [
    { type: 'render.completed', description: 'A render finished; data is the render job with its videoUrl' },
    { type: 'render.failed', description: 'A render failed for good; data is the render job with its error' },
  ],
  schemas: [JobSchema],
  migrations: { '202611221400_queue_finished_by': { up: addFinishedBy }, '202611221401_queue_updated_at_index': { up: indexUpdatedAt }, '202612011000_queue_lease_token': { up: addLeaseToken }, '202612281000_queue_storyboard_key': { up: addStoryboardKey }, '202612291000_queue_brand': { up: addBrand } },
  create: (deps) => {
    const queue = new QueueService(deps.store, { publicBaseUrl: deps.publicBaseUrl, defaultMaxAttempts: deps.config.maxAttempts, leaseSeconds: deps.config.workerLeaseSeconds, events: deps.events });
    deps.metrics.onScrape(async () => {
      for (const [status, n] of Object.entries(await queue.jobs.countsByStatus())) deps.metrics.jobs.set({ status }, n);
    });
    return queue;
  },
  routes: (app, queue, deps) => queueRoutes(app, queue, deps),
  graphql: queueGraphql,
  start: async (queue, deps) => {
    if (deps.role.workers === 0) return;
    // Runtime options are per process and untyped; the queue reads only its own, each optional.
    const runtime = deps.runtime as QueueRuntime;
    const pool = new WorkerPool({
      queue, storage: deps.storage, logger: deps.logger, concurrency: deps.role.workers, workerId: deps.config.workerId,
      leaseSeconds: deps.config.workerLeaseSeconds, pollMs: deps.config.workerPollMs, renderer: runtime.renderer, retryBaseMs: runtime.retryBaseMs, faultDelayMs: deps.config.renderFaultRetrySeconds * 1000, ffmpegPath: deps.config.ffmpegPath, metrics: deps.metrics,
    });
    pools.set(queue, pool);
    await pool.start();
  },
  prune: async (queue, before, deps) => {
    const { jobs, orphanKeys } = await queue.jobs.pruneFinished(before.toISOString());
    for (const key of orphanKeys) await deps.storage.remove(key);
    return { jobs, files: orphanKeys.length };
  },
  stop: async (queue, deps) => {
    await pools.get(queue)?.stop(deps.config.shutdownGraceSeconds * 1000);
  },
});
