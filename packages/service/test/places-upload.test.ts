// An uploaded bulletin with a station table renders as many places straight away: its
// context keeps the stations and where the values came from (provenance), a ranking and
// a comparison render from it, the jobs carry `provenance` beside their params (REST and
// GraphQL), and a station map from stations without coordinates is a 400 naming them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { coordinateDocs } from '../../extract/corpus/coordinates.js';
import { corpusSpecs, renderDoc } from '../../extract/corpus/generate.js';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, SMALL, startTestService, STORE, TEST_API_KEY, waitForJob, type TestEnv } from './helpers.js';

describe(`places from an upload (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let ctx: { contextId: string; stations: { name: string; values: Record<string, number> }[]; provenance: { source: string; retrievedAt?: string } };

  before(async () => {
    env = await createTestEnv();
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1' });
    base = svc.baseUrl;
    const doc = corpusSpecs().find((d) => d.layout === 'stations' && d.medium === 'pdf-text');
    assert.ok(doc, 'the corpus has a text PDF with a station table');
    const { bytes, filename } = await renderDoc(doc);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(bytes)]), filename);
    const res = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form });
    const body = (await res.json()) as { contextId: string; context: typeof ctx };
    assert.equal(res.status, 201, JSON.stringify(body));
    ctx = body.context;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('the context keeps its stations and its provenance', () => {
    assert.ok(ctx.stations.length >= 2, JSON.stringify(ctx.stations));
    assert.equal(ctx.provenance.source, 'upload');
    assert.ok(ctx.provenance.retrievedAt && !Number.isNaN(Date.parse(ctx.provenance.retrievedAt)));
  });

  test('a ranking renders straight from the upload: one place a station, provenance on the job', async () => {
    const r = await api(base, 'POST', `/contexts/${ctx.contextId}/render`, { ...SMALL, template: 'ranking' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.provenance.source, 'upload');
    const job = await waitForJob(base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const names = job.params.places.map((p: { name: string }) => p.name);
    const stationNames = ctx.stations.filter((s) => Object.keys(s.values).some((k) => ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'].includes(k))).map((s) => s.name.trim().replace(/\s+/g, ' '));
    assert.deepEqual([...names].sort(), stationNames.slice(0, 20).sort());
    assert.deepEqual(job.provenance, job.params.provenance);
    assert.equal(job.provenance.source, 'upload');
    const gql = await api(base, 'POST', '/graphql', { query: `{ render(id: "${job.jobId}") { provenance { source retrievedAt } } }` });
    assert.equal(gql.body.errors, undefined, JSON.stringify(gql.body.errors));
    assert.equal(gql.body.data.render.provenance.source, 'upload');
  });

  test('a comparison renders from it too: its first two stations side by side', async () => {
    const r = await api(base, 'POST', `/contexts/${ctx.contextId}/render`, { ...SMALL, template: 'comparison', language: 'en' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.ok(job.params.places.length >= 2);
  });

  test('a station map of stations without coordinates is a 400 naming stations, and no job is queued', async () => {
    const before = await api(base, 'GET', `/renders?contextId=${ctx.contextId}`);
    const r = await api(base, 'POST', `/contexts/${ctx.contextId}/render`, { ...SMALL, template: 'station-map' });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.ok(r.body.errors.some((e: { field: string }) => e.field === 'stations'), JSON.stringify(r.body));
    const after = await api(base, 'GET', `/renders?contextId=${ctx.contextId}`);
    assert.equal(after.body.jobs.length, before.body.jobs.length);
  });

  test('a bulletin whose station table has latitude and longitude renders as a station map', async () => {
    const doc = coordinateDocs('pdf-text').find((d) => d.language === 'es')!;
    const { bytes, filename } = await renderDoc(doc);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(bytes)]), filename);
    const res = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form });
    const body = (await res.json()) as { contextId: string; context: { stations: { name: string; lat?: number; lon?: number }[] } };
    assert.equal(res.status, 201, JSON.stringify(body));
    const placed = body.context.stations.filter((s) => s.lat !== undefined);
    assert.deepEqual(placed.map((s) => [s.name, s.lat, s.lon]), doc.stations.filter((s) => s.lat !== undefined).map((s) => [s.name, s.lat, s.lon]));
    assert.ok(body.context.stations.some((s) => s.name === 'El Bosque' && s.lat === undefined), 'a row without coordinates gets none');
    const gql = await api(base, 'POST', '/graphql', { query: `{ context(id: "${body.contextId}") { stations { name lat lon } } }` });
    assert.equal(gql.body.errors, undefined, JSON.stringify(gql.body.errors));
    assert.equal(gql.body.data.context.stations[0].lat, -33.4642);
    const r = await api(base, 'POST', `/contexts/${body.contextId}/render`, { ...SMALL, template: 'station-map' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.deepEqual(job.params.stations.map((s: { name: string }) => s.name), ['Parque O\'Higgins', 'Las Condes', 'Pudahuel']);
    assert.equal(job.provenance.source, 'upload');
    if (process.env.AQCAST_TEST_VIDEO_DIR) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${process.env.AQCAST_TEST_VIDEO_DIR}/upload-station-map.mp4`, Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer()));
    }
  });

  test('a job given no provenance says so with null', async () => {
    const r = await api(base, 'POST', '/render', { ...SMALL, location: 'Lima', pm25: 12 });
    assert.equal(r.status, 202);
    assert.equal(r.body.provenance, null);
  });
});
