/**
 * New render: a form for every render parameter (template picker with poster
 * previews, several formats and languages at once), prefilled from another
 * render for "re-render with changes", and a batch from a CSV file.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { POLLUTANTS } from '@aqcast/vocabulary';
import type { Batch } from '@aqcast/client';
import { client, useQuery } from '../api';
import { formatNumber, useLang, useT } from '../i18n';
import { MEASURES, csvToItems, parseCsv, placesParam, type Job, type PlaceRow, type TemplateList, ratesConcentrations } from '../model';
import { PlacesTable, startingRows, type PlacesKind } from '../places-table';
import { OptionsFields, TemplatePicker, defaultOptions, type RenderOptions } from '../render-options';
import { Link, navigate, useLocation } from '../router';
import { Button, Choice, ErrorBanner, Field, Loading, Page, TableWrap, fieldErrors, notify } from '../ui';

const SERIES_KINDS = ['observed', 'forecast'] as const;

interface SeriesForm {
  pollutant: string;
  kind: (typeof SERIES_KINDS)[number];
  timeZone: string;
  /** One "date-time, value" per line. */
  points: string;
}

interface FormState {
  location: string;
  date: string;
  values: Record<string, string>;
  options: RenderOptions;
  series: SeriesForm | null;
  /** The places (ranking, comparison) or stations (station map) table. */
  places: PlaceRow[];
}

const emptySeries = (): SeriesForm => ({ pollutant: 'pm25', kind: 'observed', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', points: '' });

/** A place or station of a job's params as a table row. */
function placeRow(x: unknown): PlaceRow {
  const o: Record<string, unknown> = typeof x === 'object' && x !== null ? Object.fromEntries(Object.entries(x)) : {};
  const text = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : '');
  return { name: text(o.name), lat: text(o.lat), lon: text(o.lon), values: Object.fromEntries(POLLUTANTS.filter((k) => o[k] !== undefined).map((k) => [k, text(o[k])])) };
}

function fromJob(job: Job, lang: string): FormState {
  const p = job.params;
  const listed = Array.isArray(p.places) ? p.places : Array.isArray(p.stations) ? p.stations : null;
  const values: Record<string, string> = {};
  for (const m of MEASURES) if (typeof p[m.key] === 'number') values[m.key] = String(p[m.key]);
  let series: SeriesForm | null = null;
  if (p.series && typeof p.series === 'object') {
    // A stored job's params were completed by the service, so a series there has the engine's series shape.
    const s = p.series as { pollutant: string; kind: 'observed' | 'forecast'; timeZone?: string; points: Array<{ at: string; value: number }> };
    series = { pollutant: s.pollutant, kind: s.kind, timeZone: s.timeZone ?? 'UTC', points: s.points.map((x) => `${x.at}, ${x.value}`).join('\n') };
  }
  const d = defaultOptions(lang);
  return {
    location: typeof p.location === 'string' ? p.location : '',
    date: typeof p.date === 'string' ? p.date : '',
    values,
    options: {
      template: job.template,
      formats: [typeof p.format === 'string' ? p.format : d.formats[0]!],
      languages: [typeof p.language === 'string' ? p.language : d.languages[0]!],
      resolution: typeof p.resolution === 'string' ? p.resolution : d.resolution,
      aqiStandard: typeof p.aqiStandard === 'string' ? p.aqiStandard : d.aqiStandard,
    },
    series,
    places: listed ? listed.map(placeRow) : startingRows(),
  };
}

/** The render parameters of the form, one set per format × language; `kind` is the list the template draws, if any. */
function toParams(f: FormState, kind: PlacesKind | null): { items: Array<Record<string, unknown>>; problems: string[] } {
  const problems: string[] = [];
  const base: Record<string, unknown> = { location: f.location.trim(), template: f.options.template || undefined, resolution: f.options.resolution, aqiStandard: f.options.aqiStandard };
  if (f.date) base.date = f.date;
  for (const m of MEASURES) {
    const raw = (f.values[m.key] ?? '').trim().replace(',', '.');
    if (raw === '') continue;
    const n = Number(raw);
    if (Number.isFinite(n)) base[m.key] = n;
    else problems.push(m.key);
  }
  if (f.series && f.series.points.trim()) {
    const points = f.series.points
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const [at, value] = l.split(/[,;\t]\s*/);
        return { at: (at ?? '').trim(), value: Number((value ?? '').trim().replace(',', '.')) };
      });
    base.series = { pollutant: f.series.pollutant, kind: f.series.kind, timeZone: f.series.timeZone || undefined, points };
  }
  if (kind) {
    const { list, problems: bad } = placesParam(f.places);
    if (list.length) base[kind] = list;
    problems.push(...bad.map((p) => `${kind}${p}`));
  }
  const items: Array<Record<string, unknown>> = [];
  for (const format of f.options.formats) for (const language of f.options.languages) items.push({ ...base, format, language });
  return { items, problems };
}

function CsvBatch({ defaults, templates }: { defaults: RenderOptions; templates: TemplateList | undefined }) {
  const t = useT();
  const [name, setName] = useState<string | null>(null);
  const [rows, setRows] = useState<string[][] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [over, setOver] = useState(false);
  // The form's template, format, language, resolution and standard fill what a row leaves out.
  const fileDefaults = useMemo(() => {
    const d: Record<string, string> = { format: defaults.formats[0] ?? 'landscape', language: defaults.languages[0] ?? 'es', resolution: defaults.resolution, aqiStandard: defaults.aqiStandard };
    if (defaults.template) d.template = defaults.template;
    return d;
  }, [defaults]);
  const parsed = useMemo(() => (rows ? csvToItems(rows, fileDefaults) : null), [rows, fileDefaults]);

  const read = async (file: File) => {
    setError(null);
    setName(file.name);
    setRows(parseCsv(await file.text()));
  };

  const bad = parsed?.items.filter((i) => i.problems.length) ?? [];
  const serverErrors = fieldErrors(error);
  const rowError = (index: number) => Object.entries(serverErrors).filter(([k]) => k.startsWith(`items[${index}]`) || k.startsWith(`items/${index}/`) || k.startsWith(`${index}.`) || k.startsWith(`/${index}/`));
  const knownTemplates = new Set(templates?.templates.map((x) => x.id) ?? []);

  return (
    <section class="card section-gap" aria-labelledby="csv-h">
      <h2 id="csv-h">{t('csv.title')}</h2>
      <p class="muted">{t('csv.intro')}</p>
      <pre class="code">location,pm25,no2,temperatura,language,format{'\n'}Santiago,87.4,42,9,es,landscape{'\n'}Lima,31,18,19,es,square</pre>
      <div
        class={`dropzone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const f = e.dataTransfer?.files[0];
          if (f) void read(f);
        }}
      >
        <Field label={t('csv.file')} hint={t('csv.fileHint')}>
          <input id="csv-file" type="file" accept=".csv,text/csv" onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) void read(f);
          }} />
        </Field>
      </div>
      {parsed ? (
        <div class="stack csv-preview">
          <p>
            <strong>{name}</strong> — {t('csv.rows', { n: parsed.items.length })}
          </p>
          {parsed.missingLocation ? <div class="banner banner-error" role="alert">{t('csv.noLocation')}</div> : null}
          {parsed.unknownColumns.length ? <div class="banner banner-info">{t('csv.unknownColumns', { cols: parsed.unknownColumns.join(', ') })}</div> : null}
          <TableWrap label={t('csv.preview')}>
            <table class="data">
              <caption class="sr-only">{t('csv.preview')}</caption>
              <thead>
                <tr>
                  <th scope="col" class="num">{t('csv.line')}</th>
                  <th scope="col">{t('param.location')}</th>
                  <th scope="col">{t('param.template')}</th>
                  <th scope="col">{t('param.format')}</th>
                  <th scope="col">{t('param.language')}</th>
                  <th scope="col">{t('csv.values')}</th>
                  <th scope="col">{t('csv.problems')}</th>
                </tr>
              </thead>
              <tbody>
                {parsed.items.slice(0, 200).map((it, i) => {
                  const tpl = String(it.params.template ?? it.params.compositionId ?? '');
                  const probs = [...it.problems.map((p) => (p === 'location' ? t('csv.needsLocation') : t('csv.notNumber', { v: p }))), ...(tpl && templates && !knownTemplates.has(tpl) ? [t('csv.unknownTemplate', { v: tpl })] : []), ...rowError(i).map(([k, m]) => `${k.replace(/^.*?[\]./]+/, '')}: ${m}`)];
                  return (
                    <tr key={it.line} class={probs.length ? 'row-bad' : ''}>
                      <td class="num">{it.line}</td>
                      <td>{String(it.params.location ?? '')}</td>
                      <td>{tpl || '—'}</td>
                      <td>{String(it.params.format ?? '')}</td>
                      <td>{String(it.params.language ?? '')}</td>
                      <td class="small">
                        {MEASURES.filter((m) => typeof it.params[m.key] === 'number' || (m.key === 'temperatura' && typeof it.params.temperature === 'number'))
                          .map((m) => `${t(`param.${m.key}`)} ${it.params[m.key] ?? it.params.temperature}`)
                          .join(' · ') || '—'}
                      </td>
                      <td class="error small">{probs.join('; ')}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
          {parsed.items.length > 200 ? <p class="muted small">{t('csv.more', { n: parsed.items.length - 200 })}</p> : null}
          <ErrorBanner error={error} />
          <div class="row">
            <Button
              kind="primary"
              busy={busy}
              disabled={parsed.items.length === 0 || parsed.items.length > 1000 || bad.length > 0 || parsed.missingLocation}
              onClick={async () => {
                setBusy(true);
                setError(null);
                try {
                  const r = await client.request<Batch>('POST', '/batch', { body: { items: parsed.items.map((i) => i.params) } });
                  notify(t('csv.queued', { n: r.jobs.length }), 'success');
                  navigate(`/renders?batchId=${encodeURIComponent(r.batchId)}`);
                } catch (e) {
                  setError(e);
                  setBusy(false);
                }
              }}
            >
              {t('csv.submit', { n: parsed.items.length })}
            </Button>
            {bad.length ? <span class="error">{t('csv.fixFirst', { n: bad.length })}</span> : null}
            {parsed.items.length > 1000 ? <span class="error">{t('csv.tooMany')}</span> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

export function NewRenderPage() {
  const t = useT();
  const lang = useLang();
  const { query } = useLocation();
  const fromId = query.get('from');
  const templates = useQuery((c) => c.templates(), []);
  const source = useQuery(fromId ? (c) => c.renders.get(fromId) : null, [fromId]);
  /** What the form itself found wrong, by field (shown next to the field, as the service's field errors are). */
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [form, setForm] = useState<FormState>({ location: '', date: '', values: {}, options: defaultOptions(lang), series: null, places: startingRows() });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (source.data) setForm(fromJob(source.data, lang));
  }, [source.data]);
  useEffect(() => {
    // Start with the default template once the list is known.
    const list = templates.data?.templates;
    if (list && !form.options.template) setForm((f) => ({ ...f, options: { ...f.options, template: (list.find((x) => x.isDefault) ?? list[0])?.id ?? '' } }));
  }, [templates.data]);

  const template = templates.data?.templates.find((x) => x.id === form.options.template);
  const usesSeries = template?.params.includes('series') ?? false;
  const placesKind: PlacesKind | null = template?.params.includes('places') ? 'places' : template?.params.includes('stations') ? 'stations' : null;
  useEffect(() => {
    // Formats the template cannot do are dropped from the choice.
    if (!template) return;
    const keep = form.options.formats.filter((f) => template.formats.some((t) => t === f));
    if (keep.length !== form.options.formats.length) setForm((f) => ({ ...f, options: { ...f.options, formats: keep.length ? keep : [template.formats[0]!] } }));
  }, [template]);

  const { items, problems } = toParams(form, placesKind);
  const errors = { ...fieldErrors(error), ...invalid };
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const setValue = (k: string, v: string) => setForm((f) => ({ ...f, values: { ...f.values, [k]: v } }));

  if (templates.error) return <Page title={t('nav.newRender')}><ErrorBanner error={templates.error} /></Page>;
  if (!templates.data || (fromId && !source.data && !source.error)) return <Loading />;

  return (
    <Page title={fromId ? t('new.titleFrom') : t('nav.newRender')}>
      {fromId ? (
        <p class="banner banner-info">
          {t('new.prefilled')} <Link to={`/renders/${encodeURIComponent(fromId)}`}>{fromId}</Link>
        </p>
      ) : null}
      <ErrorBanner error={source.error} />
      <form
        class="stack"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          // Bad fields are marked where they are and the first one gets the focus; only what no field shows goes in the banner.
          const found: Record<string, string> = {};
          if (!form.location.trim()) found.location = t('new.needLocation');
          for (const p of problems) found[p] = t('new.notNumber');
          setInvalid(found);
          const first = Object.keys(found)[0];
          if (first) return document.getElementById(first === 'location' ? 'location' : /^(places|stations)\[/.test(first) ? first.replace(/\[(\d+)\]\./, '-$1-') : `v-${first}`)?.focus();
          if (items.length === 0) return setError(new Error(t('new.needCombo')));
          setBusy(true);
          try {
            if (items.length === 1) {
              const job = await client.request<Job>('POST', '/render', { body: items[0] });
              notify(t('new.queued'), 'success');
              navigate(`/renders/${encodeURIComponent(job.jobId)}`);
            } else {
              const r = await client.request<Batch>('POST', '/batch', { body: { items } });
              notify(t('csv.queued', { n: r.jobs.length }), 'success');
              navigate(`/renders?batchId=${encodeURIComponent(r.batchId)}`);
            }
          } catch (err) {
            setError(err);
            setBusy(false);
          }
        }}
      >
        <section class="card stack">
          <TemplatePicker templates={templates.data.templates} value={form.options.template} onChange={(id) => set({ options: { ...form.options, template: id } })} />
        </section>
        <section class="card stack" aria-labelledby="where-h">
          <h2 id="where-h">{t('new.where')}</h2>
          <div class="form-grid">
            <Field label={t('param.location')} hint={t('new.locationHint')} error={errors.location} class="span-2">
              <input id="location" name="location" required maxLength={120} value={form.location} onInput={(e) => {
                  set({ location: e.currentTarget.value });
                  if (invalid.location) setInvalid((was) => Object.fromEntries(Object.entries(was).filter(([k]) => k !== 'location')));
                }} />
            </Field>
            <Field label={t('param.date')} hint={t('new.dateHint')} error={errors.date}>
              <input id="date" name="date" type="date" value={form.date} onInput={(e) => set({ date: e.currentTarget.value })} />
            </Field>
          </div>
        </section>
        <section class="card stack" aria-labelledby="values-h">
          <h2 id="values-h">{t('new.values')}</h2>
          <p class="muted small">{t('new.valuesHint')}</p>
          <div class="form-grid">
            {MEASURES.map((m) => (
              <Field key={m.key} label={`${t(`param.${m.key}`)} (${m.unit})`} error={errors[m.key] ?? (problems.includes(m.key) ? t('new.notNumber') : undefined)}>
                <input id={`v-${m.key}`} name={m.key} inputMode="decimal" value={form.values[m.key] ?? ''} onInput={(e) => setValue(m.key, e.currentTarget.value)} />
              </Field>
            ))}
          </div>
        </section>
        {placesKind ? <PlacesTable kind={placesKind} rows={form.places} onChange={(places) => set({ places })} errors={errors} /> : null}
        {usesSeries ? (
          <section class="card stack" aria-labelledby="series-h">
            <h2 id="series-h">{t('series.title')}</h2>
            <label class="check">
              <input type="checkbox" checked={form.series !== null} onChange={(e) => set({ series: e.currentTarget.checked ? emptySeries() : null })} />
              {t('series.include')}
            </label>
            {form.series ? (
              <div class="form-grid">
                <Field label={t('series.pollutant')}>
                  <select value={form.series.pollutant} onChange={(e) => set({ series: { ...form.series!, pollutant: e.currentTarget.value } })}>
                    {POLLUTANTS.map((p) => (
                      <option key={p} value={p}>
                        {t(`param.${p}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={t('series.kind')}>
                  <Choice value={form.series.kind} options={SERIES_KINDS} label={(k) => t(`series.${k}`)} onChange={(kind) => set({ series: { ...form.series!, kind } })} />
                </Field>
                <Field label={t('series.timeZone')}>
                  <input value={form.series.timeZone} onInput={(e) => set({ series: { ...form.series!, timeZone: e.currentTarget.value } })} />
                </Field>
                <Field label={t('series.points')} hint={t('series.pointsHint')} error={Object.entries(errors).find(([k]) => k.startsWith('series'))?.[1]} class="span-all">
                  <textarea rows={6} class="mono" value={form.series.points} onInput={(e) => set({ series: { ...form.series!, points: e.currentTarget.value } })} />
                </Field>
              </div>
            ) : null}
          </section>
        ) : null}
        <section class="card stack" aria-labelledby="out-h">
          <h2 id="out-h">{t('new.output')}</h2>
          <OptionsFields value={form.options} onChange={(options) => set({ options })} template={template} standards={templates.data.aqiStandards.filter(ratesConcentrations)} multi errors={errors} />
        </section>
        <ErrorBanner error={error} />
        <div class="row submit-row">
          <Button kind="primary" type="submit" busy={busy}>
            {items.length > 1 ? t('new.submitMany', { n: formatNumber(items.length, lang) }) : t('new.submit')}
          </Button>
          <span class="muted small">{items.length > 1 ? t('new.manyHint', { n: items.length }) : null}</span>
        </div>
      </form>
      <CsvBatch defaults={form.options} templates={templates.data} />
    </Page>
  );
}
