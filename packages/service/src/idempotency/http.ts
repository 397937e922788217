import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredResponse } from './service.js';

/** The Idempotency-Key of a request, if it sent one. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const v = req.headers['idempotency-key'];
  return typeof v === 'string' ? v : undefined;
}

/** Sends a (possibly replayed) stored response, marking replays. */
export function sendStored(reply: FastifyReply, r: StoredResponse): FastifyReply {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(r.statusCode).send(r.body);
}
