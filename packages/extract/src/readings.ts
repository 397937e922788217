/**
 * A reading is one value the parser found for a measure, before the city-level
 * value is chosen: where it came from (a station or the city), its unit as written,
 * its averaging and kind, and how sure the reading is.
 */
import type { Averaging, NormalizedUnit, SourceUnit, ValueKind } from './types.js';
import { PLAUSIBLE, acceptsUnit, targetUnit, toNormalized } from './units.js';
import type { Measure } from './vocabulary.js';

export interface Reading {
  measure: Measure;
  /** Normalised value. */
  value: number;
  unit: NormalizedUnit;
  sourceUnit: SourceUnit | '';
  sourceText: string;
  confidence: number;
  averaging: Averaging | null;
  kind: ValueKind | null;
  range: [number, number] | null;
  /** The station (district, area) the value is for; null when it speaks for the city. */
  station: string | null;
  /** A stated aggregate over stations (an average or maximum row or column). */
  aggregate: 'mean' | 'max' | null;
  /** Where the station is, when its table row gives latitude and longitude. */
  coordinates?: { lat: number; lon: number };
  order: number;
  page: number;
}

/** Where the unit of a reading came from: written after the value, in its label or column header, stated once for the document, or assumed. */
export type UnitSource = 'after' | 'label' | 'header' | 'document' | 'none';

export function clip(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

let orderCounter = 0;
/** Reading order across one parse (reset by the parser). */
export const nextOrder = (): number => orderCounter++;
export const resetOrder = (): void => {
  orderCounter = 0;
};

export interface ReadingInput {
  measure: Measure;
  raw: number;
  unit: SourceUnit | null;
  unitSource: UnitSource;
  sourceText: string;
  /** Confidence before unit and OCR adjustments. */
  base: number;
  /** 0..1 multiplier for OCR lines (1 for a text layer). */
  ocrFactor: number;
  averaging?: Averaging | null;
  kind?: ValueKind | null;
  range?: [number, number] | null;
  station?: string | null;
  aggregate?: 'mean' | 'max' | null;
  page: number;
}

/** Normalise a raw value to a reading; null when the unit does not fit the measure or the value is implausible. */
export function makeReading(r: ReadingInput): Reading | null {
  let unit = r.unit;
  if (unit && !acceptsUnit(r.measure, unit)) return null;
  const assumed: SourceUnit = r.measure === 'temperatura'
    ? (r.raw > 50 ? '°F' : '°C')
    : r.measure === 'humidity' ? '%' : r.measure === 'co' ? 'mg/m³' : 'µg/m³';
  const value = toNormalized(r.measure, r.raw, unit ?? assumed);
  if (value === null) return null;
  const [lo, hi] = PLAUSIBLE[r.measure];
  if (value < lo || value > hi) return null;
  let c = r.base;
  if (r.unitSource === 'label') c *= 0.97;
  else if (r.unitSource === 'header') c *= 0.93;
  else if (r.unitSource === 'document') c *= 0.9;
  else if (r.unitSource === 'none' || !unit) {
    if (r.measure === 'pm25' || r.measure === 'pm10') c *= 0.8;
    else if (r.measure === 'temperatura' || r.measure === 'humidity') c *= 0.85;
    else c *= 0.6; // a gas without unit: ppb or µg/m³ is a guess
    unit = null;
  }
  const normalized = (v: number) => toNormalized(r.measure, v, unit ?? assumed) ?? v;
  const range: [number, number] | null = r.range ? [normalized(r.range[0]), normalized(r.range[1])] : null;
  return {
    measure: r.measure,
    value,
    unit: targetUnit(r.measure),
    sourceUnit: unit ?? '',
    sourceText: clip(r.sourceText),
    confidence: c * r.ocrFactor,
    averaging: r.averaging ?? null,
    kind: r.kind ?? null,
    range,
    station: r.station ?? null,
    aggregate: r.aggregate ?? null,
    order: nextOrder(),
    page: r.page,
  };
}
