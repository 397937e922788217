/**
 * The optional language-model path. When the caller passes `languageModel` (the
 * service wires it to its OpenAI-compatible provider), a document the parser is
 * unsure of (confidence under a threshold, or no pollutant found) is sent to it as
 * text with instructions and a JSON schema for the answer. The answer is checked
 * like any reading: every number must appear in the document's text as a number
 * that can be a concentration (not an index value, a date, a law number …) or it
 * is dropped, units are normalised the same way, and the model only fills fields
 * the parser did not find. Off by default; no test needs a real model.
 */
import { toLines, type Line } from './lines.js';
import { numberTokens } from './numbers.js';
import { makeReading, resetOrder } from './readings.js';
import type { ExtractedField, ExtractedStation, LanguageModelReport, ParsedBulletin, TextLine } from './types.js';
import { MEASURES, foldText } from './vocabulary.js';
import { overallConfidence } from './parser.js';

/** What the model is given: the document's text, what to do, and the schema its JSON answer must follow. */
export interface LanguageModelRequest {
  text: string;
  schema: object;
  language?: string;
  /** What to do, to send as the system (or first user) message. */
  instructions: string;
}

/** The callback the service provides; it returns the model's JSON answer (parsed or as a string). */
export type LanguageModel = (request: LanguageModelRequest) => Promise<unknown>;

const UNITS = ['µg/m³', 'mg/m³', 'ppb', 'ppm', '°C', '°F', '%'] as const;

/** The JSON schema of the answer (OpenAI structured-output compatible: every property required, nullable where optional). */
export const LANGUAGE_MODEL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['location', 'date', 'values'],
  properties: {
    location: { type: ['string', 'null'], description: 'The city or metropolitan area the bulletin is about, as written; not a station, basin, agency or category.' },
    date: { type: ['string', 'null'], description: 'The date the values are for, YYYY-MM-DD.' },
    values: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['measure', 'value', 'asWritten', 'unit', 'station', 'averaging'],
        properties: {
          measure: { type: 'string', enum: [...MEASURES] },
          value: { type: 'number' },
          asWritten: { type: 'string', description: 'The number exactly as it is written in the text.' },
          unit: { type: 'string', enum: [...UNITS] },
          station: { type: ['string', 'null'], description: 'The station the value is for, or null for a city-wide value.' },
          averaging: { type: ['string', 'null'], enum: ['1h', '8h', '24h', 'month', null] },
        },
      },
    },
  },
} as const;

const INSTRUCTIONS = [
  'You read air-quality bulletins. From the text, list every pollutant concentration (pm25, pm10, no2, o3, so2, co), temperature and humidity it states, with the unit written in the text.',
  'Never compute, convert or guess a number: copy each number exactly as written (asWritten).',
  'Index values (AQI, IQAr, ICAP, PSI, AQHI, DAQI, IMECA), category names, thresholds, limits, breakpoints, law or decree numbers, dates, hours, durations, page and phone numbers are not concentrations: leave them out.',
  'Give the city or metropolitan area the bulletin is about, and its date.',
].join(' ');

/** Whether a parse is unsure enough to ask the model. */
export function needsLanguageModel(parsed: ParsedBulletin, below = 0.75): boolean {
  // A document of index values has no concentration for a model to find.
  return !parsed.index && parsed.confidence < below;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The averaging periods the model's schema lets it name. */
const MODEL_AVERAGINGS = ['1h', '8h', '24h', 'month'] as const;

interface Answer {
  location?: unknown;
  date?: unknown;
  values?: unknown;
}

/** Ask the model, validate its answer against the text, and merge what survives into the parse. */
export async function askLanguageModel(model: LanguageModel, input: TextLine[], parsed: ParsedBulletin, ocr: boolean): Promise<ParsedBulletin> {
  const text = input.map((l) => l.text).join('\n');
  const report: LanguageModelReport = { used: [], dropped: [] };
  let answer: Answer;
  try {
    const raw = await model({ text, schema: LANGUAGE_MODEL_SCHEMA, language: parsed.language ?? undefined, instructions: INSTRUCTIONS });
    const parsedAnswer: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (!isRecord(parsedAnswer)) throw new Error('the answer is not a JSON object');
    answer = parsedAnswer;
  } catch (err) {
    report.error = (err instanceof Error ? err.message : String(err));
    return { ...parsed, languageModel: report };
  }
  const lines = toLines(input);
  const { values: written, all: anyNumber } = documentNumbers(lines);
  const fields = { ...parsed.fields };
  const out: ParsedBulletin = { ...parsed, fields, stations: [...(parsed.stations ?? [])] };
  resetOrder();
  const values = Array.isArray(answer.values) ? answer.values : [];
  for (const v of values) {
    if (!isRecord(v)) continue;
    const measure = MEASURES.find((m) => m === v.measure);
    const value = Number(v.value);
    const shown = typeof v.asWritten === 'string' ? v.asWritten : String(v.value);
    if (!measure || !Number.isFinite(value)) continue;
    // The number must be in the text, as a number that can be a concentration, and say what the model says.
    const asNumber = Number(shown.replace(',', '.'));
    if (!written.has(asNumber) || Math.abs(asNumber - value) > 1e-9) {
      report.dropped.push(`${measure}=${shown}`);
      continue;
    }
    const unit = UNITS.find((u) => u === v.unit) ?? null;
    const reading = makeReading({
      measure,
      raw: value,
      unit,
      unitSource: unit ? 'after' : 'none',
      sourceText: `language model: ${measure} ${shown} ${unit ?? ''}`.trim(),
      base: 0.7,
      ocrFactor: ocr ? 0.9 : 1,
      averaging: MODEL_AVERAGINGS.find((a) => a === v.averaging) ?? null,
      station: typeof v.station === 'string' && v.station.trim() ? v.station.trim() : null,
      page: 1,
    });
    if (!reading) {
      report.dropped.push(`${measure}=${shown}`);
      continue;
    }
    if (reading.station) {
      let st: ExtractedStation | undefined = out.stations!.find((s) => s.name === reading.station);
      if (!st) out.stations!.push((st = { name: reading.station, values: {} }));
      st.values[measure] ??= reading.value;
    }
    if (fields[measure]) continue; // the parser's own reading stands
    const field: ExtractedField = {
      value: reading.value,
      unit: reading.unit,
      sourceText: reading.sourceText,
      sourceUnit: reading.sourceUnit,
      confidence: Math.round(reading.confidence * 100) / 100,
      origin: reading.station ? 'max-of-stations' : 'stated',
    };
    if (reading.station) {
      field.stationCount = 1;
      field.station = reading.station;
    }
    if (reading.averaging) field.averaging = reading.averaging;
    fields[measure] = field;
    out[measure] = field.value;
    report.used.push(measure);
  }
  const folded = foldText(text).folded.toLowerCase();
  if (!out.location && typeof answer.location === 'string' && answer.location.trim() && folded.includes(foldText(answer.location.trim()).folded.toLowerCase())) {
    out.location = answer.location.trim();
    fields.location = { value: out.location, sourceText: 'language model', confidence: 0.6 };
  }
  if (!out.date && typeof answer.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(answer.date)) {
    const [y = NaN, m = NaN, d = NaN] = answer.date.split('-').map(Number);
    const iso = new Date(Date.UTC(y, m - 1, d));
    if (iso.getUTCDate() === d && anyNumber.has(y) && anyNumber.has(d)) {
      out.date = answer.date;
      fields.date = { value: answer.date, sourceText: 'language model', confidence: 0.6 };
    }
  }
  out.confidence = overallConfidence(fields);
  out.languageModel = report;
  return out;
}

/** Numbers of the document that may be values, and every number (a date's parts are checked against those). */
function documentNumbers(lines: Line[]): { values: Set<number>; all: Set<number> } {
  const values = new Set<number>();
  const all = new Set<number>();
  for (const l of lines) {
    for (const t of numberTokens(l.folded)) {
      all.add(t.value);
      if (t.role === 'value' || t.role === 'percent') values.add(t.value);
      if (t.range) values.add(t.range[1]);
    }
    for (const m of l.folded.matchAll(/\d+/g)) all.add(Number(m[0]));
  }
  return { values, all };
}
