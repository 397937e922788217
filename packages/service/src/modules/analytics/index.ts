/**
 * The analytics module: how the service performs, computed by SQL aggregates
 * over the queue's job records (read-only), with the indexes they need.
 */
import { defineModule } from '../../core/module.js';
import { analyticsGraphql } from './graphql.js';
import * as m202611221438 from './migrations.js';
import { analyticsRoutes } from './routes.js';
import { AnalyticsService } from './service.js';

export { AnalyticsService } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    analytics: AnalyticsService;
  }
}

export const analyticsModule = defineModule({
  name: 'analytics',
  description: 'Figures from the job records: overview, templates, trends in a time zone, recent renders, performance',
  uses: ['queue', 'variants'],
  migrations: { '202611221438_analytics_job_metrics': m202611221438 },
  // Workers count as active while their heartbeat is recent, as in GET /queue/stats.
  create: (deps) => new AnalyticsService({ queue: deps.services.queue, variants: deps.services.variants, workerLiveMs: Math.max(60, deps.config.workerLeaseSeconds * 2) * 1000 }),
  routes: analyticsRoutes,
  graphql: analyticsGraphql,
});
