/**
 * The keys module: scoped API keys with expiry and per-key rate limits, for
 * partners, dashboards and CMSs that should not hold the master key. It is the
 * authority the app asks about every presented key that is not the master key.
 */
import { defineModule } from '../../core/module.js';
import { ApiKeySchema, CallerSchema } from './contract.js';
import { keysGraphql } from './graphql.js';
import { keyRoutes } from './routes.js';
import { KeyService } from './service.js';
import { up, upRateLimits } from './store.js';

export { KeyService } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    keys: KeyService;
  }
}

const timers = new WeakMap<KeyService, NodeJS.Timeout>();

export const keysModule = defineModule({
  name: 'keys',
  description: 'Scoped API keys with expiry and rate limits (admin scope); GET /whoami for any key',
  migrations: { '202611221500_keys_api_keys': { up }, '202611221501_keys_rate_limit_windows': { up: upRateLimits } },
  schemas: [ApiKeySchema, CallerSchema],
  create: (deps) => {
    const service = new KeyService(deps.store, deps.auth);
    deps.auth.attach(service);
    return service;
  },
  routes: (app, service, deps) => keyRoutes(app, service, () => deps.auth.scopes()),
  graphql: keysGraphql,
  start: async (service) => {
    const timer = setInterval(() => void service.prune().catch(() => {}), 60_000);
    timer.unref();
    timers.set(service, timer);
  },
  stop: async (service) => clearInterval(timers.get(service)),
});
