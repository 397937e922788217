/**
 * The analytics contract: figures computed by SQL aggregates over the job
 * records. Percentiles are continuous (linear interpolation between the
 * closest ranks, as PostgreSQL's percentile_cont): the same numbers on both stores.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FORMATS, RESOLUTIONS } from '@aqcast/engine';
import { Nullable, StringEnum } from '../../core/http/schemas.js';
import { JOB_STATUSES } from '../queue/index.js';

export const TREND_METRICS = ['completed', 'failed', 'render-time-p95', 'queue-wait-p95', 'video-seconds'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];
export const INTERVALS = ['hour', 'day', 'week'] as const;

const Instant = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));

export const RangeQuerySchema = Type.Object({
  since: Instant('Jobs created at or after (ISO date or date-time); default: all'),
  until: Instant('Jobs created at or before (ISO date or date-time; a bare date includes the whole day); default: now'),
});
export type RangeQuery = Static<typeof RangeQuerySchema>;

export const TrendsQuerySchema = Type.Object({
  metric: Type.Optional(Type.Union(TREND_METRICS.map((m) => Type.Literal(m)), { default: 'completed', description: 'completed, failed (by completion time), render-time-p95 (ms, by completion time), queue-wait-p95 (ms, by start time), video-seconds' })),
  interval: Type.Optional(Type.Union(INTERVALS.map((i) => Type.Literal(i)), { default: 'day', description: 'Bucket size in the time zone: hour, day or week (from Monday)' })),
  since: Instant('Start (ISO date or date-time); default: 48 hours, 30 days or 12 weeks before until. A bare date is midnight in tz'),
  until: Instant('End, exclusive (ISO date or date-time); default: now. A bare date is the end of that day in tz'),
  tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'UTC', description: 'IANA time zone the buckets follow (e.g. America/Santiago); daylight-saving days are 23 or 25 hours long', examples: ['Europe/Madrid'] })),
});
export type TrendsQuery = Static<typeof TrendsQuerySchema>;

export const RecentQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'How many (1–100)' })),
  status: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated statuses', examples: ['completed,failed'] })),
});
export type RecentQuery = Static<typeof RecentQuerySchema>;

export const StatSchema = Type.Object(
  {
    samples: Type.Integer({ description: 'How many values the percentiles are over' }),
    p50: Nullable(Type.Number({ description: 'Median; null without samples' })),
    p95: Nullable(Type.Number()),
  },
  { description: 'Continuous percentiles (linear interpolation, as percentile_cont)' },
);
export type Stat = Static<typeof StatSchema>;
const stat = (description: string) => Type.Object(StatSchema.properties, { description: `${description}; continuous percentiles` });

const WindowSchema = Type.Object({
  requested: Type.Integer({ description: 'Jobs created in the window' }),
  completed: Type.Integer({ description: 'Jobs that completed in the window' }),
  failed: Type.Integer({ description: 'Jobs that failed for good in the window' }),
});

const RangeFields = {
  since: Nullable(Type.String({ format: 'date-time' })),
  until: Nullable(Type.String({ format: 'date-time' })),
};

export const OverviewSchema = Type.Object(
  {
    ...RangeFields,
    generatedAt: Type.String({ format: 'date-time' }),
    jobs: Type.Object({
      total: Type.Integer(),
      byStatus: Type.Object({ queued: Type.Integer(), rendering: Type.Integer(), completed: Type.Integer(), failed: Type.Integer(), canceled: Type.Integer() }),
    }),
    successRate: Nullable(Type.Number({ description: 'completed / (completed + failed); null when none finished' })),
    renders: Type.Object({ last24h: WindowSchema, last7d: WindowSchema, last30d: WindowSchema }, { description: 'Rolling windows ending now (whatever since/until say)' }),
    renderMs: stat('Render time (ms) of completed jobs that rendered (reused outputs excluded)'),
    queueWaitMs: stat('Queue wait (ms): from creation (or a later runAt) to the first start'),
    videoSeconds: Type.Number({ description: 'Seconds of video in completed jobs' }),
    bytesStored: Type.Number({ description: 'Bytes of the videos rendered (reused outputs are stored once)' }),
    cacheReuseRate: Nullable(Type.Number({ description: 'Share of completed jobs that reused an identical stored render' })),
    activeWorkers: Type.Integer({ description: 'Render loops with a recent heartbeat, in every process' }),
    runningTests: Type.Array(
      Type.Object({
        id: Type.String({ 'x-graphql': 'ID' }),
        name: Type.String(),
        workflowId: Nullable(Type.String()),
        goal: Type.String(),
        arms: Type.Integer(),
        exposures: Type.Integer({ description: 'Units exposed, over all arms' }),
        conversions: Type.Integer({ description: 'Units that converted, over all arms' }),
        events: Type.Integer(),
        createdAt: Type.String({ format: 'date-time' }),
        lastEventAt: Nullable(Type.String({ format: 'date-time' })),
      }),
      { description: 'Variant tests still running, newest first (at most 20); see GET /variants/:id/winner for each' },
    ),
  },
  { description: 'The state of the service at a glance' },
);
export type Overview = Static<typeof OverviewSchema>;

export const TemplateStatsSchema = Type.Object({
  template: Type.String(),
  format: StringEnum(FORMATS),
  count: Type.Integer({ description: 'Jobs of this template and format' }),
  completed: Type.Integer(),
  failed: Type.Integer(),
  successRate: Nullable(Type.Number()),
  renderMs: StatSchema,
  share: Type.Number({ description: 'count / all jobs in the range' }),
});

export const TemplatesReportSchema = Type.Object({ ...RangeFields, total: Type.Integer(), templates: Type.Array(TemplateStatsSchema, { description: 'Most used first' }) });
export type TemplatesReport = Static<typeof TemplatesReportSchema>;

export const TrendBucketSchema = Type.Object({
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  local: Type.String({ description: 'Local start time with its UTC offset' }),
  value: Nullable(Type.Number({ description: 'Counts and seconds are 0 in an empty bucket; percentiles null' })),
  samples: Type.Integer({ description: 'Jobs in the bucket' }),
});

export const TrendsSchema = Type.Object({
  metric: StringEnum(TREND_METRICS),
  interval: StringEnum(INTERVALS),
  tz: Type.String(),
  since: Type.String({ format: 'date-time', description: 'Start of the first bucket' }),
  until: Type.String({ format: 'date-time', description: 'End of the last bucket' }),
  buckets: Type.Array(TrendBucketSchema),
});
export type Trends = Static<typeof TrendsSchema>;

export const RecentRenderSchema = Type.Object({
  jobId: Type.String({ 'x-graphql': 'ID' }),
  status: StringEnum(JOB_STATUSES),
  template: Type.String(),
  location: Type.String(),
  posterUrl: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  durationSec: Nullable(Type.Number()),
  renderMs: Nullable(Type.Integer()),
  contextId: Nullable(Type.String()),
  errorCode: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  completedAt: Nullable(Type.String({ format: 'date-time' })),
});
export const RecentSchema = Type.Object({ renders: Type.Array(RecentRenderSchema, { description: 'Newest first' }) });
export type Recent = Static<typeof RecentSchema>;

export const PerformanceGroupSchema = Type.Object({
  template: Type.String(),
  format: StringEnum(FORMATS),
  resolution: StringEnum(RESOLUTIONS),
  renders: Type.Integer({ description: 'Completed jobs that rendered (reused outputs excluded)' }),
  renderMs: StatSchema,
  meanRenderMs: Nullable(Type.Number()),
  framesPerSecond: Nullable(Type.Number({ description: 'Frames rendered per second of render time, over all these renders' })),
});

export const PerformanceSchema = Type.Object({
  ...RangeFields,
  renders: Type.Array(PerformanceGroupSchema, { description: 'By template × format × resolution' }),
  queueWaitMs: stat('Queue wait (ms): from creation (or a later runAt) to the first start'),
  throughput: Type.Object(
    {
      windowSec: Type.Integer(),
      completed: Type.Integer(),
      failed: Type.Integer(),
      activeWorkers: Type.Integer(),
      perHour: Type.Number(),
      perWorkerPerHour: Nullable(Type.Number({ description: 'perHour / activeWorkers; null with no active worker' })),
    },
    { description: 'Completions over the last hour' },
  ),
  failures: Type.Array(
    Type.Object({ code: Type.String(), count: Type.Integer(), share: Type.Number({ description: 'Of all failed jobs in the range' }), lastAt: Nullable(Type.String({ format: 'date-time' })) }),
    { description: 'Failed jobs by error code, most frequent first' },
  ),
});
export type Performance = Static<typeof PerformanceSchema>;
