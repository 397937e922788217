/**
 * Two API processes (WORKER_CONCURRENCY=0) and two worker processes on one
 * PostgreSQL database and one S3-protocol bucket, as on four machines: 40
 * renders submitted through both APIs each complete exactly once, every video
 * downloads through the other API, and a worker killed with SIGKILL in the
 * middle of a render has its job finished by the other.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { api, createTestEnv, SMALL, spawnService, startS3, STORE, until, waitForJob, type ChildService, type TestEnv } from '../helpers.js';
import { checkStoryboard } from '../storyboard-check.js';

describe(`four processes on PostgreSQL and S3 (${STORE})`, () => {
  let env: TestEnv;
  let s3: Awaited<ReturnType<typeof startS3>>;
  const apis: ChildService[] = [];
  const workers: ChildService[] = [];
  let db: pg.Client;

  before(async () => {
    assert.equal(STORE, 'postgres', 'this suite runs on PostgreSQL');
    s3 = await startS3();
    env = await createTestEnv({ ...s3.env, WORKER_LEASE_SECONDS: '3', WORKER_POLL_MS: '200', LOG_LEVEL: 'warn' });
    for (let i = 0; i < 2; i++) apis.push(await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '0' }));
    for (const id of ['node-a', 'node-b']) workers.push(await spawnService('worker', { ...env.env, WORKER_CONCURRENCY: '1', WORKER_ID: id }));
    db = new pg.Client({ connectionString: env.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    for (const p of [...apis, ...workers]) await p.stop('SIGKILL');
    await env?.cleanup();
    await s3?.close();
  });

  test('40 renders through two APIs: each completed exactly once, every video served by the other API; a killed worker loses no job', async () => {
    const submitted: { id: string; via: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const via = i % 2;
      const r = await api(apis[via]!.baseUrl, 'POST', '/render', { location: `Ciudad ${i}`, pm25: 5 + i * 4, ...SMALL });
      assert.equal(r.status, 202, JSON.stringify(r.body));
      submitted.push({ id: r.body.jobId, via });
    }

    // Kill worker A in the middle of one of its renders.
    const victim = await until(async () => {
      const r = await db.query<{ id: string }>("select id from jobs where status = 'rendering' and lease_owner like 'node-a#%' limit 1");
      return r.rows[0]?.id ?? null;
    }, 'worker A rendering something', 120_000);
    await workers[0]!.stop('SIGKILL');

    const jobs = [];
    for (const s of submitted) jobs.push({ ...(await waitForJob(apis[1 - s.via]!.baseUrl, s.id, 300_000)), via: s.via });
    assert.deepEqual(jobs.filter((j) => j.status !== 'completed').map((j) => `${j.jobId} ${j.status} ${JSON.stringify(j.error)}`), []);
    const killed = jobs.find((j) => j.jobId === victim)!;
    assert.equal(killed.attempts, 2, 'the killed attempt expired and the other worker rendered it');

    // Exactly once: one completion each, by a known worker; B finished the victim.
    const finished = await db.query<{ id: string; finished_by: string }>('select id, finished_by from jobs');
    assert.equal(finished.rows.length, 40);
    assert.ok(finished.rows.every((r) => /^node-[ab]#0$/.test(r.finished_by)));
    assert.equal(finished.rows.find((r) => r.id === victim)!.finished_by, 'node-b#0');
    const events = await db.query<{ n: string }>("select count(*) as n from webhook_events where type = 'render.completed'");
    assert.ok(Number(events.rows[0]!.n) <= 40, 'no job announced twice');

    // Every video downloads through the API it was not submitted to, from the shared bucket.
    for (const j of jobs) {
      const other = apis[1 - j.via]!.baseUrl;
      const url = j.videoUrl.replace(/^http:\/\/[^/]+/, other);
      const res = await fetch(url, { headers: { range: 'bytes=0-7' } });
      assert.equal(res.status, 206, url);
      assert.equal(Buffer.from(await res.arrayBuffer()).subarray(4, 8).toString('latin1'), 'ftyp', 'an MP4');
    }
    // The storyboard too, from the bucket through the other API.
    const sample = jobs[0];
    assert.ok(sample);
    await checkStoryboard(sample, apis[1 - sample.via]?.baseUrl);
  });

  test('with FILES_DELIVERY=redirect the API answers with a short-lived presigned URL to the bucket', async () => {
    const redirecting = await spawnService('serve', { ...env.env, WORKER_CONCURRENCY: '0', FILES_DELIVERY: 'redirect', FILES_PRESIGN_SECONDS: '60' });
    try {
      const { rows } = await db.query<{ file_token: string }>("select file_token from jobs where status = 'completed' limit 1");
      const res = await fetch(`${redirecting.baseUrl}/files/${rows[0]!.file_token}/video.mp4`, { redirect: 'manual' });
      assert.equal(res.status, 302);
      const location = res.headers.get('location')!;
      assert.ok(location.startsWith(s3.endpoint), location);
      assert.match(location, /X-Amz-Expires=60/);
      const video = await fetch(location);
      assert.equal(video.status, 200);
      assert.ok((await video.arrayBuffer()).byteLength > 1000);
      // The storyboard's track is served by the API (its sprite URL is relative to it); the sprite redirects to the bucket like the video.
      const token = rows[0]?.file_token;
      const track = await fetch(`${redirecting.baseUrl}/files/${token}/storyboard.vtt`, { redirect: 'manual' });
      assert.equal(track.status, 200);
      assert.match(await track.text(), /^WEBVTT\n\n00:00:00\.000 --> 00:00:01\.000\nstoryboard\.jpg#xywh=0,0,160,90\n/);
      const sprite = await fetch(`${redirecting.baseUrl}/files/${token}/storyboard.jpg`, { redirect: 'manual' });
      assert.equal(sprite.status, 302);
      assert.ok(sprite.headers.get('location')?.startsWith(s3.endpoint));
      // Followed as a player would: the track's relative sprite URL, through the redirect, is the JPEG in the bucket.
      const { rows: done } = await db.query<{ id: string }>('select id from jobs where file_token = $1', [token]);
      await checkStoryboard((await api(redirecting.baseUrl, 'GET', `/render/${done[0]?.id}`)).body);
    } finally {
      await redirecting.stop('SIGKILL');
    }
  });
});
