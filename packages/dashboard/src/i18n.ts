/**
 * The interface language: Spanish, English or Portuguese, picked in the
 * header and remembered in localStorage (only the language is stored there).
 * Messages are flat keys; `{name}` in a message is replaced by `vars.name`, and
 * `<key>.one` (when present) is the singular form used when `vars.n` is 1.
 */
import { useEffect, useState } from 'preact/hooks';
import { messagesCore } from './i18n/messages-core';
import { messagesBrands } from './i18n/messages-brands';
import { messagesPages } from './i18n/messages-pages';

export type Lang = 'es' | 'en' | 'pt';
export const LANGS: readonly Lang[] = ['es', 'en', 'pt'];
export const LANG_NAMES: Record<Lang, string> = { es: 'Español', en: 'English', pt: 'Português' };
const LOCALES: Record<Lang, string> = { es: 'es-ES', en: 'en-GB', pt: 'pt-BR' };
const STORAGE_KEY = 'aqcast.dashboard.lang';

const messages: Record<Lang, Record<string, string>> = {
  en: { ...messagesCore.en, ...messagesPages.en, ...messagesBrands.en },
  es: { ...messagesCore.es, ...messagesPages.es, ...messagesBrands.es },
  pt: { ...messagesCore.pt, ...messagesPages.pt, ...messagesBrands.pt },
};

/** Whether a value (a select's, a stored one) is one of the languages. */
export const isLang = (v: unknown): v is Lang => v === 'es' || v === 'en' || v === 'pt';

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    /* storage disabled: fall back to the browser's language */
  }
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.slice(0, 2).toLowerCase();
    if (isLang(base)) return base;
  }
  return 'en';
}

let current: Lang = initialLang();
const listeners = new Set<(l: Lang) => void>();
document.documentElement.lang = current;

/** Switches the interface language (and remembers it). */
export function setLang(lang: Lang): void {
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* not remembered; still switched */
  }
  for (const l of listeners) l(lang);
}

/** The current language, outside components. */
export function currentLang(): Lang {
  return current;
}

/** The current language, re-rendering when it changes. */
export function useLang(): Lang {
  const [lang, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    set(current);
    return () => void listeners.delete(set);
  }, []);
  return lang;
}

/** Translates a key in `lang` (English, then the key itself, when a message is missing). */
export function translate(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  // `key.one` is the singular form, used when vars.n is 1.
  const one = vars?.n === 1 ? (messages[lang][`${key}.one`] ?? messages.en[`${key}.one`]) : undefined;
  const msg = one ?? messages[lang][key] ?? messages.en[key] ?? key;
  if (!vars) return msg;
  return msg.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** A message of the service's own (a template's name, say) in the language, when the app knows a translation of it. */
export function localized(lang: Lang, key: string, fallback: string): string {
  return messages[lang][key] ?? fallback;
}

/** The translate function of the current language. */
export function useT(): (key: string, vars?: Record<string, string | number>) => string {
  const lang = useLang();
  return (key, vars) => translate(lang, key, vars);
}

/** A date and time in the language's format (`dateOnly` for the day alone, `seconds` to show them). */
export function formatDate(iso: string | null | undefined, lang: Lang, dateOnly = false, seconds = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' }).format(d);
}

/** A number in the language's format. */
export function formatNumber(n: number | null | undefined, lang: Lang, opts?: Intl.NumberFormatOptions): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '—';
  return new Intl.NumberFormat(LOCALES[lang], opts).format(n);
}

/** A duration in milliseconds as "850 ms", "12.4 s" or "3 min 5 s". */
export function formatDuration(ms: number | null | undefined, lang: Lang): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${formatNumber(Math.round(ms), lang)} ms`;
  if (ms < 60_000) return `${formatNumber(ms / 1000, lang, { maximumFractionDigits: 1 })} s`;
  const m = Math.floor(ms / 60_000);
  return `${m} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A byte count as kB / MB. */
export function formatBytes(bytes: number | null | undefined, lang: Lang): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, lang, { maximumFractionDigits: 1 })} kB`;
  return `${formatNumber(bytes / 1024 / 1024, lang, { maximumFractionDigits: 1 })} MB`;
}
