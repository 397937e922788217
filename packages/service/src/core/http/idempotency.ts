/**
 * `Idempotency-Key` on every mutating route (POST, PATCH, DELETE), GraphQL
 * included: a pre-handler claims the key (or replays the stored answer) and the
 * response is recorded when it is sent. Routes whose work is one transaction
 * record the response inside it with {@link inTransaction}, so the work and the
 * answer a retry will get commit together. Upload routes, whose request is only
 * known once the file was read, claim with {@link claimIdempotency} themselves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { Transaction } from 'kysely';
import type { IdempotencyClaim, IdempotencyService } from '../idempotency.js';
import { transaction, type Database, type Store } from '../store/database.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The claimed Idempotency-Key of this request, while its work runs. */
    idempotencyClaim: IdempotencyClaim | null;
  }
  interface FastifyContextConfig {
    /** `auto` (default for POST/PATCH/DELETE): claimed before the handler; `manual`: the handler claims. */
    idempotency?: 'auto' | 'manual' | 'off';
    /** Whether a 2xx answer is a success worth replaying (GraphQL: no `errors`). */
    idempotentSuccess?: (payload: string) => boolean;
  }
}

const MUTATING = new Set(['POST', 'PATCH', 'DELETE', 'PUT']);
export const IDEMPOTENCY_HEADER = 'idempotency-key';

function keyOf(req: FastifyRequest): string | undefined {
  const v = req.headers[IDEMPOTENCY_HEADER];
  return typeof v === 'string' ? v : undefined;
}

function scopeOf(req: FastifyRequest): string {
  return `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;
}

function sendReplay(reply: FastifyReply, statusCode: number, body: string): FastifyReply {
  reply.header('idempotent-replayed', 'true').code(statusCode);
  if (body === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Claims the request's key for `identity` (what makes two requests the same); returns true when it replayed. */
export async function claimIdempotency(req: FastifyRequest, reply: FastifyReply, service: IdempotencyService, identity: unknown): Promise<boolean> {
  const key = keyOf(req);
  if (key === undefined) return false;
  const outcome = await service.begin(key, scopeOf(req), identity);
  if (outcome.kind === 'replay') {
    sendReplay(reply, outcome.response.statusCode, outcome.response.body);
    return true;
  }
  req.idempotencyClaim = outcome.claim;
  return false;
}

/** Registers the hooks on every route with a mutating method (reads, the bulk of the traffic, run none of them). */
export function registerIdempotency(app: FastifyInstance, service: IdempotencyService): void {
  app.decorateRequest('idempotencyClaim', null);
  const claimBeforeHandler: preHandlerHookHandler = (req, reply, done) => {
    const mode = req.routeOptions.config.idempotency ?? 'auto';
    if (mode !== 'auto' || !MUTATING.has(req.method)) return done();
    claimIdempotency(req, reply, service, { params: req.params ?? null, query: req.query ?? null, body: req.body ?? null }).then(
      (answered) => (answered ? undefined : done()),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  };
  const recordAnswer: onSendHookHandler = (req, reply, payload, done) => {
    const claim = req.idempotencyClaim;
    if (!claim || claim.done) return done(null, payload);
    req.idempotencyClaim = null;
    const text = typeof payload === 'string' ? payload : payload == null ? '' : null;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300 && text !== null && (req.routeOptions.config.idempotentSuccess?.(text) ?? true);
    // Recording is best effort here: if the store is unreachable now, the key's lease lapses and a retry runs again.
    const settled = ok ? claim.complete(reply.statusCode, text).catch((err: unknown) => req.log.warn({ err: String(err) }, 'idempotent answer not recorded')) : claim.release().catch(() => {});
    void settled.then(() => done(null, payload));
  };
  // A request that died before sending (client gone, crash in a hook) gives its key back.
  const releaseUnanswered: onResponseHookHandler = (req, _reply, done) => {
    const claim = req.idempotencyClaim;
    if (!claim || claim.done) return done();
    void claim.release().catch(() => {}).then(() => done());
  };
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((m) => MUTATING.has(m))) return;
    // The claim comes before the route's own pre-handlers, as when it was an app-wide hook.
    route.preHandler = [claimBeforeHandler, ...[route.preHandler ?? []].flat()];
    route.onSend = [...[route.onSend ?? []].flat(), recordAnswer];
    route.onResponse = [...[route.onResponse ?? []].flat(), releaseUnanswered];
  });
}

/**
 * Runs `work` in one transaction that also records the idempotent answer
 * (status `statusCode`, body the JSON of what `work` returns), when the request
 * carries a key.
 */
export async function inTransaction<T>(req: FastifyRequest, store: Store, statusCode: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return transaction(store, async (trx) => {
    const body = await work(trx);
    await req.idempotencyClaim?.completeIn(trx, statusCode, JSON.stringify(body));
    return body;
  });
}
