/** The measured values an AI request carries, and how a request's fields become them. */
import { MEASURES, POLLUTANTS } from '@aqcast/vocabulary';

/** Concentrations in µg/m³ (CO mg/m³), temperature in °C, relative humidity in %. */
export interface Measurements {
  pm25?: number;
  pm10?: number;
  no2?: number;
  o3?: number;
  so2?: number;
  co?: number;
  temperatura?: number;
  humidity?: number;
}

/** The measurements among `fields` (`temperature` read as `temperatura`); other fields are ignored. */
export function measurementsOf(fields: Readonly<Record<string, unknown>>): Measurements {
  const out: Measurements = {};
  for (const k of MEASURES) {
    const v = fields[k];
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  if (out.temperatura === undefined && typeof fields.temperature === 'number' && Number.isFinite(fields.temperature)) out.temperatura = fields.temperature;
  return out;
}

/** Whether any pollutant was measured. */
export function hasPollutant(m: Measurements): boolean {
  return POLLUTANTS.some((p) => m[p] !== undefined);
}
