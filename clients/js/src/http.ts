/**
 * The one request function every namespace goes through: auth, JSON and
 * multipart bodies, per-request timeouts, an Idempotency-Key on every POST, and
 * retries with jittered exponential backoff.
 *
 * Retry policy (as openai-node and stripe-node): only requests that are safe to
 * repeat — GET/HEAD/OPTIONS, or a mutation carrying an Idempotency-Key (every
 * POST, PATCH and DELETE gets one) — and only on connection errors, 408, 429,
 * 5xx, and a 409 `idempotency_in_progress` (the first try is still running).
 * Other 4xx answers are the caller's to fix and are never retried. `Retry-After`
 * (seconds or an HTTP date) and `retry-after-ms` are honoured up to a minute; a
 * server asking for a longer pause gets the error back instead of a retry that
 * ignores it. Redirects are not followed: the API key must never travel to
 * another origin.
 */
import { AqcastError, errorFromResponse } from './errors.js';
import { VERSION } from './version.js';

export interface ClientOptions {
  /** Where the service listens, e.g. `http://localhost:3000`. A path prefix is kept. */
  baseUrl: string;
  /** Sent as `X-Api-Key`. Defaults to `process.env.AQCAST_API_KEY` where `process` exists. */
  apiKey?: string;
  /** Per attempt of each request, default 60 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt, default 2. */
  maxRetries?: number;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof fetch;
}

export type QueryValue = string | number | boolean | Date | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (the boundary is set by fetch). */
  form?: FormData;
  /** For POST, PATCH and DELETE: the key to send instead of a random one (reuse it to make your own retries safe). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;
const MAX_RETRY_AFTER_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MUTATING_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** A random v4 UUID, through Web Crypto (Node ≥ 19 and browsers). */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortedError(signal: AbortSignal): AqcastError {
  return new AqcastError({ status: 0, code: 'aborted', message: 'The request was aborted', cause: signal.reason });
}

/** Milliseconds the server asked us to wait, or null when it did not say. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms);
  const ra = headers.get('retry-after');
  if (ra === null) return null;
  const v = ra.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 1000;
  const date = Date.parse(v);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Backoff before retry number `attempt + 1`: 0.5 s, 1 s, 2 s … up to 8 s, less up to 25 % jitter. */
export function backoffMs(attempt: number): number {
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS);
  return base * (1 - Math.random() * 0.25);
}

function isRetryable(error: AqcastError): boolean {
  return error.status === 408 || error.status === 429 || error.status >= 500 || (error.status === 409 && error.code === 'idempotency_in_progress');
}

function isNode(): boolean {
  // Runs in browsers and Deno too: `process` is read off globalThis only where it exists.
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

export class Transport {
  readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly headers: Record<string, string>;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: ClientOptions) {
    if (!opts || typeof opts.baseUrl !== 'string' || opts.baseUrl.length === 0) throw new TypeError('aqcast: baseUrl is required, e.g. new Client({ baseUrl: "http://localhost:3000", apiKey })');
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    // Runs in browsers and Deno too: `process` is read off globalThis only where it exists.
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
    this.apiKey = opts.apiKey ?? env?.AQCAST_API_KEY;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.headers = { ...(opts.headers ?? {}) };
    this.fetchImpl = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    let url = this.baseUrl + (path.startsWith('/') ? path : `/${path}`);
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      if (v instanceof Date) qs.set(k, v.toISOString());
      else if (Array.isArray(v)) qs.set(k, v.join(','));
      else qs.set(k, String(v));
    }
    const s = qs.toString();
    if (s) url += `?${s}`;
    return url;
  }

  /** Sends a request (retrying when safe) and returns the parsed JSON body; throws `AqcastError` on failure. */
  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    // The answer's shape is the API's contract, which the generated types T describe.
    return (await this.send(method, path, opts, true)).parsed as T;
  }

  /** Like `request`, but returns the successful `Response` unread (files, HEAD). */
  async raw(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    return (await this.send(method, path, opts, false)).res;
  }

  private async send(method: string, path: string, opts: RequestOptions, readSuccess: boolean): Promise<{ res: Response; parsed: unknown }> {
    const m = method.toUpperCase();
    const idempotencyKey = opts.idempotencyKey ?? (MUTATING_METHODS.has(m) ? randomUuid() : undefined);
    const retryable = SAFE_METHODS.has(m) || idempotencyKey !== undefined;
    const maxRetries = retryable ? Math.max(0, opts.maxRetries ?? this.maxRetries) : 0;
    const url = this.url(path, opts.query);

    const headers: Record<string, string> = { accept: 'application/json', ...this.headers };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    // Browsers refuse to let scripts set User-Agent; Node sends it.
    if (isNode()) headers['user-agent'] = `aqcast-js/${VERSION}`;
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    let body: string | FormData | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, opts.headers ?? {});

    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let parsed: unknown;
      const controller = new AbortController();
      const onAbort = () => controller.abort(opts.signal?.reason);
      if (opts.signal?.aborted) throw abortedError(opts.signal);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, opts.timeoutMs ?? this.timeoutMs);
      try {
        res = await this.fetchImpl(url, { method: m, headers, body, signal: controller.signal, redirect: 'manual' });
        if (readSuccess || !res.ok) parsed = await readBody(res);
      } catch (err) {
        if (opts.signal?.aborted) throw abortedError(opts.signal);
        const e = timedOut
          ? new AqcastError({ status: 0, code: 'connection_timeout', message: `${m} ${path} timed out after ${opts.timeoutMs ?? this.timeoutMs} ms`, cause: err })
          : new AqcastError({ status: 0, code: 'connection_error', message: `${m} ${path} failed: ${describeNetworkError(err)}`, cause: err });
        if (attempt >= maxRetries) throw e;
        await sleep(backoffMs(attempt), opts.signal);
        continue;
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      }

      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
        const location = res.headers.get('location');
        throw new AqcastError({
          status: res.status,
          code: 'redirect_not_followed',
          message: `${m} ${path} was redirected${location ? ` to ${location}` : ''}; redirects are not followed, so the API key never reaches another address. Set baseUrl to the final address.`,
          headers: res.headers,
        });
      }
      if (res.ok) return { res, parsed };
      const error = errorFromResponse(res.status, res.statusText, parsed, res.headers);
      if (attempt >= maxRetries || !isRetryable(error)) throw error;
      const asked = parseRetryAfter(res.headers);
      if (asked !== null && asked > MAX_RETRY_AFTER_MS) throw error;
      await sleep(asked ?? backoffMs(attempt), opts.signal);
    }
  }
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205 || res.status === 304) return undefined;
  const text = await res.text();
  if (text.length === 0) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(type)) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed;
    } catch {
      return text;
    }
  }
  return text;
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const { cause } = err;
  const why = cause instanceof Error ? (('code' in cause && typeof cause.code === 'string' ? cause.code : undefined) ?? cause.message) : undefined;
  return [err.message, why ? `(${why})` : ''].filter(Boolean).join(' ');
}
