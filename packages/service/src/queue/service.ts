/**
 * Queue control: stats, enqueue with priority and delay, cancel, retry,
 * pause/resume. State lives in the store, so every API and worker process on
 * every machine sees the same queue.
 */
import { sql } from 'kysely';
import { AppError, notFound, validationError, type FieldError } from '../errors/catalogue.js';
import type { JobView } from '../renders/job-view.js';
import { parseRenderParams } from '../renders/render-params.js';
import type { RenderService } from '../renders/service.js';
import type { JobStatus } from '../store/schema.js';
import type { Executor, JobQueue } from './queue.js';
import type { WorkerPool } from './worker-pool.js';

export interface QueueStats {
  counts: Record<JobStatus, number>;
  paused: boolean;
  workers: { id: string; host: string; pid: number; currentJobId: string | null; lastHeartbeatAt: string; startedAt: string }[];
  throughput: { windowSec: number; completed: number; failed: number; perMinute: number; avgRenderMs: number | null };
}

export interface EnqueueBody {
  priority?: unknown;
  runAt?: unknown;
  maxAttempts?: unknown;
  [param: string]: unknown;
}

export class QueueService {
  constructor(
    private readonly queue: JobQueue,
    private readonly renders: RenderService,
    private readonly opts: { pool: () => WorkerPool | null; leaseSeconds: number },
  ) {}

  async stats(): Promise<QueueStats> {
    const db = this.queue.db;
    const counts: Record<JobStatus, number> = { queued: 0, rendering: 0, completed: 0, failed: 0, canceled: 0 };
    const rows = await db.selectFrom('jobs').select(['status', db.fn.countAll<number>().as('n')]).groupBy('status').execute();
    for (const r of rows) counts[r.status] = Number(r.n);
    // A worker is active while its heartbeat is recent; dead ones age out.
    const liveSince = new Date(Date.now() - Math.max(60, this.opts.leaseSeconds * 2) * 1000).toISOString();
    const workers = await db.selectFrom('workers').selectAll().where('last_heartbeat_at', '>=', liveSince).orderBy('id').execute();
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const done = await db
      .selectFrom('jobs')
      .select([
        sql<number>`sum(case when status = 'completed' then 1 else 0 end)`.as('completed'),
        sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as('failed'),
        sql<number | null>`avg(case when status = 'completed' and render_ms > 0 then render_ms end)`.as('avg_ms'),
      ])
      .where('completed_at', '>=', hourAgo)
      .executeTakeFirst();
    const completed = Number(done?.completed ?? 0);
    return {
      counts,
      paused: await this.queue.isPaused(),
      workers: workers.map((w) => ({ id: w.id, host: w.host, pid: w.pid, currentJobId: w.current_job_id, lastHeartbeatAt: w.last_heartbeat_at, startedAt: w.started_at })),
      throughput: {
        windowSec: 3600,
        completed,
        failed: Number(done?.failed ?? 0),
        perMinute: Math.round((completed / 60) * 100) / 100,
        avgRenderMs: done?.avg_ms == null ? null : Math.round(Number(done.avg_ms)),
      },
    };
  }

  /** Render params plus queue options; validated together so every bad field is named at once. */
  async enqueue(body: unknown, trx?: Executor): Promise<JobView> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError([{ field: '(root)', message: 'must be an object of render parameters' }]);
    const { priority, runAt, maxAttempts, ...params } = body as EnqueueBody;
    const errors: FieldError[] = [];
    if (priority !== undefined && (!Number.isInteger(priority) || (priority as number) < -1000 || (priority as number) > 1000)) errors.push({ field: 'priority', message: 'must be an integer from -1000 to 1000 (higher runs first)' });
    if (maxAttempts !== undefined && (!Number.isInteger(maxAttempts) || (maxAttempts as number) < 1 || (maxAttempts as number) > 20)) errors.push({ field: 'maxAttempts', message: 'must be an integer from 1 to 20' });
    if (runAt !== undefined && (typeof runAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(runAt) || Number.isNaN(Date.parse(runAt)))) errors.push({ field: 'runAt', message: 'must be an ISO 8601 date-time' });
    if (errors.length > 0) {
      // Name the bad params too, so the caller fixes everything in one round trip.
      try {
        parseRenderParams(params);
      } catch (err) {
        if (err instanceof AppError && err.extra.errors) errors.push(...err.extra.errors);
      }
      throw validationError(errors);
    }
    return this.renders.create(params, { priority: priority as number | undefined, runAt: runAt as string | undefined, maxAttempts: maxAttempts as number | undefined }, trx);
  }

  async cancel(id: string): Promise<JobView> {
    const now = new Date().toISOString();
    const res = await this.queue.db
      .updateTable('jobs')
      .set({ status: 'canceled', lease_owner: null, lease_expires_at: null, completed_at: now, updated_at: now, error_code: 'canceled', error_message: 'Canceled by request' })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'rendering'])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await this.refuse(id, 'cancel', 'only queued or rendering jobs can be canceled');
    // A local render stops now; one in another process stops at its next heartbeat (≤ 1 s), fenced out by the status change.
    this.opts.pool()?.abortJob(id);
    return this.renders.get(id);
  }

  async retry(id: string): Promise<JobView> {
    const now = new Date().toISOString();
    const res = await this.queue.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: now, progress: 0, error_code: null, error_message: null, completed_at: null, updated_at: now, max_attempts: sql`case when max_attempts > attempts then max_attempts else attempts + 1 end` })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'canceled'])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await this.refuse(id, 'retry', 'only failed or canceled jobs can be retried');
    await this.queue.notify();
    this.opts.pool()?.wake();
    return this.renders.get(id);
  }

  async setPaused(paused: boolean): Promise<{ paused: boolean }> {
    await this.queue.setPaused(paused);
    if (!paused) this.opts.pool()?.wake();
    return { paused };
  }

  private async refuse(id: string, action: string, rule: string): Promise<never> {
    const job = await this.renders.get(id).catch(() => null);
    if (!job) throw notFound('Render job', id);
    throw new AppError('invalid_state', `Cannot ${action} job ${id}: it is ${job.status}; ${rule}`, { currentStatus: job.status });
  }
}
