// AQI standards against their official tables: every breakpoint edge of every
// pollutant, the truncation/rounding rules, and the worst-pollutant aggregation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeAqi, getAqiStandard, listAqiStandards, type PollutantId } from '../src/index.ts';
import { CL_BANDS } from '../src/aqi/cl.ts';
import { EU_EAQI_BANDS } from '../src/aqi/eu-eaqi.ts';
import { MX_TABLES, mxUpperLimits } from '../src/aqi/mx.ts';
import { BR_TABLES } from '../src/aqi/br-iqar.ts';
import { fromPpb } from '../src/aqi/units.ts';

/** Input value (µg/m³, CO mg/m³) for a concentration in the table's unit. */
function input(p: PollutantId, c: number, unit: 'µg/m³' | 'ppb' | 'ppm'): number {
  if (unit === 'µg/m³') return c;
  if (unit === 'ppb') return fromPpb(p, c);
  return p === 'co' ? fromPpb(p, c) : fromPpb(p, c * 1000);
}

describe('US EPA AQI (TAD 2024)', () => {
  const AQI = [[0, 50], [51, 100], [101, 150], [151, 200], [201, 300], [301, 500]] as const;
  const TABLE: Record<PollutantId, { unit: 'µg/m³' | 'ppb' | 'ppm'; rows: [number, number][]; firstRow?: number }> = {
    pm25: { unit: 'µg/m³', rows: [[0, 9.0], [9.1, 35.4], [35.5, 55.4], [55.5, 125.4], [125.5, 225.4], [225.5, 325.4]] },
    pm10: { unit: 'µg/m³', rows: [[0, 54], [55, 154], [155, 254], [255, 354], [355, 424], [425, 604]] },
    o3: { unit: 'ppm', rows: [[0, 0.054], [0.055, 0.07], [0.071, 0.085], [0.086, 0.105], [0.106, 0.2]] },
    co: { unit: 'ppm', rows: [[0, 4.4], [4.5, 9.4], [9.5, 12.4], [12.5, 15.4], [15.5, 30.4], [30.5, 50.4]] },
    so2: { unit: 'ppb', rows: [[0, 35], [36, 75], [76, 185], [186, 304], [305, 604], [605, 1004]] },
    no2: { unit: 'ppb', rows: [[0, 53], [54, 100], [101, 360], [361, 649], [650, 1249], [1250, 2049]] },
  };
  const CATS = ['good', 'moderate', 'unhealthy_for_sensitive_groups', 'unhealthy', 'very_unhealthy', 'hazardous'];
  for (const [p, t] of Object.entries(TABLE) as [PollutantId, (typeof TABLE)[PollutantId]][]) {
    it(`${p}: every breakpoint edge gives the table's index`, () => {
      t.rows.forEach(([lo, hi], k) => {
        const [iLo, iHi] = AQI[k] as readonly [number, number];
        for (const [c, expected] of [[lo, iLo], [hi, iHi]] as const) {
          const r = computeAqi('us-epa', { [p]: input(p, c, t.unit) });
          assert.equal(r.index, expected, `${p} ${c} ${t.unit}`);
          assert.equal(r.categoryKey, CATS[k], `${p} ${c} category`);
          assert.equal(r.dominant, p);
        }
      });
    });
  }
  it('o3 above 0.200 ppm uses the 1-hour rows', () => {
    assert.equal(computeAqi('us-epa', { o3: input('o3', 0.205, 'ppm') }).index, 201);
    assert.equal(computeAqi('us-epa', { o3: input('o3', 0.404, 'ppm') }).index, 300);
    assert.equal(computeAqi('us-epa', { o3: input('o3', 0.405, 'ppm') }).index, 301);
    assert.equal(computeAqi('us-epa', { o3: input('o3', 0.604, 'ppm') }).index, 500);
  });
  it('truncates before the formula and rounds after it', () => {
    // 9.09 µg/m³ truncates to 9.0 → 50 (not 51); 35.49 → 35.4 → 100.
    assert.equal(computeAqi('us-epa', { pm25: 9.09 }).index, 50);
    assert.equal(computeAqi('us-epa', { pm25: 35.49 }).index, 100);
    assert.equal(computeAqi('us-epa', { pm10: 54.9 }).index, 50);
    // 87.4 µg/m³: (200−151)/(125.4−55.5)·(87.4−55.5)+151 = 173.36 → 173, Unhealthy, #FF0000.
    const r = computeAqi('us-epa', { pm25: 87.4 });
    assert.equal(r.index, 173);
    assert.equal(r.color, '#FF0000');
    assert.deepEqual(r.labels, { en: 'Unhealthy', es: 'Insalubre', pt: 'Insalubre' });
  });
  it('extrapolates beyond 500 and stays Hazardous', () => {
    const r = computeAqi('us-epa', { pm25: 400 });
    assert.ok((r.index as number) > 500);
    assert.equal(r.categoryKey, 'hazardous');
    assert.equal(r.position, 1);
  });
  it('official TAD colours', () => {
    assert.deepEqual(computeAqi('us-epa', {}).categories.map((c) => c.color), ['#00E400', '#FFFF00', '#FF7E00', '#FF0000', '#8F3F97', '#7E0023']);
  });
});

describe('European AQI (EEA 2024)', () => {
  const KEYS = ['good', 'fair', 'moderate', 'poor', 'very_poor', 'extremely_poor'];
  for (const [p, bands] of Object.entries(EU_EAQI_BANDS) as [PollutantId, number[]][]) {
    it(`${p}: band edges`, () => {
      bands.forEach((upper, k) => {
        assert.equal(computeAqi('eu-eaqi', { [p]: upper }).categoryKey, KEYS[k], `${p} ${upper} is still ${KEYS[k]}`);
        assert.equal(computeAqi('eu-eaqi', { [p]: upper + 0.1 }).categoryKey, KEYS[k + 1], `${p} ${upper + 0.1}`);
      });
      assert.equal(computeAqi('eu-eaqi', { [p]: 0 }).categoryKey, 'good');
    });
  }
  it('2024 PM2.5 bands: 0–5–15–50–90–140', () => {
    assert.deepEqual(EU_EAQI_BANDS.pm25, [5, 15, 50, 90, 140]);
    assert.equal(computeAqi('eu-eaqi', { pm25: 87.4 }).categoryKey, 'poor');
  });
  it('has no CO and no number', () => {
    const r = computeAqi('eu-eaqi', { co: 3, pm10: 20 });
    assert.deepEqual(r.notCovered, ['co']);
    assert.equal(r.index, null);
    assert.equal(r.categoryKey, 'fair');
    assert.equal(r.color, '#50CCAA');
  });
});

describe('Mexico NOM-172-SEMARNAT-2023', () => {
  const KEYS = ['buena', 'aceptable', 'mala', 'muy_mala', 'extremadamente_mala'];
  for (const [p, t] of Object.entries(MX_TABLES) as [PollutantId, (typeof MX_TABLES)[PollutantId]][]) {
    it(`${p}: band edges (lower, upper]`, () => {
      const upper = mxUpperLimits(p, '2026-06-01');
      const step = 10 ** -t.decimals;
      upper.forEach((u, k) => {
        assert.equal(computeAqi('mx', { [p]: input(p, u, t.unit === 'ppm' ? 'ppm' : 'µg/m³') }, { date: '2026-06-01' }).categoryKey, KEYS[k], `${p} ${u}`);
        assert.equal(computeAqi('mx', { [p]: input(p, u + step, t.unit === 'ppm' ? 'ppm' : 'µg/m³') }, { date: '2026-06-01' }).categoryKey, KEYS[k + 1], `${p} ${u + step}`);
      });
    });
  }
  it('PM limits tighten on 1 January 2026', () => {
    assert.equal(computeAqi('mx', { pm25: 30 }, { date: '2025-12-31' }).categoryKey, 'aceptable');
    assert.equal(computeAqi('mx', { pm25: 30 }, { date: '2026-01-01' }).categoryKey, 'mala');
    assert.equal(computeAqi('mx', { pm10: 55 }, { date: '2025-06-01' }).categoryKey, 'aceptable');
    assert.equal(computeAqi('mx', { pm10: 55 }, { date: '2026-06-01' }).categoryKey, 'mala');
  });
  it('rounds PM to integers before comparing', () => {
    assert.equal(computeAqi('mx', { pm25: 15.4 }).categoryKey, 'buena');
    assert.equal(computeAqi('mx', { pm25: 15.5 }).categoryKey, 'aceptable');
  });
});

describe('Chile DS 12/2011, DS 59/1998 and ICAP', () => {
  const KEYS = ['bueno', 'regular', 'alerta', 'preemergencia', 'emergencia'];
  for (const p of ['pm25', 'pm10'] as const) {
    it(`${p}: episode band edges`, () => {
      CL_BANDS[p].forEach((u, k) => {
        assert.equal(computeAqi('cl', { [p]: u }).categoryKey, KEYS[k]);
        assert.equal(computeAqi('cl', { [p]: u + 1 }).categoryKey, KEYS[k + 1]);
      });
    });
  }
  it('ICAP: 100 at the daily norm, 500 at emergency, 14 µg/m³ PM2.5 → 28', () => {
    assert.equal(computeAqi('cl', { pm25: 14 }).index, 28);
    assert.equal(computeAqi('cl', { pm25: 50 }).index, 100);
    assert.equal(computeAqi('cl', { pm25: 170 }).index, 500);
    assert.equal(computeAqi('cl', { pm10: 150 }).index, 100);
    assert.equal(computeAqi('cl', { pm10: 195 }).index, 200);
    assert.equal(computeAqi('cl', { pm10: 240 }).index, 300);
    assert.equal(computeAqi('cl', { pm10: 330 }).index, 500);
  });
  it('rates particles only', () => {
    const r = computeAqi('cl', { no2: 40, o3: 100, pm25: 87.4 });
    assert.deepEqual(r.notCovered, ['no2', 'o3']);
    assert.equal(r.categoryKey, 'alerta');
  });
});

describe('Brazil IQAr (CONAMA 506/2024)', () => {
  const KEYS = ['boa', 'moderada', 'ruim', 'muito_ruim', 'pessima'];
  const I_UP = [40, 80, 120, 200, 400];
  for (const [p, t] of Object.entries(BR_TABLES) as [PollutantId, (typeof BR_TABLES)[PollutantId]][]) {
    it(`${p}: each band's upper limit gives its top index`, () => {
      t.upper.forEach((u, k) => {
        const r = computeAqi('br-iqar', { [p]: input(p, u, t.unit === 'ppm' ? 'ppm' : 'µg/m³') });
        assert.equal(r.index, I_UP[k], `${p} ${u}`);
        assert.equal(r.categoryKey, KEYS[k]);
      });
    });
  }
});

describe('aggregation', () => {
  it('the worst pollutant sets the overall result', () => {
    const r = computeAqi('us-epa', { pm25: 5, no2: 1500 }); // 797 ppb
    assert.equal(r.dominant, 'no2');
    assert.equal(r.categoryKey, 'very_unhealthy');
    assert.equal(r.pollutants.length, 2);
  });
  it('no pollutant → nulls', () => {
    for (const s of listAqiStandards()) {
      const r = computeAqi(s.id, {});
      assert.equal(r.index, null);
      assert.equal(r.category, null);
      assert.equal(r.dominant, null);
      assert.equal(r.position, null);
    }
  });
  it('lists the five rated standards with their pollutants, then the three drawn from a given index only', () => {
    assert.deepEqual(listAqiStandards().map((s) => s.id), ['us-epa', 'eu-eaqi', 'mx', 'cl', 'br-iqar', 'ca-aqhi', 'uk-daqi', 'sg-psi']);
    assert.deepEqual(listAqiStandards().find((s) => s.id === 'cl')?.pollutants, ['pm25', 'pm10']);
    const given = Object.fromEntries(listAqiStandards().map((s) => [s.id, s.givenIndex]));
    assert.deepEqual(given, { 'us-epa': { min: 0, max: 500 }, 'eu-eaqi': null, mx: null, cl: { min: 0, max: 500 }, 'br-iqar': { min: 0, max: 400 }, 'ca-aqhi': { min: 1, max: 30 }, 'uk-daqi': { min: 1, max: 10 }, 'sg-psi': { min: 0, max: 500 } });
    for (const id of ['ca-aqhi', 'uk-daqi', 'sg-psi'] as const) {
      assert.deepEqual(listAqiStandards().find((s) => s.id === id)?.pollutants, [], `${id} rates no concentration`);
      // A concentration gives no category in it (the render parameters refuse such a render first).
      assert.equal(computeAqi(id, { pm25: 40 }).category, null);
    }
  });
  it('index-only standards: official band colours and a severity that never falls as the band rises', () => {
    const colours = (id: 'ca-aqhi' | 'uk-daqi' | 'sg-psi') => getAqiStandard(id).categories.map((c) => c.color);
    assert.deepEqual(colours('ca-aqhi'), ['#189ACA', '#FFCC2E', '#FF3B3B', '#650205']);
    assert.deepEqual(colours('uk-daqi'), ['#31FF00', '#FFCF00', '#FF0000', '#CE30FF']);
    assert.deepEqual(colours('sg-psi'), ['#00E400', '#FFFF00', '#FF7E00', '#FF0000', '#8F3F97']);
    for (const id of ['ca-aqhi', 'uk-daqi', 'sg-psi'] as const) {
      const cats = getAqiStandard(id).categories;
      cats.forEach((c, i) => {
        assert.equal(c.level, i);
        if (i > 0) assert.ok(c.severity > cats[i - 1]!.severity, `${id} ${c.key}`);
        for (const lang of ['es', 'en', 'pt'] as const) assert.ok(c.labels[lang].length > 0);
      });
    }
  });
});
