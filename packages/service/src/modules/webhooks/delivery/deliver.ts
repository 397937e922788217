/**
 * One webhook delivery attempt over HTTP(S).
 *
 * The target is checked again (see ssrf.ts) right before the attempt and the
 * socket is connected only to the addresses that check returned: the request's
 * `lookup` hands Node the pre-resolved, checked addresses, so a DNS answer that
 * changes between the check and the connection (DNS rebinding) is never used.
 * Host header and TLS SNI/certificate checks still use the URL's hostname.
 *
 * Redirects are not followed (a 3xx is a failed attempt). The timeout covers the
 * whole attempt: resolution, connection, response headers and the (capped) body.
 * Network trouble never throws: every outcome is a {@link DeliveryResult}.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { SERVICE_VERSION } from '../../../core/version.js';
import { NO_ALLOWED_NETWORKS, OutboundTargetError, checkOutboundUrl } from '../../../core/outbound/ssrf.js';
import type { AllowedNetworks, HostResolver, ResolvedAddress } from '../../../core/outbound/ssrf.js';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer we read and keep for the delivery log. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4096;
export const WEBHOOK_USER_AGENT = `aqcast-webhooks/${SERVICE_VERSION}`;

export interface DeliveryRequest {
  url: string | URL;
  /** Usually the output of `signWebhook`; undefined values are skipped, `host`, `content-length` and `transfer-encoding` are ours to set and are ignored. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The exact, already signed body. Sent as `application/json` unless headers say otherwise. */
  body: string;
  /** `WEBHOOK_ALLOWED_NETWORKS`, parsed. Default: nothing opened. */
  allowed?: AllowedNetworks;
  /** Whole-attempt limit. Default 10 s. */
  timeoutMs?: number;
  /** Cancels the attempt (e.g. at shutdown); the result then has `errorCode: 'aborted'`. */
  signal?: AbortSignal;
  /** Resolver for the target's hostname; the system resolver by default (tests inject one). */
  resolve?: HostResolver;
  /** Extra CA certificate(s) to trust for https targets (a private CA, or tests). */
  ca?: string | Buffer | (string | Buffer)[];
  /** Cap on the response body read. Default 4096 bytes. */
  maxResponseBytes?: number;
}

/** Machine-readable reason a delivery was not ok. */
export type DeliveryErrorCode =
  | 'target_refused' // the SSRF guard refused the URL or an address it resolves to
  | 'dns_failed' // the host did not resolve
  | 'connection_failed' // refused, reset, TLS failure, …
  | 'timeout'
  | 'aborted'
  | 'redirect' // a 3xx; not followed
  | 'http_status'; // any other non-2xx

export interface DeliveryResult {
  /** True exactly when the receiver answered 2xx (and the body arrived in time). */
  ok: boolean;
  /** The receiver's status, whenever it answered at all (also on a timeout while reading the body). */
  statusCode?: number;
  /** Why the attempt is not ok, for the delivery log: `timeout`, `HTTP 503`, `connect ECONNREFUSED …`. Absent when ok. */
  error?: string;
  errorCode?: DeliveryErrorCode;
  /** Wall time of the attempt in whole milliseconds. */
  durationMs: number;
  /** The start of the response body (UTF-8, at most `maxResponseBytes`), when there was one. */
  responseBodySnippet?: string;
  /** The IP address the request was sent to. */
  remoteAddress?: string;
}

type Outcome = Omit<DeliveryResult, 'durationMs'>;

/** A `lookup` that answers with the checked addresses only and never asks DNS. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const pool = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : [...addresses];
    const first = pool[0];
    if (first === undefined) {
      const err: NodeJS.ErrnoException = new Error(`no checked IPv${String(family)} address for ${hostname}`);
      err.code = 'ENOTFOUND';
      callback(err, '');
    } else if (options.all) {
      callback(null, pool);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

function describeNetworkError(err: NodeJS.ErrnoException): string {
  return err.message || err.code || 'connection failed';
}

function withoutReservedHeaders(headers: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value !== undefined && lower !== 'host' && lower !== 'content-length' && lower !== 'transfer-encoding') out[lower] = value;
  }
  return out;
}

function statusOutcome(statusCode: number, snippet: string | undefined, remoteAddress: string | undefined, location: string | undefined): Outcome {
  const base = { statusCode, ...(snippet ? { responseBodySnippet: snippet } : {}), ...(remoteAddress ? { remoteAddress } : {}) };
  if (statusCode >= 200 && statusCode < 300) return { ok: true, ...base };
  if (statusCode >= 300 && statusCode < 400) {
    return { ok: false, ...base, errorCode: 'redirect', error: `HTTP ${statusCode} redirect not followed${location ? ` (Location: ${location.slice(0, 200)})` : ''}` };
  }
  return { ok: false, ...base, errorCode: 'http_status', error: `HTTP ${statusCode}` };
}

/**
 * Makes one POST attempt and reports how it went. Never rejects for network
 * or receiver trouble; the caller decides about retries from `ok`,
 * `statusCode` and `errorCode` (see schedule.ts).
 */
export async function deliverWebhook(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { timeoutMs = DEFAULT_DELIVERY_TIMEOUT_MS, maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES } = request;

  // One controller for both ends of the attempt: our deadline and the caller's signal.
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort('timeout'), timeoutMs);
  const onCallerAbort = () => stop.abort('aborted');
  if (request.signal?.aborted) stop.abort('aborted');
  else request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const stopped = (): Outcome => {
    const reason = stop.signal.reason === 'timeout' ? 'timeout' : 'aborted';
    return { ok: false, error: reason, errorCode: reason };
  };

  try {
    const outcome = await attempt(request, stop.signal, maxResponseBytes, stopped);
    return { ...outcome, durationMs: elapsed() };
  } catch (err) {
    // Only a bug gets here; still keep the promise of never rejecting.
    return { ok: false, error: `internal error: ${(err as Error).message}`, errorCode: 'connection_failed', durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function attempt(request: DeliveryRequest, signal: AbortSignal, maxResponseBytes: number, stopped: () => Outcome): Promise<Outcome> {
  if (signal.aborted) return stopped();

  let target;
  try {
    const check = checkOutboundUrl(request.url, request.allowed ?? NO_ALLOWED_NETWORKS, request.resolve ? { resolve: request.resolve } : {});
    const abort = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    check.catch(() => {}); // the race may leave it unobserved
    target = await Promise.race([check, abort]);
  } catch (err) {
    if (signal.aborted) return stopped();
    if (err instanceof OutboundTargetError) {
      return { ok: false, errorCode: err.code === 'dns_failed' ? 'dns_failed' : 'target_refused', error: `target refused: ${err.detail}` };
    }
    throw err;
  }

  const { url, hostname, addresses } = target;
  const transport = url.protocol === 'https:' ? https : http;
  const headers = {
    'user-agent': WEBHOOK_USER_AGENT,
    'content-type': 'application/json',
    ...withoutReservedHeaders(request.headers),
    'content-length': String(Buffer.byteLength(request.body)),
  };

  return new Promise<Outcome>((resolve) => {
    let settled = false;
    let statusCode: number | undefined;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      req.destroy();
      resolve(outcome);
    };
    const onAbort = () => finish({ ...stopped(), ...(statusCode !== undefined ? { statusCode } : {}) });

    const req = transport.request({
      method: 'POST',
      host: hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers,
      // A fresh connection per attempt: a pooled socket would bypass the pinned lookup's intent.
      agent: false,
      lookup: pinnedLookup(addresses),
      ...(request.ca !== undefined && url.protocol === 'https:' ? { ca: request.ca } : {}),
    });
    signal.addEventListener('abort', onAbort, { once: true });

    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({ ok: false, errorCode: 'connection_failed', error: describeNetworkError(err), ...(statusCode !== undefined ? { statusCode } : {}) });
    });

    req.on('response', (res) => {
      statusCode = res.statusCode ?? 0;
      const remoteAddress = res.socket?.remoteAddress;
      const location = res.headers.location;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const snippet = size > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
        finish(statusOutcome(statusCode ?? 0, snippet, remoteAddress, location));
      };
      res.on('data', (chunk: Buffer) => {
        const room = maxResponseBytes - size;
        if (room > 0) {
          const part = chunk.subarray(0, room);
          chunks.push(part);
          size += part.length;
        }
        if (size >= maxResponseBytes) done(); // enough for the log; don't wait for the rest
      });
      res.on('end', done);
      res.on('error', (err: NodeJS.ErrnoException) => {
        finish({ ok: false, statusCode, errorCode: 'connection_failed', error: `response interrupted: ${describeNetworkError(err)}` });
      });
      res.on('close', () => {
        if (!res.complete) finish({ ok: false, statusCode, errorCode: 'connection_failed', error: 'response interrupted: the receiver closed the connection' });
      });
    });

    req.end(request.body);
  });
}
