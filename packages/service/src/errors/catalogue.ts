/**
 * The one error catalogue. Every error the API returns has a stable `code`, an
 * HTTP status and a title; responses are RFC 9457 problem+json built from it.
 */
import { EXTRACTION_ERRORS } from '../ingest/extraction/errors.js';

export const ERRORS = {
  validation_failed: { status: 400, title: 'Invalid request' },
  unknown_template: { status: 400, title: 'Unknown template' },
  invalid_json: { status: 400, title: 'Malformed JSON body' },
  unauthorized: { status: 401, title: 'Missing or invalid API key' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  invalid_state: { status: 409, title: 'Invalid state transition' },
  idempotency_conflict: { status: 409, title: 'Idempotency key reused with different parameters' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  unprocessable: { status: 422, title: 'Unprocessable content' },
  missing_file: { status: 400, title: 'No file uploaded' },
  // What an uploaded bulletin can be wrong with: unsupported_type, type_mismatch,
  // corrupt_file, encrypted_pdf, too_many_pages, too_many_pixels, ocr_timeout, file_too_large.
  ...EXTRACTION_ERRORS,
  missing_location: { status: 422, title: 'No location found' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal server error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERRORS;

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

/** A failure meant for the caller: carries its catalogue code and the detail to show. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; [k: string]: unknown } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERRORS[code].status;
  }

  toProblem(instance?: string): ProblemDetails {
    return {
      type: PROBLEM_TYPE_BASE + this.code.replace(/_/g, '-'),
      title: ERRORS[this.code].title,
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(instance ? { instance } : {}),
      ...this.extra,
    };
  }
}

export function validationError(errors: FieldError[], detail?: string): AppError {
  const summary = detail ?? `Invalid ${errors.map((e) => e.field).filter((f, i, a) => a.indexOf(f) === i).join(', ')}: ${errors.map((e) => e.message).join('; ')}`;
  return new AppError('validation_failed', summary, { errors });
}

export function notFound(what: string, id: string): AppError {
  return new AppError('not_found', `${what} ${id} does not exist`);
}
