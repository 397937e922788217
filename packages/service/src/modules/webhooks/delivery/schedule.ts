/**
 * When to retry a failed delivery, and when to give up on a webhook.
 *
 * Attempts are numbered from 1. After attempt n fails, the next attempt waits
 * `delays[n-1]` seconds (± jitter); after attempt `delays.length + 1` fails the
 * event is given up for that webhook. With the default schedule that is 8
 * attempts over about 27.6 hours.
 *
 * Disabling is about the webhook, not one event: a 410 Gone disables it at
 * once, and so does an unbroken streak of failures (across all its events)
 * lasting {@link DISABLE_AFTER_FAILING_MS}. Any successful delivery ends the streak.
 */

/** `WEBHOOK_RETRY_DELAYS` default, in seconds. */
export const DEFAULT_RETRY_DELAYS = '5,300,1800,7200,18000,36000,36000';
/** Each delay is multiplied by a factor drawn uniformly from [1 - JITTER, 1 + JITTER]. */
export const RETRY_JITTER = 0.2;
/** A webhook failing continuously for this long is disabled: 5 days. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 60 * 60 * 1000;

const MAX_DELAY_SEC = 7 * 24 * 60 * 60;

/** A malformed retry schedule; the message names the bad entry. */
export class RetryDelaysError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryDelaysError';
  }
}

/**
 * Parses `WEBHOOK_RETRY_DELAYS`: comma-separated seconds (decimals allowed,
 * each 0 … 7 days, at least one). Returns the delays in seconds. An already
 * parsed array is validated the same way.
 */
export function parseRetryDelays(spec: string | readonly number[]): number[] {
  const entries = typeof spec === 'string' ? spec.split(',').map((s) => s.trim()) : spec.map(String);
  if (entries.length === 0 || (entries.length === 1 && entries[0] === '')) {
    throw new RetryDelaysError('retry delays: expected at least one delay in seconds, e.g. 5,300,1800');
  }
  return entries.map((entry, i) => {
    if (!/^\d+(\.\d+)?$/.test(entry)) throw new RetryDelaysError(`retry delays: entry ${i + 1} ("${entry}") is not a number of seconds`);
    const seconds = Number(entry);
    if (seconds > MAX_DELAY_SEC) throw new RetryDelaysError(`retry delays: entry ${i + 1} (${entry}) is longer than 7 days`);
    return seconds;
  });
}

/**
 * Milliseconds to wait before the attempt after `attemptNumber` (1-based) failed,
 * with ±20 % jitter so receivers that recover are not hit by a synchronized
 * wave; null when that was the last attempt. `random` (0 ≤ x < 1) is injectable for tests.
 */
export function nextRetryDelayMs(attemptNumber: number, delays: readonly number[], random: () => number = Math.random): number | null {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1) throw new RangeError(`attemptNumber must be a whole number ≥ 1, got ${attemptNumber}`);
  const seconds = delays[attemptNumber - 1];
  if (seconds === undefined) return null;
  const factor = 1 + (random() * 2 - 1) * RETRY_JITTER;
  return Math.max(0, Math.round(seconds * 1000 * factor));
}

/** Total number of attempts a schedule allows (the first one plus one per delay). */
export function maxAttempts(delays: readonly number[]): number {
  return delays.length + 1;
}

export type DisableReason = 'gone' | 'failing_too_long';

/**
 * Whether a webhook should be disabled after a failed attempt, and why:
 * `'gone'` when the receiver answered 410, `'failing_too_long'` when its
 * current failure streak began at least 5 days before `now`; null otherwise.
 *
 * `firstFailureAt` is when the webhook's current unbroken failure streak began
 * (null/undefined if this attempt starts it); times are Dates or epoch ms.
 */
export function shouldDisable(input: {
  statusCode?: number | null;
  firstFailureAt?: Date | number | null;
  now?: Date | number;
  failingForMs?: number;
}): DisableReason | null {
  const { statusCode, firstFailureAt, now = Date.now(), failingForMs = DISABLE_AFTER_FAILING_MS } = input;
  if (statusCode === 410) return 'gone';
  if (firstFailureAt === null || firstFailureAt === undefined) return null;
  const since = firstFailureAt instanceof Date ? firstFailureAt.getTime() : firstFailureAt;
  const at = now instanceof Date ? now.getTime() : now;
  return at - since >= failingForMs ? 'failing_too_long' : null;
}
