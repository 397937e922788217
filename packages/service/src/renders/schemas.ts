import { RenderParamsSchema } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../http/common-schemas.js';

export const JobStatusSchema = StringEnum(['queued', 'rendering', 'completed', 'failed', 'canceled'] as const, { description: 'queued → rendering → completed | failed | canceled' });

export const JobOutputSchema = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  fps: Type.Number(),
  durationSec: Type.Number(),
  bytes: Type.Integer(),
});

export const JobSchema = Type.Object(
  {
    jobId: Type.String({ examples: ['job_3kT9x2VbQmPz1rLw'] }),
    status: JobStatusSchema,
    progress: Type.Number({ minimum: 0, maximum: 1 }),
    template: Type.String(),
    compositionId: Type.String({ description: 'Same as template' }),
    params: Type.Record(Type.String(), Type.Unknown(), { description: 'Normalized render parameters' }),
    videoUrl: Nullable(Type.String(), { description: 'MP4 URL once completed (unguessable, public)' }),
    posterUrl: Nullable(Type.String()),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    attempts: Type.Integer(),
    maxAttempts: Type.Integer(),
    priority: Type.Integer(),
    runAt: Type.String({ format: 'date-time' }),
    batchId: Nullable(Type.String()),
    contextId: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    completedAt: Nullable(Type.String({ format: 'date-time' })),
    renderMs: Nullable(Type.Integer()),
    output: Nullable(JobOutputSchema),
  },
  { $id: 'RenderJob', description: 'A render job' },
);

export const RenderParams = Type.Unsafe<Record<string, unknown>>({ ...RenderParamsSchema, $id: 'RenderParams' });

export const BatchBodySchema = Type.Union(
  [
    Type.Array(Type.Ref(RenderParams), { minItems: 1, maxItems: 1000 }),
    Type.Object({ items: Type.Array(Type.Ref(RenderParams), { minItems: 1, maxItems: 1000 }) }),
  ],
  { description: 'An array of render parameters, or { items: [...] }. All-or-nothing: one invalid item rejects the batch, naming its index.' },
);

export const ListQuerySchema = Type.Object({
  status: Type.Optional(Type.String({ description: 'Comma-separated statuses', examples: ['completed'] })),
  template: Type.Optional(Type.String()),
  location: Type.Optional(Type.String({ description: 'Exact location, case-insensitive' })),
  batchId: Type.Optional(Type.String()),
  since: Type.Optional(Type.String({ description: 'Created at or after (ISO date or date-time)' })),
  until: Type.Optional(Type.String({ description: 'Created at or before (ISO date or date-time)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String({ description: 'nextCursor of the previous page' })),
});

export const JobPageSchema = Type.Object({
  jobs: Type.Array(Type.Ref(JobSchema)),
  nextCursor: Nullable(Type.String()),
});
