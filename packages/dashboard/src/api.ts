/**
 * The dashboard talks to the service through `@aqcast/client`, the same
 * client every integration uses: its namespaces, its generated types and its
 * errors (`AqcastError`, with the service's problem+json). The browser never
 * holds a key: requests carry the session cookie, mutating ones echo the
 * session's CSRF token, and a 401 ends the session.
 */
import { AqcastError, Client } from '@aqcast/client';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { csrfToken, sessionEnded } from './session';

export { AqcastError as ApiError } from '@aqcast/client';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `fetch` with the session cookie, the CSRF token on changes, and the session ended by a 401. */
const sessionFetch: typeof fetch = async (input, init = {}) => {
  const headers = new Headers(init.headers);
  const token = csrfToken();
  if (token && MUTATING.has((init.method ?? 'GET').toUpperCase())) headers.set('x-csrf-token', token);
  const res = await fetch(input, { ...init, headers, credentials: 'same-origin' });
  if (res.status === 401) sessionEnded();
  return res;
};

/** The one client of the app (same origin; one retry of safe requests). */
export const client = new Client({ baseUrl: location.origin, fetch: sessionFetch, maxRetries: 1 });

/** Any failure as an AqcastError (a thrown non-AqcastError is a bug or a network failure). */
export function asApiError(err: unknown): AqcastError {
  return err instanceof AqcastError ? err : new AqcastError({ status: 0, code: 'connection_error', message: err instanceof Error ? err.message : String(err), cause: err });
}

/**
 * Loads `load(client)` (nothing while it is null), again whenever `deps` change
 * or `reload()` is called; an answer that arrives after a newer load started is dropped.
 */
export function useQuery<T>(load: ((c: Client) => Promise<T>) | null, deps: unknown[]): { data: T | undefined; error: AqcastError | undefined; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<AqcastError | undefined>(undefined);
  const [loading, setLoading] = useState(load !== null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const enabled = load !== null;
  useEffect(() => {
    if (!load) {
      setLoading(false);
      return;
    }
    const mine = ++seq.current;
    setLoading(true);
    load(client).then(
      (d) => {
        if (mine !== seq.current) return;
        setData(d);
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (mine !== seq.current) return;
        setError(asApiError(e));
        setLoading(false);
      },
    );
  }, [enabled, tick, ...deps]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
