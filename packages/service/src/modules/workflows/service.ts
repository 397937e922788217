/**
 * Workflows: create, read, list, change, delete; start a run (by hand or from
 * the inbound trigger URL); read runs. Validation beyond the schema is in
 * definition.ts, the background work (slots, items) in runner.ts. No HTTP, no SQL.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../core/config.js';
import { AppError, CORE_ERRORS, invalidState, notFound, validationError, type FieldError } from '../../core/errors.js';
import { seqCursor } from '../../core/cursor.js';
import { newId } from '../../core/ids.js';
import { transaction, type Executor, type Store } from '../../core/store/database.js';
import type { BrandService } from '../brands/index.js';
import type { ListQuery, RunListQuery, RunOverrides, RunPage, WorkflowBody, WorkflowPage, WorkflowPatch, WorkflowRunView, WorkflowView } from './contract.js';
import { planWorkflow, parseSchedule, storedPlan, type PlannedStep } from './definition.js';
import type { RunTrigger, Runs } from './runs.js';
import type { WorkflowRow, WorkflowStore } from './store.js';
import { readLocations, readSteps } from './stored.js';

const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The sequence number a list cursor points at (a 400 naming `cursor` when it is not ours). */
function seqPosition(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const errors: FieldError[] = [];
  const position = seqCursor.decode(cursor, errors);
  if (!position) throw validationError(errors);
  return position.seq;
}

export class WorkflowService {
  constructor(
    private readonly store: Store,
    readonly rows: WorkflowStore,
    readonly runs: Runs,
    private readonly config: Pick<Config, 'credential'>,
    private readonly brands: Pick<BrandService, 'forRender'>,
  ) {}

  /** A render step's brand must exist (a 400 naming `steps[i].brandId`); null and omitted always do. */
  private async checkBrands(steps: WorkflowBody['steps'], exec: Executor | undefined, prefix = ''): Promise<void> {
    for (const [i, step] of steps.entries()) {
      if (step.type === 'render' && typeof step.brandId === 'string') await this.brands.forRender(step.brandId, `${prefix}steps[${i}].brandId`, exec);
    }
  }

  private plan(body: { trigger?: WorkflowBody['trigger']; locations: WorkflowBody['locations']; steps: WorkflowBody['steps'] }): PlannedStep[] {
    const trigger = body.trigger ?? { type: 'manual' as const };
    const { errors, steps } = planWorkflow({ trigger, locations: body.locations, steps: body.steps }, this.config);
    if (errors.length) throw validationError(errors);
    return steps;
  }

  /** The first slot after now of a schedule trigger, or null. */
  private firstSlot(trigger: NonNullable<WorkflowBody['trigger']>): string | null {
    if (trigger.type !== 'schedule') return null;
    const errors: FieldError[] = [];
    const cron = parseSchedule(trigger, errors);
    if (!cron) throw validationError(errors);
    return cron.nextRun()?.toISOString() ?? null;
  }

  async create(body: WorkflowBody, exec?: Executor): Promise<{ workflow: WorkflowView; triggerSecret?: string }> {
    const trigger = body.trigger ?? { type: 'manual' as const };
    this.plan(body);
    await this.checkBrands(body.steps, exec);
    const enabled = body.enabled ?? true;
    const secret = trigger.type === 'inbound' ? `wft_${randomBytes(24).toString('base64url')}` : undefined;
    const now = iso();
    const row: WorkflowRow = {
      seq: 0, id: newId('wf'), name: body.name, enabled: enabled ? 1 : 0, trigger_type: trigger.type, cron: trigger.cron?.trim() ?? null,
      timezone: trigger.type === 'schedule' ? (trigger.timezone ?? 'UTC') : null, catch_up: trigger.type === 'schedule' ? (trigger.catchUp ?? 'latest') : null,
      trigger_secret_hash: secret ? sha256(secret) : null, locations: JSON.stringify(body.locations), steps: JSON.stringify(body.steps),
      next_run_at: enabled ? this.firstSlot(trigger) : null, created_at: now, updated_at: now, deleted_at: null,
    };
    const { seq: _seq, ...insert } = row;
    const write = (x: Executor) => this.rows.insertWorkflow(x, insert);
    if (exec) await write(exec);
    else await transaction(this.store, write);
    return { workflow: this.runs.workflowView(row, undefined), ...(secret ? { triggerSecret: secret } : {}) };
  }

  private async row(id: string, exec?: Executor): Promise<WorkflowRow> {
    const row = await this.rows.getWorkflow(id, exec);
    if (!row) throw notFound('Workflow', id);
    return row;
  }

  async get(id: string): Promise<WorkflowView> {
    const row = await this.row(id);
    const last = await this.rows.lastRuns([id]);
    return this.runs.workflowView(row, last.get(id));
  }

  async list(query: ListQuery): Promise<WorkflowPage> {
    const limit = query.limit ?? 50;
    const rows = await this.rows.listWorkflows(limit, seqPosition(query.cursor));
    const page = rows.slice(0, limit);
    const last = await this.rows.lastRuns(page.map((r) => r.id));
    const tail = page[page.length - 1];
    return { workflows: page.map((r) => this.runs.workflowView(r, last.get(r.id))), nextCursor: rows.length > limit && tail ? seqCursor.encode({ seq: tail.seq }) : null };
  }

  /** Changes what is given; a new or changed schedule starts from the next slot after now. */
  async update(id: string, patch: WorkflowPatch, exec?: Executor): Promise<{ workflow: WorkflowView; triggerSecret?: string }> {
    const work = async (x: Executor) => {
      await this.rows.lockWorkflow(x, id);
      const row = await this.row(id, x);
      // The row's trigger columns were written from a checked trigger.
      const current = { type: row.trigger_type, ...(row.cron ? { cron: row.cron } : {}), ...(row.timezone ? { timezone: row.timezone } : {}), ...(row.catch_up ? { catchUp: row.catch_up } : {}) } as NonNullable<WorkflowBody['trigger']>;
      const trigger = patch.trigger ?? current;
      const locations = patch.locations ?? readLocations(row.locations, `workflow ${row.id}`);
      const steps = patch.steps ?? readSteps(row.steps, `workflow ${row.id}`);
      this.plan({ trigger, locations, steps });
      if (patch.steps) await this.checkBrands(patch.steps, x);
      if (patch.rotateTriggerSecret && trigger.type !== 'inbound') throw validationError([{ field: 'rotateTriggerSecret', message: 'applies to inbound triggers only' }]);
      const enabled = patch.enabled ?? row.enabled === 1;
      const newSecret = trigger.type === 'inbound' && (patch.rotateTriggerSecret || row.trigger_secret_hash === null) ? `wft_${randomBytes(24).toString('base64url')}` : undefined;
      const scheduleChanged = patch.trigger !== undefined || (patch.enabled !== undefined && patch.enabled !== (row.enabled === 1));
      const set = {
        name: patch.name ?? row.name, enabled: enabled ? 1 : 0, trigger_type: trigger.type, cron: trigger.cron?.trim() ?? null,
        timezone: trigger.type === 'schedule' ? (trigger.timezone ?? 'UTC') : null, catch_up: trigger.type === 'schedule' ? (trigger.catchUp ?? 'latest') : null,
        trigger_secret_hash: trigger.type === 'inbound' ? (newSecret ? sha256(newSecret) : row.trigger_secret_hash) : null,
        locations: JSON.stringify(locations), steps: JSON.stringify(steps),
        next_run_at: scheduleChanged ? (enabled ? this.firstSlot(trigger) : null) : row.next_run_at, updated_at: iso(),
      };
      await this.rows.updateWorkflow(x, id, set);
      return { row: { ...row, ...set }, newSecret, last: await this.rows.lastRuns([id], x) };
    };
    // Every read inside the transaction: on SQLite a read beside an open transaction would wait for it.
    const { row, newSecret, last } = exec ? await work(exec) : await transaction(this.store, work);
    return { workflow: this.runs.workflowView(row, last.get(id)), ...(newSecret ? { triggerSecret: newSecret } : {}) };
  }

  /** Deletes the workflow; its unfinished runs are canceled (their queued jobs keep rendering). Runs stay readable. */
  async remove(id: string, exec?: Executor): Promise<void> {
    const deleted = exec ? await this.rows.deleteWorkflow(exec, id) : await transaction(this.store, (x) => this.rows.deleteWorkflow(x, id));
    if (!deleted) throw notFound('Workflow', id);
  }

  /** Starts a run now (answers at once; the items run in the background) and returns it. */
  async run(id: string, overrides: RunOverrides | null, trigger: RunTrigger = 'manual', exec?: Executor): Promise<WorkflowRunView> {
    const work = async (x: Executor) => {
      await this.rows.lockWorkflow(x, id);
      const row = await this.row(id, x);
      let steps = storedPlan(row);
      const locations = overrides?.locations ?? readLocations(row.locations, `workflow ${row.id}`);
      if (overrides?.locations) {
        // The sources' rules for the new locations, with the credentials checked again.
        const { errors, steps: planned } = planWorkflow({ trigger: { type: 'manual' }, locations, steps: readSteps(row.steps, `workflow ${row.id}`) }, this.config);
        if (errors.length) throw validationError(errors);
        steps = planned;
      }
      const render = steps.find((s) => s.type === 'render');
      if ((overrides?.formats || overrides?.languages) && render) {
        const n = (overrides.formats?.length ?? render.formats.length) * (overrides.languages?.length ?? render.languages.length);
        if (n === 0) throw validationError([{ field: 'formats', message: 'must not be empty' }]);
      }
      const runId = await this.runs.create(x, row, trigger, { steps, locations, overrides: overrides && Object.keys(overrides).length ? overrides : null });
      const run = (await this.rows.getRun(runId, x))!;
      return this.runs.view(run, x, true);
    };
    return exec ? work(exec) : transaction(this.store, work);
  }

  /** The inbound trigger: the secret must match (compared in constant time) and the workflow be enabled. */
  async trigger(id: string, presented: string | undefined, exec?: Executor): Promise<WorkflowRunView> {
    if (exec) await this.rows.lockWorkflow(exec, id);
    const row = await this.rows.getWorkflow(id, exec);
    const expected = row?.trigger_type === 'inbound' ? row.trigger_secret_hash : null;
    const given = Buffer.from(sha256(presented ?? ''), 'hex');
    // Same answer for an unknown workflow and a wrong secret: the route does not tell which workflows exist.
    if (!row || !expected || !presented || !timingSafeEqual(given, Buffer.from(expected, 'hex'))) {
      throw new AppError(CORE_ERRORS.unauthorized, 'Send the workflow\'s trigger secret in the X-Trigger-Secret header (or Authorization: Bearer)');
    }
    if (row.enabled !== 1) throw invalidState(`Workflow ${id} is disabled`);
    return this.run(id, null, 'inbound', exec);
  }

  async listRuns(workflowId: string, query: RunListQuery): Promise<RunPage> {
    await this.row(workflowId);
    const limit = query.limit ?? 50;
    const rows = await this.rows.listRuns(workflowId, limit, { beforeSeq: seqPosition(query.cursor), status: query.status });
    const page = rows.slice(0, limit);
    const counts = await this.rows.countsOfRuns(page.map((r) => r.id));
    const runs: WorkflowRunView[] = [];
    for (const r of page) {
      const c: Record<string, number> = {};
      for (const x of counts.filter((k) => k.run_id === r.id)) c[x.status] = x.n;
      runs.push(await this.runs.view(r, this.store.db, false, c));
    }
    const tail = page[page.length - 1];
    return { runs, nextCursor: rows.length > limit && tail ? seqCursor.encode({ seq: tail.seq }) : null };
  }

  async getRun(runId: string): Promise<WorkflowRunView> {
    const run = await this.rows.getRun(runId);
    if (!run) throw notFound('Workflow run', runId);
    return this.runs.view(run, this.store.db, true);
  }
}
