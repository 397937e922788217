// Template suggestions follow the category and the channel, with reasons in the request language.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listTemplates } from '@aqcast/engine';
import { suggestTemplates, type SuggestInput } from './suggest.js';

const base: SuggestInput = { severity: 1, categoryLabel: 'Moderate', pollutants: 2, hasWeather: false, channel: 'web', language: 'en', languageSource: 'request' };

test('an unhealthy category puts the alert template first, saying why', () => {
  const [top] = suggestTemplates({ ...base, severity: 3, categoryLabel: 'Unhealthy' }, listTemplates());
  assert.equal(top?.template, 'pollution-alert');
  assert.ok(top?.reasons.some((r) => r.code === 'alert_category' && r.message.includes('"Unhealthy"')));
});

test('a social feed gets portrait; TV and the web get landscape', () => {
  const social = suggestTemplates({ ...base, channel: 'social' }, listTemplates());
  assert.equal(social[0]?.format, 'portrait');
  assert.ok(social[0]?.reasons.some((r) => r.code === 'portrait_social'));
  assert.equal(social[0]?.template, 'social-clip');
  const tv = suggestTemplates({ ...base, channel: 'tv' }, listTemplates());
  assert.equal(tv[0]?.format, 'landscape');
  assert.equal(tv[0]?.template, 'daily-report');
  assert.ok(tv.slice(0, 3).every((s) => s.format !== 'portrait'), 'no portrait in the top three for TV');
});

test('the weather brief needs weather', () => {
  const without = suggestTemplates({ ...base, channel: 'tv' }, listTemplates(), 20);
  const withWeather = suggestTemplates({ ...base, channel: 'tv', hasWeather: true, severity: 0, categoryLabel: 'Good' }, listTemplates(), 20);
  const rank = (list: typeof without) => list.findIndex((s) => s.template === 'weather-brief');
  assert.ok(rank(withWeather) < rank(without));
  assert.ok(without.find((s) => s.template === 'weather-brief')?.reasons.some((r) => r.code === 'no_weather'));
  assert.equal(withWeather[1]?.template === 'weather-brief' || withWeather[0]?.template === 'weather-brief', true);
});

test('only formats a template supports, every suggestion in the request language, ranked', () => {
  const all = suggestTemplates({ ...base, language: 'es', languageSource: 'context' }, listTemplates(), 100);
  const formats = new Map(listTemplates().map((t) => [t.id, t.formats]));
  for (const s of all) {
    assert.ok(formats.get(s.template)?.includes(s.format as never));
    assert.equal(s.language, 'es');
    assert.ok(s.reasons.some((r) => r.code === 'language_context' && r.message.startsWith('Idioma es')));
  }
  for (let i = 1; i < all.length; i++) assert.ok((all[i - 1]?.score ?? 0) >= (all[i]?.score ?? 0));
  assert.equal(suggestTemplates(base, listTemplates(), 3).length, 3);
});
