/**
 * OCR with tesseract.js in a bounded pool of workers (one by default: each holds
 * three language models, ~150 MB), created on first use, reused by every upload,
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
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Page, Worker } from 'tesseract.js';
import { ExtractionError } from './errors.js';
import type { TextCell, TextLine } from './types.js';

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

interface Slot {
  worker: Promise<Worker> | null;
  busy: boolean;
}

let poolSize = 1;
const slots: Slot[] = [];
const waiting: Array<(slot: Slot) => void> = [];

/**
 * Size the OCR pool (default 1). More workers recognise pages in parallel on more
 * cores, at ~150 MB each; the service sets it from its config.
 */
export function configureOcr(opts: { workers?: number }): void {
  if (opts.workers !== undefined) poolSize = Math.max(1, Math.floor(opts.workers));
}

function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

function startWorker(slot: Slot): Promise<Worker> {
  const created = import('tesseract.js').then(({ createWorker, OEM }) =>
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
    void created.then((w) => w.terminate(), () => {});
  });
  return p;
}

function acquire(): Promise<Slot> {
  const free = slots.find((s) => !s.busy);
  if (free) {
    free.busy = true;
    return Promise.resolve(free);
  }
  if (slots.length < poolSize) {
    const slot: Slot = { worker: null, busy: true };
    slots.push(slot);
    return Promise.resolve(slot);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(slot: Slot): void {
  const next = waiting.shift();
  if (next) next(slot);
  else slot.busy = false;
}

async function terminate(slot: Slot): Promise<void> {
  const p = slot.worker;
  slot.worker = null;
  if (p) await p.then((w) => w.terminate(), () => {});
}

/** Stop the OCR workers (on shutdown, or after a timeout left one busy). The next OCR starts new ones. */
export async function shutdownOcr(): Promise<void> {
  await Promise.all(slots.map((s) => terminate(s)));
}

export interface OcrOptions {
  /** Absolute time (Date.now()) by which recognition must finish. */
  deadline: number;
  signal?: AbortSignal;
  /** Let tesseract straighten a slightly rotated image. */
  rotateAuto?: boolean;
  /** Tesseract page segmentation: 'auto' (PSM 3) finds columns and blocks; 'block' (PSM 6) reads one uniform block. */
  segmentation?: 'auto' | 'block';
}

export interface OcrResult {
  lines: TextLine[];
  /** Mean word confidence, 0..1. */
  confidence: number;
}

/**
 * Recognise one encoded image on a worker of the pool; the deadline counts from
 * when this job starts. On timeout or abort that worker is terminated (tesseract
 * cannot cancel a recognition) and `ocr_timeout` / the abort reason is thrown.
 */
export async function ocrImage(image: Buffer, page: number, opts: OcrOptions): Promise<OcrResult> {
  const slot = await acquire();
  try {
    opts.signal?.throwIfAborted();
    const remaining = opts.deadline - Date.now();
    if (remaining <= 0) throw new ExtractionError('ocr_timeout', 'text recognition ran out of time');
    const run = (async () => {
      const { PSM } = await import('tesseract.js');
      const worker = await (slot.worker ?? startWorker(slot));
      // debug_file: tesseract's notes ("Estimating resolution as …") go nowhere instead of stderr.
      await worker.setParameters({ tessedit_pageseg_mode: opts.segmentation === 'block' ? PSM.SINGLE_BLOCK : PSM.AUTO, preserve_interword_spaces: '1', debug_file: '/dev/null' });
      return worker.recognize(image, { rotateAuto: opts.rotateAuto ?? false }, { blocks: true, text: false });
    })();
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(opts.signal?.reason ?? new Error('aborted'));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const res = await withTimeout(Promise.race([run, aborted]), remaining, () => new ExtractionError('ocr_timeout', `text recognition took longer than the limit`));
      return toLines(res.data, page);
    } catch (err) {
      void run.catch(() => {});
      if (err instanceof ExtractionError || opts.signal?.aborted) await terminate(slot);
      throw err;
    } finally {
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
    }
  } finally {
    release(slot);
  }
}

interface OcrLine {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  words: Array<{ text: string; x0: number; x1: number; y0: number; y1: number; h: number; confidence: number }>;
}

/**
 * Tesseract's lines, regrouped into page rows: lines from different blocks (table
 * columns are often separate blocks) that overlap vertically by half their height
 * are one row; words then split into cells at gaps wider than 1.2 word heights.
 */
export function toLines(page: Page, pageNumber: number): OcrResult {
  const raw: OcrLine[] = [];
  let confSum = 0;
  let confN = 0;
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const words = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({ text: w.text, x0: w.bbox.x0, x1: w.bbox.x1, y0: w.bbox.y0, y1: w.bbox.y1, h: w.bbox.y1 - w.bbox.y0, confidence: w.confidence / 100 }));
        if (words.length === 0) continue;
        for (const w of words) {
          confSum += w.confidence;
          confN += 1;
        }
        raw.push({ x0: line.bbox.x0, x1: line.bbox.x1, y0: line.bbox.y0, y1: line.bbox.y1, words });
      }
    }
  }
  raw.sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const rows: OcrLine[][] = [];
  for (const l of raw) {
    const row = rows.find((r) => r.every((o) => {
      const overlap = Math.min(o.y1, l.y1) - Math.max(o.y0, l.y0);
      const disjoint = l.x1 <= o.x0 || l.x0 >= o.x1;
      return disjoint && overlap >= 0.5 * Math.min(o.y1 - o.y0, l.y1 - l.y0);
    }));
    if (row) row.push(l);
    else rows.push([l]);
  }
  const lines: TextLine[] = rows.map((row) => {
    const words = row.flatMap((l) => l.words).sort((a, b) => a.x0 - b.x0);
    const hs = words.map((w) => w.h).sort((a, b) => a - b);
    const h = hs[Math.floor(hs.length / 2)] ?? 10;
    const cells: TextCell[] = [];
    let prevX1 = -Infinity;
    for (const w of words) {
      const last = cells[cells.length - 1];
      const word = { text: w.text, x0: w.x0, x1: w.x1 };
      if (last && w.x0 - prevX1 <= 1.2 * h) {
        last.text += ` ${w.text}`;
        last.x1 = w.x1;
        last.words!.push(word);
      } else cells.push({ text: w.text, x0: w.x0, x1: w.x1, words: [word] });
      prevX1 = w.x1;
    }
    const confidence = words.reduce((s, w) => s + w.confidence, 0) / words.length;
    const y0 = Math.min(...row.map((l) => l.y0));
    return { text: cells.map((c) => c.text).join('   '), page: pageNumber, cells, fontSize: h, confidence, y0, y1: y0 + h };
  });
  return { lines, confidence: confN ? confSum / confN : 0 };
}
