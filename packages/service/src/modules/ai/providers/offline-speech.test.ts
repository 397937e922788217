import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { OFFLINE_MAX_RATE_WPM, OFFLINE_RATE_WPM, OfflineSpeech } from './offline-speech.js';

const speech = new OfflineSpeech();
after(() => speech.close());

test('the same sentence gives the same samples whatever was spoken before it', async () => {
  const sentence = 'El índice de calidad del aire en Santiago es ochenta y siete coma cuatro.';
  const first = await speech.speak(sentence, 'es-419');
  // Other sentences, another voice and another language in between change eSpeak's inner state.
  await speech.speak('Otra frase, distinta, para cambiar el estado.', 'es-419');
  await speech.speak('The air quality index in London is twelve.', 'en-gb');
  const again = await speech.speak(sentence, 'es-419');
  assert.ok(first.audio.equals(again.audio), `${first.durationSec} s then ${again.durationSec} s`);
  assert.deepEqual(again.words, first.words);
  assert.ok(first.words.length >= 10, `${first.words.length} word events`);
  for (let i = 1; i < first.words.length; i++) assert.ok((first.words[i]?.at ?? 0) > (first.words[i - 1]?.at ?? 0), 'words start in order');
});

test('every word of a long sentence is spoken, in each voice of a language', async () => {
  const sentence = 'Air quality in London is unhealthy today: fine particles reach eighty-seven point four micrograms per cubic meter.';
  const words = sentence.split(/\s+/).length;
  const us = await speech.speak(sentence, 'en-us');
  const gb = await speech.speak(sentence, 'en-gb');
  const usAgain = await speech.speak(sentence, 'en-us');
  for (const clip of [us, gb, usAgain]) {
    assert.ok(clip.words.length >= words - 1, `${clip.words.length} of ${words} words`);
    assert.ok(clip.durationSec > 5, `${clip.durationSec} s`);
  }
  assert.ok(usAgain.audio.equals(us.audio));
  assert.ok(!gb.audio.equals(us.audio), 'the British voice is its own');
});

test('a sentence past the narrator\'s limit is refused, and the next one is spoken', async () => {
  await assert.rejects(speech.speak('a '.repeat(9000), 'en-us'), /sentence too long/);
  const after = await speech.speak('The air is good.', 'en-us');
  assert.ok(after.durationSec > 0.5);
});

test('a faster rate speaks the same words in less time, and the usual rate after it is unchanged', async () => {
  const sentence = 'La calidad del aire en Lisboa es moderada: el ozono llega a noventa y seis microgramos por metro cúbico.';
  const usual = await speech.speak(sentence, 'es-419');
  const faster = await speech.speak(sentence, 'es-419', OFFLINE_RATE_WPM * 1.15);
  const ratio = usual.durationSec / faster.durationSec;
  assert.ok(ratio > 1.08 && ratio < 1.25, `usual ${usual.durationSec} s, faster ${faster.durationSec} s`);
  assert.equal(faster.words.length, usual.words.length);
  assert.equal(faster.pcm.length / 2 / faster.sampleRate, faster.durationSec, 'the samples are the WAV\'s');
  // Past the narrator's range the rate is clamped, never faster than its most.
  const clamped = await speech.speak(sentence, 'es-419', 10_000);
  const fastest = await speech.speak(sentence, 'es-419', OFFLINE_MAX_RATE_WPM);
  assert.ok(clamped.audio.equals(fastest.audio));
  assert.ok((await speech.speak(sentence, 'es-419')).audio.equals(usual.audio));
});
