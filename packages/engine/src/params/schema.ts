/**
 * The render parameters as one TypeBox schema: the single contract the service uses
 * for HTTP validation and OpenAPI, and the engine uses in `normalizeRenderParams`.
 * Every property carries a description and examples.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AQI_STANDARD_IDS, FORMATS, GIVEN_CATEGORY_KEYS, LANGUAGES, POLLUTANTS } from '@aqcast/vocabulary';
import { PlacesSchema, ProvenanceSchema, StationsSchema } from './places.js';

export { FORMATS, type Format } from '@aqcast/vocabulary';

export const RESOLUTIONS = ['1080p', '720p', '360p'] as const;
/** Scales the frame by its short side: 1080p is 1920×1080 landscape, 720p 1280×720, 360p 640×360. */
export type Resolution = (typeof RESOLUTIONS)[number];

/** The longest series a render takes: a week of hours. */
export const SERIES_MAX_POINTS = 168;

/** Bounds beyond which a value is a typo, not a measurement. */
export const LIMITS = {
  pm25: 2000,
  gas: 5000,
  co: 200,
  temperatureMin: -90,
  temperatureMax: 60,
  locationMax: 120,
} as const;

const concentration = (name: string, max: number, examples: number[]) =>
  Type.Optional(Type.Number({ minimum: 0, maximum: max, description: `${name} concentration in µg/m³ (0–${max}). Omit it when not measured.`, examples }));

const temperature = (note: string) =>
  Type.Optional(
    Type.Number({
      minimum: LIMITS.temperatureMin,
      maximum: LIMITS.temperatureMax,
      description: `Air temperature in °C (${LIMITS.temperatureMin}…${LIMITS.temperatureMax}). ${note}`,
      examples: [9, 23.5],
    }),
  );

/** The largest index a given index may hold (the top of the US AQI's scale). */
export const GIVEN_INDEX_MAX = 500;

const indexValue = (description: string) => Type.Number({ minimum: 0, maximum: GIVEN_INDEX_MAX, description, examples: [112, 48] });

const categoryKey = (description: string) => Type.Union(GIVEN_CATEGORY_KEYS.map((k) => Type.Literal(k)), { description, examples: ['mala', 'poor'] });

/** One optional value a pollutant, as a given index holds them (a sub-index, a category). */
const perPollutant = <T extends TSchema>(value: (name: string) => T, description: string) =>
  Type.Object(
    { pm25: Type.Optional(value('PM2.5')), pm10: Type.Optional(value('PM10')), no2: Type.Optional(value('NO₂')), o3: Type.Optional(value('O₃')), so2: Type.Optional(value('SO₂')), co: Type.Optional(value('CO')) },
    { additionalProperties: false, description },
  );

/**
 * An index the document gave instead of concentrations (an AQI forecast, an IQAr table, a
 * Mexican Índice AIRE Y SALUD bulletin): the video draws it — its number or category and
 * sub-indices — and shows no concentration.
 */
export const GivenIndexSchema = Type.Object(
  {
    standard: Type.Union(AQI_STANDARD_IDS.map((v) => Type.Literal(v)), { description: 'The standard the index is in. One with a numeric index, given as `overall` (and `pollutants`): us-epa (AQI 0–500), br-iqar (IQAr 0–400), cl (ICAP 0–500), ca-aqhi (AQHI 1–30, written 10+ above 10), uk-daqi (DAQI 1–10) or sg-psi (PSI 0–500). Or a band-only one, given as `category` (and `categories`): mx (Índice AIRE Y SALUD) or eu-eaqi (EEA index).' }),
    overall: Type.Optional(indexValue(`The overall index (0–${GIVEN_INDEX_MAX}, within the standard's scale); required for a standard with a numeric index, absent for a band-only one.`)),
    pollutants: Type.Optional(perPollutant((name) => indexValue(`${name} sub-index.`), 'Each pollutant\'s sub-index the document gives, if any: the video tells them and names the highest as the main pollutant. Empty or absent when the document gives only the overall index (as AQHI, DAQI and PSI forecasts usually do); ca-aqhi never has one.')),
    category: Type.Optional(categoryKey('The overall category of a band-only standard (mx: buena, aceptable, mala, muy_mala, extremadamente_mala; eu-eaqi: good, fair, moderate, poor, very_poor, extremely_poor); required for those, absent for a standard with a numeric index. The video draws it as the headline.')),
    categories: Type.Optional(perPollutant((name) => categoryKey(`${name} category.`), 'Each pollutant\'s category the document gives for a band-only standard, if any: the one in the worst band is named as the main pollutant. None may be worse than `category`.')),
  },
  {
    additionalProperties: false,
    description: 'Index values given instead of concentrations: the video draws this index (its number, or for a band-only standard its category), its category and sub-indices instead of computing them, and shows no concentration. No pollutant concentration may be set with it; aqiStandard, when set, must be its standard.',
    examples: [{ standard: 'us-epa', overall: 112, pollutants: { o3: 112, pm25: 48 } }, { standard: 'ca-aqhi', overall: 7, pollutants: {} }, { standard: 'mx', category: 'mala', categories: { o3: 'mala' } }],
  },
);

const oneOf = <T extends string>(values: readonly T[], description: string, examples: T[]) =>
  Type.Optional(Type.Union(values.map((v) => Type.Literal(v)), { description, examples }));

export const RenderParamsSchema = Type.Object(
  {
    location: Type.String({
      minLength: 1,
      maxLength: LIMITS.locationMax,
      description: 'Place the report is about, shown as the video title (1–120 characters; long names shrink or wrap).',
      examples: ['Santiago', 'Ciudad de México — Centro Histórico'],
    }),
    template: Type.Optional(
      Type.String({ minLength: 1, description: 'Template id (see GET /templates). Defaults to `daily-report`.', examples: ['daily-report', 'pollution-alert'] }),
    ),
    compositionId: Type.Optional(
      Type.String({ minLength: 1, description: 'Alias of `template` (the name batch items use). If both are given they must be equal.', examples: ['social-clip'] }),
    ),
    pm25: concentration('PM2.5 (fine particles)', LIMITS.pm25, [87.4, 12]),
    pm10: concentration('PM10 (coarse particles)', LIMITS.gas, [54, 140]),
    no2: concentration('NO₂ (nitrogen dioxide)', LIMITS.gas, [42, 110]),
    o3: concentration('O₃ (ozone)', LIMITS.gas, [96, 180]),
    so2: concentration('SO₂ (sulphur dioxide)', LIMITS.gas, [8, 60]),
    co: Type.Optional(
      Type.Number({ minimum: 0, maximum: LIMITS.co, description: `CO (carbon monoxide) concentration in mg/m³ (0–${LIMITS.co}). Omit it when not measured.`, examples: [0.8, 4.2] }),
    ),
    temperatura: temperature('Spanish name kept for compatibility; `temperature` is an alias.'),
    temperature: temperature('Alias of `temperatura`; if both are given they must be equal.'),
    humidity: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Relative humidity in % (0–100).', examples: [64, 38] })),
    language: oneOf(LANGUAGES, 'Language of every word in the video: es (default), en or pt. Numbers and dates follow its conventions.', ['es', 'en']),
    aqiStandard: oneOf(
      AQI_STANDARD_IDS,
      'Air-quality index whose categories, colours and numbers the video uses: us-epa (default; US EPA AQI 2024), eu-eaqi (European AQI 2024), mx (NOM-172-SEMARNAT-2023), cl (Chile DS 12/2011 + ICAP), br-iqar (Brazil IQAr). ca-aqhi (Canada AQHI), uk-daqi (UK DAQI) and sg-psi (Singapore PSI) are drawn from a given index only (set `index`).',
      ['us-epa', 'cl'],
    ),
    format: oneOf(FORMATS, 'Frame shape: landscape 1920×1080 (default), portrait 1080×1920, square 1080×1080. Each has its own layout.', ['landscape', 'portrait']),
    durationSec: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 600,
        description: 'Length of the video in seconds, among those the template offers (GET /templates lists them; the default report: 15, 30 or 60). A longer video tells more — each pollutant in turn, both advice groups — rather than slowing the same scenes. Defaults to the template’s own length.',
        examples: [15, 30, 60],
      }),
    ),
    resolution: oneOf(RESOLUTIONS, 'Scales the frame by its short side: 1080p (default), 720p or 360p.', ['1080p', '720p']),
    series: Type.Optional(
      Type.Object(
        {
          pollutant: Type.Union(POLLUTANTS.map((v) => Type.Literal(v)), { description: 'Pollutant of the series.' }),
          kind: Type.Union([Type.Literal('observed'), Type.Literal('forecast')], { description: 'observed: measured hours up to now; forecast: the hours ahead.' }),
          points: Type.Array(
            Type.Object(
              {
                at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$', description: 'Hour of the value (ISO 8601 date-time with offset).' }),
                value: Type.Number({ minimum: 0, maximum: LIMITS.gas, description: 'µg/m³ (CO mg/m³).' }),
              },
              { additionalProperties: false },
            ),
            { minItems: 2, maxItems: SERIES_MAX_POINTS, description: `Hourly values in time order (2–${SERIES_MAX_POINTS}).` },
          ),
          timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone the hours are shown in (default UTC).', examples: ['America/Santiago'] })),
        },
        {
          additionalProperties: false,
          description: 'An hourly series (the last 24 hours or the next 72): the trend template draws it over the category bands of the AQI standard.',
          examples: [{ pollutant: 'pm25', kind: 'observed', points: [{ at: '2026-11-22T06:00:00Z', value: 38.5 }, { at: '2026-11-22T07:00:00Z', value: 41.2 }], timeZone: 'America/Santiago' }],
        },
      ),
    ),
    places: Type.Optional(PlacesSchema),
    stations: Type.Optional(StationsSchema),
    provenance: Type.Optional(ProvenanceSchema),
    index: Type.Optional(GivenIndexSchema),
    date: Type.Optional(
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Day the report is about (YYYY-MM-DD). Defaults to today (UTC).', examples: ['2026-11-22'] }),
    ),
  },
  {
    additionalProperties: false,
    title: 'Render parameters',
    description: 'What a report video shows. Concentrations in µg/m³ (CO in mg/m³); omit what was not measured.',
    examples: [{ location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, language: 'es' }],
  },
);

/** The raw input shape (every field as sent, aliases included). */
export type RenderParamsInput = Static<typeof RenderParamsSchema>;
