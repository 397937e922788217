/**
 * One webhook delivery attempt over HTTP(S).
 *
 * Sent through the service's one outbound client (core/outbound/request.ts): the
 * target is checked by the SSRF guard right before the attempt and the socket
 * connects only to the checked addresses; redirects are not followed (a 3xx is a
 * failed attempt); the timeout covers the whole attempt. Network trouble never
 * throws: every outcome is a {@link DeliveryResult}.
 */
import { OutboundRequestError, outboundRequest } from '../../../core/outbound/request.js';
import type { AllowedNetworks, HostResolver } from '../../../core/outbound/ssrf.js';
import { SERVICE_VERSION } from '../../../core/version.js';

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

/**
 * Makes one POST attempt and reports how it went. Never rejects for network
 * or receiver trouble; the caller decides about retries from `ok`,
 * `statusCode` and `errorCode` (see schedule.ts).
 */
export async function deliverWebhook(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await outboundRequest({
      url: request.url,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: request.body,
      timeoutMs: request.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
      // Only the start of the answer is kept for the log; the rest is not waited for.
      maxResponseBytes: request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      oversize: 'truncate',
      userAgent: WEBHOOK_USER_AGENT,
      ...(request.allowed ? { allowed: request.allowed } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.resolve ? { resolve: request.resolve } : {}),
      ...(request.ca !== undefined ? { ca: request.ca } : {}),
    });
    const snippet = res.body.length > 0 ? res.body.toString('utf8') : undefined;
    const base = { statusCode: res.status, ...(snippet ? { responseBodySnippet: snippet } : {}), ...(res.remoteAddress ? { remoteAddress: res.remoteAddress } : {}), durationMs: elapsed() };
    if (res.status >= 200 && res.status < 300) return { ok: true, ...base };
    return { ok: false, ...base, errorCode: 'http_status', error: `HTTP ${res.status}` };
  } catch (err) {
    if (!(err instanceof OutboundRequestError)) {
      // Only a bug gets here; still keep the promise of never rejecting.
      return { ok: false, error: `internal error: ${err instanceof Error ? err.message : String(err)}`, errorCode: 'connection_failed', durationMs: elapsed() };
    }
    const statusCode = err.statusCode ?? undefined;
    const common = { ok: false, ...(statusCode !== undefined ? { statusCode } : {}), durationMs: elapsed() };
    if (err.code === 'redirect') {
      const location = err.headers?.location;
      return { ...common, errorCode: 'redirect', error: `HTTP ${statusCode ?? 0} redirect not followed${location ? ` (Location: ${location.slice(0, 200)})` : ''}` };
    }
    // A deadline or a cancel reads as one word in the delivery log.
    const error = err.code === 'timeout' || err.code === 'aborted' ? err.code : err.detail;
    return { ...common, errorCode: err.code === 'too_large' ? 'connection_failed' : err.code, error };
  }
}
