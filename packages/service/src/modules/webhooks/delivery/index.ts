/**
 * The store-independent core of webhooks: what a delivery is made of, with no
 * tables, queue or routes. The outbox, dispatcher and routes build on these.
 *
 * Terms, used the same way in every file here:
 * - **webhook**: a registered receiver — a URL, the event types it subscribes
 *   to (`events`, `*` for all) and a secret.
 * - **event**: something that happened (`render.completed`, …) with an id and a
 *   JSON body built once by `buildEventBody`; the id is the `webhook-id` header.
 * - **delivery**: one event owed to one webhook; it succeeds once, or is given up.
 * - **attempt**: one HTTP POST of a delivery (`deliverWebhook`); each attempt is
 *   signed afresh with its own `webhook-timestamp`, the body and id unchanged.
 * - **target**: the webhook URL after the SSRF check, with every address it
 *   resolves to; an attempt connects to those addresses and no others.
 * - **allowed networks**: CIDRs from `OUTBOUND_ALLOWED_NETWORKS` that are exempt
 *   from the SSRF refusal (local receivers, tests); nothing else is exempt
 *   (the guard itself is core/outbound/ssrf.ts, shared by every outbound call).
 * - **schedule**: the delays between attempts (`WEBHOOK_RETRY_DELAYS`, jittered).
 *
 * A typical attempt:
 * ```ts
 * const body = buildEventBody({ id, type: 'render.completed', timestamp: createdAt, data: job });
 * const headers = signWebhook({ id, timestamp: Math.floor(Date.now() / 1000), body, secret });
 * const result = await deliverWebhook({ url, headers, body, allowed });
 * if (!result.ok) {
 *   const disable = shouldDisable({ statusCode: result.statusCode, firstFailureAt, now: Date.now() });
 *   const waitMs = disable ? null : nextRetryDelayMs(attemptNumber, delays);
 * }
 * ```
 */
export * from './events.js';
export * from './signing.js';
export * from './deliver.js';
export * from './schedule.js';
