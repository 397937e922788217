import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import * as m001 from './001_initial.js';
import * as m002 from './002_webhooks.js';
import * as m003 from './003_contexts.js';

export interface StoreMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Ordered by name; never edit a released migration, add a new one. */
export const migrations: Record<string, StoreMigration> = {
  '001_initial': m001,
  '002_webhooks': m002,
  '003_contexts': m003,
};
