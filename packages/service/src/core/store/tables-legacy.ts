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

export interface WebhooksTable {
  id: string;
  url: string;
  /** Subscribed event types (JSON array); `*` for all. */
  events: string;
  secret: string | null;
  /** 1 active, 0 disabled (410 Gone, or failing for 5 days). */
  active: number;
  disabled_reason: string | null;
  /** Start of the current unbroken failure streak. */
  failing_since: string | null;
  deleted_at: string | null;
  created_at: string;
}

/** The outbox: one row per event, written in the transaction of the state change that caused it. */
export interface WebhookEventsTable {
  id: string;
  type: string;
  /** The exact JSON body every receiver gets. */
  body: string;
  created_at: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  /** A dispatcher owns the delivery until then (no two processes send it at once). */
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  next_retry_at: string | null;
}

export interface ContextsTable {
  id: string;
  source_filename: string;
  source_sha256: string;
  source_type: string;
  source_bytes: number;
  method: string;
  location: string | null;
  confidence: number;
  /** The extracted context (JSON): values, per-field source and confidence. */
  context: string;
  tags: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  jobs: JobsTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  workers: WorkersTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  contexts: ContextsTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
