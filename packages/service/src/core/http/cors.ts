/**
 * CORS. @fastify/cors answers preflights (OPTIONS); the headers of every other
 * response are the same few strings for a given Origin, so they are worked
 * out once per origin and set from a cache instead of the plugin resolving
 * its options again on every request (a tenth of a key-checked GET's cost).
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

const EXPOSED_HEADERS = 'x-request-id, retry-after, idempotent-replayed, content-range, accept-ranges, etag';

/** The headers a non-preflight response carries for a request from `origin`, for the allowed `origins` (`*` for any). */
export function corsResponseHeaders(origins: readonly string[]): (origin: string | undefined) => Record<string, string> {
  if (origins.includes('*')) {
    const any = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS };
    return () => any;
  }
  // A listed origin is reflected; the answer depends on Origin, so caches must key on it.
  const others = { vary: 'Origin', 'access-control-expose-headers': EXPOSED_HEADERS };
  const allowed = new Map(origins.map((o) => [o, { vary: 'Origin', 'access-control-allow-origin': o, 'access-control-expose-headers': EXPOSED_HEADERS }]));
  return (origin) => (origin === undefined ? undefined : allowed.get(origin)) ?? others;
}

/**
 * Answers preflights from pages on the configured origins (the key travels in a
 * header, never a cookie). The headers of every other response come from
 * {@link corsResponseHeaders}, set by the app's one request hook: a hook of its own
 * per request costs more than the headers.
 */
export async function registerCorsPreflight(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  // The plugin in a scope of its own: its hook runs for its preflight route (OPTIONS *) only.
  await app.register(async (preflight) => {
    await preflight.register(fastifyCors, {
      origin: origins.includes('*') ? '*' : [...origins],
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['X-Api-Key', 'Idempotency-Key', 'If-Match', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    });
  });
}
