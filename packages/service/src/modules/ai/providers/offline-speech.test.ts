import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { OfflineSpeech } from './offline-speech.js';

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
