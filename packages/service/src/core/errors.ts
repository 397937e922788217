/**
 * The error base. Every error the API returns has a stable `code`, an HTTP
 * status and a title, and goes out as RFC 9457 problem+json. Codes are defined
 * where they belong — the general ones here, a module's own in its `index.ts` —
 * and the catalogue (README, tests) is assembled from the list of modules.
 */

/** One entry of the catalogue. */
export interface ErrorDefinition {
  code: string;
  status: number;
  title: string;
}

/** Turns `{ code: { status, title } }` into definitions that carry their own code. */
export function defineErrors<const T extends Record<string, { status: number; title: string }>>(defs: T): { [K in keyof T]: ErrorDefinition & { code: K } } {
  // Filled below with one definition per key of defs.
  const out = {} as { [K in keyof T]: ErrorDefinition & { code: K } };
  // Object.entries loses the key type; each code is a key of defs.
  for (const [code, def] of Object.entries(defs)) (out as Record<string, ErrorDefinition>)[code] = { code, ...def };
  return out;
}

/** Errors any module or the HTTP layer may raise. */
export const CORE_ERRORS = defineErrors({
  validation_failed: { status: 400, title: 'Invalid request' },
  invalid_json: { status: 400, title: 'Malformed JSON body' },
  unauthorized: { status: 401, title: 'Missing or invalid API key' },
  insufficient_scope: { status: 403, title: 'The API key lacks a scope this operation needs' },
  csrf_failed: { status: 403, title: 'Missing or wrong CSRF token' },
  not_found: { status: 404, title: 'Not found' },
  request_timeout: { status: 408, title: 'Request timeout' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  invalid_state: { status: 409, title: 'Invalid state transition' },
  idempotency_conflict: { status: 409, title: 'Idempotency key reused with different parameters' },
  idempotency_in_progress: { status: 409, title: 'A request with this idempotency key is still being processed' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  uri_too_long: { status: 414, title: 'URI too long' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  range_not_satisfiable: { status: 416, title: 'Range not satisfiable' },
  rate_limited: { status: 429, title: 'Too many requests' },
  headers_too_large: { status: 431, title: 'Request header fields too large' },
  internal_error: { status: 500, title: 'Internal server error' },
  store_unavailable: { status: 503, title: 'The database is unavailable; retry after Retry-After' },
  storage_unavailable: { status: 503, title: 'File storage is unavailable; retry after Retry-After' },
  insufficient_storage: { status: 507, title: 'The service is out of disk space; retry after Retry-After' },
});

export interface FieldError {
  /** Path of the bad field, e.g. `pm25`, `items[3].location`, `query.limit`. */
  field: string;
  message: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

export const PROBLEM_TYPE_BASE = 'https://aqcast.dev/problems/';

/** A failure meant for the caller: carries its catalogue entry and the detail to show. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  constructor(
    definition: ErrorDefinition,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; [k: string]: unknown } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.code = definition.code;
    this.status = definition.status;
    this.title = definition.title;
  }

  toProblem(instance?: string): ProblemDetails {
    return {
      type: PROBLEM_TYPE_BASE + this.code.replace(/_/g, '-'),
      title: this.title,
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(instance ? { instance } : {}),
      ...this.extra,
    };
  }
}

/** A 400 listing each bad field. */
export function validationError(errors: FieldError[], detail?: string): AppError {
  const fields = [...new Set(errors.map((e) => e.field))].join(', ');
  return new AppError(CORE_ERRORS.validation_failed, detail ?? `Invalid ${fields}: ${errors.map((e) => e.message).join('; ')}`, { errors });
}

/** A 400 for one bad field. */
export function fieldError(field: string, message: string): AppError {
  return validationError([{ field, message }]);
}

export function notFound(what: string, id: string): AppError {
  return new AppError(CORE_ERRORS.not_found, `${what} ${id} does not exist`);
}

export function invalidState(detail: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError(CORE_ERRORS.invalid_state, detail, extra);
}
