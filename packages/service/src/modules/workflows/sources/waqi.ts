/**
 * WAQI (aqicn.org) JSON API: `GET /feed/geo:{lat};{lng}/?token=…`, the nearest
 * station. Its `iaqi` values are US AQI sub-indices, not concentrations: each is
 * turned back into a concentration with the inverse of the US EPA breakpoints
 * (and marked `derivedFrom: us-aqi-subindex`); `t` is °C and `h` is %. Errors
 * arrive as HTTP 200 with `{ "status": "error", "data": "Invalid key" }`.
 */
import { concentrationFromUsAqi, type PollutantId } from '@aqcast/engine';
import { collect, isRecord, parseJson, SourceError, tidy, type Measurement, type Observation, type SourceRequest } from './types.js';

const POLLUTANTS: Record<string, PollutantId> = { pm25: 'pm25', pm10: 'pm10', no2: 'no2', o3: 'o3', so2: 'so2', co: 'co' };

interface WaqiData {
  aqi?: number | string;
  idx?: number;
  city?: { name?: string; geo?: [number, number] };
  iaqi?: Record<string, { v?: number }>;
  time?: { s?: string; tz?: string; iso?: string; v?: number };
}

function observedAt(time: WaqiData['time']): string | null {
  if (time?.iso && !Number.isNaN(Date.parse(time.iso))) return new Date(time.iso).toISOString();
  if (time?.s && time.tz) {
    const d = Date.parse(`${time.s.replace(' ', 'T')}${time.tz}`);
    if (!Number.isNaN(d)) return new Date(d).toISOString();
  }
  return null;
}

export async function fetchWaqi(req: SourceRequest): Promise<Observation> {
  const { latitude, longitude, name } = req.location;
  if (latitude === undefined || longitude === undefined) throw new SourceError('source_rejected', `location ${name} needs latitude and longitude for waqi`);
  if (!req.credential) throw new SourceError('missing_credential', 'waqi needs a token');
  const url = new URL(`/feed/geo:${latitude};${longitude}/`, req.baseUrl);
  url.searchParams.set('token', req.credential);
  const res = await req.get(url.toString(), { secretParams: ['token'] });
  const parsed = parseJson('waqi', res);
  const body = isRecord(parsed) ? parsed : {};
  if (res.statusCode !== 200 || body.status !== 'ok') {
    const why = typeof body.data === 'string' ? body.data : typeof body.message === 'string' ? body.message : `HTTP ${res.statusCode}`;
    const code = /quota/i.test(why) ? 'rate_limited' : /unknown station|no station/i.test(why) ? 'source_not_found' : 'source_rejected';
    throw new SourceError(code, `waqi refused the request: ${why.slice(0, 300)}`);
  }
  // WaqiData lists every field as optional; what is read of it is checked where it is read.
  const data = body.data as WaqiData;
  if (!data || typeof data !== 'object' || !data.iaqi) throw new SourceError('invalid_response', 'waqi answered without `iaqi` values');
  const at = observedAt(data.time);
  const measurements: Measurement[] = [];
  for (const [key, entry] of Object.entries(data.iaqi)) {
    const v = entry?.v;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) continue;
    const pollutant = POLLUTANTS[key];
    if (pollutant) {
      const c = concentrationFromUsAqi(pollutant, v);
      measurements.push({ measure: pollutant, value: tidy(pollutant, c), unit: pollutant === 'co' ? 'mg/m³' : 'µg/m³', sourceValue: v, sourceUnit: 'US AQI', derivedFrom: 'us-aqi-subindex', observedAt: at });
    } else if (key === 't') {
      measurements.push({ measure: 'temperatura', value: tidy('temperatura', v), unit: '°C', sourceValue: v, sourceUnit: '°C', derivedFrom: 'concentration', observedAt: at });
    } else if (key === 'h') {
      measurements.push({ measure: 'humidity', value: tidy('humidity', v), unit: '%', sourceValue: v, sourceUnit: '%', derivedFrom: 'concentration', observedAt: at });
    }
  }
  if (!measurements.some((m) => m.derivedFrom === 'us-aqi-subindex')) throw new SourceError('no_data', `waqi has no pollutant values near ${name}`);
  const geo = data.city?.geo;
  const station = { id: data.idx !== undefined ? String(data.idx) : null, name: data.city?.name ?? null, latitude: geo?.[0] ?? null, longitude: geo?.[1] ?? null };
  return {
    ...collect('waqi', station, measurements, ['WAQI publishes US AQI sub-indices; concentrations were derived with the inverse of the US EPA 2024 breakpoints.']),
    series: null,
  };
}
