/**
 * The offline narrator end to end, on the store under test: with no speech server
 * configured, an AI render is spoken by eSpeak NG in each language, numbers in
 * words, its MP4 carries the AAC track, and every caption starts within half a
 * second of the speech it shows (measured on the MP4's audio with ffmpeg's
 * silencedetect). A bad voice is a 400 naming the field. A speech server that
 * answers garbage falls back to the offline narrator and says so; one that answers
 * a voice of its own gets captions on that voice's words.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findFfmpeg, findFfprobe, normalizeRenderParams, sceneTimeline } from '@aqcast/engine';
import { scriptPieces, voicedSentence } from '../src/modules/ai/domain/captions.js';
import { parseWebVtt, type VttCue } from '../src/modules/ai/domain/webvtt.js';
import { measureLoudness } from '../src/modules/ai/narration-audio.js';
import type { RunningService } from '../src/server.js';
import { startFakeChat, startFakeSpeech, providerEnv, type FakeChat, type FakeSpeech } from './ai-providers.js';
import { api, createTestEnv, startTestService, STORE, waitForJob, type TestEnv } from './helpers.js';

const VALUES = { location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, humidity: 64, date: '2026-11-22' };

async function download(url: string, file: string): Promise<void> {
  const res = await fetch(url);
  assert.equal(res.status, 200, url);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
}

function audioCodec(file: string): string | null {
  const out = execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
  return out || null;
}

/** Silent stretches (below −40 dBFS for 0.15 s or more) of the file's audio, from ffmpeg's silencedetect. */
function silentStretches(file: string): { start: number; end: number }[] {
  const res = spawnSync(findFfmpeg(), ['-hide_banner', '-nostats', '-i', file, '-vn', '-af', 'silencedetect=noise=-40dB:d=0.15', '-f', 'null', '-'], { encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
  const out: { start: number; end: number }[] = [];
  let open: number | null = null;
  for (const line of res.stderr.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    const e = /silence_end: ([\d.]+)/.exec(line);
    if (s) open = Math.max(0, Number(s[1]));
    if (e && open !== null) {
      out.push({ start: open, end: Number(e[1]) });
      open = null;
    }
  }
  if (open !== null) out.push({ start: open, end: Infinity });
  return out;
}

/** Every cue starts within `tolerance` seconds of speech: no silence covers [start, start + tolerance]. */
function assertCuesOnSpeech(cues: readonly VttCue[], quiet: readonly { start: number; end: number }[], tolerance = 0.5): void {
  for (const c of cues) {
    const covering = quiet.find((q) => q.start <= c.start + 1e-3 && q.end >= c.start + tolerance);
    assert.equal(covering, undefined, `cue "${c.text}" at ${c.start} s starts in a silence ${JSON.stringify(covering)}`);
    // …and the speech it shows does not end long before the cue does.
    const after = quiet.find((q) => q.start <= c.end - tolerance && q.end >= c.end - 1e-3 && q.start > c.start);
    assert.equal(after, undefined, `cue "${c.text}" ends at ${c.end} s, after the speech went quiet at ${after?.start}`);
  }
}

describe(`the offline narrator (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '1' });
    svc = await startTestService(env);
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  const SAID: Record<string, RegExp> = {
    es: /ochenta y siete coma cuatro microgramos por metro cúbico/,
    en: /eighty-seven point four micrograms per cubic meter/,
    pt: /oitenta e sete vírgula quatro microgramas por metro cúbico/,
  };
  const VOICE: Record<string, string> = { es: 'es-419', en: 'en-us', pt: 'pt-br' };

  for (const language of ['es', 'en', 'pt']) {
    test(`${language}: spoken offline, numbers in words, captions on the speech`, async () => {
      const r = await api(base, 'POST', '/ai/render', { ...VALUES, language, template: 'daily-report', format: 'landscape', resolution: '360p' });
      assert.equal(r.status, 202, JSON.stringify(r.body));
      assert.deepEqual(r.body.narration, { ...r.body.narration, status: 'mixed', provider: 'offline', fallback: false, voice: VOICE[language], detail: null });
      assert.match(r.body.text.narration.voiced.join(' '), SAID[language] as RegExp);
      assert.doesNotMatch(r.body.text.narration.voiced.join(' '), /\d/, 'no digit is left for the voice to guess');
      const job = await waitForJob(base, r.body.jobId, 240_000);
      assert.equal(job.status, 'completed', JSON.stringify(job.error));
      const file = join(env.dataDir, `offline-${language}.mp4`);
      await download(job.videoUrl, file);
      assert.equal(audioCodec(file), 'aac');
      const cues = parseWebVtt(await (await fetch(r.body.captionsUrl)).text());
      assert.ok(cues.length >= r.body.text.narration.segments.length, `${cues.length} cues`);
      assert.match(cues.map((c) => c.text).join(' '), /87[,.]4\sµg\/m³/, 'captions show the number as written');
      const quiet = silentStretches(file);
      assertCuesOnSpeech(cues, quiet);
      // Each sentence over the scene that shows it: never before that scene comes on, never over the sentence before.
      const scenes = sceneTimeline(normalizeRenderParams(r.body.renderParams), { minDurationSec: r.body.videoDurationSec });
      const sentences = r.body.narration.sentences as { text: string; start: number; end: number; scene: string | null }[];
      assert.equal(sentences.length, r.body.text.narration.segments.length);
      assert.ok(sentences.length >= 2 && sentences.every((x) => x.scene), `every sentence of the offline text on a scene: ${JSON.stringify(sentences)}`);
      assert.equal(sentences[0]?.scene, 'title');
      for (const [i, x] of sentences.entries()) {
        const on = scenes.find((sc) => sc.id === x.scene);
        if (x.scene) assert.ok(on && x.start >= on.start - 1e-3 && x.start < on.end, `"${x.text}" at ${x.start} s, its scene ${JSON.stringify(on)}`);
        if (i > 0) assert.ok(x.start >= (sentences[i - 1]?.end ?? 0), 'no two sentences at once');
        // The speech is there when the timing says: no silence covers its first half second.
        assert.ok(!quiet.some((q) => q.start <= x.start + 0.05 && q.end >= x.start + 0.5), `speech at ${x.start} s`);
      }
      // The video outlasts the voice: the last sentence ends before the video does, in silence, never cut.
      const videoSec = Number(execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
      assert.ok(Math.abs(videoSec - r.body.videoDurationSec) < 0.1, `${videoSec} s vs ${r.body.videoDurationSec} s`);
      const lastEnd = sentences.at(-1)?.end ?? 0;
      assert.ok(videoSec >= lastEnd + 1, `the video (${videoSec} s) goes on after the last word (${lastEnd} s)`);
      assert.ok(quiet.some((q) => q.start <= lastEnd + 0.3 && q.start >= lastEnd - 0.6 && q.end >= videoSec - 0.1), `silence from the last word (${lastEnd} s) to the end: ${JSON.stringify(quiet.slice(-2))}`);
      // EBU R128 for social feeds by default: −16 LUFS ±1 LU, true peak at most −1 dBTP, measured on the MP4.
      const loud = await measureLoudness(findFfmpeg(), file);
      assert.ok(Math.abs(loud.integrated - -16) <= 1, `integrated ${loud.integrated} LUFS`);
      assert.ok(loud.truePeak <= -1, `true peak ${loud.truePeak} dBTP`);
      assert.equal(r.body.narration.loudnessLufs, -16);

      // The accessible package: SubRip with the same cues, a transcript, the audio alone, the audio description.
      const a = r.body.accessibility;
      assert.equal(a.captionsVtt, r.body.captionsUrl);
      const srt = await fetch(a.captionsSrt);
      assert.match(srt.headers.get('content-type') ?? '', /subrip/);
      const srtText = await srt.text();
      assert.equal(srtText.match(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/gm)?.length, cues.length, srtText);
      const txt = await (await fetch(a.transcript)).text();
      assert.ok(txt.startsWith(r.body.text.headline), txt);
      assert.match(txt, /87[,.]4 µg\/m³/);
      for (const d of a.description) assert.ok(txt.includes(d), `transcript has "${d}"`);
      assert.match(a.description.join(' '), { es: /franja roja/, en: /red band/, pt: /faixa vermelha/ }[language] as RegExp, 'the gauge and its colour are described');
      const audioFile = join(env.dataDir, `audio-${language}.m4a`);
      const descFile = join(env.dataDir, `description-${language}.m4a`);
      await download(a.audio, audioFile);
      await download(a.audioDescription, descFile);
      assert.equal(audioCodec(audioFile), 'aac');
      assert.equal(audioCodec(descFile), 'aac');
      const audioLoud = await measureLoudness(findFfmpeg(), audioFile);
      assert.ok(Math.abs(audioLoud.integrated - -16) <= 1, `audio-only ${audioLoud.integrated} LUFS`);
      const seconds = (f: string) => Number(execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', f], { encoding: 'utf8' }).trim());
      assert.ok(Math.abs(seconds(audioFile) - r.body.narration.durationSec) < 0.1, `audio-only ${seconds(audioFile)} s vs ${r.body.narration.durationSec} s`);
      assert.ok(seconds(descFile) > seconds(audioFile) + 2, 'the description comes before the narration');
    });
  }

  test('the same narrated request twice: the same voice, so the second job reuses the first render', async () => {
    const body = { ...VALUES, location: 'Quito', language: 'en', template: 'social-clip', format: 'square', resolution: '360p', useModel: false };
    const first = await api(base, 'POST', '/ai/render', body);
    assert.equal(first.status, 202, JSON.stringify(first.body));
    const a = await waitForJob(base, first.body.jobId, 240_000);
    // Another language spoken in between must not change how the same text sounds.
    await api(base, 'POST', '/ai/render', { ...body, language: 'pt' });
    const second = await api(base, 'POST', '/ai/render', body);
    assert.equal(second.status, 202, JSON.stringify(second.body));
    const b = await waitForJob(base, second.body.jobId, 240_000);
    assert.deepEqual([a.status, b.status], ['completed', 'completed'], JSON.stringify([a.error, b.error]));
    assert.deepEqual(second.body.narration.sentences, first.body.narration.sentences, 'the same timing to the millisecond');
    const [audioA, audioB] = await Promise.all([first, second].map(async (r) => Buffer.from(await (await fetch(r.body.accessibility.audio)).arrayBuffer())));
    assert.ok(audioA?.equals(audioB ?? Buffer.alloc(0)), 'the same audio, byte for byte');
    assert.notEqual(b.jobId, a.jobId);
    assert.equal(b.renderMs, 0, 'the second job did not render again');
  });

  test('broadcast loudness (−23 LUFS) when asked; a target out of range is a 400 naming the field', async () => {
    const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'en', template: 'social-clip', format: 'square', resolution: '360p', loudnessLufs: -23 });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await waitForJob(base, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const file = join(env.dataDir, 'broadcast.mp4');
    await download(job.videoUrl, file);
    const loud = await measureLoudness(findFfmpeg(), file);
    assert.ok(Math.abs(loud.integrated - -23) <= 1, `integrated ${loud.integrated} LUFS`);
    assert.ok(loud.truePeak <= -1, `true peak ${loud.truePeak} dBTP`);
    for (const loudnessLufs of [-40, -5]) {
      const bad = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'en', resolution: '360p', loudnessLufs });
      assert.equal(bad.status, 400, JSON.stringify(bad.body));
      assert.ok(bad.body.errors.some((e: { field: string }) => /loudnessLufs/.test(e.field)), JSON.stringify(bad.body.errors));
    }
  });

  test('a music bed under the voice: AAC in the MP4, the loudness target still met', async () => {
    const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'es', template: 'social-clip', format: 'portrait', resolution: '360p', music: true });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.narration.music, true);
    const job = await waitForJob(base, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const file = join(env.dataDir, 'music.mp4');
    await download(job.videoUrl, file);
    assert.equal(audioCodec(file), 'aac');
    const loud = await measureLoudness(findFfmpeg(), file);
    assert.ok(Math.abs(loud.integrated - -16) <= 1, `integrated ${loud.integrated} LUFS`);
    assert.ok(loud.truePeak <= -1, `true peak ${loud.truePeak} dBTP`);
    // The bed fills the pauses: before the first word the track is no longer silent.
    const quiet = silentStretches(file);
    assert.ok(!quiet.some((q) => q.start <= 0.1 && q.end >= 0.45 && q.start < 0.5), `the bed plays under the lead-in: ${JSON.stringify(quiet.slice(0, 2))}`);
    // The audio-only file stays the voice alone (radio desks lay their own bed).
    const audioFile = join(env.dataDir, 'music-audio.m4a');
    await download(r.body.accessibility.audio, audioFile);
    assert.ok(silentStretches(audioFile).some((q) => q.start <= 0.05 && q.end >= 0.4), 'the audio-only file starts with silence');
  });

  test('GraphQL: the accessible package, the timed sentences and the job naming every file', async () => {
    const m = `mutation ($i: AiRenderInput!) { aiRender(input: $i) {
      jobId videoDurationSec
      accessibility { captionsVtt captionsSrt transcript audio audioDescription description }
      narration { status provider music sentences { text start end scene } }
    } }`;
    const res = await api(base, 'POST', '/graphql', { query: m, variables: { i: { ...VALUES, language: 'pt', template: 'daily-report', format: 'square', resolution: '_360p' } } });
    assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
    const ai = res.body.data.aiRender;
    assert.deepEqual([ai.narration.status, ai.narration.provider, ai.narration.music], ['mixed', 'offline', false]);
    assert.ok(ai.narration.sentences.length >= 2 && ai.narration.sentences.every((x: { start: number; end: number }) => x.end > x.start));
    assert.equal(ai.narration.sentences[0].scene, 'title');
    for (const k of ['captionsVtt', 'captionsSrt', 'transcript', 'audio', 'audioDescription']) assert.match(ai.accessibility[k], /^http:\/\/.+\/files\//, k);
    assert.ok(ai.accessibility.description.length >= 1);
    await waitForJob(base, ai.jobId, 240_000);
    const q = await api(base, 'POST', '/graphql', { query: 'query ($id: ID!) { render(id: $id) { status captionsUrl accessibility { captionsSrt transcript audio audioDescription } } }', variables: { id: ai.jobId } });
    assert.equal(q.body.errors, undefined, JSON.stringify(q.body.errors));
    const job = q.body.data.render;
    assert.equal(job.status, 'completed');
    assert.equal(job.captionsUrl, ai.accessibility.captionsVtt);
    assert.deepEqual(job.accessibility, { captionsSrt: ai.accessibility.captionsSrt, transcript: ai.accessibility.transcript, audio: ai.accessibility.audio, audioDescription: ai.accessibility.audioDescription });
    const types = await Promise.all([job.captionsUrl, ...Object.values(job.accessibility)].map(async (u) => {
      const f = await fetch(String(u));
      await f.arrayBuffer();
      return `${f.status} ${(f.headers.get('content-type') ?? '').split(';')[0]}`;
    }));
    assert.deepEqual(types, ['200 text/vtt', '200 application/x-subrip', '200 text/plain', '200 audio/mp4', '200 audio/mp4']);
    // Without a voice the job names no audio files.
    const silent = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'en', resolution: '360p', narration: false });
    await waitForJob(base, silent.body.jobId, 240_000);
    const view = await api(base, 'GET', `/render/${silent.body.jobId}`);
    assert.deepEqual([view.body.accessibility.audio, view.body.accessibility.audioDescription, typeof view.body.accessibility.transcript], [null, null, 'string']);
  });

  test('a voice the language lacks, or one the narrator does not have, is a 400 naming the field', async () => {
    for (const voice of ['en-us', 'klingon']) {
      const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'es', resolution: '360p', voice });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.errors?.[0]?.field, 'voice', JSON.stringify(r.body));
    }
    for (const body of [{ language: 'xx' }, { language: 'en', voice: '' }, { language: 'es', voice: 'es-419'.repeat(8) }]) {
      const r = await api(base, 'POST', '/ai/render', { ...VALUES, resolution: '360p', ...body });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/);
      const field = Object.keys(body).at(-1) ?? '';
      assert.ok(r.body.errors.some((e: { field: string }) => e.field.replace(/^\//, '') === field), `${field}: ${JSON.stringify(r.body.errors)}`);
    }
    // A template with no script (a ranking of places): narration asked of it is a 400 naming narration; without narration it is not refused for it.
    const ranking = await api(base, 'POST', '/ai/render', { ...VALUES, template: 'ranking', resolution: '360p' });
    assert.equal(ranking.status, 400, JSON.stringify(ranking.body));
    assert.equal(ranking.body.errors?.[0]?.field, 'narration');
    assert.match(ranking.body.errors[0].message, /daily-report/);
    const ok = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'es', resolution: '360p', voice: 'es', narration: true });
    assert.equal(ok.status, 202);
    assert.equal(ok.body.narration.voice, 'es');
    await waitForJob(base, ok.body.jobId, 240_000);
  });
});

/** A service beside a fake language model and a fake speech server in `mode`, for the suite that calls it (started before its tests, stopped after). */
function withSpeechServer(mode: FakeSpeech['mode']): { svc: () => RunningService; env: () => TestEnv; speech: () => FakeSpeech } {
  let env: TestEnv | undefined;
  let svc: RunningService | undefined;
  let chat: FakeChat | undefined;
  let speech: FakeSpeech | undefined;
  before(async () => {
    chat = await startFakeChat();
    speech = await startFakeSpeech();
    speech.mode = mode;
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', ...providerEnv(chat, speech) });
    svc = await startTestService(env);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    await chat?.close();
    await speech?.close();
  });
  const started = <T,>(x: T | undefined): T => {
    assert.ok(x !== undefined, 'the suite started its service');
    return x;
  };
  return { svc: () => started(svc), env: () => started(env), speech: () => started(speech) };
}

describe(`a speech server that answers garbage (${STORE})`, () => {
  const given = withSpeechServer('garbage');

  test('falls back to the offline narrator, and the answer says so', async () => {
    const [svc, speech] = [given.svc(), given.speech()];
    const r = await api(svc.baseUrl, 'POST', '/ai/render', { ...VALUES, language: 'pt', template: 'social-clip', format: 'square', resolution: '360p', useModel: false });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual([r.body.narration.status, r.body.narration.provider, r.body.narration.fallback, r.body.narration.voice], ['mixed', 'offline', true, 'pt-br']);
    assert.match(r.body.narration.detail, /could not be decoded.*offline narrator/);
    assert.ok(speech.requests.length >= 1, 'the server was asked first');
    const job = await waitForJob(svc.baseUrl, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
  });
});

describe(`a speech server with a voice of its own (${STORE})`, () => {
  const given = withSpeechServer('voice');

  // A sentence longer than one caption is cut into pieces; each piece after the first starts on its first word, which only word times can tell.
  for (const language of ['es', 'en', 'pt'] as const) test(`${language}: captions follow its words, pauses and all: each piece within 0.25 s of its first word`, async () => {
    const [svc, env, speech] = [given.svc(), given.env(), given.speech()];
    // A long place name makes the first sentence two captions.
    const r = await api(svc.baseUrl, 'POST', '/ai/render', { ...VALUES, location: 'Ciudad Autónoma de Buenos Aires, Comuna 14 (Palermo)', language, template: 'daily-report', format: 'landscape', resolution: '360p' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual([r.body.narration.provider, r.body.narration.fallback], ['external', false], JSON.stringify(r.body.narration));
    const job = await waitForJob(svc.baseUrl, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const cues = parseWebVtt(await (await fetch(r.body.captionsUrl)).text());
    const sentences = r.body.narration.sentences as { start: number; end: number }[];
    const segments = r.body.text.narration.segments as string[];
    let checked = 0;
    for (const [i, sentence] of sentences.entries()) {
      const pieces = scriptPieces(language, segments[i] ?? '');
      const { text, offsets } = voicedSentence(pieces);
      const truth = speech.spoken.find((x) => x.input === text);
      assert.ok(truth, `the server spoke "${text}"`);
      const inSentence = cues.filter((c) => c.start >= sentence.start - 1e-3 && c.start < sentence.end);
      for (const [k, piece] of pieces.entries()) {
        const cue = inSentence.find((c) => c.text.replace(/\s+/g, ' ').startsWith(piece.written));
        const word = truth.words.find((w) => w.char >= (offsets[k] ?? 0));
        if (k === 0 || !cue || !word) continue;
        const expected = sentence.start + word.at;
        assert.ok(Math.abs(cue.start - expected) <= 0.25, `cue "${cue.text}" at ${cue.start} s; its first word is spoken at ${expected.toFixed(3)} s`);
        checked++;
      }
    }
    assert.ok(checked >= 1, `${checked} cues after a sentence's first were checked`);
    const file = join(env.dataDir, `external-voice-${language}.mp4`);
    await download(job.videoUrl, file);
    assertCuesOnSpeech(cues, silentStretches(file));
  });
});
