/**
 * Field-level scoring of an extraction against a corpus document's expected values.
 * A field is right when found with the expected value (numbers within 1 % or 0.15,
 * whichever is larger — conversions are rounded to 0.1 µg/m³); the location when
 * equal ignoring case and accents (OCR drops accents more than anything). Values
 * found that the document does not have are counted apart, as false positives.
 */
import type { ExtractedContext } from '../src/types.js';
import type { AgencyExpected } from './agencies.js';
import type { Expected } from './generate.js';

export interface Score {
  correct: number;
  total: number;
  /** "field: want X, got Y" for each miss. */
  misses: string[];
  /** Fields reported that the document does not contain. */
  extra: string[];
}

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export function scoreExtraction(expected: Expected, got: ExtractedContext | null): Score {
  const score: Score = { correct: 0, total: 0, misses: [], extra: [] };
  for (const [key, want] of Object.entries(expected) as Array<[keyof Expected, string | number]>) {
    score.total += 1;
    const have = got ? got[key] : undefined;
    const ok = typeof want === 'number'
      ? typeof have === 'number' && Math.abs(have - want) <= Math.max(0.15, Math.abs(want) * 0.01)
      : typeof have === 'string' && (key === 'location' ? fold(have) === fold(want) : have === want);
    if (ok) score.correct += 1;
    else score.misses.push(`${key}: want ${want}, got ${have ?? '—'}`);
  }
  if (got) {
    for (const key of ['no2', 'o3', 'so2', 'co', 'temperatura', 'humidity'] as const) {
      if (got[key] !== undefined && expected[key] === undefined) score.extra.push(`${key}=${got[key]}`);
    }
  }
  return score;
}

/** Sum scores; accuracy = correct / total expected fields. */
export function total(scores: Score[]): { correct: number; total: number; extra: number; accuracy: number } {
  const correct = scores.reduce((n, s) => n + s.correct, 0);
  const all = scores.reduce((n, s) => n + s.total, 0);
  return { correct, total: all, extra: scores.reduce((n, s) => n + s.extra.length, 0), accuracy: all ? correct / all : 0 };
}

/**
 * Score an extraction of an agency-corpus document: each expected value, the
 * location and the date (when the document has them) are a field; a no-data
 * document is one field, right when extraction refused it (422) — any value
 * returned for it is an invented one.
 */
export function scoreAgency(expected: AgencyExpected, got: ExtractedContext | null, errorCode: string | null): Score & { fields: Array<{ field: string; ok: boolean }> } {
  const score: Score & { fields: Array<{ field: string; ok: boolean }> } = { correct: 0, total: 0, misses: [], extra: [], fields: [] };
  const mark = (field: string, ok: boolean, miss: string): void => {
    score.total += 1;
    score.fields.push({ field, ok });
    if (ok) score.correct += 1;
    else score.misses.push(miss);
  };
  if (expected.noData) {
    const invented = got ? (['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'] as const).filter((k) => got[k] !== undefined).map((k) => `${k}=${got[k]}`) : [];
    score.extra.push(...invented);
    mark('no-data', !got && errorCode === 'no_air_quality_data', `no-data: want 422, got ${got ? invented.join(', ') || 'a context' : errorCode}`);
    return score;
  }
  if (expected.index) {
    // A document of index values: its index, and no concentration (any is an invented one).
    const idx = got?.index ?? null;
    mark('index-standard', !!idx && idx.standard === expected.index.standard && idx.name === expected.index.name, `index: want ${expected.index.name} (${expected.index.standard ?? 'no standard'}), got ${idx ? `${idx.name} (${idx.standard ?? 'no standard'})` : got ? 'none' : errorCode}`);
    if (expected.index.category !== undefined) mark('index-category', idx?.category === expected.index.category && idx.overall === null, `index category: want ${expected.index.category}, got ${idx?.category ?? idx?.overall ?? '—'}`);
    else mark('index-overall', idx?.overall === expected.index.overall, `index overall: want ${expected.index.overall}, got ${idx?.overall ?? '—'}`);
    for (const [p, want] of Object.entries(expected.index.categories ?? {})) {
      const have = idx?.categories?.[p as keyof typeof idx.categories];
      mark(`index-${p}`, have === want, `index ${p}: want ${want}, got ${have ?? '—'}`);
    }
    for (const p of ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'] as const) {
      const want = expected.index.pollutants[p];
      if (want === undefined) continue;
      const have = idx?.pollutants[p];
      mark(`index-${p}`, have === want, `index ${p}: want ${want}, got ${have ?? '—'}`);
    }
    // A concentration reported beside it is an invented one (counted with the extras below).
  }
  if (expected.location !== null) {
    mark('location', !!got?.location && fold(got.location) === fold(expected.location), `location: want ${expected.location}, got ${got?.location ?? '—'}`);
  }
  if (expected.date !== null) mark('date', got?.date === expected.date, `date: want ${expected.date}, got ${got?.date ?? '—'}`);
  for (const [key, want] of Object.entries(expected.values) as Array<[keyof typeof expected.values, number]>) {
    const have = got?.[key];
    const ok = typeof have === 'number' && Math.abs(have - want) <= Math.max(0.15, Math.abs(want) * 0.01);
    mark(key, ok, `${key}: want ${want}, got ${have ?? '—'}`);
  }
  if (got) {
    for (const key of ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity'] as const) {
      if (got[key] !== undefined && expected.values[key] === undefined) score.extra.push(`${key}=${got[key]}`);
    }
  }
  return score;
}
