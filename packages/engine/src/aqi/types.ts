/**
 * Terms used across the AQI module:
 * - pollutant: one of the six criteria pollutants the render parameters carry.
 * - input value: what the caller gives — always µg/m³, except CO in mg/m³.
 * - concentration: the input converted to the unit and precision the standard's table
 *   uses (ppb/ppm at 25 °C for gases where the standard says so), after its
 *   truncation/rounding rule.
 * - sub-index: a pollutant's numeric index where the standard defines one (US AQI,
 *   Chile's ICAP, Brazil's IQAr); band-only standards (EEA, Mexico) have none.
 * - category: a band of the standard (Good, Moderate, …) with its official colour.
 * - severity: the category mapped onto one shared 0–5 scale, used to pick health advice.
 * - position: where a value sits on the standard's gauge, 0…1, each category an equal slice.
 */
import type { AqiStandardId, Localized, PollutantId } from '@aqcast/vocabulary';

export { POLLUTANTS, type PollutantId, type AqiStandardId } from '@aqcast/vocabulary';

export type ConcentrationUnit = 'µg/m³' | 'mg/m³' | 'ppb' | 'ppm';

/** 0 good … 5 hazardous: the shared scale health advice is keyed on. */
export type Severity = 0 | 1 | 2 | 3 | 4 | 5;

export interface AqiCategory {
  /** Stable key, unique within the standard, e.g. `unhealthy`, `fair`, `preemergencia`. */
  key: string;
  /** 0-based position of the band in the standard's scale. */
  level: number;
  severity: Severity;
  /** Official colour of the band, `#RRGGBB`. */
  color: string;
  labels: Localized;
}

export interface PollutantAqi {
  pollutant: PollutantId;
  /** The value as given (µg/m³, CO mg/m³). */
  value: number;
  inputUnit: 'µg/m³' | 'mg/m³';
  /** The value in the standard's table unit after its truncation/rounding rule. */
  concentration: number;
  unit: ConcentrationUnit;
  /** Averaging period the standard's table assumes for this pollutant, e.g. `24 h`. */
  averaging: string;
  /** Sub-index where the standard defines one, rounded to an integer; otherwise null. */
  index: number | null;
  category: AqiCategory;
  /** Where the value sits on the gauge, 0…1. */
  position: number;
}

/**
 * Index values a document gave (an AQI forecast, an IQAr table): the engine draws these
 * instead of computing an index from concentrations. Values are index numbers, never
 * concentrations.
 */
export interface GivenIndexValues {
  /** A standard with a numeric index scale (`indexScale`): us-epa, br-iqar, cl, ca-aqhi, uk-daqi or sg-psi. */
  standard: AqiStandardId;
  /** The overall index. */
  overall: number;
  /** Each pollutant's sub-index the document gives; empty when it gives only the overall index (as AQHI, DAQI and PSI forecasts do). */
  pollutants: Partial<Record<PollutantId, number>>;
}

/**
 * The categories a document gave for a band-only standard (Mexico's Índice AIRE Y SALUD
 * "Mala", the EEA index "Poor"): no number exists to draw, so the category is the headline.
 */
export interface GivenCategories {
  /** A band-only standard (no `indexScale`): mx or eu-eaqi. */
  standard: AqiStandardId;
  /** The overall category's key in that standard (`mala`, `poor`). */
  category: string;
  /** Each pollutant's category key the document gives; empty when it gives only the overall one. */
  categories: Partial<Record<PollutantId, string>>;
}

/** What a document gave instead of concentrations: index numbers, or the categories of a band-only index. */
export type GivenIndex = GivenIndexValues | GivenCategories;

/** A given sub-index rated on its standard's index scale. */
export interface PollutantIndex {
  pollutant: PollutantId;
  /** The sub-index as given, rounded to an integer; null for a given category (a band-only standard has no number). */
  index: number | null;
  category: AqiCategory;
  position: number;
}

/** The bands of a numeric index: the upper index of each category but the last, and the top of the gauge. */
export interface IndexScale {
  upper: readonly number[];
  top: number;
  /** The lowest value the index takes (AQHI and DAQI start at 1); default 0. */
  bottom?: number;
  /** The highest value a given index may hold; default `top`. */
  max?: number;
  /** Values above this are written "N+" (the AQHI's "10+"). */
  openAbove?: number;
  /** The index is one formula over several pollutants (the AQHI), not the highest of per-pollutant sub-indices: a given index has no sub-index. */
  noSubIndex?: boolean;
}

export interface AqiResult {
  /**
   * `concentration`: computed from concentrations (`pollutants`); `index`: drawn from an
   * index the document gave (`indices`; `pollutants` is empty — no concentration is known).
   */
  measure: 'concentration' | 'index';
  standard: AqiStandardId;
  standardName: string;
  /** Short name of the numeric index (`AQI`, `ICAP`, `IQAr`), or null for band-only standards. */
  indexName: string | null;
  /** Overall index = the worst pollutant's sub-index; null when no pollutant the standard covers was given (or it has no numeric index). */
  index: number | null;
  category: AqiCategory | null;
  categoryKey: string | null;
  color: string | null;
  labels: Localized | null;
  /** The pollutant that sets the overall category (highest level, then highest position). */
  dominant: PollutantId | null;
  /** Overall gauge position 0…1 (the dominant pollutant's), or null. */
  position: number | null;
  /** Every given pollutant the standard covers, in display order. */
  pollutants: PollutantAqi[];
  /** Given pollutants this standard has no table for (still worth showing, without a category). */
  notCovered: PollutantId[];
  /** The given sub-indices (measure `index`), in display order; empty otherwise. */
  indices: PollutantIndex[];
  /** The standard's full scale, lowest first (for legends and gauges). */
  categories: AqiCategory[];
}

/** What one standard computes for one pollutant, before the overall aggregation. */
export interface PollutantEvaluation {
  concentration: number;
  unit: ConcentrationUnit;
  averaging: string;
  index: number | null;
  level: number;
  position: number;
}

export interface EvaluateOptions {
  /** The day the values are about (YYYY-MM-DD); selects date-dependent thresholds (Mexico 2026). */
  date?: string;
}

export interface AqiStandard {
  id: AqiStandardId;
  name: string;
  /** Where the tables come from. */
  source: string;
  indexName: string | null;
  /** The pollutants it rates from concentrations; empty for a standard drawn from a given index only. */
  pollutants: readonly PollutantId[];
  categories: readonly AqiCategory[];
  /** The index's bands, for standards whose categories are bands of a numeric index (a given index is rated on them). */
  indexScale?: IndexScale;
  /** Evaluates one pollutant given in input units (µg/m³; CO mg/m³). */
  evaluate(pollutant: PollutantId, value: number, opts: EvaluateOptions): PollutantEvaluation | null;
}
