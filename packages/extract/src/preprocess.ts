/**
 * Image preprocessing before OCR, with sharp. Each step can be switched off so the
 * benchmark can measure what it is worth (bench/ingest-extraction.ts); the defaults
 * are the steps that measured as helping on the corpus — see DEFAULT_STEPS.
 */
import type SharpModule from 'sharp';
import { ExtractionError } from './errors.js';
import { greyHistogram, normalizeGrey, normalizeTable } from './grey-normalize.js';
import type { GreyImage } from './types.js';

export interface PreprocessSteps {
  /** Drop colour: coloured table backgrounds and category badges confuse binarisation less. */
  grayscale: boolean;
  /** Stretch contrast to the full range (faded scans, grey photos). */
  normalize: boolean;
  /** Enlarge images whose text is small (long side under `upscaleBelow` px) 2× — tesseract wants ~30 px capitals. */
  upscale: boolean;
  /** 3×3 median filter against salt-and-pepper scan noise. */
  median: boolean;
  /** Unsharp mask. */
  sharpen: boolean;
  /** Fixed global threshold to black and white (tesseract otherwise binarises itself). */
  threshold: boolean;
  /** Let tesseract detect and undo a small rotation (`rotateAuto`). */
  deskew: boolean;
  /** Even out uneven light (a phone photo's shadow, a scan's dark edge): divide by the blurred background. */
  flatten: boolean;
  /** Erase isolated specks a few pixels wide (see `despeckle`). */
  despeckle: boolean;
}

/**
 * Chosen by measurement on the generated corpus (`node --import tsx
 * bench/ingest-extraction.ts` prints the comparison; field accuracy on the 16 OCR'd
 * documents, one step changed from these defaults): the 3×3 median — applied
 * before any enlarging — matters most (without it 55.6 %), then tesseract's deskew
 * (without 72.6 %) and normalize (without 74.4 %). Upscaling 2× the 900–1300 px
 * corpus images (59.0 %), sharpening (67.5 %) and a fixed threshold (52.1 %) hurt;
 * grayscale did not help (79.5 % without it vs 76.9 % with), so all four are off.
 * Nothing at all: 61.5 %. `flatten` (dividing by the blurred background, for
 * phone photos and scans with uneven light) was added later: on the agency corpus
 * its OCR'd documents read better with it (scans and photos that read nothing
 * without it, such as the SINCA scan and the SENAMHI photo, read fully with it).
 * `despeckle` (erasing isolated dust, only on pages with SPECKLED_PAGE specks or
 * more) took the speckled synthetic documents from 91 to 93 of 117 fields and left
 * the agency corpus as it was.
 */
export const DEFAULT_STEPS: PreprocessSteps = {
  grayscale: false,
  normalize: true,
  upscale: false,
  median: true,
  sharpen: false,
  threshold: false,
  deskew: true,
  flatten: true,
  despeckle: true,
};

/**
 * The steps changed for a second reading of a document whose OCR'd pages gave no
 * concentration with DEFAULT_STEPS (extractBulletin keeps it only if it finds one).
 * OCR of small, noisy text is on a knife edge: on the agency corpus each single
 * change to the defaults read some documents better and others worse (without
 * deskew photos 11 → 14 of 32 fields, PNGs unchanged; upscaled, PNGs 9 → 14 and
 * photos 11 → 8), so the defaults stay and these are tried only where they found nothing.
 */
export const RETRY_STEPS: Partial<PreprocessSteps> = { deskew: false, upscale: true };

/**
 * A scanned page whose OCR'd text is mostly under SMALL_TEXT_PX high, or an image
 * whose text is under IMAGE_TEXT_PX, is read again twice as large and the more
 * confident reading is kept (extractBulletin). On the agency corpus the PNGs' text is
 * 10–15 px and the photos' 18–42 px: enlarged, decimal points stop vanishing
 * ("33.9" → "339"), small numbers stop turning into letters, and the mean word
 * confidence rises on all but one of them (0.61–0.94 → 0.82–0.95); with the more
 * confident reading kept, the PNGs and photos went from 29 to 43 of 69 fields right.
 * Scanned pages: on the scan variants of both corpora (score-variants.ts '^scan-', 131
 * pages read twice) the enlarged reading gave more values on 33 of 65 pages whose text
 * OCR measured at 10–13 px and 13 of 37 at 14 px, but on 3 of 29 at 15 px (7 gave
 * fewer, among them both of the agency corpus's scans read twice), so a 15 px page
 * is read once: that second reading was more than half of its time.
 */
export const SMALL_TEXT_PX = 15;
export const IMAGE_TEXT_PX = 48;
/**
 * Text this small by `characterHeight` (which measures characters, not words) is
 * read enlarged straight away, without a first reading at the page's own size. On the
 * agency corpus's PNGs the estimate came within 0–5 px of the word height OCR then
 * reported (9–11 px for 10–15 px words), and each of them read better enlarged. On
 * photos, whose noise breaks strokes, it measured 13–18 px for words of 18–42 px;
 * and a scan whose characters measured 15 px read better at its own size — those are
 * still read first and compared (0 turns the estimate off).
 */
export const SMALL_TEXT_ESTIMATE_PX = 0;
export const IMAGE_TEXT_ESTIMATE_PX = 12;

export const UPSCALE_BELOW = 1600;
/** How much `upscale` enlarges (1.5× measured no better than 2×). */
export const UPSCALE_FACTOR = 2;
/**
 * An enlarged page is never more pixels than this: tesseract's memory grows with
 * the image and never shrinks, and a 3200 px scan took the OCR worker 90 MB more
 * than the same page at 1600 px.
 */
export const ENLARGED_MAX_PIXELS = 6_000_000;

export type ImageInput = Uint8Array | { data: Buffer; width: number; height: number; channels: 4 };

/** A page ready for OCR, and what preparing it measured. */
export interface PreparedImage {
  /** The page's grey pixels, as OCR reads them (raw: encoding and decoding a PNG cost ~150 ms a page). */
  grey: GreyImage;
  /**
   * The page's light is uneven (a phone photo's shadow): its blurred background
   * spans more than UNEVEN_LIGHT_SPREAD grey levels. Tesseract then binarises
   * locally (Sauvola) instead of with one global threshold.
   */
  unevenLight: boolean;
  /**
   * The median height of the page's characters in pixels (0: none found), measured
   * on its pixels before any OCR (see `characterHeight`): reading a page just to
   * learn that its text is too small to read well cost a whole recognition.
   */
  characterHeight: number;
  /**
   * A row of the page, in a band with no text across it, with about as many characters
   * above as below (see `textSplitRow`), or null: OCR can read the two parts side by
   * side on two workers.
   */
  splitRow: number | null;
}

/**
 * Between the 5th and 95th percentile of the blurred background. On the agency corpus
 * the photos spanned 64–100 levels, the PNGs and scans 20–41: a global threshold
 * blackened the shadowed part of a photo (Hong Kong's read nothing at all), while
 * local binarisation read the photos better (20 → 27 of 32 fields) and the clean
 * PNGs and scans worse (64 → 48 of 67) — so it is chosen per page.
 */
export const UNEVEN_LIGHT_SPREAD = 50;

/**
 * Prepare an image for OCR: auto-orient from EXIF (phone photos), flatten alpha on
 * white, then the chosen steps; returns the grey page with what was learnt on the way
 * (uneven light, character height). `maxPixels` also bounds the decoder (sharp's
 * limitInputPixels) and the upscaled output.
 */
export async function preprocessImage(input: ImageInput, steps: PreprocessSteps, maxPixels: number, enlarge = false): Promise<PreparedImage> {
  const { default: sharp } = await import('sharp');
  // libvips keeps recent operations' pixels (up to 50 MB by default) for reuse; every
  // page here is new, so that cache only held memory through the upload.
  sharp.cache(false);
  // Raw pixels are checked here; an encoded image by sharp's limitInputPixels, whose error is caught below.
  const tooLarge = (cause?: unknown): ExtractionError => new ExtractionError('too_many_pixels', `the image is larger than the limit of ${maxPixels} pixels`, { cause });
  try {
    if (!(input instanceof Uint8Array) && input.width * input.height > maxPixels) throw tooLarge();
    // A page rendered from a scanned PDF is usually grey: its grey pixels are taken
    // straight from the RGBA (sharp's grayscale gives the same bytes for them, in three
    // times the time); a coloured one goes through sharp like an image file.
    const rendered = input instanceof Uint8Array ? null : greyChannel(input);
    let img = input instanceof Uint8Array
      ? sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      : sharp(rendered ?? input.data, { raw: { width: input.width, height: input.height, channels: rendered ? 1 : input.channels }, limitInputPixels: maxPixels });
    if (!rendered) img = img.rotate().flatten({ background: '#ffffff' });
    let width = 0;
    let height = 0;
    if (input instanceof Uint8Array) {
      const meta = await img.metadata();
      width = meta.autoOrient?.width ?? meta.width ?? 0;
      height = meta.autoOrient?.height ?? meta.height ?? 0;
    } else {
      ({ width, height } = input);
    }
    let unevenLight = false;
    let stretch = false;
    // The page's grey pixels once they are in hand (`img` stands for them until then).
    let pixels: Buffer | null = null;
    if (steps.flatten) {
      pixels = rendered ?? (await img.clone().grayscale().raw().toBuffer());
      ({ pixels, unevenLight } = flattenLight(pixels, await blurredBackground(sharp, pixels, width, height)));
      // Stretched now if sharp's normalize() would darken the paper (see `stretchOrNot`),
      // else later, where sharp's own pipeline order put it.
      if (steps.normalize) ({ pixels, stretch } = await stretchOrNot(sharp, pixels, width));
    } else {
      if (steps.grayscale) img = img.grayscale();
      stretch = steps.normalize;
    }
    // sharp applies a pipeline's operations in its own order — resize, then the median,
    // then the stretch — and the stretch needs the whole image first, so in one pipeline
    // the enlarged, filtered page was computed twice. It is computed once here, in that
    // same order (on an enlarged page the median keeps small text's 2–4 px strokes, and
    // the stretch blackens what it greyed), and stretched after.
    // `enlarge`: the first reading found small text (SMALL_TEXT_PX), whatever the image's size.
    let factor = 1;
    if (enlarge || (steps.upscale && Math.max(width, height) < UPSCALE_BELOW)) {
      factor = Math.min(UPSCALE_FACTOR, Math.sqrt(Math.min(maxPixels, ENLARGED_MAX_PIXELS) / Math.max(1, width * height)));
    }
    let grey: Buffer;
    if (pixels && factor <= 1.05) {
      // The same bytes as sharp's median(3), in about half the time (preprocess.test.ts compares them).
      grey = steps.median ? median3(pixels, width, height) : pixels;
    } else {
      if (pixels) img = sharp(pixels, { raw: { width, height, channels: 1 } });
      if (factor > 1.05) {
        width = Math.round(width * factor);
        height = Math.round(height * factor);
        img = img.resize(width, height, { kernel: 'lanczos3' });
      }
      if (steps.median) img = img.median(3);
      grey = await img.grayscale().raw().toBuffer();
    }
    if (steps.sharpen || steps.threshold) {
      let out = sharp(grey, { raw: { width, height, channels: 1 } });
      if (steps.sharpen) out = out.sharpen();
      if (steps.threshold) out = out.threshold(150);
      grey = await out.grayscale().raw().toBuffer();
    }
    // Stretched last, where sharp's own pipeline order put its normalize().
    if (stretch) grey = await normalizeGrey(sharp, grey, width);
    const inspected = await inspectInk(sharp, grey, width, height, steps.despeckle, steps.deskew && !unevenLight);
    // An unevenly lit page (a phone photo) is read whole: its lines bow with the paper, and
    // read in two parts the agency corpus's photos lost 9 of 11 fields on two of them.
    return { ...inspected, splitRow: unevenLight ? null : inspected.splitRow, unevenLight };
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    const msg = (err instanceof Error ? err.message : String(err));
    if (/pixel limit/i.test(msg)) throw tooLarge(err);
    throw new ExtractionError('corrupt_file', `the image cannot be decoded (${msg})`, { cause: err });
  }
}

/**
 * The one channel of an RGBA page whose pixels are all opaque grey (R = G = B), as
 * pdf.js renders a grey scan onto white; null if any pixel has colour or transparency.
 */
export function greyChannel(input: { data: Uint8Array; width: number; height: number; channels: 4 }): Buffer | null {
  const { data } = input;
  const n = input.width * input.height;
  const grey = Buffer.allocUnsafe(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const r = data[j]!;
    if (r !== data[j + 1] || r !== data[j + 2] || data[j + 3] !== 255) return null;
    grey[i] = r;
  }
  return grey;
}

/** The page's background: a blur wide enough that the text in it barely darkens it. */
function blurredBackground(sharp: typeof SharpModule, grey: Buffer, width: number, height: number): Promise<Buffer> {
  const sigma = Math.max(8, Math.round(Math.max(width, height) / 60));
  return sharp(grey, { raw: { width, height, channels: 1 } }).blur(sigma).grayscale().raw().toBuffer();
}

/** Each grey level divided by each background level, scaled to paper at 245 (see `flattenLight`): [grey << 8 | background]. */
let divisionTable: Uint8Array | null = null;
function divided(): Uint8Array {
  if (!divisionTable) {
    divisionTable = new Uint8Array(256 * 256);
    for (let v = 0; v < 256; v++) for (let b = 0; b < 256; b++) divisionTable[(v << 8) | b] = Math.min(255, Math.round((v / Math.max(16, b)) * 245));
  }
  return divisionTable;
}

/**
 * Grey pixels with their light evened out: on an evenly lit page each pixel is divided
 * by its neighbourhood's background (`bg`, a wide blur), so faint patches and edges have
 * the same contrast as the rest; an unevenly lit one is flagged for local thresholding
 * instead and left as it is.
 */
function flattenLight(grey: Buffer, bg: Buffer): { pixels: Buffer; unevenLight: boolean } {
  const unevenLight = backgroundSpread(bg) > UNEVEN_LIGHT_SPREAD;
  // Unevenly lit pages (photos) are binarised by Sauvola, a threshold per neighbourhood,
  // which does this division's work itself; dividing first faded the decimal points of
  // small text into the paper (the Hong Kong photo read "339" for 33.9 with it, 33.9
  // without; agency photos 27 → 29 of 32 fields, PNGs and scans are not uneven).
  if (unevenLight) return { pixels: grey, unevenLight };
  const table = divided();
  const out = Buffer.allocUnsafe(grey.length);
  for (let i = 0; i < grey.length; i++) out[i] = table[(grey[i]! << 8) | bg[i]!]!;
  return { pixels: out, unevenLight };
}

/**
 * sharp's normalize() stretches between percentiles of lightness; on a page of a few
 * lines on white both are paper, and it turned the paper dark grey and the text
 * unreadable. So it is left for later (`stretch: true`: preprocessImage applies it where
 * sharp's pipeline order put it) unless it darkens the paper; then `contrastRange`
 * stretches here.
 */
async function stretchOrNot(sharp: typeof SharpModule, grey: Buffer, width: number): Promise<{ pixels: Buffer; stretch: boolean }> {
  const histogram = greyHistogram(grey);
  const table = await normalizeTable(sharp, histogram, width);
  const normalized = new Uint32Array(256);
  for (let v = 0; v < 256; v++) normalized[table[v]!]! += histogram[v]!;
  if (paperLevel(normalized) >= paperLevel(histogram) - INK_CONTRAST) return { pixels: grey, stretch: true };
  const [lo, hi] = contrastRange(histogram);
  if (hi > lo) {
    const lut = Uint8Array.from({ length: 256 }, (_, v) => Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo)))));
    for (let i = 0; i < grey.length; i++) grey[i] = lut[grey[i]!]!;
  }
  return { pixels: grey, stretch: false };
}

/**
 * A 3×3 median filter, edges extended by copying (as libvips' rank filter does): each
 * column of three sorted once, then the median of nine is the median of the largest
 * low, the median middle and the smallest high of three neighbouring columns.
 */
export function median3(src: Uint8Array, width: number, height: number): Buffer {
  const out = Buffer.allocUnsafe(width * height);
  // Sorted columns with one copied column at each end.
  const lo = new Uint8Array(width + 2);
  const mid = new Uint8Array(width + 2);
  const hi = new Uint8Array(width + 2);
  for (let y = 0; y < height; y++) {
    const above = (y > 0 ? y - 1 : 0) * width;
    const row = y * width;
    const below = (y < height - 1 ? y + 1 : height - 1) * width;
    for (let x = 0; x < width; x++) {
      const p = src[above + x]!;
      const q = src[row + x]!;
      const r = src[below + x]!;
      const min = p < q ? p : q;
      const max = p < q ? q : p;
      lo[x + 1] = r < min ? r : min;
      mid[x + 1] = r < min ? min : r > max ? max : r;
      hi[x + 1] = r > max ? r : max;
    }
    lo[0] = lo[1]!;
    mid[0] = mid[1]!;
    hi[0] = hi[1]!;
    lo[width + 1] = lo[width]!;
    mid[width + 1] = mid[width]!;
    hi[width + 1] = hi[width]!;
    for (let x = 0; x < width; x++) {
      const a = max3(lo[x]!, lo[x + 1]!, lo[x + 2]!);
      const b = median3of(mid[x]!, mid[x + 1]!, mid[x + 2]!);
      const c = min3(hi[x]!, hi[x + 1]!, hi[x + 2]!);
      out[row + x] = median3of(a, b, c);
    }
  }
  return out;
}

const max3 = (a: number, b: number, c: number): number => (a > b ? (a > c ? a : c) : b > c ? b : c);
const min3 = (a: number, b: number, c: number): number => (a < b ? (a < c ? a : c) : b < c ? b : c);
const median3of = (a: number, b: number, c: number): number => (a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b);

/** How much the blurred background varies over the page: 5th to 95th percentile. */
function backgroundSpread(bg: Buffer): number {
  const sample: number[] = [];
  for (let i = 0; i < bg.length; i += 97) sample.push(bg[i]!);
  sample.sort((a, b) => a - b);
  return (sample[Math.floor(0.95 * (sample.length - 1))] ?? 0) - (sample[Math.floor(0.05 * (sample.length - 1))] ?? 0);
}

/** The median grey level of a histogram (the paper, on a page that is mostly paper). */
function paperLevel(histogram: Uint32Array): number {
  const half = histogram.reduce((a, b) => a + b, 0) / 2;
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= half) return v;
  return 255;
}

/** Under this many grey levels between the 1st and 99th percentiles, the 1st percentile is paper, not ink. */
const INK_CONTRAST = 64;

/**
 * The grey levels to stretch to black and white where sharp's normalize() darkened
 * the paper: the 1st and 99th percentiles, unless the ink covers under 1 % of the
 * page (a few lines on white) and both are paper; then the ink's own 1st percentile
 * is black. A blank page is left as it is ([0, 255]).
 */
export function contrastRange(histogram: Uint32Array): [number, number] {
  const total = histogram.reduce((a, b) => a + b, 0);
  const percentile = (q: number, below = 256): number => {
    const n = histogram.slice(0, below).reduce((a, b) => a + b, 0);
    let seen = 0;
    for (let v = 0; v < below; v++) {
      seen += histogram[v]!;
      if (seen > q * n) return v;
    }
    return below - 1;
  };
  if (total === 0) return [0, 255];
  const hi = percentile(0.99);
  const lo = percentile(0.01);
  if (hi - lo >= INK_CONTRAST) return [lo, hi];
  const inkBelow = hi - INK_CONTRAST;
  if (inkBelow <= 0 || histogram.slice(0, inkBelow).every((c) => c === 0)) return [0, 255];
  return [percentile(0.01, inkBelow), hi];
}

/** Dark connected components (8-connected) of an 8-bit grey image: bounding boxes and ink areas. */
interface Components {
  count: number;
  top: Int32Array;
  bottom: Int32Array;
  left: Int32Array;
  right: Int32Array;
  area: Int32Array;
}

const DARK = 150;

/** A page of noise: enough runs counted. */
const MAX_RUNS = 4_000_000;

/**
 * Runs of dark pixels row by row, joined to touching runs of the row above by
 * union-find; typed arrays grown by doubling (a 6 MP page has a few hundred
 * thousand runs).
 */
function darkComponents(grey: Uint8Array, width: number, height: number): Components {
  let cap = 1 << 14;
  let parent: Int32Array = new Int32Array(cap);
  let top: Int32Array = new Int32Array(cap);
  let bottom: Int32Array = new Int32Array(cap);
  let left: Int32Array = new Int32Array(cap);
  let right: Int32Array = new Int32Array(cap);
  let area: Int32Array = new Int32Array(cap);
  let n = 0;
  const grow = (): void => {
    cap *= 2;
    const g = (a: Int32Array): Int32Array => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    parent = g(parent);
    top = g(top);
    bottom = g(bottom);
    left = g(left);
    right = g(right);
    area = g(area);
  };
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return;
    parent[rb] = ra;
    if (top[rb]! < top[ra]!) top[ra] = top[rb]!;
    if (bottom[rb]! > bottom[ra]!) bottom[ra] = bottom[rb]!;
    if (left[rb]! < left[ra]!) left[ra] = left[rb]!;
    if (right[rb]! > right[ra]!) right[ra] = right[rb]!;
    area[ra]! += area[rb]!;
  };
  // The runs of the previous and the current row: start, end, id (triples).
  let prev = new Int32Array(3 * (width + 1));
  let cur = new Int32Array(3 * (width + 1));
  let prevCount = 0;
  for (let y = 0; y < height && n < MAX_RUNS; y++) {
    let count = 0;
    const base = y * width;
    for (let x = 0; x < width; x++) {
      if (grey[base + x]! >= DARK) continue;
      const x0 = x;
      while (x + 1 < width && grey[base + x + 1]! < DARK) x++;
      if (n === cap) grow();
      parent[n] = n;
      top[n] = y;
      bottom[n] = y;
      left[n] = x0;
      right[n] = x;
      area[n] = x - x0 + 1;
      cur[3 * count] = x0;
      cur[3 * count + 1] = x;
      cur[3 * count + 2] = n;
      count++;
      n++;
    }
    let j = 0;
    for (let k = 0; k < count; k++) {
      const x0 = cur[3 * k]!;
      const x1 = cur[3 * k + 1]!;
      while (j < prevCount && prev[3 * j + 1]! < x0 - 1) j++;
      for (let i = j; i < prevCount && prev[3 * i]! <= x1 + 1; i++) union(prev[3 * i + 2]!, cur[3 * k + 2]!);
    }
    [prev, cur] = [cur, prev];
    prevCount = count;
  }
  // Roots only, packed.
  let roots = 0;
  for (let i = 0; i < n; i++) if (find(i) === i) roots++;
  const out: Components = { count: roots, top: new Int32Array(roots), bottom: new Int32Array(roots), left: new Int32Array(roots), right: new Int32Array(roots), area: new Int32Array(roots) };
  for (let i = 0, k = 0; i < n; i++) {
    if (parent[i] !== i) continue;
    out.top[k] = top[i]!;
    out.bottom[k] = bottom[i]!;
    out.left[k] = left[i]!;
    out.right[k] = right[i]!;
    out.area[k] = area[i]!;
    k++;
  }
  return out;
}

/** Median character height of an 8-bit grey image (dark ink on light paper), in pixels; 0 if none. */
export function characterHeight(grey: Uint8Array, width: number, height: number): number {
  return medianCharacterHeight(darkComponents(grey, width, height));
}

function medianCharacterHeight(c: Components): number {
  const heights: number[] = [];
  for (let i = 0; i < c.count; i++) {
    const h = c.bottom[i]! - c.top[i]! + 1;
    const w = c.right[i]! - c.left[i]! + 1;
    // A character: not a speck, not a rule, not a table's frame or a photo's shadow.
    if (h >= 5 && h <= 200 && w <= 3 * h && h <= 6 * w + 6) heights.push(h);
  }
  if (heights.length < 10) return 0;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)]!;
}

/** Skew under this is left alone: rows a page wide stay within a character's height. */
export const MIN_SKEW_DEGREES = 0.3;
/** The largest skew looked for, either way: a scan fed askew, a photo held by hand. */
export const MAX_SKEW_DEGREES = 6;

/**
 * The page's skew in degrees (positive: lines fall to the right), from the bottoms of
 * its character-sized components: sheared by each candidate angle, they pile into
 * the fewest, fullest rows at the right one (the sum of squared row counts is
 * largest). 0.25° steps, then 0.025° around the best; 0 with too few characters.
 */
export function skewAngle(c: Components, charH: number, width: number): number {
  if (charH === 0) return 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < c.count; i++) {
    const h = c.bottom[i]! - c.top[i]! + 1;
    const w = c.right[i]! - c.left[i]! + 1;
    if (h < 0.5 * charH || h > 2 * charH || w > 3 * h) continue;
    xs.push((c.left[i]! + c.right[i]!) / 2);
    ys.push(c.bottom[i]!);
  }
  if (xs.length < 30) return 0;
  const bin = Math.max(1, charH / 6);
  const offset = width * Math.tan((MAX_SKEW_DEGREES * Math.PI) / 180) + 1;
  const score = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    const counts = new Map<number, number>();
    for (let k = 0; k < xs.length; k++) {
      const b = Math.floor((ys[k]! - xs[k]! * t + offset) / bin);
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    let sum = 0;
    for (const n of counts.values()) sum += n * n;
    return sum;
  };
  const best = (from: number, to: number, step: number): number => {
    let top = 0;
    let topScore = -1;
    for (let d = from; d <= to + 1e-9; d += step) {
      const s = score(d);
      // Ties go to the smaller angle: a straight page stays as it is.
      if (s > topScore || (s === topScore && Math.abs(d) < Math.abs(top))) [top, topScore] = [d, s];
    }
    return top;
  };
  const coarse = best(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.25);
  return Math.round(best(coarse - 0.25, coarse + 0.25, 0.025) * 1000) / 1000;
}

/** The skew of an 8-bit grey image (dark ink on light paper), in degrees; see `skewAngle`. */
export function pageSkew(grey: Uint8Array, width: number, height: number): number {
  const c = darkComponents(grey, width, height);
  return skewAngle(c, medianCharacterHeight(c), width);
}

/**
 * A page with at least this many specks is re-encoded without them; a clean page
 * (a handful of dots) is left exactly as it was.
 */
export const SPECKLED_PAGE = 100;

/** One labelling of the prepared page's grey pixels: its character height and, if asked, its specks erased; then the grey page OCR reads. */
async function inspectInk(sharp: typeof SharpModule, grey: Buffer, width: number, height: number, erase: boolean, deskew: boolean): Promise<{ grey: GreyImage; characterHeight: number; splitRow: number | null }> {
  let components: Components | null = darkComponents(grey, width, height);
  let charH = medianCharacterHeight(components);
  const angle = deskew ? skewAngle(components, charH, width) : 0;
  if (Math.abs(angle) >= MIN_SKEW_DEGREES) {
    // Straightened here, where the page's characters are already measured: a table's rows
    // then stay rows from edge to edge (at 2–3° a row's last columns drift into the next).
    // Cut back to the page's own size (only the margins' corners fall outside): a larger
    // image would grow the OCR worker's heap, which never shrinks.
    components = null;
    const turned = await sharp(grey, { raw: { width, height, channels: 1 } }).rotate(-angle, { background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
    const { width: turnedW, height: turnedH } = turned.info;
    grey = await sharp(turned.data, { raw: { width: turnedW, height: turnedH, channels: 1 } })
      .extract({ left: Math.floor((turnedW - width) / 2), top: Math.floor((turnedH - height) / 2), width: Math.min(width, turnedW), height: Math.min(height, turnedH) })
      .grayscale() // else sharp writes a one-channel raw image back as three
      .raw()
      .toBuffer();
    width = Math.min(width, turnedW);
    height = Math.min(height, turnedH);
    components = darkComponents(grey, width, height);
    charH = medianCharacterHeight(components);
  }
  const erased = erase ? eraseSpecks(grey, width, height, components, charH, SPECKLED_PAGE) : [];
  // The split is looked for among the page's components as OCR will see them: specks erased.
  const splitRow = textSplitRow(components, charH, height, erased);
  return { grey: { data: grey, width, height }, characterHeight: charH, splitRow };
}

/** Each part of a split page holds at least this share of its characters. */
export const SPLIT_MIN_SHARE = 0.3;
/** A page with fewer characters than this is read whole: two workers would gain little. */
export const SPLIT_MIN_CHARACTERS = 200;

/**
 * The middle of the band free of text that best halves the page's characters, or null
 * when no band leaves at least SPLIT_MIN_SHARE of them on each side. Ink taller than
 * four characters (a table's vertical rules and frame, a logo) may be cut: OCR reads
 * none of it as text. Everything else — characters, their dots and commas, horizontal
 * rules — must lie wholly on one side, so no line of text is cut.
 */
export function textSplitRow(c: Components, charH: number, height: number, erased: number[] = []): number | null {
  if (charH === 0) return null;
  const covered = new Uint8Array(height + 1);
  const gone = new Set(erased);
  let total = 0;
  const charBottoms: number[] = [];
  for (let i = 0; i < c.count; i++) {
    if (gone.has(i)) continue;
    const h = c.bottom[i]! - c.top[i]! + 1;
    const w = c.right[i]! - c.left[i]! + 1;
    if (h > 4 * charH) continue;
    covered.fill(1, c.top[i]!, c.bottom[i]! + 1);
    if (h >= 0.5 * charH && h <= 2 * charH && w <= 3 * h) {
      total += 1;
      charBottoms.push(c.bottom[i]!);
    }
  }
  if (total < SPLIT_MIN_CHARACTERS) return null;
  charBottoms.sort((a, b) => a - b);
  let best: number | null = null;
  let bestImbalance = Infinity;
  let above = 0;
  for (let y = 0; y < height; y++) {
    if (covered[y]) continue;
    const start = y;
    while (y < height && !covered[y]) y++;
    // A band of at least two blank rows, with text on both sides.
    if (y - start < 2 || start === 0 || y >= height) continue;
    while (above < charBottoms.length && charBottoms[above]! < start) above++;
    const imbalance = Math.abs(total - 2 * above);
    if (Math.min(above, total - above) >= SPLIT_MIN_SHARE * total && imbalance < bestImbalance) {
      bestImbalance = imbalance;
      best = Math.floor((start + y) / 2);
    }
  }
  return best;
}

/**
 * Erase specks in place: dark components of a few pixels with no other ink within
 * 0.6 character heights. A decimal point, a comma or an i's dot has its digit or stem
 * closer than that; dust and salt-and-pepper noise on a scan stand alone, and OCR
 * reads them as stray punctuation that splits words and numbers. Returns how many
 * were erased.
 */
export function despeckle(grey: Uint8Array, width: number, height: number): number {
  const c = darkComponents(grey, width, height);
  return eraseSpecks(grey, width, height, c, medianCharacterHeight(c)).length;
}

/** Erase the specks (see `despeckle`) when there are at least `minimum` of them; returns those erased (none under `minimum`). */
function eraseSpecks(grey: Uint8Array, width: number, height: number, c: Components, charH: number, minimum = 0): number[] {
  const specks = findSpecks(grey, width, height, c, charH);
  if (specks.length < minimum) return [];
  for (const i of specks) for (let y = c.top[i]!; y <= c.bottom[i]!; y++) for (let x = c.left[i]!; x <= c.right[i]!; x++) grey[y * width + x] = 255;
  return specks;
}

/** The components that are isolated specks: a few pixels, no other ink within 0.6 character heights. */
function findSpecks(grey: Uint8Array, width: number, height: number, c: Components, charH: number): number[] {
  if (charH === 0) return [];
  const maxSide = Math.max(2, Math.round(charH / 4));
  const reach = Math.max(3, Math.round(0.6 * charH));
  // Summed-area table of ink: the ink in any box in four look-ups.
  const W = width + 1;
  const sat = new Int32Array(W * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    for (let x = 0; x < width; x++) {
      rowSum += grey[y * width + x]! < DARK ? 1 : 0;
      sat[(y + 1) * W + x + 1] = sat[y * W + x + 1]! + rowSum;
    }
  }
  const ink = (x0: number, y0: number, x1: number, y1: number): number => {
    const a = Math.max(0, x0);
    const b = Math.max(0, y0);
    const cx = Math.min(width, x1 + 1);
    const cy = Math.min(height, y1 + 1);
    return sat[cy * W + cx]! - sat[b * W + cx]! - sat[cy * W + a]! + sat[b * W + a]!;
  };
  const specks: number[] = [];
  for (let i = 0; i < c.count; i++) {
    const x0 = c.left[i]!;
    const x1 = c.right[i]!;
    const y0 = c.top[i]!;
    const y1 = c.bottom[i]!;
    if (x1 - x0 + 1 > maxSide || y1 - y0 + 1 > maxSide) continue;
    if (ink(x0 - reach, y0 - reach, x1 + reach, y1 + reach) === c.area[i]) specks.push(i);
  }
  return specks;
}
