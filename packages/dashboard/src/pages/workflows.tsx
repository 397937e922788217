/**
 * Workflows: the list, a form that builds a workflow (trigger with a cron
 * helper that computes the next run times in the browser with croner — the
 * library the service schedules with —, locations, the fetch source,
 * conditions, render options, the webhook announcement), and a detail page
 * with the definition, enable/disable, run now, the runs with each location's
 * steps and jobs, and delete.
 */
import { ratesConcentrations } from '../model';
import { Cron } from 'croner';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { WorkflowRun as Run, Workflow, WorkflowRunStatus, WorkflowSaved as Saved } from '@aqcast/client';
import { client, useQuery } from '../api';
import { formatDate, formatDuration, useLang, useT, type Lang } from '../i18n';
import { Link, navigate, setQuery, useLocation } from '../router';
import { hasScope } from '../session';
import { Button, Choice, Empty, ErrorBanner, Field, fieldErrors, Loading, notify, Page, Pager, StatusBadge, DataTable, TableWrap } from '../ui';
import { BESIDE_FIELDS, DeleteDialog, FORMATS, JobLink, LANGUAGES, POLLUTANTS, RESOLUTIONS, SecretOnce, useAction, usePoll, useTemplates, WIDE_GRID } from './contexts';
import { WorkflowWebhooksNote } from './webhooks';

// ---- the API's shapes -------------------------------------------------------

const SOURCES = ['open-meteo', 'openaq', 'waqi', 'airnow', 'context'] as const;
type Source = (typeof SOURCES)[number];
const TRIGGERS = ['manual', 'schedule', 'inbound'] as const;
type TriggerType = (typeof TRIGGERS)[number];
const CATCH_UPS = ['', 'latest', 'none'] as const;
const WINDOWS = ['past24h', 'next72h'] as const;
const WHENS = ['aqi_at_least', 'changed'] as const;
/** The templates of a combined render (one video over all locations); per-location renders take the others. */
const COMBINED_TEMPLATES: readonly string[] = ['ranking', 'comparison', 'station-map'];
const RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceled', 'skipped'] as const;

const LOCALES: Record<Lang, string> = { es: 'es-ES', en: 'en-GB', pt: 'pt-BR' };
const isWorking = (status: string) => status === 'queued' || status === 'running';

/** The browser's time zone (the form's default). */
function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function zones(): string[] {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  } catch {
    return ['UTC'];
  }
}

/** A time in a time zone, e.g. "Mon, 23 Nov 2026, 07:00". */
function inZone(d: Date | string, zone: string, lang: Lang): string {
  try {
    return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(typeof d === 'string' ? new Date(d) : d);
  } catch {
    return String(d);
  }
}

/** The next `n` times of a cron expression in a zone, or why it cannot be read (the service's rules: 5 or 6 fields). */
export function cronPreview(expr: string, zone: string, n = 5): { runs: Date[]; error: string | null } {
  const text = expr.trim();
  if (!text) return { runs: [], error: null };
  const fields = text.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) return { runs: [], error: 'fields' };
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone || 'UTC' });
  } catch {
    return { runs: [], error: 'zone' };
  }
  try {
    const cron = new Cron(text, { timezone: zone || 'UTC', paused: true });
    const runs = cron.nextRuns(n);
    cron.stop();
    return runs.length ? { runs, error: null } : { runs: [], error: 'never' };
  } catch (err) {
    return { runs: [], error: (err instanceof Error ? err.message : String(err)).replace(/^CronPattern: /, '') };
  }
}

const CRON_PRESETS = [
  ['0 7 * * *', 'workflows.cron.preset.daily7'],
  ['30 6 * * 1-5', 'workflows.cron.preset.weekdays'],
  ['0 * * * *', 'workflows.cron.preset.hourly'],
  ['*/15 * * * *', 'workflows.cron.preset.quarter'],
  ['0 8 * * 1', 'workflows.cron.preset.monday'],
] as const;

// ---- the list ---------------------------------------------------------------

export function WorkflowsPage() {
  const t = useT();
  const lang = useLang();
  const loc = useLocation();
  const cursor = loc.query.get('cursor') ?? '';
  const list = useQuery((c) => c.workflows.list({ limit: 25, cursor: cursor || undefined }), [cursor]);
  const canWrite = hasScope('workflows:write');
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ secret: string; workflow: Workflow } | null>(null);
  const items = list.data?.workflows ?? [];
  return (
    <Page
      title={t('nav.workflows')}
      actions={
        canWrite && !creating ? (
          <Button kind="primary" onClick={() => setCreating(true)} aria-expanded={creating}>
            {t('workflows.new')}
          </Button>
        ) : null
      }
    >
      {secret ? (
        <SecretOnce
          label={t('workflows.triggerSecret.title')}
          secret={secret.secret}
          note={
            <>
              {t('workflows.triggerSecret.note', { url: secret.workflow.triggerUrl ?? '' })} <Link to={`/workflows/${secret.workflow.id}`}>{t('workflows.open', { name: secret.workflow.name })}</Link>
            </>
          }
          onDone={() => navigate(`/workflows/${secret.workflow.id}`)}
        />
      ) : null}
      {creating ? (
        <WorkflowForm
          onCancel={() => setCreating(false)}
          onCreated={(saved) => {
            setCreating(false);
            notify(t('workflows.created', { name: saved.workflow.name }), 'success');
            if (saved.triggerSecret) {
              setSecret({ secret: saved.triggerSecret, workflow: saved.workflow });
              list.reload();
            } else navigate(`/workflows/${saved.workflow.id}`);
          }}
        />
      ) : null}
      <ErrorBanner error={list.error} />
      {!list.data && list.loading ? <Loading /> : null}
      {list.data && items.length === 0 && !creating ? <Empty>{t('workflows.none')}</Empty> : null}
      {items.length ? (
        <section class="card" aria-labelledby="wf-list">
          <h2 id="wf-list">{t('workflows.list')}</h2>
          <DataTable label={t('workflows.list')} columns={[t('workflows.col.name'), t('workflows.col.trigger'), t('workflows.col.locations'), t('workflows.col.next'), t('workflows.col.lastRun'), t('workflows.col.enabled')]}>
            {items.map((w) => (
              <tr key={w.id}>
                <td>
                  <Link to={`/workflows/${w.id}`}>{w.name}</Link>
                </td>
                <td>{triggerText(w, t)}</td>
                <td>{w.locations.map((l) => l.name).join(', ')}</td>
                <td>{w.nextRunAt ? inZone(w.nextRunAt, w.trigger.timezone ?? 'UTC', lang) : '—'}</td>
                <td>
                  {w.lastRun ? (
                    <>
                      <StatusBadge status={w.lastRun.status} /> <span class="muted">{formatDate(w.lastRun.createdAt, lang)}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{w.enabled ? t('workflows.enabled') : t('workflows.disabled')}</td>
              </tr>
            ))}
          </DataTable>
          <Pager nextCursor={list.data?.nextCursor} onNext={(c) => setQuery({ cursor: c })} onFirst={cursor ? () => setQuery({}) : undefined} />
        </section>
      ) : null}
    </Page>
  );
}

function triggerText(w: Workflow, t: (k: string, v?: Record<string, string | number>) => string): string {
  if (w.trigger.type === 'schedule') return t('workflows.trigger.scheduleText', { cron: w.trigger.cron ?? '', zone: w.trigger.timezone ?? 'UTC' });
  return t(`workflows.trigger.${w.trigger.type}`);
}

// ---- the form ----------------------------------------------------------------

interface LocationRow {
  name: string;
  latitude: string;
  longitude: string;
  openaqLocationId: string;
  contextId: string;
}

interface ConditionRow {
  when: (typeof WHENS)[number];
  category: string;
  index: string;
  pollutant: string;
  minDelta: string;
  aqiStandard: string;
}

interface FormState {
  name: string;
  enabled: boolean;
  triggerType: TriggerType;
  cron: string;
  timezone: string;
  catchUp: (typeof CATCH_UPS)[number];
  source: Source;
  credentialEnv: string;
  seriesPollutant: string;
  seriesWindow: (typeof WINDOWS)[number];
  locations: LocationRow[];
  conditions: ConditionRow[];
  mode: 'per-location' | 'combined';
  template: string;
  fallbackTemplate: string;
  formats: string[];
  languages: string[];
  aqiStandard: string;
  resolution: string;
  priority: string;
  notify: boolean;
  notifyOn: string[];
}

const emptyLocation = (): LocationRow => ({ name: '', latitude: '', longitude: '', openaqLocationId: '', contextId: '' });

function initialForm(): FormState {
  return {
    name: '',
    enabled: true,
    triggerType: 'schedule',
    cron: '0 7 * * *',
    timezone: localZone(),
    catchUp: '',
    source: 'open-meteo',
    credentialEnv: '',
    seriesPollutant: '',
    seriesWindow: 'past24h',
    locations: [emptyLocation()],
    conditions: [],
    mode: 'per-location',
    template: '',
    fallbackTemplate: '',
    formats: ['landscape'],
    languages: ['es'],
    aqiStandard: '',
    resolution: '',
    priority: '',
    notify: true,
    notifyOn: ['completed', 'failed'],
  };
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The POST /workflows body the form describes. */
function bodyOf(f: FormState): Record<string, unknown> {
  const usesCoordinates = f.source !== 'context';
  const locations = f.locations.map((l) => {
    const out: Record<string, unknown> = { name: l.name.trim() };
    if (usesCoordinates) {
      if (num(l.latitude) !== undefined) out.latitude = num(l.latitude);
      if (num(l.longitude) !== undefined) out.longitude = num(l.longitude);
    }
    if (f.source === 'openaq' && num(l.openaqLocationId) !== undefined) out.openaqLocationId = num(l.openaqLocationId);
    if (f.source === 'context' && l.contextId) out.contextId = l.contextId;
    return out;
  });
  const fetch: Record<string, unknown> = { type: 'fetch', source: f.source };
  if (f.credentialEnv.trim() && ['openaq', 'waqi', 'airnow'].includes(f.source)) fetch.credentialEnv = f.credentialEnv.trim();
  if (f.seriesPollutant && (f.source === 'open-meteo' || f.source === 'openaq')) fetch.series = { pollutant: f.seriesPollutant, window: f.seriesWindow };
  const conditions = f.conditions.map((c) => {
    const out: Record<string, unknown> = { type: 'condition', when: c.when };
    if (c.when === 'aqi_at_least') {
      if (c.category.trim()) out.category = c.category.trim();
      if (num(c.index) !== undefined) out.index = num(c.index);
    } else {
      if (c.pollutant) out.pollutant = c.pollutant;
      if (num(c.minDelta) !== undefined) out.minDelta = num(c.minDelta);
    }
    if (c.aqiStandard) out.aqiStandard = c.aqiStandard;
    return out;
  });
  const render: Record<string, unknown> = { type: 'render', formats: f.formats, languages: f.languages };
  if (f.mode === 'combined') render.mode = 'combined';
  if (f.template) render.template = f.template;
  if (f.template === 'trend' && f.fallbackTemplate) render.fallbackTemplate = f.fallbackTemplate;
  if (f.aqiStandard) render.aqiStandard = f.aqiStandard;
  if (f.resolution) render.resolution = f.resolution;
  if (num(f.priority) !== undefined) render.priority = num(f.priority);
  const steps: Record<string, unknown>[] = [fetch, ...conditions, render];
  if (f.notify) steps.push(f.notifyOn.length === 2 ? { type: 'notify' } : { type: 'notify', on: f.notifyOn });
  const trigger: Record<string, unknown> = { type: f.triggerType };
  if (f.triggerType === 'schedule') {
    trigger.cron = f.cron.trim();
    trigger.timezone = f.timezone.trim() || 'UTC';
    if (f.catchUp) trigger.catchUp = f.catchUp;
  }
  return { name: f.name.trim(), enabled: f.enabled, trigger, locations, steps };
}

function WorkflowForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (s: Saved) => void }) {
  const t = useT();
  const lang = useLang();
  const [f, setF] = useState<FormState>(initialForm);
  const templates = useTemplates();
  const contexts = useQuery(f.source === 'context' && hasScope('contexts:read') ? (c) => c.contexts.list({ limit: 100 }) : null, []);
  const action = useAction();
  const fe = fieldErrors(action.error);
  const zoneList = useMemo(zones, []);
  const preview = useMemo(() => (f.triggerType === 'schedule' ? cronPreview(f.cron, f.timezone.trim() || 'UTC') : { runs: [], error: null }), [f.triggerType, f.cron, f.timezone]);
  const up = (patch: Partial<FormState>) => setF({ ...f, ...patch });
  const setLoc = (i: number, patch: Partial<LocationRow>) => up({ locations: f.locations.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const setCond = (i: number, patch: Partial<ConditionRow>) => up({ conditions: f.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const renderIdx = 1 + f.conditions.length;
  const notifyIdx = renderIdx + 1;
  const local = localZone();
  const cronError =
    preview.error === 'fields' ? t('workflows.cron.errFields') : preview.error === 'zone' ? t('workflows.cron.errZone') : preview.error === 'never' ? t('workflows.cron.errNever') : preview.error ? t('workflows.cron.errInvalid', { reason: preview.error }) : null;
  const coords = f.source !== 'context';

  return (
    <section class="card" aria-labelledby="wf-new">
      <h2 id="wf-new">{t('workflows.new')}</h2>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const saved = await action.run('create', () => client.request<Saved>('POST', '/workflows', { body: bodyOf(f) }));
          if (saved) onCreated(saved);
        }}
      >
        <ErrorBanner error={action.error} />
        <div class="form-grid" style={WIDE_GRID}>
          <Field label={t('workflows.field.name')} error={fe.name}>
            <input required maxLength={120} value={f.name} onInput={(e) => up({ name: e.currentTarget.value })} />
          </Field>
          <Field label={t('workflows.field.trigger')} error={fe['trigger.type']}>
            <Choice value={f.triggerType} options={TRIGGERS} label={(tr) => t(`workflows.trigger.${tr}`)} onChange={(triggerType) => up({ triggerType })} />
          </Field>
          <div class="field" style={BESIDE_FIELDS}>
            <label class="check">
              <input type="checkbox" style={{ flex: 'none' }} checked={f.enabled} onChange={(e) => up({ enabled: e.currentTarget.checked })} />
              {t('workflows.field.enabled')}
            </label>
          </div>
        </div>
        <p class="muted">{t(`workflows.trigger.${f.triggerType}.help`)}</p>

        {f.triggerType === 'schedule' ? (
          <fieldset>
            <legend>{t('workflows.schedule')}</legend>
            <div class="form-grid" style={WIDE_GRID}>
              <Field label={t('workflows.field.cron')} hint={t('workflows.cron.hint')} error={fe['trigger.cron'] ?? cronError}>
                <input required spellcheck={false} autocomplete="off" style={{ fontFamily: 'var(--mono)' }} value={f.cron} onInput={(e) => up({ cron: e.currentTarget.value })} />
              </Field>
              <Field label={t('workflows.cron.presets')}>
                <select value="" onChange={(e) => e.currentTarget.value && up({ cron: e.currentTarget.value })}>
                  <option value="">{t('workflows.cron.choose')}</option>
                  {CRON_PRESETS.map(([expr, key]) => (
                    <option key={expr} value={expr}>
                      {t(key)} — {expr}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('workflows.field.timezone')} hint={t('workflows.timezone.hint')} error={fe['trigger.timezone']}>
                <input list="wf-zones" required spellcheck={false} value={f.timezone} onInput={(e) => up({ timezone: e.currentTarget.value })} />
              </Field>
              <Field label={t('workflows.field.catchUp')} error={fe['trigger.catchUp']}>
                <Choice value={f.catchUp} options={CATCH_UPS} label={(c) => t(`workflows.catchUp.${c || 'default'}`)} onChange={(catchUp) => up({ catchUp })} />
              </Field>
            </div>
            <datalist id="wf-zones">
              {zoneList.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
            <div aria-live="polite" style={{ marginTop: '0.75rem' }}>
              {preview.runs.length ? (
                <>
                  <strong>{t('workflows.cron.next')}</strong>
                  <ol class="cron-next" style={{ margin: '0.3rem 0 0', paddingLeft: '1.4rem' }}>
                    {preview.runs.map((d) => (
                      <li key={d.toISOString()}>
                        <time dateTime={d.toISOString()}>{inZone(d, f.timezone.trim() || 'UTC', lang)}</time>
                        {' '}
                        <span class="muted">({f.timezone.trim() || 'UTC'})</span>
                        {local !== (f.timezone.trim() || 'UTC') ? <span class="muted"> · {t('workflows.cron.local', { time: inZone(d, local, lang) })}</span> : null}
                      </li>
                    ))}
                  </ol>
                </>
              ) : null}
            </div>
          </fieldset>
        ) : null}

        <fieldset>
          <legend>{t('workflows.source')}</legend>
          <div class="form-grid" style={WIDE_GRID}>
            <Field label={t('workflows.field.source')} error={fe['steps[0].source']}>
              <Choice value={f.source} options={SOURCES} label={(s) => t(`workflows.source.${s}`)} onChange={(source) => up({ source })} />
            </Field>
            {['openaq', 'waqi', 'airnow'].includes(f.source) ? (
              <Field label={t('workflows.field.credentialEnv')} hint={t('workflows.credentialEnv.hint')} error={fe['steps[0].credentialEnv']}>
                <input spellcheck={false} maxLength={100} placeholder={f.source === 'openaq' ? 'OPENAQ_API_KEY' : f.source === 'waqi' ? 'WAQI_TOKEN' : 'AIRNOW_API_KEY'} value={f.credentialEnv} onInput={(e) => up({ credentialEnv: e.currentTarget.value })} />
              </Field>
            ) : null}
            {f.source === 'open-meteo' || f.source === 'openaq' ? (
              <>
                <Field label={t('workflows.field.series')} hint={t('workflows.series.hint')} error={fe['steps[0].series'] ?? fe['steps[0].series.pollutant']}>
                  <select value={f.seriesPollutant} onChange={(e) => up({ seriesPollutant: e.currentTarget.value })}>
                    <option value="">{t('workflows.series.none')}</option>
                    {POLLUTANTS.map((p) => (
                      <option key={p} value={p}>
                        {t(`shared.measure.${p}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                {f.seriesPollutant ? (
                  <Field label={t('workflows.field.window')} error={fe['steps[0].series.window']}>
                    <Choice value={f.seriesWindow} options={f.source === 'open-meteo' ? WINDOWS : WINDOWS.slice(0, 1)} label={(w) => t(`workflows.window.${w}`)} onChange={(seriesWindow) => up({ seriesWindow })} />
                  </Field>
                ) : null}
              </>
            ) : null}
          </div>
          <p class="muted">{t(`workflows.source.${f.source}.help`)}</p>
        </fieldset>

        <fieldset>
          <legend>{t('workflows.locations')}</legend>
          {fe.locations ? <p class="error">{fe.locations}</p> : null}
          <div class="stack">
            {f.locations.map((l, i) => (
              <div key={i} class="form-grid" style={WIDE_GRID} role="group" aria-label={t('workflows.location.n', { n: i + 1 })}>
                <Field label={t('workflows.field.locationName', { n: i + 1 })} error={fe[`locations[${i}].name`] ?? fe[`locations[${i}]`]}>
                  <input required maxLength={120} value={l.name} onInput={(e) => setLoc(i, { name: e.currentTarget.value })} />
                </Field>
                {coords ? (
                  <>
                    <Field label={t('workflows.field.latitude')} error={fe[`locations[${i}].latitude`]}>
                      <input type="number" step="any" min={-90} max={90} required={f.source !== 'openaq'} value={l.latitude} onInput={(e) => setLoc(i, { latitude: e.currentTarget.value })} />
                    </Field>
                    <Field label={t('workflows.field.longitude')} error={fe[`locations[${i}].longitude`]}>
                      <input type="number" step="any" min={-180} max={180} required={f.source !== 'openaq'} value={l.longitude} onInput={(e) => setLoc(i, { longitude: e.currentTarget.value })} />
                    </Field>
                  </>
                ) : null}
                {f.source === 'openaq' ? (
                  <Field label={t('workflows.field.openaqId')} hint={t('workflows.openaqId.hint')} error={fe[`locations[${i}].openaqLocationId`]}>
                    <input type="number" min={1} step={1} value={l.openaqLocationId} onInput={(e) => setLoc(i, { openaqLocationId: e.currentTarget.value })} />
                  </Field>
                ) : null}
                {f.source === 'context' ? (
                  <Field label={t('workflows.field.context')} error={fe[`locations[${i}].contextId`]}>
                    {contexts.data ? (
                      <select
                        required
                        value={l.contextId}
                        onChange={(e) => {
                          const id = e.currentTarget.value;
                          const c = contexts.data?.contexts.find((x) => x.contextId === id);
                          setLoc(i, { contextId: id, name: l.name || c?.location || '' });
                        }}
                      >
                        <option value="">{t('workflows.context.choose')}</option>
                        {contexts.data.contexts.map((c) => (
                          <option key={c.contextId} value={c.contextId}>
                            {c.location ?? c.contextId} {c.date ? `· ${c.date}` : ''} · {c.contextId}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input required spellcheck={false} value={l.contextId} onInput={(e) => setLoc(i, { contextId: e.currentTarget.value })} />
                    )}
                  </Field>
                ) : null}
                <div class="field" style={BESIDE_FIELDS}>
                  <Button kind="ghost" disabled={f.locations.length === 1} onClick={() => up({ locations: f.locations.filter((_, j) => j !== i) })} aria-label={t('workflows.location.remove', { n: i + 1 })}>
                    {t('shared.remove')}
                  </Button>
                </div>
              </div>
            ))}
          </div>
          <div class="row" style={{ marginTop: '0.75rem' }}>
            <Button disabled={f.locations.length >= 100} onClick={() => up({ locations: [...f.locations, emptyLocation()] })}>
              {t('workflows.location.add')}
            </Button>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('workflows.conditions')}</legend>
          <p class="muted">{t('workflows.conditions.help')}</p>
          <div class="stack">
            {f.conditions.map((c, i) => {
              const at = `steps[${1 + i}]`;
              return (
                <div key={i} class="form-grid" style={WIDE_GRID} role="group" aria-label={t('workflows.condition.n', { n: i + 1 })}>
                  <Field label={t('workflows.field.when', { n: i + 1 })} error={fe[`${at}.when`]}>
                    <Choice value={c.when} options={WHENS} label={(w) => t(`workflows.when.${w}`)} onChange={(when) => setCond(i, { when })} />
                  </Field>
                  {c.when === 'aqi_at_least' ? (
                    <>
                      <Field label={t('workflows.field.category')} hint={t('workflows.category.hint')} error={fe[`${at}.category`]}>
                        <input spellcheck={false} maxLength={60} value={c.category} onInput={(e) => setCond(i, { category: e.currentTarget.value })} />
                      </Field>
                      <Field label={t('workflows.field.index')} error={fe[`${at}.index`]}>
                        <input type="number" min={0} max={1000} step="any" value={c.index} onInput={(e) => setCond(i, { index: e.currentTarget.value })} />
                      </Field>
                    </>
                  ) : (
                    <>
                      <Field label={t('workflows.field.pollutant')} error={fe[`${at}.pollutant`]}>
                        <select value={c.pollutant} onChange={(e) => setCond(i, { pollutant: e.currentTarget.value })}>
                          <option value="">{t('workflows.pollutant.aqi')}</option>
                          {POLLUTANTS.map((p) => (
                            <option key={p} value={p}>
                              {t(`shared.measure.${p}`)}
                            </option>
                          ))}
                        </select>
                      </Field>
                      <Field label={t('workflows.field.minDelta')} error={fe[`${at}.minDelta`]}>
                        <input type="number" min={0} step="any" value={c.minDelta} onInput={(e) => setCond(i, { minDelta: e.currentTarget.value })} />
                      </Field>
                    </>
                  )}
                  <Field label={t('shared.aqiStandard')} error={fe[`${at}.aqiStandard`]}>
                    <select value={c.aqiStandard} onChange={(e) => setCond(i, { aqiStandard: e.currentTarget.value })}>
                      <option value="">{t('shared.default')}</option>
                      {templates.data?.aqiStandards.filter(ratesConcentrations).map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <div class="field" style={BESIDE_FIELDS}>
                    <Button kind="ghost" onClick={() => up({ conditions: f.conditions.filter((_, j) => j !== i) })} aria-label={t('workflows.condition.remove', { n: i + 1 })}>
                      {t('shared.remove')}
                    </Button>
                  </div>
                </div>
              );
            })}
          </div>
          <div class="row" style={{ marginTop: '0.75rem' }}>
            <Button disabled={f.conditions.length >= 7} onClick={() => up({ conditions: [...f.conditions, { when: 'aqi_at_least', category: '', index: '', pollutant: '', minDelta: '', aqiStandard: '' }] })}>
              {t('workflows.condition.add')}
            </Button>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('workflows.render')}</legend>
          <div class="form-grid">
            <Field label={t('workflows.field.mode')} hint={t(f.mode === 'combined' ? 'workflows.mode.combinedHint' : 'workflows.mode.perLocationHint')} error={fe[`steps[${renderIdx}].mode`] ?? fe.locations}>
              <select value={f.mode} onChange={(e) => up({ mode: e.currentTarget.value === 'combined' ? 'combined' : 'per-location', template: '' })}>
                {(['per-location', 'combined'] as const).map((m) => (
                  <option key={m} value={m}>
                    {t(m === 'combined' ? 'workflows.mode.combined' : 'workflows.mode.perLocation')}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('shared.template')} error={fe[`steps[${renderIdx}].template`]}>
              <select value={f.template} onChange={(e) => up({ template: e.currentTarget.value })}>
                <option value="">{t('shared.default')}</option>
                {templates.data?.templates.filter((tp) => (f.mode === 'combined') === COMBINED_TEMPLATES.includes(tp.id)).map((tp) => (
                  <option key={tp.id} value={tp.id}>
                    {tp.name}
                  </option>
                ))}
              </select>
            </Field>
            {f.template === 'trend' ? (
              <Field label={t('workflows.field.fallbackTemplate')} hint={t('workflows.fallback.hint')} error={fe[`steps[${renderIdx}].fallbackTemplate`]}>
                <select value={f.fallbackTemplate} onChange={(e) => up({ fallbackTemplate: e.currentTarget.value })}>
                  <option value="">{t('shared.default')}</option>
                  {templates.data?.templates
                    .filter((tp) => tp.id !== 'trend')
                    .map((tp) => (
                      <option key={tp.id} value={tp.id}>
                        {tp.name}
                      </option>
                    ))}
                </select>
              </Field>
            ) : null}
            <Field label={t('shared.aqiStandard')} error={fe[`steps[${renderIdx}].aqiStandard`]}>
              <select value={f.aqiStandard} onChange={(e) => up({ aqiStandard: e.currentTarget.value })}>
                <option value="">{t('shared.default')}</option>
                {templates.data?.aqiStandards.filter(ratesConcentrations).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('shared.resolution')} error={fe[`steps[${renderIdx}].resolution`]}>
              <select value={f.resolution} onChange={(e) => up({ resolution: e.currentTarget.value })}>
                <option value="">{t('shared.default')}</option>
                {RESOLUTIONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('workflows.field.priority')} error={fe[`steps[${renderIdx}].priority`]}>
              <input type="number" min={-1000} max={1000} step={1} value={f.priority} onInput={(e) => up({ priority: e.currentTarget.value })} />
            </Field>
          </div>
          <div class="form-grid" style={{ marginTop: '0.75rem' }}>
            <CheckGroup legend={t('workflows.field.formats')} values={FORMATS} label={(v) => t(`shared.format.${v}`)} selected={f.formats} onChange={(formats) => up({ formats })} error={fe[`steps[${renderIdx}].formats`]} />
            <CheckGroup legend={t('workflows.field.languages')} values={LANGUAGES} label={(v) => t(`shared.language.${v}`)} selected={f.languages} onChange={(languages) => up({ languages })} error={fe[`steps[${renderIdx}].languages`]} />
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('workflows.announce')}</legend>
          <label class="check">
            <input type="checkbox" style={{ flex: 'none' }} checked={f.notify} onChange={(e) => up({ notify: e.currentTarget.checked })} />
            {t('workflows.announce.enable')}
          </label>
          {f.notify ? (
            <div style={{ marginTop: '0.5rem' }}>
              <CheckGroup legend={t('workflows.announce.on')} values={['completed', 'failed'] as const} label={(v) => t(`workflows.announce.on.${v}`)} selected={f.notifyOn} onChange={(notifyOn) => up({ notifyOn })} error={fe[`steps[${notifyIdx}].on`]} />
            </div>
          ) : null}
          <WorkflowWebhooksNote />
        </fieldset>

        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'create'} disabled={f.formats.length === 0 || f.languages.length === 0 || (f.notify && f.notifyOn.length === 0)}>
            {t('workflows.create')}
          </Button>
          <Button kind="ghost" onClick={onCancel}>
            {t('shared.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Checkboxes for a set of values, as one labelled group. */
function CheckGroup<V extends string>({ legend, values, label, selected, onChange, error }: { legend: string; values: readonly V[]; label: (v: V) => string; selected: string[]; onChange: (next: string[]) => void; error?: string }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div class="row">
        {values.map((v) => (
          <label key={v} class="check">
            <input type="checkbox" style={{ flex: 'none' }} checked={selected.includes(v)} onChange={(e) => onChange(values.filter((x) => (x === v ? e.currentTarget.checked : selected.includes(x))))} />
            {label(v)}
          </label>
        ))}
      </div>
      {error ? <small class="error">{error}</small> : null}
    </fieldset>
  );
}

// ---- the detail page -----------------------------------------------------------

export function WorkflowDetailPage({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const wf = useQuery((c) => c.workflows.get(id), [id]);
  const canWrite = hasScope('workflows:write');
  const [runsTick, setRunsTick] = useState(0);
  const [selectedRun, setSelectedRun] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const action = useAction();
  const w = wf.data;

  if (!w) {
    return (
      <Page title={t('workflows.detail')}>
        <ErrorBanner error={wf.error} />
        {wf.loading ? <Loading /> : null}
        <p>
          <Link to="/workflows">{t('workflows.back')}</Link>
        </p>
      </Page>
    );
  }

  const zone = w.trigger.timezone ?? 'UTC';

  return (
    <Page
      title={w.name}
      actions={
        canWrite ? (
          <>
            <Button
              busy={action.busy === 'enable'}
              onClick={async () => {
                const saved = await action.run('enable', () => client.workflows.update(w.id, { enabled: !w.enabled }));
                if (saved) {
                  notify(saved.workflow.enabled ? t('workflows.nowEnabled') : t('workflows.nowDisabled'), 'success');
                  wf.reload();
                }
              }}
            >
              {w.enabled ? t('workflows.disable') : t('workflows.enable')}
            </Button>
            <Button kind="danger" onClick={() => setDeleting(true)}>
              {t('shared.delete')}
            </Button>
          </>
        ) : null
      }
    >
      <p>
        <Link to="/workflows">{t('workflows.back')}</Link>
      </p>
      <ErrorBanner error={action.error} />
      {secret ? <SecretOnce label={t('workflows.triggerSecret.title')} secret={secret} note={t('workflows.triggerSecret.note', { url: w.triggerUrl ?? '' })} onDone={() => setSecret(null)} /> : null}

      <section class="card" aria-labelledby="wf-def">
        <h2 id="wf-def">{t('workflows.definition')}</h2>
        <dl class="props">
          <dt>{t('workflows.col.enabled')}</dt>
          <dd>{w.enabled ? t('workflows.enabled') : t('workflows.disabled')}</dd>
          <dt>{t('workflows.col.trigger')}</dt>
          <dd>
            {triggerText(w, t)}
            {w.trigger.type === 'schedule' ? ` · ${t('workflows.field.catchUp')}: ${t(`workflows.catchUp.${w.trigger.catchUp ?? 'latest'}`)}` : ''}
          </dd>
          {w.trigger.type === 'schedule' ? (
            <>
              <dt>{t('workflows.cron.next')}</dt>
              <dd>
                {w.nextRuns.length ? (
                  <ol style={{ margin: 0, paddingLeft: '1.2rem' }}>
                    {w.nextRuns.map((r) => (
                      <li key={r}>
                        <time dateTime={r}>{inZone(r, zone, lang)}</time> <span class="muted">({zone})</span>
                      </li>
                    ))}
                  </ol>
                ) : (
                  '—'
                )}
              </dd>
            </>
          ) : null}
          {w.triggerUrl ? (
            <>
              <dt>{t('workflows.triggerUrl')}</dt>
              <dd>
                <code>{w.triggerUrl}</code>
                {canWrite ? (
                  <div style={{ marginTop: '0.4rem' }}>
                    <Button
                      class="btn-small"
                      busy={action.busy === 'rotate'}
                      onClick={async () => {
                        const saved = await action.run('rotate', () => client.workflows.update(w.id, { rotateTriggerSecret: true }));
                        if (saved?.triggerSecret) setSecret(saved.triggerSecret);
                      }}
                    >
                      {t('workflows.rotateSecret')}
                    </Button>
                  </div>
                ) : null}
              </dd>
            </>
          ) : null}
          <dt>{t('workflows.col.lastRun')}</dt>
          <dd>
            {w.lastRun ? (
              <>
                <StatusBadge status={w.lastRun.status} /> {formatDate(w.lastRun.createdAt, lang)}
              </>
            ) : (
              t('workflows.neverRun')
            )}
          </dd>
          <dt>{t('shared.created')}</dt>
          <dd>{formatDate(w.createdAt, lang)}</dd>
          <dt>{t('workflows.updated')}</dt>
          <dd>{formatDate(w.updatedAt, lang)}</dd>
        </dl>

        <h3 style={{ marginTop: '1.25rem' }}>{t('workflows.locations')}</h3>
        <DataTable label={t('workflows.locations')} columns={[t('workflows.col.name'), t('workflows.col.where')]}>
          {w.locations.map((l, i) => (
            <tr key={i}>
              <td>{l.name}</td>
              <td>
                {[
                  l.latitude !== undefined && l.longitude !== undefined ? `${l.latitude}, ${l.longitude}` : null,
                  l.openaqLocationId ? `OpenAQ ${l.openaqLocationId}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {l.contextId ? <Link to={`/contexts/${l.contextId}`}>{l.contextId}</Link> : null}
              </td>
            </tr>
          ))}
        </DataTable>

        <h3 style={{ marginTop: '1.25rem' }}>{t('workflows.steps')}</h3>
        <ol class="stack" style={{ paddingLeft: '1.2rem', gap: '0.4rem' }}>
          {w.steps.map((s, i) => (
            <li key={i}>
              <strong>{t(`workflows.step.${String(s.type)}`)}</strong>{' '}
              <span class="muted">
                {Object.entries(s)
                  .filter(([k]) => k !== 'type')
                  .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : JSON.stringify(v)}`)
                  .join(' · ') || t('workflows.step.defaults')}
              </span>
            </li>
          ))}
        </ol>
      </section>

      {canWrite ? (
        <RunNow
          workflow={w}
          onStarted={(run) => {
            setSelectedRun(run.runId);
            setRunsTick((n) => n + 1);
            wf.reload();
          }}
        />
      ) : null}
      <RunsCard workflowId={w.id} tick={runsTick} selected={selectedRun} onSelect={setSelectedRun} />
      {selectedRun ? (
        <RunDetail
          key={selectedRun}
          runId={selectedRun}
          onChange={() => {
            setRunsTick((n) => n + 1);
            wf.reload();
          }}
        />
      ) : null}

      <DeleteWorkflowDialog open={deleting} workflow={w} onClose={() => setDeleting(false)} />
    </Page>
  );
}

function RunNow({ workflow, onStarted }: { workflow: Workflow; onStarted: (r: Run) => void }) {
  const t = useT();
  const [skipConditions, setSkip] = useState(false);
  const [formats, setFormats] = useState<string[]>([]);
  const [languages, setLanguages] = useState<string[]>([]);
  const action = useAction();
  const hasConditions = workflow.steps.some((s) => s.type === 'condition');
  return (
    <section class="card" aria-labelledby="wf-run">
      <h2 id="wf-run">{t('workflows.runNow')}</h2>
      <ErrorBanner error={action.error} />
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const body: Record<string, unknown> = {};
          if (skipConditions) body.skipConditions = true;
          if (formats.length) body.formats = formats;
          if (languages.length) body.languages = languages;
          const run = await action.run('run', () => client.request<Run>('POST', `/workflows/${encodeURIComponent(workflow.id)}/run`, { body }));
          if (run) {
            notify(t('workflows.runStarted'), 'success');
            onStarted(run);
          }
        }}
      >
        <details>
          <summary>{t('workflows.runOptions')}</summary>
          <div class="stack" style={{ marginTop: '0.6rem' }}>
            {hasConditions ? (
              <label class="check">
                <input type="checkbox" style={{ flex: 'none' }} checked={skipConditions} onChange={(e) => setSkip(e.currentTarget.checked)} />
                {t('workflows.skipConditions')}
              </label>
            ) : null}
            <div class="form-grid">
              <CheckGroup legend={t('workflows.override.formats')} values={FORMATS} label={(v) => t(`shared.format.${v}`)} selected={formats} onChange={setFormats} />
              <CheckGroup legend={t('workflows.override.languages')} values={LANGUAGES} label={(v) => t(`shared.language.${v}`)} selected={languages} onChange={setLanguages} />
            </div>
          </div>
        </details>
        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'run'}>
            {t('workflows.runNow')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function RunsCard({ workflowId, tick, selected, onSelect }: { workflowId: string; tick: number; selected: string | null; onSelect: (id: string) => void }) {
  const t = useT();
  const lang = useLang();
  const [status, setStatus] = useState('');
  const [cursor, setCursor] = useState<string | null>(null);
  const runStatus = RUN_STATUSES.find((x): x is WorkflowRunStatus => x === status);
  const runs = useQuery((c) => c.workflows.runs(workflowId, { limit: 20, status: runStatus, cursor: cursor ?? undefined }), [workflowId, status, cursor, tick]);
  usePoll(runs.reload, 2000, (runs.data?.runs ?? []).some((r) => isWorking(r.status)));
  return (
    <section class="card" aria-labelledby="wf-runs">
      <div class="page-head" style={{ marginBottom: '0.5rem' }}>
        <h2 id="wf-runs" style={{ margin: 0 }}>
          {t('workflows.runs')}
        </h2>
        <div class="toolbar">
          <Field label={t('shared.status')}>
            <select
              value={status}
              onChange={(e) => {
                setStatus(e.currentTarget.value);
                setCursor(null);
              }}
            >
              <option value="">{t('shared.all')}</option>
              {RUN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Button busy={runs.loading} onClick={runs.reload}>
            {t('shared.refresh')}
          </Button>
        </div>
      </div>
      <ErrorBanner error={runs.error} />
      {runs.data && runs.data.runs.length === 0 ? <p class="muted">{t('workflows.runs.none')}</p> : null}
      {runs.data?.runs.length ? (
        <TableWrap label={t('workflows.runs')}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t('workflows.col.run')}</th>
                <th scope="col">{t('shared.status')}</th>
                <th scope="col">{t('workflows.col.trigger')}</th>
                <th scope="col">{t('workflows.col.items')}</th>
                <th scope="col">{t('shared.created')}</th>
                <th scope="col" class="num">
                  {t('workflows.col.duration')}
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.data.runs.map((r) => (
                <tr key={r.runId} aria-current={selected === r.runId ? 'true' : undefined}>
                  <td>
                    <Button class="btn-small" kind={selected === r.runId ? 'primary' : undefined} aria-pressed={selected === r.runId} onClick={() => onSelect(r.runId)} aria-label={t('workflows.run.show', { id: r.runId })}>
                      <code>{r.runId}</code>
                    </Button>
                  </td>
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>
                    {t(`workflows.trigger.${r.trigger}`)}
                    {r.catchUp ? ` · ${t('workflows.run.catchUp')}` : ''}
                    {r.slot ? <div class="muted">{formatDate(r.slot, lang)}</div> : null}
                  </td>
                  <td>{countsText(r.counts, t)}</td>
                  <td>{formatDate(r.createdAt, lang)}</td>
                  <td class="num">{formatDuration(r.durationMs, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {runs.data ? <Pager nextCursor={runs.data.nextCursor} onNext={setCursor} onFirst={cursor ? () => setCursor(null) : undefined} /> : null}
    </section>
  );
}

function countsText(counts: Record<string, number>, t: (k: string, v?: Record<string, string | number>) => string): string {
  const parts = RUN_STATUSES.filter((s) => (counts[s] ?? 0) > 0).map((s) => `${counts[s]} ${t(`status.${s}`).toLowerCase()}`);
  return `${t('workflows.items', { n: counts.items ?? 0 })}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

function RunDetail({ runId, onChange }: { runId: string; onChange: () => void }) {
  const t = useT();
  const lang = useLang();
  const run = useQuery((c) => c.workflows.getRun(runId), [runId]);
  const r = run.data;
  const working = !r || isWorking(r.status) || (r.jobs ?? []).some((j) => j.status === 'queued' || j.status === 'rendering');
  usePoll(run.reload, 1500, working && !run.error);
  // When the run ends, the runs list (its status and counts) is refreshed too.
  const status = r?.status;
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (previous.current && isWorking(previous.current) && status && !isWorking(status)) onChange();
    previous.current = status;
  }, [status]);
  const jobs = new Map((r?.jobs ?? []).map((j) => [j.jobId, j]));
  return (
    <section class="card" aria-labelledby="wf-run-detail" aria-busy={working ? 'true' : undefined}>
      <h2 id="wf-run-detail">{t('workflows.run.title', { id: runId })}</h2>
      <ErrorBanner error={run.error} />
      {!r ? <Loading /> : null}
      {r ? (
        <>
          <dl class="props">
            <dt>{t('shared.status')}</dt>
            <dd>
              <StatusBadge status={r.status} />
              {r.error ? <span class="error"> {r.error.message}</span> : null}
            </dd>
            <dt>{t('workflows.col.items')}</dt>
            <dd>{countsText(r.counts, t)}</dd>
            <dt>{t('workflows.run.started')}</dt>
            <dd>{formatDate(r.startedAt, lang)}</dd>
            <dt>{t('workflows.run.ended')}</dt>
            <dd>{formatDate(r.completedAt, lang)}</dd>
            {r.overrides ? (
              <>
                <dt>{t('workflows.run.overrides')}</dt>
                <dd>
                  <code>{JSON.stringify(r.overrides)}</code>
                </dd>
              </>
            ) : null}
            <dt>{t('workflows.run.batch')}</dt>
            <dd>
              <Link to={`/renders?batchId=${encodeURIComponent(r.batchId)}`}>{t('workflows.run.batchLink')}</Link>
            </dd>
          </dl>
          <h3 style={{ marginTop: '1.25rem' }}>{t('workflows.run.items')}</h3>
          <DataTable label={t('workflows.run.items')} columns={[t('workflows.col.location'), t('shared.status'), t('workflows.steps'), t('workflows.col.jobs')]}>
            {(r.items ?? []).map((it) => (
              <tr key={it.itemId}>
                <th scope="row">{it.location.name}</th>
                <td>
                  <StatusBadge status={it.status} />
                  {it.error ? <div class="error">{it.error.message}</div> : null}
                </td>
                <td>
                  <ol style={{ margin: 0, paddingLeft: '1.1rem' }}>
                    {it.steps.map((s) => (
                      <li key={s.index}>
                        {t(`workflows.step.${s.type}`)} <StatusBadge status={s.status} /> <span class="muted">{formatDuration(s.durationMs, lang)}</span>
                        {s.attempts > 1 ? <span class="muted"> · {t('workflows.step.attempts', { n: s.attempts })}</span> : null}
                        {s.error ? <div class="error">{s.error.message}</div> : null}
                        {s.output ? (
                          <details>
                            <summary>{t('workflows.step.output')}</summary>
                            <pre class="code">{JSON.stringify(s.output, null, 2)}</pre>
                          </details>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </td>
                <td>
                  {it.jobIds.length === 0 ? '—' : null}
                  <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {it.jobIds.map((id) => {
                      const j = jobs.get(id);
                      return (
                        <li key={id} style={{ marginBottom: '0.3rem' }}>
                          <JobLink id={id} /> {j ? <StatusBadge status={j.status} /> : null}
                          {j?.videoUrl ? (
                            <>
                              {' '}
                              <a href={j.videoUrl}>{t('shared.openVideo')}</a>
                            </>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </section>
  );
}

function DeleteWorkflowDialog({ open, workflow, onClose }: { open: boolean; workflow: Workflow; onClose: () => void }) {
  const t = useT();
  return (
    <DeleteDialog
      open={open}
      title={t('workflows.delete.title')}
      confirm={t('shared.delete')}
      remove={() => client.workflows.delete(workflow.id)}
      onDeleted={() => {
        notify(t('workflows.deleted', { name: workflow.name }), 'success');
        navigate('/workflows');
      }}
      onClose={onClose}
    >
      <p>{t('workflows.delete.body', { name: workflow.name })}</p>
    </DeleteDialog>
  );
}
