// Portrait's safe zones: a vertical feed lays its own interface over the top 14 % and
// the bottom 20 % of the frame (status bar and search tabs above; the caption, the
// account name and the buttons below), so every string a template draws in portrait,
// and a brand's logo, stays between them — every second of every template, in every
// language. No exception for the footer: the source and the scale are what make the
// figures trustworthy, and under a feed's caption nobody would read them, so they sit
// at the bottom of the safe area as the storyboard templates already placed them.
// The backdrop, glows and the thin progress bar along the bottom edge may run past:
// they carry no words. Boxes are read from the text layer (describeFrame), no OCR.
import assert from 'node:assert/strict';
import { createCanvas } from '@napi-rs/canvas';
import { describe, it } from 'node:test';
import { describeFrame, listTemplates, normalizeRenderParams, resolveTheme } from '../src/index.ts';
import { PORTRAIT_SAFE } from '../src/templates/stage.ts';
import { layoutProblems } from './helpers.ts';
import { metricParams } from './scene-metrics.ts';

/** The boxes of `d` drawn on the frame itself (a sprite's own are in its pixels, and recorded again where it lands). */
function onFrame<B extends { canvasWidth: number; canvasHeight: number }>(d: { width: number; height: number }, boxes: B[]): B[] {
  return boxes.filter((b) => b.canvasWidth === d.width && b.canvasHeight === d.height);
}

/** What of `d` lies outside portrait's safe area, as "text at top–bottom %" lines. */
function outside(d: ReturnType<typeof describeFrame>): string[] {
  const top = d.height * PORTRAIT_SAFE.top - 0.5;
  const bottom = d.height * (1 - PORTRAIT_SAFE.bottom) + 0.5;
  const pct = (v: number) => ((100 * v) / d.height).toFixed(1);
  const out: string[] = [];
  for (const b of onFrame(d, d.boxes)) if (b.text.trim() !== '' && (b.top < top || b.bottom > bottom)) out.push(`t=${d.timeSec} "${b.text}" at ${pct(b.top)}–${pct(b.bottom)} %`);
  for (const l of onFrame(d, d.logos)) if (l.top < top || l.bottom > bottom) out.push(`t=${d.timeSec} logo at ${pct(l.top)}–${pct(l.bottom)} %`);
  return out;
}

describe('portrait safe zones', () => {
  for (const t of listTemplates().filter((t) => t.formats.includes('portrait'))) {
    for (const durationSec of t.durations) {
      for (const language of ['es', 'en', 'pt'] as const) {
        it(`${t.id} ${durationSec} s ${language}: every string, every second, inside the safe area, none over another`, () => {
          const p = normalizeRenderParams({ ...metricParams(t.id), format: 'portrait', language, resolution: '360p', durationSec });
          const bad: string[] = [];
          for (let s = 0; s <= durationSec; s += 1) {
            const d = describeFrame(p, { timeSec: Math.min(s, durationSec - 0.05) });
            // Inside the safe area, and no string over another (the re-laid columns are tighter).
            bad.push(...outside(d), ...layoutProblems(d));
          }
          assert.deepEqual(bad.slice(0, 12), []);
        });
      }
    }
  }

  it('a brand’s logo and credit sit inside it too, in every template', async () => {
    const logo = createCanvas(120, 60);
    const g = logo.getContext('2d');
    g.fillStyle = '#FF00FF';
    g.fillRect(0, 0, 120, 60);
    const { theme } = await resolveTheme({ credit: 'Diario Ambiental', colors: { accent: '#1F3BFF' }, logo: { image: logo.toBuffer('image/png') } });
    const bad: string[] = [];
    for (const t of listTemplates().filter((t) => t.formats.includes('portrait'))) {
      const p = normalizeRenderParams({ ...metricParams(t.id), format: 'portrait', language: 'es', resolution: '360p' });
      const d = describeFrame(p, { theme });
      assert.ok(onFrame(d, d.logos).length >= 1, `${t.id}: no logo drawn`);
      bad.push(...outside(d).map((s) => `${t.id} ${s}`));
    }
    assert.deepEqual(bad.slice(0, 12), []);
  });

  it('can fail: a frame laid out for landscape’s margins has strings in portrait’s covered bands', () => {
    // The same measure over a landscape frame read as if it were portrait: its header sits in the top 14 %.
    const d = describeFrame(normalizeRenderParams({ ...metricParams('daily-report'), format: 'landscape', language: 'es', resolution: '360p' }), { timeSec: 5 });
    assert.ok(outside(d).length > 0);
  });
});
