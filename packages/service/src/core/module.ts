/**
 * What a module is, and the words the service uses, each with one meaning.
 *
 * Terms:
 * - **module**: one domain area in `src/modules/<name>/` (renders, queue, webhooks,
 *   ingest, contexts, …): its contract, tables, service, routes and GraphQL,
 *   described by a {@link ModuleDefinition} in its `index.ts` and listed once in
 *   `src/modules.ts`. A module uses another only through that module's `index.ts`.
 * - **service**: a module's logic (no HTTP, no SQL): what routes and resolvers call.
 * - **deps**: what every module gets at creation ({@link ModuleDeps}): config, store,
 *   storage, the event bus, idempotency, and the services of earlier modules.
 * - **render params**: what a video shows (location, values, template, format, …).
 * - **template**: an engine module that lays out and animates a video.
 * - **job**: one requested render. An **attempt** is one claim of a job by a
 *   **worker** (one render loop in some process); the worker holds a **lease**
 *   until a time it renews by heartbeat. A job whose lease expired is claimed again.
 * - **context**: a stored set of air-quality values (from an uploaded bulletin,
 *   entered by hand, or fetched by a workflow) that renders can be made from.
 * - **event**: something that happened (`render.completed`); recorded in the
 *   **outbox** in the transaction that caused it. A **webhook** is a subscribed
 *   receiver; a **delivery** is one event owed to one webhook; each HTTP try of it
 *   is a delivery attempt.
 * - **idempotency key**: a client-chosen key that makes a retried mutation safe.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Auth } from './auth.js';
import type { Config } from './config.js';
import type { ErrorDefinition } from './errors.js';
import type { EventBus, EventTypeDefinition } from './events.js';
import type { GraphQLPart } from './graphql/types.js';
import type { IdempotencyService } from './idempotency.js';
import type { Metrics } from './metrics.js';
import type { Services } from './services.js';
import type { StoreMigration } from './store/migrations.js';
import type { Store } from './store/database.js';
import type { Storage } from './storage/storage.js';

export type { Services } from './services.js';

/** The Fastify instance module routes are registered on: schemas typed by TypeBox. */
export type Http = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

/**
 * Per-process options that are not settings: what tests and benchmarks swap
 * in (a trivial renderer, a faster retry). Modules read the ones they know.
 */
export type RuntimeOptions = Record<string, unknown>;

/** What a process runs besides HTTP. */
export interface ProcessRole {
  http: boolean;
  /** Render workers in this process (WORKER_CONCURRENCY; 0 for an API-only process). */
  workers: number;
}

export interface ModuleDeps {
  config: Config;
  logger: Logger;
  store: Store;
  storage: Storage;
  events: EventBus;
  idempotency: IdempotencyService;
  /** Who may call what: the master key and the scoped keys of the keys module. */
  auth: Auth;
  metrics: Metrics;
  /** Base of every absolute URL: PUBLIC_BASE_URL, else the address the service listens on. */
  publicBaseUrl(): string;
  startedAt: number;
  role: ProcessRole;
  runtime: RuntimeOptions;
  /** The services of the modules listed before this one. */
  services: Services;
}

export interface ModuleDefinition<S = unknown> {
  /** The key of its service in {@link Services}, and its OpenAPI tag. */
  name: string;
  /** What the OpenAPI tag says about the module. */
  description: string;
  /** Modules whose services this one uses; they must come earlier in the list. */
  uses?: readonly string[];
  /** Error codes this module raises (beyond the core ones). */
  errors?: Readonly<Record<string, ErrorDefinition>>;
  /** Event types this module publishes. */
  events?: readonly EventTypeDefinition[];
  migrations?: Readonly<Record<string, StoreMigration>>;
  /** Schemas with an `$id` that routes of any module may `$ref`. */
  schemas?: readonly TSchema[];
  create?(deps: ModuleDeps): S;
  routes?(app: Http, service: S, deps: ModuleDeps): Promise<void> | void;
  graphql?: GraphQLPart;
  /** Background work (workers, dispatchers, schedulers) in every process. */
  start?(service: S, deps: ModuleDeps): Promise<void>;
  /** Graceful stop, in reverse module order. */
  stop?(service: S, deps: ModuleDeps): Promise<void>;
  /** Deletes what is older than `before` and no longer needed (`aqcast prune`); returns counts by kind. */
  prune?(service: S, before: Date, deps: ModuleDeps): Promise<Record<string, number>>;
}

/** Identity, for type inference at the definition site. */
export function defineModule<S>(definition: ModuleDefinition<S>): ModuleDefinition<S> {
  return definition;
}
