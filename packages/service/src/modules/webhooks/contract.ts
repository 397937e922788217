/** The webhooks contract: registrations, deliveries with their attempt log, test and fire. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../core/http/schemas.js';

/** No control characters (CR/LF would be stored and logged as given). */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ 'x-graphql': 'ID' }),
    url: Type.String(),
    events: Type.Array(Type.String()),
    active: Type.Boolean(),
    disabledReason: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Webhook', description: 'A registered receiver (its secret is never returned after registration)' },
);
export type WebhookView = Static<typeof WebhookSchema>;

export const AttemptSchema = Type.Object({
  attemptedAt: Type.String({ format: 'date-time' }),
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  durationMs: Type.Integer(),
  nextRetryAt: Nullable(Type.String({ format: 'date-time' })),
});

export const EventTypeSchema = Type.Object(
  { type: Type.String({ examples: ['render.completed'] }), description: Type.String({ description: 'When it is sent and what its data holds' }) },
  { description: 'An event type a webhook can subscribe to' },
);

export const DeliverySchema = Type.Object(
  {
    id: Type.String({ 'x-graphql': 'ID' }),
    webhookId: Type.String({ 'x-graphql': 'ID' }),
    eventId: Type.String({ description: 'The webhook-id header; the same on every retry', 'x-graphql': 'ID' }),
    eventType: Type.String(),
    status: StringEnum(['pending', 'succeeded', 'failed', 'canceled'] as const),
    attempts: Type.Integer(),
    nextAttemptAt: Nullable(Type.String({ format: 'date-time' })),
    lastStatusCode: Nullable(Type.Integer()),
    lastError: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    attemptLog: Type.Optional(Type.Array(AttemptSchema)),
  },
  { $id: 'WebhookDelivery', description: 'One event owed to one webhook, with every attempt' },
);
export type DeliveryView = Static<typeof DeliverySchema>;

export const RegisterBodySchema = Type.Object(
  {
    url: Type.String({ format: 'uri', maxLength: 2000, pattern: PRINTABLE, description: 'http(s) receiver; private, loopback and link-local targets are refused', examples: ['https://example.org/hooks/aqcast'] }),
    events: Type.Array(Type.String({ maxLength: 100, examples: ['render.completed'] }), { minItems: 1, maxItems: 50, description: 'Event types to receive (see the README for the list), or `*` for all' }),
    secret: Type.Optional(Type.String({ minLength: 8, maxLength: 300, pattern: PRINTABLE, description: 'Signing secret (whsec_<base64> or any string); generated and returned once when omitted' })),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const RegisteredSchema = Type.Object({ webhook: Type.Ref(WebhookSchema), secret: Type.Optional(Type.String({ description: 'The generated secret; shown only in this response' })) });

export const FireBodySchema = Type.Object(
  {
    event: Type.String({ maxLength: 100, examples: ['render.completed'] }),
    data: Type.Unknown({ description: 'Any JSON value; delivered as `data`, with `manual: true` beside it so receivers can tell it from a real event' }),
  },
  { additionalProperties: false },
);
export type FireBody = Static<typeof FireBodySchema>;

export const FireResultSchema = Type.Object({ eventType: Type.String(), deliveries: Type.Array(Type.Ref(DeliverySchema)) });
