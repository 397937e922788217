/**
 * GraphQL errors in the API's terms. An AppError thrown by a service keeps its
 * catalogue code, HTTP status and field errors in `extensions`, so a GraphQL
 * caller sees the same `code` (and `errors: [{ field, message }]`) as a REST
 * caller gets in problem+json. Unexpected errors are logged and hidden behind
 * `internal_error` with the request id.
 */
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError } from '../../core/errors.js';
import { faultError } from '../../core/faults.js';

/** extensions.code of errors that GraphQL itself raises before anything runs. */
export const GRAPHQL_ERROR_CODES = {
  parse: 'graphql_parse_failed',
  validation: 'graphql_validation_failed',
  tooDeep: 'query_too_deep',
  tooCostly: 'query_too_costly',
  tooLarge: 'query_too_large',
} as const;

function appErrorExtensions(err: AppError): Record<string, unknown> {
  const { errors, ...extra } = err.extra;
  return { code: err.code, status: err.status, ...extra, ...(errors ? { errors } : {}) };
}

/** An error raised before GraphQL ran (the key, its scope or rate limit), as one entry of a GraphQL `errors` list. */
export function graphqlError(err: AppError, requestId: string): GraphQLFormattedError {
  return { message: err.detail, extensions: { ...appErrorExtensions(err), requestId } };
}

/** One execution error (a resolver threw): AppError → its code; anything else → internal_error. */
export function formatExecutionError(error: GraphQLError, log: FastifyBaseLogger, requestId: string): GraphQLFormattedError {
  const original = error.originalError ? (faultError(error.originalError) ?? error.originalError) : undefined;
  const base = { message: error.message, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
  if (original instanceof AppError) {
    if (original.status >= 500) log[original.status === 500 ? 'error' : 'warn']({ err: original }, original.detail);
    return { ...base, message: original.detail, extensions: appErrorExtensions(original) };
  }
  if (original && !(original instanceof GraphQLError)) {
    log.error({ err: original }, 'unhandled error in a GraphQL resolver');
    return { ...base, message: 'An unexpected error occurred; the request id identifies it in the logs', extensions: { code: 'internal_error', status: 500, requestId } };
  }
  // Errors graphql-js raises during execution (e.g. a non-null field resolved to null, variable coercion).
  return { ...base, extensions: { code: GRAPHQL_ERROR_CODES.validation, ...error.extensions } };
}

/** One request error: the query did not parse or did not validate (nothing ran). */
export function formatRequestError(error: unknown): GraphQLFormattedError {
  const e = error instanceof GraphQLError ? error : new GraphQLError(error instanceof Error ? error.message : String(error));
  const isSyntax = e.message.startsWith('Syntax Error');
  const code = (typeof e.extensions.code === 'string' ? e.extensions.code : undefined) ?? (isSyntax ? GRAPHQL_ERROR_CODES.parse : GRAPHQL_ERROR_CODES.validation);
  return { message: e.message, ...(e.locations ? { locations: e.locations } : {}), extensions: { ...e.extensions, code } };
}
