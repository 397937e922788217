/**
 * The analysis: each pollutant rated in each chosen standard (the engine's tables —
 * one truth for numbers, categories and colours), the overall index and its
 * dominant pollutant, the distance to the WHO 2021 guideline, advice for everyone
 * and for sensitive groups, and a trend over a series. Pure: values in, facts out.
 */
import { ADVICE, computeAqi, RECOMMENDATIONS, SENSITIVE_ADVICE, type AqiCategory, type AqiResult, type AqiStandardId, type Language, type PollutantId } from '@aqcast/engine';
import type { AnalysisView, CategoryView, StandardResult, TrendView } from '../contract.js';
import { POLLUTANTS } from '@aqcast/vocabulary';
import type { Measurements } from './measurements.js';
import { compareWithWho } from './who.js';

export interface SeriesPoint {
  at: string;
  values: Measurements;
}

export interface AnalyzeInput {
  values: Measurements;
  /** The first is the primary standard. */
  standards: readonly AqiStandardId[];
  language: Language;
  date: string;
  location?: string | null;
  contextId?: string | null;
  series?: readonly SeriesPoint[];
}

/** A category as the API shows it, labelled in `language`. */
export function categoryView(c: AqiCategory, language: Language): CategoryView {
  return { key: c.key, label: c.labels[language], color: c.color, level: c.level, severity: c.severity };
}

/** The engine's result for one standard, in the contract's shape. */
export function standardResult(r: AqiResult, language: Language): StandardResult {
  return {
    standard: r.standard,
    name: r.standardName,
    indexName: r.indexName,
    index: r.index,
    category: r.category ? categoryView(r.category, language) : null,
    dominant: r.dominant,
    pollutants: r.pollutants.map((x) => ({
      pollutant: x.pollutant, value: x.value, unit: x.inputUnit, concentration: x.concentration, concentrationUnit: x.unit, averaging: x.averaging, index: x.index, category: categoryView(x.category, language),
    })),
    notCovered: [...r.notCovered],
  };
}

function pollutantValues(values: Measurements): Partial<Record<PollutantId, number>> {
  const out: Partial<Record<PollutantId, number>> = {};
  for (const p of POLLUTANTS) if (values[p] !== undefined) out[p] = values[p];
  return out;
}

/** Rates `values` in every standard of `input.standards` and gathers the facts a report states. */
export function analyze(input: AnalyzeInput): AnalysisView {
  const { language, date } = input;
  const results = input.standards.map((s) => standardResult(computeAqi(s, pollutantValues(input.values), { date }), language));
  const primary = results[0];
  if (!primary) throw new RangeError('at least one standard is needed');
  // A category's severity is one of the engine's advice levels (its AQI tables name no other).
  const severity = primary.category?.severity as keyof typeof ADVICE | undefined;
  const values: Record<string, number> = {};
  for (const [k, v] of Object.entries(input.values)) if (typeof v === 'number') values[k] = v;
  return {
    location: input.location ?? null,
    date,
    language,
    contextId: input.contextId ?? null,
    values,
    primary,
    results,
    who: POLLUTANTS.filter((p) => input.values[p] !== undefined).map((p) => compareWithWho(p, input.values[p]!)),
    advice:
      severity === undefined
        ? null
        : { severity, general: ADVICE[severity][language], sensitiveGroups: SENSITIVE_ADVICE[severity][language], recommendations: [...RECOMMENDATIONS[severity][language]] },
    trend: input.series && input.series.length >= 2 ? trendOf(input.series, input.standards[0]!, date) : null,
  };
}

/** Least-squares slope of ys over 0, 1, 2, …. */
function slope(ys: number[]): number {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

/**
 * Rising or falling when the fitted change over the series is more than 10 % of the
 * mean level (and more than a hair in absolute terms); otherwise steady.
 */
export function direction(ys: number[]): 'rising' | 'falling' | 'steady' {
  if (ys.length < 2) return 'steady';
  const fitted = slope(ys) * (ys.length - 1);
  const mean = ys.reduce((a, b) => a + b, 0) / ys.length;
  const threshold = Math.max(0.1 * Math.abs(mean), 1e-6);
  return fitted > threshold ? 'rising' : fitted < -threshold ? 'falling' : 'steady';
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** The trend of each pollutant, and of the primary standard's index, over a series sorted by time. */
export function trendOf(series: readonly SeriesPoint[], standard: AqiStandardId, date: string): TrendView {
  const points = [...series].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const pollutants: TrendView['pollutants'] = [];
  for (const p of POLLUTANTS) {
    const ys = points.map((pt) => pt.values[p]).filter((v): v is number => typeof v === 'number');
    if (ys.length < 2) continue;
    const first = ys[0]!;
    const last = ys[ys.length - 1]!;
    pollutants.push({ pollutant: p, points: ys.length, first, last, change: round(last - first), changePercent: first === 0 ? null : round(((last - first) / first) * 100, 1), slopePerPoint: round(slope(ys), 3), direction: direction(ys) });
  }
  const indices = points.map((pt) => computeAqi(standard, pollutantValues(pt.values), { date: pt.at.slice(0, 10) || date }).index).filter((v): v is number => v !== null);
  return {
    points: points.length,
    from: (points[0]!).at,
    to: (points[points.length - 1]!).at,
    index: indices.length >= 2 ? { first: indices[0]!, last: indices[indices.length - 1]!, direction: direction(indices) } : null,
    pollutants,
  };
}
