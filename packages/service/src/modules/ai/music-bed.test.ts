// The music bed under a voice, measured on real ffmpeg output: the bed is heard
// between sentences, drops while the voice speaks, and the mix meets the loudness
// target (EBU R128, ±1 LU, true peak ≤ −1 dBTP).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findFfmpeg, findFfprobe } from '@aqcast/engine';
import { musicBedPcm, mixMusicBed } from './music-bed.js';
import { measureLoudness } from './narration-audio.js';

const dir = mkdtempSync(join(tmpdir(), 'aqcast-bed-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** RMS level (dBFS) of the file's audio under 1 kHz (where the bed is, and a 3 kHz "voice" is not) between `from` and `to`. */
function bedLevel(file: string, from: number, to: number): number {
  const res = spawnSync(findFfmpeg(), ['-hide_banner', '-nostats', '-i', file, '-af', `atrim=${from}:${to},lowpass=f=900,lowpass=f=900,astats=metadata=0`, '-f', 'null', '-'], { encoding: 'utf8' });
  const m = /RMS level dB: (-?[\d.]+|-inf)/.exec(res.stderr);
  return Number(m?.[1] ?? NaN);
}

test('a bed under the voice: ducked while it speaks, back between sentences, the mix at the target loudness', async () => {
  // The "voice": a 3 kHz tone from 3 s to 5.5 s, silence around it.
  const voice = join(dir, 'voice.wav');
  execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=3000:duration=2.5:sample_rate=48000', '-af', 'volume=-14dB,adelay=3000,apad=whole_dur=9', '-ac', '1', '-y', voice]);
  for (const lufs of [-16, -23]) {
    const out = join(dir, `mix${lufs}.wav`);
    await mixMusicBed(findFfmpeg(), voice, out, { durationSec: 11, loudnessLufs: lufs, workDir: dir, seed: 'Santiago|2026-11-22' });
    const seconds = Number(execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out], { encoding: 'utf8' }).trim());
    assert.ok(Math.abs(seconds - 11) < 0.01, `the mix lasts the video's 11 s (${seconds})`);
    const loud = await measureLoudness(findFfmpeg(), out);
    assert.ok(Math.abs(loud.integrated - lufs) <= 1, `integrated ${loud.integrated} LUFS for ${lufs}`);
    assert.ok(loud.truePeak <= -1, `true peak ${loud.truePeak}`);
    const before = bedLevel(out, 2, 2.9);
    const during = bedLevel(out, 3.8, 5.3);
    const afterwards = bedLevel(out, 7, 8.5);
    assert.ok(before > lufs - 35, `the bed is heard before the voice (${before} dB)`);
    assert.ok(before - during >= 6, `ducked while the voice speaks: ${before} dB before, ${during} dB during`);
    assert.ok(afterwards - during >= 6, `back after it: ${afterwards} dB after, ${during} dB during`);
  }
});

test('the same seed makes the same bed; another seed another', () => {
  const a = musicBedPcm(3, 'Lima|2026-11-22');
  assert.deepEqual(musicBedPcm(3, 'Lima|2026-11-22'), a);
  assert.notDeepEqual(musicBedPcm(3, 'Quito|2026-11-22'), a);
  assert.equal(a.length, 3 * 48_000);
  const peak = a.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  assert.ok(peak > 15_000 && peak <= 16_400, `peaks at about −6 dBFS (${peak})`);
});
