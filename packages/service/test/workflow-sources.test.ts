/**
 * The source adapters against local servers that speak each source's format:
 * units normalised to µg/m³ (CO mg/m³), °C and %; US AQI sub-indices (WAQI,
 * AirNow) turned back into concentrations; station and observation time kept;
 * hourly series; keys sent as each source wants and never shown; and the
 * guarded GET: 429 + Retry-After, retries with backoff, timeouts, SSRF refusal.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { computeAqi } from '@aqcast/engine';
import type { GuardedGetError} from '../src/core/outbound/guarded-get.js';
import { guardedGet, type GuardedGetOptions } from '../src/core/outbound/guarded-get.js';
import { parseAllowedNetworks } from '../src/core/outbound/ssrf.js';
import type { SourceError} from '../src/modules/workflows/sources/index.js';
import { SOURCES, type Observation, type SourceId, type SourceRequest } from '../src/modules/workflows/sources/index.js';
import { AIRNOW_KEY, currentHour, OPENAQ_KEY, startAirSources, WAQI_TOKEN, type AirSources } from './air-sources.js';

const allowed = parseAllowedNetworks('127.0.0.0/8');

describe('workflow sources', () => {
  let src: AirSources;
  before(async () => {
    src = await startAirSources();
  });
  after(() => src.close());

  function fetchFrom(source: SourceId, location: SourceRequest['location'], extra: Partial<SourceRequest> = {}, opts: GuardedGetOptions = {}): Promise<Observation> {
    return SOURCES[source].fetch!({
      location, baseUrl: src.baseUrl, now: new Date(), get: (url, o) => guardedGet(url, { allowed, retries: 1, backoffBaseMs: 10, timeoutMs: 3000, ...opts, ...o }), ...extra,
    });
  }
  const santiago = { name: 'Santiago', latitude: -33.45, longitude: -70.66 };
  const hourIso = () => new Date(currentHour() * 1000).toISOString();

  test('open-meteo: µg/m³ kept, CO μg/m³ → mg/m³, the hour observed, a 72-hour forecast series', async () => {
    const obs = await fetchFrom('open-meteo', santiago, { series: { pollutant: 'pm25', window: 'next72h' } });
    assert.deepEqual(obs.values, { pm25: 41.2, pm10: 70, no2: 38, o3: 60, so2: 6, co: 0.7 });
    assert.equal(obs.observedAt, hourIso());
    assert.equal(obs.measurements.find((m) => m.measure === 'co')?.sourceValue, 700);
    assert.equal(obs.station.latitude, -33.4, 'the grid cell the source answered for');
    assert.ok(obs.series);
    assert.equal(obs.series.kind, 'forecast');
    assert.ok(obs.series.points.length >= 70 && obs.series.points.length <= 73, `${obs.series.points.length} points`);
    assert.ok(obs.series.points.every((p) => p.at >= hourIso()));
    const last = src.requests.at(-1)!;
    assert.equal(last.query.hourly, 'pm2_5');
    assert.equal(last.query.timeformat, 'unixtime');
    const past = await fetchFrom('open-meteo', santiago, { series: { pollutant: 'no2', window: 'past24h' } });
    assert.equal(past.series?.kind, 'observed');
    assert.ok(past.series!.points.every((p) => p.at <= hourIso() && Date.parse(p.at) >= Date.parse(hourIso()) - 24 * 3600_000));
  });

  test('open-meteo: its error body is the reason', async () => {
    await assert.rejects(fetchFrom('open-meteo', { name: 'Nowhere', latitude: 91, longitude: 0 }), (err: SourceError) => err.code === 'source_rejected' && /Latitude must be in range/.test(err.message));
  });

  test('openaq: nearest station, sensors joined, ppb and ppm converted at 25 °C, key in X-API-Key, a past-24-hour series', async () => {
    const obs = await fetchFrom('openaq', santiago, { credential: OPENAQ_KEY, series: { pollutant: 'no2', window: 'past24h' } });
    assert.equal(obs.station.name, 'Santiago — Centro');
    assert.equal(obs.station.id, '1000');
    // NO2 20.2 ppb × 1.882 = 38.0 µg/m³; O3 0.0306 ppm × 1963 = 60.1; CO 0.61 ppm × 1.146 = 0.699 mg/m³.
    assert.equal(obs.values.no2, 38);
    assert.equal(obs.values.o3, 60.1);
    assert.equal(obs.values.co, 0.699);
    assert.equal(obs.values.pm25, 41.2);
    assert.equal(obs.values.temperatura, 18.5);
    assert.equal(obs.values.humidity, 61);
    assert.equal(obs.measurements.find((m) => m.measure === 'no2')?.sourceUnit, 'ppb');
    assert.equal(obs.observedAt, hourIso());
    assert.ok(src.requests.filter((r) => r.path.startsWith('/v3/')).every((r) => r.headers['x-api-key'] === OPENAQ_KEY));
    assert.equal(obs.series?.kind, 'observed');
    assert.ok(obs.series!.points.length >= 23, `${obs.series!.points.length} points`);
    assert.ok(obs.series!.points.every((p) => p.value > 0));
    const byId = await fetchFrom('openaq', { name: 'Lima', openaqLocationId: 1002 }, { credential: OPENAQ_KEY });
    assert.equal(byId.values.pm25, 12.4);
  });

  test('openaq: a wrong key is refused with its detail', async () => {
    await assert.rejects(fetchFrom('openaq', santiago, { credential: 'wrong' }), (err: SourceError) => err.code === 'source_rejected' && /401/.test(err.message) && /Invalid credentials/.test(err.message));
  });

  test('waqi: iaqi are US AQI sub-indices, turned back into concentrations; the token never shows', async () => {
    const requests: string[] = [];
    const obs = await fetchFrom('waqi', santiago, { credential: WAQI_TOKEN }, {});
    for (const m of obs.measurements.filter((x) => x.derivedFrom === 'us-aqi-subindex')) {
      // The forward US AQI of the derived concentration is the sub-index WAQI gave.
      const back = computeAqi('us-epa', { [m.measure]: m.value }).index;
      assert.equal(back, m.sourceValue, `${m.measure}: ${m.value} ${m.unit} → AQI ${back}, WAQI said ${m.sourceValue}`);
    }
    assert.ok(obs.values.pm25! > 12 && obs.values.pm25! < 13, String(obs.values.pm25));
    assert.equal(obs.values.temperatura, 17);
    assert.equal(obs.values.humidity, 55);
    assert.equal(obs.station.name, "Santiago, Parque O'Higgins");
    // WAQI gives local time with its offset (-03:00).
    assert.equal(obs.observedAt, new Date(currentHour() * 1000 + 3 * 3600_000).toISOString());
    assert.ok(obs.notes.some((n) => /inverse of the US EPA/.test(n)));
    await assert.rejects(
      SOURCES.waqi.fetch!({ location: santiago, baseUrl: src.baseUrl, now: new Date(), credential: 'bad', get: async (url, o) => { requests.push(url); return guardedGet(url, { allowed, ...o }); } }),
      (err: SourceError) => err.code === 'source_rejected' && /Invalid key/.test(err.message) && !err.message.includes('bad'),
    );
  });

  test('airnow: AQI per parameter → concentrations; local standard time read from the zone abbreviation', async () => {
    const obs = await fetchFrom('airnow', { name: 'Los Angeles', latitude: 34.05, longitude: -118.25 }, { credential: AIRNOW_KEY });
    assert.equal(computeAqi('us-epa', { pm25: obs.values.pm25! }).index, 57);
    assert.equal(computeAqi('us-epa', { o3: obs.values.o3! }).index, 40);
    assert.equal(computeAqi('us-epa', { pm10: obs.values.pm10! }).index, 30);
    // 2026-11-22 07:00 PST = 15:00 UTC.
    assert.equal(obs.observedAt, '2026-11-22T15:00:00.000Z');
    const last = src.requests.at(-1)!;
    assert.equal(last.query.format, 'application/json');
    assert.equal(last.query.API_KEY, AIRNOW_KEY);
    await assert.rejects(fetchFrom('airnow', { name: 'LA', latitude: 34, longitude: -118 }, { credential: 'nope' }), (err: SourceError) => err.code === 'source_rejected' && /Invalid API key/.test(err.message));
  });

  test('guarded GET: a 429 is retried after its Retry-After; a longer one than allowed ends the retries', async () => {
    src.rateLimit(1, '1');
    const res = await guardedGet(`${src.baseUrl}/v1/air-quality?latitude=-33.45&longitude=-70.66&current=pm2_5`, { allowed, retries: 2, backoffBaseMs: 10 });
    assert.equal(res.statusCode, 200);
    assert.equal(res.attempts.length, 2);
    assert.equal(res.attempts[0]!.statusCode, 429);
    assert.ok(res.attempts[0]!.waitedMs! >= 1000, `waited ${res.attempts[0]!.waitedMs} ms for Retry-After: 1`);
    src.rateLimit(1, '3600');
    await assert.rejects(guardedGet(`${src.baseUrl}/v1/air-quality?latitude=0&longitude=0`, { allowed, retries: 3, backoffBaseMs: 10 }), (err: GuardedGetError) => err.code === 'rate_limited' && err.attempts.length === 1 && /asks to wait 3600 s/.test(err.message));
  });

  test('guarded GET: 5xx and timeouts are retried with backoff, then fail with every attempt; 4xx are not retried', async () => {
    src.failing.add(-12.05);
    await assert.rejects(guardedGet(`${src.baseUrl}/v1/air-quality?latitude=-12.05&longitude=-77.04`, { allowed, retries: 2, backoffBaseMs: 20 }), (err: GuardedGetError) => {
      assert.equal(err.code, 'http_status');
      assert.deepEqual(err.attempts.map((a) => a.statusCode), [503, 503, 503]);
      assert.ok(err.attempts[1]!.waitedMs! > err.attempts[0]!.waitedMs! * 0.9 - 1, 'backoff grows');
      return true;
    });
    src.failing.clear();
    src.hang(2);
    await assert.rejects(guardedGet(`${src.baseUrl}/v1/air-quality?latitude=1&longitude=1`, { allowed, retries: 1, backoffBaseMs: 10, timeoutMs: 300 }), (err: GuardedGetError) => err.code === 'timeout' && err.attempts.length === 2);
    src.release();
    const r = await guardedGet(`${src.baseUrl}/v3/locations/1000`, { allowed, retries: 3 });
    assert.equal(r.statusCode, 401);
    assert.equal(r.attempts.length, 1);
  });

  test('guarded GET: loopback is refused unless the operator opened it', async () => {
    await assert.rejects(guardedGet(`${src.baseUrl}/v1/air-quality`, { retries: 0 }), (err: GuardedGetError) => err.code === 'target_refused' && /loopback/.test(err.message));
    await assert.rejects(guardedGet('http://169.254.169.254/latest/meta-data', { allowed, retries: 0 }), (err: GuardedGetError) => err.code === 'target_refused');
  });
});
