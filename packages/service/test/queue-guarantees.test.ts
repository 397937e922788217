import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { EventBus } from '../src/core/events.js';
import { leaseOf, renewLease } from '../src/core/lease/lease.js';
import { openStore } from '../src/core/store/database.js';
import { QueueService } from '../src/modules/queue/index.js';
import { RenderService } from '../src/modules/renders/index.js';
import { migrate } from '../src/server.js';
import { api, createTestEnv, SMALL, spawnService, STORE, waitForJob, type ChildService } from './helpers.js';

describe(`queue guarantees (${STORE})`, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  test('a stale worker whose lease was taken over cannot overwrite the new attempt', async () => {
    const env = await createTestEnv();
    const store = await openStore(env.databaseUrl);
    cleanup.push(async () => {
      await store.close();
      await env.cleanup();
    });
    await migrate(store);
    const queue = new QueueService(store, { publicBaseUrl: () => 'http://x', defaultMaxAttempts: 3, leaseSeconds: 1, events: new EventBus() });
    const renders = new RenderService(queue);
    const jobs = queue.jobs;
    const job = await renders.create({ location: 'Fence', ...SMALL });

    const a = await jobs.claim('worker-a', 1);
    assert.equal(a?.id, job.jobId);
    assert.equal(await jobs.claim('worker-b', 1), null, 'leased: nobody else can claim');
    await new Promise((r) => setTimeout(r, 1200));
    const b = await jobs.claim('worker-b', 1);
    assert.equal(b?.attempts, 2, 'expired lease: taken over as attempt 2');
    assert.equal(Number(b?.lease_token), Number(a?.lease_token) + 1, 'a new fencing token');

    const staleA = leaseOf('jobs', a!);
    assert.equal(await renewLease(store.db, staleA, 1000, { progress: 0.9 }), false);
    assert.equal(await jobs.complete(staleA, { videoKey: 'videos/stale.mp4', posterKey: 'posters/stale.png', output: '{}', renderMs: 1 }), false);
    assert.equal(await jobs.fail(staleA, { code: 'x', message: 'late failure' }, { retryable: true, retryDelayMs: 0 }), 'lost');
    assert.equal(await jobs.release(staleA), false);
    // The same owner claiming again still gets a new token: its old attempt stays fenced out.
    assert.equal(await jobs.complete({ ...staleA, owner: 'worker-b' }, { videoKey: 'v', posterKey: 'p', output: '{}', renderMs: 1 }), false);
    let row = await renders.get(job.jobId);
    assert.deepEqual([row.status, row.attempts, row.error, row.progress], ['rendering', 2, null, 0]);

    const leaseB = leaseOf('jobs', b!);
    assert.equal(await renewLease(store.db, leaseB, 1000, { progress: 0.5 }), true);
    assert.equal((await renders.get(job.jobId)).progress, 0.5);
    assert.equal(await jobs.complete(leaseB, { videoKey: 'videos/b.mp4', posterKey: 'posters/b.png', output: JSON.stringify({ width: 1, height: 1, fps: 30, durationSec: 1, bytes: 1 }), renderMs: 5 }), true);
    row = await renders.get(job.jobId);
    assert.deepEqual([row.status, row.attempts, row.renderMs], ['completed', 2, 5]);
    assert.equal(await jobs.complete(staleA, { videoKey: 'v', posterKey: 'p', output: '{}', renderMs: 1 }), false, 'still fenced out after completion');
  });

  test('two worker processes × 40 jobs: every job completes exactly once', async () => {
    const env = await createTestEnv({ LOG_LEVEL: 'info' });
    const apiProc = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '0' });
    const workers: ChildService[] = [];
    for (const id of ['w1', 'w2']) workers.push(await spawnService('worker', { ...env.env, WORKER_CONCURRENCY: '1', WORKER_ID: id }));
    cleanup.push(async () => {
      for (const p of [apiProc, ...workers]) await p.stop('SIGKILL');
      await env.cleanup();
    });
    const items = Array.from({ length: 40 }, (_, i) => ({ location: `Ciudad ${i}`, pm25: 5 + i * 3, ...SMALL }));
    const batch = await api(apiProc.baseUrl, 'POST', '/batch', { items });
    assert.equal(batch.status, 202);
    const jobs = [];
    for (const j of batch.body.jobs) jobs.push(await waitForJob(apiProc.baseUrl, j.jobId, 240_000));
    assert.ok(jobs.every((j) => j.status === 'completed'), 'all completed');
    assert.ok(jobs.every((j) => j.attempts === 1), 'no job was claimed twice');
    for (const w of workers) assert.equal(await w.stop('SIGTERM'), 0);

    // Each worker logs one "render started" per attempt it runs: count them across processes.
    const starts = new Map<string, number>();
    const perWorker = workers.map((w) => {
      let n = 0;
      for (const line of w.output().split('\n')) {
        if (!line.startsWith('{')) continue;
        const rec = JSON.parse(line) as { msg?: string; jobId?: string };
        if (rec.msg === 'render started' && rec.jobId) {
          starts.set(rec.jobId, (starts.get(rec.jobId) ?? 0) + 1);
          n++;
        }
      }
      return n;
    });
    assert.equal(starts.size, 40);
    assert.ok([...starts.values()].every((n) => n === 1), 'rendered exactly once each');
    assert.ok(perWorker.every((n) => n > 0), `both workers rendered: ${perWorker.join(' + ')}`);
    const files = readdirSync(join(env.dataDir, 'media', 'videos')).filter((f) => f.endsWith('.mp4'));
    assert.equal(files.length, 40, 'one output file per job');
  });
});
