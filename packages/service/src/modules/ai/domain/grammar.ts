/**
 * The grammar the sentences need: each pollutant as a noun phrase with its gender
 * and number (las partículas finas / el ozono / as partículas finas / o ozônio),
 * verbs that agree with it, and the contractions of Spanish and Portuguese
 * (de + el = del, de + as = das). Names come from the engine, so the narration and
 * the video call a pollutant the same thing.
 */
import { POLLUTANT_NAME, type Language, type PollutantId } from '@aqcast/engine';

interface NounInfo {
  plural: boolean;
  feminine: boolean;
  /** Plain-digit symbol, as read aloud and in posts (PM2,5 in es, MP2,5 in pt). */
  symbol: string;
}

/** The gases are singular, masculine and written alike in every language. */
const GASES = {
  no2: { plural: false, feminine: false, symbol: 'NO2' },
  o3: { plural: false, feminine: false, symbol: 'O3' },
  so2: { plural: false, feminine: false, symbol: 'SO2' },
  co: { plural: false, feminine: false, symbol: 'CO' },
} satisfies Record<string, NounInfo>;

const INFO: Record<Language, Record<PollutantId, NounInfo>> = {
  es: {
    pm25: { plural: true, feminine: true, symbol: 'PM2,5' },
    pm10: { plural: true, feminine: true, symbol: 'PM10' },
    ...GASES,
  },
  en: {
    pm25: { plural: true, feminine: false, symbol: 'PM2.5' },
    pm10: { plural: true, feminine: false, symbol: 'PM10' },
    ...GASES,
  },
  pt: {
    pm25: { plural: true, feminine: true, symbol: 'MP2,5' },
    pm10: { plural: true, feminine: true, symbol: 'MP10' },
    ...GASES,
  },
};

/** A pollutant as a noun phrase in one language. */
export interface Pollutant {
  id: PollutantId;
  /** "partículas finas", "ozono" (lower case). */
  name: string;
  symbol: string;
  plural: boolean;
  feminine: boolean;
}

export function pollutant(language: Language, id: PollutantId): Pollutant {
  const info = INFO[language][id];
  const name = POLLUTANT_NAME[id][language];
  return { id, name: name.charAt(0).toLowerCase() + name.slice(1), ...info };
}

/** The definite article: las / el / as / o / (none in English). */
export function article(language: Language, p: Pollutant): string {
  if (language === 'es') return p.feminine ? (p.plural ? 'las' : 'la') : p.plural ? 'los' : 'el';
  if (language === 'pt') return p.feminine ? (p.plural ? 'as' : 'a') : p.plural ? 'os' : 'o';
  return '';
}

/** "las partículas finas PM2,5" / "el ozono O3" / "fine particles (PM2.5)". */
export function withArticle(language: Language, p: Pollutant): string {
  if (language === 'en') return `${p.name} (${p.symbol})`;
  return `${article(language, p)} ${p.name} ${p.symbol}`;
}

/** "de las partículas…" / "del ozono…" / "das partículas…" / "do ozônio…" / "of fine particles…". */
export function ofThe(language: Language, p: Pollutant): string {
  const np = withArticle(language, p);
  if (language === 'es') return np.startsWith('el ') ? `del ${np.slice(3)}` : `de ${np}`;
  if (language === 'pt') return `d${np}`;
  return `of ${np}`;
}

/** The verb form that agrees with `p`: `agree(p, 'alcanza', 'alcanzan')`. */
export function agree(p: Pollutant, singular: string, plural: string): string {
  return p.plural ? plural : singular;
}
