/**
 * Every mutating operation of the OpenAPI document honours Idempotency-Key: a
 * retry with the same key gets the first answer back (idempotent-replayed)
 * and the work is done once; the same key with another request is a 409. The
 * table below must name every mutating operation, so a new route cannot skip it.
 * GraphQL mutations honour an `idempotencyKey` argument the same way.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, type TestEnv } from './helpers.js';

async function bulletinPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ['Boletín de calidad del aire', 'Santiago, 12 de marzo de 2026', 'MP 2,5: 41 µg/m3', 'NO2: 38 µg/m3'];
  lines.forEach((t, i) => page.drawText(t.replace('µ', 'u'), { x: 50, y: 780 - i * 24, size: 14, font }));
  return Buffer.from(await pdf.save());
}

function multipart(file: Buffer, fields: Record<string, string> = {}): { body: Buffer; type: string } {
  const b = 'idem-boundary';
  const parts = Object.entries(fields).map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const body = Buffer.concat([Buffer.from(parts.join('')), Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), file, Buffer.from(`\r\n--${b}--\r\n`)]);
  return { body, type: `multipart/form-data; boundary=${b}` };
}

/** A workflow every workflow sample can create (its source is never reached: no worker renders here). */
const WORKFLOW = { name: 'Idem', locations: [{ name: 'Lima', latitude: -12.05, longitude: -77.04 }], steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render' }] };

describe(`Idempotency-Key on every mutation (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let receiver: Server;
  let receiverUrl: string;

  before(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    env = await createTestEnv({ WORKER_CONCURRENCY: '0', OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    receiver?.close();
  });

  const count = async (table: Table) =>
    Number((await svc.store.db.selectFrom(table).select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  const variantTest = { name: 'Idem', goal: 'complete', base: { location: 'Idem' }, arms: [{}, { overrides: { format: 'portrait' } }] };

  /** A valid request for each mutating operation, by operationId, and the table whose rows it adds (if any). */
  type Table = 'jobs' | 'webhooks' | 'contexts' | 'webhook_events' | 'context_edits' | 'context_tags' | 'workflows' | 'workflow_runs' | 'variant_tests' | 'variant_units' | 'variant_events' | 'brands' | 'brand_versions';
  const samples: Record<string, () => Promise<{ method: string; path: string; body?: unknown; raw?: { body: Buffer; type: string }; headers?: Record<string, string>; table?: Table }>> = {
    createRender: async () => ({ method: 'POST', path: '/render', body: { location: 'Idem', pm25: 10 }, table: 'jobs' }),
    createBatch: async () => ({ method: 'POST', path: '/batch', body: [{ location: 'A' }, { location: 'B' }], table: 'jobs' }),
    enqueueRender: async () => ({ method: 'POST', path: '/queue', body: { location: 'Q', priority: 5 }, table: 'jobs' }),
    cancelJob: async () => ({ method: 'POST', path: `/queue/${(await api(base, 'POST', '/render', { location: 'C' })).body.jobId}/cancel` }),
    retryJob: async () => {
      const id = (await api(base, 'POST', '/render', { location: 'R' })).body.jobId;
      await api(base, 'POST', `/queue/${id}/cancel`);
      return { method: 'POST', path: `/queue/${id}/retry` };
    },
    pauseQueue: async () => ({ method: 'POST', path: '/queue/pause' }),
    resumeQueue: async () => ({ method: 'POST', path: '/queue/resume' }),
    registerWebhook: async () => ({ method: 'POST', path: '/webhooks', body: { url: receiverUrl, events: ['render.completed'] }, table: 'webhooks' }),
    registerWebhookAlias: async () => ({ method: 'POST', path: '/webhooks/register', body: { url: receiverUrl, events: ['*'] }, table: 'webhooks' }),
    deleteWebhook: async () => ({ method: 'DELETE', path: `/webhooks/${(await api(base, 'POST', '/webhooks', { url: receiverUrl, events: ['*'] })).body.webhook.id}` }),
    testWebhook: async () => ({ method: 'POST', path: `/webhooks/${(await api(base, 'POST', '/webhooks', { url: receiverUrl, events: ['*'] })).body.webhook.id}/test`, table: 'webhook_events' }),
    fireWebhookEvent: async () => ({ method: 'POST', path: '/webhooks/fire', body: { event: 'render.completed', data: { n: 1 } }, table: 'webhook_events' }),
    ingestUpload: async () => ({ method: 'POST', path: '/ingest/upload', raw: multipart(await bulletinPdf()), table: 'contexts' }),
    ingestUploadAndRender: async () => ({ method: 'POST', path: '/ingest/upload-and-render', raw: multipart(await bulletinPdf(), { language: 'en' }), table: 'jobs' }),
    createKey: async () => ({ method: 'POST', path: '/keys', body: { name: 'idem', scopes: ['renders:read'] } }),
    revokeKey: async () => ({ method: 'DELETE', path: `/keys/${(await api(base, 'POST', '/keys', { name: 'r', scopes: ['renders:read'] })).body.key.id}` }),
    createVariantTest: async () => ({ method: 'POST', path: '/variants', body: variantTest, table: 'variant_tests' }),
    assignVariant: async () => ({ method: 'POST', path: `/variants/${(await api(base, 'POST', '/variants', variantTest)).body.id}/assign`, body: { unitId: 'u-1' }, table: 'variant_units' }),
    trackVariantEvents: async () => {
      const id = (await api(base, 'POST', '/variants', variantTest)).body.id;
      await api(base, 'POST', `/variants/${id}/assign`, { unitId: 'u-1' });
      // No eventId: only the key keeps a retry from counting the view twice.
      return { method: 'POST', path: `/variants/${id}/track`, body: { events: [{ unitId: 'u-1', type: 'view' }] }, table: 'variant_events' };
    },
    concludeVariantTest: async () => ({ method: 'POST', path: `/variants/${(await api(base, 'POST', '/variants', variantTest)).body.id}/conclude`, body: { arm: 'B' }, table: 'webhook_events' }),
    createBrand: async () => ({ method: 'POST', path: '/brands', body: { name: 'Idem brand', colors: { accent: '#1F3BFF' } }, table: 'brands' }),
    updateBrand: async () => ({ method: 'PATCH', path: `/brands/${(await api(base, 'POST', '/brands', { name: 'To rename' })).body.brandId}`, body: { name: 'Renamed brand' }, table: 'brand_versions' }),
    deleteBrand: async () => ({ method: 'DELETE', path: `/brands/${(await api(base, 'POST', '/brands', { name: 'To delete' })).body.brandId}` }),
    createContext: async () => ({ method: 'POST', path: '/contexts', body: { location: 'Idem', pm25: 12, tags: ['a'] }, table: 'contexts' }),
    updateContext: async () => ({ method: 'PATCH', path: `/contexts/${(await api(base, 'POST', '/contexts', { location: 'U', pm25: 1 })).body.contextId}`, body: { pm25: 2 }, table: 'context_edits' }),
    deleteContext: async () => ({ method: 'DELETE', path: `/contexts/${(await api(base, 'POST', '/contexts', { location: 'D' })).body.contextId}` }),
    renderContext: async () => ({ method: 'POST', path: `/contexts/${(await api(base, 'POST', '/contexts', { location: 'R', pm25: 3 })).body.contextId}/render`, body: { resolution: '360p' }, table: 'jobs' }),
    addContextTags: async () => ({ method: 'POST', path: `/contexts/${(await api(base, 'POST', '/contexts', { location: 'T' })).body.contextId}/tags`, body: { tags: ['x', 'y'] }, table: 'context_tags' }),
    removeContextTag: async () => ({ method: 'DELETE', path: `/contexts/${(await api(base, 'POST', '/contexts', { location: 'T', tags: ['x', 'y'] })).body.contextId}/tags/x`, table: 'context_edits' }),
    graphql: async () => ({ method: 'POST', path: '/graphql', body: { query: 'mutation { createRender(input: { location: "G" }) { jobId } }' }, table: 'jobs' }),
    aiAnalyze: async () => ({ method: 'POST', path: '/ai/analyze', body: { pm25: 87.4, no2: 42, standards: ['us-epa', 'cl'] } }),
    aiSuggestTemplate: async () => ({ method: 'POST', path: '/ai/suggest-template', body: { pm25: 87.4, channel: 'social' } }),
    aiGenerate: async () => ({ method: 'POST', path: '/ai/generate', body: { location: 'Idem', pm25: 31, language: 'pt' } }),
    aiRender: async () => ({ method: 'POST', path: '/ai/render', body: { location: 'Idem', pm25: 31, resolution: '360p' }, table: 'jobs' }),
    createWorkflow: async () => ({ method: 'POST', path: '/workflows', body: WORKFLOW, table: 'workflows' }),
    updateWorkflow: async () => ({ method: 'PATCH', path: `/workflows/${(await api(base, 'POST', '/workflows', WORKFLOW)).body.workflow.id}`, body: { name: 'Renamed' } }),
    deleteWorkflow: async () => ({ method: 'DELETE', path: `/workflows/${(await api(base, 'POST', '/workflows', WORKFLOW)).body.workflow.id}` }),
    runWorkflow: async () => ({ method: 'POST', path: `/workflows/${(await api(base, 'POST', '/workflows', WORKFLOW)).body.workflow.id}/run`, body: {}, table: 'workflow_runs' }),
    triggerWorkflow: async () => {
      const created = (await api(base, 'POST', '/workflows', { ...WORKFLOW, trigger: { type: 'inbound' } })).body;
      return { method: 'POST', path: `/workflows/${created.workflow.id}/trigger`, body: {}, headers: { 'x-trigger-secret': created.triggerSecret }, table: 'workflow_runs' };
    },
  };

  async function send(s: Awaited<ReturnType<(typeof samples)[string]>>, key: string) {
    const res = await fetch(base + s.path, {
      method: s.method,
      headers: { 'x-api-key': 'test-key-0123456789abcdef', 'idempotency-key': key, ...(s.headers ?? {}), ...(s.raw ? { 'content-type': s.raw.type } : s.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: s.raw ? new Uint8Array(s.raw.body) : s.body !== undefined ? JSON.stringify(s.body) : undefined,
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() };
  }

  test('the table names every mutating operation of the OpenAPI document', async () => {
    const doc = (await api(base, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string; parameters?: { in: string; name: string }[] }>> };
    const mutating = Object.values(doc.paths).flatMap((item) => Object.entries(item).filter(([m]) => ['post', 'patch', 'put', 'delete'].includes(m)).map(([, op]) => op));
    // Signing a browser in or out is not a retried API call, and a brand preview changes nothing (it only draws a
    // poster): these are the only exceptions.
    const exempt = ['dashboardSignIn', 'dashboardSignOut', 'previewBrand'];
    assert.deepEqual(mutating.map((op) => op.operationId).filter((id) => !(id in samples) && !exempt.includes(id)), [], 'mutating operations without a sample here');
    for (const op of mutating.filter((o) => !exempt.includes(o.operationId))) assert.ok(op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'), `${op.operationId} documents Idempotency-Key`);
  });

  for (const [operationId, make] of Object.entries(samples)) {
    test(`${operationId}: a retry replays the first answer and does the work once`, async () => {
      const s = await make();
      const key = `k-${operationId}-${Date.now()}`;
      const rowsBefore = s.table ? await count(s.table) : 0;
      const first = await send(s, key);
      assert.ok(first.status >= 200 && first.status < 300, `${first.status} ${first.text.slice(0, 300)}`);
      assert.equal(first.replayed, null);
      const rowsAfterFirst = s.table ? await count(s.table) : 0;
      const second = await send(s, key);
      assert.equal(second.status, first.status);
      assert.equal(second.replayed, 'true');
      assert.deepEqual(second.text === '' ? '' : JSON.parse(second.text), first.text === '' ? '' : JSON.parse(first.text));
      if (s.table) {
        assert.ok(rowsAfterFirst > rowsBefore, 'the first request did its work');
        assert.equal(await count(s.table), rowsAfterFirst, 'the retry did not do it again');
      }
      if (operationId === 'createRender' || operationId === 'enqueueRender') {
        const other = await fetch(base + s.path, { method: s.method, headers: { 'x-api-key': 'test-key-0123456789abcdef', 'idempotency-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ ...(s.body as object), location: 'Other' }) });
        assert.equal(other.status, 409, `${operationId}: the same key with another request`);
        assert.equal(((await other.json()) as { code: string }).code, 'idempotency_conflict');
      }
    });
  }

  test('a failed request is not recorded: fixed and sent again with the same key, it runs', async () => {
    const bad = await api(base, 'POST', '/render', { location: 'X', pm25: -1 }, { 'idempotency-key': 'fix-me' });
    assert.equal(bad.status, 400);
    const good = await api(base, 'POST', '/render', { location: 'X', pm25: 1 }, { 'idempotency-key': 'fix-me' });
    assert.equal(good.status, 202);
  });

  test('GraphQL mutations honour an idempotencyKey argument', async () => {
    const before = await count('jobs');
    const q = 'mutation ($k: String) { createRender(input: { location: "Arg" }, idempotencyKey: $k) { jobId } }';
    const a = await api(base, 'POST', '/graphql', { query: q, variables: { k: 'gql-arg-1' } });
    const b = await api(base, 'POST', '/graphql', { query: q, variables: { k: 'gql-arg-1' } });
    assert.equal(a.body.data.createRender.jobId, b.body.data.createRender.jobId);
    assert.equal(await count('jobs'), before + 1);
    const cancel = 'mutation ($id: ID!) { cancelJob(id: $id, idempotencyKey: "gql-cancel") { status } }';
    const c1 = await api(base, 'POST', '/graphql', { query: cancel, variables: { id: a.body.data.createRender.jobId } });
    const c2 = await api(base, 'POST', '/graphql', { query: cancel, variables: { id: a.body.data.createRender.jobId } });
    assert.equal(c1.body.data.cancelJob.status, 'canceled');
    assert.deepEqual(c2.body, c1.body, 'a retried cancel answers as the first did, not 409');
    const conflict = await api(base, 'POST', '/graphql', { query: 'mutation { createRender(input: { location: "Else" }, idempotencyKey: "gql-arg-1") { jobId } }' });
    assert.equal(conflict.body.errors[0].extensions.code, 'idempotency_conflict');
  });
});
