/** Analytics over GraphQL: the same AnalyticsService calls as the /analytics routes, checked with the same schemas. */
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { resolve } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { OverviewSchema, PerformanceSchema, RangeQuerySchema, RecentQuerySchema, RecentRenderSchema, TemplatesReportSchema, TrendsQuerySchema, TrendsSchema } from './contract.js';

export const analyticsGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('AnalyticsOverview', OverviewSchema, { names: { 'runningTests[]': 'AnalyticsRunningTest' } })}

    ${objectTypeSdl('AnalyticsTemplates', TemplatesReportSchema, { names: { 'templates[]': 'AnalyticsTemplate', 'templates[].renderMs': 'AnalyticsTemplateRenderMs' } })}

    ${objectTypeSdl('AnalyticsTrends', TrendsSchema, { names: { 'buckets[]': 'AnalyticsTrendBucket' } })}

    ${objectTypeSdl('AnalyticsRecentRender', RecentRenderSchema)}

    ${objectTypeSdl('AnalyticsPerformance', PerformanceSchema, { names: { 'renders[]': 'AnalyticsPerformanceGroup', 'renders[].renderMs': 'AnalyticsPerformanceGroupRenderMs', 'failures[]': 'AnalyticsFailure' } })}

    extend type Query {
      "Jobs by status, success rate, rolling windows, render time and queue wait p50/p95, output and workers (like GET /analytics/overview)."
      analyticsOverview(since: String, until: String): AnalyticsOverview!
      "Per template and format (like GET /analytics/templates)."
      analyticsTemplates(since: String, until: String): AnalyticsTemplates!
      "A metric per hour, day or week in a time zone (like GET /analytics/trends)."
      analyticsTrends(metric: TrendMetric, interval: Interval, since: String, until: String, tz: String): AnalyticsTrends!
      "The newest renders (like GET /analytics/recent)."
      analyticsRecent(limit: Int, status: String): [AnalyticsRecentRender!]!
      "Render time, frames per second, queue wait, throughput per worker, failures by code (like GET /analytics/performance)."
      analyticsPerformance(since: String, until: String): AnalyticsPerformance!
    }
  `,
  resolvers: {
    Query: {
      analyticsOverview: resolve(RangeQuerySchema, (range, { services }) => services.analytics.overview(range)),
      analyticsTemplates: resolve(RangeQuerySchema, (range, { services }) => services.analytics.templates(range)),
      analyticsTrends: resolve(TrendsQuerySchema, (query, { services }) => services.analytics.trends(query)),
      analyticsRecent: resolve(RecentQuerySchema, async (query, { services }) => (await services.analytics.recent(query)).renders),
      analyticsPerformance: resolve(RangeQuerySchema, (range, { services }) => services.analytics.performance(range)),
    },
  },
};
