/**
 * The checks a language model's text must pass before it replaces the offline
 * text. A model may change the words; it may not change a fact:
 * - every number is one the facts (or the offline text) state, written in the
 *   language's format (87,4 in Spanish — "87.4" is refused, not reinterpreted);
 * - every unit next to a number is that quantity's unit (87,4 µg/m³, 9 °C, 64 %),
 *   and no foreign unit appears (ppm, ppb, °F);
 * - every category name of any index is the overall category (or one the offline
 *   text uses);
 * - every known place is the report's location, and the location is named;
 * - the category and the index are still said, and the narration fits its time.
 * The first failure is returned with a reason code and a detail; the caller then
 * uses the offline text.
 */
import { getAqiStandard, listAqiStandards, type Language } from '@aqcast/engine';
import { fold, knownPlaces } from '@aqcast/extract/gazetteer';
import type { ModelRefusal } from '../contract.js';
import type { ReportFacts } from './facts.js';
import { decimalsFor, displayed, parseLocalNumber, spokenUnitForms, type UnitKind } from './locale.js';
import { estimateSeconds, SOCIAL_MAX_CHARS, type OfflineText } from './text.js';

export interface CandidateText {
  headline: string;
  narration: string[];
  social: string;
}

export type CheckResult = { ok: true } | { ok: false; reason: ModelRefusal; detail: string };

/** Narration may run this much past its estimated window before it is refused as too long. */
const LENGTH_SLACK = 1.2;
const MAX_SEGMENTS = 12;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lower = (s: string) => s.normalize('NFC').toLocaleLowerCase();

/** Pollutant symbols carry digits that are not quantities (PM2,5, NO₂, O3). */
const SYMBOLS = /(?<![\p{L}\d])(?:(?:PM|MP)\s?(?:2[.,]5|₂[.,]₅|10|₁₀)|NO\s?[2₂]|NO[xX]|SO\s?[2₂]|O\s?[3₃]|CO\s?[2₂]?)(?![\p{L}\d])/gu;
/** Written units, including ASCII spellings a model may use; `m3` carries a digit too. */
const WRITTEN_UNITS: { re: RegExp; unit: UnitKind | 'foreign' }[] = [
  { re: /[µμu]g\s?\/\s?m\s?[³3]\s?N?/gu, unit: 'µg/m³' },
  { re: /mg\s?\/\s?m\s?[³3]/gu, unit: 'mg/m³' },
  { re: /°\s?C|ºC|\bgrados? Celsius\b|\bdegrees? Celsius\b|\bgraus? Celsius\b/giu, unit: '°C' },
  { re: /%/gu, unit: '%' },
  { re: /°\s?F|\bFahrenheit\b|\bppm\b|\bppb\b|\bppbv\b|\bppmv\b|\bµg\/l\b|\bmilligrams? per liter\b/giu, unit: 'foreign' },
];
const NUMBER = /[−-]?\d+(?:[.,]\d+)*/gu;

/** Every number the facts state (displayed values, indices, ratios, guideline levels, date parts, counts), and which unit goes with which. */
export function factNumbers(f: ReportFacts): { values: number[]; pairs: [number, UnitKind][] } {
  const values: number[] = [];
  const pairs: [number, UnitKind][] = [];
  if (f.index !== null) values.push(f.index);
  for (const p of [f.dominant, ...f.others]) {
    if (!p) continue;
    const v = displayed(p.value, decimalsFor(p.id));
    values.push(v, p.who.guideline, displayed(p.who.ratio, 1), displayed(p.who.ratio, 0), p.who.averaging === '8 h' ? 8 : 24);
    pairs.push([v, p.unit], [p.who.guideline, p.who.unit]);
    if (p.index !== null) values.push(p.index);
  }
  if (f.temperature !== null) {
    const t = displayed(f.temperature, 1);
    values.push(t, Math.abs(t));
    pairs.push([t, '°C'], [Math.abs(t), '°C']);
  }
  if (f.humidity !== null) {
    const h = displayed(f.humidity, 0);
    values.push(h);
    pairs.push([h, '%']);
  }
  const [y = NaN, m = NaN, d = NaN] = f.date.split('-').map(Number);
  values.push(y, m, d);
  if (f.trend) values.push(f.trend.points);
  return { values, pairs };
}

function offlineTexts(offline: OfflineText): string[] {
  return [offline.headline, offline.social, ...offline.segments.flatMap((s) => [s.spoken, s.written])];
}

/** Text with pollutant symbols and unit spellings blanked out, so their digits are not read as quantities. */
function withoutSymbols(text: string): string {
  let t = text.replace(SYMBOLS, (m) => ' '.repeat(m.length));
  for (const { re } of WRITTEN_UNITS.slice(0, 2)) t = t.replace(re, (m) => ' '.repeat(m.length));
  return t;
}

/** The numbers in `text` as `lang` writes them (null value: not a well-formed number of that language). */
export function numbersIn(lang: Language, text: string): { token: string; value: number | null; index: number }[] {
  const out: { token: string; value: number | null; index: number }[] = [];
  for (const m of withoutSymbols(text).matchAll(NUMBER)) out.push({ token: m[0], value: parseLocalNumber(lang, m[0]), index: m.index ?? 0 });
  return out;
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

function unitAt(lang: Language, text: string, from: number): UnitKind | 'foreign' | null {
  const rest = text.slice(from).replace(/^\s+/, '');
  for (const { re, unit } of WRITTEN_UNITS) {
    const sticky = new RegExp(`^(?:${re.source})`, re.flags.replace('g', ''));
    if (sticky.test(rest)) return unit;
  }
  const r = lower(rest);
  for (const { form, unit } of spokenUnitForms(lang)) if (r.startsWith(lower(form)) && !/\p{L}/u.test(r.charAt(form.length))) return unit;
  return null;
}

/**
 * Every category name of every standard the analysis rates concentrations in, in `lang`,
 * longest first. Those drawn from a given index only (AQHI, DAQI, PSI) are left out: their
 * plain words ("High", "Low", "Alto", "Baixo") would read every "high levels" as a category.
 */
function allLabels(lang: Language): string[] {
  const set = new Set<string>();
  for (const s of listAqiStandards().filter((x) => x.pollutants.length > 0)) for (const c of getAqiStandard(s.id).categories) set.add(c.labels[lang]);
  return [...set].sort((a, b) => b.length - a.length);
}

/** Category names of any standard found in `text` (longest first, each span once). */
export function labelsIn(lang: Language, text: string): string[] {
  let t = lower(text);
  const found: string[] = [];
  for (const label of allLabels(lang)) {
    const re = new RegExp(`(?<![\\p{L}])${escapeRe(lower(label))}(?![\\p{L}])`, 'gu');
    t = t.replace(re, (m) => {
      found.push(label);
      return ' '.repeat(m.length);
    });
  }
  return found;
}

export interface CheckOptions {
  /** Seconds the template leaves for speech. */
  targetSec: number;
  /** Numbers, category names and places that are also true (the offline text's). */
  extraNumbers?: readonly number[];
  extraLabels?: readonly string[];
  extraPlaces?: string;
}

/**
 * Checks a model's text against the offline text's facts: the rules of
 * {@link checkText}, where whatever the offline text says counts as true (it is,
 * by construction).
 */
export function checkModelText(f: ReportFacts, offline: OfflineText, candidate: CandidateText): CheckResult {
  const texts = offlineTexts(offline);
  const extraNumbers = texts.flatMap((t) => numbersIn(f.language, t).map((x) => x.value)).filter((v): v is number => v !== null);
  return checkText(f, candidate, { targetSec: offline.targetSec, extraNumbers, extraLabels: labelsIn(f.language, texts.join('\n')), extraPlaces: texts.join(' ') });
}

/** Checks a text against the facts; see the module comment for the rules. The first failure is returned. */
export function checkText(f: ReportFacts, candidate: CandidateText, opts: CheckOptions): CheckResult {
  const lang = f.language;
  const fail = (reason: ModelRefusal, detail: string): CheckResult => ({ ok: false, reason, detail });
  const { headline, narration, social } = candidate;
  if (typeof headline !== 'string' || !headline.trim() || headline.length > 140) return fail('malformed', 'headline must be 1–140 characters');
  if (!Array.isArray(narration) || narration.length === 0 || narration.length > MAX_SEGMENTS || narration.some((s) => typeof s !== 'string' || !s.trim() || s.length > 500)) {
    return fail('malformed', `narration must be 1–${MAX_SEGMENTS} sentences of 1–500 characters`);
  }
  if (typeof social !== 'string' || !social.trim() || social.length > SOCIAL_MAX_CHARS) return fail('malformed', `social must be 1–${SOCIAL_MAX_CHARS} characters`);
  const texts = [headline, ...narration, social];
  const all = texts.join('\n');
  const junk = /\bundefined\b|\bNaN\b|\bnull\b|\[object|\{\{|\}\}|<\/?[a-z][^>]*>|\uFFFD/i.exec(all);
  if (junk) return fail('malformed', `contains "${junk[0]}"`);

  const spoken = estimateSeconds(lang, narration.join(' '));
  if (spoken > opts.targetSec * LENGTH_SLACK) return fail('too_long', `narration needs about ${spoken.toFixed(1)} s; the template leaves ${opts.targetSec} s`);

  const facts = factNumbers(f);
  const values = [...facts.values, ...(opts.extraNumbers ?? [])];
  const pairs = facts.pairs;
  for (const text of texts) {
    for (const { token, value, index } of numbersIn(lang, text)) {
      if (value === null) return fail('invented_number', `"${token}" is not a number written the ${lang} way`);
      const magnitude = Math.abs(value);
      if (!values.some((v) => near(Math.abs(v), magnitude))) return fail('invented_number', `"${token}" is not among the computed facts`);
      const unit = unitAt(lang, text, index + token.length);
      if (unit === 'foreign') return fail('wrong_unit', `"${token}" is given in a unit the facts do not use`);
      if (unit && !pairs.some(([v, u]) => u === unit && near(Math.abs(v), magnitude))) return fail('wrong_unit', `"${token} ${unit}" does not match the facts`);
    }
  }
  for (const { re, unit } of WRITTEN_UNITS) if (unit === 'foreign' && new RegExp(re.source, re.flags).test(all)) return fail('wrong_unit', 'mentions a unit the facts do not use');

  // Only the overall category: a pollutant's own ("NO₂ is Good") must not become the day's.
  const allowedLabels = new Set<string>(f.category ? [lower(f.category.label)] : []);
  for (const label of opts.extraLabels ?? []) allowedLabels.add(lower(label));
  for (const label of labelsIn(lang, all)) if (!allowedLabels.has(lower(label))) return fail('wrong_category', `"${label}" is not the computed category`);

  const allowedPlaces = fold(`${f.location} ${opts.extraPlaces ?? ''}`);
  for (const hit of knownPlaces(all)) {
    if (!allowedPlaces.includes(fold(hit.name)) && !allowedPlaces.includes(fold(all.slice(hit.start, hit.end)))) return fail('wrong_place', `"${hit.name}" is not the report's place`);
  }
  const spokenPart = fold([headline, ...narration].join(' '));
  if (!spokenPart.includes(fold(f.location))) return fail('missing_fact', `the headline and narration do not name ${f.location}`);
  if (f.category && !lower([headline, ...narration].join(' ')).includes(lower(f.category.label))) return fail('missing_fact', `the category "${f.category.label}" is not stated`);
  const index = f.index;
  if (index !== null && !numbersIn(lang, [headline, ...narration].join(' ')).some((x) => x.value !== null && near(x.value, index))) return fail('missing_fact', `the index ${f.index} is not stated`);
  return { ok: true };
}
