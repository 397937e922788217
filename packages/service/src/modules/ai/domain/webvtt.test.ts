// WebVTT written and read back; cues cut to two lines and timed inside the video.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chunkText, cuesFor, CUE_CHARS, estimatedTimes } from './captions.js';
import { NARRATION_LEAD_SEC, NARRATION_TAIL_SEC } from './text.js';
import { breakLines, LINE_CHARS, parseWebVtt, toWebVtt, vttTimestamp } from './webvtt.js';

describe('WebVTT', () => {
  test('timestamps', () => {
    assert.equal(vttTimestamp(0), '00:00:00.000');
    assert.equal(vttTimestamp(3723.4567), '01:02:03.457');
  });

  test('round trip, with escaping and line breaks', () => {
    const cues = [
      { start: 0.5, end: 3.25, text: 'Calidad del aire <insalubre> & más' },
      { start: 3.25, end: 9, text: 'Las partículas finas PM2,5 alcanzan 87,4 µg/m³, 5,8 veces la guía.' },
    ];
    const vtt = toWebVtt(cues);
    assert.match(vtt, /^WEBVTT\n\n1\n00:00:00\.500 --> 00:00:03\.250\nCalidad del aire &lt;insalubre&gt; &amp; más\n/);
    const back = parseWebVtt(vtt);
    assert.deepEqual(back.map((c) => [c.start, c.end, c.text.replace('\n', ' ')]), cues.map((c) => [c.start, c.end, c.text]));
    for (const c of back) for (const line of c.text.split('\n')) assert.ok(line.length <= LINE_CHARS, line);
    assert.ok(back[1]?.text.includes('\n'), 'a long cue is two lines');
  });

  test('reads ordinary files and refuses broken ones', () => {
    const cues = parseWebVtt('WEBVTT - x\r\n\r\nNOTE hi\r\n\r\nid1\r\n00:01.000 --> 00:02.500 align:center\r\nHello\r\n');
    assert.deepEqual(cues, [{ start: 1, end: 2.5, text: 'Hello' }]);
    assert.throws(() => parseWebVtt('WEBVT\n'), SyntaxError);
    assert.throws(() => parseWebVtt('WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nx\n'), SyntaxError);
  });

  test('balanced lines', () => {
    assert.equal(breakLines('short'), 'short');
    const two = breakLines('Las partículas finas PM2,5 alcanzan 87,4 µg/m³ hoy.');
    const [a, b] = two.split('\n');
    assert.ok(a && b && Math.abs(a.length - b.length) < 12, two);
  });
});

describe('cues from sentences', () => {
  test('pieces of at most two lines, cut at clauses, with every word kept', () => {
    const text = 'Niños, mayores, embarazadas y personas con asma o enfermedades del corazón deberían reducir el esfuerzo prolongado al aire libre; todos los demás, tomar pausas.';
    const pieces = chunkText(text);
    assert.ok(pieces.length >= 2);
    for (const p of pieces) assert.ok(p.length <= CUE_CHARS, p);
    assert.equal(pieces.join(' '), text);
  });

  test('estimated times stay inside the video, in order, and cues share each sentence', () => {
    const sentences = Array.from({ length: 6 }, (_, i) => ({ spoken: `Frase número ${i} con varias palabras que decir en voz alta para la prueba.`, written: `Frase ${i}.` }));
    const timed = estimatedTimes('es', sentences, 10);
    assert.equal(timed[0]?.start, NARRATION_LEAD_SEC);
    assert.ok((timed.at(-1)?.end ?? 99) <= 10 - NARRATION_TAIL_SEC + 1e-9, 'squeezed into the window');
    const cues = cuesFor([{ text: 'Uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte.', start: 1, end: 9 }]);
    assert.equal(cues[0]?.start, 1);
    assert.equal(cues.at(-1)?.end, 9);
    for (let i = 1; i < cues.length; i++) assert.equal(cues[i]?.start, cues[i - 1]?.end);
  });
});
