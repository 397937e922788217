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

/** Clips decoded at once. */
const DECODE_LANES = 3;

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

/** Decodes each clip (any format ffmpeg reads) to 16-bit mono PCM at 48 kHz, in order. */
export async function decodeClips(clips: readonly Buffer[], opts: { ffmpegPath: string; workDir: string; signal?: AbortSignal }): Promise<Buffer[]> {
  const base = join(opts.workDir, `clip-${randomBytes(6).toString('hex')}`);
  const decode = async (clip: Buffer, i: number) => {
    const input = `${base}.${i}.audio`;
    await writeFile(input, clip);
    return decodeToPcm(opts.ffmpegPath, input, opts.signal).finally(() => rm(input, { force: true }));
  };
  // A few ffmpeg processes at once: each clip is short, so starting ffmpeg is most of its cost.
  const out: Buffer[] = new Array<Buffer>(clips.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < clips.length; i = next++) {
      const clip = clips[i];
      if (clip) out[i] = await decode(clip, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DECODE_LANES, clips.length) }, lane));
  return out;
}

/** Seconds of 16-bit mono PCM at `sampleRate`. */
export const pcmSeconds = (pcm: Buffer, sampleRate = NARRATION_SAMPLE_RATE) => Math.floor(pcm.length / 2) / sampleRate;

/** Clips as 16-bit mono PCM, all at one sample rate. */
export interface PcmClips {
  pcms: Buffer[];
  sampleRate: number;
}

/**
 * One track of clips, each starting at its time in `starts` (seconds, not before
 * the previous clip ends), silence between; written as a WAV at the clips' own rate
 * in `workDir` (the loudness pass resamples it to {@link NARRATION_SAMPLE_RATE}).
 */
export async function assembleTrack(clips: PcmClips, starts: readonly number[], workDir: string): Promise<NarrationTrack> {
  const rate = clips.sampleRate;
  const parts: Buffer[] = [];
  const sentences: { start: number; end: number }[] = [];
  let samples = 0;
  for (const [i, pcm] of clips.pcms.entries()) {
    const at = Math.max(samples, Math.round((starts[i] ?? 0) * rate));
    if (at > samples) parts.push(Buffer.alloc((at - samples) * 2));
    const start = at / rate;
    parts.push(pcm.subarray(0, Math.floor(pcm.length / 2) * 2));
    samples = at + Math.floor(pcm.length / 2);
    sentences.push({ start, end: samples / rate });
  }
  const file = join(workDir, `narration-${randomBytes(6).toString('hex')}.wav`);
  await writeFile(file, wavFile(Buffer.concat(parts), rate));
  return { file, durationSec: samples / rate, sentences };
}

/**
 * One track of `clips` (one per sentence, in order): `leadSec` of silence, then each
 * clip with `gapSec` of silence between them.
 */
export async function buildNarration(clips: readonly Buffer[], opts: { ffmpegPath: string; workDir: string; leadSec: number; gapSec: number; signal?: AbortSignal }): Promise<NarrationTrack> {
  const pcms = await decodeClips(clips, opts);
  const starts: number[] = [];
  let at = opts.leadSec;
  for (const pcm of pcms) {
    starts.push(at);
    at += pcmSeconds(pcm) + opts.gapSec;
  }
  return assembleTrack({ pcms, sampleRate: NARRATION_SAMPLE_RATE }, starts, opts.workDir);
}

// ── loudness ──────────────────────────────────────────────────────────────────

/** EBU R128 targets: −16 LUFS for social feeds, −23 for broadcast (R128 itself). */
export const LOUDNESS_SOCIAL_LUFS = -16;
export const LOUDNESS_BROADCAST_LUFS = -23;
/** Loudness targets a request may ask for. */
export const LOUDNESS_MIN_LUFS = -31;
export const LOUDNESS_MAX_LUFS = -10;
/** Ceiling asked of the limiter: under the −1 dBTP R128 allows, leaving room for AAC's overshoot. */
export const TRUE_PEAK_TARGET_DBTP = -1.5;

/** A gentle compressor before the gain: a synthetic voice's peaks would otherwise hit the limiter hard at −16 LUFS. */
const VOICE_COMPRESSOR = 'acompressor=threshold=0.1:ratio=3:attack=5:release=80:makeup=2';

/** Runs ffmpeg; resolves with its log (stderr), rejects with its last line. */
export function runFfmpeg(ffmpegPath: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostats', ...args], { stdio: ['ignore', 'ignore', 'pipe'], ...(signal ? { signal } : {}) });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(err) : reject(new Error(`ffmpeg failed: ${err.trim().split('\n').pop() ?? ''}`))));
  });
}

/** Gain limits: a near-silent track is not raised past this (it would only raise noise). */
const MAX_GAIN_DB = 30;

/**
 * `input` normalised to `targetLufs` integrated loudness (EBU R128) with true peaks
 * at most {@link TRUE_PEAK_TARGET_DBTP}, written to `output` as 48 kHz mono PCM WAV of
 * the same length. Two passes: ffmpeg's ebur128 measures the (compressed) voice at the
 * track's own rate (integrated loudness only: the limiter sees to the peaks), then
 * one linear gain brings it to the target and a look-ahead limiter at 48 kHz holds
 * the peaks under the ceiling. (ffmpeg's loudnorm does the same job
 * but works at 192 kHz, which made it most of a narration's cost; a linear gain is
 * exact for the integrated loudness, and the limiter only shaves peaks.)
 */
export async function normalizeLoudness(ffmpegPath: string, input: string, output: string, targetLufs: number, signal?: AbortSignal): Promise<{ measuredLufs: number }> {
  const log = await runFfmpeg(ffmpegPath, ['-i', input, '-af', `${VOICE_COMPRESSOR},ebur128`, '-f', 'null', '-'], signal);
  const measured = loudnessSummary(log);
  const gainDb = Number.isFinite(measured.integrated) ? Math.min(MAX_GAIN_DB, targetLufs - measured.integrated) : 0;
  // The limiter reads sample peaks; between samples the true peak can be up to about half a dB higher.
  const ceiling = 10 ** ((TRUE_PEAK_TARGET_DBTP - 0.5) / 20);
  // Resampled first, so the limiter holds the peaks of what is kept (the input may be a synthesizer's 22 kHz).
  const filters = `aresample=${NARRATION_SAMPLE_RATE},${VOICE_COMPRESSOR},volume=${gainDb.toFixed(3)}dB,alimiter=limit=${ceiling.toFixed(4)}:attack=5:release=50:level=false`;
  await runFfmpeg(ffmpegPath, ['-y', '-i', input, '-af', filters, '-ar', String(NARRATION_SAMPLE_RATE), '-ac', '1', '-c:a', 'pcm_s16le', output], signal);
  return { measuredLufs: measured.integrated };
}

/** The integrated loudness and true peak in the summary ffmpeg's ebur128 filter prints. */
function loudnessSummary(log: string): { integrated: number; truePeak: number } {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  return { integrated, truePeak };
}

/** Integrated loudness (LUFS) and true peak (dBTP) of a file's audio, by ffmpeg's ebur128 filter. */
export async function measureLoudness(ffmpegPath: string, file: string): Promise<{ integrated: number; truePeak: number }> {
  return loudnessSummary(await runFfmpeg(ffmpegPath, ['-i', file, '-vn', '-af', 'ebur128=peak=true', '-f', 'null', '-']));
}

/** `input` as AAC (128 kb/s, 48 kHz) in an .m4a file: the audio-only file for radio desks and phone lines. */
export async function encodeAac(ffmpegPath: string, input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(ffmpegPath, ['-y', '-i', input, '-vn', '-c:a', 'aac', '-b:a', '128k', '-ar', String(NARRATION_SAMPLE_RATE), '-movflags', '+faststart', '-f', 'mp4', output], signal);
}
