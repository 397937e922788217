/**
 * The renders module: queue one render or a batch, read and list jobs, and the
 * templates and AQI standards a video can use. Jobs live in the queue module.
 */
import { defineModule } from '../../core/module.js';
import { RenderParams, TemplateSchema } from './contract.js';
import { rendersGraphql } from './graphql.js';
import { renderRoutes } from './routes.js';
import { RenderService } from './service.js';

export { RenderParams, TemplateSchema } from './contract.js';
export { RenderService } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    renders: RenderService;
  }
}

export const rendersModule = defineModule({
  name: 'renders',
  description: 'Render jobs: queue one or a batch, read, list; templates',
  uses: ['queue', 'brands'],
  schemas: [RenderParams, TemplateSchema],
  create: (deps) => new RenderService(deps.services.queue, deps.services.brands),
  routes: renderRoutes,
  graphql: rendersGraphql,
});
