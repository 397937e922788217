/**
 * The dashboard module: browser sessions (sign in with a key, HttpOnly cookie,
 * CSRF token), the live job feed, and the web app served at /dashboard.
 */
import { defineModule } from '../../core/module.js';
import { dashboardRoutes } from './routes.js';
import { DashboardService } from './service.js';
import { up } from './store.js';

declare module '../../core/services.js' {
  interface Services {
    dashboard: DashboardService;
  }
}

export const dashboardModule = defineModule({
  name: 'dashboard',
  description: 'The web dashboard: sign-in sessions and the live job feed',
  uses: ['queue'],
  migrations: { '202611221502_dashboard_sessions': { up } },
  create: (deps) => {
    const service = new DashboardService(deps.store, deps.auth, deps.config.dashboardSessionHours * 3_600_000);
    deps.auth.attachSessions(service);
    return service;
  },
  routes: (app, service, deps) => dashboardRoutes(app, service, deps.services.queue, deps),
  prune: async (service) => ({ sessions: await service.prune() }),
});
