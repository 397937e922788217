// The picture a viewer sees, for every template × format × language at its default
// length (and, in one language, every other length a template offers): no stretch of 2 s or
// more that ffmpeg's freezedetect at -50 dB calls frozen, and in portrait and square
// no empty horizontal band over 12 % of the frame height inside the safe area once
// the intro is over. Rendered at 360p; the measures live in scene-metrics.ts and
// bench/scene-motion.ts prints the same figures for every case. One test file per
// language (scene-acceptance-*.test.ts) keeps each file's run short.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { listTemplates, renderVideo, type Language } from '../src/index.ts';
import { emptyBand, FREEZE_FILTER, GIVEN_INDEX_TEMPLATES, largestEmptyRun, longestFreeze, metricParams, OVERALL_ONLY_INDEX, overallIndexParams } from './scene-metrics.ts';

const MAX_FREEZE_SEC = 2;
const MAX_BAND_PERCENT = 12;

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'aqcast-scenes-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function check(template: string, format: 'landscape' | 'portrait' | 'square', language: Language, durationSec?: number, overallIndex = false): Promise<void> {
  const values = overallIndex ? overallIndexParams(template, language) : metricParams(template);
  const params = { ...values, format, language, resolution: '360p' as const, ...(durationSec !== undefined ? { durationSec } : {}) };
  const outFile = join(dir, `${template}-${format}-${language}-${durationSec ?? 'default'}${overallIndex ? '-index' : ''}.mp4`);
  await renderVideo(params, { outFile });
  const freeze = await longestFreeze(outFile);
  assert.ok(freeze.seconds < MAX_FREEZE_SEC, `${FREEZE_FILTER}: frozen for ${freeze.seconds.toFixed(2)} s from ${freeze.at.toFixed(2)} s`);
  if (format !== 'landscape') {
    const band = emptyBand(params);
    assert.ok(band.percent <= MAX_BAND_PERCENT, `an empty band of ${band.percent.toFixed(1)} % of the frame height at ${band.at.toFixed(2)} s`);
  }
}

/**
 * Every template × format in `language` at its default length, and with `allLengths` each
 * template at its other lengths too; with `canFail`, the check that the
 * measures do find a frozen picture and an empty band.
 */
export function sceneAcceptance(language: Language, opts: { allLengths?: boolean; canFail?: boolean } = {}): void {
  for (const t of listTemplates()) {
    describe(`${t.id} in ${language}: alive every 2 s, no empty band`, () => {
      for (const format of t.formats) it(`${format} ${t.durationSec} s`, () => check(t.id, format, language));
      if (opts.allLengths) {
        for (const durationSec of t.durations.filter((d) => d !== t.durationSec)) {
          for (const format of t.formats) it(`${format} ${durationSec} s`, () => check(t.id, format, language, durationSec));
        }
      }
    });
  }
  // An index video of a document that gives only the overall index: the number, its category and advice, no empty pollutant list.
  for (const t of listTemplates().filter((x) => GIVEN_INDEX_TEMPLATES.includes(x.id))) {
    describe(`${t.id} in ${language}, ${OVERALL_ONLY_INDEX[language].standard} given only as its overall index: alive every 2 s, no empty band`, () => {
      for (const format of t.formats) it(`${format} ${t.durationSec} s`, () => check(t.id, format, language, undefined, true));
    });
  }
  if (!opts.canFail) return;
  describe('the measures can fail', () => {
    it('freezedetect finds a still video frozen, and an empty frame is one empty band', async () => {
      // A template held on its settled frame past its length (a narration longer than it,
      // for a template not told in scenes) is a still picture, and must be reported.
      const outFile = join(dir, 'held.mp4');
      await renderVideo({ ...metricParams('social-clip'), format: 'square', resolution: '360p' }, { outFile, minDurationSec: 16 });
      const freeze = await longestFreeze(outFile);
      // (Its first moments are not: the encoder sharpens a picture that stops moving over a second or two.)
      assert.ok(freeze.seconds >= 3.5, `a 6 s hold is found frozen (got ${freeze.seconds.toFixed(2)} s)`);
      // A plain frame is empty over the whole safe area; one line of text across it splits the band.
      const w = 360;
      const h = 640;
      const frame = Buffer.alloc(w * h * 4, 40);
      assert.ok(Math.abs(largestEmptyRun(frame, w, h, 'portrait') - 0.66) < 0.01);
      // A dashed line across the middle of the safe area (rows 90–511): two bands of about a third of the frame.
      for (let x = 40; x < 320; x += 4) frame.fill(255, (301 * w + x) * 4, (301 * w + x + 2) * 4);
      const split = largestEmptyRun(frame, w, h, 'portrait');
      assert.ok(split > 0.32 && split < 0.34, `largest band ${split}`);
    });
  });
}
