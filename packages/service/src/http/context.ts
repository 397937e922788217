import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { IdempotencyService } from '../idempotency/service.js';
import type { IngestService } from '../ingest/service.js';
import type { JobQueue } from '../queue/queue.js';
import type { QueueService } from '../queue/service.js';
import type { WorkerPool } from '../queue/worker-pool.js';
import type { RenderService } from '../renders/service.js';
import type { LocalStorage } from '../storage/local-storage.js';
import type { Store } from '../store/database.js';
import type { WebhookService } from '../webhooks/service.js';

/** Everything the HTTP adapters (REST and GraphQL) may call: services, never SQL. */
export interface AppContext {
  config: Config;
  logger: Logger;
  store: Store;
  storage: LocalStorage;
  queue: JobQueue;
  renders: RenderService;
  queueControl: QueueService;
  webhooks: WebhookService;
  ingest: IngestService;
  idempotency: IdempotencyService;
  /** The in-process worker pool, when this process renders. */
  pool: WorkerPool | null;
  apiKey: string;
  publicBaseUrl(): string;
  startedAt: number;
}
