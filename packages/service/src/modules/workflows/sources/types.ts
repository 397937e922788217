/**
 * What every air-quality source adapter returns: values normalised to the units
 * the render parameters use (µg/m³, CO mg/m³, °C, %), each with what the source
 * said and when, the station, and an hourly series when one was asked for.
 */
import { MEASURES, type MeasureId, type PollutantId } from '@aqcast/vocabulary';
import type { GetResponse, GuardedGetOptions } from '../../../core/outbound/guarded-get.js';

export const SOURCE_IDS = ['open-meteo', 'openaq', 'waqi', 'airnow', 'context'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export { MEASURES, type MeasureId } from '@aqcast/vocabulary';

export type SeriesWindow = 'past24h' | 'next72h';

export interface SeriesRequest {
  pollutant: PollutantId;
  window: SeriesWindow;
}

export interface Location {
  name: string;
  latitude?: number;
  longitude?: number;
  openaqLocationId?: number;
  contextId?: string;
}

export interface Measurement {
  measure: MeasureId;
  /** In the render unit: µg/m³ (CO mg/m³), °C or %. */
  value: number;
  unit: string;
  /** What the source gave, in its unit. */
  sourceValue: number;
  sourceUnit: string;
  /** `us-aqi-subindex`: the source gave a US AQI sub-index, turned back into a concentration. */
  derivedFrom: 'concentration' | 'us-aqi-subindex';
  observedAt: string | null;
}

export interface SeriesPoint {
  at: string;
  value: number;
}

export interface Series {
  pollutant: PollutantId;
  kind: 'observed' | 'forecast';
  unit: string;
  points: SeriesPoint[];
}

export interface Observation {
  source: SourceId;
  station: { id: string | null; name: string | null; latitude: number | null; longitude: number | null };
  /** The latest observation time among the values (ISO-8601 UTC), when known. */
  observedAt: string | null;
  values: Partial<Record<MeasureId, number>>;
  measurements: Measurement[];
  series: Series | null;
  notes: string[];
}

/** What an adapter gets: where the source is, the key, and the guarded GET to call it with. */
export interface SourceRequest {
  location: Location;
  baseUrl: string;
  credential?: string;
  series?: SeriesRequest;
  get(url: string, opts?: GuardedGetOptions): Promise<GetResponse>;
  /** Now, for series windows. */
  now: Date;
}

export type SourceErrorCode = 'source_unavailable' | 'source_rejected' | 'source_not_found' | 'no_data' | 'invalid_response' | 'missing_credential' | 'rate_limited';

/** A fetch that failed: a stable code, a message that names no secret, and the attempts made. */
export class SourceError extends Error {
  constructor(
    readonly code: SourceErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** Parses a JSON answer, or fails with `invalid_response` naming the source. */
/** Whether a parsed answer is a JSON object (its fields still unknown). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseJson(source: string, res: GetResponse): unknown {
  try {
    const parsed: unknown = JSON.parse(res.text);
    return parsed;
  } catch {
    throw new SourceError('invalid_response', `${source} answered HTTP ${res.statusCode} with a body that is not JSON`, { attempts: res.attempts });
  }
}

/** Rounds a converted value to what its unit warrants (CO mg/m³ 3 decimals, else 1). */
export function tidy(measure: MeasureId, value: number): number {
  const d = measure === 'co' ? 3 : 1;
  const f = 10 ** d;
  return Math.round(value * f) / f;
}

/** Keeps the newest measurement per measure and builds the values map from them. */
export function collect(source: SourceId, station: Observation['station'], measurements: Measurement[], notes: string[] = []): Omit<Observation, 'series'> {
  const newest = new Map<MeasureId, Measurement>();
  for (const m of measurements) {
    if (!Number.isFinite(m.value) || m.value < 0) continue;
    const prev = newest.get(m.measure);
    if (!prev || (m.observedAt ?? '') > (prev.observedAt ?? '')) newest.set(m.measure, m);
  }
  const kept = MEASURES.flatMap((id) => (newest.has(id) ? [newest.get(id)!] : []));
  const values: Partial<Record<MeasureId, number>> = {};
  for (const m of kept) values[m.measure] = m.value;
  const times = kept.map((m) => m.observedAt).filter((t): t is string => t !== null).sort();
  return { source, station, observedAt: times[times.length - 1] ?? null, values, measurements: kept, notes };
}
