/**
 * H.264 through our own libx264 driver (native/aqcast-x264.c), which is told what
 * did not change: each frame goes out as only the pixel blocks the frame source
 * redrew, and the driver marks every macroblock outside them constant, so x264 codes
 * those as skips without analysing them. ffmpeg then only muxes the stream (and a
 * sound track) into the MP4, copying the video.
 *
 * Same contract as FrameEncoder: a small window of writes in flight with
 * backpressure, `finish()` once the file is complete, `kill()` on abort.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { EngineError } from '../errors.js';
import type { Rect } from '../templates/types.js';
import { AUDIO_AAC, childFailure, exitOf, PipeWindow, type ChildExit, type EncoderOptions } from './encoder.js';

/** Frame header magic of the driver's input ("AAF1", little-endian). */
const MAGIC = 0x31464141;
const STDERR_KEEP = 4000;

/**
 * x264 settings for the driver, chosen by measurement (bench/engine-render.ts --x264).
 * A skip is forced only where the previous frame is the reference, no weighted
 * prediction is used in that frame, and the reference's quantiser is no coarser; so
 * no B-frames, and a constant quantiser instead of rate control that moves it from
 * frame to frame (mbtree, AQ, CRF; these also need x264's look-ahead, which analyses
 * every frame at half size). Weighted prediction stays: x264 uses it only in fades,
 * where it halves the outro's size. Three reference frames cost no time and ~3 % size.
 * QP 22 gives a little more PSNR than the ffmpeg path's CRF 21 with mbtree and
 * B-frames, at a larger size (see the README's engine section for the figures).
 */
export const DRIVER_X264 = { preset: 'superfast', tune: 'animation', qp: 22, x264Params: 'bframes=0:weightp=0:mbtree=0:rc-lookahead=0:scenecut=0:aq-mode=0:ref=3' } as const;

/** ffmpeg arguments that mux an Annex B H.264 stream from stdin (and audio) into an MP4. */
export function muxerArgs(o: EncoderOptions): string[] {
  // `-r` before the input stamps frame n at n/fps exactly; the raw H.264 reader's own
  // 1/1200000 clock rounds some frames a tick early, and tools that pair frames by
  // time (ffmpeg's psnr filter) then pair the wrong ones. The track's clock is what
  // ffmpeg picks for rawvideo at this rate (15360 at 30 fps).
  let timescale = o.fps;
  while (timescale < 10000) timescale *= 2;
  const args = ['-hide_banner', '-loglevel', 'error', '-r', String(o.fps), '-f', 'h264', '-i', 'pipe:0'];
  if (o.audio) args.push('-i', o.audio.file, '-map', '0:v:0', '-map', '1:a:0');
  else args.push('-an');
  args.push('-c:v', 'copy');
  if (o.audio) {
    args.push('-c:a', 'aac', '-b:a', AUDIO_AAC.bitrate, '-ar', String(AUDIO_AAC.sampleRate), '-af', 'apad', '-t', o.audio.durationSec.toFixed(3));
  }
  args.push('-video_track_timescale', String(timescale), '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv', '-movflags', '+faststart', '-f', 'mp4', '-y', o.outFile);
  return args;
}

export class X264Encoder {
  private readonly driver: ChildProcess & { stdin: NonNullable<ChildProcess['stdin']>; stderr: Readable };
  private readonly muxer: ChildProcess & { stderr: Readable };
  private readonly driverExit: Promise<ChildExit>;
  private readonly muxerExit: Promise<ChildExit>;
  private readonly window: PipeWindow;
  private readonly ring: Buffer[];
  private slot = -1;
  private stderr = '';
  private killed = false;

  constructor(private readonly o: EncoderOptions & { driverPath: string }) {
    const maxInFlight = o.maxInFlight ?? 3;
    this.ring = Array.from({ length: maxInFlight + 1 }, () => Buffer.alloc(0));
    // spawn's overloads type stdio as a generic tuple; these pipes are the ones the field names.
    this.muxer = spawn(o.ffmpegPath, muxerArgs(o), { stdio: ['pipe', 'ignore', 'pipe'] }) as typeof this.muxer;
    this.muxerExit = exitOf(this.muxer);
    // A CRF given by the caller wins; otherwise a constant quantiser.
    const rate = o.crf !== undefined ? ['crf', String(o.crf)] : ['qp', String(o.qp ?? DRIVER_X264.qp)];
    const settings = [String(o.width), String(o.height), String(o.fps), o.preset ?? DRIVER_X264.preset, (o.tune === undefined ? DRIVER_X264.tune : o.tune) ?? 'none', ...rate];
    const params = o.x264Params === undefined ? DRIVER_X264.x264Params : o.x264Params;
    // The driver writes straight into ffmpeg's stdin (the pipe is shared, not copied through node).
    const muxIn = this.muxer.stdin;
    // spawn's overloads type stdio as a generic tuple; these pipes are the ones the field names.
    this.driver = spawn(o.driverPath, [...settings, ...(params ? [params] : [])], { stdio: ['pipe', muxIn ?? 'ignore', 'pipe'] }) as typeof this.driver;
    // Our copy of the pipe's write end must close, or ffmpeg never sees the stream end.
    muxIn?.destroy();
    this.driverExit = exitOf(this.driver);
    for (const child of [this.driver, this.muxer]) {
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => {
        this.stderr = (this.stderr + d).slice(-STDERR_KEEP);
      });
    }
    // EPIPE when the driver dies early: reported through its exit, not as a crash.
    this.driver.stdin.on('error', () => {});
    this.window = new PipeWindow(this.driver.stdin, maxInFlight, this.driverExit, () => this.failure());
  }

  stderrTail(): string {
    return this.stderr.trim().split('\n').slice(-15).join('\n');
  }

  private async failure(): Promise<EngineError> {
    const [d, m] = await Promise.all([this.driverExit, this.muxerExit]);
    // The driver failing first makes ffmpeg fail too (its input ends early): name the driver.
    return d.code !== 0 || d.error ? childFailure('aqcast-x264', d, this.stderrTail()) : childFailure('ffmpeg', m, this.stderrTail());
  }

  /**
   * A buffer of the ring for a message of `bytes` (slots grow to the largest message
   * they carried): a pipe write holds its buffer until the driver has read it, and the
   * ring has one slot more than writes in flight. A fresh buffer per frame left up to
   * ~150 MB of written messages waiting for the garbage collector.
   */
  private messageBuffer(bytes: number): Buffer {
    this.slot = (this.slot + 1) % this.ring.length;
    let buf = this.ring[this.slot]!;
    // Grown in 256 KB steps to what it must hold, so a render's ring stays near 4 × its largest frame.
    if (buf.length < bytes) this.ring[this.slot] = buf = Buffer.allocUnsafe(Math.ceil(bytes / 262144) * 262144);
    return buf.subarray(0, bytes);
  }

  /**
   * Queues one frame given as the whole I420 frame and the blocks that changed
   * (empty: same as the previous frame); only the blocks are sent. Resolves once
   * fewer than `maxInFlight` frames are unwritten.
   */
  async writeUpdate(frame: Uint8Array, blocks: readonly Rect[]): Promise<void> {
    const { width, height } = this.o;
    let bytes = 8;
    for (const b of blocks) bytes += 16 + (b.w * b.h * 3) / 2;
    const msg = this.messageBuffer(bytes);
    const src = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
    msg.writeUInt32LE(MAGIC, 0);
    msg.writeUInt32LE(blocks.length, 4);
    let at = 8;
    const uOff = width * height;
    const vOff = uOff + (width / 2) * (height / 2);
    const cw = width / 2;
    for (const { x, y, w, h } of blocks) {
      msg.writeUInt32LE(x, at);
      msg.writeUInt32LE(y, at + 4);
      msg.writeUInt32LE(w, at + 8);
      msg.writeUInt32LE(h, at + 12);
      at += 16;
      for (let j = 0, from = y * width + x; j < h; j++, at += w, from += width) src.copy(msg, at, from, from + w);
      for (const off of [uOff, vOff]) {
        for (let j = 0, from = off + (y / 2) * cw + x / 2; j < h / 2; j++, at += w / 2, from += cw) src.copy(msg, at, from, from + w / 2);
      }
    }
    await this.window.write(msg);
  }

  /** Ends the stream and waits for the driver and ffmpeg to finish the file. */
  async finish(): Promise<void> {
    await this.window.drain();
    this.driver.stdin.end();
    this.ring.fill(Buffer.alloc(0)); // all written: let the garbage collector have them now
    const [d, m] = await Promise.all([this.driverExit, this.muxerExit]);
    if (d.code !== 0 || d.error || m.code !== 0 || m.error) throw await this.failure();
  }

  /** Kills both processes and waits until they are gone. */
  async kill(): Promise<void> {
    if (!this.killed) {
      this.killed = true;
      this.driver.stdin.destroy();
      this.driver.kill('SIGKILL');
      this.muxer.kill('SIGKILL');
    }
    await Promise.all([this.driverExit, this.muxerExit]);
  }

  get pid(): number | undefined {
    return this.driver.pid;
  }
}
