import type { Kysely } from 'kysely';

/** AI renders: what a job made by POST /ai/render carries beside its params — captions, narration, text source. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_renders')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('captions_key', 'text', (c) => c.notNull())
    .addColumn('cues', 'text', (c) => c.notNull())
    .addColumn('burn_in', 'integer', (c) => c.notNull())
    .addColumn('narration_key', 'text')
    .addColumn('narration_sec', 'double precision')
    .addColumn('min_duration_sec', 'double precision')
    .addColumn('text_source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
