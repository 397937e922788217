/**
 * The durable job queue, in the store. A worker *claims* the best due job with a
 * lease, renews the lease with heartbeats, and ends the attempt with complete /
 * fail / release. Every write of an attempt is fenced on (id, attempts,
 * lease_owner, status = 'rendering'): a worker that lost its lease (it stalled,
 * the job was canceled, or another worker took over after expiry) changes nothing.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Store } from '../store/database.js';
import type { Database, JobRow, NewJobRow } from '../store/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Identifies one attempt of one job by one worker. */
export interface AttemptFence {
  id: string;
  attempts: number;
  workerId: string;
}

export interface QueueOptions {
  leaseSeconds: number;
  /** Told (in the same transaction) when the queue itself ends a job: a worker lost on its last attempt. */
  events?: { jobEnded(trx: Executor, jobId: string): Promise<void> };
  now?: () => Date;
}

export const PAUSED_SETTING = 'queue.paused';

export function fenceOf(job: JobRow, workerId: string): AttemptFence {
  return { id: job.id, attempts: job.attempts, workerId };
}

export class JobQueue {
  private readonly now: () => Date;
  constructor(
    private readonly store: Store,
    private readonly opts: QueueOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now().getTime() + offsetMs).toISOString();
  }

  get db(): Kysely<Database> {
    return this.store.db;
  }

  /** Inserts jobs (inside the caller's transaction when given) and wakes workers. */
  async enqueue(rows: NewJobRow[], trx?: Executor): Promise<void> {
    if (rows.length === 0) return;
    const exec = trx ?? this.store.db;
    // Chunked: SQLite caps bound parameters per statement.
    for (let i = 0; i < rows.length; i += 100) {
      await exec.insertInto('jobs').values(rows.slice(i, i + 100)).execute();
    }
  }

  async notify(): Promise<void> {
    await this.store.notifyJobsAvailable().catch(() => {});
  }

  /**
   * Claims the highest-priority due job, or a job whose lease expired (its
   * worker died), for `workerId`. Returns null when nothing is due or the queue
   * is paused. One statement, so it is atomic on SQLite; on PostgreSQL the
   * candidate row is locked with SKIP LOCKED so concurrent claimers never
   * block each other or take the same job.
   */
  async claim(workerId: string): Promise<JobRow | null> {
    const now = this.iso();
    await this.failExhaustedLeases(now);
    const leaseUntil = this.iso(this.opts.leaseSeconds * 1000);
    const lock = this.store.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<JobRow>`
      update jobs set
        status = 'rendering', attempts = attempts + 1, progress = 0,
        lease_owner = ${workerId}, lease_expires_at = ${leaseUntil},
        started_at = coalesce(started_at, ${now}), updated_at = ${now},
        error_code = null, error_message = null
      where id = (
        select id from jobs
        where ((status = 'queued' and run_at <= ${now})
           or (status = 'rendering' and lease_expires_at < ${now} and attempts < max_attempts))
          and not exists (select 1 from settings where key = ${PAUSED_SETTING} and value = 'true')
        order by priority desc, run_at asc, seq asc
        limit 1
        ${lock}
      )
      returning *`.execute(this.store.db);
    return result.rows[0] ?? null;
  }

  /** Jobs whose worker died on their last allowed attempt end as failed, not stuck. */
  private async failExhaustedLeases(now: string): Promise<void> {
    const lost = await this.store.db
      .selectFrom('jobs')
      .select(['id', 'attempts'])
      .where('status', '=', 'rendering')
      .where('lease_expires_at', '<', now)
      .whereRef('attempts', '>=', 'max_attempts')
      .execute();
    for (const job of lost) {
      await this.store.db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('jobs')
          .set({ status: 'failed', error_code: 'worker_lost', error_message: 'The worker rendering this job stopped responding on its last allowed attempt', lease_owner: null, lease_expires_at: null, completed_at: now, updated_at: now })
          .where('id', '=', job.id)
          .where('attempts', '=', job.attempts)
          .where('status', '=', 'rendering')
          .where('lease_expires_at', '<', now)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) await this.opts.events?.jobEnded(trx, job.id);
      });
    }
  }

  private fenced(fence: AttemptFence, exec: Executor = this.store.db) {
    return exec
      .updateTable('jobs')
      .where('id', '=', fence.id)
      .where('attempts', '=', fence.attempts)
      .where('lease_owner', '=', fence.workerId)
      .where('status', '=', 'rendering');
  }

  /** Renews the lease (and records progress). False means the attempt is lost: stop working on it. */
  async heartbeat(fence: AttemptFence, progress?: number): Promise<boolean> {
    const res = await this.fenced(fence)
      .set({ lease_expires_at: this.iso(this.opts.leaseSeconds * 1000), updated_at: this.iso(), ...(progress === undefined ? {} : { progress }) })
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async complete(
    fence: AttemptFence,
    result: { videoKey: string; posterKey: string; output: string; renderMs: number },
    trx?: Executor,
  ): Promise<boolean> {
    const now = this.iso();
    const res = await this.fenced(fence, trx)
      .set({
        status: 'completed', progress: 1, video_key: result.videoKey, poster_key: result.posterKey, output: result.output,
        render_ms: result.renderMs, completed_at: now, updated_at: now, lease_owner: null, lease_expires_at: null,
      })
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Ends a failed attempt: back to queued after `retryDelayMs` when retryable
   * and attempts remain, else failed for good. Returns what happened, or 'lost'.
   */
  async fail(
    fence: AttemptFence,
    error: { code: string; message: string },
    retry: { retryable: boolean; retryDelayMs: number },
    trx?: Executor,
  ): Promise<'requeued' | 'failed' | 'lost'> {
    const now = this.iso();
    const common = { error_code: error.code, error_message: error.message.slice(0, 4000), lease_owner: null, lease_expires_at: null, updated_at: now };
    if (retry.retryable) {
      const res = await this.fenced(fence, trx)
        .where('max_attempts', '>', fence.attempts)
        .set({ ...common, status: 'queued', progress: 0, run_at: this.iso(retry.retryDelayMs) })
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) return 'requeued';
    }
    const res = await this.fenced(fence, trx)
      .set({ ...common, status: 'failed', completed_at: now })
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? 'failed' : 'lost';
  }

  /** Gives an attempt back without counting it (graceful shutdown): another worker picks it up at once. */
  async release(fence: AttemptFence): Promise<boolean> {
    const res = await this.fenced(fence)
      .set({ status: 'queued', progress: 0, attempts: sql`attempts - 1`, lease_owner: null, lease_expires_at: null, updated_at: this.iso() })
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async isPaused(): Promise<boolean> {
    const row = await this.store.db.selectFrom('settings').select('value').where('key', '=', PAUSED_SETTING).executeTakeFirst();
    return row?.value === 'true';
  }

  async setPaused(paused: boolean): Promise<void> {
    const now = this.iso();
    await this.store.db
      .insertInto('settings')
      .values({ key: PAUSED_SETTING, value: String(paused), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(paused), updated_at: now }))
      .execute();
    if (!paused) await this.notify();
  }
}
