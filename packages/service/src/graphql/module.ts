/**
 * What a GraphQL module is. Each domain area (renders, queue, webhooks, ingest…)
 * contributes one: SDL that extends `Query` / `Mutation` with `extend type`, and
 * the resolvers for it. Resolvers are adapters: they call the same services as
 * the REST routes (`ctx.renders`, `ctx.queue`…) and hold no business logic.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLResolveInfo, GraphQLScalarType } from 'graphql';
import type { AppContext } from '../http/context.js';

/** The context every resolver receives. */
export interface GraphQLContext {
  /** The services (never SQL). */
  ctx: AppContext;
  requestId: string;
  log: FastifyBaseLogger;
}

export type Resolver<TArgs = Record<string, unknown>, TParent = unknown> = (parent: TParent, args: TArgs, context: GraphQLContext, info: GraphQLResolveInfo) => unknown;

/** Resolvers by type name, then field name; scalars as GraphQLScalarType. */
export type Resolvers = Record<string, GraphQLScalarType | Record<string, Resolver<never, never>>>;

export interface GraphQLModule {
  /** Shown in logs and errors when two modules collide. */
  name: string;
  typeDefs: string;
  resolvers: Resolvers;
}
