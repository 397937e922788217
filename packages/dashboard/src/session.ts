/**
 * The signed-in session. The browser never keeps the API key: sign-in trades
 * it for an HttpOnly, SameSite=Strict cookie the page cannot read, and this
 * module keeps only what the service says the page may know — the name, the
 * scopes, the expiry and the CSRF token every mutating request must echo.
 */
import { useEffect, useState } from 'preact/hooks';
import { networkError, readResponse } from './problem';

export interface SessionInfo {
  name: string;
  scopes: string[];
  csrfToken: string;
  expiresAt: string;
}

/** `loading` until the first check of the cookie is answered. */
export type SessionState = { status: 'loading' } | { status: 'signed-out'; reason?: 'expired' | 'signed-out' } | { status: 'signed-in'; session: SessionInfo };

const SESSION_PATH = '/dashboard/api/session';

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
    const res = await fetch(SESSION_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (res.status === 401) return setState({ status: 'signed-out' });
    setState({ status: 'signed-in', session: await readResponse<SessionInfo>(res) });
  } catch {
    setState({ status: 'signed-out' });
  }
}

/** Exchanges an API key for a session cookie. Throws ApiError (401 for a wrong key). */
export async function signIn(apiKey: string): Promise<SessionInfo> {
  let res: Response;
  try {
    res = await fetch(SESSION_PATH, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ apiKey }) });
  } catch (err) {
    throw networkError(err);
  }
  const session = await readResponse<SessionInfo>(res);
  setState({ status: 'signed-in', session });
  return session;
}

/** Ends the session on the service (the cookie is cleared) and locally. */
export async function signOut(): Promise<void> {
  const token = csrfToken();
  try {
    const res = await fetch(SESSION_PATH, { method: 'DELETE', credentials: 'same-origin', headers: token ? { 'x-csrf-token': token } : {} });
    if (res.status !== 401) await readResponse<void>(res);
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
