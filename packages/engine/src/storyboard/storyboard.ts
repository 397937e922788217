/**
 * The storyboard of a render: a sprite sheet of small thumbnails, one per second of
 * the video (one per few seconds past two minutes), laid out in a grid, and a WebVTT
 * thumbnails track whose cues point into it with `#xywh=` media fragments — what
 * video players show while scrubbing, and a glance at a whole video in one image.
 *
 * The thumbnails are taken from the frames the render draws anyway (a downscale of
 * the canvas at the middle of each second), so the storyboard costs a few small
 * draws and one JPEG, not a second decode of the video.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

/** Where a render writes its storyboard. */
export interface StoryboardFiles {
  /** The sprite sheet (JPEG). */
  spriteFile: string;
  /** The WebVTT thumbnails track. */
  vttFile: string;
  /** How the cues name the sprite: a URL relative to the track's own URL; defaults to the sprite's file name. */
  spriteUrl?: string;
}

export interface StoryboardLayout {
  /** Seconds of video per thumbnail (1 up to two minutes, more beyond). */
  intervalSec: number;
  /** Thumbnails in the sheet (one per cue). */
  count: number;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  /** Sheet size in pixels: columns × tileWidth by rows × tileHeight. */
  width: number;
  height: number;
}

/** Longest side of a thumbnail, in pixels. */
export const STORYBOARD_TILE_MAX = 160;
/** Thumbnails per row of the sheet. */
export const STORYBOARD_COLUMNS = 10;
/** At most this many thumbnails: past it, each covers more than a second. */
export const STORYBOARD_MAX_TILES = 120;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The grid of a storyboard for a video of `width` × `height` lasting `durationSec`. */
export function storyboardLayout(width: number, height: number, durationSec: number): StoryboardLayout {
  if (!(width > 0 && height > 0 && durationSec > 0)) throw new RangeError('storyboardLayout: needs a positive size and duration');
  const scale = STORYBOARD_TILE_MAX / Math.max(width, height);
  const tileWidth = even(width * scale);
  const tileHeight = even(height * scale);
  const intervalSec = Math.max(1, Math.ceil(durationSec / STORYBOARD_MAX_TILES));
  // A last sliver shorter than a frame gets no thumbnail of its own.
  const count = Math.max(1, Math.ceil(durationSec / intervalSec - 1e-6));
  const columns = Math.min(count, STORYBOARD_COLUMNS);
  const rows = Math.ceil(count / columns);
  return { intervalSec, count, tileWidth, tileHeight, columns, rows, width: columns * tileWidth, height: rows * tileHeight };
}

/** The span of video thumbnail `index` stands for: [start, end) in seconds. */
export function storyboardSpan(layout: StoryboardLayout, durationSec: number, index: number): { start: number; end: number } {
  const start = index * layout.intervalSec;
  return { start, end: Math.min(durationSec, start + layout.intervalSec) };
}

function timestamp(sec: number): string {
  const ms = Math.round(sec * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT thumbnails track: one cue per thumbnail, `spriteUrl#xywh=x,y,w,h`, together covering 0 → `durationSec`. */
export function storyboardVtt(layout: StoryboardLayout, durationSec: number, spriteUrl: string): string {
  const cues: string[] = [];
  for (let i = 0; i < layout.count; i++) {
    const { start, end } = storyboardSpan(layout, durationSec, i);
    const x = (i % layout.columns) * layout.tileWidth;
    const y = Math.floor(i / layout.columns) * layout.tileHeight;
    cues.push(`${timestamp(start)} --> ${timestamp(end)}\n${spriteUrl}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Collects the thumbnails while a video is drawn: `frameFor(i)` tells which output
 * frame each thumbnail is taken from (the middle of its span), `capture` downscales
 * the canvas of that frame into the sheet, `write` stores sheet and track.
 */
export class StoryboardSheet {
  readonly layout: StoryboardLayout;
  private readonly sheet: Canvas;
  private readonly ctx: SKRSContext2D;
  /** Output frame index → thumbnail index. */
  private readonly wanted = new Map<number, number>();

  constructor(
    width: number,
    height: number,
    private readonly durationSec: number,
    fps: number,
    frames: number,
  ) {
    this.layout = storyboardLayout(width, height, durationSec);
    this.sheet = createCanvas(this.layout.width, this.layout.height);
    this.ctx = this.sheet.getContext('2d');
    this.ctx.fillStyle = '#000';
    this.ctx.fillRect(0, 0, this.layout.width, this.layout.height);
    this.ctx.imageSmoothingEnabled = true;
    this.ctx.imageSmoothingQuality = 'high';
    for (let i = 0; i < this.layout.count; i++) {
      const { start, end } = storyboardSpan(this.layout, durationSec, i);
      this.wanted.set(Math.min(frames - 1, Math.floor(((start + end) / 2) * fps)), i);
    }
  }

  /** Whether output frame `frame` is one a thumbnail is taken from. */
  wants(frame: number): boolean {
    return this.wanted.has(frame);
  }

  /** Draws `canvas` (the frame `frame` as output) into its tile. */
  capture(frame: number, canvas: Canvas): void {
    const i = this.wanted.get(frame);
    if (i === undefined) return;
    const { columns, tileWidth, tileHeight } = this.layout;
    this.ctx.drawImage(canvas, 0, 0, canvas.width, canvas.height, (i % columns) * tileWidth, Math.floor(i / columns) * tileHeight, tileWidth, tileHeight);
  }

  /** Writes the sheet and the track under temporary names, renamed into place once both are written. */
  async write(files: StoryboardFiles): Promise<void> {
    const jpeg = await this.sheet.encode('jpeg', 82);
    const vtt = storyboardVtt(this.layout, this.durationSec, files.spriteUrl ?? basename(files.spriteFile));
    const tmp = [`${files.spriteFile}.partial`, `${files.vttFile}.partial`] as const;
    try {
      await Promise.all([mkdir(dirname(files.spriteFile), { recursive: true }), mkdir(dirname(files.vttFile), { recursive: true })]);
      await Promise.all([writeFile(tmp[0], jpeg), writeFile(tmp[1], vtt)]);
      await rename(tmp[0], files.spriteFile);
      await rename(tmp[1], files.vttFile);
    } catch (err) {
      await Promise.all(tmp.map((f) => rm(f, { force: true })));
      throw err;
    }
  }
}
