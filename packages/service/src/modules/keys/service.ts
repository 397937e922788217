/**
 * Scoped API keys: created by an admin, shown once, stored only as a SHA-256
 * hash (keys are 256 random bits, so a fast hash is enough and a lookup by hash
 * reveals nothing about timing). Each key has scopes, an optional expiry and an
 * optional rate limit counted per minute in the store, so every API process
 * enforces the same limit.
 */
import { hash, randomBytes } from 'node:crypto';
import type { Auth, KeyAuthority, Principal, RateDecision } from '../../core/auth.js';
import { notFound, validationError, type FieldError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Store } from '../../core/store/database.js';
import type { ApiKeyView, CreateKeyBody } from './contract.js';
import { countRequest, KeyStore, pruneWindows, type ApiKeyRow } from './store.js';
import { readJson } from '../../core/store/json-column.js';
import { Type } from '@sinclair/typebox';

/** How long a key lookup is trusted before the store is asked again (revocations take effect within this). */
const LOOKUP_TTL_MS = 5_000;

const hashOf = (key: string) => hash('sha256', key, 'hex');

const Scopes = Type.Array(Type.String());
const readScopes = (row: ApiKeyRow) => readJson(Scopes, row.scopes, `API key ${row.id} scopes`);

function view(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id, name: row.name, prefix: row.prefix, scopes: readScopes(row), rateLimitPerMinute: row.rate_limit_per_minute,
    expiresAt: row.expires_at, createdAt: row.created_at, lastUsedAt: row.last_used_at, revokedAt: row.revoked_at,
  };
}

function principalOf(row: ApiKeyRow): Principal {
  return { keyId: row.id, name: row.name, scopes: new Set(readScopes(row)), rateLimitPerMinute: row.rate_limit_per_minute };
}

export class KeyService implements KeyAuthority {
  private readonly rows: KeyStore;
  private readonly cache = new Map<string, { row: ApiKeyRow | undefined; principal: Principal | null; at: number }>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly auth: Auth,
  ) {
    this.rows = new KeyStore(store);
  }

  async create(body: CreateKeyBody): Promise<{ key: ApiKeyView; secret: string }> {
    const known = new Set(this.auth.scopes());
    const errors: FieldError[] = body.scopes.filter((s) => !known.has(s)).map((s) => ({ field: 'scopes', message: `unknown scope "${s}"; known scopes: ${[...known].join(', ')}` }));
    if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now()) errors.push({ field: 'expiresAt', message: 'must be in the future' });
    if (errors.length) throw validationError(errors);
    const secret = `aqk_${randomBytes(32).toString('base64url')}`;
    const row: ApiKeyRow = {
      id: newId('key'), name: body.name, prefix: `${secret.slice(0, 10)}…`, hash: hashOf(secret), scopes: JSON.stringify(body.scopes),
      rate_limit_per_minute: body.rateLimitPerMinute ?? null, expires_at: body.expiresAt ? new Date(body.expiresAt).toISOString() : null,
      created_at: new Date().toISOString(), last_used_at: null, revoked_at: null,
    };
    await this.rows.insert(row);
    return { key: view(row), secret };
  }

  async list(includeRevoked = false): Promise<{ keys: ApiKeyView[] }> {
    return { keys: (await this.rows.list(includeRevoked)).map(view) };
  }

  /** Revokes a key; it stops working within a few seconds in every process. */
  async revoke(id: string): Promise<void> {
    if (!(await this.rows.revoke(id))) {
      if (await this.rows.exists(id)) return; // already revoked: the same end state
      throw notFound('API key', id);
    }
    this.cache.clear();
  }

  async authenticate(presented: string): Promise<Principal | null> {
    const hash = hashOf(presented);
    let entry = this.cache.get(hash);
    if (!entry || Date.now() - entry.at > LOOKUP_TTL_MS) {
      const row = await this.rows.byHash(hash);
      // The principal is built once per lookup, not per request (its scopes are parsed JSON).
      entry = { row, principal: row ? principalOf(row) : null, at: Date.now() };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hash, entry);
    }
    const row = entry.row;
    if (!row || row.revoked_at || (row.expires_at && Date.parse(row.expires_at) <= Date.now())) return null;
    // last_used_at at most once a minute per key: no write on every request.
    const now = Date.now();
    if ((this.touched.get(row.id) ?? 0) < now - 60_000) {
      this.touched.set(row.id, now);
      void this.rows.touch(row.id, new Date(now).toISOString()).catch(() => {});
    }
    return entry.principal;
  }

  async principalFor(keyId: string): Promise<Principal | null> {
    const row = await this.rows.byId(keyId);
    if (!row || row.revoked_at || (row.expires_at && Date.parse(row.expires_at) <= Date.now())) return null;
    return principalOf(row);
  }

  async consume(principal: Principal): Promise<RateDecision> {
    const limit = principal.rateLimitPerMinute ?? Number.POSITIVE_INFINITY;
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / 60_000) * 60_000);
    const count = await countRequest(this.store, principal.keyId ?? 'master', windowStart.toISOString());
    const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now) / 1000));
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
  }

  /** Drops rate-limit windows older than ten minutes. */
  async prune(): Promise<void> {
    await pruneWindows(this.store, new Date(Date.now() - 10 * 60_000).toISOString());
  }
}
