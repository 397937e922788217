/**
 * Idempotency keys. A client sends `Idempotency-Key` on a mutating request (or
 * `idempotencyKey` on a GraphQL mutation); the first successful response is
 * stored with a hash of the request, and a retry with the same key and the same
 * request gets it back instead of doing the work twice. The same key with a
 * different request is a 409 `idempotency_conflict`; a retry that arrives while
 * the first is still running is a 409 `idempotency_in_progress` with
 * Retry-After. Only 2xx answers are stored: a failed request may be retried.
 *
 * A key is claimed with a pending row before the work starts. Creating routes
 * write the final row inside their own transaction (`completeIn`), so the work
 * and its recorded response commit together; other routes record it when the
 * response is sent. A pending row whose process died is taken over after
 * {@link PENDING_LOCK_MS}.
 */
import { createHash } from 'node:crypto';
import { AppError, CORE_ERRORS, fieldError } from './errors.js';
import { onCommit, type Executor, type Store } from './store/database.js';

declare module './store/database.js' {
  interface Database {
    idempotency_keys: IdempotencyKeysTable;
  }
}

export interface IdempotencyKeysTable {
  key: string;
  /** Method and route pattern (`POST /render`), or `graphql:<mutation>`. */
  route: string;
  request_hash: string;
  /** 0 while the first request is still running. */
  status_code: number;
  response_body: string;
  created_at: string;
}

/** How long a pending key blocks retries before another request may take it over (its process died). */
export const PENDING_LOCK_MS = 5 * 60_000;
export const MAX_KEY_LENGTH = 255;

/** A stable JSON text of a value, keys sorted, for hashing requests. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return `{${Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** A stored answer to replay. */
export interface StoredResponse {
  statusCode: number;
  /** The response body exactly as first sent (JSON text, or empty). */
  body: string;
}

/** A claimed key: the work may run; finish it with one of these. */
export interface IdempotencyClaim {
  readonly key: string;
  readonly scope: string;
  readonly done: boolean;
  /** Records the response inside the transaction that did the work. */
  completeIn(trx: Executor, statusCode: number, body: string): Promise<void>;
  /** Records the response after the fact (work with no transaction of its own). */
  complete(statusCode: number, body: string): Promise<void>;
  /** Gives the key back: the work failed, a retry may run it again. */
  release(): Promise<void>;
}

export type IdempotencyOutcome = { kind: 'replay'; response: StoredResponse } | { kind: 'claimed'; claim: IdempotencyClaim };

export class IdempotencyService {
  constructor(private readonly store: Store) {}

  /** Forgets recorded answers older than `before` (a retry after that runs again). */
  async prune(before: Date): Promise<number> {
    const res = await this.store.db.deleteFrom('idempotency_keys').where('created_at', '<', before.toISOString()).where('status_code', '>', 0).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Checks the key's shape; throws a 400 naming the header (or argument). */
  static validateKey(key: string, field = 'Idempotency-Key'): void {
    if (key.length < 1 || key.length > MAX_KEY_LENGTH) throw fieldError(field, `must be 1–${MAX_KEY_LENGTH} characters`);
    if (!/^[\x21-\x7e]+$/.test(key)) throw fieldError(field, 'must be printable ASCII without spaces');
  }

  /**
   * Claims `key` for a request in `scope` (method and route) or returns the
   * stored response to replay. Throws 409 for a different request under the
   * same key, or while the first one is still running.
   */
  async begin(key: string, scope: string, request: unknown, field?: string): Promise<IdempotencyOutcome> {
    IdempotencyService.validateKey(key, field);
    const hash = requestHash(request);
    const db = this.store.db;
    for (let tries = 0; tries < 3; tries++) {
      const now = new Date().toISOString();
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ key, route: scope, request_hash: hash, status_code: 0, response_body: '', created_at: now })
        .onConflict((oc) => oc.columns(['key', 'route']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed', claim: this.claim(key, scope, now) };
      const row = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).where('route', '=', scope).executeTakeFirst();
      if (!row) continue; // released between our insert and read: try again
      if (row.request_hash !== hash) throw new AppError(CORE_ERRORS.idempotency_conflict, `Idempotency-Key "${key}" was already used with different parameters`);
      if (row.status_code > 0) return { kind: 'replay', response: { statusCode: row.status_code, body: row.response_body } };
      if (Date.parse(row.created_at) + PENDING_LOCK_MS > Date.now()) {
        throw new AppError(CORE_ERRORS.idempotency_in_progress, `A request with Idempotency-Key "${key}" is still being processed; retry shortly`, { retryAfterSeconds: 1 });
      }
      // The first request's process died holding the key: take it over (one taker wins).
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ created_at: now })
        .where('key', '=', key)
        .where('route', '=', scope)
        .where('status_code', '=', 0)
        .where('created_at', '=', row.created_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', claim: this.claim(key, scope, now) };
    }
    throw new AppError(CORE_ERRORS.idempotency_in_progress, `A request with Idempotency-Key "${key}" is still being processed; retry shortly`, { retryAfterSeconds: 1 });
  }

  private claim(key: string, scope: string, claimedAt: string): IdempotencyClaim {
    const db = this.store.db;
    let done = false;
    const record = (exec: Executor, statusCode: number, body: string) =>
      exec
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, response_body: body })
        .where('key', '=', key)
        .where('route', '=', scope)
        .where('created_at', '=', claimedAt)
        .execute();
    return {
      key,
      scope,
      get done() {
        return done;
      },
      completeIn: async (trx, statusCode, body) => {
        await record(trx, statusCode, body);
        // Done only once the work commits; a rollback leaves the key to be released.
        onCommit(trx, () => (done = true));
      },
      complete: async (statusCode, body) => {
        await record(db, statusCode, body);
        done = true;
      },
      release: async () => {
        if (done) return;
        done = true;
        await db.deleteFrom('idempotency_keys').where('key', '=', key).where('route', '=', scope).where('status_code', '=', 0).where('created_at', '=', claimedAt).execute();
      },
    };
  }
}
