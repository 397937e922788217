/**
 * Ingest: an uploaded bulletin becomes a stored context (and optionally a
 * render). Extraction is the @aqcast/extract library, loaded on first use (it
 * pulls in pdf.js, tesseract and sharp); this service stores the result through
 * the contexts module, all or nothing.
 */
import { listTemplates } from '@aqcast/engine';
import type * as ExtractLib from '@aqcast/extract';
import type { CityValueRule, ExtractedContext, ExtractionLimits, LanguageModel } from '@aqcast/extract';
import { EXTRACTION_ERRORS } from '@aqcast/extract/errors';
import { AppError, defineErrors } from '../../core/errors.js';
import { parseRenderParams } from '../../core/render-params.js';
import { transaction, type Executor, type Store } from '../../core/store/database.js';
import type { ContextService, ContextView } from '../contexts/index.js';
import type { SkippedLineView, UploadFields, UploadRenderFields } from './contract.js';

export const INGEST_ERRORS = defineErrors({
  ...EXTRACTION_ERRORS,
  missing_file: { status: 400, title: 'No file uploaded' },
  invalid_multipart: { status: 400, title: 'Malformed multipart body' },
  missing_location: { status: 422, title: 'No location found' },
});

/** Runs the storing step in a transaction (the route's, which also records the idempotent answer in it). */
export type TransactionRunner = <T>(work: (trx: Executor) => Promise<T>) => Promise<T>;

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

type Extract = typeof ExtractLib;
let extractLib: Promise<Extract> | null = null;
export type OcrPoolOptions = Parameters<Extract['configureOcr']>[0];
let ocrPool: OcrPoolOptions = {};
/** The extraction library, imported on the first upload, its OCR pool set as configured. */
export function loadExtract(): Promise<Extract> {
  return (extractLib ??= import('@aqcast/extract').then((lib) => {
    lib.configureOcr(ocrPool);
    return lib;
  }));
}

/** How the OCR pool recycles and stops its workers (from the service's config). */
export function configureOcrPool(opts: OcrPoolOptions): void {
  ocrPool = opts;
  void extractLib?.then((lib) => lib.configureOcr(opts));
}

/** The library if an upload loaded it (to shut its OCR workers down), else null. */
export function loadedExtract(): Promise<Extract> | null {
  return extractLib;
}

/** How bulletins are read, beyond the limits: the city-value rule and the optional language model. */
export interface ReadingOptions {
  /** The rule when an upload names none (INGEST_CITY_VALUE). */
  cityValue: CityValueRule;
  /** The model low-confidence bulletins go to, with the confidence under which they do; null: none. */
  languageModel: { ask: LanguageModel; below: number } | null;
}

export class IngestService {
  constructor(
    private readonly store: Store,
    private readonly contexts: ContextService,
    private readonly limits: ExtractionLimits,
    private readonly observe: (medium: string, outcome: string, seconds: number) => void = () => {},
    private readonly reading: ReadingOptions = { cityValue: 'max', languageModel: null },
  ) {}

  /** Extracts, stores the context and publishes ingest.completed (201), in one transaction of `inTransaction`. */
  async upload(file: UploadedFile, options: UploadFields = {}, inTransaction: TransactionRunner = (work) => transaction(this.store, work)): Promise<{ contextId: string; context: ContextView; skipped: SkippedLineView[] }> {
    const { extracted, mediaType } = await this.extract(file, options.cityValue);
    return inTransaction(async (trx) => {
      const context = await this.contexts.createFromUpload(trx, { ...file, mediaType }, extracted);
      return { contextId: context.contextId, context, skipped: extracted.skipped ?? [] };
    });
  }

  /** Extracts, stores the context and queues a render from it, all or nothing. */
  async uploadAndRender(file: UploadedFile, options: UploadRenderFields, inTransaction: TransactionRunner = (work) => transaction(this.store, work)): Promise<{ jobId: string; contextId: string; renderParams: Record<string, unknown>; context: ContextView; skipped: SkippedLineView[] }> {
    const { location: locationOverride, cityValue, brandId, ...renderOptions } = options;
    // Reject bad render options before spending time on extraction.
    parseRenderParams({ location: locationOverride ?? 'check', ...renderOptions });
    const { extracted, mediaType } = await this.extract(file, cityValue);
    const location = locationOverride ?? extracted.location;
    if (!location) throw new AppError(INGEST_ERRORS.missing_location, 'No location was found in the document; send a `location` field with the upload');
    return inTransaction(async (trx) => {
      const context = await this.contexts.createFromUpload(trx, { ...file, mediaType }, extracted);
      // Rendered as a context render is (its stations, provenance and brand), in the same transaction.
      const job = await this.contexts.render(context.contextId, { ...renderOptions, location, ...(brandId === undefined ? {} : { brandId }) }, trx);
      return { jobId: job.jobId, contextId: context.contextId, renderParams: job.params, context, skipped: extracted.skipped ?? [] };
    });
  }

  templates() {
    return {
      templates: listTemplates().map((t) => ({
        id: t.id, name: t.name, description: t.description, formats: t.formats, params: t.params,
        requires: ['location (from the document or the `location` field)', 'at least one pollutant value'],
      })),
    };
  }

  private async extract(file: UploadedFile, cityValue: CityValueRule = this.reading.cityValue): Promise<{ extracted: ExtractedContext; mediaType: string }> {
    if (file.bytes.length > this.limits.maxBytes) throw new AppError(INGEST_ERRORS.file_too_large, `The file is ${file.bytes.length} bytes; the limit is ${this.limits.maxBytes}`);
    const lib = await loadExtract();
    const started = Date.now();
    const medium = lib.detectFileType(file.bytes) ?? 'unknown';
    try {
      const model = this.reading.languageModel;
      const extracted = await lib.extractBulletin(file.bytes, file.filename, this.limits, {
        cityValue,
        ...(model ? { languageModel: model.ask, languageModelBelow: model.below } : {}),
      });
      this.observe(extracted.method, 'ok', (Date.now() - started) / 1000);
      return { extracted, mediaType: medium };
    } catch (err) {
      this.observe(medium, err instanceof lib.ExtractionError ? err.code : 'error', (Date.now() - started) / 1000);
      if (err instanceof lib.ExtractionError) throw new AppError(INGEST_ERRORS[err.code], err.detail);
      throw err;
    }
  }
}
