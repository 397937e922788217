/**
 * One render: the video (or its live progress), its parameters, a timeline
 * of what happened to it, its error, the webhook deliveries its end caused,
 * captions; retry, cancel, and re-render with changes.
 */
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { AQI_STANDARD_NAME, isAqiStandardId } from '@aqcast/vocabulary';
import type { Webhook, WebhookDelivery as Delivery } from '@aqcast/client';
import { asApiError, client, useQuery, type ApiError } from '../api';
import { formatBytes, formatDate, formatDuration, formatNumber, useLang, useT } from '../i18n';
import { useJobEvents } from '../live';
import { MEASURES, isTerminal, jobLocation, type Job } from '../model';
import { Player } from '../player';
import { Link, navigate } from '../router';
import { StoryboardStrip } from '../storyboard';
import { hasScope } from '../session';
import { Button, Empty, ErrorBanner, Loading, Page, StatusBadge, notify } from '../ui';
import { ProgressBar } from './renders';

/** Status changes seen live while the page was open (the service keeps no attempt log for jobs). */
interface Seen {
  at: string;
  status: string;
  attempts: number;
}

const subscribes = (w: Webhook, type: string) => w.events.some((e) => e === '*' || e === type || (e.endsWith('.*') && type.startsWith(e.slice(0, -1))));

/**
 * The deliveries of the event this job's end produced: render.completed or
 * render.failed, recorded in the same transaction as the job's completion
 * (so at the same moment). Deliveries do not name their job, so they are
 * matched by event type and time.
 */
function useJobDeliveries(job: Job | undefined): { rows: Array<Delivery & { url: string }> | null; subscribers: number; error: ApiError | null } {
  const [rows, setRows] = useState<Array<Delivery & { url: string }> | null>(null);
  const [subscribers, setSubscribers] = useState(0);
  const [error, setError] = useState<ApiError | null>(null);
  const type = job?.status === 'completed' ? 'render.completed' : job?.status === 'failed' ? 'render.failed' : null;
  const endedAt = job?.completedAt ?? null;
  useEffect(() => {
    setRows(null);
    if (!type || !endedAt || !hasScope('webhooks:read')) return;
    let live = true;
    (async () => {
      const { webhooks } = await client.webhooks.list();
      const out: Array<Delivery & { url: string }> = [];
      const subscribed = webhooks.filter((x) => subscribes(x, type));
      if (live) setSubscribers(subscribed.length);
      for (const w of subscribed) {
        const { deliveries } = await client.webhooks.deliveries(w.id);
        for (const d of deliveries) if (d.eventType === type && Math.abs(Date.parse(d.createdAt) - Date.parse(endedAt)) < 2000) out.push({ ...d, url: w.url });
      }
      if (live) setRows(out);
    })().catch((e: unknown) => live && setError(asApiError(e)));
    return () => {
      live = false;
    };
  }, [type, endedAt]);
  return { rows, subscribers, error };
}

function Timeline({ job, seen }: { job: Job; seen: Seen[] }) {
  const t = useT();
  const lang = useLang();
  const items: Array<{ at: string; label: string; detail?: string; kind: string }> = [{ at: job.createdAt, label: t('detail.tl.created'), kind: 'queued', detail: job.batchId ? t('detail.tl.inBatch', { id: job.batchId }) : undefined }];
  if (Date.parse(job.runAt) - Date.parse(job.createdAt) > 1000) items.push({ at: job.runAt, label: t('detail.tl.runAt'), kind: 'queued' });
  // A change seen live that the job records itself (its start, its end) is shown once, at the recorded time.
  const recorded = (s: Seen) => s.attempts === job.attempts && ((s.status === 'rendering' && job.startedAt !== null) || (s.status === job.status && isTerminal(s.status) && job.completedAt !== null));
  for (const s of seen.filter((x) => !recorded(x))) items.push({ at: s.at, label: t('detail.tl.seen', { status: t(`status.${s.status}`) }), detail: t('detail.tl.attempt', { n: s.attempts, max: job.maxAttempts }), kind: s.status });
  if (job.startedAt)
    items.push({ at: job.startedAt, label: t('detail.tl.started'), detail: t('detail.tl.attempt', { n: Math.max(job.attempts, 1), max: job.maxAttempts }), kind: 'rendering' });
  if (job.completedAt && isTerminal(job.status))
    items.push({
      at: job.completedAt,
      label: t(`detail.tl.${job.status}`),
      detail: job.status === 'completed' && job.renderMs !== null ? t('detail.tl.took', { d: formatDuration(job.renderMs, lang) }) : job.error ? `${job.error.code}: ${job.error.message}` : undefined,
      kind: job.status,
    });
  items.sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol class="timeline">
      {items.map((it, i) => (
        <li key={i} class={`tl-${it.kind}`}>
          <time dateTime={it.at}>{formatDate(it.at, lang, false, true)}</time>
          <span class="tl-label">{it.label}</span>
          {it.detail ? <span class="muted small">{it.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function Params({ job, templateName }: { job: Job; templateName: string | undefined }) {
  const t = useT();
  const lang = useLang();
  const p = job.params;
  const rows: Array<[string, string]> = [
    [t('param.location'), jobLocation(job)],
    [t('param.template'), templateName ?? job.template],
    [t('param.date'), typeof p.date === 'string' ? p.date : '—'],
    [t('param.language'), typeof p.language === 'string' ? t(`lang.${p.language}`) : '—'],
    [t('param.format'), typeof p.format === 'string' ? t(`format.${p.format}`) : '—'],
    [t('param.resolution'), typeof p.resolution === 'string' ? p.resolution : '—'],
    [t('param.aqiStandard'), isAqiStandardId(p.aqiStandard) ? AQI_STANDARD_NAME[p.aqiStandard] : typeof p.aqiStandard === 'string' ? p.aqiStandard : '—'],
  ];
  for (const m of MEASURES) {
    const v = p[m.key];
    if (typeof v === 'number') rows.push([t(`param.${m.key}`), `${formatNumber(v, lang)} ${m.unit}`]);
  }
  if (p.series && typeof p.series === 'object') {
    const s = p.series;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    rows.push([t('param.series'), `${'pollutant' in s ? text(s.pollutant) : ''} · ${'kind' in s ? text(s.kind) : ''} · ${'points' in s && Array.isArray(s.points) ? s.points.length : 0}`]);
  }
  rows.push([t('detail.priority'), String(job.priority)]);
  return (
    <dl class="props">
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function RenderDetailPage({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const loaded = useQuery((c) => c.renders.get(id), [id]);
  const templates = useQuery(hasScope('renders:read') ? (c) => c.templates() : null, []);
  const [job, setJob] = useState<Job | undefined>(undefined);
  const [seen, setSeen] = useState<Seen[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  useEffect(() => setJob(loaded.data), [loaded.data]);
  useJobEvents((j) => {
    if (j.jobId !== id) return;
    setJob((prev) => {
      if (!prev || prev.status !== j.status || prev.attempts !== j.attempts) setSeen((s) => [...s, { at: new Date().toISOString(), status: j.status, attempts: j.attempts }]);
      // The feed sends list views (no captions URL): keep the one GET /render/:id gave.
      return { ...j, captionsUrl: j.captionsUrl ?? prev?.captionsUrl ?? null, accessibility: j.accessibility ?? prev?.accessibility ?? null };
    });
  });
  const deliveries = useJobDeliveries(job);
  // The accessible package as the job names it: only files that exist, so nothing is probed for.
  const PACKAGE_FILES = ['captionsSrt', 'transcript', 'audio', 'audioDescription'] as const;
  const PACKAGE_LABEL = { captionsSrt: 'detail.captionsSrt', transcript: 'detail.transcript', audio: 'detail.audioOnly', audioDescription: 'detail.audioDescription' } as const;
  const packageFiles = PACKAGE_FILES.flatMap((name) => {
    const url = job?.accessibility?.[name];
    return url ? [{ name, url }] : [];
  });
  const videoRef = useRef<HTMLVideoElement>(null);

  if (loaded.error) {
    return (
      <Page title={t('detail.title')}>
        <ErrorBanner error={loaded.error} />
        <Link to="/renders">{t('detail.back')}</Link>
      </Page>
    );
  }
  if (!job) return <Loading />;

  const act = async (name: 'retry' | 'cancel') => {
    setBusy(name);
    setActionError(null);
    try {
      const next = name === 'retry' ? await client.queue.retry(job.jobId) : await client.queue.cancel(job.jobId);
      setJob(next);
      notify(t(`detail.${name}Done`), 'success');
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(null);
    }
  };
  const location = jobLocation(job);
  const canQueue = hasScope('queue:write');

  return (
    <Page
      title={location}
      actions={
        <>
          {canQueue && (job.status === 'failed' || job.status === 'canceled') ? (
            <Button kind="primary" busy={busy === 'retry'} onClick={() => act('retry')}>
              {t('detail.retry')}
            </Button>
          ) : null}
          {canQueue && (job.status === 'queued' || job.status === 'rendering') ? (
            <Button kind="danger" busy={busy === 'cancel'} onClick={() => act('cancel')}>
              {t('detail.cancel')}
            </Button>
          ) : null}
          {hasScope('renders:write') ? <Button onClick={() => navigate(`/new?from=${encodeURIComponent(job.jobId)}`)}>{t('detail.rerender')}</Button> : null}
        </>
      }
    >
      <p class="row detail-sub">
        <StatusBadge status={job.status} />
        <span class="muted">
          <code>{job.jobId}</code>
        </span>
        <Link to="/renders">{t('detail.back')}</Link>
      </p>
      <ErrorBanner error={actionError} />
      <div class="detail-grid">
        <div class="stack">
          <section class="card" aria-labelledby="video-h">
            <h2 id="video-h">{t('detail.video')}</h2>
            {job.status === 'completed' && job.videoUrl ? (
              <>
                <Player videoRef={videoRef} videoUrl={job.videoUrl} posterUrl={job.posterUrl} captionsUrl={job.captionsUrl} title={location} language={String(job.params.language ?? 'es')} />
                {job.storyboardVttUrl ? <StoryboardStrip vttUrl={job.storyboardVttUrl} video={videoRef} /> : null}
                <div class="row file-links">
                  <a href={job.videoUrl} download>
                    {t('detail.downloadVideo')}
                  </a>
                  {job.posterUrl ? <a href={job.posterUrl}>{t('detail.poster')}</a> : null}
                  {job.storyboardUrl ? <a href={job.storyboardUrl}>{t('detail.storyboardFile')}</a> : null}
                  {job.captionsUrl ? <a href={job.captionsUrl}>{t('detail.captions')}</a> : <span class="muted small">{t('detail.noCaptions')}</span>}
                  {packageFiles.map((f) => (
                    <a key={f.name} href={f.url}>
                      {t(PACKAGE_LABEL[f.name])}
                    </a>
                  ))}
                </div>
              </>
            ) : job.status === 'queued' || job.status === 'rendering' ? (
              <div class="live-progress" aria-live="polite">
                <ProgressBar value={job.progress} label={t('detail.progress')} />
                <p>
                  {job.status === 'queued' ? t('detail.waiting') : t('detail.rendering', { p: formatNumber(job.progress, lang, { style: 'percent', maximumFractionDigits: 0 }) })}
                </p>
              </div>
            ) : (
              <Empty>{job.status === 'failed' ? t('detail.noVideoFailed') : t('detail.noVideoCanceled')}</Empty>
            )}
          </section>
          {job.error ? (
            <section class="card" aria-labelledby="err-h">
              <h2 id="err-h">{t('detail.error')}</h2>
              <p>
                <code>{job.error.code}</code>
              </p>
              <pre class="code">{job.error.message}</pre>
            </section>
          ) : null}
          {job.output ? (
            <section class="card" aria-labelledby="out-h">
              <h2 id="out-h">{t('detail.output')}</h2>
              <dl class="props">
                <dt>{t('detail.size')}</dt>
                <dd>
                  {job.output.width} × {job.output.height}
                </dd>
                <dt>{t('detail.duration')}</dt>
                <dd>{formatNumber(job.output.durationSec, lang, { maximumFractionDigits: 1 })} s</dd>
                <dt>{t('detail.fps')}</dt>
                <dd>{formatNumber(job.output.fps, lang)}</dd>
                <dt>{t('detail.bytes')}</dt>
                <dd>{formatBytes(job.output.bytes, lang)}</dd>
                <dt>{t('detail.renderTime')}</dt>
                <dd>{formatDuration(job.renderMs, lang)}</dd>
              </dl>
            </section>
          ) : null}
        </div>
        <div class="stack">
          <section class="card" aria-labelledby="params-h">
            <h2 id="params-h">{t('detail.params')}</h2>
            <Params job={job} templateName={templates.data?.templates.find((x) => x.id === job.template)?.name} />
            {job.contextId ? (
              <p class="small">
                {t('detail.fromContext')} <Link to={`/contexts/${encodeURIComponent(job.contextId)}`}>{job.contextId}</Link>
              </p>
            ) : null}
            {job.batchId ? (
              <p class="small">
                <Link to={`/renders?batchId=${encodeURIComponent(job.batchId)}`}>{t('detail.batchRenders')}</Link>
              </p>
            ) : null}
          </section>
          <section class="card" aria-labelledby="tl-h">
            <h2 id="tl-h">{t('detail.timeline')}</h2>
            <p class="muted small">{t('detail.attempts', { n: job.attempts, max: job.maxAttempts })}</p>
            <Timeline job={job} seen={seen} />
          </section>
          {hasScope('webhooks:read') ? (
            <section class="card" aria-labelledby="wh-h">
              <h2 id="wh-h">{t('detail.deliveries')}</h2>
              {!isTerminal(job.status) || job.status === 'canceled' ? (
                <p class="muted">{t('detail.deliveriesWhenDone')}</p>
              ) : deliveries.error ? (
                <ErrorBanner error={deliveries.error} />
              ) : !deliveries.rows ? (
                <Loading />
              ) : deliveries.rows.length === 0 ? (
                <p class="muted">{deliveries.subscribers ? t('detail.noDeliveryFound') : t('detail.noDeliveries')}</p>
              ) : (
                <ul class="list deliveries">
                  {deliveries.rows.map((d) => (
                    <li key={d.id}>
                      <div class="list-main">
                        <span class="wrap">{d.url}</span>
                        <span class="muted small">
                          <code>{d.eventType}</code> · {t('detail.triesN', { n: d.attempts })}
                          {d.lastStatusCode !== null ? ` · HTTP ${d.lastStatusCode}` : d.lastError ? ` · ${d.lastError}` : ''} · {formatDate(d.createdAt, lang, false, true)}
                        </span>
                      </div>
                      <StatusBadge status={d.status} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
