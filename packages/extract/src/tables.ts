/**
 * The table reader: rebuilds columns from positioned words and reads each value
 * under the header it sits below.
 *
 * 1. A **header band** is found where a line names two or more measures in separate
 *    places ("MP10 MP2,5 O3 CO NO2 SO2", "OZONE OZONE CO PM10 PM2.5 NO2",
 *    "CO_CENTENARIO;NO2_CENTENARIO;…") with no value among them; the lines just
 *    above and below that hold no values (titles of stacked header cells:
 *    "Material Particulado" / "(MP10)" / "[µg/m³]", averaging rows "1-HR 8-HR",
 *    unit rows "PPB PPM UG/M3") join the band.
 * 2. The band's words are grouped into **columns** by horizontal overlap (words of
 *    one phrase stay together; a cell spanning several columns — "Concentração
 *    Máxima", "Pollutant Concentrations (µg/m3)" — is context for each). Each
 *    column's stacked text gives its measure, unit and averaging, or says it is
 *    something else: station names, an index (AQI, IQAr), a category, a date or
 *    hour, a count, a unit.
 * 3. Each **row** below puts its words into the column zones (split halfway
 *    between columns; delimited rows by position). The name column gives the
 *    station (or an average/maximum row); a value under a measure column is a
 *    reading; ND/NM/S/D/"—" are no value. Rows of ranges or led by a category
 *    word are a legend (breakpoints), and a table made of them gives nothing.
 *
 * A second reader handles pollutant-per-row tables with a header (value, unit,
 * index and station columns): "Poluente | Tijuca | Bangu | Média".
 */
import { LATITUDE_HEADER, LONGITUDE_HEADER, parseCoordinate } from './coordinates.js';
import { findLabels, unitAt, unitWithin } from './labels.js';
import { CELL_GAP, cellText, gapBetween, lineHeight, ocrLinePitch, withinPitches, type Line, type Tok } from './lines.js';
import { averagingIn, numberTokens, restoreLostDecimalCommas } from './numbers.js';
import { makeReading, type Reading } from './readings.js';
import type { Averaging, SourceUnit, ValueKind } from './types.js';
import {
  AGGREGATE_NAME,
  CATEGORY,
  CATEGORY_WORD,
  COUNT_HEADER,
  FORECAST,
  DOMINANT_POLLUTANT_COLUMN,
  DOMINANT_POLLUTANT_HEADER,
  INDEX_HEADER,
  MEAN_NAME,
  OBSERVED,
  PLACEHOLDER,
  POLLUTANT_HEADER,
  STATION_HEADER,
  THRESHOLD_ROW,
  TIME_HEADER,
  UNIT_HEADER,
  VALUE_HEADER,
  foldText,
  type Measure,
} from './vocabulary.js';

export interface TableContext {
  ocr: boolean;
  /** A unit the document states for a measure's values ("Concentration shown is in µg/m3", "CO en ppm"). */
  documentUnit: (m: Measure) => SourceUnit | null;
  /** Forecast / observed, when the document says it as a whole. */
  documentKind: ValueKind | null;
  /** Every measure the document names anywhere. */
  documentMeasures: ReadonlySet<Measure>;
  ocrFactor: (line: Line) => number;
}

type ColumnKind = 'measure' | 'name' | 'index' | 'category' | 'time' | 'count' | 'unit' | 'value' | 'pollutant' | 'lat' | 'lon' | 'other';

interface Column {
  kind: ColumnKind;
  measure: Measure | null;
  x0: number;
  x1: number;
  /** Stacked header text, top to bottom. */
  text: string;
  context: string;
  unit: SourceUnit | null;
  averaging: Averaging | null;
  valueKind: ValueKind | null;
  /** For "CO_CENTENARIO": the station the column is for. */
  station: string | null;
  /** Column position in a delimited row. */
  position: number;
  /** Lowest line index the column's text came from (for ordering). */
  top: number;
}

interface BandPiece {
  text: string;
  x0: number;
  x1: number;
  line: number;
  position: number;
}

const hasValueNumber = (text: string): boolean => numberTokens(text).some((t) => t.role === 'value' || t.role === 'range-low');

/** The text of a line outside its measure labels, to tell a header ("PM2.5 PM10") from data ("PM2.5 12"). */
function withoutLabels(line: Line, ocr: boolean): string {
  let t = line.folded;
  for (const l of findLabels(line.folded, ocr)) t = t.slice(0, l.start) + ' '.repeat(l.end - l.start) + t.slice(l.end);
  return t;
}

/**
 * A header line names two or more measures in separate cells (or three or more in
 * merged OCR cells), is mostly those names, and holds no value: "MP10  MP2,5  O3",
 * not "PM2.5 12 µg/m³" and not a sentence listing pollutants.
 */
function isHeaderLine(line: Line, ocr: boolean): boolean {
  if (line.used || line.cells.length === 0) return false;
  const labels = findLabels(line.folded, ocr);
  if (labels.length === 1) return isSingleMeasureHeader(line, labels[0]!, ocr);
  if (labels.length < 2) return false;
  const cellOf = (l: { start: number }): number => line.cells.findIndex((c) => l.start >= c.start && l.start < c.end);
  const labelCells = new Set(labels.map(cellOf)).size;
  if (labelCells < 2 && !(line.cells.length >= 2 && labels.length >= 3) && !(line.isOcr && labels.length >= 3)) return false;
  const rest = withoutLabels(line, ocr);
  // Words besides the measures' names: a sentence listing pollutants has many. A
  // delimited record's fields are column headings whatever their number ("status",
  // "unit" after each measure in an agency's CSV), so there only a field of prose counts.
  if (line.delimited) {
    // OCR breaks words into pieces ("parti cul ate matter"): a piece of three letters or fewer is glued to the word before.
    const words = (t: string): number => ((line.isOcr ? t.replace(/(\p{L})\s+(?=\p{Ll}{1,3}(?!\p{L}))/gu, '$1') : t).match(/\p{L}{2,}/gu)?.length ?? 0);
    if (line.cells.some((c) => words(rest.slice(c.start, c.end)) > 4)) return false;
  } else if ((rest.match(/\p{L}{2,}/gu) ?? []).length > labels.length * 2.5 + 2) return false;
  return !hasValueNumber(rest) && !hasPlaceholder(line);
}

/**
 * A header of times and stations under a caption that names the measure: "FECHA HORA
 * AJU BJU CAM …" under "PM2.5 — concentración horaria (µg/m³)" (an agency's hourly
 * file: one measure, a column per station). The line starts with date or hour
 * headings, then two or more short names or codes with no number, label or index;
 * the caption, within two lines above, names exactly one measure.
 */
function captionHeader(lines: Line[], i: number, ocr: boolean): { measure: Measure; unit: SourceUnit | null; averaging: Averaging | null; line: number } | null {
  const line = lines[i]!;
  if (line.used || line.cells.length < 3 || hasValueNumber(line.folded) || findLabels(line.folded, ocr).length > 0) return null;
  // "FECHA (YYMMDD)", "HORA (HHMM)": a heading with its format (OCR may drop the closing bracket).
  const texts = line.cells.map((c) => cellText(line, c).replace(/\s*\([^)]*\)?\s*$/, '').trim());
  let times = 0;
  while (times < texts.length && TIME_HEADER.test(texts[times]!)) times++;
  const names = texts.slice(times);
  if (times === 0 || names.length < 2 || !names.every((t) => /^\p{L}[\p{L}\d .'’_-]{0,30}$/u.test(t) && !INDEX_HEADER.test(t) && !TIME_HEADER.test(t))) return null;
  for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
    const above = lines[k]!;
    if (above.page !== line.page || gapBetween(above, line) > 3.5) break;
    const measures = new Set(findLabels(above.folded, ocr).map((l) => l.measure));
    if (measures.size === 0) continue;
    if (measures.size > 1 || hasValueNumber(withoutLabels(above, ocr))) return null;
    return { measure: [...measures][0]!, unit: unitWithin(above.folded, ocr), averaging: averagingIn(above.folded), line: k };
  }
  return null;
}

/** A heading of a statistic: maximum, minimum, mean, median or a percentile ("99th", "P98"). */
const STATISTIC_HEADING = /^(?:max|maximum|maxima|maximo|min|minimum|minima|minimo|mean|media|average|avg|promedio|median|mediana|p\s?\d{1,2}|\d{1,2}(?:st|nd|rd|th|o|a)?(?:\s*percentile)?|percentil\s*\d{1,2})\.?$/i;
/** A sub-column heading that is the maximum of the measure spanning it. */
const MAX_SUBHEADING = /^(?:max|maximum|maxima|maximo|peak)\.?$/i;

/**
 * The header line of a table of statistics: three or more statistic headings, one a
 * maximum ("Max | 99th | 98th | 95th …"), under a heading naming one measure within three
 * lines above ("PM2.5 percentile concentration (µg/m3)") — the band reads the measure
 * from that heading, and the maximum column as its (see buildColumns).
 */
function isStatisticsHeader(lines: Line[], i: number, ocr: boolean): boolean {
  const line = lines[i]!;
  if (line.used || line.cells.length < 3 || findLabels(line.folded, ocr).length > 0) return false;
  const texts = line.cells.map((c) => cellText(line, c).trim());
  if (texts.filter((t) => STATISTIC_HEADING.test(t)).length < 3 || !texts.some((t) => MAX_SUBHEADING.test(t))) return false;
  for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
    const above = lines[k]!;
    if (above.page !== line.page) return false;
    const measures = new Set(findLabels(above.folded, ocr).map((l) => l.measure));
    if (measures.size === 1) return !hasValueNumber(withoutUnitCells(above, withoutLabels(above, ocr)));
    if (measures.size > 1) return false;
  }
  return false;
}

/**
 * A table of one measure: "Estación | IQCA | PM2,5 (µg/m³)", "Hora | PM10". The label
 * has a cell of its own and another cell is nothing but a station or time heading.
 */
function isSingleMeasureHeader(line: Line, label: { start: number; end: number }, ocr: boolean): boolean {
  if (line.cells.length < 2 || hasValueNumber(withoutLabels(line, ocr)) || hasPlaceholder(line)) return false;
  const own = line.cells.find((c) => label.start >= c.start && label.end <= c.end);
  if (!own || (line.folded.slice(own.start, own.end).match(/\p{L}{2,}/gu)?.length ?? 0) > 6) return false;
  return line.cells.some((c) => c !== own && /^[\p{L}\s]{2,30}$/u.test(cellText(line, c)) && (TIME_HEADER.test(cellText(line, c).trim()) || STATION_HEADER_ONLY.test(cellText(line, c).trim())));
}
const STATION_HEADER_ONLY = new RegExp(String.raw`^(?:(?:monitoring|measuring|air\s+quality|number\s+of|numero\s+de|n\.?\s*de)\s+)?(?:${STATION_HEADER.source.replace(/^\\b|\\b$/g, '')})(?:\s+(?:de\s+)?(?:monitoreo|monitoramento|monitoring|name|nombre|nome))?$`, 'i');

/**
 * A placeholder among the words. In an OCR'd line of words a lone dash is as likely
 * a table rule read as text; not in a dated title ("Región de La Araucanía - 14/06/2024 - 21:00").
 */
const hasPlaceholder = (line: Line): boolean => {
  const strayDashes = line.isOcr && !/\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}/.test(line.display);
  return line.toks.some((t) => {
    const word = line.display.slice(t.start, t.end);
    return PLACEHOLDER.test(word) && !(strayDashes && /^[-–—=_~]+$/.test(word));
  });
};

/** A line that could be part of a header band: no values, short cells. */
function bandCandidate(line: Line, ocr: boolean): boolean {
  if (line.used || line.cells.length === 0) return false;
  if (hasValueNumber(withoutUnitCells(line, withoutLabels(line, ocr))) || hasPlaceholder(line)) return false;
  return line.cells.every((c) => c.end - c.start <= 60);
}

/**
 * A unit in brackets as OCR garbles it ("(19/M7]", "[ug/m’]" for "[µg/m³]"): a short
 * bracketed token with a slash. Its digits are no value.
 */
const UNIT_CELL = /^[([{]\s*[^\s()[\]{}/]{1,4}\s*\/\s*[^\s()[\]{}]{1,5}\s*[)\]}]?$/;

/** `text` (the line's folded text, or a copy of it) with its unit cells blanked. */
function withoutUnitCells(line: Line, text: string): string {
  let t = text;
  for (const c of line.cells) if (UNIT_CELL.test(line.folded.slice(c.start, c.end).trim())) t = t.slice(0, c.start) + ' '.repeat(c.end - c.start) + t.slice(c.end);
  return t;
}

/**
 * A line above a header that is the page's title or dateline, not a stacked header
 * cell: one cell starting where the table starts and reaching past its first column
 * ("Calidad del aire en Valparaíso" over "Estación | MP2,5 …"), or a date. A caption
 * over some columns ("Concentração Máxima — Poluentes Monitorados") starts further right.
 */
function titleAbove(l: Line, header: Line): boolean {
  if (/\b(?:19|20)\d{2}\b/.test(l.folded)) return true;
  const first = header.cells[0];
  const second = header.cells[1];
  if (l.cells.length !== 1 || !first || !second) return false;
  const c = l.cells[0]!;
  const h = lineHeight(header);
  return c.x0 <= first.x0 + h && c.x1 > second.x0;
}

/** Pieces of a band line: its cells, cut where their words are apart (see `apart`). */
function bandPieces(line: Line): BandPiece[] {
  const out: BandPiece[] = [];
  line.cells.forEach((cell, position) => {
    const toks = line.toks.filter((t) => t.start >= cell.start && t.end <= cell.end);
    // Without a line height, a character is about half a line high.
    const h = line.y0 !== undefined ? lineHeight(line) : (line.fontSize ?? 2 * ((cell.x1 - cell.x0) / Math.max(1, cell.end - cell.start)));
    if (line.delimited || toks.length === 0) {
      out.push({ text: cellText(line, cell), x0: cell.x0, x1: cell.x1, line: line.index, position });
      return;
    }
    // OCR's word boxes are where the words are. A text layer's are estimated in proportion
    // to the characters of its runs, a space as wide as an average character: 0.6 line
    // heights in a fixed-width font, up to 0.7 in a wide bold one — where 0.6 cut a
    // DejaVu "MP2,5 (µg/m3)" into two columns. Two spaces (1.2) still part columns.
    const apart = line.isOcr ? 0.6 : 1;
    let cur: { start: number; end: number; x0: number; x1: number } | null = null;
    for (const t of toks) {
      if (cur && t.x0 - cur.x1 <= h * apart) {
        cur.end = t.end;
        cur.x1 = t.x1;
      } else {
        if (cur) out.push({ text: line.folded.slice(cur.start, cur.end), x0: cur.x0, x1: cur.x1, line: line.index, position });
        cur = { ...t };
      }
    }
    if (cur) out.push({ text: line.folded.slice(cur.start, cur.end), x0: cur.x0, x1: cur.x1, line: line.index, position });
  });
  return out;
}

function overlap(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
}

/** Words that qualify the heading before them rather than name the next one. */
const HEADING_QUALIFIER = /\b(?:m[aá]x\w*|m[ií]n\w*|media|mean|average|avg|promedio|prom|m[eé]dia|horari[oa]s?|hourly|diari[oa]s?|daily|m[oó]vil|m[oó]vel|rolling|running|horas?|hours?|h|hrs?|mensual|mensal|monthly|anual|annual|nowcast|forecast|pron[oó]stico|previs[aã]o)\b/i;

/** Split a piece holding two or more labels ("OZONE OZONE", "PM10 PM2.5") at the labels. */
function splitAtLabels(p: BandPiece, ocr: boolean): BandPiece[] {
  const labels = findLabels(p.text, ocr);
  if (labels.length < 2) return [p];
  const at = (off: number): number => p.x0 + (off / Math.max(1, p.text.length)) * (p.x1 - p.x0);
  const out: BandPiece[] = [];
  const head = p.text.slice(0, labels[0]!.start).trim();
  // Where a heading ends: at the next label, or after its bracketed unit when only words
  // follow it ("PM2.5 (µg/m3) Coarse particles PM10 (µg/m3)": they name the next column) —
  // not an averaging or statistic ("O3 (ppb) máx 8h", "NO2 (ppb) hourly max"), which is its own.
  const cuts = labels.map((l, k) => {
    const next = labels[k + 1];
    if (!next) return p.text.length;
    const between = /^(.*?[)\]])(\s+[\p{L}\s]+)$/u.exec(p.text.slice(l.end, next.start));
    return between && !HEADING_QUALIFIER.test(between[2]!) ? l.end + between[1]!.length : next.start;
  });
  labels.forEach((l, k) => {
    const end = cuts[k]!;
    const start = k === 0 ? (head ? 0 : l.start) : cuts[k - 1]!;
    out.push({ text: p.text.slice(start, end).trim(), x0: at(start), x1: at(end), line: p.line, position: p.position });
  });
  return out;
}

function classifyColumn(col: Column, ocr: boolean): void {
  const text = col.text.trim();
  const labels = findLabels(text, ocr);
  const measures = [...new Set(labels.map((l) => l.measure))];
  const all = `${col.context} ${text}`;
  col.unit = unitWithin(text, ocr) ?? unitWithin(col.context, ocr);
  col.averaging = averagingIn(text) ?? averagingIn(col.context);
  col.valueKind = FORECAST.test(all) ? 'forecast' : OBSERVED.test(all) ? 'observed' : null;
  // "Latitud", "Longitude (°)", "Lon": where each station is, read as coordinates, never as values.
  if (LATITUDE_HEADER.test(text) || LONGITUDE_HEADER.test(text)) {
    col.kind = LATITUDE_HEADER.test(text) ? 'lat' : 'lon';
    return;
  }
  if (INDEX_HEADER.test(text) && !(measures.length === 1 && /\b(?:concentra\w*)\b/i.test(text))) {
    col.kind = 'index';
    return;
  }
  if (measures.length === 1) {
    col.kind = 'measure';
    col.measure = measures[0]!;
    // "CO_CENTENARIO", "PM10 LA BOCA": what is left after the label and unit is a station.
    const label = labels[0]!;
    const rest = (text.slice(0, label.start) + ' ' + text.slice(label.end))
      .replace(/[([]\s*(?:[µu]g\/m\S*|mg\/m\S*|ppb\w*|ppm\w*)\s*[)\]]/gi, ' ')
      .replace(/\b(?:[µu]g\/m\S*|mg\/m\S*|ppbv?|ppmv?)\b/gi, ' ')
      .replace(/\b\d+\s*-?\s*(?:h|hr|hrs|hours?|horas?)\b/gi, ' ')
      .replace(/[()[\]:,.-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (rest && /^\p{L}[\p{L}\s'’]{2,40}$/u.test(rest) && !/\b(?:concentra\w*|material|particulado|particulate|matter|ozone|ozono|dioxido|monoxido|max\w*|media|promedio|average|mean|forecast|pronostico|prevision|nivel|level|valor|value|fino|fine|respirable|suspended|particulates?|particulas?|inalaveis|respiraveis|total|horari[oa]|diari[oa]|movil|movel|rolling|running|ponderado|weighted|nowcast|partes|por|bil\w*|mil\w*)\b/i.test(rest)) {
      col.station = titleCase(rest);
    }
    return;
  }
  if (measures.length > 1) {
    col.kind = 'other';
    return;
  }
  if (POLLUTANT_HEADER.test(text)) col.kind = 'pollutant';
  else if (TIME_HEADER.test(text.replace(/[^\p{L}\s]/gu, '').trim()) || /^(?:fecha|hora|date|time)\b/i.test(text)) col.kind = 'time';
  else if (COUNT_HEADER.test(text)) col.kind = 'count';
  else if (STATION_HEADER.test(text)) col.kind = 'name';
  else if (UNIT_HEADER.test(text.replace(/[^\p{L}\s.]/gu, '').trim())) col.kind = 'unit';
  else if (VALUE_HEADER.test(text)) col.kind = 'value';
  else if (/\b(?:classificacao|clasificacion|classification|categoria|category|calidad|qualidade|quality|estado|status|condicion|condition|riesgo|risk|descriptor)\b/i.test(text)) col.kind = 'category';
  else col.kind = 'other';
}

export function titleCase(s: string): string {
  if (s !== s.toUpperCase()) return s;
  return s.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase())
    .replace(/(?<=\s)(De|Del|Da|Do|Dos|Das|La|Las|Los|El|Of|The|Y|E)\b/g, (w) => w.toLowerCase());
}

/**
 * Table headings as OCR misreads a formula, read as that measure when alone in a
 * heading beside other measures' columns and the table has no column of it:
 *  - "NO": capitals lose a subscript 2. Beside an NOx column it is nitric oxide, which
 *    is not read.
 *  - "os", "O5": the 3 of O3 read as s or 5 (Bogotá's header, in the upper part of its
 *    split scan). No heading is the article "os" alone.
 */
const MISREAD_HEADINGS: Array<{ heading: RegExp; measure: Measure; unlessColumn?: RegExp }> = [
  { heading: /^NO$/, measure: 'no2', unlessColumn: /\bNOX\b/i },
  { heading: /^[Oo0][sS5]$/, measure: 'o3' },
];

/** Build the columns of a header band (line indexes in `band`, the main header line first found). */
function buildColumns(lines: Line[], band: number[], ocr: boolean): Column[] {
  const pieces: BandPiece[] = [];
  for (const i of band) {
    // A delimited line of the band with one field ("London Marylebone Road" over the
    // header of a CSV) is the table's caption, not the heading of the column it sits in.
    if (lines[i]!.delimited && bandCaption(lines[i]!) !== null) continue;
    for (const p of bandPieces(lines[i]!)) pieces.push(...splitAtLabels(p, ocr));
  }
  const delimited = band.some((i) => lines[i]!.delimited);
  const columns: Array<Column & { pieces: BandPiece[] }> = [];
  const spanning: BandPiece[] = [];
  const width = (p: { x0: number; x1: number }): number => Math.max(1e-6, p.x1 - p.x0);
  for (const p of [...pieces].sort((a, b) => width(a) - width(b))) {
    const hits = delimited
      ? columns.filter((c) => c.position === p.position)
      : columns.filter((c) => overlap(c, p) > 0.25 * Math.min(width(c), width(p)) || (p.x0 + p.x1) / 2 >= c.x0 && (p.x0 + p.x1) / 2 <= c.x1);
    if (hits.length === 1 || (hits.length > 1 && delimited)) {
      const c = hits[0]!;
      c.pieces.push(p);
      c.x0 = Math.min(c.x0, p.x0);
      c.x1 = Math.max(c.x1, p.x1);
    } else if (hits.length === 0) {
      columns.push({ kind: 'other', measure: null, x0: p.x0, x1: p.x1, text: '', context: '', unit: null, averaging: null, valueKind: null, station: null, position: p.position, top: p.line, pieces: [p] });
    } else spanning.push(p);
  }
  for (const c of columns) {
    c.pieces.sort((a, b) => a.line - b.line || a.x0 - b.x0);
    // Apart as cells: a formula alone in its cell ("PMO", "03") reads as one only there.
    c.text = c.pieces.map((p) => p.text).join(CELL_GAP);
    c.top = Math.min(...c.pieces.map((p) => p.line));
    c.context = spanning.filter((s) => overlap(s, c) > 0).map((s) => s.text).join(' ');
    classifyColumn(c, ocr);
  }
  // A table of statistics: one measure's heading spans sub-columns ("PM2.5 percentile
  // concentration (µg/m3)" over "Max | 99th | 98th …"). Its maximum column is that measure's
  // (each station's highest); percentiles and other statistics are not readings.
  for (const c of columns) {
    if (c.kind !== 'other' || !MAX_SUBHEADING.test(c.text.trim())) continue;
    const measures = [...new Set(findLabels(c.context, ocr).map((l) => l.measure))];
    const m = measures[0];
    if (measures.length !== 1 || !m || columns.some((o) => o.kind === 'measure' && o.measure === m)) continue;
    c.kind = 'measure';
    c.measure = m;
  }
  // A formula OCR misread, alone as a heading among other measures' columns, names the
  // measure the table lacks (see MISREAD_HEADINGS).
  if (ocr && columns.some((c) => c.kind === 'measure')) {
    for (const { heading, measure, unlessColumn } of MISREAD_HEADINGS) {
      const lone = columns.filter((c) => c.kind !== 'measure' && c.pieces.some((p) => heading.test(p.text)));
      if (lone.length !== 1 || columns.some((c) => c.measure === measure || unlessColumn?.test(c.text))) continue;
      lone[0]!.kind = 'measure';
      lone[0]!.measure = measure;
    }
  }
  columns.sort((a, b) => (delimited ? a.position - b.position : (a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2));
  // A column of a word the other band lines do not align with ("SRA" over "NUMBER") stays its own.
  return columns;
}

/** The only non-empty field of a delimited line, or null. */
function bandCaption(line: Line): string | null {
  const fields = line.cells.map((c) => line.display.slice(c.start, c.end).trim()).filter(Boolean);
  return fields.length === 1 ? fields[0]! : null;
}

/**
 * The station a table is about, when its rows are hours or days rather than stations:
 * a caption of the header band ("London Marylebone Road") or a line just above it
 * ("Estación: Las Condes", "Station: Marylebone Road").
 */
function tableStation(lines: Line[], band: number[], ocr: boolean): string | null {
  for (const i of band) {
    const caption = lines[i]!.delimited ? bandCaption(lines[i]!) : null;
    if (caption && isStationName(caption, ocr)) return caption;
  }
  for (let k = band[0]! - 1; k >= Math.max(0, band[0]! - 3); k--) {
    const m = /^\s*(?:estaci[oó]n|esta[cç][aã]o|station|site|sitio|monitor)\s*(?:de\s+monitoreo\s*)?[:\-–]\s*(.+?)\s*$/i.exec(lines[k]!.display)
      // A title ending with the station: "Región Metropolitana de Santiago — Estación Pudahuel".
      ?? /(?:^|[—–·|-]\s*)(?:estaci[oó]n|esta[cç][aã]o|station)\s+(\p{Lu}[\p{L}'’.-]*(?:\s+(?:de|del|do|da|la|el)?\s*\p{Lu}[\p{L}'’.-]*){0,3})\s*$/iu.exec(lines[k]!.display);
    if (m && isStationName(m[1]!, ocr)) return m[1]!;
  }
  return null;
}

const isStationName = (text: string, ocr: boolean): boolean =>
  /^\p{L}[\p{L}\s'’.()-]{1,60}$/u.test(text) && (text.match(/\p{L}+/gu)?.length ?? 0) <= 6 && findLabels(foldText(text).folded, ocr).length === 0 && !INDEX_HEADER.test(foldText(text).folded);

interface Zone {
  col: Column;
  text: string;
  /** The same words as written (accents kept), for station names. */
  display: string;
  toks: Tok[];
}

/** Put a row's words into the columns' zones (halfway between neighbours), or by position for delimited rows. */
function rowZones(line: Line, columns: Column[]): Zone[] {
  const zones: Zone[] = columns.map((col) => ({ col, text: '', display: '', toks: [] }));
  // Plain text has no positions worth trusting when the cells match the columns one for one.
  if (line.delimited || (line.y0 === undefined && line.cells.length === columns.length && columns.every((c, k) => c.position === k))) {
    line.cells.forEach((cell, k) => {
      const z = zones.find((zz) => zz.col.position === k);
      if (!z) return;
      z.text = cellText(line, cell);
      z.display = line.display.slice(cell.start, cell.end);
      z.toks = line.toks.filter((t) => t.start >= cell.start && t.end <= cell.end);
    });
    return zones;
  }
  const bounds: number[] = [];
  for (let k = 0; k + 1 < columns.length; k++) {
    const a = columns[k]!;
    const b = columns[k + 1]!;
    bounds.push(a.x1 <= b.x0 ? (a.x1 + b.x0) / 2 : ((a.x0 + a.x1) / 2 + (b.x0 + b.x1) / 2) / 2);
  }
  for (const t of line.toks) {
    // Numbers go by their own position; words by where their cell starts (a long name may reach past its column).
    const word = line.display.slice(t.start, t.end);
    const cell = line.cells.find((c) => t.start >= c.start && t.end <= c.end);
    const number = /^[<>≤≥~(]?\d/.test(word) || PLACEHOLDER.test(word) || !cell;
    const mid = number ? (t.x0 + t.x1) / 2 : cell.x0 + 1e-6;
    let k = 0;
    while (k < bounds.length && mid > bounds[k]!) k++;
    // A centred cell wider than its header ("Unhealthy for Sensitive Groups" under "Category") may start
    // left of its column's zone: it belongs to the one header it lies over. (A cell over several
    // headers — a note across the page — keeps its start's.)
    if (!number) {
      const over = columns.flatMap((c, j) => (Math.min(cell.x1, c.x1) > Math.max(cell.x0, c.x0) ? [j] : []));
      if (over.length === 1) k = over[0]!;
    }
    zones[k]!.toks.push(t);
  }
  for (const z of zones) {
    z.text = z.toks.map((t) => line.folded.slice(t.start, t.end)).join(' ');
    z.display = z.toks.map((t) => line.display.slice(t.start, t.end)).join(' ');
  }
  return zones;
}

export interface CellValue {
  value: number;
  unit: SourceUnit | null;
  legend: boolean;
  placeholder: boolean;
  range: [number, number] | null;
}

/** What a table cell holds: a value (with a unit if one is written), a placeholder, or legend material (ranges, ≤ signs). */
export function readCell(text: string, ocr: boolean): CellValue | null {
  const t = text.trim().replace(/^[,.;:*'"“”|]+\s*/, '');
  if (!t) return null;
  // A negative number is a missing-data code (-99, -999, -9999): no concentration is below zero.
  if (PLACEHOLDER.test(t) || /^(?:n\.?a\.?|s\/d|-+|—|–|\*+|x|#\w*!?)$/i.test(t) || /^[-−]\d+(?:[.,]\d+)?$/.test(t)) return { value: NaN, unit: null, legend: false, placeholder: true, range: null };
  const toks = numberTokens(t);
  const first = toks[0];
  if (!first) return null;
  if (/^[>≥≤]/.test(t) || (first.comparator && first.comparator !== '<')) return { value: first.value, unit: null, legend: true, placeholder: false, range: null };
  if (first.comparator === '<') return { value: NaN, unit: null, legend: false, placeholder: true, range: null }; // below detection
  if (first.role === 'range-low' || /^\d+(?:[.,]\d+)?\s*[-–]\s*\d/.test(t)) {
    // Legend material in a station table; a pollutant-per-row table may take a lone range as a forecast (see readRowTables).
    const high = toks.find((k) => k.range);
    return { value: NaN, unit: high ? unitAt(t.slice(high.end), ocr) : null, legend: true, placeholder: false, range: high?.range ?? null };
  }
  if (first.role !== 'value' && first.role !== 'list') return null;
  return { value: first.value, unit: unitAt(t.slice(first.end), ocr), legend: false, placeholder: false, range: null };
}

/** Read every station × measure table of the page; marks the lines it takes as used. */
export function readMeasureTables(lines: Line[], ctx: TableContext): Reading[] {
  const out: Reading[] = [];
  // OCR boxes hold the ink, not the line box: stacked header lines at the page's usual
  // pitch belong together though their gap, in ink heights, looks wide.
  const pitch = ocrLinePitch(lines);
  const stacked = (a: Line, b: Line): boolean => gapBetween(a, b) <= 1.9 || withinPitches(a, b, pitch, 1.15);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const caption = isHeaderLine(line, ctx.ocr) ? null : captionHeader(lines, i, ctx.ocr);
    if (!caption && !isHeaderLine(line, ctx.ocr) && !isStatisticsHeader(lines, i, ctx.ocr)) continue;
    // The header band: up to 3 value-free lines above and below the header line (just the line under a caption).
    const band = [i];
    for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
      const l = lines[k]!;
      if (caption || !bandCandidate(l, ctx.ocr) || !stacked(l, lines[k + 1]!) || l.cells.length === 0 || titleAbove(l, line)) break;
      // A stacked header cell lies within the table's width; a title line far wider or alone above is not header.
      band.unshift(k);
    }
    let last = i;
    for (let k = i + 1; k < Math.min(lines.length, i + 5); k++) {
      const l = lines[k]!;
      if (caption || !bandCandidate(l, ctx.ocr) || !stacked(lines[k - 1]!, l)) break;
      band.push(k);
      last = k;
    }
    const columns = buildColumns(lines, band, ctx.ocr);
    if (caption) {
      // Every station column holds the caption's measure.
      for (const c of columns) {
        if (c.kind === 'time') continue;
        // "Registros validados | Registros preliminares": columns of one series by validation state, not stations.
        const station = VALUE_HEADER.test(c.text) || /\b(?:registros?|records?|validad[oa]s?|preliminar(?:es)?|validated|provisional)\b/i.test(c.text) ? null : c.text.trim();
        Object.assign(c, { kind: 'measure', measure: caption.measure, unit: caption.unit, averaging: caption.averaging, station });
      }
      lines[caption.line]!.used = true;
    }
    const measureCols = columns.filter((c) => c.kind === 'measure');
    if (measureCols.length < 1) continue;
    // Row names: the name column, else whatever lies left of the first measure column.
    const firstMeasure = columns.indexOf(measureCols[0]!);
    const nameCols = columns.filter((c, k) => c.kind === 'name' || (k < firstMeasure && c.kind === 'other'));
    const timeCols = columns.filter((c) => c.kind === 'time');
    for (const k of band) {
      lines[k]!.used = true;
      lines[k]!.role = 'header';
    }

    // Rows named by an hour or a day are readings of one station over time: the
    // column's ("CO_CENTENARIO") or the table's; only without either the time names them.
    const seriesStation = nameCols.length === 0 && timeCols.length > 0 ? tableStation(lines, band, ctx.ocr) : null;
    const rows: Array<{ line: Line; name: string; cells: Array<{ col: Column; cell: CellValue }>; legend: boolean; coordinates: { lat: number; lon: number } | null }> = [];
    let misses = 0;
    let j = last + 1;
    for (; j < lines.length; j++) {
      const row = lines[j]!;
      const prev = lines[j - 1]!;
      // A rule of dashes OCR dropped leaves a wide gap in ink heights; up to three of the page's line pitches is still the table.
      const near = gapBetween(prev, row) <= 4 || withinPitches(prev, row, pitch, 3);
      if (row.page !== line.page || !near) break;
      if (isHeaderLine(row, ctx.ocr)) break;
      if (row.cells.length === 0) continue;
      const zones = rowZones(row, columns);
      const cells: Array<{ col: Column; cell: CellValue }> = [];
      zones.forEach((z, k) => {
        if (z.col.kind !== 'measure') return;
        const cell = readCell(z.text, ctx.ocr);
        if (!cell) return;
        // A unit column after a measure's, before the next measure ("52.3 | P | ugm-3" under "NO2 | status | unit"): its unit.
        const after = zones.slice(k + 1).find((u) => u.col.kind === 'unit' || u.col.kind === 'measure');
        if (!cell.unit && after?.col.kind === 'unit') cell.unit = unitAt(after.text, ctx.ocr);
        cells.push({ col: z.col, cell });
      });
      // A cell spanning the row ("Temporariamente indisponível") lands in one zone; the row is a station with no data.
      const spanningPlaceholder = hasPlaceholder(row) && cells.length === 0;
      // A number in an unnamed column before the measures (data availability, a row number) is no part of the name, nor are coordinates.
      const name = zones.filter((z) => (nameCols.includes(z.col) && !(z.col.kind === 'other' && /^[\d.,%\s]+$/.test(z.display.trim()))) || timeCols.includes(z.col)).map((z) => z.display).join(' ').trim()
        || (row.delimited ? '' : zones.slice(0, firstMeasure).filter((z) => z.col.kind !== 'lat' && z.col.kind !== 'lon').map((z) => z.display).join(' ').trim());
      // "Temperature: 19.4 °C" under the table is a label line, not a station: the table ends. A label
      // inside the name is not one ("Central LA Co", OCR'd: "Co" is read as CO in any case).
      const nameStart = foldText(name).folded.search(/\p{L}/u);
      if (findLabels(foldText(name).folded, ctx.ocr).some((l) => l.start <= Math.max(0, nameStart)) && !AGGREGATE_NAME.test(name)) break;
      // A sentence under the table (a note, a source line) is not a row, whatever numbers it holds.
      // The whole line counts too: "As condições … para quarta-feira, dia 23, são desfavoráveis …" splits
      // at the number into a short 'name' and a tail, but reads as a sentence (many lower-case words).
      const prose = !row.delimited && (name.length > 60 || (name.match(/\p{L}{2,}/gu)?.length ?? 0) > 8 || (row.display.match(/\p{Ll}{3,}/gu)?.length ?? 0) > 10);
      if ((cells.length === 0 && !spanningPlaceholder) || prose) {
        misses += 1;
        // Section lines ("Roadside Stations", "Orange County: South Coast Air Basin") may sit between rows.
        if (misses > 2) break;
        continue;
      }
      misses = 0;
      row.used = true;
      row.role = 'row';
      // A row of averaging periods under the header ("Running 8 | 15 minute | 24 hour") describes the columns;
      // so does one whose cells are mostly words (OCR's "Hourty moan" for "Hourly mean"), placeholders aside.
      const periods = zones.filter((z) => z.col.kind === 'measure' && averagingIn(z.text) !== null).length;
      if (periods > 0 && periods >= cells.length) continue;
      const filled = zones.filter((z) => z.col.kind === 'measure' && z.text.trim() && !readCell(z.text, ctx.ocr)?.placeholder);
      const worded = filled.filter((z) => /\p{L}{4,}/u.test(z.text.replace(/[µu]g|mg|ppb|ppm|m-?3|m³/gi, '')));
      if (filled.length >= 2 && worded.length * 2 >= filled.length) continue;
      // Without a name column, the words left of the first column name the row ("Exceedance point | 100 | 200").
      const rowName = name || (columns[0] ? row.toks.filter((t) => t.x1 < columns[0]!.x0 && /\p{L}/u.test(row.display.slice(t.start, t.end))).map((t) => row.display.slice(t.start, t.end)).join(' ') : '');
      const legend = CATEGORY.test(rowName.replace(/^[\s\d.-]+/, '').trim()) || THRESHOLD_ROW.test(foldText(rowName).folded) || cells.some((c) => c.cell.legend);
      // A row named by an index ("ICAP", "IMECA", "AQI") holds index values under the measure columns: not a station.
      if (INDEX_HEADER.test(foldText(rowName).folded)) continue;
      rows.push({ line: row, name, cells, legend, coordinates: coordinatesOf(zones) });
    }
    // A legend (breakpoints per category) gives no reading.
    const legendRows = rows.filter((r) => r.legend).length;
    if (rows.length && legendRows / rows.length >= 0.5) continue;
    fixLostCommas(rows, ctx.ocr);
    const tableText = band.map((k) => lines[k]!.folded).join(' ');
    for (const r of rows) {
      if (r.legend) continue;
      const cleanName = cleanStationName(r.name);
      const aggregate = cleanName && AGGREGATE_NAME.test(cleanName) ? (MEAN_NAME.test(cleanName) ? 'mean' : 'max') : null;
      for (const { col, cell } of r.cells) {
        if (cell.placeholder || Number.isNaN(cell.value)) continue;
        const docUnit = ctx.documentUnit(col.measure!);
        const unit = cell.unit ?? col.unit ?? docUnit;
        const reading = makeReading({
          measure: col.measure!,
          raw: cell.value,
          unit,
          unitSource: cell.unit ? 'after' : col.unit ? 'header' : docUnit ? 'document' : 'none',
          sourceText: r.line.display,
          base: aggregate ? 0.95 : 0.9,
          ocrFactor: ctx.ocrFactor(r.line),
          averaging: col.averaging,
          kind: col.valueKind ?? (FORECAST.test(tableText) ? 'forecast' : null) ?? ctx.documentKind,
          station: aggregate ? null : (col.station ?? seriesStation ?? (cleanName || null)),
          aggregate,
          page: r.line.page,
        });
        if (reading && r.coordinates && reading.station !== null) reading.coordinates = r.coordinates;
        if (reading) out.push(reading);
      }
    }
    i = Math.max(i, j - 1);
  }
  return out;
}

/** A row's station coordinates from its latitude and longitude cells: both, in range, or none. */
function coordinatesOf(zones: { col: Column; text: string }[]): { lat: number; lon: number } | null {
  const latZone = zones.find((z) => z.col.kind === 'lat');
  const lonZone = zones.find((z) => z.col.kind === 'lon');
  if (!latZone || !lonZone) return null;
  const lat = parseCoordinate(latZone.text, 'lat');
  const lon = parseCoordinate(lonZone.text, 'lon');
  return lat === null || lon === null ? null : { lat, lon };
}

/** "1 Central LA Co" → "Central LA Co"; "1. Santa Anita" → "Santa Anita"; trailing debris dropped. */
export function cleanStationName(name: string): string {
  return name
    .replace(/^\s*\(?\d{1,3}[.)]?\s+(?=\p{L})/u, '')
    .replace(/[\s:–—|*-]+$/u, '')
    .replace(/^[\s:–—|*-]+/u, '')
    .trim();
}

/** OCR drops decimal commas: see {@link restoreLostDecimalCommas}, per column. */
function fixLostCommas(rows: Array<{ cells: Array<{ col: Column; cell: CellValue }> }>, ocr: boolean): void {
  if (!ocr) return;
  const byCol = new Map<Column, CellValue[]>();
  for (const r of rows) for (const { col, cell } of r.cells) if (!cell.placeholder && !Number.isNaN(cell.value)) byCol.set(col, [...(byCol.get(col) ?? []), cell]);
  for (const cells of byCol.values()) restoreLostDecimalCommas(cells);
}

/**
 * Pollutant-per-row tables with a header: "Poluente | Tijuca | Bangu | Média",
 * "Contaminante | Concentración | Unidad | Índice". Each row names a measure; each
 * column says what its numbers are (a station, an average, a value, a unit, an index).
 */
export function readRowTables(lines: Line[], ctx: TableContext): Reading[] {
  const out: Reading[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = lines[i]!;
    if (head.used || head.cells.length < 2 || hasValueNumber(head.folded) || findLabels(head.folded, ctx.ocr).length > 0) continue;
    // The rows below: each starts with a measure label, then values.
    const rowLines: Line[] = [];
    for (let k = i + 1; k < lines.length; k++) {
      const l = lines[k]!;
      // A header of several cells sits further from its first row (padding under a header rule): 4.5 lines there.
      if (l.used || gapBetween(lines[k - 1]!, l) > (k === i + 1 && head.cells.length >= 3 ? 4.5 : 2.5)) break;
      const labels = findLabels(l.folded, ctx.ocr);
      // One measure named per row (in any cell: "1 | Agra | Moderate | 158 | PM2.5 | 1"), in a row of cells.
      if (l.cells.length < 2 || labels.length === 0 || new Set(labels.map((x) => x.measure)).size > 1 && !labels.every((x) => x.start < l.cells[0]!.end)) break;
      // A label well into a long cell is a sentence's word, not a row's name: "Durante el mes, una ligera
      // subida de la temperatura y … junto con la actividad   5" (a speck OCR read as a 5 at the line's end).
      const labelCell = l.cells.find((c) => labels[0]!.start >= c.start && labels[0]!.start < c.end);
      if (labelCell && labelCell.end - labelCell.start > 60 && labels[0]!.start - labelCell.start > 30) break;
      rowLines.push(l);
    }
    if (rowLines.length === 0) continue;
    // Stacked header cells ("Escuelas" over "Aguirre", beside a one-line "Farolillo"): up to two
    // value-free lines of several cells just above join the header line.
    const band = [i];
    for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
      const l = lines[k]!;
      if (l.used || l.cells.length < 2 || !bandCandidate(l, ctx.ocr) || findLabels(l.folded, ctx.ocr).length > 0 || gapBetween(l, lines[k + 1]!) > 1.9) break;
      band.unshift(k);
    }
    const columns = buildColumns(lines, band, ctx.ocr).map((c) => {
      // A header that only says "station(s)" ("Monitoring stations", "Estación") heads station names
      // or counts of them ("… | PM2.5 | 37" under "Based on number of monitoring stations"): no value.
      if (STATION_HEADER_ONLY.test(c.text.replace(/\s+/g, ' ').trim())) c.kind = 'count';
      else if (c.kind === 'other' || c.kind === 'name') {
        // Header cells that are not a known kind name stations (or an average column).
        c.kind = 'name';
        c.station = titleCase(c.text.replace(/\s+/g, ' ').trim());
      }
      return c;
    });
    const valueCols = columns.filter((c) => c.kind === 'value' || c.kind === 'name' || c.kind === 'measure');
    if (valueCols.length === 0) {
      // "Pollutant | Sub-index", "Contaminante | Índice | Calidad": rows of index values; prose must not read them as "label value".
      if (columns.some((c) => c.kind === 'index')) {
        for (const l of [head, ...rowLines]) {
          l.used = true;
          l.role = l === head ? 'header' : 'row';
        }
        i += rowLines.length;
      }
      continue;
    }
    const unitCol = columns.find((c) => c.kind === 'unit');
    // A header naming a main-pollutant column, wherever its cells were cut.
    const dominantColumn = DOMINANT_POLLUTANT_COLUMN.test(band.map((k) => lines[k]!.folded).join(' '));
    for (const k of band) lines[k]!.used = true;
    for (const row of rowLines) {
      row.used = true;
      row.role = 'row';
      const label = findLabels(row.folded, ctx.ocr)[0]!;
      const labelCell = row.cells.find((c) => label.start >= c.start && label.start < c.end)!;
      const labelUnit = unitWithin(cellText(row, labelCell), ctx.ocr);
      const zones = rowZones(row, columns);
      // The label's own zone is not a value.
      const labelZone = zones.findIndex((z) => z.toks.some((t) => t.start >= labelCell.start && t.end <= labelCell.end));
      // "City | AQI | Prominent Pollutant | Stations": the row is about a city, its pollutant cell names what drives its index.
      if (zones[labelZone]?.col.kind === 'pollutant' && DOMINANT_POLLUTANT_HEADER.test(zones[labelZone].col.text)) continue;
      // The same when the header's cells ran together: a pollutant named after other cells (number, city, category) is that column's.
      if (dominantColumn && labelCell !== row.cells[0]) continue;
      const valueZones = zones.filter((z, k) => k > labelZone && valueCols.includes(z.col));
      const unitText = unitCol ? zones.find((z) => z.col === unitCol)?.text ?? '' : '';
      const rowUnit = unitText ? unitAt(unitText, ctx.ocr) : null;
      const cellsOf = valueZones.map((z) => readCell(z.text, ctx.ocr));
      // One range in a row with no category word ("PM2.5 | 35-55") is a forecast range, read by the range rule;
      // several ("PM2.5 | 0-12 | 12.1-35.4 | …") or one beside a category are breakpoints.
      const loneRange = cellsOf.filter((c) => c?.range).length === 1 && !cellsOf.some((c) => c?.legend && !c.range) && !CATEGORY_WORD.test(row.folded);
      for (const [k, z] of valueZones.entries()) {
        let cell = cellsOf[k];
        if (cell?.range && loneRange) cell = { ...cell, value: cell.range[1], legend: false };
        if (!cell || cell.placeholder || cell.legend || Number.isNaN(cell.value)) continue;
        const colName = z.col.kind === 'name' ? (z.col.station ?? '') : '';
        const aggregate = colName && AGGREGATE_NAME.test(colName) ? (MEAN_NAME.test(colName) ? 'mean' : 'max') : null;
        const period = FORECAST.test(colName) || /\b(?:hoy|today|hoje|ayer|yesterday|ontem)\b/i.test(colName);
        const docUnit = ctx.documentUnit(label.measure);
        const unit = cell.unit ?? rowUnit ?? labelUnit ?? z.col.unit ?? docUnit;
        const reading = makeReading({
          measure: label.measure,
          raw: cell.value,
          unit,
          unitSource: cell.unit ? 'after' : rowUnit || labelUnit ? 'label' : z.col.unit ? 'header' : docUnit ? 'document' : 'none',
          sourceText: row.display,
          base: z.col.kind === 'value' || aggregate || period ? 0.93 : 0.9,
          ocrFactor: ctx.ocrFactor(row),
          averaging: averagingIn(cellText(row, labelCell)) ?? z.col.averaging,
          kind: z.col.valueKind ?? ctx.documentKind,
          range: cell.range,
          station: z.col.kind === 'name' && !aggregate && !period && colName ? colName : null,
          aggregate,
          page: row.page,
        });
        if (reading) out.push(reading);
        if (period) break; // the first day of a forecast table is the day the bulletin is about
      }
    }
    i += rowLines.length;
  }
  return out;
}
