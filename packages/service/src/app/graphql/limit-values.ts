/** The GraphQL query limits (values only, so reading them does not load graphql-js). */
export const MAX_QUERY_DEPTH = 8;
export const MAX_INTROSPECTION_DEPTH = 16;
export const MAX_QUERY_COST = 30_000;
/** The standard introspection query explorers send costs about 55 000 by these rules. */
export const MAX_INTROSPECTION_COST = 150_000;
/** Field selections in the document as written (the introspection query has about 70). */
export const MAX_FIELDS = 1_000;
export const MAX_ALIASES = 100;
/** Assumed size of a list whose field takes no `limit` (templates, batch jobs, introspection lists). */
export const DEFAULT_LIST_SIZE = 10;
/** Counted when `limit` is a variable: the largest page the API serves. */
export const MAX_LIST_LIMIT = 500;

export interface QueryLimits {
  maxDepth: number;
  maxIntrospectionDepth: number;
  maxCost: number;
  maxIntrospectionCost: number;
  maxFields: number;
  maxAliases: number;
}

export const DEFAULT_LIMITS: QueryLimits = {
  maxDepth: MAX_QUERY_DEPTH,
  maxIntrospectionDepth: MAX_INTROSPECTION_DEPTH,
  maxCost: MAX_QUERY_COST,
  maxIntrospectionCost: MAX_INTROSPECTION_COST,
  maxFields: MAX_FIELDS,
  maxAliases: MAX_ALIASES,
};

