/**
 * Schema migrations, contributed by the modules that own the tables. Names sort
 * in the order they apply: the first three keep their released names
 * (`001_…`–`003_…`); later ones are `YYYYMMDDHHmm_<module>_<what>`, so modules
 * written side by side never pick the same number. Never edit a released
 * migration; add a new one.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect, Store } from './database.js';

export interface StoreMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Applies every pending migration; safe to run from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(store: Store, migrations: Record<string, StoreMigration>): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () => {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (db) => m.up(db, store.dialect) };
      return out;
    },
  };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
