import { findFfmpeg } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { SERVICE_VERSION } from '../version.js';

const Check = Type.Object({ ok: Type.Boolean(), detail: Type.Optional(Type.String()) });

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/ping',
    {
      config: { public: true },
      schema: { tags: ['service'], summary: 'Liveness and version', response: { 200: Type.Object({ ok: Type.Literal(true), version: Type.String({ examples: ['2.1.0'] }), uptime: Type.Number({ description: 'Seconds since start' }) }) } },
    },
    async () => ({ ok: true as const, version: SERVICE_VERSION, uptime: Math.round((Date.now() - ctx.startedAt) / 100) / 10 }),
  );

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['service'],
        summary: 'Readiness of the store, storage and ffmpeg',
        response: {
          200: Type.Object({ ok: Type.Boolean(), version: Type.String(), store: Check, storage: Check, ffmpeg: Check }),
          503: Type.Object({ ok: Type.Boolean(), version: Type.String(), store: Check, storage: Check, ffmpeg: Check }),
        },
      },
    },
    async (_req, reply) => {
      const store = await sql`select 1 as one`.execute(ctx.store.db).then(
        () => ({ ok: true }),
        (err: Error) => ({ ok: false, detail: err.message }),
      );
      const storage = ctx.storage.healthy() ? { ok: true } : { ok: false, detail: 'media directory missing' };
      let ffmpeg: { ok: boolean; detail?: string };
      try {
        ffmpeg = { ok: true, detail: findFfmpeg() };
      } catch (err) {
        ffmpeg = { ok: false, detail: (err as Error).message };
      }
      const ok = store.ok && storage.ok && ffmpeg.ok;
      return reply.code(ok ? 200 : 503).send({ ok, version: SERVICE_VERSION, store: store.ok ? { ok: true, detail: ctx.store.dialect } : store, storage, ffmpeg });
    },
  );
}
