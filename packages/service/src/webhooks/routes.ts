import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, problems } from '../http/common-schemas.js';
import type { AppContext } from '../http/context.js';
import { bodyValidatedInService } from '../http/validation.js';
import { idempotencyKey, sendStored } from '../idempotency/http.js';
import { IdempotencyHeaders } from '../renders/routes.js';

const WebhookSchema = Type.Object(
  { id: Type.String(), url: Type.String(), events: Type.Array(Type.String()), active: Type.Boolean(), disabledReason: Type.Union([Type.String(), Type.Null()]), createdAt: Type.String({ format: 'date-time' }) },
  { $id: 'Webhook' },
);
const AttemptSchema = Type.Object({ attemptedAt: Type.String(), statusCode: Type.Union([Type.Integer(), Type.Null()]), error: Type.Union([Type.String(), Type.Null()]), durationMs: Type.Integer(), nextRetryAt: Type.Union([Type.String(), Type.Null()]) });
const DeliverySchema = Type.Object(
  {
    id: Type.String(), webhookId: Type.String(), eventId: Type.String({ description: 'The webhook-id header; the same on every retry' }), eventType: Type.String(),
    status: Type.Union(['pending', 'succeeded', 'failed', 'canceled'].map((s) => Type.Literal(s))), attempts: Type.Integer(),
    nextAttemptAt: Type.Union([Type.String(), Type.Null()]), lastStatusCode: Type.Union([Type.Integer(), Type.Null()]), lastError: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(), attemptLog: Type.Optional(Type.Array(AttemptSchema)),
  },
  { $id: 'WebhookDelivery' },
);
const RegisterBody = Type.Object(
  {
    url: Type.String({ format: 'uri', description: 'http(s) receiver; private, loopback and link-local targets are refused', examples: ['https://example.org/hooks/aqcast'] }),
    events: Type.Array(Type.Union([Type.Literal('render.completed'), Type.Literal('render.failed'), Type.Literal('ingest.completed'), Type.Literal('*')]), { minItems: 1 }),
    secret: Type.Optional(Type.String({ minLength: 8, description: 'Signing secret (whsec_<base64> or any string); generated and returned once when omitted' })),
  },
  { additionalProperties: false },
);
const RegisterResponse = Type.Object({ webhook: Type.Ref(WebhookSchema), secret: Type.Optional(Type.String({ description: 'The generated secret; shown only in this response' })) });

export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addSchema(WebhookSchema);
  app.addSchema(DeliverySchema);
  const tags = ['webhooks'];
  for (const url of ['/webhooks', '/webhooks/register']) {
    bodyValidatedInService('POST', url);
    app.post(url, { schema: { tags, summary: 'Register a webhook', headers: IdempotencyHeaders, body: RegisterBody, response: { 201: RegisterResponse, ...problems(400, 401) } } }, async (req, reply) =>
      sendStored(reply, await ctx.idempotency.runOutsideTransaction(idempotencyKey(req), 'POST /webhooks', req.body, async () => ({ statusCode: 201, body: await ctx.webhooks.register(req.body) }))),
    );
  }
  app.get('/webhooks', { schema: { tags, summary: 'List webhooks (secrets are never returned)', response: { 200: Type.Object({ webhooks: Type.Array(Type.Ref(WebhookSchema)) }), ...problems(401) } } }, () => ctx.webhooks.list());
  app.delete('/webhooks/:id', { schema: { tags, summary: 'Delete a webhook; its pending deliveries are canceled', params: IdParamsSchema, response: { 204: Type.Null(), ...problems(401, 404) } } }, async (req, reply) => {
    await ctx.webhooks.remove((req.params as { id: string }).id);
    return reply.code(204).send();
  });
  app.get('/webhooks/:id/deliveries', { schema: { tags, summary: 'Delivery log: each delivery with every attempt (time, status or error, duration, next retry)', params: IdParamsSchema, response: { 200: Type.Object({ deliveries: Type.Array(Type.Ref(DeliverySchema)) }), ...problems(401, 404) } } }, (req) =>
    ctx.webhooks.deliveries((req.params as { id: string }).id),
  );
  app.post('/webhooks/:id/test', { schema: { tags, summary: 'Send a webhook.test event now and return the delivery', headers: IdempotencyHeaders, params: IdParamsSchema, response: { 200: Type.Object({ delivery: Type.Ref(DeliverySchema) }), ...problems(401, 404, 409) } } }, async (req, reply) => {
    const id = (req.params as { id: string }).id;
    return sendStored(reply, await ctx.idempotency.runOutsideTransaction(idempotencyKey(req), `POST /webhooks/${id}/test`, {}, async () => ({ statusCode: 200, body: await ctx.webhooks.test(id) })));
  });
  bodyValidatedInService('POST', '/webhooks/fire');
  app.post(
    '/webhooks/fire',
    {
      schema: {
        tags, summary: 'Send an event with the given data to every subscribed webhook',
        headers: IdempotencyHeaders,
        body: Type.Object({ event: Type.String({ examples: ['render.completed'] }), data: Type.Unknown() }),
        response: { 202: Type.Object({ eventType: Type.String(), deliveries: Type.Array(Type.Ref(DeliverySchema)) }), ...problems(400, 401) },
      },
    },
    async (req, reply) => sendStored(reply, await ctx.idempotency.runOutsideTransaction(idempotencyKey(req), 'POST /webhooks/fire', req.body, async () => ({ statusCode: 202, body: await ctx.webhooks.fire(req.body) }))),
  );
}
