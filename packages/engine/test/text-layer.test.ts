// The words each frame draws, read from the templates' text layer (no OCR): every
// language renders its own words and numbers, missing values leave no trace.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, listTemplates, normalizeRenderParams, type Language } from '../src/index.ts';

const FULL = { location: 'Santiago', pm25: 87.4, pm10: 140, no2: 42, o3: 96, so2: 8, co: 0.8, temperatura: 9.5, humidity: 64, date: '2026-11-22' };

const EXPECT: Record<Language, { words: string[]; foreign: string[] }> = {
  es: { words: ['22 de noviembre de 2026', 'Insalubre', '87,4', '9,5 °C'], foreign: ['November', 'novembro', 'Pollutants', 'Poluentes', '87.4'] },
  en: { words: ['November 22, 2026', 'Unhealthy', '87.4', '9.5 °C'], foreign: ['noviembre', 'novembro', 'Contaminantes', 'Poluentes', '87,4'] },
  pt: { words: ['22 de novembro de 2026', 'Insalubre', '87,4', '9,5 °C'], foreign: ['noviembre', 'November', 'Contaminantes', 'Pollutants', '87.4'] },
};

function texts(params: Record<string, unknown>): string[] {
  return describeFrame(normalizeRenderParams({ resolution: '360p', ...params })).texts;
}

describe('text layer', () => {
  for (const t of listTemplates()) {
    for (const format of t.formats) {
      for (const language of ['es', 'en', 'pt'] as const) {
        it(`${t.id} ${format} ${language}: its own words, no placeholders`, () => {
          const all = texts({ ...FULL, template: t.id, format, language });
          const joined = all.join('\n');
          for (const w of EXPECT[language].words) {
            // The daily report writes the long date; others the short one; both contain it.
            assert.ok(joined.includes(w), `${w} missing from ${JSON.stringify(all)}`);
          }
          for (const w of EXPECT[language].foreign) assert.ok(!joined.includes(w), `${language} frame contains ${w}`);
          assert.ok(!/undefined|NaN|null|\[object/.test(joined), joined);
          assert.ok(all.every((s) => s.trim().length > 0));
        });
      }
    }
  }

  it('a sparse input (PM2.5 only) draws one pollutant and no weather', () => {
    for (const t of listTemplates()) {
      const all = texts({ location: 'Lima', pm25: 12, template: t.id, format: t.formats[0], language: 'en', date: '2026-11-22' });
      const joined = all.join('\n');
      assert.ok(joined.includes('PM₂.₅'), t.id);
      for (const absent of ['NO₂', 'O₃', 'SO₂', 'PM₁₀', '°C', 'Humidity', 'Temperature']) assert.ok(!joined.includes(absent), `${t.id} draws ${absent}`);
      assert.ok(!/undefined|NaN/.test(joined));
    }
  });

  it('no pollutant at all still makes a sensible frame', () => {
    for (const t of listTemplates()) {
      const joined = texts({ location: 'Quito', temperatura: 14, template: t.id, format: t.formats[0], language: 'es', date: '2026-11-22' }).join('\n');
      assert.ok(joined.includes('Sin datos de contaminantes') || joined.includes('No se informaron mediciones'), `${t.id}: ${joined}`);
      assert.ok(!/undefined|NaN/.test(joined));
    }
  });

  it('a 120-character location is drawn whole (wrapped) or shortened with an ellipsis, never raw past the frame', () => {
    const long = 'Ciudad Autónoma de Buenos Aires — Estación de Monitoreo La Boca, Parque Patricios, Barracas y Nueva Pompeya (Zona Sur)';
    assert.equal(long.length <= 120, true);
    for (const t of listTemplates()) {
      for (const format of t.formats) {
        const all = texts({ location: long, pm25: 30, template: t.id, format, language: 'es', date: '2026-11-22' });
        const pieces = all.filter((s) => long.includes(s.replace(/…$/, '')) && s.length > 3);
        assert.ok(pieces.length >= 2, `${t.id} ${format}: location should wrap over lines, got ${JSON.stringify(pieces)}`);
      }
    }
  });

  it('category label follows the chosen standard', () => {
    const j = (aqiStandard: string, language: string) => texts({ ...FULL, aqiStandard, language }).join('\n');
    assert.ok(j('eu-eaqi', 'en').includes('Poor'));
    assert.ok(j('mx', 'es').includes('Muy mala'));
    assert.ok(j('cl', 'es').includes('Alerta'));
    assert.ok(j('cl', 'es').includes('ICAP'));
    assert.ok(j('br-iqar', 'pt').includes('Muito ruim'));
  });
});
