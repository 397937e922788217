/**
 * Finished videos and posters, public under unguessable per-job URLs
 * (/files/<token>/video.mp4). Served with Range (206), ETag and long-lived
 * caching: the bytes behind a token never change.
 */
import fastifyStatic from '@fastify/static';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/catalogue.js';
import type { AppContext } from '../http/context.js';

const FileParams = Type.Object({ token: Type.String({ minLength: 10, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }), name: Type.Union([Type.Literal('video.mp4'), Type.Literal('poster.png')]) });

export async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyStatic, { root: ctx.storage.root, serve: false, decorateReply: true });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:token/:name',
    config: { public: true },
    schema: { tags: ['files'], summary: 'Download a finished video or poster (public, unguessable URL; supports Range)', params: FileParams, hide: false },
    handler: async (req, reply) => {
      const { token, name } = req.params as { token: string; name: 'video.mp4' | 'poster.png' };
      const row = await ctx.store.db
        .selectFrom('jobs')
        .select(['video_key', 'poster_key', 'status'])
        .where('file_token', '=', token)
        .executeTakeFirst();
      const key = row?.status === 'completed' ? (name === 'video.mp4' ? row.video_key : row.poster_key) : null;
      if (!key || !ctx.storage.stat(key)) throw new AppError('not_found', 'No such file');
      return reply.sendFile(key, ctx.storage.root, { cacheControl: true, maxAge: 365 * 24 * 3600 * 1000, immutable: true, acceptRanges: true, etag: true, lastModified: true });
    },
  });
}
