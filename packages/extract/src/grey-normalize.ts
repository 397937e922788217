/**
 * sharp's `normalize()` for a grey page, computed from the page's histogram.
 *
 * sharp converts the page to LAB, takes two percentiles of its lightness (libvips
 * `percent`, 1 and 99), stretches lightness between them and converts back. That took
 * ~140 ms on a 1600 × 1400 scan, and preprocessing does it twice a page. On grey pixels
 * the whole operation is one function of the grey level once the two percentiles are
 * known. So:
 *  - the percentiles are computed here from the page's histogram, step by step as
 *    libvips computes them;
 *  - sharp normalizes a small calibration image that holds every grey level of the page
 *    and gives the same two percentiles;
 *  - its output is the page's lookup table.
 * The bytes are the same as sharp's (preprocess.test.ts compares them on pages and on
 * made-up histograms), in a few milliseconds. Where no calibration image gives the same
 * percentiles, sharp normalizes the page itself.
 */
import type SharpModule from 'sharp';

type Sharp = typeof SharpModule;

/** The percentiles sharp's normalize() stretches between (its defaults). */
const LOWER_PERCENT = 1;
const UPPER_PERCENT = 99;
/** Pixels of the calibration image beyond one of each grey level (see `calibrationImage`). */
const CALIBRATION_PILE = 30_000;

let lightnessBins: Promise<Int32Array> | null = null;

/**
 * The lightness bin of each grey level: LAB lightness (0–100) as libvips computes it
 * from a grey pixel, cast to an integer as its histogram does (truncated). Asked of
 * sharp once per process, so it is the same arithmetic as in normalize().
 */
function greyLightnessBins(sharp: Sharp): Promise<Int32Array> {
  lightnessBins ??= (async () => {
    const ramp = Buffer.from(Array.from({ length: 256 }, (_, v) => v));
    const lab = await sharp(ramp, { raw: { width: 256, height: 1, channels: 1 } }).toColourspace('lab').raw({ depth: 'float' }).toBuffer();
    const values = new Float32Array(lab.buffer, lab.byteOffset, lab.byteLength / 4);
    return Int32Array.from({ length: 256 }, (_, v) => Math.min(65535, Math.max(0, Math.trunc(values[3 * v]!))));
  })();
  lightnessBins.catch(() => {
    lightnessBins = null;
  });
  return lightnessBins;
}

/**
 * libvips `percent(p)` of a histogram of lightness bins: the histogram runs up to its
 * highest bin used (`size` bins); its running total is scaled by (size − 1) / total in
 * single precision and truncated (hist_norm); the answer is the first bin where that
 * exceeds p / 100 × size, or `size` when none does.
 */
export function lightnessPercentile(bins: Float64Array, percent: number): number {
  let size = bins.length;
  while (size > 1 && bins[size - 1] === 0) size--;
  let total = 0;
  for (let b = 0; b < size; b++) total += bins[b]!;
  const scale = Math.fround((size - 1) / total);
  const limit = (percent / 100) * size;
  let running = 0;
  for (let b = 0; b < size; b++) {
    running += bins[b]!;
    if (Math.min(255, Math.trunc(Math.fround(scale * Math.fround(running)))) > limit) return b;
  }
  return size;
}

function percentiles(histogram: ArrayLike<number>, binOf: Int32Array): [number, number] {
  const bins = new Float64Array(binOf[255]! + 1);
  for (let v = 0; v < 256; v++) bins[binOf[v]!]! += histogram[v]!;
  return [lightnessPercentile(bins, LOWER_PERCENT), lightnessPercentile(bins, UPPER_PERCENT)];
}

/**
 * A small image with one pixel of each grey level the page uses, then piles of its
 * darkest level in the lower percentile's bin and of its lightest level, sized so that
 * it has the page's two percentiles (the upper one depends on single-precision rounding
 * of the total, so a few sizes are tried); null if none has.
 */
function calibrationImage(histogram: ArrayLike<number>, binOf: Int32Array, target: [number, number]): Buffer | null {
  const levels = Array.from({ length: 256 }, (_, v) => v).filter((v) => histogram[v]! > 0);
  const low = levels.find((v) => binOf[v] === target[0]) ?? levels[0]!;
  const high = levels[levels.length - 1]!;
  for (let extra = 0; extra < 64; extra++) {
    const counts = new Float64Array(256);
    for (const v of levels) counts[v] = 1;
    counts[low]! += CALIBRATION_PILE;
    counts[high]! += CALIBRATION_PILE + extra;
    const [lo, hi] = percentiles(counts, binOf);
    if (lo !== target[0] || hi !== target[1]) continue;
    const pixels: number[] = [...levels];
    for (let n = 0; n < CALIBRATION_PILE; n++) pixels.push(low);
    for (let n = 0; n < CALIBRATION_PILE + extra; n++) pixels.push(high);
    return Buffer.from(pixels);
  }
  return null;
}

/**
 * The grey page as sharp's `normalize()` leaves it (a new buffer; see the module
 * comment). `grey` is one byte per pixel, `width` × `height`.
 */
export async function normalizeGrey(sharp: Sharp, grey: Uint8Array, width: number, height: number): Promise<Buffer> {
  const histogram = new Float64Array(256);
  for (let i = 0; i < grey.length; i++) histogram[grey[i]!]! += 1;
  const binOf = await greyLightnessBins(sharp);
  const target = percentiles(histogram, binOf);
  const calibration = calibrationImage(histogram, binOf, target);
  if (!calibration) {
    return sharp(grey, { raw: { width, height, channels: 1 } }).normalize().grayscale().raw().toBuffer();
  }
  const mapped = await sharp(calibration, { raw: { width: calibration.length, height: 1, channels: 1 } }).normalize().grayscale().raw().toBuffer();
  const table = new Uint8Array(256);
  let k = 0;
  for (let v = 0; v < 256; v++) if (histogram[v]! > 0) table[v] = mapped[k++]!;
  const out = Buffer.allocUnsafe(grey.length);
  for (let i = 0; i < grey.length; i++) out[i] = table[grey[i]!]!;
  return out;
}
