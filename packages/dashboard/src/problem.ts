/**
 * The service's errors as the app sees them: every failed call becomes an
 * ApiError carrying the RFC 9457 problem the service sent (or one made up
 * from the HTTP status when the body was not a problem).
 */

export interface Problem {
  type?: string;
  title: string;
  detail?: string;
  code?: string;
  errors?: Array<{ field?: string; message: string }>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

/** Reads a response: JSON on success (undefined for 204), an ApiError otherwise. */
export async function readResponse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (res.ok) return body as T;
  const p = body && typeof body === 'object' ? (body as Partial<Problem>) : {};
  throw new ApiError(res.status, {
    type: p.type,
    title: typeof p.title === 'string' ? p.title : res.statusText || `HTTP ${res.status}`,
    detail: typeof p.detail === 'string' ? p.detail : typeof body === 'string' ? body.slice(0, 300) : undefined,
    code: typeof p.code === 'string' ? p.code : undefined,
    errors: Array.isArray(p.errors) ? p.errors : undefined,
  });
}

/** A network failure (service unreachable) as an ApiError with status 0. */
export function networkError(err: unknown): ApiError {
  return new ApiError(0, { title: 'Network error', detail: err instanceof Error ? err.message : String(err), code: 'network_error' });
}
