/**
 * The queue's contract: the render job (the object every render route returns)
 * and the queue-control bodies and answers. Types are derived from these schemas.
 */
import { ProvenanceSchema, RenderParamsSchema } from '@aqcast/engine';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageOf, PageQuery, StringEnum } from '../../core/http/schemas.js';
import { JOB_STATUSES } from './store.js';

export const JobStatusSchema = StringEnum(JOB_STATUSES, { description: 'queued → rendering → completed | failed | canceled; a retried job goes back to queued' });

export const JobOutputSchema = Type.Object(
  {
    width: Type.Integer(),
    height: Type.Integer(),
    fps: Type.Number(),
    durationSec: Type.Number(),
    bytes: Type.Integer({ description: 'File size in bytes' }),
  },
  { description: 'The finished video' },
);

export const JobErrorSchema = Type.Object({ code: Type.String({ description: 'Stable machine-readable code' }), message: Type.String() }, { description: 'Why the job failed' });

export const JobSchema = Type.Object(
  {
    jobId: Type.String({ examples: ['job_3kT9x2VbQmPz1rLw'], 'x-graphql': 'ID' }),
    status: JobStatusSchema,
    progress: Type.Number({ minimum: 0, maximum: 1, description: '0…1' }),
    template: Type.String({ description: 'Template id' }),
    compositionId: Type.String({ description: 'Same as template' }),
    params: Type.Record(Type.String(), Type.Unknown(), { description: 'Normalized render parameters' }),
    videoUrl: Nullable(Type.String(), { description: 'MP4 URL once completed (unguessable, public)' }),
    posterUrl: Nullable(Type.String(), { description: 'PNG poster URL once completed' }),
    captionsUrl: Type.Optional(Nullable(Type.String(), { description: 'WebVTT captions URL once completed, for renders that have captions (AI renders); null when there are none. Given by GET /render/:id, left out of lists' })),
    accessibility: Type.Optional(
      Nullable(
        Type.Object({
          captionsSrt: Nullable(Type.String({ description: 'The captions as SubRip' })),
          transcript: Nullable(Type.String({ description: 'Plain-text transcript' })),
          audio: Nullable(Type.String({ description: 'The narration alone, AAC in .m4a (null without a voice)' })),
          audioDescription: Nullable(Type.String({ description: 'The audio-description track, AAC in .m4a (null without a voice)' })),
        }),
        { description: 'The rest of the accessible package beside captionsUrl, once completed: each URL only when the file exists (null: a render without captions). Given by GET /render/:id, left out of lists' },
      ),
    ),
    storyboardUrl: Nullable(Type.String(), {
      description: 'Storyboard sprite once completed: a JPEG grid of small thumbnails, one per second of the video, left to right and top to bottom (null for renders stored before storyboards existed)',
    }),
    storyboardVttUrl: Nullable(Type.String(), {
      description: 'WebVTT thumbnails track of the storyboard once completed: one cue per thumbnail, `storyboard.jpg#xywh=x,y,w,h` relative to this URL (what players show while scrubbing)',
    }),
    error: Nullable(JobErrorSchema),
    attempts: Type.Integer(),
    maxAttempts: Type.Integer(),
    priority: Type.Integer(),
    runAt: Type.String({ format: 'date-time', description: 'The job is not claimed before this time' }),
    batchId: Nullable(Type.String()),
    contextId: Nullable(Type.String()),
    provenance: Nullable(ProvenanceSchema, { description: 'Where the numbers of the video came from (the render\'s `provenance`: source, station ids, observed and retrieved times, licence and attribution); null when the render was given none' }),
    brand: Nullable(Type.Object({ brandId: Type.String(), version: Type.Integer() }), { description: 'The brand the job renders in and the version it used (a retry draws the same look); null for none' }),
    createdAt: Type.String({ format: 'date-time' }),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    completedAt: Nullable(Type.String({ format: 'date-time' })),
    renderMs: Nullable(Type.Integer()),
    output: Nullable(JobOutputSchema),
  },
  { $id: 'RenderJob', description: 'A render job' },
);
export type JobView = Static<typeof JobSchema>;
export type JobOutput = Static<typeof JobOutputSchema>;

export const JobPageSchema = PageOf('jobs', Type.Ref(JobSchema), { description: 'One page of render jobs, newest first' });
export type JobPage = Static<typeof JobPageSchema>;

export const QueueOptionsSchema = Type.Object({
  priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000, default: 0, description: 'Higher runs first (-1000…1000)' })),
  runAt: Type.Optional(Type.String({ format: 'date-time', description: 'Do not start before this time (ISO 8601 date-time)' })),
  maxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Attempts before the job fails for good (default MAX_ATTEMPTS, 3)' })),
});
export type QueueOptions = Static<typeof QueueOptionsSchema>;

export const EnqueueBodySchema = Type.Composite([RenderParamsSchema, QueueOptionsSchema], { additionalProperties: false, description: 'Render parameters plus queue options' });
export type EnqueueBody = Static<typeof EnqueueBodySchema>;

export const QueueListQuerySchema = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated statuses', examples: ['queued,rendering'] })),
  ...PageQuery,
});
export type QueueListQuery = Static<typeof QueueListQuerySchema>;

export const QueueWorkerSchema = Type.Object(
  {
    id: Type.String({ 'x-graphql': 'ID' }),
    host: Type.String(),
    pid: Type.Integer(),
    currentJobId: Nullable(Type.String()),
    lastHeartbeatAt: Type.String({ format: 'date-time' }),
    startedAt: Type.String({ format: 'date-time' }),
  },
  { description: 'A render loop in some process, seen through its heartbeat' },
);

export const QueueStatsSchema = Type.Object({
  // fromEntries loses the keys: one integer per job status.
  counts: Type.Object(Object.fromEntries(JOB_STATUSES.map((s) => [s, Type.Integer()])) as Record<(typeof JOB_STATUSES)[number], ReturnType<typeof Type.Integer>>, { description: 'Jobs per status' }),
  paused: Type.Boolean({ description: 'True while paused: running renders finish, nothing new starts' }),
  workers: Type.Array(QueueWorkerSchema),
  throughput: Type.Object(
    { windowSec: Type.Integer(), completed: Type.Integer(), failed: Type.Integer(), perMinute: Type.Number(), avgRenderMs: Nullable(Type.Number()) },
    { description: 'Completions over the last hour' },
  ),
});
export type QueueStats = Static<typeof QueueStatsSchema>;

export const PausedSchema = Type.Object({ paused: Type.Boolean() });
