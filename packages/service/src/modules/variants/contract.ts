/**
 * The variants contract: A/B tests of report videos. A test has arms (each a
 * render of the same base with a template and/or overrides, or an existing
 * job), traffic weights, a goal (`complete`, `click` or a custom event, per
 * exposure event), and decision rules. Types are derived from these schemas.
 */
import { RenderParamsSchema } from '@aqcast/engine';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageOf, PageQuery, ResourceId, StringEnum } from '../../core/http/schemas.js';
import { brandIdField } from '../brands/index.js';
import { RenderParams } from '../renders/index.js';

/** No control characters (they would be stored and logged as given). */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

export const STANDARD_EVENTS = ['impression', 'view', 'complete', 'click', 'share'] as const;
export const EXPOSURE_EVENTS = ['view', 'impression'] as const;
export const TEST_STATUSES = ['running', 'concluded'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];
export const MAX_ARMS = 10;
export const MAX_TRACK_EVENTS = 1000;

/** Event names: the standard ones or a custom name such as `signup` or `cta.click`. */
const EventName = (description: string) => Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_.-]*$', description, examples: ['complete', 'click', 'signup'] });
const ArmKey = (description = 'Arm key') => Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$', description, examples: ['A', 'B', 'portrait'] });
const UnitId = Type.String({ minLength: 1, maxLength: 200, pattern: PRINTABLE, description: 'The viewer unit (a user, device or session id of yours); the same unit always gets the same arm', examples: ['user-4812'] });

const { location: _location, ...overridable } = RenderParamsSchema.properties;
export const OverridesSchema = Type.Object(
  // fromEntries loses the keys; each overridable property is kept, made optional.
  Object.fromEntries(Object.entries(overridable).map(([k, v]) => [k, Type.Optional(v)])) as { [K in keyof typeof overridable]: (typeof overridable)[K] },
  { additionalProperties: false, description: 'Render parameters this arm changes over the base (format, language, aqiStandard, template, values, …)', examples: [{ format: 'portrait' }, { language: 'en', aqiStandard: 'eu-eaqi' }] },
);
export type Overrides = Static<typeof OverridesSchema>;

export const RulesSchema = Type.Object(
  {
    minProbabilityBest: Type.Optional(Type.Number({ minimum: 0.5, maximum: 0.99999, description: 'The best arm’s chance to be best must reach this (default 0.95)' })),
    maxRelativeLoss: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Its expected loss must stay below this fraction of the control’s rate (default 0.0025, i.e. 0.25 %)' })),
    minExposuresPerArm: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'Exposed units every arm needs before any decision (default 100)' })),
    srmMinPValue: Type.Optional(Type.Number({ minimum: 0, maximum: 0.5, description: 'A sample-ratio-mismatch p-value below this blocks any decision (default 0.001; 0 turns the check off)' })),
  },
  { additionalProperties: false, description: 'When the test may call a winner; every field defaults' },
);

export const ArmInputSchema = Type.Object(
  {
    key: Type.Optional(ArmKey('Short unique key; defaults to A, B, C, … by position')),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: PRINTABLE, description: 'A label for people' })),
    template: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Template id of this arm (see GET /templates); the same as overrides.template' })),
    overrides: Type.Optional(OverridesSchema),
    weight: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Relative traffic share (default: equal); 1:1, 50:50 and 0.5:0.5 are the same split' })),
    jobId: Type.Optional(ResourceId('Link an existing render job as this arm’s video instead of rendering one (then no template or overrides)')),
    brandId: brandIdField('The brand this arm renders in (an A/B test of two looks); null for none; omitted: base.brandId, else the default brand. The arm’s job names the version it used'),
  },
  { additionalProperties: false, description: 'One arm: a template and/or overrides over the base, or an existing job. The first arm is the control.' },
);
export type ArmInput = Static<typeof ArmInputSchema>;

export const CreateBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: PRINTABLE, examples: ['Santiago: portrait vs landscape'] }),
    goal: EventName('The conversion event: `complete`, `click`, or a custom event name. The rate is units with this event per unit with the exposure event.'),
    exposureEvent: Type.Optional(Type.Union([Type.Literal('view'), Type.Literal('impression')], { description: 'The event that makes a unit count as exposed (default `view`)' })),
    base: Type.Optional(Type.Ref(RenderParams, { description: 'The render parameters every arm starts from (required unless every arm links a job or contextId is given)' })),
    contextId: Type.Optional(ResourceId('A stored context whose place, date, language and values every arm starts from; fields of `base` override them, and the arms’ jobs record the context')),
    arms: Type.Array(ArmInputSchema, { minItems: 2, maxItems: MAX_ARMS, description: 'Two to ten arms; the first is the control' }),
    rules: Type.Optional(RulesSchema),
    workflowId: Type.Optional(ResourceId('The workflow this test belongs to: once concluded, the workflow renders with the winning arm (see README)')),
  },
  { additionalProperties: false, examples: [{ name: 'Portrait vs landscape', goal: 'complete', base: { location: 'Santiago', pm25: 87.4, language: 'es' }, arms: [{}, { overrides: { format: 'portrait' } }] }] },
);
export type CreateBody = Static<typeof CreateBodySchema>;

const ArmSchema = Type.Object({
  key: Type.String(),
  name: Nullable(Type.String()),
  weight: Type.Number({ description: 'Relative traffic share as given' }),
  share: Type.Number({ description: 'Traffic share, 0…1 (weights normalized)' }),
  template: Type.String(),
  overrides: Type.Record(Type.String(), Type.Unknown(), { description: 'What this arm changes over the base' }),
  params: Type.Record(Type.String(), Type.Unknown(), { description: 'The arm’s normalized render parameters' }),
  jobId: Type.String({ 'x-graphql': 'ID' }),
  jobStatus: Type.String({ description: 'Status of the arm’s render job' }),
  videoUrl: Nullable(Type.String({ description: 'The arm’s MP4 once rendered' })),
  posterUrl: Nullable(Type.String()),
  assigned: Type.Integer({ description: 'Units assigned to this arm' }),
  exposures: Type.Integer({ description: 'Units with the exposure event' }),
  conversions: Type.Integer({ description: 'Exposed units with the goal event' }),
  events: Type.Record(Type.String(), Type.Integer(), { description: 'Counted events by type' }),
});

export const TestSchema = Type.Object(
  {
    id: Type.String({ 'x-graphql': 'ID', examples: ['var_Zq3k1x9VbQmPz1rL'] }),
    name: Type.String(),
    status: StringEnum(TEST_STATUSES, { description: 'running → concluded (frozen result; assign answers with the winner)' }),
    goal: Type.String({ description: 'The conversion event' }),
    exposureEvent: Type.String({ description: 'The exposure event' }),
    rules: Type.Object({ minProbabilityBest: Type.Number(), maxRelativeLoss: Type.Number(), minExposuresPerArm: Type.Integer(), srmMinPValue: Type.Number() }, { description: 'Decision rules in force' }),
    base: Nullable(Type.Record(Type.String(), Type.Unknown()), { description: 'The base render parameters as given' }),
    workflowId: Nullable(Type.String()),
    control: Type.String({ description: 'Key of the control arm (the first)' }),
    arms: Type.Array(ArmSchema),
    winner: Nullable(
      Type.Object({
        arm: Type.String(),
        decidedBy: StringEnum(['statistics', 'manual'] as const, { description: '`statistics` when the rules chose it, `manual` when conclude named another arm' }),
        concludedAt: Type.String({ format: 'date-time' }),
      }),
    ),
    events: Type.Integer({ description: 'Events counted so far' }),
    createdAt: Type.String({ format: 'date-time' }),
    concludedAt: Nullable(Type.String({ format: 'date-time' })),
    lastEventAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'VariantTest', description: 'An A/B test of report videos' },
);
export type TestView = Static<typeof TestSchema>;
export type ArmView = TestView['arms'][number];

export const TestPageSchema = PageOf('tests', Type.Ref(TestSchema), { description: 'One page of tests, newest first' });
export type TestPage = Static<typeof TestPageSchema>;

export const ListQuerySchema = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated statuses (running, concluded)', examples: ['running'] })),
  workflowId: Type.Optional(ResourceId('Only tests of this workflow')),
  ...PageQuery,
});
export type ListQuery = Static<typeof ListQuerySchema>;

export const AssignBodySchema = Type.Object({ unitId: UnitId }, { additionalProperties: false });
export type AssignBody = Static<typeof AssignBodySchema>;

export const AssignmentSchema = Type.Object(
  {
    testId: Type.String({ 'x-graphql': 'ID' }),
    unitId: Type.String(),
    arm: Type.String({ description: 'Key of the arm this unit sees' }),
    jobId: Type.String({ 'x-graphql': 'ID' }),
    jobStatus: Type.String(),
    videoUrl: Nullable(Type.String({ description: 'The arm’s MP4 (null until rendered)' })),
    posterUrl: Nullable(Type.String()),
    firstAssignment: Type.Boolean({ description: 'True when this call recorded the unit; false when it was assigned before' }),
    concluded: Type.Boolean({ description: 'True once the test is concluded: every unit then gets the winning arm and nothing is recorded' }),
  },
  { description: 'Which arm a unit sees: a hash of the test id and unit id against the weights' },
);
export type AssignmentView = Static<typeof AssignmentSchema>;

export const TrackEventSchema = Type.Object(
  {
    unitId: UnitId,
    type: EventName('impression, view, complete, click, share, or the test’s custom goal event'),
    eventId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: PRINTABLE, description: 'Your id for this event: an event id is counted once per test, however often it is sent' })),
    arm: Type.Optional(ArmKey('The arm the viewer saw; when given it must be the unit’s assigned arm')),
  },
  { additionalProperties: false },
);
export type TrackEvent = Static<typeof TrackEventSchema>;

export const TrackBodySchema = Type.Object(
  { events: Type.Array(TrackEventSchema, { minItems: 1, maxItems: MAX_TRACK_EVENTS, description: 'One to 1,000 events; all-or-nothing: one bad event rejects the batch, naming events[i]' }) },
  { additionalProperties: false, examples: [{ events: [{ unitId: 'user-4812', type: 'view', eventId: 'e-1' }, { unitId: 'user-4812', type: 'complete', eventId: 'e-2' }] }] },
);
export type TrackBody = Static<typeof TrackBodySchema>;

export const TrackResultSchema = Type.Object({
  received: Type.Integer({ description: 'Events in the request' }),
  counted: Type.Integer({ description: 'Events counted now' }),
  duplicates: Type.Integer({ description: 'Events whose eventId was counted before (or repeated in this request), not counted again' }),
});
export type TrackResult = Static<typeof TrackResultSchema>;

export const ConcludeBodySchema = Type.Object(
  { arm: Type.Optional(ArmKey('Conclude with this arm; omitted, the rules must have found a winner (else 409)')) },
  { additionalProperties: false },
);
export type ConcludeBody = Static<typeof ConcludeBodySchema>;

const ArmResultSchema = Type.Object({
  key: Type.String(),
  exposures: Type.Integer(),
  conversions: Type.Integer(),
  rate: Nullable(Type.Number({ description: 'conversions / exposures' })),
  interval: Type.Object({ low: Type.Number(), high: Type.Number() }, { description: '95 % credible interval of the rate (Beta posterior, equal tails)' }),
  posteriorMean: Type.Number(),
  probabilityBest: Type.Number({ description: 'Chance that this arm has the highest rate' }),
  expectedLoss: Type.Number({ description: 'Expected conversion rate lost by choosing this arm, E[max − this]' }),
  uplift: Nullable(Type.Number({ description: 'Relative to the control’s rate' })),
  zTest: Nullable(Type.Object({ z: Type.Number(), pValue: Type.Number() }, { description: 'Two-sided two-proportion z-test against the control' })),
});

export const ResultSchema = Type.Object(
  {
    testId: Type.String({ 'x-graphql': 'ID' }),
    status: StringEnum(TEST_STATUSES),
    decision: StringEnum(['winner', 'no_difference', 'insufficient_data'] as const),
    winner: Nullable(Type.String({ description: 'The winning arm’s key when decision is `winner`' })),
    reasons: Type.Array(Type.String()),
    control: Type.String(),
    goal: Type.String(),
    exposureEvent: Type.String(),
    rules: Type.Object({ minProbabilityBest: Type.Number(), maxRelativeLoss: Type.Number(), minExposuresPerArm: Type.Integer(), srmMinPValue: Type.Number() }),
    lossThreshold: Type.Number({ description: 'maxRelativeLoss × the control’s posterior mean rate' }),
    srm: Type.Object({ chiSquare: Type.Number(), degreesOfFreedom: Type.Integer(), pValue: Type.Number(), mismatch: Type.Boolean() }, { description: 'Exposures against the weights' }),
    method: StringEnum(['exact', 'quadrature'] as const, { description: 'How P(best) and expected loss were computed' }),
    arms: Type.Array(ArmResultSchema),
    computedAt: Type.String({ format: 'date-time' }),
    frozen: Type.Boolean({ description: 'True once concluded: the result as it was at conclusion' }),
  },
  { $id: 'VariantResult', description: 'The decision of a test and the statistics behind it' },
);
export type ResultView = Static<typeof ResultSchema>;
