/** The languages a video can speak. Every word drawn on screen exists in each of them. */
export type Language = 'es' | 'en' | 'pt';

export const LANGUAGES: readonly Language[] = ['es', 'en', 'pt'];

/** BCP 47 tags used for Intl number and date formatting. */
export const LOCALE_TAG: Record<Language, string> = { es: 'es-ES', en: 'en-US', pt: 'pt-BR' };

/** A string in every supported language. */
export type Localized = Record<Language, string>;
