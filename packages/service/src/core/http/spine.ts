/**
 * What the HTTP spine (auth, validation, idempotency, rate limits, faults)
 * sends besides a route's own answer, named once: the response headers and
 * the security schemes. app/docs/openapi.ts documents them on every
 * operation; routes name the extra headers they send (`config.responseHeaders`)
 * and a security scheme of their own.
 */
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Response headers a route sends on success beyond the spine's (documented in OpenAPI). */
    responseHeaders?: readonly ResponseHeaderName[];
  }
}

/** Every response header the service documents, under `components.headers`. */
export const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description: 'Identifies this request in the service\'s logs: the X-Request-Id the client sent (1–100 of `A-Za-z0-9_.-`), else a new UUID',
    schema: { type: 'string', minLength: 1, maxLength: 100 },
  },
  RateLimit: {
    description: 'For a key with a rate limit: requests left in the window and seconds until it resets, `"per-key";r=<remaining>;t=<seconds>` (draft-ietf-httpapi-ratelimit-headers)',
    schema: { type: 'string', pattern: '^"per-key";r=\\d+;t=\\d+$' },
  },
  'RateLimit-Policy': {
    description: 'For a key with a rate limit: its quota per 60-second window, `"per-key";q=<limit>;w=60`',
    schema: { type: 'string', pattern: '^"per-key";q=\\d+;w=60$' },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key (the work was not done again)',
    schema: { type: 'string', enum: ['true'] },
  },
  ETag: {
    description: 'The version of the representation; send it back in If-Match to change it only if nobody else did',
    schema: { type: 'string' },
  },
  Location: {
    description: 'Where the resource is: the path of one just created, or (a redirect) the URL to fetch instead',
    schema: { type: 'string', minLength: 1 },
  },
} as const;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** Security schemes besides the API key: the dashboard's session cookie, the inbound trigger's secret. */
export const TRIGGER_SECURITY: { [scheme: string]: string[] }[] = [{ triggerSecret: [] }, { triggerBearer: [] }];
export const SECURITY_SCHEMES = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The master key (API_KEY) or a scoped key from POST /keys' },
  dashboardSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The dashboard\'s browser session (POST /dashboard/api/session signs in with a key); a change also needs the session\'s CSRF token in X-CSRF-Token' },
  triggerSecret: { type: 'apiKey', in: 'header', name: 'x-trigger-secret', description: 'An inbound workflow\'s trigger secret (returned once, when the workflow is created)' },
  triggerBearer: { type: 'http', scheme: 'bearer', description: 'An inbound workflow\'s trigger secret as `Authorization: Bearer <secret>`' },
} as const;


/** The dashboard session token in the request's cookie, if it sent one (parsed here, where it is read, not on every request). */
export function sessionToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  return header ? req.server.parseCookie(header)[SESSION_COOKIE] : undefined;
}
