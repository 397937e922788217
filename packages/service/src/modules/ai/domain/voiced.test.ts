// Numbers in words in each language, agreeing with their noun; symbols spelled out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numberInWords, voiced } from './voiced.js';

test('the values the issue names, in each language, as the text writes them', () => {
  const cases: Record<'es' | 'en' | 'pt', [string, string][]> = {
    es: [['0,8', 'cero coma ocho'], ['12', 'doce'], ['87,4', 'ochenta y siete coma cuatro'], ['150', 'ciento cincuenta'], ['1.250', 'mil doscientos cincuenta']],
    en: [['0.8', 'zero point eight'], ['12', 'twelve'], ['87.4', 'eighty-seven point four'], ['150', 'one hundred fifty'], ['1,250', 'one thousand two hundred fifty']],
    pt: [['0,8', 'zero vírgula oito'], ['12', 'doze'], ['87,4', 'oitenta e sete vírgula quatro'], ['150', 'cento e cinquenta'], ['1.250', 'mil duzentos e cinquenta']],
  };
  for (const [lang, pairs] of Object.entries(cases) as ['es' | 'en' | 'pt', [string, string][]][]) {
    for (const [written, words] of pairs) assert.equal(numberInWords(lang, written), words, `${lang} ${written}`);
  }
});

test('a whole sentence: the number and its unit as the voice says them', () => {
  assert.equal(voiced('es', 'Las partículas finas PM2,5 alcanzan 87,4 microgramos por metro cúbico.'), 'Las partículas finas P M dos coma cinco alcanzan ochenta y siete coma cuatro microgramos por metro cúbico.');
  assert.equal(voiced('en', 'Fine particles (PM2.5) reach 1,250 micrograms per cubic meter.'), 'Fine particles, P M two point five, reach one thousand two hundred fifty micrograms per cubic meter.');
  assert.equal(voiced('pt', 'As partículas finas MP2,5 atingem 0,8 micrograma por metro cúbico.'), 'As partículas finas M P dois vírgula cinco atingem zero vírgula oito micrograma por metro cúbico.');
  assert.equal(voiced('es', 'La humedad es del 64 %.'), 'La humedad es del sesenta y cuatro por ciento.');
});

test('numbers agree with the noun after them', () => {
  assert.equal(voiced('es', '21 grados, 1 grado, 21 veces, 221 horas, el índice marca 1.'), 'veintiún grados, un grado, veintiuna veces, doscientas veintiuna horas, el índice marca uno.');
  assert.equal(voiced('pt', '2 vezes, 22 horas, 1 grau, 2 graus, 200 medições.'), 'duas vezes, vinte e duas horas, um grau, dois graus, duzentas medições.');
  assert.equal(voiced('en', '21 times the WHO guideline'), 'twenty-one times the W H O guideline');
});

test('decimals: two digits as a number in Spanish and Portuguese, digit by digit in English and after a zero', () => {
  assert.equal(numberInWords('es', '2,25'), 'dos coma veinticinco');
  assert.equal(numberInWords('pt', '0,05'), 'zero vírgula zero cinco');
  assert.equal(numberInWords('en', '2.25'), 'two point two five');
  assert.equal(numberInWords('es', '−3,5'), 'menos tres coma cinco');
});
