/**
 * AirNow API current observations by latitude/longitude:
 * `GET /aq/observation/latLong/current/?format=application/json&latitude=…&longitude=…&distance=…&API_KEY=…`.
 * Each row is one parameter of a reporting area with its AQI (US AQI), the
 * local date and hour and a time-zone abbreviation. The AQI is turned back into
 * a concentration with the inverse of the US EPA breakpoints, unless the row
 * carries a concentration itself (`Concentration`/`Value` with `Unit`).
 */
import { concentrationFromUsAqi, type PollutantId } from '@aqcast/engine';
import { collect, isRecord, parseJson, SourceError, tidy, type Measurement, type Observation, type SourceRequest } from './types.js';
import { toRenderUnit } from './units.js';

const PARAMETERS: Record<string, PollutantId> = { 'PM2.5': 'pm25', PM25: 'pm25', PM10: 'pm10', O3: 'o3', OZONE: 'o3', NO2: 'no2', SO2: 'so2', CO: 'co' };

/** Hours from UTC of the zone abbreviations AirNow uses (it reports local standard or daylight time). */
const ZONES: Record<string, number> = {
  UTC: 0, GMT: 0, AST: -4, ADT: -3, EST: -5, EDT: -4, CST: -6, CDT: -5, MST: -7, MDT: -6, PST: -8, PDT: -7, AKST: -9, AKDT: -8, HST: -10, SST: -11, CHST: 10,
};

interface AirNowRow {
  DateObserved?: string;
  HourObserved?: number;
  LocalTimeZone?: string;
  ReportingArea?: string;
  StateCode?: string;
  Latitude?: number;
  Longitude?: number;
  ParameterName?: string;
  AQI?: number;
  Concentration?: number;
  Value?: number;
  Unit?: string;
}

function observedAt(r: AirNowRow): string | null {
  const date = r.DateObserved?.trim();
  const offset = r.LocalTimeZone ? ZONES[r.LocalTimeZone.trim().toUpperCase()] : undefined;
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || typeof r.HourObserved !== 'number' || offset === undefined) return null;
  const ms = Date.parse(`${date}T00:00:00Z`) + (r.HourObserved - offset) * 3600_000;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export async function fetchAirNow(req: SourceRequest): Promise<Observation> {
  const { latitude, longitude, name } = req.location;
  if (latitude === undefined || longitude === undefined) throw new SourceError('source_rejected', `location ${name} needs latitude and longitude for airnow`);
  if (!req.credential) throw new SourceError('missing_credential', 'airnow needs an API key');
  const url = new URL('/aq/observation/latLong/current/', req.baseUrl);
  url.searchParams.set('format', 'application/json');
  url.searchParams.set('latitude', String(latitude));
  url.searchParams.set('longitude', String(longitude));
  url.searchParams.set('distance', '50');
  url.searchParams.set('API_KEY', req.credential);
  const res = await req.get(url.toString(), { secretParams: ['API_KEY'] });
  const body = parseJson('airnow', res);
  if (res.statusCode !== 200 || !Array.isArray(body)) {
    const first: unknown = isRecord(body) && Array.isArray(body.WebServiceError) ? body.WebServiceError[0] : undefined;
    const err = isRecord(first) ? first.Message : undefined;
    throw new SourceError(res.statusCode === 401 || res.statusCode === 403 ? 'source_rejected' : 'invalid_response', `airnow refused the request (HTTP ${res.statusCode})${err ? `: ${String(err).slice(0, 300)}` : ''}`);
  }
  // AirNowRow lists every field as optional; each is checked where it is read.
  const rows = body as AirNowRow[];
  if (rows.length === 0) throw new SourceError('no_data', `airnow has no reporting area within 50 miles of ${name}`);
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  for (const r of rows) {
    const pollutant = r.ParameterName ? PARAMETERS[r.ParameterName.trim().toUpperCase()] : undefined;
    if (!pollutant) continue;
    const at = observedAt(r);
    const raw = typeof r.Concentration === 'number' ? r.Concentration : r.Value;
    const converted = typeof raw === 'number' && r.Unit ? toRenderUnit(pollutant, raw, r.Unit) : null;
    if (converted && typeof raw === 'number') {
      measurements.push({ measure: pollutant, value: converted.value, unit: converted.unit, sourceValue: raw, sourceUnit: r.Unit!, derivedFrom: 'concentration', observedAt: at });
    } else if (typeof r.AQI === 'number' && r.AQI >= 0) {
      const c = concentrationFromUsAqi(pollutant, r.AQI);
      measurements.push({ measure: pollutant, value: tidy(pollutant, c), unit: pollutant === 'co' ? 'mg/m³' : 'µg/m³', sourceValue: r.AQI, sourceUnit: 'US AQI', derivedFrom: 'us-aqi-subindex', observedAt: at });
    }
  }
  if (measurements.length === 0) throw new SourceError('no_data', `airnow has no pollutant values near ${name}`);
  if (measurements.some((m) => m.derivedFrom === 'us-aqi-subindex')) notes.push('AirNow reports an AQI per parameter; concentrations were derived with the inverse of the US EPA 2024 breakpoints.');
  const first = rows[0]!;
  const station = { id: first.ReportingArea ? `${first.ReportingArea}${first.StateCode ? `, ${first.StateCode}` : ''}` : null, name: first.ReportingArea ?? null, latitude: first.Latitude ?? null, longitude: first.Longitude ?? null };
  return { ...collect('airnow', station, measurements, notes), series: null };
}
