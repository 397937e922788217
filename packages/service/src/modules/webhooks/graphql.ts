/** Webhooks over GraphQL: the same WebhookService calls as the /webhooks routes. */
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { ById, resolve, resolveNoArgs } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { DeliverySchema, EventTypeSchema, FireBodySchema, RegisterBodySchema, WebhookSchema } from './contract.js';

export const webhooksGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('Webhook', WebhookSchema)}

    type WebhookRegistration {
      webhook: Webhook!
      "The generated secret; shown only here."
      secret: String
    }

    ${objectTypeSdl('WebhookDelivery', DeliverySchema, { names: { 'attemptLog[]': 'WebhookAttempt' } })}

    ${objectTypeSdl('WebhookEventType', EventTypeSchema)}

    type WebhookFireResult {
      eventType: String!
      deliveries: [WebhookDelivery!]!
    }

    extend type Query {
      webhooks: [Webhook!]!
      webhookDeliveries(id: ID!): [WebhookDelivery!]!
      "The event types a webhook can subscribe to (like GET /webhooks/events)."
      webhookEventTypes: [WebhookEventType!]!
    }

    extend type Mutation {
      registerWebhook(url: String!, events: [String!]!, secret: String, idempotencyKey: String): WebhookRegistration!
      deleteWebhook(id: ID!, idempotencyKey: String): Boolean!
      testWebhook(id: ID!, idempotencyKey: String): WebhookDelivery!
      fireWebhookEvent(event: String!, data: JSON!, idempotencyKey: String): WebhookFireResult!
    }
  `,
  resolvers: {
    Query: {
      webhooks: resolveNoArgs(async ({ services }) => (await services.webhooks.list()).webhooks),
      webhookDeliveries: resolve(ById, async ({ id }, { services }) => (await services.webhooks.deliveries(id)).deliveries),
      webhookEventTypes: resolveNoArgs(({ services }) => services.webhooks.eventTypes()),
    },
    Mutation: {
      registerWebhook: resolve(RegisterBodySchema, (body, { services }) => services.webhooks.register(body)),
      deleteWebhook: resolve(ById, async ({ id }, { services }) => {
        await services.webhooks.remove(id);
        return true;
      }),
      testWebhook: resolve(ById, async ({ id }, { services }) => (await services.webhooks.test(id)).delivery),
      fireWebhookEvent: resolve(FireBodySchema, (body, { services }) => services.webhooks.fire(body)),
    },
  },
};
