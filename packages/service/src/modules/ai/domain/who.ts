/**
 * WHO global air quality guidelines (2021): the short-term guideline level (AQG)
 * and the interim targets IT-1 (most lenient) … IT-4, in the service's input units
 * (µg/m³; CO mg/m³). Short-term levels are 99th percentiles of daily values — the
 * 24-hour level for particles, NO₂, SO₂ and CO, the 8-hour level for ozone.
 */
import type { PollutantId } from '@aqcast/engine';

export interface WhoGuideline {
  guideline: number;
  averaging: '24 h' | '8 h';
  unit: 'µg/m³' | 'mg/m³';
  /** IT-1, IT-2, … (only those WHO defines), most lenient first. */
  interimTargets: readonly number[];
}

export const WHO_2021: Record<PollutantId, WhoGuideline> = {
  pm25: { guideline: 15, averaging: '24 h', unit: 'µg/m³', interimTargets: [75, 50, 37.5, 25] },
  pm10: { guideline: 45, averaging: '24 h', unit: 'µg/m³', interimTargets: [150, 100, 75, 50] },
  o3: { guideline: 100, averaging: '8 h', unit: 'µg/m³', interimTargets: [160, 120] },
  no2: { guideline: 25, averaging: '24 h', unit: 'µg/m³', interimTargets: [120, 50] },
  so2: { guideline: 40, averaging: '24 h', unit: 'µg/m³', interimTargets: [125, 50] },
  co: { guideline: 4, averaging: '24 h', unit: 'mg/m³', interimTargets: [7] },
};

export interface WhoComparison {
  pollutant: PollutantId;
  value: number;
  unit: 'µg/m³' | 'mg/m³';
  guideline: number;
  averaging: '24 h' | '8 h';
  /** value ÷ guideline, rounded to 2 decimals. */
  ratio: number;
  /** value − guideline (negative when below), rounded to 2 decimals. */
  difference: number;
  exceedsGuideline: boolean;
  /** The strictest level the value meets: `AQG`, `IT-4` … `IT-1`, or null above IT-1. */
  meets: string | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** How far `value` (input units) is from the WHO 2021 short-term guideline of `pollutant`. */
export function compareWithWho(pollutant: PollutantId, value: number): WhoComparison {
  const g = WHO_2021[pollutant];
  let meets: string | null = null;
  if (value <= g.guideline) meets = 'AQG';
  else {
    for (let k = g.interimTargets.length - 1; k >= 0; k--) {
      if (value <= (g.interimTargets[k]!)) {
        meets = `IT-${k + 1}`;
        break;
      }
    }
  }
  return { pollutant, value, unit: g.unit, guideline: g.guideline, averaging: g.averaging, ratio: round2(value / g.guideline), difference: round2(value - g.guideline), exceedsGuideline: value > g.guideline, meets };
}
