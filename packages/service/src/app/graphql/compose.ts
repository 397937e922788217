/**
 * The GraphQL schema assembled from the modules: a small base (the JSON
 * scalar, empty root types) plus each module's SDL and resolvers. Every root
 * field's arguments are checked like a REST body (NUL, lone surrogates, depth),
 * and every mutation honours an `idempotencyKey` argument: a retry with the
 * same key and arguments gets the first result back instead of doing the work twice.
 */
import { getNamedType, GraphQLScalarType, type GraphQLResolveInfo } from 'graphql';
import { jsonScalar } from '../../core/graphql/json-scalar.js';
import { enumTypeDefs } from '../../core/graphql/sdl.js';
import type { GraphQLContext, Resolver, Resolvers } from '../../core/graphql/types.js';
import type { IdempotencyService } from '../../core/idempotency.js';
import type { ModuleDefinition } from '../../core/module.js';
import { defaultScope, hasScope } from '../../core/auth.js';
import { AppError, CORE_ERRORS, validationError, type FieldError } from '../../core/errors.js';
import { ResourceId } from '../../core/http/schemas.js';
import { schemaErrors, storableErrors } from '../../core/validation.js';

const BASE_TYPE_DEFS = /* GraphQL */ `
  "Any JSON value (objects, arrays, strings, numbers, booleans, null)."
  scalar JSON

  "Read operations. Every module adds its fields with \`extend type Query\`."
  type Query

  "Write operations. Every module adds its fields with \`extend type Mutation\`."
  type Mutation
`;

const RESOURCE_ID = ResourceId();

/** Errors of the ID arguments of a root field: an id is checked like a REST path id, so `render(id: "bad$id!")` is invalid, not missing. */
function idErrors(args: Record<string, unknown>, info: GraphQLResolveInfo): FieldError[] {
  const out: FieldError[] = [];
  for (const arg of info.parentType.getFields()[info.fieldName]?.args ?? []) {
    if (getNamedType(arg.type).name !== 'ID') continue;
    const value = args[arg.name];
    for (const id of Array.isArray(value) ? value : [value]) if (id !== undefined && id !== null) out.push(...schemaErrors(RESOURCE_ID, id, arg.name));
  }
  return out;
}

/** A root field: the caller's scope, then its arguments (as a REST body would be), then the resolver. */
function checked(resolver: Resolver, scope: string, field: string): Resolver {
  return (parent, args, context, info) => {
    if (!hasScope(context.principal, scope)) throw new AppError(CORE_ERRORS.insufficient_scope, `This key lacks the scope "${scope}" that ${field} needs`, { requiredScope: scope });
    const bad = [...storableErrors(args), ...idErrors(args, info)];
    if (bad.length) throw validationError(bad);
    return resolver(parent, args, context, info);
  };
}

function idempotent(field: string, resolver: Resolver, idempotency: IdempotencyService): Resolver {
  return async (parent, args, context: GraphQLContext, info) => {
    // Only mutations that declare idempotencyKey are wrapped here, so args may hold it.
    const { idempotencyKey, ...rest } = args as { idempotencyKey?: string | null };
    if (idempotencyKey === undefined || idempotencyKey === null) return resolver(parent, rest, context, info);
    const outcome = await idempotency.begin(idempotencyKey, `graphql:${field}`, rest, 'idempotencyKey');
    if (outcome.kind === 'replay') {
      const replayed: unknown = JSON.parse(outcome.response.body);
      return replayed;
    }
    try {
      const result = await resolver(parent, rest, context, info);
      await outcome.claim.complete(200, JSON.stringify(result ?? null));
      return result;
    } catch (err) {
      await outcome.claim.release();
      throw err;
    }
  };
}

/** Joins the modules' SDL and merges their resolvers; a field defined twice is a startup error. */
export function composeSchema(modules: readonly ModuleDefinition<unknown>[], idempotency: IdempotencyService): { typeDefs: string; resolvers: Resolvers } {
  const resolvers: Resolvers = { JSON: jsonScalar };
  const owner = new Map<string, string>([['JSON', 'base']]);
  const typeDefs = [BASE_TYPE_DEFS];
  for (const mod of modules) {
    if (!mod.graphql) continue;
    typeDefs.push(mod.graphql.typeDefs);
    for (const [typeName, value] of Object.entries(mod.graphql.resolvers)) {
      if (value instanceof GraphQLScalarType) {
        if (owner.has(typeName)) throw new Error(`GraphQL scalar ${typeName} is defined by both the ${owner.get(typeName)} and the ${mod.name} module`);
        owner.set(typeName, mod.name);
        resolvers[typeName] = value;
        continue;
      }
      // Query and Mutation are maps of field resolvers; the union type also admits scalars.
      const target = (resolvers[typeName] ??= {}) as Record<string, Resolver>;
      for (const [field, fn] of Object.entries(value)) {
        const key = `${typeName}.${field}`;
        if (owner.has(key)) throw new Error(`GraphQL field ${key} is defined by both the ${owner.get(key)} and the ${mod.name} module`);
        owner.set(key, mod.name);
        const root = typeName === 'Query' || typeName === 'Mutation';
        const scope = mod.graphql.scopes?.[key] ?? defaultScope(mod.name, typeName === 'Mutation');
        const safe = root ? checked(fn, scope, key) : fn;
        target[field] = typeName === 'Mutation' ? idempotent(field, safe, idempotency) : safe;
      }
    }
  }
  // The contract's closed sets, each defined once whichever modules use it.
  const all = typeDefs.join('\n');
  const enums = enumTypeDefs(all);
  for (const [, name] of enums.matchAll(/^enum (\w+)/gm)) {
    if (new RegExp(`^\\s*(type|input|scalar|interface|union) ${name}\\b`, 'm').test(all)) throw new Error(`GraphQL: the enum ${name} has the name of a type; name the field's set in \`enums\``);
  }
  return { typeDefs: `${all}\n${enums}`, resolvers };
}
