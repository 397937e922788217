/**
 * An ffmpeg child that takes raw frames on stdin (yuv420p converted in process, or
 * RGBA for ffmpeg to convert) and writes an H.264 MP4.
 * Frames are written with backpressure and a small window of writes in flight, so
 * the next frame is drawn while ffmpeg converts and encodes the previous ones, and
 * memory stays flat however long the video is.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { EngineError } from '../errors.js';

export interface EncoderOptions {
  ffmpegPath: string;
  width: number;
  height: number;
  fps: number;
  outFile: string;
  /** What the frames on stdin are: yuv420p (BT.709 limited range, converted by us) or RGBA. */
  inputPixelFormat?: 'yuv420p' | 'rgba';
  /** Writes allowed in flight before `writeFrame` waits (each is one frame). */
  maxInFlight?: number;
  /** x264 knobs; the defaults were measured on flat motion graphics (see bench/engine-render.ts). */
  preset?: string;
  crf?: number;
  /** A constant quantiser instead of CRF (the x264 driver's rate control). */
  qp?: number;
  tune?: string | null;
  /** Extra `-x264-params` (key=value:…); null for none. */
  x264Params?: string | null;
  /**
   * A sound track to mux in as AAC (second ffmpeg input), padded with silence or cut
   * to `durationSec`, the video's length. Without it the MP4 has no audio stream.
   */
  audio?: { file: string; durationSec: number };
}

/** AAC settings of a muxed sound track: speech at 48 kHz, mono or stereo as given. */
export const AUDIO_AAC = { bitrate: '128k', sampleRate: 48000 } as const;

const STDERR_KEEP = 4000;

/**
 * x264 settings chosen by measurement on our flat motion graphics (bench/engine-render.ts
 * --x264, the default 15 s 1080p video against its lossless render). `superfast` with
 * `-tune animation` and macroblock-tree rate control turned back on (superfast turns it
 * off, which makes static backgrounds cost bits on every frame) over a 10-frame
 * look-ahead gives the same PSNR as `veryfast -tune animation` CRF 21 (48.6 dB) at 7 %
 * less size, for two thirds of the CPU time; plain `superfast` is 3× larger.
 */
export const DEFAULT_X264 = { preset: 'superfast', crf: 21, tune: 'animation', x264Params: 'mbtree=1:rc-lookahead=10' } as const;

/** ffmpeg arguments for a raw-frame pipe → H.264 yuv420p BT.709 MP4 with the index first. */
export function encoderArgs(o: EncoderOptions): string[] {
  const rgba = o.inputPixelFormat === 'rgba';
  const args = [
    '-hide_banner', '-loglevel', 'error',
    '-f', 'rawvideo', '-pix_fmt', rgba ? 'rgba' : 'yuv420p', '-s:v', `${o.width}x${o.height}`, '-r', String(o.fps),
    // Frames we converted are BT.709 limited range already; say so on the input too.
    ...(rgba ? [] : ['-colorspace', 'bt709', '-color_range', 'tv']),
    '-i', 'pipe:0',
    ...(o.audio ? ['-i', o.audio.file, '-map', '0:v:0', '-map', '1:a:0'] : ['-an']),
    // RGB → limited-range BT.709 explicitly, so players show the official category
    // colours as drawn; yuv420p input goes to x264 untouched.
    ...(rgba ? ['-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p'] : []),
    '-c:v', 'libx264', '-preset', o.preset ?? DEFAULT_X264.preset, '-crf', String(o.crf ?? DEFAULT_X264.crf),
  ];
  const tune = o.tune === undefined ? DEFAULT_X264.tune : o.tune;
  if (tune) args.push('-tune', tune);
  const x264Params = o.x264Params === undefined ? DEFAULT_X264.x264Params : o.x264Params;
  if (x264Params) args.push('-x264-params', x264Params);
  if (o.audio) {
    // apad makes the track at least as long as the video; -t cuts both at its length.
    args.push('-c:a', 'aac', '-b:a', AUDIO_AAC.bitrate, '-ar', String(AUDIO_AAC.sampleRate), '-af', 'apad', '-t', o.audio.durationSec.toFixed(3));
  }
  args.push(
    '-pix_fmt', 'yuv420p', '-r', String(o.fps),
    '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
    '-movflags', '+faststart', '-f', 'mp4', '-y', o.outFile,
  );
  return args;
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

/** The error for a child process that failed: how it ended, and the last lines it printed. */
export function childFailure(name: string, r: ChildExit, stderrTail: string): EngineError {
  const how = r.error ? `could not start ${name} (${r.error.message})` : r.signal ? `${name} was killed by ${r.signal}` : `${name} exited with code ${String(r.code)}`;
  return new EngineError('ffmpeg_failed', stderrTail ? `${how}: ${stderrTail.split('\n').slice(-3).join(' | ')}` : how, { stderrTail, cause: r.error });
}

/** Settles when `child` has exited (or failed to start), never rejects. */
export function exitOf(child: ChildProcess): Promise<ChildExit> {
  return new Promise((resolve) => {
    let spawnError: Error | undefined;
    child.once('error', (error) => {
      spawnError = error;
      // A failed spawn may never emit 'close'.
      if (child.pid === undefined) resolve({ code: null, signal: null, error });
    });
    child.once('close', (code, signal) => resolve({ code, signal, error: spawnError }));
  });
}

/**
 * Writes to a child's stdin with at most `max` writes in flight: `write` resolves once
 * fewer are unwritten, so drawing runs a few frames ahead of the encoder and memory
 * stays flat. When the child exits meanwhile, the wait rejects with `failure()`.
 */
export class PipeWindow {
  private readonly inFlight: Promise<void>[] = [];

  constructor(
    private readonly stdin: Writable,
    private readonly max: number,
    private readonly exited: Promise<unknown>,
    private readonly failure: () => Promise<Error>,
  ) {}

  async write(chunk: Uint8Array): Promise<void> {
    const p = new Promise<void>((resolve, reject) => {
      this.stdin.write(chunk, (err) => (err ? reject(err) : resolve()));
    });
    p.catch(() => {});
    this.inFlight.push(p);
    while (this.inFlight.length >= this.max) {
      // The loop runs only while the list holds at least `max` (≥ 1) promises.
      const oldest = this.inFlight.shift() as Promise<void>;
      try {
        await Promise.race([oldest, this.exited.then(() => Promise.reject(new Error('the child exited')))]);
      } catch {
        throw await this.failure();
      }
    }
  }

  /** Waits for every queued write. */
  async drain(): Promise<void> {
    try {
      await Promise.all(this.inFlight.splice(0));
    } catch {
      throw await this.failure();
    }
  }
}

export class FrameEncoder {
  private readonly child: ChildProcessByStdio<Writable, null, Readable>;
  private readonly exited: Promise<ChildExit>;
  private readonly window: PipeWindow;
  private stderr = '';
  private killed = false;

  constructor(private readonly o: EncoderOptions) {
    this.child = spawn(o.ffmpegPath, encoderArgs(o), { stdio: ['pipe', 'ignore', 'pipe'] });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-STDERR_KEEP);
    });
    // EPIPE when ffmpeg dies early: reported through `exited`, not as a crash.
    this.child.stdin.on('error', () => {});
    this.exited = exitOf(this.child);
    this.window = new PipeWindow(this.child.stdin, o.maxInFlight ?? 3, this.exited, () => this.failure());
  }

  /** The last lines ffmpeg wrote to stderr. */
  stderrTail(): string {
    return this.stderr.trim().split('\n').slice(-15).join('\n');
  }

  private async failure(): Promise<EngineError> {
    return childFailure('ffmpeg', await this.exited, this.stderrTail());
  }

  /** Queues one frame; resolves once fewer than `maxInFlight` frames are unwritten. */
  writeFrame(frame: Buffer): Promise<void> {
    return this.window.write(frame);
  }

  /** Closes stdin and waits for ffmpeg to finish the file (including the faststart pass). */
  async finish(): Promise<void> {
    await this.window.drain();
    this.child.stdin.end();
    const r = await this.exited;
    if (r.code !== 0 || r.error) throw await this.failure();
  }

  /** Kills ffmpeg and waits until it is gone. */
  async kill(): Promise<void> {
    if (!this.killed) {
      this.killed = true;
      this.child.stdin.destroy();
      this.child.kill('SIGKILL');
    }
    await this.exited;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }
}
