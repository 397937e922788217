/**
 * The bulletin parser: lines of text in, values with their sources and confidence out.
 * Pure: no I/O, no OCR; `extractBulletin` feeds it a text layer or OCR output.
 *
 * How a value is found, in order of preference (see `KIND_RANK`):
 * 1. **aggregate**: a labelled value on a line that speaks for the city (average,
 *    city, all stations …) or the average column/row of a station table;
 * 2. **label**: a labelled value in prose or a `label: value unit` / one-pollutant-per-row table;
 * 3. **station**: a value scoped to one monitoring station (a row of a station ×
 *    pollutant table, or a line naming a station). When only station values exist,
 *    the highest is taken — the worst station is what a bulletin headline reports.
 * Among values of the same preference the first in reading order wins.
 */
import type {
  BulletinLanguage,
  ExtractedField,
  ExtractedFields,
  ExtractedTextField,
  NormalizedUnit,
  ParsedBulletin,
  SourceUnit,
  TextLine,
} from './types.js';
import { PLAUSIBLE, acceptsUnit, targetUnit, toNormalized } from './units.js';
import {
  AGGREGATE,
  DATE_LABEL,
  DATE_OTHER,
  INDEX_BEFORE,
  INSTITUTION,
  LABELS,
  LANGUAGE_WORDS,
  LOCATION_LABELS,
  MEASURES,
  MONTHS,
  OCR_LABELS,
  OCR_UNITS,
  PLACEHOLDER,
  POLLUTANTS,
  STATION,
  UNITS,
  WEEKDAYS,
  foldText,
  type Measure,
} from './vocabulary.js';

export interface ParseOptions {
  /** The text comes from OCR: accept common misreadings, lower every confidence. */
  ocr?: boolean;
}

// ---------------------------------------------------------------------------
// Lines and cells

interface Cell {
  /** Offsets into the line's `display`/`folded` text. */
  start: number;
  end: number;
  x0: number;
  x1: number;
}

interface Line {
  index: number;
  page: number;
  display: string;
  folded: string;
  cells: Cell[];
  fontSize: number | undefined;
  ocrConfidence: number | undefined;
  /** Read by OCR (so less certain): set for OCR lines when parsing with `ocr`. */
  isOcr: boolean;
}

const CELL_GAP = '   ';

function toLines(input: string | TextLine[]): Line[] {
  const source: TextLine[] =
    typeof input === 'string'
      ? input.split(/\r?\n|\f/).map((text) => ({ text, page: 1 }))
      : input;
  let page = 1;
  return source.map((tl, index) => {
    if (typeof input === 'string' && /\f/.test(tl.text)) page += 1;
    const pieces: Array<{ text: string; x0: number; x1: number }> = tl.cells?.length
      ? tl.cells.map((c) => ({ text: foldText(c.text).display.trim(), x0: c.x0, x1: c.x1 })).filter((c) => c.text)
      : splitCells(foldText(tl.text).display);
    let display = '';
    const cells: Cell[] = [];
    for (const p of pieces) {
      if (display) display += CELL_GAP;
      cells.push({ start: display.length, end: display.length + p.text.length, x0: p.x0, x1: p.x1 });
      display += p.text;
    }
    return {
      index,
      page: tl.page ?? page,
      display,
      folded: foldText(display).folded,
      cells,
      fontSize: tl.fontSize,
      ocrConfidence: tl.confidence,
      isOcr: false,
    };
  });
}

/** Plain text: cells are separated by tabs, `|` or runs of 2+ spaces; x is the character column. */
function splitCells(text: string): Array<{ text: string; x0: number; x1: number }> {
  const out: Array<{ text: string; x0: number; x1: number }> = [];
  const re = /[^\t|]+?(?=\s{2,}|\t|\s*\||\s*$)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (!t) continue;
    const x0 = (m.index ?? 0) + lead;
    out.push({ text: t, x0, x1: x0 + t.length });
  }
  return out;
}

const cellText = (line: Line, c: Cell): string => line.folded.slice(c.start, c.end);

// ---------------------------------------------------------------------------
// Labels

interface LabelHit {
  measure: Measure;
  start: number;
  end: number;
}

function findLabels(folded: string, ocr: boolean): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const measure of MEASURES) {
    const patterns = [...LABELS[measure], ...(ocr ? (OCR_LABELS[measure] ?? []) : [])];
    for (const re of patterns) {
      re.lastIndex = 0;
      for (const m of folded.matchAll(re)) hits.push({ measure, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
    }
  }
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: LabelHit[] = [];
  for (const h of hits) {
    const last = kept[kept.length - 1];
    if (last && h.start < last.end) continue; // inside a longer label
    // "Dióxido de nitrógeno (NO2)", "MP2,5 (material particulado fino)": one label.
    if (last && last.measure === h.measure && /^[\s()[\]:,/-]*$/.test(folded.slice(last.end, h.start))) {
      last.end = h.end;
      continue;
    }
    kept.push({ ...h });
  }
  // Swallow a closing bracket so it does not sit between label and value.
  for (const k of kept) {
    const close = /^\s*[)\]]/.exec(folded.slice(k.end));
    if (close) k.end += close[0].length;
  }
  return kept;
}

// ---------------------------------------------------------------------------
// Numbers and units

interface Reading {
  value: number;
  /** Offsets of the number in the line. */
  start: number;
  end: number;
  unit: SourceUnit | null;
  unitWhere: 'after' | 'label' | 'none';
}

type SegmentResult = { kind: 'value'; reading: Reading } | { kind: 'placeholder' } | null;

const NUMBER = /(?<![\d.,:/\w])(\d+(?:[.,]\d+)?)(?![\d:/]|[.,]\d|[A-Za-z]{2})/g;

function unitAt(text: string, ocr: boolean): SourceUnit | null {
  const t = text.replace(/^\s*[([]?\s?/, '');
  for (const [u, re] of UNITS) if (re.test(t)) return u;
  if (ocr) for (const [u, re] of OCR_UNITS) if (re.test(t)) return u;
  return null;
}

/** A concentration unit written inside a label ("MP2,5 [µg/m³]", "Ozono (ppb)"): no bare C/F here. */
function unitWithin(text: string, ocr: boolean): SourceUnit | null {
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && /[A-Za-z]/.test(text[i - 1] ?? '')) continue;
    const u = unitAt(text.slice(i), ocr);
    if (u && !/^[CF]$/.test(text[i] ?? '') && !(u === '°C' && /^C/.test(text.slice(i)))) return u;
  }
  return null;
}

const MONTH_WORDS = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
const DATE_AFTER = new RegExp(String.raw`^\s*(?:de\s+)?(?:${MONTH_WORDS})\b`, 'i');
const NOT_A_VALUE_AFTER = /^\s?(?:h|hr|hrs|hora|horas|hour|hours|min|am|pm|[µuh]m|micr\w*|anos?|años?|years?|dias?|days?|estaciones|estacoes|stations)\b/i;

function parseNumber(s: string): number {
  return Number(s.replace(',', '.'));
}

/**
 * Read the value for `measure` in folded[from, to): the first number that carries a
 * unit the measure accepts, else the first bare number; skipping averaging periods
 * (8h), particle sizes (2.5 µm), index values (ICAP 28), dates and years. A
 * placeholder (ND, NM, --) before any number means "no value here".
 */
function readSegment(folded: string, from: number, to: number, measure: Measure, ocr: boolean, labelText: string): SegmentResult {
  const seg = folded.slice(from, to);
  const labelUnit = unitWithin(labelText, ocr);
  let bare: Reading | null = null;
  let firstNumberAt = Infinity;
  NUMBER.lastIndex = 0;
  for (const m of seg.matchAll(NUMBER)) {
    const at = m.index ?? 0;
    const numText = m[1] ?? '';
    const after = seg.slice(at + numText.length);
    const before = folded.slice(0, from + at);
    if (NOT_A_VALUE_AFTER.test(after) || DATE_AFTER.test(after)) continue;
    if (/^\d{4}$/.test(numText) && Number(numText) >= 1900 && Number(numText) <= 2100) continue;
    if (/[-–]\s*$/.test(before) && /\d\s*[-–]\s*$/.test(before)) continue; // a range's upper bound
    firstNumberAt = Math.min(firstNumberAt, at);
    const unit = unitAt(after, ocr);
    const value = parseNumber(numText);
    if (INDEX_BEFORE.test(before) && !unit) continue;
    if (unit) {
      if (!acceptsUnit(measure, unit)) continue; // "45 %" next to a pollutant is not its value
      return { kind: 'value', reading: { value, start: from + at, end: from + at + numText.length, unit, unitWhere: 'after' } };
    }
    if (!bare) {
      const inLabel = unitWithin(seg.slice(0, at), ocr) ?? labelUnit;
      bare = inLabel && acceptsUnit(measure, inLabel)
        ? { value, start: from + at, end: from + at + numText.length, unit: inLabel, unitWhere: 'label' }
        : { value, start: from + at, end: from + at + numText.length, unit: null, unitWhere: 'none' };
    }
  }
  // A placeholder right after the label ("MP2,5: ND", a cell "NM") means no value.
  const ph = /^[\s:=([|]*(\S+(?:\s\S+)?)/.exec(seg);
  if (ph && PLACEHOLDER.test(ph[1] ?? '') && (ph.index ?? 0) < firstNumberAt) return { kind: 'placeholder' };
  return bare ? { kind: 'value', reading: bare } : null;
}

// ---------------------------------------------------------------------------
// Candidates

type Kind = 'aggregate' | 'label' | 'station';
const KIND_RANK: Record<Kind, number> = { aggregate: 3, label: 2, station: 1 };
const KIND_CONFIDENCE: Record<Kind, number> = { aggregate: 0.95, label: 0.93, station: 0.65 };

interface Candidate {
  measure: Measure;
  value: number;
  unit: NormalizedUnit;
  sourceUnit: SourceUnit | '';
  sourceText: string;
  confidence: number;
  kind: Kind;
  order: number;
}

function clip(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

/** Confidence of a reading, before the document-level adjustments. */
function readingConfidence(measure: Measure, kind: Kind, how: Reading['unitWhere'] | 'header', line: Line): number {
  let c = KIND_CONFIDENCE[kind];
  if (how === 'label') c *= 0.97;
  else if (how === 'header') c *= 0.9;
  else if (how === 'none') {
    if (measure === 'pm25' || measure === 'pm10') c *= 0.8;
    else if (measure === 'temperatura' || measure === 'humidity') c *= 0.85;
    else c *= 0.6; // a gas without unit: ppb or µg/m³ is a guess
  }
  return c * ocrFactor(line);
}

/** OCR lowers confidence: by 10 % for a line OCR was sure of, by 30 % for one it was not. */
const ocrFactor = (line: Line): number => (line.isOcr ? 0.7 + 0.2 * (line.ocrConfidence ?? 0.8) : 1);

function makeCandidate(
  measure: Measure,
  reading: Reading,
  kind: Kind,
  line: Line,
  ocr: boolean,
  headerUnit: SourceUnit | null,
  order: number,
  sourceText: string,
  extraFactor = 1,
): Candidate | null {
  let unit = reading.unit;
  let how: Reading['unitWhere'] | 'header' = reading.unitWhere;
  if (!unit && headerUnit && acceptsUnit(measure, headerUnit)) {
    unit = headerUnit;
    how = 'header';
  }
  const assumed: SourceUnit = measure === 'temperatura'
    ? (reading.value > 50 ? '°F' : '°C')
    : measure === 'humidity' ? '%' : measure === 'co' ? 'mg/m³' : 'µg/m³';
  const value = toNormalized(measure, reading.value, unit ?? assumed);
  if (value === null) return null;
  const [lo, hi] = PLAUSIBLE[measure];
  if (value < lo || value > hi) return null;
  return {
    measure,
    value,
    unit: targetUnit(measure),
    sourceUnit: unit ?? '',
    sourceText: clip(sourceText),
    confidence: readingConfidence(measure, kind, how, line) * extraFactor,
    kind,
    order,
  };
}

function lineKind(folded: string): Kind {
  if (AGGREGATE.test(folded)) return 'aggregate';
  if (STATION.test(folded)) return 'station';
  return 'label';
}

const hasValueNumber = (s: string): boolean => {
  NUMBER.lastIndex = 0;
  for (const m of s.matchAll(NUMBER)) {
    const after = s.slice((m.index ?? 0) + (m[1]?.length ?? 0));
    if (!NOT_A_VALUE_AFTER.test(after)) return true;
  }
  return false;
};

interface Column {
  measure: Measure;
  x0: number;
  x1: number;
  unit: SourceUnit | null;
}

/**
 * Assign each value cell to the column it overlaps most (columns widened by a
 * quarter of their width, for right-aligned numbers); one cell per column. A cell
 * under no column is dropped rather than given to the nearest — a wrong column is
 * a wrong value.
 */
function assignColumns<T extends { x0: number; x1: number }>(columns: T[], cells: Cell[]): Array<[T, Cell]> {
  const out: Array<[T, Cell]> = [];
  const used = new Set<T>();
  const overlap = (cell: Cell, x0: number, x1: number): number => Math.max(0, Math.min(cell.x1, x1) - Math.max(cell.x0, x0));
  for (const cell of cells) {
    let best: T | null = null;
    let bestScore = 0;
    for (const col of columns) {
      if (used.has(col)) continue;
      const pad = (col.x1 - col.x0) * 0.25;
      // Overlap with the column itself first; the widened band only breaks ties and catches near misses.
      const score = overlap(cell, col.x0, col.x1) * 1000 + overlap(cell, col.x0 - pad, col.x1 + pad);
      if (score > bestScore) {
        bestScore = score;
        best = col;
      }
    }
    if (best) {
      used.add(best);
      out.push([best, cell]);
    }
  }
  return out;
}

/** A table cell holding a value or a placeholder (OCR debris like ", 52-" tolerated). */
const isValueCell = (text: string): boolean => {
  const t = text.trim().replace(/^[,.;:*'"“”|—-]+\s*/, '');
  return /^[<>~≈]?\s?\d+(?:[.,]\d+)?\s*(?:\S{0,8})$/.test(t) || PLACEHOLDER.test(t);
};

function collectCandidates(lines: Line[], ocr: boolean): Candidate[] {
  const out: Candidate[] = [];
  let order = 0;
  let header: { columns: Column[]; page: number } | null = null;
  let headerUnit: SourceUnit | null = null;
  let stationHeader: { titles: Array<{ text: string; x0: number; x1: number }>; page: number } | null = null;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const { folded } = line;
    if (!folded.trim()) continue;
    if (header && header.page !== line.page) header = null;
    if (stationHeader && stationHeader.page !== line.page) stationHeader = null;
    const labels = findLabels(folded, ocr);
    const labelSet = new Set(labels.map((l) => l.measure));

    // A station × pollutant table header: two or more labels and no values after them.
    // Each label is a column; a cell holding two labels (OCR merges close columns) is
    // split in proportion to where each label starts.
    if (labelSet.size >= 2 && line.cells.length >= 2 && !labels.some((l) => hasValueNumber(folded.slice(l.end, nextStart(labels, l, folded))))) {
      header = { page: line.page, columns: labels.map((l, k) => labelColumn(line, l, labels[k + 1], ocr)) };
      // A row of units under the header ("µg/m³  µg/m³  ppb").
      const next = lines[i + 1];
      if (next && next.cells.length >= 2 && next.cells.every((c) => unitAt(cellText(next, c), ocr) && cellText(next, c).length <= 8)) {
        for (const [col, cell] of assignColumns(header.columns, next.cells)) col.unit = unitAt(cellText(next, cell), ocr);
        i += 1;
      }
      continue;
    }

    // A row of that table: a name, then values under the columns.
    if (header && labels.length === 0 && line.cells.length >= 1) {
      const [first, ...rest] = splitTrailingNumber(line);
      const valueCells = rest.filter((c) => isValueCell(cellText(line, c)));
      if (first && !isValueCell(cellText(line, first)) && valueCells.length > 0) {
        const rowName = cellText(line, first);
        const kind: Kind = AGGREGATE.test(rowName) ? 'aggregate' : 'station';
        for (const [col, cell] of assignColumns(header.columns, valueCells)) {
          const r = readSegment(line.folded, cell.start, cell.end, col.measure, ocr, '');
          if (r?.kind !== 'value') continue;
          const reading = r.reading.unit ? r.reading : { ...r.reading, unit: col.unit, unitWhere: col.unit ? ('label' as const) : ('none' as const) };
          const c = makeCandidate(col.measure, reading, kind, line, ocr, headerUnit, order++, line.display);
          if (c) out.push(c);
        }
        continue;
      }
      header = null;
    }

    if (labels.length === 0) {
      // A header of a pollutant-per-row table: unit for the rows below, or station column titles.
      const unit = hasValueNumber(folded) ? null : unitWithin(folded, ocr);
      if (unit && unit !== '%' && !unit.startsWith('°')) headerUnit = unit;
      if (line.cells.length >= 3 && !hasValueNumber(folded)) {
        stationHeader = { page: line.page, titles: line.cells.slice(1).map((c) => ({ text: cellText(line, c), x0: c.x0, x1: c.x1 })) };
      }
      continue;
    }

    const kind = lineKind(folded);
    for (let li = 0; li < labels.length; li++) {
      const label = labels[li]!;
      const end = nextStart(labels, label, folded);
      const labelCell = line.cells.find((c) => label.start >= c.start && label.start < c.end);

      // Pollutant per row, stations per column: several value cells after the label's cell.
      if (labels.length === 1 && labelCell) {
        const valueCells = line.cells.filter((c) => c.start >= labelCell.end && isValueCell(cellText(line, c)));
        if (valueCells.length >= 2) {
          const labelUnit = unitWithin(cellText(line, labelCell), ocr);
          const titles = stationHeader?.titles ?? valueCells.map((c) => ({ text: '', x0: c.x0, x1: c.x1 }));
          for (const [title, cell] of assignColumns(titles, valueCells)) {
            const r = readSegment(folded, cell.start, cell.end, label.measure, ocr, '');
            if (r?.kind !== 'value') continue;
            const reading = r.reading.unit || !labelUnit ? r.reading : { ...r.reading, unit: labelUnit, unitWhere: 'label' as const };
            const colKind: Kind = AGGREGATE.test(title.text) ? 'aggregate' : 'station';
            const c = makeCandidate(label.measure, reading, colKind, line, ocr, headerUnit, order++, line.display);
            if (c) out.push(c);
          }
          continue;
        }
      }

      const labelText = folded.slice(label.start, label.end);
      let result = readSegment(folded, label.end, end, label.measure, ocr, labelText);
      let factor = 1;
      let source = line.display;
      let from = line;
      // Card layout: the label alone, its value on the next line.
      if (!result && labels.length === 1 && labelSet.size === 1) {
        const next = lines[i + 1];
        if (next && next.page === line.page && findLabels(next.folded, ocr).length === 0 && /^\s*[<~]?\s*\d/.test(next.folded)) {
          result = readSegment(next.folded, 0, next.folded.length, label.measure, ocr, labelText);
          factor = 0.9;
          source = `${line.display} ${next.display}`;
          from = next;
        }
      }
      if (result?.kind !== 'value') continue;
      const c = makeCandidate(label.measure, result.reading, kind, from, ocr, headerUnit, order++, source, factor);
      if (c) out.push(c);
    }
  }
  return out;
}

/** The column of a header label: the part of its cell from the label to the next label (or the cell's end). */
function labelColumn(line: Line, label: LabelHit, next: LabelHit | undefined, ocr: boolean): Column {
  const cell = line.cells.find((c) => label.start >= c.start && label.start < c.end) ?? { start: 0, end: line.folded.length, x0: 0, x1: line.folded.length };
  const end = next && next.start < cell.end ? next.start : cell.end;
  const at = (offset: number): number => cell.x0 + ((offset - cell.start) / Math.max(1, cell.end - cell.start)) * (cell.x1 - cell.x0);
  return { measure: label.measure, x0: at(label.start), x1: at(end), unit: unitWithin(line.folded.slice(label.end, end), ocr) };
}

/**
 * A table row's cells, with a number at the end of the first cell split off into a
 * cell of its own ("Promedio ciudad — 59" when OCR found no gap), placed in
 * proportion to its offset.
 */
function splitTrailingNumber(line: Line): Cell[] {
  const [first, ...rest] = line.cells;
  if (!first) return [];
  const m = /[\s—–-]+(\d+(?:[.,]\d+)?)\s*$/.exec(cellText(line, first));
  if (!m || m.index === 0) return line.cells;
  const cut = first.start + m.index;
  const numStart = first.start + m.index + m[0].indexOf(m[1]!);
  const at = (offset: number): number => first.x0 + ((offset - first.start) / Math.max(1, first.end - first.start)) * (first.x1 - first.x0);
  return [
    { start: first.start, end: cut, x0: first.x0, x1: at(cut) },
    { start: numStart, end: first.end, x0: at(numStart), x1: first.x1 },
    ...rest,
  ];
}

function nextStart(labels: LabelHit[], label: LabelHit, folded: string): number {
  const idx = labels.indexOf(label);
  return labels[idx + 1]?.start ?? folded.length;
}

function choose(cands: Candidate[]): Candidate | null {
  if (cands.length === 0) return null;
  const bestRank = Math.max(...cands.map((c) => KIND_RANK[c.kind]));
  const top = cands.filter((c) => KIND_RANK[c.kind] === bestRank);
  const pick = top[0]!.kind === 'station'
    ? top.reduce((a, b) => (b.value > a.value ? b : a))
    : top.reduce((a, b) => (b.order < a.order ? b : a));
  let confidence = pick.confidence;
  // Headline values that disagree with each other make the pick less certain.
  if (pick.kind !== 'station' && top.some((c) => Math.abs(c.value - pick.value) > 1e-9)) confidence *= 0.85;
  return { ...pick, confidence };
}

// ---------------------------------------------------------------------------
// Date

const WEEKDAY_WORDS = Object.keys(WEEKDAYS).sort((a, b) => b.length - a.length).join('|');
const DATE_PATTERNS: Array<{ re: RegExp; parts: (m: RegExpExecArray) => { d: number; m: number; y: number; ambiguous?: boolean; swapped?: boolean } | null }> = [
  {
    re: /(?<![\d/.-])(\d{4})-(\d{2})-(\d{2})(?![\d/.-])/g,
    parts: (m) => ({ y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) }),
  },
  {
    re: /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-])/g,
    parts: (m) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      const y = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
      if (a > 12 || b <= 12) return { d: a, m: b, y, ambiguous: a <= 12 && a !== b };
      return { d: b, m: a, y, swapped: true }; // 05/14/2024: month first
    },
  },
  {
    re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th|°|º)?\s*(?:de\s+|of\s+)?(${MONTH_WORDS})\.?,?\s*(?:de\s+|del\s+)?(\d{4})\b`, 'gi'),
    parts: (m) => ({ d: Number(m[1]), m: MONTHS[m[2]!.toLowerCase()] ?? 0, y: Number(m[3]) }),
  },
  {
    re: new RegExp(String.raw`\b(${MONTH_WORDS})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi'),
    parts: (m) => ({ d: Number(m[2]), m: MONTHS[m[1]!.toLowerCase()] ?? 0, y: Number(m[3]) }),
  },
];

/** Bulletins are about the past or tomorrow: a year beyond next year is a misreading (OCR's 2074). */
const LATEST_YEAR = new Date().getUTCFullYear() + 1;

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > LATEST_YEAR || m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return dt.toISOString().slice(0, 10);
}

function findDate(lines: Line[]): ExtractedTextField | null {
  let best: (ExtractedTextField & { order: number }) | null = null;
  const firstPage = lines.filter((l) => l.page === lines[0]?.page && l.folded.trim());
  const top = new Set(firstPage.slice(0, 8).map((l) => l.index));
  let order = 0;
  for (const line of lines) {
    for (const { re, parts } of DATE_PATTERNS) {
      re.lastIndex = 0;
      for (const m of line.folded.matchAll(re)) {
        const p = parts(m as RegExpExecArray);
        if (!p) continue;
        const iso = isoDate(p.y, p.m, p.d);
        if (!iso) continue;
        let c = DATE_LABEL.test(line.folded) ? 0.95 : top.has(line.index) ? 0.85 : 0.75;
        if (DATE_OTHER.test(line.folded)) c = 0.6;
        if (p.ambiguous) c *= 0.95;
        if (p.swapped) c *= 0.9;
        const wd = new RegExp(String.raw`\b(${WEEKDAY_WORDS})\b[\s,.-]*(?:\d{1,2}\s*(?:de\s+)?)?$`, 'i').exec(line.folded.slice(0, m.index).toLowerCase());
        if (wd) {
          const want = WEEKDAYS[wd[1]!];
          if (want !== undefined && new Date(`${iso}T00:00:00Z`).getUTCDay() !== want) c *= 0.6;
        }
        c *= ocrFactor(line);
        const cand = { value: iso, sourceText: clip(line.display), confidence: c, order: order++ };
        if (!best || cand.confidence > best.confidence + 1e-9) best = cand;
      }
    }
  }
  if (!best) return null;
  return { value: best.value, sourceText: best.sourceText, confidence: round2(best.confidence) };
}

// ---------------------------------------------------------------------------
// Location

const BULLETIN_WORDS = /^(?:calidad|aire|qualidade|ar|air|quality|boletin|boletim|bulletin|reporte|report|informe|relatorio|indice|index|diario|daily|pronostico|forecast|monitoreo|monitoramento|contaminacion|poluicao|pollution|estado|situacion)$/i;
const NAME = /\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:(?:de|del|do|da|dos|das|la|las|los|el|of|upon)[ \t]+)?\p{Lu}[\p{L}'’.-]*)*(?:,[ \t]*\p{Lu}{2}\b)?/uy;

function validLocation(s: string, ocr: boolean): boolean {
  const { folded } = foldText(s);
  if (!/^\p{L}/u.test(s) || s.length > 60 || s.split(/\s+/).length > 6) return false;
  if (INSTITUTION.test(folded)) return false;
  if (findLabels(folded.replace(/,\s*\p{Lu}{2}$/u, ''), ocr).length > 0) return false; // "Denver, CO" is a state, not carbon monoxide
  const words = folded.toLowerCase().split(/[\s,]+/).filter(Boolean);
  if (words.every((w) => BULLETIN_WORDS.test(w) || w in MONTHS || w in WEEKDAYS || /^(?:de|del|do|da|la|el|en|em|in|of)$/.test(w))) return false;
  if (/\d{2,}/.test(s)) return false;
  return true;
}

function cleanLocation(s: string): string {
  return s
    .replace(/\s+(?:\p{L}+)\s*:.*$/u, '') // "Santiago Fecha: …"
    .replace(/[\s,;:.–—|'"“”‘’*-]+$/u, '')
    .replace(/^[\s:–—|'"“”‘’.,*-]+/u, '') // OCR debris before the name
    .trim();
}

function findLocation(lines: Line[], ocr: boolean): ExtractedTextField | null {
  let best: (ExtractedTextField & { order: number }) | null = null;
  let order = 0;
  const offer = (value: string, line: Line, confidence: number): void => {
    const v = cleanLocation(value);
    if (!v || !validLocation(v, ocr)) return;
    const c = confidence * ocrFactor(line);
    const cand = { value: v, sourceText: clip(line.display), confidence: c, order: order++ };
    if (!best || cand.confidence > best.confidence + 1e-9) best = cand;
  };

  // 1. Labelled: "Ciudad: Santiago", "Município  São Paulo" (value in the next cell).
  for (const line of lines) {
    for (const [re, conf] of LOCATION_LABELS) {
      const g = new RegExp(re.source, 'gi');
      for (const m of line.folded.matchAll(g)) {
        const at = (m.index ?? 0) + m[0].length;
        const cell = line.cells.find((c) => (m.index ?? 0) >= c.start && (m.index ?? 0) < c.end);
        const rest = line.folded.slice(at);
        const sep = /^\s*(?:\([^)]*\)\s*)?[:=–—-]\s*/.exec(rest);
        if (sep && cell) {
          const end = cell.end;
          offer(line.display.slice(at + sep[0].length, Math.max(end, at + sep[0].length)), line, conf);
        } else if (cell && /^\s*$/.test(line.folded.slice(at, cell.end)) && (m.index ?? 0) === cell.start) {
          const nextCell = line.cells[line.cells.indexOf(cell) + 1];
          if (nextCell) offer(line.display.slice(nextCell.start, nextCell.end), line, conf * 0.95);
        }
      }
    }
  }
  // 2. Headline: "Calidad del Aire en Santiago", "Air Quality Report for Denver, CO".
  const firstPage = lines.filter((l) => l.page === lines[0]?.page && l.folded.trim());
  const sizes = firstPage.map((l) => l.fontSize ?? 0).filter((s) => s > 0).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const headings = firstPage.filter((l, k) => k < 6 || (median > 0 && (l.fontSize ?? 0) >= median * 1.2));
  for (const line of headings) {
    if (!/\b(?:calidad|qualidade|air|aire|boletin|boletim|bulletin|report|reporte|informe|relatorio|indice|index)\b/i.test(line.folded)) continue;
    const seps = [...line.folded.matchAll(/(?:\b(?:en|em|in|de|del|do|da|for|para)\s+|\s-\s+|[:|]\s*)/gi)];
    // The first name after a separator that is not bulletin vocabulary ("… del Aire en Ciudad de México").
    for (const s of seps) {
      NAME.lastIndex = (s.index ?? 0) + s[0].length;
      const m = NAME.exec(line.display);
      if (m && validLocation(cleanLocation(m[0]), ocr)) {
        offer(m[0], line, 0.7);
        break;
      }
    }
  }
  // 3. Letter style: "Santiago, martes 14 de mayo de 2024".
  for (const line of firstPage.slice(0, 10)) {
    const m = new RegExp(String.raw`^([^,]{2,40}),[^\d]{0,30}?(?:\d{1,2}\s+(?:de\s+)?(?:${MONTH_WORDS})|(?:${MONTH_WORDS})\.?\s+\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})\b`, 'i').exec(line.folded);
    if (m) offer(line.display.slice(0, m[1]!.length), line, 0.65);
  }
  if (!best) return null;
  const b = best as ExtractedTextField;
  return { value: b.value, sourceText: b.sourceText, confidence: round2(b.confidence) };
}

// ---------------------------------------------------------------------------
// Language

function detectLanguage(lines: Line[]): BulletinLanguage | null {
  const text = lines.map((l) => l.folded).join('\n');
  const scores = (Object.keys(LANGUAGE_WORDS) as BulletinLanguage[]).map((lang) => {
    const re = new RegExp(LANGUAGE_WORDS[lang].source, 'gi');
    return [lang, [...text.matchAll(re)].length] as const;
  });
  scores.sort((a, b) => b[1] - a[1]);
  const [first, second] = scores;
  if (!first || first[1] < 3 || (second && first[1] < second[1] * 1.25)) return null;
  return first[0];
}

// ---------------------------------------------------------------------------

const round2 = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;

/**
 * Overall confidence: the mean confidence of the pollutant fields found, times 0.85
 * without a location, 0.9 without a date, and 0.9 when only one pollutant was found
 * (a lone number is easier to misread than a consistent set). 0 with no pollutant.
 */
export function overallConfidence(fields: ExtractedFields): number {
  const confs = POLLUTANTS.map((p) => fields[p]?.confidence).filter((c): c is number => c !== undefined);
  if (confs.length === 0) return 0;
  let c = confs.reduce((a, b) => a + b, 0) / confs.length;
  if (!fields.location) c *= 0.85;
  if (!fields.date) c *= 0.9;
  if (confs.length === 1) c *= 0.9;
  return round2(c);
}

/**
 * Parse a bulletin's text. `text` is plain text (lines split on newlines, table cells
 * on tabs, `|` or 2+ spaces) or positioned lines from a PDF text layer / OCR.
 * Never invents a value: a measure not found is absent, a document with no
 * pollutant gets confidence 0 (the caller decides what that means; `extractBulletin`
 * rejects it with `no_air_quality_data`).
 */
export function parseBulletinText(text: string | TextLine[], opts: ParseOptions = {}): ParsedBulletin {
  const ocr = opts.ocr ?? false;
  const lines = toLines(text);
  // In a PDF mixing a text layer and OCR'd pages only the OCR'd lines carry a confidence.
  const anyConfidence = lines.some((l) => l.ocrConfidence !== undefined);
  for (const l of lines) l.isOcr = ocr && (l.ocrConfidence !== undefined || !anyConfidence);
  const candidates = collectCandidates(lines, ocr);
  const fields: ExtractedFields = {};
  const result: ParsedBulletin = { location: null, date: null, confidence: 0, fields, language: detectLanguage(lines) };
  for (const measure of MEASURES) {
    const pick = choose(candidates.filter((c) => c.measure === measure));
    if (!pick) continue;
    const field: ExtractedField = {
      value: pick.value,
      unit: pick.unit,
      sourceText: pick.sourceText,
      sourceUnit: pick.sourceUnit,
      confidence: round2(pick.confidence),
    };
    fields[measure] = field;
    result[measure] = pick.value;
  }
  const location = findLocation(lines, ocr);
  if (location) {
    fields.location = location;
    result.location = location.value;
  }
  const date = findDate(lines);
  if (date) {
    fields.date = date;
    result.date = date.value;
  }
  result.confidence = overallConfidence(fields);
  return result;
}
