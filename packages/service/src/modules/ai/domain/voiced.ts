/**
 * The narration as the voice reads it: every number in words in the language
 * ("ochenta y siete coma cuatro", "eighty-seven point four", "oitenta e sete
 * vírgula quatro"), agreeing with the noun after it (veintiún microgramos,
 * veintiuna veces, duas vezes), and pollutant symbols and acronyms spelled out
 * letter by letter (PM2,5 → "P M dos coma cinco", AQI → "A Q I"), so that no
 * synthesizer guesses how to say a digit or a symbol.
 */
import type { Language } from '@aqcast/engine';
import { toCardinal as enCardinal } from 'n2words/en-US';
import { toCardinal as esCardinal } from 'n2words/es-ES';
import { toCardinal as ptCardinal } from 'n2words/pt-PT';

const CARDINAL: Record<Language, (n: number) => string> = { en: enCardinal, es: esCardinal, pt: ptCardinal };
const DECIMAL_WORD: Record<Language, string> = { es: 'coma', en: 'point', pt: 'vírgula' };
const MINUS: Record<Language, string> = { es: 'menos', en: 'minus', pt: 'menos' };

/** Nouns that make the number before them feminine (una vez, veintiuna horas, duas vezes, duzentas medições). */
const FEMININE_NOUNS: Record<Language, RegExp> = {
  es: /^(?:veces|vez|horas?|mediciones|medición|partículas)\b/u,
  pt: /^(?:vezes|vez|horas?|medições|medição|partículas)\b/u,
  en: /^$/u,
};

/** Spanish masculine nouns that shorten uno to un before them (un grado, veintiún microgramos). */
const ES_APOCOPE = /^\p{L}/u;

/** An integer in words, agreeing with the noun that follows (when there is one). */
function integerWords(language: Language, value: number, gender: 'masculine' | 'feminine' | 'none'): string {
  let w = CARDINAL[language](value);
  if (language === 'es') {
    if (gender === 'feminine') w = w.replace(/veintiuno$/, 'veintiuna').replace(/\buno$/, 'una').replace(/ientos\b/g, 'ientas');
    else if (gender === 'masculine') w = w.replace(/veintiuno$/, 'veintiún').replace(/\buno$/, 'un');
  }
  if (language === 'pt' && gender === 'feminine') w = w.replace(/\bum$/, 'uma').replace(/\bdois$/, 'duas').replace(/entos\b/g, 'entas');
  return w;
}

/** The digits after the decimal sign: one or two without a leading zero as a number (coma veinticinco), otherwise digit by digit; English always digit by digit. */
function decimalWords(language: Language, digits: string): string {
  if (language !== 'en' && digits.length <= 2 && !digits.startsWith('0')) return CARDINAL[language](Number(digits));
  return [...digits].map((d) => CARDINAL[language](Number(d))).join(' ');
}

/**
 * A number as written in `language` ("87,4", "1.250", "1,250.5", "−3") in words;
 * `next` is the text after it, which decides the gender in Spanish and Portuguese.
 */
export function numberInWords(language: Language, written: string, next = ''): string {
  const negative = /^[−-]/.test(written);
  const body = written.replace(/^[−-]/, '');
  const decimal = language === 'en' ? '.' : ',';
  const group = language === 'en' ? ',' : '.';
  const [intPart = '0', fraction] = body.split(decimal);
  const integer = Number(intPart.split(group).join(''));
  const following = next.trimStart();
  const gender = FEMININE_NOUNS[language].test(following) ? 'feminine' : fraction === undefined && ES_APOCOPE.test(following) ? 'masculine' : 'none';
  let words = integerWords(language, integer, fraction === undefined ? gender : gender === 'feminine' ? 'feminine' : 'none');
  if (fraction !== undefined && fraction !== '') words += ` ${DECIMAL_WORD[language]} ${decimalWords(language, fraction)}`;
  return negative ? `${MINUS[language]} ${words}` : words;
}

/** Numbers as `language` writes them: grouped thousands and a decimal part, or plain digits. */
const NUMBER: Record<Language, RegExp> = {
  es: /[−-]?(?<![\d.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d])|[−-]?(?<![\d.,])\d+(?:,\d+)?(?![\d])/gu,
  pt: /[−-]?(?<![\d.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d])|[−-]?(?<![\d.,])\d+(?:,\d+)?(?![\d])/gu,
  en: /[−-]?(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d])|[−-]?(?<![\d.,])\d+(?:\.\d+)?(?![\d])/gu,
};

/** A run of capitals, maybe followed by digits: AQI, OMS, PM2,5, NO2, MP10. */
const ACRONYM: Record<Language, RegExp> = {
  es: /\b(\p{Lu}{2,5})(\d+(?:,\d+)?)?(?![\p{L}\d])/gu,
  pt: /\b(\p{Lu}{2,5})(\d+(?:,\d+)?)?(?![\p{L}\d])/gu,
  en: /\b(\p{Lu}{2,5})(\d+(?:\.\d+)?)?(?![\p{L}\d])/gu,
};

/** `text` with every acronym spelled and every number in words, ready for any synthesizer. */
export function voiced(language: Language, text: string): string {
  const spelled = text.replace(ACRONYM[language], (_m, letters: string, digits: string | undefined) => `${[...letters].join(' ')}${digits ? ` ${numberInWords(language, digits)}` : ''}`);
  const withWords = spelled.replace(NUMBER[language], (m: string, ...rest: unknown[]) => {
    const offset = rest.find((x): x is number => typeof x === 'number') ?? 0;
    return numberInWords(language, m, spelled.slice(offset + m.length));
  });
  // Symbols the speaker reads as words; the spoken text carries few, but a model's may.
  return withWords.replace(/\s*%/g, { es: ' por ciento', en: ' percent', pt: ' por cento' }[language]).replace(/\s*\(\s*/g, ', ').replace(/\s*\)\s*/g, ', ').replace(/[\s\u00a0]+/g, ' ').replace(/,\s*([.,;:!?])/g, '$1').trim();
}
