/**
 * Mexico's Índice AIRE Y SALUD, NOM-172-SEMARNAT-2023 (DOF 25/01/2024), which replaced
 * NOM-172-SEMARNAT-2019. Five bands, each (lower, upper]; concentrations rounded as the
 * norm's Table 2 says (PM to integers, O3/NO2/SO2 to 0.001 ppm, CO to 0.01 ppm). The
 * PM2.5 and PM10 "Aceptable" limits tighten on 1 January 2026, so the report date
 * selects the table. Band-only: the index has no number.
 *
 * Sources: O3, PM and SO2 limits from the norm as reported by the Nuevo León and UNAM
 * air-quality services; NO2 and CO limits from one third-party implementation (not yet
 * checked against the DOF text). Colours: SIMAT (Mexico City monitoring) palette.
 */
import { AQI_STANDARD_NAME, BAND_CATEGORY_KEYS } from '@aqcast/vocabulary';
import { bandOf, positionOnBands } from './scale.js';
import { roundTo, toPpm } from './units.js';
import type { AqiCategory, AqiStandard, ConcentrationUnit, PollutantId } from './types.js';

/** Keys from the shared vocabulary: a document's category (extraction) and a given one (render) name the same bands. */
const KEYS = BAND_CATEGORY_KEYS['mx'];
const CATEGORIES: AqiCategory[] = [
  { key: KEYS[0], level: 0, severity: 0, color: '#9ACA3C', labels: { es: 'Buena', en: 'Good', pt: 'Boa' } },
  { key: KEYS[1], level: 1, severity: 1, color: '#F7EC0F', labels: { es: 'Aceptable', en: 'Acceptable', pt: 'Aceitável' } },
  { key: KEYS[2], level: 2, severity: 2, color: '#F8991D', labels: { es: 'Mala', en: 'Poor', pt: 'Ruim' } },
  { key: KEYS[3], level: 3, severity: 3, color: '#ED2124', labels: { es: 'Muy mala', en: 'Very poor', pt: 'Muito ruim' } },
  { key: KEYS[4], level: 4, severity: 4, color: '#7D287D', labels: { es: 'Extremadamente mala', en: 'Extremely poor', pt: 'Extremamente ruim' } },
];

interface MxTable {
  unit: ConcentrationUnit;
  averaging: string;
  decimals: number;
  /** Upper limits of Buena, Aceptable, Mala, Muy mala. */
  upper: readonly number[];
  /** From 2026-01-01 where the norm tightens. */
  upperFrom2026?: readonly number[];
}

export const MX_TABLES: Record<PollutantId, MxTable> = {
  pm25: { unit: 'µg/m³', averaging: '12 h', decimals: 0, upper: [15, 33, 79, 130], upperFrom2026: [15, 25, 79, 130] },
  pm10: { unit: 'µg/m³', averaging: '12 h', decimals: 0, upper: [45, 60, 132, 213], upperFrom2026: [45, 50, 132, 213] },
  o3: { unit: 'ppm', averaging: '1 h', decimals: 3, upper: [0.058, 0.09, 0.135, 0.175] },
  no2: { unit: 'ppm', averaging: '1 h', decimals: 3, upper: [0.053, 0.106, 0.16, 0.213] },
  so2: { unit: 'ppm', averaging: '1 h', decimals: 3, upper: [0.035, 0.075, 0.185, 0.304] },
  co: { unit: 'ppm', averaging: '8 h', decimals: 2, upper: [5, 9, 12, 16] },
};

/** The table in force on `date` (YYYY-MM-DD); without a date, the newest one. */
export function mxUpperLimits(p: PollutantId, date?: string): readonly number[] {
  const t = MX_TABLES[p];
  if (t.upperFrom2026 && (date === undefined || date >= '2026-01-01')) return t.upperFrom2026;
  return t.upper;
}

export const mx: AqiStandard = {
  id: 'mx',
  name: AQI_STANDARD_NAME['mx'],
  source: 'NOM-172-SEMARNAT-2023, DOF 25/01/2024',
  indexName: null,
  pollutants: ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'],
  categories: CATEGORIES,
  evaluate(p, value, opts) {
    const t = MX_TABLES[p];
    const inUnit = t.unit === 'ppm' ? toPpm(p, value) : value;
    const concentration = roundTo(inUnit, t.decimals);
    const upper = mxUpperLimits(p, opts.date);
    return { concentration, unit: t.unit, averaging: t.averaging, index: null, level: bandOf(concentration, upper), position: positionOnBands(concentration, upper) };
  },
};
