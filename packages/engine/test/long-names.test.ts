// A 120-character place and a four-digit value (1,250 µg/m³) in every template ×
// format × language: every string stays inside the frame and no two strings overlap,
// at the poster moment and every two seconds — the layout shrinks and wraps (or cuts
// with an ellipsis) instead of running over. Boxes come from the text layer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, listTemplates, normalizeRenderParams } from '../src/index.ts';
import { layoutProblems } from './helpers.ts';
import { metricParams } from './scene-metrics.ts';

// 120 characters in words that do not break early.
const LONG = 'Estación de Monitoreo Atmosférico Parque O’Higgins — Región Metropolitana de Santiago, Chile (Red MACAM, Ñuñoa y Macul.)';

/** The template's params with the place, and the first of its places or stations, named LONG (and that place at 1,250 µg/m³). */
function withLongNames(p: Record<string, unknown>): Record<string, unknown> {
  const rename = (list: unknown, extra: object) => (Array.isArray(list) ? list.map((x: object, i) => (i === 0 ? { ...x, name: LONG, ...extra } : x)) : list);
  return { ...p, location: LONG, ...(p.places ? { places: rename(p.places, { pm25: 1250 }) } : {}), ...(p.stations ? { stations: rename(p.stations, {}) } : {}) };
}

describe('long names and large numbers', () => {
  for (const t of listTemplates()) {
    for (const format of t.formats) {
      it(`${t.id} ${format}: a 120-character place and 1,250 µg/m³ fit in es, en and pt, at every length`, () => {
        assert.equal([...LONG].length, 120);
        const bad: string[] = [];
        for (const [language, durationSec] of (['es', 'en', 'pt'] as const).flatMap((l) => t.durations.map((d) => [l, d] as const))) {
          const p = normalizeRenderParams({ ...withLongNames(metricParams(t.id)), pm25: 1250, format, language, resolution: '360p', durationSec });
          const times = [undefined, ...Array.from({ length: Math.floor(durationSec / 2) }, (_, i) => 2 * i + 1)];
          for (const timeSec of times) {
            const d = describeFrame(p, timeSec === undefined ? {} : { timeSec });
            bad.push(...layoutProblems(d).map((s) => `${language} ${durationSec} s ${s}`));
            if (timeSec === undefined) assert.ok(d.texts.some((s) => s.length > 3 && LONG.includes(s.replace(/…$/, ''))), `${t.id} ${format} ${language}: the place is not drawn`);
          }
        }
        assert.deepEqual([...new Set(bad)].slice(0, 12), []);
      });
    }
  }

  it('can fail: two strings drawn over each other are found', () => {
    const d = describeFrame(normalizeRenderParams({ ...metricParams('daily-report'), format: 'landscape', language: 'es', resolution: '360p' }));
    const b = d.boxes.find((x) => x.canvasWidth === d.width && x.text.length > 3);
    assert.ok(b);
    const moved = { ...d, boxes: [...d.boxes, { ...b, text: 'other', left: b.left + 3, right: b.right + 3 }, { ...b, text: 'past the edge', left: d.width - 5, right: d.width + 40 }] };
    const problems = layoutProblems(moved);
    assert.ok(problems.some((s) => s.includes('overlaps "other"')), problems.join('\n'));
    assert.ok(problems.some((s) => s.includes('past the edge') && s.includes('outside')), problems.join('\n'));
  });
});
