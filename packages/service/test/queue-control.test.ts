import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { workerPoolOf } from '../src/modules/queue/index.js';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, SMALL, spawnService, startTestService, STORE, until, waitForJob, type ChildService, type TestEnv } from './helpers.js';


describe(`queue control (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;

  before(async () => {
    env = await createTestEnv();
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1' });
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('stats shows counts, the paused flag and this process’s worker', async () => {
    const r = await api(base, 'GET', '/queue/stats');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body.counts).sort(), ['canceled', 'completed', 'failed', 'queued', 'rendering']);
    assert.equal(r.body.paused, false);
    assert.equal(r.body.workers.length, 1);
    assert.equal(r.body.workers[0].pid, process.pid);
    assert.equal(r.body.throughput.windowSec, 3600);
  });

  test('pause holds new work, priorities order the queue, resume runs it; runAt delays a start', async () => {
    assert.deepEqual((await api(base, 'POST', '/queue/pause')).body, { paused: true });
    const low = await api(base, 'POST', '/queue', { location: 'Low', priority: -5, ...SMALL });
    const high = await api(base, 'POST', '/queue', { location: 'High', priority: 10, ...SMALL });
    const later = await api(base, 'POST', '/queue', { location: 'Later', priority: 50, runAt: new Date(Date.now() + 4000).toISOString(), ...SMALL });
    assert.equal(low.status, 202, JSON.stringify(low.body));
    assert.equal(high.body.priority, 10);
    await new Promise((r) => setTimeout(r, 700));
    assert.equal((await api(base, 'GET', `/queue/${low.body.jobId}`)).body.status, 'queued', 'paused: nothing starts');
    assert.equal((await api(base, 'GET', '/queue/stats')).body.paused, true);
    await api(base, 'POST', '/queue/resume');
    const [l, h] = [await waitForJob(base, low.body.jobId), await waitForJob(base, high.body.jobId)];
    assert.ok(h.startedAt < l.startedAt, 'higher priority started first');
    const lt = await waitForJob(base, later.body.jobId);
    assert.ok(Date.parse(lt.startedAt) >= Date.parse(later.body.runAt), 'not started before runAt');
    const bad = await api(base, 'POST', '/queue', { location: 'X', priority: 1.5, runAt: 'soon', pm25: -1 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: any) => e.field).sort(), ['pm25', 'priority', 'runAt']);
  });

  test('cancel: queued → canceled; rendering → canceled within a second with no partial file; finished → 409', async () => {
    await api(base, 'POST', '/queue/pause');
    const queued = await api(base, 'POST', '/queue', { location: 'Cancel me', ...SMALL });
    const c1 = await api(base, 'POST', `/queue/${queued.body.jobId}/cancel`);
    assert.equal(c1.status, 200);
    assert.equal(c1.body.status, 'canceled');
    await api(base, 'POST', '/queue/resume');

    const long = await api(base, 'POST', '/render', { location: 'Long render', pm25: 50, resolution: '1080p' });
    await until(async () => (await api(base, 'GET', `/render/${long.body.jobId}`)).body.progress > 0.05, 'render progress');
    const t0 = Date.now();
    const c2 = await api(base, 'POST', `/queue/${long.body.jobId}/cancel`);
    assert.equal(c2.body.status, 'canceled');
    await until(async () => (workerPoolOf(svc.services.queue)!.activeJobs.includes(long.body.jobId) ? null : true), 'render stopped', 5000);
    assert.ok(Date.now() - t0 < 1500, `stopped in ${Date.now() - t0} ms`);
    const leftovers = readdirSync(join(env.dataDir, 'media', 'videos')).filter((f) => !f.endsWith('.mp4') || f.includes('tmp') || f.includes('part'));
    assert.deepEqual(leftovers, [], 'partial files removed');
    const again = await api(base, 'POST', `/queue/${long.body.jobId}/cancel`);
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'invalid_state');
    const done = await waitForJob(base, (await api(base, 'POST', '/render', { location: 'Done', ...SMALL })).body.jobId);
    assert.equal((await api(base, 'POST', `/queue/${done.jobId}/cancel`)).status, 409);
    assert.equal((await api(base, 'POST', `/queue/job_nope/cancel`)).status, 404);
  });

  test('retry: a canceled job goes back to queued and completes; queued/completed → 409', async () => {
    await api(base, 'POST', '/queue/pause');
    const j = await api(base, 'POST', '/queue', { location: 'Retry me', ...SMALL });
    assert.equal((await api(base, 'POST', `/queue/${j.body.jobId}/retry`)).status, 409, 'queued cannot be retried');
    await api(base, 'POST', `/queue/${j.body.jobId}/cancel`);
    const r = await api(base, 'POST', `/queue/${j.body.jobId}/retry`);
    assert.equal(r.body.status, 'queued');
    await api(base, 'POST', '/queue/resume');
    const done = await waitForJob(base, j.body.jobId);
    assert.equal(done.status, 'completed');
    assert.equal((await api(base, 'POST', `/queue/${j.body.jobId}/retry`)).status, 409, 'completed cannot be retried');
    const list = await api(base, 'GET', '/queue?status=completed&limit=2');
    assert.equal(list.body.jobs.length, 2);
    assert.ok(list.body.nextCursor);
  });
});

describe(`failures and retries across processes (${STORE})`, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  test('an ffmpeg failure is retried with backoff up to maxAttempts, then failed; retry re-queues it', async () => {
    const env = await createTestEnv({ FFMPEG_PATH: '/bin/false', WORKER_CONCURRENCY: '1' });
    const child = await spawnService('serve', env.env);
    cleanup.push(async () => {
      await child.stop('SIGKILL');
      await env.cleanup();
    });
    const created = await api(child.baseUrl, 'POST', '/queue', { location: 'Broken', maxAttempts: 2, ...SMALL });
    const failed = await waitForJob(child.baseUrl, created.body.jobId, 60_000);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.attempts, 2);
    assert.equal(failed.error.code, 'ffmpeg_failed');
    const retried = await api(child.baseUrl, 'POST', `/queue/${created.body.jobId}/retry`);
    assert.equal(retried.body.status, 'queued');
    const again = await waitForJob(child.baseUrl, created.body.jobId, 60_000);
    assert.equal(again.status, 'failed');
    assert.equal(again.attempts, 3, 'attempts are counted across retries');
  });

  test('pause and resume are obeyed by a worker in another process', async () => {
    const env = await createTestEnv();
    const apiProc = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '0' });
    const worker = await spawnService('worker', { ...env.env, WORKER_CONCURRENCY: '1', WORKER_ID: 'remote-worker' });
    cleanup.push(async () => {
      await apiProc.stop('SIGKILL');
      await worker.stop('SIGKILL');
      await env.cleanup();
    });
    await api(apiProc.baseUrl, 'POST', '/queue/pause');
    const j = await api(apiProc.baseUrl, 'POST', '/render', { location: 'Remote', ...SMALL });
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await api(apiProc.baseUrl, 'GET', `/render/${j.body.jobId}`)).body.status, 'queued');
    await api(apiProc.baseUrl, 'POST', '/queue/resume');
    const done = await waitForJob(apiProc.baseUrl, j.body.jobId);
    assert.equal(done.status, 'completed');
    const stats = await api(apiProc.baseUrl, 'GET', '/queue/stats');
    assert.ok(stats.body.workers.some((w: any) => w.id.startsWith('remote-worker')), JSON.stringify(stats.body.workers));
    assert.equal(await worker.stop('SIGTERM'), 0);
  });

  test('SIGKILL during a render: the job completes on the next attempt (attempts = 2) and is served', async () => {
    const env = await createTestEnv({ WORKER_LEASE_SECONDS: '2' });
    const first: ChildService = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '1' });
    cleanup.push(async () => {
      await first.stop('SIGKILL');
      await env.cleanup();
    });
    const j = await api(first.baseUrl, 'POST', '/render', { location: 'Crash test', pm25: 140, resolution: '1080p' });
    await until(async () => (await api(first.baseUrl, 'GET', `/render/${j.body.jobId}`)).body.progress > 0.05, 'progress before the kill');
    await first.stop('SIGKILL');
    // SQLite: the same service restarts; PostgreSQL: a different worker process takes over.
    const next =
      STORE === 'sqlite'
        ? await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '1' })
        : await spawnService('worker', { ...env.env, WORKER_CONCURRENCY: '1', WORKER_ID: 'takeover' });
    cleanup.push(() => next.stop('SIGKILL'));
    let apiBase = next.baseUrl;
    if (STORE === 'postgres') {
      const apiProc = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '0' });
      cleanup.push(() => apiProc.stop('SIGKILL'));
      apiBase = apiProc.baseUrl;
    }
    const done = await waitForJob(apiBase, j.body.jobId, 120_000);
    assert.equal(done.status, 'completed', JSON.stringify(done.error));
    assert.equal(done.attempts, 2);
    const video = await fetch(done.videoUrl.replace(/^http:\/\/[^/]+/, apiBase));
    assert.equal(video.status, 200);
    assert.equal(Number(video.headers.get('content-length')), done.output.bytes);
  });
});
