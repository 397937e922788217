// Many places in one video over the API: a ranking with its provenance renders from
// REST and GraphQL, the job keeps where the numbers came from, and bad places or
// stations are a 400 naming the item and field — never a 5xx, nothing written.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, SMALL, STORE, TestService, waitForJob } from './helpers.js';

const PLACES = [
  { name: 'Santiago', pm25: 87.4 },
  { name: 'Temuco', pm25: 140 },
  { name: 'Valparaíso', pm25: 21 },
];
const PROVENANCE = { source: 'airnow', stationIds: ['060371103'], observedAt: '2026-11-22T14:00:00Z', timeZone: 'America/Los_Angeles', preliminary: true };

describe(`places API (${STORE})`, () => {
  const service = new TestService({}, { WORKER_CONCURRENCY: '1' });

  test('a ranking with provenance renders from REST, and the job keeps its provenance', async () => {
    const r = await api(service.base, 'POST', '/render', { ...SMALL, template: 'ranking', location: 'Chile', places: PLACES, provenance: PROVENANCE, date: '2026-11-22' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.deepEqual(job.params.places.map((p: { name: string }) => p.name), PLACES.map((p) => p.name));
    assert.equal(job.params.provenance.source, 'airnow');
    assert.equal(job.params.provenance.preliminary, true);
    assert.equal(job.params.provenance.observedAt, '2026-11-22T14:00:00.000Z');
  });

  test('GraphQL createRender takes places and provenance', async () => {
    const r = await api(service.base, 'POST', '/graphql', {
      query: 'mutation($i: RenderParamsInput!) { createRender(input: $i) { jobId status } }',
      variables: { i: { ...SMALL, resolution: '_360p', template: 'ranking', location: 'Sur', places: PLACES.slice(0, 2), provenance: { source: 'openaq', licence: 'CC BY 4.0' } } },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    const job = await waitForJob(service.base, r.body.data.createRender.jobId);
    assert.equal(job.status, 'completed');
    assert.equal(job.params.provenance.licence, 'CC BY 4.0');
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['one place', { places: [PLACES[0]] }, 'places'],
    ['21 places', { places: Array.from({ length: 21 }, (_, i) => ({ name: `P${i}`, pm25: i })) }, 'places'],
    ['latitude out of range', { stations: [{ name: 'S', lat: 91, lon: 0, pm25: 1 }] }, 'stations'],
    ['two stations on one point', { stations: [{ name: 'A', lat: 1, lon: 1, pm25: 1 }, { name: 'B', lat: 1, lon: 1, pm25: 2 }] }, 'stations[1]'],
    ['a place without values', { places: [PLACES[0], { name: 'Nada' }] }, 'places[1]'],
    ['a 121-character name', { places: [PLACES[0], { name: 'x'.repeat(121), pm25: 3 }] }, 'places'],
    ['an unknown source', { provenance: { source: 'twitter' } }, 'provenance'],
    ['a made-up time zone', { provenance: { source: 'manual', timeZone: 'Mars/Olympus' } }, 'provenance.timeZone'],
  ];
  for (const [name, extra, field] of bad) {
    test(`400 naming the field: ${name}`, async () => {
      const before = await api(service.base, 'GET', '/renders?limit=500');
      const r = await api(service.base, 'POST', '/render', { location: 'X', template: 'ranking', ...extra });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.ok(Array.isArray(r.body.errors));
      assert.ok(r.body.errors.some((e: { field: string }) => e.field.startsWith(field)), `names ${field}: ${JSON.stringify(r.body.errors)}`);
      const afterList = await api(service.base, 'GET', '/renders?limit=500');
      assert.equal(afterList.body.jobs.length, before.body.jobs.length, 'nothing written');
    });
  }
});
