/**
 * The store: one Kysely query layer over SQLite (embedded default) or
 * PostgreSQL (multi-node). Everything that touches SQL lives under src/store or
 * in a module's own `store.ts`, always through this handle.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Wakes idle workers in other processes (PostgreSQL NOTIFY; a no-op on SQLite, where workers poll). */
  notifyJobsAvailable(): Promise<void>;
  /** Calls `onNotify` whenever another process enqueued work; returns an unsubscribe function. */
  listenJobsAvailable(onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const JOBS_CHANNEL = 'aqcast_jobs';

export async function openStore(databaseUrl: string): Promise<Store> {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(databaseUrl.slice('sqlite:'.length));
  return openPostgres(databaseUrl);
}

function openSqlite(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // WAL lets API and worker processes read while one writes; busy_timeout makes
  // writers from other processes wait instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 15000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Reads through a memory map skip a copy per page: point lookups get cheaper.
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    notifyJobsAvailable: async () => {},
    listenJobsAvailable: async () => async () => {},
    close: async () => {
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every query anew; preparing costs more than running a
 * point lookup. Our queries are built from a small set of shapes, so the
 * prepared statements are kept (bounded) and reused, keyed by their SQL.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, max = 500): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver) as unknown;
      return (source: string) => {
        let stmt = cache.get(source);
        if (!stmt) {
          stmt = prepare(source);
          if (cache.size >= max) cache.delete(cache.keys().next().value as string);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

function openPostgres(url: string): Store {
  // int8 (bigserial, count(*)) as JS numbers: our counters stay far below 2^53.
  const types = {
    getTypeParser: (oid: number, format?: string) => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')),
  };
  const pool = new pg.Pool({ connectionString: url, max: 10, types } as pg.PoolConfig);
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners: pg.Client[] = [];
  return {
    db,
    dialect: 'postgres',
    notifyJobsAvailable: async () => {
      await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(db);
    },
    listenJobsAvailable: async (onNotify) => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', () => onNotify());
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => {})));
      await db.destroy();
    },
  };
}

/** Applies every pending migration; safe to run from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () => {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) {
        out[name] = { up: (db) => m.up(db, store.dialect) };
      }
      return out;
    },
  };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
