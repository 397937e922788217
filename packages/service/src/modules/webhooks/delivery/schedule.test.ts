import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RETRY_DELAYS, RetryDelaysError, maxAttempts, nextRetryDelayMs, parseRetryDelays, shouldDisable } from './schedule.js';

const DAY = 24 * 60 * 60 * 1000;

test('parseRetryDelays reads the default schedule and decimals', () => {
  assert.deepEqual(parseRetryDelays(DEFAULT_RETRY_DELAYS), [5, 300, 1800, 7200, 18000, 36000, 36000]);
  assert.deepEqual(parseRetryDelays(' 0.5, 1 ,2'), [0.5, 1, 2]);
  assert.deepEqual(parseRetryDelays([1, 2]), [1, 2]);
  assert.equal(maxAttempts(parseRetryDelays(DEFAULT_RETRY_DELAYS)), 8);
});

test('parseRetryDelays names the bad entry', () => {
  for (const [spec, needle] of [
    ['5,abc,10', '"abc"'],
    ['5,-1', '"-1"'],
    ['5,,10', 'entry 2'],
    ['1e3', '"1e3"'],
    ['5,700000', 'longer than 7 days'],
    ['', 'at least one'],
  ] as const) {
    assert.throws(() => parseRetryDelays(spec), (err: unknown) => err instanceof RetryDelaysError && err.message.includes(needle), spec);
  }
  assert.throws(() => parseRetryDelays([Number.NaN]), RetryDelaysError);
});

test('nextRetryDelayMs follows the schedule within ±20 % jitter and ends with null', () => {
  const delays = parseRetryDelays('5,300');
  assert.equal(nextRetryDelayMs(1, delays, () => 0.5), 5000);
  assert.equal(nextRetryDelayMs(1, delays, () => 0), 4000);
  assert.equal(nextRetryDelayMs(1, delays, () => 0.999999), 6000);
  assert.equal(nextRetryDelayMs(2, delays, () => 0.5), 300_000);
  assert.equal(nextRetryDelayMs(3, delays), null);
  for (let i = 0; i < 200; i++) {
    const ms = nextRetryDelayMs(2, delays) ?? -1;
    assert.ok(ms >= 240_000 && ms <= 360_000, String(ms));
  }
  assert.throws(() => nextRetryDelayMs(0, delays), RangeError);
  assert.throws(() => nextRetryDelayMs(1.5, delays), RangeError);
});

test('shouldDisable: 410 at once, 5 days of unbroken failure, otherwise not', () => {
  const now = Date.UTC(2024, 4, 10);
  assert.equal(shouldDisable({ statusCode: 410, firstFailureAt: null, now }), 'gone');
  assert.equal(shouldDisable({ statusCode: 503, firstFailureAt: null, now }), null);
  assert.equal(shouldDisable({ statusCode: 404, firstFailureAt: now - 4 * DAY, now }), null);
  assert.equal(shouldDisable({ firstFailureAt: new Date(now - 5 * DAY), now: new Date(now) }), 'failing_too_long');
  assert.equal(shouldDisable({ statusCode: 500, firstFailureAt: now - 6 * DAY, now }), 'failing_too_long');
  assert.equal(shouldDisable({ firstFailureAt: now - 5 * DAY + 1, now }), null);
  assert.equal(shouldDisable({ firstFailureAt: now - 2000, now, failingForMs: 1000 }), 'failing_too_long');
});
