import { AqcastError } from './errors.js';
import { Transport, type ClientOptions, type RequestOptions } from './http.js';
import { Ingest } from './resources/ingest.js';
import { Queue } from './resources/queue.js';
import { Renders, type WaitOptions } from './resources/renders.js';
import { Webhooks } from './resources/webhooks.js';
import type { Job, Ping, TemplateList } from './types.js';

/**
 * The aqcast API client.
 *
 * ```ts
 * const client = new Client({ baseUrl: 'http://localhost:3000', apiKey: process.env.AQCAST_API_KEY });
 * const job = await client.renders.create({ location: 'Santiago', pm25: 87 }, { wait: true });
 * ```
 */
export class Client {
  readonly renders: Renders;
  readonly queue: Queue;
  readonly webhooks: Webhooks;
  readonly ingest: Ingest;
  private readonly http: Transport;

  constructor(opts: ClientOptions) {
    this.http = new Transport(opts);
    this.renders = new Renders(this.http);
    this.queue = new Queue(this.http);
    this.webhooks = new Webhooks(this.http);
    this.ingest = new Ingest(this.http);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** `GET /ping`: `{ ok, version, uptime }` (the service's version, not this library's). */
  ping(): Promise<Ping> {
    return this.http.request<Ping>('GET', '/ping');
  }

  /** `GET /templates`: the video templates and AQI standards. */
  templates(): Promise<TemplateList> {
    return this.http.request<TemplateList>('GET', '/templates');
  }

  /**
   * Polls a render job until it is completed, failed or canceled, and returns it
   * (a failed job is returned, not thrown). `onProgress` gets the job after every
   * poll. Past `timeoutMs` it throws an `AqcastError` with status 408, code `timeout`.
   */
  waitForJob(id: string, opts: WaitOptions = {}): Promise<Job> {
    return this.renders.wait(id, opts);
  }

  /** `POST /graphql`; returns `data`, or throws an `AqcastError` (code `graphql_error`) when the answer lists `errors`. */
  async graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, opts: RequestOptions = {}): Promise<T> {
    const res = await this.http.request<{ data?: T; errors?: { message: string }[] }>('POST', '/graphql', { ...opts, body: variables === undefined ? { query } : { query, variables } });
    if (res && Array.isArray(res.errors) && res.errors.length > 0) {
      throw new AqcastError({ status: 200, code: 'graphql_error', message: res.errors.map((e) => e.message).join('; '), problem: res as Record<string, unknown> });
    }
    return (res?.data ?? {}) as T;
  }

  /** Any route, through the same auth, retries and errors (for routes this version has no method for). */
  request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return this.http.request<T>(method, path, opts);
  }
}
