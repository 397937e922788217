/**
 * Workflows end to end on the store under test, against local servers that
 * speak the sources' formats: the README example (three cities at 07:00 in
 * their time zone, from Open-Meteo or OpenAQ) over REST, GraphQL and both
 * clients, with its videos and its webhook; fan-out with one source failing;
 * conditions skipping; catch-up of missed slots; the inbound trigger; 400s
 * naming the field.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client } from '../../../clients/js/src/index.js';
import type { RunningService } from '../src/server.js';
import { startAirSources, type AirSources } from './air-sources.js';
import { api, createTestEnv, startTestService, STORE, TEST_API_KEY, until, type TestEnv } from './helpers.js';

/** The README example: three cities at 07:00 in their time zone, from Open-Meteo. */
const README_WORKFLOW = {
  name: 'Boletín de la mañana',
  trigger: { type: 'schedule', cron: '0 7 * * *', timezone: 'America/Santiago' },
  locations: [
    { name: 'Santiago', latitude: -33.45, longitude: -70.66 },
    { name: 'Valparaíso', latitude: -33.05, longitude: -71.62 },
    { name: 'Concepción', latitude: -36.83, longitude: -73.05 },
  ],
  steps: [
    { type: 'fetch', source: 'open-meteo' },
    { type: 'render', template: 'daily-report', formats: ['landscape'], languages: ['es'], aqiStandard: 'us-epa', resolution: '360p' },
    { type: 'notify' },
  ],
};

describe(`workflows (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let src: AirSources;
  let receiver: Server;
  const events: { type: string; data: any }[] = [];

  before(async () => {
    src = await startAirSources();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        events.push(JSON.parse(body) as { type: string; data: unknown });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    env = await createTestEnv({ ...src.env(), WORKER_CONCURRENCY: '1', WORKFLOW_POLL_MS: '100', SOURCE_RETRIES: '1', WEBHOOK_RETRY_DELAYS: '1' });
    svc = await startTestService(env, {}, { runtime: { sourceBackoffMs: 20 } });
    base = svc.baseUrl;
    const hook = await api(base, 'POST', '/webhooks', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['workflow.run.completed', 'workflow.run.failed'] });
    assert.equal(hook.status, 201);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    await src?.close();
    receiver?.close();
  });

  async function finished(runId: string, timeoutMs = 240_000): Promise<any> {
    return until(async () => {
      const r = await api(base, 'GET', `/workflow-runs/${runId}`);
      return ['queued', 'running'].includes(r.body.status) ? null : r.body;
    }, `run ${runId} to end`, timeoutMs);
  }

  test('the README example: scheduled at 07:00 Santiago time, runs for three cities, renders, announces', async () => {
    const created = await api(base, 'POST', '/workflows', README_WORKFLOW);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const wf = created.body.workflow;
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit' });
    assert.equal(wf.nextRuns.length, 3);
    for (const at of wf.nextRuns) assert.equal(local.format(new Date(at)), '07:00', at);
    assert.equal(wf.nextRunAt, wf.nextRuns[0]);
    assert.ok(Date.parse(wf.nextRunAt) > Date.now());

    // 07:00 comes: move the slot to now, as the clock would.
    const slot = new Date(Date.now() - 1000).toISOString();
    await svc.store.db.updateTable('workflows').set({ next_run_at: slot }).where('id', '=', wf.id).execute();
    const page = await until(async () => {
      const r = await api(base, 'GET', `/workflows/${wf.id}/runs`);
      return r.body.runs.length ? r.body : null;
    }, 'the scheduled run');
    const listed = page.runs[0];
    assert.equal(listed.trigger, 'schedule');
    assert.equal(listed.slot, slot);
    assert.equal(listed.catchUp, false);
    assert.equal(listed.counts.items, 3);
    const run = await finished(listed.runId);
    assert.equal(run.status, 'completed', JSON.stringify(run.error));
    assert.equal(run.items.length, 3);
    assert.equal(run.jobs.length, 3);
    for (const item of run.items) {
      assert.equal(item.status, 'completed');
      assert.deepEqual(item.steps.map((s: any) => [s.type, s.status]), [['fetch', 'completed'], ['render', 'completed'], ['notify', 'completed']]);
      const fetch = item.steps[0];
      assert.equal(fetch.output.source, 'open-meteo');
      assert.equal(fetch.output.values.co, 0.7, 'CO in mg/m³');
      assert.ok(fetch.output.observedAt);
      assert.equal(item.jobIds.length, 1);
    }
    for (const job of run.jobs) {
      assert.equal(job.status, 'completed');
      assert.equal(job.batchId, run.runId);
      assert.match(job.videoUrl, /\/files\/.+\/video\.mp4$/);
      assert.equal(job.params.pm25, 41.2);
    }
    assert.deepEqual(run.jobs.map((j: any) => j.params.location).sort(), ['Concepción', 'Santiago', 'Valparaíso']);
    const byBatch = await api(base, 'GET', `/renders?batchId=${run.runId}`);
    assert.equal(byBatch.body.jobs.length, 3);
    const event = await until(() => events.find((e) => e.type === 'workflow.run.completed' && e.data.runId === run.runId), 'the webhook');
    assert.equal(event.data.jobs.length, 3);
    assert.ok(event.data.jobs.every((j: any) => j.status === 'completed' && j.videoUrl));
    const after = await api(base, 'GET', `/workflows/${wf.id}`);
    assert.equal(after.body.lastRun.runId, run.runId);
    assert.ok(Date.parse(after.body.nextRunAt) > Date.now(), 'the next slot is in the future again');
  });

  test('the README example from OpenAQ, with the TypeScript and Python clients and GraphQL', async () => {
    const client = new Client({ baseUrl: base, apiKey: TEST_API_KEY });
    const openaq = { ...README_WORKFLOW, name: 'OpenAQ morning', steps: [{ type: 'fetch', source: 'openaq' }, README_WORKFLOW.steps[1]!, README_WORKFLOW.steps[2]!] };
    const { workflow } = await client.workflows.create(openaq as Parameters<typeof client.workflows.create>[0]);
    assert.equal(workflow.trigger.cron, '0 7 * * *');
    const started = await client.workflows.run(workflow.id, { locations: [README_WORKFLOW.locations[0]!] });
    assert.equal(started.status, 'queued');
    const run = await client.workflows.waitForRun(started.runId, { pollMs: 200, timeoutMs: 240_000 });
    assert.equal(run.status, 'completed');
    const fetch = run.items![0]!.steps[0]!;
    assert.equal((fetch.output as any).station.name, 'Santiago — Centro');
    assert.equal((fetch.output as any).values.no2, 38, 'ppb → µg/m³');
    assert.equal(run.jobs!.length, 1);

    const py = [
      'import json, sys, aqcast',
      'c = aqcast.Client(sys.argv[1], api_key=sys.argv[2])',
      'wf = json.loads(sys.argv[3])',
      'created = c.workflows.create(wf)["workflow"]',
      'run = c.workflows.run(created["id"], {"locations": [wf["locations"][0]], "skipConditions": True})',
      'print(json.dumps({"id": created["id"], "next": created["nextRunAt"], "run": run["runId"], "runs": len(c.workflows.runs(created["id"])["runs"]), "got": c.workflows.get_run(run["runId"])["workflowId"]}))',
    ].join('\n');
    // Asynchronously: the service under test runs in this process and must keep answering.
    const r = await promisify(execFile)(process.env.PYTHON ?? 'python3', ['-c', py, base, TEST_API_KEY, JSON.stringify({ ...README_WORKFLOW, name: 'From Python' })], {
      encoding: 'utf8', env: { ...process.env, PYTHONPATH: fileURLToPath(new URL('../../../clients/python/', import.meta.url)) },
    });
    const out = JSON.parse(r.stdout) as { id: string; next: string; run: string; runs: number; got: string };
    assert.equal(out.runs, 1);
    assert.equal(out.got, out.id);
    assert.equal((await finished(out.run)).status, 'completed');

    const gql = await api(base, 'POST', '/graphql', {
      query: 'mutation ($input: WorkflowInput!) { createWorkflow(input: $input) { workflow { id nextRunAt trigger { timezone } locations { name } } } }',
      // GraphQL variables carry enum values by their GraphQL names (open-meteo → open_meteo, us-epa → us_epa, 360p → _360p).
      variables: { input: { ...JSON.parse(JSON.stringify(README_WORKFLOW).replaceAll('"open-meteo"', '"open_meteo"').replaceAll('"us-epa"', '"us_epa"').replaceAll('"360p"', '"_360p"')), name: 'From GraphQL' } },
    });
    assert.equal(gql.body.errors, undefined, JSON.stringify(gql.body.errors));
    const id = gql.body.data.createWorkflow.workflow.id;
    assert.equal(gql.body.data.createWorkflow.workflow.trigger.timezone, 'America/Santiago');
    const runGql = await api(base, 'POST', '/graphql', { query: 'mutation ($id: ID!) { runWorkflow(id: $id, overrides: { locations: [{ name: "Lima", latitude: -12.05, longitude: -77.04 }] }) { runId status items { location { name } } } }', variables: { id } });
    assert.equal(runGql.body.errors, undefined, JSON.stringify(runGql.body.errors));
    const gRun = await finished(runGql.body.data.runWorkflow.runId);
    assert.equal(gRun.status, 'completed');
    const q = await api(base, 'POST', '/graphql', { query: 'query ($id: ID!) { workflowRun(id: $id) { status jobs { status params } items { steps { type status } } } }', variables: { id: gRun.runId } });
    assert.equal(q.body.data.workflowRun.jobs[0].params.location, 'Lima');
    const bad = await api(base, 'POST', '/graphql', { query: 'mutation { createWorkflow(input: { name: "x", locations: [{ name: "A" }], steps: [{ type: fetch_typo }] }) { workflow { id } } }' });
    assert.ok(bad.body.errors);
  });

  test('fan-out: one city whose source fails does not fail the others; the run fails and says which', async () => {
    src.failing.add(-33.05);
    const { body } = await api(base, 'POST', '/workflows', { ...README_WORKFLOW, name: 'Fan-out', trigger: { type: 'manual' } });
    const started = await api(base, 'POST', `/workflows/${body.workflow.id}/run`, {});
    assert.equal(started.status, 202);
    const run = await finished(started.body.runId);
    src.failing.clear();
    assert.equal(run.status, 'failed');
    assert.equal(run.counts.completed, 2);
    assert.equal(run.counts.failed, 1);
    const bad = run.items.find((i: any) => i.location.name === 'Valparaíso');
    assert.equal(bad.status, 'failed');
    assert.equal(bad.steps[0].status, 'failed');
    assert.equal(bad.steps[0].error.code, 'source_unavailable');
    assert.deepEqual(bad.steps[0].output.requests[0].attempts.map((a: any) => a.statusCode), [503, 503], 'retried once (SOURCE_RETRIES=1)');
    assert.equal(bad.steps[1].status, 'skipped');
    assert.match(run.error.message, /Valparaíso \(source_unavailable\)/);
    assert.equal(run.jobs.length, 2);
    assert.ok(run.jobs.every((j: any) => j.status === 'completed'));
    const event = await until(() => events.find((e) => e.type === 'workflow.run.failed' && e.data.runId === run.runId), 'workflow.run.failed');
    assert.equal(event.data.jobs.length, 2);
  });

  test('conditions: an AQI threshold skips clean cities; a value that did not change skips the alert', async () => {
    const { body } = await api(base, 'POST', '/workflows', {
      name: 'Alert', locations: [README_WORKFLOW.locations[0]],
      steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'condition', when: 'changed', pollutant: 'pm25', minDelta: 5 }, { type: 'condition', when: 'aqi_at_least', category: 'unhealthy', aqiStandard: 'us-epa' }, { type: 'render', resolution: '360p' }, { type: 'notify' }],
    });
    const id = body.workflow.id;
    const runOnce = async () => finished((await api(base, 'POST', `/workflows/${id}/run`, {})).body.runId);
    const first = await runOnce();
    assert.equal(first.status, 'skipped');
    const [, changed, threshold, render, notify] = first.items[0].steps;
    assert.equal(changed.output.passed, true, 'nothing to compare with on the first run');
    assert.equal(threshold.output.passed, false);
    assert.equal(threshold.output.category, 'unhealthy_for_sensitive_groups');
    assert.equal(render.status, 'skipped');
    assert.equal(notify.status, 'skipped');
    assert.equal(first.jobs.length, 0);
    const second = await runOnce();
    assert.equal(second.items[0].steps[1].output.passed, false);
    assert.match(second.items[0].steps[1].output.reason, /changed by 0/);
    assert.equal(second.items[0].steps[2].output, null, 'the later condition was never evaluated');
    assert.equal(second.items[0].steps[2].status, 'skipped');
    src.cities[0]!.pm25 = 150;
    const third = await runOnce();
    src.cities[0]!.pm25 = 41.2;
    assert.equal(third.items[0].steps[1].output.delta, 108.8);
    assert.equal(third.items[0].steps[2].output.passed, true, 'PM2.5 150 is unhealthy');
    assert.equal(third.status, 'completed');
    assert.ok(!events.some((e) => e.data?.runId === first.runId), 'a skipped run is not announced');
  });

  test('catch-up: a slot missed while nothing ran is run once (latest) or skipped (none)', async () => {
    const make = async (catchUp: string) =>
      (await api(base, 'POST', '/workflows', { name: `Hourly ${catchUp}`, trigger: { type: 'schedule', cron: '0 * * * *', timezone: 'Europe/Madrid', catchUp }, locations: [README_WORKFLOW.locations[2]], steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'condition', when: 'aqi_at_least', category: 'hazardous' }, { type: 'render' }] })).body.workflow;
    const latest = await make('latest');
    const none = await make('none');
    assert.equal(latest.trigger.catchUp, 'latest');
    const hour = 3600_000;
    const missed = new Date(Math.floor(Date.now() / hour) * hour - 3 * hour).toISOString();
    await svc.store.db.updateTable('workflows').set({ next_run_at: missed }).where('id', 'in', [latest.id, none.id]).execute();
    const runs = await until(async () => {
      const r = await api(base, 'GET', `/workflows/${latest.id}/runs`);
      return r.body.runs.length ? r.body.runs : null;
    }, 'the catch-up run');
    const expectedSlot = new Date(Math.floor(Date.now() / hour) * hour).toISOString();
    assert.equal(runs.length, 1, 'three missed slots, one run');
    assert.equal(runs[0].catchUp, true);
    assert.equal(runs[0].slot, expectedSlot, 'the latest missed slot');
    await until(async () => (await api(base, 'GET', `/workflows/${none.id}`)).body.nextRunAt > new Date().toISOString(), 'the none workflow to move on');
    assert.equal((await api(base, 'GET', `/workflows/${none.id}/runs`)).body.runs.length, 0, 'catch-up none runs nothing');
    for (const w of [latest, none]) assert.equal((await api(base, 'GET', `/workflows/${w.id}`)).body.nextRunAt, new Date(Math.floor(Date.now() / hour) * hour + hour).toISOString());
  });

  test('the inbound trigger URL: its own secret, no API key; wrong secrets and disabled workflows are refused', async () => {
    const created = await api(base, 'POST', '/workflows', { name: 'Inbound', trigger: { type: 'inbound' }, locations: [README_WORKFLOW.locations[0]], steps: [{ type: 'fetch', source: 'waqi' }, { type: 'condition', when: 'aqi_at_least', index: 400 }, { type: 'render' }] });
    assert.equal(created.status, 201);
    const { workflow, triggerSecret } = created.body;
    assert.match(triggerSecret, /^wft_/);
    assert.equal(workflow.triggerUrl, `${base}/workflows/${workflow.id}/trigger`);
    assert.equal((await api(base, 'GET', `/workflows/${workflow.id}`)).body.triggerSecret, undefined, 'the secret is shown once');
    const post = (headers: Record<string, string>) => fetch(workflow.triggerUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    const wrong = await post({ 'x-trigger-secret': 'wft_wrong' });
    assert.equal(wrong.status, 401);
    assert.equal(((await wrong.json()) as { code: string }).code, 'unauthorized');
    assert.equal((await post({})).status, 401);
    const ok = await post({ authorization: `Bearer ${triggerSecret}` });
    assert.equal(ok.status, 202);
    const run = await finished(((await ok.json()) as { runId: string }).runId);
    assert.equal(run.trigger, 'inbound');
    assert.equal(run.items[0].steps[0].output.source, 'waqi');
    assert.ok(!JSON.stringify(run).includes('waqi-test-token'), 'the token appears nowhere in the run');
    const rotated = await api(base, 'PATCH', `/workflows/${workflow.id}`, { rotateTriggerSecret: true, enabled: false });
    assert.notEqual(rotated.body.triggerSecret, triggerSecret);
    assert.equal((await post({ 'x-trigger-secret': triggerSecret })).status, 401, 'the old secret no longer works');
    assert.equal((await post({ 'x-trigger-secret': rotated.body.triggerSecret })).status, 409, 'disabled');
  });

  test('trend: the fetched hourly series goes into the video; without one the fallback template is used', async () => {
    const { body } = await api(base, 'POST', '/workflows', {
      name: 'Forecast', trigger: { type: 'schedule', cron: '0 7 * * *', timezone: 'America/Santiago' }, locations: [README_WORKFLOW.locations[0]],
      steps: [{ type: 'fetch', source: 'open-meteo', series: { pollutant: 'pm25', window: 'next72h' } }, { type: 'render', template: 'trend', formats: ['square'], languages: ['pt'], resolution: '360p' }],
    });
    const run = await finished((await api(base, 'POST', `/workflows/${body.workflow.id}/run`, {})).body.runId);
    assert.equal(run.status, 'completed', JSON.stringify(run.error));
    const job = run.jobs[0];
    assert.equal(job.template, 'trend');
    assert.equal(job.params.series.kind, 'forecast');
    assert.equal(job.params.series.timeZone, 'America/Santiago');
    assert.ok(job.params.series.points.length >= 70);
    assert.equal(job.status, 'completed');
    const noSeries = await api(base, 'POST', '/workflows', {
      name: 'No SO2 sensor', locations: [README_WORKFLOW.locations[0]],
      steps: [{ type: 'fetch', source: 'openaq', series: { pollutant: 'so2', window: 'past24h' } }, { type: 'render', template: 'trend', fallbackTemplate: 'pollution-alert', resolution: '360p' }],
    });
    const r2 = await finished((await api(base, 'POST', `/workflows/${noSeries.body.workflow.id}/run`, {})).body.runId);
    assert.equal(r2.status, 'completed');
    assert.equal(r2.jobs[0].template, 'pollution-alert');
    assert.match(r2.items[0].steps[1].output.note, /fallback/);
    await expectTrendNeedsSeries();
  });

  async function expectTrendNeedsSeries() {
    const r = await api(base, 'POST', '/workflows', { ...README_WORKFLOW, steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', template: 'trend' }] });
    assert.equal(r.status, 400);
    assert.equal(r.body.errors[0].field, 'steps[1].template');
  }

  test('bad definitions are 400s naming the field, and nothing is stored', async () => {
    const before = (await api(base, 'GET', '/workflows?limit=500')).body.workflows.length;
    const expect400 = async (body: unknown, field: string, message?: RegExp) => {
      const r = await api(base, 'POST', '/workflows', body);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      const hit = r.body.errors.find((e: any) => e.field === field);
      assert.ok(hit, `${field} in ${JSON.stringify(r.body.errors)}`);
      if (message) assert.match(hit.message, message);
    };
    const w = README_WORKFLOW;
    await expect400({ ...w, trigger: { type: 'schedule', cron: '0 25 * * *', timezone: 'America/Santiago' } }, 'trigger.cron', /hour/i);
    await expect400({ ...w, trigger: { type: 'schedule', cron: 'every morning', timezone: 'America/Santiago' } }, 'trigger.cron');
    await expect400({ ...w, trigger: { type: 'schedule', cron: '0 7 * * *', timezone: 'America/Atlantis' } }, 'trigger.timezone', /IANA/);
    await expect400({ ...w, steps: [{ type: 'fetch', source: 'purpleair' }, w.steps[1]] }, 'steps[0].source');
    await expect400({ ...w, steps: [{ type: 'fetch', source: 'openaq', credentialEnv: 'NOT_SET_ANYWHERE_KEY' }, w.steps[1]] }, 'steps[0].credentialEnv', /not set/);
    await expect400({ ...w, steps: [{ type: 'fetch', source: 'openaq', credentialEnv: 'DATABASE_URL' }, w.steps[1]] }, 'steps[0].credentialEnv', /_KEY or _TOKEN/);
    await expect400({ ...w, steps: [{ type: 'fetch', source: 'openaq', credentialEnv: 'AQCAST_API_KEY' }, w.steps[1]] }, 'steps[0].credentialEnv', /own key/);
    await expect400({ ...w, steps: [w.steps[0], { type: 'render', template: 'no-such-template' }] }, 'steps[1].template', /known templates are/);
    await expect400({ ...w, steps: [w.steps[1], w.steps[0]] }, 'steps[0].type');
    await expect400({ ...w, steps: [w.steps[0], { type: 'render', source: 'waqi' }] }, 'steps[1].source', /not a field of a render step/);
    await expect400({ ...w, steps: [w.steps[0], { type: 'condition', when: 'aqi_at_least', category: 'smoggy' }, w.steps[1]] }, 'steps[1].category', /good, moderate/);
    await expect400({ ...w, steps: [{ type: 'fetch', source: 'waqi', series: { pollutant: 'pm25', window: 'past24h' } }, w.steps[1]] }, 'steps[0].series.window', /no hourly series/);
    await expect400({ ...w, locations: [{ name: 'Nowhere' }] }, 'locations[0].latitude');
    await expect400({ ...w, trigger: { type: 'manual', cron: '0 7 * * *' } }, 'trigger.cron');
    assert.equal((await api(base, 'GET', '/workflows?limit=500')).body.workflows.length, before);
    const missing = await api(base, 'POST', '/workflows/wf_doesnotexist/run', {});
    assert.equal(missing.status, 404);
  });

  test('fetched values are kept as contexts; a concluded variant test switches the workflow to its winning arm', async () => {
    const created = await api(base, 'POST', '/workflows', {
      name: 'Valparaíso A/B',
      trigger: { type: 'manual' },
      locations: [{ name: 'Valparaíso', latitude: -33.05, longitude: -71.62 }],
      steps: [{ type: 'fetch', source: 'open-meteo' }, { type: 'render', template: 'daily-report', formats: ['landscape'], languages: ['es'], resolution: '360p' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const wf = created.body.workflow;
    const first = await finished((await api(base, 'POST', `/workflows/${wf.id}/run`, {})).body.runId);
    assert.equal(first.status, 'completed', JSON.stringify(first.error));
    const contextId = first.items[0].steps[0].output.contextId;
    assert.match(contextId, /^ctx_/);
    const job = first.jobs[0];
    assert.deepEqual([job.params.template, job.params.format, job.params.language, job.contextId], ['daily-report', 'landscape', 'es', contextId]);
    const ctx = await api(base, 'GET', `/contexts/${contextId}`);
    assert.equal(ctx.status, 200);
    assert.deepEqual([ctx.body.location, ctx.body.pm25, ctx.body.source.kind, ctx.body.source.workflowId, ctx.body.source.runId], ['Valparaíso', 41.2, 'workflow', wf.id, first.runId]);
    assert.match(ctx.body.fields.pm25.sourceText, /open-meteo/);
    assert.ok(ctx.body.renders.recent.some((r: any) => r.jobId === job.jobId) || ctx.body.renders.count >= 1, 'the context lists its render');
    const listed = await api(base, 'GET', '/contexts?source=workflow&location=valparaiso');
    assert.ok(listed.body.contexts.some((c: any) => c.contextId === contextId));

    // A test made from the workflow, on the context it fetched: the control and a square English arm in a brand of its own.
    const brand = await api(base, 'POST', '/brands', { name: 'Costa Clara', colors: { background: '#0B2545', accent: '#F4D35E' } });
    assert.equal(brand.status, 201, JSON.stringify(brand.body));
    const test = await api(base, 'POST', '/variants', {
      name: 'Valparaíso: square English vs landscape Spanish', goal: 'complete', workflowId: wf.id, contextId,
      arms: [{ overrides: { resolution: '360p' } }, { overrides: { format: 'square', language: 'en', resolution: '360p' }, brandId: brand.body.brandId }],
    });
    assert.equal(test.status, 201, JSON.stringify(test.body));
    assert.equal(test.body.arms[1].params.location, 'Valparaíso', 'the base came from the context');
    assert.equal(test.body.arms[1].params.pm25, 41.2);
    for (const arm of test.body.arms) assert.equal((await api(base, 'GET', `/render/${arm.jobId}`)).body.contextId, contextId);
    const overview = await api(base, 'GET', '/analytics/overview');
    assert.ok(overview.body.runningTests.some((t: any) => t.id === test.body.id && t.arms === 2 && t.workflowId === wf.id), 'the overview lists the running test');
    const missing = await api(base, 'POST', '/variants', { name: 'x', goal: 'complete', contextId: 'ctx_missing', arms: [{}, { overrides: { format: 'square' } }] });
    assert.deepEqual([missing.status, missing.body.errors?.[0]?.field], [400, 'contextId']);

    // Before it is concluded the workflow renders as defined; after, with the winning arm.
    assert.equal((await api(base, 'POST', `/variants/${test.body.id}/conclude`, { arm: 'B' })).status, 200);
    assert.ok(!(await api(base, 'GET', '/analytics/overview')).body.runningTests.some((t: any) => t.id === test.body.id));
    const second = await finished((await api(base, 'POST', `/workflows/${wf.id}/run`, {})).body.runId);
    assert.equal(second.status, 'completed', JSON.stringify(second.error));
    assert.equal(second.jobs.length, 1);
    const switched = second.jobs[0];
    assert.deepEqual([switched.params.format, switched.params.language, switched.params.location, switched.params.pm25], ['square', 'en', 'Valparaíso', 41.2]);
    assert.notEqual(switched.contextId, contextId, 'the second run kept its own context');
    assert.deepEqual(second.items[0].steps[1].output.variant, { testId: test.body.id, arm: 'B', template: 'daily-report', overrides: { format: 'square', language: 'en', resolution: '360p' }, brandId: brand.body.brandId });
    assert.deepEqual(switched.brand, { brandId: brand.body.brandId, version: 1 }, "the winning arm's brand is part of its look");
    // Once that brand is gone the workflow's own brand (none here) applies again.
    assert.equal((await api(base, 'DELETE', `/brands/${brand.body.brandId}`)).status, 204);
    const third = await finished((await api(base, 'POST', `/workflows/${wf.id}/run`, {})).body.runId);
    assert.equal(third.status, 'completed', JSON.stringify(third.error));
    assert.deepEqual([third.jobs[0].params.format, third.jobs[0].brand], ['square', null]);
  });

  test('delete: the workflow is gone, its runs stay readable', async () => {
    const { body } = await api(base, 'POST', '/workflows', { ...README_WORKFLOW, name: 'To delete' });
    const del = await api(base, 'DELETE', `/workflows/${body.workflow.id}`);
    assert.equal(del.status, 204);
    assert.equal((await api(base, 'GET', `/workflows/${body.workflow.id}`)).status, 404);
    assert.equal((await api(base, 'DELETE', `/workflows/${body.workflow.id}`)).status, 404);
  });
});
