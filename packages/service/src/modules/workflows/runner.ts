/**
 * The workflow runner, in every aqcast process: it claims due schedule slots
 * (exactly once per slot across processes: see store.ts) and works on run
 * items, each a leased item of the lease engine (core/lease: one per free
 * slot, heartbeats, fenced writes), step by step — fetch, conditions, render
 * (queue the jobs, then look again until they ended), notify (the run's end).
 * State is in the store after every step, so a run survives restarts: an item
 * whose process died is taken over by another once its lease lapses (seconds),
 * from the step it was on. The last item to end ends the run and, in the same transaction,
 * publishes its event into the outbox.
 */
import { computeAqi, PLACE_LIMITS, ProvenanceSchema, type RenderParams } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { RENDER_UNIT } from '@aqcast/vocabulary';
import type { Logger } from 'pino';
import type { Config } from '../../core/config.js';
import { AppError } from '../../core/errors.js';
import type { EventBus } from '../../core/events.js';
import { leaseOf, releaseLease } from '../../core/lease/lease.js';
import { LeaseRunner, type LeasedRun } from '../../core/lease/runner.js';
import { guardedGet, GuardedGetError, redactUrl, type GetResponse, type GuardedGetOptions } from '../../core/outbound/guarded-get.js';
import { parseRenderParams } from '../../core/render-params.js';
import { transaction, type Executor, type Store } from '../../core/store/database.js';
import { readJson } from '../../core/store/json-column.js';
import type { BrandService, RenderBrand } from '../brands/index.js';
import type { ContextService } from '../contexts/index.js';
import { measureValues } from '../contexts/index.js';
import { TERMINAL_STATUSES, type QueueService } from '../queue/index.js';
import { armRenderInput, type VariantService } from '../variants/index.js';
import type { Location, RunStatus, StepRecord } from './contract.js';
import { combinedParams, combinedPlan, tooFewMessage, type CombinedEntry, type LeftOut } from './combined.js';
import { MISSED_AFTER_MS, scheduleOf, storedPlan, type ConditionStep, type FetchStep, type RenderStep } from './definition.js';
import { readRunDefinition, type RunDefinition, type Runs } from './runs.js';
import { MEASURES, SOURCES, SourceError, type MeasureId, type Observation } from './sources/index.js';
import { WORKFLOWS_CHANNEL, type ItemRow, type ItemUpdate, type WorkflowStore } from './store.js';
import { orNull, readLocation, readLocations, readStepRecords } from './stored.js';

/** Runtime options tests swap in. */
export interface WorkflowRuntime {
  /** First backoff of source retries (default 500 ms). */
  sourceBackoffMs?: number;
}

export interface RunnerOptions {
  store: Store;
  rows: WorkflowStore;
  runs: Runs;
  queue: QueueService;
  brands: Pick<BrandService, 'forRender' | 'existingForRender'>;
  contexts: ContextService;
  /** Once a test made from a workflow concluded, the workflow renders its winning arm. */
  variants: VariantService;
  events: EventBus;
  config: Config;
  logger: Logger;
  owner: string;
  runtime: WorkflowRuntime;
}

/** What the fetch step keeps for later steps and later runs. */
export interface Fetched {
  values: Partial<Record<MeasureId, number>>;
  observedAt: string | null;
  series: Observation['series'];
  station: Observation['station'];
  source: string;
  /** The stored context the values were kept as (fetched from a source) or read from (a context source). */
  contextId?: string | null;
  /** When the values were fetched. */
  retrievedAt?: string;
}

const StoredFetched = Type.Object({
  values: Type.Record(Type.String(), Type.Number()),
  observedAt: orNull(Type.String()),
  series: Type.Unknown(),
  station: Type.Unknown(),
  source: Type.String(),
});

/** What an item's fetch step kept, as stored. */
function readFetched(text: string, what: string): Fetched {
  // Written by the runner from a source's Observation; what later steps read of it is checked above.
  return readJson(StoredFetched, text, `${what} fetched values`) as Fetched;
}

const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();
const ACTIVE = new Set<string>(['queued', 'running']);
const CONCURRENCY = 4;

class LeaseLost extends Error {}

function errorOf(err: unknown): { code: string; message: string } {
  if (err instanceof SourceError) return { code: err.code, message: err.message };
  if (err instanceof GuardedGetError) return { code: err.code === 'rate_limited' ? 'rate_limited' : 'source_unavailable', message: err.message };
  if (err instanceof AppError) return { code: err.code, message: err.detail };
  return { code: 'internal_error', message: (err instanceof Error ? err.message : String(err)) };
}

export class WorkflowRunner {
  private readonly runner: LeaseRunner<ItemRow>;

  constructor(private readonly o: RunnerOptions) {
    this.runner = new LeaseRunner<ItemRow>({
      name: 'workflows', store: o.store, logger: o.logger, channel: WORKFLOWS_CHANNEL, owner: o.owner, concurrency: CONCURRENCY,
      leaseMs: o.config.workflowLeaseSeconds * 1000, pollMs: o.config.workflowPollMs,
      claim: (owner) => o.rows.claimItem(owner, o.config.workflowLeaseSeconds),
      lease: (item) => leaseOf('workflow_run_items', item),
      work: (item, run) => this.work(item, run),
      beforeClaims: async () => {
        await this.claimSlots();
        for (const runId of await this.o.rows.runsToFinish()) await this.finishRunIfDone(runId);
      },
    });
  }

  async start(): Promise<void> {
    await this.runner.start();
  }

  wake(): void {
    this.runner.wake();
  }

  /** Fetches in flight stop at once and their items are given back: another process goes on from the step they were on. */
  async stop(): Promise<void> {
    await this.runner.stop(0);
  }

  // ---- schedule slots -----------------------------------------------------

  /**
   * Claims every due slot of every schedule workflow. A slot seen more than
   * {@link MISSED_AFTER_MS} late was missed while nothing ran: catch-up `none`
   * skips it, `latest` runs the most recent missed slot once.
   */
  private async claimSlots(): Promise<void> {
    const now = new Date();
    for (const wf of await this.o.rows.dueSchedules(now.toISOString())) {
      const slot = wf.next_run_at!;
      let cron;
      try {
        cron = scheduleOf(wf.cron!, wf.timezone);
      } catch (err) {
        this.o.logger.error({ err, workflowId: wf.id }, 'workflow schedule no longer parses');
        continue;
      }
      const next = cron.nextRun(now)?.toISOString() ?? null;
      let runSlot: string | null = slot;
      let catchUp = false;
      if (now.getTime() - Date.parse(slot) > MISSED_AFTER_MS) {
        if (wf.catch_up === 'none') runSlot = null;
        else {
          runSlot = cron.previousRuns(1, now)[0]?.toISOString() ?? slot;
          catchUp = true;
        }
      }
      await transaction(this.o.store, async (trx) => {
        if (!(await this.o.rows.advanceSlot(trx, wf.id, slot, next))) return;
        if (runSlot === null) {
          this.o.logger.info({ workflowId: wf.id, missedSlot: slot }, 'workflow slot missed; catch-up none');
          return;
        }
        await this.o.runs.create(trx, wf, 'schedule', { steps: storedPlan(wf), locations: readLocations(wf.locations, `workflow ${wf.id}`), slot: runSlot, catchUp });
      });
    }
  }

  // ---- items ----------------------------------------------------------------

  private async work(claimed: ItemRow, leased: LeasedRun): Promise<void> {
    const { rows } = this.o;
    const lease = leased.lease;
    const run = await rows.getRun(claimed.run_id);
    if (!run || !ACTIVE.has(run.status)) {
      // The run ended without this item (its workflow was deleted): end the item too.
      await rows.saveItem(this.o.store.db, lease, { status: 'canceled', completed_at: iso(), lease_owner: null, lease_expires_at: null });
      return;
    }
    const def = readRunDefinition(run.definition, `run ${run.id}`);
    const records = readStepRecords(claimed.steps, `run item ${claimed.id}`);
    const location = readLocation(claimed.location, `run item ${claimed.id}`);
    let fetched = claimed.fetched ? readFetched(claimed.fetched, `run item ${claimed.id}`) : null;
    const save = async (set: ItemUpdate, exec: Executor = this.o.store.db) => {
      if (!(await rows.saveItem(exec, lease, { steps: JSON.stringify(records), ...set }))) throw new LeaseLost();
    };
    try {
      if (claimed.status === 'queued') {
        await save({ status: 'running', started_at: iso() });
        await rows.markRunStarted(this.o.store.db, run.id);
      }
      for (let i = claimed.step_index; i < def.steps.length; i++) {
        const step = def.steps[i]!;
        const rec = records[i]!;
        if (step.type === 'fetch') {
          const t0 = Date.now();
          rec.status = 'running';
          rec.attempts += 1;
          rec.startedAt ??= iso();
          await save({ step_index: i });
          const requests: Record<string, unknown>[] = [];
          try {
            const obs = await this.fetch(step, location, requests, leased.signal);
            const got: Fetched = { values: obs.values, observedAt: obs.observedAt, series: obs.series, station: obs.station, source: obs.source, contextId: location.contextId ?? null, retrievedAt: iso() };
            fetched = got;
            // Values fetched from a source are kept as a context (with the step's state, in one transaction), so they can be read, searched and rendered again.
            await transaction(this.o.store, async (trx) => {
              const kept = obs.source === 'context' ? null : await this.keepAsContext(trx, def, location, got, run.workflow_id, run.id, requests);
              if (kept) got.contextId = kept;
              Object.assign(rec, { status: 'completed', output: { ...obs, requests, contextId: got.contextId }, completedAt: iso(), durationMs: Date.now() - t0 });
              await save({ step_index: i + 1, fetched: JSON.stringify(got) }, trx);
            });
          } catch (err) {
            if (err instanceof LeaseLost || leased.signal.aborted) throw err instanceof LeaseLost ? err : new LeaseLost();
            Object.assign(rec, { status: 'failed', output: { requests }, error: errorOf(err), completedAt: iso(), durationMs: Date.now() - t0 });
            await this.endItem(claimed, records, i + 1, 'failed', errorOf(err), save);
            return;
          }
        } else if (step.type === 'condition') {
          const t0 = Date.now();
          const verdict = await this.evaluate(step, fetched, claimed, run.workflow_id);
          Object.assign(rec, { status: 'completed', attempts: rec.attempts + 1, startedAt: rec.startedAt ?? iso(), output: verdict, completedAt: iso(), durationMs: Date.now() - t0 });
          if (!verdict.passed) {
            await this.endItem(claimed, records, i + 1, 'skipped', null, save);
            return;
          }
          await save({ step_index: i + 1 });
        } else if (step.type === 'render') {
          const stale = rec.status !== 'running' ? staleness(step, fetched) : null;
          if (stale) {
            // Old values are not shown as today's: the item ends here and says why.
            Object.assign(rec, { status: 'skipped', attempts: rec.attempts + 1, startedAt: rec.startedAt ?? iso(), output: stale.output, error: stale.error, completedAt: iso(), durationMs: 0 });
            await this.endItem(claimed, records, i + 1, 'skipped', stale.error, save);
            return;
          }
          if (step.mode === 'combined' && !(rec.status === 'running' && rec.output?.role === 'renderer')) {
            // One video over the run's locations: the last item to get here renders it; the others hand it their values.
            if ((await this.combine(step, def, claimed, fetched, rec, records, i, save)) === 'stop') return;
            await save({ step_index: i + 1 });
            continue;
          }
          if (rec.status !== 'running') {
            await this.enqueueRenders(step, def, location, fetched, claimed, rec, records, i, save);
            return;
          }
          const ended = await this.rendersEnded(claimed.id, run.id, rec);
          if (ended === null) {
            // Look again later; any process may.
            await save({ next_at: iso(this.o.config.workflowPollMs), lease_owner: null, lease_expires_at: null });
            return;
          }
          if (ended === 'failed' || ended === 'canceled') {
            await this.endItem(claimed, records, i + 1, 'failed', rec.error, save);
            return;
          }
          await save({ step_index: i + 1 });
        }
        // notify: settled when the run ends (see finishRunIfDone).
      }
      await save({ status: 'completed', step_index: def.steps.length, completed_at: iso(), lease_owner: null, lease_expires_at: null });
      await this.finishRunIfDone(run.id);
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
      // Stopped mid-step: give the item back now, so another process goes on without waiting for the lease to lapse.
      if (leased.reason() === 'shutdown') await releaseLease(this.o.store.db, lease).catch(() => false);
    }
  }

  /** Ends an item early: the steps after `from` are skipped (the notify step waits for the run's end). */
  private async endItem(item: ItemRow, records: StepRecord[], from: number, status: RunStatus, error: { code: string; message: string } | null, save: (set: ItemUpdate) => Promise<void>): Promise<void> {
    for (let k = from; k < records.length; k++) if (records[k]!.type !== 'notify') records[k]!.status = 'skipped';
    await save({ status, step_index: records.length, completed_at: iso(), error_code: error?.code ?? null, error_message: error?.message ?? null, lease_owner: null, lease_expires_at: null });
    await this.finishRunIfDone(item.run_id);
  }

  private async fetch(step: FetchStep, location: Location, requests: Record<string, unknown>[], signal: AbortSignal): Promise<Observation> {
    if (step.source === 'context') {
      const ctx = location.contextId ? await this.o.contexts.find(this.o.store.db, location.contextId) : null;
      if (!ctx) throw new SourceError('source_not_found', `context ${location.contextId ?? '(none)'} does not exist`);
      const values = measureValues(ctx);
      return {
        source: 'context', station: { id: ctx.contextId, name: ctx.location, latitude: null, longitude: null }, observedAt: ctx.createdAt, values,
        measurements: MEASURES.flatMap((measure) => {
          const value = values[measure];
          return value === undefined ? [] : [{ measure, value, unit: RENDER_UNIT[measure], sourceValue: value, sourceUnit: 'stored', derivedFrom: 'concentration' as const, observedAt: ctx.date ?? ctx.createdAt }];
        }),
        series: null, notes: [`From stored context ${ctx.contextId}${ctx.source?.filename ? ` (${ctx.source.filename})` : ''}.`],
      };
    }
    const info = SOURCES[step.source];
    const credential = step.credentialEnv ? this.o.config.credential(step.credentialEnv) : undefined;
    if (step.credentialEnv && !credential) throw new SourceError('missing_credential', `the environment variable ${step.credentialEnv} is not set on this aqcast process`);
    const { config, runtime } = this.o;
    const base = { open: config.sources.openMeteoAqBaseUrl, openaq: config.sources.openaqBaseUrl, waqi: config.sources.waqiBaseUrl, airnow: config.sources.airnowBaseUrl };
    const baseUrl = step.source === 'open-meteo' ? base.open : step.source === 'openaq' ? base.openaq : step.source === 'waqi' ? base.waqi : base.airnow;
    const get = async (url: string, opts: GuardedGetOptions = {}): Promise<GetResponse> => {
      const shown = redactUrl(url, opts.secretParams);
      try {
        const res = await guardedGet(url, {
          allowed: config.outboundAllowedNetworks, timeoutMs: config.sourceTimeoutMs, retries: config.sourceRetries, backoffBaseMs: runtime.sourceBackoffMs ?? 500, signal, ...opts,
        });
        requests.push({ url: shown, statusCode: res.statusCode, attempts: res.attempts });
        return res;
      } catch (err) {
        if (err instanceof GuardedGetError) requests.push({ url: shown, statusCode: err.statusCode, attempts: err.attempts, error: err.message });
        throw err;
      }
    };
    return info.fetch!({ location, baseUrl, credential, series: step.series ?? undefined, get, now: new Date() });
  }

  private async evaluate(step: ConditionStep, fetched: Fetched | null, item: ItemRow, workflowId: string): Promise<{ passed: boolean; reason: string; [k: string]: unknown }> {
    const values = fetched?.values ?? {};
    const aqi = computeAqi(step.aqiStandard, values);
    if (step.when === 'aqi_at_least') {
      if (!aqi.category) return { passed: false, reason: `no value rated by ${step.aqiStandard}` };
      if (step.category !== null) {
        const wanted = aqi.categories.find((c) => c.key === step.category)!;
        const passed = aqi.category.level >= wanted.level;
        return { passed, reason: `${aqi.category.key} ${passed ? 'is at or above' : 'is below'} ${step.category}`, category: aqi.category.key, index: aqi.index };
      }
      const passed = aqi.index !== null && aqi.index >= step.index!;
      return { passed, reason: `${aqi.indexName ?? 'index'} ${aqi.index ?? 'none'} ${passed ? '≥' : '<'} ${step.index}`, index: aqi.index, category: aqi.category.key };
    }
    const prevText = await this.o.rows.previousFetch(workflowId, item.location_key, item.created_at, item.run_id);
    if (!prevText) return { passed: true, reason: 'no earlier value to compare with (first run for this location)' };
    const prev = readFetched(prevText, `an earlier fetch of workflow ${workflowId}`);
    const measure = (v: Partial<Record<MeasureId, number>>): number | null => {
      if (step.pollutant !== 'aqi') return v[step.pollutant] ?? null;
      const r = computeAqi(step.aqiStandard, v);
      return r.index ?? (r.category ? r.category.level : null);
    };
    const now = measure(values);
    const before = measure(prev.values);
    if (now === null) return { passed: false, reason: `no ${step.pollutant} value now`, previous: before };
    if (before === null) return { passed: true, reason: `no earlier ${step.pollutant} value`, current: now };
    const delta = Math.round((now - before) * 1000) / 1000;
    const passed = step.minDelta > 0 ? Math.abs(delta) >= step.minDelta : delta !== 0;
    return { passed, reason: passed ? `${step.pollutant} changed by ${delta}` : `${step.pollutant} changed by ${delta} (needs ${step.minDelta > 0 ? `at least ${step.minDelta}` : 'any change'})`, previous: before, current: now, delta };
  }

  /** Keeps a location's fetched values as a context of the run (null when nothing was measured). */
  private async keepAsContext(trx: Executor, def: RunDefinition, location: Location, fetched: Fetched, workflowId: string, runId: string, requests: Record<string, unknown>[]): Promise<string | null> {
    const values: Partial<Record<MeasureId, number>> = {};
    for (const m of MEASURES) if (typeof fetched.values[m] === 'number') values[m] = fetched.values[m];
    if (Object.keys(values).length === 0) return null;
    const where = [fetched.source, fetched.station?.name, fetched.observedAt].filter(Boolean).join(' · ');
    const url = typeof requests[0]?.url === 'string' ? ` ${requests[0].url}` : '';
    const sourceTexts = Object.fromEntries(Object.keys(values).map((m) => [m, `${where}${url}`.trim()]));
    const provenance = await this.provenanceOf(fetched, def);
    const ctx = await this.o.contexts.createFromWorkflow({ workflowId, runId, location: location.name, date: dayOf(def, fetched), values, sourceTexts, tags: ['workflow', fetched.source], ...(Value.Check(ProvenanceSchema, provenance) ? { provenance } : {}) }, trx);
    return ctx.contextId;
  }

  /**
   * A combined render step of one item, in a transaction holding the run's row: when another
   * item already rendered the run's video, this one records that (its values are in it); when
   * every other item has ended or waits here, this one renders the video over the waiting ones
   * and itself (or, with fewer than two places, ends skipped saying why); else it waits.
   * Returns 'next' when the item goes on to its next step.
   */
  private async combine(step: RenderStep, def: RunDefinition, item: ItemRow, fetched: Fetched | null, rec: StepRecord, records: StepRecord[], i: number, save: (set: ItemUpdate, exec?: Executor) => Promise<void>): Promise<'next' | 'stop'> {
    const t0 = Date.now();
    let brand: RenderBrand | null = null;
    try {
      brand = await this.o.brands.forRender(step.brandId, 'brandId');
    } catch (err) {
      Object.assign(rec, { status: 'failed', attempts: rec.attempts + 1, startedAt: rec.startedAt ?? iso(), error: errorOf(err), completedAt: iso(), durationMs: Date.now() - t0 });
      await this.endItem(item, records, i + 1, 'failed', errorOf(err), save);
      return 'stop';
    }
    rec.startedAt ??= iso();
    if (rec.status === 'queued') rec.attempts += 1;
    const ended = await transaction(this.o.store, async (trx): Promise<'next' | 'stop' | { status: RunStatus; error: { code: string; message: string } }> => {
      await this.o.rows.lockRun(trx, item.run_id);
      const items = (await this.o.rows.itemsOf(item.run_id, trx)).filter((o) => o.id !== item.id);
      const renderOf = (o: ItemRow) => readStepRecords(o.steps, `run item ${o.id}`)[i];
      const renderer = items.find((o) => renderOf(o)?.output?.role === 'renderer');
      if (renderer) {
        const r = renderOf(renderer)!;
        if (r.status === 'skipped' || r.status === 'failed') {
          // The run's video was not made (too few places, or bad values): this place was not shown either.
          const error = { code: 'not_rendered', message: `the run's combined video was not rendered (${r.error?.code ?? r.status}): ${r.error?.message ?? ''}`.slice(0, 2000) };
          Object.assign(rec, { status: 'skipped', output: { mode: 'combined', role: 'place', renderedBy: renderer.id }, error, completedAt: iso(), durationMs: Date.now() - t0 });
          for (let k = i + 1; k < records.length; k++) if (records[k]!.type !== 'notify') records[k]!.status = 'skipped';
          await save({ status: 'skipped', step_index: records.length, completed_at: iso(), error_code: error.code, error_message: error.message, lease_owner: null, lease_expires_at: null }, trx);
          return { status: 'skipped', error };
        }
        Object.assign(rec, { status: 'completed', output: { mode: 'combined', role: 'place', renderedBy: renderer.id, jobIds: r.output?.jobIds ?? [] }, completedAt: iso(), durationMs: Date.now() - Date.parse(rec.startedAt ?? iso()) });
        return 'next';
      }
      const waiting = items.filter((o) => ACTIVE.has(o.status) && renderOf(o)?.output?.role === 'waiting');
      if (items.some((o) => ACTIVE.has(o.status) && !waiting.includes(o))) {
        Object.assign(rec, { status: 'running', output: { mode: 'combined', role: 'waiting', note: 'waits for the run\'s other locations' } });
        await save({ step_index: i, next_at: iso(this.o.config.workflowPollMs), lease_owner: null, lease_expires_at: null }, trx);
        return 'stop';
      }
      const mine = { ...item, fetched: fetched ? JSON.stringify(fetched) : item.fetched };
      const candidates = [mine, ...waiting].sort((a, b) => a.idx - b.idx);
      const leftOut: LeftOut[] = items.filter((o) => !waiting.includes(o)).map((o) => ({ location: readLocation(o.location, `run item ${o.id}`).name, reason: o.error_code ?? o.status, ...(o.error_message ? { message: o.error_message.slice(0, 300) } : {}) }));
      const entries: CombinedEntry[] = [];
      for (const o of candidates) {
        const got = o.fetched ? readFetched(o.fetched, `run item ${o.id}`) : null;
        if (got) entries.push({ location: readLocation(o.location, `run item ${o.id}`), fetched: got, provenance: await this.provenanceOf(got, def, trx) });
        else leftOut.push({ location: readLocation(o.location, `run item ${o.id}`).name, reason: 'no_values', message: 'nothing was fetched' });
      }
      const plan = combinedPlan(step, def, entries, leftOut);
      const base = { mode: 'combined', role: 'renderer', template: plan.template, places: plan.entries.map((e) => e.location.name), leftOut: plan.leftOut, ...(plan.note ? { note: plan.note } : {}) };
      if (plan.entries.length < PLACE_LIMITS.minPlaces) {
        const error = { code: 'too_few_places', message: tooFewMessage(plan.entries.length, candidates.length + leftOut.length, plan.leftOut) };
        Object.assign(rec, { status: 'skipped', output: base, error, completedAt: iso(), durationMs: Date.now() - t0 });
        for (let k = i + 1; k < records.length; k++) if (records[k]!.type !== 'notify') records[k]!.status = 'skipped';
        await save({ status: 'skipped', step_index: records.length, completed_at: iso(), error_code: error.code, error_message: error.message, lease_owner: null, lease_expires_at: null }, trx);
        return { status: 'skipped', error };
      }
      let params: RenderParams[];
      try {
        params = combinedParams(step, def, plan);
      } catch (err) {
        Object.assign(rec, { status: 'failed', output: base, error: errorOf(err), completedAt: iso(), durationMs: Date.now() - t0 });
        for (let k = i + 1; k < records.length; k++) if (records[k]!.type !== 'notify') records[k]!.status = 'skipped';
        await save({ status: 'failed', step_index: records.length, completed_at: iso(), error_code: errorOf(err).code, error_message: errorOf(err).message, lease_owner: null, lease_expires_at: null }, trx);
        return { status: 'failed', error: errorOf(err) };
      }
      const jobs = await this.o.queue.enqueue(params.map((p) => ({ params: p, options: { batchId: item.run_id, priority: step.priority, brand } })), trx);
      await this.o.rows.insertJobLinks(trx, jobs.map((j, k) => ({ run_id: item.run_id, item_id: item.id, job_id: j.jobId, format: params[k]!.format, language: params[k]!.language, created_at: iso() })));
      Object.assign(rec, { status: 'running', output: { ...base, ...(brand ? { brand: { brandId: brand.brandId, version: brand.version } } : {}), jobIds: jobs.map((j) => j.jobId) } });
      await save({ step_index: i, next_at: iso(this.o.config.workflowPollMs), lease_owner: null, lease_expires_at: null }, trx);
      return 'stop';
    });
    if (typeof ended === 'object') await this.finishRunIfDone(item.run_id);
    return typeof ended === 'object' ? 'stop' : ended;
  }

  /** Where a fetched item's values came from, as the render's `provenance` (its source line). */
  private async provenanceOf(fetched: Fetched, def: RunDefinition, exec: Executor = this.o.store.db): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = { ...(def.timezone ? { timeZone: def.timezone } : {}) };
    if (fetched.observedAt) out.observedAt = fetched.observedAt;
    if (fetched.retrievedAt && (!fetched.observedAt || fetched.retrievedAt >= fetched.observedAt)) out.retrievedAt = fetched.retrievedAt;
    if (fetched.source === 'context') {
      const ctx = fetched.contextId ? await this.o.contexts.find(exec, fetched.contextId) : null;
      out.source = ctx?.source?.filename ? 'upload' : 'manual';
      return out;
    }
    const known = SOURCE_ATTRIBUTION[fetched.source];
    out.source = known ? fetched.source : 'manual';
    if (known) Object.assign(out, known);
    if (fetched.station?.id) out.stationIds = [fetched.station.id.slice(0, 64)];
    return out;
  }

  /** Queues the item's jobs and records them, in one transaction fenced on the lease. */
  private async enqueueRenders(step: RenderStep, def: RunDefinition, location: Location, fetched: Fetched | null, item: ItemRow, rec: StepRecord, records: StepRecord[], i: number, save: (set: ItemUpdate, exec?: Executor) => Promise<void>): Promise<void> {
    const t0 = Date.now();
    const series = step.template === 'trend' ? fetched?.series ?? null : null;
    const template = step.template === 'trend' && !series ? step.fallbackTemplate : step.template;
    const day = dayOf(def, fetched);
    const provenance = fetched ? await this.provenanceOf(fetched, def) : null;
    const plans: { params: RenderParams; format: string; language: string }[] = [];
    let winner: Awaited<ReturnType<VariantService['winnerFor']>> = null;
    let brand: RenderBrand | null = null;
    try {
      winner = await this.o.variants.winnerFor(item.workflow_id);
      // The brand's version now: a run renders in the look the brand has when it renders. The winning
      // arm's brand is part of its look; once that brand is deleted the step's own brand applies again.
      const winnerBrand = winner?.brandId ? await this.o.brands.existingForRender(winner.brandId) : null;
      brand = winnerBrand ?? await this.o.brands.forRender(step.brandId, 'brandId');
      const seen = new Set<string>();
      for (const format of step.formats) {
        for (const language of step.languages) {
          let input: Record<string, unknown> = {
            location: location.name, template, ...fetched?.values, language, format, aqiStandard: step.aqiStandard, date: day,
            ...(step.resolution ? { resolution: step.resolution } : {}),
            ...(series ? { series: { pollutant: series.pollutant, kind: series.kind, points: series.points, ...(def.timezone ? { timeZone: def.timezone } : {}) } } : {}),
            ...(provenance ? { provenance } : {}),
          };
          // The winner changes how the video looks, never what it reports: the place and the values stay this run's.
          if (winner) input = armRenderInput(input, winner.template, withoutReportedValues(winner.overrides));
          const params = parseRenderParams(input);
          const key = `${params.format}/${params.language}`;
          if (seen.has(key)) continue; // the winning arm fixed the format or language: one job for it
          seen.add(key);
          plans.push({ params, format: params.format, language: params.language });
        }
      }
    } catch (err) {
      Object.assign(rec, { status: 'failed', attempts: rec.attempts + 1, startedAt: iso(), error: errorOf(err), completedAt: iso(), durationMs: Date.now() - t0 });
      await this.endItem(item, records, i + 1, 'failed', errorOf(err), save);
      return;
    }
    Object.assign(rec, {
      status: 'running', attempts: rec.attempts + 1, startedAt: iso(),
      output: {
        template: plans[0]?.params.template ?? template,
        ...(template !== step.template ? { note: 'no series came back: the fallback template was used' } : {}),
        ...(winner ? { variant: { testId: winner.testId, arm: winner.arm, template: winner.template, overrides: winner.overrides, ...(winner.brandId ? { brandId: winner.brandId } : {}) } } : {}),
        ...(brand ? { brand: { brandId: brand.brandId, version: brand.version } } : {}),
      },
    });
    await transaction(this.o.store, async (trx) => {
      const jobs = await this.o.queue.enqueue(plans.map((p) => ({ params: p.params, options: { batchId: item.run_id, priority: step.priority, brand, ...(fetched?.contextId ? { contextId: fetched.contextId } : {}) } })), trx);
      await this.o.rows.insertJobLinks(trx, jobs.map((j, k) => ({ run_id: item.run_id, item_id: item.id, job_id: j.jobId, format: plans[k]!.format, language: plans[k]!.language, created_at: iso() })));
      rec.output = { ...rec.output, jobIds: jobs.map((j) => j.jobId) };
      // Released: whichever process looks next sees whether the renders ended.
      await save({ step_index: i, next_at: iso(this.o.config.workflowPollMs), lease_owner: null, lease_expires_at: null }, trx);
    });
  }

  /** How the item's renders ended (recorded in `rec`), or null while some still run. */
  private async rendersEnded(itemId: string, runId: string, rec: StepRecord): Promise<RunStatus | null> {
    const links = (await this.o.rows.jobLinks(runId)).filter((l) => l.item_id === itemId);
    const jobs = await Promise.all(links.map((l) => this.o.queue.get(l.job_id).catch(() => null)));
    if (jobs.some((j) => j && !TERMINAL_STATUSES.includes(j.status))) return null;
    const ended = jobs.filter((j) => j !== null);
    const failed = ended.filter((j) => j.status === 'failed');
    const canceled = ended.filter((j) => j.status === 'canceled');
    rec.output = { ...rec.output, jobs: ended.map((j) => ({ jobId: j.jobId, status: j.status, format: j.params.format, language: j.params.language, videoUrl: j.videoUrl })) };
    rec.completedAt = iso();
    rec.durationMs = rec.startedAt ? Date.parse(rec.completedAt) - Date.parse(rec.startedAt) : null;
    if (failed.length) {
      rec.status = 'failed';
      rec.error = { code: 'render_failed', message: `${failed.length} of ${ended.length} renders failed: ${failed.map((j) => `${j.jobId} ${j.error?.code ?? ''}`).join(', ')}` };
    } else if (canceled.length) {
      rec.status = 'canceled';
      rec.error = { code: 'render_canceled', message: `${canceled.length} of ${ended.length} renders were canceled` };
    } else rec.status = 'completed';
    return rec.status;
  }

  // ---- the run's end --------------------------------------------------------

  /** Ends the run once every item ended; the one process that ends it settles the notify step and publishes the event. */
  async finishRunIfDone(runId: string): Promise<void> {
    await transaction(this.o.store, async (trx) => {
      await this.o.rows.lockRun(trx, runId);
      const items = await this.o.rows.itemsOf(runId, trx);
      if (items.length === 0 || items.some((i) => ACTIVE.has(i.status))) return;
      const run = await this.o.rows.getRun(runId, trx);
      if (!run || !ACTIVE.has(run.status)) return;
      const failed = items.filter((i) => i.status === 'failed');
      const status: RunStatus = failed.length ? 'failed' : items.every((i) => i.status === 'skipped') ? 'skipped' : items.some((i) => i.status === 'canceled') ? 'canceled' : 'completed';
      // A combined render with too few fresh places skips the run: the run says why.
      const tooFew = items.find((i) => i.error_code === 'too_few_places');
      const error = !failed.length && status === 'skipped' && tooFew ? { code: 'too_few_places', message: tooFew.error_message ?? '' } : failed.length ? { code: 'items_failed', message: `${failed.length} of ${items.length} items failed: ${failed.map((i) => `${readLocation(i.location, `run item ${i.id}`).name} (${i.error_code ?? 'failed'})`).join(', ')}`.slice(0, 2000) } : null;
      if (!(await this.o.rows.finishRun(trx, runId, status, error))) return;
      const def = readRunDefinition(run.definition, `run ${run.id}`);
      const notify = def.steps.find((s) => s.type === 'notify');
      const event = notify && (status === 'completed' || status === 'failed') && notify.on.includes(status) ? `workflow.run.${status}` : null;
      for (const item of items) {
        const records = readStepRecords(item.steps, `run item ${item.id}`);
        const rec = records.find((r) => r.type === 'notify');
        if (!rec) continue;
        Object.assign(rec, event ? { status: 'completed', attempts: 1, output: { event }, startedAt: iso(), completedAt: iso(), durationMs: 0 } : { status: 'skipped', output: { reason: `the run ended ${status}; this workflow does not announce that` } });
        await this.o.rows.setItemSteps(trx, item.id, JSON.stringify(records));
      }
      if (event) {
        const ended = (await this.o.rows.getRun(runId, trx))!;
        await this.o.events.publish(trx, event, await this.o.runs.view(ended, trx, true));
      }
    });
  }
}

/** The day a video is about: the observation's, read in the schedule's time zone. */
function dayOf(def: RunDefinition, fetched: Fetched | null): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: def.timezone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(fetched?.observedAt ? new Date(fetched.observedAt) : new Date());
}

const REPORTED = new Set<string>(['location', 'date', 'series', 'values', 'temperature', ...MEASURES]);

/** An arm's overrides without what a run reports (place, date, values), which always come from the run. */
function withoutReportedValues(overrides: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(overrides).filter(([k]) => !REPORTED.has(k)));
}

/** What each source asks to be credited with, and whether its real-time values are preliminary. */
const SOURCE_ATTRIBUTION: Record<string, { attribution: string; licence?: string; preliminary?: boolean }> = {
  'open-meteo': { attribution: 'Open-Meteo', licence: 'CC BY 4.0' },
  openaq: { attribution: 'OpenAQ', licence: 'CC BY 4.0' },
  waqi: { attribution: 'World Air Quality Index Project' },
  airnow: { attribution: 'U.S. EPA AirNow', preliminary: true },
};

/** Why an item's values are too old to render as current, or null when they are fresh enough (or their time is unknown). */
export function staleness(step: RenderStep, fetched: Fetched | null, now = Date.now()): { output: Record<string, unknown>; error: { code: string; message: string } } | null {
  const max = typeof step.maxAgeMinutes === 'number' ? step.maxAgeMinutes : null;
  if (max === null || !fetched?.observedAt) return null;
  const ageMinutes = Math.floor((now - Date.parse(fetched.observedAt)) / 60_000);
  if (!(ageMinutes > max)) return null;
  const message = `the values were observed at ${fetched.observedAt}, ${ageMinutes} minutes ago, more than maxAgeMinutes ${max}: not rendered as current`;
  return { output: { reason: 'stale', observedAt: fetched.observedAt, ageMinutes, maxAgeMinutes: max }, error: { code: 'stale_data', message } };
}
