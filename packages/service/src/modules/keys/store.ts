/** All SQL on the `api_keys` table. */
import type { Kysely, Selectable } from 'kysely';
import type { Executor, Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    api_keys: ApiKeysTable;
  }
}

export interface ApiKeysTable {
  id: string;
  name: string;
  /** The first characters of the key, to recognise it in a list (`aqk_Ab12…`). */
  prefix: string;
  /** SHA-256 (hex) of the whole key: the key itself is never stored. */
  hash: string;
  /** Granted scopes (JSON array). */
  scopes: string;
  rate_limit_per_minute: number | null;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('rate_limit_per_minute', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
}

export class KeyStore {
  constructor(private readonly store: Store) {}

  async insert(row: ApiKeyRow): Promise<void> {
    await this.store.db.insertInto('api_keys').values(row).execute();
  }

  async byId(id: string): Promise<ApiKeyRow | undefined> {
    return this.store.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byHash(hash: string): Promise<ApiKeyRow | undefined> {
    return this.store.db.selectFrom('api_keys').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  async list(includeRevoked: boolean): Promise<ApiKeyRow[]> {
    let q = this.store.db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc');
    if (!includeRevoked) q = q.where('revoked_at', 'is', null);
    return q.execute();
  }

  async revoke(id: string, exec: Executor = this.store.db): Promise<boolean> {
    const res = await exec.updateTable('api_keys').set({ revoked_at: new Date().toISOString() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async exists(id: string): Promise<boolean> {
    return Boolean(await this.store.db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst());
  }

  async touch(id: string, at: string): Promise<void> {
    await this.store.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}

declare module '../../core/store/database.js' {
  interface Database {
    rate_limit_windows: RateLimitWindowsTable;
  }
}

/** Requests per key per one-minute window, shared by every API process. */
export interface RateLimitWindowsTable {
  key_id: string;
  window_start: string;
  count: number;
}

export async function upRateLimits(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_windows_pk', ['key_id', 'window_start'])
    .execute();
}

/** Counts one request in the key's current window and returns the new count (one atomic upsert on either store). */
export async function countRequest(store: Store, keyId: string, windowStart: string): Promise<number> {
  const row = await store.db
    .insertInto('rate_limit_windows')
    .values({ key_id: keyId, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key_id', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limit_windows.count', '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets windows that ended before `before`. */
export async function pruneWindows(store: Store, before: string): Promise<void> {
  await store.db.deleteFrom('rate_limit_windows').where('window_start', '<', before).execute();
}
