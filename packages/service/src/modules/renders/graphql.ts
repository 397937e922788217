/** Render jobs and templates over GraphQL: the same RenderService calls as the REST routes. */
import { check } from '../../core/validation.js';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { Type } from '@sinclair/typebox';
import { ById, resolve, resolveNoArgs, withoutStrayNulls } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { PageQuery } from '../../core/http/schemas.js';
import { AqiStandardSchema, BatchSchema, RenderListQuerySchema, RenderParams, TemplateSchema } from './contract.js';

const RenderFilterArgs = Type.Object({
  filter: Type.Optional(Type.Object({ ...Type.Omit(RenderListQuerySchema, ['status', 'limit', 'cursor']).properties, status: Type.Optional(Type.Array(Type.String())) })),
  ...PageQuery,
});

/** The filter's fields, as GET /renders takes them (statuses comma-separated), checked by the route's own schema. */
const renders = resolve(RenderFilterArgs, ({ filter, ...page }, { services }) => {
  const { status, ...rest } = filter ?? {};
  return services.renders.list(check(RenderListQuerySchema, { ...rest, ...(status ? { status: status.join(',') } : {}), ...page }));
});

export const rendersGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('Batch', BatchSchema, { refs: { RenderJob: 'RenderJob' } })}

    ${objectTypeSdl('Template', TemplateSchema)}

    ${objectTypeSdl('AqiStandard', AqiStandardSchema)}

    ${inputTypeSdl('RenderParamsInput', { ...RenderParams, description: 'What a report video shows, and the brand it is drawn in: the same fields as the body of POST /render (validated by the same rules). Concentrations in µg/m³ (CO in mg/m³); omit what was not measured.' })}

    "Filters of renders(); all optional, combined with AND."
    input RenderFilter {
      status: [RenderStatus!]
      template: String
      "Exact location, case-insensitive."
      location: String
      batchId: String
      "Jobs made from this stored context."
      contextId: String
      "Created at or after (ISO date or date-time)."
      since: String
      "Created at or before (ISO date or date-time; a bare date includes the whole day)."
      until: String
    }

    "One page of render jobs, newest first."
    type RenderPage {
      jobs: [RenderJob!]!
      "Pass as cursor to get the next page; null on the last page."
      nextCursor: String
    }

    extend type Query {
      "One render job; null (with a not_found error) when the id does not exist."
      render(id: ID!): RenderJob
      "Render jobs, newest first, with cursor pagination (limit 1–500)."
      renders(filter: RenderFilter, limit: Int = 50, cursor: String): RenderPage!
      "The video templates."
      templates: [Template!]!
      "The AQI standards a video can use (aqiStandard)."
      aqiStandards: [AqiStandard!]!
    }

    extend type Mutation {
      "Validates the parameters and queues one render (like POST /render)."
      createRender(input: RenderParamsInput!, idempotencyKey: String): RenderJob!
      "Queues many renders at once, all or nothing (like POST /batch): one invalid item rejects the batch, naming its index. brandId is the brand of every item that names none."
      createBatch(items: [RenderParamsInput!]!, brandId: ID, idempotencyKey: String): Batch!
    }
  `,
  resolvers: {
    Query: {
      render: resolve(ById, ({ id }, { services }) => services.renders.get(id)),
      renders,
      templates: resolveNoArgs(({ services }) => services.renders.templates().templates),
      aqiStandards: resolveNoArgs(({ services }) => services.renders.templates().aqiStandards),
    },
    Mutation: {
      // The service checks the parameters (the engine's rules, with the brand's defaults), as for POST /render; an explicit brandId: null is "no brand".
      createRender: resolve(Type.Object({ input: Type.Unknown() }), ({ input }, { services }) => services.renders.createFromInput(withoutStrayNulls(RenderParams, input))),
      // An explicit null brandId is "no brand" (as in REST); left out (absent from the arguments), the default brand.
      createBatch: resolve(Type.Object({ items: Type.Array(Type.Unknown()), brandId: Type.Optional(Type.Union([Type.String(), Type.Null()])) }), ({ items, brandId }, { services }) =>
        services.renders.createBatchFromInput(items.map((item) => withoutStrayNulls(RenderParams, item)), undefined, {}, brandId),
      ),
    },
  },
};
