/**
 * The workflows module: newsroom automation. A workflow fetches current air
 * quality for its locations from a source (OpenAQ, Open-Meteo, WAQI, AirNow or
 * a stored context), checks its conditions, renders a batch of videos and
 * announces the run through the outbox — by hand, on a cron schedule in a time
 * zone (each slot once, however many processes run), or from a trigger URL.
 */
import { hostname } from 'node:os';
import { defineModule } from '../../core/module.js';
import { WorkflowRunSchema, WorkflowSchema } from './contract.js';
import { workflowsGraphql } from './graphql.js';
import * as m202611221340 from './migrations.js';
import { addItemLeaseToken } from './migrations.js';
import { workflowRoutes } from './routes.js';
import { WorkflowRunner, type WorkflowRuntime } from './runner.js';
import { Runs } from './runs.js';
import { WorkflowService } from './service.js';
import { WorkflowStore } from './store.js';

export { WorkflowSchema, WorkflowRunSchema, type WorkflowView, type WorkflowRunView } from './contract.js';
export { WorkflowService } from './service.js';
export type { WorkflowRuntime } from './runner.js';

declare module '../../core/services.js' {
  interface Services {
    workflows: WorkflowService;
  }
}

const runners = new WeakMap<WorkflowService, WorkflowRunner>();

export const workflowsModule = defineModule({
  name: 'workflows',
  description: 'Workflows: fetch live air quality for a list of places, decide, render and announce — by hand, on a schedule or from a trigger URL',
  uses: ['queue', 'brands', 'contexts', 'variants'],
  events: [
    { type: 'workflow.run.completed', description: 'A workflow run ended with no failed item; data is the run with its items, step records and jobs' },
    { type: 'workflow.run.failed', description: 'A workflow run ended with at least one failed item; data is the run with its items, step records and jobs' },
  ],
  migrations: { '202611221340_workflows_tables': m202611221340, '202612011002_workflows_item_lease_token': { up: addItemLeaseToken } },
  schemas: [WorkflowSchema, WorkflowRunSchema],
  create: (deps) => {
    const rows = new WorkflowStore(deps.store);
    const runs = new Runs(deps.store, rows, deps.services.queue, deps.publicBaseUrl);
    const service = new WorkflowService(deps.store, rows, runs, deps.config, deps.services.brands);
    // A workflow whose render step names a brand keeps it from being deleted.
    deps.services.brands.addUsers(async (exec, brandId, limit) => (await rows.workflowsInBrand(exec, brandId, limit)).map((id) => ({ kind: 'workflow', id })));
    runners.set(
      service,
      new WorkflowRunner({
        store: deps.store, rows, runs, queue: deps.services.queue, brands: deps.services.brands, contexts: deps.services.contexts, variants: deps.services.variants, events: deps.events, config: deps.config, logger: deps.logger,
        // Runtime options are per process and untyped; the workflows read only their own, each optional.
        owner: `${deps.config.workerId || hostname()}:workflows`, runtime: deps.runtime as WorkflowRuntime,
      }),
    );
    return service;
  },
  routes: workflowRoutes,
  graphql: workflowsGraphql,
  start: async (service) => {
    await runners.get(service)?.start();
  },
  stop: async (service) => {
    await runners.get(service)?.stop();
  },
});
