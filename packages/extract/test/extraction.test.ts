/**
 * extractBulletin's input checks and every error path / limit, on small files made
 * here. The OCR paths share the process's one tesseract worker with corpus.test.ts
 * only when run in the same process; each file shuts the worker down at the end.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { agencyCorpus } from '../corpus/agencies.js';
import { renderPage } from '../corpus/render.js';
import { scoreAgency } from '../corpus/score.js';
import { ExtractionError, configureOcr, detectFileType, extractBulletin, ocrPoolStats, shutdownOcr, type ExtractionLimits } from '../src/index.js';
import { imageDimensions, typeFromName } from '../src/file-type.js';
import { languageDataDir, languageDataFile, normalizeOcrWord } from '../src/ocr.js';

const LIMITS: ExtractionLimits = { maxBytes: 5 * 1024 * 1024, maxPages: 5, maxPixels: 20_000_000, ocrTimeoutMs: 60_000 };

after(() => shutdownOcr());

async function textPdf(pages: string[][], size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage(size);
    lines.forEach((t, i) => page.drawText(t, { x: 50, y: size[1] - 60 - i * 20, size: 12, font }));
  }
  return doc.save();
}

const BULLETIN = ['Ciudad: Santiago', 'Fecha: 14/05/2024', 'MP2,5: 23,4 µg/m³', 'MP10: 45 µg/m³', 'Ozono: 21 ppb'];

async function rejects(p: Promise<unknown>, code: string, status: number): Promise<ExtractionError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ExtractionError, `expected ExtractionError, got ${String(err)}`);
    assert.equal(err.code, code, err.detail);
    assert.equal(err.status, status);
    assert.ok(err.detail.length > 10);
    return err;
  }
  assert.fail(`expected ${code}`);
}

/** A PNG header (signature + IHDR) claiming any size, followed by nothing decodable. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8; // bit depth
  b[25] = 0; // greyscale
  return b;
}

describe('file type', () => {
  it('detects pdf, png, jpeg, webp from magic bytes and nothing else', async () => {
    const img = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
    assert.equal(detectFileType(await textPdf([['x']])), 'pdf');
    assert.equal(detectFileType(await img.clone().png().toBuffer()), 'png');
    assert.equal(detectFileType(await img.clone().jpeg().toBuffer()), 'jpeg');
    assert.equal(detectFileType(await img.clone().webp().toBuffer()), 'webp');
    assert.equal(detectFileType(await img.clone().gif().toBuffer()), null);
    assert.equal(detectFileType(Buffer.from('hello, world')), null);
    assert.equal(detectFileType(new Uint8Array(0)), null);
  });
  it('reads dimensions from PNG, JPEG and WebP (lossy, lossless, extended) headers', async () => {
    const img = sharp({ create: { width: 123, height: 45, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.5 } } });
    assert.deepEqual(imageDimensions(await img.clone().png().toBuffer(), 'png'), { width: 123, height: 45 });
    assert.deepEqual(imageDimensions(await img.clone().jpeg().toBuffer(), 'jpeg'), { width: 123, height: 45 });
    assert.deepEqual(imageDimensions(await img.clone().jpeg({ progressive: true }).toBuffer(), 'jpeg'), { width: 123, height: 45 });
    assert.deepEqual(imageDimensions(await img.clone().flatten().webp({ quality: 50 }).toBuffer(), 'webp'), { width: 123, height: 45 });
    assert.deepEqual(imageDimensions(await img.clone().webp({ lossless: true }).toBuffer(), 'webp'), { width: 123, height: 45 });
    assert.deepEqual(imageDimensions(await img.clone().webp({ quality: 50 }).toBuffer(), 'webp'), { width: 123, height: 45 }); // alpha → VP8X
    assert.equal(imageDimensions(Buffer.from([0xff, 0xd8, 0xff]), 'jpeg'), null);
  });
  it('names: known extensions only', () => {
    assert.equal(typeFromName('a.PDF'), 'pdf');
    assert.equal(typeFromName('foto.jpeg'), 'jpeg');
    assert.equal(typeFromName('scan.gif'), 'other');
    assert.equal(typeFromName('boletin'), null);
    assert.equal(typeFromName('boletin.2024'), null);
  });
});

describe('extractBulletin: text PDF', () => {
  it('reads a text PDF', async () => {
    const r = await extractBulletin(await textPdf([BULLETIN]), 'boletin.pdf', LIMITS);
    assert.equal(r.method, 'pdf-text');
    assert.equal(r.pages, 1);
    assert.equal(r.location, 'Santiago');
    assert.equal(r.date, '2024-05-14');
    assert.equal(r.pm25, 23.4);
    assert.equal(r.o3, 41.2);
    assert.equal(r.language, 'es');
    assert.ok(r.confidence > 0.85);
  });
  it('accepts a file without extension or with a non-type extension', async () => {
    const pdf = await textPdf([BULLETIN]);
    assert.equal((await extractBulletin(pdf, 'boletin', LIMITS)).pm25, 23.4);
    assert.equal((await extractBulletin(pdf, 'boletin.2024-05-14', LIMITS)).pm25, 23.4);
  });
  it('reads values across pages', async () => {
    const r = await extractBulletin(await textPdf([['Ciudad: Lima', 'PM2.5: 30 µg/m³'], ['PM10: 60 µg/m³']]), 'b.pdf', LIMITS);
    assert.equal(r.pages, 2);
    assert.equal(r.pm10, 60);
  });
});

describe('extractBulletin: errors', () => {
  it('file_too_large (413) before anything is parsed', async () => {
    await rejects(extractBulletin(new Uint8Array(LIMITS.maxBytes + 1), 'big.pdf', LIMITS), 'file_too_large', 413);
  });
  it('unsupported_type (415): GIF, text, empty', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer();
    const e = await rejects(extractBulletin(gif, 'a.gif', LIMITS), 'unsupported_type', 415);
    assert.match(e.detail, /GIF/);
    await rejects(extractBulletin(Buffer.from('PM2.5: 10 µg/m³'), 'a.txt', LIMITS), 'unsupported_type', 415);
    await rejects(extractBulletin(new Uint8Array(0), 'a.pdf', LIMITS), 'unsupported_type', 415);
  });
  it('type_mismatch (415): bytes are not what the name says', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    await rejects(extractBulletin(png, 'boletin.pdf', LIMITS), 'type_mismatch', 415);
    await rejects(extractBulletin(await textPdf([BULLETIN]), 'foto.jpg', LIMITS), 'type_mismatch', 415);
    await rejects(extractBulletin(png, 'foto.gif', LIMITS), 'type_mismatch', 415);
  });
  it('corrupt_file (422): a PDF header over garbage, a truncated PDF', async () => {
    await rejects(extractBulletin(Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog'), 'x.pdf', LIMITS), 'corrupt_file', 422);
    const pdf = await textPdf([BULLETIN]);
    await rejects(extractBulletin(pdf.subarray(0, 200), 'x.pdf', LIMITS), 'corrupt_file', 422);
  });
  it('corrupt_file (422): truncated and unreadable images', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    await rejects(extractBulletin(png.subarray(0, png.length / 2), 'x.png', LIMITS), 'corrupt_file', 422);
    await rejects(extractBulletin(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]), 'x.jpg', LIMITS), 'corrupt_file', 422);
    await rejects(extractBulletin(pngHeader(0, 0), 'x.png', LIMITS), 'corrupt_file', 422);
  });
  it('encrypted_pdf (422): a PDF that needs a password', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const ctx = doc.context;
    ctx.trailerInfo.Encrypt = ctx.register(
      ctx.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFHexString.of('7a'.repeat(32)), U: PDFHexString.of('3c'.repeat(32)), P: -44 }),
    );
    ctx.trailerInfo.ID = ctx.obj([PDFHexString.of('ab'.repeat(16)), PDFHexString.of('ab'.repeat(16))]);
    const bytes = await doc.save({ useObjectStreams: false });
    await rejects(extractBulletin(bytes, 'protegido.pdf', LIMITS), 'encrypted_pdf', 422);
  });
  it('too_many_pages (413)', async () => {
    const pdf = await textPdf(Array.from({ length: LIMITS.maxPages + 1 }, () => BULLETIN));
    const e = await rejects(extractBulletin(pdf, 'x.pdf', LIMITS), 'too_many_pages', 413);
    assert.match(e.detail, /6 pages/);
  });
  it('too_many_pixels (413): judged from the header, before decoding (a decompression bomb)', async () => {
    // 60 000 × 60 000 declared in 33 bytes: decoding it would need 3.6 GB.
    await rejects(extractBulletin(pngHeader(60_000, 60_000), 'bomb.png', LIMITS), 'too_many_pixels', 413);
    const small = { ...LIMITS, maxPixels: 10_000 };
    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    await rejects(extractBulletin(jpeg, 'x.jpg', small), 'too_many_pixels', 413);
  });
  it('too_many_pixels (413): an image inside a PDF, and a huge PDF page', async () => {
    const doc = await PDFDocument.create();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } }).png().toBuffer();
    const page = doc.addPage();
    page.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: 400, height: 300 });
    await rejects(extractBulletin(await doc.save({ useObjectStreams: false }), 'x.pdf', { ...LIMITS, maxPixels: 100_000 }), 'too_many_pixels', 413);
    // An image-only page of 200 × 200 inches.
    const big = await PDFDocument.create();
    big.addPage([14_400, 14_400]);
    await rejects(extractBulletin(await big.save(), 'x.pdf', { ...LIMITS, maxPixels: 100_000_000 }), 'too_many_pixels', 413);
  });
  it('no_air_quality_data (422): text without pollutant values, a blank image', async () => {
    const pdf = await textPdf([['Ciudad: Santiago', 'Temperatura: 20 °C', 'Informe sin mediciones hoy.']]);
    const e = await rejects(extractBulletin(pdf, 'x.pdf', LIMITS), 'no_air_quality_data', 422);
    assert.match(e.detail, /pollutant/);
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } }).png().toBuffer();
    await rejects(extractBulletin(blank, 'x.png', LIMITS), 'no_air_quality_data', 422);
  });
  it('ocr_timeout (422), and the next OCR works (the worker is replaced); the stopped worker raises no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#fff', noise: { type: 'gaussian', mean: 200, sigma: 50 } } }).png().toBuffer();
      await rejects(extractBulletin(png, 'x.png', { ...LIMITS, ocrTimeoutMs: 5 }), 'ocr_timeout', 422);
      const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } }).png().toBuffer();
      await rejects(extractBulletin(blank, 'x.png', LIMITS), 'no_air_quality_data', 422);
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
  it('an aborted signal rejects with its reason', async () => {
    const ac = new AbortController();
    ac.abort(new Error('client went away'));
    await assert.rejects(extractBulletin(await textPdf([BULLETIN]), 'x.pdf', LIMITS, { signal: ac.signal }), /client went away/);
  });
});

describe('OCR worker pool', () => {
  after(() => configureOcr({ recycleAboveRssMb: 384, idleStopMs: 5 * 60_000 }));
  const bulletinImage = async (): Promise<Uint8Array> => (await renderPage(BULLETIN.map((text) => ({ kind: 'text' as const, text })), 'png', 1)).bytes;
  const read = async (png: Uint8Array): Promise<void> => {
    const got = await extractBulletin(png, 'b.png', LIMITS);
    assert.equal(got.fields.pm10?.value, 45);
    assert.equal(got.location, 'Santiago');
  };

  it('keeps its worker while the process is under the memory bound, replaces it (started at once) above', async () => {
    const png = await bulletinImage();
    configureOcr({ recycleAboveRssMb: Infinity });
    await read(png);
    const kept = ocrPoolStats().workersStarted;
    await read(png);
    assert.equal(ocrPoolStats().workersStarted, kept, 'a second page under the bound reuses the worker');
    configureOcr({ recycleAboveRssMb: 0 });
    await read(png);
    // One upload may be read more than once (small text is read again enlarged): one replacement per reading.
    const replaced = ocrPoolStats().workersStarted;
    assert.ok(replaced > kept, 'above the bound the worker is replaced after the job');
    assert.equal(ocrPoolStats().workersLive, 1, 'the replacement is started without waiting for the next page');
    await read(png);
    assert.equal(ocrPoolStats().workersStarted - replaced, replaced - kept, 'the replacement reads, and is replaced in turn');
  });

  it('a scanned table is read in the same two parts with one worker or two, to the same context', async () => {
    const corpus = agencyCorpus();
    const k = corpus.findIndex((d) => d.id === 'sinca-temuco-pdf-scan');
    const { bytes } = await renderPage(corpus[k]!.blocks, corpus[k]!.medium, k + 1);
    try {
      configureOcr({ workers: 1, recycleAboveRssMb: Infinity });
      const before = ocrPoolStats().pagesSplit;
      const one = await extractBulletin(bytes, 'temuco.pdf', LIMITS);
      assert.equal(ocrPoolStats().pagesSplit, before + 1, 'one worker reads the page in two parts, in turn');
      configureOcr({ workers: 2 });
      const two = await extractBulletin(bytes, 'temuco.pdf', LIMITS);
      assert.equal(ocrPoolStats().pagesSplit, before + 2, 'two workers read it in the same two parts');
      assert.equal(scoreAgency(corpus[k]!.expected, two, null).misses.length, 0, 'every expected value is read');
      assert.deepEqual(two, one);
    } finally {
      configureOcr({ workers: 2 });
      await shutdownOcr(); // the next tests count workers from none
    }
  });

  it('stops an idle worker; the next page starts one', async () => {
    const png = await bulletinImage();
    // A page may be read twice (small text enlarged); under load the gap between the two
    // readings can outlast a 100 ms idle limit, so only the last reading runs with it.
    configureOcr({ recycleAboveRssMb: Infinity, idleStopMs: 60_000 });
    await read(png);
    assert.equal(ocrPoolStats().workersLive, 1);
    configureOcr({ idleStopMs: 100 });
    await read(png);
    for (let i = 0; i < 100 && ocrPoolStats().workersLive > 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(ocrPoolStats().workersLive, 0, 'the idle worker was stopped');
    configureOcr({ idleStopMs: 60_000 });
    const before = ocrPoolStats().workersStarted;
    await read(png);
    assert.equal(ocrPoolStats().workersStarted, before + 1);
  });
});

describe('OCR language data', () => {
  it('comes from the npm packages, and nothing is written to the working directory', () => {
    const dir = languageDataDir();
    for (const lang of ['spa', 'por', 'eng']) assert.ok(existsSync(`${dir}/${lang}.traineddata.gz`), lang);
    assert.deepEqual(readdirSync(process.cwd()).filter((f) => f.includes('traineddata')), []);
  });
  it('a dangling link left by a deleted checkout is repaired on the next start', () => {
    const link = `${languageDataDir()}/eng.traineddata.gz`;
    rmSync(link);
    symlinkSync('/nonexistent/checkout/eng.traineddata.gz', link);
    assert.equal(existsSync(link), false);
    languageDataDir();
    assert.equal(readlinkSync(link), languageDataFile('eng'));
    assert.ok(existsSync(link));
  });
});

describe('OCR word clean-up', () => {
  it('µg/m³ as OCR misreads it is written back; other words are left alone', () => {
    const cases: Array<[string, string]> = [
      ['ug/m?', 'µg/m³'], ['g/m?', 'µg/m³'], ['pg/m3,', 'µg/m³,'], ['lug/m*)', '[µg/m³]'], ['[ug/m?]', '[µg/m³]'], ['(ug/m3)', '(µg/m³)'],
      ['mg/m3', 'mg/m3'], ['µg/m³', 'µg/m³'], ['kg/m3', 'kg/m3'], ['lugar', 'lugar'], ['g', 'g'],
      // A capitals unit row of a fixed-width table, and a speck read as "$".
      ['UG/N8', 'µg/m³'], ['UGYN8', 'µg/m³'], ['UG/MB', 'µg/m³'], ['UGM', 'µg/m³'], ['UG/M3', 'µg/m³'], ['$8-HR', '8-HR'],
      ['UGANDA', 'UGANDA'], ['US$', 'US$'], ["34'", '34'], ["12.5’", '12.5'], ["O'Brien", "O'Brien"], ['ugim?', 'µg/m³'], ['ugfm?,', 'µg/m³,'], ['ugly', 'ugly'],
      // A formula glued to its value, which would read as a time; a time stays one.
      ['MP2,5:41', 'MP2,5: 41'], ['PM10:51', 'PM10: 51'], ['NO2;45', 'NO2; 45'], ['CO:2,8', 'CO: 2,8'], ['10:30', '10:30'], ['03:41', '03:41'],
      // A speck read as a letter before a formula; words that merely start so stay.
      ['EPMIO', 'PMIO'], ['DPM2.5', 'PM2.5'], ['$PM10', 'PM10'], ['APMC', 'APMC'], ['EPM', 'EPM'], ['OPMENT', 'OPMENT'],
      // µ read as h; g read as o; the slash as t and m as n.
      ['hg/m*', 'µg/m³'], ['hg/m?', 'µg/m³'], ['po/m?.', 'µg/m³.'], ['pgtn3.', 'µg/m³.'], ['ugtm3', 'µg/m³'],
      ['hgm', 'hgm'], ['photo', 'photo'], ['pgtn', 'pgtn'], ['do/m3', 'do/m3'],
    ];
    for (const [word, want] of cases) assert.equal(normalizeOcrWord(word), want, word);
  });
});
