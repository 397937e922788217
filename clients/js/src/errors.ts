/**
 * The one error type of this library. Every failure — an HTTP error answer, a
 * network failure, a wait that ran out of time, a webhook that does not verify —
 * is an `AqcastError` carrying a numeric `status`, a stable string `code`, a
 * `message`, the problem body the service sent (if any) and its request id.
 */
import type { Problem } from './types.js';

export interface AqcastErrorInit {
  status: number;
  code: string;
  message: string;
  problem?: Problem | null;
  requestId?: string | null;
  headers?: Headers | null;
  cause?: unknown;
}

export class AqcastError extends Error {
  /** HTTP status; 0 for connection errors; 408 for a `waitForJob` deadline. */
  readonly status: number;
  /** Stable machine code: the service's problem `code`, or `connection_error`, `timeout`, `http_<status>`, `graphql_error`, `webhook_*`. */
  readonly code: string;
  /** The parsed error body (problem+json, or whatever JSON the server sent). */
  readonly problem: Problem | null;
  /** `x-request-id` of the failed response, to find it in the service logs. */
  readonly requestId: string | null;
  readonly headers: Headers | null;

  constructor(init: AqcastErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AqcastError';
    this.status = init.status;
    this.code = init.code;
    this.problem = init.problem ?? null;
    this.requestId = init.requestId ?? null;
    this.headers = init.headers ?? null;
  }

  /** Alias of `problem`, named like the Python client's attribute. */
  get body(): Problem | null {
    return this.problem;
  }
}

/** Same class under the name the Python client uses. */
export { AqcastError as ApiError };

/** `verifyWebhook` rejected a message: missing headers, bad signature, stale timestamp or a body that is not JSON. */
export class WebhookVerificationError extends AqcastError {
  constructor(code: string, message: string) {
    super({ status: 400, code, message });
    this.name = 'WebhookVerificationError';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Builds the error for a non-2xx answer from its parsed body. */
export function errorFromResponse(status: number, statusText: string, body: unknown, headers: Headers): AqcastError {
  const obj = isRecord(body) ? body : null;
  const gqlErrors: unknown[] | null = obj && Array.isArray(obj.errors) && obj.code === undefined ? obj.errors : null;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const code = str(obj?.code) ?? (gqlErrors ? 'graphql_error' : `http_${status}`);
  const message =
    str(obj?.detail) ??
    str(obj?.title) ??
    str(gqlErrors?.map((e) => (isRecord(e) ? e.message : undefined)).filter((m) => typeof m === 'string').join('; ')) ??
    str(obj?.message) ??
    str(obj?.error) ??
    (typeof body === 'string' && body.length > 0 && body.length < 300 ? body : undefined) ??
    `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  return new AqcastError({
    status,
    code,
    message,
    // The body of an error answer is a problem document (RFC 9457) by the API's contract.
    problem: obj as Problem | null,
    requestId: headers.get('x-request-id') ?? str(obj?.requestId) ?? null,
    headers,
  });
}
