import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../core/store/database.js';
import { foldText } from './search.js';

const LegacyDate = Type.Object({ date: Type.String() });

interface LegacyRow {
  id: string;
  location: string | null;
  source_filename: string;
  context: string;
}

/**
 * The full context life cycle (`202611221437_contexts_lifecycle`): where a
 * context came from, its version (ETag), the kept original, a folded location
 * and search text for filters, tags in their own table, the edit history, and
 * the index that finds the renders made from a context.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('contexts').addColumn('source_kind', 'text', (c) => c.notNull().defaultTo('upload')).execute();
  await db.schema.alterTable('contexts').addColumn('source_key', 'text').execute();
  await db.schema.alterTable('contexts').addColumn('date', 'text').execute();
  await db.schema.alterTable('contexts').addColumn('location_key', 'text').execute();
  await db.schema.alterTable('contexts').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('contexts').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  // Contexts stored by the first ingest: fill the new columns from their JSON (few rows; once).
  const legacy = (await sql<LegacyRow>`select id, location, source_filename, context from contexts`.execute(db)).rows;
  for (const row of legacy) {
    const doc: unknown = JSON.parse(row.context);
    const date = Value.Check(LegacyDate, doc) ? doc.date : null;
    await sql`update contexts set date = ${date ?? null}, location_key = ${row.location ? foldText(row.location) : null}, search_text = ${foldText([row.location, date, row.source_filename].filter(Boolean).join(' '))} where id = ${row.id}`.execute(db);
  }

  await db.schema.createIndex('contexts_created_idx').on('contexts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('contexts_location_idx').on('contexts').columns(['location_key', 'created_at']).execute();
  await db.schema.createIndex('contexts_source_kind_idx').on('contexts').columns(['source_kind', 'created_at']).execute();

  await db.schema
    .createTable('context_tags')
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('context_tags_pk', ['context_id', 'tag'])
    .execute();
  await db.schema.createIndex('context_tags_tag_idx').on('context_tags').columns(['tag', 'context_id']).execute();

  await db.schema
    .createTable('context_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('context_edits_context_idx').on('context_edits').columns(['context_id', 'version']).execute();

  // The renders made from a context (the jobs table is the queue's; this module only reads it).
  await db.schema.createIndex('jobs_context_idx').on('jobs').columns(['context_id', 'seq']).execute();
}
