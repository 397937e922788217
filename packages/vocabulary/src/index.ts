/**
 * @aqcast/vocabulary — the words every part of aqcast shares, written once: which
 * pollutants and weather values a report carries, the unit each is given in, how
 * each is written and named in every language, the AQI standards' ids, the
 * languages and the frame formats. The engine, the extractor, the service and the
 * dashboard import these instead of keeping copies.
 *
 * Terms:
 * - pollutant: one of the six criteria pollutants (`pm25` … `co`).
 * - measure: a pollutant or a weather value (`temperatura`, `humidity`): every value
 *   a context or a render's parameters can carry.
 * - render unit: the unit a measure is given in everywhere in the API — µg/m³
 *   (CO mg/m³), °C, %.
 */

/** The languages a video speaks and the dashboard is written in. */
export const LANGUAGES = ['es', 'en', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** BCP 47 tags for Intl number and date formatting. */
export const LOCALE_TAG: Readonly<Record<Language, string>> = { es: 'es-ES', en: 'en-US', pt: 'pt-BR' };

/** A string in every supported language. */
export type Localized = Record<Language, string>;

/** The criteria pollutants, in display order (particles first, then gases). */
export const POLLUTANTS = ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'] as const;
export type PollutantId = (typeof POLLUTANTS)[number];

/** Weather values a report can carry beside the pollutants. */
export const WEATHER_MEASURES = ['temperatura', 'humidity'] as const;
export type WeatherMeasureId = (typeof WEATHER_MEASURES)[number];

/** Every value a context or render carries: the pollutants, then the weather. */
export const MEASURES = [...POLLUTANTS, ...WEATHER_MEASURES] as const;
export type MeasureId = (typeof MEASURES)[number];

/** The unit each measure is given in across the API. */
export const RENDER_UNIT = {
  pm25: 'µg/m³',
  pm10: 'µg/m³',
  no2: 'µg/m³',
  o3: 'µg/m³',
  so2: 'µg/m³',
  co: 'mg/m³',
  temperatura: '°C',
  humidity: '%',
} as const satisfies Record<MeasureId, string>;
export type RenderUnit = (typeof RENDER_UNIT)[MeasureId];

/** Short chemical names with subscripts; the PM decimal mark follows the language. */
export const POLLUTANT_SYMBOL: Readonly<Record<PollutantId, Localized>> = {
  pm25: { en: 'PM₂.₅', es: 'PM₂,₅', pt: 'MP₂,₅' },
  pm10: { en: 'PM₁₀', es: 'PM₁₀', pt: 'MP₁₀' },
  no2: { en: 'NO₂', es: 'NO₂', pt: 'NO₂' },
  o3: { en: 'O₃', es: 'O₃', pt: 'O₃' },
  so2: { en: 'SO₂', es: 'SO₂', pt: 'SO₂' },
  co: { en: 'CO', es: 'CO', pt: 'CO' },
};

/** Plain-text labels of every measure (no subscripts), for form fields, tables and CSV headers. */
export const MEASURE_LABEL: Readonly<Record<MeasureId, Localized>> = {
  pm25: { en: 'PM2.5', es: 'PM2,5', pt: 'MP2,5' },
  pm10: { en: 'PM10', es: 'PM10', pt: 'MP10' },
  no2: { en: 'NO2', es: 'NO2', pt: 'NO2' },
  o3: { en: 'O3', es: 'O3', pt: 'O3' },
  so2: { en: 'SO2', es: 'SO2', pt: 'SO2' },
  co: { en: 'CO', es: 'CO', pt: 'CO' },
  temperatura: { en: 'Temperature', es: 'Temperatura', pt: 'Temperatura' },
  humidity: { en: 'Humidity', es: 'Humedad', pt: 'Umidade' },
};

/** What each pollutant is called in words. */
export const POLLUTANT_NAME: Readonly<Record<PollutantId, Localized>> = {
  pm25: { en: 'Fine particles', es: 'Partículas finas', pt: 'Partículas finas' },
  pm10: { en: 'Coarse particles', es: 'Partículas gruesas', pt: 'Partículas inaláveis' },
  no2: { en: 'Nitrogen dioxide', es: 'Dióxido de nitrógeno', pt: 'Dióxido de nitrogênio' },
  o3: { en: 'Ozone', es: 'Ozono', pt: 'Ozônio' },
  so2: { en: 'Sulphur dioxide', es: 'Dióxido de azufre', pt: 'Dióxido de enxofre' },
  co: { en: 'Carbon monoxide', es: 'Monóxido de carbono', pt: 'Monóxido de carbono' },
};

/** The standards aqcast rates concentrations in (each has concentration tables). */
export const RATED_STANDARD_IDS = ['us-epa', 'eu-eaqi', 'mx', 'cl', 'br-iqar'] as const;
/**
 * The standards a video draws only from an index a document gives (Canada's AQHI, the
 * UK's DAQI, Singapore's PSI): aqcast keeps their index scale, not their concentration
 * tables, so a render in one of them needs a given index.
 */
export const INDEX_ONLY_STANDARD_IDS = ['ca-aqhi', 'uk-daqi', 'sg-psi'] as const;
/** Every AQI standard a video can be in: rated from concentrations, or drawn from a given index only. */
export const AQI_STANDARD_IDS = [...RATED_STANDARD_IDS, ...INDEX_ONLY_STANDARD_IDS] as const;
export type AqiStandardId = (typeof AQI_STANDARD_IDS)[number];
export type IndexOnlyStandardId = (typeof INDEX_ONLY_STANDARD_IDS)[number];
export type RatedStandardId = (typeof RATED_STANDARD_IDS)[number];
export const DEFAULT_AQI_STANDARD: AqiStandardId = 'us-epa';

/**
 * The categories of the band-only standards (no index number), lowest first: what a
 * document of theirs gives instead of a number ("Calidad del aire: Mala"), and what a given
 * category names. Mexico's Índice AIRE Y SALUD (NOM-172-SEMARNAT-2023) and the EEA index.
 */
export const BAND_CATEGORY_KEYS = {
  mx: ['buena', 'aceptable', 'mala', 'muy_mala', 'extremadamente_mala'],
  'eu-eaqi': ['good', 'fair', 'moderate', 'poor', 'very_poor', 'extremely_poor'],
} as const;
export type BandStandardId = keyof typeof BAND_CATEGORY_KEYS;
/** Every band-only category key, each once: what a given category may be. */
export const GIVEN_CATEGORY_KEYS: readonly string[] = [...new Set(Object.values(BAND_CATEGORY_KEYS).flat())];

/** Each standard's name as videos, forms and parameter lists show it (the name its authority gives it). */
export const AQI_STANDARD_NAME: Readonly<Record<AqiStandardId, string>> = {
  'us-epa': 'US EPA AQI (2024)',
  'eu-eaqi': 'European Air Quality Index (EEA, 2024)',
  mx: 'México — Índice AIRE Y SALUD (NOM-172-SEMARNAT-2023)',
  cl: 'Chile — episodios críticos MP (DS 12/2011, DS 59/1998) e ICAP',
  'br-iqar': 'Brasil — IQAr (CONAMA 506/2024)',
  'ca-aqhi': 'Canada — Air Quality Health Index (AQHI, Environment and Climate Change Canada)',
  'uk-daqi': 'UK — Daily Air Quality Index (DAQI, Defra / COMEAP)',
  'sg-psi': 'Singapore — Pollutant Standards Index (PSI, NEA)',
};

/** Frame shapes: landscape 1920×1080, portrait 1080×1920, square 1080×1080. */
export const FORMATS = ['landscape', 'portrait', 'square'] as const;
export type Format = (typeof FORMATS)[number];

function member<T extends string>(list: readonly T[]): (value: unknown) => value is T {
  const set: ReadonlySet<unknown> = new Set(list);
  return (value): value is T => set.has(value);
}

/** Whether `value` is a pollutant id. */
export const isPollutant = member(POLLUTANTS);
/** Whether `value` is a measure id (a pollutant or a weather value). */
export const isMeasure = member(MEASURES);
/** Whether `value` is a supported language. */
export const isLanguage = member(LANGUAGES);
/** Whether `value` is an AQI standard id. */
export const isAqiStandardId = member(AQI_STANDARD_IDS);
/** Whether `value` is a standard drawn from a given index only (no concentration is rated in it). */
export const isIndexOnlyStandardId = member(INDEX_ONLY_STANDARD_IDS);
/** Whether `value` is a frame format. */
export const isFormat = member(FORMATS);
