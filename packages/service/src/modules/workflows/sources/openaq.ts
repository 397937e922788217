/**
 * OpenAQ API v3 (key in the `X-API-Key` header). A location is found by id
 * (`GET /v3/locations/{id}`) or as the nearest to a point
 * (`GET /v3/locations?coordinates=lat,lng&radius=…`); its sensors name each
 * parameter and unit, and `GET /v3/locations/{id}/latest` gives the newest value
 * per sensor, joined to them by `sensorsId`. A past-24-hour series comes from
 * `GET /v3/sensors/{id}/hours`. Errors are JSON `{ "detail": … }`.
 */
import type { PollutantId } from '@aqcast/engine';
import { collect, isRecord, parseJson, SourceError, type Measurement, type MeasureId, type Observation, type Series, type SourceRequest } from './types.js';
import { toRenderUnit } from './units.js';

/** OpenAQ parameter names → render measures. */
const PARAMETERS: Record<string, MeasureId> = { pm25: 'pm25', pm10: 'pm10', no2: 'no2', o3: 'o3', so2: 'so2', co: 'co', temperature: 'temperatura', relativehumidity: 'humidity' };

interface Sensor {
  id: number;
  name?: string;
  parameter?: { id?: number; name?: string; units?: string; displayName?: string | null };
}

interface LocationResult {
  id: number;
  name?: string | null;
  locality?: string | null;
  coordinates?: { latitude?: number; longitude?: number };
  distance?: number | null;
  sensors?: Sensor[];
}

interface LatestResult {
  datetime?: { utc?: string; local?: string };
  value?: number;
  sensorsId?: number;
  locationsId?: number;
}

interface HourResult {
  value?: number;
  period?: { datetimeFrom?: { utc?: string }; datetimeTo?: { utc?: string } };
}

function detail(body: unknown): string {
  const d = isRecord(body) ? (body.detail ?? body.message) : undefined;
  if (typeof d === 'string') return d.slice(0, 300);
  if (Array.isArray(d)) return d.map((e) => (isRecord(e) && 'msg' in e ? String(e.msg) : JSON.stringify(e))).join('; ').slice(0, 300);
  return 'no detail given';
}

async function getJson(req: SourceRequest, path: string, query: Record<string, string> = {}): Promise<unknown> {
  const url = new URL(path, req.baseUrl);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await req.get(url.toString(), { headers: { 'x-api-key': req.credential ?? '' } });
  const body = parseJson('openaq', res);
  if (res.statusCode === 401 || res.statusCode === 403) throw new SourceError('source_rejected', `openaq refused the API key (HTTP ${res.statusCode}): ${detail(body)}`);
  if (res.statusCode === 404) throw new SourceError('source_not_found', `openaq: ${path} not found: ${detail(body)}`);
  if (res.statusCode !== 200) throw new SourceError('source_rejected', `openaq refused the request (HTTP ${res.statusCode}): ${detail(body)}`);
  return body;
}

function results<T>(body: unknown): T[] {
  const r = isRecord(body) ? body.results : undefined;
  if (!Array.isArray(r)) throw new SourceError('invalid_response', 'openaq answered without `results`');
  // Each result type lists its fields as optional, and the readers check each one they use.
  return r as T[];
}

async function findLocation(req: SourceRequest): Promise<LocationResult> {
  const { openaqLocationId, latitude, longitude, name } = req.location;
  if (openaqLocationId !== undefined) {
    const [loc] = results<LocationResult>(await getJson(req, `/v3/locations/${openaqLocationId}`));
    if (!loc) throw new SourceError('source_not_found', `openaq has no location ${openaqLocationId}`);
    return loc;
  }
  if (latitude === undefined || longitude === undefined) throw new SourceError('source_rejected', `location ${name} needs openaqLocationId, or latitude and longitude, for openaq`);
  const found = results<LocationResult>(await getJson(req, '/v3/locations', { coordinates: `${latitude},${longitude}`, radius: '25000', limit: '20' }));
  const nearest = [...found].sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity))[0];
  if (!nearest) throw new SourceError('no_data', `openaq has no station within 25 km of ${name} (${latitude}, ${longitude})`);
  return nearest;
}

export async function fetchOpenAq(req: SourceRequest): Promise<Observation> {
  if (!req.credential) throw new SourceError('missing_credential', 'openaq needs an API key');
  const loc = await findLocation(req);
  const sensors = new Map((loc.sensors ?? []).map((s) => [s.id, s]));
  const latest = results<LatestResult>(await getJson(req, `/v3/locations/${loc.id}/latest`));
  const measurements: Measurement[] = [];
  const sensorOf = new Map<Measurement, number>();
  const notes: string[] = [];
  for (const r of latest) {
    const sensor = r.sensorsId !== undefined ? sensors.get(r.sensorsId) : undefined;
    const measure = sensor?.parameter?.name ? PARAMETERS[sensor.parameter.name] : undefined;
    if (!sensor || !measure || typeof r.value !== 'number') continue;
    const unit = sensor.parameter?.units ?? '';
    const converted = toRenderUnit(measure, r.value, unit);
    if (!converted) {
      notes.push(`${sensor.parameter?.name} in ${unit} was left out: the unit cannot be converted`);
      continue;
    }
    const observedAt = r.datetime?.utc ? new Date(r.datetime.utc).toISOString() : null;
    const m: Measurement = { measure, value: converted.value, unit: converted.unit, sourceValue: r.value, sourceUnit: unit, derivedFrom: 'concentration', observedAt };
    measurements.push(m);
    sensorOf.set(m, sensor.id);
  }
  if (measurements.length === 0) throw new SourceError('no_data', `openaq location ${loc.id} has no current values of the pollutants aqcast shows`);
  const station = { id: String(loc.id), name: loc.name ?? loc.locality ?? null, latitude: loc.coordinates?.latitude ?? null, longitude: loc.coordinates?.longitude ?? null };
  const obs = collect('openaq', station, measurements, notes);
  let series: Series | null = null;
  if (req.series) {
    const kept = obs.measurements.find((m) => m.measure === req.series!.pollutant);
    const sensorId = kept ? sensorOf.get(kept) : undefined;
    if (sensorId !== undefined) series = await pastDay(req, sensorId, req.series.pollutant, sensors.get(sensorId)?.parameter?.units ?? '');
  }
  return { ...obs, series };
}

async function pastDay(req: SourceRequest, sensorId: number, pollutant: PollutantId, unit: string): Promise<Series | null> {
  const to = req.now;
  const from = new Date(to.getTime() - 24 * 3600_000);
  const rows = results<HourResult>(await getJson(req, `/v3/sensors/${sensorId}/hours`, { datetime_from: from.toISOString(), datetime_to: to.toISOString(), limit: '48' }));
  const points = rows
    .map((r) => ({ at: r.period?.datetimeTo?.utc ?? r.period?.datetimeFrom?.utc, value: r.value }))
    .filter((p): p is { at: string; value: number } => typeof p.at === 'string' && typeof p.value === 'number' && !Number.isNaN(Date.parse(p.at)))
    .map((p) => ({ at: new Date(p.at).toISOString(), c: toRenderUnit(pollutant, p.value, unit) }))
    .filter((p): p is { at: string; c: { value: number; unit: string } } => p.c !== null && p.c.value >= 0)
    .map((p) => ({ at: p.at, value: p.c.value }))
    .sort((a, b) => a.at.localeCompare(b.at));
  const unique = points.filter((p, i) => i === 0 || p.at !== points[i - 1]!.at);
  return unique.length >= 2 ? { pollutant, kind: 'observed', unit: pollutant === 'co' ? 'mg/m³' : 'µg/m³', points: unique } : null;
}
