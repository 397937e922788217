/**
 * client.ai in TypeScript and Python against a live service: with no provider at
 * all, and with a language model and a speech server (local stand-ins speaking
 * the OpenAI formats) — analyze, suggestTemplate, generate and a narrated render
 * waited for, its captions downloaded through the files namespace.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startFakeChat, startFakeSpeech, providerEnv, type FakeChat, type FakeSpeech } from '../../../packages/service/test/ai-providers.js';
import { createTestEnv, spawnService, STORE, TEST_API_KEY, type ChildService, type TestEnv } from '../../../packages/service/test/helpers.js';
import { Client } from '../src/index.js';

const PY_ROOT = fileURLToPath(new URL('../../python/', import.meta.url));
const VALUES = { location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, date: '2026-11-22' };

/**
 * Runs a Python snippet with the client importable; returns what it printed as JSON.
 * Asynchronously: the provider stand-ins answer from this process meanwhile.
 */
async function python(baseUrl: string, code: string): Promise<Record<string, unknown>> {
  const script = ['import json, sys, aqcast', `c = aqcast.Client(${JSON.stringify(baseUrl)}, api_key=${JSON.stringify(TEST_API_KEY)})`, code].join('\n');
  const child = spawn(process.env.PYTHON ?? 'python3', ['-c', script], { env: { ...process.env, PYTHONPATH: PY_ROOT, PYTHONDONTWRITEBYTECODE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code_ = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code_, 0, err);
  return JSON.parse(out) as Record<string, unknown>;
}

describe(`client.ai with no provider (${STORE})`, () => {
  let env: TestEnv;
  let svc: ChildService;
  let client: Client;
  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await spawnService('serve', env.env);
    client = new Client({ baseUrl: svc.baseUrl, apiKey: TEST_API_KEY });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('TypeScript: the four operations', async () => {
    const a = await client.ai.analyze({ ...VALUES, standards: ['us-epa', 'br-iqar'] });
    assert.deepEqual([a.primary.index, a.results[1]?.standard], [173, 'br-iqar']);
    const s = await client.ai.suggestTemplate({ pm25: 87.4, channel: 'social' });
    assert.equal(s.suggestions[0]?.format, 'portrait');
    const g = await client.ai.generate({ ...VALUES, language: 'en' });
    assert.deepEqual([g.source, g.model.refusal], ['offline', 'not_configured']);
    assert.match(g.headline, /Santiago/);
    const r = await client.ai.render({ ...VALUES, resolution: '360p' }, { idempotencyKey: 'ts-ai-1' });
    const again = await client.ai.render({ ...VALUES, resolution: '360p' }, { idempotencyKey: 'ts-ai-1' });
    assert.equal(again.jobId, r.jobId);
    assert.deepEqual([r.narration.status, r.narration.provider], ['mixed', 'offline']);
    // The accessible package's URLs are on the answer; the transcript is served once the job is queued.
    assert.ok(r.accessibility.audio && r.accessibility.audioDescription, JSON.stringify(r.accessibility));
    assert.match(new TextDecoder().decode(await client.files.download(r.accessibility.transcript)), /Santiago/);
    const vtt = new TextDecoder().decode(await client.files.download(r.captionsUrl));
    assert.match(vtt, /^WEBVTT\n/);
  });

  test('Python: the four operations', async () => {
    const out = await python(
      svc.baseUrl,
      [
        `a = c.ai.analyze(${JSON.stringify(VALUES)})`,
        's = c.ai.suggest_template({"pm25": 87.4, "channel": "tv"})',
        `g = c.ai.generate(dict(${JSON.stringify(VALUES)}, language="pt"))`,
        `r = c.ai.render(dict(${JSON.stringify(VALUES)}, resolution="360p"))`,
        'vtt = c.files.download(r["captionsUrl"]).decode("utf-8")',
        'print(json.dumps({"index": a["primary"]["index"], "format": s["suggestions"][0]["format"], "source": g["source"], "headline": g["headline"], "narration": r["narration"]["status"], "vtt": vtt[:6]}))',
      ].join('\n'),
    );
    assert.deepEqual(out, { index: 173, format: 'landscape', source: 'offline', headline: out.headline, narration: 'mixed', vtt: 'WEBVTT' });
    assert.match(String(out.headline), /Santiago/);
  });
});

describe(`client.ai with a language model and a speech server (${STORE})`, () => {
  let env: TestEnv;
  let svc: ChildService;
  let client: Client;
  let chat: FakeChat;
  let speech: FakeSpeech;
  before(async () => {
    chat = await startFakeChat();
    speech = await startFakeSpeech();
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', ...providerEnv(chat, speech) });
    svc = await spawnService('serve', env.env);
    client = new Client({ baseUrl: svc.baseUrl, apiKey: TEST_API_KEY });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    await chat?.close();
    await speech?.close();
  });

  test('TypeScript: the model writes, the speech server narrates, the render is waited for', async () => {
    const g = await client.ai.generate({ ...VALUES, language: 'es' });
    assert.deepEqual([g.source, g.model.used], ['model', true]);
    const r = await client.ai.render({ ...VALUES, language: 'en', channel: 'social', resolution: '360p' }, { wait: true, pollMs: 200, timeoutMs: 240_000 });
    assert.equal(r.narration.status, 'mixed');
    assert.equal(r.narration.voice, 'voice-en');
    assert.equal(r.finished?.status, 'completed');
    assert.ok(Math.abs((r.finished?.output?.durationSec ?? 0) - r.videoDurationSec) < 0.05);
    const gql = await client.graphql<{ aiGenerate: { source: string } }>('query ($i: AiGenerateInput!) { aiGenerate(input: $i) { source } }', { i: { location: 'Lima', pm25: 31, language: 'pt' } });
    assert.equal(gql.aiGenerate.source, 'model');
  });

  test('Python: the same, through the Python client', async () => {
    const out = await python(
      svc.baseUrl,
      [
        `g = c.ai.generate(dict(${JSON.stringify(VALUES)}, language="pt"))`,
        `r = c.ai.render(dict(${JSON.stringify(VALUES)}, language="es", template="social-clip", format="square", resolution="360p"), wait=True, poll_ms=200, timeout_ms=240000)`,
        'print(json.dumps({"source": g["source"], "narration": r["narration"]["status"], "voice": r["narration"]["voice"], "status": r["finished"]["status"]}))',
      ].join('\n'),
    );
    assert.deepEqual(out, { source: 'model', narration: 'mixed', voice: 'voz-es', status: 'completed' });
  });
});
