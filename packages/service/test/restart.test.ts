import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { api, createTestEnv, SMALL, spawnService, STORE, waitForJob, type ChildService, type TestEnv } from './helpers.js';

describe(`restart (${STORE})`, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  test('a job queued before a restart is rendered after it; jobs survive', async () => {
    const env: TestEnv = await createTestEnv();
    cleanup.push(() => env.cleanup());
    const first: ChildService = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '0' });
    cleanup.push(() => first.stop('SIGKILL'));
    const created = await api(first.baseUrl, 'POST', '/render', { location: 'Montevideo', pm25: 30, ...SMALL });
    assert.equal(created.status, 202);
    assert.equal(await first.stop('SIGTERM'), 0, first.output());

    const second = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '1' });
    cleanup.push(() => second.stop('SIGKILL'));
    const job = await waitForJob(second.baseUrl, created.body.jobId);
    assert.equal(job.status, 'completed');
    assert.equal(job.attempts, 1);
    const video = await fetch(job.videoUrl.replace(/^http:\/\/[^/]+/, second.baseUrl));
    assert.equal(video.status, 200);
    assert.ok(Number(video.headers.get('content-length')) > 1000);
    await second.stop();
  });

  test('without AQCAST_API_KEY a key is generated once, stored 0600, printed once and never logged', async () => {
    const env = await createTestEnv();
    cleanup.push(() => env.cleanup());
    const { AQCAST_API_KEY: _omit, ...noKey } = env.env;
    const first = await spawnService('serve', { ...noKey, AQCAST_API_KEY: '', WORKER_CONCURRENCY: '0', LOG_LEVEL: 'info' });
    cleanup.push(() => first.stop('SIGKILL'));
    const key = /\n\s+(aqk_[A-Za-z0-9_-]{40,})/.exec(first.output())?.[1];
    assert.ok(key, first.output());
    const file = join(env.dataDir, 'api-key');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const ok = await fetch(`${first.baseUrl}/renders`, { headers: { 'x-api-key': key } });
    assert.equal(ok.status, 200);
    await fetch(`${first.baseUrl}/renders`, { headers: { 'x-api-key': 'wrong-wrong-wrong-wrong' } });
    await first.stop();
    const occurrences = first.output().split(key).length - 1;
    assert.equal(occurrences, 1, 'printed exactly once, never logged');

    const second = await spawnService('serve', { ...noKey, AQCAST_API_KEY: '', WORKER_CONCURRENCY: '0' });
    cleanup.push(() => second.stop('SIGKILL'));
    assert.ok(!second.output().includes(key), 'not printed again');
    assert.equal((await fetch(`${second.baseUrl}/renders`, { headers: { 'x-api-key': key } })).status, 200);
    await second.stop();
  });
});
