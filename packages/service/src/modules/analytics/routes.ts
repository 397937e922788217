/** Analytics over REST: thin adapters over {@link AnalyticsService}. */
import { problems } from '../../core/http/schemas.js';
import type { Http } from '../../core/module.js';
import { OverviewSchema, PerformanceSchema, RangeQuerySchema, RecentQuerySchema, RecentSchema, TemplatesReportSchema, TrendsQuerySchema, TrendsSchema } from './contract.js';
import type { AnalyticsService } from './service.js';

export function analyticsRoutes(app: Http, analytics: AnalyticsService): void {
  const tags = ['analytics'];
  app.get(
    '/analytics/overview',
    { schema: { operationId: 'getAnalyticsOverview', tags, summary: 'Jobs by status, success rate, rolling windows, render time and queue wait p50/p95, video seconds, bytes, cache reuse, active workers', querystring: RangeQuerySchema, response: { 200: OverviewSchema, ...problems(400, 401) } } },
    (req) => analytics.overview(req.query),
  );
  app.get(
    '/analytics/templates',
    { schema: { operationId: 'getAnalyticsTemplates', tags, summary: 'Per template and format: jobs, success rate, render time p50/p95, share of all jobs', querystring: RangeQuerySchema, response: { 200: TemplatesReportSchema, ...problems(400, 401) } } },
    (req) => analytics.templates(req.query),
  );
  app.get(
    '/analytics/trends',
    { schema: { operationId: 'getAnalyticsTrends', tags, summary: 'A metric per hour, day or week in a time zone, empty buckets included, right across daylight-saving changes', querystring: TrendsQuerySchema, response: { 200: TrendsSchema, ...problems(400, 401) } } },
    (req) => analytics.trends(req.query),
  );
  app.get(
    '/analytics/recent',
    { schema: { operationId: 'getAnalyticsRecent', tags, summary: 'The newest renders with status, poster URL and duration', querystring: RecentQuerySchema, response: { 200: RecentSchema, ...problems(400, 401) } } },
    (req) => analytics.recent(req.query),
  );
  app.get(
    '/analytics/performance',
    { schema: { operationId: 'getAnalyticsPerformance', tags, summary: 'Render time and frames per second by template × format × resolution, queue wait, throughput per worker, failures by code', querystring: RangeQuerySchema, response: { 200: PerformanceSchema, ...problems(400, 401) } } },
    (req) => analytics.performance(req.query),
  );
}
