/** Small shared flags (e.g. `queue.paused`), one row per key, visible to every process. */
import type { Executor } from './database.js';

declare module './database.js' {
  interface Database {
    settings: SettingsTable;
  }
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export async function readSetting(exec: Executor, key: string): Promise<string | null> {
  const row = await exec.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(exec: Executor, key: string, value: string): Promise<void> {
  const now = new Date().toISOString();
  await exec
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
