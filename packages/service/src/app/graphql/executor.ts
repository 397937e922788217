/**
 * GraphQL execution with graphql-js: the schema is built from the modules' SDL
 * and resolvers on first use (so a process that never serves GraphQL never
 * loads it), and every query text is parsed, measured against the limits and
 * validated once, then cached.
 */
import {
  buildSchema,
  execute,
  GraphQLScalarType,
  isEnumType,
  isObjectType,
  parse,
  validate,
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import type { FastifyBaseLogger } from 'fastify';
import { enumValues } from '../../core/graphql/sdl.js';
import type { GraphQLContext, Resolvers } from '../../core/graphql/types.js';
import type { IdempotencyService } from '../../core/idempotency.js';
import type { ModuleDefinition } from '../../core/module.js';
import { composeSchema } from './compose.js';
import { formatExecutionError, formatRequestError } from './errors.js';
import { checkQueryLimits, DEFAULT_LIMITS } from './limits.js';

/** Parsing a 100 KB document stays far below this many tokens; a token flood is refused early. */
const MAX_TOKENS = 50_000;

/** Builds an executable schema: the SDL, with resolvers attached to object fields and scalars replaced. */
export function executableSchema(typeDefs: string, resolvers: Resolvers): GraphQLSchema {
  const schema = buildSchema(typeDefs);
  // An enum value stands for the contract's string (`_720p` for "720p"): resolvers read and return the contract's values.
  for (const [name, values] of enumValues()) {
    const type = schema.getType(name);
    if (!isEnumType(type)) continue;
    for (const v of type.getValues()) v.value = values.get(v.name) ?? v.name;
  }
  for (const [typeName, value] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!type) throw new Error(`resolvers for ${typeName}, which the schema does not define`);
    if (value instanceof GraphQLScalarType) {
      if (!(type instanceof GraphQLScalarType)) throw new Error(`${typeName} is not a scalar`);
      type.serialize = value.serialize;
      type.parseValue = value.parseValue;
      type.parseLiteral = value.parseLiteral;
      continue;
    }
    if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
    const fields = type.getFields();
    for (const [fieldName, fn] of Object.entries(value)) {
      const field = fields[fieldName];
      if (!field) throw new Error(`resolver for ${typeName}.${fieldName}, which the schema does not define`);
      field.resolve = fn;
    }
  }
  return schema;
}

type Prepared = { document: DocumentNode } | { errors: readonly GraphQLError[] };

export interface GraphQLAnswer {
  statusCode: number;
  body: { data?: unknown; errors?: unknown[] };
}

export class GraphQLExecutor {
  readonly schema: GraphQLSchema;
  private readonly cache = new Map<string, Prepared>();

  constructor(modules: readonly ModuleDefinition<unknown>[], idempotency: IdempotencyService) {
    const { typeDefs, resolvers } = composeSchema(modules, idempotency);
    this.schema = executableSchema(typeDefs, resolvers);
  }

  /** Parse, limits and validation for a query text, computed once and kept (LRU of 500). */
  private prepare(query: string): Prepared {
    const hit = this.cache.get(query);
    if (hit) {
      this.cache.delete(query);
      this.cache.set(query, hit);
      return hit;
    }
    let prepared: Prepared;
    try {
      const document = parse(query, { maxTokens: MAX_TOKENS });
      // Our limits first: they are linear in the document, and they bound what validation has to walk.
      const limitErrors = checkQueryLimits(this.schema, document, DEFAULT_LIMITS);
      const errors = limitErrors.length ? limitErrors : validate(this.schema, document);
      prepared = errors.length ? { errors } : { document };
    } catch (err) {
      prepared = { errors: [err instanceof GraphQLError ? err : new GraphQLError(err instanceof Error ? err.message : String(err))] };
    }
    const oldest = this.cache.keys().next();
    if (this.cache.size >= 500 && !oldest.done) this.cache.delete(oldest.value);
    this.cache.set(query, prepared);
    return prepared;
  }

  /**
   * Runs one request. A query that does not parse or validate, or breaks a
   * limit, is a 400 with `errors` and nothing runs; so is one that cannot start
   * (an unknown operationName, bad variables). Errors while resolving come back
   * with a 200 beside the data.
   */
  async run(request: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }, context: GraphQLContext & { log: FastifyBaseLogger }): Promise<GraphQLAnswer> {
    const prepared = this.prepare(request.query);
    if ('errors' in prepared) return { statusCode: 400, body: { errors: prepared.errors.map(formatRequestError) } };
    const result = await execute({
      schema: this.schema,
      document: prepared.document,
      contextValue: context,
      variableValues: request.variables ?? undefined,
      operationName: request.operationName ?? undefined,
    });
    if (result.data === undefined) return { statusCode: 400, body: { errors: (result.errors ?? []).map(formatRequestError) } };
    const body: GraphQLAnswer['body'] = { data: result.data };
    if (result.errors?.length) body.errors = result.errors.map((e) => formatExecutionError(e, context.log, context.requestId));
    return { statusCode: 200, body };
  }
}
