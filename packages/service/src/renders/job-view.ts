import type { JobRow } from '../store/schema.js';

export interface JobOutput {
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  bytes: number;
}

/** The public shape of a render job (DESIGN §4), camelCase. */
export interface JobView {
  jobId: string;
  status: JobRow['status'];
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
}

export function toJobView(row: JobRow, publicBaseUrl: string): JobView {
  const done = row.status === 'completed';
  return {
    jobId: row.id,
    status: row.status,
    progress: Math.round(Number(row.progress) * 1000) / 1000,
    template: row.template,
    compositionId: row.template,
    params: JSON.parse(row.params) as Record<string, unknown>,
    videoUrl: done ? `${publicBaseUrl}/files/${row.file_token}/video.mp4` : null,
    posterUrl: done ? `${publicBaseUrl}/files/${row.file_token}/poster.png` : null,
    error: row.error_code && row.status !== 'completed' ? { code: row.error_code, message: row.error_message ?? '' } : null,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    priority: row.priority,
    runAt: row.run_at,
    batchId: row.batch_id,
    contextId: row.context_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    renderMs: row.render_ms,
    output: row.output ? (JSON.parse(row.output) as JobOutput) : null,
  };
}
