/**
 * The AI helpers' contract: analyze, suggestTemplate, generate and render. Every
 * request carries the values (flat, as in POST /render) or a `contextId`; the
 * answers hold only computed facts and text checked against them. Types derive
 * from these schemas; the domain files return them.
 */
import { AQI_STANDARD_IDS, FORMATS, LANGUAGES, RenderParamsSchema } from '@aqcast/engine';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable, ResourceId, StringEnum } from '../../core/http/schemas.js';
import { BrandIdField } from '../brands/index.js';
import { JobSchema } from '../queue/index.js';

const p = RenderParamsSchema.properties;
const literals = <T extends string>(values: readonly T[], options: { description?: string; examples?: T[] } = {}) => Type.Union(values.map((v) => Type.Literal(v)), options);

export const CHANNELS = ['tv', 'social', 'web'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Where a text came from: the built-in domain engine, or a language model whose answer passed every check. */
export const TEXT_SOURCES = ['offline', 'model'] as const;

/** Why a model's answer was not used. */
export const MODEL_REFUSALS = ['not_configured', 'disabled', 'timeout', 'unreachable', 'http_error', 'malformed', 'invented_number', 'wrong_unit', 'wrong_category', 'wrong_place', 'missing_fact', 'too_long'] as const;
export type ModelRefusal = (typeof MODEL_REFUSALS)[number];

const MeasureFields = {
  pm25: p.pm25,
  pm10: p.pm10,
  no2: p.no2,
  o3: p.o3,
  so2: p.so2,
  co: p.co,
  temperatura: p.temperatura,
  temperature: p.temperature,
  humidity: p.humidity,
};

export const SeriesPointSchema = Type.Object(
  {
    at: Type.String({ minLength: 1, maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$', description: 'When (ISO date or date-time)', examples: ['2026-11-21T12:00:00Z'] }),
    ...MeasureFields,
  },
  { additionalProperties: false, description: 'Values measured at one time' },
);

/** What every AI request may carry: the values themselves or a stored context, and how to read them. */
const InputFields = {
  contextId: Type.Optional(ResourceId('A stored context (GET /contexts/{id}) to read the location, date and values from; values given here override it')),
  location: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: 'Place the values are about (required for generate and render unless the context has one)', examples: ['Santiago'] })),
  ...MeasureFields,
  date: p.date,
  language: p.language,
  aqiStandard: p.aqiStandard,
  series: Type.Optional(Type.Array(SeriesPointSchema, { minItems: 2, maxItems: 500, description: 'Earlier values (oldest first or not; sorted by `at`) for a trend' })),
};

export const AnalyzeBodySchema = Type.Object(
  {
    ...InputFields,
    standards: Type.Optional(
      Type.Array(literals(AQI_STANDARD_IDS), { minItems: 1, maxItems: AQI_STANDARD_IDS.length, uniqueItems: true, description: 'Standards to rate the values in (default: aqiStandard, else us-epa); the first is the primary one' }),
    ),
  },
  { additionalProperties: false, examples: [{ location: 'Santiago', pm25: 87.4, no2: 42, standards: ['us-epa', 'cl'] }] },
);
export type AnalyzeBody = Static<typeof AnalyzeBodySchema>;

export const SuggestBodySchema = Type.Object(
  {
    ...InputFields,
    channel: Type.Optional(literals(CHANNELS, { description: 'Where the video will be shown: tv (broadcast), social (a phone feed) or web (a page); default web' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, description: 'Suggestions to return (default 5)' })),
  },
  { additionalProperties: false, examples: [{ location: 'Santiago', pm25: 87.4, channel: 'social' }] },
);
export type SuggestBody = Static<typeof SuggestBodySchema>;

const TextOptions = {
  template: p.template,
  format: p.format,
  channel: Type.Optional(literals(CHANNELS, { description: 'Picks the template and format when they are not given (as suggestTemplate ranks them)' })),
  useModel: Type.Optional(Type.Boolean({ description: 'Let the configured language model rewrite the text (default true); its answer is used only if every number, unit, category and place matches the facts' })),
};

export const GenerateBodySchema = Type.Object({ ...InputFields, ...TextOptions }, { additionalProperties: false, examples: [{ location: 'Lima', pm25: 31, language: 'es', template: 'social-clip' }] });
export type GenerateBody = Static<typeof GenerateBodySchema>;

export const AiRenderBodySchema = Type.Object(
  {
    ...InputFields,
    ...TextOptions,
    resolution: p.resolution,
    burnCaptions: Type.Optional(Type.Boolean({ description: 'Draw the captions into the video (default true); the WebVTT file is served either way' })),
    narration: Type.Optional(Type.Boolean({ description: 'Mix a spoken narration into the MP4 (default true): the speech server when one is configured, else the offline narrator' })),
    loudnessLufs: Type.Optional(Type.Number({ minimum: -31, maximum: -10, description: 'Integrated loudness of the narration (EBU R128, LUFS): -16 for social feeds (the default), -23 for broadcast; true peaks stay under -1 dBTP' })),
    music: Type.Optional(Type.Boolean({ description: 'Lay a quiet music bed under the narration (default false), ducked while the voice speaks; the loudness target still holds. The bed is synthesised by the service itself: no recording, nothing to license' })),
    voice: Type.Optional(Type.String({ maxLength: 40, description: "The offline narrator's voice: es-419 or es (Spanish), en-us or en-gb (English), pt-br or pt (Portuguese); the language's first by default" })),
    priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000, description: 'Queue priority (-1000…1000, default 0)' })),
    brandId: BrandIdField,
  },
  { additionalProperties: false, examples: [{ location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, language: 'es', channel: 'social' }] },
);
export type AiRenderBody = Static<typeof AiRenderBodySchema>;

// ── answers ──────────────────────────────────────────────────────────────────

export const CategorySchema = Type.Object(
  {
    key: Type.String({ description: 'Stable key within the standard (good, unhealthy, preemergencia, …)' }),
    label: Type.String({ description: 'The official name, in the request language' }),
    color: Type.String({ description: 'Official colour, #RRGGBB' }),
    level: Type.Integer({ description: '0-based band of the standard' }),
    severity: Type.Integer({ minimum: 0, maximum: 5, description: 'Shared 0 (good) … 5 (hazardous) scale' }),
  },
  { description: 'A band of an AQI standard' },
);
export type CategoryView = Static<typeof CategorySchema>;

export const PollutantRatingSchema = Type.Object({
  pollutant: Type.String(),
  value: Type.Number({ description: 'As given (µg/m³; CO mg/m³)' }),
  unit: Type.String(),
  concentration: Type.Number({ description: "In the standard's table unit, after its truncation or rounding rule" }),
  concentrationUnit: Type.String(),
  averaging: Type.String({ description: "Averaging period the standard's table assumes" }),
  index: Nullable(Type.Integer(), { description: 'Sub-index where the standard has one' }),
  category: CategorySchema,
});

export const StandardResultSchema = Type.Object({
  standard: StringEnum(AQI_STANDARD_IDS, { examples: ['us-epa'] }),
  name: Type.String(),
  indexName: Nullable(Type.String(), { description: 'AQI, ICAP, IQAr; null for band-only standards' }),
  index: Nullable(Type.Integer(), { description: 'Overall index: the highest sub-index' }),
  category: Nullable(CategorySchema),
  dominant: Nullable(Type.String(), { description: 'The pollutant that sets the overall category' }),
  pollutants: Type.Array(PollutantRatingSchema),
  notCovered: Type.Array(Type.String(), { description: 'Given pollutants this standard has no table for' }),
});
export type StandardResult = Static<typeof StandardResultSchema>;

export const WhoComparisonSchema = Type.Object({
  pollutant: Type.String(),
  value: Type.Number(),
  unit: Type.String(),
  guideline: Type.Number({ description: 'WHO 2021 short-term guideline level (AQG)' }),
  averaging: Type.String(),
  ratio: Type.Number({ description: 'value ÷ guideline' }),
  difference: Type.Number({ description: 'value − guideline' }),
  exceedsGuideline: Type.Boolean(),
  meets: Nullable(Type.String(), { description: 'Strictest WHO level met: AQG, IT-4 … IT-1, or null above IT-1' }),
});

export const AdviceSchema = Type.Object({
  severity: Type.Integer({ minimum: 0, maximum: 5 }),
  general: Type.String({ description: 'For everyone' }),
  sensitiveGroups: Type.String({ description: 'For children, older adults, pregnant people and people with heart or lung disease' }),
  recommendations: Type.Array(Type.String(), { description: 'Short lines: sensitive groups, everyone, outdoor activity' }),
});

const Direction = StringEnum(['rising', 'falling', 'steady'] as const);

export const TrendSchema = Type.Object({
  points: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  index: Nullable(Type.Object({ first: Type.Integer(), last: Type.Integer(), direction: Direction }), { description: "The primary standard's index over the series" }),
  pollutants: Type.Array(
    Type.Object({
      pollutant: Type.String(),
      points: Type.Integer(),
      first: Type.Number(),
      last: Type.Number(),
      change: Type.Number({ description: 'last − first' }),
      changePercent: Nullable(Type.Number()),
      slopePerPoint: Type.Number({ description: 'Least-squares slope per point' }),
      direction: Direction,
    }),
  ),
});
export type TrendView = Static<typeof TrendSchema>;

export const AnalysisSchema = Type.Object(
  {
    location: Nullable(Type.String()),
    date: Type.String(),
    language: StringEnum(LANGUAGES),
    contextId: Nullable(Type.String()),
    values: Type.Record(Type.String(), Type.Number(), { description: 'The values analysed (µg/m³, CO mg/m³, °C, %)' }),
    primary: StandardResultSchema,
    results: Type.Array(StandardResultSchema, { description: 'One per requested standard, the primary first' }),
    who: Type.Array(WhoComparisonSchema, { description: 'Each pollutant against the WHO 2021 guideline' }),
    advice: Nullable(AdviceSchema, { description: 'Health advice for the primary category; null without a rated pollutant' }),
    trend: Nullable(TrendSchema, { description: 'When a series was given' }),
  },
  { $id: 'AiAnalysis', description: 'Sub-indices and categories per standard, WHO comparison, advice and trend' },
);
export type AnalysisView = Static<typeof AnalysisSchema>;

export const ReasonSchema = Type.Object({ code: Type.String({ examples: ['alert_category', 'portrait_for_social'] }), message: Type.String() });
export type Reason = Static<typeof ReasonSchema>;

export const SuggestionSchema = Type.Object(
  {
    template: Type.String(),
    format: StringEnum(FORMATS),
    language: StringEnum(LANGUAGES),
    score: Type.Number({ description: 'Higher is better; only the order matters' }),
    durationSec: Type.Number(),
    reasons: Type.Array(ReasonSchema),
  },
  { $id: 'AiTemplateSuggestion', description: 'A template, format and language, with why' },
);
export type SuggestionView = Static<typeof SuggestionSchema>;

export const SuggestionsSchema = Type.Object({
  channel: StringEnum(CHANNELS),
  suggestions: Type.Array(Type.Ref(SuggestionSchema), { description: 'Best first' }),
  category: Nullable(CategorySchema),
});
export type SuggestionsView = Static<typeof SuggestionsSchema>;

export const CueSchema = Type.Object({ start: Type.Number({ description: 'Seconds' }), end: Type.Number(), text: Type.String() });
export type CueView = Static<typeof CueSchema>;

export const ModelUseSchema = Type.Object(
  {
    configured: Type.Boolean(),
    model: Nullable(Type.String()),
    used: Type.Boolean({ description: "True when the text is the model's" }),
    refusal: Nullable(StringEnum(MODEL_REFUSALS), { description: 'Why the model was not used, or its answer was refused' }),
    detail: Nullable(Type.String(), { description: 'What did not match, or what failed' }),
  },
  { description: 'Whether a language model wrote the text' },
);
export type ModelUse = Static<typeof ModelUseSchema>;

export const GeneratedSchema = Type.Object(
  {
    language: StringEnum(LANGUAGES),
    location: Type.String(),
    template: Type.String(),
    format: StringEnum(FORMATS),
    durationSec: Type.Number({ description: "The template's length, which the narration is sized to" }),
    headline: Type.String(),
    narration: Type.Object({
      text: Type.String(),
      segments: Type.Array(Type.String(), { description: 'Sentences, in order; each is spoken as one piece' }),
      voiced: Type.Array(Type.String(), { description: 'The same sentences as the voice says them: numbers in words, symbols and acronyms spelled out' }),
      words: Type.Integer(),
      estimatedSec: Type.Number({ description: 'Estimated speaking time' }),
      targetSec: Type.Number({ description: 'Time the template leaves for speech' }),
    }),
    captions: Type.Object({ vtt: Type.String({ description: 'WebVTT' }), cues: Type.Array(CueSchema) }),
    social: Type.String({ description: 'A post of at most 280 characters' }),
    source: StringEnum(TEXT_SOURCES),
    model: ModelUseSchema,
  },
  { $id: 'AiGeneratedText', description: 'Headline, narration, captions and a social post, in one language' },
);
export type GeneratedView = Static<typeof GeneratedSchema>;

export const NarrationResultSchema = Type.Object({
  status: StringEnum(['mixed', 'off', 'not_configured', 'failed'] as const, { description: 'mixed: an AAC track is in the MP4; not_configured: no narrator (OFFLINE_NARRATOR=off and no speech server); failed: no narrator could speak and the video has none' }),
  provider: Nullable(StringEnum(['offline', 'external'] as const, { description: 'offline: the built-in eSpeak NG narrator; external: the configured speech server' })),
  fallback: Type.Boolean({ description: 'The speech server failed and the offline narrator spoke instead (detail says why)' }),
  loudnessLufs: Nullable(Type.Number({ description: 'The integrated loudness the track was normalised to (EBU R128)' })),
  voice: Nullable(Type.String()),
  durationSec: Nullable(Type.Number()),
  detail: Nullable(Type.String()),
  sentences: Type.Array(
    Type.Object({
      text: Type.String({ description: 'The sentence as the captions show it' }),
      start: Type.Number({ description: 'Seconds into the video its speech starts' }),
      end: Type.Number({ description: 'Seconds into the video its speech ends' }),
      scene: Nullable(Type.String({ description: "The id of the scene it is spoken over (the engine's scene timeline); null when it just follows the sentence before" })),
    }),
    { description: 'When each sentence is spoken: over the scene that shows what it says, never before that scene comes on (empty without a voice)' },
  ),
  music: Type.Boolean({ description: 'A music bed plays under the voice, ducked while it speaks' }),
});

export const AiRenderResultSchema = Type.Object(
  {
    jobId: Type.String({ 'x-graphql': 'ID' }),
    job: Type.Ref(JobSchema),
    renderParams: Type.Record(Type.String(), Type.Unknown()),
    captionsUrl: Type.String({ description: 'WebVTT captions, public and unguessable like the video URL' }),
    accessibility: Type.Object(
      {
        captionsVtt: Type.String({ description: 'WebVTT captions' }),
        captionsSrt: Type.String({ description: 'The same captions as SubRip' }),
        transcript: Type.String({ description: 'Plain-text transcript: headline, narration as read, description of the picture' }),
        audio: Nullable(Type.String({ description: 'The narration alone, AAC in .m4a (radio, phone lines); null without a voice' })),
        audioDescription: Nullable(Type.String({ description: 'Audio description: the picture (title, gauge, colour band) described, then the narration, AAC in .m4a; null without a voice' })),
        description: Type.Array(Type.String(), { description: 'The sentences that describe the picture' }),
      },
      { description: 'The accessible package: every URL public and unguessable like the video' },
    ),
    burnCaptions: Type.Boolean(),
    videoDurationSec: Type.Number({ description: 'Length the video will have (stretched to the narration when needed)' }),
    narration: NarrationResultSchema,
    suggestion: Type.Ref(SuggestionSchema),
    text: Type.Ref(GeneratedSchema),
    analysis: Type.Ref(AnalysisSchema),
  },
  { $id: 'AiRender', description: 'A queued render with its text, captions and narration' },
);
export type AiRenderResult = Static<typeof AiRenderResultSchema>;

/** Schemas other routes may `$ref`, registered by the module. */
export const AI_SCHEMAS: TSchema[] = [AnalysisSchema, SuggestionSchema, GeneratedSchema, AiRenderResultSchema];
