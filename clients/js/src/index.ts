/**
 * @aqcast/client — TypeScript client for the aqcast API. Zero runtime
 * dependencies: native fetch, FormData, Blob and Web Crypto.
 */
export { Client, OPERATIONS } from './client.js';
export { AqcastError, ApiError, WebhookVerificationError, type AqcastErrorInit } from './errors.js';
export { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, type ClientOptions, type QueryValue, type RequestOptions } from './http.js';
export { Ingest, type IngestContext, type IngestField, type SkippedLine, type SkipReason, type UploadAndRenderOptions, type UploadAndRenderResult, type UploadInput, type UploadOptions, type UploadResult } from './resources/ingest.js';
export { Queue, type EnqueueOptions, type QueueFilters, type QueueStats } from './resources/queue.js';
export { Renders, DEFAULT_POLL_MS, DEFAULT_WAIT_TIMEOUT_MS, type CreateOptions, type WaitOptions } from './resources/renders.js';
export type { CallOptions } from './resources/resource.js';
export { Files, parseStoryboardVtt, type FileInfo, type Storyboard, type StoryboardCue } from './resources/files.js';
export { Keys, type KeyInput } from './resources/keys.js';
export { Ai, type AiRenderOutcome } from './resources/ai.js';
export { Brands, toBase64, type BrandConditionalOptions } from './resources/brands.js';
export { Contexts, type ConditionalOptions, type ContextFilters, type ContextSource, type RenderContextOptions } from './resources/contexts.js';
export { Analytics, type AnalyticsRange, type RecentQuery, type TrendsQuery } from './resources/analytics.js';
export { Webhooks, type WebhookDelivery, type WebhookInput } from './resources/webhooks.js';
export { Workflows, WORKFLOW_RUN_TERMINAL, type WorkflowListOptions, type WorkflowRunListOptions } from './resources/workflows.js';
export {
  Variants,
  type ConcludeOptions,
  type VariantArm,
  type VariantArmInput,
  type VariantAssignment,
  type VariantEvent,
  type VariantFilters,
  type VariantResult,
  type VariantTest,
  type VariantTestInput,
  type VariantTestPage,
  type VariantTrackResult,
} from './resources/variants.js';
export * from './types.js';
export { DEFAULT_WEBHOOK_TOLERANCE_SEC, verifyWebhook, WEBHOOK_SECRET_PREFIX, type HeadersLike, type VerifyWebhookOptions } from './verify-webhook.js';
export { VERSION } from './version.js';
