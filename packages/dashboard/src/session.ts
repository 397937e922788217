/**
 * The signed-in session. The browser never keeps the API key: sign-in trades
 * it for an HttpOnly, SameSite=Strict cookie the page cannot read, and this
 * module keeps only what the service says the page may know — the name, the
 * scopes, the expiry and the CSRF token every mutating request must echo.
 */
import { AqcastError, Client, type ResponseOf } from '@aqcast/client';
import { useEffect, useState } from 'preact/hooks';

/** What the service says the page may know about its session. */
export type SessionInfo = ResponseOf<'dashboardSession', 200>;

/** `loading` until the first check of the cookie is answered. */
export type SessionState = { status: 'loading' } | { status: 'signed-out'; reason?: 'expired' | 'signed-out' } | { status: 'signed-in'; session: SessionInfo };

const SESSION_PATH = '/dashboard/api/session';
/** The session routes' own client (the app's client needs this module for the CSRF token); no retries: sign-in is not repeated. */
const sessions = new Client({ baseUrl: location.origin, maxRetries: 0, fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }) });

let state: SessionState = { status: 'loading' };
const listeners = new Set<(s: SessionState) => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function setState(next: SessionState): void {
  state = next;
  if (expiryTimer) clearTimeout(expiryTimer);
  if (next.status === 'signed-in') {
    // Timers overflow past ~24.8 days; a session never lasts that long, but clamp anyway.
    const ms = Math.min(Date.parse(next.session.expiresAt) - Date.now(), 2 ** 31 - 1);
    expiryTimer = setTimeout(() => setState({ status: 'signed-out', reason: 'expired' }), Math.max(ms, 0));
  }
  for (const l of listeners) l(next);
}

/** The current session's CSRF token, if signed in. */
export function csrfToken(): string | undefined {
  return state.status === 'signed-in' ? state.session.csrfToken : undefined;
}

/** Called by the API layer when the service answers 401: the session ended (expired, revoked, signed out elsewhere). */
export function sessionEnded(): void {
  if (state.status === 'signed-in') setState({ status: 'signed-out', reason: 'expired' });
}

/** Asks the service whether the cookie still holds a session. */
export async function loadSession(): Promise<void> {
  try {
    setState({ status: 'signed-in', session: await sessions.request<SessionInfo>('GET', SESSION_PATH) });
  } catch {
    setState({ status: 'signed-out' });
  }
}

/** Exchanges an API key for a session cookie. Throws AqcastError (401 for a wrong key). */
export async function signIn(apiKey: string): Promise<SessionInfo> {
  const session = await sessions.request<ResponseOf<'dashboardSignIn', 200>>('POST', SESSION_PATH, { body: { apiKey } });
  setState({ status: 'signed-in', session });
  return session;
}

/** Ends the session on the service (the cookie is cleared) and locally. */
export async function signOut(): Promise<void> {
  const token = csrfToken();
  try {
    await sessions.request('DELETE', SESSION_PATH, { headers: token ? { 'x-csrf-token': token } : {} });
  } catch (err) {
    // Already ended elsewhere: signed out all the same.
    if (!(err instanceof AqcastError && err.status === 401)) throw err;
  } finally {
    setState({ status: 'signed-out', reason: 'signed-out' });
  }
}

/** The whole session state, re-rendering on every change. */
export function useSessionState(): SessionState {
  const [s, set] = useState(state);
  useEffect(() => {
    listeners.add(set);
    set(state);
    return () => void listeners.delete(set);
  }, []);
  return s;
}

/** The signed-in session, or null (signed out, or not known yet). */
export function useSession(): SessionInfo | null {
  const s = useSessionState();
  return s.status === 'signed-in' ? s.session : null;
}

/** Whether the session holds a scope (`admin` holds them all). */
export function hasScope(scope: string): boolean {
  if (state.status !== 'signed-in') return false;
  const scopes = state.session.scopes;
  return scopes.includes('admin') || scopes.includes(scope);
}
