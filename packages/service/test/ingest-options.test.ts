/**
 * How a bulletin is read, as an upload chooses or the operator configures: the
 * city-value rule (`cityValue`: the maximum over stations or their mean), and the
 * optional language model (INGEST_LANGUAGE_MODEL), here a local server speaking the
 * OpenAI chat-completions format with structured output — every number it returns
 * must be in the document, or it is dropped.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadConfig } from '../src/core/config.js';
import type { RunningService } from '../src/server.js';
import { createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from './helpers.js';

/** A text PDF of these lines (Helvetica: WinAnsi text, accents included). */
async function textPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((l, k) => page.drawText(l.replace('µ', '\u00b5'), { x: 40, y: 780 - k * 22, size: 11, font }));
  return pdf.save();
}

async function upload(base: string, bytes: Uint8Array, filename: string, fields: Record<string, string> = {}, path = '/ingest/upload') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([Buffer.from(bytes)]), filename);
  const res = await fetch(base + path, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

const STATIONS = [
  'Calidad del aire - Temuco, 14 de junio de 2024',
  'Estación                MP2,5 (µg/m³)        MP10 (µg/m³)',
  'Las Encinas             80                   95',
  'Padre Las Casas         120                  140',
  'Museo Ferroviario       40                   61',
];

describe(`ingest: the city-value rule an upload chooses (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let pdf: Uint8Array;

  before(async () => {
    env = await createTestEnv();
    svc = await startTestService(env, { WORKER_CONCURRENCY: '0' });
    pdf = await textPdf(STATIONS);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('by default the city value is the highest station; cityValue=mean gives their mean, and says so', async () => {
    const byDefault = await upload(svc.baseUrl, pdf, 'temuco.pdf');
    assert.equal(byDefault.status, 201, JSON.stringify(byDefault.body));
    const c = byDefault.body.context;
    assert.equal(c.cityValueRule, 'max');
    assert.equal(c.pm25, 120);
    assert.equal(c.fields.pm25.origin, 'max-of-stations');
    assert.equal(c.fields.pm25.station, 'Padre Las Casas');
    assert.equal(c.fields.pm25.stationCount, 3);

    const mean = await upload(svc.baseUrl, pdf, 'temuco.pdf', { cityValue: 'mean' });
    assert.equal(mean.status, 201, JSON.stringify(mean.body));
    const m = mean.body.context;
    assert.equal(m.cityValueRule, 'mean');
    assert.equal(m.pm25, 80);
    assert.equal(m.pm10, 98.7);
    assert.equal(m.fields.pm25.origin, 'mean-of-stations');
    assert.equal(m.fields.pm25.stationCount, 3);
    // The stations themselves are the same either way.
    assert.deepEqual(m.stations.map((s: { name: string }) => s.name), c.stations.map((s: { name: string }) => s.name));
  });

  test('upload-and-render takes it too, and the render gets the mean', async () => {
    const r = await upload(svc.baseUrl, pdf, 'temuco.pdf', { cityValue: 'mean', resolution: '360p' }, '/ingest/upload-and-render');
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.renderParams.pm25, 80);
    assert.equal(r.body.context.cityValueRule, 'mean');
  });

  test('upload-and-render renders in a brand; an unknown brand is a 400 naming brandId, and nothing is stored', async () => {
    const headers = { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' };
    const brand = await fetch(`${svc.baseUrl}/brands`, { method: 'POST', headers, body: JSON.stringify({ name: 'Boletín Sur', colors: { background: '#14213D', accent: '#FCA311' }, defaults: { format: 'portrait' } }) });
    assert.equal(brand.status, 201);
    const { brandId } = (await brand.json()) as { brandId: string };
    const r = await upload(svc.baseUrl, pdf, 'temuco.pdf', { brandId, resolution: '360p' }, '/ingest/upload-and-render');
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.renderParams.format, 'portrait', "the brand's default format");
    const job = await fetch(`${svc.baseUrl}/render/${r.body.jobId}`, { headers }).then((res) => res.json() as Promise<{ brand: unknown; provenance: unknown }>);
    assert.deepEqual(job.brand, { brandId, version: 1 });
    assert.ok(job.provenance, 'the render says where its numbers came from, like a context render');

    const count = async () => (await fetch(`${svc.baseUrl}/contexts?limit=100`, { headers }).then((res) => res.json() as Promise<{ contexts: unknown[] }>)).contexts.length;
    const before = await count();
    const bad = await upload(svc.baseUrl, pdf, 'temuco.pdf', { brandId: 'brd_nope' }, '/ingest/upload-and-render');
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field), ['brandId']);
    assert.equal(await count(), before, 'no context was kept');
  });

  test('an unknown rule or field is a 400 naming it, and nothing is stored', async () => {
    const before = await fetch(`${svc.baseUrl}/contexts?limit=100`, { headers: { 'x-api-key': TEST_API_KEY } }).then((r) => r.json() as Promise<{ contexts: unknown[] }>);
    const bad = await upload(svc.baseUrl, pdf, 'temuco.pdf', { cityValue: 'median' });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body.errors), /cityValue/);
    const unknown = await upload(svc.baseUrl, pdf, 'temuco.pdf', { template: 'daily-report' });
    assert.equal(unknown.status, 400);
    assert.match(JSON.stringify(unknown.body.errors), /template/);
    const after = await fetch(`${svc.baseUrl}/contexts?limit=100`, { headers: { 'x-api-key': TEST_API_KEY } }).then((r) => r.json() as Promise<{ contexts: unknown[] }>);
    assert.equal(after.contexts.length, before.contexts.length);
  });

  test('GraphQL ingestUpload takes cityValue', async () => {
    const res = await fetch(`${svc.baseUrl}/graphql`, {
      method: 'POST', headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($f: String!) { ingestUpload(fileBase64: $f, filename: "t.pdf", cityValue: "mean") { context { pm25 cityValueRule } } }',
        variables: { f: Buffer.from(pdf).toString('base64') },
      }),
    });
    const body = (await res.json()) as any;
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    assert.deepEqual(body.data.ingestUpload.context, { pm25: 80, cityValueRule: 'mean' });
  });
});

describe(`ingest: the optional language model (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let server: Server;
  let mode: 'answer' | 'error' = 'answer';
  const requests: Array<Record<string, any>> = [];

  before(async () => {
    // An OpenAI-compatible chat-completions server: the answer it gives follows the schema it was sent.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        requests.push({ path: req.url, ...(JSON.parse(body) as object) });
        if (mode === 'error') {
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
          return;
        }
        const answer = {
          location: 'Madrid',
          date: '2024-01-15',
          values: [
            { measure: 'no2', value: 46, asWritten: '46', unit: 'µg/m³', station: 'Cuatro Caminos', averaging: null },
            { measure: 'pm25', value: 99, asWritten: '99', unit: 'µg/m³', station: null, averaging: '24h' },
            { measure: 'pm10', value: 42, asWritten: '42', unit: 'µg/m³', station: null, averaging: '24h' },
          ],
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: 'test',
          choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' }],
        }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    env = await createTestEnv();
    svc = await startTestService(env, {
      WORKER_CONCURRENCY: '0',
      INGEST_LANGUAGE_MODEL: 'on',
      // Every bulletin is asked about here (a real deployment asks only unsure ones, under 0.75).
      INGEST_LANGUAGE_MODEL_BELOW: '1',
      AI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      AI_MODEL: 'test-model',
      OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1/32',
    });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    server?.close();
  });

  const MADRID = [
    'Informe de calidad del aire - Madrid, 15 de enero de 2024',
    'PM10: 31 µg/m³ (media diaria)',
    'El dióxido de nitrógeno fue alto en la estación Cuatro Caminos, con 46, seguida de Farolillo (42).',
  ];

  test('the model fills what the parser missed; a number not in the document is dropped; the parser\'s own reading stands', async () => {
    const r = await upload(svc.baseUrl, await textPdf(MADRID), 'madrid.pdf');
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const c = r.body.context;
    assert.equal(c.no2, 46);
    assert.match(c.fields.no2.sourceText, /language model/);
    assert.equal(c.fields.no2.station, 'Cuatro Caminos');
    assert.equal(c.pm25, undefined, 'an invented number is not kept');
    assert.equal(c.pm10, 31, 'the model does not overwrite a value the parser read');
    assert.deepEqual(c.languageModel.used, ['no2']);
    assert.deepEqual(c.languageModel.dropped, ['pm25=99']);
    // What was sent: the instructions, the document's text, and the schema the answer must follow.
    const sent = requests.at(-1)!;
    assert.equal(sent.path, '/v1/chat/completions');
    assert.equal(sent.model, 'test-model');
    assert.equal(sent.response_format.type, 'json_schema');
    assert.deepEqual(sent.response_format.json_schema.schema.required, ['location', 'date', 'values']);
    assert.match(sent.messages[1].content, /Cuatro Caminos, con 46/);
  });

  test('a model that fails leaves the parser\'s reading, and says why', async () => {
    mode = 'error';
    const r = await upload(svc.baseUrl, await textPdf(MADRID), 'madrid.pdf');
    mode = 'answer';
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.context.pm10, 31);
    assert.equal(r.body.context.no2, undefined);
    assert.match(r.body.context.languageModel.error, /HTTP 503/);
  });

  test('it is off by default, and on needs a model to ask', () => {
    assert.equal(loadConfig({}).ingestLanguageModelBelow, null);
    assert.throws(() => loadConfig({ INGEST_LANGUAGE_MODEL: 'on' }), /INGEST_LANGUAGE_MODEL/);
    assert.equal(loadConfig({ INGEST_LANGUAGE_MODEL: 'on', AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODEL: 'm' }).ingestLanguageModelBelow, 0.75);
    assert.throws(() => loadConfig({ INGEST_CITY_VALUE: 'median' }), /INGEST_CITY_VALUE/);
  });
});
