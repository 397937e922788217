import { requestOptions, Resource, type CallOptions } from './resource.js';

/** What `upload` accepts: a Blob/File, or raw bytes. */
export type UploadInput = Blob | ArrayBuffer | ArrayBufferView;

export interface UploadOptions extends CallOptions {
  /** Sent as the part's file name; defaults to the File's name, else `upload` plus an extension from the type. */
  filename?: string;
  /** Defaults to the Blob's type, else a guess from the file name. The service decides from the bytes anyway. */
  contentType?: string;
  /** How station values become the city-level value when the bulletin states none: `max` (the service's default unless set otherwise) or `mean`. */
  cityValue?: 'max' | 'mean';
}

export interface UploadAndRenderOptions extends UploadOptions {
  template?: string;
  language?: 'es' | 'en' | 'pt';
  format?: 'landscape' | 'portrait' | 'square';
  /** Other render fields sent as form fields (e.g. `resolution`, `aqiStandard`). */
  fields?: Record<string, string | number>;
}

export interface IngestField {
  value: number | string | null;
  unit?: string | null;
  source?: string | null;
  confidence: number;
  [extra: string]: unknown;
}

export interface IngestContext {
  location: string | null;
  date?: string | null;
  pm25?: number | null;
  pm10?: number | null;
  no2?: number | null;
  o3?: number | null;
  so2?: number | null;
  co?: number | null;
  temperatura?: number | null;
  humidity?: number | null;
  confidence: number;
  fields?: Record<string, IngestField>;
  [extra: string]: unknown;
}

/** Why a line that looked like a measurement gave no value. */
export type SkipReason = 'index-value' | 'limit-or-threshold' | 'count' | 'not-understood';

/** A line or table row that looked like a measurement (a pollutant and a number) but was not used. */
export interface SkippedLine {
  /** The line as it appeared (at most 200 characters). */
  text: string;
  page: number;
  /** The pollutants it names (pm25, pm10, no2, o3, so2, co). */
  pollutants: string[];
  reason: SkipReason;
}

/** The answer of `upload`: the stored context and what was not read. */
export interface UploadResult {
  contextId: string;
  context: IngestContext;
  skipped: SkippedLine[];
}

/** The answer of `uploadAndRender`: the queued job, the stored context and what was not read. */
export interface UploadAndRenderResult {
  jobId: string;
  contextId: string;
  renderParams: Record<string, unknown>;
  context: IngestContext;
  skipped: SkippedLine[];
}

const TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** Text fields go before the file: a streaming parser (e.g. @fastify/multipart `req.file()`) only sees fields that precede it. */
function toForm(file: UploadInput, opts: UploadOptions, fields: Record<string, string | number | undefined> = {}): FormData {
  const name = opts.filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : undefined);
  const ext = name?.split('.').pop()?.toLowerCase() ?? '';
  let blob: Blob;
  if (file instanceof Blob) {
    blob = opts.contentType && opts.contentType !== file.type ? new Blob([file], { type: opts.contentType }) : file;
  } else {
    // Copied into a fresh ArrayBuffer: a view may sit on a SharedArrayBuffer or a larger pooled buffer (Node Buffers).
    const bytes = new Uint8Array(file.byteLength);
    bytes.set(file instanceof ArrayBuffer ? new Uint8Array(file) : new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
    blob = new Blob([bytes], { type: opts.contentType ?? TYPES[ext] ?? 'application/octet-stream' });
  }
  const fallbackExt = Object.entries(TYPES).find(([, t]) => t === blob.type)?.[0];
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  form.append('file', blob, name ?? `upload${fallbackExt ? `.${fallbackExt}` : ''}`);
  return form;
}

/** Bulletins in, contexts out: `POST /ingest/upload`, `POST /ingest/upload-and-render`, `GET /ingest/templates`. */
export class Ingest extends Resource {
  /**
   * Uploads a PDF or image (multipart field `file`) and returns the extracted, stored context,
   * with `skipped`: lines that looked like measurements but were not used, and why.
   */
  upload(file: UploadInput, opts: UploadOptions = {}): Promise<UploadResult> {
    return this.http.request('POST', '/ingest/upload', { ...requestOptions(opts), form: toForm(file, opts, { cityValue: opts.cityValue }) });
  }

  /** Uploads a bulletin and queues a render from it at once. */
  uploadAndRender(file: UploadInput, opts: UploadAndRenderOptions = {}): Promise<UploadAndRenderResult> {
    const form = toForm(file, opts, { template: opts.template, language: opts.language, format: opts.format, cityValue: opts.cityValue, ...(opts.fields ?? {}) });
    return this.http.request('POST', '/ingest/upload-and-render', { ...requestOptions(opts), form });
  }

  /** Templates usable for renders from an upload, with the parameters each needs. */
  templates(opts?: CallOptions): Promise<Record<string, unknown>> {
    return this.http.request('GET', '/ingest/templates', requestOptions(opts));
  }
}
