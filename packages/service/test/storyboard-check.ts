/**
 * Checks a finished job's storyboard as a video player would use it: the WebVTT
 * thumbnails track downloads as text/vtt, its cues cover the video from 0 to its
 * end one second each, each cue points into the sprite on a regular grid, the
 * sprite (downloaded from the URL the track names, resolved against the track's
 * URL) is a JPEG of exactly that grid (ffprobe), and its thumbnails show a picture.
 * Written independently of the clients' parsers, so it checks them too.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFfmpeg, findFfprobe } from '@aqcast/engine';

export interface CheckedCue {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CheckedStoryboard {
  cues: CheckedCue[];
  spriteWidth: number;
  spriteHeight: number;
  columns: number;
  rows: number;
}

interface StoryboardJob {
  storyboardUrl?: string | null;
  storyboardVttUrl?: string | null;
  output?: { width: number; height: number; durationSec: number } | null;
}

const seconds = (t: string) => t.split(':').reduce((acc, p) => acc * 60 + Number(p), 0);

/** The cues of a WebVTT thumbnails track, sprite URLs resolved against `vttUrl`. */
export function parseThumbnailTrack(text: string, vttUrl: string): CheckedCue[] {
  assert.match(text, /^WEBVTT\r?\n/, 'a WebVTT file');
  const cues: CheckedCue[] = [];
  for (const block of text.split(/\r?\n\r?\n/).slice(1)) {
    const m = /^(\S+) --> (\S+)\r?\n(.+)#xywh=(\d+),(\d+),(\d+),(\d+)\s*$/.exec(block.trim());
    assert.ok(m?.[1] && m[2] && m[3] && m[4] && m[5] && m[6] && m[7], `a thumbnail cue: ${block}`);
    cues.push({ start: seconds(m[1]), end: seconds(m[2]), url: new URL(m[3], vttUrl).href, x: Number(m[4]), y: Number(m[5]), w: Number(m[6]), h: Number(m[7]) });
  }
  return cues;
}

/**
 * Downloads and checks the storyboard of `job`; `rebase` swaps the origin of its URLs
 * (another API process serving the same store).
 */
export async function checkStoryboard(job: StoryboardJob, rebase?: string): Promise<CheckedStoryboard> {
  const at = (url: string) => (rebase ? url.replace(/^https?:\/\/[^/]+/, rebase) : url);
  assert.ok(job.storyboardUrl && job.storyboardVttUrl && job.output, `a completed job with a storyboard: ${JSON.stringify(job)}`);
  assert.match(job.storyboardUrl, /\/files\/[A-Za-z0-9_-]+\/storyboard\.jpg$/);
  assert.match(job.storyboardVttUrl, /\/files\/[A-Za-z0-9_-]+\/storyboard\.vtt$/);
  const { width, height, durationSec } = job.output;

  const track = await fetch(at(job.storyboardVttUrl));
  assert.equal(track.status, 200);
  assert.equal(track.headers.get('content-type'), 'text/vtt; charset=utf-8');
  const cues = parseThumbnailTrack(await track.text(), at(job.storyboardVttUrl));

  // One cue per second, back to back from 0 to the end of the video.
  assert.equal(cues.length, Math.ceil(durationSec - 1e-6), 'one thumbnail per second');
  cues.forEach((c, i) => {
    assert.equal(c.start, i, `cue ${i} starts at ${i} s`);
    assert.equal(c.end, Math.min(durationSec, i + 1), `cue ${i} ends a second later (or at the end)`);
    assert.equal(c.url, at(job.storyboardUrl ?? ''), 'every cue names the job’s sprite');
  });

  // A regular grid of thumbnails with the video's aspect ratio, left to right, top to bottom.
  const first = cues[0];
  assert.ok(first);
  const { w, h } = first;
  assert.ok(Math.max(w, h) <= 160 && Math.max(w, h) >= 100, `a small thumbnail: ${w}×${h}`);
  assert.ok(Math.abs(w / h - width / height) < 0.05, `the video's aspect ratio: ${w}×${h} for ${width}×${height}`);
  const columns = cues.filter((c) => c.y === 0).length;
  const rows = Math.ceil(cues.length / columns);
  cues.forEach((c, i) => assert.deepEqual([c.x, c.y, c.w, c.h], [(i % columns) * w, Math.floor(i / columns) * h, w, h], `cue ${i} on the grid`));

  const sprite = await fetch(first.url);
  assert.equal(sprite.status, 200);
  assert.equal(sprite.headers.get('content-type'), 'image/jpeg');
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-storyboard-'));
  try {
    const file = join(dir, 'storyboard.jpg');
    writeFileSync(file, Buffer.from(await sprite.arrayBuffer()));
    const probe = JSON.parse(execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file]).toString()) as { streams: { codec_name: string; width: number; height: number }[] };
    const stream = probe.streams[0];
    assert.deepEqual([stream?.codec_name, stream?.width, stream?.height], ['mjpeg', columns * w, rows * h], 'the sprite is exactly the grid');
    // The last thumbnail shows a picture, not an empty tile: its luma spans a real range.
    const last = cues[cues.length - 1] ?? first;
    const stats = execFileSync(findFfmpeg(), ['-v', 'error', '-i', file, '-vf', `crop=${last.w}:${last.h}:${last.x}:${last.y},signalstats,metadata=print:file=-`, '-f', 'null', '-']).toString();
    const lumaRange = Number(/YMAX=(\d+)/.exec(stats)?.[1]) - Number(/YMIN=(\d+)/.exec(stats)?.[1]);
    assert.ok(lumaRange > 60, `the last thumbnail shows a picture (luma range ${lumaRange})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { cues, spriteWidth: columns * w, spriteHeight: rows * h, columns, rows };
}
