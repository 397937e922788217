/**
 * Composition root: opens the store, runs the migrations of every module,
 * creates the modules' services in list order, builds the HTTP app (for
 * `serve`) and starts the background work (workers, dispatchers). `aqcast
 * serve`, `aqcast worker` and the tests all start the service through here.
 */
import { pino, type Logger } from 'pino';
import { buildApp } from './app/app.js';
import { resolveApiKey, type ApiKeySource } from './app/api-key.js';
import type { Config } from './core/config.js';
import { Auth, defaultScope } from './core/auth.js';
import { CORE_ERRORS, type ErrorDefinition } from './core/errors.js';
import { EventBus } from './core/events.js';
import { addIdempotencyLease, IdempotencyService } from './core/idempotency.js';
import { openMapTiles } from './core/map-tiles.js';
import { Metrics } from './core/metrics.js';
import type { Http, ModuleDefinition, ModuleDeps, RuntimeOptions, Services } from './core/module.js';
import { RENDER_PARAMS_ERRORS } from './core/render-params.js';
import { openStore, type Store } from './core/store/database.js';
import * as initialMigration from './core/store/initial-migration.js';
import { migrateToLatest, type StoreMigration } from './core/store/migrations.js';
import { countStorageErrors, openStorage } from './core/storage/open.js';
import { MODULES } from './modules.js';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    // The key must never reach a log line, whatever gets logged.
    redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie', 'headers["x-api-key"]', 'apiKey', '*.apiKey', 'secret', '*.secret'], censor: '[redacted]' },
  });
}

/** Every migration, by name: the core's first one and each module's. */
export function allMigrations(modules: readonly ModuleDefinition<unknown>[] = MODULES): Record<string, StoreMigration> {
  const out: Record<string, StoreMigration> = { '001_initial': initialMigration, '202612011003_core_idempotency_lease': { up: addIdempotencyLease } };
  for (const mod of modules) {
    for (const [name, m] of Object.entries(mod.migrations ?? {})) {
      if (out[name]) throw new Error(`migration ${name} is defined twice (${mod.name})`);
      out[name] = m;
    }
  }
  return out;
}

/** The error catalogue: every code the API can answer with. */
export function errorCatalogue(modules: readonly ModuleDefinition<unknown>[] = MODULES): ErrorDefinition[] {
  const all: ErrorDefinition[] = [...Object.values(CORE_ERRORS), ...Object.values(RENDER_PARAMS_ERRORS)];
  for (const mod of modules) all.push(...Object.values(mod.errors ?? {}));
  const seen = new Set<string>();
  for (const e of all) {
    if (seen.has(e.code)) throw new Error(`error code ${e.code} is defined twice`);
    seen.add(e.code);
  }
  return all;
}

/** Applies every pending migration. */
export async function migrate(store: Store, modules: readonly ModuleDefinition<unknown>[] = MODULES): Promise<string[]> {
  return migrateToLatest(store, allMigrations(modules));
}

export interface RunningService {
  app: Http | null;
  services: Services;
  store: Store;
  apiKey: ApiKeySource;
  baseUrl: string;
  /** Graceful stop: no new work, running renders finish within the grace period or are released. */
  stop(): Promise<void>;
  /** Deletes what every module no longer needs from before `before` (finished jobs and their files, delivered events, …). */
  prune(before: Date): Promise<Record<string, number>>;
}

export interface StartOptions {
  /** Serve HTTP (serve) or only run workers (worker). */
  http: boolean;
  logger?: Logger;
  /** Per-process options for modules (a trivial renderer in benchmarks, faster retries in tests). */
  runtime?: RuntimeOptions;
  modules?: readonly ModuleDefinition<unknown>[];
  /** Start background work (workers, dispatchers, schedulers); false for one-off commands. Default true. */
  background?: boolean;
}

export async function startService(config: Config, opts: StartOptions): Promise<RunningService> {
  const modules = opts.modules ?? MODULES;
  const logger = opts.logger ?? createLogger(config);
  errorCatalogue(modules);
  const metrics = new Metrics();
  const store = await openStore(config.databaseUrl, { onError: () => metrics.storeErrors.inc() });
  await migrate(store, modules);
  const apiKey = resolveApiKey(config.apiKey, config.dataDir);
  const listenHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  let baseUrl: string = config.publicBaseUrl ?? `http://${listenHost}:${config.port}`;

  const storage = countStorageErrors(await openStorage(config), metrics);
  await openMapTiles(config.mapPmtilesPath, logger);
  const events = new EventBus();
  for (const mod of modules) events.declare(mod.events ?? []);
  const auth = new Auth(apiKey.key);
  for (const mod of modules) {
    if (mod.routes || mod.graphql) for (const write of [false, true]) auth.declareScope(defaultScope(mod.name, write));
    for (const scope of Object.values(mod.graphql?.scopes ?? {})) auth.declareScope(scope);
  }
  // Filled below, module by module; a module uses only services of modules before it (checked there).
  const services = {} as Services;
  const instances = new Map<string, unknown>();
  const role = { http: opts.http, workers: opts.background === false ? 0 : config.workerConcurrency };
  const deps: ModuleDeps = {
    config, logger, store, storage, events, idempotency: new IdempotencyService(store, { owner: config.workerId, leaseSeconds: config.idempotencyLeaseSeconds }), auth, metrics,
    publicBaseUrl: () => baseUrl, startedAt: Date.now(), role, runtime: opts.runtime ?? {}, services,
  };
  const created: string[] = [];
  for (const mod of modules) {
    for (const used of mod.uses ?? []) if (!created.includes(used)) throw new Error(`module ${mod.name} uses ${used}, which must come before it in the module list`);
    if (mod.create) {
      const service = mod.create(deps);
      instances.set(mod.name, service);
      Object.assign(services, { [mod.name]: service });
    }
    created.push(mod.name);
  }
  const serviceOf = (mod: ModuleDefinition<unknown>) => instances.get(mod.name);

  let app: Http | null = null;
  if (opts.http) {
    app = await buildApp({ modules, deps, services, instances });
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address();
    if (!config.publicBaseUrl && addr && typeof addr === 'object') baseUrl = `http://${listenHost}:${addr.port}`;
  }
  const started: ModuleDefinition<unknown>[] = [];
  if (opts.background !== false) {
    // What a killed process left in storage (temporary copies, unfinished multipart uploads) goes at startup.
    void storage.sweep?.(60 * 60_000).then(
      (n) => n && logger.info({ removed: n }, 'removed temporary objects left by stopped processes'),
      (err: unknown) => logger.warn({ err: String(err) }, 'storage sweep failed'),
    );
    for (const mod of modules) {
      await mod.start?.(serviceOf(mod), deps);
      started.push(mod);
    }
  }
  const prune = async (before: Date) => {
    const counts: Record<string, number> = { idempotencyKeys: await deps.idempotency.prune(before) };
    for (const mod of modules) {
      for (const [kind, n] of Object.entries((await mod.prune?.(serviceOf(mod), before, deps)) ?? {})) counts[`${mod.name}.${kind}`] = n;
    }
    return counts;
  };

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      await app?.close();
      for (const mod of started.reverse()) await mod.stop?.(serviceOf(mod), deps);
      storage.close?.();
      await store.close();
    })());
  return { app, services, store, apiKey, baseUrl, stop, prune };
}
