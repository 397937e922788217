/**
 * The text-height estimate that decides, before any OCR, whether an image is read
 * enlarged: it must measure characters and leave rules, table frames and specks out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { greyHistogram, lightnessPercentile, normalizeGrey, normalizeTable } from '../src/grey-normalize.js';
import { DEFAULT_STEPS, characterHeight, contrastRange, despeckle, greyChannel, median3, pageSkew, preprocessImage } from '../src/preprocess.js';

/** A white page with rows of dark "characters" of a given height, a table frame and noise specks. */
function page(charHeight: number): { grey: Uint8Array; width: number; height: number } {
  const width = 900;
  const height = 700;
  const grey = new Uint8Array(width * height).fill(240);
  const box = (x0: number, y0: number, w: number, h: number, v = 20): void => {
    for (let y = y0; y < Math.min(height, y0 + h); y++) for (let x = x0; x < Math.min(width, x0 + w); x++) grey[y * width + x] = v;
  };
  // A table frame: rules across the page and down it, which are not characters.
  for (let y = 40; y < height - 40; y += 4 * charHeight) box(30, y, width - 60, 2);
  box(30, 40, 2, height - 80);
  box(width - 32, 40, 2, height - 80);
  // Rows of characters of 0.55–0.7 of their height's width, with gaps between words.
  for (let y = 40 + charHeight; y + charHeight < height - 40; y += 4 * charHeight) {
    for (let x = 50, k = 0; x < width - 60; k++) {
      const w = Math.round(charHeight * (0.55 + (k % 3) * 0.07));
      box(x, y, w, charHeight);
      x += w + (k % 5 === 4 ? charHeight : 3);
    }
  }
  // Specks of scan noise, smaller than any character.
  for (let i = 0; i < 400; i++) box((i * 7919) % (width - 3), (i * 104729) % (height - 3), 2, 2);
  return { grey, width, height };
}

describe('text height estimate', () => {
  for (const h of [9, 14, 30]) {
    it(`measures ${h} px characters among rules and specks`, () => {
      const { grey, width, height } = page(h);
      assert.equal(characterHeight(grey, width, height), h);
    });
  }

  it('a prepared page carries it, and a blank page gives 0', async () => {
    const { grey, width, height } = page(11);
    const png = await sharp(Buffer.from(grey), { raw: { width, height, channels: 1 } }).png().toBuffer();
    assert.equal((await preprocessImage(png, { ...DEFAULT_STEPS, median: false, flatten: false }, 4e7)).characterHeight, 11);
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    assert.equal((await preprocessImage(blank, DEFAULT_STEPS, 4e7)).characterHeight, 0);
  });
});

describe('uneven light', () => {
  const rows = (grey: Uint8Array, width: number, height: number): void => {
    // Rows of 10 px characters: about a tenth of the text area is ink, as on a printed page.
    for (let y = 60; y < height - 60; y += 40) for (let x = 40; x < width - 40; x += 16) for (let dy = 0; dy < 10; dy++) for (let dx = 0; dx < 6; dx++) grey[(y + dy) * width + x + dx] = 30;
  };
  it('a page under a shadow is marked for local binarisation; an evenly lit one is not', async () => {
    const width = 800;
    const height = 600;
    const even = new Uint8Array(width * height).fill(235);
    rows(even, width, height);
    // A photo's shadow: the paper darkens from 235 to 120 across the page.
    const shadow = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) shadow[y * width + x] = Math.round(235 - (115 * (x + y)) / (width + height));
    rows(shadow, width, height);
    const prepare = async (grey: Uint8Array) => preprocessImage(await sharp(Buffer.from(grey), { raw: { width, height, channels: 1 } }).png().toBuffer(), DEFAULT_STEPS, 4e7);
    assert.equal((await prepare(even)).unevenLight, false);
    assert.equal((await prepare(shadow)).unevenLight, true);
  });
});

describe('even light', () => {
  it('an evenly lit page is divided by its own background: paper darker at the foot comes out as white as at the top', async () => {
    const width = 800;
    const height = 600;
    // Paper from 240 at the top to 205 at the foot (a spread under UNEVEN_LIGHT_SPREAD), rows of text.
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) grey[y * width + x] = Math.round(240 - (35 * y) / height);
    for (let y = 40; y < height - 40; y += 36) for (let x = 40; x < width - 40; x += 16) for (let dy = 0; dy < 12; dy++) for (let dx = 0; dx < 7; dx++) grey[(y + dy) * width + x + dx] = 40;
    const png = await sharp(Buffer.from(grey), { raw: { width, height, channels: 1 } }).png().toBuffer();
    const prepared = await preprocessImage(png, { ...DEFAULT_STEPS, median: false, despeckle: false }, 4e7);
    assert.equal(prepared.unevenLight, false);
    const { data } = prepared.grey;
    // Paper between rows of text near the top and near the foot.
    const paper = (y: number): number => data[y * width + 30]!;
    assert.ok(Math.abs(paper(30) - paper(height - 20)) <= 6, `top ${paper(30)}, foot ${paper(height - 20)}`);
  });
});

describe('despeckle', () => {
  it('erases isolated specks and keeps decimal points beside their digits', () => {
    const width = 600;
    const height = 300;
    const grey = new Uint8Array(width * height).fill(240);
    const box = (x0: number, y0: number, w: number, h: number): void => {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) grey[y * width + x] = 20;
    };
    // One row of 14 px "digits" with a decimal point (3 px) 2 px after every third one.
    for (let k = 0; k < 30; k++) {
      box(20 + k * 18, 40, 9, 14);
      if (k % 3 === 0) box(20 + k * 18 + 11, 51, 3, 3);
    }
    // Dust: 2–3 px specks across the empty lower part of the page.
    for (let i = 0; i < 60; i++) box(15 + ((i * 97) % 560), 120 + ((i * 53) % 160), 2 + (i % 2), 2);
    const erased = despeckle(grey, width, height);
    assert.equal(erased, 60);
    for (let k = 0; k < 30; k += 3) assert.equal(grey[52 * width + 20 + k * 18 + 12], 20, `decimal point ${k} kept`);
    for (let y = 100; y < height; y++) for (let x = 0; x < width; x++) assert.ok(grey[y * width + x]! > 200, `ink left at ${x},${y}`);
    assert.equal(characterHeight(grey, width, height), 14);
  });
});

describe('contrast stretch', () => {
  const histogramOf = (counts: Record<number, number>): Uint32Array => {
    const h = new Uint32Array(256);
    for (const [v, n] of Object.entries(counts)) h[Number(v)] = n;
    return h;
  };
  it('takes the 1st and 99th percentiles when ink is more than 1 % of the page', () => {
    assert.deepEqual(contrastRange(histogramOf({ 30: 500, 90: 500, 245: 9000 })), [30, 245]);
  });
  it('on a few lines on white (ink under 1 %), stretches from the ink, not from the paper', () => {
    assert.deepEqual(contrastRange(histogramOf({ 20: 30, 120: 30, 245: 99_000 })), [20, 245]);
  });
  it('leaves a blank page alone', () => {
    assert.deepEqual(contrastRange(histogramOf({ 244: 100, 245: 99_000 })), [0, 255]);
    assert.deepEqual(contrastRange(new Uint32Array(256)), [0, 255]);
  });
  it('keeps the paper of a sparse page white and its text black', async () => {
    const width = 1000;
    const height = 300;
    const grey = new Uint8Array(width * height).fill(250);
    // Two short lines of 14 px "characters": 0.3 % of the page is ink.
    for (const y0 of [60, 100]) for (let k = 0; k < 4; k++) for (let y = y0; y < y0 + 14; y++) for (let x = 60 + k * 12; x < 68 + k * 12; x++) grey[y * width + x] = 25;
    const prepared = await preprocessImage(await sharp(Buffer.from(grey), { raw: { width, height, channels: 1 } }).png().toBuffer(), DEFAULT_STEPS, 4e7);
    const { data } = prepared.grey;
    assert.ok(data[200 * width + 500]! > 230, `paper at ${data[200 * width + 500]}`);
    assert.ok(data[66 * width + 64]! < 60, `ink at ${data[66 * width + 64]}`);
  });
});

describe('normalize from the histogram', () => {
  /** A seeded generator: the same images every run. */
  const random = (seed: number) => () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const sharpNormalize = (grey: Uint8Array, width: number, height: number) =>
    sharp(Buffer.from(grey), { raw: { width, height, channels: 1 } }).normalize().grayscale().raw().toBuffer();
  const differing = (a: Uint8Array, b: Uint8Array): number => a.reduce((n, v, i) => n + (v === b[i] ? 0 : 1), 0);

  it('gives the bytes of sharp\'s normalize() on pages of every kind of histogram', async () => {
    const next = random(17);
    const kinds: Array<[string, (lo: number, hi: number, paper: number) => number]> = [
      ['uniform noise', () => Math.floor(next() * 256)],
      ['a narrow range', (lo, hi) => lo + Math.floor(next() * (hi - lo + 1))],
      ['ink on paper', (_lo, _hi, paper) => (next() < 0.08 ? Math.floor(next() * 120) : paper - Math.floor(next() * 6))],
      ['two levels', (lo, hi) => (next() < 0.5 ? lo : hi)],
      ['paper and a few specks', (_lo, _hi, paper) => (next() < 0.001 ? Math.floor(next() * 256) : paper)],
    ];
    for (let k = 0; k < 60; k++) {
      const [kind, level] = kinds[k % kinds.length]!;
      const width = 1 + Math.floor(next() * 240);
      const height = 1 + Math.floor(next() * 240);
      const lo = Math.floor(next() * 256);
      const hi = lo + Math.floor(next() * (256 - lo));
      const paper = 200 + Math.floor(next() * 56);
      const grey = Uint8Array.from({ length: width * height }, () => level(lo, hi, paper));
      const theirs = await sharpNormalize(grey, width, height);
      assert.equal(differing(await normalizeGrey(sharp, grey, width), theirs), 0, `${kind}, ${width}×${height}`);
      // The way taken where no calibration image fits: the page's own histogram, sorted.
      const table = await normalizeTable(sharp, greyHistogram(grey), width, false);
      assert.equal(differing(grey.map((v) => table[v]!), theirs), 0, `${kind}, ${width}×${height}, sorted`);
    }
  });

  it('gives the bytes of sharp\'s normalize() on a faded page of text, and stretches it', async () => {
    const { grey, width, height } = page(14);
    // Grey ink on grey paper, as a faded scan.
    const faded = grey.map((v) => 90 + Math.round((v * 120) / 255));
    const ours = await normalizeGrey(sharp, faded, width);
    assert.equal(differing(ours, await sharpNormalize(faded, width, height)), 0);
    const range = (xs: Uint8Array): [number, number] => [xs.reduce((a, b) => Math.min(a, b), 255), xs.reduce((a, b) => Math.max(a, b), 0)];
    assert.deepEqual(range(faded), [99, 203]);
    const [lo, hi] = range(ours);
    assert.ok(lo < 99 && hi > 203, `stretched to ${lo}–${hi}`);
  });

  it('a table remembered for a pair of percentiles serves a later page with other levels, still with sharp\'s bytes', async () => {
    // Both pages: 1.6 % ink at 0 and paper at 250, so both stretch between the same
    // percentiles; a few pixels of each are at levels (the second page's at levels the
    // first never had) that fall between them.
    const width = 200;
    const height = 100;
    const make = (inkLevels: number[]) => Uint8Array.from({ length: width * height }, (_, i) => (i % 64 === 0 ? 0 : i % 500 === 1 ? inkLevels[(i - 1) / 500 % inkLevels.length]! : 250));
    const first = make([10, 20, 30]);
    const second = make([11, 21, 31, 41]);
    const before = await normalizeTable(sharp, greyHistogram(first), width);
    assert.equal(differing(first.map((v) => before[v]!), await sharpNormalize(first, width, height)), 0);
    assert.equal(differing(await normalizeGrey(sharp, second, width), await sharpNormalize(second, width, height)), 0);
    // And the first page again, from what both calls left.
    assert.equal(differing(await normalizeGrey(sharp, first, width), await sharpNormalize(first, width, height)), 0);
  });

  it('finds libvips\' percentile: the first bin whose scaled running total exceeds it', () => {
    // 100 bins of 10 pixels: the running total scaled to 0–99 first exceeds 1 at bin 2.
    assert.equal(lightnessPercentile(new Float64Array(100).fill(10), 1), 2);
    // Nothing exceeds 99 % of 100 bins when the scale tops out at 99: the answer is the size.
    assert.equal(lightnessPercentile(new Float64Array(100).fill(10), 99), 100);
    // Empty bins at the top do not count in the size.
    assert.equal(lightnessPercentile(Float64Array.from([0, 5, 0, 5, 0, 0]), 1), 1);
  });
});

describe('median and grey channel without sharp', () => {
  const random = (seed: number) => () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  it('the 3×3 median gives the bytes of sharp\'s median(3), edges included', async () => {
    const next = random(5);
    // libvips' rank filter refuses images under 3 px on a side.
    const sizes: Array<[number, number]> = [[3, 3], [3, 8], [8, 3], [4, 5], [97, 61], [240, 180]];
    for (const [width, height] of sizes) {
      for (const kind of ['noise', 'ink on paper']) {
        const grey = Uint8Array.from({ length: width * height }, () => (kind === 'noise' ? Math.floor(next() * 256) : next() < 0.1 ? Math.floor(next() * 90) : 240 + Math.floor(next() * 10)));
        const theirs = await sharp(Buffer.from(grey), { raw: { width, height, channels: 1 } }).median(3).grayscale().raw().toBuffer();
        assert.deepEqual(median3(grey, width, height), theirs, `${kind}, ${width}×${height}`);
      }
    }
  });

  it('takes the grey channel of an opaque grey RGBA page, and nothing from a coloured or transparent one', () => {
    const rgba = Buffer.from([10, 10, 10, 255, 200, 200, 200, 255]);
    assert.deepEqual(greyChannel({ data: rgba, width: 2, height: 1, channels: 4 }), Buffer.from([10, 200]));
    assert.equal(greyChannel({ data: Buffer.from([10, 10, 10, 255, 200, 201, 200, 255]), width: 2, height: 1, channels: 4 }), null);
    assert.equal(greyChannel({ data: Buffer.from([10, 10, 10, 255, 200, 200, 200, 128]), width: 2, height: 1, channels: 4 }), null);
  });

  it('a grey rendered page and the same page as a PNG are prepared to the same bytes', async () => {
    const { grey, width, height } = page(14);
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < grey.length; i++) {
      rgba.fill(grey[i]!, 4 * i, 4 * i + 3);
      rgba[4 * i + 3] = 255;
    }
    for (const steps of [DEFAULT_STEPS, { ...DEFAULT_STEPS, flatten: false }, { ...DEFAULT_STEPS, upscale: true }]) {
      const fromRaster = await preprocessImage({ data: rgba, width, height, channels: 4 }, steps, 4e7);
      const fromPng = await preprocessImage(await sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer(), steps, 4e7);
      assert.deepEqual(fromRaster.grey.data, fromPng.grey.data);
      assert.equal(fromRaster.splitRow, fromPng.splitRow);
    }
  });
});

describe('skew', () => {
  /** The test page turned by `degrees` (clockwise: its lines fall to the right), on white. */
  async function turned(degrees: number): Promise<{ grey: Uint8Array; width: number; height: number }> {
    const { grey, width, height } = page(14);
    const { data, info } = await sharp(Buffer.from(grey), { raw: { width, height, channels: 1 } })
      .rotate(degrees, { background: '#f0f0f0' })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { grey: data, width: info.width, height: info.height };
  }
  for (const degrees of [-3.2, -1, 2.5, 5]) {
    it(`measures a page turned ${degrees}°`, async () => {
      const { grey, width, height } = await turned(degrees);
      const got = pageSkew(grey, width, height);
      assert.ok(Math.abs(got - degrees) <= 0.15, `measured ${got}° for ${degrees}°`);
    });
  }
  it('a straight page measures 0', () => {
    const { grey, width, height } = page(14);
    assert.ok(Math.abs(pageSkew(grey, width, height)) < 0.1);
  });
  it('preparing a skewed page straightens it, unless deskew is off', async () => {
    // A page of a few lines of text on white, as a scan holds it (the dense test page reads as unevenly lit).
    const width = 1200;
    const height = 900;
    const flat = new Uint8Array(width * height).fill(235);
    for (let y = 100; y < 800; y += 50) {
      for (let x = 100, k = 0; x < 1100; k++) {
        const w = 5 + (k % 3);
        for (let yy = y; yy < y + 11; yy++) for (let xx = x; xx < x + w; xx++) if ((xx + yy) % 3 !== 0) flat[yy * width + xx] = 30;
        x += w + (k % 6 === 5 ? 14 : 3);
      }
    }
    const r = await sharp(Buffer.from(flat), { raw: { width, height, channels: 1 } }).rotate(2.5, { background: '#ebebeb' }).grayscale().raw().toBuffer({ resolveWithObject: true });
    const grey = r.data;
    const rgba = Buffer.alloc(grey.length * 4);
    for (let i = 0; i < grey.length; i++) {
      rgba.fill(grey[i]!, 4 * i, 4 * i + 3);
      rgba[4 * i + 3] = 255;
    }
    const size = { width: r.info.width, height: r.info.height };
    const prepared = await preprocessImage({ data: rgba, ...size, channels: 4 }, DEFAULT_STEPS, 40_000_000);
    const { data, ...info } = prepared.grey;
    assert.deepEqual([info.width, info.height], [size.width, size.height], 'the page keeps its size');
    assert.ok(Math.abs(prepared.characterHeight - 11) <= 1, `its characters measure ${prepared.characterHeight} px`);
    assert.ok(Math.abs(characterHeight(data, info.width, info.height) - 11) <= 1, 'and so do those of the image OCR reads');
    assert.ok(Math.abs(pageSkew(data, info.width, info.height)) < 0.3, `straightened: ${pageSkew(data, info.width, info.height)}° left, uneven ${prepared.unevenLight}, ${prepared.characterHeight} px`);
    const off = await preprocessImage({ data: rgba, ...size, channels: 4 }, { ...DEFAULT_STEPS, deskew: false }, 40_000_000);
    const kept = off.grey;
    assert.ok(Math.abs(pageSkew(kept.data, kept.width, kept.height) - 2.5) < 0.3, 'left as it was with deskew off');
  });
});

describe('split row', () => {
  /** Lines of 11 px characters every 50 px from y = 100 (`lines` of them), a rule down the page's left, as RGBA. */
  function linesPage(lines: number, charsPerLine = 120): { data: Buffer; width: number; height: number; channels: 4 } {
    const width = 1200;
    const height = 900;
    const grey = new Uint8Array(width * height).fill(235);
    for (let y = 80; y < 820; y++) grey[y * width + 60] = grey[y * width + 61] = 30;
    for (let n = 0, y = 100; n < lines; n++, y += 50) {
      for (let x = 100, k = 0; k < charsPerLine && x < 1100; k++) {
        const w = 5 + (k % 3);
        for (let yy = y; yy < y + 11; yy++) for (let xx = x; xx < x + w; xx++) grey[yy * width + xx] = 30;
        x += w + (k % 6 === 5 ? 14 : 3);
      }
    }
    const data = Buffer.alloc(width * height * 4, 255);
    for (let i = 0; i < grey.length; i++) data.fill(grey[i]!, 4 * i, 4 * i + 3);
    return { data, width, height, channels: 4 };
  }

  it('falls in a blank band with about as many characters above as below; a rule down the page may be cut', async () => {
    const prepared = await preprocessImage(linesPage(14), DEFAULT_STEPS, 40_000_000);
    assert.equal(prepared.unevenLight, false);
    const at = prepared.splitRow;
    assert.ok(at !== null, 'a page of fourteen full lines is split');
    const tops = Array.from({ length: 14 }, (_, n) => 100 + 50 * n);
    assert.ok(tops.every((y) => at < y - 1 || at > y + 11), `row ${at} cuts no line`);
    assert.equal(tops.filter((y) => y < at).length, 7, `row ${at} has seven lines above it`);
  });

  it('a page with few characters, or unevenly lit, is read whole', async () => {
    assert.equal((await preprocessImage(linesPage(3, 20), DEFAULT_STEPS, 40_000_000)).splitRow, null);
    // The lines' paper darkened from white at the top to mid grey at the foot: a photo's light.
    const shaded = linesPage(14);
    for (let y = 0; y < shaded.height; y++) {
      for (let x = 0; x < shaded.width; x++) {
        const i = 4 * (y * shaded.width + x);
        if (shaded.data[i]! > 200) shaded.data.fill(Math.round(250 - (120 * y) / shaded.height), i, i + 3);
      }
    }
    const prepared = await preprocessImage(shaded, DEFAULT_STEPS, 40_000_000);
    assert.equal(prepared.unevenLight, true);
    assert.equal(prepared.splitRow, null);
  });
});
