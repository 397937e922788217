/**
 * Contexts: the stored values renders are made from (read from a bulletin,
 * entered by hand or fetched by a workflow). A filtered, paged list, and a
 * detail page with each value's unit, confidence and source text, edits guarded
 * by If-Match (a stale edit is a 412 shown as a conflict), the edit history,
 * tags, the kept original, renders from the context, and delete.
 *
 * The small helpers at the end of this file (useAction, SecretOnce,
 * ConfirmDialog, useTemplates, …) are shared by the other pages of this set.
 */
import { ratesConcentrations } from '../model';
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Context as ContextView, Job as JobView } from '@aqcast/client';
import { FORMATS, isMeasure, LANGUAGES, MEASURES, POLLUTANTS, RENDER_UNIT as UNITS } from '@aqcast/vocabulary';
import { ApiError, client, useQuery } from '../api';
import { formatDate, formatNumber, useLang, useT, type Lang } from '../i18n';
import { Link, navigate, setQuery, useLocation } from '../router';
import { hasScope } from '../session';
import { Button, Dialog, Empty, ErrorBanner, Field, fieldErrors, Loading, notify, Page, Pager, StatusBadge, DataTable, TableWrap } from '../ui';

const SOURCE_KINDS = ['upload', 'manual', 'workflow'] as const;
export { MEASURES };
const ETAG = (version: number) => `"v${version}"`;

/** A measure's label (PM2.5, NO₂, temperature, …) in the interface language. */
export function measureLabel(t: (k: string) => string, m: string): string {
  return t(`shared.measure.${m}`);
}

function percent(n: number | null | undefined, lang: Lang): string {
  return formatNumber(n, lang, { style: 'percent', maximumFractionDigits: 0 });
}

function valuesSummary(c: ContextView, t: (k: string) => string, lang: Lang): string {
  const parts = MEASURES.filter((m) => c[m] !== undefined).map((m) => `${measureLabel(t, m)} ${formatNumber(c[m], lang)}`);
  return parts.length ? parts.join(' · ') : '—';
}

// ---- the list ---------------------------------------------------------------

const FILTERS = ['location', 'tag', 'source', 'q'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export function ContextsPage() {
  const t = useT();
  const lang = useLang();
  const loc = useLocation();
  const applied: Filters = { location: loc.query.get('location') ?? '', tag: loc.query.get('tag') ?? '', source: loc.query.get('source') ?? '', q: loc.query.get('q') ?? '' };
  const cursor = loc.query.get('cursor') ?? '';
  const [draft, setDraft] = useState<Filters>(applied);
  const [creating, setCreating] = useState(false);
  const source = SOURCE_KINDS.find((k) => k === applied.source);
  const list = useQuery(
    (c) => c.contexts.list({ limit: 25, location: applied.location || undefined, tag: applied.tag || undefined, source, q: applied.q || undefined, cursor: cursor || undefined }),
    [applied.location, applied.tag, applied.source, applied.q, cursor],
  );
  const canWrite = hasScope('contexts:write');
  const filtered = FILTERS.some((k) => applied[k]);

  return (
    <Page
      title={t('nav.contexts')}
      actions={
        canWrite ? (
          <Button kind="primary" onClick={() => setCreating(true)}>
            {t('contexts.new')}
          </Button>
        ) : null
      }
    >
      <form
        class="card toolbar"
        role="search"
        aria-label={t('contexts.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...draft });
        }}
      >
        <Field label={t('contexts.filter.q')}>
          <input type="search" value={draft.q} maxLength={200} onInput={(e) => setDraft({ ...draft, q: e.currentTarget.value })} />
        </Field>
        <Field label={t('contexts.filter.location')}>
          <input value={draft.location} maxLength={120} onInput={(e) => setDraft({ ...draft, location: e.currentTarget.value })} />
        </Field>
        <Field label={t('contexts.filter.tag')}>
          <input value={draft.tag} maxLength={50} onInput={(e) => setDraft({ ...draft, tag: e.currentTarget.value })} />
        </Field>
        <Field label={t('contexts.filter.source')}>
          <select value={draft.source} onChange={(e) => setDraft({ ...draft, source: e.currentTarget.value })}>
            <option value="">{t('contexts.source.any')}</option>
            {SOURCE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`contexts.source.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button kind="primary" type="submit">
          {t('contexts.filter.apply')}
        </Button>
        {filtered ? (
          <Button
            kind="ghost"
            onClick={() => {
              setDraft({ location: '', tag: '', source: '', q: '' });
              setQuery({});
            }}
          >
            {t('contexts.filter.clear')}
          </Button>
        ) : null}
      </form>

      <ErrorBanner error={list.error} />
      {!list.data && list.loading ? <Loading /> : null}
      {list.data && list.data.contexts.length === 0 ? <Empty>{filtered ? t('contexts.noneMatch') : t('contexts.none')}</Empty> : null}
      {list.data && list.data.contexts.length > 0 ? (
        <div class="card">
          <TableWrap label={t('nav.contexts')}>
            <table class="data">
              <caption class="sr-only">{t('nav.contexts')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('contexts.col.location')}</th>
                  <th scope="col">{t('contexts.col.date')}</th>
                  <th scope="col">{t('contexts.col.source')}</th>
                  <th scope="col">{t('contexts.col.values')}</th>
                  <th scope="col" class="num">
                    {t('contexts.col.confidence')}
                  </th>
                  <th scope="col">{t('contexts.col.tags')}</th>
                  <th scope="col" class="num">
                    {t('contexts.col.renders')}
                  </th>
                  <th scope="col">{t('contexts.col.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.contexts.map((c) => (
                  <tr key={c.contextId}>
                    <td>
                      <Link to={`/contexts/${c.contextId}`}>{c.location ?? c.contextId}</Link>
                    </td>
                    <td>{c.date ?? '—'}</td>
                    <td>{t(`contexts.source.${c.source.kind}`)}</td>
                    <td>{valuesSummary(c, t, lang)}</td>
                    <td class="num">{percent(c.confidence, lang)}</td>
                    <td>{c.tags.length ? c.tags.join(', ') : '—'}</td>
                    <td class="num">{formatNumber(c.renders.count, lang)}</td>
                    <td>{formatDate(c.updatedAt, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pager nextCursor={list.data.nextCursor} onNext={(next) => setQuery({ ...applied, cursor: next })} onFirst={cursor ? () => setQuery({ ...applied }) : undefined} />
        </div>
      ) : null}
      <NewContextDialog open={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}

/** Values entered by hand (POST /contexts). */
function NewContextDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [form, setForm] = useState<Record<string, string>>({});
  const action = useAction();
  const fe = fieldErrors(action.error);
  const set = (k: string, v: string) => setForm({ ...form, [k]: v });
  return (
    <Dialog open={open} title={t('contexts.new')} onClose={onClose} wide>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const body: Record<string, unknown> = { location: (form.location ?? '').trim() };
          if (form.date) body.date = form.date;
          for (const m of MEASURES) if (form[m]?.trim()) body[m] = Number(form[m]);
          const tags = splitTags(form.tags ?? '');
          if (tags.length) body.tags = tags;
          const created = await action.run('create', () => client.request<ContextView>('POST', '/contexts', { body }));
          if (created) {
            notify(t('contexts.created'), 'success');
            onClose();
            setForm({});
            navigate(`/contexts/${created.contextId}`);
          }
        }}
      >
        <ErrorBanner error={action.error} />
        <div class="form-grid">
          <Field label={t('contexts.field.location')} error={fe.location}>
            <input required maxLength={120} value={form.location ?? ''} onInput={(e) => set('location', e.currentTarget.value)} />
          </Field>
          <Field label={t('contexts.field.date')} error={fe.date}>
            <input type="date" value={form.date ?? ''} onInput={(e) => set('date', e.currentTarget.value)} />
          </Field>
          {MEASURES.map((m) => (
            <Field key={m} label={`${measureLabel(t, m)} (${UNITS[m]})`} error={fe[m]}>
              <input type="number" step="any" inputMode="decimal" value={form[m] ?? ''} onInput={(e) => set(m, e.currentTarget.value)} />
            </Field>
          ))}
        </div>
        <Field label={t('contexts.tags.add')} hint={t('contexts.tags.hint')} error={fe.tags}>
          <input value={form.tags ?? ''} onInput={(e) => set('tags', e.currentTarget.value)} />
        </Field>
        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'create'}>
            {t('contexts.create')}
          </Button>
          <Button kind="ghost" onClick={onClose}>
            {t('shared.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function splitTags(text: string): string[] {
  return [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
}

// ---- the detail page -----------------------------------------------------------

const EDITABLE = ['location', 'date', ...MEASURES] as const;
type Editable = (typeof EDITABLE)[number];
type Draft = Record<Editable, string>;

function draftOf(c: ContextView): Draft {
  // Every key of EDITABLE is set by the loop below.
  const d = {} as Draft;
  for (const k of EDITABLE) {
    const v = c[k];
    d[k] = v === undefined || v === null ? '' : String(v);
  }
  return d;
}

/** The PATCH body: only what differs from `base` (an emptied value is null: removed). */
function patchOf(draft: Draft, base: ContextView): Record<string, unknown> {
  const before = draftOf(base);
  const body: Record<string, unknown> = {};
  for (const k of EDITABLE) {
    const now = draft[k].trim();
    if (now === before[k]) continue;
    if (k === 'location') body.location = now;
    else if (k === 'date') body.date = now || null;
    else body[k] = now === '' ? null : Number(now);
  }
  return body;
}

export function ContextDetailPage({ id }: { id: string }) {
  const t = useT();
  const loaded = useQuery((c) => c.contexts.get(id), [id]);
  const [ctx, setCtx] = useState<ContextView | undefined>(undefined);
  const [historyTick, setHistoryTick] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const canWrite = hasScope('contexts:write');
  useEffect(() => {
    if (loaded.data) setCtx(loaded.data);
  }, [loaded.data]);

  const changed = (next: ContextView) => {
    setCtx(next);
    setHistoryTick((n) => n + 1);
  };

  if (!ctx) {
    return (
      <Page title={t('contexts.detail')}>
        <ErrorBanner error={loaded.error} />
        {loaded.loading ? <Loading /> : null}
        <p>
          <Link to="/contexts">{t('contexts.back')}</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page
      title={ctx.location ?? ctx.contextId}
      actions={
        <>
          {ctx.source.kept ? (
            <a class="btn" href={`/contexts/${encodeURIComponent(ctx.contextId)}/source`} download={ctx.source.filename ?? undefined}>
              {t('contexts.source.download')}
            </a>
          ) : null}
          {canWrite ? (
            <Button kind="danger" onClick={() => setDeleting(true)}>
              {t('contexts.delete')}
            </Button>
          ) : null}
        </>
      }
    >
      <p>
        <Link to="/contexts">{t('contexts.back')}</Link>
      </p>
      <ContextSummary ctx={ctx} />
      <ValuesCard ctx={ctx} />
      {canWrite ? <EditCard ctx={ctx} onSaved={changed} /> : null}
      <TagsCard ctx={ctx} canWrite={canWrite} onChanged={changed} />
      <HistoryCard id={ctx.contextId} tick={historyTick} />
      {canWrite ? (
        <RenderCard
          ctx={ctx}
          onQueued={() => {
            // The render count and the renders list move on.
            loaded.reload();
            setHistoryTick((n) => n + 1);
          }}
        />
      ) : null}
      <RendersCard ctx={ctx} tick={historyTick} />
      <DeleteContextDialog open={deleting} ctx={ctx} onClose={() => setDeleting(false)} />
    </Page>
  );
}

function ContextSummary({ ctx }: { ctx: ContextView }) {
  const t = useT();
  const lang = useLang();
  const s = ctx.source;
  return (
    <section class="card" aria-labelledby="ctx-summary">
      <h2 id="ctx-summary">{t('contexts.summary')}</h2>
      <dl class="props">
        <dt>{t('contexts.field.id')}</dt>
        <dd>
          <code>{ctx.contextId}</code>
        </dd>
        <dt>{t('contexts.field.date')}</dt>
        <dd>{ctx.date ?? '—'}</dd>
        <dt>{t('contexts.col.source')}</dt>
        <dd>
          {t(`contexts.source.${s.kind}`)}
          {s.filename ? ` · ${s.filename}` : ''}
          {s.mediaType ? ` · ${s.mediaType}` : ''}
          {s.pages ? ` · ${t('contexts.pages', { n: s.pages })}` : ''}
          {s.bytes ? ` · ${formatNumber(s.bytes, lang)} B` : ''}
          {s.workflowId ? (
            <>
              {' · '}
              <Link to={`/workflows/${s.workflowId}`}>{t('contexts.source.workflowLink')}</Link>
            </>
          ) : null}
        </dd>
        {s.kind === 'upload' ? (
          <>
            <dt>{t('contexts.source.original')}</dt>
            <dd>{s.kept ? t('contexts.source.keptUntil', { date: formatDate(s.keptUntil, lang) }) : t('contexts.source.notKept')}</dd>
          </>
        ) : null}
        <dt>{t('contexts.field.method')}</dt>
        <dd>{ctx.method}</dd>
        <dt>{t('contexts.col.confidence')}</dt>
        <dd>{percent(ctx.confidence, lang)}</dd>
        {ctx.language ? (
          <>
            <dt>{t('contexts.field.language')}</dt>
            <dd>{ctx.language}</dd>
          </>
        ) : null}
        {ctx.kind ? (
          <>
            <dt>{t('contexts.field.kind')}</dt>
            <dd>{ctx.kind}</dd>
          </>
        ) : null}
        {ctx.stations.length ? (
          <>
            <dt>{t('contexts.field.stations')}</dt>
            <dd>
              {ctx.stations.map((st) => st.name).join(', ')}
              {ctx.cityValueRule ? ` (${t('contexts.cityRule', { rule: ctx.cityValueRule })})` : ''}
            </dd>
          </>
        ) : null}
        <dt>{t('contexts.field.version')}</dt>
        <dd>{ctx.version}</dd>
        <dt>{t('contexts.field.created')}</dt>
        <dd>{formatDate(ctx.createdAt, lang)}</dd>
        <dt>{t('contexts.col.updated')}</dt>
        <dd>{formatDate(ctx.updatedAt, lang)}</dd>
      </dl>
    </section>
  );
}

function ValuesCard({ ctx }: { ctx: ContextView }) {
  const t = useT();
  const lang = useLang();
  const rows = MEASURES.filter((m) => ctx[m] !== undefined);
  return (
    <section class="card" aria-labelledby="ctx-values">
      <h2 id="ctx-values">{t('contexts.values')}</h2>
      {ctx.index ? <IndexValues index={ctx.index} /> : null}
      {rows.length === 0 ? (
        ctx.index ? null : <p class="muted">{t('contexts.noValues')}</p>
      ) : (
        <TableWrap label={t('contexts.values')}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t('contexts.col.measure')}</th>
                <th scope="col" class="num">
                  {t('contexts.col.value')}
                </th>
                <th scope="col">{t('contexts.col.unit')}</th>
                <th scope="col" class="num">
                  {t('contexts.col.confidence')}
                </th>
                <th scope="col">{t('contexts.col.sourceText')}</th>
                <th scope="col">{t('contexts.col.provenance')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => {
                const f = ctx.fields[m];
                const provenance = [f?.origin, f?.averaging, f?.kind, f?.station ? t('contexts.station', { name: f.station }) : null, f?.stationCount ? t('contexts.stationCount', { n: f.stationCount }) : null].filter(Boolean).join(' · ');
                return (
                  <tr key={m}>
                    <th scope="row">{measureLabel(t, m)}</th>
                    <td class="num">{formatNumber(ctx[m], lang)}</td>
                    <td>{f?.unit ?? UNITS[m]}</td>
                    <td class="num">{percent(f?.confidence, lang)}</td>
                    <td>{f?.sourceText ? <q>{f.sourceText}</q> : <span class="muted">{t('contexts.enteredByHand')}</span>}</td>
                    <td>
                      {provenance || '—'}
                      {f?.edited ? (
                        <div class="muted">
                          {f.extractedValue !== undefined ? t('contexts.editedFrom', { value: String(f.extractedValue) }) : t('contexts.edited')}
                          {f.editedAt ? ` · ${formatDate(f.editedAt, lang)}` : ''}
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

/** The index a document gave instead of concentrations: its number or (a band-only index) its category, and each pollutant's, with their source lines. */
export function IndexValues({ index }: { index: NonNullable<ContextView['index']> }) {
  const t = useT();
  // A band-only index's category keys are its categories' own names ("muy_mala" → "muy mala").
  const words = (key: string): string => key.replace(/_/g, ' ');
  const rows: Array<[string, string]> = [
    ...Object.entries(index.pollutants).map(([p, v]): [string, string] => [p, `${v} ${index.name}`]),
    ...Object.entries(index.categories ?? {}).map(([p, v]): [string, string] => [p, words(v)]),
  ];
  return (
    <section class="stack" aria-labelledby="index-h">
      <h3 id="index-h">
        {index.overall === null && index.category
          ? t('ingest.indexCategory', { name: index.name, category: words(index.category) })
          : t('ingest.index', { name: index.name, overall: index.overall ?? '' })}
      </h3>
      <p class="muted small">{t(index.standard ? 'ingest.indexHint' : 'ingest.indexNoStandard', { standard: index.standard ?? '' })}</p>
      {rows.length ? (
        <ul class="small">
          {rows.map(([p, v]) => {
            const src = index.sources[p];
            return (
              <li key={p}>
                {measureLabel(t, p)}: <strong>{v}</strong>
                {src ? (
                  <span class="muted">
                    {' '}— <q class="source-text">{src.sourceText}</q>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** The edit form: a PATCH of what changed, with If-Match on the version it was based on. */
function EditCard({ ctx, onSaved }: { ctx: ContextView; onSaved: (c: ContextView) => void }) {
  const t = useT();
  const lang = useLang();
  const [draft, setDraft] = useState<Draft>(() => draftOf(ctx));
  /** The version the draft is based on (the If-Match sent). */
  const [base, setBase] = useState<ContextView>(ctx);
  /** The context as it is now on the service, after a 412. */
  const [conflict, setConflict] = useState<ContextView | null>(null);
  const action = useAction();
  const fe = fieldErrors(action.error);
  useEffect(() => {
    // A change made elsewhere on this page (tags) moves the base on without touching the draft.
    if (!conflict && ctx.version !== base.version) {
      const untouched = Object.keys(patchOf(draft, base)).length === 0;
      setBase(ctx);
      if (untouched) setDraft(draftOf(ctx));
    }
  }, [ctx]);
  const pending = patchOf(draft, base);
  const latest = conflict ? draftOf(conflict) : null;

  const save = async (on: ContextView) => {
    const body = patchOf(draft, on);
    if (Object.keys(body).length === 0) {
      notify(t('contexts.edit.nothing'), 'info');
      return;
    }
    try {
      action.setError(null);
      action.setBusy('save');
      const saved = await client.request<ContextView>('PATCH', `/contexts/${encodeURIComponent(ctx.contextId)}`, { body, headers: { 'if-match': ETAG(on.version) } });
      setConflict(null);
      setBase(saved);
      setDraft(draftOf(saved));
      onSaved(saved);
      notify(t('contexts.edit.saved', { version: saved.version }), 'success');
    } catch (err) {
      if (err instanceof ApiError && err.status === 412) {
        try {
          setConflict(await client.contexts.get(ctx.contextId));
        } catch (again) {
          action.setError(again);
        }
      } else action.setError(err);
    } finally {
      action.setBusy(null);
    }
  };

  return (
    <section class="card" aria-labelledby="ctx-edit">
      <h2 id="ctx-edit">{t('contexts.edit.title')}</h2>
      <p class="muted">{t('contexts.edit.intro', { version: base.version })}</p>
      {conflict ? (
        <div class="banner banner-error" role="alert">
          <strong>{t('contexts.conflict.title')}</strong>
          <p>{t('contexts.conflict.body', { mine: base.version, theirs: conflict.version, when: formatDate(conflict.updatedAt, lang) })}</p>
          <div class="row" style={{ marginTop: '0.5rem' }}>
            <Button
              kind="primary"
              style={{ whiteSpace: 'normal', textAlign: 'left' }}
              onClick={() => {
                // Three-way: the fields I changed keep my value, every other field takes the latest one.
                const mine = draftOf(base);
                const theirs = draftOf(conflict);
                // Every key of EDITABLE is set by the loop below.
                const merged = {} as Draft;
                for (const k of EDITABLE) merged[k] = draft[k].trim() !== mine[k] ? draft[k] : theirs[k];
                setDraft(merged);
                setBase(conflict);
                setConflict(null);
                onSaved(conflict);
              }}
            >
              {t('contexts.conflict.keepMine', { version: conflict.version })}
            </Button>
            <Button
              style={{ whiteSpace: 'normal', textAlign: 'left' }}
              onClick={() => {
                setBase(conflict);
                setDraft(draftOf(conflict));
                setConflict(null);
                onSaved(conflict);
              }}
            >
              {t('contexts.conflict.discard')}
            </Button>
          </div>
        </div>
      ) : null}
      <ErrorBanner error={action.error} />
      <form
        class="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (!conflict) void save(base);
        }}
      >
        <div class="form-grid">
          {EDITABLE.map((k) => {
            const label = k === 'location' ? t('contexts.field.location') : k === 'date' ? t('contexts.field.date') : `${measureLabel(t, k)} (${UNITS[k]})`;
            const theirs = latest && latest[k] !== draftOf(base)[k] ? t('contexts.conflict.now', { value: latest[k] || t('contexts.conflict.empty') }) : undefined;
            return (
              <Field key={k} label={label} error={fe[k] ?? (k === 'temperatura' ? fe.temperature : undefined)} hint={theirs}>
                <input
                  type={k === 'location' ? 'text' : k === 'date' ? 'date' : 'number'}
                  step={k === 'location' || k === 'date' ? undefined : 'any'}
                  inputMode={k === 'location' || k === 'date' ? undefined : 'decimal'}
                  required={k === 'location'}
                  maxLength={k === 'location' ? 120 : undefined}
                  value={draft[k]}
                  onInput={(e) => setDraft({ ...draft, [k]: e.currentTarget.value })}
                />
              </Field>
            );
          })}
        </div>
        <p class="muted">{t('contexts.edit.hint')}</p>
        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'save'} disabled={!!conflict || Object.keys(pending).length === 0}>
            {t('contexts.edit.save')}
          </Button>
          <Button kind="ghost" disabled={Object.keys(pending).length === 0} onClick={() => setDraft(draftOf(base))}>
            {t('contexts.edit.reset')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function TagsCard({ ctx, canWrite, onChanged }: { ctx: ContextView; canWrite: boolean; onChanged: (c: ContextView) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const action = useAction();
  const fe = fieldErrors(action.error);
  const contextId = ctx.contextId;
  return (
    <section class="card" aria-labelledby="ctx-tags">
      <h2 id="ctx-tags">{t('contexts.tags')}</h2>
      <ErrorBanner error={action.error} />
      {ctx.tags.length === 0 ? <p class="muted">{t('contexts.tags.none')}</p> : null}
      <ul class="row" style={{ listStyle: 'none', padding: 0, margin: '0 0 0.75rem' }} aria-label={t('contexts.tags')}>
        {ctx.tags.map((tag) => (
          <li key={tag} class="badge badge-queued">
            {tag}
            {canWrite ? (
              <button
                type="button"
                class="btn btn-ghost btn-small"
                style={{ minHeight: '24px', padding: '0 0.35rem', border: 0 }}
                aria-label={t('contexts.tags.remove', { tag })}
                disabled={action.busy !== null}
                onClick={async () => {
                  const next = await action.run(`rm:${tag}`, () => client.contexts.removeTag(contextId, tag));
                  if (next) onChanged(next);
                }}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite ? (
        <form
          class="toolbar"
          onSubmit={async (e) => {
            e.preventDefault();
            const tags = splitTags(text);
            if (!tags.length) return;
            const next = await action.run('add', () => client.contexts.addTags(contextId, tags));
            if (next) {
              setText('');
              onChanged(next);
            }
          }}
        >
          <Field label={t('contexts.tags.add')} hint={t('contexts.tags.hint')} error={fe.tags ?? fe['tags[0]']}>
            <input value={text} maxLength={500} onInput={(e) => setText(e.currentTarget.value)} />
          </Field>
          <Button type="submit" busy={action.busy === 'add'}>
            {t('contexts.tags.addButton')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '∅';
  if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ') : '∅';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function HistoryCard({ id, tick }: { id: string; tick: number }) {
  const t = useT();
  const lang = useLang();
  const h = useQuery((c) => c.contexts.history(id), [id, tick]);
  const edits = h.data ? [...h.data.edits].reverse() : [];
  return (
    <section class="card" aria-labelledby="ctx-history">
      <h2 id="ctx-history">{t('contexts.history')}</h2>
      <ErrorBanner error={h.error} />
      {h.data && edits.length === 0 ? <p class="muted">{t('contexts.history.none')}</p> : null}
      {edits.length ? (
        <TableWrap label={t('contexts.history')}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col" class="num">
                  {t('contexts.field.version')}
                </th>
                <th scope="col">{t('contexts.history.when')}</th>
                <th scope="col">{t('contexts.history.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {edits.map((e) => (
                <tr key={e.version}>
                  <td class="num">{e.version}</td>
                  <td>{formatDate(e.editedAt, lang)}</td>
                  <td>
                    <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
                      {e.changes.map((c, i) => (
                        <li key={i}>
                          <strong>{isMeasure(c.field) ? measureLabel(t, c.field) : c.field === 'tags' ? t('contexts.tags') : c.field === 'location' ? t('contexts.field.location') : c.field === 'date' ? t('contexts.field.date') : c.field}</strong>: {show(c.from)} → {show(c.to)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
    </section>
  );
}

function RenderCard({ ctx, onQueued }: { ctx: ContextView; onQueued: () => void }) {
  const t = useT();
  const templates = useTemplates();
  const [opts, setOpts] = useState({ template: '', format: '', language: '', aqiStandard: '', resolution: '' });
  const [queued, setQueued] = useState<JobView | null>(null);
  const action = useAction();
  const fe = fieldErrors(action.error);
  const set = (k: keyof typeof opts, v: string) => setOpts({ ...opts, [k]: v });
  // A context of index values with no concentration entered renders as an index video: the templates of one place, in the index's standard.
  const indexVideo = !!ctx.index && !POLLUTANTS.some((p) => ctx[p] !== undefined);
  return (
    <section class="card" aria-labelledby="ctx-render">
      <h2 id="ctx-render">{t('contexts.render.title')}</h2>
      <p class="muted">{t('contexts.render.intro')}</p>
      <ErrorBanner error={action.error ?? templates.error} />
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = Object.fromEntries(Object.entries(opts).filter(([, v]) => v));
          const job = await action.run('render', () => client.request<JobView>('POST', `/contexts/${encodeURIComponent(ctx.contextId)}/render`, { body }));
          if (job) {
            setQueued(job);
            notify(t('contexts.render.queued'), 'success');
            onQueued();
          }
        }}
      >
        <div class="form-grid">
          <Field label={t('shared.template')} error={fe.template}>
            <select value={opts.template} onChange={(e) => set('template', e.currentTarget.value)}>
              <option value="">{t('shared.default')}</option>
              {templates.data?.templates.filter((tp) => !indexVideo || tp.params.includes('index')).map((tp) => (
                <option key={tp.id} value={tp.id}>
                  {tp.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('shared.format')} error={fe.format}>
            <select value={opts.format} onChange={(e) => set('format', e.currentTarget.value)}>
              <option value="">{t('shared.default')}</option>
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`shared.format.${f}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('shared.language')} error={fe.language}>
            <select value={opts.language} onChange={(e) => set('language', e.currentTarget.value)}>
              <option value="">{ctx.language ? t('contexts.render.bulletinLanguage', { lang: ctx.language }) : t('shared.default')}</option>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`shared.language.${l}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('shared.aqiStandard')} error={fe.aqiStandard}>
            <select value={opts.aqiStandard} onChange={(e) => set('aqiStandard', e.currentTarget.value)}>
              <option value="">{t('shared.default')}</option>
              {templates.data?.aqiStandards.filter((s) => (indexVideo ? s.id === ctx.index?.standard : ratesConcentrations(s))).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('shared.resolution')} error={fe.resolution}>
            <select value={opts.resolution} onChange={(e) => set('resolution', e.currentTarget.value)}>
              <option value="">{t('shared.default')}</option>
              {RESOLUTIONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'render'}>
            {t('contexts.render.submit')}
          </Button>
          {queued ? (
            <span role="status">
              {t('contexts.render.queuedAs')} <Link to={`/renders/${queued.jobId}`}>{queued.jobId}</Link>
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function RendersCard({ ctx, tick }: { ctx: ContextView; tick: number }) {
  const t = useT();
  const lang = useLang();
  const [cursor, setCursor] = useState<string | null>(null);
  const canRead = hasScope('renders:read');
  const list = useQuery(canRead ? (c) => c.renders.list({ contextId: ctx.contextId, limit: 10, cursor: cursor || undefined }) : null, [ctx.contextId, cursor, tick]);
  // Without renders:read, the context's own summary of its recent renders stands in (the table reads only what it holds).
  const jobs = list.data?.jobs ?? (canRead ? [] : ctx.renders.recent.map((r) => ({ ...r, videoUrl: null }) as unknown as JobView));
  // Keep the list fresh while one of its renders is still working.
  const working = jobs.some((j) => j.status === 'queued' || j.status === 'rendering');
  usePoll(list.reload, 2000, working);
  return (
    <section class="card" aria-labelledby="ctx-renders">
      <h2 id="ctx-renders">{t('contexts.renders', { n: ctx.renders.count })}</h2>
      <ErrorBanner error={list.error} />
      {jobs.length === 0 && !list.loading ? <p class="muted">{t('contexts.renders.none')}</p> : null}
      {jobs.length ? (
        <DataTable label={t('contexts.renders', { n: ctx.renders.count })} columns={[t('shared.job'), t('shared.template'), t('shared.status'), t('shared.created'), t('shared.video')]}>
          {jobs.map((j) => (
            <tr key={j.jobId}>
              <td>
                <JobLink id={j.jobId} />
              </td>
              <td>{j.template}</td>
              <td>
                <StatusBadge status={j.status} />
              </td>
              <td>{formatDate(j.createdAt, lang)}</td>
              <td>{j.videoUrl ? <a href={j.videoUrl}>{t('shared.openVideo')}</a> : '—'}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {list.data ? <Pager nextCursor={list.data.nextCursor} onNext={setCursor} onFirst={cursor ? () => setCursor(null) : undefined} /> : null}
      {canRead && jobs.length ? (
        <p>
          <Link to={`/renders?contextId=${encodeURIComponent(ctx.contextId)}`}>{t('contexts.renders.all')}</Link>
        </p>
      ) : null}
    </section>
  );
}

function DeleteContextDialog({ open, ctx, onClose }: { open: boolean; ctx: ContextView; onClose: () => void }) {
  const t = useT();
  return (
    <DeleteDialog
      open={open}
      title={t('contexts.delete.title')}
      confirm={t('contexts.delete')}
      remove={() => client.contexts.delete(ctx.contextId, { ifMatch: ctx.version })}
      explain={(error) => (error instanceof ApiError && error.status === 412 ? new ApiError({ status: 412, code: error.code, message: t('contexts.delete.stale') }) : error)}
      onDeleted={() => {
        notify(t('contexts.deleted'), 'success');
        navigate('/contexts');
      }}
      onClose={onClose}
    >
      <p>{t('contexts.delete.body', { name: ctx.location ?? ctx.contextId, n: ctx.renders.count })}</p>
    </DeleteDialog>
  );
}

// ---- helpers shared by the pages of this set -------------------------------------

export { FORMATS, LANGUAGES, POLLUTANTS };
export const RESOLUTIONS = ['1080p', '720p', '360p'] as const;

/** A form grid with wider columns, for fields whose values are long (time zones, context names). */
export const WIDE_GRID = { gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))' };
/** A control beside labelled fields (a remove button, a checkbox): level with their inputs, not stretched. */
export const BESIDE_FIELDS = { paddingTop: '1.65rem', alignItems: 'flex-start' };

/** GET /templates: the templates and AQI standards the forms offer. */
export function useTemplates() {
  return useQuery(hasScope('renders:read') ? (c) => c.templates() : null, []);
}

/** One async action at a time with its busy key and error. `run` resolves to undefined when it failed. */
export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async <T,>(key: string, fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(key);
    setError(null);
    try {
      return await fn();
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setBusy(null);
    }
  };
  return { busy, setBusy, error, setError, run };
}

/** Calls `fn` every `ms` while `active` (and the tab is visible). */
export function usePoll(fn: () => void, ms: number, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') fn();
    }, ms);
    return () => clearInterval(timer);
  }, [active, ms, fn]);
}

/** A link to a render job's page. */
export function JobLink({ id }: { id: string }) {
  return (
    <Link to={`/renders/${id}`}>
      <code>{id}</code>
    </Link>
  );
}

/** A secret the service shows once: in a highlighted box, with a copy button. */
export function SecretOnce({ label, secret, note, onDone }: { label: string; secret: string; note?: ComponentChildren; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const id = useMemo(() => `secret-${Math.random().toString(36).slice(2, 8)}`, []);
  return (
    <section class="card" aria-labelledby={`${id}-h`} role="region">
      <h2 id={`${id}-h`}>{label}</h2>
      <div class="banner banner-info">{t('shared.secret.once')}</div>
      <code class="secret" id={id}>
        {secret}
      </code>
      {note ? <p class="muted">{note}</p> : null}
      <div class="row" style={{ marginTop: '0.75rem' }}>
        <Button
          kind="primary"
          aria-describedby={id}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(secret);
              setCopied(true);
              notify(t('shared.secret.copied'), 'success');
            } catch {
              // No clipboard permission: select the text so Ctrl+C copies it.
              const range = document.createRange();
              range.selectNodeContents(document.getElementById(id)!);
              const sel = window.getSelection();
              sel?.removeAllRanges();
              sel?.addRange(range);
              notify(t('shared.secret.copyManually'), 'info');
            }
          }}
        >
          {copied ? t('shared.secret.copiedButton') : t('shared.secret.copy')}
        </Button>
        <Button onClick={onDone}>{t('shared.secret.done')}</Button>
      </div>
    </section>
  );
}

/** Asks before a destructive action. */
export function ConfirmDialog({ open, title, confirm, busy, error, onClose, onConfirm, children }: { open: boolean; title: string; confirm: string; busy: boolean; error?: unknown; onClose: () => void; onConfirm: () => void; children: ComponentChildren }) {
  const t = useT();
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <div class="stack">
        {children}
        <ErrorBanner error={error} />
        <div class="row">
          <Button kind="danger" busy={busy} onClick={onConfirm}>
            {confirm}
          </Button>
          <Button kind="ghost" onClick={onClose}>
            {t('shared.cancel')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * Confirms, then sends DELETE `path` (with `headers`); closing clears a refusal.
 * `explain` may turn the service's refusal into a friendlier one.
 */
export function DeleteDialog({ open, title, confirm, remove, explain, onDeleted, onClose, children }: { open: boolean; title: string; confirm: string; remove: (() => Promise<void>) | null; explain?: (error: unknown) => unknown; onDeleted: () => void; onClose: () => void; children: ComponentChildren }) {
  const action = useAction();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirm={confirm}
      busy={action.busy !== null}
      error={explain && action.error ? explain(action.error) : action.error}
      onClose={() => {
        action.setError(null);
        onClose();
      }}
      onConfirm={async () => {
        if (remove === null) return;
        const done = await action.run('delete', async () => {
          await remove();
          return true;
        });
        if (done) onDeleted();
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
