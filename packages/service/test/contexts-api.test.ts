/**
 * Contexts over real HTTP: the life cycle of an uploaded bulletin (list, get,
 * its original, a stale edit refused with 412, an edit with history, a render
 * that carries contextId and completes, delete), a station table's provenance,
 * contexts entered by hand and their validation, concurrent edits, tags,
 * filters and pages, retention of the original, the events, and GraphQL.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { agencyCorpus } from '../../extract/corpus/agencies.js';
import { textPdf } from '../../extract/corpus/render.js';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, TEST_API_KEY, until, waitForJob, type TestEnv } from './helpers.js';

const DAY = 86_400_000;

async function bulletinPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((t, i) => page.drawText(t, { x: 50, y: 780 - i * 24, size: 14, font }));
  return Buffer.from(await pdf.save());
}

async function upload(base: string, bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  const res = await fetch(`${base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

describe(`contexts API (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let receiver: Server;
  const events: { type: string; data: any }[] = [];
  const count = async (table: 'contexts' | 'context_edits' | 'context_tags' | 'jobs') => Number((await svc.store.db.selectFrom(table).select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  before(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        events.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    env = await createTestEnv({ OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' });
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1' });
    base = svc.baseUrl;
    const hook = await api(base, 'POST', '/webhooks', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['context.created', 'context.updated', 'context.deleted', 'ingest.completed'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    receiver?.close();
  });

  test('life cycle: upload → list → get → stale ETag 412 → patch → render with contextId → delete', async () => {
    const bytes = await bulletinPdf(['Boletin de calidad del aire', 'Santiago, 12 de marzo de 2026', 'MP 2,5: 41 ug/m3', 'NO2: 38 ug/m3']);
    const up = await upload(base, bytes, 'boletin-santiago-marzo.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const id: string = up.body.contextId;
    const created = up.body.context;
    assert.equal(created.location, 'Santiago');
    assert.equal(created.date, '2026-03-12');
    assert.equal(created.pm25, 41);
    assert.equal(created.version, 1);
    assert.deepEqual(created.tags, []);
    assert.equal(created.fields.pm25.edited, false);
    assert.match(created.fields.pm25.sourceText, /41/);
    assert.deepEqual({ kind: created.source.kind, filename: created.source.filename, mediaType: created.source.mediaType, pages: created.source.pages, kept: created.source.kept }, { kind: 'upload', filename: 'boletin-santiago-marzo.pdf', mediaType: 'application/pdf', pages: 1, kept: true });
    assert.equal(created.source.url, `${base}/contexts/${id}/source`);

    const listed = await api(base, 'GET', '/contexts?q=santiago-marzo');
    assert.deepEqual(listed.body.contexts.map((c: any) => c.contextId), [id]);
    assert.ok((await api(base, 'GET', '/contexts?source=upload')).body.contexts.some((c: any) => c.contextId === id));

    const got = await api(base, 'GET', `/contexts/${id}`);
    assert.equal(got.headers.get('etag'), '"v1"');
    assert.deepEqual(got.body, created);

    const original = await fetch(`${base}/contexts/${id}/source`, { headers: { 'x-api-key': TEST_API_KEY } });
    assert.equal(original.status, 200);
    assert.equal(original.headers.get('content-type'), 'application/pdf');
    assert.match(original.headers.get('content-disposition') ?? '', /boletin-santiago-marzo\.pdf/);
    assert.deepEqual(Buffer.from(await original.arrayBuffer()), bytes);

    // Two editors read v1; the second one's edit arrives after the first one's.
    const first = await api(base, 'PATCH', `/contexts/${id}`, { no2: 40 }, { 'if-match': '"v1"' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.headers.get('etag'), '"v2"');
    const stale = await api(base, 'PATCH', `/contexts/${id}`, { pm25: 55.5 }, { 'if-match': '"v1"' });
    assert.equal(stale.status, 412, JSON.stringify(stale.body));
    assert.equal(stale.body.code, 'precondition_failed');
    assert.equal(stale.body.currentVersion, 2);
    const unchanged = (await api(base, 'GET', `/contexts/${id}`)).body;
    assert.deepEqual([unchanged.version, unchanged.pm25, unchanged.no2], [2, 41, 40], 'the stale edit changed nothing');
    assert.equal((await api(base, 'GET', `/contexts/${id}/history`)).body.edits.length, 1);

    const patched = await api(base, 'PATCH', `/contexts/${id}`, { pm25: 55.5 }, { 'if-match': '"v2"' });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.headers.get('etag'), '"v3"');
    assert.equal(patched.body.pm25, 55.5);
    assert.deepEqual({ value: patched.body.fields.pm25.value, edited: patched.body.fields.pm25.edited, extractedValue: patched.body.fields.pm25.extractedValue, confidence: patched.body.fields.pm25.confidence }, { value: 55.5, edited: true, extractedValue: 41, confidence: 1 });
    assert.match(patched.body.fields.pm25.sourceText, /41/, 'the source text stays what the document said');
    const history = (await api(base, 'GET', `/contexts/${id}/history`)).body;
    assert.deepEqual(history.edits.map((e: any) => [e.version, e.changes]), [[2, [{ field: 'no2', from: 38, to: 40 }]], [3, [{ field: 'pm25', from: 41, to: 55.5 }]]]);

    const render = await api(base, 'POST', `/contexts/${id}/render`, { template: 'social-clip', format: 'square', language: 'en', aqiStandard: 'eu-eaqi', resolution: '360p' });
    assert.equal(render.status, 202, JSON.stringify(render.body));
    assert.equal(render.body.contextId, id);
    const p = render.body.params;
    assert.deepEqual([p.location, p.date, p.pm25, p.no2, p.template, p.format, p.language, p.aqiStandard], ['Santiago', '2026-03-12', 55.5, 40, 'social-clip', 'square', 'en', 'eu-eaqi']);
    const jobs = (await api(base, 'GET', `/renders?contextId=${id}`)).body.jobs;
    assert.deepEqual(jobs.map((j: any) => j.jobId), [render.body.jobId]);
    const withRender = (await api(base, 'GET', `/contexts/${id}`)).body;
    assert.equal(withRender.renders.count, 1);
    assert.equal(withRender.renders.recent[0].jobId, render.body.jobId);
    assert.equal(withRender.version, 3, 'a render is not an edit');

    const done = await waitForJob(base, render.body.jobId);
    assert.equal(done.status, 'completed', JSON.stringify(done.error));
    const recent = (await api(base, 'GET', '/analytics/recent?limit=5')).body.renders.find((r: any) => r.jobId === done.jobId);
    assert.equal(recent.contextId, id);
    assert.equal(recent.durationSec, done.output.durationSec);
    const poster = await fetch(recent.posterUrl);
    assert.equal(poster.headers.get('content-type'), 'image/png');

    assert.equal((await api(base, 'DELETE', `/contexts/${id}`, undefined, { 'if-match': '"v2"' })).status, 412);
    const del = await api(base, 'DELETE', `/contexts/${id}`, undefined, { 'if-match': '"v3"' });
    assert.equal(del.status, 204);
    assert.equal((await api(base, 'GET', `/contexts/${id}`)).status, 404);
    assert.equal((await api(base, 'GET', `/contexts/${id}/source`)).status, 404);
    assert.equal((await api(base, 'GET', `/contexts/${id}/history`)).status, 404);
    const kept = (await api(base, 'GET', `/render/${done.jobId}`)).body;
    assert.deepEqual([kept.status, kept.contextId, kept.params.pm25], ['completed', id, 55.5], 'the render keeps its parameters');
    await until(() => !existsSync(join(env.dataDir, 'media', 'context-sources', id)), 'the original removed from storage', 10_000);

    const mine = await until(() => {
      const types = events.filter((e) => e.data.contextId === id).map((e) => e.type);
      return types.includes('context.deleted') ? types : null;
    }, 'the events of the context', 20_000);
    assert.deepEqual([...mine].sort(), ['context.created', 'context.deleted', 'context.updated', 'context.updated', 'ingest.completed']);
    assert.equal(events.find((e) => e.type === 'context.updated' && e.data.contextId === id && e.data.version === 3)?.data.pm25, 55.5);
  });

  test('a station table keeps its stations, the city-value rule and per-field provenance through upload, search and edits', async () => {
    const doc = agencyCorpus().find((d) => d.id === 'rio-smac-20241226-pdf-text')!;
    const bytes = Buffer.from(await textPdf(doc.blocks));
    const up = await upload(base, bytes, 'boletim-rio.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const c = up.body.context;
    assert.deepEqual(c.stations.map((s: any) => s.name), ['Centro', 'Copacabana', 'Tijuca', 'Irajá', 'Bangu', 'Campo Grande', 'Pedra de Guaratiba']);
    assert.deepEqual([c.cityValueRule, c.kind, c.location, c.co], ['max', 'observed', doc.expected.location, doc.expected.values.co]);
    const co = c.fields.co;
    assert.deepEqual([co.origin, co.station, co.stationCount, co.sourceUnit, co.unit, co.kind], ['max-of-stations', 'Irajá', 2, 'ppm', 'mg/m³', 'observed']);
    assert.deepEqual((await api(base, 'GET', '/contexts?q=pedra%20de%20guaratiba')).body.contexts.map((x: any) => x.contextId), [up.body.contextId], 'station names are searchable');
    const edited = (await api(base, 'PATCH', `/contexts/${up.body.contextId}`, { co: 1.2 })).body;
    assert.deepEqual([edited.fields.co.value, edited.fields.co.edited, edited.fields.co.extractedValue, edited.fields.co.origin, edited.fields.co.station], [1.2, true, doc.expected.values.co, 'max-of-stations', 'Irajá']);
    assert.deepEqual((await api(base, 'GET', `/contexts/${up.body.contextId}`)).body.stations, c.stations);
  });

  test('contexts entered by hand are validated like render parameters, and nothing is half-written', async () => {
    const before = await count('contexts');
    for (const [body, field] of [
      [{ location: 'Quito', pm25: -1 }, 'pm25'],
      [{ pm25: 10 }, 'location'],
      [{ location: '   ' }, 'location'],
      [{ location: 'Quito', date: '2026-02-30' }, 'date'],
      [{ location: 'Quito', temperatura: 10, temperature: 12 }, 'temperature'],
      [{ location: 'Quito', wind: 3 }, 'wind'],
      [{ location: 'Quito', tags: ['ok', ' '] }, 'tags[1]'],
    ] as const) {
      const r = await api(base, 'POST', '/contexts', body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
      assert.ok(r.body.errors.some((e: any) => e.field === field), `${JSON.stringify(body)} names ${field}: ${JSON.stringify(r.body.errors)}`);
    }
    assert.equal(await count('contexts'), before);

    const made = await api(base, 'POST', '/contexts', { location: '  Quito   Centro ', pm25: 12, temperature: 14.5, humidity: 70 });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.headers.get('etag'), '"v1"');
    assert.equal(made.headers.get('location'), `/contexts/${made.body.contextId}`);
    const c = made.body;
    assert.deepEqual([c.location, c.temperatura, c.humidity, c.confidence, c.method, c.source.kind, c.source.kept, c.source.url], ['Quito Centro', 14.5, 70, 1, 'manual', 'manual', false, null]);
    assert.deepEqual(c.fields.temperatura, { value: 14.5, unit: '°C', sourceText: '', confidence: 1, edited: false, origin: 'manual' });
    assert.equal((await api(base, 'GET', `/contexts/${c.contextId}/source`)).status, 404);

    const edits = await count('context_edits');
    for (const [body, field] of [
      [{}, '(root)'],
      [{ pm25: 'x' }, 'pm25'],
      [{ date: '2026-02-30' }, 'date'],
      [{ location: null }, 'location'],
      [{ humidity: 101 }, 'humidity'],
    ] as const) {
      const r = await api(base, 'PATCH', `/contexts/${c.contextId}`, body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
      assert.ok(r.body.errors.some((e: any) => e.field === field), `${JSON.stringify(body)} names ${field}: ${JSON.stringify(r.body.errors)}`);
    }
    assert.equal(await count('context_edits'), edits);
    assert.equal((await api(base, 'GET', `/contexts/${c.contextId}`)).body.version, 1);
    assert.equal((await api(base, 'PATCH', '/contexts/ctx_missing', { pm25: 1 })).status, 404);

    // Same value: nothing to record. null: the value goes.
    const same = await api(base, 'PATCH', `/contexts/${c.contextId}`, { pm25: 12 });
    assert.equal(same.body.version, 1);
    const removed = await api(base, 'PATCH', `/contexts/${c.contextId}`, { humidity: null, temperature: 15 });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual([removed.body.humidity, removed.body.fields.humidity, removed.body.temperatura, removed.body.fields.temperatura.edited, removed.body.version], [undefined, undefined, 15, true, 2]);
  });

  test('concurrent edits: one wins per If-Match version, and edits without If-Match are never lost', async () => {
    const c = (await api(base, 'POST', '/contexts', { location: 'Concepción', pm25: 10 })).body;
    const racing = await Promise.all([11, 12, 13, 14, 15].map((pm25) => api(base, 'PATCH', `/contexts/${c.contextId}`, { pm25 }, { 'if-match': '"v1"' })));
    assert.deepEqual(racing.map((r) => r.status).sort(), [200, 412, 412, 412, 412]);
    const winner = racing.find((r) => r.status === 200)!.body;
    const now = (await api(base, 'GET', `/contexts/${c.contextId}`)).body;
    assert.deepEqual([now.version, now.pm25], [2, winner.pm25]);
    const fields = ['pm10', 'no2', 'o3', 'so2', 'co'];
    const all = await Promise.all(fields.map((f, i) => api(base, 'PATCH', `/contexts/${c.contextId}`, { [f]: i + 1 })));
    assert.deepEqual(all.map((r) => r.status), [200, 200, 200, 200, 200]);
    const final = (await api(base, 'GET', `/contexts/${c.contextId}`)).body;
    assert.deepEqual([final.version, ...fields.map((f) => final[f])], [7, 1, 2, 3, 4, 5]);
    assert.deepEqual((await api(base, 'GET', `/contexts/${c.contextId}/history`)).body.edits.map((e: any) => e.version), [2, 3, 4, 5, 6, 7]);
  });

  test('tags: case-insensitive, kept once, filterable, removable', async () => {
    const c = (await api(base, 'POST', '/contexts', { location: 'Lima', pm25: 30, tags: ['Weekly', ' weekly '] })).body;
    assert.deepEqual(c.tags, ['weekly']);
    const added = await api(base, 'POST', `/contexts/${c.contextId}/tags`, { tags: ['Alerta Roja', 'weekly'] }, { 'if-match': '"v1"' });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual([added.body.tags, added.body.version, added.headers.get('etag')], [['alerta roja', 'weekly'], 2, '"v2"']);
    const again = await api(base, 'POST', `/contexts/${c.contextId}/tags`, { tags: ['ALERTA ROJA'] });
    assert.equal(again.body.version, 2, 'a tag it has changes nothing');
    assert.deepEqual((await api(base, 'GET', '/contexts?tag=Alerta%20Roja')).body.contexts.map((x: any) => x.contextId), [c.contextId]);
    assert.equal((await api(base, 'POST', `/contexts/${c.contextId}/tags`, { tags: ['x'] }, { 'if-match': '"v1"' })).status, 412);
    const removed = await api(base, 'DELETE', `/contexts/${c.contextId}/tags/alerta%20roja`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(removed.body.tags, ['weekly']);
    assert.equal((await api(base, 'DELETE', `/contexts/${c.contextId}/tags/alerta%20roja`)).status, 404);
    assert.deepEqual((await api(base, 'GET', '/contexts?tag=alerta%20roja')).body.contexts, []);
    const tagsBefore = await count('context_tags');
    for (const body of [{ tags: [] }, { tags: ['a/b'] }, { tags: ['   '] }, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, { tag: 'x' }]) {
      const r = await api(base, 'POST', `/contexts/${c.contextId}/tags`, body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
    }
    assert.equal(await count('context_tags'), tagsBefore);
    const history = (await api(base, 'GET', `/contexts/${c.contextId}/history`)).body.edits;
    assert.deepEqual(history.map((e: any) => e.changes[0]), [{ field: 'tags', from: ['weekly'], to: ['alerta roja', 'weekly'] }, { field: 'tags', from: ['alerta roja', 'weekly'], to: ['weekly'] }]);
  });

  test('filters and pages', async () => {
    const places = ['Bogotá', 'BOGOTA', 'Medellín', 'Cali', 'Bogotá', 'Pasto', 'Cúcuta'];
    const ids: string[] = [];
    for (const [i, location] of places.entries()) {
      const r = await api(base, 'POST', '/contexts', { location, pm25: 10 + i, tags: ['page-test', i % 2 ? 'odd' : 'even'] });
      assert.equal(r.status, 201);
      ids.push(r.body.contextId);
    }
    const all = (await api(base, 'GET', '/contexts?tag=page-test&limit=500')).body;
    assert.deepEqual(all.contexts.map((c: any) => c.contextId), [...ids].reverse(), 'newest first');
    assert.equal(all.nextCursor, null);
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = (await api(base, 'GET', `/contexts?tag=page-test&limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body;
      paged.push(...page.contexts.map((c: any) => c.contextId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.deepEqual([paged, pages], [[...ids].reverse(), 3]);

    const bogota = (await api(base, 'GET', '/contexts?location=bogota&tag=page-test')).body.contexts.map((c: any) => c.location);
    assert.deepEqual(bogota.sort(), ['BOGOTA', 'Bogotá', 'Bogotá'], 'location is case- and accent-insensitive');
    assert.deepEqual((await api(base, 'GET', '/contexts?q=CUCUTA')).body.contexts.map((c: any) => c.location), ['Cúcuta']);
    assert.deepEqual((await api(base, 'GET', '/contexts?q=medell&tag=odd')).body.contexts.map((c: any) => c.location), []);
    assert.deepEqual((await api(base, 'GET', '/contexts?q=medell&tag=even')).body.contexts.map((c: any) => c.location), ['Medellín']);
    assert.deepEqual((await api(base, 'GET', '/contexts?q=100%25')).body.contexts, [], 'LIKE wildcards are literal');
    assert.equal((await api(base, 'GET', '/contexts?source=workflow')).body.contexts.length, 0);
    const future = new Date(Date.now() + DAY).toISOString();
    assert.deepEqual((await api(base, 'GET', `/contexts?tag=page-test&since=${future}`)).body.contexts, []);
    assert.equal((await api(base, 'GET', `/contexts?tag=page-test&until=${future}&since=2026-01-01`)).body.contexts.length, places.length);
    for (const [query, field] of [['cursor=bm9wZQ', 'cursor'], ['since=tomorrow', 'since'], ['source=email', 'source'], ['limit=501', 'limit']] as const) {
      const r = await api(base, 'GET', `/contexts?${query}`);
      assert.equal(r.status, 400, query);
      assert.ok(r.body.errors.some((e: any) => e.field === field), `${query}: ${JSON.stringify(r.body.errors)}`);
    }
  });

  test('the original upload is kept for CONTEXT_SOURCE_RETENTION_DAYS, then pruned', async () => {
    const up = await upload(base, await bulletinPdf(['Boletim de qualidade do ar', 'Rio de Janeiro, 26/12/2025', 'MP2,5: 18 ug/m3']), 'boletim.pdf');
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const id = up.body.contextId;
    const file = join(env.dataDir, 'media', 'context-sources', id);
    assert.ok(existsSync(file));
    assert.equal(Date.parse(up.body.context.source.keptUntil) - Date.parse(up.body.context.createdAt), 90 * DAY, 'the default retention is 90 days');
    assert.equal(await svc.services.contexts.pruneSources(new Date(Date.now() + 89 * DAY)), 0, 'nothing is due yet');
    assert.equal((await api(base, 'GET', `/contexts/${id}/source`)).status, 200);
    assert.ok((await svc.services.contexts.pruneSources(new Date(Date.now() + 91 * DAY))) >= 1);
    assert.ok(!existsSync(file));
    const after = (await api(base, 'GET', `/contexts/${id}`)).body;
    assert.deepEqual([after.source.kept, after.source.url, after.source.keptUntil, after.source.filename, after.version], [false, null, null, 'boletim.pdf', 1]);
    const gone = await api(base, 'GET', `/contexts/${id}/source`);
    assert.equal(gone.status, 404);
    assert.match(gone.body.detail, /CONTEXT_SOURCE_RETENTION_DAYS/);
  });

  test('a workflow run stores a context through the service (for the workflows module)', async () => {
    const view = await svc.services.contexts.createFromWorkflow({ workflowId: 'wf_test', runId: 'run_test', location: 'Arica', date: '2026-11-01', values: { pm25: 14, o3: 60 }, sourceTexts: { pm25: '$.stations[0].pm25' }, tags: ['Auto'] });
    const listed = (await api(base, 'GET', '/contexts?source=workflow')).body.contexts;
    assert.deepEqual(listed.map((c: any) => c.contextId), [view.contextId]);
    const c = listed[0];
    assert.deepEqual([c.method, c.source.kind, c.source.workflowId, c.source.runId, c.tags, c.pm25, c.o3, c.fields.pm25.sourceText, c.fields.pm25.origin], ['workflow', 'workflow', 'wf_test', 'run_test', ['auto'], 14, 60, '$.stations[0].pm25', 'workflow']);
    const before = await count('contexts');
    await assert.rejects(svc.services.contexts.createFromWorkflow({ workflowId: 'wf_test', runId: 'run_2', location: 'Arica', values: { pm25: -1 } }), (err: any) => err.status === 400 && err.extra.errors[0].field === 'pm25');
    assert.equal(await count('contexts'), before);
  });

  test('GraphQL: create, read, list, edit with expectedVersion, tags, render, history, delete', async () => {
    const gql = async (query: string, variables?: Record<string, unknown>) => (await api(base, 'POST', '/graphql', { query, variables })).body;
    const made = await gql('mutation($i: ContextInput!) { createContext(input: $i) { contextId version location pm25 tags source { kind } } }', { i: { location: 'Cusco', pm25: 22, tags: ['gq'] } });
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    const id = made.data.createContext.contextId;
    assert.deepEqual(made.data.createContext, { contextId: id, version: 1, location: 'Cusco', pm25: 22, tags: ['gq'], source: { kind: 'manual' } });
    const bad = await gql('mutation($i: ContextInput!) { createContext(input: $i) { contextId } }', { i: { location: 'Cusco', pm25: 99999 } });
    assert.equal(bad.errors?.[0]?.extensions?.code, 'validation_failed');
    const stale = await gql('mutation($id: ID!) { updateContext(id: $id, input: { pm25: 30 }, expectedVersion: 7) { version } }', { id });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'precondition_failed');
    const edited = await gql('mutation($id: ID!) { updateContext(id: $id, input: { pm25: null, no2: 31 }, expectedVersion: 1) { version pm25 no2 fields } }', { id });
    assert.equal(edited.errors, undefined, JSON.stringify(edited.errors));
    assert.deepEqual([edited.data.updateContext.version, edited.data.updateContext.pm25, edited.data.updateContext.no2, edited.data.updateContext.fields.no2.edited], [2, null, 31, true]);
    const tagged = await gql('mutation($id: ID!) { addContextTags(id: $id, tags: ["Extra"]) { tags version } }', { id });
    assert.deepEqual(tagged.data.addContextTags, { tags: ['extra', 'gq'], version: 3 });
    const untagged = await gql('mutation($id: ID!) { removeContextTag(id: $id, tag: "gq", expectedVersion: 3) { tags } }', { id });
    assert.deepEqual(untagged.data.removeContextTag.tags, ['extra']);
    const rendered = await gql('mutation($id: ID!) { renderContext(id: $id, input: { format: portrait, resolution: _360p }) { jobId contextId params } }', { id });
    assert.equal(rendered.errors, undefined, JSON.stringify(rendered.errors));
    assert.equal(rendered.data.renderContext.contextId, id);
    assert.equal(rendered.data.renderContext.params.no2, 31);
    const read = await gql('query($id: ID!) { context(id: $id) { version renders { count recent { jobId } } } contexts(filter: { tag: "extra" }) { contexts { contextId } nextCursor } contextHistory(id: $id) { version changes { field from to } } }', { id });
    assert.equal(read.errors, undefined, JSON.stringify(read.errors));
    assert.deepEqual(read.data.context.renders, { count: 1, recent: [{ jobId: rendered.data.renderContext.jobId }] });
    assert.deepEqual(read.data.contexts.contexts.map((c: any) => c.contextId), [id]);
    assert.deepEqual(read.data.contextHistory.map((e: any) => e.version), [2, 3, 4]);
    assert.deepEqual(read.data.contextHistory[0].changes, [{ field: 'pm25', from: 22, to: null }, { field: 'no2', from: null, to: 31 }]);
    const deleted = await gql('mutation($id: ID!) { deleteContext(id: $id, expectedVersion: 4) }', { id });
    assert.equal(deleted.data.deleteContext, true);
    const missing = await gql('query($id: ID!) { context(id: $id) { contextId } }', { id });
    assert.equal(missing.errors?.[0]?.extensions?.code, 'not_found');
  });
});
