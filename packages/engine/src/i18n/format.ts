/** Locale-aware number and date formatting (Intl, so es/pt get a decimal comma). */
import { LOCALE_TAG, type Language } from '../language.js';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats a number with at most `maxDecimals` decimals in the language's convention. */
export function formatNumber(language: Language, value: number, maxDecimals = 1): string {
  const key = `${language}:${maxDecimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_TAG[language], { maximumFractionDigits: maxDecimals, minimumFractionDigits: 0 });
    numberFormats.set(key, f);
  }
  // -0 would print as "-0".
  return f.format(Object.is(value, -0) ? 0 : value);
}

/** "domingo, 22 de noviembre de 2026" / "Sunday, November 22, 2026" / "domingo, 22 de novembro de 2026". */
export function formatLongDate(language: Language, isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  const s = new Intl.DateTimeFormat(LOCALE_TAG[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "22 de noviembre de 2026" / "November 22, 2026" / "22 de novembro de 2026". */
export function formatDate(language: Language, isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat(LOCALE_TAG[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** Formats a number with exactly `decimals` decimals (a counter shows its final precision all the way). */
export function formatFixed(language: Language, value: number, decimals: number): string {
  const key = `${language}:fixed:${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_TAG[language], { maximumFractionDigits: decimals, minimumFractionDigits: decimals });
    numberFormats.set(key, f);
  }
  return f.format(Object.is(value, -0) ? 0 : value);
}

/** How many decimals `formatNumber(language, value, maxDecimals)` shows (0 for 88, 1 for 41.2). */
export function shownDecimals(language: Language, value: number, maxDecimals = 1): number {
  const text = formatNumber(language, value, maxDecimals);
  const mark = new Intl.NumberFormat(LOCALE_TAG[language]).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const at = text.lastIndexOf(mark);
  return at < 0 ? 0 : text.length - at - 1;
}
