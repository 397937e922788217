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
 * made-up histograms), in a few milliseconds.
 */
import type SharpModule from 'sharp';

type Sharp = typeof SharpModule;

/** The percentiles sharp's normalize() stretches between (its defaults). */
const LOWER_PERCENT = 1;
const UPPER_PERCENT = 99;
/**
 * Each pile of the calibration image (see `calibrationImage`): large enough that the
 * single pixels of up to 256 levels stay under the lower percentile however many
 * lightness bins the page spans (at 99 bins, under 1/98 of the pixels).
 */
const CALIBRATION_PILE = 13_000;

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
    // L, a, b as 32-bit floats: L is the first of each 12 bytes.
    return Int32Array.from({ length: 256 }, (_, v) => Math.min(65535, Math.max(0, Math.trunc(lab.readFloatLE(12 * v)))));
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
 * of the total, so a few sizes are tried); null if none has. Its pixels are in order of
 * grey level, the piles after.
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
    const image = Buffer.alloc(levels.length + 2 * CALIBRATION_PILE + extra, high);
    Buffer.from(levels).copy(image);
    image.fill(low, levels.length, levels.length + CALIBRATION_PILE);
    return image;
  }
  return null;
}

/** Pixels of an 8-bit grey image counted by level. */
export function greyHistogram(pixels: Uint8Array): Uint32Array {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < pixels.length; i++) histogram[pixels[i]!]! += 1;
  return histogram;
}

/**
 * Tables already asked of sharp, by the pair of percentiles they stretch between (the
 * table is a function of a level and that pair alone): what each level maps to, and
 * which levels that is known for. Scanned pages stretch between a handful of pairs
 * (the upper one is nearly always the paper), and each sharp call cost ~20 ms.
 */
const knownTables = new Map<string, { table: Uint8Array; known: Uint8Array }>();
/** Pairs remembered at most (each 512 bytes); the oldest is forgotten first. */
const KNOWN_TABLES_MAX = 256;

/**
 * What sharp's `normalize()` does to each grey level of a page with this histogram
 * (see the module comment); levels the page does not use map to whatever an earlier
 * page with the same percentiles needed, or 0. Where no calibration image has the
 * page's percentiles, sharp normalizes an image of the page's own histogram (its pixels
 * sorted, `width` to a row: the same percentiles by construction); `calibrate: false`
 * takes that way at once and remembers nothing (the tests compare both ways).
 */
export async function normalizeTable(sharp: Sharp, histogram: Uint32Array, width: number, calibrate = true): Promise<Uint8Array> {
  if (!histogram.some((n) => n > 0)) return Uint8Array.from({ length: 256 }, (_, v) => v); // no pixels, nothing to stretch
  const binOf = await greyLightnessBins(sharp);
  const target = percentiles(histogram, binOf);
  const key = target.join(',');
  const known = calibrate ? knownTables.get(key) : undefined;
  if (known && histogram.every((n, v) => n === 0 || known.known[v] === 1)) return known.table.slice();
  let calibration = calibrate ? calibrationImage(histogram, binOf, target) : null;
  // Where level v's first pixel is, given it is the k-th level used.
  let at = (_v: number, k: number): number => k;
  let rowLength = calibration?.length ?? width;
  const remember = calibration !== null;
  if (!calibration) {
    calibration = Buffer.alloc(histogram.reduce((a, b) => a + b, 0));
    const starts = new Uint32Array(256);
    for (let v = 0, offset = 0; v < 256; offset += histogram[v]!, v++) {
      starts[v] = offset;
      calibration.fill(v, offset, offset + histogram[v]!);
    }
    at = (v) => starts[v]!;
    rowLength = width;
  }
  const mapped = await sharp(calibration, { raw: { width: rowLength, height: calibration.length / rowLength, channels: 1 } }).normalize().grayscale().raw().toBuffer();
  // Added to the remembered table of these percentiles, if there is one.
  const entry = known ?? { table: new Uint8Array(256), known: new Uint8Array(256) };
  for (let v = 0, k = 0; v < 256; v++) {
    if (histogram[v]! === 0) continue;
    entry.table[v] = mapped[at(v, k++)]!;
    entry.known[v] = 1;
  }
  if (remember && !known) {
    if (knownTables.size >= KNOWN_TABLES_MAX) knownTables.delete(knownTables.keys().next().value!);
    knownTables.set(key, entry);
  }
  return entry.table.slice();
}

/**
 * The grey page as sharp's `normalize()` leaves it (a new buffer; see the module
 * comment). `grey` is one byte per pixel, `width` to a row.
 */
export async function normalizeGrey(sharp: Sharp, grey: Uint8Array, width: number): Promise<Buffer> {
  const table = await normalizeTable(sharp, greyHistogram(grey), width);
  const out = Buffer.allocUnsafe(grey.length);
  for (let i = 0; i < grey.length; i++) out[i] = table[grey[i]!]!;
  return out;
}
