/**
 * Upgrading a store written before the contexts life cycle and analytics
 * existed: a context stored by the first ingest (003_contexts) stays readable,
 * searchable, editable and renderable, and jobs that were already there count
 * in the analytics (the job_metrics backfill).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openStore } from '../src/core/store/database.js';
import { migrateToLatest } from '../src/core/store/migrations.js';
import type { RunningService } from '../src/server.js';
import { allMigrations } from '../src/server.js';
import { api, createTestEnv, startTestService, STORE, type TestEnv } from './helpers.js';

describe(`upgrade: contexts and jobs from before (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  const legacyView = {
    contextId: 'ctx_legacy00000001', location: 'Valparaíso', date: '2025-06-01', pm25: 44, no2: 21, confidence: 0.82,
    fields: { pm25: { value: 44, unit: 'µg/m³', sourceText: 'MP 2,5 44 µg/m³', sourceUnit: 'µg/m³', confidence: 0.9 }, location: { value: 'Valparaíso', sourceText: 'Valparaíso, 1 de junio', confidence: 0.8 } },
    method: 'pdf-text', pages: 2, language: 'es', source: { filename: 'old.pdf', sha256: 'a'.repeat(64), type: 'pdf', bytes: 1234 }, createdAt: '2025-06-01T10:00:00.000Z',
  };

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    const store = await openStore(env.databaseUrl);
    const all = allMigrations();
    await migrateToLatest(store, Object.fromEntries(Object.entries(all).filter(([name]) => /^00[123]_/.test(name))));
    await store.db
      .insertInto('contexts')
      .values({ id: legacyView.contextId, source_filename: 'old.pdf', source_sha256: 'a'.repeat(64), source_type: 'pdf', source_bytes: 1234, method: 'pdf-text', location: 'Valparaíso', confidence: 0.82, context: JSON.stringify(legacyView), tags: '[]', created_at: legacyView.createdAt, updated_at: legacyView.createdAt } as never)
      .execute();
    const params = { location: 'Valparaíso', template: 'daily-report', language: 'es', aqiStandard: 'us-epa', format: 'portrait', resolution: '720p', date: '2025-06-01' };
    await store.db
      .insertInto('jobs')
      .values({
        id: 'job_legacy00000001', status: 'completed', template: 'daily-report', location: 'Valparaíso', params: JSON.stringify(params), render_key: 'rk', priority: 0, run_at: '2025-06-01T10:00:00.000Z', attempts: 1, max_attempts: 3, progress: 1,
        lease_owner: null, lease_expires_at: null, batch_id: null, context_id: legacyView.contextId, file_token: 'tokenlegacy0000000001', video_key: 'videos/x.mp4', poster_key: 'posters/x.png',
        output: JSON.stringify({ width: 720, height: 1280, fps: 30, durationSec: 14, bytes: 4321 }), error_code: null, error_message: null, render_ms: 6543,
        created_at: '2025-06-01T10:00:00.000Z', updated_at: '2025-06-01T10:00:09.000Z', started_at: '2025-06-01T10:00:02.500Z', completed_at: '2025-06-01T10:00:09.043Z',
      } as never)
      .execute();
    await store.close();
    svc = await startTestService(env);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('a context from the first ingest is read, listed, searched, edited and rendered', async () => {
    const got = await api(svc.baseUrl, 'GET', `/contexts/${legacyView.contextId}`);
    assert.equal(got.status, 200, JSON.stringify(got.body));
    const c = got.body;
    assert.deepEqual([c.location, c.date, c.pm25, c.no2, c.version, c.method, c.pages, c.tags, c.stations], ['Valparaíso', '2025-06-01', 44, 21, 1, 'pdf-text', 2, [], []]);
    assert.deepEqual(c.source, { kind: 'upload', filename: 'old.pdf', mediaType: 'application/pdf', sha256: 'a'.repeat(64), bytes: 1234, pages: 2, workflowId: null, runId: null, kept: false, keptUntil: null, url: null });
    assert.equal(c.fields.pm25.edited, false);
    assert.deepEqual(c.renders, { count: 1, recent: [{ jobId: 'job_legacy00000001', status: 'completed', template: 'daily-report', createdAt: '2025-06-01T10:00:00.000Z' }] });
    assert.deepEqual((await api(svc.baseUrl, 'GET', '/contexts?location=valparaiso')).body.contexts.map((x: any) => x.contextId), [legacyView.contextId]);
    assert.deepEqual((await api(svc.baseUrl, 'GET', '/contexts?q=old.pdf')).body.contexts.map((x: any) => x.contextId), [legacyView.contextId]);
    const patched = await api(svc.baseUrl, 'PATCH', `/contexts/${legacyView.contextId}`, { pm25: 50 }, { 'if-match': '"v1"' });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual([patched.body.fields.pm25.extractedValue, patched.body.version], [44, 2]);
    const job = await api(svc.baseUrl, 'POST', `/contexts/${legacyView.contextId}/render`, { resolution: '360p' });
    assert.deepEqual([job.status, job.body.params.pm25, job.body.params.date], [202, 50, '2025-06-01']);
  });

  test('jobs from before count in the analytics', async () => {
    const perf = (await api(svc.baseUrl, 'GET', '/analytics/performance?until=2025-12-31')).body;
    assert.deepEqual(perf.renders, [{ template: 'daily-report', format: 'portrait', resolution: '720p', renders: 1, renderMs: { samples: 1, p50: 6543, p95: 6543 }, meanRenderMs: 6543, framesPerSecond: Math.round(((14 * 30) / 6.543) * 100) / 100 }]);
    assert.deepEqual(perf.queueWaitMs, { samples: 1, p50: 2500, p95: 2500 });
    const overview = (await api(svc.baseUrl, 'GET', '/analytics/overview?until=2025-12-31')).body;
    assert.deepEqual([overview.jobs.total, overview.videoSeconds, overview.bytesStored], [1, 14, 4321]);
  });
});
