// The trend template without a series to draw: the chart's place shows every given
// pollutant now (its symbol under a bar, its value and unit above it) and says there is
// no series; with a series it draws the line and not the bars.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, normalizeRenderParams } from '../src/index.ts';
import { TREND_MESSAGES } from '../src/i18n/messages.ts';
import { POLLUTANT_SYMBOL, RENDER_UNIT } from '@aqcast/vocabulary';

const VALUES = { pm25: 41.2, pm10: 88, no2: 37, o3: 112, so2: 9, co: 0.9 } as const;

function params(extra: Record<string, unknown>) {
  return normalizeRenderParams({ location: 'Ciudad de México', template: 'trend', date: '2026-11-22', resolution: '360p', aqiStandard: 'us-epa', ...VALUES, ...extra });
}

describe('trend', () => {
  it('without a series shows every given pollutant as a bar on the scale, in every format and language', () => {
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      for (const language of ['es', 'en', 'pt'] as const) {
        const { texts } = describeFrame(params({ format, language }), { timeSec: 7 });
        const where = `${format} ${language}`;
        assert.ok(texts.includes(TREND_MESSAGES[language].allNow), `${where}: ${JSON.stringify(texts)}`);
        for (const id of Object.keys(VALUES) as (keyof typeof VALUES)[]) {
          assert.ok(texts.includes(POLLUTANT_SYMBOL[id][language]), `${where}: ${id} symbol`);
          assert.ok(texts.includes(RENDER_UNIT[id]), `${where}: ${id} unit`);
        }
        assert.ok(texts.includes('112') && texts.includes(language === 'en' ? '0.9' : '0,9'), `${where}: values ${JSON.stringify(texts)}`);
      }
    }
  });

  it('with a series draws the line, not the bars', () => {
    const points = Array.from({ length: 24 }, (_, i) => ({ at: new Date(Date.UTC(2026, 10, 21, 12 + i)).toISOString(), value: 30 + i }));
    const { texts } = describeFrame(params({ format: 'portrait', language: 'en', series: { pollutant: 'pm25', kind: 'observed', points } }), { timeSec: 7 });
    assert.ok(!texts.includes(TREND_MESSAGES.en.allNow));
    assert.ok(texts.includes('PEAK') && texts.includes('18:00'), JSON.stringify(texts));
    assert.ok(!texts.includes(POLLUTANT_SYMBOL.so2.en), 'no bar for SO₂');
  });
});
