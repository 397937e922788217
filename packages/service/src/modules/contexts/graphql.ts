/** Contexts over GraphQL: the same ContextService calls as the /contexts routes, checked with the same schemas. */
import { Type } from '@sinclair/typebox';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { ById, ExpectedVersion, resolve } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { PageQuery, ResourceId } from '../../core/http/schemas.js';
import { ContextEditSchema, ContextListQuerySchema, ContextRenderBodySchema, ContextSchema, CreateContextBodySchema, PatchContextBodySchema, TagSchema, TagsBodySchema } from './contract.js';

const ContextListArgs = Type.Object({ filter: Type.Optional(Type.Omit(ContextListQuerySchema, ['limit', 'cursor'])), ...PageQuery });
const Versioned = { id: ResourceId(), expectedVersion: ExpectedVersion };
/** `expectedVersion` is the GraphQL form of If-Match. */
const ifMatchOf = (expectedVersion: number | undefined) => (expectedVersion === undefined ? undefined : `"v${expectedVersion}"`);

export const contextsGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('Context', ContextSchema, { names: { source: 'ContextSource', renders: 'ContextRenders', 'renders.recent[]': 'ContextRender', 'stations[]': 'ContextStation', languageModel: 'ContextLanguageModel' } })}

    ${objectTypeSdl('ContextEdit', ContextEditSchema, { names: { 'changes[]': 'ContextChange' } })}

    "One page of contexts, newest first."
    type ContextPage {
      contexts: [Context!]!
      "Pass as cursor to get the next page; null on the last page."
      nextCursor: String
    }

    "Filters of contexts(); all optional, combined with AND."
    input ContextFilter {
      "Exact location, case- and accent-insensitive."
      location: String
      tag: String
      "upload, manual or workflow."
      source: String
      "Created at or after (ISO date or date-time)."
      since: String
      "Created at or before (ISO date or date-time; a bare date includes the whole day)."
      until: String
      "Text search in location, date, file name, tags, station names and source texts."
      q: String
    }

    ${inputTypeSdl('ContextInput', CreateContextBodySchema)}

    ${inputTypeSdl('ContextPatchInput', PatchContextBodySchema)}

    ${inputTypeSdl('ContextRenderInput', ContextRenderBodySchema)}

    extend type Query {
      "One context; null (with a not_found error) when the id does not exist."
      context(id: ID!): Context
      "Contexts, newest first, with cursor pagination (limit 1–500)."
      contexts(filter: ContextFilter, limit: Int = 50, cursor: String): ContextPage!
      "The edits made to a context, oldest first."
      contextHistory(id: ID!): [ContextEdit!]!
    }

    extend type Mutation {
      "Stores values entered by hand (like POST /contexts)."
      createContext(input: ContextInput!, idempotencyKey: String): Context!
      "Changes values, location or date; a value set to null is removed. expectedVersion refuses a stale edit (precondition_failed), like If-Match."
      updateContext(id: ID!, input: ContextPatchInput!, expectedVersion: Int, idempotencyKey: String): Context!
      "Deletes a context with its tags and history; renders made from it keep their parameters."
      deleteContext(id: ID!, expectedVersion: Int, idempotencyKey: String): Boolean!
      "Queues a render from the context's values with the given options over them (like POST /contexts/{id}/render)."
      renderContext(id: ID!, input: ContextRenderInput, idempotencyKey: String): RenderJob!
      addContextTags(id: ID!, tags: [String!]!, expectedVersion: Int, idempotencyKey: String): Context!
      removeContextTag(id: ID!, tag: String!, expectedVersion: Int, idempotencyKey: String): Context!
    }
  `,
  resolvers: {
    Query: {
      context: resolve(ById, ({ id }, { services }) => services.contexts.get(id)),
      contexts: resolve(ContextListArgs, ({ filter, ...page }, { services }) => services.contexts.list({ ...filter, ...page })),
      contextHistory: resolve(ById, async ({ id }, { services }) => (await services.contexts.history(id)).edits),
    },
    Mutation: {
      createContext: resolve(Type.Object({ input: CreateContextBodySchema }), ({ input }, { services }) => services.contexts.create(input)),
      // In a patch a null removes a value: the schema keeps those nulls.
      updateContext: resolve(Type.Object({ ...Versioned, input: PatchContextBodySchema }), ({ id, input, expectedVersion }, { services }) => services.contexts.update(id, input, ifMatchOf(expectedVersion))),
      deleteContext: resolve(Type.Object(Versioned), async ({ id, expectedVersion }, { services }) => {
        await services.contexts.remove(id, ifMatchOf(expectedVersion));
        return true;
      }),
      // An explicit brandId: null is "no brand" (as in REST).
      renderContext: resolve(Type.Object({ id: ResourceId(), input: Type.Optional(ContextRenderBodySchema) }), ({ id, input }, { services }) => services.contexts.render(id, input ?? {})),
      addContextTags: resolve(Type.Object({ ...Versioned, ...TagsBodySchema.properties }), ({ id, tags, expectedVersion }, { services }) => services.contexts.addTags(id, tags, ifMatchOf(expectedVersion))),
      removeContextTag: resolve(Type.Object({ ...Versioned, tag: TagSchema }), ({ id, tag, expectedVersion }, { services }) => services.contexts.removeTag(id, tag, ifMatchOf(expectedVersion))),
    },
  },
};
