/**
 * Renders one video: frames drawn on a Skia canvas and piped to ffmpeg, the MP4 and
 * a poster PNG written under temporary names beside their targets and renamed into
 * place only when everything succeeded.
 */
import { createCanvas } from '@napi-rs/canvas';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { CaptionOverlay, type CaptionOptions } from '../captions/overlay.js';
import { EngineError } from '../errors.js';
import { FrameEncoder } from '../ffmpeg/encoder.js';
import { findFfmpeg, findX264Driver } from '../ffmpeg/locate.js';
import { X264Encoder } from '../ffmpeg/x264-encoder.js';
import { normalizeRenderParams } from '../params/normalize.js';
import type { RenderParams } from '../params/types.js';
import { resolveTheme, type ThemeInput } from '../theme/index.js';
import { FrameSource, type FrameStats, type PixelPath } from './frame-source.js';
import { FPS, frameGeometry } from './geometry.js';
import { prepareCard } from './cards.js';
import { StoryboardSheet, type StoryboardFiles } from '../storyboard/storyboard.js';
import type { DrawableScene } from './drawable.js';
import { prepareScene, readTemplateTiles } from './scene.js';
import { holdTimeline } from './timeline.js';

export interface RenderOptions {
  outFile: string;
  /** Poster PNG path; defaults to `outFile` with a `.png` extension. */
  posterFile?: string;
  /** Called with 0…1, never decreasing, ending with exactly 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** ffmpeg binary; defaults to `findFfmpeg()`. */
  ffmpegPath?: string;
  /** Encoder tuning (benchmarks); leave unset in production. */
  encoder?: {
    /**
     * 'x264' (the default where it was built): our libx264 driver, sent only the
     * blocks that changed; 'ffmpeg': whole frames piped to ffmpeg's encoder.
     */
    backend?: 'x264' | 'ffmpeg';
    preset?: string;
    crf?: number;
    /** Constant quantiser (x264 driver only; its default rate control). */
    qp?: number;
    tune?: string | null;
    x264Params?: string | null;
    maxInFlight?: number;
  };
  /** Redraw only what changed between frames (default true); false forces full frames. */
  incremental?: boolean;
  /**
   * Who converts RGBA to yuv420p: 'wasm-simd' (default) or 'js' in process, only
   * where pixels changed; 'ffmpeg' pipes RGBA and lets ffmpeg convert every frame
   * (benchmarks).
   */
  pixelPath?: PixelPath;
  /** Receives how frames were produced and where the time went (benchmarks). */
  onStats?: (stats: FrameStats) => void;
  /**
   * Captions (times in seconds of the output video). With `burnIn` (the default)
   * they are drawn on a plate near the bottom of every frame, one cue at a time.
   */
  captions?: CaptionOptions;
  /**
   * A sound track (narration) muxed into the MP4 as AAC, from time 0; padded with
   * silence to the video's length, and cut there if longer. Any format ffmpeg reads.
   */
  audio?: { file: string };
  /**
   * The video lasts at least this long (e.g. to fit a narration): a template told in
   * scenes lengthens its last scene; any other holds still at its poster moment for
   * the extra time, then plays its outro. With a brand's cards, the intro and the
   * report together last this long and the outro card follows.
   */
  minDurationSec?: number;
  /** Also write a storyboard: a sprite of one thumbnail per second and its WebVTT thumbnails track (see storyboard/). */
  storyboard?: StoryboardFiles;
  /**
   * The look (a brand's colours, typeface, logo, credit); the built-in look if
   * omitted. Too-faint colours are adjusted as `resolveTheme` reports. Its intro and
   * outro cards, when it has them, play before and after the report and lengthen the
   * video by their durations (captions and audio are in output time, from the intro's start).
   */
  theme?: ThemeInput;
}

export interface RenderResult {
  outFile: string;
  posterFile: string;
  /** The storyboard's files, when one was asked for. */
  storyboard: StoryboardFiles | null;
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  frames: number;
  bytes: number;
  renderMs: number;
}

/** Longest video a hold may stretch a template to. */
export const MAX_DURATION_SEC = 600;

function tempNameFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.partial`);
}

/** A stretch of the video drawn from one scene: the intro card, the report, the outro card. */
interface Segment {
  scene: DrawableScene;
  frames: number;
  /** The scene's frame shown at the segment's frame `i`. */
  sceneFrame(i: number): number;
}

function sumStats(all: FrameStats[]): FrameStats {
  const sum = (k: keyof FrameStats) => all.reduce((n, s) => n + s[k], 0);
  return { full: sum('full'), partial: sum('partial'), reused: sum('reused'), composited: sum('composited'), pixels: sum('pixels'), drawMs: sum('drawMs'), readMs: sum('readMs'), convertMs: sum('convertMs') };
}

function abortError(): EngineError {
  return new EngineError('aborted', 'render aborted');
}

/**
 * Validates `params` (raw input or already normalized), renders the template to an
 * H.264/yuv420p/30 fps MP4 with the index up front, and writes a poster PNG of a
 * settled frame. Rejects with EngineError: `invalid_params`/`unknown_template` before
 * any work, `ffmpeg_not_found`, `ffmpeg_failed` (with the stderr tail) or `aborted`;
 * on any failure no output or temporary file is left behind.
 */
export async function renderVideo(params: unknown, opts: RenderOptions): Promise<RenderResult> {
  return renderNormalizedVideo(normalizeRenderParams(params), opts);
}

/**
 * {@link renderVideo} for parameters that `normalizeRenderParams` or
 * `completeRenderParams` already gave back (a service that checked them where
 * they came in): they are rendered as they are, not checked again.
 */
export async function renderNormalizedVideo(p: RenderParams, opts: RenderOptions): Promise<RenderResult> {
  const started = performance.now();
  if (opts.signal?.aborted) throw abortError();
  const ffmpegPath = opts.ffmpegPath ?? findFfmpeg();
  const outFile = resolve(opts.outFile);
  const posterFile = resolve(opts.posterFile ?? (extname(outFile) ? outFile.slice(0, -extname(outFile).length) : outFile) + '.png');
  await mkdir(dirname(outFile), { recursive: true });
  await mkdir(dirname(posterFile), { recursive: true });

  const { theme } = await resolveTheme(opts.theme);
  if (opts.minDurationSec !== undefined && !(Number.isFinite(opts.minDurationSec) && opts.minDurationSec >= 0 && opts.minDurationSec <= MAX_DURATION_SEC)) {
    throw new EngineError('invalid_params', `minDurationSec must be between 0 and ${MAX_DURATION_SEC} seconds`, { fields: [{ field: 'minDurationSec', message: `must be between 0 and ${MAX_DURATION_SEC}` }] });
  }
  // A brand's intro and outro cards play before and after the report. The intro and the
  // report together last at least minDurationSec (a narration placed on the scene
  // timeline, which starts with the intro); the outro follows.
  const intro = prepareCard('intro', theme, p.format, p.resolution);
  const outro = prepareCard('outro', theme, p.format, p.resolution);
  const introFrames = intro?.frames ?? 0;
  const reportMinSec = opts.minDurationSec === undefined ? undefined : Math.max(0, opts.minDurationSec - introFrames / FPS);
  const mapTiles = await readTemplateTiles(p);
  const burnCaptions = opts.captions !== undefined && opts.captions.burnIn !== false;
  const ps = prepareScene(p, { theme, mapTiles, captions: burnCaptions, ...(reportMinSec !== undefined ? { minDurationSec: reportMinSec } : {}) });
  const reportPoster = Math.min(ps.frames - 1, Math.round(ps.scene.posterTime * ps.fps));
  const timeline = holdTimeline(ps.frames, ps.fps, reportPoster, reportMinSec);
  const segments: Segment[] = [
    ...(intro ? [{ scene: intro, frames: intro.frames, sceneFrame: (i: number) => i }] : []),
    { scene: ps, frames: timeline.frames, sceneFrame: timeline.templateFrame },
    ...(outro ? [{ scene: outro, frames: outro.frames, sceneFrame: (i: number) => i }] : []),
  ];
  const totalFrames = segments.reduce((n, s) => n + s.frames, 0);
  const durationSec = totalFrames / ps.fps;
  // The poster is the report's settled moment (the hold starts there, so its index is the template's), after the intro.
  const posterFrame = introFrames + reportPoster;
  const overlay = opts.captions && burnCaptions ? new CaptionOverlay(opts.captions.cues, p.format, frameGeometry(p.format, p.resolution).design, createCanvas(8, 8).getContext('2d')) : null;
  const tmpVideo = tempNameFor(outFile);
  const tmpPoster = tempNameFor(posterFile);
  const storyboard = opts.storyboard ? { files: { ...opts.storyboard, spriteFile: resolve(opts.storyboard.spriteFile), vttFile: resolve(opts.storyboard.vttFile) }, sheet: new StoryboardSheet(ps.width, ps.height, durationSec, ps.fps, totalFrames) } : null;
  const maxInFlight = opts.encoder?.maxInFlight ?? 3;
  const pixelPath = opts.pixelPath ?? 'wasm-simd';
  const driverPath = pixelPath !== 'ffmpeg' && opts.encoder?.backend !== 'ffmpeg' ? findX264Driver() : null;
  if (opts.encoder?.backend === 'x264' && !driverPath) throw new EngineError('ffmpeg_not_found', 'the x264 encoder backend was asked for, but aqcast-x264 was not built (it needs a C compiler and libx264-dev at npm ci)');
  const { backend: _backend, ...tuning } = opts.encoder ?? {};
  const encoderOptions = {
    ffmpegPath,
    width: ps.width,
    height: ps.height,
    fps: ps.fps,
    outFile: tmpVideo,
    ...tuning,
    inputPixelFormat: pixelPath === 'ffmpeg' ? ('rgba' as const) : ('yuv420p' as const),
    maxInFlight,
    ...(opts.audio ? { audio: { file: resolve(opts.audio.file), durationSec } } : {}),
  };
  const encoder = driverPath ? new X264Encoder({ ...encoderOptions, driverPath }) : new FrameEncoder(encoderOptions);

  let aborted = false;
  const onAbort = () => {
    aborted = true;
    void encoder.kill();
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  let last = -1;
  /**
   * The poster, encoded on libuv's pool while frames go on being drawn: encode() takes
   * its snapshot of the canvas before it returns, and awaiting it in the loop held the
   * render (0.2–0.3 s of a 1080p render spent waiting on a PNG).
   */
  let posterWrite: Promise<void> | null = null;
  const report = (f: number) => {
    if (!opts.onProgress || f <= last) return;
    last = f;
    opts.onProgress(f);
  };

  try {
    // One more buffer than writes in flight: a slot is reused only once its write is done.
    // Each segment (intro, report, outro) has its own source; its first frame is drawn in full.
    const sourceOf = (k: number) => new FrameSource(segments[k]!.scene, maxInFlight + 1, opts.incremental ?? true, pixelPath, overlay);
    let seg = 0;
    let segStart = 0;
    let source = sourceOf(0);
    const stats: FrameStats[] = [];
    report(0);
    for (let i = 0; i < totalFrames; i++) {
      if (aborted) throw abortError();
      while (i - segStart >= segments[seg]!.frames) {
        stats.push(source.stats);
        segStart += segments[seg]!.frames;
        source = sourceOf(++seg);
      }
      const update = source.updateAt(segments[seg]!.sceneFrame(i - segStart), i / ps.fps);
      if (i === posterFrame) {
        posterWrite = source.copyFrame().encode('png').then((png) => writeFile(tmpPoster, png));
        // A failure surfaces where it is awaited (after the loop, or in the catch), not as an unhandled rejection meanwhile.
        posterWrite.catch(() => {});
      }
      if (storyboard?.sheet.wants(i)) storyboard.sheet.capture(i, source.copyFrame());
      if (encoder instanceof X264Encoder) await encoder.writeUpdate(update.frame, update.blocks);
      else await encoder.writeFrame(source.toRing(update));
      // Encoding lags drawing by a few frames; keep the last 3 % for the final flush.
      if (i % 5 === 0) report(Math.min(0.97, ((i + 1) / totalFrames) * 0.97));
    }
    stats.push(source.stats);
    if (aborted) throw abortError();
    await posterWrite;
    await encoder.finish();
    if (aborted) throw abortError();
    opts.onStats?.(sumStats(stats));
    if (storyboard) await storyboard.sheet.write(storyboard.files);
    await rename(tmpPoster, posterFile);
    await rename(tmpVideo, outFile);
    const bytes = (await stat(outFile)).size;
    report(1);
    return {
      outFile,
      posterFile,
      storyboard: storyboard?.files ?? null,
      width: ps.width,
      height: ps.height,
      fps: ps.fps,
      durationSec,
      frames: totalFrames,
      bytes,
      renderMs: Math.round(performance.now() - started),
    };
  } catch (err) {
    await encoder.kill();
    // A poster still being written would land after its temporary file is removed.
    await posterWrite?.catch(() => {});
    await Promise.all([rm(tmpVideo, { force: true }), rm(tmpPoster, { force: true }), ...(storyboard ? [rm(storyboard.files.spriteFile, { force: true }), rm(storyboard.files.vttFile, { force: true })] : [])]);
    if (aborted) throw abortError();
    if (err instanceof EngineError) throw err;
    throw new EngineError('ffmpeg_failed', `render failed: ${err instanceof Error ? err.message : String(err)}`, { stderrTail: encoder.stderrTail(), cause: err });
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
