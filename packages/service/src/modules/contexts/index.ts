/** The contexts module: stored air-quality values (from uploads, by hand, from workflows) that renders are made from. */
import { defineModule } from '../../core/module.js';
import { ContextSchema } from './contract.js';
import { contextsGraphql } from './graphql.js';
import * as m202611221437 from './migration-lifecycle.js';
import * as m003 from './migrations.js';
import { contextRoutes } from './routes.js';
import { CONTEXT_ERRORS, CONTEXT_EVENTS, ContextService } from './service.js';

export { ContextSchema, type ContextView } from './contract.js';
export { ContextService, MEASURES, measureValues, type MeasureValues, type WorkflowContextInput } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    contexts: ContextService;
  }
}

export const contextsModule = defineModule({
  name: 'contexts',
  description: 'Stored air-quality values (from uploads, by hand or from workflows): list, search, edit with ETag/If-Match, tag, render, and the kept original',
  uses: ['queue', 'brands'],
  errors: CONTEXT_ERRORS,
  migrations: { '003_contexts': m003, '202611221437_contexts_lifecycle': m202611221437 },
  schemas: [ContextSchema],
  events: [{ type: 'ingest.completed', description: 'A bulletin was read; data is the stored context' }, ...CONTEXT_EVENTS],
  create: (deps) =>
    new ContextService({
      store: deps.store, storage: deps.storage, events: deps.events, queue: deps.services.queue, brands: deps.services.brands, publicBaseUrl: deps.publicBaseUrl,
      retentionDays: deps.config.contextSourceRetentionDays, logger: deps.logger,
    }),
  routes: contextRoutes,
  graphql: contextsGraphql,
  start: async (contexts) => contexts.startPruning(),
  stop: (contexts) => contexts.stopPruning(),
});
