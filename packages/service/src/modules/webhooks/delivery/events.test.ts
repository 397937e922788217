import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WebhookEventError, buildEventBody, newEventId, parseEventSubscriptions, subscriptionMatches } from './events.js';

const KNOWN = ['render.completed', 'render.failed', 'ingest.completed'];

test('parseEventSubscriptions accepts known events and *, de-duplicated in order', () => {
  assert.deepEqual(parseEventSubscriptions(['render.completed', 'render.failed', 'ingest.completed'], KNOWN), ['render.completed', 'render.failed', 'ingest.completed']);
  assert.deepEqual(parseEventSubscriptions(['*'], KNOWN), ['*']);
  assert.deepEqual(parseEventSubscriptions(['render.failed', 'render.failed', '*'], KNOWN), ['render.failed', '*']);
});

test('parseEventSubscriptions names the bad event', () => {
  for (const bad of ['render.done', 'webhook.test', 'RENDER.COMPLETED', '', 42]) {
    assert.throws(
      () => parseEventSubscriptions(['render.completed', bad], KNOWN),
      (err: unknown) => err instanceof WebhookEventError && err.event === bad && err.message.includes(typeof bad === 'string' ? `"${bad}"` : '42') && err.message.includes('render.completed, render.failed, ingest.completed, *'),
      String(bad),
    );
  }
  assert.throws(() => parseEventSubscriptions([], KNOWN), WebhookEventError);
  assert.throws(() => parseEventSubscriptions('render.completed', KNOWN), WebhookEventError);
  assert.throws(() => parseEventSubscriptions(undefined, KNOWN), WebhookEventError);
});

test('subscriptionMatches: * matches every subscribable type; webhook.test is never matched by subscription', () => {
  assert.equal(subscriptionMatches(['*'], 'render.failed'), true);
  assert.equal(subscriptionMatches(['render.completed'], 'render.completed'), true);
  assert.equal(subscriptionMatches(['render.completed'], 'render.failed'), false);
  assert.equal(subscriptionMatches(['*'], 'webhook.test'), false);
});

test('buildEventBody gives { id, type, timestamp, data } in that order with an ISO timestamp', () => {
  const at = new Date(Date.UTC(2024, 4, 1, 10, 0, 0));
  const body = buildEventBody({ id: 'evt_1', type: 'render.completed', timestamp: at, data: { jobId: 'j1', status: 'completed', videoUrl: 'https://x/v.mp4' } });
  assert.equal(body, '{"id":"evt_1","type":"render.completed","timestamp":"2024-05-01T10:00:00.000Z","data":{"jobId":"j1","status":"completed","videoUrl":"https://x/v.mp4"}}');
  assert.equal(JSON.parse(buildEventBody({ id: 'e', type: 'webhook.test', timestamp: at.getTime(), data: undefined })).data, null);
  assert.equal(JSON.parse(buildEventBody({ id: 'e', type: 'ingest.completed', timestamp: '2024-05-01T12:00:00+02:00', data: {} })).timestamp, at.toISOString());
});

test('buildEventBody marks manual events before data', () => {
  const body = buildEventBody({ id: 'evt_2', type: 'render.failed', timestamp: 0, data: { jobId: 'j' }, manual: true });
  assert.equal(body, '{"id":"evt_2","type":"render.failed","timestamp":"1970-01-01T00:00:00.000Z","manual":true,"data":{"jobId":"j"}}');
});

test('buildEventBody refuses malformed types, * and bad timestamps', () => {
  assert.throws(() => buildEventBody({ id: 'e', type: 'Render Done', timestamp: new Date(), data: {} }), (err: unknown) => err instanceof WebhookEventError && err.event === 'Render Done');
  assert.throws(() => buildEventBody({ id: 'e', type: '*', timestamp: new Date(), data: {} }), WebhookEventError);
  assert.throws(() => buildEventBody({ id: 'e', type: 'render.failed', timestamp: 'yesterday', data: {} }), WebhookEventError);
  assert.throws(() => buildEventBody({ id: '', type: 'render.failed', timestamp: new Date(), data: {} }), WebhookEventError);
});

test('newEventId is unique and prefixed', () => {
  const a = newEventId();
  assert.match(a, /^evt_[0-9a-f]{32}$/);
  assert.notEqual(a, newEventId());
});
