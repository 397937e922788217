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
 * - **station**: one monitoring site (or district, area) with its own values: a
 *   row of a station × pollutant table, a column of a pollutant × station table,
 *   an item of a list of districts, a sentence naming a station.
 * - **city-level value**: the one value per measure the context reports. Either
 *   **stated** by the document (a label, prose, an average or maximum row) or
 *   **aggregated** over the stations by the city-value rule (`max`, the default,
 *   or `mean`); `origin` says which.
 * - **averaging**: the period a value is averaged over (1 h, 8 h, 24 h, a month),
 *   when the document states it; **kind**: observed or forecast, when stated.
 * - **non-concentration number**: an index value (AQI, IQAr, ICAP, PSI, AQHI, DAQI
 *   …), a threshold or breakpoint, a law number, a date, an hour or duration, a
 *   page or phone number, a count: never read as a concentration.
 */
import type { AqiStandardId } from '@aqcast/vocabulary';
import type { Measure, Pollutant, SourceUnit } from './vocabulary.js';

export type { Measure, Pollutant, SourceUnit } from './vocabulary.js';

/** A page's pixels, one grey byte each, row by row: what preprocessing hands to OCR. */
export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A word (or text run) with its horizontal extent, as OCR or a text layer placed it. */
export interface TextWord {
  text: string;
  x0: number;
  x1: number;
}

/** A piece of a line with its horizontal extent in page units (PDF points or pixels). */
export interface TextCell {
  text: string;
  x0: number;
  x1: number;
  /** The cell's words with their own extents (OCR word boxes); without them words are placed in proportion. */
  words?: TextWord[];
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
  /** Top and bottom of the line in page units, growing downwards; lets the reader stack header lines and join wrapped prose. */
  y0?: number;
  y1?: number;
}

/** The normalised units a value is reported in. */
export type NormalizedUnit = 'µg/m³' | 'mg/m³' | '°C' | '%';

/** The period a value is averaged over, as the document states it. */
export const AVERAGINGS = ['1h', '3h', '8h', '12h', '24h', 'month', 'year'] as const;
export type Averaging = (typeof AVERAGINGS)[number];

/** The averaging of `hours` hours (`8` → `8h`), or null when no averaging is that long. */
export function hoursAveraging(hours: string | number): Averaging | null {
  const named = `${hours}h`;
  return AVERAGINGS.find((a) => a === named) ?? null;
}
/** Whether the document reports measured values or predicts them. */
export type ValueKind = 'observed' | 'forecast';
/**
 * How a city-level value was obtained: `stated` by the document (a label, prose, an
 * average or maximum row or column), or aggregated over its stations by the
 * city-value rule (`max-of-stations`, the default, or `mean-of-stations`).
 */
export type ValueOrigin = 'stated' | 'max-of-stations' | 'mean-of-stations';
/** How station values become a city-level value when the document states none. */
export type CityValueRule = 'max' | 'mean';

/** One reading: a value with its unit and where it came from. */
export interface FieldReading {
  /** The value in `unit` (gases given in ppb/ppm converted at 25 °C; °F converted to °C). */
  value: number;
  unit: NormalizedUnit;
  /** The line (or table row) the value was read from, as it appeared (trimmed, at most 200 characters). */
  sourceText: string;
  /** The unit written in the document, or `''` when none was written and one was assumed. */
  sourceUnit: SourceUnit | '';
  /** 0..1: how sure the reading is (OCR, assumed units, aggregation lower it). */
  confidence: number;
  /** The averaging period, when the document states it (a column header, "24-hr PSI", "promedio 8 horas"). */
  averaging?: Averaging;
  /** Observed or forecast, when the document states it. */
  kind?: ValueKind;
  /** The document gave a range (low, high) rather than one number; `value` is chosen from it by the city-value rule. */
  range?: [number, number];
}

/** A numeric city-level field: a pollutant concentration, the temperature or the humidity. */
export interface ExtractedField extends FieldReading {
  origin: ValueOrigin;
  /** How many stations the value was aggregated over (origin `*-of-stations`). */
  stationCount?: number;
  /** The station the value comes from, when it is one station's (`max-of-stations`). */
  station?: string;
}

/** A monitoring station (or district, area) and what the document says of it. */
export interface ExtractedStation {
  name: string;
  /** Normalised values (µg/m³; CO mg/m³), one per measure: the preferred averaging when there are several. */
  values: Partial<Record<Measure, number>>;
  /** Each value with its unit, source, averaging and kind. */
  fields?: Partial<Record<Measure, FieldReading>>;
  /** Latitude (WGS 84 degrees), when the station table has latitude and longitude columns; never guessed. */
  lat?: number;
  /** Longitude, given with `lat` only. */
  lon?: number;
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

/**
 * What a document of index values gives instead of concentrations (an AQI forecast, an
 * IQAr table): the index named, each pollutant's sub-index and the overall index. These
 * numbers are index values, never concentrations.
 */
export interface IndexReading {
  /** The index as the document names it: `AQI`, `IQAr`, `IMECA`, `AQHI` … */
  name: string;
  /** The standard it is in, when it is one the service knows (AQI → us-epa, IQAr → br-iqar, ICAP → cl, Índice AIRE Y SALUD → mx, EAQI → eu-eaqi, AQHI → ca-aqhi, DAQI → uk-daqi, PSI → sg-psi); null for others (IMECA, Hong Kong's AQHI …). */
  standard: AqiStandardId | null;
  /** The overall index: the highest sub-index, as these indices are defined; or, for an index given as one value (AQHI, DAQI, PSI), the highest value stated. Null for a band-only index given as categories (`category`). */
  overall: number | null;
  /**
   * For a band-only index, which has no number (Mexico's Índice AIRE Y SALUD, the EEA
   * index): the worst category the document states (its key, `BAND_CATEGORY_KEYS`), and
   * each pollutant's where a pollutant is named with it.
   */
  category?: string;
  categories?: Partial<Record<Pollutant, string>>;
  /** Each pollutant's sub-index; over several stations or areas the highest (the `max` rule). */
  pollutants: Partial<Record<Pollutant, number>>;
  /** Each sub-index's source line or table row, its station or area when it is one's; `overall` for an index given as one value (no sub-index). */
  sources: Partial<Record<Pollutant | 'overall', { sourceText: string; station?: string; confidence: number }>>;
}

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
  /**
   * The stations the document lists, in reading order (empty when it names none).
   * This and the next two are always set by `extractBulletin`; they are optional in
   * the type so contexts stored before they existed still fit it.
   */
  stations?: ExtractedStation[];
  /** The rule city-level values were aggregated by when the document stated none. */
  cityValueRule?: CityValueRule;
  /** Observed or forecast, when the document says so for its values as a whole. */
  kind?: ValueKind | null;
  method: ExtractionMethod;
  pages: number;
  language: BulletinLanguage | null;
  /** Present when the optional language model was asked: what it added and which numbers were dropped. */
  languageModel?: LanguageModelReport;
  /** Lines that looked like a measurement but gave no value, with the reason (at most 50; set by `parseBulletinText`). */
  skipped?: SkippedLine[];
  /** Set when the document gives index values, not concentrations: then no pollutant field is set. */
  index?: IndexReading | null;
}

/** What the optional language model path did for a document. */
export interface LanguageModelReport {
  /** The fields taken from the model's answer. */
  used: Measure[];
  /** Values the model returned that do not appear in the document's text (dropped), as `measure=value`. */
  dropped: string[];
  /** Set when the model could not be asked or its answer was unusable; extraction went on without it. */
  error?: string;
}

/**
 * Why a line that looked like a measurement gave no value: it holds an index value
 * (AQI, IQAr, ICAP …), a limit or threshold, a count, or a pollutant and a number the
 * reader could not pair as a measurement (an unknown unit or layout).
 */
export type SkipReason = 'index-value' | 'limit-or-threshold' | 'count' | 'not-understood';

/** A line or table row that looked like a measurement (a pollutant's name and a number) but was not used. */
export interface SkippedLine {
  /** The line as it appeared (trimmed, at most 200 characters). */
  text: string;
  /** 1-based page. */
  page: number;
  /** The pollutants it names. */
  pollutants: Pollutant[];
  reason: SkipReason;
}

/** What `parseBulletinText` returns: everything but how the text was obtained. */
export type ParsedBulletin = Omit<ExtractedContext, 'method' | 'pages'>;

/** Limits applied to every upload (from config: UPLOAD_MAX_BYTES, UPLOAD_MAX_PAGES, UPLOAD_MAX_PIXELS, OCR_TIMEOUT_MS). */
export interface ExtractionLimits {
  maxBytes: number;
  maxPages: number;
  /** Largest image (or rendered page) in pixels, width × height. */
  maxPixels: number;
  /** Budget for all OCR of one upload: time its readings spend on a worker (waits for a free worker not counted). Spent out, the upload fails with `ocr_timeout`. */
  ocrTimeoutMs: number;
}
