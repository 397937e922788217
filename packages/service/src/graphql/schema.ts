/**
 * The GraphQL schema: a small base (scalars, empty root types) plus one module
 * per domain area. To add an area, write `graphql/modules/<area>.ts` exporting a
 * GraphQLModule and list it in GRAPHQL_MODULES below.
 */
import { GraphQLScalarType } from 'graphql';
import type { GraphQLModule, Resolvers } from './module.js';
import { jsonScalar } from './json-scalar.js';
import { rendersModule } from './modules/renders.js';
import { systemModule } from './modules/system.js';
import { queueModule } from './modules/queue.js';
import { webhooksModule } from './modules/webhooks.js';
import { ingestModule } from './modules/ingest.js';

const baseModule: GraphQLModule = {
  name: 'base',
  typeDefs: /* GraphQL */ `
    "Any JSON value (objects, arrays, strings, numbers, booleans, null)."
    scalar JSON

    "Read operations. Every module adds its fields with \`extend type Query\`."
    type Query

    "Write operations. Every module adds its fields with \`extend type Mutation\`."
    type Mutation
  `,
  resolvers: { JSON: jsonScalar },
};

/** Every module served at POST /graphql, in schema order. */
export const GRAPHQL_MODULES: GraphQLModule[] = [systemModule, rendersModule, queueModule, webhooksModule, ingestModule];

/** Joins the modules' SDL and merges their resolvers; a field defined twice is a startup error. */
export function composeSchema(modules: GraphQLModule[] = GRAPHQL_MODULES): { typeDefs: string; resolvers: Resolvers } {
  const all = [baseModule, ...modules];
  const resolvers: Resolvers = {};
  const owner = new Map<string, string>();
  for (const mod of all) {
    for (const [typeName, value] of Object.entries(mod.resolvers)) {
      if (!(value instanceof GraphQLScalarType)) {
        const target = (resolvers[typeName] ??= {}) as Record<string, unknown>;
        for (const [field, fn] of Object.entries(value)) {
          const key = `${typeName}.${field}`;
          if (owner.has(key)) throw new Error(`GraphQL field ${key} is defined by both the ${owner.get(key)} and the ${mod.name} module`);
          owner.set(key, mod.name);
          target[field] = fn;
        }
      } else {
        if (owner.has(typeName)) throw new Error(`GraphQL scalar ${typeName} is defined by both the ${owner.get(typeName)} and the ${mod.name} module`);
        owner.set(typeName, mod.name);
        resolvers[typeName] = value;
      }
    }
  }
  return { typeDefs: all.map((m) => m.typeDefs).join('\n'), resolvers };
}
