/**
 * Runs: how one is made (a snapshot of the workflow, one item per location,
 * each with a record per step) and what a run and a workflow look like to
 * callers. Shared by the service (manual and inbound runs) and the runner
 * (schedule slots, the end-of-run event).
 */
import { Type } from '@sinclair/typebox';
import { newId } from '../../core/ids.js';
import { onCommit, type Executor, type Store } from '../../core/store/database.js';
import { readJson } from '../../core/store/json-column.js';
import type { JobView, QueueService } from '../queue/index.js';
import { RUN_STATUSES, STEP_TYPES, type Location, type RunItemView, type RunOverrides, type RunStatus, type StepRecord, type WorkflowRunView, type WorkflowView } from './contract.js';
import { nextSlots, scheduleOf, type PlannedStep } from './definition.js';
import { WORKFLOWS_CHANNEL, type ItemRow, type RunRow, type WorkflowRow, type WorkflowStore } from './store.js';
import { Locations, orNull, readLocation, readLocations, readOverrides, readStepRecords, readSteps } from './stored.js';

/** What a run keeps of its workflow: later edits of the workflow do not change a run. */
export interface RunDefinition {
  name: string;
  locations: Location[];
  steps: PlannedStep[];
  /** The schedule's time zone (the day a video is about is read in it), or null. */
  timezone: string | null;
}

const StoredRunDefinition = Type.Object({
  name: Type.String(),
  locations: Locations,
  steps: Type.Array(Type.Object({ type: Type.Union(STEP_TYPES.map((t) => Type.Literal(t))) })),
  timezone: orNull(Type.String()),
});

/** A run's definition as stored: its steps are checked for their type, the fields each type carries are the planner's. */
export function readRunDefinition(text: string, what: string): RunDefinition {
  const def = readJson(StoredRunDefinition, text, `${what} definition`);
  // Each step was made by planWorkflow and stored as it made it; its type is checked above.
  return { ...def, steps: def.steps as PlannedStep[] };
}

export type RunTrigger = 'manual' | 'schedule' | 'inbound';

const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();

function stepInput(step: PlannedStep, location: Location): Record<string, unknown> {
  if (step.type === 'fetch') return { source: step.source, location, ...(step.credentialEnv ? { credentialEnv: step.credentialEnv } : {}), ...(step.series ? { series: step.series } : {}) };
  const { type: _type, ...rest } = step;
  return rest;
}

export function initialRecords(steps: PlannedStep[], location: Location): StepRecord[] {
  return steps.map((s, index) => ({ index, type: s.type, status: 'queued', input: stepInput(s, location), output: null, error: null, attempts: 0, startedAt: null, completedAt: null, durationMs: null }));
}

/** Applies a run's overrides to the planned steps. */
export function applyOverrides(steps: PlannedStep[], overrides: RunOverrides | null): PlannedStep[] {
  if (!overrides) return steps;
  return steps
    .filter((s) => !(overrides.skipConditions && s.type === 'condition'))
    .map((s) => (s.type === 'render' ? { ...s, formats: overrides.formats ?? s.formats, languages: overrides.languages ?? s.languages } : s));
}

export class Runs {
  constructor(
    private readonly store: Store,
    private readonly rows: WorkflowStore,
    private readonly queue: QueueService,
    private readonly publicBaseUrl: () => string,
  ) {}

  /** Writes a run and its items inside `trx`; runners are woken once it commits. */
  async create(trx: Executor, wf: WorkflowRow, trigger: RunTrigger, opts: { steps: PlannedStep[]; locations: Location[]; slot?: string | null; catchUp?: boolean; overrides?: RunOverrides | null }): Promise<string> {
    const now = iso();
    const runId = newId('wfr');
    const steps = applyOverrides(opts.steps, opts.overrides ?? null);
    const definition: RunDefinition = { name: wf.name, locations: opts.locations, steps, timezone: wf.trigger_type === 'schedule' ? (wf.timezone ?? 'UTC') : null };
    await this.rows.insertRun(
      trx,
      {
        id: runId, workflow_id: wf.id, status: 'queued', trigger, slot: opts.slot ?? null, catch_up: opts.catchUp ? 1 : 0, overrides: opts.overrides ? JSON.stringify(opts.overrides) : null,
        definition: JSON.stringify(definition), error_code: null, error_message: null, created_at: now, started_at: null, completed_at: null, updated_at: now,
      },
      opts.locations.map((location, idx) => ({
        id: newId('wfi'), run_id: runId, workflow_id: wf.id, idx, location: JSON.stringify(location), location_key: location.name.trim().toLowerCase(), status: 'queued', step_index: 0,
        steps: JSON.stringify(initialRecords(steps, location)), fetched: null, lease_owner: null, lease_expires_at: null, next_at: now, error_code: null, error_message: null,
        created_at: now, started_at: null, completed_at: null, updated_at: now,
      })),
    );
    onCommit(trx, () => void this.store.notify(WORKFLOWS_CHANNEL).catch(() => {}));
    return runId;
  }

  workflowView(row: WorkflowRow, lastRun: RunRow | undefined): WorkflowView {
    const scheduled = row.trigger_type === 'schedule' && row.enabled === 1 && row.cron !== null;
    let nextRuns: string[] = [];
    if (scheduled) {
      try {
        nextRuns = nextSlots(scheduleOf(row.cron!, row.timezone), 3);
      } catch {
        nextRuns = [];
      }
    }
    return {
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      trigger: { type: row.trigger_type, cron: row.cron, timezone: row.timezone, catchUp: row.catch_up },
      triggerUrl: row.trigger_type === 'inbound' ? `${this.publicBaseUrl()}/workflows/${row.id}/trigger` : null,
      locations: readLocations(row.locations, `workflow ${row.id}`),
      steps: readSteps(row.steps, `workflow ${row.id}`),
      nextRunAt: scheduled ? row.next_run_at : null,
      nextRuns,
      lastRun: lastRun ? { runId: lastRun.id, status: lastRun.status, createdAt: lastRun.created_at } : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** The run as callers see it; `detail` adds its items and jobs (read through `exec`, so it works inside a transaction). */
  async view(run: RunRow, exec: Executor, detail: boolean, counts?: Record<string, number>): Promise<WorkflowRunView> {
    const def = readRunDefinition(run.definition, `run ${run.id}`);
    let items: ItemRow[] | null = null;
    let c = counts;
    if (detail || !c) {
      items = await this.rows.itemsOfRuns([run.id], exec);
      c = {};
      for (const i of items) c[i.status] = (c[i.status] ?? 0) + 1;
    }
    const view: WorkflowRunView = {
      runId: run.id,
      workflowId: run.workflow_id,
      workflowName: def.name,
      status: run.status,
      trigger: run.trigger,
      slot: run.slot,
      catchUp: run.catch_up === 1,
      overrides: run.overrides ? readOverrides(run.overrides, `run ${run.id}`) : null,
      batchId: run.id,
      counts: countsOf(c),
      error: run.error_code ? { code: run.error_code, message: run.error_message ?? '' } : null,
      createdAt: run.created_at,
      startedAt: run.started_at,
      completedAt: run.completed_at,
      durationMs: run.started_at && run.completed_at ? Date.parse(run.completed_at) - Date.parse(run.started_at) : null,
    };
    if (!detail) return view;
    const links = await this.rows.jobLinks(run.id, exec);
    const jobs: JobView[] = [];
    for (const l of links) {
      const row = await this.queue.jobs.get(l.job_id, exec);
      if (row) jobs.push(this.queue.view(row));
    }
    view.items = (items ?? []).map((i) => itemView(i, links.filter((l) => l.item_id === i.id).map((l) => l.job_id)));
    view.jobs = jobs;
    return view;
  }
}

export function countsOf(c: Record<string, number>): WorkflowRunView['counts'] {
  // Every status is set by the loop below.
  const out = { items: 0 } as WorkflowRunView['counts'];
  for (const s of RUN_STATUSES) {
    out[s] = c[s] ?? 0;
    out.items += out[s];
  }
  return out;
}

export function itemView(i: ItemRow, jobIds: string[]): RunItemView {
  return {
    itemId: i.id,
    index: i.idx,
    location: readLocation(i.location, `run item ${i.id}`),
    // Written by the runner, which sets run statuses only.
    status: i.status as RunStatus,
    steps: readStepRecords(i.steps, `run item ${i.id}`),
    jobIds,
    error: i.error_code ? { code: i.error_code, message: i.error_message ?? '' } : null,
    startedAt: i.started_at,
    completedAt: i.completed_at,
  };
}
