/**
 * US EPA Air Quality Index, Technical Assistance Document EPA-454/B-24-002 (May 2024):
 * 2024 PM2.5 breakpoints, the two Hazardous rows merged into 301–500, TAD Table 2
 * colours, concentrations truncated before the formula and the index rounded after it.
 */
import { AQI_STANDARD_NAME } from '@aqcast/vocabulary';
import { bandOf, interpolateIndex, positionOnBands, type IndexRow } from './scale.js';
import { fromPpb, toPpb, toPpm, truncateTo } from './units.js';
import type { AqiCategory, AqiStandard, ConcentrationUnit, PollutantEvaluation, PollutantId } from './types.js';

const CATEGORIES: AqiCategory[] = [
  { key: 'good', level: 0, severity: 0, color: '#00E400', labels: { en: 'Good', es: 'Buena', pt: 'Boa' } },
  { key: 'moderate', level: 1, severity: 1, color: '#FFFF00', labels: { en: 'Moderate', es: 'Moderada', pt: 'Moderada' } },
  {
    key: 'unhealthy_for_sensitive_groups',
    level: 2,
    severity: 2,
    color: '#FF7E00',
    labels: { en: 'Unhealthy for Sensitive Groups', es: 'Insalubre para grupos sensibles', pt: 'Insalubre para grupos sensíveis' },
  },
  { key: 'unhealthy', level: 3, severity: 3, color: '#FF0000', labels: { en: 'Unhealthy', es: 'Insalubre', pt: 'Insalubre' } },
  { key: 'very_unhealthy', level: 4, severity: 4, color: '#8F3F97', labels: { en: 'Very Unhealthy', es: 'Muy insalubre', pt: 'Muito insalubre' } },
  { key: 'hazardous', level: 5, severity: 5, color: '#7E0023', labels: { en: 'Hazardous', es: 'Peligrosa', pt: 'Perigosa' } },
];

/** Upper index of each category but the last (Hazardous is 301–500 and beyond). */
const INDEX_UPPER = [50, 100, 150, 200, 300];

const I = [
  [0, 50],
  [51, 100],
  [101, 150],
  [151, 200],
  [201, 300],
  [301, 500],
] as const;

function rows(concentrations: readonly (readonly [number, number])[], firstIndexRow = 0): IndexRow[] {
  return concentrations.map(([cLo, cHi], k) => {
    const [iLo, iHi] = I[k + firstIndexRow]!;
    return { cLo, cHi, iLo, iHi };
  });
}

interface PollutantTable {
  unit: ConcentrationUnit;
  averaging: string;
  /** Truncation step in the table unit. */
  step: number;
  rows: IndexRow[];
}

/** The breakpoint tables, in the units the TAD uses. Exported for the tests. */
export const US_EPA_TABLES: Record<PollutantId, PollutantTable> = {
  pm25: {
    unit: 'µg/m³',
    averaging: '24 h',
    step: 0.1,
    rows: rows([[0.0, 9.0], [9.1, 35.4], [35.5, 55.4], [55.5, 125.4], [125.5, 225.4], [225.5, 325.4]]),
  },
  pm10: {
    unit: 'µg/m³',
    averaging: '24 h',
    step: 1,
    rows: rows([[0, 54], [55, 154], [155, 254], [255, 354], [355, 424], [425, 604]]),
  },
  // 8-hour O3 defines the index up to 300; above 0.200 ppm the 1-hour rows apply
  // (0.205–0.404 → 201–300, 0.405–0.604 → 301–500). With a single value we read it as
  // 8-hour up to 0.200 ppm and as 1-hour above, which is the more protective reading.
  o3: {
    unit: 'ppm',
    averaging: '8 h',
    step: 0.001,
    rows: [
      ...rows([[0.0, 0.054], [0.055, 0.07], [0.071, 0.085], [0.086, 0.105], [0.106, 0.2]]),
      // 0.201–0.204 ppm fall in the gap before the 1-hour row and take its iLo, 201.
      ...rows([[0.205, 0.404], [0.405, 0.604]], 4),
    ],
  },
  co: {
    unit: 'ppm',
    averaging: '8 h',
    step: 0.1,
    rows: rows([[0.0, 4.4], [4.5, 9.4], [9.5, 12.4], [12.5, 15.4], [15.5, 30.4], [30.5, 50.4]]),
  },
  // 1-hour SO2 defines the index up to 200; the rows above are the 24-hour ones, which
  // the TAD uses there. A single value is read against both the same way AirNow does.
  so2: {
    unit: 'ppb',
    averaging: '1 h',
    step: 1,
    rows: rows([[0, 35], [36, 75], [76, 185], [186, 304], [305, 604], [605, 1004]]),
  },
  no2: {
    unit: 'ppb',
    averaging: '1 h',
    step: 1,
    rows: rows([[0, 53], [54, 100], [101, 360], [361, 649], [650, 1249], [1250, 2049]]),
  },
};

function toTableUnit(p: PollutantId, value: number): number {
  if (p === 'pm25' || p === 'pm10') return value;
  if (p === 'so2' || p === 'no2') return toPpb(p, value);
  return toPpm(p, value);
}

export const usEpa: AqiStandard = {
  id: 'us-epa',
  name: AQI_STANDARD_NAME['us-epa'],
  source: 'EPA-454/B-24-002, Technical Assistance Document for the Reporting of Daily Air Quality (May 2024)',
  indexName: 'AQI',
  pollutants: ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'],
  categories: CATEGORIES,
  indexScale: { upper: INDEX_UPPER, top: 500 },
  evaluate(p, value): PollutantEvaluation {
    const table = US_EPA_TABLES[p];
    const concentration = truncateTo(toTableUnit(p, value), table.step);
    const index = Math.round(interpolateIndex(concentration, table.rows));
    return {
      concentration,
      unit: table.unit,
      averaging: table.averaging,
      index,
      level: bandOf(index, INDEX_UPPER),
      position: positionOnBands(index, INDEX_UPPER, 500),
    };
  },
};


/**
 * The inverse of the US AQI for one pollutant: the concentration (µg/m³; CO
 * mg/m³) at which the TAD's table gives sub-index `index`, linear within the
 * row the index falls in. For sources that publish sub-indices instead of
 * concentrations (WAQI's `iaqi`, AirNow's observations). Truncation makes the
 * forward mapping many-to-one, so this returns the lowest concentration of the
 * step; above 500 the last row is extrapolated, as AirNow does.
 */
export function concentrationFromUsAqi(p: PollutantId, index: number): number {
  const table = US_EPA_TABLES[p];
  const rows = table.rows;
  const last = rows[rows.length - 1]!;
  const row = rows.find((r) => index <= r.iHi) ?? last;
  const i = Math.max(0, index);
  // Between two rows (e.g. 50.5) the index belongs to the upper row's start.
  const c = i < row.iLo ? row.cLo : row.cLo + ((i - row.iLo) * (row.cHi - row.cLo)) / (row.iHi - row.iLo);
  if (table.unit === 'ppb') return fromPpb(p, c);
  if (table.unit === 'ppm') return p === 'co' ? fromPpb(p, c) : fromPpb(p, c * 1000);
  return c;
}
