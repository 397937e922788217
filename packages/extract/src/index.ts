/**
 * Bulletin extraction: a PDF or image in, an `ExtractedContext` out. A library — no
 * HTTP, no database; the ingest routes call `extractBulletin` and map an
 * `ExtractionError` to problem+json with its `status` and `code`.
 *
 * Pipeline: size limit → type from magic bytes (checked against the file name) →
 *  - PDF: open (encrypted / corrupt / page and image-size limits), read each page's
 *    text layer; pages with next to no text (scans) are rendered and OCR'd;
 *  - image: dimensions from the header checked against the pixel limit *before*
 *    decoding, preprocessed (preprocess.ts), OCR'd;
 * → `parseBulletinText` on the positioned lines; OCR'd input in which no concentration
 * is found is read once more with other preprocessing (RETRY_STEPS in preprocess.ts),
 * unless OCR read it confidently (WELL_READ): then there is none to find.
 *
 * Deterministic: the same bytes give the same context whatever the load, the OCR pool's
 * size and what runs beside it. Every reading is made in full or the upload fails with
 * `ocr_timeout` (the limit counts time on a worker, not waits for one); a page is cut
 * for reading where its pixels say (never by pool size); the retries are fixed.
 *
 * No-data rule: a document in which no pollutant concentration (PM2.5, PM10, NO2,
 * O3, SO2, CO) is found is rejected with `no_air_quality_data` (422) — temperature
 * or humidity alone do not make an air-quality context; index values (AQI, IQAr,
 * ICAP, PSI, AQHI, DAQI …), thresholds and breakpoints, categories, law numbers,
 * dates, hours, page and phone numbers are never read as concentrations, so a
 * document holding only those is rejected too; no value is ever invented.
 * A document with values is returned even when its confidence is low; the caller
 * sees `confidence` (overall and per field) and decides.
 *
 * pdf.js, tesseract.js and sharp load on first use (dynamic `import()`), so
 * importing this package costs little in a process that never extracts.
 */
import { ExtractionError } from './errors.js';
import { checkType, imageDimensions } from './file-type.js';
import { askLanguageModel, needsLanguageModel, type LanguageModel } from './language-model.js';
import { OcrBudget, ocrImage, type OcrResult } from './ocr.js';
import { parseBulletinText } from './parser.js';
import { DEFAULT_STEPS, ENLARGED_MAX_PIXELS, IMAGE_TEXT_ESTIMATE_PX, IMAGE_TEXT_PX, RETRY_STEPS, SMALL_TEXT_ESTIMATE_PX, SMALL_TEXT_PX, type PreparedImage, type PreprocessSteps } from './preprocess.js';
import type { CityValueRule, ExtractedContext, ExtractionLimits, ExtractionMethod, TextLine } from './types.js';
import { POLLUTANTS } from './vocabulary.js';

export { EXTRACTION_ERRORS, ExtractionError, type ExtractionErrorCode } from './errors.js';
export { detectFileType, type DetectedType } from './file-type.js';
export { LANGUAGE_MODEL_SCHEMA, type LanguageModel, type LanguageModelRequest } from './language-model.js';
export { configureOcr, ocrPoolStats, shutdownOcr } from './ocr.js';
export { PREFERRED_AVERAGING, overallConfidence, parseBulletinText, type ParseOptions } from './parser.js';
export { DEFAULT_STEPS, RETRY_STEPS, type PreprocessSteps } from './preprocess.js';
export type {
  Averaging,
  BulletinLanguage,
  CityValueRule,
  ExtractedStation,
  FieldReading,
  LanguageModelReport,
  ValueKind,
  ValueOrigin,
  TextWord,
  ExtractedContext,
  ExtractedField,
  ExtractedFields,
  ExtractedTextField,
  ExtractionLimits,
  ExtractionMethod,
  Measure,
  NormalizedUnit,
  ParsedBulletin,
  Pollutant,
  SkippedLine,
  SkipReason,
  SourceUnit,
  TextCell,
  TextLine,
} from './types.js';

/** Pages with fewer non-space characters in their text layer than this are treated as scans and OCR'd. */
export const SCANNED_PAGE_TEXT = 40;

export interface ExtractOptions {
  /** Abort the extraction (e.g. the client went away); rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Override preprocessing steps (the benchmark compares them); defaults to DEFAULT_STEPS. */
  preprocess?: Partial<PreprocessSteps>;
  /** How station values become a city-level value when the document states none: `max` (default) or `mean`. */
  cityValue?: CityValueRule;
  /**
   * An OpenAI-compatible model behind a callback (off unless given). Documents whose
   * confidence is below `languageModelBelow` are sent to it with a JSON schema; every
   * number of its answer must appear in the document's text or it is dropped.
   */
  languageModel?: LanguageModel;
  /** Confidence under which the language model is asked (default 0.75). */
  languageModelBelow?: number;
}

/**
 * Extract an air-quality context from an uploaded bulletin.
 * `filename` is only used to detect a mismatch between its extension and the bytes.
 * Throws `ExtractionError` for anything wrong with the file (see errors.ts), and
 * `no_air_quality_data` when no pollutant value is found (see the module comment).
 */
export async function extractBulletin(
  bytes: Uint8Array,
  filename: string,
  limits: ExtractionLimits,
  opts: ExtractOptions = {},
): Promise<ExtractedContext> {
  const { signal } = opts;
  signal?.throwIfAborted();
  if (bytes.byteLength > limits.maxBytes) {
    throw new ExtractionError('file_too_large', `the file is ${bytes.byteLength} bytes, above the limit of ${limits.maxBytes}`);
  }
  const type = checkType(bytes, filename);
  const steps: PreprocessSteps = { ...DEFAULT_STEPS, ...opts.preprocess };
  const budget = new OcrBudget(limits.ocrTimeoutMs);

  const read = async (preprocessSteps: PreprocessSteps, segmentation: 'auto' | 'block' = 'auto'): Promise<{ lines: TextLine[]; method: ExtractionMethod; pages: number }> => {
    if (type === 'pdf') return readPdf(bytes, limits, preprocessSteps, budget, signal, segmentation);
    const dims = imageDimensions(bytes, type);
    if (!dims || dims.width === 0 || dims.height === 0) throw new ExtractionError('corrupt_file', `the ${type.toUpperCase()} header is unreadable`);
    if (dims.width * dims.height > limits.maxPixels) {
      throw new ExtractionError('too_many_pixels', `the image is ${dims.width}×${dims.height}, above the limit of ${limits.maxPixels} pixels`);
    }
    const { preprocessImage } = await import('./preprocess.js');
    const result = await readSmallTextTwice({
      prepare: async (enlarge) => {
        const prepared = await preprocessImage(bytes, preprocessSteps, limits.maxPixels, enlarge);
        signal?.throwIfAborted();
        return prepared;
      },
      // Images are read whole: the time target is a scanned page's, and read in two parts the
      // agency corpus's PNGs changed on two of seven (one better, one worse).
      recognise: (p) => ocrImage(p.grey, 1, { budget, signal, rotateAuto: preprocessSteps.deskew, localThreshold: p.unevenLight, segmentation }),
      allowed: !opts.preprocess && !preprocessSteps.upscale,
      belowPx: IMAGE_TEXT_PX,
      estimateBelowPx: IMAGE_TEXT_ESTIMATE_PX,
    });
    return { lines: result.lines, method: 'image-ocr', pages: 1 };
  };
  const parse = (r: { lines: TextLine[]; method: ExtractionMethod }) => parseBulletinText(r.lines, { ocr: r.method !== 'pdf-text', cityValue: opts.cityValue });
  // A concentration, or an index the document gives instead.
  const hasValue = (p: ReturnType<typeof parse>): boolean => POLLUTANTS.some((k) => p.fields[k]) || !!p.index;

  let { lines, method, pages } = await read(steps);
  let parsed = parse({ lines, method });
  // OCR'd pages that gave no concentration at all are read once more with RETRY_STEPS, and
  // then as one block of lines (page layout analysis can lose most of a photographed page);
  // a reading is kept only if it finds one. Callers choosing their own steps get one reading.
  if (method !== 'pdf-text' && !opts.preprocess && !hasValue(parsed) && meanLineConfidence(lines) < WELL_READ) {
    // Out of time on a reading, the upload fails (ocr_timeout) rather than keeping an earlier
    // answer: which answer stood then depended on the machine's load.
    for (const [retrySteps, segmentation] of [[{ ...steps, ...RETRY_STEPS }, 'auto'], [steps, 'block']] as const) {
      const again = await read(retrySteps, segmentation);
      const reparsed = parse(again);
      if (hasValue(reparsed)) {
        ({ lines, method, pages } = again);
        parsed = reparsed;
        break;
      }
    }
  }
  if (opts.languageModel && needsLanguageModel(parsed, opts.languageModelBelow)) {
    signal?.throwIfAborted();
    parsed = await askLanguageModel(opts.languageModel, lines, parsed, method !== 'pdf-text');
  }
  if (!hasValue(parsed)) {
    const what = lines.length === 0
      ? 'no text could be read'
      : 'no pollutant concentration (PM2.5, PM10, NO2, O3, SO2 or CO) was recognised — index values, categories, thresholds and other numbers are not concentrations';
    throw new ExtractionError('no_air_quality_data', `${what} in "${filename}"`);
  }
  return { ...parsed, method, pages };
}

/**
 * Small text reads poorly (decimal points vanish, "41" becomes "a"): a page whose
 * text is small is read twice as large. Whether it is, is first measured on the
 * pixels (`PreparedImage.characterHeight`): characters under `estimateBelowPx` are
 * read enlarged straight away, in one recognition. Text the estimate took for large
 * enough but that OCR measures under `belowPx` (SMALL_TEXT_PX, IMAGE_TEXT_PX) is read
 * once more enlarged, and the reading that gives more values is kept (the more
 * confident one on a tie). Out of time on that second reading, the upload fails
 * (`ocr_timeout`): the first reading standing alone was a result that depended on load.
 */
async function readSmallTextTwice(how: {
  prepare: (enlarge: boolean) => Promise<PreparedImage>;
  recognise: (image: PreparedImage) => Promise<OcrResult>;
  allowed: boolean;
  belowPx: number;
  estimateBelowPx: number;
}): Promise<OcrResult> {
  const image = await how.prepare(false);
  if (how.allowed && image.characterHeight > 0 && image.characterHeight < how.estimateBelowPx) return how.recognise(await how.prepare(true));
  const first = await how.recognise(image);
  if (!how.allowed || first.lines.length === 0 || medianTextHeight(first.lines) >= how.belowPx) return first;
  const second = await how.recognise(await how.prepare(true));
  // The reading that gives more values wins; OCR's own confidence breaks a tie.
  const a = valuesRead(first);
  const b = valuesRead(second);
  return b > a || (b === a && second.confidence > first.confidence) ? second : first;
}

/**
 * A page OCR read this confidently (mean line confidence) and that names no
 * concentration holds none: reading it again with other steps finds nothing more,
 * and doubled the time of every index-only or category-only upload.
 */
const WELL_READ = 0.85;

function meanLineConfidence(lines: TextLine[]): number {
  const cs = lines.flatMap((l) => (l.confidence === undefined ? [] : [l.confidence]));
  return cs.length ? cs.reduce((a, b) => a + b, 0) / cs.length : 0;
}

/** How many concentrations, weather values, the place and the date a reading's lines give. */
function valuesRead(reading: OcrResult): number {
  const parsed = parseBulletinText(reading.lines, { ocr: true });
  return Object.values(parsed.fields).filter(Boolean).length;
}

function medianTextHeight(lines: TextLine[]): number {
  const hs = lines.flatMap((l) => Array<number>(Math.max(1, l.cells?.length ?? 1)).fill(l.fontSize ?? 0)).sort((a, b) => a - b);
  return hs[Math.floor(hs.length / 2)] ?? 0;
}

async function readPdf(
  bytes: Uint8Array,
  limits: ExtractionLimits,
  steps: PreprocessSteps,
  budget: OcrBudget,
  signal: AbortSignal | undefined,
  segmentation: 'auto' | 'block',
): Promise<{ lines: TextLine[]; method: ExtractionMethod; pages: number }> {
  const { openPdf, pageLines, renderPage, textAmount, RENDER_LONG_SIDE } = await import('./pdf.js');
  const { preprocessImage } = await import('./preprocess.js');
  const doc = await openPdf(bytes, limits);
  try {
    const lines: TextLine[] = [];
    let ocrPages = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      signal?.throwIfAborted();
      const page = await doc.getPage(n);
      try {
        const text = await pageLines(page);
        // A short text layer with a number in it is a sparse page, not a scan ("PM10: 60 µg/m³" alone on page 2).
        const amount = textAmount(text);
        if (amount >= SCANNED_PAGE_TEXT || (amount >= 8 && text.some((l) => /\p{L}{2,}.*\d|\d.*\p{L}{2,}/u.test(l.text)))) {
          lines.push(...text);
          continue;
        }
        const result = await readSmallTextTwice({
          prepare: async (enlarge) => {
            const raster = enlarge
              ? await renderPage(doc, page, limits.maxPixels, 2 * RENDER_LONG_SIDE, ENLARGED_MAX_PIXELS)
              : await renderPage(doc, page, limits.maxPixels, RENDER_LONG_SIDE);
            return preprocessImage({ ...raster, channels: 4 }, steps, limits.maxPixels);
          },
          recognise: (p) => ocrImage(p.grey, n, { budget, signal, rotateAuto: steps.deskew, localThreshold: p.unevenLight, segmentation, splitRow: p.splitRow }),
          allowed: true,
          belowPx: SMALL_TEXT_PX,
          estimateBelowPx: SMALL_TEXT_ESTIMATE_PX,
        });
        lines.push(...result.lines);
        ocrPages += 1;
      } catch (err) {
        if (err instanceof ExtractionError || signal?.aborted) throw err;
        throw new ExtractionError('corrupt_file', `page ${n} of the PDF cannot be read (${(err instanceof Error ? err.message : String(err))})`, { cause: err });
      } finally {
        page.cleanup();
      }
    }
    return { lines, method: ocrPages > 0 ? 'pdf-ocr' : 'pdf-text', pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
