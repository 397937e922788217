/**
 * Analytics over real HTTP: answers on an empty store; every figure checked
 * against values computed here from a known set of jobs inserted through the
 * store; the projection following the queue's own writes; trend buckets across
 * daylight-saving changes; GraphQL.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { leaseOf } from '../src/core/lease/lease.js';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, type TestEnv } from './helpers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** percentile_cont's definition, rounded as the API rounds. */
function pct(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const k = (s.length - 1) * p;
  const lo = Math.floor(k);
  const v = s[lo]! + (k - lo) * (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!);
  return Math.round(v * 100) / 100;
}
const stat = (values: number[]) => ({ samples: values.length, p50: pct(values, 0.5), p95: pct(values, 0.95) });
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

interface JobSpec {
  status: 'queued' | 'rendering' | 'completed' | 'failed' | 'canceled';
  template: string;
  format: string;
  resolution: string;
  created: number;
  /** Scheduled later than its creation. */
  runAt?: number;
  waitMs?: number;
  renderMs?: number;
  durationSec?: number;
  fps?: number;
  bytes?: number;
  errorCode?: string;
}

function row(spec: JobSpec, i: number) {
  const due = Math.max(spec.created, spec.runAt ?? 0);
  const started = spec.waitMs === undefined ? null : due + spec.waitMs;
  const ended = ['completed', 'failed', 'canceled'].includes(spec.status) ? (started ?? spec.created) + (spec.renderMs ?? 1000) : null;
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  const params = { location: `Place ${i}`, template: spec.template, language: 'es', aqiStandard: 'us-epa', format: spec.format, resolution: spec.resolution, date: '2026-11-01', pm25: 20 };
  return {
    id: `job_t${i}_${randomBytes(4).toString('hex')}`, status: spec.status, template: spec.template, location: params.location, params: JSON.stringify(params), render_key: `rk_${i}_${randomBytes(4).toString('hex')}`,
    priority: 0, run_at: iso(spec.runAt ?? spec.created)!, attempts: started === null ? 0 : 1, max_attempts: 3, progress: spec.status === 'completed' ? 1 : 0, lease_owner: null, lease_expires_at: null, batch_id: null, context_id: null,
    file_token: randomBytes(18).toString('base64url'), video_key: spec.status === 'completed' ? `videos/t${i}.mp4` : null, poster_key: spec.status === 'completed' ? `posters/t${i}.png` : null,
    output: spec.status === 'completed' ? JSON.stringify({ width: 640, height: 360, fps: spec.fps ?? 30, durationSec: spec.durationSec ?? 15, bytes: spec.bytes ?? 1000 }) : null,
    error_code: spec.errorCode ?? null, error_message: spec.errorCode ? 'test failure' : null, render_ms: spec.status === 'completed' ? (spec.renderMs ?? 1000) : null,
    created_at: iso(spec.created)!, updated_at: iso(ended ?? spec.created)!, started_at: iso(started), completed_at: iso(ended),
  };
}

describe(`analytics API (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  const get = async (path: string) => {
    const r = await api(base, 'GET', path);
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const insert = async (specs: JobSpec[], offset = 0) => {
    const rows = specs.map((s, i) => row(s, offset + i));
    for (let i = 0; i < rows.length; i += 50) await svc.store.db.insertInto('jobs').values(rows.slice(i, i + 50)).execute();
    return rows;
  };

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('an empty store answers zeros, not errors', async () => {
    const o = await get('/analytics/overview');
    assert.deepEqual(o.jobs, { total: 0, byStatus: { queued: 0, rendering: 0, completed: 0, failed: 0, canceled: 0 } });
    assert.equal(o.successRate, null);
    assert.deepEqual(o.renders.last24h, { requested: 0, completed: 0, failed: 0 });
    assert.deepEqual(o.renderMs, { samples: 0, p50: null, p95: null });
    assert.deepEqual(o.queueWaitMs, { samples: 0, p50: null, p95: null });
    assert.equal(o.videoSeconds, 0);
    assert.equal(o.bytesStored, 0);
    assert.equal(o.cacheReuseRate, null);
    assert.equal(o.activeWorkers, 0);
    assert.deepEqual((await get('/analytics/templates')).templates, []);
    const t = await get('/analytics/trends');
    assert.equal(t.buckets.length, 31, '30 days back from now, in whole days');
    assert.ok(t.buckets.every((b: any) => b.value === 0 && b.samples === 0));
    const p95 = await get('/analytics/trends?metric=render-time-p95');
    assert.ok(p95.buckets.every((b: any) => b.value === null && b.samples === 0));
    assert.deepEqual((await get('/analytics/recent')).renders, []);
    const perf = await get('/analytics/performance');
    assert.deepEqual([perf.renders, perf.failures], [[], []]);
    assert.deepEqual(perf.throughput, { windowSec: 3600, completed: 0, failed: 0, activeWorkers: 0, perHour: 0, perWorkerPerHour: null });
  });

  test('overview, templates and performance equal what the known jobs give', async () => {
    const now = Date.now();
    const specs: JobSpec[] = [];
    const renderTimes = [1200, 3400, 800, 5600, 2100, 9900, 4300, 700, 2500, 6100, 3300, 1500];
    renderTimes.forEach((ms, i) =>
      specs.push({ status: 'completed', template: i % 3 === 0 ? 'social-clip' : 'daily-report', format: i % 3 === 0 ? 'portrait' : i % 2 ? 'square' : 'landscape', resolution: i % 4 === 0 ? '720p' : '360p', created: now - (i + 1) * 7 * HOUR, waitMs: 100 * (i + 1) + i * i * 37, renderMs: ms, durationSec: 10 + i, fps: i % 2 ? 30 : 25, bytes: 5000 + i * 100 }),
    );
    // Reused outputs: completed without rendering (render time 0).
    specs.push({ status: 'completed', template: 'daily-report', format: 'landscape', resolution: '360p', created: now - 2 * HOUR, waitMs: 50, renderMs: 0, durationSec: 15, bytes: 9999 });
    specs.push({ status: 'completed', template: 'daily-report', format: 'landscape', resolution: '360p', created: now - 20 * DAY, waitMs: 70, renderMs: 0, durationSec: 15, bytes: 9999 });
    specs.push({ status: 'failed', template: 'daily-report', format: 'landscape', resolution: '360p', created: now - 3 * HOUR, waitMs: 400, renderMs: 500, errorCode: 'render_failed' });
    specs.push({ status: 'failed', template: 'social-clip', format: 'portrait', resolution: '360p', created: now - 9 * DAY, waitMs: 900, renderMs: 300, errorCode: 'render_failed' });
    specs.push({ status: 'failed', template: 'daily-report', format: 'square', resolution: '360p', created: now - 40 * DAY, waitMs: 1900, renderMs: 200, errorCode: 'worker_lost' });
    specs.push({ status: 'canceled', template: 'daily-report', format: 'landscape', resolution: '360p', created: now - 5 * HOUR, errorCode: 'canceled' });
    specs.push({ status: 'queued', template: 'social-clip', format: 'square', resolution: '360p', created: now - 10 * 60_000 });
    // Scheduled for later than its creation: its wait counts from runAt.
    specs.push({ status: 'rendering', template: 'daily-report', format: 'portrait', resolution: '360p', created: now - HOUR, runAt: now - 30 * 60_000, waitMs: 4242 });
    // In creation order, as the queue would have inserted them.
    await insert([...specs].sort((a, b) => a.created - b.created));

    const o = await get('/analytics/overview');
    const by = (s: string) => specs.filter((j) => j.status === s).length;
    assert.deepEqual(o.jobs, { total: specs.length, byStatus: { queued: by('queued'), rendering: by('rendering'), completed: by('completed'), failed: by('failed'), canceled: by('canceled') } });
    assert.equal(o.successRate, ratio(by('completed'), by('completed') + by('failed')));
    const endOf = (j: JobSpec) => Math.max(j.created, j.runAt ?? 0) + (j.waitMs ?? 0) + (j.renderMs ?? 1000);
    for (const [key, ms] of [['last24h', DAY], ['last7d', 7 * DAY], ['last30d', 30 * DAY]] as const) {
      const since = Date.now() - ms;
      assert.deepEqual(o.renders[key], {
        requested: specs.filter((j) => j.created >= since).length,
        completed: specs.filter((j) => j.status === 'completed' && endOf(j) >= since).length,
        failed: specs.filter((j) => j.status === 'failed' && endOf(j) >= since).length,
      }, key);
    }
    const rendered = specs.filter((j) => j.status === 'completed' && j.renderMs! > 0);
    assert.deepEqual(o.renderMs, stat(rendered.map((j) => j.renderMs!)));
    assert.deepEqual(o.queueWaitMs, stat(specs.filter((j) => j.waitMs !== undefined).map((j) => j.waitMs!)));
    assert.equal(o.videoSeconds, specs.filter((j) => j.status === 'completed').reduce((a, j) => a + (j.durationSec ?? 15), 0));
    assert.equal(o.bytesStored, rendered.reduce((a, j) => a + (j.bytes ?? 1000), 0));
    assert.equal(o.cacheReuseRate, ratio(2, by('completed')));

    // A range: only jobs created in the last 7 days.
    const week = new Date(Date.now() - 7 * DAY).toISOString();
    const ranged = await get(`/analytics/overview?since=${week}`);
    assert.equal(ranged.jobs.total, specs.filter((j) => j.created >= Date.parse(week)).length);
    assert.equal(ranged.since, week);

    const t = await get('/analytics/templates');
    assert.equal(t.total, specs.length);
    const keys = [...new Set(specs.map((j) => `${j.template}|${j.format}`))];
    assert.equal(t.templates.length, keys.length);
    for (const key of keys) {
      const [template, format] = key.split('|');
      const of = specs.filter((j) => j.template === template && j.format === format);
      const got = t.templates.find((x: any) => x.template === template && x.format === format);
      const completed = of.filter((j) => j.status === 'completed').length;
      const failed = of.filter((j) => j.status === 'failed').length;
      assert.deepEqual(got, {
        template, format, count: of.length, completed, failed, successRate: ratio(completed, completed + failed),
        renderMs: stat(of.filter((j) => j.status === 'completed' && j.renderMs! > 0).map((j) => j.renderMs!)), share: ratio(of.length, specs.length),
      }, key);
    }
    assert.ok(t.templates.every((x: any, i: number) => i === 0 || t.templates[i - 1].count >= x.count), 'most used first');

    const perf = await get('/analytics/performance');
    const groups = [...new Set(rendered.map((j) => `${j.template}|${j.format}|${j.resolution}`))];
    assert.equal(perf.renders.length, groups.length);
    for (const key of groups) {
      const [template, format, resolution] = key.split('|');
      const of = rendered.filter((j) => j.template === template && j.format === format && j.resolution === resolution);
      const got = perf.renders.find((x: any) => x.template === template && x.format === format && x.resolution === resolution);
      const frames = of.reduce((a, j) => a + (j.durationSec ?? 15) * (j.fps ?? 30), 0);
      const seconds = of.reduce((a, j) => a + j.renderMs! / 1000, 0);
      assert.deepEqual(got, {
        template, format, resolution, renders: of.length, renderMs: stat(of.map((j) => j.renderMs!)),
        meanRenderMs: Math.round((of.reduce((a, j) => a + j.renderMs!, 0) / of.length) * 100) / 100, framesPerSecond: Math.round((frames / seconds) * 100) / 100,
      }, key);
    }
    assert.deepEqual(perf.queueWaitMs, o.queueWaitMs);
    assert.deepEqual(perf.failures.map((f: any) => [f.code, f.count, f.share]), [['render_failed', 2, ratio(2, 3)], ['worker_lost', 1, ratio(1, 3)]]);
    const lastHour = Date.now() - HOUR;
    assert.equal(perf.throughput.completed, specs.filter((j) => j.status === 'completed' && endOf(j) >= lastHour).length);

    const recent = await get('/analytics/recent?limit=3');
    assert.equal(recent.renders.length, 3);
    const newestFirst = [...specs].sort((a, b) => b.created - a.created);
    assert.equal(recent.renders[0].status, newestFirst[0]!.status, 'the newest first');
    const completedOnes = await get('/analytics/recent?status=completed&limit=100');
    assert.equal(completedOnes.renders.length, by('completed'));
    assert.ok(completedOnes.renders.every((r: any) => r.posterUrl?.endsWith('/poster.png') && typeof r.durationSec === 'number'));
  });

  test('trends: daily and hourly buckets across the Madrid clock changes, zero-filled', async () => {
    // Completed around the fall-back night (25 Oct 2026: 03:00 CEST → 02:00 CET) and the spring-forward one (29 Mar 2026).
    const at = (iso: string, renderMs: number): JobSpec => ({ status: 'completed', template: 'weather-brief', format: 'landscape', resolution: '360p', created: Date.parse(iso) - renderMs - 1000, waitMs: 1000, renderMs, durationSec: 12 });
    const autumn = [
      at('2026-10-24T21:30:00Z', 1000), // 23:30 CEST on the 24th
      at('2026-10-24T22:30:00Z', 2000), // 00:30 CEST on the 25th
      at('2026-10-25T00:30:00Z', 3000), // 02:30 CEST, the first 02:30
      at('2026-10-25T01:30:00Z', 4000), // 02:30 CET, the second 02:30
      at('2026-10-25T22:30:00Z', 5000), // 23:30 CET on the 25th
      at('2026-10-25T23:30:00Z', 6000), // 00:30 CET on the 26th
    ];
    const spring = [at('2026-03-29T00:30:00Z', 1500), at('2026-03-29T01:30:00Z', 2500)]; // 01:30 CET, then 03:30 CEST
    await insert([...autumn, ...spring], 1000);

    const days = await get('/analytics/trends?metric=completed&interval=day&since=2026-10-23&until=2026-10-26&tz=Europe/Madrid');
    assert.deepEqual(days.buckets.map((b: any) => [b.local, (Date.parse(b.end) - Date.parse(b.start)) / HOUR, b.value]), [
      ['2026-10-23T00:00:00+02:00', 24, 0],
      ['2026-10-24T00:00:00+02:00', 24, 1],
      ['2026-10-25T00:00:00+02:00', 25, 4],
      ['2026-10-26T00:00:00+01:00', 24, 1],
    ]);
    const p95 = await get('/analytics/trends?metric=render-time-p95&interval=day&since=2026-10-24&until=2026-10-25&tz=Europe/Madrid');
    assert.deepEqual(p95.buckets.map((b: any) => [b.value, b.samples]), [[1000, 1], [pct([2000, 3000, 4000, 5000], 0.95), 4]]);
    const seconds = await get('/analytics/trends?metric=video-seconds&interval=day&since=2026-10-25&until=2026-10-25&tz=Europe/Madrid');
    assert.deepEqual(seconds.buckets.map((b: any) => b.value), [48]);

    const hours = await get('/analytics/trends?interval=hour&since=2026-10-24T22:00:00Z&until=2026-10-25T23:00:00Z&tz=Europe/Madrid');
    assert.equal(hours.buckets.length, 25, 'the fall-back day has 25 hours');
    const twoAm = hours.buckets.filter((b: any) => b.local.startsWith('2026-10-25T02:'));
    assert.deepEqual(twoAm.map((b: any) => [b.local, b.value]), [['2026-10-25T02:00:00+02:00', 1], ['2026-10-25T02:00:00+01:00', 1]]);
    assert.equal(hours.buckets.reduce((a: number, b: any) => a + b.value, 0), 4);

    const springHours = await get('/analytics/trends?interval=hour&since=2026-03-29&until=2026-03-29&tz=Europe/Madrid');
    assert.equal(springHours.buckets.length, 23, 'the spring-forward day has 23 hours');
    assert.deepEqual(springHours.buckets.filter((b: any) => b.value > 0).map((b: any) => b.local), ['2026-03-29T01:00:00+01:00', '2026-03-29T03:00:00+02:00']);

    // The same instants in UTC fall in other days.
    const utc = await get('/analytics/trends?interval=day&since=2026-10-24&until=2026-10-25');
    assert.deepEqual(utc.buckets.map((b: any) => b.value), [2, 4]);
    const weeks = await get('/analytics/trends?interval=week&since=2026-10-19&until=2026-10-26&tz=Europe/Madrid');
    assert.deepEqual(weeks.buckets.map((b: any) => [b.local, b.value]), [['2026-10-19T00:00:00+02:00', 5], ['2026-10-26T00:00:00+01:00', 1]]);
  });

  test('bad parameters are 400s naming the field', async () => {
    for (const [path, field] of [
      ['/analytics/trends?tz=Mars/Olympus', 'tz'],
      ['/analytics/trends?metric=speed', 'metric'],
      ['/analytics/trends?interval=minute', 'interval'],
      ['/analytics/trends?interval=hour&since=2020-01-01&until=2026-01-01', 'since'],
      ['/analytics/trends?since=2026-02-30', 'since'],
      ['/analytics/trends?since=2026-10-02&until=2026-10-01', 'until'],
      ['/analytics/overview?since=yesterday', 'since'],
      ['/analytics/templates?until=2026-13-01', 'until'],
      ['/analytics/recent?limit=0', 'limit'],
      ['/analytics/recent?status=lost', 'status'],
    ] as const) {
      const r = await api(base, 'GET', path);
      assert.equal(r.status, 400, `${path}: ${JSON.stringify(r.body)}`);
      assert.ok(r.body.errors.some((e: any) => e.field.endsWith(field)), `${path} names ${field}: ${JSON.stringify(r.body.errors)}`);
    }
  });

  test('the job metrics follow the queue’s own writes (claim, complete, fail, retry)', async () => {
    // Only this test's jobs may be claimed.
    for (const j of (await get('/queue?status=queued')).jobs) await api(base, 'POST', `/queue/${j.jobId}/cancel`);
    const before = await get('/analytics/overview');
    const a = await api(base, 'POST', '/render', { location: 'Metrics A', template: 'pollution-alert', format: 'square', resolution: '360p' });
    const b = await api(base, 'POST', '/render', { location: 'Metrics B', template: 'pollution-alert', format: 'square', resolution: '360p' });
    assert.equal(a.status, 202);
    const jobs = svc.services.queue.jobs;
    const first = (await jobs.claim('test-worker', 30))!;
    const second = (await jobs.claim('test-worker', 30))!;
    assert.deepEqual([first.id, second.id].sort(), [a.body.jobId, b.body.jobId].sort());
    assert.ok(await jobs.complete(leaseOf('jobs', first), { videoKey: 'v', posterKey: 'p', output: JSON.stringify({ width: 640, height: 640, fps: 30, durationSec: 8, bytes: 777 }), renderMs: 4321 }));
    assert.equal(await jobs.fail(leaseOf('jobs', second), { code: 'render_failed', message: 'x' }, { retryable: false, retryDelayMs: 0 }), 'failed');
    const metrics = await svc.store.db.selectFrom('job_metrics').selectAll().where('job_id', 'in', [first.id, second.id]).execute();
    const m1 = metrics.find((m) => m.job_id === first.id)!;
    assert.equal(m1.status, 'completed');
    assert.equal(Number(m1.render_ms), 4321);
    assert.equal(Number(m1.video_sec), 8);
    assert.equal(Number(m1.frames), 240);
    assert.equal(m1.format, 'square');
    const waited = Date.parse(first.started_at!) - Date.parse(first.created_at);
    assert.equal(Number(m1.wait_ms), waited);
    const after = await get('/analytics/overview');
    assert.equal(after.jobs.byStatus.completed, before.jobs.byStatus.completed + 1);
    assert.equal(after.jobs.byStatus.failed, before.jobs.byStatus.failed + 1);
    assert.equal(after.renderMs.samples, before.renderMs.samples + 1);
    // A retry puts the job back in the queue; its first wait stays.
    await api(base, 'POST', `/queue/${second.id}/retry`);
    const m2 = await svc.store.db.selectFrom('job_metrics').selectAll().where('job_id', '=', second.id).executeTakeFirstOrThrow();
    assert.equal(m2.status, 'queued');
    assert.equal(Number(m2.wait_ms), Date.parse(second.started_at!) - Date.parse(second.created_at));
  });

  test('GraphQL gives the same figures', async () => {
    const r = await api(base, 'POST', '/graphql', {
      query: `{ analyticsOverview { jobs { total } renderMs { p95 samples } }
        analyticsTemplates { total templates { template format count share } }
        analyticsTrends(metric: completed, interval: day, since: "2026-10-24", until: "2026-10-25", tz: "Europe/Madrid") { metric interval buckets { local value } }
        p95: analyticsTrends(metric: render_time_p95, interval: day, since: "2026-10-24", until: "2026-10-25", tz: "Europe/Madrid") { metric }
        analyticsRecent(limit: 2) { jobId status }
        analyticsPerformance { failures { code count } } }`,
    });
    assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
    const rest = await get('/analytics/overview');
    assert.equal(r.body.data.analyticsOverview.jobs.total, rest.jobs.total);
    assert.deepEqual(r.body.data.analyticsOverview.renderMs, { p95: rest.renderMs.p95, samples: rest.renderMs.samples });
    assert.deepEqual(r.body.data.analyticsTrends.buckets.map((b: any) => b.value), [1, 4]);
    // Closed sets are enums: the GraphQL name of render-time-p95 both ways, the REST value to the service.
    assert.equal(r.body.data.p95.metric, 'render_time_p95');
    assert.equal(r.body.data.analyticsTrends.interval, 'day');
    assert.ok(r.body.data.analyticsTemplates.templates.every((t: any) => ['landscape', 'portrait', 'square'].includes(t.format)));
    assert.equal(r.body.data.analyticsRecent.length, 2);
    const bad = await api(base, 'POST', '/graphql', { query: '{ analyticsTrends(tz: "Nowhere/None") { tz } }' });
    assert.equal(bad.body.errors?.[0]?.extensions?.code, 'validation_failed');
  });
});
