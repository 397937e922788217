/**
 * Everything a template writes on screen, resolved once per render from the params
 * and the AQI result: localized, number-formatted, and with missing values already
 * left out — so no template can print "undefined" or "NaN".
 */
import type { AqiResult, AqiStandardId, PollutantId, Severity } from '../aqi/types.js';
import { shownIndex } from '../aqi/index.js';
import { formatDate, formatLongDate, formatNumber } from '../i18n/format.js';
import { POLLUTANT_NAME, POLLUTANT_SYMBOL, POLLUTANTS, RENDER_UNIT } from '@aqcast/vocabulary';
import { ADVICE, MESSAGES, RECOMMENDATIONS, type Messages } from '../i18n/messages.js';
import type { Language, Localized } from '../language.js';
import type { RenderParams } from '../params/types.js';
import { readableTextOn } from '../draw/color.js';
import { sourceLine } from '../i18n/source-line.js';

export interface CategoryView {
  label: string;
  color: string;
  /** Black or white, whichever reads better on `color`. */
  textColor: string;
}

export interface PollutantView {
  id: PollutantId;
  symbol: string;
  name: string;
  /** `concentration`: `valueText` is a concentration in `unit`; `index`: a given sub-index and `unit` the index's name ("AQI"). */
  measure: 'concentration' | 'index';
  /** The number `valueText` writes (for count-up animations). */
  value: number;
  /** Decimals it is written with at most (CO 2, other concentrations 1, an index 0). */
  decimals: number;
  valueText: string;
  unit: string;
  /** Null when the chosen standard does not rate this pollutant. */
  category: CategoryView | null;
  /** Sub-index ("173") where the standard has one. */
  indexText: string | null;
  position: number | null;
}

/** What a value card draws: a pollutant, or the overall index of a document that gives no sub-index. */
export type CardView = Omit<PollutantView, 'id' | 'measure'>;

export interface MeasureView {
  valueText: string;
  unit: string;
}

export interface ReportContent {
  language: Language;
  m: Messages;
  location: string;
  /** "Domingo, 22 de noviembre de 2026". */
  dateLong: string;
  /** "22 de noviembre de 2026". */
  date: string;
  standardName: string;
  /** "AQI", "ICAP", "IQAr"; null for band-only standards. */
  indexName: string | null;
  /** The overall index as text; null when there is none. */
  indexText: string | null;
  /** The overall index as a number (for count-up animations; 10 for an AQHI shown "10+"); null when there is none. */
  indexValue: number | null;
  /** Written after a counted `indexValue`: "+" for an AQHI above 10, else empty. */
  indexSuffix: string;
  /**
   * A given index with no sub-index (only the overall value, as AQHI, DAQI and PSI
   * forecasts give it), as a card for templates that list pollutants; null otherwise.
   */
  overall: CardView | null;
  /**
   * A given category with no number (a band-only index: Mexico's Índice AIRE Y SALUD, the
   * EEA index): the category is the headline, drawn where a number would be.
   */
  categoryHeadline: boolean;
  /** The symbol of the pollutant in the worst given category, when the document gives one (with `categoryHeadline`). */
  mainPollutant: string | null;
  category: CategoryView | null;
  severity: Severity | null;
  /** Gauge position 0…1 of the overall result, null without data. */
  position: number | null;
  advice: string;
  recommendations: [string, string, string] | null;
  dominant: PollutantView | null;
  pollutants: PollutantView[];
  temperature: MeasureView | null;
  humidity: MeasureView | null;
  /** The standard's scale, lowest first. */
  scale: CategoryView[];
  /** Where the numbers came from (source, observed time, "preliminary data"); null without provenance. */
  sourceLine: string | null;
}

/** Short names of the standards, as the videos show them. */
export const STANDARD_SHORT_NAME: Record<AqiStandardId, Localized> = {
  'us-epa': { en: 'US EPA AQI', es: 'AQI de la EPA (EE. UU.)', pt: 'AQI da EPA (EUA)' },
  'eu-eaqi': { en: 'European AQI (EEA)', es: 'Índice europeo (AEMA)', pt: 'Índice europeu (AEA)' },
  mx: { en: 'Mexico AIRE Y SALUD index', es: 'Índice AIRE Y SALUD (México)', pt: 'Índice AIRE Y SALUD (México)' },
  cl: { en: 'Chile ICAP / DS 12', es: 'ICAP · DS 12 (Chile)', pt: 'ICAP · DS 12 (Chile)' },
  'br-iqar': { en: 'Brazil IQAr', es: 'IQAr (Brasil)', pt: 'IQAr (Brasil)' },
  'ca-aqhi': { en: 'Canada AQHI', es: 'AQHI (Canadá)', pt: 'AQHI (Canadá)' },
  'uk-daqi': { en: 'UK DAQI', es: 'DAQI (Reino Unido)', pt: 'DAQI (Reino Unido)' },
  'sg-psi': { en: 'Singapore PSI', es: 'PSI (Singapur)', pt: 'PSI (Singapura)' },
};

/** What a card calls a band-only index that has no short name of its own (indexName is null). */
const CATEGORY_INDEX_SYMBOL: Partial<Record<AqiStandardId, string>> = { mx: 'AIRE Y SALUD', 'eu-eaqi': 'EAQI' };

function categoryView(label: string, color: string): CategoryView {
  return { label, color, textColor: readableTextOn(color) };
}

export function buildContent(params: RenderParams, aqi: AqiResult): ReportContent {
  const lang = params.language;
  const m = MESSAGES[lang];
  const n = (v: number, d = 1) => formatNumber(lang, v, d);
  const byId = new Map(aqi.pollutants.map((p) => [p.pollutant, p]));
  const pollutants: PollutantView[] = [];
  // A given index: each sub-index is the pollutant's value, written with the index's name, never a concentration unit.
  // A given category has no number to write: it names the main pollutant only.
  for (const g of aqi.indices) {
    if (g.index === null) continue;
    pollutants.push({
      id: g.pollutant,
      symbol: POLLUTANT_SYMBOL[g.pollutant][lang],
      name: POLLUTANT_NAME[g.pollutant][lang],
      measure: 'index',
      value: g.index,
      decimals: 0,
      valueText: n(g.index, 0),
      unit: aqi.indexName ?? '',
      category: categoryView(g.category.labels[lang], g.category.color),
      // The value is the sub-index already: not repeated beside the category.
      indexText: null,
      position: g.position,
    });
  }
  for (const id of aqi.measure === 'index' ? [] : POLLUTANTS) {
    const value = params[id];
    if (value === undefined) continue;
    const rated = byId.get(id);
    pollutants.push({
      id,
      symbol: POLLUTANT_SYMBOL[id][lang],
      name: POLLUTANT_NAME[id][lang],
      measure: 'concentration',
      value,
      decimals: id === 'co' ? 2 : 1,
      valueText: n(value, id === 'co' ? 2 : 1),
      unit: RENDER_UNIT[id],
      category: rated ? categoryView(rated.category.labels[lang], rated.category.color) : null,
      indexText: rated && rated.index !== null ? n(rated.index, 0) : null,
      position: rated ? rated.position : null,
    });
  }
  const severity = aqi.category ? aqi.category.severity : null;
  const shown = shownIndex(aqi);
  // A given index with only its overall value has no pollutant to list: the overall index takes a card of its own.
  // So does a given category (no number): its card shows the category alone.
  const categoryHeadline = aqi.measure === 'index' && aqi.index === null && aqi.category !== null;
  const overall: CardView | null =
    aqi.measure === 'index' && pollutants.length === 0 && aqi.category && (categoryHeadline || (shown && aqi.indexName))
      ? {
          symbol: aqi.indexName ?? CATEGORY_INDEX_SYMBOL[aqi.standard] ?? aqi.standard,
          name: STANDARD_SHORT_NAME[aqi.standard][lang],
          value: shown ? shown.value : 0,
          decimals: 0,
          valueText: shown ? `${n(shown.value, 0)}${shown.plus ? '+' : ''}` : '',
          unit: '',
          category: categoryView(aqi.category.labels[lang], aqi.category.color),
          indexText: null,
          position: aqi.position,
        }
      : null;
  const main = categoryHeadline ? aqi.indices.find((g) => g.pollutant === aqi.dominant) : undefined;
  return {
    language: lang,
    m,
    location: params.location,
    dateLong: formatLongDate(lang, params.date),
    date: formatDate(lang, params.date),
    standardName: STANDARD_SHORT_NAME[aqi.standard][lang],
    indexName: aqi.indexName,
    indexText: shown ? `${n(shown.value, 0)}${shown.plus ? '+' : ''}` : null,
    indexValue: shown ? shown.value : null,
    indexSuffix: shown?.plus ? '+' : '',
    overall,
    categoryHeadline,
    mainPollutant: main ? POLLUTANT_SYMBOL[main.pollutant][lang] : null,
    category: aqi.category ? categoryView(aqi.category.labels[lang], aqi.category.color) : null,
    severity,
    position: aqi.position,
    advice: severity !== null ? ADVICE[severity][lang] : m.noPollutantDataHint,
    recommendations: severity !== null ? RECOMMENDATIONS[severity][lang] : null,
    dominant: pollutants.find((p) => p.id === aqi.dominant) ?? null,
    pollutants,
    temperature: params.temperatura !== undefined ? { valueText: n(params.temperatura, 1), unit: '°C' } : null,
    humidity: params.humidity !== undefined ? { valueText: n(params.humidity, 0), unit: '%' } : null,
    scale: aqi.categories.map((c) => categoryView(c.labels[lang], c.color)),
    sourceLine: sourceLine(lang, params.provenance),
  };
}
