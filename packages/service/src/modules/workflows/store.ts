/**
 * All SQL on the workflow tables.
 *
 * A schedule slot is claimed by moving `next_run_at` from the slot to the next
 * one in one conditional UPDATE (whoever changes the row owns the slot), and the
 * run it makes is unique per (workflow, slot). A run's items are leased items
 * (core/lease) like jobs: a process takes one due item per free slot, the lease
 * runner renews it while it works, and every write of the item is fenced on its
 * lease (owner and token), so a process that lost the lease (it stalled, or died
 * and another took over) changes nothing.
 */
import { sql, type Generated, type Insertable, type Selectable, type Updateable } from 'kysely';
import { claimOne, fence, type Lease, type LeaseSpec } from '../../core/lease/lease.js';
import type { Executor, Store } from '../../core/store/database.js';
import type { RunStatus } from './contract.js';

declare module '../../core/store/database.js' {
  interface Database {
    workflows: WorkflowsTable;
    workflow_runs: WorkflowRunsTable;
    workflow_run_items: WorkflowRunItemsTable;
    workflow_run_jobs: WorkflowRunJobsTable;
  }
}

export interface WorkflowsTable {
  seq: Generated<number>;
  id: string;
  name: string;
  enabled: number;
  trigger_type: 'manual' | 'schedule' | 'inbound';
  cron: string | null;
  timezone: string | null;
  catch_up: 'none' | 'latest' | null;
  /** SHA-256 (hex) of the inbound trigger secret; the secret itself is never stored. */
  trigger_secret_hash: string | null;
  /** JSON array of locations. */
  locations: string;
  /** JSON array of steps, as given. */
  steps: string;
  next_run_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface WorkflowRunsTable {
  seq: Generated<number>;
  id: string;
  workflow_id: string;
  status: RunStatus;
  trigger: 'manual' | 'schedule' | 'inbound';
  slot: string | null;
  catch_up: number;
  overrides: string | null;
  /** JSON: the workflow's name, locations and steps when the run began (later edits do not change it). */
  definition: string;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

export interface WorkflowRunItemsTable {
  id: string;
  run_id: string;
  workflow_id: string;
  idx: number;
  location: string;
  /** Lower-cased location name: how `changed` conditions find the previous value. */
  location_key: string;
  status: RunStatus;
  /** The step being worked on. */
  step_index: number;
  /** JSON array of step records. */
  steps: string;
  /** JSON: the values the fetch step got (for the next run's `changed` condition). */
  fetched: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Fencing token: raised at every claim. */
  lease_token: Generated<number>;
  /** Not worked on before this time (a render being waited for is looked at again then). */
  next_at: string;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

export interface WorkflowRunJobsTable {
  run_id: string;
  item_id: string;
  job_id: string;
  format: string;
  language: string;
  created_at: string;
}

export type WorkflowRow = Selectable<WorkflowsTable>;
export type RunRow = Selectable<WorkflowRunsTable>;
export type ItemRow = Selectable<WorkflowRunItemsTable>;
export type ItemUpdate = Updateable<WorkflowRunItemsTable>;

const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();
const ACTIVE: RunStatus[] = ['queued', 'running'];

/** Run items to work on: unfinished and due (a render being waited for is looked at again at `next_at`). */
export const ITEMS_LEASE: LeaseSpec = {
  table: 'workflow_run_items',
  due: (now) => sql`status in ('queued', 'running') and next_at <= ${now}`,
  order: sql`next_at asc, idx asc`,
  onClaim: (now) => sql`updated_at = ${now}`,
};

/** Channel on which new runs wake the workflow runners (NOTIFY on PostgreSQL). */
export const WORKFLOWS_CHANNEL = 'aqcast_workflows';

export class WorkflowStore {
  constructor(readonly store: Store) {}

  // ---- workflows ------------------------------------------------------------

  async insertWorkflow(exec: Executor, row: Insertable<WorkflowsTable>): Promise<void> {
    await exec.insertInto('workflows').values(row).execute();
  }

  /** Workflows (not deleted) whose render step names brand `brandId`: up to `limit` ids. */
  async workflowsInBrand(exec: Executor, brandId: string, limit: number): Promise<string[]> {
    // Steps are stored as JSON.stringify wrote them; the match is confirmed on the parsed steps.
    const rows = await exec.selectFrom('workflows').select(['id', 'steps']).where('deleted_at', 'is', null).where('steps', 'like', `%${brandId}%`).orderBy('id').execute();
    return rows
      // Only type and brandId are read, each compared with a value.
      .filter((r) => (JSON.parse(r.steps) as { type?: unknown; brandId?: unknown }[]).some((s) => s.type === 'render' && s.brandId === brandId))
      .slice(0, limit)
      .map((r) => r.id);
  }

  async getWorkflow(id: string, exec: Executor = this.store.db): Promise<WorkflowRow | undefined> {
    return exec.selectFrom('workflows').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** Newest first; `limit + 1` rows so the caller knows whether a next page exists. */
  async listWorkflows(limit: number, beforeSeq?: number): Promise<WorkflowRow[]> {
    let q = this.store.db.selectFrom('workflows').selectAll().where('deleted_at', 'is', null).orderBy('seq', 'desc').limit(limit + 1);
    if (beforeSeq !== undefined) q = q.where('seq', '<', beforeSeq);
    return q.execute();
  }

  async updateWorkflow(exec: Executor, id: string, set: Updateable<WorkflowsTable>): Promise<boolean> {
    const res = await exec.updateTable('workflows').set(set).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Marks the workflow deleted and cancels its unfinished runs and items. */
  async deleteWorkflow(exec: Executor, id: string): Promise<boolean> {
    const now = iso();
    const res = await exec.updateTable('workflows').set({ deleted_at: now, enabled: 0, next_run_at: null, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await exec
      .updateTable('workflow_run_items')
      .set({ status: 'canceled', lease_owner: null, lease_expires_at: null, completed_at: now, updated_at: now, error_code: 'workflow_deleted', error_message: 'The workflow was deleted' })
      .where('workflow_id', '=', id)
      .where('status', 'in', ACTIVE)
      .execute();
    await exec.updateTable('workflow_runs').set({ status: 'canceled', completed_at: now, updated_at: now, error_code: 'workflow_deleted', error_message: 'The workflow was deleted' }).where('workflow_id', '=', id).where('status', 'in', ACTIVE).execute();
    return true;
  }

  /**
   * Takes the write lock first in a transaction that reads before it writes: on
   * SQLite a transaction that began with a read cannot upgrade to a write once
   * another process wrote (SQLITE_BUSY_SNAPSHOT); one that writes first waits its
   * turn instead. On PostgreSQL it locks the row, serializing writers of it.
   */
  async lockWorkflow(exec: Executor, id: string): Promise<void> {
    await exec.updateTable('workflows').set((eb) => ({ name: eb.ref('name') })).where('id', '=', id).execute();
  }

  /** The same, for a run. */
  async lockRun(exec: Executor, id: string): Promise<void> {
    await exec.updateTable('workflow_runs').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute();
  }

  /** Enabled schedule workflows whose next slot is due. */
  async dueSchedules(now: string): Promise<WorkflowRow[]> {
    return this.store.db
      .selectFrom('workflows')
      .selectAll()
      .where('enabled', '=', 1)
      .where('deleted_at', 'is', null)
      .where('trigger_type', '=', 'schedule')
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(50)
      .execute();
  }

  /** Moves the workflow from slot `from` to `to`; true when this call did it (it owns slot `from`). */
  async advanceSlot(exec: Executor, id: string, from: string, to: string | null): Promise<boolean> {
    const res = await exec.updateTable('workflows').set({ next_run_at: to }).where('id', '=', id).where('next_run_at', '=', from).where('enabled', '=', 1).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  // ---- runs -------------------------------------------------------------------

  async insertRun(exec: Executor, run: Insertable<WorkflowRunsTable>, items: Insertable<WorkflowRunItemsTable>[]): Promise<void> {
    await exec.insertInto('workflow_runs').values(run).execute();
    for (let i = 0; i < items.length; i += 50) await exec.insertInto('workflow_run_items').values(items.slice(i, i + 50)).execute();
  }

  async getRun(id: string, exec: Executor = this.store.db): Promise<RunRow | undefined> {
    return exec.selectFrom('workflow_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listRuns(workflowId: string, limit: number, opts: { beforeSeq?: number; status?: RunStatus } = {}): Promise<RunRow[]> {
    let q = this.store.db.selectFrom('workflow_runs').selectAll().where('workflow_id', '=', workflowId).orderBy('seq', 'desc').limit(limit + 1);
    if (opts.beforeSeq !== undefined) q = q.where('seq', '<', opts.beforeSeq);
    if (opts.status) q = q.where('status', '=', opts.status);
    return q.execute();
  }

  async lastRuns(workflowIds: string[], exec: Executor = this.store.db): Promise<Map<string, RunRow>> {
    const out = new Map<string, RunRow>();
    if (workflowIds.length === 0) return out;
    const rows = await exec
      .selectFrom('workflow_runs')
      .selectAll()
      .where('seq', 'in', (qb) => qb.selectFrom('workflow_runs').select((eb) => eb.fn.max('seq').as('m')).where('workflow_id', 'in', workflowIds).groupBy('workflow_id'))
      .execute();
    for (const r of rows) out.set(r.workflow_id, r);
    return out;
  }

  async itemsOfRuns(runIds: string[], exec: Executor = this.store.db): Promise<ItemRow[]> {
    if (runIds.length === 0) return [];
    return exec.selectFrom('workflow_run_items').selectAll().where('run_id', 'in', runIds).orderBy('run_id').orderBy('idx').execute();
  }

  /** Items per status of each run. */
  async countsOfRuns(runIds: string[]): Promise<{ run_id: string; status: RunStatus; n: number }[]> {
    if (runIds.length === 0) return [];
    const rows = await this.store.db
      .selectFrom('workflow_run_items')
      .select(['run_id', 'status', this.store.db.fn.countAll<number>().as('n')])
      .where('run_id', 'in', runIds)
      .groupBy(['run_id', 'status'])
      .execute();
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  async jobLinks(runId: string, exec: Executor = this.store.db): Promise<Selectable<WorkflowRunJobsTable>[]> {
    return exec.selectFrom('workflow_run_jobs').selectAll().where('run_id', '=', runId).orderBy('created_at').orderBy('job_id').execute();
  }

  async insertJobLinks(exec: Executor, rows: Selectable<WorkflowRunJobsTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 100) await exec.insertInto('workflow_run_jobs').values(rows.slice(i, i + 100)).execute();
  }

  async markRunStarted(exec: Executor, runId: string): Promise<void> {
    const now = iso();
    await exec.updateTable('workflow_runs').set({ status: 'running', started_at: now, updated_at: now }).where('id', '=', runId).where('status', '=', 'queued').execute();
  }

  /** Ends a run whose items all ended; true when this call did it (so it alone announces it). */
  async finishRun(exec: Executor, runId: string, status: RunStatus, error: { code: string; message: string } | null): Promise<boolean> {
    const now = iso();
    const res = await exec
      .updateTable('workflow_runs')
      .set({ status, completed_at: now, updated_at: now, error_code: error?.code ?? null, error_message: error?.message ?? null })
      .where('id', '=', runId)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Runs still active whose items have all ended (a process died between the last item and the run's end). */
  async runsToFinish(): Promise<string[]> {
    const rows = await this.store.db
      .selectFrom('workflow_runs as r')
      .select('r.id')
      .where('r.status', 'in', ACTIVE)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('workflow_run_items as i').select('i.id').whereRef('i.run_id', '=', 'r.id').where('i.status', 'in', ACTIVE))))
      .limit(20)
      .execute();
    return rows.map((r) => r.id);
  }

  // ---- items --------------------------------------------------------------------

  /** Claims one due item for the runner slot `owner` (see {@link ITEMS_LEASE}). */
  async claimItem(owner: string, leaseSeconds: number): Promise<ItemRow | null> {
    return claimOne<ItemRow>(this.store, ITEMS_LEASE, owner, leaseSeconds * 1000);
  }

  /** Writes the item if its lease is still held; false means the lease is lost: stop working on it. */
  async saveItem(exec: Executor, lease: Lease, set: ItemUpdate): Promise<boolean> {
    const res = await exec.updateTable('workflow_run_items').where(fence(lease)).where('status', 'in', ACTIVE).set({ ...set, updated_at: iso() }).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async getItem(id: string, exec: Executor = this.store.db): Promise<ItemRow | undefined> {
    return exec.selectFrom('workflow_run_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** What the fetch step of the newest earlier item of this workflow and location got. */
  async previousFetch(workflowId: string, locationKey: string, beforeCreatedAt: string, runId: string): Promise<string | null> {
    const row = await this.store.db
      .selectFrom('workflow_run_items')
      .select('fetched')
      .where('workflow_id', '=', workflowId)
      .where('location_key', '=', locationKey)
      .where('run_id', '!=', runId)
      .where('created_at', '<=', beforeCreatedAt)
      .where('fetched', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.fetched ?? null;
  }

  /** Sets the notify step of every item of a finished run. */
  async itemsOf(runId: string, exec: Executor): Promise<ItemRow[]> {
    return exec.selectFrom('workflow_run_items').selectAll().where('run_id', '=', runId).orderBy('idx').execute();
  }

  async setItemSteps(exec: Executor, id: string, steps: string): Promise<void> {
    await exec.updateTable('workflow_run_items').set({ steps }).where('id', '=', id).execute();
  }
}
