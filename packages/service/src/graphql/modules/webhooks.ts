/**
 * Webhooks over GraphQL: the same WebhookService calls as the /webhooks routes.
 */
import type { GraphQLModule, Resolver } from '../module.js';

export const webhooksModule: GraphQLModule = {
  name: 'webhooks',
  typeDefs: /* GraphQL */ `
    "A registered receiver. Its secret is never returned after registration."
    type Webhook {
      id: ID!
      url: String!
      "Subscribed event types; * for all."
      events: [String!]!
      "False once disabled (410 Gone, or failing for 5 days)."
      active: Boolean!
      disabledReason: String
      createdAt: String!
    }

    "What registerWebhook returns: the webhook and, when the service generated it, the secret (shown only here)."
    type WebhookRegistration {
      webhook: Webhook!
      secret: String
    }

    "One HTTP attempt of a delivery."
    type WebhookAttempt {
      attemptedAt: String!
      statusCode: Int
      error: String
      durationMs: Int!
      nextRetryAt: String
    }

    "One event owed to one webhook."
    type WebhookDelivery {
      id: ID!
      webhookId: ID!
      "The webhook-id header: the same on every retry."
      eventId: ID!
      eventType: String!
      "pending | succeeded | failed | canceled"
      status: String!
      attempts: Int!
      nextAttemptAt: String
      lastStatusCode: Int
      lastError: String
      createdAt: String!
      attemptLog: [WebhookAttempt!]
    }

    type WebhookFireResult {
      eventType: String!
      deliveries: [WebhookDelivery!]!
    }

    extend type Query {
      webhooks: [Webhook!]!
      "The delivery log of one webhook, newest first."
      webhookDeliveries(id: ID!): [WebhookDelivery!]!
    }

    extend type Mutation {
      "Registers a receiver for render.completed, render.failed, ingest.completed (or *)."
      registerWebhook(url: String!, events: [String!]!, secret: String): WebhookRegistration!
      "Deletes a webhook; its pending deliveries are canceled."
      deleteWebhook(id: ID!): Boolean!
      "Sends a webhook.test event now and returns the delivery."
      testWebhook(id: ID!): WebhookDelivery!
      "Sends an event with this data to every subscribed webhook."
      fireWebhookEvent(event: String!, data: JSON!): WebhookFireResult!
    }
  `,
  resolvers: {
    Query: {
      webhooks: (async (_p, _a, { ctx }) => (await ctx.webhooks.list()).webhooks) as Resolver,
      webhookDeliveries: (async (_p, { id }, { ctx }) => (await ctx.webhooks.deliveries(id)).deliveries) as Resolver<{ id: string }>,
    },
    Mutation: {
      registerWebhook: ((_p, args, { ctx }) => ctx.webhooks.register(Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined)))) as Resolver<{ url: string; events: string[]; secret?: string | null }>,
      deleteWebhook: (async (_p, { id }, { ctx }) => {
        await ctx.webhooks.remove(id);
        return true;
      }) as Resolver<{ id: string }>,
      testWebhook: (async (_p, { id }, { ctx }) => (await ctx.webhooks.test(id)).delivery) as Resolver<{ id: string }>,
      fireWebhookEvent: ((_p, { event, data }, { ctx }) => ctx.webhooks.fire({ event, data })) as Resolver<{ event: string; data: unknown }>,
    },
  } as GraphQLModule['resolvers'],
};
