/**
 * Every setting of the service, read from the environment once at boot and
 * validated; a bad value stops the process with a message naming the variable.
 */
import { availableParallelism, hostname } from 'node:os';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` (embedded default, under dataDir) or a postgres:// URL. */
  databaseUrl: string;
  storeKind: 'sqlite' | 'postgres';
  /** From AQCAST_API_KEY; null means "generate or load one from the data dir". */
  apiKey: string | null;
  publicBaseUrl: string | null;
  workerConcurrency: number;
  workerLeaseSeconds: number;
  workerPollMs: number;
  workerId: string;
  maxAttempts: number;
  shutdownGraceSeconds: number;
  bodyLimitBytes: number;
  uploadMaxBytes: number;
  uploadMaxPages: number;
  uploadMaxPixels: number;
  ocrTimeoutMs: number;
  webhookRetryDelays: number[];
  webhookAllowedNetworks: string;
  webhookTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  ffmpegPath: string | null;
  /** Browser origins allowed by CORS: `*`, a comma-separated list, or empty for none. */
  corsOrigins: string;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(name, `expected an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function url(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** Defaults: one render per process per two cores — x264 already uses every core it is given. */
export function defaultWorkerConcurrency(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const rawDb = env.DATABASE_URL || '';
  let databaseUrl: string;
  let storeKind: Config['storeKind'];
  if (rawDb === '') {
    databaseUrl = `sqlite:${resolve(dataDir, 'aqcast.db')}`;
    storeKind = 'sqlite';
  } else if (/^postgres(ql)?:\/\//.test(rawDb)) {
    databaseUrl = rawDb;
    storeKind = 'postgres';
  } else if (rawDb.startsWith('sqlite:')) {
    databaseUrl = `sqlite:${resolve(rawDb.slice('sqlite:'.length))}`;
    storeKind = 'sqlite';
  } else {
    throw new ConfigError('DATABASE_URL', 'must start with postgres://, postgresql:// or sqlite:');
  }

  const apiKey = env.AQCAST_API_KEY || null;
  if (apiKey !== null && apiKey.length < 16) throw new ConfigError('AQCAST_API_KEY', 'must be at least 16 characters');

  const delaysRaw = env.WEBHOOK_RETRY_DELAYS || '5,300,1800,7200,18000,36000,36000';
  const webhookRetryDelays = delaysRaw.split(',').map((s) => s.trim());
  if (webhookRetryDelays.some((s) => !/^\d+(\.\d+)?$/.test(s))) {
    throw new ConfigError('WEBHOOK_RETRY_DELAYS', `expected comma-separated seconds, got "${delaysRaw}"`);
  }

  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    storeKind,
    apiKey,
    publicBaseUrl: url(env, 'PUBLIC_BASE_URL'),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', defaultWorkerConcurrency(), 0, 64),
    workerLeaseSeconds: int(env, 'WORKER_LEASE_SECONDS', 30, 2, 3600),
    workerPollMs: int(env, 'WORKER_POLL_MS', 1000, 20, 60000),
    workerId: env.WORKER_ID || `${hostname()}:${process.pid}`,
    maxAttempts: int(env, 'MAX_ATTEMPTS', 3, 1, 20),
    shutdownGraceSeconds: int(env, 'SHUTDOWN_GRACE_SECONDS', 25, 0, 3600),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    uploadMaxPages: int(env, 'UPLOAD_MAX_PAGES', 20, 1, 1000),
    uploadMaxPixels: int(env, 'UPLOAD_MAX_PIXELS', 40_000_000, 10_000, 1_000_000_000),
    ocrTimeoutMs: int(env, 'OCR_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    webhookRetryDelays: webhookRetryDelays.map(Number),
    webhookAllowedNetworks: env.WEBHOOK_ALLOWED_NETWORKS || '',
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    ffmpegPath: env.FFMPEG_PATH || null,
    corsOrigins: env.CORS_ORIGINS ?? '*',
  };
}
