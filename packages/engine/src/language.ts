/** The languages a video can speak. Every word drawn on screen exists in each of them. */
export { LANGUAGES, LOCALE_TAG, type Language, type Localized } from '@aqcast/vocabulary';
