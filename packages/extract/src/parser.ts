/**
 * The bulletin parser: positioned lines in, values with their provenance out.
 * Pure: no I/O, no OCR; `extractBulletin` feeds it a text layer or OCR output.
 *
 * 1. tables.ts reads station × measure tables and pollutant-per-row tables by
 *    position (header bands, column zones, legends skipped);
 *    long-tables.ts reads tables of one reading per row (a data file's records);
 * 2. prose.ts reads what tables did not take: label–value lines, cards, prose
 *    paragraphs, station sentences, lists of districts;
 * 3. numbers.ts keeps every non-concentration number (index values, thresholds,
 *    law numbers, dates, hours, durations, page and phone numbers, counts) out;
 * 4. the readings become `stations[]` and one city-level field per measure:
 *    a value the document states for the city wins; otherwise the stations'
 *    values are aggregated by the city-value rule — `max` by default (the worst
 *    station, as AQI reporting does), or `mean` — and `origin` says which. With
 *    several averaging periods for a measure the one its index uses is preferred
 *    (PM 24 h, O3 and CO 8 h, NO2 and SO2 1 h).
 */
import { findDate } from './dates.js';
import { findLabels, unitAt, unitWithin } from './labels.js';
import { toLines, type Line } from './lines.js';
import { readLongTables, readPairRows } from './long-tables.js';
import { bandCategoryKey, readCategoryStatements, responsiblePollutant, readIndexStatements, readIndexTables, readOverallIndexStatements, type IndexValue } from './index-values.js';
import { isIndexOnlyStandardId } from '@aqcast/vocabulary';
import { findLocation } from './location.js';
import { numberTokens, restoreLostDecimalCommas, restoreLostMeanDecimal, useDecimalMarkOf } from './numbers.js';
import { readProse } from './prose.js';
import { resetOrder, type Reading } from './readings.js';
import { skippedLines } from './skipped.js';
import { readMeasureTables, readRowTables } from './tables.js';
import { isConcentrationUnit } from './units.js';
import type {
  Averaging,
  BulletinLanguage,
  CityValueRule,
  ExtractedField,
  ExtractedFields,
  ExtractedStation,
  FieldReading,
  IndexReading,
  ParsedBulletin,
  SourceUnit,
  TextLine,
  ValueKind,
} from './types.js';
import { BULLETIN_LANGUAGES, FORECAST, INDEX_HEADER, LANGUAGE_WORDS, MEASURES, NAMED_INDICES, OBSERVED, POLLUTANTS, foldText, type Measure, type Pollutant } from './vocabulary.js';

export interface ParseOptions {
  /** The text comes from OCR: accept common misreadings, lower every confidence. */
  ocr?: boolean;
  /** How station values become a city-level value when the document states none (default `max`). */
  cityValue?: CityValueRule;
}

/** The averaging each measure's index uses, most preferred first (AIR_QUALITY.md §1, §4). */
export const PREFERRED_AVERAGING: Record<Measure, Averaging[]> = {
  pm25: ['24h', '12h', '1h', '3h', '8h', 'month', 'year'],
  pm10: ['24h', '12h', '1h', '3h', '8h', 'month', 'year'],
  o3: ['8h', '1h', '24h', 'month', 'year'],
  co: ['8h', '1h', '24h', 'month', 'year'],
  no2: ['1h', '24h', 'month', 'year'],
  so2: ['1h', '24h', 'month', 'year'],
  temperatura: [],
  humidity: [],
};

function averagingRank(measure: Measure, a: Averaging | null): number {
  if (!a) return 0.5; // unstated: after the preferred period, before the others
  const k = PREFERRED_AVERAGING[measure].indexOf(a);
  return k === -1 ? 9 : k === 0 ? 0 : k + 1;
}

/** OCR lowers confidence: by 10 % for a line OCR was sure of, by 30 % for one it was not. */
const ocrFactor = (line: Line): number => (line.isOcr ? 0.7 + 0.2 * (line.ocrConfidence ?? 0.8) : 1);

const round2 = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;
const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/** Forecast or observed, when the title area of the document says so. */
function documentKind(lines: Line[]): ValueKind | null {
  const head = lines.filter((l) => l.page === (lines[0]?.page ?? 1)).slice(0, 8).map((l) => l.folded).join(' ');
  if (FORECAST.test(head)) return 'forecast';
  if (OBSERVED.test(head)) return 'observed';
  return null;
}

/**
 * Units the document states once for its values: "Concentration shown is in µg/m3",
 * "Unidades: CO en ppm; NO2 en ppb; PM10 en µg/m3".
 */
function documentUnits(lines: Line[], ocr: boolean): (m: Measure) => SourceUnit | null {
  let fallback: SourceUnit | null = null;
  const byMeasure: Partial<Record<Measure, SourceUnit>> = {};
  for (const [k, l] of lines.entries()) {
    if (numberTokens(l.folded).some((t) => t.role === 'value' && !/^\s*(?:[µu]g|mg|ppb|ppm)/i.test(l.folded.slice(t.end)))) continue;
    if (!/\b(?:concentra\w*|valores|values|unidad(?:es)?|unidade?s?|units?|dados|datos|express\w*|expresad\w*|shown|mostrad\w*|medid\w*|measured)\b/i.test(l.folded)) continue;
    const labels = findLabels(l.folded, ocr);
    const next = lines[k + 1];
    for (const lab of labels) {
      const m = /^\s*(?:\)\s*)?(?:en|in|em|:|=|\(|-)\s*/.exec(l.folded.slice(lab.end));
      const rest = l.folded.slice(lab.end + (m?.[0].length ?? 0));
      // "… NO2 en" / "ppb; PM10 en µg/m3": the statement wrapped at the margin, its unit opens the next line.
      const u = !rest.trim() && next && next.page === l.page ? unitAt(next.folded, ocr) : unitAt(rest, ocr);
      if (isConcentrationUnit(u)) byMeasure[lab.measure] = u;
    }
    if (labels.length === 0) {
      const u = unitWithin(l.folded, ocr);
      if (isConcentrationUnit(u)) fallback = fallback ?? u;
    }
  }
  return (m) => byMeasure[m] ?? (m === 'temperatura' || m === 'humidity' ? null : fallback);
}

function toFieldReading(r: Reading, value = r.value): FieldReading {
  const f: FieldReading = { value, unit: r.unit, sourceText: r.sourceText, sourceUnit: r.sourceUnit, confidence: round2(r.confidence) };
  if (r.averaging) f.averaging = r.averaging;
  if (r.kind) f.kind = r.kind;
  if (r.range) f.range = r.range;
  return f;
}

/** Pick, among readings of one measure, the group of the preferred averaging (and observed over forecast). */
function preferredGroup(measure: Measure, rs: Reading[]): Reading[] {
  const best = Math.min(...rs.map((r) => averagingRank(measure, r.averaging)));
  let group = rs.filter((r) => averagingRank(measure, r.averaging) === best);
  if (group.some((r) => r.kind !== 'forecast') && group.some((r) => r.kind === 'forecast')) group = group.filter((r) => r.kind !== 'forecast');
  return group;
}

/**
 * The value a range stands for ("35–55 µg/m³", "entre 35 y 55", a "60-80" forecast cell):
 * never its low end. Under the `max` rule (the default) the upper end, the cautious
 * reading of a forecast band; under `mean` the midpoint. The field keeps `range` either way.
 */
const valueByRule = (r: Reading, rule: CityValueRule): number => (r.range ? (rule === 'max' ? r.range[1] : round3((r.range[0] + r.range[1]) / 2)) : r.value);

/** The city-level field of one measure (see the module comment). */
function chooseField(measure: Measure, rs: Reading[], rule: CityValueRule): ExtractedField | null {
  if (rs.length === 0) return null;
  const stated = rs.filter((r) => r.station === null);
  if (stated.length) {
    const group = preferredGroup(measure, stated);
    // A stated aggregate row or column ("Promedio", "City average") before a plain label; then reading order.
    const pick = [...group].sort((a, b) => Number(b.aggregate !== null) - Number(a.aggregate !== null) || a.order - b.order)[0]!;
    let confidence = pick.confidence;
    if (group.some((r) => Math.abs(valueByRule(r, rule) - valueByRule(pick, rule)) > 1e-9)) confidence *= 0.85;
    return { ...toFieldReading(pick, valueByRule(pick, rule)), confidence: round2(confidence), origin: 'stated' };
  }
  const group = preferredGroup(measure, rs);
  const readings = perStation(group, rule);
  const conf = readings.reduce((s, r) => s + r.confidence, 0) / readings.length;
  if (rule === 'max' || readings.length === 1) {
    const pick = readings.reduce((a, b) => (valueByRule(b, 'max') > valueByRule(a, 'max') ? b : a));
    return {
      ...toFieldReading(pick, valueByRule(pick, 'max')),
      confidence: round2(Math.min(pick.confidence, conf) * 0.95),
      origin: 'max-of-stations',
      stationCount: readings.length,
      station: pick.station!,
    };
  }
  const mean = readings.reduce((s, r) => s + valueByRule(r, 'mean'), 0) / readings.length;
  const units = readings.map((r) => r.sourceUnit);
  const first = readings[0]!;
  const f: ExtractedField = {
    value: measure === 'co' ? round3(mean) : Math.round(mean * 10) / 10,
    unit: first.unit,
    sourceText: `mean of ${readings.length} stations: ${readings.map((r) => `${r.station} ${r.value}`).join(', ')}`.slice(0, 200),
    sourceUnit: units.every((u) => u === units[0]) ? first.sourceUnit : '',
    confidence: round2(conf * 0.9),
    origin: 'mean-of-stations',
    stationCount: readings.length,
  };
  if (first.averaging && readings.every((r) => r.averaging === first.averaging)) f.averaging = first.averaging;
  if (first.kind && readings.every((r) => r.kind === first.kind)) f.kind = first.kind;
  return f;
}

/**
 * One reading per station. A station read several times (an hourly series, a table
 * and a sentence) is summarised by the same rule: its highest reading, or the mean.
 */
function perStation(group: Reading[], rule: CityValueRule): Reading[] {
  const by = new Map<string, Reading[]>();
  for (const r of [...group].sort((a, b) => a.order - b.order)) {
    const key = foldText(r.station!).folded.toLowerCase();
    by.set(key, [...(by.get(key) ?? []), r]);
  }
  return [...by.values()].map((rs) => {
    if (rs.length === 1) return rs[0]!;
    if (rule === 'max') return rs.reduce((a, b) => (valueByRule(b, 'max') > valueByRule(a, 'max') ? b : a));
    const mean = rs.reduce((s, r) => s + valueByRule(r, 'mean'), 0) / rs.length;
    return { ...rs[0]!, value: Math.round(mean * 1000) / 1000, range: null };
  });
}

function buildStations(readings: Reading[], rule: CityValueRule): ExtractedStation[] {
  const byName = new Map<string, Reading[]>();
  for (const r of [...readings].sort((a, b) => a.order - b.order)) {
    if (r.station === null) continue;
    const key = foldText(r.station).folded.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), r]);
  }
  return [...byName.values()].map((rs) => {
    const st: ExtractedStation = { name: rs[0]!.station!, values: {}, fields: {} };
    const at = rs.find((r) => r.coordinates)?.coordinates;
    if (at) Object.assign(st, { lat: at.lat, lon: at.lon });
    for (const m of MEASURES) {
      const mine = rs.filter((r) => r.measure === m);
      if (!mine.length) continue;
      const pick = perStation(preferredGroup(m, mine), rule)[0]!;
      st.values[m] = pick.value;
      st.fields![m] = toFieldReading(pick);
    }
    return st;
  });
}

function detectLanguage(lines: Line[]): BulletinLanguage | null {
  const text = lines.map((l) => l.folded).join('\n');
  const scores = BULLETIN_LANGUAGES.map((lang) => {
    const re = new RegExp(LANGUAGE_WORDS[lang].source, 'gi');
    return [lang, [...text.matchAll(re)].length] as const;
  });
  scores.sort((a, b) => b[1] - a[1]);
  const [first, second] = scores;
  if (!first || first[1] < 3 || (second && first[1] < second[1] * 1.25)) return null;
  return first[0];
}

/**
 * Overall confidence: the mean confidence of the pollutant fields found, times 0.85
 * without a location, 0.9 without a date, and 0.9 when only one pollutant was found
 * (a lone number is easier to misread than a consistent set). 0 with no pollutant.
 */
export function overallConfidence(fields: Partial<Record<(typeof POLLUTANTS)[number] | 'location' | 'date', { confidence: number }>>): number {
  const confs = POLLUTANTS.map((p) => fields[p]?.confidence).filter((c): c is number => c !== undefined);
  return meanConfidence(confs, fields.location !== undefined, fields.date !== undefined);
}

function meanConfidence(confs: number[], location: boolean, date: boolean): number {
  if (confs.length === 0) return 0;
  let c = confs.reduce((a, b) => a + b, 0) / confs.length;
  if (!location) c *= 0.85;
  if (!date) c *= 0.9;
  if (confs.length === 1) c *= 0.9;
  return round2(c);
}

/** A document of index values: as `overallConfidence`, over its sub-indices, or its one overall value (or category) when it gives no sub-index. */
function indexConfidence(index: IndexReading, fields: ExtractedFields): number {
  const subIndices = POLLUTANTS.flatMap((p) => (index.sources[p] ? [index.sources[p].confidence] : []));
  const confs = subIndices.length > 0 ? subIndices : index.sources.overall ? [index.sources.overall.confidence] : [];
  return meanConfidence(confs, fields.location !== undefined, fields.date !== undefined);
}

const isPollutant = (m: Measure): boolean => POLLUTANTS.some((p) => p === m);

/**
 * An index's document: an index named (in a title, a sentence or a heading with its pollutant:
 * "Ozone AQI"), no reading with a concentration unit, no such unit written anywhere.
 * `indexTable`: an index table (index-values.ts) was read.
 */
function indexDocument(lines: Line[], readings: Reading[], ocr: boolean, indexTable: boolean): boolean {
  if (!indexTable && !readings.some((r) => isPollutant(r.measure))) return false;
  if (readings.some((r) => isPollutant(r.measure) && r.sourceUnit !== '')) return false;
  // Spelt as a unit is spelt (OCR's looser readings of µg/m³ match stray marks on a photo); a reading's unit was checked above.
  if (lines.some((l) => isConcentrationUnit(unitWithin(l.folded, false)))) return false;
  if (indexTable) return true;
  return !indexBeside(lines, ocr) && lines.some((l) => INDEX_HEADER.test(l.folded));
}

/**
 * A table with an index column or row of its own ("Estación | PM10 | PM2.5 | O3 | IBOCA", an "ICAP" row):
 * the index sits beside the concentrations, which are read as such. Such a cell is a short
 * heading beside pollutant columns or the numbers of its row — not a sentence ("Índice de
 * Qualidade do Ar (IQAr) por estação - média das últimas 24 horas") that OCR cut at a dash.
 */
function indexBeside(lines: Line[], ocr: boolean): boolean {
  return lines.some((l) => l.cells.length >= 2 && l.cells.some((c, k) => {
    const text = l.folded.slice(c.start, c.end);
    if (!INDEX_HEADER.test(text) || findLabels(text, ocr).length > 0 || text.trim().split(/\s+/).length > 3) return false;
    const others = l.cells.filter((_, j) => j !== k).map((o) => l.folded.slice(o.start, o.end));
    return others.some((o) => findLabels(o, ocr).length > 0 || numberTokens(o).some((t) => t.role === 'value'));
  }));
}

/** The index a document of index values is in: the most specific one it names (vocabulary.ts, NAMED_INDICES). */
function namedIndex(lines: Line[]): { name: string; standard: IndexReading['standard'] } {
  for (const { pattern, name, standard, unless } of NAMED_INDICES) {
    for (const l of lines) {
      const m = pattern.exec(l.folded);
      if (m) return { name: name || m[0], standard: unless && lines.some((x) => unless.test(x.folded)) ? null : standard };
    }
  }
  return { name: 'index', standard: null };
}

/**
 * A document of index values read as one: each pollutant's sub-index (over several
 * stations or areas, the highest — the `max` rule, as the index reports the worst) and the
 * overall index, the highest sub-index, as AQI, IQAr, IMECA … are defined. Null when no
 * pollutant has one.
 */
function indexReading(lines: Line[], readings: Reading[], table: IndexValue[]): IndexReading | null {
  const pollutants: IndexReading['pollutants'] = {};
  const sources: IndexReading['sources'] = {};
  for (const p of POLLUTANTS) {
    // An index table's values, and numbers other readers took unitless ("Ozone 44" under "AQI forecast"): the highest.
    const candidates: IndexValue[] = [
      ...table.filter((v) => v.pollutant === p),
      ...readings.filter((r) => r.measure === p && r.range === null).map((r) => ({ pollutant: p, value: r.value, station: r.station, sourceText: r.sourceText, confidence: r.confidence })),
    ];
    const pick = candidates.reduce<IndexValue | null>((a, b) => (!a || b.value > a.value ? b : a), null);
    if (!pick) continue;
    pollutants[p] = pick.value;
    sources[p] = { sourceText: pick.sourceText, confidence: round2(pick.confidence), ...(pick.station ? { station: pick.station } : {}) };
  }
  const values = Object.values(pollutants);
  if (values.length === 0) return null;
  return { ...namedIndex(lines), overall: Math.max(...values), pollutants, sources };
}

/**
 * A document of an index given as one overall value (an AQHI, DAQI or PSI forecast or
 * summary: no pollutant value, no sub-index): the highest value it states (the `max` rule, as
 * the index reports the worst), its source kept under `overall`. Null when the document names
 * no such index or states no value of it.
 */
function overallIndexReading(lines: Line[], ocr: boolean): IndexReading | null {
  const named = namedIndex(lines);
  if (!named.standard || !isIndexOnlyStandardId(named.standard)) return null;
  const values = readOverallIndexStatements(lines, ocr);
  const pick = values.reduce<(typeof values)[number] | null>((a, b) => (!a || b.value > a.value ? b : a), null);
  if (!pick) return null;
  return { ...named, overall: pick.value, pollutants: {}, sources: { overall: { sourceText: pick.sourceText, confidence: round2(pick.confidence) } } };
}

/**
 * A document of a band-only index (Mexico's Índice AIRE Y SALUD, the EEA index), which has
 * no number: the categories it states, the worst as the overall one (the `max` rule, as the
 * index reports the worst) and each named pollutant's worst. Only for a document that names
 * such an index, gives no pollutant value and writes no concentration unit (a legend of the
 * bands in µg/m³ states none). Null when it states no category.
 */
function categoryIndexReading(lines: Line[], ocr: boolean): IndexReading | null {
  const named = namedIndex(lines);
  const standard = named.standard;
  if (standard !== 'mx' && standard !== 'eu-eaqi') return null;
  if (lines.some((l) => isConcentrationUnit(unitWithin(l.folded, false)))) return null;
  const values = readCategoryStatements(lines, standard, ocr);
  const worst = values.reduce<(typeof values)[number] | null>((a, b) => (!a || b.level > a.level ? b : a), null);
  const category = worst ? bandCategoryKey(standard, worst.level) : undefined;
  if (!worst || category === undefined) return null;
  const categories: Partial<Record<Pollutant, string>> = {};
  const sources: IndexReading['sources'] = { overall: { sourceText: worst.sourceText, confidence: round2(worst.confidence) } };
  for (const p of POLLUTANTS) {
    const own = values.filter((v) => v.pollutant === p).reduce<(typeof values)[number] | null>((a, b) => (!a || b.level > a.level ? b : a), null);
    const key = own ? bandCategoryKey(standard, own.level) : undefined;
    if (!own || key === undefined) continue;
    categories[p] = key;
    sources[p] = { sourceText: own.sourceText, confidence: round2(own.confidence) };
  }
  // A category stated alone, its pollutant named on a line of its own ("Contaminante responsable: Ozono"): the category is that pollutant's.
  const responsible = Object.keys(categories).length === 0 ? responsiblePollutant(lines, ocr) : null;
  if (responsible) {
    categories[responsible] = category;
    sources[responsible] = sources.overall;
  }
  return { ...named, overall: null, pollutants: {}, category, categories, sources };
}

/** Every reading of a text, before city-level values are chosen (the language-model path checks against these). */
export function readAll(lines: Line[], ocr: boolean): Reading[] {
  useDecimalMarkOf(lines.map((l) => l.folded).join('\n'));
  const kind = documentKind(lines);
  const units = documentUnits(lines, ocr);
  const documentMeasures = new Set(lines.flatMap((l) => findLabels(l.folded, ocr).map((x) => x.measure)));
  const ctx = { ocr, documentUnit: units, documentKind: kind, documentMeasures, ocrFactor };
  return [...readMeasureTables(lines, ctx), ...readLongTables(lines, ctx), ...readPairRows(lines, ctx), ...readRowTables(lines, ctx), ...readProse(lines, ctx)];
}

/**
 * Parse a bulletin's text. `text` is plain text (lines split on newlines, table cells
 * on tabs, `|`, `;` or 2+ spaces) or positioned lines from a PDF text layer / OCR.
 * Never invents a value: a measure not found is absent, a document with no
 * pollutant gets confidence 0 (the caller decides what that means; `extractBulletin`
 * rejects it with `no_air_quality_data`).
 */
export function parseBulletinText(text: string | TextLine[], opts: ParseOptions = {}): ParsedBulletin {
  const ocr = opts.ocr ?? false;
  const rule: CityValueRule = opts.cityValue ?? 'max';
  resetOrder();
  const lines = toLines(text);
  // In a PDF mixing a text layer and OCR'd pages only the OCR'd lines carry a confidence.
  const anyConfidence = lines.some((l) => l.ocrConfidence !== undefined);
  for (const l of lines) l.isOcr = ocr && (l.ocrConfidence !== undefined || !anyConfidence);
  const all = readAll(lines, ocr);
  // A document that names an index (AQI, IQAr, IMECA …) and writes no concentration unit anywhere
  // publishes index values: its bare numbers ("Ozone 44" under "AQI forecast") are not concentrations.
  const indexTable = [...readIndexTables(lines, ocr), ...readIndexStatements(lines, ocr)];
  const indexValues = indexDocument(lines, all, ocr, indexTable.length > 0);
  // A document that names an index and also gives concentrations: a pollutant number with no unit —
  // none written after it, in its label or column header, or stated for the document — is that
  // index's (an "Ozone | PM2.5" table under "AQI forecast"), not a concentration.
  // The index's own column or row beside the pollutant columns makes them concentrations (indexBeside).
  const namesIndex = lines.some((l) => INDEX_HEADER.test(l.folded)) && !indexBeside(lines, ocr);
  const documentUnit = documentUnits(lines, ocr);
  const readings = indexValues
    ? all.filter((r) => !isPollutant(r.measure))
    : namesIndex ? all.filter((r) => !isPollutant(r.measure) || r.sourceUnit !== '' || documentUnit(r.measure) !== null) : all;
  // Its pollutant numbers are the index's: read as such, never as concentrations.
  const index = indexValues
    ? indexReading(lines, all.filter((r) => isPollutant(r.measure)), indexTable)
    : all.some((r) => isPollutant(r.measure)) ? null : (overallIndexReading(lines, ocr) ?? categoryIndexReading(lines, ocr));
  // Tables restore their own columns; station lists read as prose need the same care.
  if (ocr) {
    for (const m of new Set(readings.map((r) => r.measure))) {
      const single = readings.filter((r) => r.measure === m && r.range === null);
      const stations = single.filter((r) => r.station !== null);
      restoreLostDecimalCommas(stations.filter((r) => r.sourceUnit === '' || r.sourceUnit === r.unit));
      for (const mean of single.filter((r) => r.aggregate === 'mean')) {
        restoreLostMeanDecimal(mean, stations.filter((r) => r.unit === mean.unit && r.sourceUnit === mean.sourceUnit));
      }
    }
  }
  const fields: ExtractedFields = {};
  const stations = buildStations(readings, rule);
  const result: ParsedBulletin = {
    location: null,
    date: null,
    confidence: 0,
    fields,
    stations,
    cityValueRule: rule,
    kind: documentKind(lines),
    language: detectLanguage(lines),
    index,
  };
  for (const measure of MEASURES) {
    const field = chooseField(measure, readings.filter((r) => r.measure === measure), rule);
    if (!field) continue;
    fields[measure] = field;
    result[measure] = field.value;
  }
  const stationNames = new Set([...stations.map((s) => s.name), ...(index ? indexTable.flatMap((v) => (v.station ? [v.station] : [])) : [])].map((n) => foldText(n).folded.toLowerCase().replace(/\s+/g, ' ').trim()));
  const location = findLocation(lines, { ocr, stations: stationNames, ocrFactor });
  if (location) {
    fields.location = location;
    result.location = location.value;
  }
  const date = findDate(lines, ocrFactor);
  if (date) {
    fields.date = date;
    result.date = date.value;
  }
  result.confidence = index ? indexConfidence(index, fields) : overallConfidence(fields);
  result.skipped = skippedLines(lines, readings, ocr, indexValues);
  return result;
}
