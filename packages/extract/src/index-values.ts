/**
 * Index tables: in a document of index values (parser.ts, `indexDocument`), the tables
 * that give a pollutant's index by structure, whatever their words:
 *
 * - a column per pollutant's index, its header naming both ("Ozone AQI", "PM2.5 AQI"), a
 *   row per area or station;
 * - one index column ("IMECA", "IQAr", "Index Value") beside a pollutant column
 *   ("Contaminante", "Poluente", "Prominent Pollutant"), a row per area or station — the
 *   row's index is its pollutant's sub-index (a prominent pollutant's is the index);
 * - one index column alone under a caption naming one pollutant ("ICAP pronosticado para
 *   MP2,5" over "Estación | ICAP | Condición").
 *
 * Row cells are matched to header cells by position when a row has as many cells as its
 * header, else by horizontal overlap. Numbers are read only
 * from index columns; a row's first cell that is neither a number nor a category is its
 * area or station.
 *
 * Index statements (`readIndexStatements`): outside tables, a pollutant named right before an
 * index's name and its number ("Ozone AQI 137 (Unhealthy for Sensitive Groups)", "PM2.5: AQI 57").
 */
import { findLabels } from './labels.js';
import type { Line } from './lines.js';
import { clip } from './readings.js';
import { BAND_CATEGORY_KEYS, type BandStandardId } from '@aqcast/vocabulary';
import { CATEGORY, INDEX_HEADER, POLLUTANT_HEADER, POLLUTANTS, type Pollutant } from './vocabulary.js';

/** One sub-index read from an index table. */
export interface IndexValue {
  pollutant: Pollutant;
  value: number;
  station: string | null;
  sourceText: string;
  confidence: number;
}

type Column = { x0: number; x1: number; kind: 'index' | 'pollutant-index' | 'pollutant' | 'other'; pollutant?: Pollutant };

const isPollutant = (m: string): m is Pollutant => POLLUTANTS.some((p) => p === m);
/** An index value as a cell writes it: a whole number, or one in brackets after a category ("Low (3)"). */
const INDEX_CELL = /^(?:[\p{L} ]{0,30}\()?\s*(\d{1,3})\s*\)?$/u;

const cellText = (l: Line, k: number): string => {
  const c = l.cells[k]!;
  return l.folded.slice(c.start, c.end).trim();
};

function headerColumns(l: Line, ocr: boolean): Column[] | null {
  const cols: Column[] = l.cells.map((c, k) => {
    const text = cellText(l, k);
    const pollutants = [...new Set(findLabels(text, ocr).map((x) => x.measure))].filter(isPollutant);
    if (INDEX_HEADER.test(text)) return pollutants.length === 1 ? { x0: c.x0, x1: c.x1, kind: 'pollutant-index', pollutant: pollutants[0]! } : { x0: c.x0, x1: c.x1, kind: 'index' };
    if (POLLUTANT_HEADER.test(text)) return { x0: c.x0, x1: c.x1, kind: 'pollutant' };
    return { x0: c.x0, x1: c.x1, kind: 'other' };
  });
  const byPollutant = cols.some((c) => c.kind === 'pollutant-index');
  const byRow = cols.some((c) => c.kind === 'index') && cols.some((c) => c.kind === 'pollutant');
  return byPollutant || byRow ? cols : null;
}

/**
 * An index column with no pollutant column beside it ("Estación | ICAP | Condición") under a caption
 * that names one pollutant ("ICAP pronosticado para MP2,5"), one of the two lines above: the index
 * column is that pollutant's.
 */
function captionedColumns(lines: Line[], i: number, ocr: boolean): Column[] | null {
  const header = lines[i]!;
  const cols = header.cells.map((c, k): Column => ({ x0: c.x0, x1: c.x1, kind: INDEX_HEADER.test(cellText(header, k)) && findLabels(cellText(header, k), ocr).length === 0 ? 'index' : 'other' }));
  if (cols.filter((c) => c.kind === 'index').length !== 1) return null;
  for (const above of lines.slice(Math.max(0, i - 2), i).reverse()) {
    if (above.page !== header.page) continue;
    const named = [...new Set(findLabels(above.folded, ocr).map((x) => x.measure))];
    if (named.length === 0) continue;
    const pollutant = named[0]!;
    if (named.length > 1 || !isPollutant(pollutant)) return null;
    return cols.map((c) => (c.kind === 'index' ? { ...c, kind: 'pollutant-index', pollutant } : c));
  }
  return null;
}

/** The header column a row cell sits under: the one it overlaps most, or the nearest. */
function columnOf(cols: Column[], x0: number, x1: number): Column | null {
  let best: Column | null = null;
  let score = -Infinity;
  for (const c of cols) {
    const overlap = Math.min(x1, c.x1) - Math.max(x0, c.x0);
    const s = overlap > 0 ? overlap : -Math.abs((x0 + x1) / 2 - (c.x0 + c.x1) / 2);
    if (s > score) {
      score = s;
      best = c;
    }
  }
  return best;
}

/** Every sub-index the index tables of `lines` give, in reading order. */
export function readIndexTables(lines: Line[], ocr: boolean): IndexValue[] {
  const out: IndexValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i]!;
    if (header.cells.length < 2 || !INDEX_HEADER.test(header.folded)) continue;
    const cols = headerColumns(header, ocr) ?? captionedColumns(lines, i, ocr);
    if (!cols) continue;
    let j = i + 1;
    let rows = 0;
    for (; j < lines.length; j++) {
      const row = lines[j]!;
      // A header cell wrapped onto a line of its own ("monitoring stations") before the first row.
      if (rows === 0 && row.page === header.page && row.cells.length === 1 && !/\d/.test(row.folded)) continue;
      if (row.page !== header.page || row.cells.length < 2 || (INDEX_HEADER.test(row.folded) && headerColumns(row, ocr))) break;
      // A row of as many cells as its header goes by position (plain text's x is a character column); others by x.
      const positional = row.cells.length === cols.length;
      const cells = row.cells.map((c, k) => ({ col: positional ? (cols[k] ?? null) : columnOf(cols, c.x0, c.x1), text: cellText(row, k) }));
      const number = (text: string): number | null => {
        const m = INDEX_CELL.exec(text);
        return m ? Number(m[1]) : null;
      };
      const station = cells.find((c) => c.col?.kind === 'other' && /\p{L}/u.test(c.text) && number(c.text) === null && !CATEGORY.test(c.text) && findLabels(c.text, ocr).length === 0)?.text ?? null;
      const confidence = (ocr ? 0.7 + 0.2 * (row.ocrConfidence ?? 0.8) : 1) * 0.9;
      const add = (pollutant: Pollutant, value: number): void => {
        out.push({ pollutant, value, station, sourceText: clip(row.display), confidence });
      };
      let read = false;
      for (const c of cells) {
        if (c.col?.kind !== 'pollutant-index' || !c.col.pollutant) continue;
        const v = number(c.text);
        if (v !== null) {
          add(c.col.pollutant, v);
          read = true;
        }
      }
      const indexCell = cells.find((c) => c.col?.kind === 'index' && number(c.text) !== null);
      const pollutantCell = cells.find((c) => c.col?.kind === 'pollutant');
      if (indexCell && pollutantCell) {
        const named = [...new Set(findLabels(pollutantCell.text, ocr).map((x) => x.measure))].filter(isPollutant);
        for (const p of named) add(p, number(indexCell.text)!);
        read ||= named.length > 0;
      }
      if (!read) break;
      rows++;
    }
    i = j - 1;
  }
  return out;
}

/**
 * After a pollutant's label: the index's name, then its number — a whole number of at most three
 * digits, not a decimal, not followed by a unit or another digit ("Ozone AQI 137", "PM2.5 (AQI): 57").
 * OCR's misreadings of the names are INDEX_HEADER's.
 */
const INDEX_AFTER_LABEL = new RegExp(String.raw`^\s*[:,–—-]?\s*[([]?\s*${INDEX_HEADER.source}\s*[)\]]?\s*(?:value\s*)?[:=]?\s*(\d{1,3})(?![\d.,]\d|\d|\s*(?:[µu]g|mg|ppb|ppm|pphm|%))`, 'iu');

/** Every sub-index stated outside tables ("Ozone AQI 137"), line by line, in reading order. */
export function readIndexStatements(lines: Line[], ocr: boolean): IndexValue[] {
  const out: IndexValue[] = [];
  for (const l of lines) {
    if (l.used) continue;
    for (const label of findLabels(l.folded, ocr)) {
      if (!isPollutant(label.measure)) continue;
      const m = INDEX_AFTER_LABEL.exec(l.folded.slice(label.end));
      if (!m) continue;
      const confidence = (ocr ? 0.7 + 0.2 * (l.ocrConfidence ?? 0.8) : 1) * 0.9;
      out.push({ pollutant: label.measure, value: Number(m[1]), station: null, sourceText: clip(l.display), confidence });
    }
  }
  return out;
}

/** One overall index a document states with no sub-index ("AQHI 4", "Low (3)", "2 Low Risk"). */
export interface OverallIndexValue {
  value: number;
  sourceText: string;
  confidence: number;
}

/** The category names of the indices given as one overall value (AQHI, DAQI, PSI). */
const OVERALL_CATEGORY = String.raw`(?:very\s+high|high|moderate|low|very\s+unhealthy|unhealthy|hazardous|good)(?:\s+(?:health\s+)?risk)?`;
/** "AQHI 4", "AQHI: 10+", "the 24-hour PSI stood at 124" (not "PSI is 50-54", "PSI below 100", "DAQI runs from 1 to 10"). */
const NAME_THEN_VALUE = /\b(?:AQHI|DAQI|PSI)\b(?:\s*\([^)]{0,40}\))?(?:\s+(?:value|reading|forecast|level|index|today|now|currently|is|was|stood|at|of|will|be|reached))*\s*[:=]?\s*(\d{1,3})(\+)?(?![\d.,]\d|\d|\s*(?:[-–]|to)\s*\d|\s*(?:[µu]g|mg|ppb|ppm|%|am\b|pm\b|h\b|hr|hour))/gi;
/** "2 Low Risk", "10+ Very High Risk" (a number right before a category, not the end of a range "1-3 Low"). */
const VALUE_THEN_CATEGORY = new RegExp(String.raw`(?<![\d.,:]|[\-–/]\s?|\bto\s)\b(\d{1,3})(\+)?\s+${OVERALL_CATEGORY}\b`, 'gi');
/** "Low (3)", "Moderate (4)" — DAQI forecasts' cells. */
const CATEGORY_THEN_VALUE = new RegExp(String.raw`\b${OVERALL_CATEGORY}\s*\(\s*(\d{1,3})(\+)?\s*\)`, 'gi');

/**
 * Every overall index a document of an index given as one value states (AQHI, DAQI and PSI
 * forecasts and summaries: no sub-index per pollutant), in reading order. "10+" reads as 11
 * (above 10). Only for documents naming such an index and giving no pollutant value.
 */
export function readOverallIndexStatements(lines: Line[], ocr: boolean): OverallIndexValue[] {
  const out: OverallIndexValue[] = [];
  for (const l of lines) {
    const confidence = (ocr ? 0.7 + 0.2 * (l.ocrConfidence ?? 0.8) : 1) * 0.85;
    for (const re of [NAME_THEN_VALUE, VALUE_THEN_CATEGORY, CATEGORY_THEN_VALUE]) {
      for (const m of l.folded.matchAll(re)) {
        const value = Number(m[1]) + (m[2] ? 1 : 0);
        if (value <= 500) out.push({ value, sourceText: clip(l.display), confidence });
      }
    }
  }
  return out;
}

/**
 * The words of each band-only index's categories as documents write them (folded: no
 * accents, lower case), lowest band first, in the languages its publishers use. Portuguese
 * "Má" alone is left out: folded, it is the word "ma".
 */
const BAND_CATEGORY_WORDS: Record<BandStandardId, ReadonlyArray<readonly string[]>> = {
  mx: [['buena'], ['aceptable'], ['mala'], ['muy mala'], ['extremadamente mala']],
  'eu-eaqi': [['good', 'buena', 'boa'], ['fair', 'razonablemente buena', 'razoavel'], ['moderate', 'regular', 'moderada'], ['poor', 'desfavorable'], ['very poor', 'muy desfavorable', 'muito ma'], ['extremely poor', 'extremadamente desfavorable', 'extremamente ma']],
};

/** Words right before a category that make it the document's statement of one ("Calidad del aire: Mala", "índice AIRE Y SALUD es Muy mala"). */
const CATEGORY_CUE = /(?:calidad\s+del\s+aire|aire\s+y\s+salud|indice|index|condicion|categoria|category|nivel|level|clasificacion|qualidade\s+do\s+ar|air\s+quality|overall)[^.;!?]{0,40}$/i;

/** One category a document states for a band-only index, with the pollutant it is about when one is named with it. */
export interface CategoryValue {
  level: number;
  pollutant: Pollutant | null;
  sourceText: string;
  confidence: number;
}

/**
 * Every category of a band-only index (`standard`) a document states, in reading order:
 * a cell that is a category alone ("Noroeste | Mala | Alto | Ozono"), or one after words
 * that state it ("Calidad del aire: Mala"). A pollutant named on the line before the
 * category (or the only one on a table row) is the category's. A line naming three
 * categories or more is a legend of the scale, not a statement.
 */
export function readCategoryStatements(lines: Line[], standard: BandStandardId, ocr: boolean): CategoryValue[] {
  const words = BAND_CATEGORY_WORDS[standard].flatMap((ws, level) => ws.map((w) => ({ w, level }))).sort((a, b) => b.w.length - a.w.length);
  const pattern = new RegExp(String.raw`(?<![\p{L}])(${words.map((x) => x.w.replace(/ /g, String.raw`\s+`)).join('|')})(?![\p{L}])`, 'giu');
  const levelOf = (text: string): number | undefined => words.find((x) => x.w === text.toLowerCase().replace(/\s+/g, ' '))?.level;
  const out: CategoryValue[] = [];
  for (const l of lines) {
    const matches = [...l.folded.matchAll(pattern)];
    if (matches.length === 0) continue;
    const labels = findLabels(l.folded, ocr).filter((x) => isPollutant(x.measure));
    // A label right before it (separators, a bracketed note between): the category is that pollutant's ("NO2 (1 h): Poor").
    const labelled = (start: number): boolean => labels.some((x) => x.end <= start && /^[\s:=(),-]*$/.test(l.folded.slice(x.end, start).replace(/\([^)]{0,30}\)/g, '')));
    // Three categories or more on a line are a legend of the scale, unless each is a pollutant's ("PM2.5 Good, PM10 Fair, NO2 Moderate").
    if (new Set(matches.map((m) => levelOf(m[1]!))).size >= 3 && !matches.every((m) => labelled(m.index ?? 0))) continue;
    const cells = l.cells.map((c) => l.folded.slice(c.start, c.end).trim().toLowerCase());
    const confidence = (ocr ? 0.7 + 0.2 * (l.ocrConfidence ?? 0.8) : 1) * 0.85;
    for (const m of matches) {
      const level = levelOf(m[1]!);
      const start = m.index ?? 0;
      if (level === undefined) continue;
      const ownCell = l.cells.length >= 2 && cells.some((c) => c === m[1]!.toLowerCase());
      if (!ownCell && !CATEGORY_CUE.test(l.folded.slice(0, start)) && !labelled(start)) continue;
      const before = labels.filter((x) => x.end <= start).at(-1);
      const label = before ?? (ownCell && labels.length === 1 ? labels[0] : undefined);
      const pollutant = label && isPollutant(label.measure) ? label.measure : null;
      out.push({ level, pollutant, sourceText: clip(l.display), confidence });
    }
  }
  return out;
}

/** A line naming the pollutant responsible for the category: "Contaminante responsable: Ozono (O3)", "Main pollutant: PM10". */
const RESPONSIBLE = /\b(?:contaminantes?(?:\s+(?:responsable|principal|criterio|dominante))?|poluentes?(?:\s+(?:responsavel|principal))?|(?:main|dominant|responsible|prominent)\s+pollutants?|pollutants?)\b\s*[:=-]?/i;

/**
 * The one pollutant a document names as responsible for its category, on a line of its own
 * ("Contaminante responsable: Ozono (O3)"), when it names exactly one there; else null.
 */
export function responsiblePollutant(lines: Line[], ocr: boolean): Pollutant | null {
  const named = new Set<Pollutant>();
  for (const l of lines) {
    const m = RESPONSIBLE.exec(l.folded);
    if (!m) continue;
    for (const x of findLabels(l.folded.slice(m.index + m[0].length), ocr)) if (isPollutant(x.measure)) named.add(x.measure);
  }
  return named.size === 1 ? [...named][0]! : null;
}

/** The key of a band-only index's category at `level` (the shared vocabulary's). */
export function bandCategoryKey(standard: BandStandardId, level: number): string | undefined {
  return BAND_CATEGORY_KEYS[standard][level];
}
