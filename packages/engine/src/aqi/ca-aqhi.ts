/**
 * Canada's Air Quality Health Index (AQHI), Environment and Climate Change Canada: a
 * number from 1 to 10, and "10+" above, in four health-risk categories — Low 1–3,
 * Moderate 4–6, High 7–10, Very high above 10 — with health messages for people at
 * risk and for the general population (ECCC's table as published by the Ontario and
 * British Columbia air-quality services, airqualityontario.com/aqhi/health_messages.php
 * and env.gov.bc.ca/epd/bcairquality/data/aqhi.html).
 *
 * Drawn from a given index only: the AQHI is computed from 3-hour NO₂, O₃ and PM2.5
 * with ECCC's mortality-risk formula, which aqcast does not implement; a document's
 * AQHI is drawn as given.
 *
 * Colours: ECCC's AQHI scale colours each value (light to dark blue for 1–3, yellow to
 * orange for 4–6, light to dark red for 7–10, maroon for 10+); a category takes the
 * colour of its middle value (2 #189ACA, 5 #FFCC2E, 8 #FF3B3B, 10+ #650205). The hex
 * values are those an open-source AQHI package gives as derived from ECCC's "About the
 * AQHI" page (canada.ca/en/environment-climate-change/services/air-quality-health-index/
 * about.html); the sources above name the bands, not hex values.
 *
 * Severity (the shared scale health advice is keyed on) follows the messages: Low 0;
 * Moderate 1 (at-risk people with symptoms consider reducing); High 2 (at-risk people
 * reduce strenuous activity, others only with symptoms); Very high 3 (at-risk people
 * avoid, everyone reduces).
 */
import { AQI_STANDARD_NAME } from '@aqcast/vocabulary';
import type { AqiCategory, AqiStandard } from './types.js';

const CATEGORIES: AqiCategory[] = [
  { key: 'low', level: 0, severity: 0, color: '#189ACA', labels: { en: 'Low risk', es: 'Riesgo bajo', pt: 'Risco baixo' } },
  { key: 'moderate', level: 1, severity: 1, color: '#FFCC2E', labels: { en: 'Moderate risk', es: 'Riesgo moderado', pt: 'Risco moderado' } },
  { key: 'high', level: 2, severity: 2, color: '#FF3B3B', labels: { en: 'High risk', es: 'Riesgo alto', pt: 'Risco alto' } },
  { key: 'very_high', level: 3, severity: 3, color: '#650205', labels: { en: 'Very high risk', es: 'Riesgo muy alto', pt: 'Risco muito alto' } },
];

export const caAqhi: AqiStandard = {
  id: 'ca-aqhi',
  name: AQI_STANDARD_NAME['ca-aqhi'],
  source: 'Environment and Climate Change Canada, Air Quality Health Index categories and health messages',
  indexName: 'AQHI',
  pollutants: [],
  categories: CATEGORIES,
  // 1–3, 4–6, 7–10, above 10 (written "10+"); the gauge's open band reaches 15, and a given AQHI may be up to 30 (wildfire smoke).
  indexScale: { upper: [3, 6, 10], top: 15, bottom: 1, max: 30, openAbove: 10, noSubIndex: true },
  evaluate: () => null,
};
