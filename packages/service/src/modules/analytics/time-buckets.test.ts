import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buckets, instantOf, isTimeZone } from './time-buckets.js';

const HOUR = 3_600_000;
const hours = (b: { start: string; end: string }) => (Date.parse(b.end) - Date.parse(b.start)) / HOUR;

/** Buckets tile the range: each ends where the next starts. */
function assertContiguous(list: { start: string; end: string }[]): void {
  for (let i = 1; i < list.length; i++) assert.equal(list[i]!.start, list[i - 1]!.end, `bucket ${i} starts where ${i - 1} ends`);
}

test('UTC days are 24 hours, from midnight', () => {
  const list = buckets(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-04T00:00:00Z'), 'day', 'UTC');
  assert.deepEqual(list.map((b) => b.start), ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
  assert.deepEqual(list.map(hours), [24, 24, 24]);
  assert.equal(list[0]!.local, '2026-03-01T00:00:00+00:00');
});

test('Madrid: the spring-forward day has 23 hours and the fall-back day 25', () => {
  const spring = buckets(new Date('2026-03-28T12:00:00Z'), new Date('2026-03-30T12:00:00Z'), 'day', 'Europe/Madrid');
  assert.deepEqual(spring.map((b) => b.local), ['2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00']);
  assert.deepEqual(spring.map(hours), [24, 23, 24]);
  const autumn = buckets(new Date('2026-10-25T00:30:00+02:00'), new Date('2026-10-26T00:00:00+01:00'), 'day', 'Europe/Madrid');
  assert.deepEqual(autumn.map(hours), [25]);
  assert.equal(autumn[0]!.start, '2026-10-24T22:00:00.000Z');
});

test('Madrid hours: 23 on the spring-forward day, 25 on the fall-back day with the repeated hour twice', () => {
  const spring = buckets(new Date('2026-03-28T23:00:00Z'), new Date('2026-03-29T22:00:00Z'), 'hour', 'Europe/Madrid');
  assert.equal(spring.length, 23);
  assert.ok(!spring.some((b) => b.local.startsWith('2026-03-29T02:')), 'local 02:00 never happens');
  assert.ok(spring.every((b) => hours(b) === 1));
  assertContiguous(spring);
  const autumn = buckets(new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z'), 'hour', 'Europe/Madrid');
  assert.equal(autumn.length, 25);
  assert.deepEqual(autumn.filter((b) => b.local.startsWith('2026-10-25T02:')).map((b) => b.local), ['2026-10-25T02:00:00+02:00', '2026-10-25T02:00:00+01:00']);
  assertContiguous(autumn);
});

test('Santiago: a day whose midnight does not exist starts at 01:00; the fall-back day has 25 hours', () => {
  const list = buckets(new Date('2026-09-05T12:00:00Z'), new Date('2026-09-07T12:00:00Z'), 'day', 'America/Santiago');
  const sept6 = list.find((b) => b.local.startsWith('2026-09-06'))!;
  assert.equal(sept6.local, '2026-09-06T01:00:00-03:00');
  assert.equal(sept6.start, '2026-09-06T04:00:00.000Z');
  assert.equal(hours(list.find((b) => b.local.startsWith('2026-09-05'))!), 24);
  assert.equal(hours(sept6), 23);
  const april = buckets(new Date('2026-04-04T12:00:00Z'), new Date('2026-04-05T12:00:00Z'), 'day', 'America/Santiago');
  assert.equal(hours(april.find((b) => b.local.startsWith('2026-04-04'))!), 25);
  assertContiguous(list);
});

test('weeks start on Monday at local midnight', () => {
  const list = buckets(new Date('2026-03-25T12:00:00Z'), new Date('2026-04-08T00:00:00Z'), 'week', 'Europe/Madrid');
  assert.deepEqual(list.map((b) => b.local), ['2026-03-23T00:00:00+01:00', '2026-03-30T00:00:00+02:00', '2026-04-06T00:00:00+02:00']);
  assert.deepEqual(list.map(hours), [167, 168, 168]);
});

test('half-hour zones: hours start at :30 UTC', () => {
  const list = buckets(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T03:00:00Z'), 'hour', 'Asia/Kolkata');
  assert.equal(list[0]!.start, '2025-12-31T23:30:00.000Z');
  assert.ok(list.every((b) => b.start.endsWith(':30:00.000Z') && b.local.includes('+05:30')));
});

test('instantOf picks the first occurrence of a repeated time and the end of a gap', () => {
  // 02:30 on 2026-10-25 happens twice in Madrid (+02:00 first).
  assert.equal(new Date(instantOf(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Madrid')).toISOString(), '2026-10-25T00:30:00.000Z');
  // 02:30 on 2026-03-29 never happens: the first later instant is 03:00 +02:00.
  assert.equal(new Date(instantOf(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Madrid')).toISOString(), '2026-03-29T01:00:00.000Z');
});

test('too many buckets and unknown zones are refused', () => {
  assert.throws(() => buckets(new Date('2020-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'), 'hour', 'UTC', 1000), RangeError);
  assert.equal(isTimeZone('Europe/Madrid'), true);
  assert.equal(isTimeZone('Mars/Olympus'), false);
});
