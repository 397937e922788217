/**
 * Overview: the service at a glance, from the analytics endpoints — renders
 * per day by status, success rate, render time p95, queue depth and wait —
 * plus the workflows and A/B tests that are running. Live: job changes
 * refresh the figures (at most every few seconds).
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { TrendMetric } from '@aqcast/client';
import { useQuery } from '../api';
import { Chart, percent } from '../chart';
import { formatDate, formatDuration, formatNumber, useLang, useT } from '../i18n';
import { useJobEvents } from '../live';
import { Link } from '../router';
import { hasScope } from '../session';
import { Empty, ErrorBanner, Loading, Page, StatusBadge } from '../ui';

const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const useTrend = (metric: TrendMetric) => useQuery((c) => c.analytics.trends({ metric, interval: 'day', tz: TZ }), []);

/** Re-runs `fn` after job changes, at most once per `ms`. */
function useThrottledOnJobs(fn: () => void, ms: number): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useJobEvents(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      fn();
    }, ms);
  });
}

function StatCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div class="stat card">
      <div class="stat-label">{label}</div>
      <div class="stat-value">{value}</div>
      {detail ? <div class="stat-detail muted">{detail}</div> : null}
    </div>
  );
}

function Figures() {
  const t = useT();
  const lang = useLang();
  const overview = useQuery((c) => c.analytics.overview(), []);
  const queue = useQuery(hasScope('queue:read') ? (c) => c.queue.stats() : null, []);
  useThrottledOnJobs(() => {
    overview.reload();
    queue.reload();
  }, 3000);
  if (overview.error) return <ErrorBanner error={overview.error} />;
  const o = overview.data;
  if (!o) return <Loading />;
  const q = queue.data;
  return (
    <section aria-labelledby="figures-h">
      <h2 id="figures-h" class="sr-only">
        {t('overview.figures')}
      </h2>
      <div class="stats">
        <StatCard label={t('overview.totalRenders')} value={formatNumber(o.jobs.total, lang)} detail={t('overview.last24h', { n: formatNumber(o.renders.last24h.requested, lang) })} />
        <StatCard label={t('overview.successRate')} value={o.successRate === null ? '—' : percent(lang)(o.successRate)} detail={t('overview.completedFailed', { c: formatNumber(o.jobs.byStatus.completed, lang), f: formatNumber(o.jobs.byStatus.failed, lang) })} />
        <StatCard label={t('overview.renderP95')} value={formatDuration(o.renderMs.p95, lang)} detail={t('overview.median', { v: formatDuration(o.renderMs.p50, lang) })} />
        <StatCard label={t('overview.queueDepth')} value={formatNumber(q ? q.counts.queued ?? 0 : o.jobs.byStatus.queued, lang)} detail={t('overview.renderingNow', { n: formatNumber(q ? q.counts.rendering ?? 0 : o.jobs.byStatus.rendering, lang) }) + (q?.paused ? ` · ${t('overview.paused')}` : '')} />
        <StatCard label={t('overview.queueWaitP95')} value={formatDuration(o.queueWaitMs.p95, lang)} detail={t('overview.median', { v: formatDuration(o.queueWaitMs.p50, lang) })} />
        <StatCard label={t('overview.workers')} value={formatNumber(o.activeWorkers, lang)} detail={t('overview.videoMinutes', { n: formatNumber(o.videoSeconds / 60, lang, { maximumFractionDigits: 1 }) })} />
      </div>
    </section>
  );
}

function Charts() {
  const t = useT();
  const lang = useLang();
  const completed = useTrend('completed');
  const failed = useTrend('failed');
  const p95 = useTrend('render-time-p95');
  const wait = useTrend('queue-wait-p95');
  useThrottledOnJobs(() => {
    completed.reload();
    failed.reload();
    p95.reload();
    wait.reload();
  }, 5000);

  const perDay = useMemo(() => {
    if (!completed.data || !failed.data) return null;
    const x = completed.data.buckets.map((b) => b.start);
    const c = completed.data.buckets.map((b) => b.value ?? 0);
    const f = failed.data.buckets.map((b) => b.value ?? 0);
    const rate = c.map((v, i) => (v + (f[i] ?? 0) > 0 ? v / (v + (f[i] ?? 0)) : null));
    return { x, c, f, rate };
  }, [completed.data, failed.data]);
  const perDaySeries = useMemo(
    () =>
      perDay
        ? [
            { label: t('status.completed'), values: perDay.c, color: '#1b7f45', kind: 'bar' as const },
            { label: t('status.failed'), values: perDay.f, color: '#c2352b', kind: 'bar' as const },
          ]
        : [],
    [perDay, lang],
  );
  const rateSeries = useMemo(() => (perDay ? [{ label: t('overview.successRate'), values: perDay.rate, color: '#0b5cad', kind: 'line' as const }] : []), [perDay, lang]);
  const p95Series = useMemo(() => (p95.data ? [{ label: t('overview.renderP95'), values: p95.data.buckets.map((b) => b.value), color: '#7c3aed', kind: 'line' as const }] : []), [p95.data, lang]);
  const waitSeries = useMemo(() => (wait.data ? [{ label: t('overview.queueWaitP95'), values: wait.data.buckets.map((b) => b.value), color: '#b45309', kind: 'line' as const }] : []), [wait.data, lang]);
  const p95X = useMemo(() => p95.data?.buckets.map((b) => b.start) ?? [], [p95.data]);
  const waitX = useMemo(() => wait.data?.buckets.map((b) => b.start) ?? [], [wait.data]);

  const err = completed.error ?? failed.error ?? p95.error ?? wait.error;
  if (err) return <ErrorBanner error={err} />;
  if (!perDay || !p95.data || !wait.data) return <Loading />;
  const dur = (v: number) => formatDuration(v, lang);
  return (
    <div class="chart-grid">
      {[
        { title: t('overview.perDay'), summary: t('overview.perDaySummary', { c: perDay.c.reduce((a, b) => a + b, 0), f: perDay.f.reduce((a, b) => a + b, 0), days: perDay.x.length }), x: perDay.x, series: perDaySeries, format: (v: number) => formatNumber(v, lang, { maximumFractionDigits: 0 }), integer: true },
        { title: t('overview.ratePerDay'), summary: t('overview.rateSummary'), x: perDay.x, series: rateSeries, format: percent(lang) },
        { title: t('overview.p95PerDay'), summary: t('overview.p95Summary'), x: p95X, series: p95Series, format: dur },
        { title: t('overview.waitPerDay'), summary: t('overview.waitSummary'), x: waitX, series: waitSeries, format: dur },
      ].map((chart) => (
        <div class="card" key={chart.title}>
          <Chart {...chart} />
        </div>
      ))}
    </div>
  );
}

function RunningWorkflows() {
  const t = useT();
  const lang = useLang();
  const { data, error } = useQuery((c) => c.workflows.list({ limit: 100 }), []);
  const active = (data?.workflows ?? []).filter((w) => w.enabled || w.lastRun?.status === 'running' || w.lastRun?.status === 'queued');
  return (
    <section class="card" aria-labelledby="wf-h">
      <div class="card-head">
        <h2 id="wf-h">{t('overview.workflows')}</h2>
        <Link to="/workflows">{t('overview.allWorkflows')}</Link>
      </div>
      {error ? (
        <ErrorBanner error={error} />
      ) : !data ? (
        <Loading />
      ) : active.length === 0 ? (
        <Empty>{t('overview.noWorkflows')}</Empty>
      ) : (
        <ul class="list">
          {active.slice(0, 8).map((w) => (
            <li key={w.id}>
              <div class="list-main">
                <Link to={`/workflows/${encodeURIComponent(w.id)}`}>{w.name}</Link>
                <span class="muted small">
                  {w.trigger.type === 'schedule' && w.trigger.cron ? `${w.trigger.cron}${w.trigger.timezone ? ` (${w.trigger.timezone})` : ''}` : t(`overview.trigger.${w.trigger.type}`)}
                  {w.nextRunAt ? ` · ${t('overview.nextRun', { at: formatDate(w.nextRunAt, lang) })}` : ''}
                </span>
              </div>
              {w.lastRun ? <StatusBadge status={w.lastRun.status} /> : <span class="muted small">{t('overview.neverRun')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RunningTests() {
  const t = useT();
  const lang = useLang();
  const { data, error } = useQuery((c) => c.variants.list({ status: 'running', limit: 20 }), []);
  return (
    <section class="card" aria-labelledby="ab-h">
      <div class="card-head">
        <h2 id="ab-h">{t('overview.tests')}</h2>
        <Link to="/variants">{t('overview.allTests')}</Link>
      </div>
      {error ? (
        <ErrorBanner error={error} />
      ) : !data ? (
        <Loading />
      ) : data.tests.length === 0 ? (
        <Empty>{t('overview.noTests')}</Empty>
      ) : (
        <ul class="list">
          {data.tests.slice(0, 8).map((v) => (
            <li key={v.id}>
              <div class="list-main">
                <Link to={`/variants/${encodeURIComponent(v.id)}`}>{v.name}</Link>
                <span class="muted small">{t('overview.testLine', { arms: v.arms.length, events: formatNumber(v.events, lang), goal: v.goal })}</span>
              </div>
              <StatusBadge status="running" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentRenders() {
  const t = useT();
  const lang = useLang();
  const { data, error, reload } = useQuery((c) => c.analytics.recent({ limit: 6 }), []);
  useThrottledOnJobs(reload, 2000);
  return (
    <section class="card" aria-labelledby="recent-h">
      <div class="card-head">
        <h2 id="recent-h">{t('overview.recent')}</h2>
        <Link to="/renders">{t('overview.allRenders')}</Link>
      </div>
      {error ? (
        <ErrorBanner error={error} />
      ) : !data ? (
        <Loading />
      ) : data.renders.length === 0 ? (
        <Empty>
          {t('overview.noRenders')} <Link to="/new">{t('nav.newRender')}</Link>
        </Empty>
      ) : (
        <ul class="list">
          {data.renders.map((r) => (
            <li key={r.jobId}>
              {r.posterUrl ? <img class="thumb" src={r.posterUrl} alt="" loading="lazy" /> : <span class="thumb thumb-empty" aria-hidden="true" />}
              <div class="list-main">
                <Link to={`/renders/${encodeURIComponent(r.jobId)}`}>{r.location}</Link>
                <span class="muted small">
                  {r.template} · {formatDate(r.createdAt, lang)}
                </span>
              </div>
              <StatusBadge status={r.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function OverviewPage() {
  const t = useT();
  if (!hasScope('analytics:read')) {
    return (
      <Page title={t('nav.overview')}>
        <p>{t('overview.noAnalyticsScope')}</p>
        {hasScope('renders:read') ? <Link to="/renders">{t('nav.renders')}</Link> : null}
      </Page>
    );
  }
  return (
    <Page title={t('nav.overview')}>
      <Figures />
      <Charts />
      <div class="grid overview-lists">
        <RecentRenders />
        {hasScope('workflows:read') ? <RunningWorkflows /> : null}
        {hasScope('variants:read') ? <RunningTests /> : null}
      </div>
    </Page>
  );
}
