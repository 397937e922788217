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
  /** The level of the one line logged per answered request ('silent': none). */
  requestLogLevel: (typeof LOG_LEVELS)[number];
  ffmpegPath: string | null;
  /** The operator's PMTiles basemap for station maps (a local file), or null. */
  mapPmtilesPath: string | null;
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
  /** An OpenAI-compatible `/audio/speech` provider for narration, tried before the offline narrator; null: offline only. */
  speech: SpeechConfig | null;
  /** The offline narrator (eSpeak NG in WebAssembly) that speaks when no speech server is configured or it fails; `off`: none. */
  offlineNarrator: 'espeak-ng' | 'off';
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

/** Where a setting is listed in the configuration reference. */
export const SETTING_GROUPS = {
  server: 'Server',
  store: 'Store and keys',
  workers: 'Render workers and the queue',
  limits: 'Request and upload limits',
  ingest: 'Ingest (bulletins)',
  webhooks: 'Webhooks and outbound calls',
  storage: 'Object storage',
  observability: 'Logs and metrics',
  ai: 'Language model and speech providers',
  workflows: 'Workflows and data sources',
  process: 'Read outside the service',
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;

/**
 * One environment variable: its name (and older names), where it is documented,
 * its default as the docs show it, what it means, and how it is read. The
 * configuration reference (docs/configuration.md) is generated from these.
 */
export interface Setting<T> {
  name: string;
  /** Older names still read when `name` is unset. */
  aliases?: readonly string[];
  group: SettingGroup;
  /** The default as the docs show it ('—': unset). */
  shownDefault: string;
  doc: string;
  read(env: Env): T;
}

/** Every setting, in reference order (filled as the settings below are defined). */
const CATALOGUE: Setting<unknown>[] = [];

function define<T>(setting: Setting<T>): Setting<T> {
  CATALOGUE.push(setting);
  return setting;
}

/** Documented settings the service does not parse itself (read by the engine, glibc or credentials lookups). */
function documentOnly(name: string, group: SettingGroup, shownDefault: string, doc: string): void {
  define({ name, group, shownDefault, doc, read: () => undefined });
}

/** The raw value of `name` (or its first set alias) and the name it came from. */
function raw(env: Env, name: string, aliases: readonly string[] = []): { value: string | undefined; from: string } {
  for (const n of [name, ...aliases]) {
    const v = env[n];
    if (v !== undefined && v !== '') return { value: v, from: n };
  }
  return { value: undefined, from: name };
}

interface Meta {
  group: SettingGroup;
  doc: string;
  aliases?: readonly string[];
  /** Overrides the shown default (computed defaults). */
  shown?: string;
}

/** What the configuration reference shows of a setting: its name, aliases, group, default and doc. */
function described(name: string, fallback: string | number | null, meta: Meta) {
  return {
    name,
    ...(meta.aliases ? { aliases: meta.aliases } : {}),
    group: meta.group,
    shownDefault: meta.shown ?? (fallback === null ? '—' : `\`${fallback}\``),
    doc: meta.doc,
  };
}

function intSetting<F extends number | null>(name: string, fallback: F, min: number, max: number, meta: Meta): Setting<number | F> {
  return define<number | F>({
    ...described(name, fallback, meta),
    read(env) {
      const { value, from } = raw(env, name, meta.aliases);
      if (value === undefined) return fallback;
      if (!/^-?\d+$/.test(value.trim())) throw new ConfigError(from, `expected an integer, got "${value}"`);
      const n = Number(value);
      if (n < min || n > max) throw new ConfigError(from, `must be between ${min} and ${max}, got ${n}`);
      return n;
    },
  });
}

function decimalSetting(name: string, fallback: number, min: number, max: number, meta: Meta): Setting<number> {
  return define({
    name,
    group: meta.group,
    shownDefault: meta.shown ?? `\`${fallback}\``,
    doc: meta.doc,
    read(env) {
      const { value } = raw(env, name);
      if (value === undefined) return fallback;
      if (!/^-?\d+(\.\d+)?$/.test(value.trim())) throw new ConfigError(name, `expected a number, got "${value}"`);
      const n = Number(value);
      if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
      return n;
    },
  });
}

function oneOfSetting<T extends string>(name: string, allowed: readonly T[], fallback: T, meta: Meta): Setting<T> {
  const isAllowed = (v: string): v is T => allowed.some((a) => a === v);
  return define({
    name,
    group: meta.group,
    shownDefault: meta.shown ?? `\`${fallback}\``,
    doc: `${meta.doc} (${allowed.map((a) => `\`${a}\``).join(', ')})`,
    read(env) {
      const { value } = raw(env, name);
      if (value === undefined) return fallback;
      if (!isAllowed(value)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${value}"`);
      return value;
    },
  });
}

function parseHttpUrl(name: string, value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
  if (u.search || u.hash) throw new ConfigError(name, 'must not carry a query string or fragment');
  return value.replace(/\/+$/, '');
}

function urlSetting<F extends string | null>(name: string, fallback: F, meta: Meta): Setting<string | F> {
  return define<string | F>({
    name,
    group: meta.group,
    shownDefault: meta.shown ?? (fallback === null ? '—' : `\`${fallback}\``),
    doc: meta.doc,
    read(env) {
      const { value } = raw(env, name);
      return value === undefined ? fallback : parseHttpUrl(name, value);
    },
  });
}

function boolSetting(name: string, fallback: (env: Env) => boolean, meta: Meta & { shown: string }): Setting<boolean> {
  return define({
    name,
    group: meta.group,
    shownDefault: meta.shown,
    doc: meta.doc,
    read(env) {
      const { value } = raw(env, name);
      if (value === undefined) return fallback(env);
      if (/^(true|1|yes)$/i.test(value)) return true;
      if (/^(false|0|no)$/i.test(value)) return false;
      throw new ConfigError(name, `expected true or false, got "${value}"`);
    },
  });
}

/** A provider name, model or voice: printable, no spaces at the ends, at most 200 characters. */
function wordSetting<F extends string | null>(name: string, fallback: F, meta: Meta): Setting<string | F> {
  return define<string | F>({
    name,
    group: meta.group,
    shownDefault: meta.shown ?? (fallback === null ? '—' : `\`${fallback}\``),
    doc: meta.doc,
    read(env) {
      const { value } = raw(env, name);
      if (value === undefined) return fallback;
      if (value.length > 200 || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) || value.trim() !== value) throw new ConfigError(name, 'must be 1–200 printable characters without surrounding spaces');
      return value;
    },
  });
}

/** A free-form value read as given (parsed where it is used). */
function textSetting<F extends string | null>(name: string, fallback: F, meta: Meta): Setting<string | F> {
  return define<string | F>({
    ...described(name, fallback, meta),
    read: (env) => raw(env, name, meta.aliases).value ?? fallback,
  });
}

// ── The settings, in the order the reference lists them ─────────────────────

const PORT = intSetting('PORT', 3000, 0, 65535, { group: 'server', doc: 'HTTP port (`0` picks a free one)' });
const HOST = textSetting('HOST', '127.0.0.1', { group: 'server', doc: 'interface to listen on (`0.0.0.0` for every interface)' });
const PUBLIC_BASE_URL = urlSetting('PUBLIC_BASE_URL', null, { group: 'server', shown: '`http://$HOST:$PORT`', doc: 'the only source of absolute URLs: videos and posters in jobs and webhooks, OpenAPI `servers`' });
const CORS_ORIGINS = textSetting('CORS_ORIGINS', '*', { group: 'server', doc: 'browser origins allowed to call the API (comma-separated; empty disables CORS). The key is a header, never a cookie' });
const IDEMPOTENCY_LEASE_SECONDS = intSetting('IDEMPOTENCY_LEASE_SECONDS', 10, 2, 3600, { group: 'server', doc: "a pending Idempotency-Key's lease, renewed while its request runs; a retry takes a dead request's key over after this" });
const SHUTDOWN_GRACE_SECONDS = intSetting('SHUTDOWN_GRACE_SECONDS', 25, 0, 3600, { group: 'server', doc: 'on SIGTERM, running renders get this long to finish, then are released' });
const DASHBOARD_SESSION_HOURS = intSetting('DASHBOARD_SESSION_HOURS', 12, 1, 24 * 30, { group: 'server', doc: 'how long a dashboard sign-in lasts' });

const DATA_DIR = textSetting('DATA_DIR', null, { group: 'store', shown: "the repository's `./data` (else `./data`)", doc: 'SQLite file, API key file, videos and posters' });
const DATABASE_URL = textSetting('DATABASE_URL', null, { group: 'store', shown: '`sqlite:$DATA_DIR/aqcast.db`', doc: '`postgres://…` for PostgreSQL, or `sqlite:<file>`' });
const AQCAST_API_KEY = textSetting('AQCAST_API_KEY', null, { group: 'store', shown: 'generated into `$DATA_DIR/api-key`', doc: 'the key clients send in `X-Api-Key` (≥ 16 characters)' });

const WORKER_CONCURRENCY = intSetting('WORKER_CONCURRENCY', defaultWorkerConcurrency(), 0, 64, { group: 'workers', shown: 'half the cores, at least 1', doc: 'renders at once in this process (`0`: API only)' });
const WORKER_LEASE_SECONDS = intSetting('WORKER_LEASE_SECONDS', 30, 2, 3600, { group: 'workers', doc: 'lease of a claimed job; renewed by heartbeat' });
const WORKER_POLL_MS = intSetting('WORKER_POLL_MS', 1000, 20, 60000, { group: 'workers', doc: 'idle workers look for due work this often (NOTIFY wakes them sooner)' });
const WORKER_ID = textSetting('WORKER_ID', null, { group: 'workers', shown: '`host:pid`', doc: "name of this process's workers in queue stats" });
const MAX_ATTEMPTS = intSetting('MAX_ATTEMPTS', 3, 1, 20, { group: 'workers', doc: 'default attempts per job (per job: `maxAttempts`)' });
const RENDER_FAULT_RETRY_SECONDS = intSetting('RENDER_FAULT_RETRY_SECONDS', 30, 1, 86_400, { group: 'workers', doc: 'a render given back for a fault of the machine (full disk, unreachable storage) waits this long; no attempt is used (docs/operations.md)' });
const DISK_MIN_FREE_MB = intSetting('DISK_MIN_FREE_MB', 50, 0, 1_048_576, { group: 'workers', doc: '`/health` reports the data disk full below this much free space' });
const FFMPEG_PATH = textSetting('FFMPEG_PATH', null, { group: 'workers', shown: '—', doc: 'ffmpeg binary; else `ffmpeg` on PATH; else the one shipped in `@ffmpeg-installer/ffmpeg`' });
const MAP_PMTILES_PATH = textSetting('MAP_PMTILES_PATH', null, { group: 'workers', shown: '—', doc: 'a local PMTiles archive of vector tiles (an OpenStreetMap extract, Protomaps or OpenMapTiles schema) drawn under station maps: water, land use and parks, roads, boundaries; read from this file only, never a URL. A file that is missing, truncated, not PMTiles or not vector tiles is logged once as a warning at start and station maps keep the Natural Earth basemap (docs/places.md)' });
documentOnly('AQCAST_X264_DRIVER', 'workers', 'the one `npm ci` built', 'path of another build of the x264 driver, or `off` to encode through ffmpeg alone; `/health` says which encoder renders use (`ffmpeg.detail`). Read by the engine');

const BODY_LIMIT_BYTES = intSetting('BODY_LIMIT_BYTES', 2 * 1024 * 1024, 1024, 512 * 1024 * 1024, { group: 'limits', doc: 'JSON body limit (413 above)' });
const JSON_MAX_DEPTH = intSetting('JSON_MAX_DEPTH', 64, 4, 1000, { group: 'limits', doc: 'deepest nesting accepted in a JSON body or GraphQL variables (400 above)' });
const UPLOAD_MAX_BYTES = intSetting('UPLOAD_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024, { group: 'limits', doc: 'upload limit for bulletins (413 above)' });
const UPLOAD_MAX_PAGES = intSetting('UPLOAD_MAX_PAGES', 20, 1, 1000, { group: 'limits', doc: 'PDF pages read at most' });
const UPLOAD_MAX_PIXELS = intSetting('UPLOAD_MAX_PIXELS', 40_000_000, 10_000, 1_000_000_000, { group: 'limits', doc: 'image size limit (decompression bombs)' });

const OCR_TIMEOUT_MS = intSetting('OCR_TIMEOUT_MS', 60_000, 1000, 3_600_000, { group: 'ingest', doc: 'OCR time limit per upload: the time its pages spend being read on a worker (waiting for a free worker does not count); past it the upload fails with `ocr_timeout`, never returns a partial reading' });
const OCR_WORKERS = intSetting('OCR_WORKERS', Math.min(2, availableParallelism()), 1, 64, { group: 'ingest', shown: '`2` (`1` on one core)', doc: 'OCR workers, ~100 MB each while alive: an evenly lit scanned page with text on both sides of a blank band is read in two parts, side by side with two or more workers, in turn with `1` (the same reading either way)' });
const OCR_RECYCLE_RSS_MB = intSetting('OCR_RECYCLE_RSS_MB', 384, 0, 1_048_576, { group: 'ingest', doc: "after a reading that leaves the service above this resident size, the OCR worker that read is replaced by a fresh one (tesseract's heap only grows)" });
const OCR_IDLE_STOP_SECONDS = intSetting('OCR_IDLE_STOP_SECONDS', 300, 1, 604_800, { group: 'ingest', doc: 'an OCR worker idle this long is stopped, giving back 100–150 MB; the next upload starts one (~1 s)' });
const CONTEXT_SOURCE_RETENTION_DAYS = intSetting('CONTEXT_SOURCE_RETENTION_DAYS', 90, 0, 36_500, { group: 'ingest', doc: 'days an uploaded bulletin is kept for `GET /contexts/:id/source` (`0`: originals are not kept)' });
const INGEST_CITY_VALUE = oneOfSetting('INGEST_CITY_VALUE', ['max', 'mean'] as const, 'max', { group: 'ingest', doc: "how station values become a city's value when a bulletin states none; an upload may choose with `cityValue`" });
const INGEST_LANGUAGE_MODEL = oneOfSetting('INGEST_LANGUAGE_MODEL', ['off', 'on'] as const, 'off', { group: 'ingest', doc: '`on`: bulletins read with low confidence are also read by the `AI_BASE_URL` model (numbers not in the document are dropped)' });
const INGEST_LANGUAGE_MODEL_BELOW = decimalSetting('INGEST_LANGUAGE_MODEL_BELOW', 0.75, 0, 1, { group: 'ingest', doc: 'the confidence under which a bulletin goes to the model' });

const WEBHOOK_RETRY_DELAYS = textSetting('WEBHOOK_RETRY_DELAYS', '5,300,1800,7200,18000,36000,36000', { group: 'webhooks', doc: 'seconds between delivery attempts (with jitter)' });
const WEBHOOK_TIMEOUT_MS = intSetting('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000, { group: 'webhooks', doc: 'per delivery attempt' });
const WEBHOOK_LEASE_SECONDS = intSetting('WEBHOOK_LEASE_SECONDS', 10, 2, 3600, { group: 'webhooks', doc: "a delivery's lease, renewed while it is sent; a killed node's delivery is sent by another after this" });
const OUTBOUND_ALLOWED_NETWORKS = textSetting('OUTBOUND_ALLOWED_NETWORKS', null, {
  group: 'webhooks',
  aliases: ['WEBHOOK_ALLOWED_NETWORKS'],
  shown: 'empty',
  doc: 'CIDRs that outbound calls (webhook targets, workflow sources, AI and speech providers) may reach despite the SSRF guard (e.g. `127.0.0.0/8` for local tests); `WEBHOOK_ALLOWED_NETWORKS` is accepted as its older name',
});

const STORAGE_URL = textSetting('STORAGE_URL', null, { group: 'storage', shown: "empty (the data directory's `media/`)", doc: '`s3://bucket/prefix` for an S3-compatible bucket' });
const S3_ENDPOINT = urlSetting('S3_ENDPOINT', null, { group: 'storage', shown: '— (AWS)', doc: "the bucket's endpoint for MinIO, R2, B2 (…)" });
const S3_REGION = textSetting('S3_REGION', 'us-east-1', { group: 'storage', aliases: ['AWS_REGION'], doc: 'the bucket\'s region (`AWS_REGION` is read when unset)' });
const S3_FORCE_PATH_STYLE = boolSetting('S3_FORCE_PATH_STYLE', (env) => Boolean(env.S3_ENDPOINT), { group: 'storage', shown: 'true with `S3_ENDPOINT`, else false', doc: 'path-style addressing (MinIO)' });
const S3_ACCESS_KEY_ID = textSetting('S3_ACCESS_KEY_ID', null, { group: 'storage', aliases: ['AWS_ACCESS_KEY_ID'], shown: "— (`AWS_ACCESS_KEY_ID`, else the machine's role)", doc: 'bucket credentials, with `S3_SECRET_ACCESS_KEY`' });
const S3_SECRET_ACCESS_KEY = textSetting('S3_SECRET_ACCESS_KEY', null, { group: 'storage', aliases: ['AWS_SECRET_ACCESS_KEY'], shown: '— (`AWS_SECRET_ACCESS_KEY`)', doc: 'bucket credentials, with `S3_ACCESS_KEY_ID`' });
const FILES_DELIVERY = oneOfSetting('FILES_DELIVERY', ['proxy', 'redirect'] as const, 'proxy', { group: 'storage', doc: '`proxy` streams files through the API (Range, ETag); `redirect` answers with a presigned URL (S3 only)' });
const FILES_PRESIGN_SECONDS = intSetting('FILES_PRESIGN_SECONDS', 300, 10, 7 * 86400, { group: 'storage', doc: 'lifetime of a presigned URL' });

const LOG_LEVEL = oneOfSetting('LOG_LEVEL', LOG_LEVELS, 'info', { group: 'observability', doc: 'pino level' });
const REQUEST_LOG_LEVEL = oneOfSetting('REQUEST_LOG_LEVEL', LOG_LEVELS, 'debug', { group: 'observability', doc: 'level of the one line written per answered request (method, route, status, time); `info` for an access log at the default `LOG_LEVEL`, `silent` for none' });
const METRICS_PORT = intSetting('METRICS_PORT', null, 0, 65535, { group: 'observability', doc: 'serve `/metrics` on this port without a key (instead of on the API with `metrics:read`)' });
const METRICS_HOST = textSetting('METRICS_HOST', '127.0.0.1', { group: 'observability', doc: 'interface of the metrics listener' });

const AI_BASE_URL = urlSetting('AI_BASE_URL', null, { group: 'ai', doc: 'an OpenAI-compatible chat-completions server (`/v1` included) that may rewrite the AI text; needs `AI_MODEL`' });
const AI_MODEL = wordSetting('AI_MODEL', null, { group: 'ai', doc: 'the model `AI_BASE_URL` serves (e.g. `llama3.1:8b`); needs `AI_BASE_URL`' });
const AI_API_KEY = wordSetting('AI_API_KEY', null, { group: 'ai', doc: 'sent as a bearer token' });
const AI_TIMEOUT_MS = intSetting('AI_TIMEOUT_MS', 20_000, 100, 600_000, { group: 'ai', doc: 'per model request; on timeout the offline text is used' });
const AI_MAX_TOKENS = intSetting('AI_MAX_TOKENS', 800, 64, 32_000, { group: 'ai', doc: 'longest answer asked of the model' });
const AI_TEMPERATURE = decimalSetting('AI_TEMPERATURE', 0.4, 0, 2, { group: 'ai', doc: 'sampling temperature of the model' });
const SPEECH_BASE_URL = urlSetting('SPEECH_BASE_URL', null, { group: 'ai', doc: 'an OpenAI-compatible `/audio/speech` server for narration' });
const SPEECH_MODEL = wordSetting('SPEECH_MODEL', 'tts-1', { group: 'ai', doc: 'the speech model' });
const SPEECH_API_KEY = wordSetting('SPEECH_API_KEY', null, { group: 'ai', shown: '`AI_API_KEY`', doc: 'sent as a bearer token to the speech server' });
const SPEECH_VOICE = wordSetting('SPEECH_VOICE', 'alloy', { group: 'ai', doc: 'the voice for every language unless one of the next three is set' });
const SPEECH_VOICE_ES = wordSetting('SPEECH_VOICE_ES', null, { group: 'ai', shown: '`SPEECH_VOICE`', doc: 'the Spanish voice' });
const SPEECH_VOICE_EN = wordSetting('SPEECH_VOICE_EN', null, { group: 'ai', shown: '`SPEECH_VOICE`', doc: 'the English voice' });
const SPEECH_VOICE_PT = wordSetting('SPEECH_VOICE_PT', null, { group: 'ai', shown: '`SPEECH_VOICE`', doc: 'the Portuguese voice' });
const SPEECH_TIMEOUT_MS = intSetting('SPEECH_TIMEOUT_MS', 30_000, 100, 600_000, { group: 'ai', doc: 'per request (one per narration segment)' });
const OFFLINE_NARRATOR = oneOfSetting('OFFLINE_NARRATOR', ['espeak-ng', 'off'] as const, 'espeak-ng', { group: 'ai', doc: 'the narrator used without a speech server, or when it fails: eSpeak NG in WebAssembly, in process, no network; `off` makes videos silent unless `SPEECH_BASE_URL` answers' });
const SPEECH_FORMAT = oneOfSetting('SPEECH_FORMAT', ['wav', 'mp3', 'flac', 'opus', 'aac'] as const, 'wav', { group: 'ai', doc: '`response_format` asked for; whatever comes back is decoded with ffmpeg' });

const OPEN_METEO_AQ_BASE_URL = urlSetting('OPEN_METEO_AQ_BASE_URL', 'https://air-quality-api.open-meteo.com', { group: 'workflows', doc: 'Open-Meteo Air Quality API' });
const OPENAQ_BASE_URL = urlSetting('OPENAQ_BASE_URL', 'https://api.openaq.org', { group: 'workflows', doc: 'OpenAQ API (v3)' });
const WAQI_BASE_URL = urlSetting('WAQI_BASE_URL', 'https://api.waqi.info', { group: 'workflows', doc: 'WAQI JSON API' });
const AIRNOW_BASE_URL = urlSetting('AIRNOW_BASE_URL', 'https://www.airnowapi.org', { group: 'workflows', doc: 'AirNow API' });
documentOnly('OPENAQ_API_KEY', 'workflows', '—', 'OpenAQ key, read when a fetch step runs (a workflow may name another `…_KEY`/`…_TOKEN` variable in `credentialEnv`); never stored or returned');
documentOnly('WAQI_TOKEN', 'workflows', '—', 'WAQI token, read like `OPENAQ_API_KEY`');
documentOnly('AIRNOW_API_KEY', 'workflows', '—', 'AirNow key, read like `OPENAQ_API_KEY`');
const SOURCE_TIMEOUT_MS = intSetting('SOURCE_TIMEOUT_MS', 10_000, 100, 120_000, { group: 'workflows', doc: 'per attempt of a source request' });
const SOURCE_RETRIES = intSetting('SOURCE_RETRIES', 3, 0, 10, { group: 'workflows', doc: 'retries of a source request after the first attempt (connection errors, timeouts, 408, 429, 5xx)' });
const WORKFLOW_POLL_MS = intSetting('WORKFLOW_POLL_MS', 1000, 20, 60_000, { group: 'workflows', doc: 'how often each process looks for due slots and workflow items' });
const WORKFLOW_LEASE_SECONDS = intSetting('WORKFLOW_LEASE_SECONDS', 10, 2, 3600, { group: 'workflows', doc: 'a process owns a workflow item it works on this long (renewed while it works)' });

documentOnly('MALLOC_ARENA_MAX', 'process', '`2` under `npm start`', "glibc's per-thread heaps (read at process start, so set it in the environment of `aqcast serve`): the OCR worker thread's buffers stay in fewer arenas");
documentOnly('MALLOC_MMAP_THRESHOLD_', 'process', '`131072` under `npm start`', 'glibc serves allocations above this size (page images, OCR buffers) from their own mappings, returned to the system when freed. Renders read back only the pixels a frame changed, in 64 KB bands below this size, so they run as fast with it as without (`bench/engine-render.ts` runs them with it, `--glibc-default` without)');
documentOnly('GLIBC_TUNABLES', 'process', '`glibc.malloc.hugetlb=1` under `npm start`', 'those mappings are asked for as transparent huge pages (on hosts whose THP setting is `madvise` or `always`)');

/** Every documented environment variable, in reference order. */
export function listSettings(): readonly Setting<unknown>[] {
  return CATALOGUE;
}

function storage(env: Env): LocalStorageConfig | S3StorageConfig {
  const url = STORAGE_URL.read(env) ?? '';
  if (url === '' || url === 'local') return { kind: 'local' };
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^?#]*)?$/.exec(url);
  if (!m?.[1]) throw new ConfigError('STORAGE_URL', `must be s3://bucket[/prefix] (or empty for the data directory), got "${url}"`);
  const accessKeyId = S3_ACCESS_KEY_ID.read(env) ?? '';
  const secretAccessKey = S3_SECRET_ACCESS_KEY.read(env) ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for instance roles)');
  return {
    kind: 's3',
    bucket: m[1],
    prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint: S3_ENDPOINT.read(env),
    region: S3_REGION.read(env),
    forcePathStyle: S3_FORCE_PATH_STYLE.read(env),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
  };
}

/** The optional language-model and speech providers (docs: "AI helpers", "Voice"). */
function providers(env: Env): Pick<Config, 'ai' | 'speech' | 'offlineNarrator'> {
  const offlineNarrator = OFFLINE_NARRATOR.read(env);
  const aiUrl = AI_BASE_URL.read(env);
  const aiModel = AI_MODEL.read(env);
  if (aiUrl && !aiModel) throw new ConfigError('AI_MODEL', 'is required when AI_BASE_URL is set (e.g. llama3.1:8b, gpt-4o-mini)');
  if (!aiUrl && aiModel) throw new ConfigError('AI_BASE_URL', 'is required when AI_MODEL is set (e.g. http://127.0.0.1:11434/v1)');
  const ai: LanguageModelConfig | null =
    aiUrl && aiModel
      ? { baseUrl: aiUrl, model: aiModel, apiKey: AI_API_KEY.read(env), timeoutMs: AI_TIMEOUT_MS.read(env), maxTokens: AI_MAX_TOKENS.read(env), temperature: AI_TEMPERATURE.read(env) }
      : null;
  const speechUrl = SPEECH_BASE_URL.read(env);
  if (!speechUrl) return { ai, speech: null, offlineNarrator };
  const voice = SPEECH_VOICE.read(env);
  return {
    ai,
    offlineNarrator,
    speech: {
      baseUrl: speechUrl,
      model: SPEECH_MODEL.read(env),
      apiKey: SPEECH_API_KEY.read(env) ?? ai?.apiKey ?? null,
      voices: { es: SPEECH_VOICE_ES.read(env) ?? voice, en: SPEECH_VOICE_EN.read(env) ?? voice, pt: SPEECH_VOICE_PT.read(env) ?? voice },
      timeoutMs: SPEECH_TIMEOUT_MS.read(env),
      format: SPEECH_FORMAT.read(env),
    },
  };
}

/** INGEST_LANGUAGE_MODEL (off | on) and INGEST_LANGUAGE_MODEL_BELOW: the confidence under which a bulletin goes to the model. */
function ingestLanguageModel(env: Env): number | null {
  if (INGEST_LANGUAGE_MODEL.read(env) === 'off') return null;
  if (!env.AI_BASE_URL || !env.AI_MODEL) throw new ConfigError('INGEST_LANGUAGE_MODEL', 'is on, but no language model is configured: set AI_BASE_URL and AI_MODEL');
  return INGEST_LANGUAGE_MODEL_BELOW.read(env);
}

function networks(env: Env): AllowedNetworks {
  const { value, from } = raw(env, OUTBOUND_ALLOWED_NETWORKS.name, OUTBOUND_ALLOWED_NETWORKS.aliases);
  try {
    return parseAllowedNetworks(value);
  } catch (err) {
    if (err instanceof AllowedNetworksError) throw new ConfigError(from, err.message);
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
    // Only `name` is read, and checked for a string.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: string };
    if (pkg.name === 'aqcast-monorepo' && existsSync(join(root, 'packages', 'service'))) return join(root, 'data');
  } catch {
    /* not a checkout */
  }
  return resolve(cwd, 'data');
}

export function loadConfig(env: Env = process.env): Config {
  const dataDirSet = DATA_DIR.read(env);
  const dataDir = dataDirSet ? resolve(dataDirSet) : defaultDataDir();
  const rawDb = DATABASE_URL.read(env) ?? '';
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

  const apiKey = AQCAST_API_KEY.read(env) ?? null;
  if (apiKey !== null && apiKey.length < 16) throw new ConfigError('AQCAST_API_KEY', 'must be at least 16 characters');

  const delaysRaw = WEBHOOK_RETRY_DELAYS.read(env);
  const webhookRetryDelays = delaysRaw.split(',').map((s) => s.trim());
  if (webhookRetryDelays.some((s) => !/^\d+(\.\d+)?$/.test(s)) || webhookRetryDelays.some((s) => Number(s) > 7 * 86400)) {
    throw new ConfigError('WEBHOOK_RETRY_DELAYS', `expected comma-separated seconds (each at most 7 days), got "${delaysRaw}"`);
  }

  // Unset means every origin; set but empty disables CORS.
  const cors = (env.CORS_ORIGINS === '' ? '' : CORS_ORIGINS.read(env)).split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of cors) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError('CORS_ORIGINS', `"${origin}" is not an origin like https://example.org (or *)`);
  }

  return {
    port: PORT.read(env),
    host: HOST.read(env),
    dataDir,
    databaseUrl,
    storeKind,
    apiKey,
    publicBaseUrl: PUBLIC_BASE_URL.read(env),
    workerConcurrency: WORKER_CONCURRENCY.read(env),
    workerLeaseSeconds: WORKER_LEASE_SECONDS.read(env),
    workerPollMs: WORKER_POLL_MS.read(env),
    workerId: WORKER_ID.read(env) ?? `${hostname()}:${process.pid}`,
    maxAttempts: MAX_ATTEMPTS.read(env),
    shutdownGraceSeconds: SHUTDOWN_GRACE_SECONDS.read(env),
    bodyLimitBytes: BODY_LIMIT_BYTES.read(env),
    jsonMaxDepth: JSON_MAX_DEPTH.read(env),
    uploadMaxBytes: UPLOAD_MAX_BYTES.read(env),
    uploadMaxPages: UPLOAD_MAX_PAGES.read(env),
    uploadMaxPixels: UPLOAD_MAX_PIXELS.read(env),
    ocrTimeoutMs: OCR_TIMEOUT_MS.read(env),
    ocrWorkers: OCR_WORKERS.read(env),
    ocrRecycleRssMb: OCR_RECYCLE_RSS_MB.read(env),
    ocrIdleStopSeconds: OCR_IDLE_STOP_SECONDS.read(env),
    contextSourceRetentionDays: CONTEXT_SOURCE_RETENTION_DAYS.read(env),
    ingestCityValue: INGEST_CITY_VALUE.read(env),
    ingestLanguageModelBelow: ingestLanguageModel(env),
    webhookRetryDelays: webhookRetryDelays.map(Number),
    outboundAllowedNetworks: networks(env),
    webhookTimeoutMs: WEBHOOK_TIMEOUT_MS.read(env),
    webhookLeaseSeconds: WEBHOOK_LEASE_SECONDS.read(env),
    idempotencyLeaseSeconds: IDEMPOTENCY_LEASE_SECONDS.read(env),
    diskMinFreeMb: DISK_MIN_FREE_MB.read(env),
    renderFaultRetrySeconds: RENDER_FAULT_RETRY_SECONDS.read(env),
    logLevel: LOG_LEVEL.read(env),
    requestLogLevel: REQUEST_LOG_LEVEL.read(env),
    ffmpegPath: FFMPEG_PATH.read(env) ?? null,
    mapPmtilesPath: MAP_PMTILES_PATH.read(env) ?? null,
    corsOrigins: cors,
    storage: storage(env),
    filesDelivery: FILES_DELIVERY.read(env),
    filesPresignSeconds: FILES_PRESIGN_SECONDS.read(env),
    metricsPort: METRICS_PORT.read(env),
    metricsHost: METRICS_HOST.read(env),
    dashboardSessionHours: DASHBOARD_SESSION_HOURS.read(env),
    ...providers(env),
    sources: {
      openaqBaseUrl: OPENAQ_BASE_URL.read(env),
      openMeteoAqBaseUrl: OPEN_METEO_AQ_BASE_URL.read(env),
      waqiBaseUrl: WAQI_BASE_URL.read(env),
      airnowBaseUrl: AIRNOW_BASE_URL.read(env),
    },
    sourceTimeoutMs: SOURCE_TIMEOUT_MS.read(env),
    sourceRetries: SOURCE_RETRIES.read(env),
    workflowPollMs: WORKFLOW_POLL_MS.read(env),
    workflowLeaseSeconds: WORKFLOW_LEASE_SECONDS.read(env),
    credential: (name) => (CREDENTIAL_NAME.test(name) && !OWN_SETTINGS.has(name) ? env[name] || undefined : undefined),
  };
}
