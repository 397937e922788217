// Reading a chat model's reply: JSON bare or fenced, a paragraph read as sentences, everything else refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidateFrom, extractJson, systemPrompt } from './chat.js';

test('the JSON object in a reply, bare or in a code block', () => {
  assert.deepEqual(extractJson('{"headline":"h","narration":["a"],"social":"s"}'), { headline: 'h', narration: ['a'], social: 's' });
  assert.deepEqual(extractJson('Sure!\n```json\n{"a": 1}\n```\nDone.'), { a: 1 });
  assert.equal(extractJson('no json here'), null);
  assert.equal(extractJson('{"a": 1,,}'), null);
});

test('a candidate needs a headline, sentences and a post', () => {
  assert.deepEqual(candidateFrom({ headline: ' H ', narration: 'One. Two!  Three?', social: 'S' }), { headline: 'H', narration: ['One.', 'Two!', 'Three?'], social: 'S' });
  assert.match(String(candidateFrom([])), /not a JSON object/);
  assert.match(String(candidateFrom({ headline: 1, narration: [], social: '' })), /headline/);
  assert.match(String(candidateFrom({ headline: 'h', narration: [1], social: '' })), /narration/);
  assert.match(String(candidateFrom({ headline: 'h', narration: ['a'] })), /social/);
});

test('the prompt states the rules in terms of the language', () => {
  const p = systemPrompt({ language: 'es', location: 'Santiago', facts: {}, draft: { headline: '', narration: [], social: '' }, maxWords: 30 });
  assert.match(p, /Spanish/);
  assert.match(p, /decimal comma \(87,4\)/);
  assert.match(p, /"Santiago"/);
  assert.match(p, /at most 30 words/);
});
