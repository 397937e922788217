// analyze() against the official tables of every standard: each breakpoint on both
// sides, truncation and rounding rules, colours, the overall index and dominant
// pollutant, WHO 2021 guideline ratios and interim targets, advice and trend.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADVICE, RECOMMENDATIONS, SENSITIVE_ADVICE, type AqiStandardId } from '@aqcast/engine';
import { analyze, direction } from './analysis.js';
import type { Measurements } from './measurements.js';
import { compareWithWho } from './who.js';

// Input units are µg/m³ (CO mg/m³); the US and Mexican tables are in ppb/ppm at 25 °C.
const MW = { no2: 46.01, o3: 48.0, so2: 64.07, co: 28.01 };
const fromPpb = (p: 'no2' | 'so2', ppb: number) => (ppb * MW[p]) / 24.45;
const fromPpm = (p: 'o3' | 'no2' | 'so2', ppm: number) => (ppm * 1000 * MW[p]) / 24.45;
const coFromPpm = (ppm: number) => (ppm * MW.co) / 24.45;

function rate(standard: AqiStandardId, values: Measurements, date = '2026-11-22') {
  return analyze({ values, standards: [standard], language: 'en', date }).primary;
}

describe('US EPA AQI (TAD 2024): every breakpoint', () => {
  // [concentration in the table unit, expected AQI], both ends of every row.
  const rows: Record<string, [number, number][]> = {
    pm25: [[0, 0], [9.0, 50], [9.1, 51], [35.4, 100], [35.5, 101], [55.4, 150], [55.5, 151], [125.4, 200], [125.5, 201], [225.4, 300], [225.5, 301], [325.4, 500]],
    pm10: [[0, 0], [54, 50], [55, 51], [154, 100], [155, 101], [254, 150], [255, 151], [354, 200], [355, 201], [424, 300], [425, 301], [604, 500]],
    no2: [[53, 50], [54, 51], [100, 100], [101, 101], [360, 150], [361, 151], [649, 200], [650, 201], [1249, 300], [1250, 301], [2049, 500]],
    so2: [[35, 50], [36, 51], [75, 100], [76, 101], [185, 150], [186, 151], [304, 200], [305, 201], [604, 300], [605, 301], [1004, 500]],
    co: [[4.4, 50], [4.5, 51], [9.4, 100], [9.5, 101], [12.4, 150], [12.5, 151], [15.4, 200], [15.5, 201], [30.4, 300], [30.5, 301], [50.4, 500]],
    o3: [[0.054, 50], [0.055, 51], [0.07, 100], [0.071, 101], [0.085, 150], [0.086, 151], [0.105, 200], [0.106, 201], [0.2, 300], [0.405, 301], [0.604, 500]],
  };
  for (const [p, pairs] of Object.entries(rows)) {
    test(p, () => {
      for (const [c, aqi] of pairs) {
        const value = p === 'no2' || p === 'so2' ? fromPpb(p, c) : p === 'co' ? coFromPpm(c) : p === 'o3' ? fromPpm('o3', c) : c;
        const r = rate('us-epa', { [p]: value });
        assert.equal(r.index, aqi, `${p} ${c} → AQI ${aqi}, got ${r.index}`);
        assert.equal(r.dominant, p);
      }
    });
  }

  test('concentrations are truncated before the formula (PM2.5 35.49 is 35.4: AQI 100, not 101)', () => {
    assert.equal(rate('us-epa', { pm25: 35.49 }).index, 100);
    assert.equal(rate('us-epa', { pm10: 54.9 }).index, 50);
  });

  test('categories carry the TAD names and colours; the worst pollutant sets the index', () => {
    const colours = ['#00E400', '#FFFF00', '#FF7E00', '#FF0000', '#8F3F97', '#7E0023'];
    const names = ['Good', 'Moderate', 'Unhealthy for Sensitive Groups', 'Unhealthy', 'Very Unhealthy', 'Hazardous'];
    [5, 20, 45, 90, 150, 300].forEach((pm25, level) => {
      const r = rate('us-epa', { pm25 });
      assert.equal(r.category?.color, colours[level]);
      assert.equal(r.category?.label, names[level]);
      assert.equal(r.category?.severity, level);
    });
    const r = rate('us-epa', { pm25: 87.4, no2: 42, o3: 96 });
    assert.equal(r.index, 173);
    assert.equal(r.dominant, 'pm25');
    assert.deepEqual(r.pollutants.map((x) => [x.pollutant, x.index, x.concentrationUnit]), [['pm25', 173, 'µg/m³'], ['no2', 21, 'ppb'], ['o3', 44, 'ppm']]);
  });

  test('several standards at once, the first is primary', () => {
    const a = analyze({ values: { pm25: 87.4, no2: 42 }, standards: ['us-epa', 'cl', 'eu-eaqi', 'mx', 'br-iqar'], language: 'es', date: '2026-11-22' });
    assert.deepEqual(a.results.map((r) => r.standard), ['us-epa', 'cl', 'eu-eaqi', 'mx', 'br-iqar']);
    assert.equal(a.primary.standard, 'us-epa');
    assert.equal(a.primary.category?.label, 'Insalubre');
    assert.deepEqual(a.results[1]?.notCovered, ['no2'], 'Chile rates particles only');
  });
});

describe('European AQI (EEA 2024): band edges belong to the lower band', () => {
  const bands: Record<string, number[]> = { pm25: [5, 15, 50, 90, 140], pm10: [15, 45, 120, 195, 270], no2: [10, 25, 60, 100, 150], o3: [60, 100, 120, 160, 180], so2: [20, 40, 125, 190, 275] };
  const keys = ['good', 'fair', 'moderate', 'poor', 'very_poor', 'extremely_poor'];
  for (const [p, upper] of Object.entries(bands)) {
    test(p, () => {
      upper.forEach((u, level) => {
        assert.equal(rate('eu-eaqi', { [p]: u }).category?.key, keys[level], `${p} ${u}`);
        assert.equal(rate('eu-eaqi', { [p]: u + 0.1 }).category?.key, keys[level + 1], `${p} ${u + 0.1}`);
      });
      assert.equal(rate('eu-eaqi', { [p]: 1 }).index, null, 'band-only: no number');
    });
  }
  test('colours and CO not covered', () => {
    assert.equal(rate('eu-eaqi', { pm25: 3 }).category?.color, '#50F0E6');
    assert.equal(rate('eu-eaqi', { pm25: 200 }).category?.color, '#7D2181');
    assert.deepEqual(rate('eu-eaqi', { co: 1, pm25: 3 }).notCovered, ['co']);
  });
});

describe('Mexico NOM-172-SEMARNAT-2023: (lower, upper] bands, rounding, the 2026 tightening', () => {
  const keys = ['buena', 'aceptable', 'mala', 'muy_mala', 'extremadamente_mala'];
  test('PM2.5 and PM10 from 2026 and before', () => {
    const check = (p: 'pm25' | 'pm10', upper: number[], date: string) =>
      upper.forEach((u, level) => {
        assert.equal(rate('mx', { [p]: u }, date).category?.key, keys[level], `${p} ${u} on ${date}`);
        assert.equal(rate('mx', { [p]: u + 1 }, date).category?.key, keys[level + 1], `${p} ${u + 1} on ${date}`);
      });
    check('pm25', [15, 25, 79, 130], '2026-11-22');
    check('pm25', [15, 33, 79, 130], '2025-06-01');
    check('pm10', [45, 50, 132, 213], '2026-11-22');
    check('pm10', [45, 60, 132, 213], '2025-06-01');
    // Rounded to integers first: 15.4 → 15 (Buena), 15.5 → 16 (Aceptable).
    assert.equal(rate('mx', { pm25: 15.4 }).category?.key, 'buena');
    assert.equal(rate('mx', { pm25: 15.5 }).category?.key, 'aceptable');
  });
  test('O3 and SO2 in ppm (1 h)', () => {
    [0.058, 0.09, 0.135, 0.175].forEach((u, level) => {
      assert.equal(rate('mx', { o3: fromPpm('o3', u) }).category?.key, keys[level], `o3 ${u}`);
      assert.equal(rate('mx', { o3: fromPpm('o3', u + 0.001) }).category?.key, keys[level + 1], `o3 ${u + 0.001}`);
    });
    [0.035, 0.075, 0.185, 0.304].forEach((u, level) => assert.equal(rate('mx', { so2: fromPpm('so2', u) }).category?.key, keys[level], `so2 ${u}`));
    assert.equal(rate('mx', { pm25: 100 }).category?.color, '#ED2124');
  });
});

describe('Chile: DS 12/2011 and DS 59/1998 episodes with ICAP', () => {
  const keys = ['bueno', 'regular', 'alerta', 'preemergencia', 'emergencia'];
  test('MP2,5 bands and ICAP (14 µg/m³ → ICAP 28; 50 → 100; 80 → 200; 110 → 300; 170 → 500)', () => {
    [50, 79, 109, 169].forEach((u, level) => {
      assert.equal(rate('cl', { pm25: u }).category?.key, keys[level]);
      assert.equal(rate('cl', { pm25: u + 1 }).category?.key, keys[level + 1]);
    });
    for (const [c, icap] of [[14, 28], [50, 100], [80, 200], [110, 300], [170, 500]]) assert.equal(rate('cl', { pm25: c as number }).index, icap, `MP2,5 ${c}`);
    assert.equal(rate('cl', { pm25: 79.9 }).category?.key, 'regular', 'truncated to whole µg/m³');
  });
  test('MP10 bands and ICAP (150 → 100, 195 → 200, 240 → 300, 330 → 500)', () => {
    [149, 194, 239, 329].forEach((u, level) => {
      assert.equal(rate('cl', { pm10: u }).category?.key, keys[level]);
      assert.equal(rate('cl', { pm10: u + 1 }).category?.key, keys[level + 1]);
    });
    for (const [c, icap] of [[150, 100], [195, 200], [240, 300], [330, 500]]) assert.equal(rate('cl', { pm10: c as number }).index, icap, `MP10 ${c}`);
  });
  test('gases have no Chilean episode table', () => {
    const r = rate('cl', { no2: 80 });
    assert.equal(r.category, null);
    assert.deepEqual(r.notCovered, ['no2']);
  });
});

describe('Brazil IQAr (CONAMA 506/2024)', () => {
  test('upper limits map to the band tops 40, 80, 120, 200, 400', () => {
    const tables: Record<string, number[]> = { pm25: [15, 50, 75, 125, 300], pm10: [45, 100, 150, 250, 600], o3: [100, 130, 160, 200, 800], no2: [200, 240, 320, 1130, 3750], so2: [40, 50, 125, 800, 2620] };
    const tops = [40, 80, 120, 200, 400];
    const keys = ['boa', 'moderada', 'ruim', 'muito_ruim', 'pessima'];
    for (const [p, upper] of Object.entries(tables)) {
      upper.forEach((u, level) => {
        const r = rate('br-iqar', { [p]: u });
        assert.equal(r.index, tops[level], `${p} ${u}`);
        assert.equal(r.category?.key, keys[level], `${p} ${u}`);
      });
    }
    // CO in ppm (8 h): 9 ppm → 40.
    assert.equal(rate('br-iqar', { co: coFromPpm(9) }).index, 40);
  });
});

describe('WHO 2021 and advice', () => {
  test('ratio to the short-term guideline and the strictest level met', () => {
    assert.deepEqual(compareWithWho('pm25', 87.4), { pollutant: 'pm25', value: 87.4, unit: 'µg/m³', guideline: 15, averaging: '24 h', ratio: 5.83, difference: 72.4, exceedsGuideline: true, meets: null });
    assert.equal(compareWithWho('pm25', 30).meets, 'IT-3');
    assert.equal(compareWithWho('pm25', 15).meets, 'AQG');
    assert.equal(compareWithWho('pm25', 25).meets, 'IT-4');
    assert.equal(compareWithWho('no2', 30).meets, 'IT-2');
    assert.equal(compareWithWho('o3', 110).averaging, '8 h');
    assert.equal(compareWithWho('o3', 110).meets, 'IT-2');
    assert.equal(compareWithWho('co', 5).unit, 'mg/m³');
    assert.equal(compareWithWho('so2', 40).exceedsGuideline, false);
  });

  test('advice for everyone and for sensitive groups follows the severity, in the language', () => {
    for (const [pm25, sev] of [[5, 0], [20, 1], [45, 2], [90, 3], [150, 4], [300, 5]] as const) {
      const a = analyze({ values: { pm25 }, standards: ['us-epa'], language: 'pt', date: '2026-11-22' });
      assert.deepEqual(a.advice, { severity: sev, general: ADVICE[sev].pt, sensitiveGroups: SENSITIVE_ADVICE[sev].pt, recommendations: [...RECOMMENDATIONS[sev].pt] });
    }
    assert.equal(analyze({ values: { temperatura: 9 }, standards: ['us-epa'], language: 'es', date: '2026-11-22' }).advice, null);
  });
});

describe('trend', () => {
  test('rising, falling and steady, per pollutant and for the index', () => {
    assert.equal(direction([10, 12, 15, 20]), 'rising');
    assert.equal(direction([20, 15, 12, 10]), 'falling');
    assert.equal(direction([20, 21, 19, 20]), 'steady');
    const series = [
      { at: '2026-11-22T10:00:00Z', values: { pm25: 60, no2: 40 } },
      { at: '2026-11-22T08:00:00Z', values: { pm25: 20, no2: 41 } },
      { at: '2026-11-22T09:00:00Z', values: { pm25: 35, no2: 40 } },
    ];
    const a = analyze({ values: { pm25: 60 }, standards: ['us-epa'], language: 'en', date: '2026-11-22', series });
    assert.equal(a.trend?.points, 3);
    assert.equal(a.trend?.from, '2026-11-22T08:00:00Z', 'sorted by time');
    assert.deepEqual(a.trend?.index, { first: 71, last: 154, direction: 'rising' });
    const pm = a.trend?.pollutants.find((p) => p.pollutant === 'pm25');
    assert.deepEqual([pm?.first, pm?.last, pm?.change, pm?.changePercent, pm?.direction], [20, 60, 40, 200, 'rising']);
    assert.equal(a.trend?.pollutants.find((p) => p.pollutant === 'no2')?.direction, 'steady');
  });
});
