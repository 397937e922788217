/**
 * One guarded HTTP request to a provider the operator configured (a language model,
 * a speech server): the URL passes the SSRF guard first and the socket connects only
 * to the addresses the guard checked (a pinned `lookup`, so DNS cannot change the
 * answer in between); one deadline covers resolution, connection, headers and body;
 * the body is capped; redirects are not followed. Failures are an
 * {@link OutboundRequestError} with a stable code, never a hang or a crash.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { SERVICE_VERSION } from '../version.js';
import { checkOutboundUrl, NO_ALLOWED_NETWORKS, OutboundTargetError, type AllowedNetworks, type HostResolver, type ResolvedAddress } from './ssrf.js';

export type OutboundRequestErrorCode = 'target_refused' | 'dns_failed' | 'connection_failed' | 'timeout' | 'aborted' | 'too_large' | 'redirect';

/** Why a request produced no answer. `detail` names only the URL's host and what went wrong (no keys, no bodies). */
export class OutboundRequestError extends Error {
  constructor(
    readonly code: OutboundRequestErrorCode,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'OutboundRequestError';
  }
}

export interface OutboundRequest {
  url: string | URL;
  method?: 'GET' | 'POST';
  headers?: Readonly<Record<string, string>>;
  body?: string | Buffer;
  /** Whole-request deadline. */
  timeoutMs: number;
  /** OUTBOUND_ALLOWED_NETWORKS; default: only public addresses. */
  allowed?: AllowedNetworks;
  /** Largest body read; a longer answer is a `too_large` error. Default 4 MB. */
  maxResponseBytes?: number;
  signal?: AbortSignal;
  /** Tests inject DNS answers. */
  resolve?: HostResolver;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
export const OUTBOUND_USER_AGENT = `aqcast/${SERVICE_VERSION}`;

/** A `lookup` that answers with the checked addresses only and never asks DNS. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const pool = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : [...addresses];
    const first = pool[0];
    if (first === undefined) {
      const err: NodeJS.ErrnoException = new Error(`no checked address for ${hostname}`);
      err.code = 'ENOTFOUND';
      callback(err, '');
    } else if (options.all) callback(null, pool);
    else callback(null, first.address, first.family);
  };
}

/**
 * Sends one request and resolves with the status, headers and body of any answer
 * (a 5xx is an answer; the caller decides). Rejects with {@link OutboundRequestError}
 * when the target is refused, unreachable, too slow, redirects or answers too much.
 */
export async function outboundRequest(req: OutboundRequest): Promise<OutboundResponse> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort('timeout'), req.timeoutMs);
  const onCallerAbort = () => stop.abort('aborted');
  if (req.signal?.aborted) stop.abort('aborted');
  else req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const stopped = () => new OutboundRequestError(stop.signal.reason === 'timeout' ? 'timeout' : 'aborted', stop.signal.reason === 'timeout' ? `no answer within ${req.timeoutMs} ms` : 'aborted');
  try {
    let target;
    try {
      const check = checkOutboundUrl(req.url, req.allowed ?? NO_ALLOWED_NETWORKS, req.resolve ? { resolve: req.resolve } : {});
      check.catch(() => {});
      target = await Promise.race([check, new Promise<never>((_, reject) => stop.signal.addEventListener('abort', () => reject(stopped()), { once: true }))]);
    } catch (err) {
      if (err instanceof OutboundTargetError) throw new OutboundRequestError(err.code === 'dns_failed' ? 'dns_failed' : 'target_refused', err.detail);
      throw err;
    }
    if (stop.signal.aborted) throw stopped();
    return await send(req, target.url, target.hostname, target.addresses, stop.signal, stopped);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function send(req: OutboundRequest, url: URL, hostname: string, addresses: ResolvedAddress[], signal: AbortSignal, stopped: () => OutboundRequestError): Promise<OutboundResponse> {
  const max = req.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const transport = url.protocol === 'https:' ? https : http;
  const body = req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
  const headers: Record<string, string> = { 'user-agent': OUTBOUND_USER_AGENT, ...req.headers };
  if (body) headers['content-length'] = String(body.length);
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const finish = (err: OutboundRequestError | null, res?: OutboundResponse) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      request.destroy();
      if (err) reject(err);
      else resolve(res as OutboundResponse);
    };
    const onAbort = () => finish(stopped());
    const request = transport.request({
      method: req.method ?? (body ? 'POST' : 'GET'),
      host: hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers,
      // A fresh connection each time: a pooled socket would skip the pinned lookup.
      agent: false,
      lookup: pinnedLookup(addresses),
    });
    signal.addEventListener('abort', onAbort, { once: true });
    request.on('error', (err: NodeJS.ErrnoException) => finish(new OutboundRequestError('connection_failed', `${hostname}: ${err.code ?? err.message}`)));
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) return finish(new OutboundRequestError('redirect', `${hostname} answered ${status} (redirects are not followed)`));
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > max) return finish(new OutboundRequestError('too_large', `${hostname} answered ${declared} bytes (limit ${max})`));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) return finish(new OutboundRequestError('too_large', `${hostname} answered more than ${max} bytes`));
        chunks.push(chunk);
      });
      res.on('end', () => finish(null, { status, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (err: NodeJS.ErrnoException) => finish(new OutboundRequestError('connection_failed', `${hostname}: response interrupted (${err.code ?? err.message})`)));
      res.on('close', () => {
        if (!res.complete) finish(new OutboundRequestError('connection_failed', `${hostname}: the connection closed before the answer was complete`));
      });
    });
    request.end(body);
  });
}

/** POSTs `payload` as JSON; the answer's body is returned as is (parse it with care: it comes from outside). */
export function postJson(url: string | URL, payload: unknown, opts: Omit<OutboundRequest, 'url' | 'method' | 'body'>): Promise<OutboundResponse> {
  return outboundRequest({ ...opts, url, method: 'POST', body: JSON.stringify(payload), headers: { 'content-type': 'application/json', accept: 'application/json', ...opts.headers } });
}
