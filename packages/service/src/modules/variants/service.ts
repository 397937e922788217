/**
 * Variant tests: create (render or link each arm's video), assign units to arms
 * deterministically, track events once per event id, decide a winner from the
 * per-arm counters, conclude (freeze the result, announce it, hand the winning
 * arm to the workflow the test belongs to). No HTTP, no SQL here (see store.ts).
 */
import type { RenderParams } from '@aqcast/engine';
import { listOf } from '../../core/validation.js';
import { isoAt, systemClock, type Clock } from '../../core/clock.js';
import { AppError, invalidState, notFound, validationError, type FieldError } from '../../core/errors.js';
import { createdCursor } from '../../core/cursor.js';
import type { EventBus } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { parseRenderParams } from '../../core/render-params.js';
import { transaction, type Executor, type Store } from '../../core/store/database.js';
import type { BrandService, RenderBrand } from '../brands/index.js';
import type { JobView, QueueService } from '../queue/index.js';
import { assignArm } from './assignment.js';
import {
  STANDARD_EVENTS,
  TEST_STATUSES,
  type AssignmentView,
  type ArmView,
  type ConcludeBody,
  type CreateBody,
  type ListQuery,
  type ResultView,
  type TestPage,
  type TestView,
  type TrackEvent,
  type TrackResult,
} from './contract.js';
import type { ContextService } from '../contexts/index.js';
import { analyze, DEFAULT_RULES, type DecisionRules } from './statistics.js';
import { VariantStore, type ArmRow, type EventRow, type TestRow, type UnitRow } from './store.js';

export interface VariantServiceOptions {
  queue: QueueService;
  /** Arms render in a brand (`brandId` of the arm or the base, or the default brand). */
  brands: Pick<BrandService, 'forRender' | 'brandOfJob'>;
  /** Where a test's base comes from when it names a context. */
  contexts: Pick<ContextService, 'valuesOf'>;
  events: EventBus;
  clock?: Clock;
}

/** What a workflow renders with once its test concluded (see {@link VariantService.winnerFor}). */
export interface WorkflowWinner {
  testId: string;
  arm: string;
  decidedBy: 'statistics' | 'manual';
  /** The winning arm's template. */
  template: string;
  /** What the winning arm changed over the test's base (apply these over the workflow's own parameters). */
  overrides: Record<string, unknown>;
  /** The winning arm's full render parameters at the time of the test. */
  params: Record<string, unknown>;
  jobId: string;
  /** The brand the winning arm rendered in (part of its look), or null for none. */
  brandId: string | null;
  concludedAt: string;
}

/** A running test in an overview (the analytics module lists these). */
export interface RunningTestSummary {
  id: string;
  name: string;
  workflowId: string | null;
  goal: string;
  arms: number;
  exposures: number;
  conversions: number;
  events: number;
  createdAt: string;
  lastEventAt: string | null;
}

export const CONCLUDED_EVENT = 'variant.concluded';

/** Parameters whose two spellings must agree: an arm that sets one replaces both from the base. */
const ALIASES: [string, string][] = [
  ['template', 'compositionId'],
  ['temperatura', 'temperature'],
];

// The variants tables' JSON columns, written by this service from checked bodies.
const json = <T>(text: string) => JSON.parse(text) as T;

export class VariantService {
  readonly rows: VariantStore;
  private readonly clock: Clock;

  constructor(
    private readonly store: Store,
    private readonly opts: VariantServiceOptions,
  ) {
    this.rows = new VariantStore(store);
    this.clock = opts.clock ?? systemClock;
  }

  private run<T>(exec: Executor | undefined, work: (trx: Executor) => Promise<T>): Promise<T> {
    return exec ? work(exec) : transaction(this.store, work);
  }

  // ---- create ---------------------------------------------------------------

  /**
   * Creates a test inside `exec` (or its own transaction): each arm's params are
   * the base with the arm's template and overrides, validated like a render;
   * arms without a linked job are queued for rendering in the same transaction.
   */
  async create(body: CreateBody, exec?: Executor): Promise<TestView> {
    const errors: FieldError[] = [];
    const base = await this.baseOf(body, exec);
    const keys = body.arms.map((a, i) => a.key ?? String.fromCharCode(65 + i));
    keys.forEach((k, i) => {
      const first = keys.indexOf(k);
      if (first !== i) errors.push({ field: `arms[${i}].key`, message: `"${k}" is already the key of arms[${first}]` });
    });
    const weighted = body.arms.filter((a) => a.weight !== undefined).length;
    if (weighted !== 0 && weighted !== body.arms.length) {
      body.arms.forEach((a, i) => {
        if (a.weight === undefined) errors.push({ field: `arms[${i}].weight`, message: 'is required when any arm has a weight (give every arm a weight, or none)' });
      });
    }
    const exposureEvent = body.exposureEvent ?? 'view';
    if (body.goal === exposureEvent) errors.push({ field: 'goal', message: `must differ from the exposure event "${exposureEvent}"` });
    body.arms.forEach((a, i) => {
      if (a.jobId !== undefined && a.brandId !== undefined) errors.push({ field: `arms[${i}].brandId`, message: 'links an existing video, which keeps its own brand: give no brandId with it' });
      if (a.jobId !== undefined && (a.template !== undefined || a.overrides !== undefined)) errors.push({ field: `arms[${i}].jobId`, message: 'links an existing video: give no template or overrides with it' });
      if (a.jobId === undefined && base === undefined && !errors.some((e) => e.field === 'base')) errors.push({ field: 'base', message: `is required unless every arm links a job or contextId is given (arms[${i}] does not)` });
      if (a.template !== undefined && a.overrides?.template !== undefined && a.template !== a.overrides.template) {
        errors.push({ field: `arms[${i}].template`, message: `must equal overrides.template ("${a.overrides.template}") when both are given` });
      }
    });
    if (errors.length) throw validationError(errors);

    const rendered = new Map<number, RenderParams>();
    body.arms.forEach((a, i) => {
      if (a.jobId === undefined) rendered.set(i, parseRenderParams(armRenderInput(base!, a.template, a.overrides), `arms[${i}].`));
    });

    const now = isoAt(this.clock);
    const rules: DecisionRules = { ...DEFAULT_RULES, ...body.rules };
    const test: TestRow = {
      id: newId('var'), name: body.name, status: 'running', goal: body.goal, exposure_event: exposureEvent, rules: JSON.stringify(rules), base: base ? JSON.stringify(base) : null,
      workflow_id: body.workflowId ?? null, winner_arm: null, decided_by: null, result: null, events: 0, created_at: now, updated_at: now, concluded_at: null, last_event_at: null,
    };
    return this.run(exec, async (trx) => {
      // The test row first: on SQLite the transaction then holds the write lock before it reads anything.
      await this.rows.insertTest(trx, test);
      // Linked jobs are read through the transaction (on SQLite a read on the store itself would wait for it forever).
      const jobs = new Map<number, JobView>();
      for (const [i, a] of body.arms.entries()) {
        if (a.jobId === undefined) continue;
        const row = await this.opts.queue.jobs.get(a.jobId, trx);
        if (!row) errors.push({ field: `arms[${i}].jobId`, message: `render job ${a.jobId} does not exist` });
        else if (row.status === 'failed' || row.status === 'canceled') errors.push({ field: `arms[${i}].jobId`, message: `render job ${a.jobId} is ${row.status}; link a queued, rendering or completed job` });
        else jobs.set(i, this.opts.queue.view(row));
      }
      const order = [...rendered.keys()];
      const brands = new Map<number, RenderBrand | null>();
      for (const i of order) {
        const own = body.arms[i]?.brandId;
        try {
          brands.set(i, await this.opts.brands.forRender(own !== undefined ? own : body.base?.brandId, own !== undefined ? `arms[${i}].brandId` : 'base.brandId', trx));
        } catch (err) {
          if (err instanceof AppError && err.extra.errors) errors.push(...err.extra.errors);
          else throw err;
        }
      }
      if (errors.length) throw validationError(errors);
      const queued = await this.opts.queue.enqueue(
        order.map((i) => ({ params: rendered.get(i)!, options: { brand: brands.get(i) ?? null, ...(body.contextId ? { contextId: body.contextId } : {}) } })),
        trx,
      );
      order.forEach((i, n) => jobs.set(i, queued[n]!));
      const arms: ArmRow[] = body.arms.map((a, i) => {
        const job = jobs.get(i)!;
        return {
          test_id: test.id, key: keys[i]!, position: i, name: a.name ?? null, weight: a.weight ?? 1, template: job.template,
          overrides: JSON.stringify(a.jobId ? {} : { ...(a.overrides ?? {}), ...(a.template ? { template: a.template } : {}) }), params: JSON.stringify(job.params), job_id: job.jobId,
          assigned: 0, exposures: 0, conversions: 0,
        };
      });
      await this.rows.insertArms(trx, arms);
      return this.view(test, arms, new Map([...jobs.values()].map((j) => [j.jobId, j])), []);
    });
  }

  /** The base every arm starts from: the context's place, date, language and values, then `base` over them. */
  private async baseOf(body: CreateBody, exec: Executor | undefined): Promise<Record<string, unknown> | undefined> {
    // The brand is not a render parameter: each arm takes it (see create).
    const { brandId: _brand, ...rest } = body.base ?? {};
    const given: Record<string, unknown> | undefined = body.base ? rest : undefined;
    if (body.contextId === undefined) return given;
    const ctx = await this.opts.contexts.valuesOf(exec ?? this.store.db, body.contextId);
    if (!ctx) throw validationError([{ field: 'contextId', message: `context ${body.contextId} does not exist` }]);
    const fromContext: Record<string, unknown> = { ...ctx.values, ...(ctx.location ? { location: ctx.location } : {}), ...(ctx.date ? { date: ctx.date } : {}), ...(ctx.language ? { language: ctx.language } : {}) };
    return armRenderInput(fromContext, undefined, given);
  }

  // ---- read -----------------------------------------------------------------

  async get(id: string): Promise<TestView> {
    const test = await this.rows.test(id);
    if (!test) throw notFound('Variant test', id);
    return (await this.views([test]))[0]!;
  }

  /** Filters are validated here (formats the schema cannot express: statuses, cursor). */
  async list(query: ListQuery): Promise<TestPage> {
    const errors: FieldError[] = [];
    const statuses = listOf(query.status, TEST_STATUSES, errors);
    const limit = query.limit ?? 50;
    const before = query.cursor ? createdCursor.decode(query.cursor, errors) : undefined;
    if (errors.length) throw validationError(errors);
    const rows = await this.rows.list({ statuses, workflowId: query.workflowId, before, limit });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { tests: await this.views(page), nextCursor: rows.length > limit && last ? createdCursor.encode({ createdAt: last.created_at, id: last.id }) : null };
  }

  private async views(tests: TestRow[], exec: Executor = this.store.db): Promise<TestView[]> {
    const ids = tests.map((t) => t.id);
    const [arms, counts] = await Promise.all([this.rows.arms(ids, exec), this.rows.eventCounts(ids, exec)]);
    const jobs = await this.jobViews(arms.map((a) => a.job_id), exec);
    return tests.map((t) =>
      this.view(
        t,
        arms.filter((a) => a.test_id === t.id),
        jobs,
        counts.filter((c) => c.test_id === t.id),
      ),
    );
  }

  private async jobViews(jobIds: string[], exec: Executor): Promise<Map<string, JobView>> {
    const out = new Map<string, JobView>();
    for (const id of new Set(jobIds)) {
      const row = await this.opts.queue.jobs.get(id, exec);
      if (row) out.set(id, this.opts.queue.view(row));
    }
    return out;
  }

  private view(t: TestRow, arms: ArmRow[], jobs: Map<string, JobView>, counts: { arm: string; type: string; events: number }[]): TestView {
    const total = arms.reduce((s, a) => s + a.weight, 0);
    const rules = json<DecisionRules>(t.rules);
    return {
      id: t.id,
      name: t.name,
      status: t.status,
      goal: t.goal,
      exposureEvent: t.exposure_event,
      rules,
      base: t.base ? json<Record<string, unknown>>(t.base) : null,
      workflowId: t.workflow_id,
      control: arms[0]?.key ?? 'A',
      arms: arms.map((a): ArmView => {
        const job = jobs.get(a.job_id);
        return {
          key: a.key,
          name: a.name,
          weight: a.weight,
          share: a.weight / total,
          template: a.template,
          overrides: json(a.overrides),
          params: json(a.params),
          jobId: a.job_id,
          jobStatus: job?.status ?? 'unknown',
          videoUrl: job?.videoUrl ?? null,
          posterUrl: job?.posterUrl ?? null,
          assigned: Number(a.assigned),
          exposures: Number(a.exposures),
          conversions: Number(a.conversions),
          events: Object.fromEntries(counts.filter((c) => c.arm === a.key).map((c) => [c.type, Number(c.events)])),
        };
      }),
      winner: t.winner_arm && t.decided_by && t.concluded_at ? { arm: t.winner_arm, decidedBy: t.decided_by, concludedAt: t.concluded_at } : null,
      events: Number(t.events),
      createdAt: t.created_at,
      concludedAt: t.concluded_at,
      lastEventAt: t.last_event_at,
    };
  }

  // ---- assign ---------------------------------------------------------------

  /**
   * The arm `unitId` sees: a hash of the test id and unit id against the
   * weights, recorded on first sight (so tracking can refuse units never
   * assigned). Once the test is concluded every unit gets the winning arm and
   * nothing is recorded.
   */
  async assign(testId: string, unitId: string, exec?: Executor): Promise<AssignmentView> {
    const [result] = await this.assignMany(testId, [unitId], exec);
    return result!;
  }

  /** {@link assign} for many units in one transaction (bulk loads, benchmarks). */
  async assignMany(testId: string, unitIds: string[], exec?: Executor): Promise<AssignmentView[]> {
    return this.run(exec, async (trx) => {
      const test = await this.rows.testForWrite(trx, testId);
      if (!test) throw notFound('Variant test', testId);
      const arms = await this.rows.arms([testId], trx);
      const byKey = new Map(arms.map((a) => [a.key, a]));
      const jobs = await this.jobViews(arms.map((a) => a.job_id), trx);
      const answer = (unitId: string, arm: ArmRow, firstAssignment: boolean, concluded: boolean): AssignmentView => {
        const job = jobs.get(arm.job_id);
        return { testId, unitId, arm: arm.key, jobId: arm.job_id, jobStatus: job?.status ?? 'unknown', videoUrl: job?.videoUrl ?? null, posterUrl: job?.posterUrl ?? null, firstAssignment, concluded };
      };
      if (test.status === 'concluded') {
        const winner = byKey.get(test.winner_arm ?? '') ?? arms[0]!;
        return unitIds.map((u) => answer(u, winner, false, true));
      }
      const weights = arms.map((a) => a.weight);
      const unique = [...new Set(unitIds)];
      const now = isoAt(this.clock);
      const chosen = new Map(unique.map((u) => [u, arms[assignArm(testId, u, weights)]!]));
      const inserted = await this.rows.insertUnits(
        trx,
        unique.map((u) => ({ test_id: testId, unit_id: u, arm: chosen.get(u)!.key, assigned_at: now, exposed_at: null, converted_at: null })),
      );
      const perArm = new Map<string, number>();
      for (const u of inserted) perArm.set(chosen.get(u)!.key, (perArm.get(chosen.get(u)!.key) ?? 0) + 1);
      // Arms in key order, as tracking does: two transactions never wait on each other's arms in a cycle.
      for (const [arm, n] of [...perArm].sort(([a], [b]) => a.localeCompare(b))) await this.rows.addAssigned(trx, testId, arm, n);
      // A unit assigned before keeps the arm it was given.
      const earlier = unique.filter((u) => !inserted.has(u));
      for (const row of earlier.length ? await this.rows.units(testId, earlier, trx) : []) chosen.set(row.unit_id, byKey.get(row.arm) ?? chosen.get(row.unit_id)!);
      const seen = new Set<string>();
      return unitIds.map((u) => {
        const first = inserted.has(u) && !seen.has(u);
        seen.add(u);
        return answer(u, chosen.get(u)!, first, false);
      });
    });
  }

  // ---- track ----------------------------------------------------------------

  /**
   * Counts a batch of events in one transaction, all or nothing: every unit must
   * have been assigned, an arm (when given) must be the unit's, the type must be
   * a standard event or the test's goal, and the test must be running. An event
   * id is counted once per test however often it arrives (concurrent retries
   * included: the events' primary key decides which insert counts).
   */
  async track(testId: string, events: TrackEvent[], exec?: Executor): Promise<TrackResult> {
    return this.run(exec, async (trx) => {
      const now = isoAt(this.clock);
      const test = await this.rows.lockTest(trx, testId, now, 'last_event_at');
      if (!test) throw notFound('Variant test', testId);
      if (test.status !== 'running') throw invalidState(`Variant test ${testId} is concluded; events are no longer counted`, { currentStatus: test.status });
      const allowed = new Set<string>([...STANDARD_EVENTS, test.goal]);
      const errors: FieldError[] = [];
      events.forEach((e, i) => {
        if (!allowed.has(e.type)) errors.push({ field: `events[${i}].type`, message: `"${e.type}" is not an event of this test; one of ${[...allowed].join(', ')}` });
      });
      const units = new Map((await this.rows.units(testId, [...new Set(events.map((e) => e.unitId))], trx)).map((u) => [u.unit_id, u]));
      // Arms are read only when an event names one (the hot path sends none).
      const armKeys = events.some((e) => e.arm !== undefined) ? new Set((await this.rows.arms([testId], trx)).map((a) => a.key)) : new Set<string>();
      events.forEach((e, i) => {
        const unit = units.get(e.unitId);
        if (!unit) errors.push({ field: `events[${i}].unitId`, message: `unit "${e.unitId}" was never assigned in this test (assign it first with POST /variants/${testId}/assign)` });
        if (e.arm !== undefined && !armKeys.has(e.arm)) errors.push({ field: `events[${i}].arm`, message: `"${e.arm}" is not an arm of this test; its arms are ${[...armKeys].join(', ')}` });
        else if (e.arm !== undefined && unit && unit.arm !== e.arm) errors.push({ field: `events[${i}].arm`, message: `unit "${e.unitId}" is in arm ${unit.arm}, not ${e.arm}` });
      });
      if (errors.length) throw validationError(errors);

      const rows: EventRow[] = [];
      const seenIds = new Set<string>();
      for (const e of events) {
        const eventId = e.eventId ?? newId('evt');
        if (seenIds.has(eventId)) continue;
        seenIds.add(eventId);
        rows.push({ test_id: testId, event_id: eventId, unit_id: e.unitId, arm: units.get(e.unitId)!.arm, type: e.type, created_at: now });
      }
      const inserted = await this.rows.insertEvents(trx, rows);
      const fresh = rows.filter((r) => inserted.has(r.event_id));

      // Move each unit's first exposure and conversion; count what changed per arm.
      const changed = new Map<string, UnitRow>();
      const deltas = new Map<string, { exposures: number; conversions: number }>();
      const typeCounts = new Map<string, { arm: string; type: string; events: number }>();
      for (const r of fresh) {
        const unit = changed.get(r.unit_id) ?? { ...units.get(r.unit_id)! };
        const delta = deltas.get(r.arm) ?? { exposures: 0, conversions: 0 };
        const countKey = `${r.arm}\u0000${r.type}`;
        const count = typeCounts.get(countKey) ?? { arm: r.arm, type: r.type, events: 0 };
        count.events++;
        typeCounts.set(countKey, count);
        let moved = false;
        if (r.type === test.exposure_event && unit.exposed_at === null) {
          unit.exposed_at = now;
          delta.exposures++;
          if (unit.converted_at !== null) delta.conversions++;
          moved = true;
        } else if (r.type === test.goal && unit.converted_at === null) {
          unit.converted_at = now;
          if (unit.exposed_at !== null) delta.conversions++;
          moved = true;
        }
        if (moved) {
          changed.set(r.unit_id, unit);
          deltas.set(r.arm, delta);
        }
      }
      await this.rows.markUnits(trx, [...changed.values()]);
      for (const [arm, d] of [...deltas].sort(([a], [b]) => a.localeCompare(b))) await this.rows.addArmCounts(trx, testId, arm, d.exposures, d.conversions);
      await this.rows.addEventCounts(trx, testId, [...typeCounts.values()], fresh.length);
      return { received: events.length, counted: fresh.length, duplicates: events.length - fresh.length };
    });
  }

  // ---- decide ---------------------------------------------------------------

  /** The decision now (from the per-arm counters), or the result frozen at conclusion. */
  async winner(testId: string): Promise<ResultView> {
    const test = await this.rows.test(testId);
    if (!test) throw notFound('Variant test', testId);
    if (test.result) return json<ResultView>(test.result);
    return this.result(test, await this.rows.arms([testId]), false);
  }

  private result(test: TestRow, arms: ArmRow[], frozen: boolean): ResultView {
    const rules = json<DecisionRules>(test.rules);
    const analysis = analyze(
      arms.map((a) => ({ key: a.key, weight: a.weight, exposures: Number(a.exposures), conversions: Number(a.conversions) })),
      rules,
    );
    return {
      testId: test.id,
      status: frozen ? 'concluded' : test.status,
      decision: analysis.decision,
      winner: analysis.winner,
      reasons: analysis.reasons,
      control: analysis.control,
      goal: test.goal,
      exposureEvent: test.exposure_event,
      rules,
      lossThreshold: analysis.lossThreshold,
      srm: analysis.srm,
      method: analysis.method,
      arms: analysis.arms,
      computedAt: isoAt(this.clock),
      frozen,
    };
  }

  /**
   * Concludes a test with the rules' winner, or with `arm` when given (a manual
   * choice). Freezes the result, stops counting events, publishes
   * `variant.concluded` with the winning arm's template and overrides, and from
   * then on assign answers every unit with the winning arm.
   */
  async conclude(testId: string, body: ConcludeBody, exec?: Executor): Promise<TestView> {
    return this.run(exec, async (trx) => {
      const now = isoAt(this.clock);
      const test = await this.rows.lockTest(trx, testId, now, 'updated_at');
      if (!test) throw notFound('Variant test', testId);
      if (test.status !== 'running') throw invalidState(`Variant test ${testId} is already concluded (winner ${test.winner_arm})`, { currentStatus: test.status });
      const arms = await this.rows.arms([testId], trx);
      if (body.arm !== undefined && !arms.some((a) => a.key === body.arm)) throw validationError([{ field: 'arm', message: `"${body.arm}" is not an arm of this test; its arms are ${arms.map((a) => a.key).join(', ')}` }]);
      const result = this.result(test, arms, true);
      const winner = body.arm ?? result.winner;
      if (!winner) {
        throw invalidState(`Variant test ${testId} has no winner yet (${result.decision}): ${result.reasons.join('; ')}. Keep it running, or conclude with an explicit arm.`, {
          decision: result.decision,
          reasons: result.reasons,
        });
      }
      const decidedBy = winner === result.winner ? 'statistics' : 'manual';
      await this.rows.conclude(trx, testId, { winner, decidedBy, result: JSON.stringify(result), at: now });
      const concluded: TestRow = { ...test, status: 'concluded', winner_arm: winner, decided_by: decidedBy, result: JSON.stringify(result), concluded_at: now, updated_at: now };
      const [view] = await this.views([concluded], trx);
      const arm = view!.arms.find((a) => a.key === winner)!;
      await this.opts.events.publish(trx, CONCLUDED_EVENT, {
        testId, name: test.name, workflowId: test.workflow_id, arm: winner, decidedBy, decision: result.decision,
        template: arm.template, overrides: arm.overrides, params: arm.params, jobId: arm.jobId, videoUrl: arm.videoUrl, concludedAt: now,
      });
      return view!;
    });
  }

  // ---- for other modules ------------------------------------------------------

  /**
   * The hook of the workflows module: the winning arm of the most recently
   * concluded test made from `workflowId`, or null while none is concluded.
   * A workflow applies `overrides` (and `template`) over its own render
   * parameters from then on.
   */
  async winnerFor(workflowId: string): Promise<WorkflowWinner | null> {
    const test = await this.rows.latestConcluded(workflowId);
    if (!test?.winner_arm || !test.concluded_at || !test.decided_by) return null;
    const arm = (await this.rows.arms([test.id])).find((a) => a.key === test.winner_arm);
    if (!arm) return null;
    return {
      testId: test.id, arm: arm.key, decidedBy: test.decided_by, template: arm.template, overrides: json(arm.overrides), params: json(arm.params), jobId: arm.job_id, concludedAt: test.concluded_at,
      brandId: await this.opts.brands.brandOfJob(arm.job_id),
    };
  }

  /** Running tests with their totals, newest first (for the analytics overview). */
  async runningTests(limit = 20): Promise<RunningTestSummary[]> {
    return (await this.rows.running(limit)).map((t) => ({
      id: t.id, name: t.name, workflowId: t.workflow_id, goal: t.goal, arms: t.arm_count, exposures: t.exposures, conversions: t.conversions, events: Number(t.events), createdAt: t.created_at, lastEventAt: t.last_event_at,
    }));
  }
}

/** An arm's render input: the base, with the alias pairs the arm sets dropped from it, then the arm's overrides and template. */
export function armRenderInput(base: Record<string, unknown>, template: string | undefined, overrides: Record<string, unknown> | undefined): Record<string, unknown> {
  const changes: Record<string, unknown> = { ...(overrides ?? {}), ...(template !== undefined ? { template } : {}) };
  const merged: Record<string, unknown> = { ...base };
  for (const pair of ALIASES) if (pair.some((k) => k in changes)) for (const k of pair) delete merged[k];
  return { ...merged, ...changes };
}

