// Burned-in captions have a band of their own: with captions on, every template lays
// out above it in every format, so no cue ever covers a value, a label or the source
// line, and portrait's band ends above the bottom 20 % a vertical feed covers. Every
// string, every second, in every template × format × language, read from the text
// layer (describeFrame), against the box every caption plate stays within.
import assert from 'node:assert/strict';
import { createCanvas } from '@napi-rs/canvas';
import { describe, it } from 'node:test';
import { CaptionOverlay, describeFrame, frameGeometry, listTemplates, normalizeRenderParams, type Format } from '../src/index.ts';
import { captionRegion } from '../src/captions/overlay.ts';
import { PORTRAIT_SAFE } from '../src/templates/stage.ts';
import type { Rect } from '../src/templates/types.ts';
import { layoutProblems } from './helpers.ts';
import { GIVEN_INDEX_TEMPLATES, metricParams, overallIndexParams } from './scene-metrics.ts';

/** The caption band of `format` in the pixels of a 360p frame. */
function band(format: Format): { box: Rect; design: { width: number; height: number } } {
  const { design, scale } = frameGeometry(format, '360p');
  const r = captionRegion(format, design.width, design.height);
  return { box: { x: r.x * scale, y: r.y * scale, w: r.w * scale, h: r.h * scale }, design };
}

/** The strings (and logos) of `d` drawn on the frame that reach into `box`, as lines. */
function intoBand(d: ReturnType<typeof describeFrame>, box: Rect): string[] {
  const out: string[] = [];
  const hits = (l: number, t: number, r: number, b: number) => Math.min(r, box.x + box.w) - Math.max(l, box.x) > 0.5 && Math.min(b, box.y + box.h) - Math.max(t, box.y) > 0.5;
  for (const b of d.boxes) {
    if (b.canvasWidth !== d.width || b.canvasHeight !== d.height || b.text.trim() === '') continue;
    if (hits(b.left, b.top, b.right, b.bottom)) out.push(`t=${d.timeSec} "${b.text}" at y ${b.top.toFixed(0)}–${b.bottom.toFixed(0)} in the band ${box.y.toFixed(0)}–${(box.y + box.h).toFixed(0)}`);
  }
  for (const l of d.logos) if (l.canvasWidth === d.width && l.canvasHeight === d.height && hits(l.left, l.top, l.right, l.bottom)) out.push(`t=${d.timeSec} logo in the band`);
  return out;
}

describe('caption band', () => {
  it('portrait’s band lies inside the safe area; every format’s inside the frame', () => {
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      const { design } = band(format);
      const r = captionRegion(format, design.width, design.height);
      assert.ok(r.x >= 0 && r.x + r.w <= design.width && r.y >= 0 && r.y + r.h <= design.height, `${format}: ${JSON.stringify(r)}`);
      if (format === 'portrait') assert.ok(r.y >= design.height * PORTRAIT_SAFE.top && r.y + r.h <= design.height * (1 - PORTRAIT_SAFE.bottom), JSON.stringify(r));
    }
  });

  it('every plate of long and short cues stays inside the band', () => {
    const cues = [
      { start: 0, end: 2, text: 'Buen aire.' },
      { start: 2, end: 9, text: 'La calidad del aire en Ciudad de México es dañina para grupos sensibles: las personas con asma, los niños y los adultos mayores deberían reducir la actividad física intensa al aire libre durante la tarde.' },
    ];
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      const { design } = band(format);
      const overlay = new CaptionOverlay(cues, format, design, createCanvas(8, 8).getContext('2d'));
      const r = overlay.region;
      for (const c of overlay.cues) assert.ok(c.plate.x >= r.x && c.plate.y >= r.y && c.plate.x + c.plate.w <= r.x + r.w && c.plate.y + c.plate.h <= r.y + r.h, `${format}: plate ${JSON.stringify(c.plate)} outside ${JSON.stringify(r)}`);
    }
  });

  for (const t of listTemplates()) {
    for (const format of t.formats) {
      it(`${t.id} ${format}: with captions on, no string in their band and none over another, every second, es/en/pt`, () => {
        const { box } = band(format);
        const bad: string[] = [];
        for (const language of ['es', 'en', 'pt'] as const) {
          const p = normalizeRenderParams({ ...metricParams(t.id), format, language, resolution: '360p' });
          for (let s = 0; s <= t.durationSec; s += 1) {
            const d = describeFrame(p, { timeSec: Math.min(s, t.durationSec - 0.05), captions: true });
            // Strings past the frame's edge (a banner sliding in) are long-names.test's; here: the band and overlaps.
            const overlaps = layoutProblems(d).filter((x) => !x.includes(' outside '));
            bad.push(...intoBand(d, box).map((x) => `${language} ${x}`), ...overlaps.map((x) => `${language} ${x}`));
          }
        }
        assert.deepEqual(bad.slice(0, 12), []);
      });
    }
  }

  // An index given alone (AQHI in en, PSI in es, DAQI in pt): the layouts that draw it where the pollutants would be.
  for (const t of listTemplates().filter((x) => GIVEN_INDEX_TEMPLATES.includes(x.id))) {
    for (const format of t.formats) {
      it(`${t.id} ${format}, an index given alone: with captions on, no string in their band and none over another, every second, es/en/pt`, () => {
        const { box } = band(format);
        const bad: string[] = [];
        for (const language of ['es', 'en', 'pt'] as const) {
          const p = normalizeRenderParams({ ...overallIndexParams(t.id, language), format, language, resolution: '360p' });
          for (let s = 0; s <= t.durationSec; s += 1) {
            const d = describeFrame(p, { timeSec: Math.min(s, t.durationSec - 0.05), captions: true });
            const overlaps = layoutProblems(d).filter((x) => !x.includes(' outside '));
            bad.push(...intoBand(d, box).map((x) => `${language} ${x}`), ...overlaps.map((x) => `${language} ${x}`));
          }
        }
        assert.deepEqual(bad.slice(0, 12), []);
      });
    }
  }

  it('can fail: without captions, the footer line lies in the band', () => {
    const { box } = band('landscape');
    const d = describeFrame(normalizeRenderParams({ ...metricParams('daily-report'), format: 'landscape', language: 'es', resolution: '360p' }), { timeSec: 8 });
    assert.ok(intoBand(d, box).length > 0);
  });
});
