/**
 * The one outbound HTTP client: every request the service makes to a URL it was
 * given (webhook receivers, workflow sources, language-model and speech providers)
 * goes through `outboundRequest`. The URL passes the SSRF guard first and the socket
 * connects only to the addresses the guard checked (a pinned `lookup`, so a DNS
 * answer that changes in between — rebinding — is never used; Host and TLS SNI
 * still use the URL's hostname); one deadline covers resolution, connection,
 * headers and body; the body is capped; redirects are never followed. Failures are
 * an {@link OutboundRequestError} with a stable code, never a hang or a crash.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { SERVICE_VERSION } from '../version.js';
import { checkOutboundUrl, NO_ALLOWED_NETWORKS, OutboundTargetError, type AllowedNetworks, type HostResolver, type ResolvedAddress } from './ssrf.js';

export type OutboundRequestErrorCode = 'target_refused' | 'dns_failed' | 'connection_failed' | 'timeout' | 'aborted' | 'too_large' | 'redirect';

/** Why a request produced no (complete) answer. `detail` names only the URL's host and what went wrong (no keys, no bodies). */
export class OutboundRequestError extends Error {
  constructor(
    readonly code: OutboundRequestErrorCode,
    readonly detail: string,
    /** The status, when the answer had begun (a body cut off, too slow or too large). */
    readonly statusCode: number | null = null,
    /** The answer's headers, when it had begun (a redirect's Location). */
    readonly headers: http.IncomingHttpHeaders | null = null,
  ) {
    super(detail);
    this.name = 'OutboundRequestError';
  }
}

export interface OutboundRequest {
  url: string | URL;
  method?: 'GET' | 'POST';
  /** Undefined values are skipped; `host`, `content-length` and `transfer-encoding` are the client's to set. */
  headers?: Readonly<Record<string, string | undefined>>;
  body?: string | Buffer;
  /** Whole-request deadline: resolution, connection, headers and body. */
  timeoutMs: number;
  /** The operator's opened networks (e.g. OUTBOUND_ALLOWED_NETWORKS); default: only public addresses. */
  allowed?: AllowedNetworks;
  /** Largest body read. Default 4 MB. */
  maxResponseBytes?: number;
  /** A longer body: `'error'` (default) rejects with `too_large`; `'truncate'` keeps its first `maxResponseBytes` and stops reading. */
  oversize?: 'error' | 'truncate';
  signal?: AbortSignal;
  /** Tests inject DNS answers. */
  resolve?: HostResolver;
  /** Extra CA certificate(s) to trust for https targets (a private CA, or tests). */
  ca?: string | Buffer | (string | Buffer)[];
  /** Default `aqcast/<version>`. */
  userAgent?: string;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The address the request was sent to. */
  remoteAddress: string | null;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
export const OUTBOUND_USER_AGENT = `aqcast/${SERVICE_VERSION}`;

/** A `lookup` that answers with the checked addresses only and never asks DNS. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const pool = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : [...addresses];
    const first = pool[0];
    if (first === undefined) {
      const err: NodeJS.ErrnoException = new Error(`no checked IPv${String(family)} address for ${hostname}`);
      err.code = 'ENOTFOUND';
      callback(err, '');
    } else if (options.all) callback(null, pool);
    else callback(null, first.address, first.family);
  };
}

/**
 * Sends one request and resolves with the status, headers and body of any answer
 * but a redirect (a 5xx is an answer; the caller decides). Rejects with
 * {@link OutboundRequestError} when the target is refused, unreachable, too slow,
 * redirects, or answers too much.
 */
export async function outboundRequest(req: OutboundRequest): Promise<OutboundResponse> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort('timeout'), req.timeoutMs);
  const onCallerAbort = () => stop.abort('aborted');
  if (req.signal?.aborted) stop.abort('aborted');
  else req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const stopped = (statusCode: number | null = null) =>
    stop.signal.reason === 'timeout' ? new OutboundRequestError('timeout', `no complete answer within ${req.timeoutMs} ms`, statusCode) : new OutboundRequestError('aborted', 'aborted', statusCode);
  try {
    if (stop.signal.aborted) throw stopped();
    let target;
    try {
      const check = checkOutboundUrl(req.url, req.allowed ?? NO_ALLOWED_NETWORKS, req.resolve ? { resolve: req.resolve } : {});
      check.catch(() => {}); // the race may leave it unobserved
      const aborted = new Promise<never>((_, reject) => stop.signal.addEventListener('abort', () => reject(stopped()), { once: true }));
      aborted.catch(() => {});
      target = await Promise.race([check, aborted]);
    } catch (err) {
      if (err instanceof OutboundTargetError) throw new OutboundRequestError(err.code === 'dns_failed' ? 'dns_failed' : 'target_refused', `target refused: ${err.detail}`);
      throw err;
    }
    if (stop.signal.aborted) throw stopped();
    return await send(req, target.url, target.hostname, target.addresses, stop.signal, stopped);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function requestHeaders(req: OutboundRequest, body: Buffer | undefined): Record<string, string> {
  const out: Record<string, string> = { 'user-agent': req.userAgent ?? OUTBOUND_USER_AGENT };
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    const lower = name.toLowerCase();
    if (value !== undefined && lower !== 'host' && lower !== 'content-length' && lower !== 'transfer-encoding') out[lower] = value;
  }
  if (body) out['content-length'] = String(body.length);
  return out;
}

function send(req: OutboundRequest, url: URL, hostname: string, addresses: ResolvedAddress[], signal: AbortSignal, stopped: (statusCode?: number | null) => OutboundRequestError): Promise<OutboundResponse> {
  const max = req.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const transport = url.protocol === 'https:' ? https : http;
  const body = req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    let status: number | null = null;
    const finish = (result: OutboundRequestError | OutboundResponse) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      request.destroy();
      if (result instanceof OutboundRequestError) reject(result);
      else resolve(result);
    };
    const onAbort = () => finish(stopped(status));
    const request = transport.request({
      method: req.method ?? (body ? 'POST' : 'GET'),
      host: hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: requestHeaders(req, body),
      // A fresh connection each time: a pooled socket would skip the pinned lookup.
      agent: false,
      lookup: pinnedLookup(addresses),
      ...(req.ca !== undefined && url.protocol === 'https:' ? { ca: req.ca } : {}),
    });
    signal.addEventListener('abort', onAbort, { once: true });
    request.on('error', (err: NodeJS.ErrnoException) => finish(new OutboundRequestError('connection_failed', err.message || err.code || 'connection failed', status)));
    request.on('response', (res) => {
      const code = res.statusCode ?? 0;
      status = code;
      if (code >= 300 && code < 400) return finish(new OutboundRequestError('redirect', `${hostname} answered ${code} (redirects are not followed)`, code, res.headers));
      const declared = Number(res.headers['content-length']);
      if (req.oversize !== 'truncate' && Number.isFinite(declared) && declared > max) return finish(new OutboundRequestError('too_large', `${hostname} answered ${declared} bytes (limit ${max})`, code));
      const chunks: Buffer[] = [];
      let size = 0;
      const complete = () => finish({ status: code, headers: res.headers, body: Buffer.concat(chunks), remoteAddress: res.socket?.remoteAddress ?? null });
      res.on('data', (chunk: Buffer) => {
        const room = max - size;
        if (chunk.length > room && req.oversize !== 'truncate') return finish(new OutboundRequestError('too_large', `${hostname} answered more than ${max} bytes`, code));
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        chunks.push(part);
        size += part.length;
        if (size >= max && req.oversize === 'truncate') complete(); // enough; don't wait for the rest
      });
      res.on('end', complete);
      res.on('error', (err: NodeJS.ErrnoException) => finish(new OutboundRequestError('connection_failed', `answer interrupted: ${err.message || err.code || 'connection failed'}`, code)));
      res.on('close', () => {
        if (!res.complete) finish(new OutboundRequestError('connection_failed', 'answer interrupted: the connection closed before the answer was complete', code));
      });
    });
    request.end(body);
  });
}

/** POSTs `payload` as JSON; the answer's body is returned as is (parse it with care: it comes from outside). */
export function postJson(url: string | URL, payload: unknown, opts: Omit<OutboundRequest, 'url' | 'method' | 'body'>): Promise<OutboundResponse> {
  return outboundRequest({ ...opts, url, method: 'POST', body: JSON.stringify(payload), headers: { 'content-type': 'application/json', accept: 'application/json', ...opts.headers } });
}
