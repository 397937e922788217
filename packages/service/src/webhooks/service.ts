/**
 * Webhooks: registration, the outbox (events written in the transaction of the
 * state change that causes them) and the dispatcher that delivers them with
 * retries. Deliveries are leased, so several processes may run dispatchers
 * against one store; delivery is at-least-once with a stable `webhook-id`.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { AppError, notFound, validationError } from '../errors/catalogue.js';
import type { Executor } from '../queue/queue.js';
import type { Store } from '../store/database.js';
import type { WebhookDeliveriesTable, WebhooksTable } from '../store/schema.js';
import {
  buildEventBody,
  checkWebhookUrl,
  deliverWebhook,
  generateWebhookSecret,
  InvalidWebhookSecretError,
  isWebhookEventType,
  newEventId,
  nextRetryDelayMs,
  parseEventSubscriptions,
  shouldDisable,
  signWebhook,
  subscriptionMatches,
  WebhookEventError,
  WebhookTargetError,
  webhookSecretKey,
  type AllowedNetworks,
  type DeliveryResult,
  type HostResolver,
  type WebhookEventType,
} from './delivery/index.js';

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  disabledReason: string | null;
  createdAt: string;
}

export interface AttemptView {
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  nextRetryAt: string | null;
}

export interface DeliveryView {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveriesTable['status'];
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  attemptLog?: AttemptView[];
}

export interface WebhookServiceOptions {
  allowed: AllowedNetworks;
  retryDelaysSec: number[];
  timeoutMs: number;
  logger: Logger;
  /** Tests inject a resolver to simulate DNS answers. */
  resolve?: HostResolver;
  pollMs?: number;
  maxInFlight?: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();

function toView(w: WebhooksTable): WebhookView {
  return { id: w.id, url: w.url, events: JSON.parse(w.events) as string[], active: w.active === 1, disabledReason: w.disabled_reason, createdAt: w.created_at };
}

function deliveryView(d: WebhookDeliveriesTable): DeliveryView {
  return {
    id: d.id, webhookId: d.webhook_id, eventId: d.event_id, eventType: d.event_type, status: d.status, attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null, lastStatusCode: d.last_status_code, lastError: d.last_error, createdAt: d.created_at,
  };
}

export class WebhookService {
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly store: Store,
    private readonly opts: WebhookServiceOptions,
  ) {}

  // ---- registration ------------------------------------------------------

  async register(body: unknown): Promise<{ webhook: WebhookView; secret?: string }> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError([{ field: '(root)', message: 'must be an object { url, events, secret? }' }]);
    const { url, events, secret } = body as { url?: unknown; events?: unknown; secret?: unknown };
    const errors: { field: string; message: string }[] = [];
    let subscriptions: string[] = [];
    try {
      subscriptions = parseEventSubscriptions(events);
    } catch (err) {
      if (err instanceof WebhookEventError) errors.push({ field: 'events', message: err.message });
      else throw err;
    }
    if (secret !== undefined && (typeof secret !== 'string' || secret.length < 8 || secret.length > 300)) errors.push({ field: 'secret', message: 'must be a string of 8–300 characters (e.g. whsec_<base64>)' });
    else if (typeof secret === 'string') {
      try {
        webhookSecretKey(secret);
      } catch (err) {
        if (err instanceof InvalidWebhookSecretError) errors.push({ field: 'secret', message: err.message });
        else throw err;
      }
    }
    if (typeof url !== 'string' || url.length > 2000) errors.push({ field: 'url', message: 'must be an http(s) URL of at most 2000 characters' });
    else {
      try {
        await checkWebhookUrl(url, this.opts.allowed, { resolve: this.opts.resolve });
      } catch (err) {
        if (err instanceof WebhookTargetError) errors.push({ field: 'url', message: err.message });
        else throw err;
      }
    }
    if (errors.length) throw validationError(errors);
    const generated = secret === undefined ? generateWebhookSecret() : undefined;
    const row: WebhooksTable = {
      id: id('wh'), url: url as string, events: JSON.stringify(subscriptions), secret: (secret as string | undefined) ?? generated!,
      active: 1, disabled_reason: null, failing_since: null, deleted_at: null, created_at: iso(),
    };
    await this.store.db.insertInto('webhooks').values(row).execute();
    // The secret is returned once, here, and only when we generated it.
    return { webhook: toView(row), ...(generated ? { secret: generated } : {}) };
  }

  async list(): Promise<{ webhooks: WebhookView[] }> {
    const rows = await this.store.db.selectFrom('webhooks').selectAll().where('deleted_at', 'is', null).orderBy('created_at', 'desc').execute();
    return { webhooks: rows.map(toView) };
  }

  private async getRow(webhookId: string): Promise<WebhooksTable> {
    const row = await this.store.db.selectFrom('webhooks').selectAll().where('id', '=', webhookId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw notFound('Webhook', webhookId);
    return row;
  }

  /** Deletes the webhook; its pending deliveries are canceled and never sent. */
  async remove(webhookId: string): Promise<void> {
    await this.getRow(webhookId);
    await this.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('webhooks').set({ deleted_at: iso(), active: 0 }).where('id', '=', webhookId).execute();
      await trx.updateTable('webhook_deliveries').set({ status: 'canceled', updated_at: iso() }).where('webhook_id', '=', webhookId).where('status', '=', 'pending').execute();
    });
  }

  async deliveries(webhookId: string, limit = 50): Promise<{ deliveries: DeliveryView[] }> {
    await this.getRow(webhookId);
    const rows = await this.store.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('created_at', 'desc').limit(limit).execute();
    const ids = rows.map((r) => r.id);
    const attempts = ids.length ? await this.store.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('attempted_at', 'asc').execute() : [];
    return {
      deliveries: rows.map((r) => ({
        ...deliveryView(r),
        attemptLog: attempts.filter((a) => a.delivery_id === r.id).map((a) => ({ attemptedAt: a.attempted_at, statusCode: a.status_code, error: a.error, durationMs: a.duration_ms, nextRetryAt: a.next_retry_at })),
      })),
    };
  }

  // ---- the outbox --------------------------------------------------------

  /**
   * Records an event and one pending delivery per subscribed, active webhook,
   * inside the caller's transaction: the event exists exactly when the state
   * change that caused it committed.
   */
  async emit(trx: Executor, type: WebhookEventType, data: unknown, onlyWebhookId?: string): Promise<DeliveryView[]> {
    const eventId = newEventId();
    const createdAt = iso();
    const body = buildEventBody({ id: eventId, type, timestamp: createdAt, data });
    let q = trx.selectFrom('webhooks').selectAll().where('active', '=', 1).where('deleted_at', 'is', null);
    if (onlyWebhookId) q = q.where('id', '=', onlyWebhookId);
    const hooks = (await q.execute()).filter((w) => onlyWebhookId || subscriptionMatches(JSON.parse(w.events) as string[], type));
    if (hooks.length === 0) return [];
    await trx.insertInto('webhook_events').values({ id: eventId, type, body, created_at: createdAt }).execute();
    const rows: WebhookDeliveriesTable[] = hooks.map((w) => ({
      id: id('dlv'), webhook_id: w.id, event_id: eventId, event_type: type, status: 'pending', attempts: 0, next_attempt_at: createdAt,
      lease_until: null, last_status_code: null, last_error: null, created_at: createdAt, updated_at: createdAt,
    }));
    await trx.insertInto('webhook_deliveries').values(rows).execute();
    return rows.map(deliveryView);
  }

  /** `POST /webhooks/fire`: an event with caller data to every subscriber, through the outbox. */
  async fire(body: unknown): Promise<{ eventType: string; deliveries: DeliveryView[] }> {
    const { event, data } = (body && typeof body === 'object' ? body : {}) as { event?: unknown; data?: unknown };
    if (!isWebhookEventType(event)) throw validationError([{ field: 'event', message: 'must be one of render.completed, render.failed, ingest.completed, webhook.test' }]);
    if (data === undefined) throw validationError([{ field: 'data', message: 'is required (any JSON value)' }]);
    const deliveries = await this.store.db.transaction().execute((trx) => this.emit(trx, event, data));
    this.wake();
    return { eventType: event, deliveries };
  }

  /** `POST /webhooks/:id/test`: a `webhook.test` event to one webhook, sent now; returns the outcome. */
  async test(webhookId: string): Promise<{ delivery: DeliveryView }> {
    const hook = await this.getRow(webhookId);
    if (hook.active !== 1) throw new AppError('invalid_state', `Webhook ${webhookId} is disabled (${hook.disabled_reason ?? 'inactive'})`);
    const [created] = await this.store.db.transaction().execute((trx) =>
      this.emit(trx, 'webhook.test', { webhookId, message: 'This is a test event from aqcast.' }, webhookId),
    );
    const claimed = await this.claimOne(created!.id);
    if (claimed) await this.attempt(claimed);
    const row = await this.store.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', created!.id).executeTakeFirstOrThrow();
    const log = await this.deliveries(webhookId, 200);
    return { delivery: log.deliveries.find((d) => d.id === row.id) ?? deliveryView(row) };
  }

  // ---- the dispatcher ----------------------------------------------------

  start(): void {
    if (this.loop) return;
    this.loop = this.run();
  }

  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private async run(): Promise<void> {
    const maxInFlight = this.opts.maxInFlight ?? 16;
    while (!this.stopping) {
      try {
        const free = maxInFlight - this.inFlight.size;
        const due = free > 0 ? await this.claimDue(free) : [];
        for (const d of due) {
          // Each delivery runs on its own: one slow receiver never holds up the others.
          const p = this.attempt(d).catch((err) => this.opts.logger.error({ err, deliveryId: d.id }, 'webhook delivery crashed'));
          this.inFlight.add(p);
          void p.finally(() => {
            this.inFlight.delete(p);
            this.wake();
          });
        }
        if (due.length > 0 && due.length === free) continue;
      } catch (err) {
        this.opts.logger.error({ err }, 'webhook dispatcher: claim failed');
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, this.opts.pollMs ?? 500);
        function done() {
          clearTimeout(t);
          resolve();
        }
        this.wakeUp = done;
      });
      this.wakeUp = null;
    }
  }

  private leaseUntil(): string {
    return iso(this.opts.timeoutMs + 15_000);
  }

  private async claimDue(limit: number): Promise<WebhookDeliveriesTable[]> {
    const now = iso();
    const lock = this.store.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const res = await sql<WebhookDeliveriesTable>`
      update webhook_deliveries set lease_until = ${this.leaseUntil()}, updated_at = ${now}
      where id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${now} and (lease_until is null or lease_until < ${now})
        order by next_attempt_at asc
        limit ${limit}
        ${lock}
      )
      returning *`.execute(this.store.db);
    return res.rows;
  }

  private async claimOne(deliveryId: string): Promise<WebhookDeliveriesTable | null> {
    const now = iso();
    const res = await this.store.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: this.leaseUntil(), updated_at: now })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    return res ?? null;
  }

  /** One HTTP attempt of a claimed delivery, and its bookkeeping. */
  private async attempt(d: WebhookDeliveriesTable): Promise<void> {
    const db = this.store.db;
    const hook = await db.selectFrom('webhooks').selectAll().where('id', '=', d.webhook_id).executeTakeFirst();
    const event = await db.selectFrom('webhook_events').selectAll().where('id', '=', d.event_id).executeTakeFirst();
    if (!hook || hook.active !== 1 || hook.deleted_at || !event) {
      await db.updateTable('webhook_deliveries').set({ status: 'canceled', lease_until: null, updated_at: iso() }).where('id', '=', d.id).execute();
      return;
    }
    const attemptNo = d.attempts + 1;
    const headers = signWebhook({ id: event.id, timestamp: Math.floor(Date.now() / 1000), body: event.body, secret: hook.secret });
    const result: DeliveryResult = await deliverWebhook({
      url: hook.url, headers: { ...headers, 'content-type': 'application/json' }, body: event.body, allowed: this.opts.allowed,
      timeoutMs: this.opts.timeoutMs, signal: this.abort.signal, resolve: this.opts.resolve,
    });
    if (result.errorCode === 'aborted') {
      // Shutdown interrupted the attempt: give it back untouched, another dispatcher sends it.
      await db.updateTable('webhook_deliveries').set({ lease_until: null }).where('id', '=', d.id).execute();
      return;
    }
    const now = iso();
    let status: WebhookDeliveriesTable['status'] = 'succeeded';
    let nextAt: string | null = null;
    let disable: string | null = null;
    if (!result.ok) {
      disable = shouldDisable({ statusCode: result.statusCode, firstFailureAt: hook.failing_since ? Date.parse(hook.failing_since) : null });
      const delay = disable || d.event_type === 'webhook.test' ? null : nextRetryDelayMs(attemptNo, this.opts.retryDelaysSec);
      status = delay === null ? 'failed' : 'pending';
      nextAt = delay === null ? null : iso(delay);
    }
    // Lock order: the webhook row first, then its deliveries, as remove() does, so
    // a delete racing an attempt waits instead of deadlocking.
    await db.transaction().execute(async (trx) => {
      if (result.ok) await trx.updateTable('webhooks').set({ failing_since: null }).where('id', '=', hook.id).execute();
      else if (disable) await trx.updateTable('webhooks').set({ active: 0, disabled_reason: disable === 'gone' ? 'receiver answered 410 Gone' : 'failing for 5 days' }).where('id', '=', hook.id).execute();
      else await trx.updateTable('webhooks').set({ failing_since: sql`coalesce(failing_since, ${now})` }).where('id', '=', hook.id).execute();
      await trx
        .insertInto('webhook_attempts')
        .values({ id: id('att'), delivery_id: d.id, attempted_at: now, status_code: result.statusCode ?? null, error: result.ok ? null : (result.error ?? 'failed'), duration_ms: result.durationMs, next_retry_at: nextAt })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({ status, attempts: attemptNo, next_attempt_at: nextAt, lease_until: null, last_status_code: result.statusCode ?? null, last_error: result.ok ? null : (result.error ?? 'failed'), updated_at: now })
        .where('id', '=', d.id)
        .execute();
      if (!result.ok && disable) {
        await trx.updateTable('webhook_deliveries').set({ status: 'canceled', updated_at: now }).where('webhook_id', '=', hook.id).where('status', '=', 'pending').execute();
      }
    });
    this.opts.logger.info({ deliveryId: d.id, webhookId: hook.id, eventType: d.event_type, attempt: attemptNo, ok: result.ok, statusCode: result.statusCode, error: result.error }, 'webhook attempt');
  }
}
