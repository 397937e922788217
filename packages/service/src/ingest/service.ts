/**
 * Ingest: an uploaded bulletin becomes a stored context (and optionally a
 * render). Extraction is in ./extraction (no HTTP, no store); this service
 * stores the result and emits `ingest.completed` through the webhook outbox in
 * the same transaction, so a failure leaves nothing half-stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { listTemplates } from '@aqcast/engine';
import { AppError } from '../errors/catalogue.js';
import type { Executor } from '../queue/queue.js';
import type { RenderService } from '../renders/service.js';
import { parseRenderParams } from '../renders/render-params.js';
import type { Store } from '../store/database.js';
import type { WebhookService } from '../webhooks/service.js';
import { detectFileType, extractBulletin, ExtractionError, type ExtractedContext, type ExtractionLimits } from './extraction/index.js';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

export interface RenderOptions {
  template?: string;
  language?: string;
  format?: string;
  aqiStandard?: string;
  location?: string;
  resolution?: string;
}

const MEASURES = ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity'] as const;

/** A stored context: what the extraction found, plus its id, its source file and when. */
export type ContextView = ExtractedContext & {
  contextId: string;
  source: { filename: string; sha256: string; type: string; bytes: number };
  createdAt: string;
};

export class IngestService {
  constructor(
    private readonly store: Store,
    private readonly renders: RenderService,
    private readonly webhooks: WebhookService,
    private readonly limits: ExtractionLimits,
  ) {}

  /** Extracts, stores the context and emits ingest.completed (201). */
  async upload(file: UploadedFile): Promise<{ contextId: string; context: ContextView }> {
    const extracted = await this.extract(file);
    const context = await this.store.db.transaction().execute((trx) => this.storeContext(trx, file, extracted));
    this.webhooks.wake();
    return { contextId: context.contextId, context };
  }

  /** Extracts, stores the context and queues a render from it, all or nothing. */
  async uploadAndRender(file: UploadedFile, options: RenderOptions): Promise<{ jobId: string; contextId: string; renderParams: Record<string, unknown>; context: ContextView }> {
    // Reject bad render options before spending time on extraction.
    parseRenderParams({ location: options.location ?? 'check', ...pickDefined(options) });
    const extracted = await this.extract(file);
    const location = options.location ?? extracted.location;
    if (!location) throw new AppError('missing_location', 'No location was found in the document; send a `location` field with the upload');
    const renderInput = { ...pickDefined(options), location, ...(extracted.date ? { date: extracted.date } : {}), ...values(extracted), ...(options.language ? {} : extracted.language ? { language: extracted.language } : {}) };
    const params = parseRenderParams(renderInput);
    const result = await this.store.db.transaction().execute(async (trx) => {
      const context = await this.storeContext(trx, file, extracted);
      const job = await this.renders.create(params, { contextId: context.contextId }, trx);
      return { jobId: job.jobId, contextId: context.contextId, renderParams: job.params, context };
    });
    this.webhooks.wake();
    return result;
  }

  templates(): { templates: { id: string; name: string; description: string; formats: string[]; params: string[]; requires: string[] }[] } {
    return {
      templates: listTemplates().map((t) => ({
        id: t.id, name: t.name, description: t.description, formats: t.formats, params: t.params,
        requires: ['location (from the document or the `location` field)', 'at least one pollutant value'],
      })),
    };
  }

  private async extract(file: UploadedFile): Promise<ExtractedContext> {
    if (file.bytes.length > this.limits.maxBytes) throw new AppError('file_too_large', `The file is ${file.bytes.length} bytes; the limit is ${this.limits.maxBytes}`);
    try {
      return await extractBulletin(file.bytes, file.filename, this.limits);
    } catch (err) {
      if (err instanceof ExtractionError) throw new AppError(err.code, err.detail);
      throw err;
    }
  }

  private async storeContext(trx: Executor, file: UploadedFile, extracted: ExtractedContext): Promise<ContextView> {
    const now = new Date().toISOString();
    const id = `ctx_${randomBytes(12).toString('base64url')}`;
    const source = { filename: file.filename, sha256: createHash('sha256').update(file.bytes).digest('hex'), type: detectFileType(file.bytes) ?? 'unknown', bytes: file.bytes.length };
    const view: ContextView = {
      contextId: id, location: extracted.location, date: extracted.date, ...values(extracted), confidence: extracted.confidence,
      fields: extracted.fields, method: extracted.method, pages: extracted.pages, language: extracted.language, source, createdAt: now,
    };
    await trx
      .insertInto('contexts')
      .values({
        id, source_filename: file.filename, source_sha256: source.sha256, source_type: source.type, source_bytes: source.bytes, method: extracted.method,
        location: extracted.location, confidence: extracted.confidence, context: JSON.stringify(view), tags: '[]', created_at: now, updated_at: now,
      })
      .execute();
    await this.webhooks.emit(trx, 'ingest.completed', view);
    return view;
  }
}

function values(c: ExtractedContext): Partial<Record<(typeof MEASURES)[number], number>> {
  const out: Partial<Record<(typeof MEASURES)[number], number>> = {};
  for (const m of MEASURES) if (typeof c[m] === 'number') out[m] = c[m];
  return out;
}

function pickDefined(o: RenderOptions): Record<string, string> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && v !== '' && k !== 'location')) as Record<string, string>;
}
