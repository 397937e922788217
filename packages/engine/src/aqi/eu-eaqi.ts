/**
 * European Air Quality Index (EEA), 2024 revision (ETC HE Report 2024/17): six bands
 * over hourly concentrations in µg/m³ of PM2.5, PM10, NO2, O3 and SO2 (no CO). The
 * index is band-only: there is no number, just the band. A value on a band's upper
 * limit belongs to that band (the published ranges 0–5, 5–15 … share their ends).
 */
import { AQI_STANDARD_NAME, BAND_CATEGORY_KEYS } from '@aqcast/vocabulary';
import { bandOf, positionOnBands } from './scale.js';
import type { AqiCategory, AqiStandard, PollutantId } from './types.js';

/** Keys from the shared vocabulary: a document's category (extraction) and a given one (render) name the same bands. */
const KEYS = BAND_CATEGORY_KEYS['eu-eaqi'];
const CATEGORIES: AqiCategory[] = [
  { key: KEYS[0], level: 0, severity: 0, color: '#50F0E6', labels: { en: 'Good', es: 'Buena', pt: 'Boa' } },
  { key: KEYS[1], level: 1, severity: 1, color: '#50CCAA', labels: { en: 'Fair', es: 'Razonablemente buena', pt: 'Razoável' } },
  { key: KEYS[2], level: 2, severity: 2, color: '#F0E641', labels: { en: 'Moderate', es: 'Regular', pt: 'Moderada' } },
  { key: KEYS[3], level: 3, severity: 3, color: '#FF5050', labels: { en: 'Poor', es: 'Desfavorable', pt: 'Má' } },
  { key: KEYS[4], level: 4, severity: 4, color: '#960032', labels: { en: 'Very poor', es: 'Muy desfavorable', pt: 'Muito má' } },
  { key: KEYS[5], level: 5, severity: 5, color: '#7D2181', labels: { en: 'Extremely poor', es: 'Extremadamente desfavorable', pt: 'Extremamente má' } },
];

/** Upper limits (µg/m³, hourly) of the first five bands; Extremely poor is above the last. */
export const EU_EAQI_BANDS: Partial<Record<PollutantId, readonly number[]>> = {
  pm25: [5, 15, 50, 90, 140],
  pm10: [15, 45, 120, 195, 270],
  no2: [10, 25, 60, 100, 150],
  o3: [60, 100, 120, 160, 180],
  so2: [20, 40, 125, 190, 275],
};

export const euEaqi: AqiStandard = {
  id: 'eu-eaqi',
  name: AQI_STANDARD_NAME['eu-eaqi'],
  source: 'EEA European Air Quality Index, 2024 revision (ETC HE Report 2024/17)',
  indexName: null,
  pollutants: ['pm25', 'pm10', 'no2', 'o3', 'so2'],
  categories: CATEGORIES,
  evaluate(p, value) {
    const bands = EU_EAQI_BANDS[p];
    if (!bands) return null;
    return { concentration: value, unit: 'µg/m³', averaging: '1 h', index: null, level: bandOf(value, bands), position: positionOnBands(value, bands) };
  },
};
