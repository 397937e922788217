/**
 * Generated from the service's OpenAPI document by `npm run generate` (openapi-typescript). Do not edit.
 */
export interface paths {
    "/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and version
         * @description Liveness and version. Public: no API key needed.
         */
        get: operations["ping"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers (restart it if this fails)
         * @description Liveness: the process answers (restart it if this fails). Public: no API key needed.
         */
        get: operations["liveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness of the store, storage, the data disk and ffmpeg; each says what is wrong
         * @description Readiness of the store, storage, the data disk and ffmpeg; each says what is wrong. Public: no API key needed.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness (same as /health): 503 while the store, storage, the data disk or ffmpeg is not usable — take the node out of rotation
         * @description Readiness (same as /health): 503 while the store, storage, the data disk or ffmpeg is not usable — take the node out of rotation. Public: no API key needed.
         */
        get: operations["readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys (never the keys themselves)
         * @description List API keys (never the keys themselves). Needs an API key with the `admin` scope (or `admin`).
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create a scoped API key (shown once)
         * @description Create a scoped API key (shown once). Needs an API key with the `admin` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/scopes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scopes a key can be granted
         * @description The scopes a key can be granted. Needs an API key with the `admin` scope (or `admin`).
         */
        get: operations["listKeyScopes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key (it stops working within seconds everywhere)
         * @description Revoke a key (it stops working within seconds everywhere). Needs an API key with the `admin` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a key: its id, name, scopes and rate limit (401 for a wrong key)
         * @description Check a key: its id, name, scopes and rate limit (401 for a wrong key). Any valid API key (or dashboard session).
         */
        get: operations["whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text exposition format)
         * @description Prometheus metrics (text exposition format). Needs an API key with the `metrics:read` scope (or `admin`).
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks (secrets are never returned)
         * @description List webhooks (secrets are never returned). Needs an API key with the `webhooks:read` scope (or `admin`).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook
         * @description Register a webhook. Needs an API key with the `webhooks:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["registerWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook (same as POST /webhooks)
         * @description Register a webhook (same as POST /webhooks). Needs an API key with the `webhooks:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["registerWebhookAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event types a webhook can subscribe to (every module’s), with what each carries; `*` subscribes to all of them
         * @description The event types a webhook can subscribe to (every module’s), with what each carries; `*` subscribes to all of them. Needs an API key with the `webhooks:read` scope (or `admin`).
         */
        get: operations["listWebhookEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook; its pending deliveries are canceled
         * @description Delete a webhook; its pending deliveries are canceled. Needs an API key with the `webhooks:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log: each delivery with every attempt (time, status or error, duration, next retry)
         * @description Delivery log: each delivery with every attempt (time, status or error, duration, next retry). Needs an API key with the `webhooks:read` scope (or `admin`).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event now and return the delivery
         * @description Send a webhook.test event now and return the delivery. Needs an API key with the `webhooks:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/fire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event with the given data to every subscribed webhook (marked manual: true)
         * @description Send an event with the given data to every subscribed webhook (marked manual: true). Needs an API key with the `webhooks:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["fireWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queue/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts per status, paused flag, active workers, throughput over the last hour
         * @description Counts per status, paused flag, active workers, throughput over the last hour. Needs an API key with the `queue:read` scope (or `admin`).
         */
        get: operations["getQueueStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List queue jobs, newest first
         * @description List queue jobs, newest first. Needs an API key with the `queue:read` scope (or `admin`).
         */
        get: operations["listQueue"];
        put?: never;
        /**
         * Enqueue a render with priority and an optional delayed start
         * @description Enqueue a render with priority and an optional delayed start. Needs an API key with the `queue:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["enqueueRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queue/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One queue job
         * @description One queue job. Needs an API key with the `queue:read` scope (or `admin`).
         */
        get: operations["getQueueJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queue/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued or rendering job (409 once finished)
         * @description Cancel a queued or rendering job (409 once finished). Needs an API key with the `queue:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["cancelJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queue/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a failed or canceled job back in the queue (409 otherwise)
         * @description Put a failed or canceled job back in the queue (409 otherwise). Needs an API key with the `queue:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["retryJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queue/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause the queue for every worker: running renders finish, nothing new starts
         * @description Pause the queue for every worker: running renders finish, nothing new starts. Needs an API key with the `queue:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["pauseQueue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/queue/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume the queue
         * @description Resume the queue. Needs an API key with the `queue:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["resumeQueue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List brands, oldest first
         * @description List brands, oldest first. Needs an API key with the `brands:read` scope (or `admin`).
         */
        get: operations["listBrands"];
        put?: never;
        /**
         * Create a brand: colours, typeface or font, logo, credit, intro/outro card, render defaults
         * @description Uploads are base64 in the body and checked by content; nothing is stored when any field is refused. Too-faint text and accent colours are adjusted (see `adjustments`), not refused. Needs an API key with the `brands:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["createBrand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brands/typefaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The typeface families the service ships (a brand names one, or uploads its own font)
         * @description The typeface families the service ships (a brand names one, or uploads its own font). Needs an API key with the `brands:read` scope (or `admin`).
         */
        get: operations["listTypefaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brands/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One brand, with its ETag
         * @description One brand, with its ETag. Needs an API key with the `brands:read` scope (or `admin`).
         */
        get: operations["getBrand"];
        put?: never;
        post?: never;
        /**
         * Delete a brand; 409 naming the unfinished renders that use it (finished ones keep the version they used)
         * @description Delete a brand; 409 naming the unfinished renders that use it (finished ones keep the version they used). Needs an API key with the `brands:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        delete: operations["deleteBrand"];
        options?: never;
        head?: never;
        /**
         * Change a brand (a new version; renders already queued keep theirs); If-Match refuses a stale edit with 412
         * @description Change a brand (a new version; renders already queued keep theirs); If-Match refuses a stale edit with 412. Needs an API key with the `brands:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        patch: operations["updateBrand"];
        trace?: never;
    };
    "/brands/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A poster (JPEG) of a template in the brand, with unsaved colours, typeface or credit over it
         * @description A poster (JPEG) of a template in the brand, with unsaved colours, typeface or credit over it. Needs an API key with the `brands:write` scope (or `admin`).
         */
        post: operations["previewBrand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a render
         * @description Validates the parameters and queues a render job. Poll GET /render/{id} or register a webhook for render.completed. Needs an API key with the `renders:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["createRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/render/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a render job
         * @description Get a render job. Needs an API key with the `renders:read` scope (or `admin`).
         */
        get: operations["getRender"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List render jobs, newest first
         * @description List render jobs, newest first. Needs an API key with the `renders:read` scope (or `admin`).
         */
        get: operations["listRenders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue many renders at once, all or nothing
         * @description Queue many renders at once, all or nothing. Needs an API key with the `renders:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the video templates and AQI standards
         * @description List the video templates and AQI standards. Needs an API key with the `renders:read` scope (or `admin`).
         */
        get: operations["listTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{token}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a finished video, poster or storyboard (sprite and WebVTT track), or the accessible package of an AI render: captions (WebVTT, SRT), transcript, audio-only narration, audio description (public, unguessable URL; supports Range)
         * @description Download a finished video, poster or storyboard (sprite and WebVTT track), or the accessible package of an AI render: captions (WebVTT, SRT), transcript, audio-only narration, audio description (public, unguessable URL; supports Range). Public: no API key needed.
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Download a finished video, poster or storyboard (sprite and WebVTT track), or the accessible package of an AI render: captions (WebVTT, SRT), transcript, audio-only narration, audio description (public, unguessable URL; supports Range)
         * @description Download a finished video, poster or storyboard (sprite and WebVTT track), or the accessible package of an AI render: captions (WebVTT, SRT), transcript, audio-only narration, audio description (public, unguessable URL; supports Range). Public: no API key needed.
         */
        head: operations["getFileHead"];
        patch?: never;
        trace?: never;
    };
    "/contexts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contexts, newest first (filters: location, tag, source, since, until, q)
         * @description List contexts, newest first (filters: location, tag, source, since, until, q). Needs an API key with the `contexts:read` scope (or `admin`).
         */
        get: operations["listContexts"];
        put?: never;
        /**
         * Store values entered by hand (validated like render parameters)
         * @description Store values entered by hand (validated like render parameters). Needs an API key with the `contexts:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["createContext"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contexts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One context, with its ETag
         * @description One context, with its ETag. Needs an API key with the `contexts:read` scope (or `admin`).
         */
        get: operations["getContext"];
        put?: never;
        post?: never;
        /**
         * Delete a context with its tags and history (renders made from it keep their parameters)
         * @description Delete a context with its tags and history (renders made from it keep their parameters). Needs an API key with the `contexts:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        delete: operations["deleteContext"];
        options?: never;
        head?: never;
        /**
         * Change values, location or date (null removes a value); If-Match refuses a stale edit with 412
         * @description Change values, location or date (null removes a value); If-Match refuses a stale edit with 412. Needs an API key with the `contexts:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        patch: operations["updateContext"];
        trace?: never;
    };
    "/contexts/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The edits made to a context, oldest first
         * @description The edits made to a context, oldest first. Needs an API key with the `contexts:read` scope (or `admin`).
         */
        get: operations["getContextHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contexts/{id}/source": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The uploaded original the values were read from (kept CONTEXT_SOURCE_RETENTION_DAYS)
         * @description The uploaded original the values were read from (kept CONTEXT_SOURCE_RETENTION_DAYS). Needs an API key with the `contexts:read` scope (or `admin`).
         */
        get: operations["getContextSource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contexts/{id}/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a render from the context's values, with template, format, language and standard over them
         * @description Queue a render from the context's values, with template, format, language and standard over them. Needs an API key with the `contexts:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["renderContext"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contexts/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add tags (case-insensitive; tags it has already are kept once)
         * @description Add tags (case-insensitive; tags it has already are kept once). Needs an API key with the `contexts:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["addContextTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contexts/{id}/tags/{tag}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one tag
         * @description Remove one tag. Needs an API key with the `contexts:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        delete: operations["removeContextTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract air-quality values from a bulletin (PDF, scanned PDF, image) into a stored context
         * @description Extract air-quality values from a bulletin (PDF, scanned PDF, image) into a stored context. Needs an API key with the `ingest:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["ingestUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/upload-and-render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract a bulletin and queue a render from it
         * @description Extract a bulletin and queue a render from it. Needs an API key with the `ingest:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["ingestUploadAndRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Templates usable for renders from an upload, with what each needs
         * @description Templates usable for renders from an upload, with what each needs. Needs an API key with the `ingest:read` scope (or `admin`).
         */
        get: operations["listIngestTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in session (name, scopes, CSRF token)
         * @description The signed-in session (name, scopes, CSRF token). Any valid API key (or dashboard session).
         */
        get: operations["dashboardSession"];
        put?: never;
        /**
         * Sign in to the dashboard with an API key: sets an HttpOnly session cookie (the key is not kept by the browser)
         * @description Sign in to the dashboard with an API key: sets an HttpOnly session cookie (the key is not kept by the browser). Public: no API key needed.
         */
        post: operations["dashboardSignIn"];
        /**
         * Sign out: the session ends and its cookie is cleared
         * @description Sign out: the session ends and its cookie is cleared. Any valid API key (or dashboard session).
         */
        delete: operations["dashboardSignOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-sent events: every change of a render job (status, progress), as it happens
         * @description Server-sent events: every change of a render job (status, progress), as it happens. Needs an API key with the `renders:read` scope (or `admin`).
         */
        get: operations["dashboardEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ai/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sub-index and category of each pollutant in the chosen standards, the overall index and dominant pollutant, the WHO 2021 comparison, advice and a trend
         * @description Sub-index and category of each pollutant in the chosen standards, the overall index and dominant pollutant, the WHO 2021 comparison, advice and a trend. Needs an API key with the `ai:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["aiAnalyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ai/suggest-template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Templates, formats and language ranked for the values and the channel (tv, social, web), with reasons
         * @description Templates, formats and language ranked for the values and the channel (tv, social, web), with reasons. Needs an API key with the `ai:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["aiSuggestTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ai/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A headline, a narration sized to the template, WebVTT captions and a social post (offline, or rewritten by the configured model when every fact checks)
         * @description A headline, a narration sized to the template, WebVTT captions and a social post (offline, or rewritten by the configured model when every fact checks). Needs an API key with the `ai:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["aiGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ai/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analyze, suggest, generate and queue the render: captions served (and burned in when asked), narration mixed in when a speech provider is configured
         * @description Analyze, suggest, generate and queue the render: captions served (and burned in when asked), narration mixed in when a speech provider is configured. Needs an API key with the `ai:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["aiRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tests, newest first, filtered by status or workflow
         * @description List tests, newest first, filtered by status or workflow. Needs an API key with the `variants:read` scope (or `admin`).
         */
        get: operations["listVariantTests"];
        put?: never;
        /**
         * Create an A/B test: each arm’s video is rendered from the base with its template and overrides (or an existing job is linked)
         * @description Create an A/B test: each arm’s video is rendered from the base with its template and overrides (or an existing job is linked). Needs an API key with the `variants:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["createVariantTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One test with its arms, videos and counts
         * @description One test with its arms, videos and counts. Needs an API key with the `variants:read` scope (or `admin`).
         */
        get: operations["getVariantTest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variants/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The arm (and video URL) a viewer unit sees: the same unit always gets the same arm; after conclusion, the winner
         * @description The arm (and video URL) a viewer unit sees: the same unit always gets the same arm; after conclusion, the winner. Needs an API key with the `variants:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["assignVariant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variants/{id}/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count events (impression, view, complete, click, share or the custom goal) of assigned units; an eventId counts once
         * @description Count events (impression, view, complete, click, share or the custom goal) of assigned units; an eventId counts once. Needs an API key with the `variants:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["trackVariantEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variants/{id}/winner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The decision (winner, no_difference or insufficient_data) with P(best), expected loss, intervals, z-tests and the SRM check
         * @description The decision (winner, no_difference or insufficient_data) with P(best), expected loss, intervals, z-tests and the SRM check. Needs an API key with the `variants:read` scope (or `admin`).
         */
        get: operations["getVariantWinner"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/variants/{id}/conclude": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Freeze the result with the rules’ winner (or the arm given); the test’s workflow then uses the winning arm
         * @description Freeze the result with the rules’ winner (or the arm given); the test’s workflow then uses the winning arm. Needs an API key with the `variants:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["concludeVariantTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workflows, newest first
         * @description List workflows, newest first. Needs an API key with the `workflows:read` scope (or `admin`).
         */
        get: operations["listWorkflows"];
        put?: never;
        /**
         * Create a workflow
         * @description A workflow fetches current values for each location from a source, checks its conditions, renders (one job per format × language) and announces the run. Bad cron expressions, time zones, sources, credentials and templates are 400s naming the field. An inbound trigger's secret is returned here only. Needs an API key with the `workflows:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A workflow, with its next run times and last run
         * @description A workflow, with its next run times and last run. Needs an API key with the `workflows:read` scope (or `admin`).
         */
        get: operations["getWorkflow"];
        put?: never;
        post?: never;
        /**
         * Delete a workflow; its unfinished runs are canceled, finished runs stay readable
         * @description Delete a workflow; its unfinished runs are canceled, finished runs stay readable. Needs an API key with the `workflows:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        delete: operations["deleteWorkflow"];
        options?: never;
        head?: never;
        /**
         * Change a workflow (what is given); a changed schedule starts from the next slot
         * @description Change a workflow (what is given); a changed schedule starts from the next slot. Needs an API key with the `workflows:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        patch: operations["updateWorkflow"];
        trace?: never;
    };
    "/workflows/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run now (optional overrides for this run); answers with the run at once
         * @description Start a run now (optional overrides for this run); answers with the run at once. Needs an API key with the `workflows:write` scope (or `admin`). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["runWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Inbound trigger: start a run of an inbound workflow (no API key; the trigger secret in X-Trigger-Secret or Authorization: Bearer)
         * @description Inbound trigger: start a run of an inbound workflow (no API key; the trigger secret in X-Trigger-Secret or Authorization: Bearer). Authenticated by its own secret (see security), not by an API key.
         */
        post: operations["triggerWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Runs of a workflow, newest first
         * @description Runs of a workflow, newest first. Needs an API key with the `workflows:read` scope (or `admin`).
         */
        get: operations["listWorkflowRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflow-runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A run with its items, every step record (inputs, outputs, errors, timings) and its jobs
         * @description A run with its items, every step record (inputs, outputs, errors, timings) and its jobs. Needs an API key with the `workflows:read` scope (or `admin`).
         */
        get: operations["getWorkflowRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Jobs by status, success rate, rolling windows, render time and queue wait p50/p95, video seconds, bytes, cache reuse, active workers
         * @description Jobs by status, success rate, rolling windows, render time and queue wait p50/p95, video seconds, bytes, cache reuse, active workers. Needs an API key with the `analytics:read` scope (or `admin`).
         */
        get: operations["getAnalyticsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per template and format: jobs, success rate, render time p50/p95, share of all jobs
         * @description Per template and format: jobs, success rate, render time p50/p95, share of all jobs. Needs an API key with the `analytics:read` scope (or `admin`).
         */
        get: operations["getAnalyticsTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A metric per hour, day or week in a time zone, empty buckets included, right across daylight-saving changes
         * @description A metric per hour, day or week in a time zone, empty buckets included, right across daylight-saving changes. Needs an API key with the `analytics:read` scope (or `admin`).
         */
        get: operations["getAnalyticsTrends"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/recent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The newest renders with status, poster URL and duration
         * @description The newest renders with status, poster URL and duration. Needs an API key with the `analytics:read` scope (or `admin`).
         */
        get: operations["getAnalyticsRecent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Render time and frames per second by template × format × resolution, queue wait, throughput per worker, failures by code
         * @description Render time and frames per second by template × format × resolution, queue wait, throughput per worker, failures by code. Needs an API key with the `analytics:read` scope (or `admin`).
         */
        get: operations["getAnalyticsPerformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/graphql": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the GraphQL endpoint, schema and explorer are
         * @description Where the GraphQL endpoint, schema and explorer are. Public: no API key needed.
         */
        get: operations["graphqlInfo"];
        put?: never;
        /**
         * Run a GraphQL query or mutation
         * @description GraphQL over HTTP (JSON). The schema is at GET /graphql-schema and can be explored at GET /graphql-explorer. A query that does not parse or validate, or goes over the size, depth or cost limit, is a 400 with `errors` and nothing runs. Errors raised while resolving (a missing job, invalid render parameters) come back with status 200 next to the `data`, each with `extensions.code` from the same catalogue as the REST problem+json `code`. Mutations take an optional `idempotencyKey` argument (or send the Idempotency-Key header for the whole request). Any valid API key (or dashboard session). Send an Idempotency-Key header to make a retry safe.
         */
        post: operations["graphql"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/graphql-schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The GraphQL schema: types, queries, mutations and SDL
         * @description The GraphQL schema: types, queries, mutations and SDL. Public: no API key needed.
         */
        get: operations["graphqlSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description Generated from the same route schemas that validate requests. `servers` is PUBLIC_BASE_URL (or the address the service listens on). Public: no API key needed.
         */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details */
        Problem: {
            /**
             * Format: uri
             * @description URI identifying the problem type
             */
            type: string;
            title: string;
            status: number;
            detail: string;
            /**
             * @description Stable machine-readable error code
             * @example validation_failed
             */
            code: string;
            instance?: string;
            /** @description One entry per invalid field */
            errors?: {
                field: string;
                message: string;
            }[];
        } & {
            [key: string]: unknown;
        };
        /** @description A scoped API key; the key itself is shown once, when it is created */
        ApiKey: {
            id: string;
            name: string;
            /** @description The first characters of the key, to recognise it */
            prefix: string;
            scopes: string[];
            rateLimitPerMinute: number | null;
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** Format: date-time */
            revokedAt: string | null;
        };
        /** @description Who a key (or a dashboard session) is: its id, name, scopes and rate limit */
        Caller: {
            /** @description The scoped key's id; null for the master key */
            keyId: string | null;
            /** @description The key's name ("master key" for the master key) */
            name: string;
            /** @description `admin` grants every scope */
            scopes: string[];
            rateLimitPerMinute: number | null;
        };
        /** @description A registered receiver (its secret is never returned after registration) */
        Webhook: {
            id: string;
            url: string;
            events: string[];
            active: boolean;
            disabledReason: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description One event owed to one webhook, with every attempt */
        WebhookDelivery: {
            id: string;
            webhookId: string;
            /** @description The webhook-id header; the same on every retry */
            eventId: string;
            eventType: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed" | "canceled";
            attempts: number;
            /** Format: date-time */
            nextAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /** Format: date-time */
            createdAt: string;
            attemptLog?: {
                /** Format: date-time */
                attemptedAt: string;
                statusCode: number | null;
                error: string | null;
                durationMs: number;
                /** Format: date-time */
                nextRetryAt: string | null;
            }[];
        };
        /** @description A render job */
        RenderJob: {
            /** @example job_3kT9x2VbQmPz1rLw */
            jobId: string;
            /**
             * @description queued → rendering → completed | failed | canceled; a retried job goes back to queued
             * @enum {string}
             */
            status: "queued" | "rendering" | "completed" | "failed" | "canceled";
            /** @description 0…1 */
            progress: number;
            /** @description Template id */
            template: string;
            /** @description Same as template */
            compositionId: string;
            /** @description Normalized render parameters */
            params: {
                [key: string]: unknown;
            };
            /** @description MP4 URL once completed (unguessable, public) */
            videoUrl: string | null;
            /** @description PNG poster URL once completed */
            posterUrl: string | null;
            /** @description WebVTT captions URL once completed, for renders that have captions (AI renders); null when there are none. Given by GET /render/:id, left out of lists */
            captionsUrl?: string | null;
            /** @description The rest of the accessible package beside captionsUrl, once completed: each URL only when the file exists (null: a render without captions). Given by GET /render/:id, left out of lists */
            accessibility?: {
                /** @description The captions as SubRip */
                captionsSrt: string | null;
                /** @description Plain-text transcript */
                transcript: string | null;
                /** @description The narration alone, AAC in .m4a (null without a voice) */
                audio: string | null;
                /** @description The audio-description track, AAC in .m4a (null without a voice) */
                audioDescription: string | null;
            } | null;
            /** @description Storyboard sprite once completed: a JPEG grid of small thumbnails, one per second of the video, left to right and top to bottom (null for renders stored before storyboards existed) */
            storyboardUrl: string | null;
            /** @description WebVTT thumbnails track of the storyboard once completed: one cue per thumbnail, `storyboard.jpg#xywh=x,y,w,h` relative to this URL (what players show while scrubbing) */
            storyboardVttUrl: string | null;
            /** @description Why the job failed */
            error: {
                /** @description Stable machine-readable code */
                code: string;
                message: string;
            } | null;
            attempts: number;
            maxAttempts: number;
            priority: number;
            /**
             * Format: date-time
             * @description The job is not claimed before this time
             */
            runAt: string;
            batchId: string | null;
            contextId: string | null;
            /**
             * @description Where the numbers of the video came from (the render's `provenance`: source, station ids, observed and retrieved times, licence and attribution); null when the render was given none
             * @example {
             *       "source": "airnow",
             *       "stationIds": [
             *         "060371103"
             *       ],
             *       "observedAt": "2026-11-22T14:00:00Z",
             *       "retrievedAt": "2026-11-22T14:20:00Z",
             *       "timeZone": "America/Los_Angeles",
             *       "attribution": "U.S. EPA AirNow",
             *       "preliminary": true
             *     }
             */
            provenance: {
                /** @description Where the values come from: upload (a bulletin), manual, openaq, open-meteo, waqi or airnow. */
                source: "upload" | "manual" | "openaq" | "open-meteo" | "waqi" | "airnow";
                /** @description The stations' ids at the source. */
                stationIds?: string[];
                /** @description When the values were measured (ISO 8601 with offset). */
                observedAt?: string;
                /** @description When they were fetched or uploaded (ISO 8601 with offset). */
                retrievedAt?: string;
                /** @description IANA time zone of the place: the video prints the observed time in it (default UTC). */
                timeZone?: string;
                /** @description Attribution the source requires, printed in the source line. */
                attribution?: string;
                /** @description The data's licence (e.g. CC BY 4.0). */
                licence?: string;
                /** @description The source marks the values as preliminary (unvalidated real-time data, as AirNow does); the video says so. */
                preliminary?: boolean;
            } | null;
            /** @description The brand the job renders in and the version it used (a retry draws the same look); null for none */
            brand: {
                brandId: string;
                version: number;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            startedAt: string | null;
            /** Format: date-time */
            completedAt: string | null;
            renderMs: number | null;
            /** @description The finished video */
            output: {
                width: number;
                height: number;
                fps: number;
                durationSec: number;
                /** @description File size in bytes */
                bytes: number;
            } | null;
        };
        /** @description A publisher look that renders can be made in */
        Brand: {
            brandId: string;
            name: string;
            /** @description Bumped by every change; renders record the version they used */
            version: number;
            isDefault: boolean;
            /** @description As asked (null: the default look) */
            colors: {
                background: string | null;
                surface: string | null;
                text: string | null;
                accent: string | null;
            };
            /** @description What renders draw, after adjustments */
            effectiveColors: {
                background: string;
                surface: string;
                text: string;
                muted: string;
                faint: string;
                accent: string | null;
            };
            /** @description Colours changed for legibility (never refused: see docs/brands.md) */
            adjustments: {
                /** @description The colour that was changed, e.g. colors.text */
                field: string;
                from: string;
                /** @description What renders draw instead */
                to: string;
                /** @description The colour it is drawn on (the least contrasting) */
                against: string;
                againstField: string;
                ratioBefore: number;
                ratio: number;
                /** @description 4.5 for text, 3 for the accent (graphics, large text) */
                required: number;
            }[];
            /** @enum {string} */
            typeface: "inter" | "arimo" | "roboto-condensed" | "noto-serif";
            /** @description The uploaded font, if any (used instead of typeface) */
            font: {
                family: string;
                format: string;
                bytes: number;
            } | null;
            /** @description The logo as renders draw it (an SVG rasterised) */
            logo: {
                /** @enum {string} */
                uploadedType: "png" | "jpeg" | "svg";
                width: number;
                height: number;
                bytes: number;
                /** @enum {string} */
                plate: "auto" | "always" | "never";
            } | null;
            credit: string;
            intro: {
                /** @description Seconds, 1–2 */
                durationSec: number;
                /** @description A line under the logo */
                text?: string;
            } | null;
            outro: {
                /** @description Seconds, 1–2 */
                durationSec: number;
                /** @description A line under the logo */
                text?: string;
            } | null;
            defaults: {
                /** @enum {string|null} */
                language: "es" | "en" | "pt" | null;
                /** @enum {string|null} */
                aqiStandard: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | null;
                /** @enum {string|null} */
                format: "landscape" | "portrait" | "square" | null;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * Render parameters
         * @description What a report video shows. Concentrations in µg/m³ (CO in mg/m³); omit what was not measured.
         * @example {
         *       "location": "Santiago",
         *       "pm25": 87.4,
         *       "no2": 42,
         *       "temperatura": 9,
         *       "language": "es"
         *     }
         */
        RenderParams: {
            /**
             * @description Place the report is about, shown as the video title (1–120 characters; long names shrink or wrap).
             * @example Santiago
             * @example Ciudad de México — Centro Histórico
             */
            location: string;
            /**
             * @description Template id (see GET /templates). Defaults to `daily-report`.
             * @example daily-report
             * @example pollution-alert
             */
            template?: string;
            /**
             * @description Alias of `template` (the name batch items use). If both are given they must be equal.
             * @example social-clip
             */
            compositionId?: string;
            /**
             * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
             * @example 87.4
             * @example 12
             */
            pm25?: number;
            /**
             * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
             * @example 54
             * @example 140
             */
            pm10?: number;
            /**
             * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
             * @example 42
             * @example 110
             */
            no2?: number;
            /**
             * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
             * @example 96
             * @example 180
             */
            o3?: number;
            /**
             * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
             * @example 8
             * @example 60
             */
            so2?: number;
            /**
             * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
             * @example 0.8
             * @example 4.2
             */
            co?: number;
            /**
             * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
             * @example 9
             * @example 23.5
             */
            temperatura?: number;
            /**
             * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
             * @example 9
             * @example 23.5
             */
            temperature?: number;
            /**
             * @description Relative humidity in % (0–100).
             * @example 64
             * @example 38
             */
            humidity?: number;
            /**
             * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
             * @example es
             * @example en
             */
            language?: "es" | "en" | "pt";
            /**
             * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
             * @example us-epa
             * @example cl
             */
            aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
            /**
             * @description Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.
             * @example landscape
             * @example portrait
             */
            format?: "landscape" | "portrait" | "square";
            /**
             * @description Length of the video in seconds, among those the template offers (GET /templates lists them; the default report: 15, 30 or 60). A longer video tells more — each pollutant in turn, both advice groups — rather than slowing the same scenes. Defaults to the template’s own length.
             * @example 15
             * @example 30
             * @example 60
             */
            durationSec?: number;
            /**
             * @description Scales the frame by its short side: 1080p (default), 720p or 360p.
             * @example 1080p
             * @example 720p
             */
            resolution?: "1080p" | "720p" | "360p";
            /**
             * @description An hourly series (the last 24 hours or the next 72): the trend template draws it over the category bands of the AQI standard.
             * @example {
             *       "pollutant": "pm25",
             *       "kind": "observed",
             *       "points": [
             *         {
             *           "at": "2026-11-22T06:00:00Z",
             *           "value": 38.5
             *         },
             *         {
             *           "at": "2026-11-22T07:00:00Z",
             *           "value": 41.2
             *         }
             *       ],
             *       "timeZone": "America/Santiago"
             *     }
             */
            series?: {
                /** @description Pollutant of the series. */
                pollutant: "pm25" | "pm10" | "no2" | "o3" | "so2" | "co";
                /** @description observed: measured hours up to now; forecast: the hours ahead. */
                kind: "observed" | "forecast";
                /** @description Hourly values in time order (2–168). */
                points: {
                    /** @description Hour of the value (ISO 8601 date-time with offset). */
                    at: string;
                    /** @description µg/m³ (CO mg/m³). */
                    value: number;
                }[];
                /**
                 * @description IANA time zone the hours are shown in (default UTC).
                 * @example America/Santiago
                 */
                timeZone?: string;
            };
            /**
             * @description Places of a ranking (2–20) or a comparison (the first two). Each needs a pollutant value.
             * @example [
             *       {
             *         "name": "Santiago",
             *         "pm25": 87.4
             *       },
             *       {
             *         "name": "Valparaíso",
             *         "pm25": 21
             *       }
             *     ]
             */
            places?: {
                /** @description Name as shown (1–120 characters; long names shrink, wrap or are shortened). */
                name: string;
                /** @description Latitude in degrees (−90…90, WGS 84). */
                lat?: number;
                /** @description Longitude in degrees (−180…180, WGS 84). */
                lon?: number;
                /** @description PM2.5 in µg/m³ (0–2000). */
                pm25?: number;
                /** @description PM10 in µg/m³ (0–5000). */
                pm10?: number;
                /** @description NO₂ in µg/m³ (0–5000). */
                no2?: number;
                /** @description O₃ in µg/m³ (0–5000). */
                o3?: number;
                /** @description SO₂ in µg/m³ (0–5000). */
                so2?: number;
                /** @description CO in mg/m³ (0–200). */
                co?: number;
                /** @description The day the values are for (YYYY-MM-DD). A comparison of one place at two dates names its sides "today", "yesterday" or the date, relative to the render's date. */
                date?: string;
                /** @description The values are a forecast, not an observation (a comparison names that side "Forecast"). */
                forecast?: boolean;
            }[];
            /**
             * @description Monitoring stations of a map (1–60); no two on the same point.
             * @example [
             *       {
             *         "name": "Parque O'Higgins",
             *         "lat": -33.464,
             *         "lon": -70.661,
             *         "pm25": 61
             *       },
             *       {
             *         "name": "Las Condes",
             *         "lat": -33.377,
             *         "lon": -70.523,
             *         "pm25": 24
             *       }
             *     ]
             */
            stations?: {
                /** @description The station's id at its source. */
                id?: string;
                /** @description Name as shown (1–120 characters; long names shrink, wrap or are shortened). */
                name: string;
                /** @description Latitude in degrees (−90…90, WGS 84). */
                lat: number;
                /** @description Longitude in degrees (−180…180, WGS 84). */
                lon: number;
                /** @description PM2.5 in µg/m³ (0–2000). */
                pm25?: number;
                /** @description PM10 in µg/m³ (0–5000). */
                pm10?: number;
                /** @description NO₂ in µg/m³ (0–5000). */
                no2?: number;
                /** @description O₃ in µg/m³ (0–5000). */
                o3?: number;
                /** @description SO₂ in µg/m³ (0–5000). */
                so2?: number;
                /** @description CO in mg/m³ (0–200). */
                co?: number;
            }[];
            /**
             * @description Where the numbers came from. Every video prints it in a quiet source line (source, observed time in the place's time zone, "preliminary data" when so marked).
             * @example {
             *       "source": "airnow",
             *       "stationIds": [
             *         "060371103"
             *       ],
             *       "observedAt": "2026-11-22T14:00:00Z",
             *       "retrievedAt": "2026-11-22T14:20:00Z",
             *       "timeZone": "America/Los_Angeles",
             *       "attribution": "U.S. EPA AirNow",
             *       "preliminary": true
             *     }
             */
            provenance?: {
                /** @description Where the values come from: upload (a bulletin), manual, openaq, open-meteo, waqi or airnow. */
                source: "upload" | "manual" | "openaq" | "open-meteo" | "waqi" | "airnow";
                /** @description The stations' ids at the source. */
                stationIds?: string[];
                /** @description When the values were measured (ISO 8601 with offset). */
                observedAt?: string;
                /** @description When they were fetched or uploaded (ISO 8601 with offset). */
                retrievedAt?: string;
                /** @description IANA time zone of the place: the video prints the observed time in it (default UTC). */
                timeZone?: string;
                /** @description Attribution the source requires, printed in the source line. */
                attribution?: string;
                /** @description The data's licence (e.g. CC BY 4.0). */
                licence?: string;
                /** @description The source marks the values as preliminary (unvalidated real-time data, as AirNow does); the video says so. */
                preliminary?: boolean;
            };
            /**
             * @description Index values given instead of concentrations: the video draws this index (its number, or for a band-only standard its category), its category and sub-indices instead of computing them, and shows no concentration. No pollutant concentration may be set with it; aqiStandard, when set, must be its standard.
             * @example {
             *       "standard": "us-epa",
             *       "overall": 112,
             *       "pollutants": {
             *         "o3": 112,
             *         "pm25": 48
             *       }
             *     }
             * @example {
             *       "standard": "ca-aqhi",
             *       "overall": 7,
             *       "pollutants": {}
             *     }
             * @example {
             *       "standard": "mx",
             *       "category": "mala",
             *       "categories": {
             *         "o3": "mala"
             *       }
             *     }
             */
            index?: {
                /** @description The standard the index is in. One with a numeric index, given as `overall` (and `pollutants`): us-epa (AQI 0–500), br-iqar (IQAr 0–400), cl (ICAP 0–500), ca-aqhi (AQHI 1–30, written 10+ above 10), uk-daqi (DAQI 1–10) or sg-psi (PSI 0–500). Or a band-only one, given as `category` (and `categories`): mx (Índice AIRE Y SALUD) or eu-eaqi (EEA index). */
                standard: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                /**
                 * @description The overall index (0–500, within the standard's scale); required for a standard with a numeric index, absent for a band-only one.
                 * @example 112
                 * @example 48
                 */
                overall?: number;
                /** @description Each pollutant's sub-index the document gives, if any: the video tells them and names the highest as the main pollutant. Empty or absent when the document gives only the overall index (as AQHI, DAQI and PSI forecasts usually do); ca-aqhi never has one. */
                pollutants?: {
                    /**
                     * @description PM2.5 sub-index.
                     * @example 112
                     * @example 48
                     */
                    pm25?: number;
                    /**
                     * @description PM10 sub-index.
                     * @example 112
                     * @example 48
                     */
                    pm10?: number;
                    /**
                     * @description NO₂ sub-index.
                     * @example 112
                     * @example 48
                     */
                    no2?: number;
                    /**
                     * @description O₃ sub-index.
                     * @example 112
                     * @example 48
                     */
                    o3?: number;
                    /**
                     * @description SO₂ sub-index.
                     * @example 112
                     * @example 48
                     */
                    so2?: number;
                    /**
                     * @description CO sub-index.
                     * @example 112
                     * @example 48
                     */
                    co?: number;
                };
                /**
                 * @description The overall category of a band-only standard (mx: buena, aceptable, mala, muy_mala, extremadamente_mala; eu-eaqi: good, fair, moderate, poor, very_poor, extremely_poor); required for those, absent for a standard with a numeric index. The video draws it as the headline.
                 * @example mala
                 * @example poor
                 */
                category?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                /** @description Each pollutant's category the document gives for a band-only standard, if any: the one in the worst band is named as the main pollutant. None may be worse than `category`. */
                categories?: {
                    /**
                     * @description PM2.5 category.
                     * @example mala
                     * @example poor
                     */
                    pm25?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description PM10 category.
                     * @example mala
                     * @example poor
                     */
                    pm10?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description NO₂ category.
                     * @example mala
                     * @example poor
                     */
                    no2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description O₃ category.
                     * @example mala
                     * @example poor
                     */
                    o3?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description SO₂ category.
                     * @example mala
                     * @example poor
                     */
                    so2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description CO category.
                     * @example mala
                     * @example poor
                     */
                    co?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                };
            };
            /**
             * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
             * @example 2026-11-22
             */
            date?: string;
            /** @description The brand to render in (GET /brands); null for none; omitted: the default brand, if one is set */
            brandId?: string | null;
        };
        /** @description A video template */
        Template: {
            /** @example daily-report */
            id: string;
            name: string;
            description: string;
            /** @description Frame shapes it supports */
            formats: ("landscape" | "portrait" | "square")[];
            /** @description Render parameters the template uses */
            params: string[];
            version: string;
            /** @description Default length in seconds */
            durationSec: number;
            /**
             * @description Every length in seconds the template offers (render parameter `durationSec`)
             * @example [
             *       15,
             *       30,
             *       60
             *     ]
             */
            durations: number[];
            isDefault: boolean;
        };
        /** @description Values normalised to µg/m³ (CO mg/m³), °C and %, each field with its source text, confidence and provenance */
        Context: {
            contextId: string;
            location: string | null;
            /** @description YYYY-MM-DD */
            date: string | null;
            pm25?: number;
            pm10?: number;
            no2?: number;
            o3?: number;
            so2?: number;
            /** @description mg/m³ */
            co?: number;
            /** @description °C */
            temperatura?: number;
            /** @description % */
            humidity?: number;
            confidence: number;
            fields: {
                [key: string]: {
                    /** @description The value (µg/m³, CO mg/m³, °C, %), or the text of `location` / `date` */
                    value: number | string;
                    unit?: string;
                    /** @description The line or table row the value was read from ("" when a person entered it) */
                    sourceText: string;
                    /** @description The unit written in the document */
                    sourceUnit?: string;
                    /** @description 0…1; 1 for a value a person entered or edited */
                    confidence: number;
                    /** @description True once a person set this value (PATCH); values entered with POST /contexts are not edits */
                    edited: boolean;
                    /** Format: date-time */
                    editedAt?: string;
                    /** @description What the document said, kept when a person changed the value */
                    extractedValue?: number | string;
                    /** @description stated, max-of-stations, mean-of-stations (read from a document), manual or workflow */
                    origin?: string;
                    /** @description Averaging period the document states (1h, 8h, 24h, …) */
                    averaging?: string;
                    /** @description observed or forecast, when stated */
                    kind?: string;
                    /** @description The station a max-of-stations value comes from */
                    station?: string;
                    /** @description Stations a value was aggregated over */
                    stationCount?: number;
                    /** @description The range (low, high) the document gave */
                    range?: number[];
                } & {
                    [key: string]: unknown;
                };
            };
            /** @description pdf-text, pdf-ocr, image-ocr (how a bulletin was read), manual or workflow */
            method: string;
            pages: number;
            language: string | null;
            stations: ({
                name: string;
                /** @description Normalised values by measure */
                values: {
                    [key: string]: number;
                };
                /** @description Each value with unit, source text, averaging and kind */
                fields?: {
                    [key: string]: unknown;
                };
                /** @description Latitude (WGS 84), when the document's station table gives it (a station map needs it) */
                lat?: number;
                /** @description Longitude (WGS 84), given with lat */
                lon?: number;
            } & {
                [key: string]: unknown;
            })[];
            /**
             * @description How station values became city values when the document stated none
             * @enum {string|null}
             */
            cityValueRule: "max" | "mean" | null;
            /**
             * @description Observed or forecast, when the document says so
             * @enum {string|null}
             */
            kind: "observed" | "forecast" | null;
            /** @description What the optional language model added, and the numbers it returned that the document does not contain */
            languageModel?: {
                used: string[];
                dropped: string[];
                error?: string;
            };
            /** @description Set when the values are index values, not concentrations (an AQI forecast, an IQAr table): then no pollutant concentration is set, and a render draws this index (an index video) — unless a person has since entered concentrations */
            index: {
                /** @description The index as the document names it: AQI, IQAr, IMECA, AQHI … */
                name: string;
                /**
                 * @description The AQI standard it is in, when the service knows it (AQI → us-epa, IQAr → br-iqar, ICAP → cl, Índice AIRE Y SALUD → mx, EAQI → eu-eaqi, AQHI → ca-aqhi, DAQI → uk-daqi, PSI → sg-psi); null for others (IMECA, Hong Kong's AQHI …), which a render refuses with 422
                 * @enum {string|null}
                 */
                standard: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi" | null;
                /** @description The overall index: the highest sub-index, or the one value the document gives (an AQHI has no sub-index); null for a band-only index given as categories (`category`) */
                overall: number | null;
                /** @description Each pollutant's sub-index; over several stations or areas the highest */
                pollutants: {
                    /** @description PM2.5 sub-index (an index value, not a concentration) */
                    pm25?: number;
                    /** @description PM10 sub-index (an index value, not a concentration) */
                    pm10?: number;
                    /** @description NO2 sub-index (an index value, not a concentration) */
                    no2?: number;
                    /** @description O3 sub-index (an index value, not a concentration) */
                    o3?: number;
                    /** @description SO2 sub-index (an index value, not a concentration) */
                    so2?: number;
                    /** @description CO sub-index (an index value, not a concentration) */
                    co?: number;
                };
                /**
                 * @description For a band-only index, which has no number (Mexico's Índice AIRE Y SALUD, the EEA index): the worst category the document states, which a render draws as the headline
                 * @enum {string}
                 */
                category?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                /** @description For a band-only index: each pollutant's category where the document names a pollutant with it; over several areas the worst */
                categories?: {
                    /**
                     * @description PM2.5 category (a band-only index's)
                     * @enum {string}
                     */
                    pm25?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description PM10 category (a band-only index's)
                     * @enum {string}
                     */
                    pm10?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description NO2 category (a band-only index's)
                     * @enum {string}
                     */
                    no2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description O3 category (a band-only index's)
                     * @enum {string}
                     */
                    o3?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description SO2 category (a band-only index's)
                     * @enum {string}
                     */
                    so2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                    /**
                     * @description CO category (a band-only index's)
                     * @enum {string}
                     */
                    co?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                };
                /** @description Each sub-index's source line or table row, and its station or area when it is one's; under `overall`, the overall value's when the document gives it alone (an AQHI, DAQI or PSI forecast) */
                sources: {
                    [key: string]: {
                        sourceText: string;
                        station?: string;
                        confidence: number;
                    };
                };
            } | null;
            /** @description Where the values came from */
            source: {
                /**
                 * @description upload (a bulletin), manual (POST /contexts) or workflow (a workflow run)
                 * @enum {string}
                 */
                kind: "upload" | "manual" | "workflow";
                filename: string | null;
                /** @description Media type decided from the bytes */
                mediaType: string | null;
                sha256: string | null;
                bytes: number | null;
                pages: number | null;
                workflowId: string | null;
                /** @description The workflow run that fetched the values */
                runId: string | null;
                /** @description The uploaded original is in storage (GET /contexts/{id}/source) */
                kept: boolean;
                /**
                 * Format: date-time
                 * @description When the original is removed (CONTEXT_SOURCE_RETENTION_DAYS)
                 */
                keptUntil: string | null;
                /** @description Where the original can be read (needs the API key) */
                url: string | null;
            };
            /**
             * @description Where the numbers came from. Every video prints it in a quiet source line (source, observed time in the place's time zone, "preliminary data" when so marked).
             * @example {
             *       "source": "airnow",
             *       "stationIds": [
             *         "060371103"
             *       ],
             *       "observedAt": "2026-11-22T14:00:00Z",
             *       "retrievedAt": "2026-11-22T14:20:00Z",
             *       "timeZone": "America/Los_Angeles",
             *       "attribution": "U.S. EPA AirNow",
             *       "preliminary": true
             *     }
             */
            provenance: {
                /** @description Where the values come from: upload (a bulletin), manual, openaq, open-meteo, waqi or airnow. */
                source: "upload" | "manual" | "openaq" | "open-meteo" | "waqi" | "airnow";
                /** @description The stations' ids at the source. */
                stationIds?: string[];
                /** @description When the values were measured (ISO 8601 with offset). */
                observedAt?: string;
                /** @description When they were fetched or uploaded (ISO 8601 with offset). */
                retrievedAt?: string;
                /** @description IANA time zone of the place: the video prints the observed time in it (default UTC). */
                timeZone?: string;
                /** @description Attribution the source requires, printed in the source line. */
                attribution?: string;
                /** @description The data's licence (e.g. CC BY 4.0). */
                licence?: string;
                /** @description The source marks the values as preliminary (unvalidated real-time data, as AirNow does); the video says so. */
                preliminary?: boolean;
            };
            tags: string[];
            /** @description The renders made from this context */
            renders: {
                count: number;
                /** @description The newest five; GET /renders?contextId= lists them all */
                recent: {
                    jobId: string;
                    status: string;
                    template: string;
                    /** Format: date-time */
                    createdAt: string;
                }[];
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Grows by one with every change; the ETag is "v<version>" */
            version: number;
        } & {
            [key: string]: unknown;
        };
        /** @description Sub-indices and categories per standard, WHO comparison, advice and trend */
        AiAnalysis: {
            location: string | null;
            date: string;
            /** @enum {string} */
            language: "es" | "en" | "pt";
            contextId: string | null;
            /** @description The values analysed (µg/m³, CO mg/m³, °C, %) */
            values: {
                [key: string]: number;
            };
            primary: {
                /**
                 * @example us-epa
                 * @enum {string}
                 */
                standard: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                name: string;
                /** @description AQI, ICAP, IQAr; null for band-only standards */
                indexName: string | null;
                /** @description Overall index: the highest sub-index */
                index: number | null;
                /** @description A band of an AQI standard */
                category: {
                    /** @description Stable key within the standard (good, unhealthy, preemergencia, …) */
                    key: string;
                    /** @description The official name, in the request language */
                    label: string;
                    /** @description Official colour, #RRGGBB */
                    color: string;
                    /** @description 0-based band of the standard */
                    level: number;
                    /** @description Shared 0 (good) … 5 (hazardous) scale */
                    severity: number;
                } | null;
                /** @description The pollutant that sets the overall category */
                dominant: string | null;
                pollutants: {
                    pollutant: string;
                    /** @description As given (µg/m³; CO mg/m³) */
                    value: number;
                    unit: string;
                    /** @description In the standard's table unit, after its truncation or rounding rule */
                    concentration: number;
                    concentrationUnit: string;
                    /** @description Averaging period the standard's table assumes */
                    averaging: string;
                    /** @description Sub-index where the standard has one */
                    index: number | null;
                    /** @description A band of an AQI standard */
                    category: {
                        /** @description Stable key within the standard (good, unhealthy, preemergencia, …) */
                        key: string;
                        /** @description The official name, in the request language */
                        label: string;
                        /** @description Official colour, #RRGGBB */
                        color: string;
                        /** @description 0-based band of the standard */
                        level: number;
                        /** @description Shared 0 (good) … 5 (hazardous) scale */
                        severity: number;
                    };
                }[];
                /** @description Given pollutants this standard has no table for */
                notCovered: string[];
            };
            /** @description One per requested standard, the primary first */
            results: {
                /**
                 * @example us-epa
                 * @enum {string}
                 */
                standard: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                name: string;
                /** @description AQI, ICAP, IQAr; null for band-only standards */
                indexName: string | null;
                /** @description Overall index: the highest sub-index */
                index: number | null;
                /** @description A band of an AQI standard */
                category: {
                    /** @description Stable key within the standard (good, unhealthy, preemergencia, …) */
                    key: string;
                    /** @description The official name, in the request language */
                    label: string;
                    /** @description Official colour, #RRGGBB */
                    color: string;
                    /** @description 0-based band of the standard */
                    level: number;
                    /** @description Shared 0 (good) … 5 (hazardous) scale */
                    severity: number;
                } | null;
                /** @description The pollutant that sets the overall category */
                dominant: string | null;
                pollutants: {
                    pollutant: string;
                    /** @description As given (µg/m³; CO mg/m³) */
                    value: number;
                    unit: string;
                    /** @description In the standard's table unit, after its truncation or rounding rule */
                    concentration: number;
                    concentrationUnit: string;
                    /** @description Averaging period the standard's table assumes */
                    averaging: string;
                    /** @description Sub-index where the standard has one */
                    index: number | null;
                    /** @description A band of an AQI standard */
                    category: {
                        /** @description Stable key within the standard (good, unhealthy, preemergencia, …) */
                        key: string;
                        /** @description The official name, in the request language */
                        label: string;
                        /** @description Official colour, #RRGGBB */
                        color: string;
                        /** @description 0-based band of the standard */
                        level: number;
                        /** @description Shared 0 (good) … 5 (hazardous) scale */
                        severity: number;
                    };
                }[];
                /** @description Given pollutants this standard has no table for */
                notCovered: string[];
            }[];
            /** @description Each pollutant against the WHO 2021 guideline */
            who: {
                pollutant: string;
                value: number;
                unit: string;
                /** @description WHO 2021 short-term guideline level (AQG) */
                guideline: number;
                averaging: string;
                /** @description value ÷ guideline */
                ratio: number;
                /** @description value − guideline */
                difference: number;
                exceedsGuideline: boolean;
                /** @description Strictest WHO level met: AQG, IT-4 … IT-1, or null above IT-1 */
                meets: string | null;
            }[];
            /** @description Health advice for the primary category; null without a rated pollutant */
            advice: {
                severity: number;
                /** @description For everyone */
                general: string;
                /** @description For children, older adults, pregnant people and people with heart or lung disease */
                sensitiveGroups: string;
                /** @description Short lines: sensitive groups, everyone, outdoor activity */
                recommendations: string[];
            } | null;
            /** @description When a series was given */
            trend: {
                points: number;
                from: string;
                to: string;
                /** @description The primary standard's index over the series */
                index: {
                    first: number;
                    last: number;
                    /** @enum {string} */
                    direction: "rising" | "falling" | "steady";
                } | null;
                pollutants: {
                    pollutant: string;
                    points: number;
                    first: number;
                    last: number;
                    /** @description last − first */
                    change: number;
                    changePercent: number | null;
                    /** @description Least-squares slope per point */
                    slopePerPoint: number;
                    /** @enum {string} */
                    direction: "rising" | "falling" | "steady";
                }[];
            } | null;
        };
        /** @description A template, format and language, with why */
        AiTemplateSuggestion: {
            template: string;
            /** @enum {string} */
            format: "landscape" | "portrait" | "square";
            /** @enum {string} */
            language: "es" | "en" | "pt";
            /** @description Higher is better; only the order matters */
            score: number;
            durationSec: number;
            reasons: {
                /**
                 * @example alert_category
                 * @example portrait_for_social
                 */
                code: string;
                message: string;
            }[];
        };
        /** @description Headline, narration, captions and a social post, in one language */
        AiGeneratedText: {
            /** @enum {string} */
            language: "es" | "en" | "pt";
            location: string;
            template: string;
            /** @enum {string} */
            format: "landscape" | "portrait" | "square";
            /** @description The template's length, which the narration is sized to */
            durationSec: number;
            headline: string;
            narration: {
                text: string;
                /** @description Sentences, in order; each is spoken as one piece */
                segments: string[];
                /** @description The same sentences as the voice says them: numbers in words, symbols and acronyms spelled out */
                voiced: string[];
                words: number;
                /** @description Estimated speaking time */
                estimatedSec: number;
                /** @description Time the template leaves for speech */
                targetSec: number;
            };
            captions: {
                /** @description WebVTT */
                vtt: string;
                cues: {
                    /** @description Seconds */
                    start: number;
                    end: number;
                    text: string;
                }[];
            };
            /** @description A post of at most 280 characters */
            social: string;
            /** @enum {string} */
            source: "offline" | "model";
            /** @description Whether a language model wrote the text */
            model: {
                configured: boolean;
                model: string | null;
                /** @description True when the text is the model's */
                used: boolean;
                /**
                 * @description Why the model was not used, or its answer was refused
                 * @enum {string|null}
                 */
                refusal: "not_configured" | "disabled" | "timeout" | "unreachable" | "http_error" | "malformed" | "invented_number" | "wrong_unit" | "wrong_category" | "wrong_place" | "missing_fact" | "too_long" | null;
                /** @description What did not match, or what failed */
                detail: string | null;
            };
        };
        /** @description A queued render with its text, captions and narration */
        AiRender: {
            jobId: string;
            job: components["schemas"]["RenderJob"];
            renderParams: {
                [key: string]: unknown;
            };
            /** @description WebVTT captions, public and unguessable like the video URL */
            captionsUrl: string;
            /** @description The accessible package: every URL public and unguessable like the video */
            accessibility: {
                /** @description WebVTT captions */
                captionsVtt: string;
                /** @description The same captions as SubRip */
                captionsSrt: string;
                /** @description Plain-text transcript: headline, narration as read, description of the picture */
                transcript: string;
                /** @description The narration alone, AAC in .m4a (radio, phone lines); null without a voice */
                audio: string | null;
                /** @description Audio description: the picture (title, gauge, colour band) described, then the narration, AAC in .m4a; null without a voice */
                audioDescription: string | null;
                /** @description The sentences that describe the picture */
                description: string[];
            };
            burnCaptions: boolean;
            /** @description Length the video will have (stretched to the narration when needed) */
            videoDurationSec: number;
            narration: {
                /**
                 * @description mixed: an AAC track is in the MP4; not_configured: no narrator (OFFLINE_NARRATOR=off and no speech server); failed: no narrator could speak and the video has none
                 * @enum {string}
                 */
                status: "mixed" | "off" | "not_configured" | "failed";
                /**
                 * @description offline: the built-in eSpeak NG narrator; external: the configured speech server
                 * @enum {string|null}
                 */
                provider: "offline" | "external" | null;
                /** @description The speech server failed and the offline narrator spoke instead (detail says why) */
                fallback: boolean;
                /** @description The integrated loudness the track was normalised to (EBU R128) */
                loudnessLufs: number | null;
                voice: string | null;
                durationSec: number | null;
                detail: string | null;
                /** @description When each sentence is spoken: over the scene that shows what it says, never before that scene comes on (empty without a voice) */
                sentences: {
                    /** @description The sentence as the captions show it */
                    text: string;
                    /** @description Seconds into the video its speech starts */
                    start: number;
                    /** @description Seconds into the video its speech ends */
                    end: number;
                    /** @description The id of the scene it is spoken over (the engine's scene timeline); null when it just follows the sentence before */
                    scene: string | null;
                }[];
                /** @description A music bed plays under the voice, ducked while it speaks */
                music: boolean;
            };
            suggestion: components["schemas"]["AiTemplateSuggestion"];
            text: components["schemas"]["AiGeneratedText"];
            analysis: components["schemas"]["AiAnalysis"];
        };
        /** @description An A/B test of report videos */
        VariantTest: {
            /** @example var_Zq3k1x9VbQmPz1rL */
            id: string;
            name: string;
            /**
             * @description running → concluded (frozen result; assign answers with the winner)
             * @enum {string}
             */
            status: "running" | "concluded";
            /** @description The conversion event */
            goal: string;
            /** @description The exposure event */
            exposureEvent: string;
            /** @description Decision rules in force */
            rules: {
                minProbabilityBest: number;
                maxRelativeLoss: number;
                minExposuresPerArm: number;
                srmMinPValue: number;
            };
            /** @description The base render parameters as given */
            base: {
                [key: string]: unknown;
            } | null;
            workflowId: string | null;
            /** @description Key of the control arm (the first) */
            control: string;
            arms: {
                key: string;
                name: string | null;
                /** @description Relative traffic share as given */
                weight: number;
                /** @description Traffic share, 0…1 (weights normalized) */
                share: number;
                template: string;
                /** @description What this arm changes over the base */
                overrides: {
                    [key: string]: unknown;
                };
                /** @description The arm’s normalized render parameters */
                params: {
                    [key: string]: unknown;
                };
                jobId: string;
                /** @description Status of the arm’s render job */
                jobStatus: string;
                /** @description The arm’s MP4 once rendered */
                videoUrl: string | null;
                posterUrl: string | null;
                /** @description Units assigned to this arm */
                assigned: number;
                /** @description Units with the exposure event */
                exposures: number;
                /** @description Exposed units with the goal event */
                conversions: number;
                /** @description Counted events by type */
                events: {
                    [key: string]: number;
                };
            }[];
            winner: {
                arm: string;
                /**
                 * @description `statistics` when the rules chose it, `manual` when conclude named another arm
                 * @enum {string}
                 */
                decidedBy: "statistics" | "manual";
                /** Format: date-time */
                concludedAt: string;
            } | null;
            /** @description Events counted so far */
            events: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            concludedAt: string | null;
            /** Format: date-time */
            lastEventAt: string | null;
        };
        /** @description The decision of a test and the statistics behind it */
        VariantResult: {
            testId: string;
            /** @enum {string} */
            status: "running" | "concluded";
            /** @enum {string} */
            decision: "winner" | "no_difference" | "insufficient_data";
            /** @description The winning arm’s key when decision is `winner` */
            winner: string | null;
            reasons: string[];
            control: string;
            goal: string;
            exposureEvent: string;
            rules: {
                minProbabilityBest: number;
                maxRelativeLoss: number;
                minExposuresPerArm: number;
                srmMinPValue: number;
            };
            /** @description maxRelativeLoss × the control’s posterior mean rate */
            lossThreshold: number;
            /** @description Exposures against the weights */
            srm: {
                chiSquare: number;
                degreesOfFreedom: number;
                pValue: number;
                mismatch: boolean;
            };
            /**
             * @description How P(best) and expected loss were computed
             * @enum {string}
             */
            method: "exact" | "quadrature";
            arms: {
                key: string;
                exposures: number;
                conversions: number;
                /** @description conversions / exposures */
                rate: number | null;
                /** @description 95 % credible interval of the rate (Beta posterior, equal tails) */
                interval: {
                    low: number;
                    high: number;
                };
                posteriorMean: number;
                /** @description Chance that this arm has the highest rate */
                probabilityBest: number;
                /** @description Expected conversion rate lost by choosing this arm, E[max − this] */
                expectedLoss: number;
                /** @description Relative to the control’s rate */
                uplift: number | null;
                /** @description Two-sided two-proportion z-test against the control */
                zTest: {
                    z: number;
                    pValue: number;
                } | null;
            }[];
            /** Format: date-time */
            computedAt: string;
            /** @description True once concluded: the result as it was at conclusion */
            frozen: boolean;
        };
        /** @description A workflow: fetch live air quality for its locations, decide, render and announce */
        Workflow: {
            /** @example wf_3kT9x2VbQmPz1rLw */
            id: string;
            name: string;
            enabled: boolean;
            trigger: {
                /** @enum {string} */
                type: "manual" | "schedule" | "inbound";
                cron: string | null;
                timezone: string | null;
                /** @enum {string|null} */
                catchUp: "none" | "latest" | null;
            };
            /** @description inbound: POST here with the X-Trigger-Secret header to start a run */
            triggerUrl: string | null;
            locations: {
                name: string;
                latitude?: number;
                longitude?: number;
                openaqLocationId?: number;
                contextId?: string;
            }[];
            /** @description The steps as given */
            steps: {
                [key: string]: unknown;
            }[];
            /**
             * Format: date-time
             * @description schedule: the next slot (UTC)
             */
            nextRunAt: string | null;
            /** @description schedule: the next few slots (UTC) */
            nextRuns: string[];
            lastRun: {
                runId: string;
                /** @enum {string} */
                status: "queued" | "running" | "completed" | "failed" | "canceled" | "skipped";
                /** Format: date-time */
                createdAt: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description One run of a workflow: an item per location, each with its steps, and the jobs it made */
        WorkflowRun: {
            /** @example wfr_8sQ2nYfV0pLmK3aZ */
            runId: string;
            workflowId: string;
            workflowName: string;
            /**
             * @description queued → running → completed | failed (some item failed) | skipped (every item stopped by a condition) | canceled
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "failed" | "canceled" | "skipped";
            /** @enum {string} */
            trigger: "manual" | "schedule" | "inbound";
            /**
             * Format: date-time
             * @description schedule: the slot this run is for
             */
            slot: string | null;
            /** @description A run for a slot missed while aqcast was down */
            catchUp: boolean;
            overrides: {
                [key: string]: unknown;
            } | null;
            /** @description The batchId of every job of the run (the run id): GET /renders?batchId=… */
            batchId: string;
            /** @description Items per status */
            counts: {
                items: number;
                queued: number;
                running: number;
                completed: number;
                failed: number;
                canceled: number;
                skipped: number;
            };
            error: {
                code: string;
                message: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            startedAt: string | null;
            /** Format: date-time */
            completedAt: string | null;
            durationMs: number | null;
            items?: {
                itemId: string;
                index: number;
                location: {
                    name: string;
                    latitude?: number;
                    longitude?: number;
                    openaqLocationId?: number;
                    contextId?: string;
                };
                /** @enum {string} */
                status: "queued" | "running" | "completed" | "failed" | "canceled" | "skipped";
                steps: {
                    index: number;
                    /** @enum {string} */
                    type: "fetch" | "condition" | "render" | "notify";
                    /** @enum {string} */
                    status: "queued" | "running" | "completed" | "failed" | "canceled" | "skipped";
                    input: {
                        [key: string]: unknown;
                    } | null;
                    /** @description fetch: the values with source, station and observation time; condition: passed and why; render: the jobs */
                    output: {
                        [key: string]: unknown;
                    } | null;
                    error: {
                        code: string;
                        message: string;
                    } | null;
                    attempts: number;
                    /** Format: date-time */
                    startedAt: string | null;
                    /** Format: date-time */
                    completedAt: string | null;
                    durationMs: number | null;
                }[];
                jobIds: string[];
                error: {
                    code: string;
                    message: string;
                } | null;
                /** Format: date-time */
                startedAt: string | null;
                /** Format: date-time */
                completedAt: string | null;
            }[];
            jobs?: components["schemas"]["RenderJob"][];
        };
    };
    responses: {
        /** @description Invalid request (problem+json listing each bad field) */
        Spine400: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Invalid request (problem+json listing each bad field) */
        Spine400Keyless: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing or invalid X-Api-Key */
        Spine401: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The key lacks the scope this operation needs, or a dashboard session sent no valid CSRF token */
        Spine403: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Conflict: the Idempotency-Key was used for a different request, or its first request is still running */
        Spine409: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is larger than BODY_LIMIT_BYTES */
        Spine413: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is larger than BODY_LIMIT_BYTES */
        Spine413Keyless: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body's Content-Type is not one this operation reads */
        Spine415: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body's Content-Type is not one this operation reads */
        Spine415Keyless: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The key's rate limit is used up; retry after Retry-After */
        Spine429: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description An unexpected error; the requestId in the body identifies it in the logs */
        Spine500: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description An unexpected error; the requestId in the body identifies it in the logs */
        Spine500Keyless: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The database or file storage is unavailable; retry after Retry-After */
        Spine503: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The database or file storage is unavailable; retry after Retry-After */
        Spine503Keyless: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The service is out of disk space; retry after Retry-After */
        Spine507: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The service is out of disk space; retry after Retry-After */
        Spine507Keyless: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Identifies this request in the service's logs: the X-Request-Id the client sent (1–100 of `A-Za-z0-9_.-`), else a new UUID */
        "X-Request-Id": string;
        /** @description For a key with a rate limit: requests left in the window and seconds until it resets, `"per-key";r=<remaining>;t=<seconds>` (draft-ietf-httpapi-ratelimit-headers) */
        RateLimit: string;
        /** @description For a key with a rate limit: its quota per 60-second window, `"per-key";q=<limit>;w=60` */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying */
        "Retry-After": string;
        /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key (the work was not done again) */
        "Idempotent-Replayed": "true";
        /** @description The version of the representation; send it back in If-Match to change it only if nobody else did */
        ETag: string;
        /** @description Where the resource is: the path of one just created, or (a redirect) the URL to fetch instead */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @example 2.1.0 */
                        version: string;
                        /** @description Seconds since start */
                        uptime: number;
                    };
                };
            };
            400: components["responses"]["Spine400Keyless"];
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
        };
    };
    liveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["Spine400Keyless"];
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        version: string;
                        store: {
                            ok: boolean;
                            detail?: string;
                        };
                        storage: {
                            ok: boolean;
                            detail?: string;
                        };
                        disk: {
                            ok: boolean;
                            detail?: string;
                        };
                        ffmpeg: {
                            ok: boolean;
                            detail?: string;
                        };
                    };
                };
            };
            400: components["responses"]["Spine400Keyless"];
            500: components["responses"]["Spine500Keyless"];
            /** @description The answer */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        version: string;
                        store: {
                            ok: boolean;
                            detail?: string;
                        };
                        storage: {
                            ok: boolean;
                            detail?: string;
                        };
                        disk: {
                            ok: boolean;
                            detail?: string;
                        };
                        ffmpeg: {
                            ok: boolean;
                            detail?: string;
                        };
                    };
                };
            };
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        version: string;
                        store: {
                            ok: boolean;
                            detail?: string;
                        };
                        storage: {
                            ok: boolean;
                            detail?: string;
                        };
                        disk: {
                            ok: boolean;
                            detail?: string;
                        };
                        ffmpeg: {
                            ok: boolean;
                            detail?: string;
                        };
                    };
                };
            };
            400: components["responses"]["Spine400Keyless"];
            500: components["responses"]["Spine500Keyless"];
            /** @description The answer */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        version: string;
                        store: {
                            ok: boolean;
                            detail?: string;
                        };
                        storage: {
                            ok: boolean;
                            detail?: string;
                        };
                        disk: {
                            ok: boolean;
                            detail?: string;
                        };
                        ffmpeg: {
                            ok: boolean;
                            detail?: string;
                        };
                    };
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: {
                /** @description List revoked keys too */
                includeRevoked?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["ApiKey"][];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks a scope this operation needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Who holds it, e.g. "partner newsroom CMS" */
                    name: string;
                    /** @description e.g. ["renders:read", "renders:write"]; GET /keys/scopes lists them */
                    scopes: string[];
                    /**
                     * Format: date-time
                     * @description After this the key stops working
                     */
                    expiresAt?: string;
                    /** @description Requests per minute; 429 with Retry-After beyond it */
                    rateLimitPerMinute?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["ApiKey"];
                        /** @description The key to send in X-Api-Key; shown only in this response */
                        secret: string;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks a scope this operation needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            409: components["responses"]["Spine409"];
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listKeyScopes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scopes: string[];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks a scope this operation needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks a scope this operation needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            409: components["responses"]["Spine409"];
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    whoami: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who a key (or a dashboard session) is: its id, name, scopes and rate limit */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Caller"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            401: components["responses"]["Spine401"];
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["Webhook"][];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    registerWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description http(s) receiver; private, loopback and link-local targets are refused
                     * @example https://example.org/hooks/aqcast
                     */
                    url: string;
                    /** @description Event types to receive (see the README for the list), or `*` for all */
                    events: string[];
                    /** @description Signing secret (whsec_<base64> or any string); generated and returned once when omitted */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                        /** @description The generated secret; shown only in this response */
                        secret?: string;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    registerWebhookAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description http(s) receiver; private, loopback and link-local targets are refused
                     * @example https://example.org/hooks/aqcast
                     */
                    url: string;
                    /** @description Event types to receive (see the README for the list), or `*` for all */
                    events: string[];
                    /** @description Signing secret (whsec_<base64> or any string); generated and returned once when omitted */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                        /** @description The generated secret; shown only in this response */
                        secret?: string;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listWebhookEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            /** @example render.completed */
                            type: string;
                            /** @description When it is sent and what its data holds */
                            description: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            409: components["responses"]["Spine409"];
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    fireWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example render.completed */
                    event: string;
                    /** @description Any JSON value; delivered as `data`, with `manual: true` beside it so receivers can tell it from a real event */
                    data: unknown;
                };
            };
        };
        responses: {
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventType: string;
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getQueueStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Jobs per status */
                        counts: {
                            queued: number;
                            rendering: number;
                            completed: number;
                            failed: number;
                            canceled: number;
                        };
                        /** @description True while paused: running renders finish, nothing new starts */
                        paused: boolean;
                        workers: {
                            id: string;
                            host: string;
                            pid: number;
                            currentJobId: string | null;
                            /** Format: date-time */
                            lastHeartbeatAt: string;
                            /** Format: date-time */
                            startedAt: string;
                        }[];
                        /** @description Completions over the last hour */
                        throughput: {
                            windowSec: number;
                            completed: number;
                            failed: number;
                            perMinute: number;
                            avgRenderMs: number | null;
                        };
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    listQueue: {
        parameters: {
            query?: {
                /**
                 * @description Comma-separated statuses
                 * @example queued,rendering
                 */
                status?: string;
                /** @description Items per page (1–500) */
                limit?: number;
                /** @description `nextCursor` of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of render jobs, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: components["schemas"]["RenderJob"][];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    enqueueRender: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Render parameters plus queue options */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Place the report is about, shown as the video title (1–120 characters; long names shrink or wrap).
                     * @example Santiago
                     * @example Ciudad de México — Centro Histórico
                     */
                    location: string;
                    /**
                     * @description Template id (see GET /templates). Defaults to `daily-report`.
                     * @example daily-report
                     * @example pollution-alert
                     */
                    template?: string;
                    /**
                     * @description Alias of `template` (the name batch items use). If both are given they must be equal.
                     * @example social-clip
                     */
                    compositionId?: string;
                    /**
                     * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                     * @example 87.4
                     * @example 12
                     */
                    pm25?: number;
                    /**
                     * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 54
                     * @example 140
                     */
                    pm10?: number;
                    /**
                     * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 42
                     * @example 110
                     */
                    no2?: number;
                    /**
                     * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 96
                     * @example 180
                     */
                    o3?: number;
                    /**
                     * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 8
                     * @example 60
                     */
                    so2?: number;
                    /**
                     * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                     * @example 0.8
                     * @example 4.2
                     */
                    co?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                     * @example 9
                     * @example 23.5
                     */
                    temperatura?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                     * @example 9
                     * @example 23.5
                     */
                    temperature?: number;
                    /**
                     * @description Relative humidity in % (0–100).
                     * @example 64
                     * @example 38
                     */
                    humidity?: number;
                    /**
                     * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                     * @example es
                     * @example en
                     */
                    language?: "es" | "en" | "pt";
                    /**
                     * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                     * @example us-epa
                     * @example cl
                     */
                    aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                    /**
                     * @description Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.
                     * @example landscape
                     * @example portrait
                     */
                    format?: "landscape" | "portrait" | "square";
                    /**
                     * @description Length of the video in seconds, among those the template offers (GET /templates lists them; the default report: 15, 30 or 60). A longer video tells more — each pollutant in turn, both advice groups — rather than slowing the same scenes. Defaults to the template’s own length.
                     * @example 15
                     * @example 30
                     * @example 60
                     */
                    durationSec?: number;
                    /**
                     * @description Scales the frame by its short side: 1080p (default), 720p or 360p.
                     * @example 1080p
                     * @example 720p
                     */
                    resolution?: "1080p" | "720p" | "360p";
                    /**
                     * @description An hourly series (the last 24 hours or the next 72): the trend template draws it over the category bands of the AQI standard.
                     * @example {
                     *       "pollutant": "pm25",
                     *       "kind": "observed",
                     *       "points": [
                     *         {
                     *           "at": "2026-11-22T06:00:00Z",
                     *           "value": 38.5
                     *         },
                     *         {
                     *           "at": "2026-11-22T07:00:00Z",
                     *           "value": 41.2
                     *         }
                     *       ],
                     *       "timeZone": "America/Santiago"
                     *     }
                     */
                    series?: {
                        /** @description Pollutant of the series. */
                        pollutant: "pm25" | "pm10" | "no2" | "o3" | "so2" | "co";
                        /** @description observed: measured hours up to now; forecast: the hours ahead. */
                        kind: "observed" | "forecast";
                        /** @description Hourly values in time order (2–168). */
                        points: {
                            /** @description Hour of the value (ISO 8601 date-time with offset). */
                            at: string;
                            /** @description µg/m³ (CO mg/m³). */
                            value: number;
                        }[];
                        /**
                         * @description IANA time zone the hours are shown in (default UTC).
                         * @example America/Santiago
                         */
                        timeZone?: string;
                    };
                    /**
                     * @description Places of a ranking (2–20) or a comparison (the first two). Each needs a pollutant value.
                     * @example [
                     *       {
                     *         "name": "Santiago",
                     *         "pm25": 87.4
                     *       },
                     *       {
                     *         "name": "Valparaíso",
                     *         "pm25": 21
                     *       }
                     *     ]
                     */
                    places?: {
                        /** @description Name as shown (1–120 characters; long names shrink, wrap or are shortened). */
                        name: string;
                        /** @description Latitude in degrees (−90…90, WGS 84). */
                        lat?: number;
                        /** @description Longitude in degrees (−180…180, WGS 84). */
                        lon?: number;
                        /** @description PM2.5 in µg/m³ (0–2000). */
                        pm25?: number;
                        /** @description PM10 in µg/m³ (0–5000). */
                        pm10?: number;
                        /** @description NO₂ in µg/m³ (0–5000). */
                        no2?: number;
                        /** @description O₃ in µg/m³ (0–5000). */
                        o3?: number;
                        /** @description SO₂ in µg/m³ (0–5000). */
                        so2?: number;
                        /** @description CO in mg/m³ (0–200). */
                        co?: number;
                        /** @description The day the values are for (YYYY-MM-DD). A comparison of one place at two dates names its sides "today", "yesterday" or the date, relative to the render's date. */
                        date?: string;
                        /** @description The values are a forecast, not an observation (a comparison names that side "Forecast"). */
                        forecast?: boolean;
                    }[];
                    /**
                     * @description Monitoring stations of a map (1–60); no two on the same point.
                     * @example [
                     *       {
                     *         "name": "Parque O'Higgins",
                     *         "lat": -33.464,
                     *         "lon": -70.661,
                     *         "pm25": 61
                     *       },
                     *       {
                     *         "name": "Las Condes",
                     *         "lat": -33.377,
                     *         "lon": -70.523,
                     *         "pm25": 24
                     *       }
                     *     ]
                     */
                    stations?: {
                        /** @description The station's id at its source. */
                        id?: string;
                        /** @description Name as shown (1–120 characters; long names shrink, wrap or are shortened). */
                        name: string;
                        /** @description Latitude in degrees (−90…90, WGS 84). */
                        lat: number;
                        /** @description Longitude in degrees (−180…180, WGS 84). */
                        lon: number;
                        /** @description PM2.5 in µg/m³ (0–2000). */
                        pm25?: number;
                        /** @description PM10 in µg/m³ (0–5000). */
                        pm10?: number;
                        /** @description NO₂ in µg/m³ (0–5000). */
                        no2?: number;
                        /** @description O₃ in µg/m³ (0–5000). */
                        o3?: number;
                        /** @description SO₂ in µg/m³ (0–5000). */
                        so2?: number;
                        /** @description CO in mg/m³ (0–200). */
                        co?: number;
                    }[];
                    /**
                     * @description Where the numbers came from. Every video prints it in a quiet source line (source, observed time in the place's time zone, "preliminary data" when so marked).
                     * @example {
                     *       "source": "airnow",
                     *       "stationIds": [
                     *         "060371103"
                     *       ],
                     *       "observedAt": "2026-11-22T14:00:00Z",
                     *       "retrievedAt": "2026-11-22T14:20:00Z",
                     *       "timeZone": "America/Los_Angeles",
                     *       "attribution": "U.S. EPA AirNow",
                     *       "preliminary": true
                     *     }
                     */
                    provenance?: {
                        /** @description Where the values come from: upload (a bulletin), manual, openaq, open-meteo, waqi or airnow. */
                        source: "upload" | "manual" | "openaq" | "open-meteo" | "waqi" | "airnow";
                        /** @description The stations' ids at the source. */
                        stationIds?: string[];
                        /** @description When the values were measured (ISO 8601 with offset). */
                        observedAt?: string;
                        /** @description When they were fetched or uploaded (ISO 8601 with offset). */
                        retrievedAt?: string;
                        /** @description IANA time zone of the place: the video prints the observed time in it (default UTC). */
                        timeZone?: string;
                        /** @description Attribution the source requires, printed in the source line. */
                        attribution?: string;
                        /** @description The data's licence (e.g. CC BY 4.0). */
                        licence?: string;
                        /** @description The source marks the values as preliminary (unvalidated real-time data, as AirNow does); the video says so. */
                        preliminary?: boolean;
                    };
                    /**
                     * @description Index values given instead of concentrations: the video draws this index (its number, or for a band-only standard its category), its category and sub-indices instead of computing them, and shows no concentration. No pollutant concentration may be set with it; aqiStandard, when set, must be its standard.
                     * @example {
                     *       "standard": "us-epa",
                     *       "overall": 112,
                     *       "pollutants": {
                     *         "o3": 112,
                     *         "pm25": 48
                     *       }
                     *     }
                     * @example {
                     *       "standard": "ca-aqhi",
                     *       "overall": 7,
                     *       "pollutants": {}
                     *     }
                     * @example {
                     *       "standard": "mx",
                     *       "category": "mala",
                     *       "categories": {
                     *         "o3": "mala"
                     *       }
                     *     }
                     */
                    index?: {
                        /** @description The standard the index is in. One with a numeric index, given as `overall` (and `pollutants`): us-epa (AQI 0–500), br-iqar (IQAr 0–400), cl (ICAP 0–500), ca-aqhi (AQHI 1–30, written 10+ above 10), uk-daqi (DAQI 1–10) or sg-psi (PSI 0–500). Or a band-only one, given as `category` (and `categories`): mx (Índice AIRE Y SALUD) or eu-eaqi (EEA index). */
                        standard: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                        /**
                         * @description The overall index (0–500, within the standard's scale); required for a standard with a numeric index, absent for a band-only one.
                         * @example 112
                         * @example 48
                         */
                        overall?: number;
                        /** @description Each pollutant's sub-index the document gives, if any: the video tells them and names the highest as the main pollutant. Empty or absent when the document gives only the overall index (as AQHI, DAQI and PSI forecasts usually do); ca-aqhi never has one. */
                        pollutants?: {
                            /**
                             * @description PM2.5 sub-index.
                             * @example 112
                             * @example 48
                             */
                            pm25?: number;
                            /**
                             * @description PM10 sub-index.
                             * @example 112
                             * @example 48
                             */
                            pm10?: number;
                            /**
                             * @description NO₂ sub-index.
                             * @example 112
                             * @example 48
                             */
                            no2?: number;
                            /**
                             * @description O₃ sub-index.
                             * @example 112
                             * @example 48
                             */
                            o3?: number;
                            /**
                             * @description SO₂ sub-index.
                             * @example 112
                             * @example 48
                             */
                            so2?: number;
                            /**
                             * @description CO sub-index.
                             * @example 112
                             * @example 48
                             */
                            co?: number;
                        };
                        /**
                         * @description The overall category of a band-only standard (mx: buena, aceptable, mala, muy_mala, extremadamente_mala; eu-eaqi: good, fair, moderate, poor, very_poor, extremely_poor); required for those, absent for a standard with a numeric index. The video draws it as the headline.
                         * @example mala
                         * @example poor
                         */
                        category?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                        /** @description Each pollutant's category the document gives for a band-only standard, if any: the one in the worst band is named as the main pollutant. None may be worse than `category`. */
                        categories?: {
                            /**
                             * @description PM2.5 category.
                             * @example mala
                             * @example poor
                             */
                            pm25?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                            /**
                             * @description PM10 category.
                             * @example mala
                             * @example poor
                             */
                            pm10?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                            /**
                             * @description NO₂ category.
                             * @example mala
                             * @example poor
                             */
                            no2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                            /**
                             * @description O₃ category.
                             * @example mala
                             * @example poor
                             */
                            o3?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                            /**
                             * @description SO₂ category.
                             * @example mala
                             * @example poor
                             */
                            so2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                            /**
                             * @description CO category.
                             * @example mala
                             * @example poor
                             */
                            co?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                        };
                    };
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /**
                     * @description Higher runs first (-1000…1000)
                     * @default 0
                     */
                    priority?: number;
                    /**
                     * Format: date-time
                     * @description Do not start before this time (ISO 8601 date-time)
                     */
                    runAt?: string;
                    /** @description Attempts before the job fails for good (default MAX_ATTEMPTS, 3) */
                    maxAttempts?: number;
                };
            };
        };
        responses: {
            /** @description A render job */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderJob"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getQueueJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A render job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderJob"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A render job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderJob"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    retryJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A render job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderJob"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    pauseQueue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        paused: boolean;
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            409: components["responses"]["Spine409"];
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    resumeQueue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        paused: boolean;
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            409: components["responses"]["Spine409"];
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listBrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        brands: components["schemas"]["Brand"][];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    createBrand: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Colours; each omitted one keeps the default look. AQI category colours are never replaced. */
                    colors?: {
                        /**
                         * @description Frame background, as #RRGGBB
                         * @example #0D1533
                         */
                        background?: string;
                        /**
                         * @description Panels and cards over the background, as #RRGGBB
                         * @example #0D1533
                         */
                        surface?: string;
                        /**
                         * @description Primary text, as #RRGGBB
                         * @example #0D1533
                         */
                        text?: string;
                        /**
                         * @description Accent: the progress bar and the mark beside the credit, as #RRGGBB
                         * @example #0D1533
                         */
                        accent?: string;
                    };
                    /** @description A family the service ships (sans, condensed, serif); an uploaded font takes precedence */
                    typeface?: "inter" | "arimo" | "roboto-condensed" | "noto-serif";
                    /** @description The footer credit line (default: aqcast); empty for none */
                    credit?: string;
                    /** @description Used by a render in this brand that does not set them */
                    defaults?: {
                        language?: "es" | "en" | "pt";
                        aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar";
                        format?: "landscape" | "portrait" | "square";
                    };
                    /** @description Renders that name no brand use the default brand (one at most; setting it moves the flag) */
                    isDefault?: boolean;
                    logo?: {
                        /**
                         * Format: byte
                         * @description The logo file, base64: PNG, JPEG or SVG (checked by content; at most 2 MB and 16 megapixels; an SVG may not reference anything outside itself, nor hold scripts or entity declarations)
                         */
                        data: string;
                        /** @description A plate behind the logo: auto (default) draws one when the logo lacks contrast with the background */
                        plate?: "auto" | "always" | "never";
                    };
                    font?: {
                        /**
                         * Format: byte
                         * @description A TrueType or OpenType font file, base64 (at most 4 MB; must have the Latin letters of en, es and pt)
                         */
                        data: string;
                    };
                    intro?: {
                        /** @description Seconds, 1–2 */
                        durationSec: number;
                        /** @description A line under the logo */
                        text?: string;
                    };
                    outro?: {
                        /** @description Seconds, 1–2 */
                        durationSec: number;
                        /** @description A line under the logo */
                        text?: string;
                    };
                };
            };
        };
        responses: {
            /** @description A publisher look that renders can be made in */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Brand"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listTypefaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        typefaces: {
                            /** @enum {string} */
                            id: "inter" | "arimo" | "roboto-condensed" | "noto-serif";
                            label: string;
                            /**
                             * @description sans, condensed or serif
                             * @enum {string}
                             */
                            kind: "sans" | "condensed" | "serif";
                        }[];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getBrand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A publisher look that renders can be made in */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Brand"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    deleteBrand: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version you read ("v3"): the change is refused with 412 when the brand changed since */
                "if-match"?: string;
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Precondition failed (stale If-Match) */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    updateBrand: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version you read ("v3"): the change is refused with 412 when the brand changed since */
                "if-match"?: string;
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Colours; each omitted one keeps the default look. AQI category colours are never replaced. */
                    colors?: {
                        /**
                         * @description Frame background, as #RRGGBB
                         * @example #0D1533
                         */
                        background?: string;
                        /**
                         * @description Panels and cards over the background, as #RRGGBB
                         * @example #0D1533
                         */
                        surface?: string;
                        /**
                         * @description Primary text, as #RRGGBB
                         * @example #0D1533
                         */
                        text?: string;
                        /**
                         * @description Accent: the progress bar and the mark beside the credit, as #RRGGBB
                         * @example #0D1533
                         */
                        accent?: string;
                    };
                    /** @description A family the service ships (sans, condensed, serif); an uploaded font takes precedence */
                    typeface?: "inter" | "arimo" | "roboto-condensed" | "noto-serif";
                    /** @description The footer credit line (default: aqcast); empty for none */
                    credit?: string;
                    /** @description Used by a render in this brand that does not set them */
                    defaults?: {
                        language?: "es" | "en" | "pt";
                        aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar";
                        format?: "landscape" | "portrait" | "square";
                    };
                    /** @description Renders that name no brand use the default brand (one at most; setting it moves the flag) */
                    isDefault?: boolean;
                    /** @description A new logo; null removes it */
                    logo?: {
                        /**
                         * Format: byte
                         * @description The logo file, base64: PNG, JPEG or SVG (checked by content; at most 2 MB and 16 megapixels; an SVG may not reference anything outside itself, nor hold scripts or entity declarations)
                         */
                        data: string;
                        /** @description A plate behind the logo: auto (default) draws one when the logo lacks contrast with the background */
                        plate?: "auto" | "always" | "never";
                    } | null;
                    /** @description A new font; null removes it (back to typeface) */
                    font?: {
                        /**
                         * Format: byte
                         * @description A TrueType or OpenType font file, base64 (at most 4 MB; must have the Latin letters of en, es and pt)
                         */
                        data: string;
                    } | null;
                    intro?: {
                        /** @description Seconds, 1–2 */
                        durationSec: number;
                        /** @description A line under the logo */
                        text?: string;
                    } | null;
                    outro?: {
                        /** @description Seconds, 1–2 */
                        durationSec: number;
                        /** @description A line under the logo */
                        text?: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description A publisher look that renders can be made in */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Brand"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Precondition failed (stale If-Match) */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    previewBrand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        /** @description Unsaved changes to show over the stored brand (the dashboard previews colours as they are picked) */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default: the default template */
                    template?: string;
                    format?: "landscape" | "portrait" | "square";
                    /** @description Default 720p */
                    resolution?: "360p" | "720p" | "1080p";
                    /** @description Colours; each omitted one keeps the default look. AQI category colours are never replaced. */
                    colors?: {
                        /**
                         * @description Frame background, as #RRGGBB
                         * @example #0D1533
                         */
                        background?: string;
                        /**
                         * @description Panels and cards over the background, as #RRGGBB
                         * @example #0D1533
                         */
                        surface?: string;
                        /**
                         * @description Primary text, as #RRGGBB
                         * @example #0D1533
                         */
                        text?: string;
                        /**
                         * @description Accent: the progress bar and the mark beside the credit, as #RRGGBB
                         * @example #0D1533
                         */
                        accent?: string;
                    };
                    typeface?: "inter" | "arimo" | "roboto-condensed" | "noto-serif";
                    credit?: string;
                };
            };
        };
        responses: {
            /** @description The poster, JPEG */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    createRender: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenderParams"];
            };
        };
        responses: {
            /** @description A render job */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderJob"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getRender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A render job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderJob"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    listRenders: {
        parameters: {
            query?: {
                /**
                 * @description Comma-separated statuses
                 * @example completed
                 */
                status?: string;
                /**
                 * @description Jobs rendered with this template id
                 * @example daily-summary
                 */
                template?: string;
                /** @description Exact location, case-insensitive */
                location?: string;
                /** @description Jobs queued by this batch (the batchId a batch answered with) */
                batchId?: string;
                /** @description Jobs made from this stored context */
                contextId?: string;
                /** @description Created at or after (ISO date or date-time) */
                since?: string;
                /** @description Created at or before (ISO date or date-time; a bare date includes the whole day) */
                until?: string;
                /** @description Items per page (1–500) */
                limit?: number;
                /** @description `nextCursor` of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of render jobs, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: components["schemas"]["RenderJob"][];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    createBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description An array of render parameters, or { items: [...], brandId? }. All-or-nothing: one invalid item rejects the batch, naming its index. A brandId beside items is for every item that names none. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenderParams"][] | {
                    items: components["schemas"]["RenderParams"][];
                    /** @description The brand to render in (GET /brands); null for none; omitted: the default brand, if one is set */
                    brandId?: string | null;
                };
            };
        };
        responses: {
            /** @description Jobs queued together by one batch */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batchId: string;
                        jobs: components["schemas"]["RenderJob"][];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templates: components["schemas"]["Template"][];
                        aqiStandards: {
                            id: string;
                            name: string;
                            /** @description The pollutants it rates from concentrations; empty for a standard drawn from a given index only (ca-aqhi, uk-daqi, sg-psi), which a render of concentrations refuses */
                            pollutants: string[];
                            /** @description The range of a given index (`index.overall`, each sub-index) in this standard; null when it has no numeric index to give */
                            givenIndex: {
                                min: number;
                                max: number;
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's unguessable download token (the path of its result URLs) */
                token: string;
                /** @description Which of the job's files */
                name: "video.mp4" | "poster.png" | "storyboard.jpg" | "storyboard.vtt" | "captions.vtt" | "captions.srt" | "transcript.txt" | "audio.m4a" | "description.m4a";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/vtt": string;
                    "application/x-subrip": string;
                    "text/plain": string;
                    "audio/mp4": string;
                };
            };
            /** @description The byte range asked for in Range (Content-Range says which) */
            206: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/vtt": string;
                    "application/x-subrip": string;
                    "text/plain": string;
                    "audio/mp4": string;
                };
            };
            /** @description With FILE_DELIVERY=redirect on object storage: a short-lived presigned URL of the bucket in Location (never for storyboard.vtt, which names its sprite by a relative URL) */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400Keyless"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Range not satisfiable */
            416: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
        };
    };
    getFileHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's unguessable download token (the path of its result URLs) */
                token: string;
                /** @description Which of the job's files */
                name: "video.mp4" | "poster.png" | "storyboard.jpg" | "storyboard.vtt" | "captions.vtt" | "captions.srt" | "transcript.txt" | "audio.m4a" | "description.m4a";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/vtt": string;
                    "application/x-subrip": string;
                    "text/plain": string;
                    "audio/mp4": string;
                };
            };
            /** @description The byte range asked for in Range (Content-Range says which) */
            206: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/vtt": string;
                    "application/x-subrip": string;
                    "text/plain": string;
                    "audio/mp4": string;
                };
            };
            /** @description With FILE_DELIVERY=redirect on object storage: a short-lived presigned URL of the bucket in Location (never for storyboard.vtt, which names its sprite by a relative URL) */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400Keyless"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Range not satisfiable */
            416: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
        };
    };
    listContexts: {
        parameters: {
            query?: {
                /** @description Exact location, case- and accent-insensitive */
                location?: string;
                /** @description Contexts with this tag */
                tag?: string;
                /** @description upload, manual or workflow */
                source?: "upload" | "manual" | "workflow";
                /** @description Created at or after (ISO date or date-time) */
                since?: string;
                /** @description Created at or before (ISO date or date-time; a bare date includes the whole day) */
                until?: string;
                /** @description Text search in location, date, file name, tags, station names and source texts (case- and accent-insensitive) */
                q?: string;
                /** @description Items per page (1–500) */
                limit?: number;
                /** @description `nextCursor` of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of contexts, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contexts: components["schemas"]["Context"][];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    createContext: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Values entered by hand, validated like render parameters */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Place the report is about, shown as the video title (1–120 characters; long names shrink or wrap).
                     * @example Santiago
                     * @example Ciudad de México — Centro Histórico
                     */
                    location: string;
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /**
                     * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                     * @example 87.4
                     * @example 12
                     */
                    pm25?: number;
                    /**
                     * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 54
                     * @example 140
                     */
                    pm10?: number;
                    /**
                     * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 42
                     * @example 110
                     */
                    no2?: number;
                    /**
                     * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 96
                     * @example 180
                     */
                    o3?: number;
                    /**
                     * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 8
                     * @example 60
                     */
                    so2?: number;
                    /**
                     * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                     * @example 0.8
                     * @example 4.2
                     */
                    co?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                     * @example 9
                     * @example 23.5
                     */
                    temperatura?: number;
                    /**
                     * @description Relative humidity in % (0–100).
                     * @example 64
                     * @example 38
                     */
                    humidity?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                     * @example 9
                     * @example 23.5
                     */
                    temperature?: number;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Values normalised to µg/m³ (CO mg/m³), °C and %, each field with its source text, confidence and provenance */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Context"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getContext: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Values normalised to µg/m³ (CO mg/m³), °C and %, each field with its source text, confidence and provenance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Context"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    deleteContext: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version you read ("v3"): the change is refused with 412 when the context changed since */
                "if-match"?: string;
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Precondition failed (stale If-Match) */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    updateContext: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version you read ("v3"): the change is refused with 412 when the context changed since */
                "if-match"?: string;
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change, validated like render parameters; a value set to null is removed. Send If-Match with the ETag you read to refuse a stale edit (412). */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Place the report is about, shown as the video title (1–120 characters; long names shrink or wrap).
                     * @example Santiago
                     * @example Ciudad de México — Centro Histórico
                     */
                    location?: string;
                    /** @description YYYY-MM-DD; null removes it */
                    date?: string | null;
                    /** @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured. null removes it. */
                    pm25?: number | null;
                    /** @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured. null removes it. */
                    pm10?: number | null;
                    /** @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured. null removes it. */
                    no2?: number | null;
                    /** @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured. null removes it. */
                    o3?: number | null;
                    /** @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured. null removes it. */
                    so2?: number | null;
                    /** @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured. null removes it. */
                    co?: number | null;
                    /** @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias. null removes it. */
                    temperatura?: number | null;
                    /** @description Relative humidity in % (0–100). null removes it. */
                    humidity?: number | null;
                    /** @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal. null removes it. */
                    temperature?: number | null;
                };
            };
        };
        responses: {
            /** @description Values normalised to µg/m³ (CO mg/m³), °C and %, each field with its source text, confidence and provenance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Context"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Precondition failed (stale If-Match) */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getContextHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contextId: string;
                        /** @description Oldest first */
                        edits: {
                            /** @description The version this edit produced */
                            version: number;
                            /** Format: date-time */
                            editedAt: string;
                            /** @description Each changed field with its value before and after (null: absent) */
                            changes: {
                                field: string;
                                from: unknown | null;
                                to: unknown | null;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getContextSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file as uploaded (PDF or image) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "image/webp": string;
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    renderContext: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        /** @description Render options applied over the context's values (and the brand's defaults under them) */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Template id (see GET /templates). Defaults to `daily-report`.
                     * @example daily-report
                     * @example pollution-alert
                     */
                    template?: string;
                    /**
                     * @description Alias of `template` (the name batch items use). If both are given they must be equal.
                     * @example social-clip
                     */
                    compositionId?: string;
                    /**
                     * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                     * @example es
                     * @example en
                     */
                    language?: "es" | "en" | "pt";
                    /**
                     * @description Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.
                     * @example landscape
                     * @example portrait
                     */
                    format?: "landscape" | "portrait" | "square";
                    /**
                     * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                     * @example us-epa
                     * @example cl
                     */
                    aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                    /**
                     * @description Scales the frame by its short side: 1080p (default), 720p or 360p.
                     * @example 1080p
                     * @example 720p
                     */
                    resolution?: "1080p" | "720p" | "360p";
                    /** @description Overrides the context's location */
                    location?: string;
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /** @description Queue priority (higher runs first) */
                    priority?: number;
                    /** @description The brand to render in (GET /brands); null for none; omitted: the default brand, if one is set */
                    brandId?: string | null;
                };
            };
        };
        responses: {
            /** @description A render job */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderJob"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    addContextTags: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version you read ("v3"): the change is refused with 412 when the context changed since */
                "if-match"?: string;
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tags: string[];
                };
            };
        };
        responses: {
            /** @description Values normalised to µg/m³ (CO mg/m³), °C and %, each field with its source text, confidence and provenance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Context"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Precondition failed (stale If-Match) */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    removeContextTag: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the version you read ("v3"): the change is refused with 412 when the context changed since */
                "if-match"?: string;
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Context id */
                id: string;
                /**
                 * @description A label (1–50 characters; case-insensitive)
                 * @example weekly
                 */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Values normalised to µg/m³ (CO mg/m³), °C and %, each field with its source text, confidence and provenance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Context"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Precondition failed (stale If-Match) */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    ingestUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description PDF, PNG, JPEG or WebP bulletin
                     */
                    file: string;
                    /** @description How station values become the city-level value when the document states none: the maximum over stations (the default, INGEST_CITY_VALUE) or their mean */
                    cityValue?: "max" | "mean";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contextId: string;
                        context: components["schemas"]["Context"];
                        /** @description Lines that looked like measurements but were not used, with the reason (at most 50), in reading order; not stored with the context */
                        skipped: {
                            /** @description The line or table row as it appeared (at most 200 characters) */
                            text: string;
                            page: number;
                            /** @description The pollutants it names (pm25, pm10, no2, o3, so2, co) */
                            pollutants: string[];
                            /**
                             * @description index-value (an AQI, IQAr, ICAP … number, not a concentration), limit-or-threshold (a legal limit, guideline or band), count (days, exceedances), not-understood (a pollutant and a number the reader could not pair: an unknown unit or layout)
                             * @enum {string}
                             */
                            reason: "index-value" | "limit-or-threshold" | "count" | "not-understood";
                        }[];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable content */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    ingestUploadAndRender: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description PDF, PNG, JPEG or WebP bulletin
                     */
                    file: string;
                    cityValue?: ("max" | "mean") & ("max" | "mean");
                    /**
                     * @description Template id (see GET /templates). Defaults to `daily-report`.
                     * @example daily-report
                     * @example pollution-alert
                     */
                    template?: string;
                    /**
                     * @description Alias of `template` (the name batch items use). If both are given they must be equal.
                     * @example social-clip
                     */
                    compositionId?: string;
                    /**
                     * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                     * @example es
                     * @example en
                     */
                    language?: "es" | "en" | "pt";
                    /**
                     * @description Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.
                     * @example landscape
                     * @example portrait
                     */
                    format?: "landscape" | "portrait" | "square";
                    /**
                     * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                     * @example us-epa
                     * @example cl
                     */
                    aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                    /**
                     * @description Scales the frame by its short side: 1080p (default), 720p or 360p.
                     * @example 1080p
                     * @example 720p
                     */
                    resolution?: "1080p" | "720p" | "360p";
                    /** @description Overrides (or supplies) the location */
                    location?: string;
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /** @description The brand to render in (GET /brands); omitted: the default brand, if one is set */
                    brandId?: string | null;
                };
            };
        };
        responses: {
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobId: string;
                        contextId: string;
                        renderParams: {
                            [key: string]: unknown;
                        };
                        context: components["schemas"]["Context"];
                        /** @description Lines that looked like measurements but were not used, with the reason (at most 50), in reading order; not stored with the context */
                        skipped: {
                            /** @description The line or table row as it appeared (at most 200 characters) */
                            text: string;
                            page: number;
                            /** @description The pollutants it names (pm25, pm10, no2, o3, so2, co) */
                            pollutants: string[];
                            /**
                             * @description index-value (an AQI, IQAr, ICAP … number, not a concentration), limit-or-threshold (a legal limit, guideline or band), count (days, exceedances), not-understood (a pollutant and a number the reader could not pair: an unknown unit or layout)
                             * @enum {string}
                             */
                            reason: "index-value" | "limit-or-threshold" | "count" | "not-understood";
                        }[];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable content */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listIngestTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templates: {
                            id: string;
                            name: string;
                            description: string;
                            formats: ("landscape" | "portrait" | "square")[];
                            params: string[];
                            requires: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    dashboardSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        scopes: string[];
                        /** @description Send it in X-CSRF-Token with every mutating request of this session */
                        csrfToken: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    dashboardSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    apiKey: string;
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        scopes: string[];
                        /** @description Send it in X-CSRF-Token with every mutating request of this session */
                        csrfToken: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413Keyless"];
            415: components["responses"]["Spine415Keyless"];
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
            507: components["responses"]["Spine507Keyless"];
        };
    };
    dashboardSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks a scope this operation needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    dashboardEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            401: components["responses"]["Spine401"];
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    aiAnalyze: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "location": "Santiago",
                 *       "pm25": 87.4,
                 *       "no2": 42,
                 *       "standards": [
                 *         "us-epa",
                 *         "cl"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description A stored context (GET /contexts/{id}) to read the location, date and values from; values given here override it */
                    contextId?: string;
                    /**
                     * @description Place the values are about (required for generate and render unless the context has one)
                     * @example Santiago
                     */
                    location?: string;
                    /**
                     * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                     * @example 87.4
                     * @example 12
                     */
                    pm25?: number;
                    /**
                     * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 54
                     * @example 140
                     */
                    pm10?: number;
                    /**
                     * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 42
                     * @example 110
                     */
                    no2?: number;
                    /**
                     * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 96
                     * @example 180
                     */
                    o3?: number;
                    /**
                     * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 8
                     * @example 60
                     */
                    so2?: number;
                    /**
                     * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                     * @example 0.8
                     * @example 4.2
                     */
                    co?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                     * @example 9
                     * @example 23.5
                     */
                    temperatura?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                     * @example 9
                     * @example 23.5
                     */
                    temperature?: number;
                    /**
                     * @description Relative humidity in % (0–100).
                     * @example 64
                     * @example 38
                     */
                    humidity?: number;
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /**
                     * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                     * @example es
                     * @example en
                     */
                    language?: "es" | "en" | "pt";
                    /**
                     * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                     * @example us-epa
                     * @example cl
                     */
                    aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                    /** @description Earlier values (oldest first or not; sorted by `at`) for a trend */
                    series?: {
                        /**
                         * @description When (ISO date or date-time)
                         * @example 2026-11-21T12:00:00Z
                         */
                        at: string;
                        /**
                         * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                         * @example 87.4
                         * @example 12
                         */
                        pm25?: number;
                        /**
                         * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 54
                         * @example 140
                         */
                        pm10?: number;
                        /**
                         * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 42
                         * @example 110
                         */
                        no2?: number;
                        /**
                         * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 96
                         * @example 180
                         */
                        o3?: number;
                        /**
                         * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 8
                         * @example 60
                         */
                        so2?: number;
                        /**
                         * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                         * @example 0.8
                         * @example 4.2
                         */
                        co?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                         * @example 9
                         * @example 23.5
                         */
                        temperatura?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                         * @example 9
                         * @example 23.5
                         */
                        temperature?: number;
                        /**
                         * @description Relative humidity in % (0–100).
                         * @example 64
                         * @example 38
                         */
                        humidity?: number;
                    }[];
                    /** @description Standards to rate the values in (default: aqiStandard, else us-epa); the first is the primary one */
                    standards?: ("us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi")[];
                };
            };
        };
        responses: {
            /** @description Sub-indices and categories per standard, WHO comparison, advice and trend */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiAnalysis"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    aiSuggestTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "location": "Santiago",
                 *       "pm25": 87.4,
                 *       "channel": "social"
                 *     }
                 */
                "application/json": {
                    /** @description A stored context (GET /contexts/{id}) to read the location, date and values from; values given here override it */
                    contextId?: string;
                    /**
                     * @description Place the values are about (required for generate and render unless the context has one)
                     * @example Santiago
                     */
                    location?: string;
                    /**
                     * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                     * @example 87.4
                     * @example 12
                     */
                    pm25?: number;
                    /**
                     * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 54
                     * @example 140
                     */
                    pm10?: number;
                    /**
                     * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 42
                     * @example 110
                     */
                    no2?: number;
                    /**
                     * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 96
                     * @example 180
                     */
                    o3?: number;
                    /**
                     * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 8
                     * @example 60
                     */
                    so2?: number;
                    /**
                     * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                     * @example 0.8
                     * @example 4.2
                     */
                    co?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                     * @example 9
                     * @example 23.5
                     */
                    temperatura?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                     * @example 9
                     * @example 23.5
                     */
                    temperature?: number;
                    /**
                     * @description Relative humidity in % (0–100).
                     * @example 64
                     * @example 38
                     */
                    humidity?: number;
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /**
                     * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                     * @example es
                     * @example en
                     */
                    language?: "es" | "en" | "pt";
                    /**
                     * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                     * @example us-epa
                     * @example cl
                     */
                    aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                    /** @description Earlier values (oldest first or not; sorted by `at`) for a trend */
                    series?: {
                        /**
                         * @description When (ISO date or date-time)
                         * @example 2026-11-21T12:00:00Z
                         */
                        at: string;
                        /**
                         * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                         * @example 87.4
                         * @example 12
                         */
                        pm25?: number;
                        /**
                         * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 54
                         * @example 140
                         */
                        pm10?: number;
                        /**
                         * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 42
                         * @example 110
                         */
                        no2?: number;
                        /**
                         * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 96
                         * @example 180
                         */
                        o3?: number;
                        /**
                         * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 8
                         * @example 60
                         */
                        so2?: number;
                        /**
                         * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                         * @example 0.8
                         * @example 4.2
                         */
                        co?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                         * @example 9
                         * @example 23.5
                         */
                        temperatura?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                         * @example 9
                         * @example 23.5
                         */
                        temperature?: number;
                        /**
                         * @description Relative humidity in % (0–100).
                         * @example 64
                         * @example 38
                         */
                        humidity?: number;
                    }[];
                    /** @description Where the video will be shown: tv (broadcast), social (a phone feed) or web (a page); default web */
                    channel?: "tv" | "social" | "web";
                    /** @description Suggestions to return (default 5) */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        channel: "tv" | "social" | "web";
                        /** @description Best first */
                        suggestions: components["schemas"]["AiTemplateSuggestion"][];
                        /** @description A band of an AQI standard */
                        category: {
                            /** @description Stable key within the standard (good, unhealthy, preemergencia, …) */
                            key: string;
                            /** @description The official name, in the request language */
                            label: string;
                            /** @description Official colour, #RRGGBB */
                            color: string;
                            /** @description 0-based band of the standard */
                            level: number;
                            /** @description Shared 0 (good) … 5 (hazardous) scale */
                            severity: number;
                        } | null;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    aiGenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "location": "Lima",
                 *       "pm25": 31,
                 *       "language": "es",
                 *       "template": "social-clip"
                 *     }
                 */
                "application/json": {
                    /** @description A stored context (GET /contexts/{id}) to read the location, date and values from; values given here override it */
                    contextId?: string;
                    /**
                     * @description Place the values are about (required for generate and render unless the context has one)
                     * @example Santiago
                     */
                    location?: string;
                    /**
                     * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                     * @example 87.4
                     * @example 12
                     */
                    pm25?: number;
                    /**
                     * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 54
                     * @example 140
                     */
                    pm10?: number;
                    /**
                     * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 42
                     * @example 110
                     */
                    no2?: number;
                    /**
                     * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 96
                     * @example 180
                     */
                    o3?: number;
                    /**
                     * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 8
                     * @example 60
                     */
                    so2?: number;
                    /**
                     * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                     * @example 0.8
                     * @example 4.2
                     */
                    co?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                     * @example 9
                     * @example 23.5
                     */
                    temperatura?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                     * @example 9
                     * @example 23.5
                     */
                    temperature?: number;
                    /**
                     * @description Relative humidity in % (0–100).
                     * @example 64
                     * @example 38
                     */
                    humidity?: number;
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /**
                     * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                     * @example es
                     * @example en
                     */
                    language?: "es" | "en" | "pt";
                    /**
                     * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                     * @example us-epa
                     * @example cl
                     */
                    aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                    /** @description Earlier values (oldest first or not; sorted by `at`) for a trend */
                    series?: {
                        /**
                         * @description When (ISO date or date-time)
                         * @example 2026-11-21T12:00:00Z
                         */
                        at: string;
                        /**
                         * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                         * @example 87.4
                         * @example 12
                         */
                        pm25?: number;
                        /**
                         * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 54
                         * @example 140
                         */
                        pm10?: number;
                        /**
                         * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 42
                         * @example 110
                         */
                        no2?: number;
                        /**
                         * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 96
                         * @example 180
                         */
                        o3?: number;
                        /**
                         * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 8
                         * @example 60
                         */
                        so2?: number;
                        /**
                         * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                         * @example 0.8
                         * @example 4.2
                         */
                        co?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                         * @example 9
                         * @example 23.5
                         */
                        temperatura?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                         * @example 9
                         * @example 23.5
                         */
                        temperature?: number;
                        /**
                         * @description Relative humidity in % (0–100).
                         * @example 64
                         * @example 38
                         */
                        humidity?: number;
                    }[];
                    /**
                     * @description Template id (see GET /templates). Defaults to `daily-report`.
                     * @example daily-report
                     * @example pollution-alert
                     */
                    template?: string;
                    /**
                     * @description Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.
                     * @example landscape
                     * @example portrait
                     */
                    format?: "landscape" | "portrait" | "square";
                    /** @description Picks the template and format when they are not given (as suggestTemplate ranks them) */
                    channel?: "tv" | "social" | "web";
                    /** @description Let the configured language model rewrite the text (default true); its answer is used only if every number, unit, category and place matches the facts */
                    useModel?: boolean;
                };
            };
        };
        responses: {
            /** @description Headline, narration, captions and a social post, in one language */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiGeneratedText"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    aiRender: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "location": "Santiago",
                 *       "pm25": 87.4,
                 *       "no2": 42,
                 *       "temperatura": 9,
                 *       "language": "es",
                 *       "channel": "social"
                 *     }
                 */
                "application/json": {
                    /** @description A stored context (GET /contexts/{id}) to read the location, date and values from; values given here override it */
                    contextId?: string;
                    /**
                     * @description Place the values are about (required for generate and render unless the context has one)
                     * @example Santiago
                     */
                    location?: string;
                    /**
                     * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                     * @example 87.4
                     * @example 12
                     */
                    pm25?: number;
                    /**
                     * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 54
                     * @example 140
                     */
                    pm10?: number;
                    /**
                     * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 42
                     * @example 110
                     */
                    no2?: number;
                    /**
                     * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 96
                     * @example 180
                     */
                    o3?: number;
                    /**
                     * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                     * @example 8
                     * @example 60
                     */
                    so2?: number;
                    /**
                     * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                     * @example 0.8
                     * @example 4.2
                     */
                    co?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                     * @example 9
                     * @example 23.5
                     */
                    temperatura?: number;
                    /**
                     * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                     * @example 9
                     * @example 23.5
                     */
                    temperature?: number;
                    /**
                     * @description Relative humidity in % (0–100).
                     * @example 64
                     * @example 38
                     */
                    humidity?: number;
                    /**
                     * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                     * @example 2026-11-22
                     */
                    date?: string;
                    /**
                     * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                     * @example es
                     * @example en
                     */
                    language?: "es" | "en" | "pt";
                    /**
                     * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                     * @example us-epa
                     * @example cl
                     */
                    aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                    /** @description Earlier values (oldest first or not; sorted by `at`) for a trend */
                    series?: {
                        /**
                         * @description When (ISO date or date-time)
                         * @example 2026-11-21T12:00:00Z
                         */
                        at: string;
                        /**
                         * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                         * @example 87.4
                         * @example 12
                         */
                        pm25?: number;
                        /**
                         * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 54
                         * @example 140
                         */
                        pm10?: number;
                        /**
                         * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 42
                         * @example 110
                         */
                        no2?: number;
                        /**
                         * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 96
                         * @example 180
                         */
                        o3?: number;
                        /**
                         * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                         * @example 8
                         * @example 60
                         */
                        so2?: number;
                        /**
                         * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                         * @example 0.8
                         * @example 4.2
                         */
                        co?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                         * @example 9
                         * @example 23.5
                         */
                        temperatura?: number;
                        /**
                         * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                         * @example 9
                         * @example 23.5
                         */
                        temperature?: number;
                        /**
                         * @description Relative humidity in % (0–100).
                         * @example 64
                         * @example 38
                         */
                        humidity?: number;
                    }[];
                    /**
                     * @description Template id (see GET /templates). Defaults to `daily-report`.
                     * @example daily-report
                     * @example pollution-alert
                     */
                    template?: string;
                    /**
                     * @description Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.
                     * @example landscape
                     * @example portrait
                     */
                    format?: "landscape" | "portrait" | "square";
                    /** @description Picks the template and format when they are not given (as suggestTemplate ranks them) */
                    channel?: "tv" | "social" | "web";
                    /** @description Let the configured language model rewrite the text (default true); its answer is used only if every number, unit, category and place matches the facts */
                    useModel?: boolean;
                    /**
                     * @description Scales the frame by its short side: 1080p (default), 720p or 360p.
                     * @example 1080p
                     * @example 720p
                     */
                    resolution?: "1080p" | "720p" | "360p";
                    /** @description Draw the captions into the video (default true); the WebVTT file is served either way */
                    burnCaptions?: boolean;
                    /** @description Mix a spoken narration into the MP4 (default true): the speech server when one is configured, else the offline narrator */
                    narration?: boolean;
                    /** @description Integrated loudness of the narration (EBU R128, LUFS): -16 for social feeds (the default), -23 for broadcast; true peaks stay under -1 dBTP */
                    loudnessLufs?: number;
                    /** @description Lay a quiet music bed under the narration (default false), ducked while the voice speaks; the loudness target still holds. The bed is synthesised by the service itself: no recording, nothing to license */
                    music?: boolean;
                    /** @description The offline narrator's voice: es-419 or es (Spanish), en-us or en-gb (English), pt-br or pt (Portuguese); the language's first by default */
                    voice?: string;
                    /** @description Queue priority (-1000…1000, default 0) */
                    priority?: number;
                    /** @description The brand to render in (GET /brands); null for none; omitted: the default brand, if one is set */
                    brandId?: string | null;
                };
            };
        };
        responses: {
            /** @description A queued render with its text, captions and narration */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiRender"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listVariantTests: {
        parameters: {
            query?: {
                /**
                 * @description Comma-separated statuses (running, concluded)
                 * @example running
                 */
                status?: string;
                /** @description Only tests of this workflow */
                workflowId?: string;
                /** @description Items per page (1–500) */
                limit?: number;
                /** @description `nextCursor` of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of tests, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tests: components["schemas"]["VariantTest"][];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    createVariantTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Portrait vs landscape",
                 *       "goal": "complete",
                 *       "base": {
                 *         "location": "Santiago",
                 *         "pm25": 87.4,
                 *         "language": "es"
                 *       },
                 *       "arms": [
                 *         {},
                 *         {
                 *           "overrides": {
                 *             "format": "portrait"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @example Santiago: portrait vs landscape */
                    name: string;
                    /**
                     * @description The conversion event: `complete`, `click`, or a custom event name. The rate is units with this event per unit with the exposure event.
                     * @example complete
                     * @example click
                     * @example signup
                     */
                    goal: string;
                    /** @description The event that makes a unit count as exposed (default `view`) */
                    exposureEvent?: "view" | "impression";
                    base?: components["schemas"]["RenderParams"];
                    /** @description A stored context whose place, date, language and values every arm starts from; fields of `base` override them, and the arms’ jobs record the context */
                    contextId?: string;
                    /** @description Two to ten arms; the first is the control */
                    arms: {
                        /**
                         * @description Short unique key; defaults to A, B, C, … by position
                         * @example A
                         * @example B
                         * @example portrait
                         */
                        key?: string;
                        /** @description A label for people */
                        name?: string;
                        /** @description Template id of this arm (see GET /templates); the same as overrides.template */
                        template?: string;
                        /**
                         * @description Render parameters this arm changes over the base (format, language, aqiStandard, template, values, …)
                         * @example {
                         *       "format": "portrait"
                         *     }
                         * @example {
                         *       "language": "en",
                         *       "aqiStandard": "eu-eaqi"
                         *     }
                         */
                        overrides?: {
                            /**
                             * @description Template id (see GET /templates). Defaults to `daily-report`.
                             * @example daily-report
                             * @example pollution-alert
                             */
                            template?: string;
                            /**
                             * @description Alias of `template` (the name batch items use). If both are given they must be equal.
                             * @example social-clip
                             */
                            compositionId?: string;
                            /**
                             * @description PM2.5 (fine particles) concentration in µg/m³ (0–2000). Omit it when not measured.
                             * @example 87.4
                             * @example 12
                             */
                            pm25?: number;
                            /**
                             * @description PM10 (coarse particles) concentration in µg/m³ (0–5000). Omit it when not measured.
                             * @example 54
                             * @example 140
                             */
                            pm10?: number;
                            /**
                             * @description NO₂ (nitrogen dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                             * @example 42
                             * @example 110
                             */
                            no2?: number;
                            /**
                             * @description O₃ (ozone) concentration in µg/m³ (0–5000). Omit it when not measured.
                             * @example 96
                             * @example 180
                             */
                            o3?: number;
                            /**
                             * @description SO₂ (sulphur dioxide) concentration in µg/m³ (0–5000). Omit it when not measured.
                             * @example 8
                             * @example 60
                             */
                            so2?: number;
                            /**
                             * @description CO (carbon monoxide) concentration in mg/m³ (0–200). Omit it when not measured.
                             * @example 0.8
                             * @example 4.2
                             */
                            co?: number;
                            /**
                             * @description Air temperature in °C (-90…60). Spanish name kept for compatibility; `temperature` is an alias.
                             * @example 9
                             * @example 23.5
                             */
                            temperatura?: number;
                            /**
                             * @description Air temperature in °C (-90…60). Alias of `temperatura`; if both are given they must be equal.
                             * @example 9
                             * @example 23.5
                             */
                            temperature?: number;
                            /**
                             * @description Relative humidity in % (0–100).
                             * @example 64
                             * @example 38
                             */
                            humidity?: number;
                            /**
                             * @description Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.
                             * @example es
                             * @example en
                             */
                            language?: "es" | "en" | "pt";
                            /**
                             * @description Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).
                             * @example us-epa
                             * @example cl
                             */
                            aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                            /**
                             * @description Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.
                             * @example landscape
                             * @example portrait
                             */
                            format?: "landscape" | "portrait" | "square";
                            /**
                             * @description Length of the video in seconds, among those the template offers (GET /templates lists them; the default report: 15, 30 or 60). A longer video tells more — each pollutant in turn, both advice groups — rather than slowing the same scenes. Defaults to the template’s own length.
                             * @example 15
                             * @example 30
                             * @example 60
                             */
                            durationSec?: number;
                            /**
                             * @description Scales the frame by its short side: 1080p (default), 720p or 360p.
                             * @example 1080p
                             * @example 720p
                             */
                            resolution?: "1080p" | "720p" | "360p";
                            /**
                             * @description An hourly series (the last 24 hours or the next 72): the trend template draws it over the category bands of the AQI standard.
                             * @example {
                             *       "pollutant": "pm25",
                             *       "kind": "observed",
                             *       "points": [
                             *         {
                             *           "at": "2026-11-22T06:00:00Z",
                             *           "value": 38.5
                             *         },
                             *         {
                             *           "at": "2026-11-22T07:00:00Z",
                             *           "value": 41.2
                             *         }
                             *       ],
                             *       "timeZone": "America/Santiago"
                             *     }
                             */
                            series?: {
                                /** @description Pollutant of the series. */
                                pollutant: "pm25" | "pm10" | "no2" | "o3" | "so2" | "co";
                                /** @description observed: measured hours up to now; forecast: the hours ahead. */
                                kind: "observed" | "forecast";
                                /** @description Hourly values in time order (2–168). */
                                points: {
                                    /** @description Hour of the value (ISO 8601 date-time with offset). */
                                    at: string;
                                    /** @description µg/m³ (CO mg/m³). */
                                    value: number;
                                }[];
                                /**
                                 * @description IANA time zone the hours are shown in (default UTC).
                                 * @example America/Santiago
                                 */
                                timeZone?: string;
                            };
                            /**
                             * @description Places of a ranking (2–20) or a comparison (the first two). Each needs a pollutant value.
                             * @example [
                             *       {
                             *         "name": "Santiago",
                             *         "pm25": 87.4
                             *       },
                             *       {
                             *         "name": "Valparaíso",
                             *         "pm25": 21
                             *       }
                             *     ]
                             */
                            places?: {
                                /** @description Name as shown (1–120 characters; long names shrink, wrap or are shortened). */
                                name: string;
                                /** @description Latitude in degrees (−90…90, WGS 84). */
                                lat?: number;
                                /** @description Longitude in degrees (−180…180, WGS 84). */
                                lon?: number;
                                /** @description PM2.5 in µg/m³ (0–2000). */
                                pm25?: number;
                                /** @description PM10 in µg/m³ (0–5000). */
                                pm10?: number;
                                /** @description NO₂ in µg/m³ (0–5000). */
                                no2?: number;
                                /** @description O₃ in µg/m³ (0–5000). */
                                o3?: number;
                                /** @description SO₂ in µg/m³ (0–5000). */
                                so2?: number;
                                /** @description CO in mg/m³ (0–200). */
                                co?: number;
                                /** @description The day the values are for (YYYY-MM-DD). A comparison of one place at two dates names its sides "today", "yesterday" or the date, relative to the render's date. */
                                date?: string;
                                /** @description The values are a forecast, not an observation (a comparison names that side "Forecast"). */
                                forecast?: boolean;
                            }[];
                            /**
                             * @description Monitoring stations of a map (1–60); no two on the same point.
                             * @example [
                             *       {
                             *         "name": "Parque O'Higgins",
                             *         "lat": -33.464,
                             *         "lon": -70.661,
                             *         "pm25": 61
                             *       },
                             *       {
                             *         "name": "Las Condes",
                             *         "lat": -33.377,
                             *         "lon": -70.523,
                             *         "pm25": 24
                             *       }
                             *     ]
                             */
                            stations?: {
                                /** @description The station's id at its source. */
                                id?: string;
                                /** @description Name as shown (1–120 characters; long names shrink, wrap or are shortened). */
                                name: string;
                                /** @description Latitude in degrees (−90…90, WGS 84). */
                                lat: number;
                                /** @description Longitude in degrees (−180…180, WGS 84). */
                                lon: number;
                                /** @description PM2.5 in µg/m³ (0–2000). */
                                pm25?: number;
                                /** @description PM10 in µg/m³ (0–5000). */
                                pm10?: number;
                                /** @description NO₂ in µg/m³ (0–5000). */
                                no2?: number;
                                /** @description O₃ in µg/m³ (0–5000). */
                                o3?: number;
                                /** @description SO₂ in µg/m³ (0–5000). */
                                so2?: number;
                                /** @description CO in mg/m³ (0–200). */
                                co?: number;
                            }[];
                            /**
                             * @description Where the numbers came from. Every video prints it in a quiet source line (source, observed time in the place's time zone, "preliminary data" when so marked).
                             * @example {
                             *       "source": "airnow",
                             *       "stationIds": [
                             *         "060371103"
                             *       ],
                             *       "observedAt": "2026-11-22T14:00:00Z",
                             *       "retrievedAt": "2026-11-22T14:20:00Z",
                             *       "timeZone": "America/Los_Angeles",
                             *       "attribution": "U.S. EPA AirNow",
                             *       "preliminary": true
                             *     }
                             */
                            provenance?: {
                                /** @description Where the values come from: upload (a bulletin), manual, openaq, open-meteo, waqi or airnow. */
                                source: "upload" | "manual" | "openaq" | "open-meteo" | "waqi" | "airnow";
                                /** @description The stations' ids at the source. */
                                stationIds?: string[];
                                /** @description When the values were measured (ISO 8601 with offset). */
                                observedAt?: string;
                                /** @description When they were fetched or uploaded (ISO 8601 with offset). */
                                retrievedAt?: string;
                                /** @description IANA time zone of the place: the video prints the observed time in it (default UTC). */
                                timeZone?: string;
                                /** @description Attribution the source requires, printed in the source line. */
                                attribution?: string;
                                /** @description The data's licence (e.g. CC BY 4.0). */
                                licence?: string;
                                /** @description The source marks the values as preliminary (unvalidated real-time data, as AirNow does); the video says so. */
                                preliminary?: boolean;
                            };
                            /**
                             * @description Index values given instead of concentrations: the video draws this index (its number, or for a band-only standard its category), its category and sub-indices instead of computing them, and shows no concentration. No pollutant concentration may be set with it; aqiStandard, when set, must be its standard.
                             * @example {
                             *       "standard": "us-epa",
                             *       "overall": 112,
                             *       "pollutants": {
                             *         "o3": 112,
                             *         "pm25": 48
                             *       }
                             *     }
                             * @example {
                             *       "standard": "ca-aqhi",
                             *       "overall": 7,
                             *       "pollutants": {}
                             *     }
                             * @example {
                             *       "standard": "mx",
                             *       "category": "mala",
                             *       "categories": {
                             *         "o3": "mala"
                             *       }
                             *     }
                             */
                            index?: {
                                /** @description The standard the index is in. One with a numeric index, given as `overall` (and `pollutants`): us-epa (AQI 0–500), br-iqar (IQAr 0–400), cl (ICAP 0–500), ca-aqhi (AQHI 1–30, written 10+ above 10), uk-daqi (DAQI 1–10) or sg-psi (PSI 0–500). Or a band-only one, given as `category` (and `categories`): mx (Índice AIRE Y SALUD) or eu-eaqi (EEA index). */
                                standard: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar" | "ca-aqhi" | "uk-daqi" | "sg-psi";
                                /**
                                 * @description The overall index (0–500, within the standard's scale); required for a standard with a numeric index, absent for a band-only one.
                                 * @example 112
                                 * @example 48
                                 */
                                overall?: number;
                                /** @description Each pollutant's sub-index the document gives, if any: the video tells them and names the highest as the main pollutant. Empty or absent when the document gives only the overall index (as AQHI, DAQI and PSI forecasts usually do); ca-aqhi never has one. */
                                pollutants?: {
                                    /**
                                     * @description PM2.5 sub-index.
                                     * @example 112
                                     * @example 48
                                     */
                                    pm25?: number;
                                    /**
                                     * @description PM10 sub-index.
                                     * @example 112
                                     * @example 48
                                     */
                                    pm10?: number;
                                    /**
                                     * @description NO₂ sub-index.
                                     * @example 112
                                     * @example 48
                                     */
                                    no2?: number;
                                    /**
                                     * @description O₃ sub-index.
                                     * @example 112
                                     * @example 48
                                     */
                                    o3?: number;
                                    /**
                                     * @description SO₂ sub-index.
                                     * @example 112
                                     * @example 48
                                     */
                                    so2?: number;
                                    /**
                                     * @description CO sub-index.
                                     * @example 112
                                     * @example 48
                                     */
                                    co?: number;
                                };
                                /**
                                 * @description The overall category of a band-only standard (mx: buena, aceptable, mala, muy_mala, extremadamente_mala; eu-eaqi: good, fair, moderate, poor, very_poor, extremely_poor); required for those, absent for a standard with a numeric index. The video draws it as the headline.
                                 * @example mala
                                 * @example poor
                                 */
                                category?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                                /** @description Each pollutant's category the document gives for a band-only standard, if any: the one in the worst band is named as the main pollutant. None may be worse than `category`. */
                                categories?: {
                                    /**
                                     * @description PM2.5 category.
                                     * @example mala
                                     * @example poor
                                     */
                                    pm25?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                                    /**
                                     * @description PM10 category.
                                     * @example mala
                                     * @example poor
                                     */
                                    pm10?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                                    /**
                                     * @description NO₂ category.
                                     * @example mala
                                     * @example poor
                                     */
                                    no2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                                    /**
                                     * @description O₃ category.
                                     * @example mala
                                     * @example poor
                                     */
                                    o3?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                                    /**
                                     * @description SO₂ category.
                                     * @example mala
                                     * @example poor
                                     */
                                    so2?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                                    /**
                                     * @description CO category.
                                     * @example mala
                                     * @example poor
                                     */
                                    co?: "buena" | "aceptable" | "mala" | "muy_mala" | "extremadamente_mala" | "good" | "fair" | "moderate" | "poor" | "very_poor" | "extremely_poor";
                                };
                            };
                            /**
                             * @description Day the report is about (YYYY-MM-DD). Defaults to today (UTC).
                             * @example 2026-11-22
                             */
                            date?: string;
                        };
                        /** @description Relative traffic share (default: equal); 1:1, 50:50 and 0.5:0.5 are the same split */
                        weight?: number;
                        /** @description Link an existing render job as this arm’s video instead of rendering one (then no template or overrides) */
                        jobId?: string;
                        /** @description The brand this arm renders in (an A/B test of two looks); null for none; omitted: base.brandId, else the default brand. The arm’s job names the version it used */
                        brandId?: string | null;
                    }[];
                    /** @description When the test may call a winner; every field defaults */
                    rules?: {
                        /** @description The best arm’s chance to be best must reach this (default 0.95) */
                        minProbabilityBest?: number;
                        /** @description Its expected loss must stay below this fraction of the control’s rate (default 0.0025, i.e. 0.25 %) */
                        maxRelativeLoss?: number;
                        /** @description Exposed units every arm needs before any decision (default 100) */
                        minExposuresPerArm?: number;
                        /** @description A sample-ratio-mismatch p-value below this blocks any decision (default 0.001; 0 turns the check off) */
                        srmMinPValue?: number;
                    };
                    /** @description The workflow this test belongs to: once concluded, the workflow renders with the winning arm (see README) */
                    workflowId?: string;
                };
            };
        };
        responses: {
            /** @description An A/B test of report videos */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantTest"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getVariantTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An A/B test of report videos */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantTest"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    assignVariant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The viewer unit (a user, device or session id of yours); the same unit always gets the same arm
                     * @example user-4812
                     */
                    unitId: string;
                };
            };
        };
        responses: {
            /** @description Which arm a unit sees: a hash of the test id and unit id against the weights */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        testId: string;
                        unitId: string;
                        /** @description Key of the arm this unit sees */
                        arm: string;
                        jobId: string;
                        jobStatus: string;
                        /** @description The arm’s MP4 (null until rendered) */
                        videoUrl: string | null;
                        posterUrl: string | null;
                        /** @description True when this call recorded the unit; false when it was assigned before */
                        firstAssignment: boolean;
                        /** @description True once the test is concluded: every unit then gets the winning arm and nothing is recorded */
                        concluded: boolean;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    trackVariantEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         {
                 *           "unitId": "user-4812",
                 *           "type": "view",
                 *           "eventId": "e-1"
                 *         },
                 *         {
                 *           "unitId": "user-4812",
                 *           "type": "complete",
                 *           "eventId": "e-2"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description One to 1,000 events; all-or-nothing: one bad event rejects the batch, naming events[i] */
                    events: {
                        /**
                         * @description The viewer unit (a user, device or session id of yours); the same unit always gets the same arm
                         * @example user-4812
                         */
                        unitId: string;
                        /**
                         * @description impression, view, complete, click, share, or the test’s custom goal event
                         * @example complete
                         * @example click
                         * @example signup
                         */
                        type: string;
                        /** @description Your id for this event: an event id is counted once per test, however often it is sent */
                        eventId?: string;
                        /**
                         * @description The arm the viewer saw; when given it must be the unit’s assigned arm
                         * @example A
                         * @example B
                         * @example portrait
                         */
                        arm?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events in the request */
                        received: number;
                        /** @description Events counted now */
                        counted: number;
                        /** @description Events whose eventId was counted before (or repeated in this request), not counted again */
                        duplicates: number;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getVariantWinner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decision of a test and the statistics behind it */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantResult"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    concludeVariantTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Conclude with this arm; omitted, the rules must have found a winner (else 409)
                     * @example A
                     * @example B
                     * @example portrait
                     */
                    arm?: string;
                };
            };
        };
        responses: {
            /** @description An A/B test of report videos */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantTest"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    listWorkflows: {
        parameters: {
            query?: {
                /** @description Items per page (1–500) */
                limit?: number;
                /** @description `nextCursor` of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of workflows, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflows: components["schemas"]["Workflow"][];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    createWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Morning bulletin */
                    name: string;
                    /** @description Disabled workflows are not scheduled or triggered (manual runs still work). Default true */
                    enabled?: boolean;
                    trigger?: {
                        /** @description manual: only POST /workflows/:id/run; schedule: a cron expression in a time zone; inbound: also a trigger URL with its own secret */
                        type: "manual" | "schedule" | "inbound";
                        /**
                         * @description schedule: 5 fields (minute hour day month weekday) or 6 with seconds first
                         * @example 0 7 * * *
                         */
                        cron?: string;
                        /**
                         * @description schedule: IANA time zone the expression is read in (default UTC)
                         * @example America/Santiago
                         */
                        timezone?: string;
                        /** @description schedule: slots missed while every aqcast process was down (more than 5 minutes late): none skips them, latest runs the most recent one once (default) */
                        catchUp?: "none" | "latest";
                    };
                    /** @description A run makes one item per location */
                    locations: {
                        /**
                         * @description The place, as the video titles it
                         * @example Santiago
                         */
                        name: string;
                        /** @description WGS84 latitude (open-meteo, openaq, waqi, airnow) */
                        latitude?: number;
                        /** @description WGS84 longitude */
                        longitude?: number;
                        /** @description OpenAQ location id (else the nearest station to latitude/longitude within 25 km) */
                        openaqLocationId?: number;
                        /** @description Stored context to read (source `context`) */
                        contextId?: string;
                    }[];
                    steps: {
                        /** @description fetch → condition(s) → render → notify, in that order */
                        type: "fetch" | "condition" | "render" | "notify";
                        /** @description fetch: open-meteo (no key), openaq, waqi, airnow, or context (a stored context per location) */
                        source?: "open-meteo" | "openaq" | "waqi" | "airnow" | "context";
                        /** @description fetch: NAME of the environment variable holding the key (default OPENAQ_API_KEY, WAQI_TOKEN, AIRNOW_API_KEY); the key itself is never stored or returned */
                        credentialEnv?: string;
                        /** @description fetch: also get an hourly series (the trend template draws it) */
                        series?: {
                            /** @description Pollutant of the series */
                            pollutant: "pm25" | "pm10" | "no2" | "o3" | "so2" | "co";
                            /** @description past24h: the last 24 hours (open-meteo, openaq); next72h: the next 72 hours of forecast (open-meteo) */
                            window: "past24h" | "next72h";
                        };
                        /** @description condition: aqi_at_least (category or index reached) or changed (a value moved since the last run) */
                        when?: "aqi_at_least" | "changed";
                        /** @description condition aqi_at_least: a category key of the standard (e.g. unhealthy_for_sensitive_groups) */
                        category?: string;
                        /** @description condition aqi_at_least: the overall index at or above this (standards with a numeric index) */
                        index?: number;
                        /** @description condition changed: which value to compare (default aqi: the overall index or category) */
                        pollutant?: "pm25" | "pm10" | "no2" | "o3" | "so2" | "co" | "aqi";
                        /** @description condition changed: smallest change that counts (default: any change) */
                        minDelta?: number;
                        /** @description render: per-location (default) renders each location's own videos; combined renders one video per run over all its locations (a ranking, a comparison of two, or a station map), leaving out stale ones and saying why */
                        mode?: "per-location" | "combined";
                        /** @description render: template id (default daily-report; trend draws the fetched series). mode combined: ranking, comparison or station-map (default: a comparison when two locations are rendered, else a ranking) */
                        template?: string;
                        /** @description render with template trend: used when no series came back (default daily-report) */
                        fallbackTemplate?: string;
                        /** @description render: one job per format × language (default landscape) */
                        formats?: ("landscape" | "portrait" | "square")[];
                        /** @description render: default es */
                        languages?: ("es" | "en" | "pt")[];
                        resolution?: "1080p" | "720p" | "360p";
                        /** @description render: queue priority of the jobs */
                        priority?: number;
                        /** @description render: values observed longer ago than this are not rendered as current: the item ends skipped, its render record saying why (stale_data) */
                        maxAgeMinutes?: number;
                        /** @description render: the brand the jobs render in (its current version when the run renders); null for none; omitted: the default brand, if one is set */
                        brandId?: string | null;
                        /** @description condition aqi_at_least / changed, render: the AQI standard (default us-epa) */
                        aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar";
                        /** @description notify: which run endings publish workflow.run.completed / workflow.run.failed (default both) */
                        on?: ("completed" | "failed")[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflow: components["schemas"]["Workflow"];
                        /** @description inbound: the trigger secret, shown only when it is issued */
                        triggerSecret?: string;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    getWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A workflow: fetch live air quality for its locations, decide, render and announce */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    deleteWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    updateWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    enabled?: boolean;
                    trigger?: {
                        /** @description manual: only POST /workflows/:id/run; schedule: a cron expression in a time zone; inbound: also a trigger URL with its own secret */
                        type: "manual" | "schedule" | "inbound";
                        /**
                         * @description schedule: 5 fields (minute hour day month weekday) or 6 with seconds first
                         * @example 0 7 * * *
                         */
                        cron?: string;
                        /**
                         * @description schedule: IANA time zone the expression is read in (default UTC)
                         * @example America/Santiago
                         */
                        timezone?: string;
                        /** @description schedule: slots missed while every aqcast process was down (more than 5 minutes late): none skips them, latest runs the most recent one once (default) */
                        catchUp?: "none" | "latest";
                    };
                    locations?: {
                        /**
                         * @description The place, as the video titles it
                         * @example Santiago
                         */
                        name: string;
                        /** @description WGS84 latitude (open-meteo, openaq, waqi, airnow) */
                        latitude?: number;
                        /** @description WGS84 longitude */
                        longitude?: number;
                        /** @description OpenAQ location id (else the nearest station to latitude/longitude within 25 km) */
                        openaqLocationId?: number;
                        /** @description Stored context to read (source `context`) */
                        contextId?: string;
                    }[];
                    steps?: {
                        /** @description fetch → condition(s) → render → notify, in that order */
                        type: "fetch" | "condition" | "render" | "notify";
                        /** @description fetch: open-meteo (no key), openaq, waqi, airnow, or context (a stored context per location) */
                        source?: "open-meteo" | "openaq" | "waqi" | "airnow" | "context";
                        /** @description fetch: NAME of the environment variable holding the key (default OPENAQ_API_KEY, WAQI_TOKEN, AIRNOW_API_KEY); the key itself is never stored or returned */
                        credentialEnv?: string;
                        /** @description fetch: also get an hourly series (the trend template draws it) */
                        series?: {
                            /** @description Pollutant of the series */
                            pollutant: "pm25" | "pm10" | "no2" | "o3" | "so2" | "co";
                            /** @description past24h: the last 24 hours (open-meteo, openaq); next72h: the next 72 hours of forecast (open-meteo) */
                            window: "past24h" | "next72h";
                        };
                        /** @description condition: aqi_at_least (category or index reached) or changed (a value moved since the last run) */
                        when?: "aqi_at_least" | "changed";
                        /** @description condition aqi_at_least: a category key of the standard (e.g. unhealthy_for_sensitive_groups) */
                        category?: string;
                        /** @description condition aqi_at_least: the overall index at or above this (standards with a numeric index) */
                        index?: number;
                        /** @description condition changed: which value to compare (default aqi: the overall index or category) */
                        pollutant?: "pm25" | "pm10" | "no2" | "o3" | "so2" | "co" | "aqi";
                        /** @description condition changed: smallest change that counts (default: any change) */
                        minDelta?: number;
                        /** @description render: per-location (default) renders each location's own videos; combined renders one video per run over all its locations (a ranking, a comparison of two, or a station map), leaving out stale ones and saying why */
                        mode?: "per-location" | "combined";
                        /** @description render: template id (default daily-report; trend draws the fetched series). mode combined: ranking, comparison or station-map (default: a comparison when two locations are rendered, else a ranking) */
                        template?: string;
                        /** @description render with template trend: used when no series came back (default daily-report) */
                        fallbackTemplate?: string;
                        /** @description render: one job per format × language (default landscape) */
                        formats?: ("landscape" | "portrait" | "square")[];
                        /** @description render: default es */
                        languages?: ("es" | "en" | "pt")[];
                        resolution?: "1080p" | "720p" | "360p";
                        /** @description render: queue priority of the jobs */
                        priority?: number;
                        /** @description render: values observed longer ago than this are not rendered as current: the item ends skipped, its render record saying why (stale_data) */
                        maxAgeMinutes?: number;
                        /** @description render: the brand the jobs render in (its current version when the run renders); null for none; omitted: the default brand, if one is set */
                        brandId?: string | null;
                        /** @description condition aqi_at_least / changed, render: the AQI standard (default us-epa) */
                        aqiStandard?: "us-epa" | "eu-eaqi" | "mx" | "cl" | "br-iqar";
                        /** @description notify: which run endings publish workflow.run.completed / workflow.run.failed (default both) */
                        on?: ("completed" | "failed")[];
                    }[];
                    /** @description inbound: issue a new trigger secret (returned once) */
                    rotateTriggerSecret?: boolean;
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflow: components["schemas"]["Workflow"];
                        /** @description inbound: the trigger secret, shown only when it is issued */
                        triggerSecret?: string;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    runWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        /** @description Optional changes for this run only */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Run for these locations instead */
                    locations?: {
                        /**
                         * @description The place, as the video titles it
                         * @example Santiago
                         */
                        name: string;
                        /** @description WGS84 latitude (open-meteo, openaq, waqi, airnow) */
                        latitude?: number;
                        /** @description WGS84 longitude */
                        longitude?: number;
                        /** @description OpenAQ location id (else the nearest station to latitude/longitude within 25 km) */
                        openaqLocationId?: number;
                        /** @description Stored context to read (source `context`) */
                        contextId?: string;
                    }[];
                    formats?: ("landscape" | "portrait" | "square")[];
                    languages?: ("es" | "en" | "pt")[];
                    /** @description Render even where a condition would stop the item */
                    skipConditions?: boolean;
                };
            };
        };
        responses: {
            /** @description One run of a workflow: an item per location, each with its steps, and the jobs it made */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowRun"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413"];
            415: components["responses"]["Spine415"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    triggerWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One run of a workflow: an item per location, each with its steps, and the jobs it made */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowRun"];
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or wrong trigger secret, or no inbound workflow with this id */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["Spine413Keyless"];
            415: components["responses"]["Spine415Keyless"];
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
            507: components["responses"]["Spine507Keyless"];
        };
    };
    listWorkflowRuns: {
        parameters: {
            query?: {
                /** @description Only runs with this status */
                status?: "queued" | "running" | "completed" | "failed" | "canceled" | "skipped";
                /** @description Items per page (1–500) */
                limit?: number;
                /** @description `nextCursor` of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of runs, newest first (without items and jobs: GET /workflow-runs/:runId has them) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        runs: components["schemas"]["WorkflowRun"][];
                        /** @description Pass as `cursor` for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workflow run id */
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One run of a workflow: an item per location, each with its steps, and the jobs it made */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowRun"];
                };
            };
            400: components["responses"]["Spine400"];
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getAnalyticsOverview: {
        parameters: {
            query?: {
                /** @description Jobs created at or after (ISO date or date-time); default: all */
                since?: string;
                /** @description Jobs created at or before (ISO date or date-time; a bare date includes the whole day); default: now */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state of the service at a glance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        since: string | null;
                        /** Format: date-time */
                        until: string | null;
                        /** Format: date-time */
                        generatedAt: string;
                        jobs: {
                            total: number;
                            byStatus: {
                                queued: number;
                                rendering: number;
                                completed: number;
                                failed: number;
                                canceled: number;
                            };
                        };
                        /** @description completed / (completed + failed); null when none finished */
                        successRate: number | null;
                        /** @description Rolling windows ending now (whatever since/until say) */
                        renders: {
                            last24h: {
                                /** @description Jobs created in the window */
                                requested: number;
                                /** @description Jobs that completed in the window */
                                completed: number;
                                /** @description Jobs that failed for good in the window */
                                failed: number;
                            };
                            last7d: {
                                /** @description Jobs created in the window */
                                requested: number;
                                /** @description Jobs that completed in the window */
                                completed: number;
                                /** @description Jobs that failed for good in the window */
                                failed: number;
                            };
                            last30d: {
                                /** @description Jobs created in the window */
                                requested: number;
                                /** @description Jobs that completed in the window */
                                completed: number;
                                /** @description Jobs that failed for good in the window */
                                failed: number;
                            };
                        };
                        /** @description Render time (ms) of completed jobs that rendered (reused outputs excluded); continuous percentiles */
                        renderMs: {
                            /** @description How many values the percentiles are over */
                            samples: number;
                            /** @description Median; null without samples */
                            p50: number | null;
                            p95: number | null;
                        };
                        /** @description Queue wait (ms): from creation (or a later runAt) to the first start; continuous percentiles */
                        queueWaitMs: {
                            /** @description How many values the percentiles are over */
                            samples: number;
                            /** @description Median; null without samples */
                            p50: number | null;
                            p95: number | null;
                        };
                        /** @description Seconds of video in completed jobs */
                        videoSeconds: number;
                        /** @description Bytes of the videos rendered (reused outputs are stored once) */
                        bytesStored: number;
                        /** @description Share of completed jobs that reused an identical stored render */
                        cacheReuseRate: number | null;
                        /** @description Render loops with a recent heartbeat, in every process */
                        activeWorkers: number;
                        /** @description Variant tests still running, newest first (at most 20); see GET /variants/:id/winner for each */
                        runningTests: {
                            id: string;
                            name: string;
                            workflowId: string | null;
                            goal: string;
                            arms: number;
                            /** @description Units exposed, over all arms */
                            exposures: number;
                            /** @description Units that converted, over all arms */
                            conversions: number;
                            events: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastEventAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getAnalyticsTemplates: {
        parameters: {
            query?: {
                /** @description Jobs created at or after (ISO date or date-time); default: all */
                since?: string;
                /** @description Jobs created at or before (ISO date or date-time; a bare date includes the whole day); default: now */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        since: string | null;
                        /** Format: date-time */
                        until: string | null;
                        total: number;
                        /** @description Most used first */
                        templates: {
                            template: string;
                            /** @enum {string} */
                            format: "landscape" | "portrait" | "square";
                            /** @description Jobs of this template and format */
                            count: number;
                            completed: number;
                            failed: number;
                            successRate: number | null;
                            /** @description Continuous percentiles (linear interpolation, as percentile_cont) */
                            renderMs: {
                                /** @description How many values the percentiles are over */
                                samples: number;
                                /** @description Median; null without samples */
                                p50: number | null;
                                p95: number | null;
                            };
                            /** @description count / all jobs in the range */
                            share: number;
                        }[];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getAnalyticsTrends: {
        parameters: {
            query?: {
                /** @description completed, failed (by completion time), render-time-p95 (ms, by completion time), queue-wait-p95 (ms, by start time), video-seconds */
                metric?: "completed" | "failed" | "render-time-p95" | "queue-wait-p95" | "video-seconds";
                /** @description Bucket size in the time zone: hour, day or week (from Monday) */
                interval?: "hour" | "day" | "week";
                /** @description Start (ISO date or date-time); default: 48 hours, 30 days or 12 weeks before until. A bare date is midnight in tz */
                since?: string;
                /** @description End, exclusive (ISO date or date-time); default: now. A bare date is the end of that day in tz */
                until?: string;
                /**
                 * @description IANA time zone the buckets follow (e.g. America/Santiago); daylight-saving days are 23 or 25 hours long
                 * @example Europe/Madrid
                 */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        metric: "completed" | "failed" | "render-time-p95" | "queue-wait-p95" | "video-seconds";
                        /** @enum {string} */
                        interval: "hour" | "day" | "week";
                        tz: string;
                        /**
                         * Format: date-time
                         * @description Start of the first bucket
                         */
                        since: string;
                        /**
                         * Format: date-time
                         * @description End of the last bucket
                         */
                        until: string;
                        buckets: {
                            /** Format: date-time */
                            start: string;
                            /** Format: date-time */
                            end: string;
                            /** @description Local start time with its UTC offset */
                            local: string;
                            /** @description Counts and seconds are 0 in an empty bucket; percentiles null */
                            value: number | null;
                            /** @description Jobs in the bucket */
                            samples: number;
                        }[];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getAnalyticsRecent: {
        parameters: {
            query?: {
                /** @description How many (1–100) */
                limit?: number;
                /**
                 * @description Comma-separated statuses
                 * @example completed,failed
                 */
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first */
                        renders: {
                            jobId: string;
                            /** @enum {string} */
                            status: "queued" | "rendering" | "completed" | "failed" | "canceled";
                            template: string;
                            location: string;
                            posterUrl: string | null;
                            videoUrl: string | null;
                            durationSec: number | null;
                            renderMs: number | null;
                            contextId: string | null;
                            errorCode: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            completedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    getAnalyticsPerformance: {
        parameters: {
            query?: {
                /** @description Jobs created at or after (ISO date or date-time); default: all */
                since?: string;
                /** @description Jobs created at or before (ISO date or date-time; a bare date includes the whole day); default: now */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        since: string | null;
                        /** Format: date-time */
                        until: string | null;
                        /** @description By template × format × resolution */
                        renders: {
                            template: string;
                            /** @enum {string} */
                            format: "landscape" | "portrait" | "square";
                            /** @enum {string} */
                            resolution: "1080p" | "720p" | "360p";
                            /** @description Completed jobs that rendered (reused outputs excluded) */
                            renders: number;
                            /** @description Continuous percentiles (linear interpolation, as percentile_cont) */
                            renderMs: {
                                /** @description How many values the percentiles are over */
                                samples: number;
                                /** @description Median; null without samples */
                                p50: number | null;
                                p95: number | null;
                            };
                            meanRenderMs: number | null;
                            /** @description Frames rendered per second of render time, over all these renders */
                            framesPerSecond: number | null;
                        }[];
                        /** @description Queue wait (ms): from creation (or a later runAt) to the first start; continuous percentiles */
                        queueWaitMs: {
                            /** @description How many values the percentiles are over */
                            samples: number;
                            /** @description Median; null without samples */
                            p50: number | null;
                            p95: number | null;
                        };
                        /** @description Completions over the last hour */
                        throughput: {
                            windowSec: number;
                            completed: number;
                            failed: number;
                            activeWorkers: number;
                            perHour: number;
                            /** @description perHour / activeWorkers; null with no active worker */
                            perWorkerPerHour: number | null;
                        };
                        /** @description Failed jobs by error code, most frequent first */
                        failures: {
                            code: string;
                            count: number;
                            /** @description Of all failed jobs in the range */
                            share: number;
                            /** Format: date-time */
                            lastAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request (problem+json listing each bad field) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            403: components["responses"]["Spine403"];
            429: components["responses"]["Spine429"];
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
        };
    };
    graphqlInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 2.1.0 */
                        version: string;
                        /**
                         * @description POST GraphQL requests here (with the X-Api-Key header)
                         * @example /graphql
                         */
                        endpoint: string;
                        /** @example /graphql-schema */
                        schema: string;
                        /** @example /graphql-explorer */
                        explorer: string;
                        auth: string;
                        limits: {
                            maxDepth: number;
                            maxIntrospectionDepth: number;
                            maxCost: number;
                            maxIntrospectionCost: number;
                            maxFields: number;
                            maxAliases: number;
                            defaultListSize: number;
                            maxListLimit: number;
                        };
                    };
                };
            };
            400: components["responses"]["Spine400Keyless"];
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
        };
    };
    graphql: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a replay with the same key returns the first successful response (header idempotent-replayed: true); the same key with a different request is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "query Job($id: ID!) { render(id: $id) { jobId status progress videoUrl } }",
                 *       "variables": {
                 *         "id": "job_3kT9x2VbQmPz1rLw"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The GraphQL document
                     * @example { status { version uptime } }
                     */
                    query: string;
                    /**
                     * @example {
                     *       "id": "job_3kT9x2VbQmPz1rLw"
                     *     }
                     */
                    variables?: {
                        [key: string]: unknown;
                    } | null;
                    operationName?: string | null;
                };
            };
        };
        responses: {
            /** @description A GraphQL response: `data`, and `errors` for anything that failed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The result; absent when the query did not parse or validate */
                        data?: unknown;
                        errors?: ({
                            message: string;
                            locations?: {
                                line: number;
                                column: number;
                            }[];
                            path?: (string | number)[];
                            /** @description `code` (e.g. validation_failed, not_found, graphql_parse_failed, query_too_deep, query_too_costly), `status`, and `errors: [{ field, message }]` for invalid input */
                            extensions?: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The query did not parse or validate (GraphQL `errors`, application/json), or the HTTP body was invalid (problem+json) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The result; absent when the query did not parse or validate */
                        data?: unknown;
                        errors?: ({
                            message: string;
                            locations?: {
                                line: number;
                                column: number;
                            }[];
                            path?: (string | number)[];
                            /** @description `code` (e.g. validation_failed, not_found, graphql_parse_failed, query_too_deep, query_too_costly), `status`, and `errors: [{ field, message }]` for invalid input */
                            extensions?: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    };
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or invalid X-Api-Key, as GraphQL `errors` (`extensions.code` unauthorized) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The result; absent when the query did not parse or validate */
                        data?: unknown;
                        errors?: ({
                            message: string;
                            locations?: {
                                line: number;
                                column: number;
                            }[];
                            path?: (string | number)[];
                            /** @description `code` (e.g. validation_failed, not_found, graphql_parse_failed, query_too_deep, query_too_costly), `status`, and `errors: [{ field, message }]` for invalid input */
                            extensions?: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The key lacks the scope, or a dashboard session sent no valid CSRF token, as GraphQL `errors` */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The result; absent when the query did not parse or validate */
                        data?: unknown;
                        errors?: ({
                            message: string;
                            locations?: {
                                line: number;
                                column: number;
                            }[];
                            path?: (string | number)[];
                            /** @description `code` (e.g. validation_failed, not_found, graphql_parse_failed, query_too_deep, query_too_costly), `status`, and `errors: [{ field, message }]` for invalid input */
                            extensions?: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's rate limit is used up, as GraphQL `errors` (`extensions.code` rate_limited); retry after Retry-After */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The result; absent when the query did not parse or validate */
                        data?: unknown;
                        errors?: ({
                            message: string;
                            locations?: {
                                line: number;
                                column: number;
                            }[];
                            path?: (string | number)[];
                            /** @description `code` (e.g. validation_failed, not_found, graphql_parse_failed, query_too_deep, query_too_costly), `status`, and `errors: [{ field, message }]` for invalid input */
                            extensions?: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["Spine500"];
            503: components["responses"]["Spine503"];
            507: components["responses"]["Spine507"];
        };
    };
    graphqlSchema: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 2.1.0 */
                        version: string;
                        types: {
                            name: string;
                            /**
                             * @example OBJECT
                             * @example INPUT_OBJECT
                             * @example ENUM
                             * @example SCALAR
                             */
                            kind: string;
                            description: string | null;
                            fields?: {
                                name: string;
                                type: string;
                                description: string | null;
                            }[];
                            values?: string[];
                        }[];
                        queries: {
                            name: string;
                            type: string;
                            description: string | null;
                            args: {
                                name: string;
                                type: string;
                                description: string | null;
                            }[];
                        }[];
                        mutations: {
                            name: string;
                            type: string;
                            description: string | null;
                            args: {
                                name: string;
                                type: string;
                                description: string | null;
                            }[];
                        }[];
                        /** @description The schema in GraphQL SDL */
                        sdl: string;
                    };
                };
            };
            400: components["responses"]["Spine400Keyless"];
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An OpenAPI 3.1 document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 3.1.0 */
                        openapi: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["Spine400Keyless"];
            500: components["responses"]["Spine500Keyless"];
            503: components["responses"]["Spine503Keyless"];
        };
    };
}
