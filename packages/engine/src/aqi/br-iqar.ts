/**
 * Brazil's IQAr (Índice de Qualidade do Ar), CONAMA 506/2024 limits with the MMA
 * technical guide's index bands N1 0–40, N2 41–80, N3 81–120, N4 121–200, N5 201–400
 * and its interpolation formula. CO in ppm (8 h), others µg/m³; reference 25 °C.
 * The guide names the colours (verde, amarela, laranja, vermelha, roxa); the hex values
 * are the usual renderings of those names.
 */
import { AQI_STANDARD_NAME } from '@aqcast/vocabulary';
import { bandOf, interpolateIndex, positionOnBands, type IndexRow } from './scale.js';
import { toPpm } from './units.js';
import type { AqiCategory, AqiStandard, ConcentrationUnit, PollutantId } from './types.js';

const CATEGORIES: AqiCategory[] = [
  { key: 'boa', level: 0, severity: 0, color: '#00CC66', labels: { pt: 'Boa', es: 'Buena', en: 'Good' } },
  { key: 'moderada', level: 1, severity: 1, color: '#FFDD00', labels: { pt: 'Moderada', es: 'Moderada', en: 'Moderate' } },
  { key: 'ruim', level: 2, severity: 2, color: '#FF8800', labels: { pt: 'Ruim', es: 'Mala', en: 'Poor' } },
  { key: 'muito_ruim', level: 3, severity: 3, color: '#EE1111', labels: { pt: 'Muito ruim', es: 'Muy mala', en: 'Very poor' } },
  { key: 'pessima', level: 4, severity: 4, color: '#8A2BE2', labels: { pt: 'Péssima', es: 'Pésima', en: 'Severe' } },
];

const INDEX = [
  [0, 40],
  [41, 80],
  [81, 120],
  [121, 200],
  [201, 400],
] as const;
const INDEX_UPPER = [40, 80, 120, 200];

interface BrTable {
  unit: ConcentrationUnit;
  averaging: string;
  /** Upper concentration limit of N1…N5. */
  upper: readonly [number, number, number, number, number];
}

export const BR_TABLES: Record<PollutantId, BrTable> = {
  pm10: { unit: 'µg/m³', averaging: '24 h', upper: [45, 100, 150, 250, 600] },
  pm25: { unit: 'µg/m³', averaging: '24 h', upper: [15, 50, 75, 125, 300] },
  o3: { unit: 'µg/m³', averaging: '8 h', upper: [100, 130, 160, 200, 800] },
  co: { unit: 'ppm', averaging: '8 h', upper: [9, 11, 13, 15, 50] },
  no2: { unit: 'µg/m³', averaging: '1 h', upper: [200, 240, 320, 1130, 3750] },
  so2: { unit: 'µg/m³', averaging: '24 h', upper: [40, 50, 125, 800, 2620] },
};

/** Index rows: each band runs from the previous band's upper limit to its own. */
export function brRows(p: PollutantId): IndexRow[] {
  const up = BR_TABLES[p].upper;
  return up.map((cHi, k) => {
    const [iLo, iHi] = INDEX[k]!;
    return { cLo: k === 0 ? 0 : (up[k - 1]!), cHi, iLo, iHi };
  });
}

export const brIqar: AqiStandard = {
  id: 'br-iqar',
  name: AQI_STANDARD_NAME['br-iqar'],
  source: 'CONAMA 506/2024 and the MMA Guia Técnico para o Monitoramento e Avaliação da Qualidade do Ar',
  indexName: 'IQAr',
  pollutants: ['pm25', 'pm10', 'no2', 'o3', 'so2', 'co'],
  categories: CATEGORIES,
  indexScale: { upper: INDEX_UPPER, top: 400 },
  evaluate(p, value) {
    const t = BR_TABLES[p];
    const concentration = t.unit === 'ppm' ? Math.round(toPpm(p, value) * 100) / 100 : value;
    const index = Math.round(interpolateIndex(concentration, brRows(p)));
    return { concentration, unit: t.unit, averaging: t.averaging, index, level: bandOf(index, INDEX_UPPER), position: positionOnBands(index, INDEX_UPPER, 400) };
  },
};
