import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../core/store/database.js';

/**
 * `202611221438_analytics_job_metrics`: a narrow projection of the queue's
 * `jobs` table for aggregates — one row per job with its numbers already
 * taken out of the JSON and the timestamps (format, resolution, render time,
 * queue wait, seconds, frames, bytes) — kept in step by database triggers in
 * the same transaction as every job change, so it can never disagree with the
 * jobs. Scanning it is several times cheaper than scanning jobs and parsing
 * their JSON and dates per row; its indexes serve the rolling windows, ranges
 * and trends.
 *
 * The queue's code does not know about it: the triggers fire on insert, on
 * updates of the columns it mirrors (not on heartbeats) and on delete.
 *
 * Queue wait is fixed at the first start: from when the job became due (its
 * creation, or a later runAt it was scheduled for) to that start.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('job_metrics')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('resolution', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('render_ms', 'integer')
    .addColumn('wait_ms', 'bigint')
    .addColumn('video_sec', 'double precision')
    .addColumn('frames', 'double precision')
    .addColumn('bytes', 'double precision')
    .addColumn('error_code', 'text')
    .execute();

  const pg = dialect === 'postgres';
  // The same expressions for the backfill (over `jobs`) and the triggers (over NEW).
  const cols = (r: string) => {
    const json = (column: string, key: string) => (pg ? `(${r}.${column}::json ->> '${key}')` : `json_extract(${r}.${column}, '$.${key}')`);
    const num = (column: string, key: string) => (pg ? `${json(column, key)}::float8` : json(column, key));
    const due = `(case when ${r}.run_at > ${r}.created_at then ${r}.run_at else ${r}.created_at end)`;
    const wait = pg
      ? `round(extract(epoch from (${r}.started_at::timestamptz - ${due}::timestamptz)) * 1000)`
      : `cast(round((julianday(${r}.started_at) - julianday(${due})) * 86400000.0) as integer)`;
    return {
      format: `coalesce(${json('params', 'format')}, 'landscape')`,
      resolution: `coalesce(${json('params', 'resolution')}, '1080p')`,
      wait: `(case when ${r}.started_at is null then null else ${wait} end)`,
      videoSec: num('output', 'durationSec'),
      frames: `${num('output', 'durationSec')} * ${num('output', 'fps')}`,
      bytes: num('output', 'bytes'),
    };
  };
  const columnList = 'job_id, status, template, format, resolution, created_at, started_at, completed_at, render_ms, wait_ms, video_sec, frames, bytes, error_code';
  const values = (r: string) => {
    const c = cols(r);
    return `${r}.id, ${r}.status, ${r}.template, ${c.format}, ${c.resolution}, ${r}.created_at, ${r}.started_at, ${r}.completed_at, ${r}.render_ms, ${c.wait}, ${c.videoSec}, ${c.frames}, ${c.bytes}, ${r}.error_code`;
  };

  await sql.raw(`insert into job_metrics (${columnList}) select ${values('jobs')} from jobs`).execute(db);

  const mirrored = 'status, started_at, completed_at, render_ms, output, error_code';
  if (pg) {
    await sql
      .raw(
        `create function job_metrics_sync() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            delete from job_metrics where job_id = old.id;
            return null;
          end if;
          insert into job_metrics as m (${columnList}) values (${values('new')})
          on conflict (job_id) do update set status = excluded.status, started_at = excluded.started_at, completed_at = excluded.completed_at,
            render_ms = excluded.render_ms, wait_ms = coalesce(m.wait_ms, excluded.wait_ms), video_sec = excluded.video_sec, frames = excluded.frames,
            bytes = excluded.bytes, error_code = excluded.error_code;
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger job_metrics_sync after insert or delete or update of ${mirrored} on jobs for each row execute function job_metrics_sync()`).execute(db);
  } else {
    const c = cols('new');
    await sql.raw(`create trigger job_metrics_insert after insert on jobs begin insert into job_metrics (${columnList}) values (${values('new')}); end`).execute(db);
    await sql
      .raw(
        `create trigger job_metrics_update after update of ${mirrored} on jobs begin
          update job_metrics set status = new.status, started_at = new.started_at, completed_at = new.completed_at, render_ms = new.render_ms,
            wait_ms = coalesce(wait_ms, ${c.wait}), video_sec = ${c.videoSec}, frames = ${c.frames}, bytes = ${c.bytes}, error_code = new.error_code
          where job_id = new.id;
        end`,
      )
      .execute(db);
    await sql.raw('create trigger job_metrics_delete after delete on jobs begin delete from job_metrics where job_id = old.id; end').execute(db);
  }

  await db.schema.createIndex('job_metrics_status_idx').on('job_metrics').columns(['status', 'render_ms']).execute();
  await db.schema.createIndex('job_metrics_created_idx').on('job_metrics').column('created_at').execute();
  await db.schema.createIndex('job_metrics_completed_idx').on('job_metrics').columns(['completed_at', 'status']).execute();
  await db.schema.createIndex('job_metrics_started_idx').on('job_metrics').column('started_at').execute();
  // Per template, format and resolution: the rows come grouped from the index, with what the aggregates read.
  await db.schema.createIndex('job_metrics_groups_idx').on('job_metrics').columns(['template', 'format', 'resolution', 'status', 'render_ms', 'frames']).execute();
}
