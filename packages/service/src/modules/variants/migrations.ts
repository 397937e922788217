import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../../core/store/database.js';

/**
 * Variant tests, their arms (with the per-arm counters the winner is computed
 * from), the assigned units (with the first exposure and conversion of each),
 * every tracked event (unique per test and event id, which is what makes a
 * retry count once) and event counts per arm and type.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // On SQLite a table keyed by text is smaller and faster to insert into without the hidden rowid.
  const keyed = <N extends string, C extends string>(t: CreateTableBuilder<N, C>) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t);
  await db.schema
    .createTable('variant_tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('goal', 'text', (c) => c.notNull())
    .addColumn('exposure_event', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('base', 'text')
    .addColumn('workflow_id', 'text')
    .addColumn('winner_arm', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('result', 'text')
    .addColumn('events', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('concluded_at', 'text')
    .addColumn('last_event_at', 'text')
    .execute();
  await db.schema.createIndex('variant_tests_list_idx').on('variant_tests').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('variant_tests_workflow_idx').on('variant_tests').columns(['workflow_id', 'concluded_at']).execute();

  await keyed(
    db.schema
      .createTable('variant_arms')
      .addColumn('test_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('weight', 'double precision', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('overrides', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('assigned', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('exposures', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('variant_arms_pk', ['test_id', 'key']),
  ).execute();

  await keyed(
    db.schema
      .createTable('variant_units')
      .addColumn('test_id', 'text', (c) => c.notNull())
      .addColumn('unit_id', 'text', (c) => c.notNull())
      .addColumn('arm', 'text', (c) => c.notNull())
      .addColumn('assigned_at', 'text', (c) => c.notNull())
      .addColumn('exposed_at', 'text')
      .addColumn('converted_at', 'text')
      .addPrimaryKeyConstraint('variant_units_pk', ['test_id', 'unit_id']),
  ).execute();

  await keyed(
    db.schema
      .createTable('variant_events')
      .addColumn('test_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('unit_id', 'text', (c) => c.notNull())
      .addColumn('arm', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('variant_events_pk', ['test_id', 'event_id']),
  ).execute();

  await keyed(
    db.schema
      .createTable('variant_event_counts')
      .addColumn('test_id', 'text', (c) => c.notNull())
      .addColumn('arm', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('events', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('variant_event_counts_pk', ['test_id', 'arm', 'type']),
  ).execute();
}
