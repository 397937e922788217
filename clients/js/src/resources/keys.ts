import type { ApiKey, CreatedApiKey } from '../types.js';
import { pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';

export interface KeyInput {
  /** Who holds it, e.g. "partner newsroom CMS". */
  name: string;
  /** e.g. `['renders:read', 'renders:write']`; `scopes()` lists them. */
  scopes: string[];
  expiresAt?: string | Date;
  rateLimitPerMinute?: number;
}

/** Scoped API keys (admin scope): `POST /keys`, `GET /keys`, `GET /keys/scopes`, `DELETE /keys/:id`. */
export class Keys extends Resource {
  /** Creates a key; the answer's `secret` is the only time the key is shown. */
  create(input: KeyInput, opts?: CallOptions): Promise<CreatedApiKey> {
    const body = { ...input, ...(input.expiresAt instanceof Date ? { expiresAt: input.expiresAt.toISOString() } : {}) };
    return this.http.request('POST', '/keys', { ...requestOptions(opts), body });
  }

  list(filters: { includeRevoked?: boolean } = {}, opts?: CallOptions): Promise<{ keys: ApiKey[] }> {
    return this.http.request('GET', '/keys', { ...requestOptions(opts), query: filters });
  }

  /** The scopes a key can be granted. */
  scopes(opts?: CallOptions): Promise<{ scopes: string[] }> {
    return this.http.request('GET', '/keys/scopes', requestOptions(opts));
  }

  /** Revokes a key; it stops working within seconds in every process. */
  async revoke(id: string, opts?: CallOptions): Promise<void> {
    await this.http.request('DELETE', pathWithId('/keys', id), requestOptions(opts));
  }
}
