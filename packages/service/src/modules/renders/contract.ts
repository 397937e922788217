/** The renders contract: the render body (the engine's schema), batches, filters and templates. */
import { FORMATS, RenderParamsSchema } from '@aqcast/engine';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, StringEnum } from '../../core/http/schemas.js';
import { BrandIdField } from '../brands/index.js';
import { JobSchema } from '../queue/index.js';

/** The render body (the engine's schema and `brandId`), registered once under an `$id` so other schemas can `$ref` it. */
export const RenderParams = Type.Object({ ...RenderParamsSchema.properties, brandId: BrandIdField }, {
  $id: 'RenderParams',
  additionalProperties: false,
  title: RenderParamsSchema.title,
  description: RenderParamsSchema.description,
  // TypeBox keeps examples untyped; the engine's schema sets them as an array.
  examples: RenderParamsSchema.examples as unknown[],
});

/** A render body as its route checked it. */
export type RenderBody = Static<typeof RenderParams>;

export const MAX_BATCH_ITEMS = 1000;

const BatchItems = Type.Array(Type.Ref(RenderParams), { minItems: 1, maxItems: MAX_BATCH_ITEMS });
export const BatchBodySchema = Type.Union([BatchItems, Type.Object({ items: BatchItems, brandId: BrandIdField }, { additionalProperties: false })], {
  description: 'An array of render parameters, or { items: [...], brandId? }. All-or-nothing: one invalid item rejects the batch, naming its index. A brandId beside items is for every item that names none.',
});
export type BatchBody = Static<typeof BatchBodySchema>;

export const BatchSchema = Type.Object({ batchId: Type.String({ 'x-graphql': 'ID' }), jobs: Type.Array(Type.Ref(JobSchema)) }, { description: 'Jobs queued together by one batch' });

export const RenderListQuerySchema = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated statuses', examples: ['completed'] })),
  template: Type.Optional(Type.String({ maxLength: 100, description: 'Jobs rendered with this template id', examples: ['daily-summary'] })),
  location: Type.Optional(Type.String({ maxLength: 120, description: 'Exact location, case-insensitive' })),
  batchId: Type.Optional(Type.String({ maxLength: 100, description: 'Jobs queued by this batch (the batchId a batch answered with)' })),
  contextId: Type.Optional(Type.String({ maxLength: 100, description: 'Jobs made from this stored context' })),
  since: Type.Optional(Type.String({ maxLength: 40, description: 'Created at or after (ISO date or date-time)' })),
  until: Type.Optional(Type.String({ maxLength: 40, description: 'Created at or before (ISO date or date-time; a bare date includes the whole day)' })),
  ...PageQuery,
});
export type RenderListQuery = Static<typeof RenderListQuerySchema>;

export const TemplateSchema = Type.Object(
  {
    id: Type.String({ examples: ['daily-report'], 'x-graphql': 'ID' }),
    name: Type.String(),
    description: Type.String(),
    formats: Type.Array(StringEnum(FORMATS), { description: 'Frame shapes it supports' }),
    params: Type.Array(Type.String(), { description: 'Render parameters the template uses' }),
    version: Type.String(),
    durationSec: Type.Number({ description: 'Default length in seconds' }),
    durations: Type.Array(Type.Number(), { description: 'Every length in seconds the template offers (render parameter `durationSec`)', examples: [[15, 30, 60]] }),
    isDefault: Type.Boolean(),
  },
  { $id: 'Template', description: 'A video template' },
);

export const AqiStandardSchema = Type.Object(
  {
    id: Type.String({ 'x-graphql': 'ID' }),
    name: Type.String(),
    pollutants: Type.Array(Type.String(), { description: 'The pollutants it rates from concentrations; empty for a standard drawn from a given index only (ca-aqhi, uk-daqi, sg-psi), which a render of concentrations refuses' }),
    givenIndex: Nullable(Type.Object({ min: Type.Number(), max: Type.Number() }, { description: 'The values a given index may hold in it' }), { description: 'The range of a given index (`index.overall`, each sub-index) in this standard; null when it has no numeric index to give' }),
  },
  { description: 'An air-quality index whose colours and categories a video can use' },
);

export const TemplateListSchema = Type.Object({ templates: Type.Array(Type.Ref(TemplateSchema)), aqiStandards: Type.Array(AqiStandardSchema) });
