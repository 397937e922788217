import { loadConfig } from '../core/config.js';
import { openStore } from '../core/store/database.js';
import { createLogger, migrate, startService } from '../server.js';

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
    `aqcast ${config.storeKind === 'sqlite' ? '(SQLite ' + config.databaseUrl.slice(7) + ')' : '(PostgreSQL)'} listening on ${baseUrl}`,
    `  dashboard:        ${baseUrl}/dashboard (sign in with the API key)`,
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
    const applied = await migrate(store);
    createLogger(config).info({ applied }, applied.length ? 'migrations applied' : 'database already up to date');
  } finally {
    await store.close();
  }
}

/** Runs `fn` against the services with no HTTP and no background work (one-off maintenance). */
async function withServices<T>(fn: (svc: Awaited<ReturnType<typeof startService>>) => Promise<T>): Promise<T> {
  const config = { ...loadConfig(), logLevel: 'warn' as const };
  const svc = await startService(config, { http: false, background: false });
  try {
    return await fn(svc);
  } finally {
    await svc.stop();
  }
}

export async function keysCreateCommand(opts: { name: string; scopes: string; expiresAt?: string; rateLimit?: number }): Promise<void> {
  const scopes = opts.scopes.split(',').map((s) => s.trim()).filter(Boolean);
  const created = await withServices((svc) => svc.services.keys.create({ name: opts.name, scopes, ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}), ...(opts.rateLimit ? { rateLimitPerMinute: opts.rateLimit } : {}) }));
  console.error(`created ${created.key.id} (${created.key.name}) with scopes ${created.key.scopes.join(', ')}; the key is shown only now:`);
  console.log(created.secret);
}

export async function keysListCommand(): Promise<void> {
  const { keys } = await withServices((svc) => svc.services.keys.list(true));
  for (const k of keys) console.log(`${k.id}  ${k.prefix}  ${k.revokedAt ? 'revoked' : k.expiresAt && Date.parse(k.expiresAt) < Date.now() ? 'expired' : 'active'}  ${k.name}  [${k.scopes.join(', ')}]`);
}

export async function keysRevokeCommand(id: string): Promise<void> {
  await withServices((svc) => svc.services.keys.revoke(id));
  console.log(`revoked ${id}`);
}

/** `30d`, `12h`, `90m` → milliseconds. */
export function parseAge(text: string): number {
  const m = /^(\d+)\s*(d|h|m)$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not an age like 30d, 12h or 90m`);
  // The pattern above matched one of d, h or m.
  return Number(m[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm'];
}

export async function pruneCommand(opts: { olderThan: string }): Promise<void> {
  const before = new Date(Date.now() - parseAge(opts.olderThan));
  const counts = await withServices((svc) => svc.prune(before));
  console.log(`pruned what ended before ${before.toISOString()}:`);
  for (const [kind, n] of Object.entries(counts)) console.log(`  ${kind}: ${n}`);
}
