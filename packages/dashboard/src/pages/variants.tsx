/**
 * Variants: A/B tests of report videos. The list (filtered by status), a form
 * that creates a test (a base render, two to ten arms with template,
 * overrides and weight, the goal and optional decision rules), and a detail
 * page with each arm's video, events and rates, its chance to be best, the
 * decision with its reasons (GET /variants/:id/winner), and conclude.
 */
import { ratesConcentrations } from '../model';
import { useState } from 'preact/hooks';
import type { VariantResult as Result, VariantTest } from '@aqcast/client';
import { client, useQuery } from '../api';
import { formatDate, formatNumber, useLang, useT, type Lang } from '../i18n';
import { Link, navigate, setQuery, useLocation } from '../router';
import { hasScope } from '../session';
import { Button, Empty, ErrorBanner, Field, fieldErrors, Loading, notify, Page, Pager, StatusBadge, TableWrap } from '../ui';
import { BESIDE_FIELDS, ConfirmDialog, FORMATS, JobLink, LANGUAGES, RESOLUTIONS, useAction, usePoll, useTemplates, WIDE_GRID } from './contexts';

const STATUSES = ['running', 'concluded'] as const;

const pct = (n: number | null | undefined, lang: Lang, digits = 1) => formatNumber(n, lang, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits });
const small = (n: number, lang: Lang) => (n !== 0 && Math.abs(n) < 0.0001 ? n.toExponential(1) : formatNumber(n, lang, { maximumSignificantDigits: 3 }));

// ---- the list ---------------------------------------------------------------

export function VariantsPage() {
  const t = useT();
  const lang = useLang();
  const loc = useLocation();
  const status = loc.query.get('status') ?? '';
  const cursor = loc.query.get('cursor') ?? '';
  const list = useQuery((c) => c.variants.list({ limit: 25, status: status || undefined, cursor: cursor || undefined }), [status, cursor]);
  const canWrite = hasScope('variants:write');
  const [creating, setCreating] = useState(false);
  const tests = list.data?.tests ?? [];
  return (
    <Page
      title={t('nav.variants')}
      actions={
        canWrite && !creating ? (
          <Button kind="primary" onClick={() => setCreating(true)} aria-expanded={creating}>
            {t('variants.new')}
          </Button>
        ) : null
      }
    >
      {creating ? <VariantForm onCancel={() => setCreating(false)} /> : null}
      <div class="card toolbar">
        <Field label={t('shared.status')}>
          <select value={status} onChange={(e) => setQuery({ status: e.currentTarget.value })}>
            <option value="">{t('shared.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ErrorBanner error={list.error} />
      {!list.data && list.loading ? <Loading /> : null}
      {list.data && tests.length === 0 ? <Empty>{status ? t('variants.noneMatch') : t('variants.none')}</Empty> : null}
      {tests.length ? (
        <section class="card" aria-labelledby="var-list">
          <h2 id="var-list">{t('variants.list')}</h2>
          <TableWrap label={t('variants.list')}>
            <table class="data">
              <thead>
                <tr>
                  <th scope="col">{t('variants.col.name')}</th>
                  <th scope="col">{t('shared.status')}</th>
                  <th scope="col">{t('variants.col.goal')}</th>
                  <th scope="col">{t('variants.col.arms')}</th>
                  <th scope="col" class="num">
                    {t('variants.col.events')}
                  </th>
                  <th scope="col">{t('variants.col.winner')}</th>
                  <th scope="col">{t('shared.created')}</th>
                </tr>
              </thead>
              <tbody>
                {tests.map((v) => (
                  <tr key={v.id}>
                    <td>
                      <Link to={`/variants/${v.id}`}>{v.name}</Link>
                    </td>
                    <td>
                      <StatusBadge status={v.status} />
                    </td>
                    <td>
                      {t('variants.goalText', { goal: v.goal, exposure: v.exposureEvent })}
                    </td>
                    <td>{v.arms.map((a) => armLabel(a)).join(', ')}</td>
                    <td class="num">{formatNumber(v.events, lang)}</td>
                    <td>{v.winner ? armLabel(v.arms.find((a) => a.key === v.winner?.arm) ?? { key: v.winner.arm, name: null }) : '—'}</td>
                    <td>{formatDate(v.createdAt, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pager nextCursor={list.data?.nextCursor} onNext={(c) => setQuery({ status, cursor: c })} onFirst={cursor ? () => setQuery({ status }) : undefined} />
        </section>
      ) : null}
    </Page>
  );
}

function armLabel(a: { key: string; name: string | null }): string {
  return a.name ? `${a.key} · ${a.name}` : a.key;
}

// ---- the form ----------------------------------------------------------------

interface ArmRow {
  key: string;
  name: string;
  template: string;
  format: string;
  language: string;
  aqiStandard: string;
  resolution: string;
  weight: string;
}

const BASE_VALUES = ['pm25', 'pm10', 'no2', 'o3', 'temperatura'] as const;
const GOALS = ['complete', 'click', 'share'] as const;
const emptyArm = (): ArmRow => ({ key: '', name: '', template: '', format: '', language: '', aqiStandard: '', resolution: '', weight: '' });

function VariantForm({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const templates = useTemplates();
  const workflows = useQuery(hasScope('workflows:read') ? (c) => c.workflows.list({ limit: 100 }) : null, []);
  const [name, setName] = useState('');
  const [goal, setGoal] = useState<string>('complete');
  const [customGoal, setCustomGoal] = useState('');
  const [exposureEvent, setExposure] = useState('view');
  const [base, setBase] = useState<Record<string, string>>({ location: '', language: 'es', format: 'landscape', resolution: '' });
  const [arms, setArms] = useState<ArmRow[]>([{ ...emptyArm(), name: '' }, { ...emptyArm(), format: 'portrait' }]);
  const [rules, setRules] = useState<Record<string, string>>({});
  const [workflowId, setWorkflowId] = useState('');
  const action = useAction();
  const fe = fieldErrors(action.error);
  const setArm = (i: number, patch: Partial<ArmRow>) => setArms(arms.map((a, j) => (j === i ? { ...a, ...patch } : a)));

  const submit = async () => {
    const b: Record<string, unknown> = { location: (base.location ?? '').trim() };
    for (const k of BASE_VALUES) if (base[k]?.trim()) b[k] = Number(base[k]);
    for (const k of ['language', 'format', 'resolution', 'template'] as const) if (base[k]) b[k] = base[k];
    const body: Record<string, unknown> = {
      name: name.trim(),
      goal: goal === 'custom' ? customGoal.trim() : goal,
      exposureEvent,
      base: b,
      arms: arms.map((a) => {
        const out: Record<string, unknown> = {};
        if (a.key.trim()) out.key = a.key.trim();
        if (a.name.trim()) out.name = a.name.trim();
        if (a.template) out.template = a.template;
        const overrides: Record<string, unknown> = {};
        for (const k of ['format', 'language', 'aqiStandard', 'resolution'] as const) if (a[k]) overrides[k] = a[k];
        if (Object.keys(overrides).length) out.overrides = overrides;
        if (a.weight.trim()) out.weight = Number(a.weight);
        return out;
      }),
    };
    const r: Record<string, number> = {};
    for (const [k, v] of Object.entries(rules)) if (v.trim()) r[k] = Number(v);
    if (Object.keys(r).length) body.rules = r;
    if (workflowId) body.workflowId = workflowId;
    const created = await action.run('create', () => client.request<VariantTest>('POST', '/variants', { body }));
    if (created) {
      notify(t('variants.created', { name: created.name }), 'success');
      navigate(`/variants/${created.id}`);
    }
  };

  const select = (value: string, onChange: (v: string) => void, options: ReadonlyArray<readonly [string, string]>, none: string) => (
    <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{none}</option>
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
  const templateOptions = (templates.data?.templates ?? []).map((tp) => [tp.id, tp.name] as const);
  const standardOptions = (templates.data?.aqiStandards ?? []).filter(ratesConcentrations).map((s) => [s.id, s.name] as const);
  const formatOptions = FORMATS.map((f) => [f, t(`shared.format.${f}`)] as const);
  const languageOptions = LANGUAGES.map((l) => [l, t(`shared.language.${l}`)] as const);
  const resolutionOptions = RESOLUTIONS.map((r) => [r, r] as const);

  return (
    <section class="card" aria-labelledby="var-new">
      <h2 id="var-new">{t('variants.new')}</h2>
      <form
        class="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ErrorBanner error={action.error} />
        <div class="form-grid" style={WIDE_GRID}>
          <Field label={t('variants.field.name')} error={fe.name}>
            <input required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </Field>
          <Field label={t('variants.field.goal')} hint={t('variants.goal.hint')} error={goal === 'custom' ? undefined : fe.goal}>
            <select value={goal} onChange={(e) => setGoal(e.currentTarget.value)}>
              {GOALS.map((g) => (
                <option key={g} value={g}>
                  {t(`variants.goal.${g}`)}
                </option>
              ))}
              <option value="custom">{t('variants.goal.custom')}</option>
            </select>
          </Field>
          {goal === 'custom' ? (
            <Field label={t('variants.field.customGoal')} hint={t('variants.customGoal.hint')} error={fe.goal}>
              <input required pattern="[a-z][a-z0-9_.\-]*" maxLength={64} spellcheck={false} value={customGoal} onInput={(e) => setCustomGoal(e.currentTarget.value)} />
            </Field>
          ) : null}
          <Field label={t('variants.field.exposure')} error={fe.exposureEvent}>
            <select value={exposureEvent} onChange={(e) => setExposure(e.currentTarget.value)}>
              <option value="view">{t('variants.exposure.view')}</option>
              <option value="impression">{t('variants.exposure.impression')}</option>
            </select>
          </Field>
          {workflows.data ? (
            <Field label={t('variants.field.workflow')} hint={t('variants.workflow.hint')} error={fe.workflowId}>
              {select(workflowId, setWorkflowId, workflows.data.workflows.map((w) => [w.id, w.name] as const), t('variants.workflow.none'))}
            </Field>
          ) : null}
        </div>

        <fieldset>
          <legend>{t('variants.base')}</legend>
          <p class="muted">{t('variants.base.help')}</p>
          <div class="form-grid">
            <Field label={t('variants.field.location')} error={fe['base.location'] ?? fe.base}>
              <input required maxLength={120} value={base.location} onInput={(e) => setBase({ ...base, location: e.currentTarget.value })} />
            </Field>
            {BASE_VALUES.map((k) => (
              <Field key={k} label={t(`shared.measure.${k}`)} error={fe[`base.${k}`]}>
                <input type="number" step="any" inputMode="decimal" value={base[k] ?? ''} onInput={(e) => setBase({ ...base, [k]: e.currentTarget.value })} />
              </Field>
            ))}
            <Field label={t('shared.template')} error={fe['base.template']}>
              {select(base.template ?? '', (v) => setBase({ ...base, template: v }), templateOptions, t('shared.default'))}
            </Field>
            <Field label={t('shared.language')} error={fe['base.language']}>
              {select(base.language ?? '', (v) => setBase({ ...base, language: v }), languageOptions, t('shared.default'))}
            </Field>
            <Field label={t('shared.format')} error={fe['base.format']}>
              {select(base.format ?? '', (v) => setBase({ ...base, format: v }), formatOptions, t('shared.default'))}
            </Field>
            <Field label={t('shared.resolution')} error={fe['base.resolution']}>
              {select(base.resolution ?? '', (v) => setBase({ ...base, resolution: v }), resolutionOptions, t('shared.default'))}
            </Field>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('variants.arms')}</legend>
          <p class="muted">{t('variants.arms.help')}</p>
          {fe.arms ? <p class="error">{fe.arms}</p> : null}
          <div class="stack">
            {arms.map((a, i) => {
              const at = `arms[${i}]`;
              const same = t('variants.arm.sameAsBase');
              return (
                <fieldset key={i}>
                  <legend>{i === 0 ? t('variants.arm.control', { n: i + 1 }) : t('variants.arm.n', { n: i + 1 })}</legend>
                  <div class="form-grid">
                    <Field label={t('variants.field.armKey')} hint={t('variants.armKey.hint', { key: String.fromCharCode(65 + i) })} error={fe[`${at}.key`]}>
                      <input maxLength={32} pattern="[A-Za-z0-9_\-]+" spellcheck={false} value={a.key} onInput={(e) => setArm(i, { key: e.currentTarget.value })} />
                    </Field>
                    <Field label={t('variants.field.armName')} error={fe[`${at}.name`]}>
                      <input maxLength={120} value={a.name} onInput={(e) => setArm(i, { name: e.currentTarget.value })} />
                    </Field>
                    <Field label={t('shared.template')} error={fe[`${at}.template`] ?? fe[`${at}.overrides.template`]}>
                      {select(a.template, (v) => setArm(i, { template: v }), templateOptions, same)}
                    </Field>
                    <Field label={t('shared.format')} error={fe[`${at}.overrides.format`]}>
                      {select(a.format, (v) => setArm(i, { format: v }), formatOptions, same)}
                    </Field>
                    <Field label={t('shared.language')} error={fe[`${at}.overrides.language`]}>
                      {select(a.language, (v) => setArm(i, { language: v }), languageOptions, same)}
                    </Field>
                    <Field label={t('shared.aqiStandard')} error={fe[`${at}.overrides.aqiStandard`]}>
                      {select(a.aqiStandard, (v) => setArm(i, { aqiStandard: v }), standardOptions, same)}
                    </Field>
                    <Field label={t('shared.resolution')} error={fe[`${at}.overrides.resolution`]}>
                      {select(a.resolution, (v) => setArm(i, { resolution: v }), resolutionOptions, same)}
                    </Field>
                    <Field label={t('variants.field.weight')} hint={t('variants.weight.hint')} error={fe[`${at}.weight`]}>
                      <input type="number" min={0} step="any" value={a.weight} onInput={(e) => setArm(i, { weight: e.currentTarget.value })} />
                    </Field>
                    <div class="field" style={BESIDE_FIELDS}>
                      <Button kind="ghost" disabled={arms.length <= 2} onClick={() => setArms(arms.filter((_, j) => j !== i))} aria-label={t('variants.arm.remove', { n: i + 1 })}>
                        {t('shared.remove')}
                      </Button>
                    </div>
                  </div>
                </fieldset>
              );
            })}
          </div>
          <div class="row" style={{ marginTop: '0.75rem' }}>
            <Button disabled={arms.length >= 10} onClick={() => setArms([...arms, emptyArm()])}>
              {t('variants.arm.add')}
            </Button>
          </div>
        </fieldset>

        <details>
          <summary>{t('variants.rules')}</summary>
          <p class="muted">{t('variants.rules.help')}</p>
          <div class="form-grid">
            {(
              [
                ['minProbabilityBest', '0.95', 0.5, 0.99999],
                ['maxRelativeLoss', '0.0025', 0, 1],
                ['minExposuresPerArm', '100', 1, 1e9],
                ['srmMinPValue', '0.001', 0, 0.5],
              ] as const
            ).map(([k, def, min, max]) => (
              <Field key={k} label={t(`variants.rule.${k}`)} hint={t('variants.rule.default', { value: def })} error={fe[`rules.${k}`]}>
                <input type="number" step="any" min={min} max={max} value={rules[k] ?? ''} onInput={(e) => setRules({ ...rules, [k]: e.currentTarget.value })} />
              </Field>
            ))}
          </div>
        </details>

        <div class="row">
          <Button kind="primary" type="submit" busy={action.busy === 'create'}>
            {t('variants.create')}
          </Button>
          <Button kind="ghost" onClick={onCancel}>
            {t('shared.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

// ---- the detail page -----------------------------------------------------------

export function VariantDetailPage({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const test = useQuery((c) => c.variants.get(id), [id]);
  const [tick, setTick] = useState(0);
  const result = useQuery((c) => c.variants.winner(id), [id, tick]);
  const canWrite = hasScope('variants:write');
  const v = test.data;
  const rendering = !!v && v.arms.some((a) => a.jobStatus === 'queued' || a.jobStatus === 'rendering');
  usePoll(test.reload, 2500, rendering);

  if (!v) {
    return (
      <Page title={t('variants.detail')}>
        <ErrorBanner error={test.error} />
        {test.loading ? <Loading /> : null}
        <p>
          <Link to="/variants">{t('variants.back')}</Link>
        </p>
      </Page>
    );
  }
  const r = result.data;
  const byKey = new Map((r?.arms ?? []).map((a) => [a.key, a]));
  const eventTypes = [...new Set(v.arms.flatMap((a) => Object.keys(a.events)))].sort();

  return (
    <Page
      title={v.name}
      actions={
        <Button
          onClick={() => {
            test.reload();
            setTick((n) => n + 1);
          }}
          busy={test.loading || result.loading}
        >
          {t('shared.refresh')}
        </Button>
      }
    >
      <p>
        <Link to="/variants">{t('variants.back')}</Link>
      </p>
      <section class="card" aria-labelledby="var-summary">
        <h2 id="var-summary">{t('variants.summary')}</h2>
        <dl class="props">
          <dt>{t('shared.status')}</dt>
          <dd>
            <StatusBadge status={v.status} />
          </dd>
          <dt>{t('variants.col.goal')}</dt>
          <dd>{t('variants.goalText', { goal: v.goal, exposure: v.exposureEvent })}</dd>
          <dt>{t('variants.control')}</dt>
          <dd>{armLabel(v.arms.find((a) => a.key === v.control) ?? { key: v.control, name: null })}</dd>
          <dt>{t('variants.col.events')}</dt>
          <dd>
            {formatNumber(v.events, lang)}
            {v.lastEventAt ? <span class="muted"> · {t('variants.lastEvent', { at: formatDate(v.lastEventAt, lang) })}</span> : null}
          </dd>
          {v.winner ? (
            <>
              <dt>{t('variants.col.winner')}</dt>
              <dd>
                <strong>{armLabel(v.arms.find((a) => a.key === v.winner?.arm) ?? { key: v.winner.arm, name: null })}</strong> · {t(`variants.decidedBy.${v.winner.decidedBy}`)} · {formatDate(v.winner.concludedAt, lang)}
              </dd>
            </>
          ) : null}
          {v.workflowId ? (
            <>
              <dt>{t('variants.field.workflow')}</dt>
              <dd>
                <Link to={`/workflows/${v.workflowId}`}>{v.workflowId}</Link>
              </dd>
            </>
          ) : null}
          <dt>{t('variants.rules')}</dt>
          <dd>
            {t('variants.rulesText', {
              p: pct(v.rules.minProbabilityBest, lang, 0),
              loss: pct(v.rules.maxRelativeLoss, lang, 2),
              n: formatNumber(v.rules.minExposuresPerArm, lang),
              srm: formatNumber(v.rules.srmMinPValue, lang),
            })}
          </dd>
          {v.base ? (
            <>
              <dt>{t('variants.base')}</dt>
              <dd>
                {Object.entries(v.base).map(([k, val]) => `${k}: ${typeof val === 'string' ? val : JSON.stringify(val)}`).join(' · ')}
              </dd>
            </>
          ) : null}
          <dt>{t('shared.created')}</dt>
          <dd>{formatDate(v.createdAt, lang)}</dd>
        </dl>
      </section>

      <section class="card" aria-labelledby="var-decision">
        <h2 id="var-decision">{t('variants.decision')}</h2>
        <ErrorBanner error={result.error} />
        {r ? (
          <>
            <p class={`banner ${r.decision === 'winner' ? 'banner-ok' : 'banner-info'}`} role="status">
              <strong>{r.decision === 'winner' && r.winner ? t('variants.decision.winner', { arm: armLabel(v.arms.find((a) => a.key === r.winner) ?? { key: r.winner, name: null }) }) : t(`variants.decision.${r.decision}`)}</strong>
              {r.frozen ? ` · ${t('variants.frozen')}` : ''}
            </p>
            <h3 style={{ marginTop: '1rem' }}>{t('variants.reasons')}</h3>
            <ul>
              {r.reasons.map((reason, i) => (
                <li key={i}>{reason}</li>
              ))}
            </ul>
            <dl class="props">
              <dt>{t('variants.srm')}</dt>
              <dd>
                {r.srm.mismatch ? <strong class="error">{t('variants.srm.mismatch')} </strong> : t('variants.srm.ok')} (χ² {small(r.srm.chiSquare, lang)}, {t('variants.df', { n: r.srm.degreesOfFreedom })}, p {small(r.srm.pValue, lang)})
              </dd>
              <dt>{t('variants.lossThreshold')}</dt>
              <dd>{small(r.lossThreshold, lang)}</dd>
              <dt>{t('variants.method')}</dt>
              <dd>{t(`variants.method.${r.method}`)}</dd>
              <dt>{t('variants.computedAt')}</dt>
              <dd>{formatDate(r.computedAt, lang)}</dd>
            </dl>
          </>
        ) : result.loading ? (
          <Loading />
        ) : null}
      </section>

      <section class="card" aria-labelledby="var-arms">
        <h2 id="var-arms">{t('variants.arms')}</h2>
        <TableWrap label={t('variants.arms')}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t('variants.col.arm')}</th>
                <th scope="col">{t('variants.col.video')}</th>
                <th scope="col" class="num">
                  {t('variants.col.share')}
                </th>
                <th scope="col" class="num">
                  {t('variants.col.assigned')}
                </th>
                <th scope="col">{t('variants.col.eventsByType')}</th>
              </tr>
            </thead>
            <tbody>
              {v.arms.map((a) => {
                const overrides = Object.entries(a.overrides).map(([k, val]) => `${k}: ${String(val)}`);
                return (
                  <tr key={a.key}>
                    <th scope="row">
                      {armLabel(a)}
                      {a.key === v.control ? <span class="muted"> ({t('variants.control').toLowerCase()})</span> : null}
                      {v.winner?.arm === a.key ? (
                        <span class="badge badge-completed" style={{ marginLeft: '0.3rem' }}>
                          {t('variants.col.winner')}
                        </span>
                      ) : null}
                      <div class="muted" style={{ fontWeight: 400 }}>
                        {a.template}
                        {overrides.length ? ` · ${overrides.join(', ')}` : ''}
                      </div>
                    </th>
                    <td>
                      <JobLink id={a.jobId} /> <StatusBadge status={a.jobStatus} />
                      {a.videoUrl ? (
                        <>
                          {' '}
                          <a href={a.videoUrl}>{t('shared.openVideo')}</a>
                        </>
                      ) : null}
                    </td>
                    <td class="num">{pct(a.share, lang, 0)}</td>
                    <td class="num">{formatNumber(a.assigned, lang)}</td>
                    <td>{eventTypes.length ? eventTypes.map((e) => `${e}: ${formatNumber(a.events[e] ?? 0, lang)}`).join(' · ') : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>

        <h3 style={{ marginTop: '1.25rem' }}>{t('variants.results')}</h3>
        <TableWrap label={t('variants.results')}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t('variants.col.arm')}</th>
                <th scope="col" class="num">
                  {t('variants.col.exposures')}
                </th>
                <th scope="col" class="num">
                  {t('variants.col.conversions')}
                </th>
                <th scope="col" class="num">
                  {t('variants.col.rate')}
                </th>
                <th scope="col" class="num">
                  {t('variants.col.pBest')}
                </th>
                <th scope="col" class="num">
                  {t('variants.col.loss')}
                </th>
                <th scope="col" class="num">
                  {t('variants.col.uplift')}
                </th>
              </tr>
            </thead>
            <tbody>
              {v.arms.map((a) => {
                const s = byKey.get(a.key);
                return (
                  <tr key={a.key}>
                    <th scope="row">{armLabel(a)}</th>
                    <td class="num">{formatNumber(s?.exposures ?? a.exposures, lang)}</td>
                    <td class="num">{formatNumber(s?.conversions ?? a.conversions, lang)}</td>
                    <td class="num">
                      {s?.rate !== null && s?.rate !== undefined ? pct(s.rate, lang) : '—'}
                      {s ? (
                        <div class="muted" title={t('variants.interval')}>
                          {pct(s.interval.low, lang)}–{pct(s.interval.high, lang)}
                        </div>
                      ) : null}
                    </td>
                    <td class="num">{s ? pct(s.probabilityBest, lang) : '—'}</td>
                    <td class="num">{s ? small(s.expectedLoss, lang) : '—'}</td>
                    <td class="num">
                      {s?.uplift !== null && s?.uplift !== undefined ? pct(s.uplift, lang) : '—'}
                      {s?.zTest ? <div class="muted">p {small(s.zTest.pValue, lang)}</div> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
        <p class="muted">{t('variants.arms.legend')}</p>
      </section>

      {canWrite && v.status === 'running' ? (
        <Conclude
          test={v}
          result={r}
          onConcluded={() => {
            test.reload();
            setTick((n) => n + 1);
          }}
        />
      ) : null}
    </Page>
  );
}

function Conclude({ test, result, onConcluded }: { test: VariantTest; result: Result | undefined; onConcluded: () => void }) {
  const t = useT();
  const [arm, setArm] = useState('');
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const fe = fieldErrors(action.error);
  const rulesHaveWinner = result?.decision === 'winner';
  const choice = arm || (rulesHaveWinner ? '' : test.control);
  const chosen = choice ? armLabel(test.arms.find((a) => a.key === choice) ?? { key: choice, name: null }) : null;
  return (
    <section class="card" aria-labelledby="var-conclude">
      <h2 id="var-conclude">{t('variants.conclude')}</h2>
      <p class="muted">{t('variants.conclude.help')}</p>
      <div class="toolbar">
        <Field label={t('variants.conclude.with')} error={fe.arm}>
          <select value={choice} onChange={(e) => setArm(e.currentTarget.value)}>
            {rulesHaveWinner ? <option value="">{t('variants.conclude.rules', { arm: result?.winner ?? '' })}</option> : null}
            {test.arms.map((a) => (
              <option key={a.key} value={a.key}>
                {armLabel(a)}
              </option>
            ))}
          </select>
        </Field>
        <Button kind="primary" onClick={() => setConfirming(true)}>
          {t('variants.conclude')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('variants.conclude')}
        confirm={t('variants.conclude')}
        busy={action.busy !== null}
        error={action.error}
        onClose={() => {
          action.setError(null);
          setConfirming(false);
        }}
        onConfirm={async () => {
          const done = await action.run('conclude', () => client.variants.conclude(test.id, choice ? { arm: choice } : {}));
          if (done) {
            setConfirming(false);
            notify(t('variants.concluded', { arm: done.winner?.arm ?? '' }), 'success');
            onConcluded();
          }
        }}
      >
        <p>{chosen ? t('variants.conclude.confirmArm', { arm: chosen }) : t('variants.conclude.confirmRules', { arm: result?.winner ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
