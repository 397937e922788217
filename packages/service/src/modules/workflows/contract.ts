/**
 * The workflows contract: a workflow (a name, a trigger, locations and steps),
 * its runs, and the items and step records of each run. Request schemas are
 * compilable TypeBox (unions of literals); a step and a trigger are flat objects
 * with a `type`, so that REST and GraphQL input say the same thing and errors
 * name the exact field. Types are derived from these schemas.
 */
import { FORMATS, LANGUAGES, POLLUTANTS, RATED_STANDARD_IDS, RESOLUTIONS } from '@aqcast/engine';
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { Nullable, PageOf, PageQuery, ResourceId, StringEnum } from '../../core/http/schemas.js';
import { brandIdField } from '../brands/index.js';
import { JobSchema } from '../queue/index.js';
import { SOURCE_IDS } from './sources/index.js';

const literals = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  // TypeBox types a mapped array of literals as a plain union of strings; each branch is one of `values`.
  Type.Union(values.map((v) => Type.Literal(v)) as TLiteral<T[number]>[], options) as TUnion<TLiteral<T[number]>[]>;

/** No control characters (they would be stored and shown as given). */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

export const RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceled', 'skipped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const STEP_TYPES = ['fetch', 'condition', 'render', 'notify'] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const TRIGGER_TYPES = ['manual', 'schedule', 'inbound'] as const;
export const CATCH_UP_POLICIES = ['none', 'latest'] as const;
export const MAX_LOCATIONS = 100;
/** How a render step renders a run: one video set per location, or one over all of them. */
export const RENDER_MODES = ['per-location', 'combined'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];
/** The templates a combined render may name. */
export const COMBINED_TEMPLATES = ['ranking', 'comparison', 'station-map'] as const;

export const LocationSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, pattern: PRINTABLE, description: 'The place, as the video titles it', examples: ['Santiago'] }),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 latitude (open-meteo, openaq, waqi, airnow)' })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 longitude' })),
    openaqLocationId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'OpenAQ location id (else the nearest station to latitude/longitude within 25 km)' })),
    contextId: Type.Optional(ResourceId('Stored context to read (source `context`)')),
  },
  { additionalProperties: false, description: 'One place a run makes an item for' },
);
export type Location = Static<typeof LocationSchema>;

export const TriggerSchema = Type.Object(
  {
    type: literals(TRIGGER_TYPES, { description: 'manual: only POST /workflows/:id/run; schedule: a cron expression in a time zone; inbound: also a trigger URL with its own secret' }),
    cron: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: PRINTABLE, description: 'schedule: 5 fields (minute hour day month weekday) or 6 with seconds first', examples: ['0 7 * * *'] })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: PRINTABLE, description: 'schedule: IANA time zone the expression is read in (default UTC)', examples: ['America/Santiago'] })),
    catchUp: Type.Optional(literals(CATCH_UP_POLICIES, { description: 'schedule: slots missed while every aqcast process was down (more than 5 minutes late): none skips them, latest runs the most recent one once (default)' })),
  },
  { additionalProperties: false },
);
export type Trigger = Static<typeof TriggerSchema>;

const SeriesRequestSchema = Type.Object(
  {
    pollutant: literals(POLLUTANTS, { description: 'Pollutant of the series' }),
    window: literals(['past24h', 'next72h'] as const, { description: 'past24h: the last 24 hours (open-meteo, openaq); next72h: the next 72 hours of forecast (open-meteo)' }),
  },
  { additionalProperties: false, description: 'fetch: also get an hourly series (the trend template draws it)' },
);

export const StepSchema = Type.Object(
  {
    type: literals(STEP_TYPES, { description: 'fetch → condition(s) → render → notify, in that order' }),
    // fetch
    source: Type.Optional(literals(SOURCE_IDS, { description: 'fetch: open-meteo (no key), openaq, waqi, airnow, or context (a stored context per location)' })),
    credentialEnv: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'fetch: NAME of the environment variable holding the key (default OPENAQ_API_KEY, WAQI_TOKEN, AIRNOW_API_KEY); the key itself is never stored or returned' })),
    series: Type.Optional(SeriesRequestSchema),
    // condition
    when: Type.Optional(literals(['aqi_at_least', 'changed'] as const, { description: 'condition: aqi_at_least (category or index reached) or changed (a value moved since the last run)' })),
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'condition aqi_at_least: a category key of the standard (e.g. unhealthy_for_sensitive_groups)' })),
    index: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'condition aqi_at_least: the overall index at or above this (standards with a numeric index)' })),
    pollutant: Type.Optional(literals([...POLLUTANTS, 'aqi'] as const, { description: 'condition changed: which value to compare (default aqi: the overall index or category)' })),
    minDelta: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000, description: 'condition changed: smallest change that counts (default: any change)' })),
    // render
    mode: Type.Optional(literals(RENDER_MODES, { description: 'render: per-location (default) renders each location\'s own videos; combined renders one video per run over all its locations (a ranking, a comparison of two, or a station map), leaving out stale ones and saying why' })),
    template: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'render: template id (default daily-report; trend draws the fetched series). mode combined: ranking, comparison or station-map (default: a comparison when two locations are rendered, else a ranking)' })),
    fallbackTemplate: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'render with template trend: used when no series came back (default daily-report)' })),
    formats: Type.Optional(Type.Array(literals(FORMATS), { minItems: 1, maxItems: 3, uniqueItems: true, description: 'render: one job per format × language (default landscape)' })),
    languages: Type.Optional(Type.Array(literals(LANGUAGES), { minItems: 1, maxItems: 3, uniqueItems: true, description: 'render: default es' })),
    resolution: Type.Optional(literals(RESOLUTIONS)),
    priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000, description: 'render: queue priority of the jobs' })),
    maxAgeMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_080, description: 'render: values observed longer ago than this are not rendered as current: the item ends skipped, its render record saying why (stale_data)' })),
    brandId: brandIdField('render: the brand the jobs render in (its current version when the run renders); null for none; omitted: the default brand, if one is set'),
    // condition and render
    aqiStandard: Type.Optional(literals(RATED_STANDARD_IDS, { description: 'condition aqi_at_least / changed, render: the AQI standard (default us-epa)' })),
    // notify
    on: Type.Optional(Type.Array(literals(['completed', 'failed'] as const), { minItems: 1, maxItems: 2, uniqueItems: true, description: 'notify: which run endings publish workflow.run.completed / workflow.run.failed (default both)' })),
  },
  { additionalProperties: false, description: 'One step; the fields of other step types must be left out' },
);
export type Step = Static<typeof StepSchema>;

export const WorkflowBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, pattern: PRINTABLE, examples: ['Morning bulletin'] }),
    enabled: Type.Optional(Type.Boolean({ description: 'Disabled workflows are not scheduled or triggered (manual runs still work). Default true' })),
    trigger: Type.Optional(TriggerSchema),
    locations: Type.Array(LocationSchema, { minItems: 1, maxItems: MAX_LOCATIONS, description: 'A run makes one item per location' }),
    steps: Type.Array(StepSchema, { minItems: 2, maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type WorkflowBody = Static<typeof WorkflowBodySchema>;

export const WorkflowPatchSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: PRINTABLE })),
    enabled: Type.Optional(Type.Boolean()),
    trigger: Type.Optional(TriggerSchema),
    locations: Type.Optional(Type.Array(LocationSchema, { minItems: 1, maxItems: MAX_LOCATIONS })),
    steps: Type.Optional(Type.Array(StepSchema, { minItems: 2, maxItems: 10 })),
    rotateTriggerSecret: Type.Optional(Type.Boolean({ description: 'inbound: issue a new trigger secret (returned once)' })),
  },
  { additionalProperties: false },
);
export type WorkflowPatch = Static<typeof WorkflowPatchSchema>;

export const RunOverridesSchema = Type.Object(
  {
    locations: Type.Optional(Type.Array(LocationSchema, { minItems: 1, maxItems: MAX_LOCATIONS, description: 'Run for these locations instead' })),
    formats: Type.Optional(Type.Array(literals(FORMATS), { minItems: 1, maxItems: 3, uniqueItems: true })),
    languages: Type.Optional(Type.Array(literals(LANGUAGES), { minItems: 1, maxItems: 3, uniqueItems: true })),
    skipConditions: Type.Optional(Type.Boolean({ description: 'Render even where a condition would stop the item' })),
  },
  { additionalProperties: false, description: 'Optional changes for this run only' },
);
export type RunOverrides = Static<typeof RunOverridesSchema>;

// ---- responses --------------------------------------------------------------

const ErrorSchema = Type.Object({ code: Type.String(), message: Type.String() });

export const WorkflowSchema = Type.Object(
  {
    id: Type.String({ 'x-graphql': 'ID', examples: ['wf_3kT9x2VbQmPz1rLw'] }),
    name: Type.String(),
    enabled: Type.Boolean(),
    trigger: Type.Object({
      type: StringEnum(TRIGGER_TYPES),
      cron: Nullable(Type.String()),
      timezone: Nullable(Type.String()),
      catchUp: Nullable(StringEnum(CATCH_UP_POLICIES)),
    }),
    triggerUrl: Nullable(Type.String({ description: 'inbound: POST here with the X-Trigger-Secret header to start a run' })),
    locations: Type.Array(Type.Object({ name: Type.String(), latitude: Type.Optional(Type.Number()), longitude: Type.Optional(Type.Number()), openaqLocationId: Type.Optional(Type.Integer()), contextId: Type.Optional(Type.String()) })),
    steps: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'The steps as given' }),
    nextRunAt: Nullable(Type.String({ format: 'date-time', description: 'schedule: the next slot (UTC)' })),
    nextRuns: Type.Array(Type.String({ format: 'date-time' }), { description: 'schedule: the next few slots (UTC)' }),
    lastRun: Nullable(Type.Object({ runId: Type.String(), status: StringEnum(RUN_STATUSES), createdAt: Type.String({ format: 'date-time' }) })),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Workflow', description: 'A workflow: fetch live air quality for its locations, decide, render and announce' },
);
export type WorkflowView = Static<typeof WorkflowSchema>;

export const WorkflowSavedSchema = Type.Object({
  workflow: Type.Ref(WorkflowSchema),
  triggerSecret: Type.Optional(Type.String({ description: 'inbound: the trigger secret, shown only when it is issued' })),
});

export const StepRecordSchema = Type.Object(
  {
    index: Type.Integer(),
    type: StringEnum(STEP_TYPES),
    status: StringEnum(RUN_STATUSES),
    input: Nullable(Type.Record(Type.String(), Type.Unknown())),
    output: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'fetch: the values with source, station and observation time; condition: passed and why; render: the jobs' })),
    error: Nullable(ErrorSchema),
    attempts: Type.Integer(),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    completedAt: Nullable(Type.String({ format: 'date-time' })),
    durationMs: Nullable(Type.Integer()),
  },
  { description: 'One step of one item' },
);
export type StepRecord = Static<typeof StepRecordSchema>;

export const RunItemSchema = Type.Object(
  {
    itemId: Type.String({ 'x-graphql': 'ID' }),
    index: Type.Integer(),
    location: Type.Object({ name: Type.String(), latitude: Type.Optional(Type.Number()), longitude: Type.Optional(Type.Number()), openaqLocationId: Type.Optional(Type.Integer()), contextId: Type.Optional(Type.String()) }),
    status: StringEnum(RUN_STATUSES),
    steps: Type.Array(StepRecordSchema),
    jobIds: Type.Array(Type.String()),
    error: Nullable(ErrorSchema),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    completedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { description: 'One location of a run' },
);
export type RunItemView = Static<typeof RunItemSchema>;

// fromEntries loses the keys: one integer for the items and one per run status.
const CountsSchema = Type.Object(Object.fromEntries(['items', ...RUN_STATUSES].map((s) => [s, Type.Integer()])) as Record<'items' | RunStatus, ReturnType<typeof Type.Integer>>, { description: 'Items per status' });

export const WorkflowRunSchema = Type.Object(
  {
    runId: Type.String({ 'x-graphql': 'ID', examples: ['wfr_8sQ2nYfV0pLmK3aZ'] }),
    workflowId: Type.String({ 'x-graphql': 'ID' }),
    workflowName: Type.String(),
    status: StringEnum(RUN_STATUSES, { description: 'queued → running → completed | failed (some item failed) | skipped (every item stopped by a condition) | canceled' }),
    trigger: StringEnum(TRIGGER_TYPES),
    slot: Nullable(Type.String({ format: 'date-time', description: 'schedule: the slot this run is for' })),
    catchUp: Type.Boolean({ description: 'A run for a slot missed while aqcast was down' }),
    overrides: Nullable(Type.Record(Type.String(), Type.Unknown())),
    batchId: Type.String({ description: 'The batchId of every job of the run (the run id): GET /renders?batchId=…' }),
    counts: CountsSchema,
    error: Nullable(ErrorSchema),
    createdAt: Type.String({ format: 'date-time' }),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    completedAt: Nullable(Type.String({ format: 'date-time' })),
    durationMs: Nullable(Type.Integer()),
    items: Type.Optional(Type.Array(RunItemSchema)),
    jobs: Type.Optional(Type.Array(Type.Ref(JobSchema))),
  },
  { $id: 'WorkflowRun', description: 'One run of a workflow: an item per location, each with its steps, and the jobs it made' },
);
export type WorkflowRunView = Static<typeof WorkflowRunSchema>;

export const WorkflowPageSchema = PageOf('workflows', Type.Ref(WorkflowSchema), { description: 'One page of workflows, newest first' });
export type WorkflowPage = Static<typeof WorkflowPageSchema>;
export const RunPageSchema = PageOf('runs', Type.Ref(WorkflowRunSchema), { description: 'One page of runs, newest first (without items and jobs: GET /workflow-runs/:runId has them)' });
export type RunPage = Static<typeof RunPageSchema>;

export const ListQuerySchema = Type.Object({ ...PageQuery });
export type ListQuery = Static<typeof ListQuerySchema>;

export const RunListQuerySchema = Type.Object({
  status: Type.Optional(literals(RUN_STATUSES, { description: 'Only runs with this status' })),
  ...PageQuery,
});
export type RunListQuery = Static<typeof RunListQuerySchema>;

export const RunIdParamsSchema = Type.Object({ runId: ResourceId('Workflow run id') });

export const TriggerHeadersSchema = Type.Object({
  'x-trigger-secret': Type.Optional(Type.String({ maxLength: 200, description: 'The trigger secret of an inbound workflow (or send Authorization: Bearer <secret>)' })),
  authorization: Type.Optional(Type.String({ maxLength: 300 })),
  // Public routes do not get the header documented for them; this one honours it like every mutation.
  'idempotency-key': Type.Optional(Type.String({ maxLength: 255, description: 'Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409.' })),
});
