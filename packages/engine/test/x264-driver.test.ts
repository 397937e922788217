// The x264 driver (native/aqcast-x264.c): built by npm ci, fed only the blocks that
// changed, and its MP4 checked against a lossless render of the same frames.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFfmpeg, findFfprobe, findX264Driver, renderVideo } from '../src/index.ts';
import { probe } from './helpers.ts';

const VALUES = { location: 'Santiago', pm25: 87.4, pm10: 140, no2: 42, o3: 96, so2: 8, co: 0.8, temperatura: 9, humidity: 64, date: '2026-11-22', resolution: '360p' };
let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'aqcast-x264-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function driver(): string {
  const path = findX264Driver();
  assert.ok(path, 'aqcast-x264 was not built or does not run: npm ci builds it where a C compiler and libx264-dev are installed (.ci/run installs them)');
  return path;
}

/** PSNR of each frame of `a` against the same-numbered frame of `b`, pairing frames by number, not time. */
function framePsnr(a: string, b: string): number[] {
  const log = join(dir, `psnr-${Date.now()}.log`);
  execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-i', a, '-i', b, '-lavfi', `[0:v]setpts=N/30/TB[x];[1:v]setpts=N/30/TB[y];[x][y]psnr=stats_file=${log}`, '-f', 'null', '-']);
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const v = /psnr_avg:(\S+)/.exec(line)?.[1] ?? 'nan';
      return v === 'inf' ? Infinity : Number(v);
    });
}

/** Presentation times of the video packets, in seconds. */
function packetTimes(file: string): number[] {
  const out = execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map(Number)
    .sort((x, y) => x - y);
}

describe('x264 driver', () => {
  it('is built and runs here', () => {
    const r = spawnSync(driver(), ['--check'], { encoding: 'utf8' });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /libx264 build \d+/);
  });

  it('encodes what was drawn: every frame close to a lossless render, exact 30 fps timestamps, BT.709 flags', async () => {
    driver();
    const lossless = join(dir, 'lossless.mp4');
    const viaDriver = join(dir, 'driver.mp4');
    const viaFfmpeg = join(dir, 'ffmpeg.mp4');
    await renderVideo(VALUES, { outFile: lossless, encoder: { backend: 'ffmpeg', crf: 0, preset: 'ultrafast', tune: null, x264Params: null } });
    const r = await renderVideo(VALUES, { outFile: viaDriver, encoder: { backend: 'x264' } });
    await renderVideo(VALUES, { outFile: viaFfmpeg, encoder: { backend: 'ffmpeg' } });

    const p = probe(viaDriver);
    assert.deepEqual([p.codec, p.pixFmt, p.fps, p.width, p.height], ['h264', 'yuv420p', '30/1', 640, 360]);
    assert.equal(p.frames, r.frames);
    assert.equal(p.frames, probe(lossless).frames);
    const times = packetTimes(viaDriver);
    times.forEach((t, n) => assert.ok(Math.abs(t - n / 30) < 1e-4, `frame ${n} at ${t}s, not ${n / 30}s`));
    const colour = execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=color_space,color_transfer,color_primaries,color_range', '-of', 'csv=p=0', viaDriver], { encoding: 'utf8' }).trim();
    assert.equal(colour, 'tv,bt709,bt709,bt709');

    // Which encoder wrote each file: x264 records its settings in the stream.
    assert.match(readFileSync(viaDriver, 'latin1'), /bframes=0 .*qp=22/);
    assert.match(readFileSync(viaFfmpeg, 'latin1'), /bframes=[1-9].*crf=21/);

    // A skipped block that should have changed (a wrong rectangle, a stale frame) costs
    // far more than quantisation: the stale region of the first draft of this driver
    // showed as 29–33 dB frames among 50 dB ones.
    const driverPsnr = framePsnr(viaDriver, lossless);
    const ffmpegPsnr = framePsnr(viaFfmpeg, lossless);
    assert.equal(driverPsnr.length, r.frames);
    const worst = Math.min(...driverPsnr);
    const mean = driverPsnr.reduce((s, v) => s + v, 0) / driverPsnr.length;
    assert.ok(worst > 40, `worst frame ${worst.toFixed(2)} dB`);
    assert.ok(mean >= Math.min(...ffmpegPsnr), `mean ${mean.toFixed(2)} dB`);
  });
});

describe('x264 driver input checks', () => {
  const frameHeader = (rects: number) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(0x31464141, 0);
    b.writeUInt32LE(rects, 4);
    return b;
  };
  const rect = (x: number, y: number, w: number, h: number, fill = 128) => {
    const head = Buffer.alloc(16);
    [x, y, w, h].forEach((v, k) => head.writeUInt32LE(v, k * 4));
    return Buffer.concat([head, Buffer.alloc((w * h * 3) / 2, fill)]);
  };
  const run = (input: Buffer, args = ['32', '32', '30', 'superfast', 'none', 'qp', '22']) => spawnSync(driver(), args, { input, encoding: 'latin1' });

  it('writes an H.264 stream for a full first frame and a repeated one', () => {
    const r = run(Buffer.concat([frameHeader(1), rect(0, 0, 32, 32), frameHeader(0), frameHeader(1), rect(16, 16, 16, 16, 200)]));
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.startsWith('\0\0\0\x01'), 'an Annex B start code');
    const file = join(dir, 'tiny.h264');
    execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-f', 'h264', '-i', '-', '-c', 'copy', '-f', 'h264', '-y', file], { input: Buffer.from(r.stdout, 'latin1') });
    const frames = execFileSync(findFfprobe(), ['-v', 'error', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
    assert.equal(frames, '3');
  });

  it('refuses what it cannot encode, with a reason', () => {
    const cases: Array<[Buffer, RegExp, string[]?]> = [
      [Buffer.from('not a frame at all'), /bad frame header/],
      [Buffer.concat([frameHeader(1), rect(0, 0, 16, 16)]), /first frame must cover the whole frame/],
      [Buffer.concat([frameHeader(1), rect(0, 0, 32, 32), frameHeader(1), rect(24, 0, 16, 16)]), /outside the frame/],
      [Buffer.concat([frameHeader(1), rect(0, 0, 32, 32), frameHeader(1), rect(1, 0, 16, 16)]), /not even/],
      [Buffer.concat([frameHeader(1), rect(0, 0, 32, 32).subarray(0, 100)]), /truncated/],
      [Buffer.alloc(0), /no frame/],
      [Buffer.alloc(0), /bad option/, ['32', '32', '30', 'superfast', 'none', 'qp', '22', 'bogus=1']],
      [Buffer.alloc(0), /rate control must be qp or crf/, ['32', '32', '30', 'superfast', 'none', 'bitrate', '22']],
      [Buffer.alloc(0), /width and height must be even/, ['33', '32', '30', 'superfast', 'none', 'qp', '22']],
    ];
    for (const [input, why, args] of cases) {
      const r = run(input, args);
      assert.notEqual(r.status, 0, String(why));
      assert.match(r.stderr, why);
    }
  });
});
