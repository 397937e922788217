/** The keys contract: scoped API keys (admin only). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.js';

export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ 'x-graphql': 'ID' }),
    name: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key, to recognise it' }),
    scopes: Type.Array(Type.String()),
    rateLimitPerMinute: Nullable(Type.Integer()),
    expiresAt: Nullable(Type.String({ format: 'date-time' })),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
    revokedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ApiKey', description: 'A scoped API key; the key itself is shown once, when it is created' },
);
export type ApiKeyView = Static<typeof ApiKeySchema>;

export const CreateKeyBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'Who holds it, e.g. "partner newsroom CMS"' }),
    scopes: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 50, uniqueItems: true, description: 'e.g. ["renders:read", "renders:write"]; GET /keys/scopes lists them' }),
    expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'After this the key stops working' })),
    rateLimitPerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Requests per minute; 429 with Retry-After beyond it' })),
  },
  { additionalProperties: false },
);
export type CreateKeyBody = Static<typeof CreateKeyBodySchema>;

export const CreatedKeySchema = Type.Object({ key: Type.Ref(ApiKeySchema), secret: Type.String({ description: 'The key to send in X-Api-Key; shown only in this response' }) });
export const KeyListQuerySchema = Type.Object({ includeRevoked: Type.Optional(Type.Boolean({ default: false, description: 'List revoked keys too' })) });
export const ScopeListSchema = Type.Object({ scopes: Type.Array(Type.String()) });

export const CallerSchema = Type.Object(
  {
    keyId: Nullable(Type.String({ 'x-graphql': 'ID' }), { description: 'The scoped key\'s id; null for the master key' }),
    name: Type.String({ description: 'The key\'s name ("master key" for the master key)' }),
    scopes: Type.Array(Type.String(), { description: '`admin` grants every scope' }),
    rateLimitPerMinute: Nullable(Type.Integer()),
  },
  { $id: 'Caller', description: 'Who a key (or a dashboard session) is: its id, name, scopes and rate limit' },
);
export type CallerView = Static<typeof CallerSchema>;
