/**
 * Leased work, written once: every kind of background work that must run
 * exactly once across processes (a render job, a workflow run item, a webhook
 * delivery, a pending idempotency key) is a row that a process *claims* with a
 * lease before it works on it.
 *
 * Terms (one meaning each):
 * - **item**: a row of a leased table. Its table names what must be done; the
 *   lease columns say who does it.
 * - **owner** (`lease_owner`): who holds the lease: `<node>#<slot>`, a work slot
 *   of one process.
 * - **lease** (`lease_owner`, `lease_expires_at`, `lease_token`): the owner may
 *   work on the item until `lease_expires_at`, and keeps the lease by renewing it
 *   (a **heartbeat**). An item whose lease expired (its process died or stalled)
 *   is claimed again by anyone.
 * - **fencing token** (`lease_token`): goes up by one at every claim. Every write
 *   made because of the work is *fenced*: it names the item, the owner and the
 *   token it was claimed with, so a holder that lost the lease (expired and
 *   taken over, canceled, released) changes nothing.
 * - **claim**: one item per free slot, in one statement (PostgreSQL: the
 *   candidate row is locked `FOR UPDATE SKIP LOCKED`, so claimers never block
 *   one another nor take the same row; SQLite: the single writer serializes).
 * - **release**: the owner gives the item back (graceful stop) without
 *   waiting for the lease to expire.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor, Store } from '../store/database.js';

/** The lease columns every leased table has. */
export interface LeaseColumns {
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Raised by one at every claim: the fencing token. */
  lease_token: number;
}

/** One held lease: what every fenced write names. */
export interface Lease {
  readonly table: string;
  readonly id: string;
  readonly owner: string;
  readonly token: number;
}

/** How one kind of item is claimed: which rows are due, in which order, and what a claim sets besides the lease. */
export interface LeaseSpec {
  /** The leased table (its key column is `id`). */
  table: string;
  /** Rows that may be claimed now, besides having no live lease. */
  due(now: string): RawBuilder<SqlBool>;
  /** Which due row goes first. */
  order: RawBuilder<unknown>;
  /** Assignments a claim makes besides the lease (e.g. `status = 'rendering', attempts = attempts + 1`). */
  onClaim?(now: string): RawBuilder<unknown>;
}

const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

/** The lease held on `row` (just claimed), for fenced writes. */
export function leaseOf(table: string, row: { id: string } & LeaseColumns): Lease {
  if (row.lease_owner === null) throw new Error(`${table} ${row.id} is not leased`);
  return { table, id: row.id, owner: row.lease_owner, token: Number(row.lease_token) };
}

/**
 * Claims the first due item of `spec` for `owner` for `leaseMs`; null when none
 * is due. The row comes back as it is after the claim.
 */
export async function claimOne<Row extends { id: string } & LeaseColumns>(store: Store, spec: LeaseSpec, owner: string, leaseMs: number): Promise<Row | null> {
  const now = iso();
  const lock = store.dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const extra = spec.onClaim ? sql`, ${spec.onClaim(now)}` : sql``;
  const table = sql.table(spec.table);
  const result = await sql<Row>`
    update ${table} set lease_owner = ${owner}, lease_expires_at = ${iso(leaseMs)}, lease_token = lease_token + 1 ${extra}
    where id = (
      select id from ${table}
      where (lease_expires_at is null or lease_expires_at < ${now}) and (${spec.due(now)})
      order by ${spec.order}
      limit 1
      ${lock}
    )
    returning *`.execute(store.db);
  return result.rows[0] ?? null;
}

/** The condition of every fenced write: this item, still held by this owner under this token. */
export function fence(lease: Lease): RawBuilder<SqlBool> {
  return sql<SqlBool>`id = ${lease.id} and lease_owner = ${lease.owner} and lease_token = ${lease.token}`;
}

/** Values of a fenced update: plain values, or SQL over the row (`attempts - 1`). */
export type LeaseWrite = Record<string, string | number | null | RawBuilder<unknown>>;

/** Column assignments for a fenced update (column names come from code, never input). */
function assignments(set: LeaseWrite): RawBuilder<unknown>[] {
  return Object.entries(set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
}

/**
 * Renews the lease for another `leaseMs` (a heartbeat), writing `also` with it.
 * False means the lease is lost: stop working on the item.
 */
export async function renewLease(exec: Executor, lease: Lease, leaseMs: number, also: LeaseWrite = {}): Promise<boolean> {
  const set = sql.join([sql`lease_expires_at = ${iso(leaseMs)}`, ...assignments(also)]);
  const res = await sql`update ${sql.table(lease.table)} set ${set} where ${fence(lease)}`.execute(exec);
  return Number(res.numAffectedRows ?? 0) === 1;
}

/** Gives the item back now (no lease), writing `also` with it; false when the lease was already lost. */
export async function releaseLease(exec: Executor, lease: Lease, also: LeaseWrite = {}): Promise<boolean> {
  const set = sql.join([sql`lease_owner = ${null}`, sql`lease_expires_at = ${null}`, ...assignments(also)]);
  const res = await sql`update ${sql.table(lease.table)} set ${set} where ${fence(lease)}`.execute(exec);
  return Number(res.numAffectedRows ?? 0) === 1;
}

/** Thrown by a fenced write that found its lease gone: the work's result is discarded. */
export class LeaseLostError extends Error {
  constructor(readonly lease: Lease) {
    super(`lease on ${lease.table} ${lease.id} (token ${lease.token}) was lost`);
    this.name = 'LeaseLostError';
  }
}
