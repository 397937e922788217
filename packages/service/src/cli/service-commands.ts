import { loadConfig } from '../config/config.js';
import { startService, createLogger } from '../server.js';
import { migrateToLatest, openStore } from '../store/database.js';

function onShutdown(stop: () => Promise<void>): void {
  let signals = 0;
  const handler = (signal: string) => {
    signals += 1;
    if (signals > 1) process.exit(1); // a second Ctrl-C means "now"
    console.error(`aqcast: ${signal} received, shutting down gracefully`);
    stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}

export async function serveCommand(): Promise<void> {
  const config = loadConfig();
  const service = await startService(config, { http: true });
  const { apiKey, baseUrl } = service;
  const lines = [
    `aqcast ${service.ctx.config.storeKind === 'sqlite' ? '(SQLite ' + config.databaseUrl.slice(7) + ')' : '(PostgreSQL)'} listening on ${baseUrl}`,
    `  REST explorer:    ${baseUrl}/api-explorer`,
    `  GraphQL explorer: ${baseUrl}/graphql-explorer`,
    `  workers in this process: ${config.workerConcurrency}`,
  ];
  if (apiKey.source === 'env') lines.push('  API key: from AQCAST_API_KEY');
  else if (apiKey.generated) lines.push(`  API key (generated, shown once; stored in ${apiKey.file} with mode 0600):`, `    ${apiKey.key}`);
  else lines.push(`  API key: stored in ${apiKey.file} (mode 0600)`);
  // Printed on stdout rather than through the logger, so the key never enters log pipelines.
  console.log(lines.join('\n'));
  onShutdown(service.stop);
}

export async function workerCommand(): Promise<void> {
  const config = loadConfig();
  if (config.workerConcurrency === 0) throw new Error('WORKER_CONCURRENCY is 0: a worker process with no workers does nothing');
  const service = await startService(config, { http: false });
  console.log(`aqcast worker ${config.workerId}: ${config.workerConcurrency} render loop(s) on ${config.storeKind}`);
  onShutdown(service.stop);
}

export async function migrateCommand(): Promise<void> {
  const config = loadConfig();
  const store = await openStore(config.databaseUrl);
  try {
    const applied = await migrateToLatest(store);
    createLogger(config).info({ applied }, applied.length ? 'migrations applied' : 'database already up to date');
  } finally {
    await store.close();
  }
}
