/**
 * The S3 endpoint unreachable for 60 s (every connection refused, by a proxy
 * in front of s3rver) while renders run: downloads answer 503 problem+json
 * with Retry-After, /health says storage is down, the renders finish and their
 * upload is retried (not failed, no attempt used), and the bucket holds only
 * whole objects — each one a finished job's video, poster or storyboard (sprite and track).
 */
import assert from 'node:assert/strict';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { after, before, describe, test } from 'node:test';
import { tcpProxy, type TcpProxy } from './faults.js';
import { checkStoryboard } from './storyboard-check.js';
import { api, createTestEnv, SMALL, spawnService, startS3, STORE, until, waitForJob, type ChildService, type TestEnv } from './helpers.js';

const OUTAGE_MS = Number(process.env.AQCAST_TEST_S3_OUTAGE_SECONDS ?? 60) * 1000;

describe(`object storage unreachable for ${OUTAGE_MS / 1000} s (${STORE})`, () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let proxy: TcpProxy;
  let env: TestEnv;
  let svc: ChildService;

  before(async () => {
    s3 = await startS3();
    proxy = await tcpProxy(Number(new URL(s3.endpoint).port));
    env = await createTestEnv({ ...s3.env, S3_ENDPOINT: proxy.url, WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn' });
    svc = await spawnService('serve', env.env);
  });
  after(async () => {
    await svc?.stop('SIGKILL');
    await proxy?.close();
    await env?.cleanup();
    await s3?.close();
  });

  test('downloads 503, renders finish with their upload retried, nothing half-written in the bucket', async () => {
    const base = svc.baseUrl;
    const first = await waitForJob(base, (await api(base, 'POST', '/render', { location: 'Before', pm25: 12, ...SMALL })).body.jobId);
    assert.equal(first.status, 'completed');
    const jobs: string[] = [];
    for (let i = 0; i < 3; i++) jobs.push((await api(base, 'POST', '/render', { location: `During ${i}`, pm25: 30 + i * 40, ...SMALL })).body.jobId);
    await until(async () => {
      for (const id of jobs) if ((await api(base, 'GET', `/render/${id}`)).body.status === 'rendering') return true;
      return false;
    }, 'a render in flight', 120_000);
    await proxy.down();
    const downAt = Date.now();

    const videoPath = new URL(first.videoUrl).pathname;
    let checks = 0;
    while (Date.now() - downAt < OUTAGE_MS) {
      const t0 = Date.now();
      const res = await fetch(base + videoPath, { signal: AbortSignal.timeout(30_000) });
      const body = (await res.json()) as { code: string };
      assert.equal(res.status, 503, JSON.stringify(body));
      assert.match(res.headers.get('content-type') ?? '', /application\/problem\+json/);
      assert.equal(body.code, 'storage_unavailable');
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      assert.ok(Date.now() - t0 < 30_000);
      const health = await api(base, 'GET', '/health');
      assert.equal(health.status, 503);
      assert.deepEqual(health.body.storage, { ok: false, detail: 's3 storage unreachable' });
      assert.equal(health.body.store.ok, true);
      // No render is failed for the outage.
      for (const id of jobs) assert.notEqual((await api(base, 'GET', `/render/${id}`)).body.status, 'failed');
      assert.equal(svc.proc.exitCode, null);
      checks += 1;
      await new Promise((r) => setTimeout(r, 5000));
    }
    assert.ok(checks >= 2);
    await proxy.up();

    const done = [];
    for (const id of jobs) done.push(await waitForJob(base, id, 300_000));
    for (const j of done) {
      assert.equal(j.status, 'completed', JSON.stringify(j));
      assert.equal(j.attempts, 1, 'the outage used no attempt');
    }
    assert.match(svc.output(), /storage unreachable; the upload will be retried/);
    // Every object in the bucket is a whole video, poster or storyboard file of a finished job, and every finished job's files are there.
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'aqcast', Prefix: 'media/' }));
    client.destroy();
    const objects = (listed.Contents ?? []).map((o) => ({ key: o.Key ?? '', bytes: Number(o.Size ?? 0) }));
    assert.equal(objects.length, 4 * (done.length + 1), JSON.stringify(objects));
    for (const j of [first, ...done]) {
      const video = await fetch(base + new URL(j.videoUrl).pathname);
      const bytes = Buffer.from(await video.arrayBuffer());
      assert.equal(video.status, 200);
      assert.equal(bytes.length, j.output.bytes, 'the whole video');
      assert.ok(objects.some((o) => o.key.endsWith('.mp4') && o.bytes === j.output.bytes));
      await checkStoryboard(j, base);
    }
  });
});
