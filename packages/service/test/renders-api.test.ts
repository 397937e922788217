import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findFfprobe } from '@aqcast/engine';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, SMALL, startTestService, STORE, TEST_API_KEY, waitForJob, type TestEnv } from './helpers.js';
import { checkStoryboard } from './storyboard-check.js';

function ffprobe(buf: Buffer): { codec_name: string; width: number; height: number; pix_fmt: string } {
  // From a file: on a pipe ffprobe stops reading once the index at the front has told
  // it enough, and writing the rest of the MP4 then fails with EPIPE.
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-probe-'));
  try {
    const file = join(dir, 'video.mp4');
    writeFileSync(file, buf);
    const out = execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,pix_fmt', '-of', 'json', file]);
    return (JSON.parse(out.toString()) as { streams: [{ codec_name: string; width: number; height: number; pix_fmt: string }] }).streams[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe(`render API (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;

  before(async () => {
    env = await createTestEnv();
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1', BODY_LIMIT_BYTES: '65536' });
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('ping is public and reports the version', async () => {
    const r = await fetch(`${base}/ping`);
    assert.equal(r.status, 200);
    const body = (await r.json()) as { ok: boolean; version: string; uptime: number };
    assert.deepEqual([body.ok, body.version], [true, '2.1.0']);
    assert.equal(typeof body.uptime, 'number');
  });

  test('health checks store, storage and ffmpeg', async () => {
    const r = await api(base, 'GET', '/health', undefined, { 'x-api-key': '' });
    assert.equal(r.status, 200);
    assert.equal(r.body.ok, true);
    assert.equal(r.body.store.detail, STORE);
  });

  test('401 problem+json without a key and with a wrong key', async () => {
    for (const headers of [{ 'x-api-key': '' }, { 'x-api-key': 'wrong-key-wrong-key' }]) {
      const r = await api(base, 'GET', '/renders', undefined, headers);
      assert.equal(r.status, 401);
      assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/);
      assert.equal(r.body.code, 'unauthorized');
      assert.equal(r.body.status, 401);
      assert.ok(r.body.type && r.body.title && r.body.detail);
    }
  });

  test('full life cycle: POST /render → completed → MP4 served with Range', async () => {
    const created = await api(base, 'POST', '/render', { location: 'Santiago', pm25: 87.4, no2: 42, temperature: 9, ...SMALL });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.status, 'queued');
    assert.equal(created.body.template, 'daily-report');
    assert.equal(created.body.compositionId, 'daily-report');
    assert.equal(created.body.params.temperatura, 9, 'temperature is an alias of temperatura');
    const job = await waitForJob(base, created.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.progress, 1);
    assert.equal(job.attempts, 1);
    assert.match(job.videoUrl, new RegExp(`^${base}/files/[A-Za-z0-9_-]{30,}/video\\.mp4$`));
    assert.deepEqual([job.output.width, job.output.height, job.output.fps], [640, 360, 30]);

    // Files are public (no key) under the unguessable URL.
    const full = await fetch(job.videoUrl);
    assert.equal(full.status, 200);
    assert.equal(full.headers.get('content-type'), 'video/mp4');
    assert.equal(full.headers.get('accept-ranges'), 'bytes');
    const etag = full.headers.get('etag');
    assert.ok(etag);
    const bytes = Buffer.from(await full.arrayBuffer());
    assert.equal(bytes.length, job.output.bytes);
    const probe = ffprobe(bytes);
    assert.deepEqual([probe.codec_name, probe.width, probe.height, probe.pix_fmt], ['h264', 640, 360, 'yuv420p']);

    const part = await fetch(job.videoUrl, { headers: { range: 'bytes=100-199' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 100-199/${bytes.length}`);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), bytes.subarray(100, 200));
    const tail = await fetch(job.videoUrl, { headers: { range: 'bytes=-50' } });
    assert.equal(tail.status, 206);
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), bytes.subarray(bytes.length - 50));
    const past = await fetch(job.videoUrl, { headers: { range: `bytes=${bytes.length + 10}-` } });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${bytes.length}`);
    assert.equal(((await past.json()) as { code: string }).code, 'range_not_satisfiable');
    const head = await fetch(job.videoUrl, { method: 'HEAD' });
    assert.equal(head.headers.get('content-length'), String(bytes.length));
    // fetch() adds `cache-control: no-cache` to conditional requests unless one is given.
    const notModified = await fetch(job.videoUrl, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    assert.equal(notModified.status, 304);

    const poster = await fetch(job.posterUrl);
    assert.equal(poster.status, 200);
    assert.equal(poster.headers.get('content-type'), 'image/png');

    const wrongToken = await fetch(job.videoUrl.replace(/files\/[^/]+/, 'files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    assert.equal(wrongToken.status, 404);

    // The storyboard: 15 thumbnails of 160×90, ten to a row.
    const storyboard = await checkStoryboard(job);
    assert.deepEqual([storyboard.cues.length, storyboard.columns, storyboard.rows, storyboard.spriteWidth, storyboard.spriteHeight], [15, 10, 2, 1600, 180]);
    const wrongSprite = await fetch(job.storyboardUrl.replace(/files\/[^/]+/, 'files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    assert.equal(wrongSprite.status, 404);
  });

  test('a portrait render has a storyboard of portrait thumbnails, in REST and GraphQL', async () => {
    const created = await api(base, 'POST', '/render', { location: 'Quito', pm25: 22, format: 'portrait', template: 'social-clip', ...SMALL });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.storyboardUrl, null, 'no storyboard before the render is done');
    assert.equal(created.body.storyboardVttUrl, null);
    const job = await waitForJob(base, created.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const storyboard = await checkStoryboard(job);
    assert.deepEqual([storyboard.cues[0]?.w, storyboard.cues[0]?.h], [90, 160]);
    assert.equal(storyboard.cues.length, Math.ceil(job.output.durationSec));
    const gql = await api(base, 'POST', '/graphql', { query: 'query($id: ID!) { render(id: $id) { storyboardUrl storyboardVttUrl } }', variables: { id: job.jobId } });
    assert.deepEqual(gql.body, { data: { render: { storyboardUrl: job.storyboardUrl, storyboardVttUrl: job.storyboardVttUrl } } });
  });

  test('an identical request reuses the stored output but is its own job', async () => {
    const params = { location: 'Lima', pm25: 12.3, ...SMALL };
    const a = await waitForJob(base, (await api(base, 'POST', '/render', params)).body.jobId);
    const b = await waitForJob(base, (await api(base, 'POST', '/render', params)).body.jobId);
    assert.equal(a.status, 'completed');
    assert.equal(b.status, 'completed');
    assert.notEqual(a.jobId, b.jobId);
    assert.notEqual(a.videoUrl, b.videoUrl, 'each job has its own URL');
    assert.equal(b.renderMs, 0, 'the second job did not render again');
    assert.equal(b.output.bytes, a.output.bytes);
    assert.notEqual(a.storyboardUrl, b.storyboardUrl, 'each job has its own storyboard URL');
    const [sa, sb] = [await checkStoryboard(a), await checkStoryboard(b)];
    assert.deepEqual(sb.cues.map((c) => [c.start, c.end, c.x, c.y]), sa.cues.map((c) => [c.start, c.end, c.x, c.y]), 'the reused storyboard');
  });

  const badInputs: [string, unknown, string][] = [
    ['missing location', { pm25: 10 }, 'location'],
    ['negative pm25', { location: 'X', pm25: -1 }, 'pm25'],
    ['wrong type', { location: 'X', pm25: 'lots' }, 'pm25'],
    ['template differs from compositionId', { location: 'X', template: 'daily-report', compositionId: 'social-clip' }, 'compositionId'],
    ['bad language', { location: 'X', language: 'fr' }, 'language'],
    ['bad format', { location: 'X', format: 'wide' }, 'format'],
    ['not an object', [1, 2], '(root)'],
    ['unknown field', { location: 'X', pm2_5: 10 }, 'pm2_5'],
  ];
  for (const [name, body, field] of badInputs) {
    test(`400 problem+json naming the field: ${name}`, async () => {
      const before = await api(base, 'GET', '/renders?limit=500');
      const r = await api(base, 'POST', '/render', body);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.code, 'validation_failed');
      assert.ok(Array.isArray(r.body.errors), 'lists the bad fields');
      assert.ok(r.body.errors.some((e: { field: string }) => e.field === field || e.field.startsWith(field)), `names ${field}: ${JSON.stringify(r.body.errors)}`);
      const afterList = await api(base, 'GET', '/renders?limit=500');
      assert.equal(afterList.body.jobs.length, before.body.jobs.length, 'nothing written');
    });
  }

  test('400 unknown template names the known templates', async () => {
    const r = await api(base, 'POST', '/render', { location: 'X', template: 'nope' });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'unknown_template');
    assert.match(r.body.detail, /daily-report/);
  });

  test('400 for malformed JSON, 413 over the body limit, 415 for a wrong content type', async () => {
    const bad = await api(base, 'POST', '/render', '{"location":', {});
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid_json');
    const big = await api(base, 'POST', '/render', { location: 'X', pad: 'x'.repeat(70_000) });
    assert.equal(big.status, 413);
    assert.equal(big.body.code, 'payload_too_large');
    const res = await fetch(`${base}/render`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'text/xml' }, body: '<x/>' });
    assert.equal(res.status, 415);
    assert.match(((await res.json()) as { detail: string }).detail, /Content-Type "text\/xml".*application\/json/);
    // A body without any Content-Type (curl --data-binary without -H) is told to send JSON.
    const bare = await fetch(`${base}/render`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: new Blob(['{"location":"X"}']) });
    assert.equal(bare.status, 415);
    const problem = (await bare.json()) as { code: string; detail: string };
    assert.equal(problem.code, 'unsupported_media_type');
    assert.match(problem.detail, /without a Content-Type; send JSON with "Content-Type: application\/json"/);
  });

  test('404 for an unknown job', async () => {
    const r = await api(base, 'GET', '/render/job_doesnotexist');
    assert.equal(r.status, 404);
    assert.equal(r.body.code, 'not_found');
  });

  test('batch: all-or-nothing, index named; a good batch queues every item', async () => {
    const countBefore = (await api(base, 'GET', '/renders?limit=500')).body.jobs.length;
    // Shapes and ranges are checked first (the contract's schema), for every item at once…
    const bad = await api(base, 'POST', '/batch', { items: [{ location: 'A', ...SMALL }, { location: 'B', pm25: -5 }, { location: 'C', no2: 'high' }] });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field).sort(), ['items[1].pm25', 'items[2].no2'], JSON.stringify(bad.body.errors));
    // …then the rules across fields (a known template, aliases that agree), naming every bad item.
    const rules = await api(base, 'POST', '/batch', [{ location: 'A', ...SMALL }, { location: 'B', template: 'nope' }, { location: 'C', template: 'daily-report', compositionId: 'social-clip' }]);
    assert.equal(rules.status, 400);
    assert.match(rules.body.detail, /index 1, 2/);
    assert.ok(rules.body.errors.some((e: { field: string }) => e.field.startsWith('items[2].')), JSON.stringify(rules.body.errors));
    assert.equal((await api(base, 'GET', '/renders?limit=500')).body.jobs.length, countBefore, 'nothing written');

    const good = await api(base, 'POST', '/batch', [{ location: 'Quito', pm10: 40, ...SMALL, format: 'square' }, { location: 'Bogotá', compositionId: 'social-clip', ...SMALL, format: 'portrait' }]);
    assert.equal(good.status, 202, JSON.stringify(good.body));
    assert.match(good.body.batchId, /^bat_/);
    assert.equal(good.body.jobs.length, 2);
    const listed = await api(base, 'GET', `/renders?batchId=${good.body.batchId}`);
    assert.deepEqual(listed.body.jobs.map((j: { jobId: string }) => j.jobId).sort(), good.body.jobs.map((j: { jobId: string }) => j.jobId).sort());
    const [sq, pt] = await Promise.all(good.body.jobs.map((j: { jobId: string }) => waitForJob(base, j.jobId)));
    assert.deepEqual([sq.status, sq.output.width, sq.output.height], ['completed', 360, 360]);
    assert.deepEqual([pt.status, pt.output.width, pt.output.height, pt.template], ['completed', 360, 640, 'social-clip']);
  });

  test('list: filters and cursor pagination visit every job once', async () => {
    const batch = await api(base, 'POST', '/batch', Array.from({ length: 7 }, (_, i) => ({ location: `Pagetown ${i}`, ...SMALL })));
    assert.equal(batch.status, 202);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { body: { jobs: { jobId: string }[]; nextCursor: string | null } } = await api(base, 'GET', `/renders?batchId=${batch.body.batchId}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...r.body.jobs.map((j) => j.jobId));
      cursor = r.body.nextCursor;
    } while (cursor);
    assert.equal(seen.length, 7);
    assert.equal(new Set(seen).size, 7);
    const byLocation = await api(base, 'GET', '/renders?location=pagetown%203');
    assert.equal(byLocation.body.jobs.length, 1);
    const byTemplate = await api(base, 'GET', '/renders?template=social-clip');
    assert.ok(byTemplate.body.jobs.every((j: { template: string }) => j.template === 'social-clip'));
    const future = await api(base, 'GET', '/renders?since=2999-01-01');
    assert.equal(future.body.jobs.length, 0);
    const bad = await api(base, 'GET', '/renders?status=bogus&limit=0');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field).sort(), ['limit']);
    const badStatus = await api(base, 'GET', '/renders?status=bogus');
    assert.equal(badStatus.status, 400);
    assert.equal(badStatus.body.errors[0].field, 'status');
    const badCursor = await api(base, 'GET', '/renders?cursor=zzz');
    assert.equal(badCursor.status, 400);
  });

  test('Idempotency-Key: a replay returns the first response; other params → 409', async () => {
    const key = `idem-${Date.now()}`;
    const first = await api(base, 'POST', '/render', { location: 'Recife', ...SMALL }, { 'idempotency-key': key });
    const replay = await api(base, 'POST', '/render', { location: 'Recife', ...SMALL }, { 'idempotency-key': key });
    assert.equal(first.status, 202);
    assert.equal(replay.status, 202);
    assert.equal(replay.body.jobId, first.body.jobId);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    const conflict = await api(base, 'POST', '/render', { location: 'Natal', ...SMALL }, { 'idempotency-key': key });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.code, 'idempotency_conflict');
  });

  test('CORS: a browser page on another origin may call the API with its key', async () => {
    const pre = await fetch(`${base}/render`, { method: 'OPTIONS', headers: { origin: 'https://dashboard.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key,content-type,idempotency-key' } });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-Api-Key/i);
    const get = await fetch(`${base}/renders?limit=1`, { headers: { origin: 'https://dashboard.example', 'x-api-key': TEST_API_KEY } });
    assert.equal(get.headers.get('access-control-allow-origin'), '*');
    assert.match(get.headers.get('access-control-expose-headers') ?? '', /x-request-id/);
  });

  test('templates lists at least four templates with their formats', async () => {
    const r = await api(base, 'GET', '/templates');
    assert.equal(r.status, 200);
    const ids = r.body.templates.map((t: { id: string }) => t.id);
    for (const id of ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief']) assert.ok(ids.includes(id), id);
    assert.ok(r.body.templates.every((t: { formats: string[] }) => t.formats.length > 0));
  });
});
