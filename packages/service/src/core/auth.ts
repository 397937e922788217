/**
 * Who is calling: the configured master key (every scope), or a scoped key of
 * the keys module (its scopes, expiry and rate limit). Scopes are named
 * `<module>:read` and `<module>:write` (reads are GET and GraphQL queries,
 * writes everything else), plus `admin`, which grants all of them; a route
 * or field may ask for another scope explicitly.
 */
import { hash, timingSafeEqual } from 'node:crypto';

export const ADMIN_SCOPE = 'admin';
/** The dashboard's session cookie (HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = 'aqcast_session';

export interface Principal {
  /** The scoped key's id; null for the master key. */
  keyId: string | null;
  name: string;
  scopes: ReadonlySet<string>;
  rateLimitPerMinute: number | null;
}

/** A principal as `GET /whoami` shows it. */
export function callerView(principal: Principal): { keyId: string | null; name: string; scopes: string[]; rateLimitPerMinute: number | null } {
  return { keyId: principal.keyId, name: principal.name, scopes: [...principal.scopes].sort(), rateLimitPerMinute: principal.rateLimitPerMinute };
}

/** The route scope any valid key or session passes (not a scope a key can be granted). */
export const ANY_SCOPE = 'any';

export function hasScope(principal: Principal, scope: string): boolean {
  return scope === ANY_SCOPE || principal.scopes.has(ADMIN_SCOPE) || principal.scopes.has(scope);
}

/** The scope a module's route or field needs when it names none. */
export function defaultScope(moduleName: string, write: boolean): string {
  return `${moduleName}:${write ? 'write' : 'read'}`;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** What the keys module provides: scoped keys looked up by their hash, and their rate limits. */
export interface KeyAuthority {
  authenticate(presented: string): Promise<Principal | null>;
  /** The principal of a key by id, while it is valid (not revoked, not expired). */
  principalFor(keyId: string): Promise<Principal | null>;
  consume(principal: Principal): Promise<RateDecision>;
}

/** A browser session (the dashboard): who signed in, and the token its mutating requests must echo. */
export interface Session {
  principal: Principal;
  csrfToken: string;
}

export interface SessionAuthority {
  authenticateSession(token: string): Promise<{ keyId: string | null; csrfToken: string } | null>;
}

const MASTER: Principal = { keyId: null, name: 'master key', scopes: new Set([ADMIN_SCOPE]), rateLimitPerMinute: null };

export class Auth {
  private readonly masterDigest: Buffer;
  private authority: KeyAuthority | null = null;
  private sessions: SessionAuthority | null = null;
  private readonly known = new Set<string>([ADMIN_SCOPE]);

  constructor(masterKey: string) {
    this.masterDigest = hash('sha256', masterKey, 'buffer');
  }

  attach(authority: KeyAuthority): void {
    this.authority = authority;
  }

  attachSessions(sessions: SessionAuthority): void {
    this.sessions = sessions;
  }

  /** The caller behind a session cookie: the key it signed in with must still be valid (a revoked key ends its sessions). */
  async authenticateSession(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 200 || !this.sessions) return null;
    const s = await this.sessions.authenticateSession(token);
    if (!s) return null;
    const principal = s.keyId === null ? MASTER : await this.authority?.principalFor(s.keyId);
    return principal ? { principal, csrfToken: s.csrfToken } : null;
  }

  /** Records a scope some route or field asks for, so keys can only be granted real ones. */
  declareScope(scope: string): void {
    // ANY_SCOPE (any valid key) is not a scope a key can be granted.
    if (scope !== ANY_SCOPE) this.known.add(scope);
  }

  scopes(): string[] {
    return [...this.known].sort();
  }

  /** The caller behind a presented key, or null. The master key is compared in constant time (as digests, so lengths leak nothing). */
  async authenticate(presented: string | undefined): Promise<Principal | null> {
    if (typeof presented !== 'string' || presented.length === 0 || presented.length > 512) return null;
    return this.master(presented) ?? (await this.authority?.authenticate(presented)) ?? null;
  }

  /** The master key's principal when `presented` is the master key (answered without waiting: the hot path of every request). */
  master(presented: string): Principal | null {
    // The one-shot hash: half the CPU of a Hash object per request.
    return timingSafeEqual(hash('sha256', presented, 'buffer'), this.masterDigest) ? MASTER : null;
  }

  async consume(principal: Principal): Promise<RateDecision | null> {
    if (!principal.rateLimitPerMinute || !this.authority) return null;
    return this.authority.consume(principal);
  }
}
