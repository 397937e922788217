import type { Kysely } from 'kysely';

/** Contexts: what an ingest extracted from an uploaded bulletin, kept for later renders. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contexts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_filename', 'text', (c) => c.notNull())
    .addColumn('source_sha256', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_bytes', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('confidence', 'double precision', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contexts_sha_idx').on('contexts').column('source_sha256').execute();
}
