import type { AqiStandardId, GivenIndex, PollutantId } from '../aqi/types.js';
import type { Language } from '../language.js';
import type { Format, Resolution } from './schema.js';
import type { PlaceInput, Provenance, StationInput } from './places.js';

/** Render parameters after `normalizeRenderParams`: aliases resolved, defaults filled. */
export interface RenderParams {
  location: string;
  template: string;
  pm25?: number;
  pm10?: number;
  no2?: number;
  o3?: number;
  so2?: number;
  co?: number;
  temperatura?: number;
  humidity?: number;
  language: Language;
  aqiStandard: AqiStandardId;
  format: Format;
  resolution: Resolution;
  date: string;
  /** Length in seconds when not the template's default (one of its `durations`). */
  durationSec?: number;
  /** An hourly series (the trend template draws it). */
  series?: RenderSeries;
  /** Places of a ranking or comparison (2–20), names whitespace-collapsed. */
  places?: PlaceInput[];
  /** Stations of a map, names whitespace-collapsed. */
  stations?: StationInput[];
  /** Where the numbers came from (the source line), times as ISO-8601 UTC. */
  provenance?: Provenance;
  /** Index values a document gave (an index video): drawn as given; no concentration is set beside them. */
  index?: GivenIndex;
}

export interface RenderSeries {
  pollutant: PollutantId;
  kind: 'observed' | 'forecast';
  /** In time order, `at` as ISO-8601 UTC. */
  points: { at: string; value: number }[];
  timeZone: string;
}
