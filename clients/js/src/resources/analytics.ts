import type { AnalyticsOverview, AnalyticsPerformance, AnalyticsRecent, AnalyticsTemplates, AnalyticsTrends, TrendMetric } from '../types.js';
import { requestOptions, Resource, type CallOptions } from './resource.js';

/** A range of job creation times; both ends optional (ISO date or date-time, or a Date). */
export interface AnalyticsRange {
  since?: string | Date;
  until?: string | Date;
}

export interface TrendsQuery extends AnalyticsRange {
  /** Default `completed`. */
  metric?: TrendMetric;
  /** Default `day`. */
  interval?: 'hour' | 'day' | 'week';
  /** IANA time zone the buckets follow, default `UTC`. */
  tz?: string;
}

export interface RecentQuery {
  /** 1–100, default 20. */
  limit?: number;
  /** One status or several. */
  status?: string | string[];
}

/** Figures from the job records: `GET /analytics/overview`, `/templates`, `/trends`, `/recent`, `/performance`. */
export class Analytics extends Resource {
  overview(range: AnalyticsRange = {}, opts?: CallOptions): Promise<AnalyticsOverview> {
    return this.http.request('GET', '/analytics/overview', { ...requestOptions(opts), query: { ...range } });
  }

  /** Per template and format: jobs, success rate, render time p50/p95, share. */
  templates(range: AnalyticsRange = {}, opts?: CallOptions): Promise<AnalyticsTemplates> {
    return this.http.request('GET', '/analytics/templates', { ...requestOptions(opts), query: { ...range } });
  }

  /** A metric per hour, day or week in a time zone, empty buckets included. */
  trends(query: TrendsQuery = {}, opts?: CallOptions): Promise<AnalyticsTrends> {
    return this.http.request('GET', '/analytics/trends', { ...requestOptions(opts), query: { ...query } });
  }

  /** The newest renders with status, poster URL and duration. */
  recent(query: RecentQuery = {}, opts?: CallOptions): Promise<AnalyticsRecent> {
    return this.http.request<AnalyticsRecent>('GET', '/analytics/recent', { ...requestOptions(opts), query: { limit: query.limit, status: query.status } });
  }

  /** Render time and frames per second by template × format × resolution, queue wait, throughput per worker, failures by code. */
  performance(range: AnalyticsRange = {}, opts?: CallOptions): Promise<AnalyticsPerformance> {
    return this.http.request('GET', '/analytics/performance', { ...requestOptions(opts), query: { ...range } });
  }
}
