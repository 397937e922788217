/**
 * OCR with tesseract.js in a bounded pool of workers (two by default: each holds
 * three language models, ~100 MB), created on first use, reused by every upload,
 * terminated by `shutdownOcr()`. tesseract.js itself loads only then.
 *
 * Language data comes from the @tesseract.js-data/{spa,por,eng} npm packages
 * (LSTM "best_int" models): tesseract.js takes one `langPath` for all languages,
 * so a folder of links to the three packages' files is made under the OS temp dir
 * and `langPath` points there. The folder is named after the packages' location and
 * every link is checked on each worker start, so a moved or deleted checkout never
 * leaves another one reading stale or dangling links. Nothing is fetched at run time; `cacheMethod: 'none'`
 * keeps tesseract.js from writing copies into the working directory.
 *
 * The result keeps tesseract's word boxes: lines carry their vertical extent and
 * their words' horizontal extents, so the table reader can place each number.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readlinkSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Page, Worker } from 'tesseract.js';
import { ExtractionError } from './errors.js';
import type { GreyImage, TextCell, TextLine } from './types.js';
import { PLACEHOLDER } from './vocabulary.js';

export const OCR_LANGUAGES = ['spa', 'por', 'eng'] as const;
const MODEL = '4.0.0_best_int';
/** Loading three language models takes ~1 s; allow for a slow, busy machine. */
const WORKER_START_TIMEOUT_MS = 60_000;

const require = createRequire(import.meta.url);

/** Where the installed npm package keeps one language's gzipped model. */
export function languageDataFile(lang: (typeof OCR_LANGUAGES)[number]): string {
  return join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), MODEL, `${lang}.traineddata.gz`);
}

/** A folder holding `<lang>.traineddata.gz` for each language, linked from the npm packages. */
export function languageDataDir(): string {
  const targets = OCR_LANGUAGES.map((lang) => languageDataFile(lang));
  const key = createHash('sha256').update(targets.join('\n')).digest('hex').slice(0, 12);
  const name = `aqcast-tessdata-${MODEL}-${process.getuid?.() ?? 'u'}-${key}`;
  try {
    return linkFolder(join(tmpdir(), name), targets);
  } catch {
    // An unwritable temp dir: node_modules/.cache, beside the packages themselves.
    return linkFolder(join(dirname(require.resolve('tesseract.js/package.json')), '..', '.cache', name), targets);
  }
}

function linkFolder(dir: string, targets: string[]): string {
  mkdirSync(dir, { recursive: true });
  for (const target of targets) {
    const link = join(dir, basename(target));
    if (linksTo(link, target)) continue;
    // Made beside it and renamed over it: atomic, and replaces a stale entry.
    const temp = `${link}.${process.pid}.${Date.now()}`;
    try {
      symlinkSync(target, temp);
    } catch {
      copyFileSync(target, temp); // no symlinks on this file system
    }
    renameSync(temp, link);
  }
  return dir;
}

function linksTo(link: string, target: string): boolean {
  try {
    if (lstatSync(link).isSymbolicLink()) return readlinkSync(link) === target && existsSync(link);
    return statSync(link).size === statSync(target).size; // a copy
  } catch {
    return false;
  }
}

/**
 * Workers that were terminated. tesseract.js posts a job to a terminated worker by
 * calling `postMessage` on null, in a promise nobody holds: an unhandled rejection.
 * A reading cut short (timeout, abort, shutdown) can still be running on one, so every
 * call to a worker first checks it is alive (`live`) and rejects in the caller instead.
 */
const stopped = new WeakSet<Worker>();

function stop(w: Worker): Promise<unknown> {
  stopped.add(w);
  return w.terminate();
}

function live(w: Worker): Worker {
  if (stopped.has(w)) throw new Error('the OCR worker was stopped');
  return w;
}

interface Slot {
  worker: Promise<Worker> | null;
  busy: boolean;
  /** Stops the idle worker (see idleStopMs). */
  idleTimer: NodeJS.Timeout | null;
}

/**
 * Two workers where there are two cores: a page is read in two parts side by side
 * (see `ocrImage`), which took the agency corpus's scanned pages from 2.08–2.18 to
 * 1.48–1.57 s (median, the same pages read both ways in turn, three runs) for ~100 MB
 * more while both live.
 */
let poolSize = Math.min(2, availableParallelism());
/**
 * Tesseract's WebAssembly heap grows to the largest page a worker has read and never
 * shrinks, and glibc keeps the worker thread's freed buffers. So after a job that
 * leaves the process above this resident size, the worker is replaced by a fresh one
 * (started at once, while the pool is idle): a run of scans then peaks where one
 * scan does (450–469 MB over five uploads in a row, 460–533 MB without). After each
 * reading rather than each upload: the restart overlaps the enlarged page's rendering
 * (upload times were the same), and per upload the peak was 486 MB.
 */
let recycleAboveRss = 384 * 1024 * 1024;
/** A worker idle this long is stopped, returning its 100–150 MB; the next page starts one (~1 s). */
let idleStopMs = 5 * 60_000;
const slots: Slot[] = [];
const waiting: Array<(slot: Slot) => void> = [];
let workersStarted = 0;

let pagesSplit = 0;

/** Workers started since the process began, how many are running or starting now, and how many pages were read in two parts. */
export function ocrPoolStats(): { workersStarted: number; workersLive: number; pagesSplit: number } {
  return { workersStarted, workersLive: slots.filter((s) => s.worker).length, pagesSplit };
}

/**
 * Size the OCR pool (default 2, or 1 on one core: more workers read pages, or the two
 * parts of a page, side by side on more cores, at ~100 MB each), the resident size
 * above which a worker is replaced after a job (default 384 MB; Infinity keeps it),
 * and how long an idle worker lives (default 5 minutes).
 */
export function configureOcr(opts: { workers?: number; recycleAboveRssMb?: number; idleStopMs?: number }): void {
  if (opts.workers !== undefined) poolSize = Math.max(1, Math.floor(opts.workers));
  if (opts.recycleAboveRssMb !== undefined) recycleAboveRss = opts.recycleAboveRssMb * 1024 * 1024;
  if (opts.idleStopMs !== undefined) idleStopMs = opts.idleStopMs;
}

function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Starts the slot's worker, once `after` (the previous worker's end) has settled. */
function startWorker(slot: Slot, after: Promise<unknown> = Promise.resolve()): Promise<Worker> {
  workersStarted += 1;
  const created = after.then(() => import('tesseract.js')).then(({ createWorker, OEM }) =>
    createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
      langPath: languageDataDir(),
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js rethrows worker errors from a message listener (an uncaught exception).
      errorHandler: () => {},
    }),
  );
  const p = withTimeout(created, WORKER_START_TIMEOUT_MS, () => new Error('OCR engine did not start in time'));
  slot.worker = p;
  p.catch(() => {
    if (slot.worker === p) slot.worker = null;
    void created.then((w) => stop(w), () => {});
  });
  return p;
}

function acquire(): Promise<Slot> {
  const free = slots.find((s) => !s.busy);
  if (free) {
    free.busy = true;
    clearIdle(free);
    return Promise.resolve(free);
  }
  if (slots.length < poolSize) {
    const slot: Slot = { worker: null, busy: true, idleTimer: null };
    slots.push(slot);
    return Promise.resolve(slot);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(slot: Slot): void {
  const next = waiting.shift();
  if (next) {
    next(slot);
    return;
  }
  slot.busy = false;
  if (slot.worker && process.memoryUsage.rss() > recycleAboveRss) {
    const old = slot.worker;
    slot.worker = null;
    void startWorker(slot, old.then((w) => stop(w), () => {})).catch(() => {});
  }
  if (Number.isFinite(idleStopMs)) {
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (!slot.busy) void terminate(slot);
    }, idleStopMs);
    slot.idleTimer.unref();
  }
}

function clearIdle(slot: Slot): void {
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.idleTimer = null;
}

async function terminate(slot: Slot): Promise<void> {
  clearIdle(slot);
  const p = slot.worker;
  slot.worker = null;
  if (p) await p.then((w) => stop(w), () => {});
}

/** Stop the OCR workers (on shutdown, or after a timeout left one busy). The next OCR starts new ones. */
export async function shutdownOcr(): Promise<void> {
  await Promise.all(slots.map((s) => terminate(s)));
}

/**
 * An upload's OCR time limit: the time its readings spend on a worker, waits for a free
 * worker not counted (under load the same page waits longer but reads the same). Spent
 * out, the upload fails with `ocr_timeout`: a limit never cuts a step short and returns
 * what was read so far, so it never changes a result, it only turns one into an error.
 */
export class OcrBudget {
  private spentMs = 0;
  constructor(readonly limitMs: number) {}
  remainingMs(): number {
    return this.limitMs - this.spentMs;
  }
  spend(ms: number): void {
    this.spentMs += ms;
  }
}

export interface OcrOptions {
  /** The upload's OCR time limit, shared by all its readings. */
  budget: OcrBudget;
  signal?: AbortSignal;
  /** Let tesseract straighten a rotated image itself (`rotateAuto`: one more layout pass); preprocessing straightens pages already. */
  rotateAuto?: boolean;
  /** Tesseract page segmentation: 'auto' (PSM 3) finds columns and blocks; 'block' (PSM 6) reads one uniform block. */
  segmentation?: 'auto' | 'block';
  /** Read weak rows and skipped bands again (see `secondLook`); on unless false. */
  secondLook?: boolean;
  /** Binarise locally (Sauvola) rather than with one threshold: for unevenly lit photos (preprocess.ts). */
  localThreshold?: boolean;
  /** Where the page may be cut to be read on two workers (PreparedImage.splitRow). */
  splitRow?: number | null;
}

export interface OcrResult {
  lines: TextLine[];
  /** Mean word confidence, 0..1. */
  confidence: number;
}

/** Fewer words than this from page layout analysis: the page is read again as one block. */
const MIN_LAYOUT_WORDS = 3;

/** Recognitions run and their time, since the process began (the benchmark reads them). */
const recognitions = { count: 0, ms: 0 };
export function ocrWorkStats(): { recognitions: number; ms: number } {
  return { recognitions: recognitions.count, ms: Math.round(recognitions.ms) };
}

async function recognise(worker: Worker, image: Buffer, opts: Record<string, unknown>): Promise<Page> {
  const t = performance.now();
  try {
    return (await live(worker).recognize(image, opts, { blocks: true, text: false })).data;
  } finally {
    recognitions.count += 1;
    recognitions.ms += performance.now() - t;
  }
}

/**
 * Recognise a grey page on the pool, within the upload's budget (`OcrBudget`). On
 * timeout or abort the worker is terminated (tesseract cannot cancel a recognition)
 * and `ocr_timeout` / the abort reason is thrown.
 *
 * With `splitRow` (a row in a band free of text, PreparedImage.splitRow; index.ts
 * passes it for scanned PDF pages) the parts above and below it are read on their own
 * and their rows joined, whatever the pool's size: with two workers or more side by
 * side (a page's reading takes the time of its larger part), with one in turn. The
 * split depends on the page alone, so the same page reads the same with any pool.
 */
export async function ocrImage(image: GreyImage, page: number, opts: OcrOptions): Promise<OcrResult> {
  if (opts.splitRow == null) return rowsToLines(await readOnWorker(image, opts), page);
  pagesSplit += 1;
  const at = Math.min(Math.max(1, opts.splitRow), image.height - 1);
  const parts = [[0, at], [at, image.height]].map(([top, bottom]) => ({
    top: top!,
    image: { data: image.data.subarray(top! * image.width, bottom! * image.width), width: image.width, height: bottom! - top! },
  }));
  // Both settle before an error is passed on: a part still running holds its worker.
  const read = await Promise.allSettled(parts.map((p) => readOnWorker(p.image, opts)));
  const failed = read.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const rows = read.flatMap((r, k) => (r.status === 'fulfilled' ? r.value.map((row) => row.map((line) => shiftLine(line, parts[k]!.top))) : []));
  return rowsToLines(rows, page);
}

/**
 * A grey page as tesseract takes it: binary PGM, read by leptonica without decoding.
 * A PNG of a 1600 × 1400 scan took tesseract ~130 ms to decode, on top of encoding it.
 */
function pgm(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii'), image.data]);
}

function shiftLine(line: OcrLine, dy: number): OcrLine {
  return { ...line, y0: line.y0 + dy, y1: line.y1 + dy, words: line.words.map((w) => ({ ...w, y0: w.y0 + dy, y1: w.y1 + dy })) };
}

/**
 * One image read on the pool: its rows (see `ocrImage`). The first reading and the
 * second look (see `secondLook`) each take whichever worker is free.
 */
async function readOnWorker(image: GreyImage, opts: OcrOptions): Promise<OcrRow[]> {
  const encoded = pgm(image);
  const first = await onWorker(opts, async (worker) => {
    await configure(worker, opts, opts.segmentation === 'block' ? 'block' : 'auto');
    let page = await recognise(worker, encoded, { rotateAuto: opts.rotateAuto ?? false });
    let rows = groupRows(pageLines(page));
    if (rows.flatMap(rowWords).length < MIN_LAYOUT_WORDS && opts.segmentation !== 'block') {
      // Layout analysis can take a whole photographed card for a picture (a light card on a dark
      // desk) and find no text in it: read the page once more as one block of lines.
      await configure(worker, opts, 'block');
      const block = await recognise(worker, encoded, { rotateAuto: opts.rotateAuto ?? false });
      const blockRows = groupRows(pageLines(block));
      if (blockRows.flatMap(rowWords).length > rows.flatMap(rowWords).length) {
        page = block;
        rows = blockRows;
      }
    }
    return { rows, rotateRadians: page.rotateRadians ?? 0 };
  });
  if (opts.secondLook === false) return first.rows;
  const rows = await secondLook(image, first.rows, first.rotateRadians, opts);
  return readAsDigits(image, rows, first.rotateRadians, opts);
}

/**
 * A lone letter between numbers that the second look left a letter ("58   n   62": 71 read as
 * n, the 7 and 1 run together) is read once more as a number: the words' boxes stacked into one
 * small image, read with digits and decimal marks only. A word becomes the number read in its
 * box when tesseract is fairly sure of it (0.6); otherwise it stays as it was (and is no value).
 */
async function readAsDigits(image: GreyImage, rows: OcrRow[], rotateRadians: number, opts: OcrOptions): Promise<OcrRow[]> {
  const suspects = [...wideNumbers(rows)].filter((w) => /^[a-z]$/.test(w.text)).slice(0, SECOND_LOOK_REGIONS);
  if (suspects.length === 0) return rows;
  const { data: grey, width: W, height: H } = await pageAsRead(image, rotateRadians);
  const strips: Array<Strip & { word: OcrWord }> = suspects.map((w) => {
    // The box of the letter read may hold only part of the number's ink: a line height to each side.
    const m = 0.4 * w.h;
    return { word: w, region: { x0: w.x0, x1: w.x1, y0: w.y0, y1: w.y1, row: null }, x0: Math.max(0, Math.floor(w.x0 - w.h)), x1: Math.min(W, Math.ceil(w.x1 + w.h)), y0: Math.max(0, Math.floor(w.y0 - m)), y1: Math.min(H, Math.ceil(w.y1 + m)) };
  });
  const gap = Math.ceil(1.5 * Math.max(...suspects.map((w) => w.h)));
  const byStrip = await readStrips(grey, W, strips, gap, opts, '0123456789.,', 3);
  const replaced = new Map<OcrWord, string>();
  for (const s of strips) {
    const words = (byStrip.get(s) ?? []).flatMap((l) => l.words);
    const text = words.map((w) => w.text).join('');
    if (words.length > 0 && /^\d{1,4}(?:[.,]\d{1,3})?$/.test(text) && meanConfidence(words) >= 0.6) replaced.set(s.word, text);
  }
  if (replaced.size === 0) return rows;
  return rows.map((row) => row.map((line) => ({ ...line, words: line.words.map((w) => (replaced.has(w) ? { ...w, text: replaced.get(w)! } : w)) })));
}

/** Tesseract's settings for a reading: page layout analysis ('auto', PSM 3) or one block of lines ('block', PSM 6); `only`: the characters it may read (all when empty). */
async function configure(worker: Worker, opts: OcrOptions, segmentation: 'auto' | 'block', only = ''): Promise<void> {
  const { PSM } = await import('tesseract.js');
  // debug_file: tesseract's notes ("Estimating resolution as …") go nowhere instead of stderr.
  // tessedit_char_whitelist: set on every reading (empty: any character), so a worker's last reading never leaks into its next.
  await live(worker).setParameters({
    tessedit_char_whitelist: only,
    tessedit_pageseg_mode: segmentation === 'block' ? PSM.SINGLE_BLOCK : PSM.AUTO,
    preserve_interword_spaces: '1',
    debug_file: '/dev/null',
    // 0: one Otsu threshold for the page; 2: Sauvola, a threshold per neighbourhood.
    thresholding_method: opts.localThreshold ? '2' : '0',
  // tesseract.js types its parameters as an enum-keyed record; these are its documented keys.
  } as never);
}

/**
 * `work` on a worker of the pool, within the upload's budget (the time from when the
 * worker is ready to when the work ends is spent from it) and the abort signal. On
 * timeout or abort the worker is terminated (tesseract cannot cancel a recognition)
 * and `ocr_timeout` / the abort reason is thrown.
 */
async function onWorker<T>(opts: OcrOptions, work: (worker: Worker) => Promise<T>): Promise<T> {
  const slot = await acquire();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(opts.signal?.reason ?? new Error('aborted'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  let run: Promise<T> | null = null;
  try {
    opts.signal?.throwIfAborted();
    if (opts.budget.remainingMs() <= 0) throw new ExtractionError('ocr_timeout', 'text recognition ran out of time');
    const worker = await Promise.race([slot.worker ?? startWorker(slot), aborted]);
    const remaining = opts.budget.remainingMs();
    const started = performance.now();
    run = work(worker);
    try {
      return await withTimeout(Promise.race([run, aborted]), remaining, () => new ExtractionError('ocr_timeout', `text recognition took longer than the limit`));
    } finally {
      opts.budget.spend(performance.now() - started);
    }
  } catch (err) {
    void run?.catch(() => {});
    if (err instanceof ExtractionError || opts.signal?.aborted) await terminate(slot);
    throw err;
  } finally {
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
    release(slot);
  }
}

/**
 * µg/m³ as OCR reads it — "ug/m?", "pg/m3", "g/m?" (the µ lost), "lug/m*)" (the
 * bracket read as l) — written back as µg/m³, word by word so the boxes still fit:
 * every later rule then sees what a text layer would have said. Grams per cubic
 * metre never appear in an air-quality bulletin, so a bare "g/m?" is µg/m³ too.
 */
export function normalizeOcrWord(word: string): string {
  // A unit row in capitals ("UG/M3") as OCR reads it: "UG/N8", "UGYN8", "UG/MB", "UGM".
  if (/^[Uuµμ]G[/|Y]?[MN][38B³]?S?$/i.test(word)) return 'µg/m³';
  // The slash read as a letter: "ugim?", "ugfm?" (after a u, which no word here begins so);
  // with the exponent, after any misread µ, also as t with the m as n ("pgtn3"), or the g read as o ("po/m?").
  if (/^(?:[uµμ]g[iIlf1]m[3³?*°²]?|[uµμpyh](?:g[/|iIlf1t][mn]|o[/|]m)[3³?*°²])[.,;:]?$/.test(word)) return `µg/m³${/[.,;:]$/.test(word) ? word.slice(-1) : ''}`;
  // "EPMIO", "DPM2.5": a speck read as a letter glued before a formula (no word is made so).
  if (/^[A-Z$&€£](?:PM|MP)[\dIlOoÓ|Z.,]{1,4}$/.test(word)) return word.slice(1);
  // "$8-HR": a speck read as a dollar sign before a number (no bulletin prices anything);
  // "34'": a speck read as an apostrophe after one.
  if (/^\$\d/.test(word)) return word.slice(1);
  if (/^\d+(?:[.,]\d+)?['’`]$/.test(word)) return word.slice(0, -1);
  // "MP2,5:41": a formula glued to its value reads as a time ("5:41"); the gap OCR closed is put back.
  const glued = /^((?:PM|MP)\s?(?:2[,.]5|10)|[NS][O0]2|O3|CO)([:;=])(\d)/i.exec(word);
  if (glued) return `${glued[1]}${glued[2]} ${word.slice(glued[0].length - 1)}`;
  // µ read as u, p, y or h ("hg/m*").
  const m = /^([([]|[lI|](?=[µuμ]))?[µuμpyh]?g[/|]m[3³?*°²]?([)\]]?)([.,;:]?)$/.exec(word);
  if (!m) return word;
  const open = m[1] ? (m[1] === '(' ? '(' : '[') : '';
  const close = open === '[' ? ']' : open === '(' ? ')' : m[2];
  return `${open}µg/m³${close}${m[3] ?? ''}`;
}

interface OcrWord {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  h: number;
  confidence: number;
}

interface OcrLine {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  words: OcrWord[];
}

/** A page row: tesseract lines side by side (table columns are often separate blocks). */
type OcrRow = OcrLine[];

const rowWords = (row: OcrRow): OcrWord[] => row.flatMap((l) => l.words);
const rowTop = (row: OcrRow): number => Math.min(...row.map((l) => l.y0));
const rowBottom = (row: OcrRow): number => Math.max(...row.map((l) => l.y1));
const meanConfidence = (words: OcrWord[]): number => (words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Tesseract's lines with their words, offset by (dx, dy) (a region read on its own). */
function pageLines(page: Page, dx = 0, dy = 0): OcrLine[] {
  const out: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const words = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({ text: normalizeOcrWord(w.text), x0: w.bbox.x0 + dx, x1: w.bbox.x1 + dx, y0: w.bbox.y0 + dy, y1: w.bbox.y1 + dy, h: w.bbox.y1 - w.bbox.y0, confidence: w.confidence / 100 }));
        if (words.length === 0) continue;
        out.push({ x0: line.bbox.x0 + dx, x1: line.bbox.x1 + dx, y0: line.bbox.y0 + dy, y1: line.bbox.y1 + dy, words });
      }
    }
  }
  return out;
}

/**
 * Lines regrouped into page rows: lines from different blocks (table columns are
 * often separate blocks) that overlap vertically by half their height are one row.
 */
function groupRows(lines: OcrLine[]): OcrRow[] {
  const sorted = [...lines].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const rows: OcrRow[] = [];
  for (const l of sorted) {
    const row = rows.find((r) => r.every((o) => {
      const overlap = Math.min(o.y1, l.y1) - Math.max(o.y0, l.y0);
      const disjoint = l.x1 <= o.x0 || l.x0 >= o.x1;
      return disjoint && overlap >= 0.5 * Math.min(o.y1 - o.y0, l.y1 - l.y0);
    }));
    if (row) row.push(l);
    else rows.push([l]);
  }
  return rows;
}

/** At most this many regions are read again per page. */
const SECOND_LOOK_REGIONS = 40;

/** A region of the page to read again, and the rows of the first reading it stands for. */
interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The weak row it is a cell of, or null for a blank band between rows. */
  row: OcrRow | null;
}

/** A region as cut from the page: its box in whole pixels, margins included. */
interface Strip {
  region: Region;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Page layout analysis (PSM 3) sometimes merges a table's stacked header cells
 * ("PM10" over "(µg/m³) 24 h", beside a one-line "Estación") into one garbled line,
 * or drops a band between rules altogether (a fixed-width header under a line of
 * dashes). So, after the first reading:
 *  - a weak row (mean word confidence under 0.75, or a word under 0.5) is cut into
 *    its cells (word groups apart by more than 1.2 line heights), each a region;
 *  - a blank band taller than 2.5 line heights between rows is a region.
 * The regions are cut out and stacked one under another, a line height of white
 * between them, into one small image, which tesseract reads as one uniform block
 * (PSM 6): each cell's stacked lines then read as lines of their own, and the whole
 * second look costs one recognition of a few strips, on whichever worker of the pool is
 * free. (Shared out among several images read side by side, the strips read
 * differently — a strip's reading depends on what else is in its image — and the scan
 * variants lost 12 of 1072 fields, 894 against 906; so one image.)
 * A weak row is replaced by its cells' new reading when that is more confident; a band
 * gains the rows found in it with a confidence of at least 0.6 (a rule, a logo or
 * nothing give none). Out of time, the upload fails (`ocr_timeout`): a first reading
 * standing alone under load was a different result for the same page.
 */
async function secondLook(image: GreyImage, rows: OcrRow[], rotateRadians: number, opts: OcrOptions): Promise<OcrRow[]> {
  if (rows.length === 0) return rows;
  const h = Math.max(4, median(rows.flatMap((r) => rowWords(r).map((w) => w.h))));
  const sorted = [...rows].sort((a, b) => rowTop(a) - rowTop(b));
  const regions: Region[] = [];
  const tooWide = wideNumbers(rows);
  sorted.forEach((row, k) => {
    const words = rowWords(row).sort((a, b) => a.x0 - b.x0);
    if (meanConfidence(words) < 0.75 || words.some((w) => w.confidence < 0.5 || tooWide.has(w))) {
      // The row's cells with a margin of 0.4 line heights (wider crops took in the rows around).
      const y0 = rowTop(row) - 0.4 * h;
      const y1 = rowBottom(row) + 0.4 * h;
      let cell: Region | null = null;
      for (const w of words) {
        if (cell && w.x0 - cell.x1 <= 1.2 * h) cell.x1 = Math.max(cell.x1, w.x1);
        else {
          if (cell) regions.push(cell);
          cell = { x0: w.x0, x1: w.x1, y0, y1, row };
        }
      }
      if (cell) regions.push(cell);
    }
    const next = sorted[k + 1];
    if (next && rowTop(next) - rowBottom(row) > 2.5 * h) regions.push({ x0: -1, x1: -1, y0: rowBottom(row) + 0.2 * h, y1: rowTop(next) - 0.2 * h, row: null });
  });
  if (regions.length === 0) return rows;
  const { data: grey, width: W, height: H } = await pageAsRead(image, rotateRadians);
  // Each region with a margin of 0.4 line heights around it (0.6 to the sides of a cell).
  const boxes: Strip[] = regions.slice(0, SECOND_LOOK_REGIONS).map((r) => {
    const x0 = r.row ? Math.max(0, Math.floor(r.x0 - 0.6 * h)) : 0;
    const x1 = r.row ? Math.min(W, Math.ceil(r.x1 + 0.6 * h)) : W;
    const y0 = Math.max(0, Math.floor(r.y0));
    const y1 = Math.min(H, Math.ceil(r.y1));
    return { region: r, x0, x1, y0, y1 };
  }).filter((b) => b.x1 - b.x0 >= h && b.y1 - b.y0 >= 0.6 * h);
  if (boxes.length === 0) return rows;
  const gap = Math.ceil(1.5 * h);
  const byStrip = await readStrips(grey, W, boxes, gap, opts);
  let out = rows;
  // A region can take in rows already read (a weak row with a tall misread line spans
  // the rows below it): lines over another row's text are that row read again, and are
  // dropped — kept, the page had each of those rows twice.
  const unread = (lines: OcrLine[], except: OcrRow | null): OcrLine[] =>
    lines.filter((l) => !out.some((r) => r !== except && r.some((o) => sameText(l, o))));
  // Weak rows: all their cells' new lines against the row's old words.
  for (const row of new Set(boxes.flatMap((s) => (s.region.row ? [s.region.row] : [])))) {
    const fresh = unread(boxes.filter((s) => s.region.row === row).flatMap((s) => byStrip.get(s) ?? []), row);
    if (fresh.length > 0 && meanConfidence(fresh.flatMap((l) => l.words)) > meanConfidence(rowWords(row)) + 0.03) {
      out = [...out.filter((r) => r !== row), ...groupRows(fresh)];
    }
  }
  // Blank bands: rows found there, if OCR is fairly sure of them.
  for (const s of boxes.filter((x) => x.region.row === null)) {
    const fresh = groupRows(unread(byStrip.get(s) ?? [], null)).filter((r) => meanConfidence(rowWords(r)) >= 0.6);
    out = [...out, ...fresh];
  }
  // Rows read from separate cells of one table row join again.
  return groupRows(out.flat());
}

/**
 * Numbers misread: a digit lost in reading ("112" read "12", the narrow 1s run together) leaves
 * its box as wide as the number printed. Over the page's numbers of two or more digits (at
 * least five), the median width of a digit per line height; a number whose digits are a
 * quarter wider than that is read again with its row, and so is a lone letter between numbers.
 */
function wideNumbers(rows: OcrRow[]): Set<OcrWord> {
  const numbers = rows.flatMap(rowWords).filter((w) => /^\d{1,4}$/.test(w.text) && w.h > 0);
  const perDigit = (w: OcrWord): number => (w.x1 - w.x0) / (w.text.length * w.h);
  const sample = numbers.filter((w) => w.text.length >= 2).map(perDigit);
  const out = new Set<OcrWord>();
  if (sample.length >= 5) {
    const m = median(sample);
    for (const w of numbers) if (w.text.length <= 3 && perDigit(w) > 1.25 * m) out.add(w);
  }
  // A lone lower-case letter that is no word (a, e, o, u and y are words in the bulletins'
  // languages) beside a number — after one, or before one, a placeholder or the row's end
  // ("58   n   62", "14   n   NM", "Sevillana   n   38": 71 read as n) is a number misread.
  const isNumber = (t: string | undefined): boolean => t !== undefined && /^\d/.test(t);
  for (const row of rows) {
    const words = rowWords(row).sort((a, b) => a.x0 - b.x0);
    words.forEach((w, k) => {
      if (!/^[b-df-np-tv-xz]$/.test(w.text)) return;
      const prev = words[k - 1]?.text;
      const next = words[k + 1]?.text;
      if ((isNumber(prev) && (next === undefined || isNumber(next) || PLACEHOLDER.test(next))) || isNumber(next)) out.add(w);
    });
  }
  return out;
}

/**
 * Strips of the page stacked into one image, `gap` pixels of white around each, read
 * on a worker of the pool as one block of lines (of the characters `only` when given,
 * the image enlarged `scale` times); each line read goes back to the strip it lies in,
 * in page coordinates.
 */
async function readStrips(grey: Buffer, W: number, strips: Strip[], gap: number, opts: OcrOptions, only = '', scale = 1): Promise<Map<Strip, OcrLine[]>> {
  const mosaicW = Math.max(...strips.map((b) => b.x1 - b.x0)) + 2 * gap;
  let mosaicH = gap;
  const placed = strips.map((b) => {
    const top = mosaicH;
    mosaicH += b.y1 - b.y0 + gap;
    return { strip: b, top };
  });
  const mosaic = Buffer.alloc(mosaicW * mosaicH, 255);
  for (const { strip: s, top } of placed) {
    for (let y = s.y0; y < s.y1; y++) grey.copy(mosaic, (top + y - s.y0) * mosaicW + gap, y * W + s.x0, y * W + s.x1);
  }
  // Enlarged `scale` times (small words read poorly), then read; the lines' boxes come back to the mosaic's size.
  let encoded = pgm({ data: mosaic, width: mosaicW, height: mosaicH });
  if (scale > 1) {
    const { default: sharp } = await import('sharp');
    const big = await sharp(mosaic, { raw: { width: mosaicW, height: mosaicH, channels: 1 } }).resize(mosaicW * scale, mosaicH * scale, { kernel: 'cubic' }).toColourspace('b-w').raw().toBuffer();
    encoded = pgm({ data: big, width: mosaicW * scale, height: mosaicH * scale });
  }
  const page = await onWorker(opts, async (worker) => {
    await configure(worker, opts, 'block', only);
    return recognise(worker, encoded, {});
  });
  const byStrip = new Map<Strip, OcrLine[]>();
  const down = (v: number): number => v / scale;
  for (const read of pageLines(page)) {
    const line: OcrLine = scale > 1
      ? { x0: down(read.x0), x1: down(read.x1), y0: down(read.y0), y1: down(read.y1), words: read.words.map((w) => ({ ...w, x0: down(w.x0), x1: down(w.x1), y0: down(w.y0), y1: down(w.y1), h: down(w.h) })) }
      : read;
    const mid = (line.y0 + line.y1) / 2;
    const at = placed.find((p) => mid >= p.top && mid < p.top + (p.strip.y1 - p.strip.y0));
    if (!at) continue;
    const dx = at.strip.x0 - gap;
    const dy = at.strip.y0 - at.top;
    const moved: OcrLine = {
      x0: line.x0 + dx,
      x1: line.x1 + dx,
      y0: line.y0 + dy,
      y1: line.y1 + dy,
      words: line.words.map((w) => ({ ...w, x0: w.x0 + dx, x1: w.x1 + dx, y0: w.y0 + dy, y1: w.y1 + dy })),
    };
    byStrip.set(at.strip, [...(byStrip.get(at.strip) ?? []), moved]);
  }
  return byStrip;
}

/**
 * The page's grey pixels as tesseract read them: a page it straightened (`rotateAuto`)
 * is turned the same way about its centre and kept at its size (tesseract's word boxes
 * are in those coordinates; checked on a photo turned 0.4°: the boxes hold its words).
 */
async function pageAsRead(image: GreyImage, rotateRadians: number): Promise<GreyImage> {
  if (rotateRadians === 0) return image;
  const { default: sharp } = await import('sharp');
  const { width, height } = image;
  const turned = await sharp(image.data, { raw: { width, height, channels: 1 } })
    .rotate((rotateRadians * 180) / Math.PI, { background: '#ffffff' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ox = Math.round((turned.info.width - width) / 2);
  const oy = Math.round((turned.info.height - height) / 2);
  const out = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y++) turned.data.copy(out, y * width, (y + oy) * turned.info.width + ox, (y + oy) * turned.info.width + ox + width);
  return { data: out, width, height };
}

/** Two lines over the same text: they overlap across and by half the lower one's height down. */
function sameText(a: OcrLine, b: OcrLine): boolean {
  const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return a.x0 < b.x1 && b.x0 < a.x1 && down >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/** Words of each row split into cells at gaps wider than 1.2 word heights. */
function rowsToLines(rows: OcrRow[], pageNumber: number): OcrResult {
  const all = rows.flatMap(rowWords);
  const lines: TextLine[] = [...rows].sort((a, b) => (rowTop(a) + rowBottom(a)) / 2 - (rowTop(b) + rowBottom(b)) / 2).map((row) => {
    const words = rowWords(row).sort((a, b) => a.x0 - b.x0);
    const h = median(words.map((w) => w.h)) || 10;
    const cells: TextCell[] = [];
    let prevX1 = -Infinity;
    for (const w of words) {
      const last = cells[cells.length - 1];
      const word = { text: w.text, x0: w.x0, x1: w.x1 };
      // A stray dash or rule between two headings ("Station Names — NO2") does not join them.
      const lone = (t: string): boolean => /^[-–—=~_|]+$/.test(t);
      const joinGap = lone(w.text) || lone(last?.words?.[last.words.length - 1]?.text ?? '') ? 0.5 * h : 1.2 * h;
      if (last && w.x0 - prevX1 <= joinGap) {
        last.text += ` ${w.text}`;
        last.x1 = w.x1;
        last.words!.push(word);
      } else cells.push({ text: w.text, x0: w.x0, x1: w.x1, words: [word] });
      prevX1 = w.x1;
    }
    const y0 = rowTop(row);
    return { text: cells.map((c) => c.text).join('   '), page: pageNumber, cells, fontSize: h, confidence: meanConfidence(words), y0, y1: y0 + h };
  });
  return { lines, confidence: meanConfidence(all) };
}

/** Tesseract's page as rows and cells (see `groupRows`, `rowsToLines`). */
export function toLines(page: Page, pageNumber: number): OcrResult {
  return rowsToLines(groupRows(pageLines(page)), pageNumber);
}
