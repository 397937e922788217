/**
 * What was not read: lines (or table rows) that look like a measurement — a pollutant's
 * name and a number — but gave no value, each with the reason, so a person can see
 * what the reader left out and correct it.
 *
 * A line looks like a measurement when it names a pollutant (PM2.5, PM10, NO2, O3, SO2,
 * CO, in any spelling labels.ts knows) and holds a number that could be one: not a date,
 * an hour, a duration, a page or phone number, a particle size or list numbering. It was
 * used when a table took it, or when a reading's source text holds the stretch from its
 * label to its number (a sentence joined over several lines counts for each of them).
 * In a document of index values (parser.ts, `indexDocument`) every such line is an index value.
 */
import { findLabels } from './labels.js';
import type { Line } from './lines.js';
import { numberTokens, type NumberRole } from './numbers.js';
import { clip, type Reading } from './readings.js';
import type { SkippedLine, SkipReason } from './types.js';
import { POLLUTANTS, foldText, type Pollutant } from './vocabulary.js';

/** At most this many skipped lines are listed per document. */
export const MAX_SKIPPED = 50;

/** Number roles that never make a line look like a measurement. */
const NOT_MEASUREMENT: ReadonlySet<NumberRole> = new Set(['date', 'time', 'duration', 'phone', 'page', 'size', 'list', 'code', 'address', 'percent']);

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Lines that look like a measurement but gave no reading, in reading order. */
export function skippedLines(lines: Line[], readings: Reading[], ocr: boolean, indexValues = false): SkippedLine[] {
  const sources = readings.map((r) => squash(foldText(r.sourceText).folded));
  const out: SkippedLine[] = [];
  for (const line of lines) {
    if (out.length >= MAX_SKIPPED) break;
    // In a document of index values, the rows its tables took gave no concentration either.
    if (line.used && !indexValues) continue;
    const labels = findLabels(line.folded, ocr).filter((l): l is typeof l & { measure: Pollutant } => POLLUTANTS.some((p) => p === l.measure));
    if (labels.length === 0) continue;
    const numbers = numberTokens(line.folded).filter((t) => !NOT_MEASUREMENT.has(t.role) && !labels.some((l) => t.start >= l.start && t.end <= l.end));
    if (numbers.length === 0) continue;
    // Used: some reading's source holds a label of the line and a number after it.
    const used = labels.some((l) => numbers.some((n) => n.start >= l.end && sources.some((s) => s.includes(squash(line.folded.slice(l.start, n.end))))));
    if (used) continue;
    out.push({ text: clip(line.display), page: line.page, pollutants: [...new Set(labels.map((l) => l.measure))], reason: indexValues ? 'index-value' : reasonOf(numbers.map((n) => n.role)) });
  }
  return out;
}

function reasonOf(roles: NumberRole[]): SkipReason {
  if (roles.includes('value') || roles.includes('range-low')) return 'not-understood';
  if (roles.includes('index')) return 'index-value';
  if (roles.includes('threshold') || roles.includes('legal')) return 'limit-or-threshold';
  if (roles.includes('count')) return 'count';
  return 'not-understood';
}
