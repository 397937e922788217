/** The ingest contract: the multipart upload forms and the stored context they produce. */
import { RenderParamsSchema } from '@aqcast/engine';
import { Type, type Static } from '@sinclair/typebox';
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
    template: p.template,
    compositionId: p.compositionId,
    language: p.language,
    format: p.format,
    aqiStandard: p.aqiStandard,
    resolution: p.resolution,
    location: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: 'Overrides (or supplies) the location' })),
    date: p.date,
    cityValue: UploadFieldsSchema.properties.cityValue,
  },
  { additionalProperties: false },
);
export type UploadRenderFields = Static<typeof UploadRenderFieldsSchema>;

export const UploadBodySchema = Type.Composite([Type.Object({ file: FileField }), UploadFieldsSchema], { additionalProperties: false });
export const UploadRenderBodySchema = Type.Composite([UploadBodySchema, UploadRenderFieldsSchema], { additionalProperties: false });

export const UploadResultSchema = Type.Object({ contextId: Type.String(), context: Type.Ref(ContextSchema) });
export const UploadRenderResultSchema = Type.Object({ jobId: Type.String(), contextId: Type.String(), renderParams: Type.Record(Type.String(), Type.Unknown()), context: Type.Ref(ContextSchema) });

export const IngestTemplateSchema = Type.Object({
  id: Type.String({ 'x-graphql': 'ID' }),
  name: Type.String(),
  description: Type.String(),
  formats: Type.Array(Type.String()),
  params: Type.Array(Type.String()),
  requires: Type.Array(Type.String()),
});
export const IngestTemplatesSchema = Type.Object({ templates: Type.Array(IngestTemplateSchema) });
