/**
 * The offline narrator: eSpeak NG compiled to WebAssembly (the npm package
 * `@echogarden/espeak-ng-emscripten`, GPL-3.0), run in a worker thread of this
 * process so a sentence's synthesis never blocks the HTTP loop. Nothing is
 * downloaded: the voices ship inside the package. Besides the audio it reports
 * when each word starts, which the captions are timed by.
 *
 * The worker is started on first use and ended after a minute unused; its
 * WebAssembly heap (about 60 MB) is the narrator's whole memory.
 */
import { Worker } from 'node:worker_threads';
import type { Language } from '@aqcast/engine';
import { wavFile } from '../narration-audio.js';

/** The voices each language may use, the default first (Latin American Spanish, US English, Brazilian Portuguese). */
export const OFFLINE_VOICES: Record<Language, readonly string[]> = {
  es: ['es-419', 'es'],
  en: ['en-us', 'en-gb'],
  pt: ['pt-br', 'pt'],
};

/** Words a minute: a little slower than eSpeak's 175, for clarity. */
export const OFFLINE_RATE_WPM = 160;
/** The fastest a sentence may be asked for (fitting a narration to its video): eSpeak's own default and a little more. */
export const OFFLINE_MAX_RATE_WPM = 190;

/** The longest sentence the narrator speaks, in UTF-8 bytes (a script's sentences are a few hundred). */
const MAX_TEXT_BYTES = 16_384;

/** One sentence spoken: a WAV, its samples, and when each word of the text starts. */
export interface SpokenClip {
  audio: Buffer;
  /** The WAV's samples (16-bit mono) at `sampleRate`: a track is laid out from these without decoding the WAV again. */
  pcm: Buffer;
  sampleRate: number;
  durationSec: number;
  /** Words in order: `char` is the word's first character in the text (0-based), `at` its start in seconds from the clip's start. */
  words: { char: number; at: number }[];
}

/** The synthesizer failed (it should not; the text is ours). */
export class OfflineSpeechError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'OfflineSpeechError';
  }
}

// The worker, as plain JavaScript: the same code runs from source (tests) and from the build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = import(workerData.moduleUrl).then(async (m) => {
  const mod = await m.default();
  const w = new mod.eSpeakNGWorker();
  // eSpeak keeps state from one utterance to the next (the waveform generator's
  // phase, the voice last loaded), so the same sentence came out a few ms different
  // after another. The module's memory is kept as it is now and put back before each
  // sentence (about 1 ms for 17 MB), which makes every sentence come out exactly as
  // from a new instance. Two things must already be in that memory: the bindings'
  // string buffer, grown here once past any sentence (a buffer allocated after the
  // snapshot would be lost by the restore while the bindings still write into it),
  // and no voice (one left loaded changes how the next is loaded).
  w.set_voice('x'.repeat(workerData.maxTextBytes));
  w.set_voice('none');
  return { mod, w, pristine: mod.HEAPU8.slice() };
});
parentPort.on('message', async (msg) => {
  try {
    const { mod, w, pristine } = await ready;
    if (Buffer.byteLength(msg.text) + Buffer.byteLength(msg.voice) >= workerData.maxTextBytes) throw new Error('sentence too long');
    mod.HEAPU8.set(pristine);
    w.set_rate(msg.rate);
    w.set_voice(msg.voice);
    const chunks = [];
    const words = [];
    w.synthesize(msg.text, (samples, events) => {
      if (samples && samples.length) chunks.push(samples);
      for (const e of events) if (e.type === 'word') words.push({ char: e.text_position - 1, ms: e.audio_position });
      return 0;
    });
    let n = 0;
    for (const c of chunks) n += c.length;
    const pcm = new Int16Array(n);
    let o = 0;
    for (const c of chunks) { pcm.set(c, o); o += c.length; }
    parentPort.postMessage({ id: msg.id, ok: true, pcm, sampleRate: w.get_samplerate(), words }, [pcm.buffer]);
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: String(err && err.message || err) });
  }
});
`;

interface Answer {
  id: number;
  ok: boolean;
  pcm?: Int16Array;
  sampleRate?: number;
  words?: { char: number; ms: number }[];
  error?: string;
}

function isAnswer(x: unknown): x is Answer {
  if (typeof x !== 'object' || x === null) return false;
  const a: Record<string, unknown> = { ...x };
  return typeof a.id === 'number' && typeof a.ok === 'boolean' && (a.pcm === undefined || a.pcm instanceof Int16Array) && (a.words === undefined || Array.isArray(a.words));
}

const isWord = (w: unknown): w is { char: number; ms: number } => typeof w === 'object' && w !== null && 'char' in w && 'ms' in w && typeof w.char === 'number' && typeof w.ms === 'number';

export class OfflineSpeech {
  readonly engine = 'espeak-ng';
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = 60_000) {}

  /** The voice used for `language`, or the requested one when the language has it; null when it does not. */
  voiceFor(language: Language, requested?: string): string | null {
    const voices = OFFLINE_VOICES[language];
    if (requested === undefined) return voices[0] ?? null;
    return voices.includes(requested) ? requested : null;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const moduleUrl = import.meta.resolve('@echogarden/espeak-ng-emscripten');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { moduleUrl, maxTextBytes: MAX_TEXT_BYTES } });
    worker.unref();
    worker.on('message', (msg: unknown) => {
      if (!isAnswer(msg)) return;
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      p?.resolve(msg);
    });
    const fail = (err: Error) => {
      for (const p of this.pending.values()) p.reject(new OfflineSpeechError(`the offline narrator stopped: ${err.message}`));
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }

  /** `text` spoken by `voice` (one of {@link OFFLINE_VOICES}), at `rateWpm` words a minute (clamped to the narrator's range). */
  async speak(text: string, voice: string, rateWpm = OFFLINE_RATE_WPM): Promise<SpokenClip> {
    const rate = Math.round(Math.min(OFFLINE_MAX_RATE_WPM, Math.max(OFFLINE_RATE_WPM, rateWpm)));
    if (this.idle) clearTimeout(this.idle);
    const worker = this.start();
    const id = this.nextId++;
    try {
      const answer = await new Promise<Answer>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        worker.postMessage({ id, text, voice, rate });
      });
      if (!answer.ok || !answer.pcm || !answer.sampleRate) throw new OfflineSpeechError(`the offline narrator failed: ${answer.error ?? 'no audio'}`);
      const pcm = Buffer.from(answer.pcm.buffer, answer.pcm.byteOffset, answer.pcm.byteLength);
      const sampleRate = answer.sampleRate;
      const words = (answer.words ?? []).filter(isWord).map((w) => ({ char: w.char, at: w.ms / 1000 }));
      return { audio: wavFile(pcm, sampleRate), pcm, sampleRate, durationSec: answer.pcm.length / sampleRate, words };
    } finally {
      if (this.pending.size === 0) {
        this.idle = setTimeout(() => void this.close(), this.idleMs);
        this.idle.unref();
      }
    }
  }

  /** Ends the worker (it starts again on the next sentence). */
  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
