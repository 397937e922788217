// The ranking template: worst first by the standard's own index, pages balanced per
// format, the worst and best called out, every name drawn whole or shortened.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, normalizeRenderParams } from '../src/index.ts';
import { pageSizes } from '../src/templates/ranking.ts';
import { rankingViews } from '../src/templates/places-view.ts';
import { emptyBand } from './scene-metrics.ts';

const PLACES = [
  { name: 'Santiago', pm25: 87.4 },
  { name: 'Temuco', pm25: 140, no2: 20 },
  { name: 'Valparaíso', pm25: 21 },
  { name: 'Antofagasta', pm10: 60 },
  { name: 'Coyhaique', pm25: 210 },
];

describe('ranking', () => {
  it('sorts worst first by the computed index, whatever the input order', () => {
    const p = normalizeRenderParams({ location: 'Chile', template: 'ranking', places: PLACES, date: '2026-11-22' });
    assert.deepEqual(rankingViews(p).map((v) => v.name), ['Coyhaique', 'Temuco', 'Santiago', 'Valparaíso', 'Antofagasta']);
    const eu = normalizeRenderParams({ ...p, aqiStandard: 'eu-eaqi' });
    const views = rankingViews(eu);
    assert.equal(views[0]?.name, 'Coyhaique');
    assert.equal(views[0]?.indexText, null, 'the EAQI has bands, no number');
    assert.ok(views.every((v, i) => i === 0 || (views[i - 1]?.level ?? -1) >= (v.level ?? -1)));
  });

  it('balances its pages', () => {
    assert.deepEqual(pageSizes(20, 6), [5, 5, 5, 5]);
    assert.deepEqual(pageSizes(7, 6), [4, 3]);
    assert.deepEqual(pageSizes(20, 10), [10, 10]);
    assert.deepEqual(pageSizes(1, 6), [1]);
  });

  it('draws every place, the worst and the best called out, in each format and language', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ name: `Estación ${i + 1}`, pm25: 5 + i * 11 }));
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      for (const [language, worst, best] of [['es', 'PEOR', 'MEJOR'], ['en', 'WORST', 'BEST'], ['pt', 'PIOR', 'MELHOR']] as const) {
        const d = describeFrame(normalizeRenderParams({ location: 'Región', template: 'ranking', places: many, format, language, resolution: '360p', date: '2026-11-22' }));
        const joined = d.texts.join('\n');
        for (const pl of many) assert.ok(d.texts.includes(pl.name), `${format} ${language}: ${pl.name} missing`);
        assert.ok(joined.includes(worst) && joined.includes(best), `${format} ${language}: call-outs missing`);
        assert.ok(!/undefined|NaN|null/.test(joined));
      }
    }
  });

  it('two or three places fill portrait and square: no empty band over 12 % of the frame in the holds', () => {
    // Before their rows grew and moved to the middle, two places left a 30 % band in portrait.
    for (const places of [PLACES.slice(0, 2), PLACES.slice(0, 3)]) {
      for (const format of ['portrait', 'square'] as const) {
        for (const language of ['es', 'en', 'pt'] as const) {
          const band = emptyBand({ location: 'Chile', template: 'ranking', places, date: '2026-11-22', format, language, resolution: '360p' });
          assert.ok(band.percent <= 12, `${places.length} places ${format} ${language}: a ${band.percent.toFixed(1)} % band at ${band.at.toFixed(2)} s`);
        }
      }
    }
  });

  it('shortens a 120-character name with an ellipsis rather than letting it run over', () => {
    const long = 'Ciudad Autónoma de Buenos Aires — Estación de Monitoreo La Boca, Parque Patricios, Barracas y Nueva Pompeya (Zona Sur)';
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      const d = describeFrame(normalizeRenderParams({ location: 'X', template: 'ranking', places: [{ name: long, pm25: 40 }, { name: 'Y', pm25: 3 }], format, resolution: '360p', date: '2026-11-22' }));
      assert.ok(d.texts.some((s) => s.endsWith('…') && long.startsWith(s.slice(0, -1))), `${format}: ${JSON.stringify(d.texts)}`);
    }
  });

  it('writes every category of the scale strip and every row whole, in every format and language', () => {
    const places = [{ name: 'Mexicali', pm25: 88 }, { name: 'Toluca', pm25: 55 }, { name: 'Puebla', pm25: 27 }, { name: 'Mérida', pm25: 9 }];
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      for (const language of ['es', 'en', 'pt'] as const) {
        const p = normalizeRenderParams({ location: 'México', template: 'ranking', places, format, language, resolution: '360p', date: '2026-11-22' });
        const d = describeFrame(p, { timeSec: 5 });
        assert.deepEqual(d.texts.filter((t) => t.endsWith('…')), [], `${format} ${language}`);
      }
    }
  });
});
