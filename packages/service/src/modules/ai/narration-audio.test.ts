// The narration track from real audio files made here with ffmpeg (MP3 and WAV).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findFfmpeg, findFfprobe } from '@aqcast/engine';
import { buildNarration, NARRATION_SAMPLE_RATE, wavFile } from './narration-audio.js';

const dir = mkdtempSync(join(tmpdir(), 'aqcast-narration-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function tone(sec: number, format: 'mp3' | 'wav'): Buffer {
  return execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${sec}`, '-f', format, 'pipe:1'], { maxBuffer: 1 << 26 });
}

test('a WAV header that ffprobe reads', () => {
  const file = join(dir, 'x.wav');
  const pcm = Buffer.alloc(NARRATION_SAMPLE_RATE * 2);
  writeFileSync(file, wavFile(pcm));
  const out = execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels,duration', '-of', 'json', file], { encoding: 'utf8' });
  const s = (JSON.parse(out) as { streams: Record<string, string | number>[] }).streams[0];
  assert.deepEqual([s?.codec_name, s?.sample_rate, s?.channels, Number(s?.duration)], ['pcm_s16le', '48000', 1, 1]);
});

test('clips of any format become one track: lead-in, clips, pauses, exact sentence times', async () => {
  const track = await buildNarration([tone(1.5, 'mp3'), tone(2, 'wav')], { ffmpegPath: findFfmpeg(), workDir: dir, leadSec: 0.5, gapSec: 0.3 });
  assert.equal(track.sentences.length, 2);
  assert.equal(track.sentences[0]?.start, 0.5);
  // MP3 decoding adds encoder padding of a few milliseconds.
  assert.ok(Math.abs((track.sentences[0]?.end ?? 0) - 2.0) < 0.06, `first ends at ${track.sentences[0]?.end}`);
  assert.ok(Math.abs((track.sentences[1]?.start ?? 0) - ((track.sentences[0]?.end ?? 0) + 0.3)) < 1e-6);
  assert.ok(Math.abs((track.sentences[1]?.end ?? 0) - (track.sentences[1]?.start ?? 0) - 2) < 1e-6, 'WAV decodes to its exact length');
  assert.equal(track.durationSec, track.sentences[1]?.end);
  const bytes = readFileSync(track.file);
  assert.equal(bytes.length, 44 + Math.round(track.durationSec * NARRATION_SAMPLE_RATE) * 2);
});

test('audio ffmpeg cannot read is an error, and no file is left', async () => {
  await assert.rejects(buildNarration([Buffer.from('not audio at all, just text')], { ffmpegPath: findFfmpeg(), workDir: dir, leadSec: 0.5, gapSec: 0.3 }), /could not be decoded/);
});

