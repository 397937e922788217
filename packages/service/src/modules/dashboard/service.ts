/**
 * Dashboard sessions: a person signs in once with an API key (the master key or
 * a scoped one), and the browser keeps only an HttpOnly, SameSite=Strict
 * session cookie — never the key. The session carries the key's scopes (a
 * revoked key ends its sessions) and a CSRF token that every mutating request
 * must echo in `X-CSRF-Token`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Auth, Principal, SessionAuthority } from '../../core/auth.js';
import { AppError, CORE_ERRORS } from '../../core/errors.js';
import type { Store } from '../../core/store/database.js';
import { SessionStore } from './store.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionView {
  name: string;
  scopes: string[];
  csrfToken: string;
  expiresAt: string;
}

export class DashboardService implements SessionAuthority {
  private readonly rows: SessionStore;

  constructor(
    store: Store,
    private readonly auth: Auth,
    private readonly ttlMs: number,
  ) {
    this.rows = new SessionStore(store);
  }

  /** Exchanges an API key for a session; returns the cookie token (to set) and what the page may know. */
  async signIn(apiKey: string): Promise<{ token: string; view: SessionView }> {
    const principal = await this.auth.authenticate(apiKey);
    if (!principal) throw new AppError(CORE_ERRORS.unauthorized, 'That API key is not valid (unknown, revoked or expired)');
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const row = { id_hash: hashOf(token), key_id: principal.keyId, name: principal.name, csrf_token: randomBytes(24).toString('base64url'), created_at: new Date(now).toISOString(), expires_at: new Date(now + this.ttlMs).toISOString() };
    await this.rows.insert(row);
    return { token, view: { name: row.name, scopes: [...principal.scopes], csrfToken: row.csrf_token, expiresAt: row.expires_at } };
  }

  async describe(principal: Principal, token: string): Promise<SessionView> {
    const row = await this.rows.get(hashOf(token));
    if (!row) throw new AppError(CORE_ERRORS.unauthorized, 'Not signed in');
    return { name: principal.name, scopes: [...principal.scopes], csrfToken: row.csrf_token, expiresAt: row.expires_at };
  }

  async signOut(token: string): Promise<void> {
    await this.rows.remove(hashOf(token));
  }

  async authenticateSession(token: string): Promise<{ keyId: string | null; csrfToken: string } | null> {
    const row = await this.rows.get(hashOf(token));
    if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
    return { keyId: row.key_id, csrfToken: row.csrf_token };
  }

  async prune(): Promise<number> {
    return this.rows.pruneExpired(new Date().toISOString());
  }
}
