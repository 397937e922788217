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
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'mx', overall: 60, pollutants: { o3: 60 } } }), (e) => fieldsOf(e).includes('index.overall') && fieldsOf(e).includes('index.category'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'br-iqar', overall: 450, pollutants: { o3: 450 } } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'us-epa', overall: 501, pollutants: { o3: 20 } } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, index: { standard: 'us-epa', overall: 50, pollutants: { o3: -1 } } }), (e) => fieldsOf(e).includes('index.pollutants.o3'));
    assert.throws(() => normalizeRenderParams({ ...GIVEN, aqiStandard: 'br-iqar' }), (e) => fieldsOf(e).includes('aqiStandard'));
  });

  it('may give only the overall index: no sub-index, no main pollutant', () => {
    const d = describeFrame(normalizeRenderParams({ ...GIVEN, index: { standard: 'us-epa', overall: 50, pollutants: {} }, resolution: '360p' }));
    assert.equal(d.aqi.index, 50);
    assert.equal(d.aqi.categoryKey, 'good');
    assert.equal(d.aqi.dominant, null);
    assert.deepEqual(d.aqi.indices, []);
  });

  it('draws an ICAP document\'s index on the bands of Chile\'s episode levels, as the ICAP computed from MP2,5 rates them', () => {
    const key = (overall: number) => describeFrame(normalizeRenderParams({ ...GIVEN, index: { standard: 'cl', overall, pollutants: { pm25: overall } }, resolution: '360p' })).aqi.categoryKey;
    assert.deepEqual([0, 100, 101, 199, 200, 299, 300, 499, 500].map(key), ['bueno', 'bueno', 'regular', 'regular', 'alerta', 'alerta', 'preemergencia', 'preemergencia', 'emergencia']);
    // The same bands the concentrations give: MP2,5 50, 51, 80, 110, 170 µg/m³.
    for (const pm25 of [50, 51, 79, 80, 109, 110, 169, 170]) {
      const computed = describeFrame(normalizeRenderParams({ location: 'X', date: '2026-07-01', aqiStandard: 'cl', pm25, resolution: '360p' })).aqi;
      assert.equal(key(computed.index ?? -1), computed.categoryKey, `MP2,5 ${pm25}: ICAP ${computed.index}`);
    }
  });

  it('is refused by the templates of places, stations and series, naming the template', () => {
    for (const template of ['ranking', 'comparison', 'station-map', 'trend']) {
      assert.throws(() => normalizeRenderParams({ ...GIVEN, template }), (e) => fieldsOf(e).includes('template') && e instanceof EngineError && /daily-report/.test(e.message), template);
      assert.throws(() => normalizeRenderParams({ location: 'X', template, index: { standard: 'mx', category: 'mala' } }), (e) => fieldsOf(e).includes('template'), template);
    }
    assert.deepEqual(listTemplates().filter((t) => t.params.includes('index')).map((t) => t.id).sort(), ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief']);
  });

  it('takes its standard as the render standard', () => {
    const p = normalizeRenderParams({ ...GIVEN, index: { standard: 'br-iqar', overall: 57, pollutants: { o3: 57 } } });
    assert.equal(p.aqiStandard, 'br-iqar');
    const d = describeFrame({ ...p, resolution: '360p' });
    assert.equal(d.aqi.categoryKey, 'moderada');
  });
});

// Standards drawn from a given index only (no concentration is rated in them), each index
// with only its overall value, as their forecasts publish it.
const OVERALL_ONLY = [
  { standard: 'ca-aqhi', overall: 7, key: 'high', label: 'High risk', text: '7' },
  { standard: 'ca-aqhi', overall: 12, key: 'very_high', label: 'Very high risk', text: '10+' },
  { standard: 'uk-daqi', overall: 4, key: 'moderate', label: 'Moderate', text: '4' },
  { standard: 'uk-daqi', overall: 10, key: 'very_high', label: 'Very high', text: '10' },
  { standard: 'sg-psi', overall: 156, key: 'unhealthy', label: 'Unhealthy', text: '156' },
  { standard: 'sg-psi', overall: 320, key: 'hazardous', label: 'Hazardous', text: '320' },
] as const;

describe('index-only standards (AQHI, DAQI, PSI)', () => {
  it('rate their bands at the edges as their authorities publish them', () => {
    const key = (standard: string, overall: number) => describeFrame(normalizeRenderParams({ location: 'X', date: '2026-07-01', index: { standard, overall, pollutants: {} }, resolution: '360p' })).aqi.categoryKey;
    assert.deepEqual([1, 3, 4, 6, 7, 10, 11, 30].map((v) => key('ca-aqhi', v)), ['low', 'low', 'moderate', 'moderate', 'high', 'high', 'very_high', 'very_high']);
    assert.deepEqual([1, 3, 4, 6, 7, 9, 10].map((v) => key('uk-daqi', v)), ['low', 'low', 'moderate', 'moderate', 'high', 'high', 'very_high']);
    assert.deepEqual([0, 50, 51, 100, 101, 200, 201, 300, 301, 500].map((v) => key('sg-psi', v)), ['good', 'good', 'moderate', 'moderate', 'unhealthy', 'unhealthy', 'very_unhealthy', 'very_unhealthy', 'hazardous', 'hazardous']);
  });

  const single = listTemplates().filter((t) => !['ranking', 'comparison', 'station-map', 'trend'].includes(t.id));
  for (const g of OVERALL_ONLY) {
    for (const t of single) {
      for (const format of t.formats) {
        it(`${g.standard} ${g.overall} ${t.id} ${format}: the index as written, its category, advice, and no empty pollutant list`, () => {
          const params = normalizeRenderParams({ location: 'Calgary', date: '2026-07-01', language: 'en', template: t.id, format, index: { standard: g.standard, overall: g.overall, pollutants: {} }, resolution: '360p' });
          const texts: string[] = [];
          for (const timeSec of [2, 5, 8, 11]) texts.push(...describeFrame(params, { timeSec }).texts);
          const joined = texts.join('\n');
          assert.ok(joined.includes(g.text), `${t.id} ${format}: ${JSON.stringify(texts)}`);
          assert.ok(joined.includes(g.label), `${t.id} ${format}: ${JSON.stringify(texts)}`);
          assert.ok(!/No pollutant data|undefined|NaN|null/.test(joined), `${t.id} ${format}: ${JSON.stringify(texts)}`);
          for (const u of UNITS) assert.ok(!joined.includes(u), `${t.id} ${format} draws ${u}`);
        });
      }
    }
  }

  it('refuse values outside their scale, naming the field', () => {
    const base = { location: 'X', date: '2026-07-01' };
    assert.throws(() => normalizeRenderParams({ ...base, index: { standard: 'uk-daqi', overall: 11, pollutants: {} } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...base, index: { standard: 'uk-daqi', overall: 0, pollutants: {} } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...base, index: { standard: 'ca-aqhi', overall: 31, pollutants: {} } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...base, index: { standard: 'ca-aqhi', overall: 0, pollutants: {} } }), (e) => fieldsOf(e).includes('index.overall'));
    assert.throws(() => normalizeRenderParams({ ...base, index: { standard: 'sg-psi', overall: 501, pollutants: {} } }), (e) => fieldsOf(e).includes('index.overall'));
    // The AQHI is one formula, with no sub-index per pollutant; the DAQI and the PSI are the highest of theirs.
    assert.throws(() => normalizeRenderParams({ ...base, index: { standard: 'ca-aqhi', overall: 5, pollutants: { o3: 5 } } }), (e) => fieldsOf(e).includes('index.pollutants'));
    assert.throws(() => normalizeRenderParams({ ...base, index: { standard: 'uk-daqi', overall: 4, pollutants: { no2: 12 } } }), (e) => fieldsOf(e).includes('index.pollutants.no2'));
    const daqi = describeFrame(normalizeRenderParams({ ...base, index: { standard: 'uk-daqi', overall: 4, pollutants: { no2: 4, pm25: 2 } }, resolution: '360p' }));
    assert.deepEqual([daqi.aqi.categoryKey, daqi.aqi.dominant], ['moderate', 'no2']);
  });

  it('are refused as the standard of a concentration render, naming aqiStandard', () => {
    for (const aqiStandard of ['ca-aqhi', 'uk-daqi', 'sg-psi']) {
      assert.throws(
        () => normalizeRenderParams({ location: 'X', date: '2026-07-01', aqiStandard, pm25: 20 }),
        (e) => fieldsOf(e).includes('aqiStandard') && e instanceof EngineError && /drawn from a given index only/.test(e.message),
      );
    }
  });
});

// Band-only standards (Mexico's Índice AIRE Y SALUD, the EEA index) have no number: a
// document gives their categories, which the video draws as the headline.
describe('given categories (band-only standards)', () => {
  const MX = { location: 'Monterrey', date: '2026-05-12', language: 'es', index: { standard: 'mx', category: 'muy_mala', categories: { o3: 'muy_mala', pm10: 'mala' } } } as const;

  it('are rated as given: the category, the main pollutant in the worst band, no number', () => {
    const d = describeFrame(normalizeRenderParams({ ...MX, resolution: '360p' }));
    assert.equal(d.aqi.measure, 'index');
    assert.equal(d.aqi.index, null);
    assert.equal(d.aqi.categoryKey, 'muy_mala');
    assert.equal(d.aqi.dominant, 'o3');
    assert.deepEqual(d.aqi.indices.map((i) => [i.pollutant, i.index, i.category.key]), [['pm10', null, 'mala'], ['o3', null, 'muy_mala']]);
    // The middle of the band's slice of the gauge: Muy mala is the fourth of five.
    assert.equal(d.aqi.position, 0.7);
    const eu = describeFrame(normalizeRenderParams({ location: 'Kraków', date: '2026-01-20', index: { standard: 'eu-eaqi', category: 'poor' }, resolution: '360p' }));
    assert.deepEqual([eu.aqi.categoryKey, eu.aqi.dominant, eu.aqi.index], ['poor', null, null]);
  });

  const single = listTemplates().filter((t) => !['ranking', 'comparison', 'station-map', 'trend'].includes(t.id));
  for (const lang of ['es', 'en', 'pt'] as const) {
    const label = { es: 'Muy mala', en: 'Very poor', pt: 'Muito ruim' }[lang];
    for (const t of single) {
      for (const format of t.formats) {
        it(`${lang} ${t.id} ${format}: the category as the headline, the main pollutant, advice, no number or unit`, () => {
          const params = normalizeRenderParams({ ...MX, language: lang, template: t.id, format, resolution: '360p' });
          const texts: string[] = [];
          for (const timeSec of [2, 5, 8, 11]) texts.push(...describeFrame(params, { timeSec }).texts);
          const joined = texts.join('\n');
          assert.ok(joined.includes(label), `${t.id} ${format}: ${JSON.stringify(texts)}`);
          assert.ok(joined.includes('O₃'), `${t.id} ${format}: no main pollutant in ${JSON.stringify(texts)}`);
          assert.ok(!/No pollutant data|Sin datos|Sem dados|undefined|NaN|null|—/.test(joined), `${t.id} ${format}: ${JSON.stringify(texts)}`);
          for (const u of UNITS) assert.ok(!joined.includes(u), `${t.id} ${format} draws ${u}`);
        });
      }
    }
  }

  it('are refused with a number, in a numeric standard, past the overall category or unknown, naming the field', () => {
    const base = { location: 'X', date: '2026-07-01' };
    const refused = (index: unknown, field: string) => assert.throws(() => normalizeRenderParams({ ...base, index }), (e) => fieldsOf(e).includes(field), JSON.stringify(index));
    refused({ standard: 'mx', overall: 3, category: 'mala' }, 'index.overall');
    refused({ standard: 'mx' }, 'index.category');
    refused({ standard: 'mx', category: 'poor' }, 'index.category');
    refused({ standard: 'eu-eaqi', category: 'mala' }, 'index.category');
    refused({ standard: 'mx', category: 'aceptable', categories: { o3: 'mala' } }, 'index.categories.o3');
    refused({ standard: 'mx', category: 'mala', categories: { o3: 'nope' } }, 'index.categories.o3');
    refused({ standard: 'us-epa', category: 'good' }, 'index.category');
    refused({ standard: 'us-epa', pollutants: {} }, 'index.overall');
    refused({ standard: 'ca-aqhi', overall: 4, categories: { o3: 'good' } }, 'index.categories');
  });
});
