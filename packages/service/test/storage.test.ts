/**
 * The storage contract on both backends: the local directory and a real
 * S3-protocol server (s3rver, started here), including one that fails every
 * third request (the client retries with backoff), multipart uploads, ranges
 * and presigned URLs.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { LocalStorage } from '../src/core/storage/local.js';
import { S3Storage } from '../src/core/storage/s3.js';
import type { Storage } from '../src/core/storage/storage.js';
import { startS3 } from './helpers.js';

async function text(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A proxy in front of `target` that answers every `n`th request with a 503 SlowDown, as a struggling bucket does. */
async function flakyProxy(target: string, n: number): Promise<{ endpoint: string; failures: () => number; seen: string[]; close(): Promise<void> }> {
  let count = 0;
  let failures = 0;
  const seen: string[] = [];
  const t = new URL(target);
  const server: Server = createServer((req, res) => {
    count += 1;
    seen.push(`${req.method} ${req.url}`);
    if (count % n === 0) {
      failures += 1;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' }).end('<Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>');
      return;
    }
    const upstream = request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, failures: () => failures, seen, close: () => new Promise((r) => server.close(() => r())) };
}

const s3Options = (endpoint: string, workDir: string) => ({
  bucket: 'aqcast', prefix: 'test/prefix', endpoint, region: 'us-east-1', forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, workDir, partSizeBytes: 5 * 1024 * 1024,
});

describe('storage', () => {
  let dir: string;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let flaky: Awaited<ReturnType<typeof flakyProxy>>;
  const backends: [string, () => Storage][] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aqcast-storage-'));
    s3 = await startS3();
    flaky = await flakyProxy(s3.endpoint, 3);
    backends.push(['local directory', () => new LocalStorage(join(dir, 'local'))]);
    backends.push(['S3 (s3rver)', () => new S3Storage(s3Options(s3.endpoint, join(dir, 's3-work')))]);
    backends.push(['S3 failing every third request', () => new S3Storage({ ...s3Options(flaky.endpoint, join(dir, 'flaky-work')), prefix: 'flaky' })]);
  });
  after(async () => {
    await flaky?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('put, stat, read (whole and ranges), remove, on every backend', async () => {
    for (const [name, make] of backends) {
      const storage = make();
      assert.equal(await storage.healthy(), true, name);
      const bytes = randomBytes(300_000);
      const file = join(storage.workDir, `in-${name.length}.bin`);
      writeFileSync(file, bytes);
      const stored = await storage.put('videos/abc.mp4', file, 'video/mp4');
      assert.equal(stored.bytes, bytes.length, name);
      assert.ok(stored.etag.length > 2, name);
      assert.deepEqual(await storage.stat('videos/abc.mp4').then((s) => s?.bytes), bytes.length, name);
      assert.deepEqual(await text(await storage.read('videos/abc.mp4')), bytes, name);
      assert.deepEqual(await text(await storage.read('videos/abc.mp4', { start: 1000, end: 1999 })), bytes.subarray(1000, 2000), name);
      assert.equal(await storage.stat('videos/none.mp4'), null, name);
      await storage.remove('videos/abc.mp4');
      assert.equal(await storage.stat('videos/abc.mp4'), null, `${name}: removed`);
      storage.close?.();
    }
    assert.ok(flaky.failures() > 0, 'the flaky bucket did fail some requests, and the client retried them');
  });

  test('a large file goes up in parts, and a presigned URL downloads it without the API', async () => {
    const recording = await flakyProxy(s3.endpoint, Number.POSITIVE_INFINITY);
    const storage = new S3Storage(s3Options(recording.endpoint, join(dir, 'big-work')));
    const bytes = randomBytes(12 * 1024 * 1024);
    const file = join(storage.workDir, 'big.bin');
    writeFileSync(file, bytes);
    const stored = await storage.put('videos/big.mp4', file, 'video/mp4');
    assert.equal(stored.bytes, bytes.length);
    assert.equal(recording.seen.filter((r) => /^PUT .*partNumber=\d+/.test(r)).length, 3, `12 MB in 5 MB parts: ${recording.seen.join(', ')}`);
    assert.ok(recording.seen.some((r) => /^POST .*\?uploads/.test(r)), 'a multipart upload was started');
    const url = await storage.presignedUrl('videos/big.mp4', 60, 'video.mp4');
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), bytes);
    storage.close();
    await recording.close();
  });

  test('keys cannot escape the storage root', async () => {
    const local = new LocalStorage(join(dir, 'esc'));
    assert.equal(await local.stat('../../etc/passwd'), null);
    assert.throws(() => local.pathOf('../x'));
    await assert.rejects(() => local.read('../../etc/passwd'));
  });
});
