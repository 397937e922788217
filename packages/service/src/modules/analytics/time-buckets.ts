/**
 * Calendar buckets in an IANA time zone, as UTC instants: the start of each
 * local hour, day or week (Monday) between two instants. Computed here, then
 * handed to SQL as ranges, so both stores bucket identically and daylight-saving
 * changes come out right: a day is 23 or 25 hours long when the clocks change,
 * an hour that happens twice (clocks back) is two buckets, an hour that never
 * happens (clocks forward) is none, and a day or hour starts at the first
 * instant that has its local date (zones that change at midnight start that
 * day at 01:00).
 */

export type Interval = 'hour' | 'day' | 'week';

export interface Bucket {
  /** First instant of the bucket (UTC, ISO 8601). */
  start: string;
  /** First instant after it. */
  end: string;
  /** The local wall time the bucket starts at, with its UTC offset (`2026-03-29T00:00:00+01:00`). */
  local: string;
}

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(tz, f);
  }
  return f;
}

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The local wall-clock time of instant `t` in `tz`, as milliseconds of a UTC date with the same fields. */
export function wallTime(t: number, tz: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(t))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) + (t % 1000 + 1000) % 1000;
}

/** The UTC offset of `tz` at instant `t`, in milliseconds. */
export function offsetAt(t: number, tz: string): number {
  return wallTime(t, tz) - t;
}

/**
 * The first instant whose local time in `tz` is at or after the wall time
 * `wall` (ms of a UTC date with the local fields): the wall time itself when it
 * exists (its first occurrence when clocks went back), else the end of the gap.
 */
export function instantOf(wall: number, tz: string): number {
  const offsets = new Set([offsetAt(wall - 36 * HOUR_MS, tz), offsetAt(wall, tz), offsetAt(wall + 36 * HOUR_MS, tz)]);
  const exact = [...offsets].map((o) => wall - o).filter((t) => wallTime(t, tz) === wall);
  if (exact.length) return Math.min(...exact);
  // In a gap: local time jumps over `wall` somewhere between these instants; find where.
  const candidates = [...offsets].map((o) => wall - o);
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (wallTime(mid, tz) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

function startOfLocal(t: number, interval: Interval, tz: string): number {
  const w = new Date(wallTime(t, tz));
  const y = w.getUTCFullYear();
  const m = w.getUTCMonth();
  const d = w.getUTCDate();
  if (interval === 'hour') {
    // Walk the hour boundaries from the start of the local day: the last one at or before t.
    let start = instantOf(Date.UTC(y, m, d), tz);
    for (let next = nextStart(start, 'hour', tz); next <= t; next = nextStart(start, 'hour', tz)) start = next;
    return start;
  }
  if (interval === 'day') return instantOf(Date.UTC(y, m, d), tz);
  const dow = (w.getUTCDay() + 6) % 7; // Monday = 0
  return instantOf(Date.UTC(y, m, d - dow), tz);
}

function nextStart(start: number, interval: Interval, tz: string): number {
  const w = new Date(wallTime(start, tz));
  const y = w.getUTCFullYear();
  const m = w.getUTCMonth();
  const d = w.getUTCDate();
  if (interval === 'hour') {
    // The next local :00, or one real hour on, whichever is first (clocks back repeat an hour: two buckets).
    const nextWall = instantOf(Date.UTC(y, m, d, w.getUTCHours() + 1), tz);
    return Math.min(nextWall > start ? nextWall : start + HOUR_MS, start + HOUR_MS);
  }
  if (interval === 'day') return instantOf(Date.UTC(y, m, d + 1), tz);
  return instantOf(Date.UTC(y, m, d + 7), tz);
}

function localIso(t: number, tz: string): string {
  const offset = Math.round(offsetAt(t, tz) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${new Date(wallTime(t, tz)).toISOString().slice(0, 19)}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The buckets covering [since, until): from the start of the local interval
 * that contains `since` to the first bucket start at or after `until`. Throws
 * a RangeError past `max` buckets.
 */
export function buckets(since: Date, until: Date, interval: Interval, tz: string, max = 1000): Bucket[] {
  const out: Bucket[] = [];
  const end = until.getTime();
  let t = startOfLocal(since.getTime(), interval, tz);
  while (t < end) {
    if (out.length >= max) throw new RangeError(`more than ${max} buckets`);
    const next = nextStart(t, interval, tz);
    out.push({ start: new Date(t).toISOString(), end: new Date(next).toISOString(), local: localIso(t, tz) });
    t = next;
  }
  return out;
}
