/**
 * Singapore's Pollutant Standards Index (PSI), National Environment Agency: Good 0–50,
 * Moderate 51–100, Unhealthy 101–200, Very unhealthy 201–300, Hazardous above 300
 * (NEA's bands as reported on haze.gov.sg updates, e.g. Channel NewsAsia 2019-09-14 and
 * The Straits Times 2015-09-06; the AMS Glossary of Meteorology's "Pollutant standards
 * index" gives the same bands). The scale runs to 500.
 *
 * Drawn from a given index only: NEA computes the PSI from six pollutants' sub-indices
 * with breakpoints aqcast does not keep, so a document's PSI is drawn as given.
 *
 * Colours: NEA's haze chart names green, yellow, orange, red and purple for the five
 * bands (as reported from NEA's infographic by singaporeinsight.com); the hex values are
 * the usual renderings of those names (those of the US AQI, from which the PSI descends),
 * not NEA's own.
 *
 * Severity follows NEA's advice: Good 0, Moderate 1, Unhealthy 3 (healthy people reduce
 * prolonged or strenuous outdoor exertion), Very unhealthy 4, Hazardous 5.
 */
import { AQI_STANDARD_NAME } from '@aqcast/vocabulary';
import type { AqiCategory, AqiStandard } from './types.js';

const CATEGORIES: AqiCategory[] = [
  { key: 'good', level: 0, severity: 0, color: '#00E400', labels: { en: 'Good', es: 'Bueno', pt: 'Bom' } },
  { key: 'moderate', level: 1, severity: 1, color: '#FFFF00', labels: { en: 'Moderate', es: 'Moderado', pt: 'Moderado' } },
  { key: 'unhealthy', level: 2, severity: 3, color: '#FF7E00', labels: { en: 'Unhealthy', es: 'Insalubre', pt: 'Insalubre' } },
  { key: 'very_unhealthy', level: 3, severity: 4, color: '#FF0000', labels: { en: 'Very unhealthy', es: 'Muy insalubre', pt: 'Muito insalubre' } },
  { key: 'hazardous', level: 4, severity: 5, color: '#8F3F97', labels: { en: 'Hazardous', es: 'Peligroso', pt: 'Perigoso' } },
];

export const sgPsi: AqiStandard = {
  id: 'sg-psi',
  name: AQI_STANDARD_NAME['sg-psi'],
  source: 'National Environment Agency (Singapore), PSI bands and health advisory',
  indexName: 'PSI',
  pollutants: [],
  categories: CATEGORIES,
  indexScale: { upper: [50, 100, 200, 300], top: 500 },
  evaluate: () => null,
};
