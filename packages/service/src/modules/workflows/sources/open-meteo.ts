/**
 * Open-Meteo Air Quality API (no key): `GET /v1/air-quality` with `current=`
 * and, for a series, `hourly=` variables. Times are asked as Unix seconds
 * (`timeformat=unixtime`), so no time zone needs guessing. Errors come as
 * `{ "error": true, "reason": "…" }` with HTTP 400.
 */
import { POLLUTANTS, type PollutantId } from '@aqcast/vocabulary';
import { collect, parseJson, SourceError, type Measurement, type Observation, type Series, type SourceRequest } from './types.js';
import { toRenderUnit } from './units.js';

/** Open-Meteo variable names of the pollutants. */
export const OPEN_METEO_VARIABLES: Record<PollutantId, string> = {
  pm25: 'pm2_5',
  pm10: 'pm10',
  no2: 'nitrogen_dioxide',
  o3: 'ozone',
  so2: 'sulphur_dioxide',
  co: 'carbon_monoxide',
};

interface OpenMeteoAnswer {
  latitude?: number;
  longitude?: number;
  current_units?: Record<string, string>;
  current?: Record<string, number | null> & { time?: number };
  hourly_units?: Record<string, string>;
  hourly?: Record<string, (number | null)[]> & { time?: number[] };
  error?: boolean;
  reason?: string;
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export async function fetchOpenMeteo(req: SourceRequest): Promise<Observation> {
  const { latitude, longitude } = req.location;
  if (latitude === undefined || longitude === undefined) throw new SourceError('source_rejected', `location ${req.location.name} needs latitude and longitude for open-meteo`);
  const url = new URL('/v1/air-quality', req.baseUrl);
  url.searchParams.set('latitude', String(latitude));
  url.searchParams.set('longitude', String(longitude));
  url.searchParams.set('current', Object.values(OPEN_METEO_VARIABLES).join(','));
  if (req.series) {
    url.searchParams.set('hourly', OPEN_METEO_VARIABLES[req.series.pollutant]);
    url.searchParams.set('past_days', req.series.window === 'past24h' ? '1' : '0');
    url.searchParams.set('forecast_days', req.series.window === 'past24h' ? '1' : '4');
  }
  url.searchParams.set('timeformat', 'unixtime');
  url.searchParams.set('timezone', 'GMT');
  const res = await req.get(url.toString());
  // OpenMeteoAnswer lists every field as optional; each is checked where it is read.
  const body = parseJson('open-meteo', res) as OpenMeteoAnswer;
  if (res.statusCode !== 200 || body.error) {
    throw new SourceError(res.statusCode === 404 ? 'source_not_found' : 'source_rejected', `open-meteo refused the request (HTTP ${res.statusCode}): ${String(body.reason ?? 'no reason given').slice(0, 300)}`);
  }
  const current = body.current;
  const units = body.current_units ?? {};
  if (!current || typeof current.time !== 'number') throw new SourceError('invalid_response', 'open-meteo answered without `current` values');
  const observedAt = iso(current.time);
  const measurements: Measurement[] = [];
  for (const pollutant of POLLUTANTS) {
    const variable = OPEN_METEO_VARIABLES[pollutant];
    const raw = current[variable];
    if (typeof raw !== 'number') continue;
    const unit = units[variable] ?? 'μg/m³';
    const converted = toRenderUnit(pollutant, raw, unit);
    if (!converted) continue;
    measurements.push({ measure: pollutant, value: converted.value, unit: converted.unit, sourceValue: raw, sourceUnit: unit, derivedFrom: 'concentration', observedAt });
  }
  if (measurements.length === 0) throw new SourceError('no_data', `open-meteo has no current values for ${req.location.name}`);
  const obs = collect('open-meteo', { id: null, name: `Open-Meteo CAMS grid ${body.latitude ?? latitude}, ${body.longitude ?? longitude}`, latitude: body.latitude ?? latitude, longitude: body.longitude ?? longitude }, measurements, [
    'Modelled values (CAMS) for the grid cell, not a station measurement.',
  ]);
  return { ...obs, series: req.series ? hourlySeries(body, req, current.time) : null };
}

function hourlySeries(body: OpenMeteoAnswer, req: SourceRequest, nowSec: number): Series | null {
  const want = req.series!;
  const variable = OPEN_METEO_VARIABLES[want.pollutant];
  const times = body.hourly?.time;
  const values = body.hourly?.[variable];
  if (!Array.isArray(times) || !Array.isArray(values)) return null;
  const unit = body.hourly_units?.[variable] ?? 'μg/m³';
  const from = want.window === 'past24h' ? nowSec - 24 * 3600 : nowSec;
  const to = want.window === 'past24h' ? nowSec : nowSec + 72 * 3600;
  const points = [];
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    const v = values[i];
    if (typeof t !== 'number' || typeof v !== 'number' || t < from || t > to) continue;
    const c = toRenderUnit(want.pollutant, v, unit);
    if (c && c.value >= 0) points.push({ at: iso(t), value: c.value });
  }
  if (points.length < 2) return null;
  return { pollutant: want.pollutant, kind: want.window === 'past24h' ? 'observed' : 'forecast', unit: want.pollutant === 'co' ? 'mg/m³' : 'µg/m³', points };
}
