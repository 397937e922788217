// An index video: the parameters give an index (an AQI forecast, an IQAr table) instead of
// concentrations; every template draws the given index, its category and sub-indices, and
// never a concentration or its unit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, EngineError, listTemplates, normalizeRenderParams } from '../src/index.ts';

const GIVEN = { location: 'Denver', date: '2024-07-17', language: 'en', index: { standard: 'us-epa', overall: 112, pollutants: { o3: 112, pm25: 48 } } } as const;
const UNITS = ['µg/m³', 'mg/m³', 'ppb', 'ppm'];

function fieldsOf(err: unknown): string[] {
  assert.ok(err instanceof EngineError);
  return (err.fields ?? []).map((f) => f.field);
}

describe('given index', () => {
  it('is rated on its standard: the overall category and each sub-index as given', () => {
    const d = describeFrame(normalizeRenderParams({ ...GIVEN, resolution: '360p' }));
    assert.equal(d.aqi.measure, 'index');
    assert.equal(d.aqi.index, 112);
    assert.equal(d.aqi.categoryKey, 'unhealthy_for_sensitive_groups');
    assert.equal(d.aqi.dominant, 'o3');
    assert.deepEqual(d.aqi.indices.map((i) => [i.pollutant, i.index, i.category.key]), [['pm25', 48, 'good'], ['o3', 112, 'unhealthy_for_sensitive_groups']]);
    assert.deepEqual(d.aqi.pollutants, []);
  });

  // Templates of one place (those of places and series draw their own data).
  const single = listTemplates().filter((t) => !['ranking', 'comparison', 'station-map', 'trend'].includes(t.id));
  for (const t of single) {
    for (const format of t.formats) {
      it(`${t.id} ${format}: draws the given index and no concentration unit`, () => {
        const d = describeFrame(normalizeRenderParams({ ...GIVEN, template: t.id, format, resolution: '360p' }));
        const joined = d.texts.join('\n');
        assert.match(joined, /\b112\b/, `${t.id} ${format}: ${JSON.stringify(d.texts)}`);
        for (const u of UNITS) assert.ok(!joined.includes(u), `${t.id} ${format} draws ${u}: ${JSON.stringify(d.texts)}`);
        assert.ok(!/undefined|NaN|null/.test(joined), joined);
      });
    }
  }

  it('the daily report at its 30 s length writes each sub-index with the index name, and its category', () => {
    const texts: string[] = [];
    for (const timeSec of [3, 8, 12, 16, 20, 24]) texts.push(...describeFrame(normalizeRenderParams({ ...GIVEN, durationSec: 30, resolution: '360p' }), { timeSec }).texts);
    const joined = texts.join('\n');
    assert.ok(joined.includes('48'), joined);
    assert.ok(joined.includes('AQI'), joined);
    assert.ok(joined.includes('Unhealthy for Sensitive Groups'), joined);
    assert.ok(joined.includes('Good'), joined);
  });

  it('is refused with concentrations beside it, in a standard without a numeric index, or past its scale', () => {
    assert.throws(() => normalizeRenderParams({ ...GIVEN, o3: 96 }), (e) => fieldsOf(e).includes('index'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, template: 'ranking', places: [{ name: 'A', pm25: 10 }, { name: 'B', pm25: 20 }] }), (e) => fieldsOf(e).includes('index'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'mx', overall: 60, pollutants: { o3: 60 } } }), (e) => fieldsOf(e).includes('index.standard'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'br-iqar', overall: 450, pollutants: { o3: 450 } } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'us-epa', overall: 501, pollutants: { o3: 20 } } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'us-epa', overall: 50, pollutants: { o3: -1 } } }), (e) => fieldsOf(e).includes('index.pollutants.o3'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, aqiStandard: 'br-iqar' }), (e) => fieldsOf(e).includes('aqiStandard'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'us-epa', overall: 50, pollutants: {} } }), (e) => fieldsOf(e).some((f) => f.startsWith('index')));
  });

  it('takes its standard as the render standard', () => {
    const p = normalizeRenderParams({ ...GIVEN, index: { standard: 'br-iqar', overall: 57, pollutants: { o3: 57 } } });
    assert.equal(p.aqiStandard, 'br-iqar');
    const d = describeFrame({ ...p, resolution: '360p' });
    assert.equal(d.aqi.categoryKey, 'moderada');
  });
});
