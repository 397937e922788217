/**
 * A local stand-in for the air-quality sources workflows fetch from, speaking
 * their documented request and response formats on one HTTP server (each
 * source's paths differ, so one base URL serves all four):
 * - Open-Meteo Air Quality: GET /v1/air-quality?latitude&longitude&current=…&hourly=…&past_days&forecast_days&timeformat=unixtime
 *   → { latitude, longitude, current_units, current: { time, interval, pm2_5, … }, hourly_units, hourly: { time: [], pm2_5: [] } };
 *   errors { error: true, reason } with 400.
 * - OpenAQ v3 (X-API-Key): /v3/locations/{id}, /v3/locations?coordinates=lat,lng&radius, /v3/locations/{id}/latest,
 *   /v3/sensors/{id}/hours → { meta, results }; errors { detail } with 401/404.
 * - WAQI: GET /feed/geo:{lat};{lng}/?token → { status: 'ok', data: { aqi, idx, city, iaqi: { pm25: { v } … }, time } };
 *   errors { status: 'error', data: 'Invalid key' } with HTTP 200.
 * - AirNow: GET /aq/observation/latLong/current/?format=application/json&latitude&longitude&distance&API_KEY → [ { DateObserved,
 *   HourObserved, LocalTimeZone, ReportingArea, StateCode, Latitude, Longitude, ParameterName, AQI, Category } ].
 * Tests steer it: a city can fail (HTTP 503), the next requests can be rate limited (429 + Retry-After) or hang.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface City {
  name: string;
  latitude: number;
  longitude: number;
  /** µg/m³ (Open-Meteo gives every gas, CO included, in μg/m³). */
  pm25: number;
  pm10: number;
  no2: number;
  o3: number;
  so2: number;
  co: number;
  /** Open-Meteo reports this city's current values this many hours old (default 0: this hour). */
  ageHours?: number;
}

export const CITIES: City[] = [
  { name: 'Santiago', latitude: -33.45, longitude: -70.66, pm25: 41.2, pm10: 70, no2: 38, o3: 60, so2: 6, co: 700 },
  { name: 'Ciudad de México', latitude: 19.43, longitude: -99.13, pm25: 22.5, pm10: 48, no2: 45, o3: 96, so2: 9, co: 900 },
  { name: 'Lima', latitude: -12.05, longitude: -77.04, pm25: 12.4, pm10: 35, no2: 20, o3: 40, so2: 4, co: 400 },
];

export interface SeenRequest {
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface AirSources {
  baseUrl: string;
  requests: SeenRequest[];
  /** Latitudes whose Open-Meteo requests answer 503 every time. */
  failing: Set<number>;
  /** The next n requests answer 429 with Retry-After: `retryAfter`. */
  rateLimit(n: number, retryAfter?: string): void;
  /** The next n Open-Meteo requests never answer (until `release`). */
  hang(n: number): void;
  release(): void;
  /** Values per city, changeable between runs. */
  cities: City[];
  env(): Record<string, string>;
  close(): Promise<void>;
}

export const OPENAQ_KEY = 'openaq-test-key';
export const WAQI_TOKEN = 'waqi-test-token';
export const AIRNOW_KEY = 'airnow-test-key';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function nearest(cities: City[], lat: number, lng: number): City | undefined {
  return [...cities].sort((a, b) => Math.hypot(a.latitude - lat, a.longitude - lng) - Math.hypot(b.latitude - lat, b.longitude - lng))[0];
}

/** The current hour (UTC), as the sources report it. */
export function currentHour(): number {
  return Math.floor(Date.now() / 3600_000) * 3600;
}

/** The hourly value of `base` at unix time `t`: a daily wave, so a series has a shape to draw. */
export function hourlyValue(base: number, t: number): number {
  return Math.round(base * (1 + 0.45 * Math.sin(((t / 3600) % 24) * (Math.PI / 12))) * 10) / 10;
}

export async function startAirSources(): Promise<AirSources> {
  const requests: SeenRequest[] = [];
  const failing = new Set<number>();
  let limited = 0;
  let retryAfter = '1';
  let hangs = 0;
  const hung: ServerResponse[] = [];
  const cities = CITIES.map((c) => ({ ...c }));

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query, headers: req.headers });
    if (limited > 0) {
      limited--;
      return json(res, 429, { detail: 'Too many requests' }, { 'retry-after': retryAfter });
    }
    const path = decodeURIComponent(url.pathname);
    if (path === '/v1/air-quality') return openMeteo(res, query);
    if (path.startsWith('/v3/')) return openAq(res, path, query, req.headers);
    const geo = /^\/feed\/geo:(-?[\d.]+);(-?[\d.]+)\/?$/.exec(path);
    if (geo) return waqi(res, Number(geo[1]), Number(geo[2]), query);
    if (path === '/aq/observation/latLong/current/') return airNow(res, query);
    json(res, 404, { detail: 'Not Found' });
  });

  function openMeteo(res: ServerResponse, q: Record<string, string>): void {
    const lat = Number(q.latitude);
    const lng = Number(q.longitude);
    if (!(lat >= -90 && lat <= 90)) return json(res, 400, { error: true, reason: `Latitude must be in range of -90 to 90°. Given: ${q.latitude}.` });
    if (hangs > 0) {
      hangs--;
      hung.push(res);
      return;
    }
    if (failing.has(lat)) return json(res, 503, { error: true, reason: 'Service temporarily unavailable' });
    const c = nearest(cities, lat, lng)!;
    const vars: Record<string, number> = { pm2_5: c.pm25, pm10: c.pm10, nitrogen_dioxide: c.no2, ozone: c.o3, sulphur_dioxide: c.so2, carbon_monoxide: c.co };
    const now = currentHour();
    const units = Object.fromEntries(Object.keys(vars).map((k) => [k, 'μg/m³']));
    const body: Record<string, unknown> = {
      latitude: Math.round(lat * 10) / 10, longitude: Math.round(lng * 10) / 10, generationtime_ms: 0.5, utc_offset_seconds: 0, timezone: 'GMT', timezone_abbreviation: 'GMT', elevation: 500,
      current_units: { time: 'unixtime', interval: 'seconds', ...units }, current: { time: now - (c.ageHours ?? 0) * 3600, interval: 3600, ...Object.fromEntries((q.current ?? '').split(',').filter((k) => k in vars).map((k) => [k, vars[k]])) },
    };
    if (q.hourly) {
      const start = Math.floor(now / 86400) * 86400 - Number(q.past_days ?? 0) * 86400;
      const hours = (Number(q.past_days ?? 0) + Number(q.forecast_days ?? 7)) * 24;
      const time = Array.from({ length: hours }, (_, i) => start + i * 3600);
      body.hourly_units = { time: 'unixtime', ...Object.fromEntries(q.hourly.split(',').map((k) => [k, 'μg/m³'])) };
      body.hourly = { time, ...Object.fromEntries(q.hourly.split(',').filter((k) => k in vars).map((k) => [k, time.map((t) => hourlyValue(vars[k]!, t))])) };
    }
    json(res, 200, body);
  }

  // OpenAQ: location id 1000 + i for city i; sensors 10·id + k. Gases in ppb / ppm as many stations report them.
  const SENSORS = [
    { k: 1, parameter: { id: 2, name: 'pm25', units: 'µg/m³', displayName: 'PM2.5' }, value: (c: City) => c.pm25 },
    { k: 2, parameter: { id: 7, name: 'no2', units: 'ppb', displayName: 'NO₂' }, value: (c: City) => Math.round((c.no2 / 1.882) * 10) / 10 },
    { k: 3, parameter: { id: 10, name: 'o3', units: 'ppm', displayName: 'O₃' }, value: (c: City) => Math.round((c.o3 / 1963) * 10000) / 10000 },
    { k: 4, parameter: { id: 8, name: 'co', units: 'ppm', displayName: 'CO' }, value: (c: City) => Math.round((c.co / 1146) * 100) / 100 },
    { k: 5, parameter: { id: 100, name: 'temperature', units: 'c', displayName: null }, value: () => 18.5 },
    { k: 6, parameter: { id: 98, name: 'relativehumidity', units: '%', displayName: null }, value: () => 61 },
  ];
  const location = (i: number) => {
    const c = cities[i]!;
    const id = 1000 + i;
    return { id, name: `${c.name} — Centro`, locality: c.name, timezone: 'UTC', coordinates: { latitude: c.latitude, longitude: c.longitude }, sensors: SENSORS.map((s) => ({ id: id * 10 + s.k, name: `${s.parameter.name} ${s.parameter.units}`, parameter: s.parameter })) };
  };
  function openAq(res: ServerResponse, path: string, q: Record<string, string>, headers: IncomingHttpHeaders): void {
    if (headers['x-api-key'] !== OPENAQ_KEY) return json(res, 401, { detail: 'Invalid credentials' });
    const meta = { name: 'openaq-api', website: '/', page: 1, limit: 100, found: 1 };
    let m = /^\/v3\/locations\/(\d+)$/.exec(path);
    if (m) {
      const i = Number(m[1]) - 1000;
      if (!cities[i]) return json(res, 404, { detail: 'Location not found' });
      return json(res, 200, { meta, results: [location(i)] });
    }
    if (path === '/v3/locations') {
      const [lat, lng] = (q.coordinates ?? '').split(',').map(Number);
      const found = cities.map((c, i) => ({ ...location(i), distance: Math.round(Math.hypot(c.latitude - lat!, c.longitude - lng!) * 111_000) })).filter((l) => l.distance <= Number(q.radius ?? 0));
      return json(res, 200, { meta: { ...meta, found: found.length }, results: found });
    }
    m = /^\/v3\/locations\/(\d+)\/latest$/.exec(path);
    if (m) {
      const i = Number(m[1]) - 1000;
      const c = cities[i];
      if (!c) return json(res, 404, { detail: 'Location not found' });
      const utc = new Date(currentHour() * 1000).toISOString().replace('.000Z', 'Z');
      return json(res, 200, { meta, results: SENSORS.map((s) => ({ datetime: { utc, local: utc.replace('Z', '+00:00') }, value: s.value(c), coordinates: { latitude: c.latitude, longitude: c.longitude }, sensorsId: (1000 + i) * 10 + s.k, locationsId: 1000 + i })) });
    }
    m = /^\/v3\/sensors\/(\d+)\/hours$/.exec(path);
    if (m) {
      const sensorId = Number(m[1]);
      const c = cities[Math.floor(sensorId / 10) - 1000];
      const s = SENSORS.find((x) => x.k === sensorId % 10);
      if (!c || !s) return json(res, 404, { detail: 'Sensor not found' });
      const from = Date.parse(q.datetime_from ?? '') / 1000;
      const to = Date.parse(q.datetime_to ?? '') / 1000;
      const results = [];
      for (let t = Math.ceil(from / 3600) * 3600; t <= to; t += 3600) {
        results.push({ value: hourlyValue(s.value(c), t), parameter: s.parameter, period: { label: '1hour', interval: '01:00:00', datetimeFrom: { utc: new Date((t - 3600) * 1000).toISOString() }, datetimeTo: { utc: new Date(t * 1000).toISOString() } } });
      }
      return json(res, 200, { meta: { ...meta, found: results.length }, results });
    }
    json(res, 404, { detail: 'Not Found' });
  }

  function waqi(res: ServerResponse, lat: number, lng: number, q: Record<string, string>): void {
    if (q.token !== WAQI_TOKEN) return json(res, 200, { status: 'error', data: 'Invalid key' });
    const c = nearest(cities, lat, lng)!;
    const iso = new Date(currentHour() * 1000).toISOString().replace('.000Z', '-03:00');
    json(res, 200, {
      status: 'ok',
      data: {
        aqi: 57, idx: 8403, attributions: [{ url: 'https://sinca.mma.gob.cl/', name: 'SINCA' }], city: { geo: [c.latitude, c.longitude], name: `${c.name}, Parque O'Higgins`, url: 'https://aqicn.org/city/x' },
        dominentpol: 'pm25', iaqi: { pm25: { v: 57 }, pm10: { v: 30 }, o3: { v: 40 }, no2: { v: 21 }, co: { v: 5 }, t: { v: 17 }, h: { v: 55 }, p: { v: 1014 }, w: { v: 2.1 } },
        time: { s: iso.slice(0, 19).replace('T', ' '), tz: '-03:00', v: currentHour(), iso },
        forecast: { daily: { pm25: [{ avg: 60, day: iso.slice(0, 10), max: 80, min: 40 }] } },
      },
    });
  }

  function airNow(res: ServerResponse, q: Record<string, string>): void {
    if (q.API_KEY !== AIRNOW_KEY) return json(res, 401, { WebServiceError: [{ Message: 'Invalid API key' }] });
    const c = nearest(cities, Number(q.latitude), Number(q.longitude))!;
    const row = (ParameterName: string, AQI: number, n: number, Name: string) => ({ DateObserved: '2026-11-22 ', HourObserved: 7, LocalTimeZone: 'PST', ReportingArea: c.name, StateCode: 'CA', Latitude: c.latitude, Longitude: c.longitude, ParameterName, AQI, Category: { Number: n, Name } });
    json(res, 200, [row('O3', 40, 1, 'Good'), row('PM2.5', 57, 2, 'Moderate'), row('PM10', 30, 1, 'Good')]);
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    failing,
    cities,
    rateLimit(n, ra = '1') {
      limited = n;
      retryAfter = ra;
    },
    hang(n) {
      hangs = n;
    },
    release() {
      for (const r of hung.splice(0)) r.destroy();
    },
    env: () => ({
      OPEN_METEO_AQ_BASE_URL: baseUrl, OPENAQ_BASE_URL: baseUrl, WAQI_BASE_URL: baseUrl, AIRNOW_BASE_URL: baseUrl, OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      OPENAQ_API_KEY: OPENAQ_KEY, WAQI_TOKEN, AIRNOW_API_KEY: AIRNOW_KEY,
    }),
    close: async () => {
      for (const r of hung.splice(0)) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
