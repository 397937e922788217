/**
 * A retrying GET for JSON APIs the service reads on a user's behalf (the
 * air-quality sources of workflows), on the one outbound client (request.ts):
 * every attempt passes the SSRF guard and connects only to the checked addresses;
 * each attempt has a deadline; connection errors, timeouts, 408, 429 and 5xx
 * are retried with jittered exponential backoff, and a `Retry-After` (seconds
 * or an HTTP date) on 429/503 is honoured up to `maxRetryAfterMs`. Other 4xx
 * answers are the caller's to read and are never retried.
 */
import type http from 'node:http';
import { OutboundRequestError, outboundRequest } from './request.js';
import type { AllowedNetworks, HostResolver } from './ssrf.js';

export interface GuardedGetOptions {
  /** Extra request headers (an API key header, Accept). */
  headers?: Record<string, string>;
  allowed?: AllowedNetworks;
  /** Per attempt: resolution, connection, headers and body. Default 10 s. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** First backoff; attempt n waits about base × 2^(n-1), ±25 % jitter. Default 500 ms. */
  backoffBaseMs?: number;
  /** The longest `Retry-After` waited for; a longer one ends the retries. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Largest body read; a longer answer is an error. Default 8 MiB. */
  maxBodyBytes?: number;
  signal?: AbortSignal;
  resolve?: HostResolver;
  /** Names of query parameters whose values never appear in errors or attempt logs (a key sent in the URL). */
  secretParams?: string[];
}

/** One try, for the step's record. */
export interface GetAttempt {
  /** The status the source answered, when it answered. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** How long we waited before the next try, when there was one. */
  waitedMs: number | null;
}

export interface GetResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text (UTF-8). */
  text: string;
  attempts: GetAttempt[];
}

export type GetErrorCode = Exclude<OutboundRequestError['code'], 'redirect'> | 'http_status' | 'rate_limited';

/** A GET that failed for good (after its retries); carries every attempt. */
export class GuardedGetError extends Error {
  constructor(
    readonly code: GetErrorCode,
    message: string,
    readonly attempts: GetAttempt[],
    readonly statusCode: number | null = null,
    readonly bodySnippet: string | null = null,
  ) {
    super(message);
    this.name = 'GuardedGetError';
  }
}

/** Milliseconds a `Retry-After` value asks for (delta-seconds or an HTTP date), or null. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v.trim()) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The URL as it may be shown: secret query values replaced. */
export function redactUrl(url: string | URL, secretParams: readonly string[] = []): string {
  const u = new URL(String(url));
  for (const p of secretParams) if (u.searchParams.has(p)) u.searchParams.set(p, '[redacted]');
  return u.toString().replace(/%5Bredacted%5D/g, '[redacted]');
}

const RETRYABLE_STATUS = (s: number) => s === 408 || s === 429 || s >= 500;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

interface AttemptOutcome {
  statusCode?: number;
  headers?: http.IncomingHttpHeaders;
  text?: string;
  errorCode?: GetErrorCode;
  error?: string;
}

/**
 * GETs `url` and returns the answer (any status below 500 but 408/429, or the
 * last retryable one is thrown as a {@link GuardedGetError}). Never follows redirects.
 */
export async function guardedGet(url: string | URL, opts: GuardedGetOptions = {}): Promise<GetResponse> {
  const retries = opts.retries ?? 3;
  const base = opts.backoffBaseMs ?? 500;
  const maxRetryAfter = opts.maxRetryAfterMs ?? 60_000;
  const shown = redactUrl(url, opts.secretParams);
  const attempts: GetAttempt[] = [];
  for (let n = 0; ; n++) {
    const started = performance.now();
    const out = await attempt(url, opts);
    const durationMs = Math.round(performance.now() - started);
    const record: GetAttempt = { statusCode: out.statusCode ?? null, error: out.error ?? (out.statusCode !== undefined && out.statusCode >= 400 ? `HTTP ${out.statusCode}` : null), durationMs, waitedMs: null };
    attempts.push(record);
    if (out.errorCode === 'aborted' || opts.signal?.aborted) throw new GuardedGetError('aborted', `GET ${shown}: aborted`, attempts);
    const retryable = out.errorCode ? ['connection_failed', 'timeout', 'dns_failed'].includes(out.errorCode) : RETRYABLE_STATUS(out.statusCode ?? 0);
    if (!retryable) {
      if (out.errorCode) throw new GuardedGetError(out.errorCode, `GET ${shown}: ${out.error ?? out.errorCode}`, attempts);
      return { statusCode: out.statusCode!, headers: out.headers ?? {}, text: out.text ?? '', attempts };
    }
    const asked = out.statusCode === 429 || out.statusCode === 503 ? retryAfterMs(out.headers?.['retry-after']) : null;
    const snippet = out.text ? out.text.slice(0, 500) : null;
    const fail = (why: string) => {
      const code: GetErrorCode = out.errorCode ?? (out.statusCode === 429 ? 'rate_limited' : 'http_status');
      return new GuardedGetError(code, `GET ${shown}: ${out.error ?? `HTTP ${out.statusCode}`}${why}`, attempts, out.statusCode ?? null, snippet);
    };
    if (n >= retries) throw fail(` (after ${n + 1} attempt${n ? 's' : ''})`);
    if (asked !== null && asked > maxRetryAfter) throw fail(` (the source asks to wait ${Math.ceil(asked / 1000)} s, longer than ${Math.round(maxRetryAfter / 1000)} s)`);
    const backoff = base * 2 ** n * (0.75 + Math.random() * 0.5);
    const wait = Math.round(asked !== null ? Math.max(asked, base) : backoff);
    record.waitedMs = wait;
    await sleep(wait, opts.signal);
  }
}

async function attempt(url: string | URL, opts: GuardedGetOptions): Promise<AttemptOutcome> {
  try {
    const res = await outboundRequest({
      url,
      method: 'GET',
      headers: { accept: 'application/json', ...(opts.headers ?? {}) },
      timeoutMs: opts.timeoutMs ?? 10_000,
      maxResponseBytes: opts.maxBodyBytes ?? 8 * 1024 * 1024,
      ...(opts.allowed ? { allowed: opts.allowed } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.resolve ? { resolve: opts.resolve } : {}),
    });
    return { statusCode: res.status, headers: res.headers, text: res.body.toString('utf8') };
  } catch (err) {
    if (!(err instanceof OutboundRequestError)) throw err;
    const statusCode = err.statusCode ?? undefined;
    // A redirect is the source's answer (never followed): the caller reads its status.
    if (err.code === 'redirect') return { statusCode, headers: err.headers ?? {}, text: '' };
    return { statusCode, errorCode: err.code, error: err.detail };
  }
}
