// The storyboard's grid and WebVTT track without a render (the service's tests check real
// renders end to end: sprite size by ffprobe, cues against the video's duration).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storyboardLayout, storyboardVtt } from '../src/index.ts';

describe('storyboard layout', () => {
  it('one 160 px thumbnail per second with the video’s shape, ten to a row', () => {
    assert.deepEqual(storyboardLayout(1920, 1080, 15), { intervalSec: 1, count: 15, tileWidth: 160, tileHeight: 90, columns: 10, rows: 2, width: 1600, height: 180 });
    assert.deepEqual(storyboardLayout(1080, 1920, 30), { intervalSec: 1, count: 30, tileWidth: 90, tileHeight: 160, columns: 10, rows: 3, width: 900, height: 480 });
    assert.deepEqual(storyboardLayout(360, 360, 8), { intervalSec: 1, count: 8, tileWidth: 160, tileHeight: 160, columns: 8, rows: 1, width: 1280, height: 160 });
  });

  it('a last partial second gets a thumbnail of its own; a sliver shorter than a frame does not', () => {
    assert.equal(storyboardLayout(640, 360, 17.3).count, 18);
    assert.equal(storyboardLayout(640, 360, 15.0000001).count, 15);
  });

  it('past two minutes a thumbnail covers several seconds, at most 120 in a sprite', () => {
    const long = storyboardLayout(1920, 1080, 600);
    assert.deepEqual([long.intervalSec, long.count, long.columns, long.rows], [5, 120, 10, 12]);
    assert.equal(storyboardLayout(1920, 1080, 121).intervalSec, 2);
  });

  it('refuses an empty video', () => {
    assert.throws(() => storyboardLayout(640, 360, 0), RangeError);
  });
});

describe('storyboard WebVTT track', () => {
  it('one cue per thumbnail, back to back from 0 to the end, each naming its cell of the sprite', () => {
    const layout = storyboardLayout(640, 360, 12.5);
    const vtt = storyboardVtt(layout, 12.5, 'storyboard.jpg');
    const cues = [...vtt.matchAll(/^(\S+) --> (\S+)\n(\S+)$/gm)].map((m) => [m[1], m[2], m[3]]);
    assert.ok(vtt.startsWith('WEBVTT\n\n'));
    assert.equal(cues.length, 13);
    assert.deepEqual(cues[0], ['00:00:00.000', '00:00:01.000', 'storyboard.jpg#xywh=0,0,160,90']);
    assert.deepEqual(cues[9], ['00:00:09.000', '00:00:10.000', 'storyboard.jpg#xywh=1440,0,160,90']);
    assert.deepEqual(cues[10], ['00:00:10.000', '00:00:11.000', 'storyboard.jpg#xywh=0,90,160,90']);
    assert.deepEqual(cues[12], ['00:00:12.000', '00:00:12.500', 'storyboard.jpg#xywh=320,90,160,90']);
  });

  it('hours and minutes in the timestamps of long videos', () => {
    const vtt = storyboardVtt(storyboardLayout(640, 360, 600), 600, 's.jpg');
    assert.match(vtt, /^00:09:55\.000 --> 00:10:00\.000\ns\.jpg#xywh=1440,990,160,90$/m);
  });
});
