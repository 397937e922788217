// What a model's rewrite may and may not change: wording yes, facts no.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Language } from '@aqcast/engine';
import { analyze } from './analysis.js';
import { reportFacts } from './facts.js';
import { checkModelText, numbersIn, type CandidateText } from './guardrails.js';
import { parseLocalNumber } from './locale.js';
import { writeOffline } from './text.js';

function setup(language: Language, values = { pm25: 87.4, no2: 42, temperatura: 9, humidity: 64 }) {
  const f = reportFacts(analyze({ values, standards: ['us-epa'], language, date: '2026-11-22', location: 'Santiago' }), 'Santiago');
  const offline = writeOffline(f, { template: 'daily-report', durationSec: 15 });
  const draft: CandidateText = { headline: offline.headline, narration: offline.segments.map((s) => s.spoken), social: offline.social };
  return { f, offline, draft, check: (c: Partial<CandidateText>) => checkModelText(f, offline, { ...draft, ...c }) };
}

describe('model text guardrails', () => {
  test('the offline text itself passes, and so does a reworded one with the same facts', () => {
    const { check } = setup('es');
    assert.deepEqual(check({}), { ok: true });
    assert.deepEqual(
      check({
        headline: 'Santiago amanece con aire insalubre: AQI 173',
        narration: ['Atención en Santiago: la calidad del aire es insalubre y el AQI sube hasta 173.', 'Las partículas finas PM2,5 marcan 87,4 microgramos por metro cúbico.'],
        social: 'Santiago hoy: aire insalubre, AQI 173. PM2,5 en 87,4 µg/m³. #CalidadDelAire',
      }),
      { ok: true },
    );
  });

  test('a number the facts do not state is refused (a model that invents one)', () => {
    const { check } = setup('es');
    const r = check({ narration: ['En Santiago la calidad del aire es insalubre, con un AQI de 173.', 'Las partículas finas PM2,5 llegan a 88 microgramos por metro cúbico.'] });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.reason, 'invented_number');
    assert.match(!r.ok ? r.detail : '', /"88"/);
    assert.equal((check({ headline: 'Santiago: calidad del aire insalubre, AQI 174' }) as { reason?: string }).reason, 'invented_number');
  });

  test("a number not written the language's way is refused, never reinterpreted", () => {
    const { check } = setup('es');
    assert.equal((check({ narration: ['En Santiago la calidad del aire es insalubre, AQI 173.', 'PM2,5: 87.4 microgramos por metro cúbico.'] }) as { reason?: string }).reason, 'invented_number');
    assert.equal(parseLocalNumber('es', '87.4'), null);
    assert.equal(parseLocalNumber('en', '87.4'), 87.4);
  });

  test('wrong or foreign units are refused', () => {
    const { check } = setup('en');
    const base = 'In Santiago, air quality is Unhealthy, with an AQI of 173.';
    assert.equal((check({ narration: [base, 'Fine particles reach 87.4 parts per billion, 87.4 ppb.'] }) as { reason?: string }).reason, 'wrong_unit');
    assert.equal((check({ narration: [base, 'It is 9 °F.'] }) as { reason?: string }).reason, 'wrong_unit');
    assert.equal((check({ narration: [base, 'It is 64 degrees.'] }) as { reason?: string }).reason, 'wrong_unit', 'the humidity value given as a temperature');
    assert.equal((check({ narration: [base, 'Fine particles (PM2.5) reach 87.4 milligrams per cubic meter.'] }) as { reason?: string }).reason, 'wrong_unit');
    assert.deepEqual(check({ narration: [base, 'Fine particles (PM2.5) reach 87.4 micrograms per cubic meter, and it is 9 degrees.'] }), { ok: true });
  });

  test('another category name is refused', () => {
    const { check } = setup('pt');
    const r = check({ narration: ['Santiago: a qualidade do ar está boa, com índice AQI de 173, mas insalubre para quem corre.'] });
    assert.equal(!r.ok && r.reason, 'wrong_category');
    assert.match(!r.ok ? r.detail : '', /Boa/);
  });

  test('another place is refused; the location must be named', () => {
    const { check } = setup('es');
    assert.equal((check({ narration: ['En Lima y en Santiago la calidad del aire es insalubre, con un AQI de 173.'] }) as { reason?: string }).reason, 'wrong_place');
    assert.equal((check({ headline: 'Calidad del aire insalubre, AQI 173', narration: ['La calidad del aire es insalubre, con un AQI de 173.'] }) as { reason?: string }).reason, 'missing_fact');
    assert.equal((check({ headline: 'Santiago hoy', narration: ['En Santiago el AQI llega a 173.'] }) as { reason?: string }).reason, 'missing_fact', 'the category must be said');
  });

  test('too long, junk and broken shapes are refused', () => {
    const { check, draft } = setup('en');
    const long = Array.from({ length: 8 }, () => draft.narration[0] as string);
    assert.equal((check({ narration: long }) as { reason?: string }).reason, 'too_long');
    assert.equal((check({ social: 'undefined' }) as { reason?: string }).reason, 'malformed');
    assert.equal((check({ narration: [] }) as { reason?: string }).reason, 'malformed');
    assert.equal((check({ headline: '' }) as { reason?: string }).reason, 'malformed');
    assert.equal((check({ social: 'x'.repeat(281) }) as { reason?: string }).reason, 'malformed');
  });

  test('pollutant symbols and units are not read as numbers', () => {
    assert.deepEqual(numbersIn('es', 'PM2,5 y PM10, NO2, O₃: 42 µg/m3 y 0,8 mg/m³').map((n) => n.value), [42, 0.8]);
    assert.deepEqual(numbersIn('en', 'PM2.5 at 1,234.5 and −3 °C').map((n) => n.value), [1234.5, -3]);
  });
});
