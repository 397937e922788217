/**
 * The durable render queue: enqueue, read, list, stats, cancel, retry,
 * pause/resume. State lives in the store, so every API and worker process on
 * every machine sees the same queue. No HTTP, no SQL here (see store.ts).
 */
import { listOf } from '../../core/validation.js';
import { createHash } from 'node:crypto';
import { ProvenanceSchema, renderKey, type Provenance, type RenderParams } from '@aqcast/engine';
import { Value } from '@sinclair/typebox/value';
import { invalidState, notFound, validationError, type FieldError } from '../../core/errors.js';
import { seqCursor } from '../../core/cursor.js';
import type { EventBus } from '../../core/events.js';
import { newId, newToken } from '../../core/ids.js';
import { onCommit, transaction, type Executor, type Store } from '../../core/store/database.js';
import { JobOutputSchema, type JobPage, type JobView, type QueueStats } from './contract.js';
import { Type } from '@sinclair/typebox';
import type { JobExtension } from './extensions.js';
import { JOBS_CHANNEL, JOB_STATUSES, JobStore, storyboardVttKey, type JobRow, type JobStatus, type NewJobRow } from './store.js';
import { readJson } from '../../core/store/json-column.js';

/** A job's params as stored: the normalized render params (JSON object). */
const StoredParams = Type.Record(Type.String(), Type.Unknown());

export interface EnqueueOptions {
  priority?: number;
  runAt?: string;
  maxAttempts?: number;
  batchId?: string | null;
  contextId?: string | null;
  /**
   * Whatever else decides the output besides the params (an extension's captions or
   * narration): folded into the render key, so such a job never reuses, nor is
   * reused by, a plain render of the same params.
   */
  renderKeyExtra?: string;
  /** The brand version the job renders in (checked by the caller): recorded on the job and folded into its render key. */
  brand?: JobBrand | null;
}

/** A brand version a job renders in. */
export interface JobBrand {
  brandId: string;
  version: number;
}

/** What decides a job's output besides its params: the caller's extra and the brand version (never shared with another look). */
function keyExtraOf(options: EnqueueOptions): string | undefined {
  const parts = [options.renderKeyExtra, options.brand ? `brand:${options.brand.brandId}@${options.brand.version}` : undefined].filter(Boolean);
  return parts.length ? parts.join('\n') : undefined;
}

export interface ListFilters {
  status?: string;
  template?: string;
  location?: string;
  batchId?: string;
  contextId?: string;
  since?: string;
  until?: string;
  limit?: number;
  cursor?: string;
}

export interface QueueServiceOptions {
  publicBaseUrl: () => string;
  defaultMaxAttempts: number;
  leaseSeconds: number;
  events: EventBus;
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'canceled'];

export class QueueService {
  readonly jobs: JobStore;
  /** Set by the worker pool of this process, so cancel stops a local render at once. */
  localAbort: ((jobId: string) => void) | null = null;
  /** Modules that add to the renders and files of their jobs (see extensions.ts). */
  readonly extensions: JobExtension[] = [];

  constructor(
    readonly store: Store,
    private readonly opts: QueueServiceOptions,
    jobs?: JobStore,
  ) {
    this.jobs = jobs ?? new JobStore(store);
  }

  /** The public shape of a job row (DESIGN §4). */
  view = (row: JobRow): JobView => {
    const done = row.status === 'completed';
    const base = this.opts.publicBaseUrl();
    const params = readJson(StoredParams, row.params, `job ${row.id} params`);
    return {
      jobId: row.id,
      status: row.status,
      progress: Math.round(Number(row.progress) * 1000) / 1000,
      template: row.template,
      compositionId: row.template,
      params,
      videoUrl: done ? `${base}/files/${row.file_token}/video.mp4` : null,
      posterUrl: done ? `${base}/files/${row.file_token}/poster.png` : null,
      storyboardUrl: done && row.storyboard_key ? `${base}/files/${row.file_token}/storyboard.jpg` : null,
      storyboardVttUrl: done && row.storyboard_key ? `${base}/files/${row.file_token}/storyboard.vtt` : null,
      error: row.error_code && row.status !== 'completed' ? { code: row.error_code, message: row.error_message ?? '' } : null,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      priority: row.priority,
      runAt: row.run_at,
      batchId: row.batch_id,
      contextId: row.context_id,
      provenance: provenanceOf(params),
      brand: row.brand_id !== null && row.brand_version !== null ? { brandId: row.brand_id, version: row.brand_version } : null,
      createdAt: row.created_at,
      startedAt: row.started_at,
      completedAt: row.completed_at,
      renderMs: row.render_ms,
      output: row.output ? readJson(JobOutputSchema, row.output, `job ${row.id} output`) : null,
    };
  };

  private buildRow(params: RenderParams, options: EnqueueOptions, now: string): NewJobRow {
    const keyExtra = keyExtraOf(options);
    return {
      id: newId('job'),
      status: 'queued',
      template: params.template,
      location: params.location,
      params: JSON.stringify(params),
      render_key: keyExtra ? createHash('sha256').update(`${renderKey(params)}\n${keyExtra}`).digest('hex') : renderKey(params),
      priority: options.priority ?? 0,
      run_at: options.runAt ? new Date(options.runAt).toISOString() : now,
      attempts: 0,
      max_attempts: options.maxAttempts ?? this.opts.defaultMaxAttempts,
      progress: 0,
      lease_owner: null,
      lease_expires_at: null,
      batch_id: options.batchId ?? null,
      context_id: options.contextId ?? null,
      brand_id: options.brand?.brandId ?? null,
      brand_version: options.brand?.version ?? null,
      file_token: newToken(),
      video_key: null,
      poster_key: null,
      storyboard_key: null,
      output: null,
      error_code: null,
      error_message: null,
      render_ms: null,
      finished_by: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      completed_at: null,
    };
  }

  /**
   * Queues renders of already-validated params inside `exec` (a transaction
   * of the caller, or its own); workers are woken once it commits.
   */
  async enqueue(items: { params: RenderParams; options?: EnqueueOptions }[], exec?: Executor): Promise<JobView[]> {
    const now = new Date().toISOString();
    const rows = items.map((i) => this.buildRow(i.params, i.options ?? {}, now));
    const write = async (x: Executor) => {
      await this.jobs.insert(rows, x);
      onCommit(x, () => void this.store.notify(JOBS_CHANNEL).catch(() => {}));
    };
    if (exec) await write(exec);
    else await transaction(this.store, write);
    // A new row as the table will hold it: the database assigns seq, which a view does not show.
    return rows.map((r) => this.view({ ...r, seq: 0 } as JobRow));
  }

  /** One job, with its captions and accessible package URLs (asked of the extensions, so only here and not in lists). */
  async get(id: string): Promise<JobView> {
    const row = await this.jobs.get(id);
    if (!row) throw notFound('Render job', id);
    const captions = row.status === 'completed' && (await this.extensionFileKey(row.id, 'captions.vtt'));
    if (!captions) return { ...this.view(row), captionsUrl: null, accessibility: null };
    const folder = `${this.opts.publicBaseUrl()}/files/${row.file_token}`;
    const url = async (name: string) => ((await this.extensionFileKey(row.id, name)) ? `${folder}/${name}` : null);
    const [captionsSrt, transcript, audio, audioDescription] = await Promise.all(['captions.srt', 'transcript.txt', 'audio.m4a', 'description.m4a'].map(url));
    return { ...this.view(row), captionsUrl: `${folder}/captions.vtt`, accessibility: { captionsSrt: captionsSrt ?? null, transcript: transcript ?? null, audio: audio ?? null, audioDescription: audioDescription ?? null } };
  }

  private async extensionFileKey(jobId: string, name: string): Promise<string | null> {
    for (const ext of this.extensions) {
      const key = await ext.fileKey?.(jobId, name);
      if (key) return key;
    }
    return null;
  }

  /** Filters are validated here (formats the schema cannot express: statuses, dates, cursor). */
  async list(filters: ListFilters): Promise<JobPage> {
    const errors: FieldError[] = [];
    const statuses = listOf(filters.status, JOB_STATUSES, errors);
    const since = filters.since ? parseInstant(filters.since, 'since', errors) : undefined;
    const until = filters.until ? parseInstant(filters.until, 'until', errors, true) : undefined;
    const limit = filters.limit ?? 50;
    const beforeSeq = filters.cursor ? seqCursor.decode(filters.cursor, errors)?.seq : undefined;
    if (errors.length > 0) throw validationError(errors);
    const rows = await this.jobs.list({ statuses, template: filters.template, location: filters.location, batchId: filters.batchId, contextId: filters.contextId, since, until, beforeSeq, limit });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { jobs: page.map(this.view), nextCursor: rows.length > limit && last ? seqCursor.encode({ seq: last.seq }) : null };
  }

  /** Jobs changed after `since`, and the cursor to ask with next (a dashboard's live feed). */
  async changedSince(since: string, limit = 200): Promise<{ jobs: JobView[]; cursor: string }> {
    const rows = await this.jobs.changedSince(since, limit);
    return { jobs: rows.map(this.view), cursor: rows.at(-1)?.updated_at ?? since };
  }

  async stats(): Promise<QueueStats> {
    // A worker is active while its heartbeat is recent; dead ones age out.
    const liveSince = new Date(Date.now() - Math.max(60, this.opts.leaseSeconds * 2) * 1000).toISOString();
    const [counts, workers, done, paused] = await Promise.all([
      this.jobs.countsByStatus(),
      this.jobs.liveWorkers(liveSince),
      this.jobs.throughputSince(new Date(Date.now() - 3600_000).toISOString()),
      this.jobs.isPaused(),
    ]);
    return {
      counts,
      paused,
      workers: workers.map((w) => ({ id: w.id, host: w.host, pid: w.pid, currentJobId: w.current_job_id, lastHeartbeatAt: w.last_heartbeat_at, startedAt: w.started_at })),
      throughput: { windowSec: 3600, completed: done.completed, failed: done.failed, perMinute: Math.round((done.completed / 60) * 100) / 100, avgRenderMs: done.avgRenderMs },
    };
  }

  async cancel(id: string): Promise<JobView> {
    const row = await this.jobs.cancel(id);
    if (!row) return this.refuse(id, 'cancel', 'only queued or rendering jobs can be canceled');
    // A local render stops now; one in another process stops at its next heartbeat (≤ 1 s), fenced out by the status change.
    this.localAbort?.(id);
    return this.view(row);
  }

  /** The job as the retry left it (queued), even if a worker claims it a moment later. */
  async retry(id: string): Promise<JobView> {
    const row = await this.jobs.retry(id);
    if (!row) return this.refuse(id, 'retry', 'only failed or canceled jobs can be retried');
    await this.store.notify(JOBS_CHANNEL).catch(() => {});
    return this.view(row);
  }

  async setPaused(paused: boolean): Promise<{ paused: boolean }> {
    await this.jobs.setPaused(paused);
    if (!paused) await this.store.notify(JOBS_CHANNEL).catch(() => {});
    return { paused };
  }

  /** Registers a module's additions to the renders and files of its jobs. */
  extend(extension: JobExtension): void {
    this.extensions.push(extension);
  }

  /**
   * The storage key behind a public file URL: the video, poster and storyboard once
   * the job is completed; any other name, as an extension answers it.
   */
  async fileKey(token: string, name: string): Promise<string | null> {
    const row = await this.jobs.byFileToken(token);
    if (!row) return null;
    const own: Record<string, () => string | null> = {
      'video.mp4': () => row.video_key,
      'poster.png': () => row.poster_key,
      'storyboard.jpg': () => row.storyboard_key,
      'storyboard.vtt': () => (row.storyboard_key ? storyboardVttKey(row.storyboard_key) : null),
    };
    const keyOf = own[name];
    if (keyOf) return row.status === 'completed' ? keyOf() : null;
    return this.extensionFileKey(row.id, name);
  }

  /** Publishes render.completed / render.failed for a job that just ended, inside `trx`. */
  async announceEnd(trx: Executor, jobId: string): Promise<void> {
    const row = await this.jobs.get(jobId, trx);
    if (!row) return;
    await this.opts.events.publish(trx, row.status === 'completed' ? 'render.completed' : 'render.failed', this.view(row));
  }

  private async refuse(id: string, action: string, rule: string): Promise<never> {
    const row = await this.jobs.get(id);
    if (!row) throw notFound('Render job', id);
    throw invalidState(`Cannot ${action} job ${id}: it is ${row.status}; ${rule}`, { currentStatus: row.status });
  }
}

/** Accepts a date (YYYY-MM-DD) or a date-time; `endOfDay` makes a bare date inclusive for `until`. */
export function parseInstant(value: string, field: string, errors: FieldError[], endOfDay = false): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  } else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(value)) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  errors.push({ field, message: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time' });
  return undefined;
}

/** A job's provenance, read from its stored params (null for renders given none). */
function provenanceOf(params: Record<string, unknown>): Provenance | null {
  const p = params.provenance;
  return Value.Check(ProvenanceSchema, p) ? p : null;
}
