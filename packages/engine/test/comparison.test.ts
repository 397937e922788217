// The comparison template: two places, or one place at two times (today against
// yesterday, the forecast against the observation), the difference said in words in
// each language, told in scenes, and drawn whole in every format.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, EngineError, normalizeRenderParams, sceneTimeline } from '../src/index.ts';
import { compare } from '../src/templates/comparison.ts';
import { POLLUTANT_SYMBOL, POLLUTANTS } from '@aqcast/vocabulary';

const TWO = [
  { name: 'Temuco', pm25: 140 },
  { name: 'Santiago', pm25: 35 },
];

function params(extra: Record<string, unknown>) {
  return normalizeRenderParams({ location: 'Chile', template: 'comparison', date: '2026-11-22', resolution: '360p', aqiStandard: 'us-epa', ...extra });
}

describe('comparison', () => {
  it('says which of two places is worse, and by how much, in es, en and pt', () => {
    const expect = {
      es: ['El aire está peor en Temuco que en Santiago.', 'Índice 215 frente a 99: 116 puntos más, 3 categorías peor'],
      en: ['The air is worse in Temuco than in Santiago.', 'Index 215 against 99: 116 points higher, 3 categories worse'],
      pt: ['O ar está pior em Temuco do que em Santiago.', 'Índice 215 contra 99: 116 pontos a mais, 3 categorias pior'],
    } as const;
    for (const language of ['es', 'en', 'pt'] as const) {
      const cmp = compare(params({ places: TWO, language }));
      assert.ok(cmp);
      assert.equal(cmp.mode, 'places');
      assert.equal(cmp.how, 'worse');
      assert.equal(cmp.verdict, expect[language][0]);
      assert.equal(cmp.detail, expect[language][1]);
    }
    const reversed = compare(params({ places: [TWO[1], TWO[0]], language: 'en' }));
    assert.equal(reversed?.verdict, 'The air is better in Santiago than in Temuco.');
    assert.equal(reversed?.detail, 'Index 99 against 215: 116 points lower, 3 categories better');
  });

  it('tells one place at two times apart: today against yesterday, the forecast against the observation', () => {
    const days = compare(params({ language: 'en', places: [{ name: 'Santiago', pm25: 60, date: '2026-11-22' }, { name: 'santiago', pm25: 20, date: '2026-11-21' }] }));
    assert.equal(days?.mode, 'times');
    assert.deepEqual([days?.a.title, days?.b.title], ['Today', 'Yesterday']);
    assert.equal(days?.verdict, 'In Santiago, the air is worse today than yesterday.');
    assert.equal(days?.title, 'Santiago');
    const es = compare(params({ language: 'es', places: [{ name: 'Santiago', pm25: 60, date: '2026-11-22' }, { name: 'Santiago', pm25: 20, date: '2026-11-21' }] }));
    assert.equal(es?.verdict, 'En Santiago, el aire está peor hoy que ayer.');
    const fc = compare(params({ language: 'pt', places: [{ name: 'Lima', pm25: 12, date: '2026-11-23', forecast: true }, { name: 'Lima', pm25: 12.4, date: '2026-11-23' }] }));
    assert.deepEqual([fc?.a.title, fc?.b.title], ['Previsão', 'Observado']);
    assert.equal(fc?.how, 'same');
    assert.equal(fc?.verdict, 'Em Lima, o ar está parecido na previsão e no observado.');
    const dated = compare(params({ language: 'en', places: [{ name: 'Quito', pm25: 10, date: '2026-11-10' }, { name: 'Quito', pm25: 80, date: '2026-11-01' }] }));
    assert.equal(dated?.verdict, 'In Quito, the air is better on November 10, 2026 than on November 1, 2026.');
  });

  it('compares band-only standards by band, and says so when a side has no rated value', () => {
    const eu = compare(params({ language: 'en', aqiStandard: 'eu-eaqi', places: TWO }));
    assert.equal(eu?.how, 'worse');
    assert.match(eu?.detail ?? '', /^\d categor(y|ies) worse$|^One category worse$|^[A-Z].* worse$/);
    const unrated = compare(params({ language: 'en', aqiStandard: 'us-epa', places: [{ name: 'A', co: 0.1 }, { name: 'B', pm25: 10 }] }));
    if (unrated?.a.view.level === null) assert.equal(unrated.verdict, 'Without a rated value on both sides there is nothing to compare.');
  });

  it('is told in scenes: title, the two sides, the pollutants pair by pair, the difference in words', () => {
    const p = params({ places: [{ name: 'Temuco', pm25: 140, no2: 30 }, { name: 'Santiago', pm25: 35, o3: 90 }], language: 'en' });
    const tl = sceneTimeline(p);
    assert.deepEqual(tl.map((s) => s.id), ['title', 'sides', 'pollutants', 'difference']);
    assert.equal(tl[tl.length - 1]?.end, 15);
    const diff = tl[3];
    assert.ok(diff?.shows.startsWith('The air is worse in Temuco than in Santiago.'));
    assert.ok(tl[2]?.shows.includes('NO₂') && tl[2]?.shows.includes('O₃'), tl[2]?.shows);
  });

  it('draws both sides and the verdict in every format and language, a 120-character name shortened', () => {
    const long = 'Ciudad Autónoma de Buenos Aires — Estación de Monitoreo La Boca, Parque Patricios, Barracas y Nueva Pompeya (Zona Sur)';
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      for (const language of ['es', 'en', 'pt'] as const) {
        const p = params({ places: [{ name: long, pm25: 40 }, { name: 'Rosario', pm25: 8 }], format, language });
        const tl = sceneTimeline(p);
        const sides = describeFrame(p, { timeSec: ((tl[1]?.start ?? 0) + (tl[1]?.end ?? 0)) / 2 });
        assert.ok(sides.texts.includes('Rosario'), `${format} ${language}`);
        assert.ok(sides.texts.some((s) => s.endsWith('…') || s === long || long.startsWith(s)), `${format} ${language}: long name`);
        const verdict = describeFrame(p, { timeSec: 14 });
        const cmp = compare(p);
        assert.ok(cmp);
        const joined = verdict.texts.join(' ');
        for (const word of cmp.verdict.split(' ').slice(0, 3)) assert.ok(joined.includes(word), `${format} ${language}: verdict ${word}`);
        assert.ok(!/undefined|NaN|null/.test([...sides.texts, ...verdict.texts].join('\n')));
      }
    }
  });

  it('draws every pollutant symbol whole in every format, language and length (never "N…" for NO₂)', () => {
    // All six pollutants on both sides: the pollutant scenes' rows at every height they take.
    const values = { pm25: 41.2, pm10: 88, no2: 37, o3: 112, so2: 9, co: 0.9 };
    const places = [{ name: 'Ciudad de México', ...values }, { name: 'Guadalajara', pm25: 18, pm10: 40, no2: 21, o3: 80, so2: 4, co: 0.4 }];
    for (const durationSec of [15, 30]) {
      for (const format of ['landscape', 'portrait', 'square'] as const) {
        for (const language of ['es', 'en', 'pt'] as const) {
          const p = params({ places, format, language, durationSec });
          for (const scene of sceneTimeline(p).filter((s) => s.kind === 'pollutants' || s.kind === 'pollutant')) {
            const { texts } = describeFrame(p, { timeSec: scene.end - 0.6 });
            const where = `${durationSec} s ${format} ${language} ${scene.id}`;
            const symbols = POLLUTANTS.map((id) => POLLUTANT_SYMBOL[id][language]);
            const shown = scene.kind === 'pollutants' ? symbols : symbols.filter((s) => scene.shows.startsWith(`${s}:`));
            assert.ok(shown.length > 0, where);
            for (const symbol of shown) assert.ok(texts.includes(symbol), `${where}: ${symbol} not drawn whole in ${JSON.stringify(texts)}`);
            const cut = texts.filter((t) => t.endsWith('…') && symbols.some((s) => s.startsWith(t.slice(0, -1))));
            assert.deepEqual(cut, [], where);
          }
        }
      }
    }
  });

  it('shows each side\'s index and category whole in the verdict scene, in every format and language', () => {
    // 115 is "Unhealthy for Sensitive Groups": the longest category, beside a long place name.
    const places = [{ name: 'Ciudad de México', pm25: 41.2 }, { name: 'Guadalajara', pm25: 18 }];
    const sensitive = { es: 'Insalubre para grupos sensibles', en: 'Unhealthy for Sensitive Groups', pt: 'Insalubre para grupos sensíveis' } as const;
    for (const format of ['landscape', 'portrait', 'square'] as const) {
      for (const language of ['es', 'en', 'pt'] as const) {
        const p = params({ places, format, language });
        const scene = sceneTimeline(p).find((s) => s.id === 'difference');
        assert.ok(scene);
        const { texts } = describeFrame(p, { timeSec: scene.end - 0.3 });
        const where = `${format} ${language}`;
        assert.ok(texts.some((t) => t.endsWith(`115 · ${sensitive[language]}`)), `${where}: ${JSON.stringify(texts)}`);
        assert.ok(texts.includes('Ciudad de México') && texts.includes('Guadalajara'), where);
        assert.deepEqual(texts.filter((t) => t.endsWith('…')), [], where);
      }
    }
  });

  it('without two places shows the location alone and says a second side is needed', () => {
    const p = params({ pm25: 50, language: 'en' });
    const cmp = compare(p);
    assert.equal(cmp, null);
    const d = describeFrame(p, { timeSec: 14 });
    assert.ok(d.texts.some((s) => s.includes('A second place')), JSON.stringify(d.texts));
  });

  it('refuses a place date that is not a calendar day, naming the field', () => {
    assert.throws(
      () => params({ places: [{ name: 'A', pm25: 5, date: '2026-02-30' }, { name: 'A', pm25: 9, date: '2026-02-28' }] }),
      (e: unknown) => e instanceof EngineError && (e.fields ?? []).some((f) => f.field === 'places[0].date'),
    );
  });
});
