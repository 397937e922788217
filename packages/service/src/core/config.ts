/**
 * Every setting of the service, read from the environment once at boot and
 * validated; a bad value stops the process with a message naming the variable.
 * Nothing else in the service reads `process.env`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AllowedNetworksError, parseAllowedNetworks, type AllowedNetworks } from './outbound/ssrf.js';

/**
 * Names a workflow may give for its source credential: an environment variable
 * ending in _KEY or _TOKEN, so a workflow cannot make the service send another
 * setting (DATABASE_URL, …) to a source.
 */
export const CREDENTIAL_NAME = /^[A-Z][A-Z0-9_]{0,98}_(KEY|TOKEN)$/;
/** Settings of the service itself, never usable as a source credential. */
const OWN_SETTINGS = new Set(['AQCAST_API_KEY']);

/** Why `name` cannot name a credential, or null when it can. */
export function credentialNameProblem(name: string): string | null {
  if (OWN_SETTINGS.has(name)) return `${name} is the service's own key and cannot be sent to a source`;
  if (!CREDENTIAL_NAME.test(name)) return 'must be the name of an environment variable ending in _KEY or _TOKEN (A–Z, 0–9, _)';
  return null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` (embedded default, under dataDir) or a postgres:// URL. */
  databaseUrl: string;
  storeKind: 'sqlite' | 'postgres';
  /** From AQCAST_API_KEY; null means "generate or load one from the data dir". */
  apiKey: string | null;
  /** The only source of absolute URLs (video links, OpenAPI `servers`); null until the listen address is known. */
  publicBaseUrl: string | null;
  workerConcurrency: number;
  workerLeaseSeconds: number;
  workerPollMs: number;
  workerId: string;
  maxAttempts: number;
  shutdownGraceSeconds: number;
  bodyLimitBytes: number;
  /** Deepest nesting accepted in a JSON body or in GraphQL variables. */
  jsonMaxDepth: number;
  uploadMaxBytes: number;
  uploadMaxPages: number;
  uploadMaxPixels: number;
  ocrTimeoutMs: number;
  /** OCR workers: pages, or the two parts of one page, read side by side. */
  ocrWorkers: number;
  /** Resident size (MB) above which the OCR worker is replaced after a job. */
  ocrRecycleRssMb: number;
  /** Seconds an idle OCR worker lives. */
  ocrIdleStopSeconds: number;
  /** Days an uploaded bulletin is kept in storage after its context was created (0: not kept). */
  contextSourceRetentionDays: number;
  /** How station values become a city-level value when a bulletin states none (an upload may choose otherwise). */
  ingestCityValue: 'max' | 'mean';
  /**
   * Bulletins read with a confidence under this are sent to the `ai` language model (null:
   * never; INGEST_LANGUAGE_MODEL=on turns it on, and needs AI_BASE_URL and AI_MODEL).
   */
  ingestLanguageModelBelow: number | null;
  webhookRetryDelays: number[];
  /** Networks outbound calls may reach despite the SSRF guard (webhooks, workflow sources, AI providers). */
  outboundAllowedNetworks: AllowedNetworks;
  webhookTimeoutMs: number;
  /** How long a render given back for a fault of the machine (full disk, storage unreachable) waits before it is due again. */
  renderFaultRetrySeconds: number;
  /** Free space (MB) on the data disk below which /health reports the disk full. */
  diskMinFreeMb: number;
  /** A dispatcher slot holds a delivery this long between heartbeats (a killed node's delivery is sent by another once it lapses). */
  webhookLeaseSeconds: number;
  /** A pending Idempotency-Key is held this long between heartbeats; a retry takes it over once it lapses (its process died). */
  idempotencyLeaseSeconds: number;
  logLevel: (typeof LOG_LEVELS)[number];
  ffmpegPath: string | null;
  /** Browser origins allowed by CORS: `['*']`, a list, or empty for none. */
  corsOrigins: string[];
  /** Where videos, posters and kept uploads live: the data directory, or an S3-compatible bucket. */
  storage: LocalStorageConfig | S3StorageConfig;
  /** How public file URLs are answered: streamed through the API (with Range), or a redirect to a short-lived presigned URL (S3 only). */
  filesDelivery: 'proxy' | 'redirect';
  filesPresignSeconds: number;
  /** A separate port for GET /metrics without a key (null: served by the API with the metrics:read scope). */
  metricsPort: number | null;
  metricsHost: string;
  /** How long a dashboard sign-in lasts. */
  dashboardSessionHours: number;
  /** An OpenAI-compatible chat-completions provider that may rewrite the AI module's offline text; null: offline only. */
  ai: LanguageModelConfig | null;
  /** An OpenAI-compatible `/audio/speech` provider for narration; null: no narration track. */
  speech: SpeechConfig | null;
  /** Base URLs of the air-quality sources workflows fetch from (tests point them at local servers). */
  sources: { openaqBaseUrl: string; openMeteoAqBaseUrl: string; waqiBaseUrl: string; airnowBaseUrl: string };
  /** Per-attempt limit of a source request, and retries after the first attempt. */
  sourceTimeoutMs: number;
  sourceRetries: number;
  /** How often each process looks for due schedule slots and workflow items. */
  workflowPollMs: number;
  /** A process owns a workflow item it works on until this lease expires (renewed while it works). */
  workflowLeaseSeconds: number;
  /**
   * The value of a credential environment variable named by a workflow (its
   * source key or token), or undefined when unset. The one place credentials
   * are read: they are never stored or returned.
   */
  credential(name: string): string | undefined;
}

export interface LocalStorageConfig {
  kind: 'local';
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** AI_BASE_URL, AI_MODEL, AI_API_KEY, AI_TIMEOUT_MS, AI_MAX_TOKENS, AI_TEMPERATURE. */
export interface LanguageModelConfig {
  /** Base URL of the API, `/v1` included (e.g. http://127.0.0.1:11434/v1 for Ollama); `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey: string | null;
  timeoutMs: number;
  maxTokens: number;
  temperature: number;
}

/** SPEECH_BASE_URL, SPEECH_MODEL, SPEECH_API_KEY, SPEECH_VOICE_ES/EN/PT, SPEECH_TIMEOUT_MS, SPEECH_FORMAT. */
export interface SpeechConfig {
  /** Base URL of the API, `/v1` included; `/audio/speech` is appended. */
  baseUrl: string;
  model: string;
  apiKey: string | null;
  voices: { es: string; en: string; pt: string };
  /** Per request (one request per narration segment). */
  timeoutMs: number;
  /** `response_format` asked for; whatever comes back is decoded with ffmpeg. */
  format: 'wav' | 'mp3' | 'flac' | 'opus' | 'aac';
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
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

function httpUrl(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  if (u.search || u.hash) throw new ConfigError(name, 'must not carry a query string or fragment');
  return raw.replace(/\/+$/, '');
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function storage(env: Env): LocalStorageConfig | S3StorageConfig {
  const raw = env.STORAGE_URL || '';
  if (raw === '' || raw === 'local') return { kind: 'local' };
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^?#]*)?$/.exec(raw);
  if (!m) throw new ConfigError('STORAGE_URL', `must be s3://bucket[/prefix] (or empty for the data directory), got "${raw}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID || '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY || '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for instance roles)');
  return {
    kind: 's3',
    bucket: m[1]!,
    prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint: httpUrl(env, 'S3_ENDPOINT'),
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT)),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
  };
}

function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) throw new ConfigError(name, `expected a number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** A provider name, model or voice: printable, no spaces at the ends, at most 200 characters. */
function word(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw.length > 200 || [...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) || raw.trim() !== raw) throw new ConfigError(name, 'must be 1–200 printable characters without surrounding spaces');
  return raw;
}

/** The optional language-model and speech providers (README: "AI helpers"). */
function providers(env: Env): Pick<Config, 'ai' | 'speech'> {
  const aiUrl = httpUrl(env, 'AI_BASE_URL');
  const aiModel = word(env, 'AI_MODEL', null);
  if (aiUrl && !aiModel) throw new ConfigError('AI_MODEL', 'is required when AI_BASE_URL is set (e.g. llama3.1:8b, gpt-4o-mini)');
  if (!aiUrl && aiModel) throw new ConfigError('AI_BASE_URL', 'is required when AI_MODEL is set (e.g. http://127.0.0.1:11434/v1)');
  const ai: LanguageModelConfig | null =
    aiUrl && aiModel
      ? {
          baseUrl: aiUrl, model: aiModel, apiKey: word(env, 'AI_API_KEY', null), timeoutMs: int(env, 'AI_TIMEOUT_MS', 20_000, 100, 600_000),
          maxTokens: int(env, 'AI_MAX_TOKENS', 800, 64, 32_000), temperature: decimal(env, 'AI_TEMPERATURE', 0.4, 0, 2),
        }
      : null;
  const speechUrl = httpUrl(env, 'SPEECH_BASE_URL');
  const defaultVoice = word(env, 'SPEECH_VOICE', 'alloy') as string;
  const speech: SpeechConfig | null = speechUrl
    ? {
        baseUrl: speechUrl, model: word(env, 'SPEECH_MODEL', 'tts-1') as string, apiKey: word(env, 'SPEECH_API_KEY', ai?.apiKey ?? null),
        voices: { es: word(env, 'SPEECH_VOICE_ES', defaultVoice) as string, en: word(env, 'SPEECH_VOICE_EN', defaultVoice) as string, pt: word(env, 'SPEECH_VOICE_PT', defaultVoice) as string },
        timeoutMs: int(env, 'SPEECH_TIMEOUT_MS', 30_000, 100, 600_000), format: oneOf(env, 'SPEECH_FORMAT', ['wav', 'mp3', 'flac', 'opus', 'aac'] as const, 'wav'),
      }
    : null;
  return { ai, speech };
}

/** INGEST_LANGUAGE_MODEL (off | on) and INGEST_LANGUAGE_MODEL_BELOW: the confidence under which a bulletin goes to the model. */
function ingestLanguageModel(env: Env): number | null {
  if (oneOf(env, 'INGEST_LANGUAGE_MODEL', ['off', 'on'] as const, 'off') === 'off') return null;
  if (!env.AI_BASE_URL || !env.AI_MODEL) throw new ConfigError('INGEST_LANGUAGE_MODEL', 'is on, but no language model is configured: set AI_BASE_URL and AI_MODEL');
  return decimal(env, 'INGEST_LANGUAGE_MODEL_BELOW', 0.75, 0, 1);
}

function baseUrl(env: Env, name: string, fallback: string): string {
  return httpUrl(env, name) ?? fallback;
}

function networks(env: Env, names: string[]): AllowedNetworks {
  const name = names.find((n) => env[n] !== undefined && env[n] !== '') ?? names[0]!;
  try {
    return parseAllowedNetworks(env[name]);
  } catch (err) {
    if (err instanceof AllowedNetworksError) throw new ConfigError(name, err.message);
    throw err;
  }
}

/** One render per process per two cores by default — x264 already uses every core it is given. */
export function defaultWorkerConcurrency(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/**
 * Where `./data` is when DATA_DIR is unset: the repository root's `data/` when
 * the service runs from a checkout (so `npm start`, `npx aqcast serve` and a
 * start from `packages/service` all share one store and one key), else `./data`
 * in the working directory.
 */
export function defaultDataDir(cwd = process.cwd()): string {
  const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const root = resolve(packageDir, '../..');
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: string };
    if (pkg.name === 'aqcast-monorepo' && existsSync(join(root, 'packages', 'service'))) return join(root, 'data');
  } catch {
    /* not a checkout */
  }
  return resolve(cwd, 'data');
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = env.DATA_DIR ? resolve(env.DATA_DIR) : defaultDataDir();
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
  if (webhookRetryDelays.some((s) => !/^\d+(\.\d+)?$/.test(s)) || webhookRetryDelays.some((s) => Number(s) > 7 * 86400)) {
    throw new ConfigError('WEBHOOK_RETRY_DELAYS', `expected comma-separated seconds (each at most 7 days), got "${delaysRaw}"`);
  }

  const cors = (env.CORS_ORIGINS ?? '*').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of cors) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError('CORS_ORIGINS', `"${origin}" is not an origin like https://example.org (or *)`);
  }

  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    storeKind,
    apiKey,
    publicBaseUrl: httpUrl(env, 'PUBLIC_BASE_URL'),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', defaultWorkerConcurrency(), 0, 64),
    workerLeaseSeconds: int(env, 'WORKER_LEASE_SECONDS', 30, 2, 3600),
    workerPollMs: int(env, 'WORKER_POLL_MS', 1000, 20, 60000),
    workerId: env.WORKER_ID || `${hostname()}:${process.pid}`,
    maxAttempts: int(env, 'MAX_ATTEMPTS', 3, 1, 20),
    shutdownGraceSeconds: int(env, 'SHUTDOWN_GRACE_SECONDS', 25, 0, 3600),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    jsonMaxDepth: int(env, 'JSON_MAX_DEPTH', 64, 4, 1000),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    uploadMaxPages: int(env, 'UPLOAD_MAX_PAGES', 20, 1, 1000),
    uploadMaxPixels: int(env, 'UPLOAD_MAX_PIXELS', 40_000_000, 10_000, 1_000_000_000),
    ocrTimeoutMs: int(env, 'OCR_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    ocrWorkers: int(env, 'OCR_WORKERS', Math.min(2, availableParallelism()), 1, 64),
    ocrRecycleRssMb: int(env, 'OCR_RECYCLE_RSS_MB', 384, 0, 1_048_576),
    ocrIdleStopSeconds: int(env, 'OCR_IDLE_STOP_SECONDS', 300, 1, 604_800),
    contextSourceRetentionDays: int(env, 'CONTEXT_SOURCE_RETENTION_DAYS', 90, 0, 36_500),
    ingestCityValue: oneOf(env, 'INGEST_CITY_VALUE', ['max', 'mean'] as const, 'max'),
    ingestLanguageModelBelow: ingestLanguageModel(env),
    webhookRetryDelays: webhookRetryDelays.map(Number),
    outboundAllowedNetworks: networks(env, ['OUTBOUND_ALLOWED_NETWORKS', 'WEBHOOK_ALLOWED_NETWORKS']),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookLeaseSeconds: int(env, 'WEBHOOK_LEASE_SECONDS', 10, 2, 3600),
    diskMinFreeMb: int(env, 'DISK_MIN_FREE_MB', 50, 0, 1_048_576),
    renderFaultRetrySeconds: int(env, 'RENDER_FAULT_RETRY_SECONDS', 30, 1, 86_400),
    idempotencyLeaseSeconds: int(env, 'IDEMPOTENCY_LEASE_SECONDS', 10, 2, 3600),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    ffmpegPath: env.FFMPEG_PATH || null,
    corsOrigins: cors,
    storage: storage(env),
    filesDelivery: oneOf(env, 'FILES_DELIVERY', ['proxy', 'redirect'] as const, 'proxy'),
    filesPresignSeconds: int(env, 'FILES_PRESIGN_SECONDS', 300, 10, 7 * 86400),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 0, 65535) : null,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    dashboardSessionHours: int(env, 'DASHBOARD_SESSION_HOURS', 12, 1, 24 * 30),
    ...providers(env),
    sources: {
      openaqBaseUrl: baseUrl(env, 'OPENAQ_BASE_URL', 'https://api.openaq.org'),
      openMeteoAqBaseUrl: baseUrl(env, 'OPEN_METEO_AQ_BASE_URL', 'https://air-quality-api.open-meteo.com'),
      waqiBaseUrl: baseUrl(env, 'WAQI_BASE_URL', 'https://api.waqi.info'),
      airnowBaseUrl: baseUrl(env, 'AIRNOW_BASE_URL', 'https://www.airnowapi.org'),
    },
    sourceTimeoutMs: int(env, 'SOURCE_TIMEOUT_MS', 10_000, 100, 120_000),
    sourceRetries: int(env, 'SOURCE_RETRIES', 3, 0, 10),
    workflowPollMs: int(env, 'WORKFLOW_POLL_MS', 1000, 20, 60_000),
    workflowLeaseSeconds: int(env, 'WORKFLOW_LEASE_SECONDS', 10, 2, 3600),
    credential: (name) => (CREDENTIAL_NAME.test(name) && !OWN_SETTINGS.has(name) ? env[name] || undefined : undefined),
  };
}
