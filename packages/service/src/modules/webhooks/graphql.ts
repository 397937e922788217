/** Webhooks over GraphQL: the same WebhookService calls as the /webhooks routes. */
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { withoutNulls, type GraphQLPart, type Resolver } from '../../core/graphql/types.js';
import { check } from '../../core/validation.js';
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
      webhooks: (async (_p, _a, { services }) => (await services.webhooks.list()).webhooks) as Resolver,
      webhookDeliveries: (async (_p, { id }, { services }) => (await services.webhooks.deliveries(id)).deliveries) as Resolver<{ id: string }>,
      webhookEventTypes: ((_p, _a, { services }) => services.webhooks.eventTypes()) as Resolver,
    },
    Mutation: {
      registerWebhook: ((_p, args, { services }) => services.webhooks.register(check(RegisterBodySchema, withoutNulls(args)))) as Resolver<{ url: string; events: string[]; secret?: string | null }>,
      deleteWebhook: (async (_p, { id }, { services }) => {
        await services.webhooks.remove(id);
        return true;
      }) as Resolver<{ id: string }>,
      testWebhook: (async (_p, { id }, { services }) => (await services.webhooks.test(id)).delivery) as Resolver<{ id: string }>,
      fireWebhookEvent: ((_p, args, { services }) => services.webhooks.fire(check(FireBodySchema, args))) as Resolver<{ event: string; data: unknown }>,
    },
  } as GraphQLPart['resolvers'],
};
