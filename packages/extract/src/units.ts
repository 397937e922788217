/**
 * Unit normalisation (AIR_QUALITY.md §5): gases at 25 °C and 1 atm, molar volume
 * 24.45 L, so µg/m³ = ppb × MW / 24.45. PM is never converted between mass and
 * mixing ratio; CO is reported in mg/m³, everything else in µg/m³.
 */
import type { NormalizedUnit, SourceUnit } from './types.js';
import type { Measure } from './vocabulary.js';

/** µg/m³ per ppb at 25 °C. */
export const PPB_TO_UGM3 = { no2: 1.882, o3: 1.963, so2: 2.62 } as const;
/** mg/m³ per ppm of CO at 25 °C. */
export const CO_PPM_TO_MGM3 = 1.146;

/** Normalised unit per measure. */
export function targetUnit(measure: Measure): NormalizedUnit {
  if (measure === 'co') return 'mg/m³';
  if (measure === 'temperatura') return '°C';
  if (measure === 'humidity') return '%';
  return 'µg/m³';
}

/** A unit of a concentration (µg/m³, mg/m³, ppb, ppm), not of temperature or humidity. */
export function isConcentrationUnit(unit: SourceUnit | null | undefined): unit is SourceUnit {
  return !!unit && unit !== '%' && !unit.startsWith('°');
}

/** The units a measure may be written in. */
export function acceptsUnit(measure: Measure, unit: SourceUnit): boolean {
  if (measure === 'temperatura') return unit === '°C' || unit === '°F';
  if (measure === 'humidity') return unit === '%';
  if (measure === 'pm25' || measure === 'pm10') return unit === 'µg/m³' || unit === 'mg/m³';
  return unit === 'µg/m³' || unit === 'mg/m³' || unit === 'ppb' || unit === 'ppm' || unit === 'pphm';
}

const round = (v: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** Convert a value written in `unit` to the measure's normalised unit; null when the pair makes no sense. */
export function toNormalized(measure: Measure, value: number, unit: SourceUnit): number | null {
  if (!acceptsUnit(measure, unit)) return null;
  switch (measure) {
    case 'temperatura':
      return unit === '°F' ? round(((value - 32) * 5) / 9, 1) : value;
    case 'humidity':
      return value;
    case 'co':
      if (unit === 'mg/m³') return value;
      if (unit === 'µg/m³') return round(value / 1000, 3);
      if (unit === 'ppm') return round(value * CO_PPM_TO_MGM3, 3);
      if (unit === 'pphm') return round((value / 100) * CO_PPM_TO_MGM3, 3);
      return round((value / 1000) * CO_PPM_TO_MGM3, 3); // ppb
    case 'pm25':
    case 'pm10':
      return unit === 'mg/m³' ? round(value * 1000, 1) : value;
    case 'no2':
    case 'o3':
    case 'so2': {
      if (unit === 'µg/m³') return value;
      if (unit === 'mg/m³') return round(value * 1000, 1);
      const ppb = unit === 'ppm' ? value * 1000 : unit === 'pphm' ? value * 10 : value;
      return round(ppb * PPB_TO_UGM3[measure], 1);
    }
  }
}

/** Values outside these (normalised) ranges are misreadings, not air quality. */
export const PLAUSIBLE: Record<Measure, [number, number]> = {
  pm25: [0, 1500],
  pm10: [0, 3000],
  no2: [0, 4000],
  o3: [0, 1500],
  so2: [0, 5000],
  co: [0, 120],
  temperatura: [-50, 60],
  humidity: [0, 100],
};
