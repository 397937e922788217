/**
 * Shapes of what the aqcast API sends and accepts.
 *
 * Words used throughout:
 * - job: one render request and its life, `queued → rendering → completed | failed | canceled`.
 * - template: the video design a job renders (`compositionId` is the same thing).
 * - batch: several jobs created in one request, sharing a `batchId`.
 * - context: values extracted from an uploaded bulletin, stored for later renders.
 * - problem: an RFC 9457 error body, `{ type, title, status, detail, code, errors? }`.
 */

export type JobStatus = 'queued' | 'rendering' | 'completed' | 'failed' | 'canceled';

/** Statuses after which a job never changes again (unless retried through the queue). */
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'canceled'];

export interface RenderParams {
  /** Required, 1–120 characters. */
  location: string;
  template?: string;
  /** Same as `template`; if both are given they must be equal. */
  compositionId?: string;
  /** µg/m³ */
  pm25?: number;
  pm10?: number;
  no2?: number;
  o3?: number;
  so2?: number;
  /** mg/m³ */
  co?: number;
  /** °C */
  temperatura?: number;
  /** °C, alias of `temperatura`. */
  temperature?: number;
  /** % */
  humidity?: number;
  language?: 'es' | 'en' | 'pt';
  aqiStandard?: string;
  format?: 'landscape' | 'portrait' | 'square';
  resolution?: '1080p' | '720p' | '360p';
  /** ISO date the report is about. */
  date?: string;
  [extra: string]: unknown;
}

export interface JobOutput {
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  bytes: number;
}

export interface Job {
  jobId: string;
  status: JobStatus;
  /** 0…1 */
  progress: number;
  template: string;
  compositionId: string;
  params: Record<string, unknown>;
  videoUrl: string | null;
  posterUrl: string | null;
  error: { code: string; message: string } | null;
  attempts: number;
  maxAttempts: number;
  priority: number;
  runAt: string;
  batchId: string | null;
  contextId: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  renderMs: number | null;
  output: JobOutput | null;
  [extra: string]: unknown;
}

export interface JobPage {
  jobs: Job[];
  nextCursor: string | null;
}

export interface RenderFilters {
  /** One status or several (sent comma-separated). */
  status?: JobStatus | JobStatus[] | string;
  template?: string;
  location?: string;
  batchId?: string;
  /** Created at or after (ISO date or date-time, or a Date). */
  since?: string | Date;
  until?: string | Date;
  /** Page size, 1–500 (server default 50). */
  limit?: number;
  cursor?: string;
}

export interface Batch {
  batchId: string;
  jobs: Job[];
}

export interface Ping {
  ok: boolean;
  version: string;
  uptime: number;
  [extra: string]: unknown;
}

export interface Template {
  id: string;
  name: string;
  description: string;
  formats: string[];
  params: string[];
  version: string;
  durationSec: number;
  isDefault: boolean;
  [extra: string]: unknown;
}

export interface TemplateList {
  templates: Template[];
  aqiStandards: { id: string; name: string; pollutants: string[] }[];
}

/** RFC 9457 problem details as the service sends them. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  instance?: string;
  errors?: { field: string; message: string }[];
  requestId?: string;
  [extra: string]: unknown;
}

export type WebhookEventType = 'render.completed' | 'render.failed' | 'ingest.completed' | 'webhook.test' | '*' | (string & {});

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  /** Why the service disabled it (410 Gone, failing for days), else null. */
  disabledReason?: string | null;
  createdAt: string;
  /** Only in the response that created it (generated or given). */
  secret?: string;
  [extra: string]: unknown;
}

/** A delivered webhook body, as returned by `verifyWebhook`. */
export interface WebhookEvent<T = unknown> {
  id: string;
  type: WebhookEventType;
  timestamp: string;
  data: T;
  [extra: string]: unknown;
}
