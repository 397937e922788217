import type { Webhook, WebhookEventType } from '../types.js';
import { pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';

export interface WebhookInput {
  /** http(s) receiver. */
  url: string;
  /** `render.completed`, `render.failed`, `ingest.completed`, or `*`. */
  events: WebhookEventType[];
  /** `whsec_<base64>` or any string of 8+ characters; generated (and returned once) when omitted. */
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  /** The `webhook-id` header; the same on every retry. */
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  attemptLog?: { attemptedAt: string; statusCode: number | null; error: string | null; durationMs: number; nextRetryAt: string | null }[];
  [extra: string]: unknown;
}

/** Webhooks: register, list, delete, delivery log, test and manual fire. Verify deliveries with `verifyWebhook`. */
export class Webhooks extends Resource {
  /** Registers a receiver; the response holds the secret (generated or given) — the only time it is returned. */
  create(input: WebhookInput, opts?: CallOptions): Promise<{ webhook: Webhook; secret?: string }> {
    return this.http.request('POST', '/webhooks', { ...requestOptions(opts), body: input });
  }

  /** Same as `create` (the seed's name for it). */
  register(input: WebhookInput, opts?: CallOptions): Promise<{ webhook: Webhook; secret?: string }> {
    return this.create(input, opts);
  }

  /** The event types a webhook can subscribe to, with what each carries. */
  events(opts?: CallOptions): Promise<{ events: { type: string; description: string }[] }> {
    return this.http.request('GET', '/webhooks/events', requestOptions(opts));
  }

  list(opts?: CallOptions): Promise<{ webhooks: Webhook[] }> {
    return this.http.request('GET', '/webhooks', requestOptions(opts));
  }

  /** Deletes a webhook; its pending deliveries are canceled. */
  async delete(id: string, opts?: CallOptions): Promise<void> {
    await this.http.request('DELETE', pathWithId('/webhooks', id), requestOptions(opts));
  }

  /** Each delivery with every attempt: time, status code or error, duration, next retry. */
  deliveries(id: string, opts?: CallOptions): Promise<{ deliveries: WebhookDelivery[] }> {
    return this.http.request('GET', pathWithId('/webhooks', id, '/deliveries'), requestOptions(opts));
  }

  /** Sends a `webhook.test` event to this webhook now and returns the delivery. */
  test(id: string, opts?: CallOptions): Promise<{ delivery: WebhookDelivery }> {
    return this.http.request('POST', pathWithId('/webhooks', id, '/test'), requestOptions(opts));
  }

  /** Sends `event` with `data` to every webhook subscribed to it. */
  fire(event: WebhookEventType, data: unknown, opts?: CallOptions): Promise<{ eventType: string; deliveries: WebhookDelivery[] }> {
    return this.http.request('POST', '/webhooks/fire', { ...requestOptions(opts), body: { event, data } });
  }
}
