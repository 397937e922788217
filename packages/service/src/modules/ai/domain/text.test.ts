// The offline writer in es, en and pt: every number, unit and category it states
// is a computed fact (checked by the same rules a model's text must pass), nothing
// is left blank or undefined, verbs and articles agree, numbers follow the locale.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADVICE, RECOMMENDATIONS, SENSITIVE_ADVICE, type AqiStandardId, type Language, type Severity } from '@aqcast/engine';
import type { RatedStandardId } from '@aqcast/vocabulary';
import { analyze } from './analysis.js';
import { reportFacts, type ReportFacts } from './facts.js';
import { checkText, labelsIn } from './guardrails.js';
import type { Measurements } from './measurements.js';
import { estimateSeconds, writeOffline, SOCIAL_MAX_CHARS, type OfflineText } from './text.js';

const LANGS: Language[] = ['es', 'en', 'pt'];
const DATE = '2026-11-22';

function write(values: Measurements, o: { language: Language; standard?: AqiStandardId; template?: string; durationSec?: number; location?: string; series?: { at: string; values: Measurements }[] }): { f: ReportFacts; t: OfflineText; all: string } {
  const a = analyze({ values, standards: [o.standard ?? 'us-epa'], language: o.language, date: DATE, location: o.location ?? 'Santiago', ...(o.series ? { series: o.series } : {}) });
  const f = reportFacts(a, o.location ?? 'Santiago');
  const t = writeOffline(f, { template: o.template ?? 'daily-report', durationSec: o.durationSec ?? 15 });
  const all = [t.headline, ...t.segments.flatMap((s) => [s.spoken, s.written]), t.social].join('\n');
  return { f, t, all };
}

const FORBIDDEN = [/undefined/i, /\bNaN\b/, /\bnull\b/, /\[object/, /[{}]/, / {2}/, / [,.;:]/, /\.\./, /\(\s*\)/, /:\s*\./, /,\s*\./, /^\s|\s$/m];

/** The checks every offline text passes, whatever the values. */
function checkAll(f: ReportFacts, t: OfflineText, all: string, where: string): void {
  for (const re of FORBIDDEN) assert.doesNotMatch(all, re, `${where}: ${re} in\n${all}`);
  // The engine's advice sentences use ordinary words that are also some index's category names ("aire aceptable").
  const severity = f.advice?.severity as Severity | undefined;
  const adviceText = severity === undefined ? '' : [ADVICE[severity][f.language], SENSITIVE_ADVICE[severity][f.language], ...RECOMMENDATIONS[severity][f.language]].join('\n');
  const verdict = checkText(f, { headline: t.headline, narration: t.segments.map((s) => s.written), social: t.social }, { targetSec: t.targetSec, extraLabels: labelsIn(f.language, adviceText) });
  assert.deepEqual(verdict, { ok: true }, `${where} (written):\n${all}`);
  const spoken = checkText(f, { headline: t.headline, narration: t.segments.map((s) => s.spoken), social: t.social }, { targetSec: t.targetSec, extraLabels: labelsIn(f.language, adviceText) });
  assert.deepEqual(spoken, { ok: true }, `${where} (spoken):\n${all}`);
  if (f.language === 'en') assert.doesNotMatch(all, /\d,\d/, `${where}: English uses a decimal point`);
  else assert.doesNotMatch(all, /\d\.\d/, `${where}: ${f.language} uses a decimal comma`);
  assert.ok(estimateSeconds(f.language, t.segments.map((s) => s.spoken).join(' ')) <= t.targetSec + 1e-9 || t.segments.length === 1, `${where}: the narration fits ${t.targetSec} s`);
  assert.ok(t.social.length <= SOCIAL_MAX_CHARS);
  for (const s of t.segments) {
    assert.doesNotMatch(s.spoken, /µg\/m³|mg\/m³|°C|%/, `${where}: units are spoken as words: ${s.spoken}`);
    assert.doesNotMatch(s.written, /microgram|miligram|milligram|grados?\b|degrees?\b|graus?\b|por ciento|percent|por cento/, `${where}: captions use symbols: ${s.written}`);
  }
  if (f.category) {
    const label = f.category.label.toLocaleLowerCase();
    assert.ok(t.headline.toLocaleLowerCase().includes(label), `${where}: headline states the category: ${t.headline}`);
    assert.ok((t.segments[0]?.written ?? '').toLocaleLowerCase().includes(label), `${where}: the narration opens with the category`);
  }
  assert.ok(t.headline.includes(f.location) && t.social.includes(f.location));
}

// The standards concentrations are rated in (those drawn from a given index only have no band for a PM2.5 value).
const BANDS: Record<RatedStandardId, number[]> = {
  'us-epa': [5, 20, 45, 90, 150, 300],
  'eu-eaqi': [3, 10, 30, 70, 120, 200],
  mx: [10, 20, 50, 100, 200],
  cl: [20, 60, 90, 130, 200],
  'br-iqar': [10, 30, 60, 100, 200],
};

describe('every category of every standard, in every language', () => {
  for (const lang of LANGS) {
    for (const [standard, values] of Object.entries(BANDS) as [AqiStandardId, number[]][]) {
      test(`${lang} ${standard}`, () => {
        values.forEach((pm25, level) => {
          const { f, t, all } = write({ pm25, no2: 5, temperatura: 12, humidity: 55 }, { language: lang, standard });
          assert.equal(f.category?.level, level, `${pm25} µg/m³ is band ${level} of ${standard}`);
          checkAll(f, t, all, `${lang} ${standard} ${pm25}`);
          if (f.index !== null) assert.match(t.headline, new RegExp(`\\b${f.index}\\b`), 'the index is in the headline');
        });
      });
    }
  }
});

describe('value sets', () => {
  for (const lang of LANGS) {
    test(`${lang}: all values`, () => {
      const values = { pm25: 87.4, pm10: 140, no2: 42, o3: 96, so2: 8, co: 0.8, temperatura: 9, humidity: 64 };
      for (const template of ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief']) {
        const { f, t, all } = write(values, { language: lang, template, durationSec: { 'daily-report': 15, 'pollution-alert': 12, 'social-clip': 10, 'weather-brief': 14 }[template] });
        checkAll(f, t, all, `${lang} all ${template}`);
        assert.match(t.headline, /173/);
        assert.match(t.social, lang === 'en' ? /87\.4 µg\/m³/ : /87,4 µg\/m³/, 'the post gives the main value with its unit');
      }
      // A long window (a narration we let run) says every pollutant and the weather.
      const long = write(values, { language: lang, durationSec: 90 });
      checkAll(long.f, long.t, long.all, `${lang} all, 90 s`);
      const text = long.t.segments.map((s) => s.written).join(' ');
      for (const v of lang === 'en' ? ['87.4 µg/m³', '140 µg/m³', '42 µg/m³', '96 µg/m³', '0.8 mg/m³', '9 °C', '64%'] : ['87,4 µg/m³', '140 µg/m³', '42 µg/m³', '96 µg/m³', '0,8 mg/m³', '9 °C', lang === 'es' ? '64 %' : '64%']) {
        assert.ok(text.includes(v), `${lang}: "${v}" in ${text}`);
      }
    });

    test(`${lang}: only PM2.5`, () => {
      const { f, t, all } = write({ pm25: 12 }, { language: lang });
      checkAll(f, t, all, `${lang} pm25`);
      assert.equal(f.others.length, 0);
      const narration = t.segments.map((s) => s.written).join(' ');
      assert.match(narration, { es: /las partículas finas PM2,5 alcanzan 12 µg\/m³|son las partículas finas PM2,5|de las partículas finas PM2,5/, en: /Fine particles \(PM2\.5\)|fine particles \(PM2\.5\)/, pt: /as partículas finas MP2,5|das partículas finas MP2,5/ }[lang]);
      assert.doesNotMatch(all, /temperatur|humedad|humidity|umidade|°C|%/i, 'nothing about weather that was not given');
      assert.doesNotMatch(narration, /(Las mediciones incluyen|Other readings|As medições incluem)/, 'no list of other pollutants when there are none');
    });

    test(`${lang}: missing temperature (humidity only)`, () => {
      const { f, t, all } = write({ pm25: 40, no2: 30, humidity: 50 }, { language: lang, template: 'weather-brief', durationSec: 14 });
      checkAll(f, t, all, `${lang} no temperature`);
      assert.doesNotMatch(all, /°C|temperatura|temperature|grados|degrees|graus/i);
      assert.match(t.segments.map((s) => s.written).join(' '), { es: /La humedad relativa es del 50 %\./, en: /Relative humidity is 50%\./, pt: /A umidade relativa do ar é de 50%\./ }[lang]);
    });

    test(`${lang}: no pollutant at all, and pollutants the standard does not rate`, () => {
      const none = write({ temperatura: 1 }, { language: lang });
      checkAll(none.f, none.t, none.all, `${lang} none`);
      assert.match(none.t.headline, { es: /sin datos de contaminantes/, en: /no pollutant data/, pt: /sem dados de poluentes/ }[lang]);
      const gasesInChile = write({ no2: 80 }, { language: lang, standard: 'cl' });
      checkAll(gasesInChile.f, gasesInChile.t, gasesInChile.all, `${lang} cl no2`);
      assert.equal(gasesInChile.f.category, null);
    });
  }
});

describe('grammar', () => {
  test('verbs and articles agree with the pollutant (es, pt)', () => {
    const cities = ['Santiago', 'Lima', 'Quito', 'Bogotá', 'Asunción', 'Montevideo', 'Rosario', 'Cali', 'Arequipa', 'Cusco', 'Talca', 'Osorno'];
    for (const lang of ['es', 'pt'] as const) {
      for (const location of cities) {
        const plural = write({ pm25: 60 }, { language: lang, location }).t.segments.map((s) => s.written).join(' ');
        const singular = write({ o3: 250 }, { language: lang, location }).t.segments.map((s) => s.written).join(' ');
        for (const bad of ['partículas finas PM2,5 alcanza ', 'principal es las', 'partículas finas MP2,5 atinge ', 'principal poluente é as', ' de el ', ' de as ']) assert.ok(!plural.includes(bad), `${lang} ${location}: "${bad}" in ${plural}`);
        for (const bad of ['ozono O3 alcanzan', 'principal son el', 'ozônio O3 atingem', 'principal poluente são o', ' de el ', ' de o ']) assert.ok(!singular.includes(bad), `${lang} ${location}: "${bad}" in ${singular}`);
        assert.match(singular, lang === 'es' ? /\b(el|del) ozono O3/i : /\b(o|do) ozônio O3/i);
      }
    }
  });

  test('singular and plural of units: 1 grado, 1,5 grados; 1 grau, 1,5 grau, 2 graus; below zero', () => {
    const spoken = (lang: Language, t: number) => write({ pm25: 5, temperatura: t }, { language: lang, template: 'weather-brief', durationSec: 14 }).t.segments.find((s) => s.kind === 'weather')?.spoken ?? '';
    assert.match(spoken('es', 1), /\b1 grado\./);
    assert.match(spoken('es', 1.5), /\b1,5 grados\./);
    assert.match(spoken('es', -3), /\b3 grados bajo cero\./);
    assert.match(spoken('en', 1), /\b1 degree\./);
    assert.match(spoken('en', 1.5), /\b1\.5 degrees\./);
    assert.match(spoken('en', -3), /minus 3 degrees\./);
    assert.match(spoken('pt', 1.5), /\b1,5 grau\./);
    assert.match(spoken('pt', 2), /\b2 graus\./);
    assert.match(spoken('pt', -1), /\b1 grau negativo\./);
    const written = write({ pm25: 5, temperatura: -3 }, { language: 'es', template: 'weather-brief', durationSec: 14 }).t.segments.find((s) => s.kind === 'weather')?.written ?? '';
    assert.match(written, /−3 °C\./);
  });

  test('Chile reads as levels (nivel Alerta), not adjectives', () => {
    const { t } = write({ pm25: 95 }, { language: 'es', standard: 'cl' });
    assert.match(t.segments[0]?.written ?? '', /nivel Alerta/);
    assert.doesNotMatch(t.segments[0]?.written ?? '', /es alerta/i);
  });
});

describe('phrasing', () => {
  test('the same facts give the same text; other places read differently', () => {
    const a = write({ pm25: 40 }, { language: 'es', location: 'Lima' });
    const b = write({ pm25: 40 }, { language: 'es', location: 'Lima' });
    assert.deepEqual(a.t, b.t);
    const openings = new Set(['Lima', 'Quito', 'Bogotá', 'Cali', 'Cusco', 'Talca', 'Osorno', 'Rosario', 'Salta', 'Temuco'].map((location) => write({ pm25: 40 }, { language: 'es', location }).t.segments[0]?.written.replace(location, 'X')));
    assert.ok(openings.size >= 2, `varied openings: ${[...openings].join(' | ')}`);
  });

  test('a trend is stated when a series is given', () => {
    const series = [20, 30, 45, 60].map((pm25, i) => ({ at: `2026-11-${String(19 + i).padStart(2, '0')}`, values: { pm25 } }));
    const { f, t, all } = write({ pm25: 60 }, { language: 'en', series, durationSec: 60 });
    checkAll(f, t, all, 'trend');
    assert.match(t.segments.map((s) => s.written).join(' '), /The index has been rising over the last 4 readings\./);
  });
});
