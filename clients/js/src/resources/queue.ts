import type { Job, JobPage, JobStatus, RenderParams } from '../types.js';
import { paginate, pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';

export interface QueueFilters {
  status?: JobStatus | JobStatus[] | string;
  limit?: number;
  cursor?: string;
}

export interface QueueStats {
  counts: Record<JobStatus, number>;
  paused: boolean;
  workers: { id: string; host: string; pid: number; currentJobId: string | null; lastHeartbeatAt: string; startedAt: string }[];
  throughput: { windowSec: number; completed: number; failed: number; perMinute: number; avgRenderMs: number | null };
  [extra: string]: unknown;
}

export interface EnqueueOptions extends CallOptions {
  /** Higher runs first (default 0). */
  priority?: number;
  /** Do not start before this time. */
  runAt?: string | Date;
  /** Attempts before the job is left `failed` (service default 3). */
  maxAttempts?: number;
}

/** Queue control: `GET /queue/stats`, `GET /queue`, `GET /queue/:id`, `POST /queue`, cancel, retry, pause, resume. */
export class Queue extends Resource {
  /** Counts per status, the paused flag, active workers and recent throughput. */
  stats(opts?: CallOptions): Promise<QueueStats> {
    return this.http.request('GET', '/queue/stats', requestOptions(opts));
  }

  list(filters: QueueFilters = {}, opts?: CallOptions): Promise<JobPage> {
    const { status, ...rest } = filters;
    const query = { status: Array.isArray(status) ? status.join(',') : status, ...rest };
    return this.http.request<JobPage>('GET', '/queue', { ...requestOptions(opts), query });
  }

  /** Every queue entry matching the filters, across all pages. */
  listAll(filters: QueueFilters = {}): AsyncGenerator<Job, void, undefined> {
    const { cursor, ...rest } = filters;
    return paginate((c) => this.list({ ...rest, cursor: c }), (p) => p.jobs, cursor);
  }

  get(id: string, opts?: CallOptions): Promise<Job> {
    return this.http.request<Job>('GET', pathWithId('/queue', id), requestOptions(opts));
  }

  /** Queues render parameters with a priority and an optional delayed start; the body is the params plus `priority`, `runAt`, `maxAttempts`. */
  enqueue(params: RenderParams, opts: EnqueueOptions = {}): Promise<Job> {
    const body: Record<string, unknown> = { ...params };
    if (opts.priority !== undefined) body.priority = opts.priority;
    if (opts.runAt !== undefined) body.runAt = opts.runAt instanceof Date ? opts.runAt.toISOString() : opts.runAt;
    if (opts.maxAttempts !== undefined) body.maxAttempts = opts.maxAttempts;
    return this.http.request<Job>('POST', '/queue', { ...requestOptions(opts), body });
  }

  /** A queued job becomes `canceled`; a rendering one is stopped. Finished jobs → 409. */
  cancel(id: string, opts?: CallOptions): Promise<Job> {
    return this.http.request<Job>('POST', pathWithId('/queue', id, '/cancel'), requestOptions(opts));
  }

  /** A `failed` or `canceled` job goes back to `queued`; other statuses → 409. */
  retry(id: string, opts?: CallOptions): Promise<Job> {
    return this.http.request<Job>('POST', pathWithId('/queue', id, '/retry'), requestOptions(opts));
  }

  /** Stops every worker from starting new renders (running ones finish). */
  pause(opts?: CallOptions): Promise<{ paused: boolean }> {
    return this.http.request('POST', '/queue/pause', requestOptions(opts));
  }

  resume(opts?: CallOptions): Promise<{ paused: boolean }> {
    return this.http.request('POST', '/queue/resume', requestOptions(opts));
  }
}
