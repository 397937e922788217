/**
 * The AI helpers end to end, on the store under test: the four operations over
 * REST and GraphQL with no provider at all; then with a language model and a
 * speech server (local stand-ins speaking the OpenAI formats): a good rewrite is
 * used, an invented number, a reply without JSON, a body that is not JSON, a slow
 * answer and a 503 all fall back to the offline text and say why; and a narrated,
 * captioned render whose MP4 has an AAC track as long as the video, timed to it.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findFfprobe } from '@aqcast/engine';
import { parseWebVtt } from '../src/modules/ai/domain/webvtt.js';
import type { RunningService } from '../src/server.js';
import { startFakeChat, startFakeSpeech, providerEnv, type FakeChat, type FakeSpeech } from './ai-providers.js';
import { api, createTestEnv, startTestService, STORE, waitForJob, type TestEnv } from './helpers.js';

interface Probe {
  video: { duration: number; codec: string } | null;
  audio: { duration: number; codec: string; sampleRate: number } | null;
  format: number;
}

function probe(file: string): Probe {
  const out = JSON.parse(execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,duration,sample_rate:format=duration', '-of', 'json', file], { encoding: 'utf8' })) as {
    streams: { codec_type: string; codec_name: string; duration: string; sample_rate?: string }[];
    format: { duration: string };
  };
  const v = out.streams.find((s) => s.codec_type === 'video');
  const a = out.streams.find((s) => s.codec_type === 'audio');
  return {
    video: v ? { duration: Number(v.duration), codec: v.codec_name } : null,
    audio: a ? { duration: Number(a.duration), codec: a.codec_name, sampleRate: Number(a.sample_rate) } : null,
    format: Number(out.format.duration),
  };
}

async function download(url: string, file: string): Promise<void> {
  const res = await fetch(url);
  assert.equal(res.status, 200, url);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
}

const VALUES = { location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, humidity: 64, date: '2026-11-22' };

describe(`AI helpers with no provider (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  before(async () => {
    // No narrator at all (the offline one is tested in narration.test.ts).
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', OFFLINE_NARRATOR: 'off' });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('analyze: every standard asked for, WHO comparison, advice, trend', async () => {
    const r = await api(base, 'POST', '/ai/analyze', { ...VALUES, language: 'en', standards: ['us-epa', 'cl', 'eu-eaqi'], series: [{ at: '2026-11-20', pm25: 40 }, { at: '2026-11-21', pm25: 60 }, { at: '2026-11-22', pm25: 87.4 }] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.primary.standard, r.body.primary.index, r.body.primary.category.label, r.body.primary.dominant], ['us-epa', 173, 'Unhealthy', 'pm25']);
    assert.deepEqual(r.body.results.map((x: { standard: string }) => x.standard), ['us-epa', 'cl', 'eu-eaqi']);
    assert.equal(r.body.results[1].category.key, 'alerta');
    assert.equal(r.body.results[1].index, 223);
    assert.equal(r.body.results[2].index, null);
    assert.deepEqual(r.body.who.map((w: { pollutant: string; ratio: number }) => [w.pollutant, w.ratio]), [['pm25', 5.83], ['no2', 1.68]]);
    assert.equal(r.body.advice.severity, 3);
    assert.match(r.body.advice.sensitiveGroups, /lung or heart disease/);
    assert.equal(r.body.trend.index.direction, 'rising');
  });

  test('a stored context supplies the place, day, language and values; the request overrides them', async () => {
    const view = { contextId: 'ctx_ai_test_1', location: 'São Paulo', date: '2026-11-20', pm25: 31, no2: 18, confidence: 0.9, fields: {}, method: 'text', pages: 1, language: 'pt', source: { filename: 'b.pdf', sha256: 'x', type: 'application/pdf', bytes: 1 }, createdAt: '2026-11-20T10:00:00.000Z' };
    await svc.store.db.insertInto('contexts').values({ id: view.contextId, source_filename: 'b.pdf', source_sha256: 'x', source_type: 'application/pdf', source_bytes: 1, method: 'text', location: view.location, confidence: 0.9, context: JSON.stringify(view), tags: '[]', created_at: view.createdAt, updated_at: view.createdAt, source_kind: 'upload', source_key: null, date: view.date, location_key: 'sao paulo', search_text: 'sao paulo', version: 1 }).execute();
    const a = await api(base, 'POST', '/ai/analyze', { contextId: view.contextId });
    assert.equal(a.status, 200);
    assert.deepEqual([a.body.location, a.body.date, a.body.language, a.body.values.pm25, a.body.contextId], ['São Paulo', '2026-11-20', 'pt', 31, view.contextId]);
    const g = await api(base, 'POST', '/ai/generate', { contextId: view.contextId, pm25: 12 });
    assert.equal(g.status, 200);
    assert.match(g.body.headline, /^São Paulo/);
    assert.match(g.body.narration.text, /12 microgramas por metro cúbico|qualidade do ar/);
    assert.equal(g.body.language, 'pt');
  });

  test('bad input is a 4xx naming the field, and writes nothing', async () => {
    const jobs = async () => Number((await svc.store.db.selectFrom('jobs').select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await jobs();
    const cases: [string, unknown, number, string][] = [
      ['/ai/analyze', { location: 'X' }, 400, 'pm25'],
      ['/ai/analyze', { contextId: 'ctx_doesnotexist' }, 404, ''],
      ['/ai/analyze', { pm25: 10, standards: ['nope'] }, 400, 'standards[0]'],
      // Standards drawn from a given index only rate no concentration.
      ['/ai/analyze', { pm25: 10, standards: ['us-epa', 'ca-aqhi'] }, 400, 'standards'],
      ['/ai/analyze', { pm25: 10, aqiStandard: 'sg-psi' }, 400, 'aqiStandard'],
      ['/ai/analyze', { pm25: 10, series: [{ at: '2026-02-30', pm25: 1 }, { at: '2026-03-01', pm25: 2 }] }, 400, 'series[0].at'],
      ['/ai/generate', { pm25: 10 }, 400, 'location'],
      ['/ai/generate', { location: 'X', pm25: 10, template: 'nope' }, 400, 'template'],
      ['/ai/render', { location: 'X', pm25: -1 }, 400, 'pm25'],
      ['/ai/render', { location: 'X', pm25: 10, temperatura: 9, temperature: 10 }, 400, 'temperature'],
      ['/ai/render', { location: 'X', template: 'social-clip', format: 'landscape' }, 400, 'format'],
      ['/ai/suggest-template', { pm25: 10, channel: 'radio' }, 400, 'channel'],
    ];
    for (const [path, body, status, field] of cases) {
      const r = await api(base, 'POST', path, body);
      assert.equal(r.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
      assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/);
      if (field) assert.ok(r.body.errors.some((e: { field: string }) => e.field === field), `${field} in ${JSON.stringify(r.body.errors)}`);
    }
    assert.equal(await jobs(), before);
    assert.equal(Number((await svc.store.db.selectFrom('ai_renders').select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n), 0);
  });

  test('suggestTemplate: an alert for an unhealthy day, portrait for a social feed, reasons in the language', async () => {
    const r = await api(base, 'POST', '/ai/suggest-template', { pm25: 87.4, channel: 'social', language: 'es' });
    assert.equal(r.status, 200);
    assert.deepEqual([r.body.suggestions[0].template, r.body.suggestions[0].format, r.body.suggestions[0].language], ['pollution-alert', 'portrait', 'es']);
    assert.ok(r.body.suggestions[0].reasons.some((x: { code: string; message: string }) => x.code === 'alert_category' && x.message.includes('«Insalubre»')));
    const tv = await api(base, 'POST', '/ai/suggest-template', { pm25: 5, temperatura: 20, channel: 'tv', limit: 2 });
    assert.equal(tv.body.suggestions.length, 2);
    assert.ok(tv.body.suggestions.every((s: { format: string }) => s.format === 'landscape'));
  });

  test('generate in each language: offline text, captions inside the template, model not configured', async () => {
    for (const language of ['es', 'en', 'pt']) {
      const r = await api(base, 'POST', '/ai/generate', { ...VALUES, language, template: 'weather-brief', format: 'square' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.source, 'offline');
      assert.deepEqual(r.body.model, { configured: false, model: null, used: false, refusal: 'not_configured', detail: null });
      assert.deepEqual([r.body.template, r.body.format, r.body.durationSec], ['weather-brief', 'square', 14]);
      const cues = parseWebVtt(r.body.captions.vtt);
      assert.ok(cues.length >= 2);
      assert.deepEqual(cues.map((c) => c.text.replace(/\n/g, ' ')), r.body.captions.cues.map((c: { text: string }) => c.text));
      for (const c of cues) assert.ok(c.start >= 0 && c.end <= 14 && c.start < c.end, `${c.start}–${c.end}`);
      assert.match(r.body.captions.vtt, /9\u00a0°C/, 'a number and its unit stay on one line');
      assert.ok(r.body.social.length <= 280);
      assert.ok(r.body.narration.estimatedSec <= r.body.narration.targetSec);
    }
  });

  test('GraphQL: the three queries and the render mutation (idempotent by argument)', async () => {
    const q = await api(base, 'POST', '/graphql', {
      query: `query ($a: AiAnalyzeInput!, $s: AiSuggestInput!, $g: AiGenerateInput!) {
        aiAnalyze(input: $a) { primary { index category { label color } dominant } who { pollutant ratio meets } advice { general } }
        aiSuggestTemplate(input: $s) { suggestions { template format reasons { code } } }
        aiGenerate(input: $g) { headline source narration { segments } captions { cues { start end text } } }
      }`,
      variables: { a: { pm25: 87.4, language: 'en' }, s: { pm25: 87.4, channel: 'tv' }, g: { location: 'Lima', date: '2026-11-20', pm25: 31, language: 'es', template: 'social-clip' } },
    });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    assert.equal(q.body.errors, undefined, JSON.stringify(q.body.errors));
    assert.deepEqual(q.body.data.aiAnalyze.primary, { index: 173, category: { label: 'Unhealthy', color: '#FF0000' }, dominant: 'pm25' });
    assert.equal(q.body.data.aiSuggestTemplate.suggestions[0].format, 'landscape');
    // The phrasing is picked by a seed that includes the date: a fixed date, a fixed headline.
    assert.match(q.body.data.aiGenerate.headline, /^Lima/);
    const bad = await api(base, 'POST', '/graphql', { query: '{ aiAnalyze(input: { location: "X" }) { date } }' });
    assert.equal(bad.body.errors[0].extensions.code, 'validation_failed');
    const m = 'mutation ($i: AiRenderInput!) { aiRender(input: $i, idempotencyKey: "ai-gql-1") { jobId captionsUrl narration { status } text { source } } }';
    const one = await api(base, 'POST', '/graphql', { query: m, variables: { i: { location: 'Quito', pm25: 20, resolution: '_360p', channel: 'social' } } });
    const two = await api(base, 'POST', '/graphql', { query: m, variables: { i: { location: 'Quito', pm25: 20, resolution: '_360p', channel: 'social' } } });
    assert.equal(one.body.errors, undefined, JSON.stringify(one.body.errors));
    assert.equal(one.body.data.aiRender.jobId, two.body.data.aiRender.jobId, 'replayed, not queued twice');
    assert.equal(one.body.data.aiRender.narration.status, 'not_configured');
    await waitForJob(base, one.body.data.aiRender.jobId);
  });

  test('render: a captioned video, the captions served beside it, never reused by a plain render', async () => {
    const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'es', channel: 'tv', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.narration.status, 'not_configured');
    assert.equal(r.body.burnCaptions, true);
    assert.deepEqual([r.body.renderParams.template, r.body.renderParams.format], [r.body.suggestion.template, r.body.suggestion.format]);
    const job = await waitForJob(base, r.body.jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const vtt = await fetch(r.body.captionsUrl);
    assert.equal(vtt.status, 200);
    assert.match(vtt.headers.get('content-type') ?? '', /^text\/vtt/);
    const cues = parseWebVtt(await vtt.text());
    const file = join(env.dataDir, 'ai-offline.mp4');
    await download(job.videoUrl, file);
    const p = probe(file);
    assert.equal(p.audio, null, 'no speech provider, no audio track');
    assert.ok(Math.abs((p.video?.duration ?? 0) - r.body.videoDurationSec) < 0.05);
    for (const c of cues) assert.ok(c.end <= (p.video?.duration ?? 0) + 1e-6, `cue ${c.start}–${c.end} within ${p.video?.duration}`);
    const plain = await api(base, 'POST', '/render', r.body.renderParams);
    const keys = await svc.store.db.selectFrom('jobs').select(['id', 'render_key']).where('id', 'in', [r.body.jobId, plain.body.jobId]).execute();
    assert.equal(keys.length, 2);
    assert.notEqual(keys[0]?.render_key, keys[1]?.render_key, 'captions are part of the render key');
    assert.equal((await fetch(r.body.captionsUrl.replace('captions.vtt', 'nope.vtt'))).status, 400);
    const plainToken = ((await waitForJob(base, plain.body.jobId)).videoUrl as string).split('/').at(-2);
    assert.equal((await fetch(`${base}/files/${plainToken}/captions.vtt`)).status, 404, 'a plain render has no captions');
    // GET /render/:id names the captions file when there is one, so nobody has to probe for it.
    assert.equal((await api(base, 'GET', `/render/${r.body.jobId}`)).body.captionsUrl, r.body.captionsUrl);
    assert.equal((await api(base, 'GET', `/render/${plain.body.jobId}`)).body.captionsUrl, null);
  });
});

describe(`AI helpers with a language model and a speech server (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  let chat: FakeChat;
  let speech: FakeSpeech;
  before(async () => {
    chat = await startFakeChat();
    speech = await startFakeSpeech();
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', ...providerEnv(chat, speech, { SPEECH_FORMAT: 'mp3' }) });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    await chat?.close();
    await speech?.close();
  });

  const generate = (language = 'es') => api(base, 'POST', '/ai/generate', { ...VALUES, language });

  test('a rewrite whose every fact checks is used, and says so', async () => {
    chat.mode = 'good';
    for (const [language, opener] of [['es', 'Atención:'], ['en', 'Heads up:'], ['pt', 'Atenção:']]) {
      const r = await generate(language);
      assert.equal(r.status, 200);
      assert.equal(r.body.source, 'model', JSON.stringify(r.body.model));
      assert.deepEqual(r.body.model, { configured: true, model: 'fake-llm', used: true, refusal: null, detail: null });
      assert.ok(r.body.narration.segments[0].startsWith(opener), r.body.narration.segments[0]);
      assert.ok(r.body.captions.cues[0].text.startsWith(opener));
      assert.doesNotMatch(r.body.captions.vtt, /microgram|miligram/, 'captions write units as symbols');
    }
    const sent = chat.requests.at(-1);
    assert.equal(sent?.authorization, 'Bearer sk-test-chat');
    assert.equal(sent?.body.model, 'fake-llm');
    assert.match(JSON.stringify(sent?.body.messages), /87,4|87\.4/);
  });

  test('a model that invents a number is refused: the offline text, with the reason', async () => {
    chat.mode = 'invent';
    const r = await generate('es');
    assert.equal(r.body.source, 'offline');
    assert.equal(r.body.model.refusal, 'invented_number');
    assert.match(r.body.model.detail, /not among the computed facts/);
    assert.doesNotMatch(r.body.narration.text, /Atención/);
  });

  test('no JSON, a body that is not JSON, a slow answer and a 503 all fall back to the offline text', async () => {
    for (const [mode, refusal] of [['no_json', 'malformed'], ['not_json', 'malformed'], ['slow', 'timeout'], ['error', 'http_error']] as const) {
      chat.mode = mode;
      const r = await generate('en');
      assert.equal(r.status, 200, mode);
      assert.equal(r.body.source, 'offline', mode);
      assert.equal(r.body.model.refusal, refusal, `${mode}: ${JSON.stringify(r.body.model)}`);
      assert.match(r.body.headline, /Santiago/);
    }
    chat.mode = 'good';
    const off = await api(base, 'POST', '/ai/generate', { ...VALUES, useModel: false });
    assert.deepEqual([off.body.source, off.body.model.refusal], ['offline', 'disabled']);
  });

  test('a narrated, captioned render: an AAC track as long as the video, which is stretched to the narration', async () => {
    chat.mode = 'good';
    speech.mode = 'ok';
    // Long enough audio that the 10-second social clip must hold still for it.
    speech.secondsPerChar = 0.2;
    const sentBefore = speech.requests.length;
    const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'pt', channel: 'social', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.renderParams.template, 'pollution-alert');
    assert.equal(r.body.text.source, 'model');
    assert.equal(r.body.narration.status, 'mixed');
    assert.equal(r.body.narration.voice, 'voz-pt', JSON.stringify(r.body.narration));
    const calls = speech.requests.slice(sentBefore);
    // The audio description's own sentences (the picture described) are spoken first, then the narration's.
    const voiced = r.body.text.narration.voiced as string[];
    assert.equal(calls.length, r.body.accessibility.description.length + voiced.length, 'one speech request per sentence of the description and of the narration');
    assert.deepEqual(calls.slice(-voiced.length).map((c) => c.body.input), voiced, 'one speech request per sentence, as voiced (numbers in words)');
    assert.deepEqual([r.body.narration.provider, r.body.narration.fallback], ['external', false]);
    assert.ok(calls.every((c) => c.body.voice === 'voz-pt' && c.body.model === 'fake-tts' && c.body.response_format === 'mp3' && c.authorization === 'Bearer sk-test-chat'));
    const narrationSec = r.body.narration.durationSec as number;
    const template = 12;
    assert.ok(narrationSec > template, `narration ${narrationSec} s is longer than the template`);
    assert.ok(Math.abs(r.body.videoDurationSec - (narrationSec + 1.2)) < 0.05, `video ${r.body.videoDurationSec} s = narration + outro`);

    const job = await waitForJob(base, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.ok(Math.abs(job.output.durationSec - r.body.videoDurationSec) < 0.05);
    const file = join(env.dataDir, 'ai-narrated.mp4');
    await download(job.videoUrl, file);
    const p = probe(file);
    assert.equal(p.video?.codec, 'h264');
    assert.equal(p.audio?.codec, 'aac');
    assert.equal(p.audio?.sampleRate, 48000);
    assert.ok(Math.abs((p.video?.duration ?? 0) - r.body.videoDurationSec) < 0.05, `video stream ${p.video?.duration}`);
    assert.ok(Math.abs((p.audio?.duration ?? 0) - (p.video?.duration ?? 0)) < 0.1, `audio ${p.audio?.duration} vs video ${p.video?.duration}`);
    assert.ok((p.audio?.duration ?? 0) >= narrationSec, 'the whole narration is in the track');

    const cues = parseWebVtt(await (await fetch(r.body.captionsUrl)).text());
    assert.ok(cues.length >= r.body.text.narration.segments.length);
    assert.ok(Math.abs((cues[0]?.start ?? 0) - 0.5) < 0.01, 'the first cue starts with the voice');
    assert.ok((cues.at(-1)?.end ?? 99) <= narrationSec + 1e-3, 'the last cue ends with the voice');
    for (const c of cues) assert.ok(c.end <= (p.video?.duration ?? 0));
  });

  test("in a brand with intro and outro cards: the narration and its captions start after the intro, the outro follows, the job's length counts both", async () => {
    chat.mode = 'good';
    speech.mode = 'ok';
    speech.secondsPerChar = 0.05;
    const brand = await api(base, 'POST', '/brands', { name: 'Sting', colors: { background: '#F4F1EA' }, credit: 'Agência Verde', intro: { durationSec: 1.5, text: 'Boletim' }, outro: { durationSec: 1 } });
    assert.equal(brand.status, 201, JSON.stringify(brand.body));
    const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'pt', channel: 'social', resolution: '360p', brandId: brand.body.brandId });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.narration.status, 'mixed', JSON.stringify(r.body.narration));
    const sentences = r.body.narration.sentences as { start: number; end: number; scene: string | null }[];
    assert.ok(sentences.length > 0 && sentences.every((x) => x.start >= 1.5 + 0.5 - 1e-3 && x.scene !== 'intro' && x.scene !== 'outro'), `sentences after the intro: ${JSON.stringify(sentences)}`);
    const template = 12;
    const narrationSec = r.body.narration.durationSec as number;
    // The intro and the report (at least as long as the narration and its tail), then the outro.
    assert.ok(r.body.videoDurationSec >= 1.5 + template + 1 - 1e-3, `video ${r.body.videoDurationSec} s`);
    assert.ok(r.body.videoDurationSec >= narrationSec + 1 - 1e-3, `the outro follows the narration: video ${r.body.videoDurationSec} s, narration ${narrationSec} s`);
    const cues = parseWebVtt(await (await fetch(r.body.captionsUrl)).text());
    assert.ok(Math.abs((cues[0]?.start ?? 0) - (sentences[0]?.start ?? -1)) < 0.01 && (cues[0]?.start ?? 0) >= 1.5, `the first cue starts with the voice, after the intro: ${JSON.stringify(cues[0])}`);
    assert.ok((cues.at(-1)?.end ?? 99) <= r.body.videoDurationSec - 1 + 1e-3, 'the last cue ends before the outro');
    const job = await waitForJob(base, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.ok(Math.abs(job.output.durationSec - r.body.videoDurationSec) < 0.05, `job ${job.output.durationSec} s, answer ${r.body.videoDurationSec} s`);
    const file = join(env.dataDir, 'ai-branded.mp4');
    await download(job.videoUrl, file);
    const p = probe(file);
    assert.ok(Math.abs((p.video?.duration ?? 0) - r.body.videoDurationSec) < 0.05, `video stream ${p.video?.duration}`);
    // Without narration the estimated captions start after the intro too.
    const quiet = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'pt', channel: 'social', resolution: '360p', narration: false, brandId: brand.body.brandId });
    assert.equal(quiet.status, 202, JSON.stringify(quiet.body));
    assert.ok(Math.abs(quiet.body.videoDurationSec - (1.5 + template + 1)) < 0.05, `video ${quiet.body.videoDurationSec} s`);
    const quietCues = parseWebVtt(await (await fetch(quiet.body.captionsUrl)).text());
    assert.ok((quietCues[0]?.start ?? 0) >= 1.5, `estimated captions after the intro: ${JSON.stringify(quietCues[0])}`);
    await waitForJob(base, quiet.body.jobId, 240_000);
    speech.secondsPerChar = 0.07;
  });

  test('when the speech server fails, the offline narrator speaks and the answer says why', async () => {
    speech.mode = 'error';
    const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'en', template: 'social-clip', format: 'square', resolution: '360p', useModel: false });
    assert.equal(r.status, 202);
    assert.deepEqual([r.body.narration.status, r.body.narration.provider, r.body.narration.fallback, r.body.narration.voice], ['mixed', 'offline', true, 'en-us']);
    assert.match(r.body.narration.detail, /HTTP 500.*offline narrator/);
    const off = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'en', template: 'social-clip', format: 'square', resolution: '360p', narration: false, burnCaptions: false });
    assert.equal(off.body.narration.status, 'off');
    assert.equal(off.body.burnCaptions, false);
    speech.mode = 'ok';
    const job = await waitForJob(base, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed');
    const file = join(env.dataDir, 'ai-fallback.mp4');
    await download(job.videoUrl, file);
    assert.equal(probe(file).audio?.codec, 'aac');
    await waitForJob(base, off.body.jobId, 240_000);
  });
});
