/**
 * Conversions from the input units (µg/m³, CO mg/m³) to the mixing ratios some
 * standards tabulate, at 25 °C and 1 atm (molar volume 24.45 L/mol), the reference
 * conditions of the US EPA and Mexican tables.
 */
import type { PollutantId } from './types.js';

const MOLAR_VOLUME_25C = 24.45;

/** Molecular weights, g/mol. */
const MOLECULAR_WEIGHT: Partial<Record<PollutantId, number>> = { no2: 46.01, o3: 48.0, so2: 64.07, co: 28.01 };

function weight(p: PollutantId): number {
  const mw = MOLECULAR_WEIGHT[p];
  if (mw === undefined) throw new Error(`${p} is not a gas`);
  return mw;
}

/** µg/m³ → ppb (for CO pass mg/m³ and get ppm: the factor is the same). */
export function toPpb(p: PollutantId, microgramsPerM3: number): number {
  return (microgramsPerM3 * MOLAR_VOLUME_25C) / weight(p);
}

/** µg/m³ → ppm, or for CO mg/m³ → ppm. */
export function toPpm(p: PollutantId, value: number): number {
  return p === 'co' ? toPpb(p, value) : toPpb(p, value) / 1000;
}

/** ppb → µg/m³ (CO: ppm → mg/m³). The inverse of `toPpb`, used by tests and docs. */
export function fromPpb(p: PollutantId, ppb: number): number {
  return (ppb * weight(p)) / MOLAR_VOLUME_25C;
}

// A conversion can land a hair below a table edge (100 ppb → 188.2 µg/m³ → 99.99999 ppb);
// snapping to 9 significant decimals first keeps truncation from dropping a whole step.
function snap(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}

/** Truncates (floors, for non-negative values) to a multiple of `step` — the US EPA rule. */
export function truncateTo(x: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return Number((Math.floor(snap(snap(x) / step)) * step).toFixed(decimals));
}

/** Rounds half up to `decimals` places — the Mexican NOM-172 rule. */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(snap(x) * f + 1e-9) / f;
}
