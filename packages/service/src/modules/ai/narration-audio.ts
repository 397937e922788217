/**
 * The narration track: each sentence's audio (any format the speech server sent)
 * decoded by ffmpeg to 48 kHz mono PCM, laid end to end after a short lead-in with
 * a pause between sentences, and written as one WAV file. The sample counts give
 * each sentence's exact start and end, which the captions use.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const NARRATION_SAMPLE_RATE = 48_000;

export interface NarrationTrack {
  /** A WAV file in the work directory (the caller stores or removes it). */
  file: string;
  durationSec: number;
  /** When each sentence is spoken, in seconds from the start of the track. */
  sentences: { start: number; end: number }[];
}

/** Decodes one audio file to 16-bit mono PCM at 48 kHz; rejects when ffmpeg cannot read it. */
export function decodeToPcm(ffmpegPath: string, file: string, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 's16le', '-acodec', 'pcm_s16le', '-ac', '1', '-ar', String(NARRATION_SAMPLE_RATE), 'pipe:1'], { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      const pcm = Buffer.concat(out);
      if (code === 0 && pcm.length >= 2) resolve(pcm);
      else reject(new Error(`the audio could not be decoded${err ? `: ${err.trim().split('\n').pop()}` : ''}`));
    });
  });
}

/** A canonical 44-byte-header PCM WAV of 16-bit mono samples. */
export function wavFile(pcm: Buffer, sampleRate = NARRATION_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * One track of `clips` (one per sentence, in order): `leadSec` of silence, then each
 * clip with `gapSec` of silence between them.
 */
export async function buildNarration(clips: readonly Buffer[], opts: { ffmpegPath: string; workDir: string; leadSec: number; gapSec: number; signal?: AbortSignal }): Promise<NarrationTrack> {
  const silence = (sec: number) => Buffer.alloc(Math.round(sec * NARRATION_SAMPLE_RATE) * 2);
  const parts: Buffer[] = [silence(opts.leadSec)];
  const sentences: { start: number; end: number }[] = [];
  let samples = parts[0]!.length / 2;
  const base = join(opts.workDir, `narration-${randomBytes(6).toString('hex')}`);
  try {
    for (const [i, clip] of clips.entries()) {
      const input = `${base}.${i}.audio`;
      await writeFile(input, clip);
      const pcm = await decodeToPcm(opts.ffmpegPath, input, opts.signal).finally(() => rm(input, { force: true }));
      if (i > 0) {
        const gap = silence(opts.gapSec);
        parts.push(gap);
        samples += gap.length / 2;
      }
      const start = samples / NARRATION_SAMPLE_RATE;
      parts.push(pcm);
      samples += Math.floor(pcm.length / 2);
      sentences.push({ start, end: samples / NARRATION_SAMPLE_RATE });
    }
    const file = `${base}.wav`;
    await writeFile(file, wavFile(Buffer.concat(parts)));
    return { file, durationSec: samples / NARRATION_SAMPLE_RATE, sentences };
  } catch (err) {
    await rm(`${base}.wav`, { force: true });
    throw err;
  }
}
