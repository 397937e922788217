/**
 * The offline narrator end to end, on the store under test: with no speech server
 * configured, an AI render is spoken by eSpeak NG in each language, numbers in
 * words, its MP4 carries the AAC track, and every caption starts within half a
 * second of the speech it shows (measured on the MP4's audio with ffmpeg's
 * silencedetect). A bad voice is a 400 naming the field. A speech server that
 * answers garbage falls back to the offline narrator and says so.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findFfmpeg, findFfprobe } from '@aqcast/engine';
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
      assertCuesOnSpeech(cues, silentStretches(file));
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

  test('a voice the language lacks, or one the narrator does not have, is a 400 naming the field', async () => {
    for (const voice of ['en-us', 'klingon']) {
      const r = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'es', resolution: '360p', voice });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.errors?.[0]?.field, 'voice', JSON.stringify(r.body));
    }
    const ok = await api(base, 'POST', '/ai/render', { ...VALUES, language: 'es', resolution: '360p', voice: 'es', narration: true });
    assert.equal(ok.status, 202);
    assert.equal(ok.body.narration.voice, 'es');
    await waitForJob(base, ok.body.jobId, 240_000);
  });
});

describe(`a speech server that answers garbage (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let chat: FakeChat;
  let speech: FakeSpeech;
  before(async () => {
    chat = await startFakeChat();
    speech = await startFakeSpeech();
    speech.mode = 'garbage';
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', ...providerEnv(chat, speech) });
    svc = await startTestService(env);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    await chat?.close();
    await speech?.close();
  });

  test('falls back to the offline narrator, and the answer says so', async () => {
    const r = await api(svc.baseUrl, 'POST', '/ai/render', { ...VALUES, language: 'pt', template: 'social-clip', format: 'square', resolution: '360p', useModel: false });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual([r.body.narration.status, r.body.narration.provider, r.body.narration.fallback, r.body.narration.voice], ['mixed', 'offline', true, 'pt-br']);
    assert.match(r.body.narration.detail, /could not be decoded.*offline narrator/);
    assert.ok(speech.requests.length >= 1, 'the server was asked first');
    const job = await waitForJob(svc.baseUrl, r.body.jobId, 240_000);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
  });
});
