/**
 * Local stand-ins for the providers the AI module can use, speaking their
 * documented formats: an OpenAI-compatible `POST /v1/chat/completions` (whose
 * behaviour a test switches: a good rewrite, an invented number, no JSON, a body
 * that is not JSON, a slow answer, a 503) and `POST /v1/audio/speech`, which
 * answers real audio made here with the bundled ffmpeg, as long as the text needs,
 * or (mode `voice`) real speech: another eSpeak voice than the offline narrator's,
 * slower and with a pause of its own, whose true word starts the test can read.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findFfmpeg } from '@aqcast/engine';
import { NARRATION_SAMPLE_RATE, wavFile } from '../src/modules/ai/narration-audio.js';
import { OfflineSpeech } from '../src/modules/ai/providers/offline-speech.js';

export type ChatMode = 'good' | 'invent' | 'no_json' | 'not_json' | 'slow' | 'error';

export interface FakeProvider {
  /** Base URL with /v1, as AI_BASE_URL / SPEECH_BASE_URL take it. */
  url: string;
  requests: { path: string; body: Record<string, unknown>; authorization: string | undefined }[];
  close(): Promise<void>;
}

export interface FakeChat extends FakeProvider {
  mode: ChatMode;
}

export interface FakeSpeech extends FakeProvider {
  mode: 'ok' | 'error' | 'garbage' | 'voice';
  /** Seconds of audio per character of input. */
  secondsPerChar: number;
  /** In mode `voice`: each input spoken, and when each of its words truly starts in the audio answered. */
  spoken: { input: string; words: { char: number; at: number }[] }[];
}

/** The eSpeak voice the `voice` mode speaks for each configured voice name: never the offline narrator's default. */
const FAKE_VOICES: Record<string, string> = { 'voz-es': 'es', 'voice-en': 'en-gb', 'voz-pt': 'pt' };
/** The `voice` mode's speed against eSpeak's, and the pause it makes after each sentence's first word (as after "Heads up:"). */
const VOICE_TEMPO = 0.8;
const VOICE_PAUSE_SEC = 1.5;

/** `input` read by another voice, slowed and paused, as WAV, with its true word starts. */
async function fakeVoice(tts: OfflineSpeech, input: string, voice: string): Promise<{ audio: Buffer; words: { char: number; at: number }[] }> {
  const clip = await tts.speak(input, FAKE_VOICES[voice] ?? 'en-gb');
  const slow = execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-af', `atempo=${VOICE_TEMPO}`, '-f', 's16le', '-ac', '1', '-ar', String(NARRATION_SAMPLE_RATE), 'pipe:1'], { input: clip.audio, maxBuffer: 1 << 26 });
  const pauseWord = clip.words[1];
  const pauseAt = pauseWord && clip.words.length >= 3 ? (pauseWord.at - 0.02) / VOICE_TEMPO : Infinity;
  const cut = Number.isFinite(pauseAt) ? Math.round(pauseAt * NARRATION_SAMPLE_RATE) * 2 : slow.length;
  const pcm = Buffer.concat([slow.subarray(0, cut), Buffer.alloc(cut < slow.length ? Math.round(VOICE_PAUSE_SEC * NARRATION_SAMPLE_RATE) * 2 : 0), slow.subarray(cut)]);
  const words = clip.words.map((w) => ({ char: w.char, at: w.at / VOICE_TEMPO + (w.at / VOICE_TEMPO >= pauseAt ? VOICE_PAUSE_SEC : 0) }));
  return { audio: wavFile(pcm), words };
}

const OPENERS: Record<string, string> = { es: 'Atención:', en: 'Heads up:', pt: 'Atenção:' };

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)));
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      try {
        resolve(JSON.parse(body) as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

function completion(content: string): string {
  return JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion', created: 0, model: 'fake', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
}

/** A chat-completions server that rewrites the draft it is sent, per `mode`. */
export async function startFakeChat(): Promise<FakeChat> {
  const timers = new Set<NodeJS.Timeout>();
  const fake = { mode: 'good' as ChatMode, requests: [] as FakeProvider['requests'], url: '', close: async () => {} };
  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    fake.requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
    if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
    const messages = body.messages as { role: string; content: string }[];
    const user = JSON.parse(messages.find((m) => m.role === 'user')?.content ?? '{}') as { draft: { headline: string; narration: string[]; social: string } };
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    const lang = /Spanish/.test(system) ? 'es' : /Portuguese/.test(system) ? 'pt' : 'en';
    const draft = user.draft;
    const rewrite = { headline: draft.headline, narration: draft.narration.map((s, i) => (i === 0 ? `${OPENERS[lang]} ${s.charAt(0).toLowerCase()}${s.slice(1)}` : s)), social: draft.social };
    const send = (status: number, text: string, type = 'application/json') => res.writeHead(status, { 'content-type': type }).end(text);
    switch (fake.mode) {
      case 'good':
        return send(200, completion(`Here it is:\n\`\`\`json\n${JSON.stringify(rewrite)}\n\`\`\``));
      case 'invent': {
        // Bumps the first number of the narration: a fact the model made up.
        const narration = rewrite.narration.map((s, i) => (i === 0 ? s.replace(/\d+/, (n) => String(Number(n) + 7)) : s));
        return send(200, completion(JSON.stringify({ ...rewrite, narration })));
      }
      case 'no_json':
        return send(200, completion("I'm sorry, I can only chat about the weather."));
      case 'not_json':
        return send(200, '{"choices": [ {"message": ', 'application/json');
      case 'slow': {
        const t = setTimeout(() => send(200, completion(JSON.stringify(rewrite))), 3000);
        timers.add(t);
        return;
      }
      case 'error':
        return send(503, JSON.stringify({ error: { message: 'overloaded' } }));
    }
  });
  fake.url = await listen(server);
  fake.close = async () => {
    for (const t of timers) clearTimeout(t);
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return fake;
}

/** Audio of `sec` seconds: a sine tone from the bundled ffmpeg, as WAV or MP3. */
export function toneAudio(sec: number, format: 'wav' | 'mp3'): Buffer {
  return execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=330:duration=${sec.toFixed(3)}`, '-f', format, 'pipe:1'], { maxBuffer: 1 << 26 });
}

/** An audio-speech server answering `secondsPerChar` × input length of audio, in the format asked for. */
export async function startFakeSpeech(): Promise<FakeSpeech> {
  const fake: FakeSpeech = { mode: 'ok', secondsPerChar: 0.07, requests: [], spoken: [], url: '', close: async () => {} };
  const tts = new OfflineSpeech();
  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    fake.requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
    if (req.url !== '/v1/audio/speech') return res.writeHead(404).end();
    if (fake.mode === 'error') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"voice model crashed"}}');
    // Says it is audio, and is not: what a misconfigured proxy or a broken model answers.
    if (fake.mode === 'garbage') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(4096, 0x5a));
    if (fake.mode === 'voice') {
      const input = String(body.input ?? '');
      const spoken = await fakeVoice(tts, input, String(body.voice ?? ''));
      fake.spoken.push({ input, words: spoken.words });
      return res.writeHead(200, { 'content-type': 'audio/wav' }).end(spoken.audio);
    }
    const format = body.response_format === 'mp3' ? 'mp3' : 'wav';
    const sec = Math.min(12, Math.max(0.4, String(body.input ?? '').length * fake.secondsPerChar));
    res.writeHead(200, { 'content-type': format === 'mp3' ? 'audio/mpeg' : 'audio/wav' }).end(toneAudio(sec, format));
  });
  fake.url = await listen(server);
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await tts.close();
  };
  return fake;
}

/** The environment that points a service at the fakes. */
export function providerEnv(chat: FakeProvider, speech: FakeProvider, extra: Record<string, string> = {}): Record<string, string> {
  return {
    OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
    AI_BASE_URL: chat.url, AI_MODEL: 'fake-llm', AI_API_KEY: 'sk-test-chat', AI_TIMEOUT_MS: '1000',
    SPEECH_BASE_URL: speech.url, SPEECH_MODEL: 'fake-tts', SPEECH_VOICE_ES: 'voz-es', SPEECH_VOICE_EN: 'voice-en', SPEECH_VOICE_PT: 'voz-pt', SPEECH_TIMEOUT_MS: '5000',
    ...extra,
  };
}
