/**
 * Webhook event types and the delivered body.
 *
 * A webhook subscribes to some of the *subscribable* types (or `*` for all of
 * them); `webhook.test` is never subscribed to: it is only sent by the test
 * operation to the one webhook being tested.
 */
import { randomUUID } from 'node:crypto';

/** Types a webhook can subscribe to, in the order we list them in errors and docs. */
export const SUBSCRIBABLE_EVENT_TYPES = ['render.completed', 'render.failed', 'ingest.completed'] as const;
export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

/** Every type a delivered body can carry. */
export const WEBHOOK_EVENT_TYPES = [...SUBSCRIBABLE_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Subscribes to every subscribable type, including ones added later. */
export const ALL_EVENTS = '*';
/** What a webhook's `events` list may hold. */
export type EventSubscription = SubscribableEventType | typeof ALL_EVENTS;

/** The delivered JSON body, as a receiver parses it. */
export interface WebhookEvent<T = unknown> {
  /** Event id; also the `webhook-id` header, the same on every retry. */
  id: string;
  type: WebhookEventType;
  /** ISO 8601, when the event happened (not when this attempt was made). */
  timestamp: string;
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

const KNOWN_SUBSCRIPTIONS: readonly string[] = [...SUBSCRIBABLE_EVENT_TYPES, ALL_EVENTS];

/** True for any type a body can carry (`webhook.test` included, `*` excluded). */
export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** True for a type a webhook may subscribe to (`*` included, `webhook.test` excluded). */
export function isEventSubscription(value: unknown): value is EventSubscription {
  return typeof value === 'string' && KNOWN_SUBSCRIPTIONS.includes(value);
}

/**
 * Validates the `events` of a registration: a non-empty array of known
 * subscriptions. Returns them de-duplicated in the order given; throws a
 * {@link WebhookEventError} whose message and `event` name the first bad one.
 */
export function parseEventSubscriptions(input: unknown): EventSubscription[] {
  if (!Array.isArray(input)) throw new WebhookEventError('events must be an array of event names');
  if (input.length === 0) throw new WebhookEventError(`events must name at least one event (known: ${KNOWN_SUBSCRIPTIONS.join(', ')})`);
  const out: EventSubscription[] = [];
  for (const event of input) {
    if (!isEventSubscription(event)) {
      const shown = typeof event === 'string' ? `"${event}"` : JSON.stringify(event) ?? String(event);
      throw new WebhookEventError(`unknown event ${shown}; known events: ${KNOWN_SUBSCRIPTIONS.join(', ')}`, event);
    }
    if (!out.includes(event)) out.push(event);
  }
  return out;
}

/** Whether a webhook subscribed to `subscriptions` should receive an event of `type`. */
export function subscriptionMatches(subscriptions: readonly string[], type: WebhookEventType): boolean {
  if (type === 'webhook.test') return false; // sent only by the explicit test operation
  return subscriptions.includes(ALL_EVENTS) || subscriptions.includes(type);
}

/**
 * The exact JSON body delivered for an event: `{ id, type, timestamp, data }`
 * with `timestamp` in ISO 8601. Build it once when the event is recorded and
 * deliver the same string on every retry (the signature covers these bytes).
 *
 * `timestamp` may be a Date, epoch milliseconds or a parseable date string.
 * Throws {@link WebhookEventError} for an unknown type or an invalid timestamp.
 */
export function buildEventBody(event: { id: string; type: string; timestamp: Date | number | string; data: unknown }): string {
  if (typeof event.id !== 'string' || event.id === '') throw new WebhookEventError('event id must be a non-empty string');
  if (!isWebhookEventType(event.type)) {
    throw new WebhookEventError(`unknown event "${event.type}"; known events: ${WEBHOOK_EVENT_TYPES.join(', ')}`, event.type);
  }
  const at = event.timestamp instanceof Date ? event.timestamp : new Date(event.timestamp);
  if (Number.isNaN(at.getTime())) throw new WebhookEventError(`invalid event timestamp: ${String(event.timestamp)}`);
  const body: WebhookEvent = { id: event.id, type: event.type, timestamp: at.toISOString(), data: event.data ?? null };
  return JSON.stringify(body);
}

/** A fresh event id (`evt_` + 32 hex chars); keep it for every retry of the event. */
export function newEventId(): string {
  return `evt_${randomUUID().replace(/-/g, '')}`;
}
