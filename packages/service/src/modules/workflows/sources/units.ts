/**
 * Source units to render units, at 25 °C and 1 atm (molar volume 24.45 L), the
 * reference of the US EPA tables: gases in ppb or ppm become µg/m³ (CO mg/m³),
 * µg/m³ of CO becomes mg/m³, °F becomes °C. PM is never converted.
 */
import { fromPpb } from '@aqcast/engine';
import { tidy, type MeasureId } from './types.js';

const GASES = ['no2', 'o3', 'so2', 'co'] as const;
const isGas = (m: MeasureId): m is (typeof GASES)[number] => GASES.some((g) => g === m);

/** `μg/m³` (Greek mu), `µg/m3`, `ug/m3`, `UG/M3` … → one spelling. */
export function canonicalUnit(unit: string): string {
  const u = unit.trim().toLowerCase().replace(/\u03bc/g, 'µ').replace(/^u/, 'µ').replace(/m3$/, 'm³').replace(/\s+/g, '');
  if (u === 'µg/m³' || u === 'µgm-3' || u === 'µg/m³n') return 'µg/m³';
  if (u === 'mg/m³') return 'mg/m³';
  if (u === 'ppb' || u === 'ppbv') return 'ppb';
  if (u === 'ppm' || u === 'ppmv') return 'ppm';
  if (u === 'c' || u === '°c' || u === 'degc' || u === 'celsius') return '°C';
  if (u === 'f' || u === '°f' || u === 'degf') return '°F';
  if (u === '%' || u === 'percent' || u === '%rh') return '%';
  return unit.trim();
}

/** The value in the render unit of `measure`, or null when the unit cannot express it. */
export function toRenderUnit(measure: MeasureId, value: number, unit: string): { value: number; unit: string } | null {
  const u = canonicalUnit(unit);
  if (measure === 'temperatura') {
    if (u === '°C') return { value: tidy(measure, value), unit: '°C' };
    if (u === '°F') return { value: tidy(measure, ((value - 32) * 5) / 9), unit: '°C' };
    return null;
  }
  if (measure === 'humidity') return u === '%' ? { value: tidy(measure, value), unit: '%' } : null;
  const target = measure === 'co' ? 'mg/m³' : 'µg/m³';
  if (u === target) return { value: tidy(measure, value), unit: target };
  if (measure === 'co' && u === 'µg/m³') return { value: tidy(measure, value / 1000), unit: target };
  if (measure !== 'co' && u === 'mg/m³') return { value: tidy(measure, value * 1000), unit: target };
  if (!isGas(measure)) return null;
  const p = measure;
  // fromPpb gives µg/m³ for ppb; for CO the same factor maps ppm to mg/m³.
  if (u === 'ppb') return { value: tidy(measure, p === 'co' ? fromPpb(p, value / 1000) : fromPpb(p, value)), unit: target };
  if (u === 'ppm') return { value: tidy(measure, p === 'co' ? fromPpb(p, value) : fromPpb(p, value * 1000)), unit: target };
  return null;
}
