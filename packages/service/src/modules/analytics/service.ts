/**
 * Analytics: how the service performs, from the job records — counts, rates,
 * render time and queue wait percentiles, output, per template, over time in a
 * time zone, the latest renders, and where time and failures go. Every figure
 * is a SQL aggregate (see store.ts); no HTTP, no SQL here.
 */
import { FORMATS, RESOLUTIONS } from '@aqcast/engine';
import { validationError, type FieldError } from '../../core/errors.js';
import { isKeyOf } from '../../core/validation.js';
import { parseInstant, type QueueService } from '../queue/index.js';
import type { VariantService } from '../variants/index.js';
import type { Overview, Performance, RangeQuery, Recent, RecentQuery, TemplatesReport, TrendMetric, Trends, TrendsQuery } from './contract.js';
import { AnalyticsStore, statOf, type Range } from './store.js';
import { buckets as makeBuckets, instantOf, isTimeZone, type Interval } from './time-buckets.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Most buckets one trends answer has (e.g. 41 days of hours, 2.7 years of days). */
export const MAX_BUCKETS = 1000;

const ratio = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

export interface AnalyticsServiceOptions {
  queue: QueueService;
  /** Running A/B tests are part of the overview. */
  variants: Pick<VariantService, 'runningTests'>;
  /** Workers whose heartbeat is older than this are not counted as active. */
  workerLiveMs: number;
}

/** A value of a closed set read back from job_metrics (copied there from validated render params), as its type. */
function storedChoice<const T extends readonly string[]>(values: T, value: string, column: string): T[number] {
  const known = values.find((v) => v === value);
  if (known === undefined) throw new Error(`job_metrics.${column} holds "${value}", not one of ${values.join(', ')}`);
  return known;
}

export class AnalyticsService {
  readonly sql: AnalyticsStore;

  constructor(private readonly opts: AnalyticsServiceOptions) {
    this.sql = new AnalyticsStore(opts.queue.store);
  }

  private range(query: RangeQuery): Range {
    const errors: FieldError[] = [];
    const since = query.since ? parseInstant(query.since, 'since', errors) : undefined;
    const until = query.until ? parseInstant(query.until, 'until', errors, true) : undefined;
    if (since && until && since > until) errors.push({ field: 'until', message: 'must not be before since' });
    if (errors.length) throw validationError(errors);
    return { since, until };
  }

  private async activeWorkers(): Promise<number> {
    return (await this.opts.queue.jobs.liveWorkers(new Date(Date.now() - this.opts.workerLiveMs).toISOString())).length;
  }

  /** `GET /analytics/overview`. */
  async overview(query: RangeQuery = {}): Promise<Overview> {
    const range = this.range(query);
    const now = Date.now();
    const starts = [now - DAY_MS, now - 7 * DAY_MS, now - 30 * DAY_MS].map((t) => new Date(t).toISOString());
    const [counts, windows, renderMs, queueWaitMs, output, activeWorkers, runningTests] = await Promise.all([
      this.sql.countsByStatus(range),
      this.sql.windows(starts),
      this.sql.renderTime(range),
      this.sql.queueWaitTime(range),
      this.sql.output(range),
      this.activeWorkers(),
      this.opts.variants.runningTests(20),
    ]);
    const byStatus = { queued: 0, rendering: 0, completed: 0, failed: 0, canceled: 0 };
    for (const c of counts) if (isKeyOf(byStatus, c.status)) byStatus[c.status] = c.n;
    const total = counts.reduce((a, c) => a + c.n, 0);
    return {
      since: range.since ?? null,
      until: range.until ?? null,
      generatedAt: new Date(now).toISOString(),
      jobs: { total, byStatus },
      successRate: ratio(byStatus.completed, byStatus.completed + byStatus.failed),
      renders: { last24h: windows[0]!, last7d: windows[1]!, last30d: windows[2]! },
      renderMs: statOf(renderMs),
      queueWaitMs: statOf(queueWaitMs),
      videoSeconds: Math.round(output.videoSeconds * 1000) / 1000,
      bytesStored: output.bytes,
      cacheReuseRate: ratio(output.reused, output.completed),
      activeWorkers,
      runningTests,
    };
  }

  /** `GET /analytics/templates`: per template and format, most used first. */
  async templates(query: RangeQuery = {}): Promise<TemplatesReport> {
    const range = this.range(query);
    const rows = await this.sql.templateStats(range);
    const total = rows.reduce((a, c) => a + c.total, 0);
    const templates = rows
      .map((c) => ({
        template: c.template,
        format: storedChoice(FORMATS, c.format, 'format'),
        count: c.total,
        completed: c.completed,
        failed: c.failed,
        successRate: ratio(c.completed, c.completed + c.failed),
        renderMs: statOf(c),
        share: ratio(c.total, total) ?? 0,
      }))
      .sort((a, b) => b.count - a.count || a.template.localeCompare(b.template) || a.format.localeCompare(b.format));
    return { since: range.since ?? null, until: range.until ?? null, total, templates };
  }

  /** `GET /analytics/trends`: one value per local hour, day or week in `tz`, empty buckets included. */
  async trends(query: TrendsQuery = {}): Promise<Trends> {
    const errors: FieldError[] = [];
    const tz = query.tz ?? 'UTC';
    const interval: Interval = query.interval ?? 'day';
    const metric: TrendMetric = query.metric ?? 'completed';
    if (!isTimeZone(tz)) errors.push({ field: 'tz', message: 'must be an IANA time zone such as UTC or America/Santiago' });
    const valid = errors.length === 0;
    // A bare date is a local day in tz: its midnight for since, the next midnight for until.
    const at = (value: string | undefined, field: string, endOfDay: boolean): number | undefined => {
      if (value === undefined) return undefined;
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (m && valid) {
        const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (endOfDay ? 1 : 0));
        if (!Number.isNaN(wall) && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().startsWith(value)) return instantOf(wall, tz);
        errors.push({ field, message: 'is not a calendar date' });
        return undefined;
      }
      const iso = parseInstant(value, field, errors);
      return iso === undefined ? undefined : Date.parse(iso);
    };
    const untilMs = at(query.until, 'until', true) ?? Date.now();
    const span = interval === 'hour' ? 2 * DAY_MS : interval === 'day' ? 30 * DAY_MS : 12 * 7 * DAY_MS;
    const sinceMs = at(query.since, 'since', false) ?? untilMs - span;
    if (errors.length) throw validationError(errors);
    if (sinceMs >= untilMs) throw validationError([{ field: 'until', message: 'must be after since' }]);
    let list;
    try {
      list = makeBuckets(new Date(sinceMs), new Date(untilMs), interval, tz, MAX_BUCKETS);
    } catch (err) {
      if (err instanceof RangeError) throw validationError([{ field: 'since', message: `the range holds more than ${MAX_BUCKETS} ${interval}s; narrow it or use a longer interval` }]);
      throw err;
    }
    const values = await this.sql.trend(metric, list);
    const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
    return {
      metric,
      interval,
      tz,
      since: list[0]!.start,
      until: list[list.length - 1]!.end,
      buckets: list.map((b, i) => ({ ...b, value: round(values[i]!.value), samples: values[i]!.samples })),
    };
  }

  /** `GET /analytics/recent`: the newest renders with status, poster and duration. */
  async recent(query: RecentQuery = {}): Promise<Recent> {
    const page = await this.opts.queue.list({ status: query.status, limit: query.limit ?? 20 });
    return {
      renders: page.jobs.map((j) => ({
        jobId: j.jobId, status: j.status, template: j.template, location: String(j.params.location ?? ''), posterUrl: j.posterUrl, videoUrl: j.videoUrl,
        durationSec: j.output?.durationSec ?? null, renderMs: j.renderMs, contextId: j.contextId, errorCode: j.error?.code ?? null, createdAt: j.createdAt, completedAt: j.completedAt,
      })),
    };
  }

  /** `GET /analytics/performance`: where render time goes, queue wait, throughput per worker, failures by code. */
  async performance(query: RangeQuery = {}): Promise<Performance> {
    const range = this.range(query);
    const hourAgo = new Date(Date.now() - HOUR_MS).toISOString();
    const [groups, queueWait, failures, lastHour, activeWorkers] = await Promise.all([
      this.sql.performanceGroups(range),
      this.sql.queueWaitTime(range),
      this.sql.failures(range),
      this.sql.windows([hourAgo]),
      this.activeWorkers(),
      this.opts.variants.runningTests(20),
    ]);
    const totalFailed = failures.reduce((a, f) => a + f.n, 0);
    const done = lastHour[0]!;
    const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    return {
      since: range.since ?? null,
      until: range.until ?? null,
      renders: groups
        .map((g) => ({ template: g.template, format: storedChoice(FORMATS, g.format, 'format'), resolution: storedChoice(RESOLUTIONS, g.resolution, 'resolution'), renders: g.n, renderMs: statOf(g), meanRenderMs: round2(g.mean), framesPerSecond: round2(g.fps) }))
        .sort((a, b) => b.renders - a.renders || a.template.localeCompare(b.template) || a.format.localeCompare(b.format) || a.resolution.localeCompare(b.resolution)),
      queueWaitMs: statOf(queueWait),
      throughput: { windowSec: 3600, completed: done.completed, failed: done.failed, activeWorkers, perHour: done.completed, perWorkerPerHour: activeWorkers > 0 ? Math.round((done.completed / activeWorkers) * 100) / 100 : null },
      failures: failures.map((f) => ({ code: f.code, count: f.n, share: ratio(f.n, totalFailed) ?? 0, lastAt: f.lastAt })),
    };
  }
}
