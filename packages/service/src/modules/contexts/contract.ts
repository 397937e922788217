/**
 * The contexts contract: a stored set of air-quality values, where they came
 * from (an uploaded bulletin, a person, a workflow run), the edits made to them
 * and the renders made from them. Types are derived from these schemas.
 */
import { ProvenanceSchema, RenderParamsSchema } from '@aqcast/engine';
import { AQI_STANDARD_IDS, GIVEN_CATEGORY_KEYS, MEASURES } from '@aqcast/vocabulary';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable, PageOf, PageQuery, ResourceId, StringEnum } from '../../core/http/schemas.js';
import { RENDER_OPTION_PROPS } from '../../core/render-params.js';
import { BrandIdField } from '../brands/index.js';

/** The measured values a context holds, in render-parameter names and units. */
export { MEASURES, type MeasureId as Measure } from '@aqcast/vocabulary';

export const SOURCE_KINDS = ['upload', 'manual', 'workflow'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const isSourceKind = (v: unknown): v is SourceKind => SOURCE_KINDS.some((k) => k === v);

const p = RenderParamsSchema.properties;
/** A render-parameter property without its `Optional` marker, to reuse its bounds in another shape. */
function bare<T extends TSchema>(schema: T) {
  return Type.Optional(schema, false);
}

export const FieldSchema = Type.Object(
  {
    value: Type.Union([Type.Number(), Type.String()], { description: 'The value (µg/m³, CO mg/m³, °C, %), or the text of `location` / `date`' }),
    unit: Type.Optional(Type.String()),
    sourceText: Type.String({ description: 'The line or table row the value was read from ("" when a person entered it)' }),
    sourceUnit: Type.Optional(Type.String({ description: 'The unit written in the document' })),
    confidence: Type.Number({ minimum: 0, maximum: 1, description: '0…1; 1 for a value a person entered or edited' }),
    edited: Type.Boolean({ description: 'True once a person set this value (PATCH); values entered with POST /contexts are not edits' }),
    editedAt: Type.Optional(Type.String({ format: 'date-time' })),
    extractedValue: Type.Optional(Type.Union([Type.Number(), Type.String()], { description: 'What the document said, kept when a person changed the value' })),
    origin: Type.Optional(Type.String({ description: 'stated, max-of-stations, mean-of-stations (read from a document), manual or workflow' })),
    averaging: Type.Optional(Type.String({ description: 'Averaging period the document states (1h, 8h, 24h, …)' })),
    kind: Type.Optional(Type.String({ description: 'observed or forecast, when stated' })),
    station: Type.Optional(Type.String({ description: 'The station a max-of-stations value comes from' })),
    stationCount: Type.Optional(Type.Integer({ description: 'Stations a value was aggregated over' })),
    range: Type.Optional(Type.Array(Type.Number(), { description: 'The range (low, high) the document gave' })),
  },
  { additionalProperties: true, description: 'One value with its unit, source text, confidence and provenance' },
);
export type ContextField = Static<typeof FieldSchema>;

export const StationSchema = Type.Object(
  {
    name: Type.String(),
    values: Type.Record(Type.String(), Type.Number(), { description: 'Normalised values by measure' }),
    fields: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Each value with unit, source text, averaging and kind' })),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Latitude (WGS 84), when the document\'s station table gives it (a station map needs it)' })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Longitude (WGS 84), given with lat' })),
  },
  { additionalProperties: true, description: 'A monitoring station (or district) the document lists' },
);

export const SourceSchema = Type.Object(
  {
    kind: StringEnum(SOURCE_KINDS, { description: 'upload (a bulletin), manual (POST /contexts) or workflow (a workflow run)' }),
    filename: Nullable(Type.String()),
    mediaType: Nullable(Type.String({ description: 'Media type decided from the bytes' })),
    sha256: Nullable(Type.String()),
    bytes: Nullable(Type.Integer()),
    pages: Nullable(Type.Integer()),
    workflowId: Nullable(Type.String()),
    runId: Nullable(Type.String({ description: 'The workflow run that fetched the values' })),
    kept: Type.Boolean({ description: 'The uploaded original is in storage (GET /contexts/{id}/source)' }),
    keptUntil: Nullable(Type.String({ format: 'date-time', description: 'When the original is removed (CONTEXT_SOURCE_RETENTION_DAYS)' })),
    url: Nullable(Type.String({ description: 'Where the original can be read (needs the API key)' })),
  },
  { description: 'Where the values came from' },
);

export const ContextRenderSchema = Type.Object({
  jobId: Type.String({ 'x-graphql': 'ID' }),
  status: Type.String(),
  template: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const RendersSummarySchema = Type.Object(
  { count: Type.Integer(), recent: Type.Array(ContextRenderSchema, { description: 'The newest five; GET /renders?contextId= lists them all' }) },
  { description: 'The renders made from this context' },
);

const LanguageModelSchema = Type.Object(
  { used: Type.Array(Type.String()), dropped: Type.Array(Type.String()), error: Type.Optional(Type.String()) },
  { description: 'What the optional language model added, and the numbers it returned that the document does not contain' },
);

const categoryValue = (name: string) => Type.Optional(StringEnum(GIVEN_CATEGORY_KEYS, { description: `${name} category (a band-only index's)` }));
const indexValue = (name: string) => Type.Optional(Type.Number({ minimum: 0, description: `${name} sub-index (an index value, not a concentration)` }));

export const ContextIndexSchema = Type.Object(
  {
    name: Type.String({ description: 'The index as the document names it: AQI, IQAr, IMECA, AQHI …' }),
    standard: Nullable(StringEnum(AQI_STANDARD_IDS, { description: 'The AQI standard it is in, when the service knows it (AQI → us-epa, IQAr → br-iqar, ICAP → cl, Índice AIRE Y SALUD → mx, EAQI → eu-eaqi, AQHI → ca-aqhi, DAQI → uk-daqi, PSI → sg-psi); null for others (IMECA, Hong Kong\'s AQHI …), which a render refuses with 422' })),
    overall: Nullable(Type.Number({ minimum: 0 }), { description: 'The overall index: the highest sub-index, or the one value the document gives (an AQHI has no sub-index); null for a band-only index given as categories (`category`)' }),
    pollutants: Type.Object(
      { pm25: indexValue('PM2.5'), pm10: indexValue('PM10'), no2: indexValue('NO2'), o3: indexValue('O3'), so2: indexValue('SO2'), co: indexValue('CO') },
      { description: "Each pollutant's sub-index; over several stations or areas the highest" },
    ),
    category: Type.Optional(StringEnum(GIVEN_CATEGORY_KEYS, { description: "For a band-only index, which has no number (Mexico's Índice AIRE Y SALUD, the EEA index): the worst category the document states, which a render draws as the headline" })),
    categories: Type.Optional(Type.Object(
      { pm25: categoryValue('PM2.5'), pm10: categoryValue('PM10'), no2: categoryValue('NO2'), o3: categoryValue('O3'), so2: categoryValue('SO2'), co: categoryValue('CO') },
      { description: "For a band-only index: each pollutant's category where the document names a pollutant with it; over several areas the worst" },
    )),
    sources: Type.Record(
      Type.String(),
      Type.Object({ sourceText: Type.String(), station: Type.Optional(Type.String()), confidence: Type.Number({ minimum: 0, maximum: 1 }) }),
      { description: "Each sub-index's source line or table row, and its station or area when it is one's; under `overall`, the overall value's when the document gives it alone (an AQHI, DAQI or PSI forecast)" },
    ),
  },
  { description: 'Index values a document gives instead of concentrations' },
);
export type ContextIndex = Static<typeof ContextIndexSchema>;

export const ContextSchema = Type.Object(
  {
    contextId: Type.String({ 'x-graphql': 'ID' }),
    location: Nullable(Type.String()),
    date: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
    pm25: Type.Optional(Type.Number()),
    pm10: Type.Optional(Type.Number()),
    no2: Type.Optional(Type.Number()),
    o3: Type.Optional(Type.Number()),
    so2: Type.Optional(Type.Number()),
    co: Type.Optional(Type.Number({ description: 'mg/m³' })),
    temperatura: Type.Optional(Type.Number({ description: '°C' })),
    humidity: Type.Optional(Type.Number({ description: '%' })),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    fields: Type.Record(Type.String(), FieldSchema),
    method: Type.String({ description: 'pdf-text, pdf-ocr, image-ocr (how a bulletin was read), manual or workflow' }),
    pages: Type.Integer(),
    language: Nullable(Type.String()),
    stations: Type.Array(StationSchema),
    cityValueRule: Nullable(StringEnum(['max', 'mean'] as const, { description: 'How station values became city values when the document stated none' })),
    kind: Nullable(StringEnum(['observed', 'forecast'] as const, { description: 'Observed or forecast, when the document says so' })),
    languageModel: Type.Optional(LanguageModelSchema),
    index: Nullable(ContextIndexSchema, {
      description: 'Set when the values are index values, not concentrations (an AQI forecast, an IQAr table): then no pollutant concentration is set, and a render draws this index (an index video) — unless a person has since entered concentrations',
    }),
    source: SourceSchema,
    provenance: ProvenanceSchema,
    tags: Type.Array(Type.String()),
    renders: RendersSummarySchema,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    version: Type.Integer({ minimum: 1, description: 'Grows by one with every change; the ETag is "v<version>"' }),
  },
  { $id: 'Context', description: 'Values normalised to µg/m³ (CO mg/m³), °C and %, each field with its source text, confidence and provenance', additionalProperties: true },
);
export type ContextView = Static<typeof ContextSchema>;

export const ContextPageSchema = PageOf('contexts', Type.Ref(ContextSchema), { description: 'One page of contexts, newest first' });
export type ContextPage = Static<typeof ContextPageSchema>;

// ---- requests ---------------------------------------------------------------

/** Tags are case-insensitive (stored lower-case) and travel in paths: no slashes, commas or control characters. */
export const TagSchema = Type.String({ minLength: 1, maxLength: 50, pattern: '^[^\\u0000-\\u001f\\u007f/\\\\,?#%]*[^\\s\\u0000-\\u001f\\u007f/\\\\,?#%][^\\u0000-\\u001f\\u007f/\\\\,?#%]*$', description: 'A label (1–50 characters; case-insensitive)', examples: ['weekly'] });
export const MAX_TAGS = 50;

export const ContextListQuerySchema = Type.Object({
  location: Type.Optional(Type.String({ maxLength: 120, description: 'Exact location, case- and accent-insensitive' })),
  tag: Type.Optional(Type.String({ maxLength: 50, description: 'Contexts with this tag' })),
  source: Type.Optional(Type.Union(SOURCE_KINDS.map((k) => Type.Literal(k)), { description: 'upload, manual or workflow' })),
  since: Type.Optional(Type.String({ maxLength: 40, description: 'Created at or after (ISO date or date-time)' })),
  until: Type.Optional(Type.String({ maxLength: 40, description: 'Created at or before (ISO date or date-time; a bare date includes the whole day)' })),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Text search in location, date, file name, tags, station names and source texts (case- and accent-insensitive)' })),
  ...PageQuery,
});
export type ContextListQuery = Static<typeof ContextListQuerySchema>;

const valueProps = Type.Pick(RenderParamsSchema, [...MEASURES, 'temperature']).properties;

export const CreateContextBodySchema = Type.Object(
  {
    location: p.location,
    date: p.date,
    ...valueProps,
    tags: Type.Optional(Type.Array(TagSchema, { maxItems: MAX_TAGS })),
  },
  { additionalProperties: false, description: 'Values entered by hand, validated like render parameters' },
);
export type CreateContextBody = Static<typeof CreateContextBodySchema>;

const nullableValue = <T extends TSchema>(s: T, name: string) => Type.Optional(Type.Union([bare(s), Type.Null()], { description: `${s.description ?? name} null removes it.` }));
type NullableValue<K extends keyof typeof valueProps> = ReturnType<typeof nullableValue<(typeof valueProps)[K]>>;
// fromEntries loses the keys; each key still maps its own value schema, made nullable.
const nullableValueProps = Object.fromEntries(Object.entries(valueProps).map(([m, s]) => [m, nullableValue(s, m)])) as { [K in keyof typeof valueProps]: NullableValue<K> };

export const PatchContextBodySchema = Type.Object(
  {
    location: Type.Optional(bare(p.location)),
    date: Type.Optional(Type.Union([bare(p.date), Type.Null()], { description: 'YYYY-MM-DD; null removes it' })),
    ...nullableValueProps,
  },
  { additionalProperties: false, description: 'The fields to change, validated like render parameters; a value set to null is removed. Send If-Match with the ETag you read to refuse a stale edit (412).' },
);
export type PatchContextBody = Static<typeof PatchContextBodySchema>;

export const ContextRenderBodySchema = Type.Object(
  {
    ...RENDER_OPTION_PROPS,
    location: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: "Overrides the context's location" })),
    date: p.date,
    priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000, description: 'Queue priority (higher runs first)' })),
    brandId: BrandIdField,
  },
  { additionalProperties: false, description: "Render options applied over the context's values (and the brand's defaults under them)" },
);
export type ContextRenderBody = Static<typeof ContextRenderBodySchema>;

export const TagsBodySchema = Type.Object({ tags: Type.Array(TagSchema, { minItems: 1, maxItems: MAX_TAGS }) }, { additionalProperties: false });
export type TagsBody = Static<typeof TagsBodySchema>;

export const TagParamsSchema = Type.Object({ id: ResourceId('Context id'), tag: TagSchema });

export const IfMatchHeadersSchema = Type.Object({
  'if-match': Type.Optional(Type.String({ maxLength: 200, description: 'The ETag of the version you read ("v3"): the change is refused with 412 when the context changed since' })),
});

export const ContextEditSchema = Type.Object(
  {
    version: Type.Integer({ description: 'The version this edit produced' }),
    editedAt: Type.String({ format: 'date-time' }),
    changes: Type.Array(Type.Object({ field: Type.String(), from: Nullable(Type.Unknown()), to: Nullable(Type.Unknown()) }), { description: 'Each changed field with its value before and after (null: absent)' }),
  },
  { description: 'One change to a context' },
);
export type ContextEdit = Static<typeof ContextEditSchema>;

export const ContextHistorySchema = Type.Object({ contextId: Type.String(), edits: Type.Array(ContextEditSchema, { description: 'Oldest first' }) });
export type ContextHistory = Static<typeof ContextHistorySchema>;
