import { AqcastError } from './errors.js';
import { Ai } from './resources/ai.js';
import { Transport, type ClientOptions, type RequestOptions } from './http.js';
import { Analytics } from './resources/analytics.js';
import { Brands } from './resources/brands.js';
import { Contexts } from './resources/contexts.js';
import { Files } from './resources/files.js';
import { Ingest } from './resources/ingest.js';
import { Keys } from './resources/keys.js';
import { Queue } from './resources/queue.js';
import { Renders, type WaitOptions } from './resources/renders.js';
import { Variants } from './resources/variants.js';
import { Webhooks } from './resources/webhooks.js';
import { Workflows } from './resources/workflows.js';
import type { Caller, Health, Job, Ping, TemplateList } from './types.js';

/**
 * Which method calls each operation of the service's OpenAPI document (by
 * operationId); a test checks that every operation has one.
 */
export const OPERATIONS = {
  ping: 'ping',
  whoami: 'whoami',
  health: 'health',
  liveness: 'liveness',
  readiness: 'readiness',
  createRender: 'renders.create',
  getRender: 'renders.get',
  listRenders: 'renders.list',
  createBatch: 'renders.batch',
  listTemplates: 'templates',
  getQueueStats: 'queue.stats',
  listQueue: 'queue.list',
  getQueueJob: 'queue.get',
  enqueueRender: 'queue.enqueue',
  cancelJob: 'queue.cancel',
  retryJob: 'queue.retry',
  pauseQueue: 'queue.pause',
  resumeQueue: 'queue.resume',
  getFile: 'files.download',
  getFileHead: 'files.head',
  registerWebhook: 'webhooks.create',
  registerWebhookAlias: 'webhooks.register',
  listWebhooks: 'webhooks.list',
  deleteWebhook: 'webhooks.delete',
  listWebhookDeliveries: 'webhooks.deliveries',
  listWebhookEventTypes: 'webhooks.events',
  testWebhook: 'webhooks.test',
  fireWebhookEvent: 'webhooks.fire',
  ingestUpload: 'ingest.upload',
  ingestUploadAndRender: 'ingest.uploadAndRender',
  listIngestTemplates: 'ingest.templates',
  createKey: 'keys.create',
  listKeys: 'keys.list',
  listKeyScopes: 'keys.scopes',
  revokeKey: 'keys.revoke',
  createVariantTest: 'variants.create',
  listVariantTests: 'variants.list',
  getVariantTest: 'variants.get',
  assignVariant: 'variants.assign',
  trackVariantEvents: 'variants.track',
  getVariantWinner: 'variants.winner',
  concludeVariantTest: 'variants.conclude',
  graphql: 'graphql',
  graphqlInfo: 'graphqlInfo',
  graphqlSchema: 'graphqlSchema',
  openapi: 'openapi',
  metrics: 'metrics',
  aiAnalyze: 'ai.analyze',
  aiSuggestTemplate: 'ai.suggestTemplate',
  aiGenerate: 'ai.generate',
  aiRender: 'ai.render',
  listWorkflows: 'workflows.list',
  createWorkflow: 'workflows.create',
  getWorkflow: 'workflows.get',
  updateWorkflow: 'workflows.update',
  deleteWorkflow: 'workflows.delete',
  runWorkflow: 'workflows.run',
  triggerWorkflow: 'workflows.trigger',
  listWorkflowRuns: 'workflows.runs',
  getWorkflowRun: 'workflows.getRun',
  listBrands: 'brands.list',
  createBrand: 'brands.create',
  listTypefaces: 'brands.typefaces',
  getBrand: 'brands.get',
  updateBrand: 'brands.update',
  deleteBrand: 'brands.delete',
  previewBrand: 'brands.preview',
  listContexts: 'contexts.list',
  createContext: 'contexts.create',
  getContext: 'contexts.get',
  updateContext: 'contexts.update',
  deleteContext: 'contexts.delete',
  getContextHistory: 'contexts.history',
  getContextSource: 'contexts.source',
  renderContext: 'contexts.render',
  addContextTags: 'contexts.addTags',
  removeContextTag: 'contexts.removeTag',
  getAnalyticsOverview: 'analytics.overview',
  getAnalyticsTemplates: 'analytics.templates',
  getAnalyticsTrends: 'analytics.trends',
  getAnalyticsRecent: 'analytics.recent',
  getAnalyticsPerformance: 'analytics.performance',
} as const;

/**
 * The aqcast API client.
 *
 * ```ts
 * const client = new Client({ baseUrl: 'http://localhost:3000', apiKey: process.env.AQCAST_API_KEY });
 * const job = await client.renders.create({ location: 'Santiago', pm25: 87 }, { wait: true });
 * ```
 */
export class Client {
  readonly renders: Renders;
  readonly queue: Queue;
  readonly webhooks: Webhooks;
  readonly ingest: Ingest;
  readonly files: Files;
  readonly keys: Keys;
  readonly ai: Ai;
  readonly workflows: Workflows;
  readonly variants: Variants;
  readonly contexts: Contexts;
  readonly brands: Brands;
  readonly analytics: Analytics;
  private readonly http: Transport;

  constructor(opts: ClientOptions) {
    this.http = new Transport(opts);
    this.renders = new Renders(this.http);
    this.queue = new Queue(this.http);
    this.webhooks = new Webhooks(this.http);
    this.ingest = new Ingest(this.http);
    this.files = new Files(this.http);
    this.keys = new Keys(this.http);
    this.ai = new Ai(this.http, this.renders);
    this.workflows = new Workflows(this.http);
    this.variants = new Variants(this.http);
    this.contexts = new Contexts(this.http);
    this.brands = new Brands(this.http);
    this.analytics = new Analytics(this.http);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** `GET /ping`: `{ ok, version, uptime }` (the service's version, not this library's). */
  ping(): Promise<Ping> {
    return this.http.request<Ping>('GET', '/ping');
  }

  /**
   * `GET /whoami`: the key this client sends — `{ keyId, name, scopes, rateLimitPerMinute }`
   * (`keyId` null for the master key). A wrong, revoked or expired key throws status 401, code `unauthorized`.
   */
  whoami(opts: RequestOptions = {}): Promise<Caller> {
    return this.http.request<Caller>('GET', '/whoami', opts);
  }

  /** `GET /health`: readiness of the store, storage and ffmpeg (a 503 answer is returned, not thrown). */
  async health(path = '/health'): Promise<Health> {
    try {
      return await this.http.request<Health>('GET', path);
    } catch (err) {
      // A 503 from /health carries the same checks as a 200, not a problem document.
      if (err instanceof AqcastError && err.status === 503 && err.problem) return err.problem as unknown as Health;
      throw err;
    }
  }

  /** `GET /metrics`: the Prometheus text exposition (scope `metrics:read`). */
  async metrics(): Promise<string> {
    return (await this.http.raw('GET', '/metrics', { headers: { accept: 'text/plain' } })).text();
  }

  /** `GET /health/live`: the process answers. */
  liveness(): Promise<{ ok: true }> {
    return this.http.request('GET', '/health/live');
  }

  /** `GET /health/ready`: like `health()`, for load balancers (a 503 answer is returned, not thrown). */
  readiness(): Promise<Health> {
    return this.health('/health/ready');
  }

  /** `GET /openapi.json`: the service's OpenAPI 3.1 document. */
  openapi(): Promise<Record<string, unknown>> {
    return this.http.request('GET', '/openapi.json');
  }

  /** `GET /graphql`: where the GraphQL endpoint, schema and explorer are, and the query limits. */
  graphqlInfo(): Promise<Record<string, unknown>> {
    return this.http.request('GET', '/graphql');
  }

  /** `GET /graphql-schema`: the GraphQL types, queries, mutations and SDL. */
  graphqlSchema(): Promise<{ version: string; sdl: string; [k: string]: unknown }> {
    return this.http.request('GET', '/graphql-schema');
  }

  /** `GET /templates`: the video templates and AQI standards. */
  templates(): Promise<TemplateList> {
    return this.http.request<TemplateList>('GET', '/templates');
  }

  /**
   * Polls a render job until it is completed, failed or canceled, and returns it
   * (a failed job is returned, not thrown). `onProgress` gets the job after every
   * poll. Past `timeoutMs` it throws an `AqcastError` with status 408, code `wait_timeout`.
   */
  waitForJob(id: string, opts: WaitOptions = {}): Promise<Job> {
    return this.renders.wait(id, opts);
  }

  /** `POST /graphql`; returns `data`, or throws an `AqcastError` (code `graphql_error`) when the answer lists `errors`. */
  async graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, opts: RequestOptions = {}): Promise<T> {
    const res = await this.http.request<{ data?: T; errors?: { message: string }[] }>('POST', '/graphql', { ...opts, body: variables === undefined ? { query } : { query, variables } });
    if (res && Array.isArray(res.errors) && res.errors.length > 0) {
      // The whole GraphQL answer is kept as the error's body; its `errors` are GraphQL's, not a problem's field list.
      throw new AqcastError({ status: 200, code: 'graphql_error', message: res.errors.map((e) => e.message).join('; '), problem: res as Record<string, unknown> });
    }
    // `data` has the shape the caller's query asks for, which only the caller's T can say.
    return (res?.data ?? {}) as T;
  }

  /** Any route, through the same auth, retries and errors (for routes this version has no method for). */
  request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return this.http.request<T>(method, path, opts);
  }
}
