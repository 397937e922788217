// A bulletin of index values (an AQI forecast per area, no concentration anywhere) becomes a
// context of index values, never of concentrations; rendering it makes an index video whose
// job carries the given index.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { findFfprobe } from '@aqcast/engine';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, STORE, TEST_API_KEY, TestService, waitForJob } from './helpers.js';

/** A one-page text PDF: each row's cells at the given x positions. */
async function tablePdf(rows: Array<Array<[number, string]>>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  rows.forEach((cells, i) => cells.forEach(([x, t]) => page.drawText(t, { x, y: 780 - i * 22, size: 11, font })));
  return pdf.save();
}

async function upload(base: string, path: string, bytes: Uint8Array, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([Buffer.from(bytes)]), filename);
  const res = await fetch(base + path, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

function probe(buf: Buffer): { codec_name: string; width: number; height: number; duration: string } {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-index-'));
  try {
    const file = join(dir, 'video.mp4');
    writeFileSync(file, buf);
    const out = execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,duration', '-of', 'json', file]);
    return (JSON.parse(out.toString()) as { streams: [{ codec_name: string; width: number; height: number; duration: string }] }).streams[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const AQI_FORECAST: Array<Array<[number, string]>> = [
  [[50, 'Front Range air quality forecast']],
  [[50, 'Denver, Wednesday, July 17, 2024']],
  [[50, 'Area'], [200, 'Ozone AQI'], [300, 'PM2.5 AQI'], [400, 'Category']],
  [[50, 'Denver Metro'], [210, '112'], [310, '48'], [400, 'Unhealthy for Sensitive Groups']],
  [[50, 'Fort Collins'], [210, '98'], [310, '41'], [400, 'Moderate']],
  [[50, 'Grand Junction'], [210, '61'], [310, '55'], [400, 'Moderate']],
];

describe(`ingest of index values (${STORE})`, () => {
  const service = new TestService({}, { WORKER_CONCURRENCY: '1' });

  test('an AQI-only forecast gives a context of index values and no concentration; it renders as an index video', async () => {
    const up = await upload(service.base, '/ingest/upload', await tablePdf(AQI_FORECAST), 'aqi-forecast.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const c = up.body.context;
    assert.equal(c.location, 'Denver');
    assert.equal(c.date, '2024-07-17');
    assert.deepEqual({ name: c.index.name, standard: c.index.standard, overall: c.index.overall, pollutants: c.index.pollutants }, { name: 'AQI', standard: 'us-epa', overall: 112, pollutants: { o3: 112, pm25: 55 } });
    assert.equal(c.index.sources.o3.station, 'Denver Metro');
    for (const p of ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co']) {
      assert.equal(c[p], undefined, `${p} is not a concentration here`);
      assert.equal(c.fields[p], undefined, `no ${p} field`);
    }
    // The stored context reads back the same.
    const got = await api(service.base, 'GET', `/contexts/${up.body.contextId}`);
    assert.deepEqual(got.body.index, c.index);
    // GraphQL gives the same index, and no concentration.
    const gql = await api(service.base, 'POST', '/graphql', { query: 'query($id: ID!) { context(id: $id) { o3 pm25 index { name standard overall pollutants { o3 pm25 pm10 } } } }', variables: { id: up.body.contextId } });
    assert.deepEqual(gql.body, { data: { context: { o3: null, pm25: null, index: { name: 'AQI', standard: 'us_epa', overall: 112, pollutants: { o3: 112, pm25: 55, pm10: null } } } } });

    const r = await api(service.base, 'POST', `/contexts/${up.body.contextId}/render`, { template: 'daily-report', language: 'en', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual(r.body.params.index, { standard: 'us-epa', overall: 112, pollutants: { o3: 112, pm25: 55 } });
    for (const p of ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co']) assert.equal(r.body.params[p], undefined);
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.deepEqual(job.params.index, { standard: 'us-epa', overall: 112, pollutants: { o3: 112, pm25: 55 } });
    assert.equal(job.params.aqiStandard, 'us-epa');
    const video = Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer());
    const p = probe(video);
    assert.deepEqual([p.codec_name, p.width, p.height], ['h264', 640, 360]);
    assert.ok(Number(p.duration) > 5, p.duration);

    // A render in a standard other than the index's is refused, naming the field.
    const other = await api(service.base, 'POST', `/contexts/${up.body.contextId}/render`, { aqiStandard: 'eu-eaqi', resolution: '360p' });
    assert.equal(other.status, 400, JSON.stringify(other.body));
    assert.ok(other.body.errors.some((e: { field: string }) => e.field === 'aqiStandard'), JSON.stringify(other.body));
  });

  test('upload-and-render of an index-only bulletin queues an index video at once', async () => {
    const r = await upload(service.base, '/ingest/upload-and-render', await tablePdf(AQI_FORECAST), 'aqi-forecast.pdf', { template: 'social-clip', format: 'square', resolution: '360p', language: 'en' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual(r.body.renderParams.index, { standard: 'us-epa', overall: 112, pollutants: { o3: 112, pm25: 55 } });
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.deepEqual([job.output.width, job.output.height], [360, 360]);
  });

  test('a DAQI forecast gives a context in uk-daqi, and its render is an index video instead of a 422', async () => {
    const rows: Array<Array<[number, string]>> = [
      [[50, 'Daily Air Quality Index (DAQI) forecast']],
      [[50, 'London, Wednesday, July 17, 2024']],
      [[50, 'Region'], [200, 'NO2'], [300, 'PM2.5'], [400, 'Band']],
      [[50, 'Greater London'], [210, '4'], [310, '3'], [400, 'Moderate']],
      [[50, 'South East'], [210, '3'], [310, '2'], [400, 'Low']],
    ];
    const up = await upload(service.base, '/ingest/upload', await tablePdf(rows), 'daqi.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    assert.deepEqual({ name: up.body.context.index.name, standard: up.body.context.index.standard, overall: up.body.context.index.overall }, { name: 'DAQI', standard: 'uk-daqi', overall: 4 });
    const r = await api(service.base, 'POST', `/contexts/${up.body.contextId}/render`, { template: 'pollution-alert', format: 'portrait', language: 'en', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.aqiStandard, 'uk-daqi');
    const p = probe(Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer()));
    assert.deepEqual([p.codec_name, p.width, p.height], ['h264', 360, 640]);
  });

  test('an ICAP forecast gives a context in cl, and its render is an index video on the ICAP bands instead of a 422', async () => {
    const rows: Array<Array<[number, string]>> = [
      [[50, 'Pronostico de calidad del aire - ICAP para MP2,5']],
      [[50, 'Santiago, 17 de julio de 2024']],
      [[50, 'Estacion'], [250, 'ICAP'], [350, 'Condicion']],
      [[50, 'Pudahuel'], [260, '142'], [350, 'Regular']],
      [[50, 'Las Condes'], [260, '85'], [350, 'Bueno']],
    ];
    const up = await upload(service.base, '/ingest/upload', await tablePdf(rows), 'icap.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const index = up.body.context.index;
    assert.deepEqual({ name: index.name, standard: index.standard, overall: index.overall }, { name: 'ICAP', standard: 'cl', overall: 142 }, JSON.stringify(index));
    const r = await api(service.base, 'POST', `/contexts/${up.body.contextId}/render`, { template: 'daily-report', format: 'landscape', language: 'es', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.aqiStandard, 'cl');
    assert.equal(job.params.index.overall, 142);
    const p = probe(Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer()));
    assert.deepEqual([p.codec_name, p.width, p.height], ['h264', 640, 360]);
  });

  test('an AQHI summary (overall values only, no sub-index) gives a context in ca-aqhi that renders a real video', async () => {
    const rows: Array<Array<[number, string]>> = [
      [[50, 'Alberta - Air Quality Health Index - Forecast']],
      [[50, 'Calgary, Wednesday, July 1, 2026']],
      [[50, 'Period'], [200, 'AQHI']],
      [[50, 'Today'], [200, '7 High Risk']],
      [[50, 'Tonight'], [200, '5 Moderate Risk']],
    ];
    const up = await upload(service.base, '/ingest/upload', await tablePdf(rows), 'aqhi.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const c = up.body.context;
    assert.deepEqual({ name: c.index.name, standard: c.index.standard, overall: c.index.overall, pollutants: c.index.pollutants }, { name: 'AQHI', standard: 'ca-aqhi', overall: 7, pollutants: {} });
    assert.match(c.index.sources.overall.sourceText, /7 High Risk/);
    for (const p of ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co']) assert.equal(c[p], undefined);
    const r = await api(service.base, 'POST', `/contexts/${up.body.contextId}/render`, { template: 'weather-brief', format: 'portrait', language: 'es', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual(r.body.params.index, { standard: 'ca-aqhi', overall: 7, pollutants: {} });
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const p = probe(Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer()));
    assert.deepEqual([p.codec_name, p.width, p.height], ['h264', 360, 640]);
    assert.ok(Number(p.duration) > 5, p.duration);
  });

  test('an AQHI given only as its overall value renders a real video; values off its scale, or AQHI as a concentration standard, are 400s naming the field', async () => {
    const r = await api(service.base, 'POST', '/render', { location: 'Calgary', date: '2026-07-01', template: 'social-clip', format: 'square', language: 'en', resolution: '360p', index: { standard: 'ca-aqhi', overall: 12, pollutants: {} } });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.deepEqual([job.params.aqiStandard, job.params.index], ['ca-aqhi', { standard: 'ca-aqhi', overall: 12, pollutants: {} }]);
    const p = probe(Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer()));
    assert.deepEqual([p.codec_name, p.width, p.height], ['h264', 360, 360]);
    assert.ok(Number(p.duration) > 5, p.duration);

    const off = await api(service.base, 'POST', '/render', { location: 'London', index: { standard: 'uk-daqi', overall: 11, pollutants: {} } });
    assert.equal(off.status, 400, JSON.stringify(off.body));
    assert.ok(off.body.errors.some((e: { field: string }) => e.field === 'index.overall'), JSON.stringify(off.body));
    const psi = await api(service.base, 'POST', '/render', { location: 'Singapore', index: { standard: 'sg-psi', overall: 501, pollutants: {} } });
    assert.equal(psi.status, 400, JSON.stringify(psi.body));
    assert.ok(psi.body.errors.some((e: { field: string }) => e.field === 'index.overall'), JSON.stringify(psi.body));
    const asConcentration = await api(service.base, 'POST', '/render', { location: 'Calgary', aqiStandard: 'ca-aqhi', pm25: 20 });
    assert.equal(asConcentration.status, 400, JSON.stringify(asConcentration.body));
    assert.ok(asConcentration.body.errors.some((e: { field: string; message: string }) => e.field === 'aqiStandard' && /given index only/.test(e.message)), JSON.stringify(asConcentration.body));
  });

  test('an index the videos cannot draw (IMECA, no standard) is stored, and its render is refused with 422 naming index.standard', async () => {
    const rows: Array<Array<[number, string]>> = [
      [[50, 'Pronóstico de calidad del aire']],
      [[50, 'Monterrey, N.L., 14 de febrero de 2024']],
      [[50, 'Zona'], [160, 'Contaminante'], [280, 'IMECA'], [360, 'Calidad']],
      [[50, 'Noreste'], [160, 'PM10'], [285, '118'], [360, 'Mala']],
      [[50, 'Suroeste'], [160, 'O3'], [285, '64'], [360, 'Aceptable']],
    ];
    const up = await upload(service.base, '/ingest/upload', await tablePdf(rows), 'imeca.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    assert.deepEqual({ name: up.body.context.index.name, standard: up.body.context.index.standard, overall: up.body.context.index.overall }, { name: 'IMECA', standard: null, overall: 118 });
    assert.equal(up.body.context.pm10, undefined);
    const r = await api(service.base, 'POST', `/contexts/${up.body.contextId}/render`, { resolution: '360p' });
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.ok(r.body.errors.some((e: { field: string }) => e.field === 'index.standard'), JSON.stringify(r.body));
  });
  test('an Índice AIRE Y SALUD bulletin (categories, no number) gives a context in mx that renders with its category as the headline', async () => {
    const rows: Array<Array<[number, string]>> = [
      [[50, 'Índice AIRE Y SALUD por zona']],
      [[50, 'Monterrey, N.L., 12 de mayo de 2026, 15:00 h']],
      [[50, 'Zona'], [160, 'Calidad del aire'], [300, 'Riesgo'], [400, 'Contaminante']],
      [[50, 'Noroeste'], [160, 'Mala'], [300, 'Alto'], [400, 'Ozono']],
      [[50, 'Centro'], [160, 'Muy mala'], [300, 'Muy alto'], [400, 'PM10']],
      [[50, 'Sureste'], [160, 'Aceptable'], [300, 'Moderado'], [400, 'PM2.5']],
    ];
    const up = await upload(service.base, '/ingest/upload', await tablePdf(rows), 'aire-y-salud.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const c = up.body.context;
    assert.deepEqual(
      { name: c.index.name, standard: c.index.standard, overall: c.index.overall, category: c.index.category, categories: c.index.categories, pollutants: c.index.pollutants },
      { name: 'Índice AIRE Y SALUD', standard: 'mx', overall: null, category: 'muy_mala', categories: { pm25: 'aceptable', pm10: 'muy_mala', o3: 'mala' }, pollutants: {} },
      JSON.stringify(c.index),
    );
    assert.match(c.index.sources.overall.sourceText, /Centro/);
    assert.ok(c.confidence > 0.5, String(c.confidence));
    for (const p of ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co']) assert.equal(c[p], undefined);
    const gql = await api(service.base, 'POST', '/graphql', { query: 'query($id: ID!) { context(id: $id) { index { standard overall category categories { pm10 o3 } } } }', variables: { id: up.body.contextId } });
    assert.deepEqual(gql.body, { data: { context: { index: { standard: 'mx', overall: null, category: 'muy_mala', categories: { pm10: 'muy_mala', o3: 'mala' } } } } });

    const r = await api(service.base, 'POST', `/contexts/${up.body.contextId}/render`, { template: 'daily-report', format: 'portrait', language: 'es', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual(r.body.params.index, { standard: 'mx', category: 'muy_mala', categories: { pm25: 'aceptable', pm10: 'muy_mala', o3: 'mala' } });
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.params.aqiStandard, 'mx');
    const p = probe(Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer()));
    assert.deepEqual([p.codec_name, p.width, p.height], ['h264', 360, 640]);
    assert.ok(Number(p.duration) > 5, p.duration);
  });

  test('a given category renders through POST /render; a number for a band-only index, or a category for a numeric one, is a 400 naming the field', async () => {
    const r = await api(service.base, 'POST', '/render', { location: 'Kraków', date: '2026-01-20', template: 'weather-brief', language: 'pt', resolution: '360p', index: { standard: 'eu-eaqi', category: 'poor', categories: { pm25: 'poor', no2: 'fair' } } });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(service.base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.deepEqual([job.params.aqiStandard, job.params.index], ['eu-eaqi', { standard: 'eu-eaqi', category: 'poor', categories: { pm25: 'poor', no2: 'fair' } }]);
    const numbered = await api(service.base, 'POST', '/render', { location: 'Monterrey', index: { standard: 'mx', overall: 120 } });
    assert.equal(numbered.status, 400, JSON.stringify(numbered.body));
    assert.ok(numbered.body.errors.some((e: { field: string }) => e.field === 'index.overall'), JSON.stringify(numbered.body));
    const worse = await api(service.base, 'POST', '/render', { location: 'Monterrey', index: { standard: 'mx', category: 'aceptable', categories: { o3: 'mala' } } });
    assert.equal(worse.status, 400, JSON.stringify(worse.body));
    assert.ok(worse.body.errors.some((e: { field: string }) => e.field === 'index.categories.o3'), JSON.stringify(worse.body));
    const unknown = await api(service.base, 'POST', '/render', { location: 'Denver', index: { standard: 'us-epa', category: 'mala' } });
    assert.equal(unknown.status, 400, JSON.stringify(unknown.body));
    assert.ok(unknown.body.errors.some((e: { field: string }) => e.field === 'index.category'), JSON.stringify(unknown.body));
  });
});
