/** All SQL on the webhooks, the event outbox, deliveries and their attempt log. */
import { sql, type Generated, type Insertable, type Selectable } from 'kysely';
import { claimOne, fence, LeaseLostError, releaseLease, type Lease, type LeaseSpec } from '../../core/lease/lease.js';
import type { Executor, Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    webhooks: WebhooksTable;
    webhook_events: WebhookEventsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
  }
}

export interface WebhooksTable {
  id: string;
  url: string;
  /** Subscribed event types (JSON array); `*` for all. */
  events: string;
  secret: string | null;
  /** 1 active, 0 disabled (410 Gone, or failing for 5 days). */
  active: number;
  disabled_reason: string | null;
  /** Start of the current unbroken failure streak. */
  failing_since: string | null;
  deleted_at: string | null;
  created_at: string;
}

/** The outbox: one row per event, written in the transaction of the state change that caused it. */
export interface WebhookEventsTable {
  id: string;
  type: string;
  /** The exact JSON body every receiver gets. */
  body: string;
  created_at: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  /** The dispatcher slot sending it now (core/lease: no two processes send it at once). */
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Fencing token: raised at every claim. */
  lease_token: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  next_retry_at: string | null;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();

/** Pending deliveries whose next attempt is due, oldest first. */
export const DELIVERIES_LEASE: LeaseSpec = {
  table: 'webhook_deliveries',
  due: (now) => sql`status = 'pending' and next_attempt_at <= ${now}`,
  order: sql`next_attempt_at asc`,
  onClaim: (now) => sql`updated_at = ${now}`,
};

export class WebhookStore {
  constructor(private readonly store: Store) {}

  /** Deletes finished deliveries (and their attempts) and events none still owes, older than `before`. */
  async pruneBefore(before: string): Promise<{ deliveries: number; events: number }> {
    const done = this.store.db.selectFrom('webhook_deliveries').select('id').where('status', '!=', 'pending').where('created_at', '<', before);
    await this.store.db.deleteFrom('webhook_attempts').where('delivery_id', 'in', done).execute();
    const deliveries = await this.store.db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('created_at', '<', before).executeTakeFirst();
    const owed = this.store.db.selectFrom('webhook_deliveries').select('event_id');
    const events = await this.store.db.deleteFrom('webhook_events').where('created_at', '<', before).where('id', 'not in', owed).executeTakeFirst();
    return { deliveries: Number(deliveries.numDeletedRows), events: Number(events.numDeletedRows) };
  }

  async insertWebhook(row: WebhookRow): Promise<void> {
    await this.store.db.insertInto('webhooks').values(row).execute();
  }

  async listWebhooks(): Promise<WebhookRow[]> {
    return this.store.db.selectFrom('webhooks').selectAll().where('deleted_at', 'is', null).orderBy('created_at', 'desc').execute();
  }

  async getWebhook(id: string, exec: Executor = this.store.db): Promise<WebhookRow | undefined> {
    return exec.selectFrom('webhooks').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** Marks the webhook deleted and cancels its pending deliveries (webhook row first: the lock order of attempts). */
  async deleteWebhook(trx: Executor, id: string): Promise<boolean> {
    const res = await trx.updateTable('webhooks').set({ deleted_at: iso(), active: 0 }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    // The lease goes too: an attempt in flight finds it lost and records nothing.
    await trx.updateTable('webhook_deliveries').set({ status: 'canceled', lease_owner: null, lease_expires_at: null, updated_at: iso() }).where('webhook_id', '=', id).where('status', '=', 'pending').execute();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Active webhooks, or the one given. */
  async activeWebhooks(exec: Executor, onlyId?: string): Promise<WebhookRow[]> {
    let q = exec.selectFrom('webhooks').selectAll().where('active', '=', 1).where('deleted_at', 'is', null);
    if (onlyId) q = q.where('id', '=', onlyId);
    return q.execute();
  }

  async insertEvent(exec: Executor, event: Selectable<WebhookEventsTable>, deliveries: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
    await exec.insertInto('webhook_events').values(event).execute();
    for (let i = 0; i < deliveries.length; i += 100) await exec.insertInto('webhook_deliveries').values(deliveries.slice(i, i + 100)).execute();
  }

  async deliveries(webhookId: string, limit: number): Promise<{ deliveries: DeliveryRow[]; attempts: AttemptRow[] }> {
    const deliveries = await this.store.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('created_at', 'desc').limit(limit).execute();
    const ids = deliveries.map((r) => r.id);
    const attempts = ids.length ? await this.store.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('attempted_at', 'asc').execute() : [];
    return { deliveries, attempts };
  }

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    return this.store.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Claims the oldest due delivery for the dispatcher slot `owner` (see {@link DELIVERIES_LEASE}). */
  async claim(owner: string, leaseMs: number): Promise<DeliveryRow | null> {
    return claimOne<DeliveryRow>(this.store, DELIVERIES_LEASE, owner, leaseMs);
  }

  async eventFor(delivery: DeliveryRow): Promise<{ hook: WebhookRow | undefined; event: Selectable<WebhookEventsTable> | undefined }> {
    const [hook, event] = await Promise.all([
      this.store.db.selectFrom('webhooks').selectAll().where('id', '=', delivery.webhook_id).executeTakeFirst(),
      this.store.db.selectFrom('webhook_events').selectAll().where('id', '=', delivery.event_id).executeTakeFirst(),
    ]);
    return { hook, event };
  }

  /** Ends a delivery the dispatcher cannot send (its webhook or event is gone), if it still holds it. */
  async endDelivery(lease: Lease, status: DeliveryStatus): Promise<boolean> {
    return releaseLease(this.store.db, lease, { status, updated_at: iso() });
  }

  /** Gives a delivery back untouched (shutdown interrupted the attempt): another dispatcher sends it. */
  async unlease(lease: Lease): Promise<boolean> {
    return releaseLease(this.store.db, lease);
  }

  /**
   * Records one attempt's outcome. Lock order: the webhook row first, then its
   * deliveries, as delete does, so a delete racing an attempt waits instead of deadlocking.
   * Fenced on the delivery's lease: when it was lost (deleted webhook, taken over), the
   * whole record rolls back ({@link LeaseLostError}).
   */
  async recordAttempt(
    trx: Executor,
    lease: Lease,
    a: { hookId: string; deliveryId: string; attemptNo: number; ok: boolean; disable: string | null; status: DeliveryStatus; nextAt: string | null; statusCode: number | null; error: string | null; durationMs: number; attemptId: string },
  ): Promise<void> {
    const now = iso();
    if (a.ok) await trx.updateTable('webhooks').set({ failing_since: null }).where('id', '=', a.hookId).execute();
    else if (a.disable) await trx.updateTable('webhooks').set({ active: 0, disabled_reason: a.disable }).where('id', '=', a.hookId).execute();
    else await trx.updateTable('webhooks').set({ failing_since: sql`coalesce(failing_since, ${now})` }).where('id', '=', a.hookId).execute();
    await trx
      .insertInto('webhook_attempts')
      .values({ id: a.attemptId, delivery_id: a.deliveryId, attempted_at: now, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs, next_retry_at: a.nextAt })
      .execute();
    const held = await trx
      .updateTable('webhook_deliveries')
      .set({ status: a.status, attempts: a.attemptNo, next_attempt_at: a.nextAt, lease_owner: null, lease_expires_at: null, last_status_code: a.statusCode, last_error: a.error, updated_at: now })
      .where(fence(lease))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLostError(lease);
    if (!a.ok && a.disable) await trx.updateTable('webhook_deliveries').set({ status: 'canceled', updated_at: now }).where('webhook_id', '=', a.hookId).where('status', '=', 'pending').execute();
  }
}
