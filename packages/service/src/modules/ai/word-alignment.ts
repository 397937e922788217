/**
 * When each word starts in speech that came without word times (an OpenAI-compatible
 * speech server answers audio only). The same sentence is spoken by the offline
 * narrator, which does report word starts; the two recordings are lined up by
 * dynamic time warping over their MFCC frames (the spectral shape of each 10 ms,
 * which follows the sounds, not the voice's pitch or loudness), and each word's
 * start is carried across the warping path. This is the reference-synthesis
 * alignment used by forced aligners when no acoustic model is at hand.
 */
import meydaModule from 'meyda';
import { NARRATION_SAMPLE_RATE } from './narration-audio.js';

interface MfccExtractor {
  bufferSize: number;
  sampleRate: number;
  numberOfMFCCCoefficients: number;
  extract(feature: 'mfcc', signal: Float32Array): { mfcc?: number[] } | number[] | null;
}
const isExtractor = (x: unknown): x is MfccExtractor => typeof x === 'object' && x !== null && 'extract' in x && typeof x.extract === 'function';

/**
 * Meyda's types describe an ES default export, but Node loads its CommonJS build,
 * whose `module.exports` is that object: take whichever of the two holds it.
 */
function meydaExtractor(): MfccExtractor {
  const loaded: unknown = meydaModule;
  if (isExtractor(loaded)) return loaded;
  const inner: unknown = typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : undefined;
  if (isExtractor(inner)) return inner;
  throw new Error('the meyda package does not export its feature extractor');
}
const Meyda = meydaExtractor();

/** Analysis window (power of two, as Meyda needs: 21 ms at 48 kHz) and hop (10 ms). */
const WINDOW = 1024;
const HOP = NARRATION_SAMPLE_RATE / 100;
const HOP_SEC = HOP / NARRATION_SAMPLE_RATE;
const COEFFICIENTS = 13;
/** Beyond this many cells (about 30 s against 30 s) a sentence is not aligned: too long to be one sentence. */
const MAX_CELLS = 9_000_000;

// Meyda's settings are module-wide; nothing else in the service uses it.
Meyda.bufferSize = WINDOW;
Meyda.sampleRate = NARRATION_SAMPLE_RATE;
Meyda.numberOfMFCCCoefficients = COEFFICIENTS;

export interface WordStart {
  /** The word's first character in the sentence's text. */
  char: number;
  /** Seconds from the clip's start. */
  at: number;
}

/** MFCC frames of 16-bit mono PCM at {@link NARRATION_SAMPLE_RATE}, each coefficient centred over the clip (so a louder or brighter voice does not shift them). */
export function mfccFrames(pcm: Buffer): Float32Array[] {
  const samples = Math.floor(pcm.length / 2);
  const frames: Float32Array[] = [];
  const window = new Float32Array(WINDOW);
  for (let start = 0; start + WINDOW <= samples || (start === 0 && samples > 0); start += HOP) {
    window.fill(0);
    for (let i = 0; i < WINDOW && start + i < samples; i++) window[i] = pcm.readInt16LE((start + i) * 2) / 32768;
    const mfcc = Meyda.extract('mfcc', window);
    const out = new Float32Array(COEFFICIENTS);
    if (Array.isArray(mfcc)) for (let k = 0; k < COEFFICIENTS; k++) out[k] = Number.isFinite(mfcc[k]) ? (mfcc[k] ?? 0) : 0;
    frames.push(out);
  }
  if (frames.length === 0) return frames;
  const mean = new Float32Array(COEFFICIENTS);
  for (const f of frames) for (let k = 0; k < COEFFICIENTS; k++) mean[k] = (mean[k] ?? 0) + (f[k] ?? 0) / frames.length;
  for (const f of frames) for (let k = 0; k < COEFFICIENTS; k++) f[k] = (f[k] ?? 0) - (mean[k] ?? 0);
  return frames;
}

function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/**
 * For each frame of `ref`, the last frame of `target` the cheapest warping path
 * pairs it with (steps right, down and diagonal; both ends pinned). The last, because
 * a pause the other voice makes before a word is paired with that word's first
 * frame, and the word starts where the pause ends. Null when the clips are too long
 * to align.
 */
export function warpingPath(ref: readonly Float32Array[], target: readonly Float32Array[]): Int32Array | null {
  const n = ref.length;
  const m = target.length;
  if (n === 0 || m === 0 || n * m > MAX_CELLS) return null;
  const cost = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const r = ref[i] ?? new Float32Array(COEFFICIENTS);
    for (let j = 0; j < m; j++) {
      const d = distance(r, target[j] ?? r);
      const up = i > 0 ? (cost[(i - 1) * m + j] ?? Infinity) : Infinity;
      const left = j > 0 ? (cost[i * m + j - 1] ?? Infinity) : Infinity;
      const diag = i > 0 && j > 0 ? (cost[(i - 1) * m + j - 1] ?? Infinity) : Infinity;
      const best = i === 0 && j === 0 ? 0 : Math.min(up, left, diag);
      cost[i * m + j] = d + best;
    }
  }
  // Walk back from the end: the first target frame met on each reference frame is its last on the path.
  const last = new Int32Array(n).fill(-1);
  let i = n - 1;
  let j = m - 1;
  for (;;) {
    if (last[i] === -1) last[i] = j;
    if (i === 0 && j === 0) break;
    const up = i > 0 ? (cost[(i - 1) * m + j] ?? Infinity) : Infinity;
    const left = j > 0 ? (cost[i * m + j - 1] ?? Infinity) : Infinity;
    const diag = i > 0 && j > 0 ? (cost[(i - 1) * m + j - 1] ?? Infinity) : Infinity;
    if (diag <= up && diag <= left) {
      i--;
      j--;
    } else if (left <= up) j--;
    else i--;
  }
  return last;
}

/**
 * The word starts of `ref` (spoken by the offline narrator, with its word times)
 * carried onto `target` (the same sentence from another voice). Null when the
 * clips cannot be aligned; the caller then shares the sentence by voiced length.
 */
export function alignWords(ref: { pcm: Buffer; words: readonly WordStart[] }, target: Buffer): WordStart[] | null {
  const path = warpingPath(mfccFrames(ref.pcm), mfccFrames(target));
  if (!path) return null;
  const targetSec = Math.floor(target.length / 2) / NARRATION_SAMPLE_RATE;
  let previous = 0;
  return ref.words.map((w) => {
    const frame = Math.min(path.length - 1, Math.max(0, Math.round(w.at / HOP_SEC)));
    // Never earlier than the word before: the path is monotonic, rounding is not.
    previous = Math.min(targetSec, Math.max(previous, (path[frame] ?? 0) * HOP_SEC));
    return { char: w.char, at: Math.round(previous * 1000) / 1000 };
  });
}
