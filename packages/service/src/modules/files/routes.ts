/**
 * Finished videos, posters and storyboards, public under unguessable per-job URLs
 * (/files/<token>/video.mp4): Range (206, 416 past the end), ETag with
 * If-None-Match, and long-lived caching, since the bytes behind a token never change.
 * The storyboard's WebVTT track names its sprite relative to its own URL, so it is
 * always served from here (never a redirect into the bucket, where the relative
 * sprite URL would not be signed).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import rangeParser from 'range-parser';
import { AppError, CORE_ERRORS } from '../../core/errors.js';
import { problems } from '../../core/http/schemas.js';
import type { Http } from '../../core/module.js';
import type { Storage } from '../../core/storage/storage.js';
import type { QueueService } from '../queue/index.js';

const FileParams = Type.Object({
  token: Type.String({ minLength: 10, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: "The job's unguessable download token (the path of its result URLs)" }),
  name: Type.Union([Type.Literal('video.mp4'), Type.Literal('poster.png'), Type.Literal('storyboard.jpg'), Type.Literal('storyboard.vtt'), Type.Literal('captions.vtt'),
    Type.Literal('captions.srt'), Type.Literal('transcript.txt'), Type.Literal('audio.m4a'), Type.Literal('description.m4a'),
  ], { description: 'Which of the job\'s files' }),
});

/** What a download can answer (the body is the file's bytes, never serialized JSON). */
const FILE_RESPONSES: Record<number, TSchema> = {
  200: Type.String({ format: 'binary', description: 'The whole file' }),
  206: Type.String({ format: 'binary', description: 'The byte range asked for in Range (Content-Range says which)' }),
  302: Type.Null({ description: 'With FILE_DELIVERY=redirect on object storage: a short-lived presigned URL of the bucket in Location (never for storyboard.vtt, which names its sprite by a relative URL)' }),
  304: Type.Null({ description: 'Not modified: If-None-Match named the current ETag' }),
  ...problems(404, 416),
};

const CONTENT_TYPES = {
  'video.mp4': 'video/mp4',
  'poster.png': 'image/png',
  'storyboard.jpg': 'image/jpeg',
  'storyboard.vtt': 'text/vtt; charset=utf-8',
  'captions.vtt': 'text/vtt; charset=utf-8',
  'captions.srt': 'application/x-subrip; charset=utf-8',
  'transcript.txt': 'text/plain; charset=utf-8',
  'audio.m4a': 'audio/mp4',
  'description.m4a': 'audio/mp4',
} as const;
/** Files whose content names a sibling by a relative URL: served from here even when downloads are redirects. */
const SERVED_HERE = new Set<string>(['storyboard.vtt']);

export function fileRoutes(app: Http, queue: QueueService, storage: Storage, delivery: { mode: 'proxy' | 'redirect'; presignSeconds: number }): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:token/:name',
    config: { public: true, responseHeaders: ['ETag', 'Location'] },
    schema: { operationId: 'getFile', tags: ['files'], summary: 'Download a finished video, poster or storyboard (sprite and WebVTT track), or the accessible package of an AI render: captions (WebVTT, SRT), transcript, audio-only narration, audio description (public, unguessable URL; supports Range)',
      params: FileParams,
      produces: ['video/mp4', 'image/png', 'image/jpeg', 'text/vtt', 'application/x-subrip', 'text/plain', 'audio/mp4'],
      response: FILE_RESPONSES,
    },
    handler: async (req, reply) => {
      const { token, name } = req.params;
      const key = await queue.fileKey(token, name);
      const stat = key ? await storage.stat(key) : null;
      if (!key || !stat) throw new AppError(CORE_ERRORS.not_found, 'No such file');
      // Object storage can hand the download to the bucket: a short-lived presigned URL, no bytes through the API.
      if (delivery.mode === 'redirect' && storage.presignedUrl && !SERVED_HERE.has(name)) {
        return reply.code(302).header('cache-control', 'no-store').redirect(await storage.presignedUrl(key, delivery.presignSeconds, name));
      }
      reply
        .header('content-type', CONTENT_TYPES[name])
        .header('accept-ranges', 'bytes')
        .header('etag', stat.etag)
        .header('last-modified', stat.modifiedAt.toUTCString())
        .header('cache-control', 'public, max-age=31536000, immutable');
      if (req.headers['if-none-match'] === stat.etag) return reply.code(304).send();

      let range: { start: number; end: number } | undefined;
      const header = req.headers.range;
      if (typeof header === 'string' && (!req.headers['if-range'] || req.headers['if-range'] === stat.etag)) {
        const parsed = rangeParser(stat.bytes, header, { combine: true });
        if (parsed === -1) {
          reply.header('content-range', `bytes */${stat.bytes}`);
          throw new AppError(CORE_ERRORS.range_not_satisfiable, `The range ${header} is outside the file's ${stat.bytes} bytes`);
        }
        // A malformed header (-2) or several ranges are answered with the whole file, as RFC 9110 allows.
        if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
      }
      const length = range ? range.end - range.start + 1 : stat.bytes;
      reply.header('content-length', length);
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.bytes}`);
      if (req.method === 'HEAD') return reply.send();
      return reply.send(await storage.read(key, range));
    },
  });
}
