/**
 * Webhook event types and the delivered body.
 *
 * The event types are declared by the modules that publish them
 * (`render.completed` by the queue, `ingest.completed` by ingest, …); a webhook
 * subscribes to some of them (or `*` for all, including types added later).
 * `webhook.test` is never subscribed to: it is only sent by the test operation
 * to the one webhook being tested.
 */
import { randomUUID } from 'node:crypto';

/** The type the test operation sends; not subscribable. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Subscribes to every subscribable type, including ones added later. */
export const ALL_EVENTS = '*';

/** The delivered JSON body, as a receiver parses it. */
export interface WebhookEvent<T = unknown> {
  /** Event id; also the `webhook-id` header, the same on every retry. */
  id: string;
  type: string;
  /** ISO 8601, when the event happened (not when this attempt was made). */
  timestamp: string;
  /** Present (true) only on events sent by hand with POST /webhooks/fire. */
  manual?: true;
  data: T;
}

/**
 * A bad event name or subscription list. `event` is the offending value (when
 * there is one), so a route can answer 400 naming it.
 */
export class WebhookEventError extends Error {
  constructor(
    message: string,
    readonly event?: unknown,
  ) {
    super(message);
    this.name = 'WebhookEventError';
  }
}

/** An event type's shape: dotted lowercase words (`render.completed`). */
const TYPE_PATTERN = /^[a-z]+(\.[a-z_]+)+$/;

/**
 * Validates the `events` of a registration: a non-empty array of known
 * subscriptions. Returns them de-duplicated in the order given; throws a
 * {@link WebhookEventError} whose message and `event` name the first bad one.
 */
export function parseEventSubscriptions(input: unknown, subscribable: readonly string[]): string[] {
  const known = [...subscribable, ALL_EVENTS];
  if (!Array.isArray(input)) throw new WebhookEventError('events must be an array of event names');
  if (input.length === 0) throw new WebhookEventError(`events must name at least one event (known: ${known.join(', ')})`);
  const out: string[] = [];
  for (const event of input) {
    if (typeof event !== 'string' || !known.includes(event)) {
      const shown = typeof event === 'string' ? `"${event}"` : JSON.stringify(event) ?? String(event);
      throw new WebhookEventError(`unknown event ${shown}; known events: ${known.join(', ')}`, event);
    }
    if (!out.includes(event)) out.push(event);
  }
  return out;
}

/** Whether a webhook subscribed to `subscriptions` should receive an event of `type`. */
export function subscriptionMatches(subscriptions: readonly string[], type: string): boolean {
  if (type === TEST_EVENT_TYPE) return false; // sent only by the explicit test operation
  return subscriptions.includes(ALL_EVENTS) || subscriptions.includes(type);
}

/**
 * The exact JSON body delivered for an event: `{ id, type, timestamp, data }`
 * (`manual: true` before `data` for events sent by hand)
 * with `timestamp` in ISO 8601. Build it once when the event is recorded and
 * deliver the same string on every retry (the signature covers these bytes).
 *
 * `timestamp` may be a Date, epoch milliseconds or a parseable date string.
 * Throws {@link WebhookEventError} for an unknown type or an invalid timestamp.
 */
export function buildEventBody(event: { id: string; type: string; timestamp: Date | number | string; data: unknown; manual?: boolean }): string {
  if (typeof event.id !== 'string' || event.id === '') throw new WebhookEventError('event id must be a non-empty string');
  if (!TYPE_PATTERN.test(event.type)) throw new WebhookEventError(`"${event.type}" is not an event type (like render.completed)`, event.type);
  const at = event.timestamp instanceof Date ? event.timestamp : new Date(event.timestamp);
  if (Number.isNaN(at.getTime())) throw new WebhookEventError(`invalid event timestamp: ${String(event.timestamp)}`);
  const body: WebhookEvent = { id: event.id, type: event.type, timestamp: at.toISOString(), ...(event.manual ? { manual: true as const } : {}), data: event.data ?? null };
  return JSON.stringify(body);
}

/** A fresh event id (`evt_` + 32 hex chars); keep it for every retry of the event. */
export function newEventId(): string {
  return `evt_${randomUUID().replace(/-/g, '')}`;
}
