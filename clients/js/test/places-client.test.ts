/**
 * The multi-place helpers against a live service on the store under test: a ranking,
 * a comparison and a station map rendered to the end, their places and provenance on
 * the job, and bad places refused as a typed 400 naming the field.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from '../../../packages/service/test/helpers.js';
import type { RunningService } from '../../../packages/service/src/server.js';
import { AqcastError, Client, type Place, type Station } from '../src/index.js';

/** A job's places or stations as the job echoes them (its params type names only the common fields). */
function items(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];
}

describe(`client.renders multi-place helpers (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let client: Client;

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '1' });
    svc = await startTestService(env);
    client = new Client({ baseUrl: svc.baseUrl, apiKey: TEST_API_KEY });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  const places: Place[] = [{ name: 'Santiago', pm25: 87.4 }, { name: 'Valparaíso', pm25: 21 }, { name: 'Temuco', pm25: 140, pm10: 190 }];

  test('ranking: the places in, one job rendered to the end, provenance beside the params', async () => {
    const job = await client.renders.ranking(places, { location: 'Chile', resolution: '360p', language: 'en', provenance: { source: 'manual' } }, { wait: true, pollMs: 200 });
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.template, 'ranking');
    assert.deepEqual(items(job.params.places).map((p) => p.name), ['Santiago', 'Valparaíso', 'Temuco']);
    assert.equal(job.provenance?.source, 'manual');
  });

  test('comparison: two places side by side', async () => {
    const job = await client.renders.comparison({ name: 'Santiago', pm25: 87.4, date: '2026-11-21' }, { name: 'Santiago', pm25: 40, date: '2026-11-22' }, { location: 'Santiago', date: '2026-11-22', resolution: '360p' }, { wait: true, pollMs: 200 });
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.template, 'comparison');
    assert.equal(items(job.params.places).length, 2);
  });

  test('stationMap: stations with coordinates', async () => {
    const stations: Station[] = [
      { name: "Parque O'Higgins", lat: -33.464, lon: -70.661, pm25: 61 },
      { name: 'Las Condes', lat: -33.377, lon: -70.523, pm25: 24 },
      { name: 'Pudahuel', lat: -33.438, lon: -70.75, pm25: 47 },
    ];
    const job = await client.renders.stationMap(stations, { location: 'Santiago', resolution: '360p' }, { wait: true, pollMs: 200 });
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.template, 'station-map');
    assert.deepEqual(items(job.params.stations).map((s) => [s.lat, s.lon]), stations.map((s) => [s.lat, s.lon]));
  });

  test('bad places are a typed 400 naming the field', async () => {
    const one = await client.renders.ranking([places[0]!], { location: 'Chile' }).catch((e: unknown) => e);
    assert.ok(one instanceof AqcastError);
    assert.equal(one.status, 400);
    assert.match(JSON.stringify(one.problem), /"field":"places"/);
    const samePoint = await client.renders.stationMap([{ name: 'A', lat: 1, lon: 1, pm25: 3 }, { name: 'B', lat: 1, lon: 1, pm25: 4 }], { location: 'X' }).catch((e: unknown) => e);
    assert.ok(samePoint instanceof AqcastError);
    assert.equal(samePoint.status, 400);
    assert.match(JSON.stringify(samePoint.problem), /"field":"stations\[1\]"/);
    const outOfRange = await client.renders.stationMap([{ name: 'A', lat: 91, lon: 1, pm25: 3 }], { location: 'X' }).catch((e: unknown) => e);
    assert.ok(outOfRange instanceof AqcastError);
    assert.match(JSON.stringify(outOfRange.problem), /"field":"stations\[0\]\.lat"/);
  });
});
