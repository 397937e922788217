/** Render jobs and templates over GraphQL: the same RenderService calls as the REST routes. */
import { check } from '../../core/validation.js';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { withoutNulls, type GraphQLPart, type Resolver } from '../../core/graphql/types.js';
import { AqiStandardSchema, BatchSchema, RenderListQuerySchema, RenderParams, TemplateSchema } from './contract.js';

interface RenderFilter {
  status?: string[] | null;
  template?: string | null;
  location?: string | null;
  batchId?: string | null;
  contextId?: string | null;
  since?: string | null;
  until?: string | null;
}

const renders: Resolver<{ filter?: RenderFilter | null; limit?: number | null; cursor?: string | null }> = (_p, { filter, limit, cursor }, { services }) => {
  const f = withoutNulls(filter ?? {});
  const query = check(RenderListQuerySchema, { ...f, status: f.status?.join(','), ...withoutNulls({ limit, cursor }) });
  return services.renders.list(query);
};

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
      render: ((_p, { id }, { services }) => services.renders.get(id)) as Resolver<{ id: string }>,
      renders,
      templates: ((_p, _a, { services }) => services.renders.templates().templates) as Resolver,
      aqiStandards: ((_p, _a, { services }) => services.renders.templates().aqiStandards) as Resolver,
    },
    Mutation: {
      createRender: ((_p, { input }, { services }) => services.renders.create(withoutNulls(input))) as Resolver<{ input: Record<string, unknown> }>,
      createBatch: ((_p, { items, brandId }, { services }) => services.renders.createBatch(items.map((i) => withoutNulls(i)), undefined, {}, brandId ?? undefined)) as Resolver<{ items: Record<string, unknown>[]; brandId?: string | null }>,
    },
  } as GraphQLPart['resolvers'],
};
