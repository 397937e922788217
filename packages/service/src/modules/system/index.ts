/** The system module: liveness, readiness and version. */
import { defineModule } from '../../core/module.js';
import { systemGraphql } from './graphql.js';
import { systemRoutes } from './routes.js';
import { SystemService } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    system: SystemService;
  }
}

export const systemModule = defineModule({
  name: 'system',
  description: 'Liveness, readiness and version',
  create: (deps) => new SystemService(deps),
  routes: systemRoutes,
  graphql: systemGraphql,
});
