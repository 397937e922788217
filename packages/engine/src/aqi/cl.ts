/**
 * Chile: the episode levels of DS 12/2011 (MP2,5, 24 h) and DS 59/1998 (MP10, 24 h,
 * µg/m³N — taken as given, no normal-conditions correction) with the ICAP number
 * (ICAP 100 = the daily norm: 50 µg/m³ MP2,5, 150 µg/m³N MP10; 500 = Emergencia).
 * Bands are the integer ranges of the decrees, so concentrations are truncated to
 * whole µg/m³. Only particles have episode tables; gases are shown without a band.
 * The decrees name no colours; these are the usual green → purple ramp of SINCA maps.
 */
import { AQI_STANDARD_NAME } from '@aqcast/vocabulary';
import { bandOf, interpolateIndex, positionOnBands, type IndexRow } from './scale.js';
import { truncateTo } from './units.js';
import type { AqiCategory, AqiStandard } from './types.js';

const CATEGORIES: AqiCategory[] = [
  { key: 'bueno', level: 0, severity: 0, color: '#00E400', labels: { es: 'Bueno', en: 'Good', pt: 'Bom' } },
  { key: 'regular', level: 1, severity: 1, color: '#FFFF00', labels: { es: 'Regular', en: 'Fair', pt: 'Regular' } },
  { key: 'alerta', level: 2, severity: 2, color: '#FF7E00', labels: { es: 'Alerta', en: 'Alert', pt: 'Alerta' } },
  { key: 'preemergencia', level: 3, severity: 3, color: '#FF0000', labels: { es: 'Preemergencia', en: 'Pre-emergency', pt: 'Pré-emergência' } },
  { key: 'emergencia', level: 4, severity: 4, color: '#8F3F97', labels: { es: 'Emergencia', en: 'Emergency', pt: 'Emergência' } },
];

/** Upper limits (µg/m³, inclusive) of Bueno, Regular, Alerta, Preemergencia. */
export const CL_BANDS = {
  pm25: [50, 79, 109, 169],
  pm10: [149, 194, 239, 329],
} as const;

/** ICAP: piecewise linear through the episode thresholds. */
export const CL_ICAP: Record<'pm25' | 'pm10', IndexRow[]> = {
  pm25: [
    { cLo: 0, cHi: 50, iLo: 0, iHi: 100 },
    { cLo: 50, cHi: 80, iLo: 100, iHi: 200 },
    { cLo: 80, cHi: 110, iLo: 200, iHi: 300 },
    { cLo: 110, cHi: 170, iLo: 300, iHi: 500 },
  ],
  pm10: [
    { cLo: 0, cHi: 150, iLo: 0, iHi: 100 },
    { cLo: 150, cHi: 195, iLo: 100, iHi: 200 },
    { cLo: 195, cHi: 240, iLo: 200, iHi: 300 },
    { cLo: 240, cHi: 330, iLo: 300, iHi: 500 },
  ],
};

export const cl: AqiStandard = {
  id: 'cl',
  name: AQI_STANDARD_NAME['cl'],
  source: 'DS 12/2011 (MP2,5) and DS 59/1998 (MP10), Ministerio del Medio Ambiente de Chile',
  indexName: 'ICAP',
  pollutants: ['pm25', 'pm10'],
  categories: CATEGORIES,
  // A given ICAP (a document of ICAP values only) is rated on the bands CL_ICAP maps the
  // episode levels to: 0–100 Bueno, to 200 Regular, to 300 Alerta, to 500 Preemergencia,
  // from 500 Emergencia (ICAP 200, 300 and 500 are the first values of their levels, as
  // MP2,5 80, 110 and 170 µg/m³ are).
  indexScale: { upper: [100, 199, 299, 499], top: 500 },
  evaluate(p, value) {
    if (p !== 'pm25' && p !== 'pm10') return null;
    const concentration = truncateTo(value, 1);
    const bands = CL_BANDS[p];
    return {
      concentration,
      unit: 'µg/m³',
      averaging: '24 h',
      index: Math.round(interpolateIndex(concentration, CL_ICAP[p])),
      level: bandOf(concentration, bands),
      position: positionOnBands(concentration, bands, p === 'pm25' ? 250 : 450),
    };
  },
};
