/** Contexts over GraphQL: the same ContextService calls as the /contexts routes, checked with the same schemas. */
import { Type } from '@sinclair/typebox';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { withoutNulls, type GraphQLPart, type Resolver } from '../../core/graphql/types.js';
import { check } from '../../core/validation.js';
import { ContextEditSchema, ContextListQuerySchema, ContextRenderBodySchema, ContextSchema, CreateContextBodySchema, PatchContextBodySchema, TagSchema, TagsBodySchema } from './contract.js';

interface ContextFilter {
  location?: string | null;
  tag?: string | null;
  source?: string | null;
  since?: string | null;
  until?: string | null;
  q?: string | null;
}

const TagArgs = Type.Object({ tag: TagSchema });
/** `expectedVersion` is the GraphQL form of If-Match. */
const ifMatchOf = (expectedVersion: number | null | undefined) => (expectedVersion === null || expectedVersion === undefined ? undefined : `"v${expectedVersion}"`);

const contexts: Resolver<{ filter?: ContextFilter | null; limit?: number | null; cursor?: string | null }> = (_p, { filter, limit, cursor }, { services }) =>
  services.contexts.list(check(ContextListQuerySchema, { ...withoutNulls(filter ?? {}), ...withoutNulls({ limit, cursor }) }));

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
      context: ((_p, { id }, { services }) => services.contexts.get(id)) as Resolver<{ id: string }>,
      contexts,
      contextHistory: (async (_p, { id }, { services }) => (await services.contexts.history(id)).edits) as Resolver<{ id: string }>,
    },
    Mutation: {
      createContext: ((_p, { input }, { services }) => services.contexts.create(check(CreateContextBodySchema, withoutNulls(input)))) as Resolver<{ input: Record<string, unknown> }>,
      // Nulls are kept: in a patch, null removes a value.
      updateContext: ((_p, { id, input, expectedVersion }, { services }) => services.contexts.update(id, check(PatchContextBodySchema, input), ifMatchOf(expectedVersion))) as Resolver<{
        id: string;
        input: Record<string, unknown>;
        expectedVersion?: number | null;
      }>,
      deleteContext: (async (_p, { id, expectedVersion }, { services }) => {
        await services.contexts.remove(id, ifMatchOf(expectedVersion));
        return true;
      }) as Resolver<{ id: string; expectedVersion?: number | null }>,
      // An explicit brandId: null is "no brand" (as in REST).
      renderContext: ((_p, { id, input }, { services }) => services.contexts.render(id, check(ContextRenderBodySchema, { ...withoutNulls(input ?? {}), ...(input?.brandId === null ? { brandId: null } : {}) }))) as Resolver<{ id: string; input?: Record<string, unknown> | null }>,
      addContextTags: ((_p, { id, tags, expectedVersion }, { services }) => services.contexts.addTags(id, check(TagsBodySchema, { tags }).tags, ifMatchOf(expectedVersion))) as Resolver<{ id: string; tags: string[]; expectedVersion?: number | null }>,
      removeContextTag: ((_p, { id, tag, expectedVersion }, { services }) => services.contexts.removeTag(id, check(TagArgs, { tag }).tag, ifMatchOf(expectedVersion))) as Resolver<{ id: string; tag: string; expectedVersion?: number | null }>,
    },
  } as GraphQLPart['resolvers'],
};
