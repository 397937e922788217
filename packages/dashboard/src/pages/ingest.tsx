/**
 * Ingest: drop a bulletin (PDF or image), see each value the service read
 * with its confidence and the text it came from, correct what is wrong, and
 * render — the corrections are saved on the stored context (If-Match guards
 * against a concurrent edit), then the render is queued from it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Context, ResponseOf } from '@aqcast/client';
import { POLLUTANTS } from '@aqcast/vocabulary';
import { asApiError, client, useQuery, type ApiError } from '../api';
import { formatBytes, formatNumber, useLang, useT } from '../i18n';
import { useJobEvents } from '../live';
import { MEASURES, type Job, ratesConcentrations } from '../model';
import { Player } from '../player';
import { OptionsFields, TemplatePicker, defaultOptions, type RenderOptions } from '../render-options';
import { Link } from '../router';
import { hasScope } from '../session';
import { Button, ErrorBanner, Loading, Page, StatusBadge, TableWrap, fieldErrors, notify } from '../ui';
import { IndexValues } from './contexts';
import { ProgressBar } from './renders';

/** A line that looked like a measurement but gave no value (the upload answer's `skipped`). */
type SkippedLine = NonNullable<ResponseOf<'ingestUpload', 201>['skipped']>[number];

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';
const FIELDS = ['location', 'date', ...MEASURES.map((m) => m.key)] as const;

const valueText = (ctx: Context, key: string): string => {
  const v = ctx[key];
  return v === null || v === undefined ? '' : String(v);
};

function Confidence({ value }: { value: number | undefined }) {
  const t = useT();
  const lang = useLang();
  if (value === undefined) return <span class="muted small">{t('ingest.notFound')}</span>;
  const level = value >= 0.85 ? 'high' : value >= 0.6 ? 'medium' : 'low';
  return (
    <span class={`confidence conf-${level}`}>
      <meter min={0} max={1} low={0.6} high={0.85} optimum={1} value={value} aria-label={t('ingest.confidence')} />
      <span>
        {formatNumber(value, lang, { style: 'percent', maximumFractionDigits: 0 })} <span class="sr-only">{t(`ingest.conf.${level}`)}</span>
      </span>
    </span>
  );
}

function DropZone({ onFile, busy }: { onFile: (f: File) => void; busy: boolean }) {
  const t = useT();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div
      class={`dropzone dropzone-big${over ? ' over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const f = e.dataTransfer?.files[0];
        if (f) onFile(f);
      }}
    >
      <svg class="drop-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M14 6h14l10 10v26H14z" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round" />
        <path d="M28 6v10h10M26 36V22m-6 6 6-6 6 6" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" />
      </svg>
      <p class="drop-title">{t('ingest.drop')}</p>
      <p class="muted small">{t('ingest.dropHint')}</p>
      <label class="btn btn-primary" for="bulletin-file">
        {busy ? <span class="spinner" aria-hidden="true" /> : null}
        {t('ingest.choose')}
      </label>
      <input
        ref={input}
        id="bulletin-file"
        class="file-input"
        type="file"
        accept={ACCEPT}
        disabled={busy}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          if (f) onFile(f);
          if (input.current) input.current.value = '';
        }}
      />
    </div>
  );
}

function RenderResult({ job: initial }: { job: Job }) {
  const t = useT();
  const lang = useLang();
  const [job, setJob] = useState(initial);
  useJobEvents((j) => {
    if (j.jobId === job.jobId) setJob(j);
  });
  return (
    <section class="card stack" aria-labelledby="result-h">
      <div class="row space-between">
        <h2 id="result-h">{t('ingest.renderTitle')}</h2>
        <StatusBadge status={job.status} />
      </div>
      {job.status === 'completed' && job.videoUrl ? (
        <Player videoUrl={job.videoUrl} posterUrl={job.posterUrl} title={String(job.params.location ?? '')} language={String(job.params.language ?? 'es')} />
      ) : job.status === 'queued' || job.status === 'rendering' ? (
        <div aria-live="polite">
          <ProgressBar value={job.progress} label={t('detail.progress')} />
          <p>{job.status === 'queued' ? t('detail.waiting') : t('detail.rendering', { p: formatNumber(job.progress, lang, { style: 'percent', maximumFractionDigits: 0 }) })}</p>
        </div>
      ) : job.error ? (
        <p class="error">
          {job.error.code}: {job.error.message}
        </p>
      ) : null}
      <p>
        <Link to={`/renders/${encodeURIComponent(job.jobId)}`}>{t('ingest.openRender')}</Link>
      </p>
    </section>
  );
}

export function IngestPage() {
  const t = useT();
  const lang = useLang();
  const templates = useQuery((c) => c.templates(), []);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<ApiError | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [ctx, setCtx] = useState<Context | null>(null);
  const [skipped, setSkipped] = useState<SkippedLine[]>([]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [options, setOptions] = useState<RenderOptions>(defaultOptions(lang));
  const [busy, setBusy] = useState<'save' | 'render' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [job, setJob] = useState<Job | null>(null);

  useEffect(() => {
    const list = templates.data?.templates;
    if (list && !options.template) setOptions((o) => ({ ...o, template: (list.find((x) => x.isDefault) ?? list[0])?.id ?? '' }));
  }, [templates.data]);
  useEffect(() => {
    // A bulletin's language is a good default for the video's.
    if (ctx?.language && ['es', 'en', 'pt'].includes(ctx.language)) setOptions((o) => ({ ...o, languages: [ctx.language!] }));
  }, [ctx?.contextId]);

  const onFile = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    setCtx(null);
    setSkipped([]);
    setJob(null);
    setError(null);
    setFileName(file.name);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const r = await client.request<ResponseOf<'ingestUpload', 201>>('POST', '/ingest/upload', { form });
      setCtx(r.context);
      setSkipped(r.skipped ?? []);
      setEdits(Object.fromEntries(FIELDS.map((k) => [k, valueText(r.context, k)])));
    } catch (e) {
      setUploadError(asApiError(e));
    } finally {
      setUploading(false);
    }
  };

  /** The changed fields as a PATCH body (an emptied value is removed). */
  const patch = (): Record<string, unknown> | string => {
    if (!ctx) return {};
    const body: Record<string, unknown> = {};
    for (const k of FIELDS) {
      const now = (edits[k] ?? '').trim();
      if (now === valueText(ctx, k)) continue;
      if (k === 'location') {
        if (!now) return t('new.needLocation');
        body.location = now;
      } else if (k === 'date') body.date = now || null;
      else if (now === '') body[k] = null;
      else {
        const n = Number(now.replace(',', '.'));
        if (!Number.isFinite(n)) return t('new.badNumbers', { fields: t(`param.${k}`) });
        body[k] = n;
      }
    }
    return body;
  };

  const save = async (): Promise<Context | null> => {
    if (!ctx) return null;
    const body = patch();
    if (typeof body === 'string') {
      setError(new Error(body));
      return null;
    }
    if (Object.keys(body).length === 0) return ctx;
    const next = await client.request<Context>('PATCH', `/contexts/${encodeURIComponent(ctx.contextId)}`, { body, headers: { 'if-match': `"v${ctx.version}"` } });
    setCtx(next);
    setEdits(Object.fromEntries(FIELDS.map((k) => [k, valueText(next, k)])));
    return next;
  };

  const errors = fieldErrors(error);
  const template = templates.data?.templates.find((x) => x.id === options.template);
  const changed = ctx ? FIELDS.filter((k) => (edits[k] ?? '').trim() !== valueText(ctx, k)).length : 0;
  // A context of index values with no concentration typed in renders as an index video: in the index's
  // own standard, by the templates of one place (those whose params list `index`).
  const indexVideo = !!ctx?.index && !POLLUTANTS.some((k) => (edits[k] ?? '').trim() !== '');
  const pickable = templates.data ? (indexVideo ? templates.data.templates.filter((x) => x.params.includes('index')) : templates.data.templates) : [];
  const standards = templates.data ? templates.data.aqiStandards.filter((x) => (indexVideo ? x.id === ctx?.index?.standard : ratesConcentrations(x))) : [];

  return (
    <Page title={t('nav.ingest')}>
      <p class="muted lead">{t('ingest.intro')}</p>
      <DropZone onFile={onFile} busy={uploading} />
      {uploading ? (
        <p role="status" class="loading">
          <span class="spinner" aria-hidden="true" /> {t('ingest.reading', { name: fileName ?? '' })}
        </p>
      ) : null}
      <ErrorBanner error={uploadError} />
      {ctx ? (
        <form
          class="stack ingest-result"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy('render');
            setError(null);
            try {
              const saved = await save();
              if (!saved) return;
              const body: Record<string, unknown> = { template: options.template || undefined, format: options.formats[0], language: options.languages[0], resolution: options.resolution, aqiStandard: indexVideo ? undefined : options.aqiStandard, ...(indexVideo && !pickable.some((x) => x.id === options.template) ? { template: undefined } : {}) };
              const queued = await client.request<Job>('POST', `/contexts/${encodeURIComponent(saved.contextId)}/render`, { body });
              setJob(queued);
              notify(t('new.queued'), 'success');
            } catch (err) {
              setError(err);
            } finally {
              setBusy(null);
            }
          }}
        >
          <section class="card stack" aria-labelledby="read-h">
            <div class="row space-between">
              <h2 id="read-h">{t('ingest.read')}</h2>
              <span class="row">
                <span class="muted small">{t('ingest.overall')}</span>
                <Confidence value={ctx.confidence} />
              </span>
            </div>
            <p class="muted small">
              {ctx.source.filename} · {formatBytes(ctx.source.bytes, lang)} · {t(`ingest.method.${ctx.method}`)} · {t('ingest.pages', { n: ctx.pages })}
              {ctx.kind ? ` · ${t(`series.${ctx.kind}`)}` : ''} ·{' '}
              {hasScope('contexts:read') ? <Link to={`/contexts/${encodeURIComponent(ctx.contextId)}`}>{ctx.contextId}</Link> : <code>{ctx.contextId}</code>}
            </p>
            <TableWrap label={t('ingest.read')}>
              <table class="data extracted">
                <caption class="sr-only">{t('ingest.read')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('ingest.field')}</th>
                    <th scope="col">{t('ingest.value')}</th>
                    <th scope="col">{t('ingest.confidence')}</th>
                    <th scope="col">{t('ingest.source')}</th>
                  </tr>
                </thead>
                <tbody>
                  {FIELDS.map((k) => {
                    const f = ctx.fields[k];
                    const m = MEASURES.find((x) => x.key === k);
                    const id = `fx-${k}`;
                    const isChanged = (edits[k] ?? '').trim() !== valueText(ctx, k);
                    return (
                      <tr key={k} class={isChanged ? 'row-changed' : f && f.confidence < 0.6 ? 'row-low' : ''}>
                        <th scope="row">
                          <label for={id}>{t(`param.${k}`)}</label>
                          {m ? <span class="muted small"> ({m.unit})</span> : null}
                        </th>
                        <td>
                          <input
                            id={id}
                            name={k}
                            type={k === 'date' ? 'date' : 'text'}
                            inputMode={m ? 'decimal' : undefined}
                            value={edits[k] ?? ''}
                            aria-invalid={errors[k] ? 'true' : undefined}
                            aria-describedby={f?.sourceText ? `${id}-src` : undefined}
                            onInput={(e) => setEdits((x) => ({ ...x, [k]: e.currentTarget.value }))}
                          />
                          {errors[k] ? <small class="error">{errors[k]}</small> : null}
                          {f?.edited && f.extractedValue !== undefined ? <small class="muted">{t('ingest.wasRead', { v: String(f.extractedValue) })}</small> : null}
                          {isChanged ? <small class="changed-note">{t('ingest.changed')}</small> : null}
                        </td>
                        <td>{f ? <Confidence value={f.edited ? 1 : f.confidence} /> : <Confidence value={undefined} />}</td>
                        <td class="source-cell">
                          {f?.sourceText ? (
                            <q id={`${id}-src`} class="source-text">
                              {f.sourceText}
                            </q>
                          ) : (
                            <span class="muted small">{f?.edited ? t('ingest.enteredByHand') : '—'}</span>
                          )}
                          {f?.sourceUnit && f.unit && f.sourceUnit !== f.unit ? <small class="muted">{t('ingest.converted', { from: f.sourceUnit, to: f.unit })}</small> : null}
                          {f?.station ? <small class="muted">{t('ingest.station', { s: f.station })}</small> : null}
                          {f?.averaging ? <small class="muted">{t('ingest.averaging', { a: f.averaging })}</small> : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableWrap>
            {ctx.index ? <IndexValues index={ctx.index} /> : null}
            {skipped.length ? (
              <section class="skipped stack" aria-labelledby="skipped-h">
                <h3 id="skipped-h">{t('ingest.skipped', { n: skipped.length })}</h3>
                <p class="muted small">{t('ingest.skippedHint')}</p>
                <ul class="small">
                  {skipped.map((s, k) => (
                    <li key={k}>
                      <q class="source-text">{s.text}</q>{' '}
                      <span class="muted">
                        — {s.pollutants.map((p) => t(`param.${p}`)).join(', ')}: {t(`ingest.skip.${s.reason}`)} · {t('ingest.skippedPage', { n: s.page })}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {ctx.stations.length ? (
              <details>
                <summary>{t('ingest.stations', { n: ctx.stations.length })}</summary>
                <ul class="small">
                  {ctx.stations.map((s) => (
                    <li key={s.name}>
                      <strong>{s.name}</strong>: {Object.entries(s.values).map(([k, v]) => `${t(`param.${k}`)} ${formatNumber(v, lang)}`).join(' · ')}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            <div class="row">
              <Button
                busy={busy === 'save'}
                disabled={changed === 0}
                onClick={async () => {
                  setBusy('save');
                  setError(null);
                  try {
                    if (await save()) notify(t('ingest.saved'), 'success');
                  } catch (err) {
                    setError(err);
                  } finally {
                    setBusy(null);
                  }
                }}
              >
                {t('ingest.save')}
              </Button>
              <span class="muted small">{changed ? t('ingest.nChanged', { n: changed }) : t('ingest.noChanges')}</span>
            </div>
          </section>
          {templates.data ? (
            <section class="card stack" aria-labelledby="ing-out-h">
              <h2 id="ing-out-h">{t('new.output')}</h2>
              <TemplatePicker templates={pickable} value={options.template} onChange={(id) => setOptions({ ...options, template: id })} />
              <OptionsFields value={options} onChange={setOptions} template={template} standards={standards} multi={false} errors={errors} />
            </section>
          ) : (
            <Loading />
          )}
          <ErrorBanner error={error} />
          <div class="row submit-row">
            <Button kind="primary" type="submit" busy={busy === 'render'} disabled={!hasScope('contexts:write')}>
              {changed ? t('ingest.saveAndRender') : t('ingest.render')}
            </Button>
          </div>
        </form>
      ) : null}
      {job ? <RenderResult key={job.jobId} job={job} /> : null}
    </Page>
  );
}
