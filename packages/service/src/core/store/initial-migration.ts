import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.js';

/**
 * The first released migration (`001_initial`), from before modules owned their
 * tables: the queue's jobs and workers, and the core's settings and idempotency
 * keys. Kept byte-for-byte in effect; never edit it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const seqType = dialect === 'postgres' ? 'bigserial' : 'integer';
  await db.schema
    .createTable('jobs')
    .addColumn('seq', sql.raw(seqType), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('render_key', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('batch_id', 'text')
    .addColumn('context_id', 'text')
    .addColumn('file_token', 'text', (c) => c.notNull().unique())
    .addColumn('video_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('output', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('render_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .execute();
  // The claim query scans queued jobs by priority and due time.
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'priority', 'run_at']).execute();
  await db.schema.createIndex('jobs_render_key_idx').on('jobs').columns(['render_key', 'status']).execute();
  await db.schema.createIndex('jobs_batch_idx').on('jobs').column('batch_id').execute();
  await db.schema.createIndex('jobs_lease_idx').on('jobs').columns(['status', 'lease_expires_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['key', 'route'])
    .execute();

  await db.schema
    .createTable('workers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('current_job_id', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_heartbeat_at', 'text', (c) => c.notNull())
    .execute();
}
