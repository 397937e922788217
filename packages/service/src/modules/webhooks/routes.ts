/** Webhooks over REST: thin adapters over {@link WebhookService}. */
import { Type } from '@sinclair/typebox';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http } from '../../core/module.js';
import { DeliverySchema, EventTypeSchema, FireBodySchema, FireResultSchema, RegisterBodySchema, RegisteredSchema, WebhookSchema } from './contract.js';
import type { WebhookService } from './service.js';

export function webhookRoutes(app: Http, webhooks: WebhookService): void {
  const tags = ['webhooks'];
  for (const [url, operationId] of [['/webhooks', 'registerWebhook'], ['/webhooks/register', 'registerWebhookAlias']] as const) {
    app.post(url, { schema: { operationId, tags, summary: url === '/webhooks' ? 'Register a webhook' : 'Register a webhook (same as POST /webhooks)', body: RegisterBodySchema, response: { 201: RegisteredSchema, ...problems(400, 401, 409) } } }, async (req, reply) =>
      reply.code(201).send(await webhooks.register(req.body)),
    );
  }
  app.get(
    '/webhooks/events',
    { schema: { operationId: 'listWebhookEventTypes', tags, summary: 'The event types a webhook can subscribe to (every module’s), with what each carries; `*` subscribes to all of them', response: { 200: Type.Object({ events: Type.Array(EventTypeSchema) }), ...problems(401) } } },
    () => ({ events: webhooks.eventTypes() }),
  );
  app.get('/webhooks', { schema: { operationId: 'listWebhooks', tags, summary: 'List webhooks (secrets are never returned)', response: { 200: Type.Object({ webhooks: Type.Array(Type.Ref(WebhookSchema)) }), ...problems(401) } } }, () => webhooks.list());
  app.delete('/webhooks/:id', { schema: { operationId: 'deleteWebhook', tags, summary: 'Delete a webhook; its pending deliveries are canceled', params: IdParamsSchema, response: { 204: Type.Null(), ...problems(401, 404) } } }, async (req, reply) => {
    await webhooks.remove(req.params.id);
    return reply.code(204).send(null);
  });
  app.get(
    '/webhooks/:id/deliveries',
    { schema: { operationId: 'listWebhookDeliveries', tags, summary: 'Delivery log: each delivery with every attempt (time, status or error, duration, next retry)', params: IdParamsSchema, response: { 200: Type.Object({ deliveries: Type.Array(Type.Ref(DeliverySchema)) }), ...problems(401, 404) } } },
    (req) => webhooks.deliveries(req.params.id),
  );
  app.post('/webhooks/:id/test', { schema: { operationId: 'testWebhook', tags, summary: 'Send a webhook.test event now and return the delivery', params: IdParamsSchema, response: { 200: Type.Object({ delivery: Type.Ref(DeliverySchema) }), ...problems(401, 404, 409) } } }, (req) =>
    webhooks.test(req.params.id),
  );
  app.post(
    '/webhooks/fire',
    { schema: { operationId: 'fireWebhookEvent', tags, summary: 'Send an event with the given data to every subscribed webhook (marked manual: true)', body: FireBodySchema, response: { 202: FireResultSchema, ...problems(400, 401, 409) } } },
    async (req, reply) => reply.code(202).send(await webhooks.fire(req.body)),
  );
}
