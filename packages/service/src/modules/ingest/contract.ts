/** The ingest contract: the multipart upload forms and the stored context they produce. */
import { FORMATS, RenderParamsSchema } from '@aqcast/engine';
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../core/http/schemas.js';
import { RENDER_OPTION_PROPS } from '../../core/render-params.js';
import { brandIdField } from '../brands/index.js';
import { ContextSchema } from '../contexts/index.js';

const FileField = Type.String({ format: 'binary', description: 'PDF, PNG, JPEG or WebP bulletin' });
const p = RenderParamsSchema.properties;

/** The text fields of POST /ingest/upload: how the bulletin is read. */
export const UploadFieldsSchema = Type.Object(
  {
    cityValue: Type.Optional(Type.Union([Type.Literal('max'), Type.Literal('mean')], {
      description: 'How station values become the city-level value when the document states none: the maximum over stations (the default, INGEST_CITY_VALUE) or their mean',
    })),
  },
  { additionalProperties: false },
);
export type UploadFields = Static<typeof UploadFieldsSchema>;

/** The text fields of POST /ingest/upload-and-render: render options applied over what the document says. */
export const UploadRenderFieldsSchema = Type.Object(
  {
    ...RENDER_OPTION_PROPS,
    location: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: 'Overrides (or supplies) the location' })),
    date: p.date,
    cityValue: UploadFieldsSchema.properties.cityValue,
    brandId: brandIdField('The brand to render in (GET /brands); omitted: the default brand, if one is set'),
  },
  { additionalProperties: false },
);
export type UploadRenderFields = Static<typeof UploadRenderFieldsSchema>;

export const UploadBodySchema = Type.Composite([Type.Object({ file: FileField }), UploadFieldsSchema], { additionalProperties: false });
export const UploadRenderBodySchema = Type.Composite([UploadBodySchema, UploadRenderFieldsSchema], { additionalProperties: false });

/** Why a line that looked like a measurement gave no value (`@aqcast/extract` SkipReason). */
export const SKIP_REASONS = ['index-value', 'limit-or-threshold', 'count', 'not-understood'] as const;

export const SkippedLineSchema = Type.Object(
  {
    text: Type.String({ description: 'The line or table row as it appeared (at most 200 characters)' }),
    page: Type.Integer({ minimum: 1 }),
    pollutants: Type.Array(Type.String(), { description: 'The pollutants it names (pm25, pm10, no2, o3, so2, co)' }),
    reason: StringEnum(SKIP_REASONS, {
      description: 'index-value (an AQI, IQAr, ICAP … number, not a concentration), limit-or-threshold (a legal limit, guideline or band), count (days, exceedances), not-understood (a pollutant and a number the reader could not pair: an unknown unit or layout)',
    }),
  },
  { description: 'A line or table row that looked like a measurement (a pollutant and a number) but gave no value' },
);
export type SkippedLineView = Static<typeof SkippedLineSchema>;

const Skipped = Type.Array(SkippedLineSchema, { description: 'Lines that looked like measurements but were not used, with the reason (at most 50), in reading order; not stored with the context' });

export const UploadResultSchema = Type.Object({ contextId: Type.String(), context: Type.Ref(ContextSchema), skipped: Skipped });
export const UploadRenderResultSchema = Type.Object({ jobId: Type.String(), contextId: Type.String(), renderParams: Type.Record(Type.String(), Type.Unknown()), context: Type.Ref(ContextSchema), skipped: Skipped });

export const IngestTemplateSchema = Type.Object({
  id: Type.String({ 'x-graphql': 'ID' }),
  name: Type.String(),
  description: Type.String(),
  formats: Type.Array(StringEnum(FORMATS)),
  params: Type.Array(Type.String()),
  requires: Type.Array(Type.String()),
});
export const IngestTemplatesSchema = Type.Object({ templates: Type.Array(IngestTemplateSchema) });
