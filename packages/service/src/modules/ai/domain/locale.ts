/**
 * Numbers and units the way each language writes and says them: Intl number
 * formats (decimal comma in es/pt), units as symbols for reading (87,4 µg/m³, 9 °C,
 * 64 %) and as words for speaking (87,4 microgramos por metro cúbico), with the
 * singular and plural each language uses (1 grado, 1,5 grados; 1 grau, 1,5 grau,
 * 2 graus), and locale-aware parsing for checking what a model wrote.
 */
import { LOCALE_TAG, type Language } from '@aqcast/engine';

const formats = new Map<string, Intl.NumberFormat>();

/** `value` with at most `maxDecimals` decimals, grouped and punctuated as `language` does. */
export function formatNumber(language: Language, value: number, maxDecimals = 1): string {
  const key = `${language}:${maxDecimals}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_TAG[language], { maximumFractionDigits: maxDecimals, minimumFractionDigits: 0 });
    formats.set(key, f);
  }
  // Intl writes a hyphen-minus; the minus sign reads better and "-0" must never appear.
  return f.format(Object.is(value, -0) ? 0 : value).replace(/^-/, '−');
}

/** The value as it is shown: what every text and every check compare against. */
export function displayed(value: number, maxDecimals = 1): number {
  const f = 10 ** maxDecimals;
  return Math.round(value * f) / f;
}

/** Decimals a measurement is shown with: CO (mg/m³) keeps two, the rest one. */
export const decimalsFor = (measure: string): number => (measure === 'co' ? 2 : measure === 'humidity' ? 0 : 1);

/** Whether a quantity takes the singular noun in `language` (1 grado; in Portuguese anything from 1 up to 2: 1,5 grau). */
export function takesSingular(language: Language, value: number): boolean {
  const v = Math.abs(displayed(value, 2));
  return language === 'pt' ? v >= 1 && v < 2 : v === 1;
}

export type UnitKind = 'µg/m³' | 'mg/m³' | '°C' | '%';

const SPOKEN: Record<Language, Record<UnitKind, [singular: string, plural: string]>> = {
  es: { 'µg/m³': ['microgramo por metro cúbico', 'microgramos por metro cúbico'], 'mg/m³': ['miligramo por metro cúbico', 'miligramos por metro cúbico'], '°C': ['grado', 'grados'], '%': ['por ciento', 'por ciento'] },
  en: { 'µg/m³': ['microgram per cubic meter', 'micrograms per cubic meter'], 'mg/m³': ['milligram per cubic meter', 'milligrams per cubic meter'], '°C': ['degree', 'degrees'], '%': ['percent', 'percent'] },
  pt: { 'µg/m³': ['micrograma por metro cúbico', 'microgramas por metro cúbico'], 'mg/m³': ['miligrama por metro cúbico', 'miligramas por metro cúbico'], '°C': ['grau', 'graus'], '%': ['por cento', 'por cento'] },
};

/** Every spoken form of each unit in `language`, longest first (for reading texts back). */
export function spokenUnitForms(language: Language): { form: string; unit: UnitKind }[] {
  const out: { form: string; unit: UnitKind }[] = [];
  // Object.entries loses the key type; SPOKEN is keyed by UnitKind.
  for (const [unit, [one, many]] of Object.entries(SPOKEN[language]) as [UnitKind, [string, string]][]) {
    out.push({ form: one, unit }, { form: many, unit });
  }
  return out.sort((a, b) => b.form.length - a.form.length);
}

/** How units are written next to numbers. */
export type UnitStyle = 'spoken' | 'written';

/**
 * A quantity with its unit: written "87,4 µg/m³", "9 °C", "64 %" (es; "64%" in en
 * and pt); spoken "87,4 microgramos por metro cúbico", "1 grado", "64 por ciento".
 * Temperatures below zero are spoken as a language says them (3 grados bajo cero).
 */
export function quantity(language: Language, value: number, unit: UnitKind, style: UnitStyle, maxDecimals = 1): string {
  if (style === 'written') {
    const n = formatNumber(language, value, maxDecimals);
    if (unit === '%') return language === 'es' ? `${n} %` : `${n}%`;
    return `${n} ${unit}`;
  }
  const [one, many] = SPOKEN[language][unit];
  const below = unit === '°C' && displayed(value, maxDecimals) < 0;
  const magnitude = below ? -value : value;
  const n = formatNumber(language, magnitude, maxDecimals);
  const noun = takesSingular(language, magnitude) ? one : many;
  if (!below) return `${n} ${noun}`;
  return language === 'es' ? `${n} ${noun} bajo cero` : language === 'pt' ? `${n} ${noun} negativos`.replace(/grau negativos$/, 'grau negativo') : `minus ${n} ${noun}`;
}

/** Turns spoken units after numbers back into symbols (narration → captions). */
export function writtenUnits(language: Language, text: string): string {
  let out = text;
  for (const { form, unit } of spokenUnitForms(language)) {
    const re = new RegExp(`(\\d)\\s+${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'gu');
    out = out.replace(re, (_m, d: string) => (unit === '%' ? (language === 'es' ? `${d} %` : `${d}%`) : `${d} ${unit}`));
  }
  // Below-zero temperatures come back as a signed number.
  if (language === 'es') out = out.replace(/(\d[\d.,]*) °C bajo cero/g, '−$1 °C');
  if (language === 'pt') out = out.replace(/(\d[\d.,]*) °C negativos?/g, '−$1 °C');
  if (language === 'en') out = out.replace(/minus (\d[\d.,]*) °C/g, '−$1 °C');
  return out;
}

/**
 * Reads a number written in `language`'s convention ("87,4" es/pt, "87.4" en,
 * "12.345" es grouping). Returns null when the text is not a well-formed number of
 * that language (e.g. "87.4" in Spanish), which a checker treats as wrong.
 */
export function parseLocalNumber(language: Language, text: string): number | null {
  const decimal = language === 'en' ? '.' : ',';
  const group = language === 'en' ? ',' : '.';
  const t = text.replace(/^[−-]/, '');
  const sign = t === text ? 1 : -1;
  const esc = (c: string) => (c === '.' ? '\\.' : c);
  const re = new RegExp(`^(\\d{1,3}(?:${esc(group)}\\d{3})+|\\d+)(?:${esc(decimal)}(\\d+))?$`);
  const m = re.exec(t);
  if (!m) return null;
  const int = (m[1]!).split(group).join('');
  return sign * Number(m[2] !== undefined ? `${int}.${m[2]}` : int);
}

/** Uppercases the first letter. */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Lowercases the first letter (a label inside a sentence), unless the word is an acronym. */
export function lowerFirst(s: string): string {
  return /^\p{Lu}{2}/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);
}

/** "a, b y c" / "a, b, and c" / "a, b e c". */
export function listOf(language: Language, items: string[]): string {
  return new Intl.ListFormat(LOCALE_TAG[language], { style: 'long', type: 'conjunction' }).format(items);
}

/** "domingo 22 de noviembre" / "Sunday, November 22" / "domingo, 22 de novembro". */
export function dayAndDate(language: Language, isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  const s = new Intl.DateTimeFormat(LOCALE_TAG[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(d);
  return language === 'es' ? s.replace(',', '') : s;
}

/** "22 nov." / "Nov 22" / "22 de nov." — for posts. */
export function shortDate(language: Language, isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat(LOCALE_TAG[language], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d);
}
