/**
 * Table types of the store. One schema for both dialects: timestamps are
 * ISO-8601 UTC strings (they sort and compare as text in SQLite and PostgreSQL
 * alike), JSON documents are text.
 *
 * Terms: a *job* is one requested render; an *attempt* is one claim of it by a
 * worker; a *lease* is the time until which the claiming worker owns the attempt
 * (renewed by heartbeats); a *worker* is one render loop in some process.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type JobStatus = 'queued' | 'rendering' | 'completed' | 'failed' | 'canceled';

export interface JobsTable {
  id: string;
  status: JobStatus;
  template: string;
  location: string;
  /** Normalized render parameters (JSON). */
  params: string;
  /** Content address of the output: same template version + params → same key. */
  render_key: string;
  priority: number;
  run_at: string;
  attempts: number;
  max_attempts: number;
  progress: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  batch_id: string | null;
  context_id: string | null;
  /** Random token in the public file URLs of this job (unguessable). */
  file_token: string;
  video_key: string | null;
  poster_key: string | null;
  /** {width, height, fps, durationSec, bytes} (JSON). */
  output: string | null;
  error_code: string | null;
  error_message: string | null;
  render_ms: number | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** Global monotonically increasing sequence for stable cursors. */
  seq: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  key: string;
  route: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
}

export interface WorkersTable {
  id: string;
  host: string;
  pid: number;
  current_job_id: string | null;
  started_at: string;
  last_heartbeat_at: string;
}

export interface Database {
  jobs: JobsTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  workers: WorkersTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
