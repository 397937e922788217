/** All SQL on the `dashboard_sessions` table. */
import type { Kysely, Selectable } from 'kysely';
import type { Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    dashboard_sessions: DashboardSessionsTable;
  }
}

export interface DashboardSessionsTable {
  /** SHA-256 (hex) of the session token in the cookie: the token itself is never stored. */
  id_hash: string;
  /** The scoped key the session signed in with; null for the master key. */
  key_id: string | null;
  name: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export type SessionRow = Selectable<DashboardSessionsTable>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export class SessionStore {
  constructor(private readonly store: Store) {}

  async insert(row: SessionRow): Promise<void> {
    await this.store.db.insertInto('dashboard_sessions').values(row).execute();
  }

  async get(idHash: string): Promise<SessionRow | undefined> {
    return this.store.db.selectFrom('dashboard_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  }

  async remove(idHash: string): Promise<void> {
    await this.store.db.deleteFrom('dashboard_sessions').where('id_hash', '=', idHash).execute();
  }

  async pruneExpired(now: string): Promise<number> {
    const r = await this.store.db.deleteFrom('dashboard_sessions').where('expires_at', '<', now).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
