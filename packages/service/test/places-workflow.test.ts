// A workflow's renders carry where their values came from (source, station, observed
// and retrieved times, attribution, licence), and values older than the render step's
// maxAgeMinutes are not rendered as current: the item ends skipped and says why.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { staleness } from '../src/modules/workflows/runner.js';
import { startAirSources, type AirSources } from './air-sources.js';
import { api, STORE, TestService, until } from './helpers.js';

describe(`workflow provenance and stale data (${STORE})`, () => {
  // The fake sources start first and close last: the service reads them from start to stop.
  let src: AirSources;
  before(async () => {
    src = await startAirSources();
  });
  const service = new TestService(() => ({ ...src.env(), WORKER_CONCURRENCY: '1', WORKFLOW_POLL_MS: '100', SOURCE_RETRIES: '1' }), {}, { runtime: { sourceBackoffMs: 20 } });
  after(() => src?.close());

  const finished = (runId: string) =>
    until(async () => {
      const r = await api(service.base, 'GET', `/workflow-runs/${runId}`);
      return ['queued', 'running'].includes(r.body.status) ? null : r.body;
    }, `run ${runId} to end`, 240_000);

  test('the jobs of a run carry the source, observed and retrieved times and the attribution', async () => {
    const created = await api(service.base, 'POST', '/workflows', {
      name: 'Provenance', trigger: { type: 'schedule', cron: '0 7 * * *', timezone: 'America/Santiago' },
      locations: [{ name: 'Valparaíso', latitude: -33.05, longitude: -71.62 }],
      steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', resolution: '360p', maxAgeMinutes: 10_080 }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const run = await finished((await api(service.base, 'POST', `/workflows/${created.body.workflow.id}/run`, {})).body.runId);
    assert.equal(run.status, 'completed', JSON.stringify(run.error));
    const job = (await api(service.base, 'GET', `/render/${run.items[0].jobIds[0]}`)).body;
    const p = job.params.provenance;
    assert.equal(p.source, 'open-meteo');
    assert.equal(p.attribution, 'Open-Meteo');
    assert.equal(p.licence, 'CC BY 4.0');
    assert.equal(p.timeZone, 'America/Santiago');
    assert.match(p.observedAt, /^\d{4}-\d{2}-\d{2}T/);
    assert.ok(Date.parse(p.retrievedAt) >= Date.parse(p.observedAt));
  });

  test('a maxAgeMinutes shorter than the values\' age is refused as a definition field only when out of range', async () => {
    const bad = await api(service.base, 'POST', '/workflows', {
      name: 'Bad', trigger: { type: 'manual' }, locations: [{ name: 'X', latitude: 0, longitude: 0 }],
      steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', maxAgeMinutes: 0 }],
    });
    assert.equal(bad.status, 400);
    assert.ok(JSON.stringify(bad.body.errors).includes('maxAgeMinutes'), JSON.stringify(bad.body));
  });

  test('values older than maxAgeMinutes are not rendered as current, and the record says why', () => {
    const step = { type: 'render', template: 'daily-report', fallbackTemplate: 'daily-report', formats: ['landscape'], languages: ['es'], aqiStandard: 'us-epa', resolution: null, priority: 0, maxAgeMinutes: 60 } as const;
    const fetched = { values: { pm25: 10 }, observedAt: '2026-11-22T10:00:00.000Z', series: null, station: { id: null, name: null, latitude: null, longitude: null }, source: 'airnow' };
    const now = Date.parse('2026-11-22T11:30:00.000Z');
    const stale = staleness({ ...step, formats: ['landscape'], languages: ['es'] }, fetched, now);
    assert.equal(stale?.error.code, 'stale_data');
    assert.match(stale?.error.message ?? '', /90 minutes ago, more than maxAgeMinutes 60/);
    assert.deepEqual(stale?.output, { reason: 'stale', observedAt: '2026-11-22T10:00:00.000Z', ageMinutes: 90, maxAgeMinutes: 60 });
    assert.equal(staleness({ ...step, formats: ['landscape'], languages: ['es'] }, fetched, Date.parse('2026-11-22T10:59:00.000Z')), null, 'fresh enough');
    assert.equal(staleness({ ...step, formats: ['landscape'], languages: ['es'], maxAgeMinutes: null }, fetched, now), null, 'no limit');
    assert.equal(staleness({ ...step, formats: ['landscape'], languages: ['es'] }, { ...fetched, observedAt: null }, now), null, 'unknown time');
  });
});
