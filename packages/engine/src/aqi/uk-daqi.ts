/**
 * The UK's Daily Air Quality Index (DAQI), Defra on COMEAP's recommendation: a number
 * from 1 to 10 in four bands — Low 1–3, Moderate 4–6, High 7–9, Very high 10 (Defra
 * UK-AIR, uk-air.defra.gov.uk/air-pollution/daqi; the band names and messages also on
 * oxonair.uk and londonair.org.uk).
 *
 * Drawn from a given index only: UK-AIR publishes each pollutant's concentration
 * boundaries per index point, but aqcast keeps none of them, so a document's DAQI is
 * drawn as given.
 *
 * Colours: UK-AIR colours each index point (greens for 1–3, yellow to orange for 4–6,
 * reds for 7–9, purple for 10; "green/yellow/orange/red/purple" on
 * uk-air.defra.gov.uk/forecasting/what-forecasts-mean); a band takes the colour of its
 * middle point (2 #31FF00, 5 #FFCF00, 8 #FF0000, 10 #CE30FF). The hex values are UK-AIR's
 * index palette as independent implementations write it (9CFF9C 31FF00 31CF00 / FFFF00
 * FFCF00 FF9A00 / FF6464 FF0000 990000 / CE30FF), not read from a Defra page's text.
 *
 * Severity follows the health messages: Low 0; Moderate 1 (at-risk people with symptoms
 * consider reducing); High 2 (at-risk people reduce strenuous exertion, others with
 * discomfort); Very high 3 (at-risk people avoid it, everyone reduces).
 */
import { AQI_STANDARD_NAME } from '@aqcast/vocabulary';
import type { AqiCategory, AqiStandard } from './types.js';

const CATEGORIES: AqiCategory[] = [
  { key: 'low', level: 0, severity: 0, color: '#31FF00', labels: { en: 'Low', es: 'Bajo', pt: 'Baixo' } },
  { key: 'moderate', level: 1, severity: 1, color: '#FFCF00', labels: { en: 'Moderate', es: 'Moderado', pt: 'Moderado' } },
  { key: 'high', level: 2, severity: 2, color: '#FF0000', labels: { en: 'High', es: 'Alto', pt: 'Alto' } },
  { key: 'very_high', level: 3, severity: 3, color: '#CE30FF', labels: { en: 'Very high', es: 'Muy alto', pt: 'Muito alto' } },
];

export const ukDaqi: AqiStandard = {
  id: 'uk-daqi',
  name: AQI_STANDARD_NAME['uk-daqi'],
  source: 'Defra UK-AIR, Daily Air Quality Index (COMEAP)',
  indexName: 'DAQI',
  pollutants: [],
  categories: CATEGORIES,
  indexScale: { upper: [3, 6, 9], top: 10, bottom: 1 },
  evaluate: () => null,
};
