/**
 * The variants module: A/B tests of report videos. Each arm is a render of the
 * same base with its own template and/or overrides; viewer units are assigned
 * to arms by a hash; events are counted once per event id; the winner is
 * decided from Beta-Binomial posteriors (chance to be best, expected loss) with
 * a z-test as a second opinion and a sample-ratio-mismatch check. Concluding
 * freezes the result and hands the winning arm to the test's workflow.
 */
import { defineModule } from '../../core/module.js';
import { ResultSchema, TestSchema } from './contract.js';
import { variantsGraphql } from './graphql.js';
import * as m202611221437 from './migrations.js';
import { variantRoutes } from './routes.js';
import { CONCLUDED_EVENT, VariantService } from './service.js';

export { ResultSchema, TestSchema, type ResultView, type TestView } from './contract.js';
export { armRenderInput, CONCLUDED_EVENT, VariantService, type RunningTestSummary, type WorkflowWinner } from './service.js';
export { analyze, DEFAULT_RULES, type Analysis, type DecisionRules } from './statistics.js';

declare module '../../core/services.js' {
  interface Services {
    variants: VariantService;
  }
}

export const variantsModule = defineModule({
  name: 'variants',
  description: 'A/B tests of report videos: deterministic assignment, event tracking, a Bayesian winner with a z-test and SRM check',
  uses: ['queue', 'brands', 'contexts'],
  events: [
    {
      type: CONCLUDED_EVENT,
      description: 'A variant test was concluded; data holds testId, name, workflowId, arm, decidedBy, decision, and the winning arm’s template, overrides, params, jobId and videoUrl',
    },
  ],
  migrations: { '202611221437_variants_tables': m202611221437 },
  schemas: [TestSchema, ResultSchema],
  create: (deps) => {
    const service = new VariantService(deps.store, { queue: deps.services.queue, brands: deps.services.brands, contexts: deps.services.contexts, events: deps.events });
    // A running experiment with an arm in a brand keeps that brand from being deleted.
    deps.services.brands.addUsers(async (exec, brandId, limit) => (await service.rows.runningTestsInBrand(exec, brandId, limit)).map((id) => ({ kind: 'experiment', id })));
    return service;
  },
  routes: variantRoutes,
  graphql: variantsGraphql,
});
