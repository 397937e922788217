/**
 * Renders: a gallery of posters with live status and progress, search by
 * location, filters by status and template, cursor pages, an inline player,
 * and a bulk retry of every failed render.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { RenderFilters } from '@aqcast/client';
import { asApiError, client, useQuery, type ApiError } from '../api';
import { formatDate, formatDuration, formatNumber, localized, useLang, useT } from '../i18n';
import { useJobEvents } from '../live';
import { JOB_STATUSES, jobLocation, type Job, type JobPage } from '../model';
import { Player } from '../player';
import { Link, setQuery, useLocation } from '../router';
import { hasScope } from '../session';
import { Button, Dialog, Empty, ErrorBanner, Field, Loading, Page, StatusBadge, notify } from '../ui';

const PAGE_SIZE = 24;

/** The list filters the page's address names. */
function listFilters(q: URLSearchParams, cursor?: string): RenderFilters {
  const get = (k: string) => q.get(k) || undefined;
  return { limit: PAGE_SIZE, status: get('status'), template: get('template'), location: get('location'), batchId: get('batchId'), contextId: get('contextId'), cursor };
}

/** Whether a job belongs in the list the filters describe (for jobs that appear live). */
function matches(job: Job, q: URLSearchParams): boolean {
  const status = q.get('status');
  if (status && !status.split(',').includes(job.status)) return false;
  const template = q.get('template');
  if (template && job.template !== template) return false;
  const location = q.get('location');
  if (location && jobLocation(job).toLowerCase() !== location.toLowerCase()) return false;
  const batch = q.get('batchId');
  if (batch && job.batchId !== batch) return false;
  const ctx = q.get('contextId');
  if (ctx && job.contextId !== ctx) return false;
  return true;
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div class="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={label}>
      <div class="progress-bar" style={{ width: `${pct}%` }} />
    </div>
  );
}

function PosterCard({ job, onPlay }: { job: Job; onPlay: (job: Job) => void }) {
  const t = useT();
  const lang = useLang();
  const location = jobLocation(job);
  const format = String(job.params.format ?? '');
  return (
    <li class={`render-card card format-${format}`}>
      <div class="poster">
        {job.posterUrl ? (
          <img src={job.posterUrl} alt={t('renders.posterOf', { location })} loading="lazy" />
        ) : (
          <div class={`poster-empty poster-${job.status}`}>
            <span class="poster-state">{job.status === 'failed' || job.status === 'canceled' ? t('renders.noVideo') : job.status === 'queued' ? t('detail.waiting') : t('status.rendering')}</span>
          </div>
        )}
        {job.status === 'completed' && job.videoUrl ? (
          <button type="button" class="play" onClick={() => onPlay(job)} aria-label={t('renders.play', { location })}>
            <span aria-hidden="true">▶</span>
          </button>
        ) : null}
        {job.status === 'queued' || job.status === 'rendering' ? (
          <div class="poster-progress">
            <ProgressBar value={job.progress} label={t('renders.progressOf', { location })} />
            <span class="small">{formatNumber(job.progress, lang, { style: 'percent', maximumFractionDigits: 0 })}</span>
          </div>
        ) : null}
      </div>
      <div class="render-meta">
        <div class="row space-between">
          <Link to={`/renders/${encodeURIComponent(job.jobId)}`} class="render-title">
            {location}
          </Link>
          <StatusBadge status={job.status} />
        </div>
        <div class="muted small">
          {job.template}
          {format ? ` · ${t(`format.${format}`)}` : ''}
          {job.params.language ? ` · ${String(job.params.language).toUpperCase()}` : ''}
        </div>
        <div class="muted small">
          {formatDate(job.createdAt, lang)}
          {job.renderMs !== null ? ` · ${formatDuration(job.renderMs, lang)}` : ''}
        </div>
        {job.error ? (
          <div class="error small clamp" title={job.error.message}>
            {job.error.code}: {job.error.message}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Retries every failed render (all pages), one after another, reporting progress. */
function BulkRetry({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [state, setState] = useState<{ done: number; failed: number; total: number } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const collect = async (): Promise<string[]> => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: JobPage = await client.renders.list({ status: 'failed', limit: 500, cursor: cursor ?? undefined });
      ids.push(...page.jobs.map((j) => j.jobId));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  };

  return (
    <>
      <Button
        onClick={async () => {
          setOpen(true);
          setState(null);
          setError(null);
          setCount(null);
          try {
            setCount((await collect()).length);
          } catch (e) {
            setError(asApiError(e));
          }
        }}
      >
        {t('renders.retryFailed')}
      </Button>
      <Dialog open={open} title={t('renders.retryFailed')} onClose={() => setOpen(false)}>
        <div class="stack">
          {error ? <ErrorBanner error={error} /> : null}
          {count === null && !error ? <Loading /> : null}
          {count === 0 ? <p>{t('renders.noFailed')}</p> : null}
          {count && !state ? <p>{t('renders.retryConfirm', { n: count })}</p> : null}
          {state ? (
            <div role="status">
              <ProgressBar value={(state.done + state.failed) / Math.max(state.total, 1)} label={t('renders.retryProgress')} />
              <p>{t('renders.retried', { done: state.done, total: state.total, failed: state.failed })}</p>
            </div>
          ) : null}
          <div class="row end">
            <Button kind="ghost" onClick={() => setOpen(false)}>
              {state && state.done + state.failed === state.total ? t('common.close') : t('common.cancel')}
            </Button>
            {count && !state ? (
              <Button
                kind="primary"
                onClick={async () => {
                  const ids = await collect();
                  const s = { done: 0, failed: 0, total: ids.length };
                  setState({ ...s });
                  for (const id of ids) {
                    try {
                      await client.queue.retry(id);
                      s.done++;
                    } catch {
                      s.failed++;
                    }
                    setState({ ...s });
                  }
                  notify(t('renders.retried', { done: s.done, total: s.total, failed: s.failed }), s.failed ? 'error' : 'success');
                  onDone();
                }}
              >
                {t('renders.retryN', { n: count })}
              </Button>
            ) : null}
          </div>
        </div>
      </Dialog>
    </>
  );
}

export function RendersPage() {
  const t = useT();
  const lang = useLang();
  const { query } = useLocation();
  const key = query.toString();
  const templates = useQuery((c) => c.templates(), []);
  const first = useQuery((c) => c.renders.list(listFilters(query)), [key]);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [moreError, setMoreError] = useState<ApiError | null>(null);
  const [playing, setPlaying] = useState<Job | null>(null);
  const [search, setSearch] = useState(query.get('location') ?? '');

  useEffect(() => {
    if (!first.data) return;
    setJobs(first.data.jobs);
    setCursor(first.data.nextCursor);
  }, [first.data]);

  useJobEvents((job) => {
    setJobs((list) => {
      const i = list.findIndex((j) => j.jobId === job.jobId);
      if (i >= 0) {
        if (!matches(job, query)) return list.filter((j) => j.jobId !== job.jobId);
        const next = list.slice();
        next[i] = job;
        return next;
      }
      // A job that is new since the list loaded goes on top, if it belongs here.
      if (matches(job, query) && (list.length === 0 || job.createdAt >= list[0]!.createdAt)) return [job, ...list];
      return list;
    });
  });

  const filters = useMemo(() => Object.fromEntries(['status', 'template', 'location', 'batchId', 'contextId'].map((k) => [k, query.get(k) ?? undefined])), [key]);
  const setFilter = (k: string, v: string | undefined) => setQuery({ ...filters, [k]: v || undefined });
  const active = Object.values(filters).some(Boolean);

  return (
    <Page
      title={t('nav.renders')}
      actions={
        <>
          {hasScope('queue:write') ? <BulkRetry onDone={first.reload} /> : null}
          {hasScope('renders:write') ? (
            <Link to="/new" class="btn btn-primary">
              {t('nav.newRender')}
            </Link>
          ) : null}
        </>
      }
    >
      <form
        class="toolbar filters card"
        role="search"
        aria-label={t('renders.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter('location', search.trim());
        }}
      >
        <Field label={t('renders.location')} class="grow">
          <input type="search" title={t('renders.locationHint')} value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
        </Field>
        <Field label={t('renders.status')}>
          <select value={filters.status ?? ''} onChange={(e) => setFilter('status', e.currentTarget.value)}>
            <option value="">{t('renders.any')}</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('renders.template')}>
          <select value={filters.template ?? ''} onChange={(e) => setFilter('template', e.currentTarget.value)}>
            <option value="">{t('renders.any')}</option>
            {(templates.data?.templates ?? []).map((tp) => (
              <option key={tp.id} value={tp.id}>
                {localized(lang, `tpl.${tp.id}.name`, tp.name)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" kind="primary">
          {t('renders.search')}
        </Button>
        {active ? (
          <Button
            kind="ghost"
            onClick={() => {
              setSearch('');
              setQuery({});
            }}
          >
            {t('renders.clear')}
          </Button>
        ) : null}
      </form>
      {filters.batchId ? <p class="muted">{t('renders.batchFilter', { id: filters.batchId })}</p> : null}
      {filters.contextId ? <p class="muted">{t('renders.contextFilter', { id: filters.contextId })}</p> : null}
      {first.error ? <ErrorBanner error={first.error} /> : null}
      {first.loading && !first.data ? (
        <Loading />
      ) : jobs.length === 0 && !first.error ? (
        <Empty>
          {active ? t('renders.noneMatch') : t('renders.none')}{' '}
          {!active && hasScope('renders:write') ? <Link to="/new">{t('renders.createFirst')}</Link> : null}
        </Empty>
      ) : (
        <ul class="gallery" aria-label={t('renders.gallery')}>
          {jobs.map((job) => (
            <PosterCard key={job.jobId} job={job} onPlay={setPlaying} />
          ))}
        </ul>
      )}
      {moreError ? <ErrorBanner error={moreError} /> : null}
      {cursor ? (
        <div class="pager">
          <Button
            busy={more}
            onClick={async () => {
              setMore(true);
              setMoreError(null);
              try {
                const page = await client.renders.list(listFilters(query, cursor));
                setJobs((list) => [...list, ...page.jobs.filter((j) => !list.some((x) => x.jobId === j.jobId))]);
                setCursor(page.nextCursor);
              } catch (e) {
                setMoreError(asApiError(e));
              } finally {
                setMore(false);
              }
            }}
          >
            {t('renders.loadMore')}
          </Button>
        </div>
      ) : null}
      <Dialog open={playing !== null} title={playing ? jobLocation(playing) : ''} onClose={() => setPlaying(null)} wide>
        {playing?.videoUrl ? (
          <div class="stack">
            <Player videoUrl={playing.videoUrl} posterUrl={playing.posterUrl} title={jobLocation(playing)} language={String(playing.params.language ?? 'es')} autoPlay />
            <div class="row">
              <Link to={`/renders/${encodeURIComponent(playing.jobId)}`}>{t('renders.details')}</Link>
              <a href={playing.videoUrl} download>
                {t('renders.download')}
              </a>
            </div>
          </div>
        ) : null}
      </Dialog>
    </Page>
  );
}
