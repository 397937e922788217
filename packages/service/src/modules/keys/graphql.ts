/** Scoped API keys over GraphQL (admin scope only). */
import { ADMIN_SCOPE, ANY_SCOPE, callerView } from '../../core/auth.js';
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { Type } from '@sinclair/typebox';
import { ById, resolve } from '../../core/graphql/resolve.js';
import type { GraphQLPart, Resolver } from '../../core/graphql/types.js';
import { ApiKeySchema, CallerSchema, CreateKeyBodySchema } from './contract.js';

export const keysGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('ApiKey', ApiKeySchema)}
    ${objectTypeSdl('Caller', CallerSchema)}

    type CreatedApiKey {
      key: ApiKey!
      "The key to send in X-Api-Key; shown only here."
      secret: String!
    }

    extend type Query {
      "API keys (admin scope)."
      apiKeys(includeRevoked: Boolean = false): [ApiKey!]!
      "Who the calling key is: its id, name, scopes and rate limit (any valid key)."
      whoami: Caller!
    }

    extend type Mutation {
      "Creates a scoped API key (admin scope); the key is returned once."
      createApiKey(name: String!, scopes: [String!]!, expiresAt: String, rateLimitPerMinute: Int, idempotencyKey: String): CreatedApiKey!
      "Revokes an API key (admin scope)."
      revokeApiKey(id: ID!, idempotencyKey: String): Boolean!
    }
  `,
  resolvers: {
    Query: {
      apiKeys: resolve(Type.Object({ includeRevoked: Type.Optional(Type.Boolean()) }), async ({ includeRevoked }, { services }) => (await services.keys.list(includeRevoked ?? false)).keys),
      whoami: ((_p, _args, { principal }) => callerView(principal)) satisfies Resolver,
    },
    Mutation: {
      createApiKey: resolve(CreateKeyBodySchema, (body, { services }) => services.keys.create(body)),
      revokeApiKey: resolve(ById, async ({ id }, { services }) => {
        await services.keys.revoke(id);
        return true;
      }),
    },
  },
  scopes: { 'Query.whoami': ANY_SCOPE, 'Query.apiKeys': ADMIN_SCOPE, 'Mutation.createApiKey': ADMIN_SCOPE, 'Mutation.revokeApiKey': ADMIN_SCOPE },
};
