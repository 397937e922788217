import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { corpusSpecs, renderDoc } from '../../extract/corpus/generate.js';
import type { RunningService } from '../src/server.js';
import { createTestEnv, startTestService, STORE, TEST_API_KEY, type TestEnv } from './helpers.js';

describe(`GraphQL queue, webhooks and ingest (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(`${svc.baseUrl}/graphql`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as { data?: any; errors?: any[] };
  };

  before(async () => {
    env = await createTestEnv({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' });
    svc = await startTestService(env, { WORKER_CONCURRENCY: '0' });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('queue: enqueue with priority, cancel, invalid retry, pause/resume, stats', async () => {
    const q = await gql(`mutation($i: RenderParamsInput!) { enqueueRender(input: $i, priority: 7) { jobId status priority } }`, { i: { location: 'Cusco', pm25: 12, resolution: '_360p' } });
    assert.equal(q.errors, undefined, JSON.stringify(q.errors));
    assert.equal(q.data.enqueueRender.priority, 7);
    const id = q.data.enqueueRender.jobId;
    const retry = await gql(`mutation($id: ID!) { retryJob(id: $id) { status } }`, { id });
    assert.equal(retry.errors?.[0]?.extensions?.code, 'invalid_state');
    const c = await gql(`mutation($id: ID!) { cancelJob(id: $id) { status } }`, { id });
    assert.equal(c.data.cancelJob.status, 'canceled');
    assert.equal((await gql('mutation { pauseQueue { paused } }')).data.pauseQueue.paused, true);
    const s = await gql('{ queueStats { paused counts { canceled queued } workers { id } throughput { windowSec } } }');
    assert.equal(s.data.queueStats.paused, true);
    assert.equal(s.data.queueStats.counts.canceled, 1);
    assert.equal((await gql('mutation { resumeQueue { paused } }')).data.resumeQueue.paused, false);
  });

  test('webhooks: register (secret shown once), list, fire, delete; bad URL is a field error', async () => {
    const r = await gql(`mutation { registerWebhook(url: "http://127.0.0.1:9/none", events: ["render.completed"]) { webhook { id active events } secret } }`);
    assert.equal(r.errors, undefined, JSON.stringify(r.errors));
    assert.match(r.data.registerWebhook.secret, /^whsec_/);
    const id = r.data.registerWebhook.webhook.id;
    const list = await gql('{ webhooks { id url } }');
    assert.ok(list.data.webhooks.some((w: any) => w.id === id));
    const fired = await gql(`mutation { fireWebhookEvent(event: "render.completed", data: {jobId: "x"}) { eventType deliveries { webhookId status } } }`);
    assert.equal(fired.data.fireWebhookEvent.deliveries[0].webhookId, id);
    assert.equal((await gql(`mutation($id: ID!) { deleteWebhook(id: $id) }`, { id })).data.deleteWebhook, true);
    const bad = await gql(`mutation { registerWebhook(url: "http://169.254.169.254/", events: ["*"]) { webhook { id } } }`);
    assert.equal(bad.errors?.[0]?.extensions?.code, 'validation_failed');
  });

  test('ingest: templates and a base64 upload', async () => {
    const t = await gql('{ ingestTemplates { id requires } }');
    assert.ok(t.data.ingestTemplates.length >= 1);
    const doc = corpusSpecs().find((d) => d.medium === 'pdf-text')!;
    const { bytes, filename } = await renderDoc(doc);
    const up = await gql(`mutation($f: String!, $n: String!) { ingestUpload(fileBase64: $f, filename: $n) { contextId context { location pm25 method confidence } } }`, { f: Buffer.from(bytes).toString('base64'), n: filename });
    assert.equal(up.errors, undefined, JSON.stringify(up.errors));
    assert.equal(up.data.ingestUpload.context.location, doc.expected.location);
    assert.equal(up.data.ingestUpload.context.method, 'pdf-text');
    const bad = await gql(`mutation { ingestUpload(fileBase64: "aGVsbG8=", filename: "x.png") { contextId } }`);
    assert.ok(['unsupported_type', 'type_mismatch'].includes(bad.errors?.[0]?.extensions?.code), JSON.stringify(bad.errors));
  });
});
