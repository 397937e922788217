import { AqcastError } from '../errors.js';
import { sleep } from '../http.js';
import { TERMINAL_STATUSES, type Batch, type Job, type JobPage, type MultiPlaceParams, type Place, type RenderFilters, type RenderParams, type Station } from '../types.js';
import { paginate, pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';

export interface WaitOptions {
  /** Time between polls, default 1000 ms. */
  pollMs?: number;
  /** Give up after this long with an `AqcastError` of status 408, code `timeout`. Default 10 minutes. */
  timeoutMs?: number;
  /** Called with the job after every poll. */
  onProgress?: (job: Job) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface CreateOptions extends WaitOptions {
  /** Wait until the job is completed, failed or canceled and return it then. */
  wait?: boolean;
  /** Send this Idempotency-Key instead of a random one. */
  idempotencyKey?: string;
}

export const DEFAULT_POLL_MS = 1000;
export const DEFAULT_WAIT_TIMEOUT_MS = 10 * 60_000;

/** Render jobs: `POST /render`, `GET /render/:id`, `GET /renders`, `POST /batch`. */
export class Renders extends Resource {
  /** Queues a render. With `wait: true`, polls until the job ends and returns the final job (whatever its status). */
  async create(params: RenderParams, opts: CreateOptions = {}): Promise<Job> {
    const job = await this.http.request<Job>('POST', '/render', { ...requestOptions({ idempotencyKey: opts.idempotencyKey, signal: opts.signal }), body: params });
    if (!opts.wait) return job;
    return this.wait(job.jobId, opts);
  }

  /**
   * A ranking of 2–20 places, worst first by the render's standard:
   * `renders.ranking([{ name: 'Santiago', pm25: 87 }, { name: 'Lima', pm25: 12 }], { location: 'Capitales' }, { wait: true })`.
   * The service checks the places (a 400 names the field, e.g. `places[3].pm25`).
   */
  ranking(places: Place[], params: MultiPlaceParams, opts: CreateOptions = {}): Promise<Job> {
    return this.create({ ...params, template: 'ranking', places }, opts);
  }

  /** Two places side by side, or one place at two dates (give each a `date`, or mark one `forecast`), the difference said in words. */
  comparison(a: Place, b: Place, params: MultiPlaceParams, opts: CreateOptions = {}): Promise<Job> {
    return this.create({ ...params, template: 'comparison', places: [a, b] }, opts);
  }

  /** A map of up to 60 stations (each with lat/lon) as category-coloured markers over the offline basemap. */
  stationMap(stations: Station[], params: MultiPlaceParams, opts: CreateOptions = {}): Promise<Job> {
    return this.create({ ...params, template: 'station-map', stations }, opts);
  }

  get(id: string, opts?: CallOptions): Promise<Job> {
    return this.http.request<Job>('GET', pathWithId('/render', id), requestOptions(opts));
  }

  /** One page of jobs, newest first; pass `nextCursor` back as `cursor` for the next page. */
  list(filters: RenderFilters = {}, opts?: CallOptions): Promise<JobPage> {
    const { status, ...rest } = filters;
    const query = { status: Array.isArray(status) ? status.join(',') : status, ...rest };
    return this.http.request<JobPage>('GET', '/renders', { ...requestOptions(opts), query });
  }

  /** Every job matching the filters, across all pages: `for await (const job of client.renders.listAll({ batchId }))`. */
  listAll(filters: RenderFilters = {}): AsyncGenerator<Job, void, undefined> {
    const { cursor, ...rest } = filters;
    return paginate((c) => this.list({ ...rest, cursor: c }), (p) => p.jobs, cursor);
  }

  /** Queues many renders in one all-or-nothing request. */
  batch(items: RenderParams[], opts?: CallOptions): Promise<Batch> {
    return this.http.request<Batch>('POST', '/batch', { ...requestOptions(opts), body: { items } });
  }

  /** Polls a job until it is completed, failed or canceled; see `Client.waitForJob`. */
  async wait(id: string, opts: WaitOptions = {}): Promise<Job> {
    const pollMs = Math.max(0, opts.pollMs ?? DEFAULT_POLL_MS);
    const timeoutMs = opts.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.get(id, { signal: opts.signal });
      await opts.onProgress?.(job);
      if (TERMINAL_STATUSES.includes(job.status)) return job;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new AqcastError({
          status: 408,
          code: 'wait_timeout',
          message: `Job ${id} was still ${job.status} (progress ${Math.round(job.progress * 100)} %) after ${timeoutMs} ms`,
          problem: { status: 408, code: 'wait_timeout', detail: `Job ${id} did not finish within ${timeoutMs} ms`, job },
        });
      }
      await sleep(Math.min(pollMs, left), opts.signal);
    }
  }
}
