/**
 * What a module contributes to the GraphQL schema: SDL that extends `Query` /
 * `Mutation` (`extend type Query { … }`) and thin resolvers that call the same
 * services as the REST routes. Mutations may take an `idempotencyKey` argument;
 * the GraphQL endpoint makes them idempotent (see the app's graphql folder).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLResolveInfo, GraphQLScalarType } from 'graphql';
import type { Principal } from '../auth.js';
import type { Services } from '../services.js';

/** The context every resolver receives. */
export interface GraphQLContext {
  services: Services;
  /** The caller; root fields check its scopes. */
  principal: Principal;
  requestId: string;
  log: FastifyBaseLogger;
}

export type Resolver<TArgs = Record<string, unknown>, TParent = unknown> = (parent: TParent, args: TArgs, context: GraphQLContext, info: GraphQLResolveInfo) => unknown;

/** Resolvers by type name, then field name; scalars as GraphQLScalarType. */
export type Resolvers = Record<string, GraphQLScalarType | Record<string, Resolver>>;

export interface GraphQLPart {
  typeDefs: string;
  resolvers: Resolvers;
  /** Scopes of root fields that need another than the module's default (`<module>:read` for queries, `:write` for mutations), by `Query.field` / `Mutation.field`. */
  scopes?: Record<string, string>;
}

