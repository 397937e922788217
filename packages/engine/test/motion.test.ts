// Motion through the whole video: decode each rendered template × format and check
// that neither the top nor the bottom half of the picture (the thin progress line at
// the bottom left out) stays pixel-identical for more than 2 seconds.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFfmpeg, listTemplates, renderVideo } from '../src/index.ts';

const VALUES = { location: 'Ciudad de México', pm25: 41.2, pm10: 88, no2: 37, o3: 112, temperatura: 21, humidity: 48, date: '2026-11-22', resolution: '360p' as const };
const MAX_STILL_SEC = 2;

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'aqcast-motion-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Per decoded frame, a digest of the top and of the bottom half of the luma plane. */
async function halfDigests(file: string, width: number, height: number): Promise<[string, string][]> {
  const child = spawn(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const frameBytes = width * height;
  // The progress line is the bottom 8 design px (≈ 3 px at 360p); leave out 3 % of the height.
  const lineRows = Math.ceil(height * 0.03);
  const mid = Math.floor(height / 2);
  const out: [string, string][] = [];
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= frameBytes) {
      const f = pending.subarray(0, frameBytes);
      const digest = (a: number, b: number) => createHash('sha1').update(f.subarray(a * width, b * width)).digest('hex');
      out.push([digest(0, mid), digest(mid, height - lineRows)]);
      pending = pending.subarray(frameBytes);
    }
  }
  return out;
}

/** The longest stretch (in frames) over which `key(frame)` did not change. */
function longestStill(frames: string[]): { frames: number; at: number } {
  let best = { frames: 1, at: 0 };
  let run = 1;
  for (let i = 1; i < frames.length; i++) {
    run = frames[i] === frames[i - 1] ? run + 1 : 1;
    if (run > best.frames) best = { frames: run, at: i - run + 1 };
  }
  return best;
}

describe('every template moves for its whole length', () => {
  for (const t of listTemplates()) {
    for (const format of t.formats) {
      it(`${t.id} ${format}`, async () => {
        const outFile = join(dir, `${t.id}-${format}.mp4`);
        const r = await renderVideo({ ...VALUES, template: t.id, format }, { outFile });
        const digests = await halfDigests(outFile, r.width, r.height);
        assert.equal(digests.length, r.frames);
        for (const [half, k] of [['top', 0], ['bottom', 1]] as const) {
          const still = longestStill(digests.map((d) => d[k]));
          assert.ok(
            still.frames <= MAX_STILL_SEC * r.fps,
            `${half} half still for ${(still.frames / r.fps).toFixed(2)} s from ${(still.at / r.fps).toFixed(2)} s`,
          );
        }
      });
    }
  }
});
