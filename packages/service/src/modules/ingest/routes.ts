/**
 * Ingest over REST: multipart uploads read into memory (bounded by
 * UPLOAD_MAX_BYTES), their text fields validated with the contract's schema,
 * then handed to {@link IngestService}.
 */
import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, CORE_ERRORS, fieldError } from '../../core/errors.js';
import { claimIdempotency, inTransaction } from '../../core/http/idempotency.js';
import { multipartBody, problems } from '../../core/http/schemas.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import { check, storableErrors } from '../../core/validation.js';
import { IngestTemplatesSchema, UploadBodySchema, UploadFieldsSchema, UploadRenderBodySchema, UploadRenderFieldsSchema, UploadRenderResultSchema, UploadResultSchema } from './contract.js';
import { INGEST_ERRORS, type IngestService, type UploadedFile } from './service.js';

/** Reads the multipart upload: the `file` part into memory and the text fields. */
async function readUpload(req: FastifyRequest, maxBytes: number): Promise<{ file: UploadedFile; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError(CORE_ERRORS.unsupported_media_type, 'Send multipart/form-data with the bulletin in a field named "file"');
  let file: UploadedFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1000, parts: 30 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          throw fieldError(part.fieldname, 'unexpected file field; the bulletin goes in "file"');
        }
        file = { filename: part.filename || 'upload', bytes: await part.toBuffer() };
        if (part.file.truncated) throw new AppError(INGEST_ERRORS.file_too_large, `The file exceeds the upload limit of ${maxBytes} bytes`);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Multipart errors carry a string code; anything else has none and reads undefined.
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(INGEST_ERRORS.file_too_large, `The file exceeds the upload limit of ${maxBytes} bytes`);
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'only one file per upload');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw fieldError('(root)', 'too many form fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(CORE_ERRORS.unsupported_media_type, 'Send multipart/form-data with the bulletin in a field named "file"');
    // busboy's parse errors: no boundary, no closing boundary, a truncated part.
    throw new AppError(INGEST_ERRORS.invalid_multipart, `The multipart body could not be read: ${(err as Error).message}`);
  }
  if (!file) throw new AppError(INGEST_ERRORS.missing_file, 'No file was uploaded; send it in a multipart field named "file"', { errors: [{ field: 'file', message: 'is required' }] });
  const bad = storableErrors({ filename: file.filename, ...fields });
  if (bad.length) throw fieldError(bad[0]!.field, bad[0]!.message);
  return { file, fields };
}

/** A declared body larger than the limit is refused before a byte of it is read. */
function refuseOversize(maxBytes: number) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + 1024 * 1024) {
      reply.header('connection', 'close');
      throw new AppError(INGEST_ERRORS.file_too_large, `The request declares ${declared} bytes; the upload limit is ${maxBytes}`);
    }
  };
}

export async function ingestRoutes(app: Http, ingest: IngestService, deps: ModuleDeps): Promise<void> {
  const maxBytes = deps.config.uploadMaxBytes;
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1 } });
  const tags = ['ingest'];
  const common = { bodyLimit: maxBytes + 1024 * 1024, onRequest: refuseOversize(maxBytes), config: { idempotency: 'manual' as const } };

  app.post(
    '/ingest/upload',
    {
      ...common,
      schema: { operationId: 'ingestUpload', tags, summary: 'Extract air-quality values from a bulletin (PDF, scanned PDF, image) into a stored context', consumes: ['multipart/form-data'], body: multipartBody(UploadBodySchema), response: { 201: UploadResultSchema, ...problems(400, 401, 409, 413, 415, 422) } },
    },
    async (req, reply) => {
      const { file, fields } = await readUpload(req, maxBytes);
      const options = check(UploadFieldsSchema, fields);
      if (await claimIdempotency(req, reply, deps.idempotency, { sha256: createHash('sha256').update(file.bytes).digest('hex'), filename: file.filename, ...options })) return reply;
      // The context and the answer a retry gets commit together.
      return reply.code(201).send(await ingest.upload(file, options, (work) => inTransaction(req, deps.store, 201, work)));
    },
  );

  app.post(
    '/ingest/upload-and-render',
    {
      ...common,
      schema: {
        operationId: 'ingestUploadAndRender', tags, summary: 'Extract a bulletin and queue a render from it', consumes: ['multipart/form-data'], body: multipartBody(UploadRenderBodySchema),
        response: { 202: UploadRenderResultSchema, ...problems(400, 401, 409, 413, 415, 422) },
      },
    },
    async (req, reply) => {
      const { file, fields } = await readUpload(req, maxBytes);
      const options = check(UploadRenderFieldsSchema, fields);
      if (await claimIdempotency(req, reply, deps.idempotency, { sha256: createHash('sha256').update(file.bytes).digest('hex'), filename: file.filename, options })) return reply;
      return reply.code(202).send(await ingest.uploadAndRender(file, options, (work) => inTransaction(req, deps.store, 202, work)));
    },
  );

  app.get('/ingest/templates', { schema: { operationId: 'listIngestTemplates', tags, summary: 'Templates usable for renders from an upload, with what each needs', response: { 200: IngestTemplatesSchema, ...problems(401) } } }, () => ingest.templates());
}
