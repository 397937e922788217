/**
 * Base of every namespace (`renders`, `queue`, `webhooks`, `ingest`, …): a thin
 * class over the shared request function. A new namespace is one small file
 * extending this and one line in `Client`.
 */
import type { RequestOptions, Transport } from '../http.js';

export abstract class Resource {
  constructor(protected readonly http: Transport) {}
}

/** The per-call options a namespace method passes through to the request. */
export interface CallOptions {
  /** For POST, PATCH and DELETE: send this Idempotency-Key instead of a random one. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Request options with `If-Match` from a version number (`3` → `"v3"`) or an ETag as given. */
export function conditional(opts: (CallOptions & { ifMatch?: number | string }) | undefined): RequestOptions {
  const r = requestOptions(opts);
  if (opts?.ifMatch === undefined) return r;
  return { ...r, headers: { 'if-match': typeof opts.ifMatch === 'number' ? `"v${opts.ifMatch}"` : opts.ifMatch } };
}

export function requestOptions(opts: CallOptions | undefined): RequestOptions {
  const r: RequestOptions = {};
  if (opts?.idempotencyKey !== undefined) r.idempotencyKey = opts.idempotencyKey;
  if (opts?.signal !== undefined) r.signal = opts.signal;
  if (opts?.timeoutMs !== undefined) r.timeoutMs = opts.timeoutMs;
  return r;
}

/** `/a/:id` with the id escaped. */
export function pathWithId(prefix: string, id: string, suffix = ''): string {
  if (typeof id !== 'string' || id.length === 0) throw new TypeError(`aqcast: an id is required for ${prefix}/:id${suffix}`);
  return `${prefix}/${encodeURIComponent(id)}${suffix}`;
}

/** Follows `nextCursor` from page to page, yielding every item once. */
export async function* paginate<T, P extends { nextCursor?: string | null }>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  items: (page: P) => T[],
  firstCursor?: string,
): AsyncGenerator<T, void, undefined> {
  let cursor = firstCursor;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* items(page);
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
