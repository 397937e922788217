/**
 * Places and stations as the multi-place templates show them: each one's index
 * computed with the render's standard, its category colour and label, its main
 * pollutant as text, and the order of a ranking (worst first).
 */
import { POLLUTANT_SYMBOL, RENDER_UNIT } from '@aqcast/vocabulary';
import { computeAqi } from '../aqi/index.js';
import type { PollutantId } from '../aqi/types.js';
import { formatNumber } from '../i18n/format.js';
import { valuesOf, type PlaceInput, type StationInput } from '../params/places.js';
import type { RenderParams } from '../params/types.js';

export interface PlaceView {
  name: string;
  lat: number | null;
  lon: number | null;
  /** Category colour, or null when no given value is rated by the standard. */
  color: string | null;
  label: string | null;
  level: number | null;
  /** The overall index as text ("187"), null for band-only standards or without data. */
  indexText: string | null;
  index: number | null;
  /** Position 0…1 on the standard's scale (the ranking key), null without a rated value. */
  position: number | null;
  /** "PM₂.₅ 87,4 µg/m³", or null without values. */
  mainText: string | null;
  dominant: PollutantId | null;
}

const POLLUTANT_ORDER: readonly PollutantId[] = ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'];

export function viewPlace(params: RenderParams, p: PlaceInput | StationInput | { name: string; values: Partial<Record<PollutantId, number>> }): PlaceView {
  const values = 'values' in p ? p.values : valuesOf(p);
  const lang = params.language;
  const r = computeAqi(params.aqiStandard, values, { date: params.date });
  const main = r.dominant ?? POLLUTANT_ORDER.find((k) => values[k] !== undefined) ?? null;
  const mainValue = main ? values[main] : undefined;
  return {
    name: p.name,
    lat: 'lat' in p && typeof p.lat === 'number' ? p.lat : null,
    lon: 'lon' in p && typeof p.lon === 'number' ? p.lon : null,
    color: r.category?.color ?? null,
    label: r.category ? r.category.labels[lang] : null,
    level: r.category?.level ?? null,
    index: r.index,
    indexText: r.index !== null ? formatNumber(lang, r.index, 0) : null,
    position: r.position,
    mainText: main && mainValue !== undefined ? `${POLLUTANT_SYMBOL[main][lang]} ${formatNumber(lang, mainValue, main === 'co' ? 2 : 1)} ${RENDER_UNIT[main]}` : null,
    dominant: r.dominant,
  };
}

/** Worst first: by category level, then scale position, then index; unrated last; ties by name. */
export function rankPlaces(views: readonly PlaceView[]): PlaceView[] {
  const key = (v: PlaceView) => [v.level ?? -1, v.position ?? -1, v.index ?? -1] as const;
  return [...views].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (kb[i] ?? 0) - (ka[i] ?? 0);
    return a.name.localeCompare(b.name);
  });
}

/** The places of a ranking: the `places` param, or the render's own location and values when none were given. */
export function rankingViews(params: RenderParams): PlaceView[] {
  if (params.places && params.places.length > 0) return rankPlaces(params.places.map((p) => viewPlace(params, p)));
  const values: Partial<Record<PollutantId, number>> = {};
  for (const k of POLLUTANT_ORDER) {
    const v = params[k];
    if (v !== undefined) values[k] = v;
  }
  return [viewPlace(params, { name: params.location, values })];
}
