/**
 * The music bed: a calm loop synthesised here, sample by sample — a warm pad over a
 * four-chord progression, a soft bass and a plucked arpeggio — so nothing is
 * recorded, downloaded or licensed (it is this software's output, under its licence).
 * The seed picks the key and progression, so one report always gets the same bed.
 * 48 kHz mono PCM, peaks at −6 dBFS; the mixer sets its level under the voice.
 */
import { createHash, randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NARRATION_SAMPLE_RATE, normalizeLoudness, runFfmpeg, wavFile } from './narration-audio.js';

/** Progressions as semitones above the key's root, each chord [root, third, fifth]. */
const PROGRESSIONS: readonly (readonly [number, number, number])[][] = [
  [[0, 4, 7], [9, 12, 16], [5, 9, 12], [7, 11, 14]], // I – vi – IV – V
  [[9, 12, 16], [5, 9, 12], [0, 4, 7], [7, 11, 14]], // vi – IV – I – V
  [[0, 4, 7], [7, 11, 14], [9, 12, 16], [5, 9, 12]], // I – V – vi – IV
];
/** Keys (their root in Hz, around the low-middle of a piano): C, D, F, G. */
const ROOTS = [130.81, 146.83, 174.61, 196.0];
/** Seconds per chord. */
const CHORD_SEC = 4;
/** Seconds per arpeggio note. */
const STEP_SEC = 0.5;

const hz = (root: number, semis: number) => root * 2 ** (semis / 12);

/** A bed of `durationSec` seconds as 16-bit PCM samples, faded in and out. */
export function musicBedPcm(durationSec: number, seed: string): Int16Array {
  const h = createHash('sha256').update(seed).digest();
  const root = ROOTS[(h[0] ?? 0) % ROOTS.length] ?? 130.81;
  const prog = PROGRESSIONS[(h[1] ?? 0) % PROGRESSIONS.length] ?? [];
  const sr = NARRATION_SAMPLE_RATE;
  const n = Math.max(1, Math.round(durationSec * sr));
  const out = new Float32Array(n);
  const chordAt = (k: number) => prog[((k % prog.length) + prog.length) % prog.length] ?? [0, 4, 7];
  const TWO_PI = 2 * Math.PI;
  let lp = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const k = Math.floor(t / CHORD_SEC);
    const into = t - k * CHORD_SEC;
    // Pad: each chord's notes (detuned pairs, a touch of second harmonic), cross-faded over the last second.
    const fade = into > CHORD_SEC - 1 ? 0.5 - 0.5 * Math.cos(Math.PI * (into - (CHORD_SEC - 1))) : 0;
    let pad = 0;
    for (const [chord, w] of [[chordAt(k), 1 - fade], [chordAt(k + 1), fade]] as const) {
      if (w <= 0) continue;
      for (const semis of chord) {
        const f = hz(root, semis);
        pad += w * (Math.sin(TWO_PI * (f - 0.2) * t) + Math.sin(TWO_PI * (f + 0.2) * t) + 0.25 * Math.sin(TWO_PI * 2 * f * t));
      }
      pad += w * 0.9 * Math.sin(TWO_PI * hz(root, (chord[0] ?? 0) - 12) * t);
    }
    // Arpeggio: the chord's notes an octave up, one per step, each a plucked decay.
    const step = Math.floor(t / STEP_SEC);
    const since = t - step * STEP_SEC;
    const notes = chordAt(Math.floor((step * STEP_SEC) / CHORD_SEC));
    const note = [notes[0], notes[1], notes[2], notes[1]][step % 4] ?? 0;
    const fp = hz(root, note + 12);
    const pluck = Math.exp(-since / 0.3) * Math.min(1, since / 0.01) * (Math.sin(TWO_PI * fp * t) + 0.3 * Math.sin(TWO_PI * 2 * fp * t));
    // Slow swell, so the pad breathes; a one-pole low-pass keeps it warm.
    const swell = 0.85 + 0.15 * Math.sin(TWO_PI * t / 8);
    const x = 0.11 * pad * swell + 0.22 * pluck;
    lp += 0.25 * (x - lp);
    out[i] = lp;
  }
  // Fade in over 1.5 s and out over the last 2 s; peaks at −6 dBFS.
  let peak = 1e-9;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const g = Math.min(1, t / 1.5, Math.max(0, (durationSec - t) / 2));
    const v = (out[i] ?? 0) * g;
    out[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  const scale = (0.5 / peak) * 32767;
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round((out[i] ?? 0) * scale)));
  return pcm;
}

/** The bed as a WAV file's bytes. */
export function musicBedWav(durationSec: number, seed: string): Buffer {
  const pcm = musicBedPcm(durationSec, seed);
  return wavFile(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
}

/** The bed's level under the voice before ducking (dB): well below speech, still heard between sentences. */
export const BED_GAIN_DB = -9;
/**
 * Ducking: while the voice speaks the bed drops by up to about 12 dB (the voice,
 * as the sidechain, drives a compressor on the bed), and comes back in half a second.
 */
const DUCK = 'sidechaincompress=threshold=0.01:ratio=12:attack=20:release=500:knee=4';

/**
 * `voice` (a WAV) over a music bed of `durationSec` (the video's length), the bed
 * ducked while the voice speaks, the mix brought to `loudnessLufs` (EBU R128, true
 * peak under −1 dBTP) and written to `output` as 48 kHz mono WAV of `durationSec`.
 */
export async function mixMusicBed(ffmpegPath: string, voice: string, output: string, o: { durationSec: number; loudnessLufs: number; workDir: string; seed: string; signal?: AbortSignal }): Promise<void> {
  const base = join(o.workDir, `bed-${randomBytes(6).toString('hex')}`);
  const bed = `${base}.wav`;
  const raw = `${base}.mix.wav`;
  try {
    await writeFile(bed, musicBedWav(o.durationSec, o.seed));
    const d = o.durationSec.toFixed(3);
    const graph = `[0:a]apad=whole_dur=${d},asplit=2[v][sc];[1:a]volume=${BED_GAIN_DB}dB[m];[m][sc]${DUCK}[duck];[v][duck]amix=inputs=2:duration=first:normalize=0[out]`;
    await runFfmpeg(ffmpegPath, ['-y', '-i', voice, '-i', bed, '-filter_complex', graph, '-map', '[out]', '-t', d, '-ar', String(NARRATION_SAMPLE_RATE), '-ac', '1', '-c:a', 'pcm_s16le', raw], o.signal);
    await normalizeLoudness(ffmpegPath, raw, output, o.loudnessLufs, o.signal);
  } finally {
    await Promise.all([rm(bed, { force: true }), rm(raw, { force: true })]);
  }
}
