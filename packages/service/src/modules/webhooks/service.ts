/**
 * Webhooks: registration, the outbox (events written in the transaction of the
 * state change that causes them) and the dispatcher that delivers them with
 * retries. Deliveries are leased, so several processes may run dispatchers
 * against one store; delivery is at-least-once with a stable `webhook-id`.
 */
import type { Logger } from 'pino';
import { AppError, CORE_ERRORS, invalidState, notFound, validationError, type FieldError } from '../../core/errors.js';
import type { EventBus, EventSink } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { leaseOf, LeaseLostError, type Lease } from '../../core/lease/lease.js';
import { LeaseRunner, type LeasedRun } from '../../core/lease/runner.js';
import { checkOutboundUrl, OutboundTargetError, type AllowedNetworks, type HostResolver } from '../../core/outbound/ssrf.js';
import { onCommit, transaction, type Executor, type Store } from '../../core/store/database.js';
import type { DeliveryView, FireBody, RegisterBody, WebhookView } from './contract.js';
import {
  buildEventBody,
  deliverWebhook,
  generateWebhookSecret,
  InvalidWebhookSecretError,
  newEventId,
  nextRetryDelayMs,
  parseEventSubscriptions,
  shouldDisable,
  signWebhook,
  subscriptionMatches,
  TEST_EVENT_TYPE,
  WebhookEventError,
  webhookSecretKey,
} from './delivery/index.js';
import { WebhookStore, type AttemptRow, type DeliveryRow, type WebhookRow } from './store.js';
import { readJson } from '../../core/store/json-column.js';
import { Type } from '@sinclair/typebox';

export interface WebhookServiceOptions {
  allowed: AllowedNetworks;
  retryDelaysSec: number[];
  timeoutMs: number;
  /** A dispatcher slot holds a delivery this long between heartbeats; a killed node's delivery is sent by another once it lapses. */
  leaseSeconds: number;
  /** Owner prefix of this process's dispatcher slots. */
  owner: string;
  logger: Logger;
  events: EventBus;
  /** Tests inject a resolver to simulate DNS answers. */
  resolve?: HostResolver;
  pollMs?: number;
  maxInFlight?: number;
  /** Counts attempts by outcome (`succeeded`, or why not: `http_status`, `timeout`, …). */
  onAttempt?: (outcome: string) => void;
}

/** Channel on which new deliveries wake dispatchers (NOTIFY on PostgreSQL). */
export const WEBHOOKS_CHANNEL = 'aqcast_webhooks';

const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();

const Events = Type.Array(Type.String());
const readEvents = (w: WebhookRow) => readJson(Events, w.events, `webhook ${w.id} events`);

function toView(w: WebhookRow): WebhookView {
  return { id: w.id, url: w.url, events: readEvents(w), active: w.active === 1, disabledReason: w.disabled_reason, createdAt: w.created_at };
}

function deliveryView(d: DeliveryRow, attempts?: AttemptRow[]): DeliveryView {
  return {
    id: d.id, webhookId: d.webhook_id, eventId: d.event_id, eventType: d.event_type, status: d.status, attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null, lastStatusCode: d.last_status_code, lastError: d.last_error, createdAt: d.created_at,
    ...(attempts ? { attemptLog: attempts.map((a) => ({ attemptedAt: a.attempted_at, statusCode: a.status_code, error: a.error, durationMs: a.duration_ms, nextRetryAt: a.next_retry_at })) } : {}),
  };
}

export class WebhookService implements EventSink {
  readonly rows: WebhookStore;
  /** The dispatcher: deliveries are leased items (core/lease), one per free slot. */
  private readonly dispatcher: LeaseRunner<DeliveryRow>;

  constructor(
    private readonly store: Store,
    private readonly opts: WebhookServiceOptions,
  ) {
    this.rows = new WebhookStore(store);
    const leaseMs = opts.leaseSeconds * 1000;
    this.dispatcher = new LeaseRunner<DeliveryRow>({
      name: 'webhooks', store, logger: opts.logger, channel: WEBHOOKS_CHANNEL, owner: opts.owner,
      // Each delivery has a slot of its own: one slow receiver never holds up the others.
      concurrency: opts.maxInFlight ?? 16, leaseMs, pollMs: opts.pollMs ?? 500,
      claim: (owner) => this.rows.claim(owner, leaseMs),
      lease: (d) => leaseOf('webhook_deliveries', d),
      work: (d, run) => this.attempt(d, run),
    });
  }

  /** Event types a webhook may subscribe to: every type the modules declared. */
  subscribable(): string[] {
    return this.opts.events.types().map((t) => t.type);
  }

  /** The subscribable types with their descriptions (GET /webhooks/events). */
  eventTypes(): { type: string; description: string }[] {
    return this.opts.events.types().map((t) => ({ type: t.type, description: t.description }));
  }

  // ---- registration ------------------------------------------------------

  async register(body: RegisterBody): Promise<{ webhook: WebhookView; secret?: string }> {
    const errors: FieldError[] = [];
    let subscriptions: string[] = [];
    try {
      subscriptions = parseEventSubscriptions(body.events, this.subscribable());
    } catch (err) {
      if (!(err instanceof WebhookEventError)) throw err;
      errors.push({ field: 'events', message: err.message });
    }
    if (body.secret !== undefined) {
      try {
        webhookSecretKey(body.secret);
      } catch (err) {
        if (!(err instanceof InvalidWebhookSecretError)) throw err;
        errors.push({ field: 'secret', message: err.message });
      }
    }
    try {
      await checkOutboundUrl(body.url, this.opts.allowed, { resolve: this.opts.resolve });
    } catch (err) {
      if (!(err instanceof OutboundTargetError)) throw err;
      errors.push({ field: 'url', message: err.message });
    }
    if (errors.length) throw validationError(errors);
    const generated = body.secret === undefined ? generateWebhookSecret() : undefined;
    const row: WebhookRow = {
      id: newId('wh'), url: body.url, events: JSON.stringify(subscriptions), secret: body.secret ?? generated!,
      active: 1, disabled_reason: null, failing_since: null, deleted_at: null, created_at: iso(),
    };
    await this.rows.insertWebhook(row);
    // The secret is returned once, here, and only when we generated it.
    return { webhook: toView(row), ...(generated ? { secret: generated } : {}) };
  }

  async list(): Promise<{ webhooks: WebhookView[] }> {
    return { webhooks: (await this.rows.listWebhooks()).map(toView) };
  }

  private async getRow(webhookId: string): Promise<WebhookRow> {
    const row = await this.rows.getWebhook(webhookId);
    if (!row) throw notFound('Webhook', webhookId);
    return row;
  }

  /** Deletes the webhook; its pending deliveries are canceled and never sent. */
  async remove(webhookId: string): Promise<void> {
    const deleted = await transaction(this.store, (trx) => this.rows.deleteWebhook(trx, webhookId));
    if (!deleted) throw notFound('Webhook', webhookId);
  }

  async deliveries(webhookId: string, limit = 50): Promise<{ deliveries: DeliveryView[] }> {
    await this.getRow(webhookId);
    const { deliveries, attempts } = await this.rows.deliveries(webhookId, limit);
    return { deliveries: deliveries.map((d) => deliveryView(d, attempts.filter((a) => a.delivery_id === d.id))) };
  }

  // ---- the outbox --------------------------------------------------------

  /** {@link EventSink}: the event and one pending delivery per subscribed, active webhook, inside `trx`. */
  async record(trx: Executor, type: string, data: unknown): Promise<void> {
    await this.emit(trx, type, data);
  }

  private async emit(trx: Executor, type: string, data: unknown, options: { onlyWebhookId?: string; manual?: boolean; leased?: boolean } = {}): Promise<DeliveryRow[]> {
    const eventId = newEventId();
    const createdAt = iso();
    const body = buildEventBody({ id: eventId, type, timestamp: createdAt, data, manual: options.manual });
    const hooks = (await this.rows.activeWebhooks(trx, options.onlyWebhookId)).filter((w) => options.onlyWebhookId || subscriptionMatches(readEvents(w), type));
    if (hooks.length === 0) return [];
    const rows: DeliveryRow[] = hooks.map((w) => ({
      id: newId('dlv'), webhook_id: w.id, event_id: eventId, event_type: type, status: 'pending', attempts: 0, next_attempt_at: createdAt,
      // A delivery the caller sends itself (the test operation) is leased to it from the start: no dispatcher takes it.
      lease_owner: options.leased ? `${this.opts.owner}#direct` : null, lease_expires_at: options.leased ? new Date(Date.now() + this.opts.timeoutMs + this.opts.leaseSeconds * 1000).toISOString() : null,
      lease_token: options.leased ? 1 : 0, last_status_code: null, last_error: null, created_at: createdAt, updated_at: createdAt,
    }));
    await this.rows.insertEvent(trx, { id: eventId, type, body, created_at: createdAt }, rows);
    if (!options.leased) onCommit(trx, () => void this.store.notify(WEBHOOKS_CHANNEL).catch(() => {}));
    return rows;
  }

  /** `POST /webhooks/fire`: an event with caller data to every subscriber, marked `manual: true`. */
  async fire(body: FireBody): Promise<{ eventType: string; deliveries: DeliveryView[] }> {
    const known = this.subscribable();
    if (!known.includes(body.event)) throw validationError([{ field: 'event', message: `must be one of ${known.join(', ')}` }]);
    const deliveries = await transaction(this.store, (trx) => this.emit(trx, body.event, body.data ?? null, { manual: true }));
    return { eventType: body.event, deliveries: deliveries.map((d) => deliveryView(d)) };
  }

  /** `POST /webhooks/:id/test`: a `webhook.test` event to one webhook, sent now; returns the outcome. */
  async test(webhookId: string): Promise<{ delivery: DeliveryView }> {
    const hook = await this.getRow(webhookId);
    if (hook.active !== 1) throw invalidState(`Webhook ${webhookId} is disabled (${hook.disabled_reason ?? 'inactive'})`);
    const [created] = await transaction(this.store, (trx) => this.emit(trx, TEST_EVENT_TYPE, { webhookId, message: 'This is a test event from aqcast.' }, { onlyWebhookId: webhookId, leased: true }));
    if (!created) throw new AppError(CORE_ERRORS.internal_error, 'the test event was not recorded');
    await this.attempt(created, null);
    const log = await this.deliveries(webhookId, 200);
    const row = log.deliveries.find((d) => d.id === created.id);
    return { delivery: row ?? deliveryView((await this.rows.delivery(created.id))!) };
  }

  // ---- the dispatcher ----------------------------------------------------

  async start(): Promise<void> {
    await this.dispatcher.start();
  }

  wake(): void {
    this.dispatcher.wake();
  }

  /** Attempts in flight are aborted at once and their deliveries given back: another dispatcher sends them. */
  async stop(): Promise<void> {
    await this.dispatcher.stop(0);
  }

  /**
   * One HTTP attempt of a leased delivery, and its bookkeeping, fenced on the
   * lease. `run` is the dispatcher's (null when the test operation sends it itself).
   */
  private async attempt(d: DeliveryRow, run: LeasedRun | null): Promise<void> {
    const lease: Lease = run?.lease ?? leaseOf('webhook_deliveries', d);
    const settle = run ? run.settle : <T>(write: () => Promise<T>) => write();
    const { hook, event } = await this.rows.eventFor(d);
    if (!hook || hook.active !== 1 || hook.deleted_at || !event) {
      await settle(() => this.rows.endDelivery(lease, 'canceled'));
      return;
    }
    const attemptNo = d.attempts + 1;
    const headers = signWebhook({ id: event.id, timestamp: Math.floor(Date.now() / 1000), body: event.body, secret: hook.secret });
    const result = await deliverWebhook({
      url: hook.url, headers: { ...headers, 'content-type': 'application/json' }, body: event.body, allowed: this.opts.allowed,
      timeoutMs: this.opts.timeoutMs, signal: run?.signal, resolve: this.opts.resolve,
    });
    if (result.errorCode === 'aborted') {
      // Shutdown interrupted the attempt: give it back untouched, another dispatcher sends it. (A lost lease is someone else's now.)
      if (run?.reason() === 'shutdown') await this.rows.unlease(lease).catch(() => false);
      return;
    }
    this.opts.onAttempt?.(result.ok ? 'succeeded' : (result.errorCode ?? 'failed'));
    let status: DeliveryRow['status'] = 'succeeded';
    let nextAt: string | null = null;
    let disable: string | null = null;
    if (!result.ok) {
      const why = shouldDisable({ statusCode: result.statusCode, firstFailureAt: hook.failing_since ? Date.parse(hook.failing_since) : null });
      disable = why === 'gone' ? 'receiver answered 410 Gone' : why ? 'failing for 5 days' : null;
      const delay = disable || d.event_type === TEST_EVENT_TYPE ? null : nextRetryDelayMs(attemptNo, this.opts.retryDelaysSec);
      status = delay === null ? 'failed' : 'pending';
      nextAt = delay === null ? null : iso(delay);
    }
    const attemptId = newId('att');
    try {
      await settle(() =>
        transaction(this.store, (trx) =>
          this.rows.recordAttempt(trx, lease, {
            hookId: hook.id, deliveryId: d.id, attemptNo, ok: result.ok, disable, status, nextAt, statusCode: result.statusCode ?? null,
            error: result.ok ? null : (result.error ?? 'failed'), durationMs: result.durationMs, attemptId,
          }),
        ),
      );
    } catch (err) {
      if (!(err instanceof LeaseLostError)) throw err;
      this.opts.logger.warn({ deliveryId: d.id, attempt: attemptNo }, 'webhook attempt made but its lease was lost (webhook deleted, or taken over); not recorded');
      return;
    }
    this.opts.logger.info({ deliveryId: d.id, webhookId: hook.id, eventType: d.event_type, attempt: attemptNo, ok: result.ok, statusCode: result.statusCode, error: result.error }, 'webhook attempt');
  }
}
