/**
 * The facts a report states, computed once from the analysis: every text the module
 * writes (offline or by a model) is built from — and checked against — these.
 */
import { getAqiStandard, STANDARD_SHORT_NAME, type AqiStandardId, type Language, type PollutantId } from '@aqcast/engine';
import type { AnalysisView, CategoryView } from '../contract.js';
import { DEFAULT_AQI_STANDARD, isAqiStandardId, isLanguage, isPollutant, POLLUTANTS } from '@aqcast/vocabulary';
import { compareWithWho, type WhoComparison } from './who.js';

export interface PollutantFact {
  id: PollutantId;
  value: number;
  unit: 'µg/m³' | 'mg/m³';
  /** Null when the primary standard does not rate it. */
  category: CategoryView | null;
  index: number | null;
  who: WhoComparison;
}

export interface ReportFacts {
  language: Language;
  location: string;
  date: string;
  standard: AqiStandardId;
  standardName: string;
  indexName: string | null;
  index: number | null;
  category: CategoryView | null;
  /** How a category reads in a sentence: an adjective of "air quality", or the name of a level (Chile's episodes). */
  categoryMode: 'adjective' | 'level';
  dominant: PollutantFact | null;
  /** The other measured pollutants, in display order. */
  others: PollutantFact[];
  /** Whether any pollutant was measured at all. */
  anyPollutant: boolean;
  temperature: number | null;
  humidity: number | null;
  advice: { severity: number; general: string; sensitiveGroups: string; recommendations: string[] } | null;
  trend: { points: number; direction: 'rising' | 'falling' | 'steady'; subject: 'index' | PollutantId } | null;
  /** Every category label of the primary standard in this language, for checking texts. */
  labels: string[];
}

/** The facts of `analysis` (its primary standard) for a report about `location`. */
export function reportFacts(analysis: AnalysisView, location: string): ReportFacts {
  const language = isLanguage(analysis.language) ? analysis.language : 'es';
  const primary = analysis.primary;
  const standard = isAqiStandardId(primary.standard) ? primary.standard : DEFAULT_AQI_STANDARD;
  const rated = new Map(primary.pollutants.map((r) => [r.pollutant, r]));
  const measured = POLLUTANTS.filter((p) => typeof analysis.values[p] === 'number');
  const fact = (id: PollutantId): PollutantFact => {
    const r = rated.get(id);
    const value = analysis.values[id]!;
    return { id, value, unit: id === 'co' ? 'mg/m³' : 'µg/m³', category: r ? r.category : null, index: r ? r.index : null, who: compareWithWho(id, value) };
  };
  const dominant = isPollutant(primary.dominant) ? fact(primary.dominant) : null;
  const trend = analysis.trend;
  let trendFact: ReportFacts['trend'] = null;
  if (trend?.index) trendFact = { points: trend.points, direction: trend.index.direction, subject: 'index' };
  else if (trend) {
    const t = trend.pollutants.find((x) => x.pollutant === primary.dominant) ?? trend.pollutants[0];
    if (t && isPollutant(t.pollutant)) trendFact = { points: t.points, direction: t.direction, subject: t.pollutant };
  }
  return {
    language,
    location,
    date: analysis.date,
    standard,
    standardName: STANDARD_SHORT_NAME[standard][language],
    indexName: primary.indexName,
    index: primary.index,
    category: primary.category,
    categoryMode: standard === 'cl' ? 'level' : 'adjective',
    dominant,
    others: measured.filter((p) => p !== dominant?.id).map(fact),
    anyPollutant: measured.length > 0,
    temperature: typeof analysis.values.temperatura === 'number' ? analysis.values.temperatura : null,
    humidity: typeof analysis.values.humidity === 'number' ? analysis.values.humidity : null,
    advice: analysis.advice,
    trend: trendFact,
    labels: getAqiStandard(standard).categories.map((c) => c.labels[language]),
  };
}
