import type { WaitOptions } from './renders.js';
import type { Workflow, WorkflowInput, WorkflowPage, WorkflowPatch, WorkflowRun, WorkflowRunOverrides, WorkflowRunPage, WorkflowRunStatus, WorkflowSaved } from '../types.js';
import { paginate, pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';
import { AqcastError } from '../errors.js';
import { sleep } from '../http.js';

export interface WorkflowListOptions extends CallOptions {
  limit?: number;
  cursor?: string;
}

export interface WorkflowRunListOptions extends WorkflowListOptions {
  status?: WorkflowRunStatus;
}

/** Statuses after which a run never changes again. */
export const WORKFLOW_RUN_TERMINAL: readonly WorkflowRunStatus[] = ['completed', 'failed', 'canceled', 'skipped'];

/**
 * Workflows: fetch live air quality for a list of places, decide, render and
 * announce — by hand (`run`), on a cron schedule in a time zone, or from an
 * inbound trigger URL (`trigger`). Runs and their jobs can be read and waited for.
 */
export class Workflows extends Resource {
  /** Creates a workflow; an inbound trigger's secret is in the answer (`triggerSecret`), and only there. */
  create(input: WorkflowInput, opts?: CallOptions): Promise<WorkflowSaved> {
    return this.http.request('POST', '/workflows', { ...requestOptions(opts), body: input });
  }

  get(id: string, opts?: CallOptions): Promise<Workflow> {
    return this.http.request('GET', pathWithId('/workflows', id), requestOptions(opts));
  }

  /** One page of workflows, newest first. */
  list(opts: WorkflowListOptions = {}): Promise<WorkflowPage> {
    return this.http.request('GET', '/workflows', { ...requestOptions(opts), query: { limit: opts.limit, cursor: opts.cursor } });
  }

  /** Every workflow, page after page. */
  all(opts: Omit<WorkflowListOptions, 'cursor'> = {}): AsyncGenerator<Workflow, void, undefined> {
    return paginate((cursor) => this.list({ ...opts, cursor }), (p) => p.workflows);
  }

  /** Changes what is given; `rotateTriggerSecret: true` issues a new inbound secret (returned once). */
  update(id: string, patch: WorkflowPatch, opts?: CallOptions): Promise<WorkflowSaved> {
    return this.http.request('PATCH', pathWithId('/workflows', id), { ...requestOptions(opts), body: patch });
  }

  /** Deletes a workflow; unfinished runs are canceled, finished runs stay readable. */
  async delete(id: string, opts?: CallOptions): Promise<void> {
    await this.http.request('DELETE', pathWithId('/workflows', id), requestOptions(opts));
  }

  /** Starts a run now (optional overrides for this run only) and returns it at once; pass it to `waitForRun`. */
  run(id: string, overrides: WorkflowRunOverrides = {}, opts?: CallOptions): Promise<WorkflowRun> {
    return this.http.request('POST', pathWithId('/workflows', id, '/run'), { ...requestOptions(opts), body: overrides });
  }

  /** The inbound trigger URL, as another system calls it: no API key, the workflow's trigger secret instead. */
  trigger(id: string, secret: string, opts?: CallOptions): Promise<WorkflowRun> {
    return this.http.request('POST', pathWithId('/workflows', id, '/trigger'), { ...requestOptions(opts), headers: { 'x-trigger-secret': secret }, body: {} });
  }

  /** Runs of a workflow, newest first (without items and jobs; `getRun` has them). */
  runs(id: string, opts: WorkflowRunListOptions = {}): Promise<WorkflowRunPage> {
    return this.http.request('GET', pathWithId('/workflows', id, '/runs'), { ...requestOptions(opts), query: { limit: opts.limit, cursor: opts.cursor, status: opts.status } });
  }

  /** A run with its items, each step's record (inputs, outputs, errors, timings) and its jobs. */
  getRun(runId: string, opts?: CallOptions): Promise<WorkflowRun> {
    return this.http.request('GET', pathWithId('/workflow-runs', runId), requestOptions(opts));
  }

  /**
   * Polls a run until it is completed, failed, skipped or canceled, and returns
   * it (a failed run is returned, not thrown). Past `timeoutMs` it throws an
   * `AqcastError` with status 408, code `wait_timeout`.
   */
  async waitForRun(runId: string, opts: Omit<WaitOptions, 'onProgress'> & { onProgress?: (run: WorkflowRun) => void } = {}): Promise<WorkflowRun> {
    const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
    for (;;) {
      const run = await this.getRun(runId);
      opts.onProgress?.(run);
      if (WORKFLOW_RUN_TERMINAL.includes(run.status)) return run;
      if (Date.now() > deadline) throw new AqcastError({ status: 408, code: 'wait_timeout', message: `workflow run ${runId} is still ${run.status} after ${opts.timeoutMs ?? 600_000} ms` });
      await sleep(opts.pollMs ?? 1000);
    }
  }
}
