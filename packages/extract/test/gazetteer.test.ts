import assert from 'node:assert/strict';
import { test } from 'node:test';
import { knownPlace, knownPlaceForms, knownPlaces, knownPlacesSpaced } from '../src/gazetteer.js';

const names = (hits: Array<{ name: string }>): string[] => hits.map((h) => h.name);

test('known places: case and accents ignored, whole words only, the longest name at a position', () => {
  const text = 'Boletim — RIO DE JANEIRO, 26 de dezembro · Sao Paulo · Santiagox · xLima';
  const hits = knownPlaces(text);
  assert.deepEqual(names(hits), ['Rio de Janeiro', 'São Paulo']);
  assert.equal(text.slice(hits[0]!.start, hits[0]!.end), 'RIO DE JANEIRO');
  // An alias longer than the name it starts with wins, and reports the name.
  assert.deepEqual(names(knownPlaces('Los Angeles County: South Coast Air Basin')), ['Los Angeles']);
  assert.equal(knownPlaces('Los Angeles County: x')[0]!.end, 'Los Angeles County'.length);
  assert.deepEqual(names(knownPlaces('Santiago de Chile')), ['Santiago']);
  assert.equal(knownPlace('Bogotá D.C.'), 'Bogotá');
  assert.equal(knownPlace('Natalidad'), null);
});

test('spaced known places: OCR splits inside names of six letters or more, not in short ones', () => {
  assert.deepEqual(names(knownPlacesSpaced('Los Angel es County: South Coast Air Basin')), ['Los Angeles']);
  assert.deepEqual(names(knownPlacesSpaced('Ri ver si de County: South Coast')), ['Riverside']);
  const hit = knownPlacesSpaced('at Ri ver si de , CA')[0]!;
  assert.equal('at Ri ver si de , CA'.slice(hit.start, hit.end), 'Ri ver si de');
  assert.deepEqual(knownPlacesSpaced('i lo  l ima'), []);
  assert.deepEqual(knownPlacesSpaced('Ri ver si dex'), []);
  // A name read whole is reported once, not again as a spaced one.
  assert.deepEqual(names(knownPlacesSpaced('Rio de Janeiro')), ['Rio de Janeiro']);
});

/**
 * The matcher against the plain statement of the rule as regexes (what it replaced:
 * slower, and recompiled by V8 after a flush): the same hits on generated text.
 */
test('known places: the same hits as the rule written as regexes', () => {
  const all = knownPlaceForms();
  const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const plain = new RegExp(String.raw`(?<![\p{L}])(?:${[...all].sort((a, b) => b.length - a.length).map(esc).join('|')})(?![\p{L}])`, 'gu');
  const long = all.filter((n) => n.replace(/[^\p{L}]/gu, '').length >= 6).sort((a, b) => b.length - a.length);
  const spaced = new RegExp(String.raw`(?<![\p{L}])(?:${long.map((n) => [...n].map((ch) => (ch === ' ' ? String.raw`\s+` : `${esc(ch)} ?`)).join('')).join('|')})(?![\p{L}])`, 'gu');
  const pieces = ['rio de janeiro', 'santiago', ' ', '  ', 'x', 'de', 'los angeles', 'county', 'la', 'sao', 'paulo', '.', ',', 'lima', 'callao', 'y', 'ri ver', 'side', 'bogota', 'd.c', 'st.', 'louis', 'é'];
  let seed = 7;
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let k = 0; k < 3000; k++) {
    let text = '';
    for (let j = 0; j <= rnd(7); j++) {
      let p = pieces[rnd(pieces.length)]!;
      if (rnd(3) === 0) {
        const cut = rnd(p.length + 1);
        p = `${p.slice(0, cut)} ${p.slice(cut)}`;
      }
      text += p + (rnd(2) ? ' ' : '');
    }
    const f = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const want = [...f.matchAll(plain)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    assert.deepEqual(knownPlaces(text).map(({ start, end }) => ({ start, end })), want, text);
    const wantSpaced = [...want];
    for (const m of f.matchAll(spaced)) {
      const end = m.index + m[0].trimEnd().length;
      if (!want.some((h) => h.start < end && m.index < h.end)) wantSpaced.push({ start: m.index, end });
    }
    wantSpaced.sort((a, b) => a.start - b.start);
    assert.deepEqual(knownPlacesSpaced(text).map(({ start, end }) => ({ start, end })), wantSpaced, text);
  }
});
