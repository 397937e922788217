/** All SQL on the `ai_renders` table: what a job queued by the AI module adds to its render. */
import type { Selectable } from 'kysely';
import type { Executor, Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    ai_renders: AiRendersTable;
  }
}

export interface AiRendersTable {
  job_id: string;
  language: string;
  /** Storage key of the WebVTT file. */
  captions_key: string;
  /** The cues (JSON `[{ start, end, text }]`), burned in when `burn_in` is 1. */
  cues: string;
  burn_in: number;
  /** Storage key of the narration WAV, when one was made. */
  narration_key: string | null;
  narration_sec: number | null;
  /** The video lasts at least this long (the narration plus the outro). */
  min_duration_sec: number | null;
  text_source: string;
  created_at: string;
}

export type AiRenderRow = Selectable<AiRendersTable>;

export class AiRenderStore {
  constructor(private readonly store: Store) {}

  async insert(exec: Executor, row: AiRenderRow): Promise<void> {
    await exec.insertInto('ai_renders').values(row).execute();
  }

  async get(jobId: string, exec: Executor = this.store.db): Promise<AiRenderRow | null> {
    return (await exec.selectFrom('ai_renders').selectAll().where('job_id', '=', jobId).executeTakeFirst()) ?? null;
  }
}
