import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/catalogue.js';
import { problems } from '../http/common-schemas.js';
import type { AppContext } from '../http/context.js';
import { bodyValidatedInService } from '../http/validation.js';
import { idempotencyKey, sendStored } from '../idempotency/http.js';
import { IdempotencyHeaders, wakeWorkers } from '../renders/routes.js';
import type { RenderOptions, UploadedFile } from './service.js';

const FIELD_NAMES = ['template', 'compositionId', 'language', 'format', 'aqiStandard', 'location', 'resolution'] as const;

/** Reads the multipart upload: the `file` part into memory (bounded by UPLOAD_MAX_BYTES) and the small text fields. */
async function readUpload(req: FastifyRequest, maxBytes: number): Promise<{ file: UploadedFile; fields: RenderOptions }> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send multipart/form-data with the bulletin in a field named "file"');
  let file: UploadedFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1000 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          throw new AppError('validation_failed', `Unexpected file field "${part.fieldname}"; the bulletin goes in "file"`, { errors: [{ field: part.fieldname, message: 'unexpected file field; use "file"' }] });
        }
        file = { filename: part.filename || 'upload', bytes: await part.toBuffer() };
      } else if ((FIELD_NAMES as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw new AppError('validation_failed', `Unknown field "${part.fieldname}"`, { errors: [{ field: part.fieldname, message: `unknown field; allowed: file, ${FIELD_NAMES.join(', ')}` }] });
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', `The file exceeds the upload limit of ${maxBytes} bytes`);
    if (code === 'FST_FILES_LIMIT') throw new AppError('validation_failed', 'Send exactly one file', { errors: [{ field: 'file', message: 'only one file per upload' }] });
    throw err;
  }
  if (!file) throw new AppError('missing_file', 'No file was uploaded; send it in a multipart field named "file"', { errors: [{ field: 'file', message: 'is required' }] });
  if (fields.compositionId && !fields.template) fields.template = fields.compositionId;
  delete fields.compositionId;
  return { file, fields };
}

const UploadBody = Type.Object({ file: Type.String({ format: 'binary', description: 'PDF, PNG, JPEG or WebP bulletin' }) });
const UploadRenderBody = Type.Object({
  file: Type.String({ format: 'binary', description: 'PDF, PNG, JPEG or WebP bulletin' }),
  template: Type.Optional(Type.String()),
  language: Type.Optional(Type.String({ enum: ['es', 'en', 'pt'] })),
  format: Type.Optional(Type.String({ enum: ['landscape', 'portrait', 'square'] })),
  aqiStandard: Type.Optional(Type.String()),
  location: Type.Optional(Type.String({ description: 'Overrides (or supplies) the location' })),
});
const FieldSchema = Type.Object({ value: Type.Union([Type.Number(), Type.String()]), unit: Type.Optional(Type.String()), sourceText: Type.String(), sourceUnit: Type.Optional(Type.String()), confidence: Type.Number() }, { additionalProperties: true });
const ContextSchema = Type.Object(
  {
    contextId: Type.String(),
    location: Type.Union([Type.String(), Type.Null()]),
    date: Type.Union([Type.String(), Type.Null()]),
    pm25: Type.Optional(Type.Number()), pm10: Type.Optional(Type.Number()), no2: Type.Optional(Type.Number()), o3: Type.Optional(Type.Number()),
    so2: Type.Optional(Type.Number()), co: Type.Optional(Type.Number()), temperatura: Type.Optional(Type.Number()), humidity: Type.Optional(Type.Number()),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    fields: Type.Record(Type.String(), FieldSchema),
    method: Type.String(),
    pages: Type.Integer(),
    language: Type.Union([Type.String(), Type.Null()]),
    source: Type.Object({ filename: Type.String(), sha256: Type.String(), type: Type.String(), bytes: Type.Integer() }),
    createdAt: Type.String(),
  },
  { $id: 'Context', description: 'Values normalised to µg/m³ (CO mg/m³) and °C, each field with its source text and confidence' },
);

export async function ingestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: ctx.config.uploadMaxBytes, files: 1 } });
  app.addSchema(ContextSchema);
  const tags = ['ingest'];
  bodyValidatedInService('POST', '/ingest/upload');
  app.post(
    '/ingest/upload',
    { bodyLimit: ctx.config.uploadMaxBytes + 1024 * 1024, schema: { tags, summary: 'Extract air-quality values from a bulletin (PDF, scanned PDF, image) into a stored context', consumes: ['multipart/form-data'], headers: IdempotencyHeaders, body: UploadBody, response: { 201: Type.Object({ contextId: Type.String(), context: Type.Ref(ContextSchema) }), ...problems(400, 401, 413, 415, 422) } } },
    async (req, reply) => {
      const { file } = await readUpload(req, ctx.config.uploadMaxBytes);
      const request = { sha256: createHash('sha256').update(file.bytes).digest('hex'), filename: file.filename };
      return sendStored(reply, await ctx.idempotency.runOutsideTransaction(idempotencyKey(req), 'POST /ingest/upload', request, async () => ({ statusCode: 201, body: await ctx.ingest.upload(file) })));
    },
  );
  bodyValidatedInService('POST', '/ingest/upload-and-render');
  app.post(
    '/ingest/upload-and-render',
    {
      bodyLimit: ctx.config.uploadMaxBytes + 1024 * 1024,
      schema: {
        tags, summary: 'Extract a bulletin and queue a render from it', consumes: ['multipart/form-data'], headers: IdempotencyHeaders, body: UploadRenderBody,
        response: { 202: Type.Object({ jobId: Type.String(), contextId: Type.String(), renderParams: Type.Record(Type.String(), Type.Unknown()), context: Type.Ref(ContextSchema) }), ...problems(400, 401, 413, 415, 422) },
      },
    },
    async (req, reply) => {
      const { file, fields } = await readUpload(req, ctx.config.uploadMaxBytes);
      const request = { sha256: createHash('sha256').update(file.bytes).digest('hex'), filename: file.filename, fields };
      const r = await ctx.idempotency.runOutsideTransaction(idempotencyKey(req), 'POST /ingest/upload-and-render', request, async () => ({ statusCode: 202, body: await ctx.ingest.uploadAndRender(file, fields) }));
      if (!r.replayed) await wakeWorkers(ctx);
      return sendStored(reply, r);
    },
  );
  app.get('/ingest/templates', { schema: { tags, summary: 'Templates usable for renders from an upload, with the parameters each needs', response: { 200: Type.Object({ templates: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), description: Type.String(), formats: Type.Array(Type.String()), params: Type.Array(Type.String()), requires: Type.Array(Type.String()) })) }), ...problems(401) } } }, () => ctx.ingest.templates());
}
