// A workflow's render step of mode combined renders one video per run over all its
// locations: each location's fetched values become a place of a ranking (a comparison
// when two remain, a station map when asked), with one provenance merged from theirs.
// Stale locations are left out and the run says why; fewer than two left renders nothing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findFfprobe } from '@aqcast/engine';
import { combinedPlan, mergedProvenance, type CombinedEntry } from '../src/modules/workflows/combined.js';
import type { RenderStep } from '../src/modules/workflows/definition.js';
import { startAirSources, type AirSources } from './air-sources.js';
import { api, STORE, TestService, until, waitForJob } from './helpers.js';

/** The video stream of an MP4 and its length in seconds. */
function probe(bytes: Buffer, name: string): { codec: string; width: number; height: number; seconds: number } {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-combined-'));
  try {
    const file = join(dir, 'video.mp4');
    writeFileSync(file, bytes);
    // Kept for looking at when asked (AQCAST_TEST_VIDEO_DIR).
    if (process.env.AQCAST_TEST_VIDEO_DIR) writeFileSync(join(process.env.AQCAST_TEST_VIDEO_DIR, `${name}.mp4`), bytes);
    const out = JSON.parse(execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', file]).toString()) as {
      streams: [{ codec_name: string; width: number; height: number }];
      format: { duration: string };
    };
    return { codec: out.streams[0].codec_name, width: out.streams[0].width, height: out.streams[0].height, seconds: Number(out.format.duration) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SANTIAGO = { name: 'Santiago', latitude: -33.45, longitude: -70.66 };
const MEXICO = { name: 'Ciudad de México', latitude: 19.43, longitude: -99.13 };
const LIMA = { name: 'Lima', latitude: -12.05, longitude: -77.04 };

describe(`one multi-place video per workflow run (${STORE})`, () => {
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

  async function runOf(locations: object[], render: Record<string, unknown>): Promise<any> {
    const created = await api(service.base, 'POST', '/workflows', {
      name: 'Capitales', trigger: { type: 'schedule', cron: '0 7 * * *', timezone: 'America/Santiago' }, locations,
      steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', mode: 'combined', resolution: '360p', ...render }, { type: 'notify' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const started = await api(service.base, 'POST', `/workflows/${created.body.workflow.id}/run`, {});
    assert.equal(started.status, 202, JSON.stringify(started.body));
    return finished(started.body.runId);
  }

  async function video(job: { videoUrl: string }, name: string) {
    const res = await fetch(job.videoUrl);
    assert.equal(res.status, 200);
    return probe(Buffer.from(await res.arrayBuffer()), name);
  }

  test('three locations make one ranking: each a place, one job, provenance merged, a real MP4', async () => {
    const run = await runOf([SANTIAGO, MEXICO, LIMA], { maxAgeMinutes: 600 });
    assert.equal(run.status, 'completed', JSON.stringify(run.error ?? run.items.map((i: any) => i.steps[1])));
    assert.equal(run.jobs.length, 1, 'one video for the run');
    const renderers = run.items.filter((i: any) => i.steps[1].output?.role === 'renderer');
    assert.equal(renderers.length, 1);
    for (const i of run.items) {
      assert.equal(i.status, 'completed');
      if (i !== renderers[0]) assert.deepEqual([i.steps[1].output.role, i.steps[1].output.renderedBy, i.steps[1].output.jobIds], ['place', renderers[0].itemId, [run.jobs[0].jobId]]);
    }
    const job = await waitForJob(service.base, run.jobs[0].jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.template, 'ranking');
    assert.equal(job.params.location, 'Capitales');
    assert.deepEqual(job.params.places.map((p: { name: string }) => p.name), ['Santiago', 'Ciudad de México', 'Lima']);
    assert.deepEqual(job.params.places.map((p: { pm25: number }) => p.pm25), [41.2, 22.5, 12.4]);
    assert.equal(job.params.places[0].lat, -33.45);
    assert.equal(job.provenance.source, 'open-meteo');
    assert.equal(job.provenance.attribution, 'Open-Meteo');
    assert.equal(job.provenance.timeZone, 'America/Santiago');
    assert.ok(Date.parse(job.provenance.retrievedAt) >= Date.parse(job.provenance.observedAt));
    const v = await video(job, 'combined-ranking');
    assert.deepEqual([v.codec, v.width, v.height], ['h264', 640, 360]);
    assert.ok(v.seconds > 5, `${v.seconds} s`);
  });

  test('a stale location is left out and said to be; the two left make a comparison', async () => {
    src.cities.find((c) => c.name === 'Lima')!.ageHours = 5;
    try {
      const run = await runOf([SANTIAGO, MEXICO, LIMA], { maxAgeMinutes: 120, languages: ['en'] });
      assert.equal(run.status, 'completed', JSON.stringify(run.error));
      const lima = run.items.find((i: any) => i.location.name === 'Lima');
      assert.equal(lima.status, 'skipped');
      assert.equal(lima.error.code, 'stale_data');
      const renderer = run.items.find((i: any) => i.steps[1].output?.role === 'renderer');
      assert.deepEqual(renderer.steps[1].output.places, ['Santiago', 'Ciudad de México']);
      assert.deepEqual(renderer.steps[1].output.leftOut.map((l: { location: string; reason: string }) => [l.location, l.reason]), [['Lima', 'stale_data']]);
      const job = await waitForJob(service.base, run.jobs[0].jobId);
      assert.equal(job.status, 'completed', JSON.stringify(job.error));
      assert.equal(job.params.template, 'comparison');
      assert.equal(job.params.language, 'en');
      assert.deepEqual(job.params.places.map((p: { name: string }) => p.name), ['Santiago', 'Ciudad de México']);
      const v = await video(job, 'combined-comparison');
      assert.equal(v.codec, 'h264');
    } finally {
      delete src.cities.find((c) => c.name === 'Lima')!.ageHours;
    }
  });

  test('fewer than two fresh locations render nothing, and the run says why', async () => {
    for (const c of src.cities) if (c.name !== 'Santiago') c.ageHours = 5;
    try {
      const run = await runOf([SANTIAGO, MEXICO, LIMA], { maxAgeMinutes: 120 });
      assert.equal(run.status, 'skipped');
      assert.equal(run.jobs.length, 0);
      assert.equal(run.error.code, 'too_few_places');
      assert.match(run.error.message, /1 of 3 locations/);
      assert.match(run.error.message, /Ciudad de México \(stale_data\)/);
      assert.match(run.error.message, /Lima \(stale_data\)/);
      const santiago = run.items.find((i: any) => i.location.name === 'Santiago');
      assert.equal(santiago.status, 'skipped');
      assert.equal(santiago.steps[1].error.code, 'too_few_places');
      assert.equal(santiago.steps[2].status, 'skipped', 'the notify step says the run was not announced');
    } finally {
      for (const c of src.cities) delete c.ageHours;
    }
  });

  test('a station map from the locations\' coordinates', async () => {
    const run = await runOf([SANTIAGO, MEXICO, LIMA], { template: 'station-map' });
    assert.equal(run.status, 'completed', JSON.stringify(run.error));
    const job = await waitForJob(service.base, run.jobs[0].jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.template, 'station-map');
    assert.deepEqual(job.params.stations.map((s: { name: string; lat: number; lon: number }) => [s.name, s.lat, s.lon]), [['Santiago', -33.45, -70.66], ['Ciudad de México', 19.43, -99.13], ['Lima', -12.05, -77.04]]);
    const v = await video(job, 'combined-station-map');
    assert.deepEqual([v.codec, v.width, v.height], ['h264', 640, 360]);
  });

  test('a combined step is refused where it cannot render, naming the field', async () => {
    const post = (locations: object[], render: Record<string, unknown>) =>
      api(service.base, 'POST', '/workflows', { name: 'Bad', trigger: { type: 'manual' }, locations, steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', ...render }] });
    const fields = (r: any) => (r.body.errors ?? []).map((e: { field: string }) => e.field);
    const one = await post([SANTIAGO], { mode: 'combined' });
    assert.equal(one.status, 400);
    assert.ok(fields(one).includes('locations'), JSON.stringify(one.body));
    const daily = await post([SANTIAGO, LIMA], { mode: 'combined', template: 'daily-report' });
    assert.equal(daily.status, 400);
    assert.ok(fields(daily).includes('steps[1].template'), JSON.stringify(daily.body));
    const three = await post([SANTIAGO, LIMA, MEXICO], { mode: 'combined', template: 'comparison' });
    assert.ok(fields(three).includes('steps[1].template'), JSON.stringify(three.body));
    const perLocation = await post([SANTIAGO, LIMA], { template: 'ranking' });
    assert.equal(perLocation.status, 400);
    assert.ok(fields(perLocation).includes('steps[1].template'), JSON.stringify(perLocation.body));
    const mode = await post([SANTIAGO, LIMA], { mode: 'all' });
    assert.equal(mode.status, 400);
    assert.ok(fields(mode).includes('steps[1].mode'), JSON.stringify(mode.body));
    const unplaced = await api(service.base, 'POST', '/workflows', {
      name: 'Bad', trigger: { type: 'manual' }, locations: [{ name: 'A', contextId: 'ctx_aaaaaaaaaaaaaaaa' }, { name: 'B', contextId: 'ctx_bbbbbbbbbbbbbbbb' }],
      steps: [{ type: 'fetch', source: 'context' }, { type: 'render', mode: 'combined', template: 'station-map' }],
    });
    assert.equal(unplaced.status, 400);
    assert.ok(fields(unplaced).includes('locations[0].latitude'), JSON.stringify(unplaced.body));
  });

  test('GraphQL takes the render step\'s mode', async () => {
    const gql = await api(service.base, 'POST', '/graphql', {
      query: 'mutation($input: WorkflowInput!) { createWorkflow(input: $input) { workflow { id steps } } }',
      variables: { input: { name: 'GQL', trigger: { type: 'manual' }, locations: [SANTIAGO, LIMA], steps: [{ type: 'fetch', source: 'open_meteo' }, { type: 'render', mode: 'combined', template: 'ranking' }] } },
    });
    assert.equal(gql.body.errors, undefined, JSON.stringify(gql.body.errors));
    assert.equal(gql.body.data.createWorkflow.workflow.steps[1].mode, 'combined');
  });
});

describe('choosing the places of a combined render', () => {
  const step: RenderStep = { type: 'render', mode: 'combined', template: 'ranking', autoTemplate: true, fallbackTemplate: 'ranking', formats: ['landscape'], languages: ['es'], aqiStandard: 'us-epa', resolution: null, priority: 0, maxAgeMinutes: null };
  const def = { name: 'W', locations: [], steps: [], timezone: null };
  const entry = (name: string, values: Record<string, number>, where?: { latitude: number; longitude: number }, station: { latitude: number | null; longitude: number | null } | null = null): CombinedEntry => ({
    location: { name, ...where }, fetched: { values, observedAt: null, station }, provenance: { source: 'open-meteo' },
  });

  test('a place needs a pollutant value; two left make a comparison when no template was named', () => {
    const plan = combinedPlan(step, def, [entry('A', { pm25: 10 }), entry('B', { temperature: 20 }), entry('C', { pm10: 80 })], [{ location: 'D', reason: 'stale_data' }]);
    assert.equal(plan.template, 'comparison');
    assert.deepEqual(plan.entries.map((e) => e.location.name), ['A', 'C']);
    assert.deepEqual(plan.leftOut.map((l) => [l.location, l.reason]), [['D', 'stale_data'], ['B', 'no_values']]);
    assert.equal(combinedPlan({ ...step, autoTemplate: false }, def, [entry('A', { pm25: 10 }), entry('C', { pm10: 80 })], []).template, 'ranking', 'a named ranking stays a ranking');
  });

  test('a ranking keeps the 20 worst; the rest are left out as over_limit', () => {
    const many = Array.from({ length: 23 }, (_, k) => entry(`P${k}`, { pm25: k + 1 }));
    const plan = combinedPlan(step, def, many, []);
    assert.equal(plan.entries.length, 20);
    assert.deepEqual(plan.leftOut.map((l) => [l.location, l.reason]), [['P0', 'over_limit'], ['P1', 'over_limit'], ['P2', 'over_limit']]);
  });

  test('a station map places each location by its own coordinates, else its station\'s; none or the same point is left out', () => {
    const plan = combinedPlan({ ...step, template: 'station-map', autoTemplate: false }, def, [
      entry('A', { pm25: 10 }, { latitude: 1, longitude: 2 }),
      entry('B', { pm25: 20 }, undefined, { latitude: 3, longitude: 4 }),
      entry('C', { pm25: 30 }),
      entry('D', { pm25: 40 }, { latitude: 1, longitude: 2 }),
    ], []);
    assert.equal(plan.template, 'station-map');
    assert.deepEqual(plan.entries.map((e) => [e.location.name, e.lat, e.lon]), [['A', 1, 2], ['B', 3, 4]]);
    assert.deepEqual(plan.leftOut.map((l) => [l.location, l.reason]), [['C', 'no_coordinates'], ['D', 'same_point']]);
  });

  test('one provenance: every station id, the earliest observation, the latest retrieval, preliminary if any is', () => {
    const p = mergedProvenance([
      { source: 'airnow', stationIds: ['a'], observedAt: '2026-11-22T10:00:00.000Z', retrievedAt: '2026-11-22T10:30:00.000Z', attribution: 'U.S. EPA AirNow', preliminary: true },
      { source: 'airnow', stationIds: ['b', 'a'], observedAt: '2026-11-22T09:00:00.000Z', retrievedAt: '2026-11-22T10:40:00.000Z' },
      { source: 'bogus' },
    ]);
    assert.deepEqual(p, { source: 'airnow', stationIds: ['a', 'b'], observedAt: '2026-11-22T09:00:00.000Z', retrievedAt: '2026-11-22T10:40:00.000Z', attribution: 'U.S. EPA AirNow', preliminary: true });
    assert.equal(mergedProvenance([{ source: 'bogus' }]), null);
  });
});
