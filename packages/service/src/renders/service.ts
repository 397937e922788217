/**
 * Render jobs: create (one or a batch), read, list. Routes and GraphQL call
 * these methods; nothing here knows about HTTP.
 */
import { randomBytes } from 'node:crypto';
import { renderKey, type RenderParams } from '@aqcast/engine';
import { sql, type CompiledQuery } from 'kysely';
import { AppError, notFound, validationError, type FieldError } from '../errors/catalogue.js';
import type { Executor, JobQueue } from '../queue/queue.js';
import type { JobRow, JobStatus } from '../store/schema.js';
import { toJobView, type JobView } from './job-view.js';
import { parseRenderParams } from './render-params.js';

export const JOB_STATUSES: JobStatus[] = ['queued', 'rendering', 'completed', 'failed', 'canceled'];
export const MAX_BATCH_ITEMS = 1000;

export interface EnqueueOptions {
  priority?: number;
  runAt?: string;
  maxAttempts?: number;
  batchId?: string | null;
  contextId?: string | null;
}

export interface ListFilters {
  status?: string;
  template?: string;
  location?: string;
  batchId?: string;
  since?: string;
  until?: string;
  limit?: number;
  cursor?: string;
}

export interface JobPage {
  jobs: JobView[];
  nextCursor: string | null;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

export class RenderService {
  constructor(
    private readonly queue: JobQueue,
    private readonly opts: { publicBaseUrl: () => string; defaultMaxAttempts: number },
  ) {}

  private getByIdCompiled: ReturnType<typeof preparedQuery> | null = null;
  private get getByIdQuery() {
    return (this.getByIdCompiled ??= preparedQuery(this.queue.db.selectFrom('jobs').selectAll().where('id', '=', '').compile()));
  }

  private view = (row: Parameters<typeof toJobView>[0]) => toJobView(row, this.opts.publicBaseUrl());

  /** Builds the job row for already-validated params. */
  buildJob(params: RenderParams, options: EnqueueOptions = {}): Omit<JobRow, 'seq'> {
    const now = new Date().toISOString();
    return {
      id: newId('job'),
      status: 'queued',
      template: params.template,
      location: params.location,
      params: JSON.stringify(params),
      render_key: renderKey(params),
      priority: options.priority ?? 0,
      run_at: options.runAt ? new Date(options.runAt).toISOString() : now,
      attempts: 0,
      max_attempts: options.maxAttempts ?? this.opts.defaultMaxAttempts,
      progress: 0,
      lease_owner: null,
      lease_expires_at: null,
      batch_id: options.batchId ?? null,
      context_id: options.contextId ?? null,
      file_token: randomBytes(24).toString('base64url'),
      video_key: null,
      poster_key: null,
      output: null,
      error_code: null,
      error_message: null,
      render_ms: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      completed_at: null,
    };
  }

  /** Validates and enqueues one render. */
  async create(input: unknown, options: EnqueueOptions = {}, trx?: Executor): Promise<JobView> {
    const params = parseRenderParams(input);
    const row = this.buildJob(params, options);
    await this.queue.enqueue([row], trx);
    if (!trx) await this.queue.notify();
    return this.view({ ...row, seq: 0 });
  }

  /** All-or-nothing: every item is validated before any job is written. */
  async createBatch(items: unknown, trx?: Executor): Promise<{ batchId: string; jobs: JobView[] }> {
    const list = Array.isArray(items) ? items : items && typeof items === 'object' && Array.isArray((items as { items?: unknown }).items) ? (items as { items: unknown[] }).items : null;
    if (!list) throw validationError([{ field: 'items', message: 'must be an array of render parameters, or an object { items: [...] }' }]);
    if (list.length === 0) throw validationError([{ field: 'items', message: 'must contain at least one item' }]);
    if (list.length > MAX_BATCH_ITEMS) throw validationError([{ field: 'items', message: `must contain at most ${MAX_BATCH_ITEMS} items` }]);
    const errors: FieldError[] = [];
    const params: RenderParams[] = [];
    list.forEach((item, index) => {
      try {
        params.push(parseRenderParams(item, `items[${index}].`));
      } catch (err) {
        if (err instanceof AppError && err.extra.errors) errors.push(...err.extra.errors);
        else throw err;
      }
    });
    if (errors.length > 0) {
      const indexes = [...new Set(errors.map((e) => /^items\[(\d+)\]/.exec(e.field)?.[1]))].join(', ');
      throw validationError(errors, `Batch rejected, nothing was queued: invalid item(s) at index ${indexes}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
    }
    const batchId = newId('bat');
    const rows = params.map((p) => this.buildJob(p, { batchId }));
    if (trx) await this.queue.enqueue(rows, trx);
    else await this.queue.db.transaction().execute((t) => this.queue.enqueue(rows, t));
    if (!trx) await this.queue.notify();
    return { batchId, jobs: rows.map((r) => this.view({ ...r, seq: 0 })) };
  }

  async get(id: string): Promise<JobView> {
    // The hottest read of the API: compiled once, not rebuilt per request.
    const row = (await this.queue.db.executeQuery<JobRow>(this.getByIdQuery.withParameters(id))).rows[0];
    if (!row) throw notFound('Render job', id);
    return this.view(row);
  }

  async list(filters: ListFilters): Promise<JobPage> {
    const errors: FieldError[] = [];
    const statuses = filters.status ? filters.status.split(',').map((s) => s.trim()) : [];
    for (const s of statuses) if (!JOB_STATUSES.includes(s as JobStatus)) errors.push({ field: 'status', message: `unknown status "${s}"; one of ${JOB_STATUSES.join(', ')}` });
    const since = filters.since ? parseInstant(filters.since, 'since', errors) : null;
    const until = filters.until ? parseInstant(filters.until, 'until', errors, true) : null;
    const limit = filters.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) errors.push({ field: 'limit', message: 'must be an integer from 1 to 500' });
    let cursorSeq: number | null = null;
    if (filters.cursor) {
      const decoded = Buffer.from(filters.cursor, 'base64url').toString('utf8');
      if (!/^seq:\d+$/.test(decoded)) errors.push({ field: 'cursor', message: 'is not a cursor returned by this API' });
      else cursorSeq = Number(decoded.slice(4));
    }
    if (errors.length > 0) throw validationError(errors);

    let q = this.queue.db.selectFrom('jobs').selectAll().orderBy('seq', 'desc').limit(limit + 1);
    if (statuses.length > 0) q = q.where('status', 'in', statuses as JobStatus[]);
    if (filters.template) q = q.where('template', '=', filters.template);
    if (filters.location) q = q.where(sql`lower(location)`, '=', filters.location.toLowerCase());
    if (filters.batchId) q = q.where('batch_id', '=', filters.batchId);
    if (since) q = q.where('created_at', '>=', since);
    if (until) q = q.where('created_at', '<=', until);
    if (cursorSeq !== null) q = q.where('seq', '<', cursorSeq);
    const rows = await q.execute();
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? Buffer.from(`seq:${last.seq}`).toString('base64url') : null;
    return { jobs: page.map(this.view), nextCursor };
  }
}

/** A compiled query whose single parameter is replaced per call. */
function preparedQuery(compiled: CompiledQuery<unknown>) {
  return { withParameters: (...parameters: unknown[]): CompiledQuery<JobRow> => ({ ...compiled, parameters } as CompiledQuery<JobRow>) };
}

/** Accepts a date (YYYY-MM-DD) or a date-time; `endOfDay` makes a bare date inclusive for `until`. */
function parseInstant(value: string, field: string, errors: FieldError[], endOfDay = false): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  errors.push({ field, message: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time' });
  return null;
}
