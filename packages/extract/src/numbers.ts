/**
 * Numbers in context: which numbers of a text can be concentrations and which are
 * something else — dates, hours and durations, law and decree numbers, index
 * values, thresholds, page and phone numbers, counts, particle sizes, list
 * numbering, the low end of a range. Pure functions over folded text
 * (vocabulary.ts `foldText`).
 */
import type { Averaging } from './types.js';
import {
  ADDRESS_BEFORE,
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

const NUMBER = /(?<![\p{L}\d.,/:_]|[\p{L}_]-|\d[.,])(\d+(?:[.,]\d+)?)(?![\d]|[.,]\d)/gu;

export const parseNumber = (s: string): number => Number(s.replace(',', '.'));

const MONTH_WORDS = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
/** Spans of dates, hours and code-like numbers, found before numbers are classified one by one. */
const RAW_SPANS: Array<[NumberRole, RegExp]> = [
  ['date', /\b\d{4}-\d{2}-\d{2}\b/g],
  ['date', /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g],
  ['date', new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th|°|º)?\s*(?:de\s+|of\s+)?(?:${MONTH_WORDS})\b\.?(?:,?\s*(?:de\s+|del\s+)?\d{4})?`, 'gi')],
  ['date', new RegExp(String.raw`\b(?:${MONTH_WORDS})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?`, 'gi')],
  ['date', new RegExp(String.raw`\b(?:${MONTH_WORDS})\.?\s*(?:de\s+|del\s+)?\d{4}\b`, 'gi')],
  ['date', /\b(?:dia|day)\s+\d{1,2}\b(?!\s*(?:[.,]\d|[µu]g|mg|ppb|ppm|-?\s?h))/gi],
  ['date', /\b(?:19|20)\d{2}\s*[-/–]\s*(?:19|20)?\d{2}\b/g],
  ['time', /\b\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:hrs?|horas?|h|am|pm|a\.m\.|p\.m\.)?/gi],
  ['time', /\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z\d])/gi],
  ['time', /\b(?:a\s+las|a\s+la|at|as\s+at|desde\s+las|hasta\s+las|entre\s+las|@)\s+\d{1,2}\b(?!\s*(?:[.,]\d|[µu]g|mg|ppb|ppm|micro))/gi],
  ['duration', /\b\d{1,3}\s*-?\s*(?:h|hr|hrs|hora|horas|hour|hours|horario|horaria|min|minutos|minutes)\b/gi],
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
const RANGE_JOIN = /^\s*(?:-|–|—|a|to|y|and|e|até|ate|hasta)\s*$/i;

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
  if (/^\s*(?:[µu]m|micr[oa]s?\b|micron\w*|micrometr\w*|microm\w*)/i.test(after)) return 'size';
  if (/^\s?-?\s?(?:h|hr|hrs|hora|horas|hour|hours|horario|horaria|hourly)\b/i.test(after)) return 'duration';
  if (/^\s?(?:min|minutos|minutes|seg|segundos|seconds)\b/i.test(after)) return 'duration';
  if (LEGAL_BEFORE.test(before)) return 'legal';
  if (/\d\/$/.test(before)) return 'code';
  if (/^\/\d/.test(after)) return 'code';
  if (PHONE_BEFORE.test(before)) return 'phone';
  if (PAGE_BEFORE.test(before) && !/^\s*(?:[µu]g|mg|ppb|ppm)/i.test(after)) return 'page';
  if (ADDRESS_BEFORE.test(before) && !/^\s*(?:[µu]g|mg|ppb|ppm)/i.test(after)) return 'address';
  if (INDEX_AFTER.test(after)) return 'index';
  if (indexBefore(before)) return 'index';
  if (COUNT_AFTER.test(after) || COUNT_BEFORE.test(before)) return 'count';
  // "cuyo ECA de 24 horas es de 50": a duration between the threshold word and the number does not break the link.
  const plain = before
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(?:PM|MP)\s?(?:2[.,]5|10)\b/gi, ' ')
    .replace(/\b\d+\s*-?\s*(?:h|hr|hrs|horas?|hours?)\b/gi, ' ');
  if (THRESHOLD_BEFORE.test(plain) || THRESHOLD_BEFORE.test(before.replace(/\b\d+\s*-?\s*(?:h|hr|hrs|horas?|hours?)\b/gi, ' '))) return 'threshold';
  // "1. Santa Anita", "2) Puente Piedra": list numbering at the start of a line.
  if (/(?:^|\n)\s*$/.test(before) && /^\s?[.)]\s+\p{L}/u.test(after) && !numText.includes(',') && !numText.includes('.')) return 'list';
  if (/(?:^|\n)\s*$/.test(before) && /^\s*[-–]\s+\p{L}/u.test(after) && !numText.includes(',')) return 'list';
  return 'value';
}

const INDEX_BEFORE_RE = new RegExp(String.raw`\b(?:${INDEX_NAMES})\b(?:\s+(?:de|do|da|del|of|the|for))?(?:\s+[\p{L}()]+){0,3}?\s*[:=]?\s*(?:is|es|de|fue|was|em|en|at|of|:|=|stood\s+at|reached|alcanzo|llego\s+a)?\s*[(\[]?\s*$`, 'iu');
function indexBefore(before: string): boolean {
  // Only the clause right before the number: a unit or another number in between breaks the link.
  const clause = before.split(/[.;]\s|\d(?:[.,]\d+)?\s*(?:[µu]g|mg|ppb|ppm)/i).pop() ?? before;
  if (!INDEX_BEFORE_RE.test(clause)) return false;
  // "Índice … PM2.5 24 µg" is handled by the caller; an index name with a pollutant right before the number is a label.
  return !/\b(?:PM|MP)\s?(?:2[.,]5|10)\s*$/i.test(clause);
}

function markRanges(text: string, toks: NumberToken[]): void {
  for (let i = 0; i + 1 < toks.length; i++) {
    const a = toks[i]!;
    const b = toks[i + 1]!;
    if (a.role !== 'value' && a.role !== 'threshold' && a.role !== 'index') continue;
    if (b.role !== a.role && b.role !== 'value') continue;
    const between = text.slice(a.end, b.start);
    // The unit may sit after both ends or after each: "35-47 µg/m³", "11 µg a 30 µg".
    const unitBetween = /^\s*(?:[µu]g\/?m\S*|mg\/?m\S*|ppb|ppm)\s*/i.exec(between);
    const join = unitBetween ? between.slice(unitBetween[0].length) : between;
    const entre = /\b(?:entre|between|de|from|desde)\s*$/i.test(text.slice(Math.max(0, a.start - 12), a.start));
    if (!RANGE_JOIN.test(join) || (join.trim() === '-' && a.value > b.value)) continue;
    if (/^\s*(?:y|and|e)\s*$/i.test(join) && !entre) continue;
    if (a.value > b.value) continue;
    a.role = a.role === 'value' ? 'range-low' : a.role;
    b.range = [a.value, b.value];
    if (b.role === 'value' || b.role === a.role) b.role = a.role === 'range-low' ? 'value' : a.role;
    i += 1;
  }
}

/** The averaging period a text states ("24-HR", "8 h", "promedio móvil de 24 horas", "máximo horario", "monthly"). */
export function averagingIn(text: string): Averaging | null {
  const m = /\b(1|3|8|12|24)\s*-?\s*(?:h|hr|hrs|hora|horas|hour|hours)\b/i.exec(text);
  if (m) return `${m[1]}h` as Averaging;
  if (/\b(?:one|1)[-\s]hour\b|\bhorari[oa]\b|\bhourly\b|\bhoraria\b/i.test(text)) return '1h';
  if (/\b(?:eight|8)[-\s]hour\b|\bocho\s+horas\b|\boito\s+horas\b/i.test(text)) return '8h';
  if (/\b(?:daily|diari[oa]|diaria|24[-\s]?hours?|veinticuatro\s+horas|vinte\s+e\s+quatro\s+horas)\b/i.test(text)) return '24h';
  if (/\b(?:mensual|monthly|mensal|month|mes)\b/i.test(text)) return 'month';
  if (/\b(?:anual|annual|yearly)\b/i.test(text)) return 'year';
  return null;
}
