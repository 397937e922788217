/**
 * Speech behind an OpenAI-compatible `POST /audio/speech` API (OpenAI, Kokoro-FastAPI,
 * openedai-speech, LocalAI, …): one request per sentence, the voice chosen per
 * language. The answer is audio bytes in whatever format the server produced; the
 * narration builder decodes them with ffmpeg.
 */
import type { Language } from '@aqcast/engine';
import type { SpeechConfig } from '../../../core/config.js';
import { OutboundRequestError, postJson } from '../../../core/outbound/request.js';
import type { AllowedNetworks } from '../../../core/outbound/ssrf.js';

/** A speech request that produced no audio; `detail` is safe to show. */
export class SpeechError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'SpeechError';
  }
}

/** Largest audio answer accepted for one sentence. */
const MAX_AUDIO_BYTES = 20 * 1024 * 1024;

export class SpeechModel {
  constructor(
    private readonly config: SpeechConfig,
    private readonly allowed: AllowedNetworks,
  ) {}

  voiceFor(language: Language): string {
    return this.config.voices[language];
  }

  /** The audio of `text` spoken in `language`'s voice; throws {@link SpeechError}. */
  async speak(text: string, language: Language, signal?: AbortSignal): Promise<Buffer> {
    let res;
    try {
      res = await postJson(
        `${this.config.baseUrl}/audio/speech`,
        { model: this.config.model, input: text, voice: this.voiceFor(language), response_format: this.config.format },
        { timeoutMs: this.config.timeoutMs, allowed: this.allowed, maxResponseBytes: MAX_AUDIO_BYTES, headers: { accept: 'audio/*', ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}) }, ...(signal ? { signal } : {}) },
      );
    } catch (err) {
      if (err instanceof OutboundRequestError) throw new SpeechError(`speech server: ${err.detail}`);
      throw err;
    }
    if (res.status < 200 || res.status > 299) throw new SpeechError(`speech server answered HTTP ${res.status}`);
    const type = String(res.headers['content-type'] ?? '');
    if (/json|text\//i.test(type)) throw new SpeechError(`speech server answered ${type.split(';')[0]}, not audio`);
    if (res.body.length < 44) throw new SpeechError('speech server answered no audio');
    return res.body;
  }
}
