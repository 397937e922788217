/**
 * Numbers in context: which numbers of a text can be concentrations and which are
 * something else — dates, hours and durations, law and decree numbers, index
 * values, thresholds, page and phone numbers, counts, particle sizes, list
 * numbering, the low end of a range. Pure functions over folded text
 * (vocabulary.ts `foldText`).
 */
import { hoursAveraging, type Averaging } from './types.js';
import {
  ADDRESS_BEFORE,
  CATEGORY_WORD,
  COUNT_AFTER,
  COUNT_BEFORE,
  INDEX_AFTER,
  INDEX_NAMES,
  LEGAL_BEFORE,
  MONTHS,
  PAGE_BEFORE,
  PHONE_BEFORE,
  THRESHOLD_BEFORE,
} from './vocabulary.js';

/** What a number in a text is. Only `value` may be a concentration (or temperature, humidity). */
export type NumberRole =
  | 'value'
  | 'date'
  | 'time'
  | 'duration'
  | 'legal'
  | 'index'
  | 'threshold'
  | 'phone'
  | 'page'
  | 'count'
  | 'size'
  | 'percent'
  | 'list'
  | 'address'
  | 'code'
  | 'range-low';

export interface NumberToken {
  /** The number as written (decimal comma kept). */
  text: string;
  value: number;
  start: number;
  end: number;
  /** A sign before it: `<`, `>`, `≤`, `≥` (a detection limit or a threshold). */
  comparator: string | null;
  role: NumberRole;
  /** For the high end of a range: the range (low, high). */
  range?: [number, number];
}

/**
 * A number as written: plain ("59,1", "23.4") or with thousands groups that cannot be
 * a decimal — a different decimal mark after them ("1.234,5", "1,234.5") or two or
 * more groups ("1.234.567"). A lone group ("2.150") stays a decimal: without the
 * document's convention it is ambiguous, and a decimal is what bulletins mostly mean.
 */
const NUMBER = /(?<![\p{L}\d.,/:_]|[\p{L}_]-|\d[.,])(\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:\.\d{3}){2,}|\d{1,3}(?:,\d{3}){2,}|\d+(?:[.,]\d+)?)(?![\d]|[.,]\d)/gu;

/**
 * The document's decimal mark when its numbers make it plain (set per parse by
 * `useDecimalMarkOf`): with decimal commas a lone dot group ("2.150") is 2150, with
 * decimal dots a lone comma group ("2,150") is 2150; otherwise both are decimals.
 */
let documentDecimal: ',' | '.' | null = null;

/** Decide the decimal mark from numbers that cannot be thousands (one or two decimals), labels ("PM2.5") and dates left out. */
export function decimalMarkOf(text: string): ',' | '.' | null {
  const plain = text.replace(/\b(?:PM|MP)\s?-?\s?2\s?[.,]\s?5/gi, ' ');
  const count = (mark: string): number => plain.match(new RegExp(String.raw`(?<![\p{L}\d.,/-])\d+[${mark}]\d{1,2}(?![\d.,/-])`, 'gu'))?.length ?? 0;
  const commas = count(',');
  const dots = count('.');
  if (commas >= 1 && dots === 0) return ',';
  if (dots >= 1 && commas === 0) return '.';
  return null;
}

/** Read the numbers of this document with its decimal mark (see `decimalMarkOf`). */
export function useDecimalMarkOf(text: string): void {
  documentDecimal = decimalMarkOf(text);
}

/** The value of a number as NUMBER matches it: the last mark is the decimal one when both appear; a repeated mark groups thousands. */
export function parseNumber(s: string): number {
  // "2.150" in a document of decimal commas: one thousands group (a leading zero never groups: "0.450").
  if (documentDecimal && /^[1-9]\d{0,2}[.,]\d{3}$/.test(s) && !s.includes(documentDecimal)) return Number(s.replace(/[.,]/, ''));
  const hasDot = s.includes('.');
  const hasComma = s.includes(',');
  if (hasDot && hasComma) {
    const group = s.lastIndexOf('.') > s.lastIndexOf(',') ? ',' : '.';
    return Number(s.split(group).join('').replace(',', '.'));
  }
  if ((s.match(/[.,]/g)?.length ?? 0) > 1) return Number(s.replace(/[.,]/g, ''));
  return Number(s.replace(',', '.'));
}

const MONTH_WORDS = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
/** Spans of dates, hours and code-like numbers, found before numbers are classified one by one. */
const RAW_SPANS: Array<[NumberRole, RegExp]> = [
  ['date', /\b\d{4}-\d{2}-\d{2}\b/g],
  ['date', /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g],
  ['date', new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th|°|º)?(?:\s*|[-./])(?:de\s+|of\s+)?(?:${MONTH_WORDS})\b\.?(?:(?:,?\s*|[-./])(?:de\s+|del\s+)?\d{4})?`, 'gi')],
  ['date', new RegExp(String.raw`\b(?:${MONTH_WORDS})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?`, 'gi')],
  ['date', new RegExp(String.raw`\b(?:${MONTH_WORDS})\.?\s*(?:de\s+|del\s+)?\d{4}\b`, 'gi')],
  ['date', /\b(?:dia|day)\s+\d{1,2}\b(?!\s*(?:[.,]\d|[µu]g|mg|ppb|ppm|-?\s?h))/gi],
  ['date', /\b(?:19|20)\d{2}\s*[-/–]\s*(?:19|20)?\d{2}\b/g],
  ['time', /\b\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:hrs?|horas?|h|am|pm|a\.m\.|p\.m\.)?/gi],
  // "10.30 am", "18.00 h": a dot between hours and minutes, said to be a time.
  ['time', /\b\d{1,2}\.[0-5]\d\s*(?:hrs?|horas?|h|am|pm|a\.m\.|p\.m\.)(?![a-z\d])/gi],
  // "4 PM", "11 a.m.": a clock hour is 1–12 ("39 PM" is a value followed by PM, a pollutant's shorthand).
  ['time', /\b(?:0?[1-9]|1[0-2])\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z\d])/gi],
  ['time', /\b(?:a\s+las|a\s+la|at|as\s+at|desde\s+las|hasta\s+las|entre\s+las|@)\s+\d{1,2}\b(?!\s*(?:[.,]\d|[µu]g|mg|ppb|ppm|micro))/gi],
  ['duration', /\b\d{1,3}\s*-?\s*(?:h|hs|hr|hrs|hora|horas|hour|hours|horario|horaria|min|minutos|minutes)\b/gi],
  // A fixed-width header as OCR reads it: "1-R", "8-HRR", "1-KR" (the H lost, doubled or read as K).
  ['duration', /\b(?:1|3|8|12|24)\s*-\s*(?:r|hrr|kr)\b/gi],
  ['phone', /(?:\+\d{1,3}[\s.-]?)?\(\d{2,4}\)[\s.-]?\d{3,4}[\s.-]?\d{3,4}/g],
  ['phone', /\b\d{3,4}[\s.-]\d{3,4}[\s.-]\d{3,4}\b/g],
  ['phone', /\b0800\s?\d{3,7}\b/g],
  ['code', /\b\d+(?:[/-]\d+)+(?:[/-][A-Z]{2,}\w*)+\b/g], // 058-2021-PCM, 403/APRA/13
  ['code', /\b[A-Z]{2,}-\d+(?:-[A-Z]+)?(?:-\d{4})?\b/g], // NOM-172-SEMARNAT-2019
  ['page', /\b\d{1,3}\s*(?:de|of|\/)\s*\d{1,3}\s*$/gim],
];
// Spans never cross a line break ("20\nPM10" is not "20 pm").
const SPANS = RAW_SPANS.map(([role, re]): [NumberRole, RegExp] => [role, new RegExp(re.source.replace(/\\s/g, '[^\\S\\n]'), re.flags)]);

/** A range "low – high" (35-47, 35 a 47, 45 to 64, entre 11 y 30, between 11 and 30): the two numbers' offsets. */
const RANGE_JOIN = /^\s*(?:-|–|—|~|a|to|y|and|e|até|ate|hasta)\s*$/i;

/** Find every number in `text` and give it a role from its context. */
export function numberTokens(text: string): NumberToken[] {
  const spans: Array<{ role: NumberRole; start: number; end: number }> = [];
  for (const [role, re] of SPANS) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) spans.push({ role, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  const out: NumberToken[] = [];
  NUMBER.lastIndex = 0;
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index ?? 0;
    const numText = m[1] ?? '';
    const end = start + numText.length;
    const cmp = /([<>≤≥])\s?=?\s?$/.exec(text.slice(Math.max(0, start - 3), start));
    const tok: NumberToken = { text: numText, value: parseNumber(numText), start, end, comparator: cmp?.[1] ?? null, role: 'value' };
    const span = spans.find((s) => start >= s.start && end <= s.end);
    tok.role = span ? span.role : roleFromContext(text, start, end);
    // "0128 ppm": OCR lost the decimal mark after the leading zero (a unit follows, so it is a value).
    // Not before a unit in brackets: "03 (µg/m³) 8h", "02 (µg/m³) 24h" are a header's O3 and
    // SO2 with the O read as a zero or the S lost, in the same form as "MP10 (µg/m³) 24h" beside them.
    if (!span && /^0\d+$/.test(numText) && UNIT_AFTER.test(text.slice(end)) && !/^\s*[([]/.test(text.slice(end))) {
      tok.role = 'value';
      tok.value = Number(`0.${numText.slice(1)}`);
    }
    out.push(tok);
  }
  markRanges(text, out);
  return out;
}

function roleFromContext(text: string, start: number, end: number): NumberRole {
  const before = text.slice(Math.max(0, start - 60), start);
  const after = text.slice(end, end + 40);
  const numText = text.slice(start, end);
  if (/^\d{4}$/.test(numText) && Number(numText) >= 1900 && Number(numText) <= 2100 && !/^\s*(?:[µu]g|mg|ppb|ppm)/i.test(after)) return 'date';
  if (/^\s?%/.test(after)) return 'percent';
  // "1er máximo", "2nd highest", "3ra estación": an ordinal.
  if (/^(?:st|nd|rd|th|er|ero|era|ro|ra|do|da|to|ta|vo|va|mo|ma|no|na)\b/i.test(after)) return 'count';
  // "Normas: PM10 150 µg/m³, PM2.5 35 µg/m³": a line headed by standards or limits holds only thresholds.
  if (THRESHOLD_LEAD.test(text.slice(text.lastIndexOf('\n', start) + 1, start))) return 'threshold';
  // "03", "07": a zero-padded integer is a day, month, hour or code (or OCR's "O3"), never a concentration.
  if (/^0\d+$/.test(numText)) return 'code';
  if (/^\s*(?:[µu]m|micr[oa]s?\b|micron\w*|micrometr\w*|microm\w*)/i.test(after)) return 'size';
  if (/^\s?-?\s?(?:h|hs|hr|hrs|hora|horas|hour|hours|horario|horaria|hourly)\b|^\s?-\s?(?:r|hrr)\b/i.test(after)) return 'duration';
  if (/^\s?-?\s?(?:min|mins|minuto|minutos|minute|minutes|seg|segundos|seconds)\b/i.test(after)) return 'duration';
  if (LEGAL_BEFORE.test(before)) return 'legal';
  if (/\d\/$/.test(before)) return 'code';
  if (/^\/\d/.test(after)) return 'code';
  if (PHONE_BEFORE.test(before)) return 'phone';
  if (PAGE_BEFORE.test(before) && !/^\s*(?:[µu]g|mg|ppb|ppm)/i.test(after)) return 'page';
  if (ADDRESS_BEFORE.test(before) && !/^\s*(?:[µu]g|mg|ppb|ppm)/i.test(after)) return 'address';
  // "bueno, de 0 a 12,4; …; dañino, desde 55,5 µg/m³": a category's band in a legend sentence.
  if (LEGEND_BAND_BEFORE.test(before.split(/[;.]\s|\n/).pop() ?? before)) return 'threshold';
  if (INDEX_AFTER.test(after)) return 'index';
  if (indexBefore(before, after)) return 'index';
  // "PM2.5: 52 (Moderate)", "O3 40 – Boa": a bare number named by a category is the index, not a concentration.
  if (CATEGORY_AFTER.test(after)) return 'index';
  if (COUNT_AFTER.test(after) || COUNT_BEFORE.test(before)) return 'count';
  // "cuyo ECA de 24 horas es de 50": a duration between the threshold word and the number does not break the link.
  const plain = before
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(?:PM|MP)\s?(?:2[.,]5|10)\b/gi, ' ')
    .replace(/\b\d+\s*-?\s*(?:h|hr|hrs|horas?|hours?)\b/gi, ' ');
  if (THRESHOLD_BEFORE.test(plain) || THRESHOLD_BEFORE.test(before.replace(/\b\d+\s*-?\s*(?:h|hr|hrs|horas?|hours?)\b/gi, ' '))) return 'threshold';
  if (thresholdSentence(text, start)) return 'threshold';
  // "1. Santa Anita", "2) Puente Piedra": list numbering at the start of a line.
  if (/(?:^|\n)\s*$/.test(before) && /^\s?[.)]\s+\p{L}/u.test(after) && !numText.includes(',') && !numText.includes('.')) return 'list';
  if (/(?:^|\n)\s*$/.test(before) && /^\s*[-–]\s+\p{L}/u.test(after) && !numText.includes(',')) return 'list';
  return 'value';
}

/** A noun naming a standard, limit or guideline value. */
const THRESHOLD_NOUN = /\b(?:padr(?:ao|oes)|normas?|standards?|limites?|limits?|valor(?:es)?[\s-]+(?:limites?|guias?)|limit\s+values?|ECA|estandar(?:es)?|guidelines?|guias?|objetivos?|objectives?|NAAQS|umbral(?:es)?|thresholds?)\b/gi;
/** A verb or sign that makes a standard the subject of the numbers after it. */
const COPULA = /(?:\b(?:is|are|es|son|e|sao|era|eran|fixed|set|fija\w*|fixa\w*|establec\w*|estabelec\w*|corresponde\w*|equivale\w*)\b|[:=])/i;
/** A verb that states a measurement (or a limit being passed): after one, the sentence reports readings again. */
const MEASURE_VERB = /\b(?:registr\w*|record\w*|measur\w*|medi[ou]\w*|reach\w*|alcanz\w*|alcanc\w*|ating\w*|lleg\w*|cheg\w*|peak\w*|rose|subi\w*|observ\w*|mostr\w*|show\w*|hit|stood|was|were|fue|foi|fueron|foram|estuvo|estiveram|ficou|quedo|exced\w*|exceed\w*|ultrapass\w*|super\w*|rebas\w*|sobrepas\w*)\b/i;

/**
 * "Os padrões … são de 100 µg/m³ para MP10 e 50 µg/m³ para MP2,5", "the standard for
 * ozone is 10 pphm": in a sentence whose subject is a standard or limit, the numbers
 * that follow it are thresholds — until a verb states a measurement or a place is named.
 */
function thresholdSentence(text: string, start: number): boolean {
  const from = Math.max(0, start - 200);
  const before = text.slice(from, start);
  // A semicolon does not end it: "the standard for ozone is 10 pphm; for PM2.5 it is 25 µg/m³".
  const sentence = before.split(/[.!?](?=\s)|\n/).pop() ?? before;
  let last = -1;
  for (const m of sentence.matchAll(THRESHOLD_NOUN)) last = (m.index ?? 0) + m[0].length;
  if (last < 0) return false;
  // A name between them ("Rozaron el umbral Barrio del Pilar y Vallecas, con 40"): the number is that place's reading.
  const between = sentence.slice(last);
  // The standard is the subject: a copula or a colon links it to its numbers ("… são de 100", "… is 10", "…: 50").
  return COPULA.test(between) && !MEASURE_VERB.test(between) && !/\b\p{Lu}\p{Ll}{2,}/u.test(between);
}

/** A category named just before "de|desde|from|above …" and the number: the start of that category's band. */
const LEGEND_BAND_BEFORE = /\b(?:buen[oa]|aceptable|regular|mal[oa]|moderad[oa]|dan[io]n[oa]s?|peligros[oa]|insalubre|ruim|pessima|boa|good|fair|moderate|poor|unhealthy|hazardous|satisfactory|severe|sensitive\s+groups|grupos\s+sensibles)\b[^\d;:.]{0,30}?[,:–—]\s*(?:de|desde|a\s+partir\s+de|entre|from|between|above|over|acima\s+de|mas\s+de|more\s+than)\s*$/i;
const THRESHOLD_LEAD = /^\s*(?:normas?|limites?|limits?|standards?|estandares?|NAAQS|ECA|LMP|valor(?:es)?\s+(?:guia|limite)s?|guias?|guidelines?|umbrales?|thresholds?|padr(?:oes|ao)|objetivos?|niveles\s+maximos)\b[^:\n]{0,40}:/i;
const POLLUTANT_WORD = String.raw`\(?(?:(?:PM|MP)\s?(?:2[.,]5|10)|NO2|SO2|O3)\)?`;
// The category words plus the bands of banded indices (DAQI, AQHI: "3 Low", "7 High").
const CATEGORY_AFTER = new RegExp(String.raw`^\s*[([:–—-]?\s*(?:${CATEGORY_WORD.source}|\b(?:low|high|very\s+high|fair|poor|very\s+poor|bajo|baja|alto|alta|baixo|baixa)\b)`, 'i');
const UNIT_AFTER = /^\s*[([]?\s?(?:[µu]g|mg|ppb|ppm)/i;
const INDEX_BEFORE_RE = new RegExp(String.raw`\b(?:${INDEX_NAMES})\b(?:\s+(?:de|do|da|del|of|the|for))?(?:\s+(?:[\p{L}()]+|${POLLUTANT_WORD})){0,3}?\s*[:=]?\s*(?:is|es|de|fue|was|em|en|at|of|:|=|stood\s+at|reached|alcanzo|llego\s+a)?\s*[(\[]?\s*$`, 'iu');
function indexBefore(before: string, after: string): boolean {
  // Only the clause right before the number: a unit or another number in between breaks the link.
  const clause = before.split(/[.;]\s|\d(?:[.,]\d+)?\s*(?:[µu]g|mg|ppb|ppm)/i).pop() ?? before;
  if (!INDEX_BEFORE_RE.test(clause)) return false;
  // "Índice … PM2.5 24 µg/m³": a pollutant right before a number with a unit is its label; "IQAr MP10 45" is still the index.
  return !(new RegExp(String.raw`${POLLUTANT_WORD}\s*[:=]?\s*$`, 'i').test(clause) && UNIT_AFTER.test(after));
}

function markRanges(text: string, toks: NumberToken[]): void {
  for (let i = 0; i + 1 < toks.length; i++) {
    const a = toks[i]!;
    const b = toks[i + 1]!;
    if (a.role !== 'value' && a.role !== 'threshold' && a.role !== 'index') continue;
    // "0-50 Buena": the high end names a category, so the whole range is an index band.
    const bandEnd = a.role === 'value' && (b.role === 'index' || b.role === 'threshold');
    if (b.role !== a.role && b.role !== 'value' && !bandEnd) continue;
    const between = text.slice(a.end, b.start);
    // The unit may sit after both ends or after each: "35-47 µg/m³", "11 µg a 30 µg".
    const unitBetween = /^\s*(?:[µu]g\/?m\S*|mg\/?m\S*|ppb|ppm)\s*/i.exec(between);
    const join = unitBetween ? between.slice(unitBetween[0].length) : between;
    const entre = /\b(?:entre|between|de|from|desde)\s*$/i.test(text.slice(Math.max(0, a.start - 12), a.start));
    if (!RANGE_JOIN.test(join) || (join.trim() === '-' && a.value > b.value)) continue;
    if (/^\s*(?:y|and|e)\s*$/i.test(join) && !entre) continue;
    if (a.value > b.value) continue;
    if (bandEnd) {
      a.role = b.role;
      b.range = [a.value, b.value];
      i += 1;
      continue;
    }
    a.role = a.role === 'value' ? 'range-low' : a.role;
    b.range = [a.value, b.value];
    if (b.role === 'value' || b.role === a.role) b.role = a.role === 'range-low' ? 'value' : a.role;
    i += 1;
  }
}

/** The averaging period a text states ("24-HR", "8 h", "promedio móvil de 24 horas", "máximo horario", "monthly"). */
export function averagingIn(text: string): Averaging | null {
  const m = /\b(1|3|8|12|24)\s*-?\s*(?:h|hs|hr|hrs|hora|horas|hour|hours)\b/i.exec(text);
  if (m?.[1]) return hoursAveraging(m[1]);
  // A fixed-width header as OCR reads it: "8-R", "1-HRR", "1-KR" (the H lost, doubled or read as K), "BH" for 8H.
  const ocr = /\b(1|8|24)\s*-\s*(?:r|hrr|kr)\b/i.exec(text) ?? (/\bBH\b/.test(text) ? ['', '8'] : null);
  if (ocr?.[1]) return hoursAveraging(ocr[1]);
  if (/\b(?:one|1)[-\s]hour\b|\bhorari[oa]\b|\bhourly\b|\bhoraria\b/i.test(text)) return '1h';
  if (/\b(?:eight|8)[-\s]hour\b|\bocho\s+horas\b|\boito\s+horas\b/i.test(text)) return '8h';
  if (/\b(?:daily|diari[oa]|diaria|24[-\s]?hours?|veinticuatro\s+horas|vinte\s+e\s+quatro\s+horas)\b/i.test(text)) return '24h';
  if (/\b(?:mensual|monthly|mensal|month|mes)\b/i.test(text)) return 'month';
  if (/\b(?:anual|annual|yearly)\b/i.test(text)) return 'year';
  return null;
}

/**
 * OCR drops decimal commas ("59,1" read "591"): among values of one kind (a table
 * column, a list of stations) at least 40 % of which carry decimals, a whole number over five
 * times their median whose tenth is near them is divided by ten.
 */
export function restoreLostDecimalCommas<T extends { value: number }>(items: T[]): void {
  if (items.length < 3) return;
  const decimals = items.filter((c) => !Number.isInteger(c.value));
  if (decimals.length < items.length * 0.4) return;
  const sorted = decimals.map((c) => c.value).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  for (const c of items) if (Number.isInteger(c.value) && c.value > median * 5 && c.value / 10 < median * 3) c.value /= 10;
}

/**
 * A stated mean of stations lies near their values (between the lowest and highest
 * when every station is listed). OCR that dropped its decimal mark ("7.8" read "78",
 * stations at 5–7) made it ten times too large: a whole-number mean over three times
 * the highest station whose tenth is between half the lowest and twice the highest is
 * divided by ten.
 */
export function restoreLostMeanDecimal<T extends { value: number }>(mean: T, stations: T[]): void {
  if (stations.length < 2 || !Number.isInteger(mean.value)) return;
  const values = stations.map((s) => s.value);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (mean.value > 3 * hi && mean.value / 10 >= lo / 2 && mean.value / 10 <= 2 * hi) mean.value /= 10;
}
