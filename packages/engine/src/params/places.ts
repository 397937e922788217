/**
 * Many places in one video, and where the numbers came from: the schemas of
 * `places` (a ranking or a comparison), `stations` (a station map) and
 * `provenance` (the source line every video shows), and the cross-field rules the
 * schema cannot say (two stations on one point, a real time zone, times in order).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { PollutantId } from '../aqi/types.js';

/** How many places a ranking or comparison takes, and how many stations a map. */
export const PLACE_LIMITS = { minPlaces: 2, maxPlaces: 20, maxStations: 60, nameMax: 120, idMax: 64, attributionMax: 300, licenceMax: 120, stationIdsMax: 60 } as const;

/** Where the numbers of a render came from. */
export const PROVENANCE_SOURCES = ['upload', 'manual', 'openaq', 'open-meteo', 'waqi', 'airnow'] as const;
export type ProvenanceSource = (typeof PROVENANCE_SOURCES)[number];

/** The source's name as the videos print it. */
export const SOURCE_NAME: Record<ProvenanceSource, string> = {
  upload: 'bulletin',
  manual: 'manual',
  openaq: 'OpenAQ',
  'open-meteo': 'Open-Meteo',
  waqi: 'WAQI',
  airnow: 'AirNow',
};

const ISO_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$';

const value = (name: string, max: number, unit = 'µg/m³') =>
  Type.Optional(Type.Number({ minimum: 0, maximum: max, description: `${name} in ${unit} (0–${max}).` }));

/** The pollutant values a place or a station may carry (the render's own limits). */
const values = {
  pm25: value('PM2.5', 2000),
  pm10: value('PM10', 5000),
  no2: value('NO₂', 5000),
  o3: value('O₃', 5000),
  so2: value('SO₂', 5000),
  co: value('CO', 200, 'mg/m³'),
};

const name = Type.String({ minLength: 1, maxLength: PLACE_LIMITS.nameMax, description: `Name as shown (1–${PLACE_LIMITS.nameMax} characters; long names shrink, wrap or are shortened).` });
const lat = (optional: boolean) => {
  const s = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees (−90…90, WGS 84).' });
  return optional ? Type.Optional(s) : s;
};
const lon = (optional: boolean) => {
  const s = Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in degrees (−180…180, WGS 84).' });
  return optional ? Type.Optional(s) : s;
};

export const PlaceSchema = Type.Object(
  {
    name,
    lat: lat(true),
    lon: lon(true),
    ...values,
    date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The day the values are for (YYYY-MM-DD). A comparison of one place at two dates names its sides "today", "yesterday" or the date, relative to the render\'s date.' })),
    forecast: Type.Optional(Type.Boolean({ description: 'The values are a forecast, not an observation (a comparison names that side "Forecast").' })),
  },
  { additionalProperties: false, description: 'One place of a ranking or comparison: its name, optionally where it is, and at least one pollutant value (its index is computed with the render\'s aqiStandard).' },
);

export const StationSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: PLACE_LIMITS.idMax, description: 'The station\'s id at its source.' })),
    name,
    lat: lat(false),
    lon: lon(false),
    ...values,
  },
  { additionalProperties: false, description: 'One monitoring station of a map: name, coordinates and at least one pollutant value.' },
);

export const PlacesSchema = Type.Array(PlaceSchema, {
  minItems: PLACE_LIMITS.minPlaces,
  maxItems: PLACE_LIMITS.maxPlaces,
  description: `Places of a ranking (${PLACE_LIMITS.minPlaces}–${PLACE_LIMITS.maxPlaces}) or a comparison (the first two). Each needs a pollutant value.`,
  examples: [[{ name: 'Santiago', pm25: 87.4 }, { name: 'Valparaíso', pm25: 21 }]],
});

export const StationsSchema = Type.Array(StationSchema, {
  minItems: 1,
  maxItems: PLACE_LIMITS.maxStations,
  description: `Monitoring stations of a map (1–${PLACE_LIMITS.maxStations}); no two on the same point.`,
  examples: [[{ name: 'Parque O\'Higgins', lat: -33.464, lon: -70.661, pm25: 61 }, { name: 'Las Condes', lat: -33.377, lon: -70.523, pm25: 24 }]],
});

export const ProvenanceSchema = Type.Object(
  {
    source: Type.Union(PROVENANCE_SOURCES.map((s) => Type.Literal(s)), { description: 'Where the values come from: upload (a bulletin), manual, openaq, open-meteo, waqi or airnow.' }),
    stationIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: PLACE_LIMITS.idMax }), { maxItems: PLACE_LIMITS.stationIdsMax, description: 'The stations\' ids at the source.' })),
    observedAt: Type.Optional(Type.String({ pattern: ISO_DATE_TIME, description: 'When the values were measured (ISO 8601 with offset).' })),
    retrievedAt: Type.Optional(Type.String({ pattern: ISO_DATE_TIME, description: 'When they were fetched or uploaded (ISO 8601 with offset).' })),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone of the place: the video prints the observed time in it (default UTC).' })),
    attribution: Type.Optional(Type.String({ minLength: 1, maxLength: PLACE_LIMITS.attributionMax, description: 'Attribution the source requires, printed in the source line.' })),
    licence: Type.Optional(Type.String({ minLength: 1, maxLength: PLACE_LIMITS.licenceMax, description: 'The data\'s licence (e.g. CC BY 4.0).' })),
    preliminary: Type.Optional(Type.Boolean({ description: 'The source marks the values as preliminary (unvalidated real-time data, as AirNow does); the video says so.' })),
  },
  {
    additionalProperties: false,
    description: 'Where the numbers came from. Every video prints it in a quiet source line (source, observed time in the place\'s time zone, "preliminary data" when so marked).',
    examples: [{ source: 'airnow', stationIds: ['060371103'], observedAt: '2026-11-22T14:00:00Z', retrievedAt: '2026-11-22T14:20:00Z', timeZone: 'America/Los_Angeles', attribution: 'U.S. EPA AirNow', preliminary: true }],
  },
);

export type PlaceInput = Static<typeof PlaceSchema>;
export type StationInput = Static<typeof StationSchema>;
export type Provenance = Static<typeof ProvenanceSchema>;

const VALUE_KEYS: readonly PollutantId[] = ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'];

/** The pollutant values of a place or station. */
export function valuesOf(p: PlaceInput | StationInput): Partial<Record<PollutantId, number>> {
  const out: Partial<Record<PollutantId, number>> = {};
  for (const k of VALUE_KEYS) {
    const v = p[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function hasValue(p: Record<string, unknown>): boolean {
  return VALUE_KEYS.some((k) => typeof p[k] === 'number');
}

/** A YYYY-MM-DD string that names a day of the calendar. */
export function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** An IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The rules beyond the schema, as (field, message) pairs with the item's index in the
 * field ("stations[3]"): a value on every place and station, names not blank, no two
 * stations on one point (to 1e-5°, about a metre), a real time zone, retrieval not
 * before observation. Only called on input the schema accepted.
 */
export function placeRuleErrors(raw: Record<string, unknown>): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const key of ['places', 'stations'] as const) {
    const list = raw[key];
    if (!Array.isArray(list)) continue;
    const seen = new Map<string, number>();
    list.forEach((item: unknown, i) => {
      if (!isRecord(item)) return;
      const field = `${key}[${i}]`;
      if (typeof item.name === 'string' && item.name.trim() === '') out.push({ field: `${field}.name`, message: 'must not be blank' });
      if (!hasValue(item)) out.push({ field, message: `needs at least one pollutant value (${VALUE_KEYS.join(', ')})` });
      if (key === 'places' && (item.lat === undefined) !== (item.lon === undefined)) out.push({ field, message: 'give both lat and lon, or neither' });
      if (key === 'places' && typeof item.date === 'string' && !isCalendarDate(item.date)) out.push({ field: `${field}.date`, message: 'is not a calendar date' });
      if (key === 'stations' && typeof item.lat === 'number' && typeof item.lon === 'number') {
        const at = `${item.lat.toFixed(5)},${item.lon.toFixed(5)}`;
        const other = seen.get(at);
        if (other !== undefined) out.push({ field, message: `is on the same point as stations[${other}] (${at}); merge them or correct the coordinates` });
        else seen.set(at, i);
      }
    });
  }
  const prov = raw.provenance;
  if (isRecord(prov)) {
    if (typeof prov.timeZone === 'string' && !isTimeZone(prov.timeZone)) out.push({ field: 'provenance.timeZone', message: `"${prov.timeZone}" is not an IANA time zone` });
    for (const k of ['observedAt', 'retrievedAt'] as const) {
      const v = prov[k];
      if (typeof v === 'string' && Number.isNaN(Date.parse(v))) out.push({ field: `provenance.${k}`, message: 'is not a real time' });
    }
    if (typeof prov.observedAt === 'string' && typeof prov.retrievedAt === 'string' && Date.parse(prov.retrievedAt) < Date.parse(prov.observedAt)) {
      out.push({ field: 'provenance.retrievedAt', message: 'is before observedAt' });
    }
  }
  return out;
}

/** Names with whitespace collapsed; times as ISO-8601 UTC. */
export function normalizePlaces<T extends PlaceInput | StationInput>(list: readonly T[]): T[] {
  return list.map((p) => ({ ...p, name: p.name.trim().replace(/\s+/g, ' ') }));
}

export function normalizeProvenance(p: Provenance): Provenance {
  const out: Provenance = { ...p };
  if (p.observedAt) out.observedAt = new Date(p.observedAt).toISOString();
  if (p.retrievedAt) out.retrievedAt = new Date(p.retrievedAt).toISOString();
  if (p.stationIds) out.stationIds = [...p.stationIds];
  return out;
}
