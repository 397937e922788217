/**
 * Calls to the service: JSON in and out, the session cookie sent by the
 * browser, the CSRF token added to every mutating request, and failures
 * thrown as ApiError with the service's problem+json.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, networkError, readResponse } from './problem';
import { csrfToken, sessionEnded } from './session';

export { ApiError, type Problem } from './problem';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function send<T>(method: Method, path: string, init: { body?: BodyInit; headers: Record<string, string> }): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (method !== 'GET') {
    const token = csrfToken();
    if (token) headers['x-csrf-token'] = token;
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: init.body, credentials: 'same-origin' });
  } catch (err) {
    throw networkError(err);
  }
  try {
    return await readResponse<T>(res);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) sessionEnded();
    throw err;
  }
}

/** One JSON request to the service (`path` from the origin, e.g. `/renders?status=failed`). 204 resolves to undefined. */
export async function api<T>(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  return send<T>(method, path, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
  });
}

/** A multipart POST (file uploads); the browser sets the boundary. */
export async function upload<T>(path: string, form: FormData): Promise<T> {
  return send<T>('POST', path, { body: form, headers: {} });
}

/** GETs `path` (nothing while it is null), again whenever `path` or `deps` change or `reload()` is called. */
export function useApi<T>(path: string | null, deps: unknown[] = []): { data: T | undefined; error: ApiError | undefined; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const mine = ++seq.current;
    setLoading(true);
    api<T>('GET', path).then(
      (d) => {
        if (mine !== seq.current) return;
        setData(d);
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (mine !== seq.current) return;
        setError(e instanceof ApiError ? e : networkError(e));
        setLoading(false);
      },
    );
  }, [path, tick, ...deps]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
