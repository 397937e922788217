import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../../core/store/database.js';

/**
 * Workflows, their runs, one item per location of a run (leased to the process
 * working on it, like a job), and the render jobs each item made. A schedule
 * slot runs once: (workflow_id, slot) is unique.
 */
/** How a run or an item ended and when it was made, started, ended and last changed. */
function withOutcomeColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const seqType = dialect === 'postgres' ? 'bigserial' : 'integer';
  await db.schema
    .createTable('workflows')
    .addColumn('seq', sql.raw(seqType), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('trigger_type', 'text', (c) => c.notNull())
    .addColumn('cron', 'text')
    .addColumn('timezone', 'text')
    .addColumn('catch_up', 'text')
    .addColumn('trigger_secret_hash', 'text')
    .addColumn('locations', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('next_run_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('workflows_due_idx').on('workflows').columns(['enabled', 'next_run_at']).execute();

  await db.schema
    .createTable('workflow_runs')
    .addColumn('seq', sql.raw(seqType), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('slot', 'text')
    .addColumn('catch_up', 'integer', (c) => c.notNull())
    .addColumn('overrides', 'text')
    .addColumn('definition', 'text', (c) => c.notNull())
    .$call(withOutcomeColumns)
    .execute();
  // Exactly once per schedule slot, however many processes claim it (NULL slots never collide).
  await db.schema.createIndex('workflow_runs_slot_idx').on('workflow_runs').columns(['workflow_id', 'slot']).unique().execute();
  await db.schema.createIndex('workflow_runs_workflow_idx').on('workflow_runs').columns(['workflow_id', 'seq']).execute();

  await db.schema
    .createTable('workflow_run_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('location_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('fetched', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('next_at', 'text', (c) => c.notNull())
    .$call(withOutcomeColumns)
    .execute();
  await db.schema.createIndex('workflow_run_items_due_idx').on('workflow_run_items').columns(['status', 'next_at']).execute();
  await db.schema.createIndex('workflow_run_items_run_idx').on('workflow_run_items').columns(['run_id', 'idx']).execute();
  await db.schema.createIndex('workflow_run_items_previous_idx').on('workflow_run_items').columns(['workflow_id', 'location_key', 'created_at']).execute();

  await db.schema
    .createTable('workflow_run_jobs')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workflow_run_jobs_pk', ['run_id', 'job_id'])
    .execute();
  await db.schema.createIndex('workflow_run_jobs_item_idx').on('workflow_run_jobs').column('item_id').execute();
}

/** The fencing token of the lease engine (core/lease) on run items. */
export async function addItemLeaseToken(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workflow_run_items').addColumn('lease_token', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
