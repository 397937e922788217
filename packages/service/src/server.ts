/**
 * Composition root: opens the store, runs migrations, builds services, the
 * worker pool and (for `serve`) the HTTP app. `aqcast serve`, `aqcast worker`
 * and the tests all start the service through here.
 */
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { resolveApiKey, type ApiKeySource } from './auth/api-key.js';
import type { Config } from './config/config.js';
import { buildApp } from './http/app.js';
import type { AppContext } from './http/context.js';
import { IdempotencyService } from './idempotency/service.js';
import { JobQueue } from './queue/queue.js';
import { QueueService } from './queue/service.js';
import { WorkerPool, type Renderer } from './queue/worker-pool.js';
import { RenderService } from './renders/service.js';
import { LocalStorage } from './storage/local-storage.js';
import { migrateToLatest, openStore } from './store/database.js';
import { ConfigError } from './config/config.js';
import { toJobView } from './renders/job-view.js';
import type { JobEventSink } from './queue/worker-pool.js';
import { parseAllowedNetworks } from './webhooks/delivery/index.js';
import { WebhookService } from './webhooks/service.js';
import { IngestService } from './ingest/service.js';
import { shutdownOcr } from './ingest/extraction/index.js';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    // The key must never reach a log line, whatever gets logged.
    redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'headers["x-api-key"]', 'apiKey', '*.apiKey', 'secret', '*.secret'], censor: '[redacted]' },
  });
}

export interface RunningService {
  ctx: AppContext;
  app: FastifyInstance | null;
  apiKey: ApiKeySource;
  baseUrl: string;
  /** Graceful stop: no new work, running renders finish within the grace period or are released. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Serve HTTP (serve) or only run workers (worker). */
  http: boolean;
  logger?: Logger;
  renderer?: Renderer;
  retryBaseMs?: number;
}

export async function startService(config: Config, opts: StartOptions): Promise<RunningService> {
  const logger = opts.logger ?? createLogger(config);
  let allowed;
  try {
    allowed = parseAllowedNetworks(config.webhookAllowedNetworks);
  } catch (err) {
    throw new ConfigError('WEBHOOK_ALLOWED_NETWORKS', (err as Error).message);
  }
  const store = await openStore(config.databaseUrl);
  await migrateToLatest(store);
  const storage = new LocalStorage(config.dataDir);
  let baseUrl: string = config.publicBaseUrl ?? `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${config.port}`;
  const publicBaseUrl = () => baseUrl;
  const webhooks = new WebhookService(store, { allowed, retryDelaysSec: config.webhookRetryDelays, timeoutMs: config.webhookTimeoutMs, logger });
  // Render events go into the webhook outbox inside the transaction that ends the job.
  const jobEvents: JobEventSink = {
    jobEnded: async (trx, jobId) => {
      const row = await trx.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      const created = await webhooks.emit(trx, row.status === 'completed' ? 'render.completed' : 'render.failed', toJobView(row, publicBaseUrl()));
      if (created.length) setTimeout(() => webhooks.wake(), 20);
    },
  };
  const queue = new JobQueue(store, { leaseSeconds: config.workerLeaseSeconds, events: jobEvents });
  const apiKey = resolveApiKey(config.apiKey, config.dataDir);
  const renders = new RenderService(queue, { publicBaseUrl, defaultMaxAttempts: config.maxAttempts });
  const pool =
    config.workerConcurrency > 0
      ? new WorkerPool({
          store, queue, storage, logger, concurrency: config.workerConcurrency, workerId: config.workerId,
          leaseSeconds: config.workerLeaseSeconds, pollMs: config.workerPollMs, renderer: opts.renderer, retryBaseMs: opts.retryBaseMs, events: jobEvents,
        })
      : null;
  const ctx: AppContext = {
    config, logger, store, storage, queue, renders,
    queueControl: new QueueService(queue, renders, { pool: () => pool, leaseSeconds: config.workerLeaseSeconds }),
    webhooks,
    ingest: new IngestService(store, renders, webhooks, { maxBytes: config.uploadMaxBytes, maxPages: config.uploadMaxPages, maxPixels: config.uploadMaxPixels, ocrTimeoutMs: config.ocrTimeoutMs }),
    idempotency: new IdempotencyService(store), pool, apiKey: apiKey.key, publicBaseUrl, startedAt: Date.now(),
  };

  let app: FastifyInstance | null = null;
  if (opts.http) {
    app = await buildApp(ctx);
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address();
    if (!config.publicBaseUrl && addr && typeof addr === 'object') {
      baseUrl = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${addr.port}`;
    }
  }
  await pool?.start();
  webhooks.start();

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      await app?.close();
      await pool?.stop(config.shutdownGraceSeconds * 1000);
      await webhooks.stop();
      await shutdownOcr();
      await store.close();
    })());
  return { ctx, app, apiKey, baseUrl, stop };
}
