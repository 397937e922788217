/**
 * Idempotency-Key support for POST routes that create things: the first
 * response is stored with a hash of the request; a replay with the same key and
 * the same request returns it again, the same key with a different request is
 * a 409. The key row and the created jobs commit in one transaction.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../store/database.js';
import type { Executor } from '../queue/queue.js';
import { AppError } from '../errors/catalogue.js';

export interface StoredResponse {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class IdempotencyService {
  constructor(private readonly store: Store) {}

  async run(
    key: string | undefined,
    route: string,
    request: unknown,
    create: (trx: Executor) => Promise<{ statusCode: number; body: unknown }>,
  ): Promise<StoredResponse> {
    if (key === undefined) {
      const r = await this.store.db.transaction().execute((trx) => create(trx));
      return { ...r, replayed: false };
    }
    if (key.length < 1 || key.length > 255) throw new AppError('validation_failed', 'Idempotency-Key must be 1–255 characters', { errors: [{ field: 'Idempotency-Key', message: 'must be 1–255 characters' }] });
    const hash = createHash('sha256').update(canonical(request)).digest('hex');
    const existing = await this.find(key, route);
    if (existing) return this.replay(existing, hash, key);
    try {
      return await this.store.db.transaction().execute(async (trx) => {
        const r = await create(trx);
        await trx
          .insertInto('idempotency_keys')
          .values({ key, route, request_hash: hash, status_code: r.statusCode, response_body: JSON.stringify(r.body), created_at: new Date().toISOString() })
          .execute();
        return { ...r, replayed: false };
      });
    } catch (err) {
      // Lost a race with a concurrent request carrying the same key: its commit wins.
      const winner = await this.find(key, route);
      if (winner) return this.replay(winner, hash, key);
      throw err;
    }
  }

  /**
   * For operations that must not hold a transaction open while they work (an
   * upload's OCR, a webhook test's HTTP call): replay if the key is known, else
   * run and record. Two concurrent first requests with one key may both run;
   * the first recorded response is what later replays return.
   */
  async runOutsideTransaction(
    key: string | undefined,
    route: string,
    request: unknown,
    create: () => Promise<{ statusCode: number; body: unknown }>,
  ): Promise<StoredResponse> {
    if (key === undefined) return { ...(await create()), replayed: false };
    if (key.length < 1 || key.length > 255) throw new AppError('validation_failed', 'Idempotency-Key must be 1–255 characters', { errors: [{ field: 'Idempotency-Key', message: 'must be 1–255 characters' }] });
    const hash = createHash('sha256').update(canonical(request)).digest('hex');
    const existing = await this.find(key, route);
    if (existing) return this.replay(existing, hash, key);
    const r = await create();
    await this.store.db
      .insertInto('idempotency_keys')
      .values({ key, route, request_hash: hash, status_code: r.statusCode, response_body: JSON.stringify(r.body), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['key', 'route']).doNothing())
      .execute();
    const first = await this.find(key, route);
    return first ? this.replay(first, hash, key) : { ...r, replayed: false };
  }

  private find(key: string, route: string) {
    return this.store.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).where('route', '=', route).executeTakeFirst();
  }

  private replay(row: { request_hash: string; status_code: number; response_body: string }, hash: string, key: string): StoredResponse {
    if (row.request_hash !== hash) throw new AppError('idempotency_conflict', `Idempotency-Key "${key}" was already used with different parameters`);
    return { statusCode: row.status_code, body: JSON.parse(row.response_body) as unknown, replayed: true };
  }
}
