/**
 * The same bytes give the same context whatever runs beside them: a scan and a phone
 * photo are each uploaded five times, two uploads at a time, while a render runs, and
 * every answer must hold the same context (ids and times aside). Kept cheap: small
 * pages, one square 360p render.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { renderPage, type PageBlock } from '../../extract/corpus/render.js';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, TEST_API_KEY, waitForJob, type TestEnv } from './helpers.js';

const BLOCKS: PageBlock[] = [
  { kind: 'text', text: 'Ciudad: Valparaíso' },
  { kind: 'text', text: 'Fecha: 14/05/2024' },
  { kind: 'text', text: 'MP2,5: 23,4 µg/m³' },
  { kind: 'text', text: 'MP10: 111,1 µg/m³' },
];

async function upload(base: string, bytes: Uint8Array, filename: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), filename);
  const res = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** What the document gave: the context without its id, times and storage details. */
function readOf(context: unknown): unknown {
  assert.ok(context && typeof context === 'object');
  const { contextId: _id, createdAt: _c, updatedAt: _u, source, renders: _r, provenance, ...rest } = context as Record<string, unknown>;
  assert.ok(source && typeof source === 'object');
  const { keptUntil: _k, url: _url, ...kept } = source as Record<string, unknown>;
  // The provenance's retrievedAt is the upload's own time; the rest of it is part of the read.
  assert.ok(provenance && typeof provenance === 'object');
  const { retrievedAt: _t, ...origin } = provenance as Record<string, unknown>;
  return { ...rest, source: kept, provenance: origin };
}

describe(`ingest determinism (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };

  before(async () => {
    process.on('unhandledRejection', onUnhandled);
    env = await createTestEnv({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
    // The OCR limit is not what is tested: a starved machine (CI beside other jobs) must not turn a reading into ocr_timeout.
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1', OCR_WORKERS: '2', OCR_TIMEOUT_MS: '900000' });
  });
  after(async () => {
    process.off('unhandledRejection', onUnhandled);
    await svc?.stop();
    await env?.cleanup();
  });

  test('a scan and a photo, each uploaded five times two at a time while a render runs, give identical contexts', async () => {
    const base = svc.baseUrl;
    const scan = (await renderPage(BLOCKS, 'pdf-scan', 3)).bytes;
    const photo = (await renderPage(BLOCKS, 'photo', 3)).bytes;
    const render = await api(base, 'POST', '/render', { location: 'Valparaíso', pm25: 23.4, format: 'square', resolution: '360p' });
    assert.equal(render.status, 202, JSON.stringify(render.body));

    const reads: Record<'scan' | 'photo', unknown[]> = { scan: [], photo: [] };
    const files = [['scan', scan, 'scan.pdf'], ['photo', photo, 'photo.jpg']] as const;
    // Ten uploads, two at a time: a scan beside a photo, then a photo beside a scan, …
    for (let round = 0; round < 5; round++) {
      const pair = round % 2 === 0 ? files : ([files[1], files[0]] as const);
      const answers = await Promise.all(pair.map(([, bytes, name]) => upload(base, bytes, name)));
      answers.forEach((a, k) => {
        assert.equal(a.status, 201, JSON.stringify(a.body));
        reads[pair[k]![0]].push(readOf(a.body.context));
      });
    }
    const job = await waitForJob(base, render.body.jobId);
    assert.equal(job.status, 'completed', 'the render beside the uploads completed');

    for (const [name, got] of Object.entries(reads)) {
      assert.equal(got.length, 5);
      for (let k = 1; k < got.length; k++) assert.deepEqual(got[k], got[0], `${name}: upload ${k + 1} read the same as upload 1`);
    }
    // And they read the document: both give its two values.
    for (const got of [reads.scan[0], reads.photo[0]]) {
      assert.ok(got && typeof got === 'object');
      const c = got as Record<string, unknown>;
      assert.equal(c.pm10, 111.1);
      assert.equal(c.pm25, 23.4);
    }
    assert.deepEqual(unhandled, [], 'no unhandled rejection from the OCR workers');
  });
});
