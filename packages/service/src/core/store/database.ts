/**
 * The store: one Kysely query layer over SQLite (embedded default) or
 * PostgreSQL (multi-node). A module declares the types of its own tables by
 * augmenting {@link Database} in its `store.ts`, and keeps all SQL on them there.
 *
 * Timestamps are ISO-8601 UTC strings (they sort and compare as text on both
 * dialects); JSON documents are text.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type KyselyConfig, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement, type Transaction } from 'kysely';
import pg from 'pg';

/**
 * Every table, by name. Empty here: each module adds its tables with
 * `declare module '../../core/store/database.js' { interface Database { … } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Dialect = 'sqlite' | 'postgres';

/** Where a query runs: the store itself or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Tells listeners in every process (PostgreSQL NOTIFY; on SQLite only this process, others poll). */
  notify(channel: string): Promise<void>;
  /** Calls `onNotify` whenever `notify(channel)` ran anywhere; returns an unsubscribe function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * A number that changes whenever the database may have changed since it was last asked: a write through
   * this store, or a commit by any other connection (another process on the same SQLite file). An answer
   * computed from the store after reading the generation stays true while the generation stays the same.
   * Null when no such check is cheap (PostgreSQL) or this connection has a transaction open: keep nothing then.
   */
  changeGeneration(): number | null;
  close(): Promise<void>;
}

const afterCommit = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` in a transaction; callbacks registered with {@link onCommit} run
 * once it committed (never when it rolled back).
 */
export async function transaction<T>(store: Store, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const callbacks: (() => void)[] = [];
  const result = await store.db.transaction().execute((trx) => {
    afterCommit.set(trx, callbacks);
    return fn(trx);
  });
  for (const cb of callbacks) cb();
  return result;
}

/**
 * Runs `cb` after the transaction `exec` commits — at once when `exec` is the
 * store itself (the statement before it has committed already). Wakes workers
 * and dispatchers only when there is something committed for them to find.
 */
export function onCommit(exec: Executor, cb: () => void): void {
  const list = afterCommit.get(exec);
  if (list) list.push(cb);
  else if (exec.isTransaction) throw new Error('onCommit: open the transaction with transaction(store, fn)');
  else cb();
}

export interface StoreOptions {
  /** Called for every query the database answered with an error (metrics). */
  onError?: () => void;
}

export async function openStore(databaseUrl: string, opts: StoreOptions = {}): Promise<Store> {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(databaseUrl.slice('sqlite:'.length), opts);
  return openPostgres(databaseUrl, opts);
}

function errorLogger(opts: StoreOptions): KyselyConfig['log'] {
  return opts.onError ? (event) => (event.level === 'error' ? opts.onError!() : undefined) : undefined;
}

function localChannels() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    notify: async (channel: string) => {
      for (const l of listeners.get(channel) ?? []) l();
    },
    listen: async (channel: string, onNotify: () => void) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
  };
}

function openSqlite(file: string, opts: StoreOptions): Store {
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
  const changes = sqliteChanges(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialectAfterAutoRollback({ database: withStatementCache(sqlite, changes.wrote) }, sqlite), log: errorLogger(opts) });
  return {
    db,
    dialect: 'sqlite',
    ...localChannels(),
    changeGeneration: changes.generation,
    close: async () => {
      await db.destroy();
    },
  };
}

/**
 * The change generation of a SQLite connection (see Store.changeGeneration). Writes through this connection
 * bump it as they run; commits by other connections show in `PRAGMA data_version`, which changes whenever
 * another connection committed since this one last asked. The pragma takes SQLite's shared read lock like any
 * read (two fcntl calls) but reads no table. Inside an open transaction the pragma answers from the
 * transaction's snapshot, so no generation is given then.
 */
function sqliteChanges(sqlite: BetterSqlite3.Database): { wrote: () => void; generation: () => number | null } {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let seen = Number(dataVersion.get());
  let generation = 0;
  return {
    wrote: () => void generation++,
    generation: () => {
      if (sqlite.inTransaction) return null;
      const version = Number(dataVersion.get());
      if (version !== seen) {
        seen = version;
        generation++;
      }
      return generation;
    },
  };
}

/**
 * SQLite rolls a transaction back by itself when a statement fails with
 * SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM or SQLITE_BUSY in some cases; Kysely's
 * ROLLBACK after that fails with "cannot rollback - no transaction is active",
 * which hid the first error (and crashed the process on a full disk). Roll back
 * only what is still open.
 */
class SqliteDriverAfterAutoRollback extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: BetterSqlite3.Database,
  ) {
    super(config);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class SqliteDialectAfterAutoRollback extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly sqlite: BetterSqlite3.Database,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new SqliteDriverAfterAutoRollback(this.config, this.sqlite);
  }
}

/**
 * Kysely prepares every query anew; preparing costs more than running a
 * point lookup. Our queries are built from a small set of shapes, so the
 * prepared statements are kept (bounded) and reused, keyed by their SQL.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, wrote: () => void, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string): SqliteStatement {
      let stmt = cache.get(source);
      if (!stmt) {
        const prepared = sqlite.prepare(source);
        stmt = countingWrites(rowsAsObjects(prepared, sqlite), prepared, wrote);
        const oldest = cache.keys().next();
        if (cache.size >= max && !oldest.done) cache.delete(oldest.value);
        cache.set(source, stmt);
      }
      return stmt;
    },
  };
}

/**
 * A reading statement whose rows are read as arrays and made objects by a
 * function compiled once for its columns: better-sqlite3 builds each row
 * object key by key, which cost more than the lookup itself on a wide row
 * (`SELECT *` of a job). The generated code only names the statement's
 * columns, quoted as JSON strings.
 */
function rowsAsObjects(stmt: BetterSqlite3.Statement, sqlite: BetterSqlite3.Database): SqliteStatement {
  if (!stmt.reader) return stmt;
  const raw = sqlite.prepare(stmt.source).raw(true);
  const fields = raw.columns().map((c, i) => `${JSON.stringify(c.name)}: row[${i}]`);
  const toObject = new Function('row', `return { ${fields.join(', ')} };`);
  return {
    reader: true,
    all: (parameters) => raw.all(parameters).map((row): unknown => toObject(row)),
    run: (parameters) => stmt.run(parameters),
    iterate: (parameters) => stmt.iterate(parameters),
  };
}

/**
 * A statement that calls `wrote` when it changed something: a row change that changed rows (an UPDATE matching
 * none, as every idle poll runs, changes nothing), any other statement that can write (DDL) each time.
 * Statements SQLite deems read-only (selects, BEGIN, COMMIT) are left as they are.
 */
function countingWrites(stmt: SqliteStatement, prepared: BetterSqlite3.Statement, wrote: () => void): SqliteStatement {
  if (prepared.readonly) return stmt;
  const rowChange = /^\s*(insert|update|delete|replace)\b/i.test(prepared.source);
  return {
    reader: stmt.reader,
    all: (parameters) => {
      const rows = stmt.all(parameters);
      if (!rowChange || rows.length > 0) wrote();
      return rows;
    },
    run: (parameters) => {
      const result = stmt.run(parameters);
      if (!rowChange || Number(result.changes) > 0) wrote();
      return result;
    },
    iterate: (parameters) => (wrote(), stmt.iterate(parameters)),
  };
}

function openPostgres(url: string, opts: StoreOptions): Store {
  // int8 (bigserial, count(*)) as JS numbers: our counters stay far below 2^53.
  const types = {
    // pg passes 'text' or 'binary'; its types name only those.
    getTypeParser: (oid: number, format?: string) => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')),
  };
  // A connection that cannot be had in 5 s fails (503 to a caller) instead of waiting forever.
  const pool = new pg.Pool({ connectionString: url, max: 10, types, connectionTimeoutMillis: 5000, keepAlive: true } as pg.PoolConfig);
  // A connection the server ends (restart, "terminating connection due to administrator command")
  // raises 'error' on its client, idle or checked out: without a listener that crashed the process.
  // The query running on it fails on its own; pg-pool drops the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: errorLogger(opts) });
  const notifications = postgresNotifications(url);
  return {
    db,
    dialect: 'postgres',
    notify: async (channel) => {
      await sql`select pg_notify(${channel}, '')`.execute(db);
    },
    listen: notifications.listen,
    // Other machines write without telling this one in time: nothing read from PostgreSQL is kept.
    changeGeneration: () => null,
    close: async () => {
      await notifications.close();
      await db.destroy();
    },
  };
}

/**
 * One LISTEN connection per store, shared by every channel. When the server
 * goes away it reconnects by itself (1 s, then up to every 10 s) and, once back,
 * wakes every listener: notifications sent meanwhile were lost.
 */
function postgresNotifications(url: string) {
  const handlers = new Map<string, Set<() => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  let backoff = 1000;

  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
      const lost = () => {
        if (client !== c) return;
        client = null;
        c.end().catch(() => {});
        schedule();
      };
      c.on('error', lost);
      c.on('end', lost);
      c.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h();
      });
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      }
      client = c;
      backoff = 1000;
      return c;
    })().finally(() => (connecting = null)));

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          for (const set of handlers.values()) for (const h of set) h();
        },
        () => {
          backoff = Math.min(10_000, backoff * 2);
          schedule();
        },
      );
    }, backoff);
  };

  return {
    listen: async (channel: string, onNotify: () => void): Promise<() => Promise<void>> => {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // Listening starts now, or when the connection comes back (pollers cover the gap).
        try {
          await (client ?? (await connect())).query(`LISTEN ${channel}`);
        } catch {
          schedule();
        }
      }
      set.add(onNotify);
      const listening = set;
      return async () => {
        listening.delete(onNotify);
      };
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
