/** GET /ping and GET /health (public). */
import { Type } from '@sinclair/typebox';
import type { Http } from '../../core/module.js';
import type { SystemService } from './service.js';

const Check = Type.Object({ ok: Type.Boolean(), detail: Type.Optional(Type.String()) });
const Health = Type.Object({ ok: Type.Boolean(), version: Type.String(), store: Check, storage: Check, disk: Check, ffmpeg: Check });

export function systemRoutes(app: Http, system: SystemService): void {
  app.get(
    '/ping',
    {
      config: { public: true },
      schema: { operationId: 'ping', tags: ['system'], summary: 'Liveness and version', response: { 200: Type.Object({ ok: Type.Literal(true), version: Type.String({ examples: ['2.1.0'] }), uptime: Type.Number({ description: 'Seconds since start' }) }) } },
    },
    () => system.ping(),
  );
  app.get(
    '/health/live',
    { config: { public: true }, schema: { operationId: 'liveness', tags: ['system'], summary: 'Liveness: the process answers (restart it if this fails)', response: { 200: Type.Object({ ok: Type.Literal(true) }) } } },
    () => ({ ok: true as const }),
  );
  for (const [url, operationId, summary] of [
    ['/health', 'health', 'Readiness of the store, storage, the data disk and ffmpeg; each says what is wrong'],
    ['/health/ready', 'readiness', 'Readiness (same as /health): 503 while the store, storage, the data disk or ffmpeg is not usable — take the node out of rotation'],
  ] as const)
    app.get(url, { config: { public: true }, schema: { operationId, tags: ['system'], summary, response: { 200: Health, 503: Health } } }, async (_req, reply) => {
      const h = await system.health();
      return reply.code(h.ok ? 200 : 503).send(h);
    });
}
