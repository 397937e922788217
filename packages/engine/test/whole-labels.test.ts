// Nothing a viewer needs is cut short: with the shared measuring values (every pollutant,
// a long-ish place name, "Unhealthy for Sensitive Groups" among the categories), no text
// drawn at the middle of any scene of any template, format, language and length up to
// 30 s ends in "…". Long names that must shorten are covered by long-names.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, listTemplates, normalizeRenderParams, sceneTimeline } from '../src/index.ts';
import { metricParams } from './scene-metrics.ts';

describe('whole labels', () => {
  for (const t of listTemplates()) {
    it(`${t.id}: every scene in every format, language and length writes its labels whole`, () => {
      const cut: string[] = [];
      for (const format of t.formats) {
        for (const language of ['es', 'en', 'pt'] as const) {
          for (const durationSec of t.durations.filter((d) => d <= 30)) {
            const p = normalizeRenderParams({ ...metricParams(t.id), format, language, durationSec, resolution: '360p' });
            for (const scene of sceneTimeline(p)) {
              const { texts } = describeFrame(p, { timeSec: (scene.start + scene.end) / 2 });
              for (const text of texts) if (text.endsWith('…')) cut.push(`${format} ${language} ${durationSec} s ${scene.id}: ${text}`);
            }
          }
        }
      }
      assert.deepEqual([...new Set(cut)], []);
    });
  }
});
