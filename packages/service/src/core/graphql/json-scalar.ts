import { GraphQLScalarType, valueFromASTUntyped } from 'graphql';

/** Passes JSON values through unchanged, in results, variables and literals. */
export const jsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value (objects, arrays, strings, numbers, booleans, null).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
