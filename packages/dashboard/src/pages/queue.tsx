/**
 * The queue: depth, running and finished counts, the paused flag, workers and
 * throughput (GET /queue/stats, refreshed every few seconds); pause and
 * resume; the jobs filtered by status, each with cancel or retry.
 */
import { useState } from 'preact/hooks';
import { JOB_STATUSES, type Job } from '../model';
import { client, useQuery } from '../api';
import { formatDate, formatDuration, formatNumber, useLang, useT } from '../i18n';
import { setQuery, useLocation } from '../router';
import { hasScope } from '../session';
import { Button, Empty, ErrorBanner, Loading, notify, Page, Pager, StatusBadge, DataTable, TableWrap } from '../ui';
import { JobLink, useAction, usePoll } from './contexts';

export function QueuePage() {
  const t = useT();
  const lang = useLang();
  const loc = useLocation();
  const statusParam = loc.query.get('status') ?? '';
  const selected = statusParam ? statusParam.split(',').filter((s) => JOB_STATUSES.some((x) => x === s)) : [];
  const cursor = loc.query.get('cursor') ?? '';
  const stats = useQuery((c) => c.queue.stats(), []);
  const jobs = useQuery((c) => c.queue.list({ limit: 25, status: selected.length ? selected.join(',') : undefined, cursor: cursor || undefined }), [selected.join(','), cursor]);
  const canWrite = hasScope('queue:write');
  const action = useAction();
  const [announce, setAnnounce] = useState('');
  usePoll(stats.reload, 3000, true);
  usePoll(jobs.reload, 3000, true);
  const s = stats.data;

  const setStatuses = (next: string[]) => setQuery({ status: JOB_STATUSES.filter((x) => next.includes(x)).join(',') || undefined });

  const jobAction = async (job: Job, op: 'cancel' | 'retry') => {
    const done = await action.run(`${op}:${job.jobId}`, () => (op === 'cancel' ? client.queue.cancel(job.jobId) : client.queue.retry(job.jobId)));
    if (done) {
      notify(t(op === 'cancel' ? 'queue.canceled' : 'queue.retried', { id: job.jobId }), 'success');
      jobs.reload();
      stats.reload();
    }
  };

  return (
    <Page
      title={t('nav.queue')}
      actions={
        canWrite && s ? (
          <Button
            kind={s.paused ? 'primary' : undefined}
            busy={action.busy === 'pause'}
            onClick={async () => {
              const r = await action.run('pause', () => (s.paused ? client.queue.resume() : client.queue.pause()));
              if (r) {
                const msg = r.paused ? t('queue.nowPaused') : t('queue.nowResumed');
                setAnnounce(msg);
                notify(msg, 'success');
                stats.reload();
              }
            }}
          >
            {s.paused ? t('queue.resume') : t('queue.pause')}
          </Button>
        ) : null
      }
    >
      <p class="sr-only" role="status">
        {announce}
      </p>
      <ErrorBanner error={stats.error ?? action.error} />
      {!s && stats.loading ? <Loading /> : null}
      {s ? (
        <>
          {s.paused ? (
            <div class="banner banner-info" role="status">
              <strong>{t('queue.pausedTitle')}</strong>
              <p>{t('queue.pausedBody')}</p>
            </div>
          ) : null}
          <section class="grid" aria-label={t('queue.stats')}>
            <Stat label={t('queue.depth')} value={formatNumber(s.counts.queued, lang)} />
            <Stat label={t('queue.running')} value={formatNumber(s.counts.rendering, lang)} />
            <Stat label={t('queue.state')} value={s.paused ? t('queue.state.paused') : t('queue.state.running')} />
            <Stat label={t('queue.completedFailed')} value={`${formatNumber(s.counts.completed, lang)} / ${formatNumber(s.counts.failed, lang)}`} note={t('queue.canceledCount', { n: s.counts.canceled })} />
            <Stat
              label={t('queue.throughput')}
              value={t('queue.perMinute', { n: formatNumber(s.throughput.perMinute, lang, { maximumFractionDigits: 1 }) })}
              note={t('queue.throughputNote', { completed: s.throughput.completed, failed: s.throughput.failed, avg: formatDuration(s.throughput.avgRenderMs, lang) })}
            />
          </section>
          <section class="card" aria-labelledby="q-workers" style={{ marginTop: '1rem' }}>
            <h2 id="q-workers">{t('queue.workers', { n: s.workers.length })}</h2>
            {s.workers.length === 0 ? (
              <p class="muted">{t('queue.workers.none')}</p>
            ) : (
              <DataTable label={t('queue.workers', { n: s.workers.length })} columns={[t('queue.col.worker'), t('queue.col.host'), t('queue.col.current'), t('queue.col.heartbeat')]}>
                {s.workers.map((w) => (
                  <tr key={w.id}>
                    <td>
                      <code>{w.id}</code>
                    </td>
                    <td>
                      {w.host} · pid {w.pid}
                    </td>
                    <td>{w.currentJobId ? <JobLink id={w.currentJobId} /> : <span class="muted">{t('queue.idle')}</span>}</td>
                    <td>{formatDate(w.lastHeartbeatAt, lang)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
        </>
      ) : null}

      <section class="card" aria-labelledby="q-jobs">
        <h2 id="q-jobs">{t('queue.jobs')}</h2>
        <fieldset class="toolbar" style={{ marginBottom: '0.75rem' }}>
          <legend>{t('queue.filter')}</legend>
          {JOB_STATUSES.map((st) => (
            <label key={st} class="check">
              <input type="checkbox" style={{ flex: 'none' }} checked={selected.includes(st)} onChange={(e) => setStatuses(e.currentTarget.checked ? [...selected, st] : selected.filter((x) => x !== st))} />
              {t(`status.${st}`)}
              {s ? <span class="muted">({formatNumber(s.counts[st], lang)})</span> : null}
            </label>
          ))}
          {selected.length ? (
            <Button kind="ghost" class="btn-small" onClick={() => setStatuses([])}>
              {t('queue.filter.all')}
            </Button>
          ) : null}
        </fieldset>
        <ErrorBanner error={jobs.error} />
        {!jobs.data && jobs.loading ? <Loading /> : null}
        {jobs.data && jobs.data.jobs.length === 0 ? <Empty>{selected.length ? t('queue.jobs.noneMatch') : t('queue.jobs.none')}</Empty> : null}
        {jobs.data?.jobs.length ? (
          <TableWrap label={t('queue.jobs')}>
            <table class="data">
              <thead>
                <tr>
                  <th scope="col">{t('shared.job')}</th>
                  <th scope="col">{t('queue.col.location')}</th>
                  <th scope="col">{t('shared.template')}</th>
                  <th scope="col">{t('shared.status')}</th>
                  <th scope="col" class="num">
                    {t('queue.col.attempts')}
                  </th>
                  <th scope="col" class="num">
                    {t('queue.col.priority')}
                  </th>
                  <th scope="col">{t('shared.created')}</th>
                  {canWrite ? <th scope="col">{t('shared.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {jobs.data.jobs.map((j) => (
                  <tr key={j.jobId}>
                    <td>
                      <JobLink id={j.jobId} />
                    </td>
                    <td>{typeof j.params.location === 'string' ? j.params.location : '—'}</td>
                    <td>{j.template}</td>
                    <td>
                      <StatusBadge status={j.status} />
                      {j.status === 'rendering' ? <span class="muted"> {formatNumber(j.progress, lang, { style: 'percent', maximumFractionDigits: 0 })}</span> : null}
                      {j.error ? <div class="error" style={{ fontSize: '0.8rem' }}>{j.error.message}</div> : null}
                    </td>
                    <td class="num">
                      {j.attempts}/{j.maxAttempts}
                    </td>
                    <td class="num">{j.priority}</td>
                    <td>
                      {formatDate(j.createdAt, lang)}
                      {j.status === 'queued' && Date.parse(j.runAt) > Date.now() ? <div class="muted">{t('queue.runAt', { at: formatDate(j.runAt, lang) })}</div> : null}
                    </td>
                    {canWrite ? (
                      <td>
                        {j.status === 'queued' || j.status === 'rendering' ? (
                          <Button class="btn-small" kind="danger" busy={action.busy === `cancel:${j.jobId}`} onClick={() => void jobAction(j, 'cancel')} aria-label={t('queue.cancel.for', { id: j.jobId })}>
                            {t('queue.cancel')}
                          </Button>
                        ) : null}
                        {j.status === 'failed' || j.status === 'canceled' ? (
                          <Button class="btn-small" busy={action.busy === `retry:${j.jobId}`} onClick={() => void jobAction(j, 'retry')} aria-label={t('queue.retry.for', { id: j.jobId })}>
                            {t('queue.retry')}
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ) : null}
        {jobs.data ? <Pager nextCursor={jobs.data.nextCursor} onNext={(c) => setQuery({ status: selected.join(',') || undefined, cursor: c })} onFirst={cursor ? () => setQuery({ status: selected.join(',') || undefined }) : undefined} /> : null}
      </section>
    </Page>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div class="card">
      <div class="muted" style={{ fontWeight: 600, fontSize: '0.85rem' }}>
        {label}
      </div>
      <div style={{ fontSize: '1.6rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{value}</div>
      {note ? (
        <div class="muted" style={{ fontSize: '0.85rem' }}>
          {note}
        </div>
      ) : null}
    </div>
  );
}
