/**
 * Idempotency keys. A client sends `Idempotency-Key` on a mutating request (or
 * `idempotencyKey` on a GraphQL mutation); the first successful response is
 * stored with a hash of the request, and a retry with the same key and the same
 * request gets it back instead of doing the work twice. The same key with a
 * different request is a 409 `idempotency_conflict`; a retry that arrives while
 * the first is still running is a 409 `idempotency_in_progress` with
 * Retry-After. Only 2xx answers are stored: a failed request may be retried.
 *
 * A pending key is leased work like any other (core/lease vocabulary): the
 * request that claims it holds a lease (`lease_owner`, `lease_expires_at`,
 * `lease_token`) that it renews while it runs. If its process dies, the lease
 * lapses within {@link IdempotencyOptions.leaseSeconds} and the next retry takes
 * the key over with a new token. Creating routes write the final answer inside
 * their own transaction (`completeIn`), fenced on that token: the work and the
 * answer a retry will get commit together, and a request whose key was taken
 * over meanwhile rolls its work back instead of doing it a second time.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
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
  /** The process running the first request, while it runs. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Raised at every claim and takeover: fences the answer's write. */
  lease_token: number;
}

export interface IdempotencyOptions {
  /** Who holds the keys this process claims (its worker id). */
  owner: string;
  /** A pending key is held this long between heartbeats. */
  leaseSeconds: number;
}

export const MAX_KEY_LENGTH = 255;
/** No request holds a key longer than this: should one never end (a lost socket, a stuck handler), its lease lapses and a retry runs. */
export const MAX_HOLD_MS = 15 * 60_000;

/** Lease columns on the keys table; pending keys from before are free to take over. */
export async function addIdempotencyLease(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_expires_at', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_token', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update idempotency_keys set lease_expires_at = created_at where status_code = 0`.execute(db);
}

/** A stable JSON text of a value, keys sorted, for hashing requests. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
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
  private readonly leaseMs: number;

  constructor(
    private readonly store: Store,
    private readonly opts: IdempotencyOptions = { owner: 'local', leaseSeconds: 10 },
  ) {
    this.leaseMs = opts.leaseSeconds * 1000;
  }

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

  private inProgress(key: string, expiresAt: string | null): AppError {
    const seconds = expiresAt ? Math.max(1, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : 1;
    return new AppError(CORE_ERRORS.idempotency_in_progress, `A request with Idempotency-Key "${key}" is still being processed; retry in ${seconds} s`, { retryAfterSeconds: seconds });
  }

  /**
   * Claims `key` for a request in `scope` (method and route) or returns the
   * stored response to replay. Throws 409 for a different request under the
   * same key, or while the first one is still running (its lease is live).
   */
  async begin(key: string, scope: string, request: unknown, field?: string): Promise<IdempotencyOutcome> {
    IdempotencyService.validateKey(key, field);
    const hash = requestHash(request);
    const db = this.store.db;
    const { owner } = this.opts;
    for (let tries = 0; tries < 3; tries++) {
      const now = new Date().toISOString();
      const until = new Date(Date.now() + this.leaseMs).toISOString();
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ key, route: scope, request_hash: hash, status_code: 0, response_body: '', created_at: now, lease_owner: owner, lease_expires_at: until, lease_token: 1 })
        .onConflict((oc) => oc.columns(['key', 'route']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed', claim: this.claim(key, scope, 1) };
      const row = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).where('route', '=', scope).executeTakeFirst();
      if (!row) continue; // released between our insert and read: try again
      if (row.request_hash !== hash) throw new AppError(CORE_ERRORS.idempotency_conflict, `Idempotency-Key "${key}" was already used with different parameters`);
      if (row.status_code > 0) return { kind: 'replay', response: { statusCode: row.status_code, body: row.response_body } };
      if (row.lease_expires_at !== null && row.lease_expires_at >= now) throw this.inProgress(key, row.lease_expires_at);
      // The first request's process died holding the key (its lease lapsed): take it over with a new token (one taker wins).
      const token = Number(row.lease_token) + 1;
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ lease_owner: owner, lease_expires_at: until, lease_token: token })
        .where('key', '=', key)
        .where('route', '=', scope)
        .where('status_code', '=', 0)
        .where('lease_token', '=', Number(row.lease_token))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', claim: this.claim(key, scope, token) };
    }
    throw this.inProgress(key, null);
  }

  private claim(key: string, scope: string, token: number): IdempotencyClaim {
    const db = this.store.db;
    let done = false;
    const fenced = (exec: Executor) => exec.updateTable('idempotency_keys').where('key', '=', key).where('route', '=', scope).where('status_code', '=', 0).where('lease_token', '=', token);
    // The heartbeat: the key stays ours while the request runs, up to MAX_HOLD_MS.
    const claimedAt = Date.now();
    const heartbeat = setInterval(() => {
      if (Date.now() - claimedAt > MAX_HOLD_MS) return void clearInterval(heartbeat);
      void fenced(db)
        .set({ lease_expires_at: new Date(Date.now() + this.leaseMs).toISOString() })
        .execute()
        .catch(() => {});
    }, Math.max(200, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    const finish = () => {
      done = true;
      clearInterval(heartbeat);
    };
    const record = async (exec: Executor, statusCode: number, body: string) => {
      const res = await fenced(exec).set({ status_code: statusCode, response_body: body, lease_owner: null, lease_expires_at: null }).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    };
    return {
      key,
      scope,
      get done() {
        return done;
      },
      completeIn: async (trx, statusCode, body) => {
        // Our lease was taken over by a retry (we stalled past it): that retry does the work; ours rolls back.
        if (!(await record(trx, statusCode, body))) throw this.inProgress(key, null);
        // Done only once the work commits; a rollback leaves the key to be released.
        onCommit(trx, finish);
      },
      complete: async (statusCode, body) => {
        try {
          await record(db, statusCode, body);
        } finally {
          finish();
        }
      },
      release: async () => {
        if (done) return;
        finish();
        await db.deleteFrom('idempotency_keys').where('key', '=', key).where('route', '=', scope).where('status_code', '=', 0).where('lease_token', '=', token).execute();
      },
    };
  }
}
