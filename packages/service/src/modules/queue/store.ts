/**
 * All SQL on the `jobs` and `workers` tables.
 *
 * Jobs are leased items (core/lease): a worker slot *claims* the best due job,
 * the lease runner renews it with heartbeats, and the attempt ends with
 * complete / fail / release. Every write of an attempt is fenced on its lease
 * (id, owner, fencing token) and status = 'rendering': a worker that lost its
 * lease (it stalled, the job was canceled, or another worker took over after
 * expiry) changes nothing.
 */
import { sql, type CompiledQuery, type Generated, type Insertable, type Selectable } from 'kysely';
import { isoAt, systemClock, type Clock } from '../../core/clock.js';
import { claimOne, fence, releaseLease, type Lease, type LeaseSpec } from '../../core/lease/lease.js';
import { readSetting, writeSetting } from '../../core/store/settings.js';
import type { Executor, Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    jobs: JobsTable;
    workers: WorkersTable;
  }
}

export type JobStatus = 'queued' | 'rendering' | 'completed' | 'failed' | 'canceled';
export const JOB_STATUSES: readonly JobStatus[] = ['queued', 'rendering', 'completed', 'failed', 'canceled'];

export interface JobsTable {
  /** Global monotonically increasing sequence for stable cursors. */
  seq: Generated<number>;
  id: string;
  status: JobStatus;
  template: string;
  location: string;
  /** Normalized render parameters (JSON). */
  params: string;
  /** Content address of the output: same template version + params → same key. */
  render_key: string;
  priority: number;
  run_at: string;
  attempts: number;
  max_attempts: number;
  progress: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Fencing token: raised at every claim (core/lease). */
  lease_token: Generated<number>;
  batch_id: string | null;
  context_id: string | null;
  /** The brand the job renders in and the version it used (a re-render draws the same look); null for none. */
  brand_id: string | null;
  brand_version: number | null;
  /** Random token in the public file URLs of this job (unguessable). */
  file_token: string;
  video_key: string | null;
  poster_key: string | null;
  /** The storyboard sprite (JPEG) of a completed render; null for renders stored before storyboards existed. Its WebVTT track: storyboardVttKey(). */
  storyboard_key: string | null;
  /** {width, height, fps, durationSec, bytes} (JSON). */
  output: string | null;
  error_code: string | null;
  error_message: string | null;
  render_ms: number | null;
  /** The worker that ended the job (completed or failed it); null while it runs or when it was canceled. */
  finished_by: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface WorkersTable {
  id: string;
  host: string;
  pid: number;
  current_job_id: string | null;
  started_at: string;
  last_heartbeat_at: string;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;

/** The storage key of a storyboard's WebVTT track, beside its sprite. */
export function storyboardVttKey(spriteKey: string): string {
  return spriteKey.replace(/\.[a-z]+$/, '') + '.vtt';
}

export const PAUSED_SETTING = 'queue.paused';
/** Channel on which enqueues wake idle workers (NOTIFY on PostgreSQL, in-process on SQLite). */
export const JOBS_CHANNEL = 'aqcast_jobs';

/**
 * Due jobs: queued and due, or rendering with an expired lease and attempts
 * left (its worker died); none while the queue is paused. Highest priority first.
 */
export const JOBS_LEASE: LeaseSpec = {
  table: 'jobs',
  due: (now) => sql`((status = 'queued' and run_at <= ${now}) or (status = 'rendering' and lease_expires_at is not null and attempts < max_attempts))
    and not exists (select 1 from settings where key = ${PAUSED_SETTING} and value = 'true')`,
  order: sql`priority desc, run_at asc, seq asc`,
  onClaim: (now) => sql`status = 'rendering', attempts = attempts + 1, progress = 0, started_at = coalesce(started_at, ${now}), updated_at = ${now}, error_code = null, error_message = null`,
};

export interface JobFilters {
  statuses?: JobStatus[];
  template?: string;
  location?: string;
  batchId?: string;
  contextId?: string;
  since?: string;
  until?: string;
  /** Return jobs with a smaller seq than this (the cursor). */
  beforeSeq?: number;
  limit: number;
}

export class JobStore {
  private readonly clock: Clock;
  private byIdQuery: CompiledQuery<JobRow> | null = null;

  constructor(
    readonly store: Store,
    opts: { clock?: Clock } = {},
  ) {
    this.clock = opts.clock ?? systemClock;
  }

  private iso(offsetMs = 0): string {
    return isoAt(this.clock, offsetMs);
  }

  /** Inserts jobs in the caller's transaction (or on their own). */
  async insert(rows: NewJobRow[], exec: Executor = this.store.db): Promise<void> {
    // Chunked: SQLite caps bound parameters per statement.
    for (let i = 0; i < rows.length; i += 100) await exec.insertInto('jobs').values(rows.slice(i, i + 100)).execute();
  }

  async get(id: string, exec: Executor = this.store.db): Promise<JobRow | undefined> {
    if (exec !== this.store.db) return exec.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    // The hottest read of the API: compiled once, not rebuilt per request.
    this.byIdQuery ??= this.store.db.selectFrom('jobs').selectAll().where('id', '=', '').compile();
    return (await this.store.db.executeQuery<JobRow>({ ...this.byIdQuery, parameters: [id] })).rows[0];
  }

  async byFileToken(token: string): Promise<Pick<JobRow, 'id' | 'status' | 'video_key' | 'poster_key' | 'storyboard_key'> | undefined> {
    return this.store.db.selectFrom('jobs').select(['id', 'status', 'video_key', 'poster_key', 'storyboard_key']).where('file_token', '=', token).executeTakeFirst();
  }

  /** Newest first; `limit + 1` rows so the caller knows whether a next page exists. */
  async list(f: JobFilters): Promise<JobRow[]> {
    let q = this.store.db.selectFrom('jobs').selectAll().orderBy('seq', 'desc').limit(f.limit + 1);
    if (f.statuses?.length) q = q.where('status', 'in', f.statuses);
    if (f.template) q = q.where('template', '=', f.template);
    if (f.location) q = q.where(sql`lower(location)`, '=', f.location.toLowerCase());
    if (f.batchId) q = q.where('batch_id', '=', f.batchId);
    if (f.contextId) q = q.where('context_id', '=', f.contextId);
    if (f.since) q = q.where('created_at', '>=', f.since);
    if (f.until) q = q.where('created_at', '<=', f.until);
    if (f.beforeSeq !== undefined) q = q.where('seq', '<', f.beforeSeq);
    return q.execute();
  }

  /** Jobs changed after `since` (ISO), oldest change first: the live feed of a dashboard. */
  async changedSince(since: string, limit: number): Promise<JobRow[]> {
    return this.store.db.selectFrom('jobs').selectAll().where('updated_at', '>', since).orderBy('updated_at', 'asc').limit(limit).execute();
  }

  async countsByStatus(): Promise<Record<JobStatus, number>> {
    const counts: Record<JobStatus, number> = { queued: 0, rendering: 0, completed: 0, failed: 0, canceled: 0 };
    const rows = await this.store.db.selectFrom('jobs').select(['status', this.store.db.fn.countAll<number>().as('n')]).groupBy('status').execute();
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  }

  /** Completions and failures since `since`, and the mean render time of the completions. */
  async throughputSince(since: string): Promise<{ completed: number; failed: number; avgRenderMs: number | null }> {
    const r = await this.store.db
      .selectFrom('jobs')
      .select([
        sql<number>`sum(case when status = 'completed' then 1 else 0 end)`.as('completed'),
        sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as('failed'),
        sql<number | null>`avg(case when status = 'completed' and render_ms > 0 then render_ms end)`.as('avg_ms'),
      ])
      .where('completed_at', '>=', since)
      .executeTakeFirst();
    return { completed: Number(r?.completed ?? 0), failed: Number(r?.failed ?? 0), avgRenderMs: r?.avg_ms == null ? null : Math.round(Number(r.avg_ms)) };
  }

  /** Claims the best due job for the worker slot `owner` (see {@link JOBS_LEASE}); null when none is due. */
  async claim(owner: string, leaseSeconds: number): Promise<JobRow | null> {
    return claimOne<JobRow>(this.store, JOBS_LEASE, owner, leaseSeconds * 1000);
  }

  /** Jobs whose worker died on their last allowed attempt. */
  async exhaustedLeases(): Promise<{ id: string; attempts: number }[]> {
    return this.store.db
      .selectFrom('jobs')
      .select(['id', 'attempts'])
      .where('status', '=', 'rendering')
      .where('lease_expires_at', '<', this.iso())
      .whereRef('attempts', '>=', 'max_attempts')
      .execute();
  }

  /** Fails one such job (fenced on its attempt and the expired lease); true when this call did it. */
  async failExhausted(trx: Executor, job: { id: string; attempts: number }): Promise<boolean> {
    const now = this.iso();
    const res = await trx
      .updateTable('jobs')
      .set({ status: 'failed', error_code: 'worker_lost', error_message: 'The worker rendering this job stopped responding on its last allowed attempt', lease_owner: null, lease_expires_at: null, completed_at: now, updated_at: now })
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .where('status', '=', 'rendering')
      .where('lease_expires_at', '<', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private fenced(lease: Lease, exec: Executor = this.store.db) {
    return exec.updateTable('jobs').where(fence(lease)).where('status', '=', 'rendering');
  }

  async complete(lease: Lease, result: { videoKey: string; posterKey: string; storyboardKey?: string | null; output: string; renderMs: number }, exec?: Executor): Promise<boolean> {
    const now = this.iso();
    const res = await this.fenced(lease, exec)
      .set({
        status: 'completed', progress: 1, video_key: result.videoKey, poster_key: result.posterKey, storyboard_key: result.storyboardKey ?? null, output: result.output,
        render_ms: result.renderMs, completed_at: now, updated_at: now, lease_owner: null, lease_expires_at: null, finished_by: lease.owner,
      })
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Ends a failed attempt: back to queued after `retryDelayMs` when retryable
   * and attempts remain, else failed for good. Returns what happened, or 'lost'.
   */
  async fail(lease: Lease, error: { code: string; message: string }, retry: { retryable: boolean; retryDelayMs: number }, exec?: Executor): Promise<'requeued' | 'failed' | 'lost'> {
    const now = this.iso();
    const common = { error_code: error.code, error_message: error.message.slice(0, 4000), lease_owner: null, lease_expires_at: null, updated_at: now };
    if (retry.retryable) {
      const res = await this.fenced(lease, exec)
        .whereRef('max_attempts', '>', 'attempts')
        .set({ ...common, status: 'queued', progress: 0, run_at: this.iso(retry.retryDelayMs) })
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) return 'requeued';
    }
    const res = await this.fenced(lease, exec).set({ ...common, status: 'failed', completed_at: now, finished_by: lease.owner }).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? 'failed' : 'lost';
  }

  /**
   * Gives an attempt back without counting it, due again after `delayMs`:
   * graceful shutdown (0), or a fault of the machine rather than the job (disk
   * full, storage unreachable), recorded in the job's error so callers see why it waits.
   */
  async release(lease: Lease, delayMs = 0, why?: { code: string; message: string }, exec: Executor = this.store.db): Promise<boolean> {
    const now = this.iso();
    return releaseLease(exec, lease, {
      status: 'queued', progress: 0, attempts: sql`attempts - 1`, run_at: this.iso(delayMs), updated_at: now,
      ...(why ? { error_code: why.code, error_message: why.message.slice(0, 4000) } : {}),
    });
  }

  /** queued|rendering → canceled; the job as it now is, or undefined when it is in another state (or missing). */
  async cancel(id: string, exec: Executor = this.store.db): Promise<JobRow | undefined> {
    const now = this.iso();
    return exec
      .updateTable('jobs')
      .set({ status: 'canceled', lease_owner: null, lease_expires_at: null, completed_at: now, updated_at: now, error_code: 'canceled', error_message: 'Canceled by request' })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'rendering'])
      .returningAll()
      .executeTakeFirst();
  }

  /** failed|canceled → queued, due now, with one more attempt if it used them all; the job as it now is, or undefined. */
  async retry(id: string, exec: Executor = this.store.db): Promise<JobRow | undefined> {
    const now = this.iso();
    return exec
      .updateTable('jobs')
      .set({ status: 'queued', run_at: now, progress: 0, error_code: null, error_message: null, completed_at: null, updated_at: now, max_attempts: sql`case when max_attempts > attempts then max_attempts else attempts + 1 end` })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'canceled'])
      .returningAll()
      .executeTakeFirst();
  }

  /** A completed job with the same render key, whose output can be reused. */
  async reusableOutput(renderKey: string): Promise<Pick<JobRow, 'output' | 'video_key' | 'poster_key' | 'storyboard_key'> | undefined> {
    return this.store.db
      .selectFrom('jobs')
      .select(['output', 'video_key', 'poster_key', 'storyboard_key'])
      .where('render_key', '=', renderKey)
      .where('status', '=', 'completed')
      .where('output', 'is not', null)
      .limit(1)
      .executeTakeFirst();
  }

  async isPaused(): Promise<boolean> {
    return (await readSetting(this.store.db, PAUSED_SETTING)) === 'true';
  }

  async setPaused(paused: boolean): Promise<void> {
    await writeSetting(this.store.db, PAUSED_SETTING, String(paused));
  }

  /**
   * Deletes finished jobs (completed, failed, canceled) that ended before
   * `before`, in chunks; returns the output keys they held that no remaining
   * job uses, for the caller to delete from storage.
   */
  async pruneFinished(before: string, chunk = 500): Promise<{ jobs: number; orphanKeys: string[] }> {
    let jobs = 0;
    const orphanKeys: string[] = [];
    for (;;) {
      const batch = await this.store.db
        .selectFrom('jobs')
        .select(['id', 'render_key', 'video_key', 'poster_key', 'storyboard_key'])
        .where('status', 'in', ['completed', 'failed', 'canceled'])
        .where('completed_at', '<', before)
        .limit(chunk)
        .execute();
      if (batch.length === 0) break;
      await this.store.db.deleteFrom('jobs').where('id', 'in', batch.map((j) => j.id)).execute();
      jobs += batch.length;
      const renderKeys = [...new Set(batch.filter((j) => j.video_key).map((j) => j.render_key))];
      if (renderKeys.length === 0) continue;
      const kept = new Set((await this.store.db.selectFrom('jobs').select('render_key').where('render_key', 'in', renderKeys).where('video_key', 'is not', null).execute()).map((r) => r.render_key));
      for (const j of batch) if (j.video_key && !kept.has(j.render_key)) orphanKeys.push(j.video_key, ...(j.poster_key ? [j.poster_key] : []), ...(j.storyboard_key ? [j.storyboard_key, storyboardVttKey(j.storyboard_key)] : []));
    }
    return { jobs, orphanKeys: [...new Set(orphanKeys)] };
  }

  // ---- the worker registry ----------------------------------------------

  async registerWorker(w: { id: string; host: string; pid: number }): Promise<void> {
    const now = this.iso();
    await this.store.db
      .insertInto('workers')
      .values({ ...w, current_job_id: null, started_at: now, last_heartbeat_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ current_job_id: null, started_at: now, last_heartbeat_at: now, pid: w.pid, host: w.host }))
      .execute();
  }

  async touchWorker(id: string, jobId: string | null): Promise<void> {
    await this.store.db.updateTable('workers').set({ current_job_id: jobId, last_heartbeat_at: this.iso() }).where('id', '=', id).execute();
  }

  /** Shows an idle worker slot is alive (a busy one is touched when it takes and ends a job). */
  async touchWorkerIfIdle(id: string): Promise<void> {
    await this.store.db.updateTable('workers').set({ last_heartbeat_at: this.iso() }).where('id', '=', id).where('current_job_id', 'is', null).execute();
  }

  async removeWorkers(idPrefix: string): Promise<void> {
    await this.store.db.deleteFrom('workers').where('id', 'like', `${idPrefix}#%`).execute();
  }

  /** Workers whose heartbeat is newer than `since` (dead ones age out). */
  async liveWorkers(since: string): Promise<Selectable<WorkersTable>[]> {
    return this.store.db.selectFrom('workers').selectAll().where('last_heartbeat_at', '>=', since).orderBy('id').execute();
  }
}
