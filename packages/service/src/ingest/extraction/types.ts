/**
 * Types of the extraction library.
 *
 * Terms used throughout:
 * - **bulletin**: an uploaded document (PDF or image) reporting air quality.
 * - **line**: one row of text as laid out on the page, its pieces (**cells**) in
 *   reading order with their horizontal extent, so a table row reads as a row.
 * - **measure**: a pollutant (`pm25`, `pm10`, `no2`, `o3`, `so2`, `co`) or a weather
 *   value (`temperatura`, `humidity`).
 * - **candidate**: one value the parser found for a measure; the best one per
 *   measure becomes the **field**.
 * - **headline value**: a value that speaks for the city (a label, prose, an
 *   average row), preferred over **station** values (rows of a per-station table).
 */
import type { Measure, SourceUnit } from './vocabulary.js';

export type { Measure, Pollutant, SourceUnit } from './vocabulary.js';

/** A piece of a line with its horizontal extent in page units (PDF points or pixels). */
export interface TextCell {
  text: string;
  x0: number;
  x1: number;
}

/** One line of a page, as a PDF text layer or OCR lays it out. */
export interface TextLine {
  text: string;
  /** 1-based page number. */
  page?: number;
  /** The line's pieces left to right; without them, cells are split at runs of 2+ spaces, tabs and `|`. */
  cells?: TextCell[];
  /** Font size (PDF) or line height (OCR), to tell headings from body text. */
  fontSize?: number;
  /** OCR's confidence in this line, 0..1; absent for a text layer. */
  confidence?: number;
}

/** The normalised units a value is reported in. */
export type NormalizedUnit = 'µg/m³' | 'mg/m³' | '°C' | '%';

/** A numeric field: a pollutant concentration, the temperature or the humidity. */
export interface ExtractedField {
  /** The value in `unit` (gases given in ppb/ppm converted at 25 °C; °F converted to °C). */
  value: number;
  unit: NormalizedUnit;
  /** The line the value was read from, as it appeared (trimmed, at most 200 characters). */
  sourceText: string;
  /** The unit written in the document, or `''` when none was written and one was assumed. */
  sourceUnit: SourceUnit | '';
  /** 0..1: how sure the reading is (OCR, assumed units and station rows lower it). */
  confidence: number;
}

/** A text field: the location or the date. */
export interface ExtractedTextField {
  /** The location as written, or the date as `YYYY-MM-DD`. */
  value: string;
  sourceText: string;
  confidence: number;
}

export interface ExtractedFields extends Partial<Record<Measure, ExtractedField>> {
  location?: ExtractedTextField;
  date?: ExtractedTextField;
}

export type ExtractionMethod = 'pdf-text' | 'pdf-ocr' | 'image-ocr';
export type BulletinLanguage = 'es' | 'en' | 'pt';

/** What one bulletin says: the values found, each with its source and confidence. */
export interface ExtractedContext {
  location: string | null;
  /** `YYYY-MM-DD`. */
  date: string | null;
  pm25?: number;
  pm10?: number;
  no2?: number;
  o3?: number;
  so2?: number;
  /** mg/m³. */
  co?: number;
  /** °C. */
  temperatura?: number;
  /** % relative humidity. */
  humidity?: number;
  /** 0..1 over the whole document; see `overallConfidence` in parser.ts for how. */
  confidence: number;
  fields: ExtractedFields;
  method: ExtractionMethod;
  pages: number;
  language: BulletinLanguage | null;
}

/** What `parseBulletinText` returns: everything but how the text was obtained. */
export type ParsedBulletin = Omit<ExtractedContext, 'method' | 'pages'>;

/** Limits applied to every upload (from config: UPLOAD_MAX_BYTES, UPLOAD_MAX_PAGES, UPLOAD_MAX_PIXELS, OCR_TIMEOUT_MS). */
export interface ExtractionLimits {
  maxBytes: number;
  maxPages: number;
  /** Largest image (or rendered page) in pixels, width × height. */
  maxPixels: number;
  /** Budget for all OCR of one upload. */
  ocrTimeoutMs: number;
}
