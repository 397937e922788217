import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { corpusSpecs, renderDoc, type CorpusDoc } from '../../extract/corpus/generate.js';
import type { RunningService } from '../src/server.js';
import { createTestEnv, startTestService, STORE, TEST_API_KEY, waitForJob, type TestEnv } from './helpers.js';

async function upload(base: string, path: string, bytes: Uint8Array, filename: string, fields: Record<string, string> = {}, key = TEST_API_KEY) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([Buffer.from(bytes)]), filename);
  const res = await fetch(base + path, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function countRows(svc: RunningService, table: 'contexts' | 'jobs' | 'webhook_events'): Promise<number> {
  const r = await svc.store.db.selectFrom(table).select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

describe(`ingest API (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let docs: CorpusDoc[];
  const received: any[] = [];
  const rx = createServer((req, res) => {
    let b = '';
    req.on('data', (c) => (b += c));
    req.on('end', () => {
      received.push(JSON.parse(b));
      res.end();
    });
  });

  before(async () => {
    env = await createTestEnv({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', UPLOAD_MAX_BYTES: String(3 * 1024 * 1024) });
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1' });
    base = svc.baseUrl;
    docs = corpusSpecs();
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    const hook = await fetch(`${base}/webhooks`, {
      method: 'POST', headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${(rx.address() as AddressInfo).port}/in`, events: ['ingest.completed'] }),
    });
    assert.equal(hook.status, 201);
  });
  after(async () => {
    rx.close();
    await svc?.stop();
    await env?.cleanup();
  });

  test('a text PDF becomes a stored context with normalised values, and ingest.completed is sent', async () => {
    const doc = docs.find((d) => d.medium === 'pdf-text' && d.layout === 'labels')!;
    const { bytes, filename } = await renderDoc(doc);
    const r = await upload(base, '/ingest/upload', bytes, filename);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.match(r.body.contextId, /^ctx_/);
    const c = r.body.context;
    assert.equal(c.location, doc.expected.location);
    assert.equal(c.date, doc.expected.date);
    assert.ok(Math.abs(c.pm25 - doc.expected.pm25) < 0.05, `pm25 ${c.pm25} vs ${doc.expected.pm25}`);
    assert.equal(c.fields.pm25.unit, 'µg/m³');
    assert.ok(c.confidence > 0.5 && c.confidence <= 1);
    assert.equal(c.method, 'pdf-text');
    assert.equal(c.source.filename, filename);
    assert.match(c.source.sha256, /^[0-9a-f]{64}$/);
    const deadline = Date.now() + 10_000;
    while (!received.some((e) => e.type === 'ingest.completed' && e.data.contextId === r.body.contextId) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    assert.ok(received.some((e) => e.type === 'ingest.completed' && e.data.contextId === r.body.contextId), 'ingest.completed delivered');
  });

  test('an image upload is OCR’d; upload-and-render queues a render from it', async () => {
    const doc = docs.find((d) => d.medium === 'png' && !d.noise) ?? docs.find((d) => d.medium === 'png')!;
    const { bytes, filename } = await renderDoc(doc);
    const r = await upload(base, '/ingest/upload-and-render', bytes, filename, { template: 'daily-report', language: 'en', format: 'square', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.renderParams.language, 'en');
    assert.equal(r.body.renderParams.format, 'square');
    assert.equal(r.body.context.method, 'image-ocr');
    assert.ok(r.body.renderParams.location);
    const job = await waitForJob(base, r.body.jobId);
    assert.equal(job.status, 'completed');
    assert.equal(job.contextId, r.body.contextId);
    assert.deepEqual([job.output.width, job.output.height], [360, 360]);
  });

  test('lines that look like measurements but give no value are listed in skipped, with the reason', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    const lines = ['Ciudad: Temuco', 'Fecha: 12/05/2025', 'PM10: 45 ug/m3', 'AQI PM2.5: 130', 'Norma PM10: 150 ug/m3', 'NO2 (horario) - maximo - 120 ugr/m3 - regular'];
    lines.forEach((t, i) => page.drawText(t, { x: 50, y: 780 - i * 24, size: 12, font }));
    const r = await upload(base, '/ingest/upload', await pdf.save(), 'skipped.pdf');
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.context.pm10, 45);
    assert.equal(r.body.context.pm25, undefined, 'an AQI is not a concentration');
    const byText = Object.fromEntries((r.body.skipped as any[]).map((s) => [s.text, s]));
    assert.deepEqual(byText['AQI PM2.5: 130'], { text: 'AQI PM2.5: 130', page: 1, pollutants: ['pm25'], reason: 'index-value' });
    assert.equal(byText['Norma PM10: 150 ug/m3']?.reason, 'limit-or-threshold');
    assert.ok(!Object.keys(byText).some((t) => t.startsWith('PM10: 45')), 'a line read is not listed');
    assert.equal(r.body.skipped.length, r.body.context.no2 === undefined ? 3 : 2, JSON.stringify(r.body.skipped));
  });

  test('GET /ingest/templates lists templates with what they need', async () => {
    const res = await fetch(`${base}/ingest/templates`, { headers: { 'x-api-key': TEST_API_KEY } });
    const body = (await res.json()) as any;
    assert.ok(body.templates.some((t: any) => t.id === 'daily-report' && t.requires.length > 0));
  });

  test('bad uploads get 4xx problem+json naming the cause, and nothing is stored', async () => {
    const before = [await countRows(svc, 'contexts'), await countRows(svc, 'jobs')];
    const png = (await renderDoc(docs.find((d) => d.medium === 'png')!)).bytes;
    const cases: [string, Uint8Array, string, Record<string, string>, number, string][] = [
      ['plain text', new TextEncoder().encode('PM2.5 40 µg/m³'), 'bulletin.txt', {}, 415, 'unsupported_type'],
      ['PNG bytes named .pdf', png, 'bulletin.pdf', {}, 415, 'type_mismatch'],
      ['truncated PDF', new TextEncoder().encode('%PDF-1.7\n1 0 obj <<'), 'broken.pdf', {}, 422, 'corrupt_file'],
      ['over UPLOAD_MAX_BYTES', new Uint8Array(3 * 1024 * 1024 + 10).fill(7), 'big.png', {}, 413, 'file_too_large'],
      ['unknown template', png, 'ok.png', { template: 'nope' }, 400, 'unknown_template'],
    ];
    for (const [name, bytes, filename, fields, status, code] of cases) {
      const path = fields.template ? '/ingest/upload-and-render' : '/ingest/upload';
      const r = await upload(base, path, bytes, filename, fields);
      assert.equal(r.status, status, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.code, code, name);
    }
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText('Minutes of the municipal library committee, 12 March 2025.', { x: 50, y: 700, size: 12, font });
    const noData = await upload(base, '/ingest/upload', await pdf.save(), 'minutes.pdf');
    assert.equal(noData.status, 422);
    assert.equal(noData.body.code, 'no_air_quality_data');
    const noFile = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: (() => { const f = new FormData(); f.append('template', 'daily-report'); return f; })() });
    assert.equal(noFile.status, 400);
    const json = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 415);
    const noKey = await upload(base, '/ingest/upload', png, 'x.png', {}, 'wrong-key-wrong-key');
    assert.equal(noKey.status, 401);
    assert.deepEqual([await countRows(svc, 'contexts'), await countRows(svc, 'jobs')], before, 'nothing half-stored');
  });
});
