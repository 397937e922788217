/**
 * The one list of modules. The app's routes, the GraphQL schema, the error
 * catalogue, the migrations, the event types and OpenAPI are all assembled from
 * it; a new module is one folder under `modules/` and one line here. Order
 * matters: a module comes after the modules it `uses`.
 */
import type { ModuleDefinition } from './core/module.js';
import { aiModule } from './modules/ai/index.js';
import { analyticsModule } from './modules/analytics/index.js';
import { brandsModule } from './modules/brands/index.js';
import { contextsModule } from './modules/contexts/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { filesModule } from './modules/files/index.js';
import { ingestModule } from './modules/ingest/index.js';
import { keysModule } from './modules/keys/index.js';
import { metricsModule } from './modules/metrics/index.js';
import { queueModule } from './modules/queue/index.js';
import { rendersModule } from './modules/renders/index.js';
import { systemModule } from './modules/system/index.js';
import { variantsModule } from './modules/variants/index.js';
import { webhooksModule } from './modules/webhooks/index.js';
import { workflowsModule } from './modules/workflows/index.js';

export const MODULES: readonly ModuleDefinition<unknown>[] = [
  systemModule,
  keysModule,
  metricsModule,
  webhooksModule,
  queueModule,
  brandsModule,
  rendersModule,
  filesModule,
  contextsModule,
  ingestModule,
  dashboardModule,
  aiModule,
  variantsModule,
  workflowsModule,
  analyticsModule,
];
