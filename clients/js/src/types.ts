/**
 * Shapes of what the aqcast API sends and accepts, taken from the service's
 * OpenAPI document (generated/openapi.ts, regenerated with `npm run generate`),
 * so they cannot drift from what the service validates and returns.
 *
 * Words used throughout:
 * - job: one render request and its life, `queued → rendering → completed | failed | canceled`.
 * - template: the video design a job renders (`compositionId` is the same thing).
 * - batch: several jobs created in one request, sharing a `batchId`.
 * - context: stored air-quality values (e.g. extracted from an uploaded bulletin) that renders can be made from.
 * - problem: an RFC 9457 error body, `{ type, title, status, detail, code, errors? }`.
 */
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
/** The JSON body of an operation's response with status `S`. */
type Json<O extends keyof operations, S extends number> = operations[O]['responses'] extends Record<S, { content: { 'application/json': infer T } }> ? T : never;

export type Job = Schemas['RenderJob'];
export type JobStatus = Job['status'];
export type JobOutput = NonNullable<Job['output']>;
/** Statuses after which a job never changes again (unless retried through the queue). */
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'canceled'];

/** What a video shows: the body of POST /render. */
export type RenderParams = Schemas['RenderParams'];
/** One place of a ranking or a comparison: a name, optionally lat/lon, and its pollutant values. */
export type Place = NonNullable<RenderParams['places']>[number];
/** One station of a station map: a name, lat/lon and its pollutant values. */
export type Station = NonNullable<RenderParams['stations']>[number];
/** Where a video's numbers came from (its source line). */
export type Provenance = NonNullable<RenderParams['provenance']>;
/** The rest of a multi-place render: `location` titles the video; the template and the places are the helper's. */
export type MultiPlaceParams = Omit<RenderParams, 'template' | 'compositionId' | 'places' | 'stations'>;
export type JobPage = Json<'listRenders', 200>;
export type Batch = Json<'createBatch', 202>;
export type Ping = Json<'ping', 200>;
/** Who a key is: `GET /whoami`. */
export type Caller = Schemas['Caller'];
export type Health = Json<'health', 200>;
export type Template = Schemas['Template'];
export type TemplateList = Json<'listTemplates', 200>;
export type QueueStats = Json<'getQueueStats', 200>;

/** RFC 9457 problem details as the service sends them. */
export type Problem = Partial<Schemas['Problem']> & { requestId?: string; [extra: string]: unknown };

export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookRegistration = Json<'registerWebhook', 201>;
/** An event type a webhook can subscribe to (`*` for all); the service lists them in its README. */
export type WebhookEventType = 'render.completed' | 'render.failed' | 'ingest.completed' | 'webhook.test' | '*' | (string & {});

export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Json<'createKey', 201>;

/** A stored context, as returned by the ingest routes. */
export type IngestContext = Schemas['Context'];
export type IngestResult = Json<'ingestUpload', 201>;
export type IngestRenderResult = Json<'ingestUploadAndRender', 202>;

/** A stored context: values with their provenance, source, tags, renders and version. */
export type Context = Schemas['Context'];
export type ContextPage = Json<'listContexts', 200>;
export type ContextHistory = Json<'getContextHistory', 200>;
/** The body of POST /contexts. */
export type ContextInput = Body<'createContext'>;
/** The body of PATCH /contexts/:id (null removes a value). */
export type ContextPatch = Body<'updateContext'>;
/** Render options over a context's values: the body of POST /contexts/:id/render. */
export type ContextRenderOptions = Body<'renderContext'>;

/** A brand: a publisher's look renders can be made in (docs/brands.md). */
export type Brand = Schemas['Brand'];
export type BrandList = Json<'listBrands', 200>;
/** The body of POST /brands (uploads as base64). */
export type BrandInput = Body<'createBrand'>;
/** The body of PATCH /brands/:id (null removes the logo, font, intro or outro). */
export type BrandPatch = Body<'updateBrand'>;
/** Unsaved changes a preview shows over the stored brand. */
export type BrandPreviewOptions = Body<'previewBrand'>;
export type Typefaces = Json<'listTypefaces', 200>;

export type AnalyticsOverview = Json<'getAnalyticsOverview', 200>;
export type AnalyticsTemplates = Json<'getAnalyticsTemplates', 200>;
export type AnalyticsTrends = Json<'getAnalyticsTrends', 200>;
export type AnalyticsRecent = Json<'getAnalyticsRecent', 200>;
export type AnalyticsPerformance = Json<'getAnalyticsPerformance', 200>;
export type TrendMetric = NonNullable<NonNullable<operations['getAnalyticsTrends']['parameters']['query']>['metric']>;

export interface RenderFilters {
  /** One status or several (sent comma-separated). */
  status?: JobStatus | JobStatus[] | string;
  template?: string;
  location?: string;
  batchId?: string;
  contextId?: string;
  /** Created at or after (ISO date or date-time, or a Date). */
  since?: string | Date;
  until?: string | Date;
  /** Page size, 1–500 (server default 50). */
  limit?: number;
  cursor?: string;
}

/** A delivered webhook body, as returned by `verifyWebhook`. */
export interface WebhookEvent<T = unknown> {
  id: string;
  type: WebhookEventType;
  timestamp: string;
  /** True on events sent by hand with POST /webhooks/fire. */
  manual?: boolean;
  data: T;
  [extra: string]: unknown;
}

/** The JSON body an operation takes. */
type Body<O extends keyof operations> = operations[O] extends { requestBody: { content: { 'application/json': infer T } } } ? T : operations[O] extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;

/** What every AI request takes: values (as in POST /render) or a `contextId`, plus options. */
export type AiAnalyzeInput = Body<'aiAnalyze'>;
export type AiSuggestInput = Body<'aiSuggestTemplate'>;
export type AiGenerateInput = Body<'aiGenerate'>;
export type AiRenderInput = Body<'aiRender'>;
/** Sub-indices and categories per standard, WHO comparison, advice and trend. */
export type AiAnalysis = Schemas['AiAnalysis'];
export type AiSuggestions = Json<'aiSuggestTemplate', 200>;
export type AiTemplateSuggestion = Schemas['AiTemplateSuggestion'];
/** Headline, narration, captions (WebVTT) and a social post; `source` says whether a model wrote them. */
export type AiGeneratedText = Schemas['AiGeneratedText'];
/** A queued render with its text, `captionsUrl` and narration. */
export type AiRender = Schemas['AiRender'];
/** A workflow: fetch live air quality for its locations, decide, render and announce. */
export type Workflow = Schemas['Workflow'];
export type WorkflowRun = Schemas['WorkflowRun'];
export type WorkflowRunStatus = WorkflowRun['status'];
/** The body of POST /workflows. */
export type WorkflowInput = NonNullable<operations['createWorkflow']['requestBody']>['content']['application/json'];
/** The body of PATCH /workflows/:id. */
export type WorkflowPatch = NonNullable<operations['updateWorkflow']['requestBody']>['content']['application/json'];
/** Optional changes for one run (POST /workflows/:id/run). */
export type WorkflowRunOverrides = NonNullable<operations['runWorkflow']['requestBody']>['content']['application/json'];
export type WorkflowSaved = Json<'createWorkflow', 201>;
export type WorkflowPage = Json<'listWorkflows', 200>;
export type WorkflowRunPage = Json<'listWorkflowRuns', 200>;

/** The generated OpenAPI shapes themselves, for types this module does not name (`components['schemas']['X']`, `operations['opId']`). */
export type { components, operations } from './generated/openapi.js';
/** The JSON body of operation `O`'s answer with status `S`, e.g. `ResponseOf<'listKeys', 200>`. */
export type ResponseOf<O extends keyof operations, S extends number> = Json<O, S>;
/** The JSON body operation `O` takes. */
export type RequestBodyOf<O extends keyof operations> = Body<O>;
