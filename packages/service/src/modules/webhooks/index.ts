/**
 * The webhooks module: registrations, the event outbox every module publishes
 * into, and the dispatcher that delivers signed events with retries.
 */
import { defineModule } from '../../core/module.js';
import { DeliverySchema, WebhookSchema } from './contract.js';
import { webhooksGraphql } from './graphql.js';
import * as m002 from './migrations.js';
import { leaseColumns } from './migrations.js';
import { webhookRoutes } from './routes.js';
import { WebhookService } from './service.js';

export { WebhookService } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    webhooks: WebhookService;
  }
}

export const webhooksModule = defineModule({
  name: 'webhooks',
  description: 'Signed event delivery (Standard Webhooks)',
  migrations: { '002_webhooks': m002, '202612011001_webhooks_delivery_lease': { up: leaseColumns } },
  schemas: [WebhookSchema, DeliverySchema],
  create: (deps) => {
    const service = new WebhookService(deps.store, { allowed: deps.config.outboundAllowedNetworks, retryDelaysSec: deps.config.webhookRetryDelays, timeoutMs: deps.config.webhookTimeoutMs, leaseSeconds: deps.config.webhookLeaseSeconds, owner: `${deps.config.workerId}:webhooks`, logger: deps.logger, events: deps.events, onAttempt: (outcome) => deps.metrics.webhookDeliveries.inc({ outcome }) });
    deps.events.attach(service);
    return service;
  },
  routes: webhookRoutes,
  graphql: webhooksGraphql,
  start: (service) => service.start(),
  prune: (service, before) => service.rows.pruneBefore(before.toISOString()),
  stop: (service) => service.stop(),
});
