/**
 * A development corpus rebuilt from real agencies' published bulletins: their
 * layouts, tables, units and numbers, with the prose rewritten. Each document is
 * data (render.ts draws it as a text PDF, a scan, a PNG or a phone photo) and its
 * expected reading, computed here with the conversion factors written out again
 * (AIR_QUALITY.md §5) and the documented city-value rule (the maximum over
 * stations when the document states no city value).
 *
 * Sources of layouts and numbers (public pages and repositories):
 * - Rio de Janeiro SMAC / MonitorAr: boletim of 26/12/2024 (station × pollutant
 *   table with stacked headers, IQAr and Classificação columns, ND/NM,
 *   "Temporariamente indisponível", the CONAMA 491 breakpoint legend);
 * - South Coast AQMD daily forecast text files (fixed-width SRA table, 1-HR/8-HR
 *   ozone in PPB, CO in PPM, PM in UG/M3, MAX AQI), 29 Nov 2025 and 12 Jan 2026;
 * - Hong Kong EPD "Pollutant and AQHI Distribution" (µg/m3 for all, CO included,
 *   General and Roadside station sections, AQHI column, "-" for no data);
 * - Chile SINCA station status lines ("Bueno (MP 2,5 5 µg∕m3) ICAP 10", µg/m3N,
 *   ppbv) and a station table with ICAP and episode columns;
 * - Buenos Aires APrA open data (FECHA;HORA;CO_CENTENARIO;… hourly, decimal
 *   commas, s/d; CO ppm, NO2 ppb, PM10 µg/m3) and Ley 1356;
 * - SENAMHI monthly report for Lima y Callao (monthly maxima per station, ECA
 *   thresholds, a supreme decree) and its New Year list of districts;
 * - Singapore NEA haze statements (24-hr PSI and PM2.5 as ranges, 1-hr PM2.5);
 * - CDMX SEDEMA Índice AIRE Y SALUD (category, risk, points, ozone in ppm);
 * - Bogotá RMCAB station report (IBOCA column);
 * - CETESB station classification lists, CPCB AQI bulletin, UK-AIR DAQI forecast,
 *   Mexican/Brazilian breakpoint legends: documents with no concentration at all.
 */
import type { PageBlock, RenderMedium } from './render.js';
import type { Measure } from '../src/vocabulary.js';

export interface AgencyExpected {
  /** Null when the document names no city (then a location found is not scored). */
  location: string | null;
  date: string | null;
  values: Partial<Record<Measure, number>>;
  /** A document with no concentration: extraction must answer 422 no_air_quality_data. */
  noData?: boolean;
  /** A document of index values: the index it gives (and no concentration). */
  index?: {
    name: string;
    standard: string | null;
    /** Null for a band-only index given as categories. */
    overall: number | null;
    pollutants: Partial<Record<'pm25' | 'pm10' | 'no2' | 'o3' | 'so2' | 'co', number>>;
    /** A band-only index's worst category and each pollutant's (its keys). */
    category?: string;
    categories?: Partial<Record<'pm25' | 'pm10' | 'no2' | 'o3' | 'so2' | 'co', string>>;
  };
}

export interface AgencyDoc {
  id: string;
  agency: string;
  language: 'es' | 'pt' | 'en';
  medium: RenderMedium;
  blocks: PageBlock[];
  expected: AgencyExpected;
}

/** AIR_QUALITY.md §5 at 25 °C: µg/m³ per ppb; CO mg/m³ per ppm. */
const F = { no2: 1.882, o3: 1.963, so2: 2.62, co: 1.146 };
const r1 = (v: number): number => Math.round(v * 10) / 10;
const r3 = (v: number): number => Math.round(v * 1000) / 1000;
const max = (xs: Array<number | null>): number => Math.max(...xs.filter((x): x is number => x !== null));
const num = (s: string): number | null => (/^\d/.test(s) ? Number(s.replace(',', '.')) : null);

// --- Rio de Janeiro SMAC ---------------------------------------------------------

type RioRow = [string, ...string[]];
function rio(date: string, weekday: string, rows: RioRow[]): { blocks: PageBlock[]; expected: AgencyExpected } {
  const col = (k: number): Array<number | null> => rows.map((r) => num(r[k] ?? ''));
  const blocks: PageBlock[] = [
    { kind: 'small', text: 'Prefeitura da Cidade do Rio de Janeiro · Secretaria Municipal de Meio Ambiente (SMAC) · Programa MonitorAr-Rio' },
    { kind: 'title', text: 'Boletim de Qualidade do Ar' },
    { kind: 'text', text: date },
    { kind: 'text', text: weekday },
    { kind: 'gap' },
    {
      kind: 'table',
      header: 2,
      size: 7.5,
      rows: [
        ['', '»Concentração Máxima — Poluentes Monitorados'],
        ['Estação', 'Material\nParticulado\n(MP10)\n[µg/m³]', 'Material\nParticulado\n(MP2,5)\n[µg/m³]', 'Ozônio\n(O3)\n[µg/m³]', 'Monóxido de\nCarbono\n(CO)\n[ppm]', 'Dióxido de\nNitrogênio\n(NO2)\n[µg/m³]', 'Dióxido de\nEnxofre\n(SO2)\n[µg/m³]', 'Índice de\nQualidade\ndo Ar\n(IQAr)', 'Classificação'],
        ...rows.map((r) => (r.length === 2 ? [r[0], `»${r[1]}`] : r)),
      ],
    },
    { kind: 'text', text: 'Condições meteorológicas observadas no período:' },
    { kind: 'para', text: 'A chegada de uma frente fria deixou o céu encoberto sobre o Município durante o dia, com chuva a partir da tarde em vários bairros. Com isso a dispersão foi favorável e a qualidade do ar ficou Boa em todas as estações de monitoramento.' },
    { kind: 'text', text: 'Tendência da Qualidade do Ar para as Próximas 24h:' },
    { kind: 'para', text: 'Para amanhã a instabilidade continua, com nebulosidade e chuva fraca a moderada; espera-se que a qualidade do ar siga Boa.' },
    { kind: 'text', text: 'Faixas de concentração dos poluentes para cálculo do IQAr (Resolução CONAMA nº 491/2018)' },
    {
      kind: 'table',
      size: 7,
      rows: [
        ['MP10 (µg/m³) 24h', 'MP2,5 (µg/m³) 24h', 'O3 (µg/m³) 8h', 'CO (ppm) 8h', 'NO2 (µg/m³) 1h', 'SO2 (µg/m³) 24h', 'Índice', 'Qualidade do Ar'],
        ['0 - 50', '0 - 25', '0 - 100', '0 - 9', '0 - 200', '0 - 20', '0 - 40', 'N1 - Boa'],
        ['>50 - 100', '>25 – 50', '>100 – 130', '>9 – 11', '>200 – 240', '>20 – 40', '41 – 80', 'N2 - Moderada'],
        ['>100 - 150', '>50 – 75', '>130 – 160', '>11 – 13', '>240 – 320', '>40 – 365', '81 – 120', 'N3 - Ruim'],
        ['>150 - 250', '>75 – 125', '>160 – 200', '>13 – 15', '>320 – 1130', '>365 – 800', '121 – 200', 'N4 - Muito Ruim'],
      ],
    },
  ];
  const [y, m, d] = [date.slice(6), date.slice(3, 5), date.slice(0, 2)];
  return {
    blocks,
    expected: {
      location: 'Rio de Janeiro',
      date: `${y}-${m}-${d}`,
      values: { pm10: max(col(1)), pm25: max(col(2)), o3: max(col(3)), co: r3(max(col(4)) * F.co), no2: max(col(5)), so2: max(col(6)) },
    },
  };
}

const RIO_20241226: RioRow[] = [
  ['Centro', 'ND', 'NM', '29', '0,5', 'NM', 'NM', '12', 'Boa'],
  ['Copacabana', '17', 'NM', '24', 'NM', 'NM', 'NM', '14', 'Boa'],
  ['São Cristóvão', 'Temporariamente indisponível'],
  ['Tijuca', '25', 'NM', '30', 'NM', '56', 'NM', '20', 'Boa'],
  ['Irajá', '16', '4', '37', '0,9', '50', '12', '24', 'Boa'],
  ['Bangu', '11', 'NM', '35', 'NM', 'ND', 'ND', '14', 'Boa'],
  ['Campo Grande', '21', 'NM', '37', 'NM', '27', 'ND', '17', 'Boa'],
  ['Pedra de Guaratiba', '18', 'NM', '52', 'NM', 'NM', 'NM', '21', 'Boa'],
];
const RIO_20250114: RioRow[] = [
  ['Centro', '34', 'NM', '41', '0,7', 'NM', 'NM', '22', 'Boa'],
  ['Copacabana', '29', 'NM', '38', 'NM', 'NM', 'NM', '19', 'Boa'],
  ['São Cristóvão', '41', 'NM', '46', 'NM', '68', 'NM', '31', 'Boa'],
  ['Tijuca', '38', 'NM', '55', 'NM', '61', 'NM', '28', 'Boa'],
  ['Irajá', '47', '19', '72', '1,1', '74', '9', '45', 'Moderada'],
  ['Bangu', '52', 'NM', '96', 'NM', 'ND', 'ND', '51', 'Moderada'],
  ['Campo Grande', '44', 'NM', '88', 'NM', '39', 'ND', '43', 'Moderada'],
  ['Pedra de Guaratiba', '26', 'NM', '101', 'NM', 'NM', 'NM', '52', 'Moderada'],
];

// --- South Coast AQMD daily forecast (fixed width) -----------------------------

type AqmdRow = [number, string, number, number, number, number, number, number, number];
const AQMD_20251129: Array<[string, AqmdRow[]]> = [
  ['Los Angeles County: South Coast Air Basin', [
    [1, 'Central LA Co', 47, 39, 0.6, 47, 30, 37, 90], [2, 'NW Coastal LA', 44, 40, 0.7, 42, 24, 27, 79], [3, 'SW Coastal LA', 45, 41, 0.8, 44, 16, 31, 64],
    [4, 'S Coastal LA', 51, 43, 1.0, 43, 15, 29, 62], [5, 'Southeast LA Co', 51, 41, 1.2, 46, 29, 43, 88], [6, 'W San Fernando Vly', 51, 43, 1.1, 37, 20, 30, 71],
    [7, 'E San Fernando Vly', 52, 43, 0.9, 46, 22, 35, 75], [8, 'W San Gabriel Vly', 55, 44, 0.8, 45, 20, 34, 71], [9, 'E San Gabriel Vly', 51, 41, 0.6, 32, 18, 35, 68],
    [10, 'Pomona Walnut Vly', 53, 43, 0.9, 45, 30, 36, 90], [11, 'S San Gabriel Vly', 52, 39, 0.9, 46, 31, 37, 92], [12, 'S Central LA Co', 52, 42, 1.2, 45, 21, 43, 73],
    [13, 'Santa Clarita Vly', 50, 41, 0.5, 38, 13, 29, 58], [15, 'San Gabriel Mts', 49, 41, 0.8, 43, 10, 34, 53],
  ]],
  ['Orange County: South Coast Air Basin', [
    [16, 'N Orange Co', 52, 40, 0.6, 50, 31, 28, 92], [17, 'Central Orange Co', 47, 38, 1.0, 42, 26, 36, 82], [18, 'N Coastal Orange Co', 50, 45, 0.9, 40, 10, 31, 53],
    [19, 'Saddleback Vly', 51, 45, 0.4, 50, 12, 32, 56], [20, 'Central Coastal', 52, 46, 0.6, 34, 12, 27, 56], [21, 'Capistrano Vly', 52, 47, 0.6, 29, 10, 23, 53],
  ]],
  ['Riverside County: South Coast Air Basin', [
    [22, 'Norco/Corona', 54, 47, 0.8, 63, 34, 33, 97], [23, 'Metro Riverside Co', 56, 47, 0.9, 72, 42, 35, 117], [24, 'Perris Vly', 49, 45, 1.0, 44, 25, 38, 81],
    [25, 'Lake Elsinore', 52, 45, 0.6, 27, 18, 22, 68], [26, 'Temecula Vly', 47, 43, 0.5, 26, 8, 22, 44], [29, 'Banning', 49, 46, 0.8, 28, 15, 34, 62],
  ]],
];
const AQMD_20260112: Array<[string, AqmdRow[]]> = [
  ['Los Angeles County: South Coast Air Basin', [
    [1, 'Central LA Co', 39, 30, 0.6, 26, 13, 44, 58], [2, 'NW Coastal LA', 42, 35, 0.4, 23, 8, 29, 44], [3, 'SW Coastal LA', 37, 31, 0.6, 25, 16, 42, 64],
    [4, 'S Coastal LA', 41, 32, 1.4, 48, 20, 48, 71], [5, 'Southeast LA Co', 41, 30, 1.9, 25, 16, 48, 64], [6, 'W San Fernando Vly', 44, 41, 0.6, 21, 3, 21, 38],
    [12, 'S Central LA Co', 41, 31, 1.9, 29, 23, 48, 77], [13, 'Santa Clarita Vly', 45, 42, 0.2, 20, 4, 11, 39],
  ]],
  ['Riverside County: South Coast Air Basin', [
    [23, 'Metro Riverside Co', 45, 40, 0.5, 21, 5, 32, 37], [27, 'Anza Vly', 46, 43, 0.3, 14, 2, 18, 40], [29, 'Banning', 45, 42, 0.4, 56, 3, 11, 51],
  ]],
];

function aqmd(valid: string, iso: string, sections: Array<[string, AqmdRow[]]>): { blocks: PageBlock[]; expected: AgencyExpected } {
  const pad = (s: string | number, n: number, right = false): string => (right ? String(s).padStart(n) : String(s).padEnd(n));
  const rule = '-'.repeat(80);
  const lines = [
    'SOUTH COAST AIR QUALITY MANAGEMENT DISTRICT',
    'DAILY AIR QUALITY FORECAST',
    `VALID: ${valid}`,
    rule,
    ' SRA  AREA                    1-HR   8-HR   8-HR   24-HR  24-HR  1-HR   MAX',
    'NUMBER                        OZONE  OZONE  CO     PM10   PM2.5  NO2    AQI',
    '                              PPB    PPB    PPM    UG/M3  UG/M3  PPB',
    rule,
  ];
  for (const [title, rows] of sections) {
    lines.push(title);
    for (const r of rows) lines.push(`${pad(r[0], 4, true)}  ${pad(r[1], 24)}${pad(r[2], 7)}${pad(r[3], 7)}${pad(r[4].toFixed(1), 7)}${pad(r[5], 7)}${pad(r[6], 7)}${pad(r[7], 7)}${r[8]}`);
  }
  lines.push(rule, 'AQI values are the maximum forecast for each area; see www.aqmd.gov for health advice.');
  const all = sections.flatMap(([, rows]) => rows);
  return {
    blocks: [{ kind: 'mono', lines }],
    expected: {
      location: 'Los Angeles',
      date: iso,
      values: {
        o3: r1(max(all.map((r) => r[3])) * F.o3),
        co: r3(max(all.map((r) => r[4])) * F.co),
        pm10: max(all.map((r) => r[5])),
        pm25: max(all.map((r) => r[6])),
        no2: r1(max(all.map((r) => r[7])) * F.no2),
      },
    },
  };
}

// --- Hong Kong EPD --------------------------------------------------------------

type HkRow = [string, ...Array<number | null>];
const HK_GENERAL: HkRow[] = [
  ['Kwun Tong', 33.9, 35.4, 6.5, null, 23.7, 10.0, 3], ['Sham Shui Po', 19.1, 49.7, 5.4, null, 23.3, 9.1, 3],
  ['Kwai Chung', 39.4, 25.8, 5.0, null, 19.3, 7.3, 2], ['Tsuen Wan', 24.0, 34.5, 6.6, 353, 23.7, 12.0, 2],
  ['Tseung Kwan O', 32.5, 33.4, 4.5, 382, 16.4, 10.4, 2], ['Yuen Long', 17.4, 44.0, 5.1, 645, 27.0, 18.1, 2],
  ['Tuen Mun', 23.5, 38.6, 2.8, 448, 18.1, 13.0, 2], ['Tung Chung', 9.3, 44.9, 8.4, 327, 19.0, 10.8, 2],
  ['Tai Po', 16.6, 52.4, 4.8, null, 17.2, 12.0, 3], ['Sha Tin', 23.5, 42.6, 4.6, null, 17.7, 8.4, 2],
  ['Tap Mun', 12.9, 69.0, 1.4, 296, 12.1, 7.4, 3],
];
const HK_ROADSIDE: HkRow[] = [['Causeway Bay', 26.3, 21.1, 5.0, 692, 19.8, 10.7, 2], ['Mong Kok', 91.7, 14.4, 3.8, 726, 22.4, 14.4, 3]];

function hongKong(): { blocks: PageBlock[]; expected: AgencyExpected } {
  const head = ['Station Names', 'NO2', 'O3', 'SO2', 'CO', 'PM10', 'PM2.5', 'AQHI'];
  const row = (r: HkRow): string[] => r.map((v) => (v === null ? '-' : String(v)));
  const all = [...HK_GENERAL, ...HK_ROADSIDE];
  const colMax = (k: number): number => max(all.map((r) => r[k] as number | null));
  return {
    blocks: [
      { kind: 'small', text: 'Environmental Protection Department · Air Quality Health Index' },
      { kind: 'title', text: 'Pollutant and AQHI Distribution' },
      { kind: 'text', text: '(At 2019-07-21 17:00)' },
      { kind: 'text', text: 'General Stations' },
      { kind: 'text', text: 'Pollutant Concentrations(μg/m3)' },
      { kind: 'table', rows: [head, ...HK_GENERAL.map(row)] },
      { kind: 'text', text: 'Roadside Stations' },
      { kind: 'text', text: 'Pollutant Concentrations(μg/m3)' },
      { kind: 'table', rows: [head, ...HK_ROADSIDE.map(row)] },
      { kind: 'small', text: '(1) Time shown is in Hong Kong time.' },
      { kind: 'small', text: '(2) NO2 - nitrogen dioxide, O3 - ozone, SO2 - sulphur dioxide, CO - carbon monoxide, PM10 - respirable suspended particulates, PM2.5 - fine suspended particulates' },
      { kind: 'small', text: '(3) Concentration shown is in µg/m3.' },
      { kind: 'small', text: "(4) Real-time data from EPD's Air Quality Monitoring Network, not yet validated." },
    ],
    expected: {
      location: 'Hong Kong',
      date: '2019-07-21',
      values: { no2: colMax(1), o3: colMax(2), so2: colMax(3), co: r3(colMax(4) / 1000), pm10: colMax(5), pm25: colMax(6) },
    },
  };
}

// --- Chile SINCA -------------------------------------------------------------------

function sincaStatus(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'title', text: 'Calidad del aire en Coyhaique este 13 de marzo de 2023' },
      { kind: 'para', text: 'El Sistema de Información Nacional de Calidad del Aire (SINCA) clasifica cada medición en cinco estados: bueno, regular, alerta, preemergencia y emergencia. Estos son los valores publicados para la ciudad a las 18 horas:' },
      { kind: 'text', text: 'Bueno (MP 2,5 5 µg/m3) ICAP 10' },
      { kind: 'text', text: 'Bueno (MP 10 8 µg/m3N) ICAP 6' },
      { kind: 'para', text: 'Con estado bueno rige la prohibición de calefactores a leña que no sean de pellets y el control de humos visibles; la restricción vehicular se aplica de lunes a viernes según el dígito de la patente.' },
    ],
    expected: { location: 'Coyhaique', date: '2023-03-13', values: { pm25: 5, pm10: 8 } },
  };
}

function sincaTable(): { blocks: PageBlock[]; expected: AgencyExpected } {
  const rows: Array<[string, string, string, string, string, string]> = [
    ['Las Encinas', '142', '168', '21', '284', 'Alerta'],
    ['Museo Ferroviario', '118', '151', '18', '236', 'Alerta'],
    ['Padre Las Casas II', '171', '203', 's/d', '342', 'Preemergencia'],
    ['Ñielol', '96', '122', '12', '192', 'Regular'],
  ];
  return {
    blocks: [
      { kind: 'small', text: 'Ministerio del Medio Ambiente · Sistema de Información Nacional de Calidad del Aire' },
      { kind: 'title', text: 'Reporte de estaciones — Temuco' },
      { kind: 'text', text: 'Región de La Araucanía · 14/06/2024 · 21:00 horas' },
      { kind: 'table', rows: [['Estación', 'MP2,5 (µg/m3)', 'MP10 (µg/m3N)', 'NO2 (ppbv)', 'ICAP', 'Estado'], ...rows] },
      { kind: 'small', text: 'ICAP: Índice de Calidad del Aire referido a Partículas. Norma MP2,5 24 h (DS 12/2011): 50 µg/m3.' },
    ],
    expected: { location: 'Temuco', date: '2024-06-14', values: { pm25: 171, pm10: 203, no2: r1(21 * F.no2) } },
  };
}

// --- Buenos Aires APrA -----------------------------------------------------------

function buenosAiresCsv(): { blocks: PageBlock[]; expected: AgencyExpected } {
  const data: Array<[number, string, string, string, string, string, string, string, string, string]> = [
    [1, '0,4', '21', 's/d', '0,7', '35', '28', '0,5', '25', '31'],
    [2, '0,4', '19', 's/d', '0,6', '31', '26', '0,5', '22', '29'],
    [3, '0,3', '17', '22', '0,6', '29', '24', '0,4', '20', '27'],
    [8, '0,6', '33', '30', '1,1', '48', '41', '0,8', '37', '44'],
    [9, '0,7', '36', '34', '1,2', '52', '46', '0,9', '40', '49'],
    [10, '0,6', '31', '33', '1', '47', '43', '0,8', '35', '45'],
  ];
  const lines = ['FECHA;HORA;CO_CENTENARIO;NO2_CENTENARIO;PM10_CENTENARIO;CO_CORDOBA;NO2_CORDOBA;PM10_CORDOBA;CO_LA_BOCA;NO2_LA_BOCA;PM10_LA_BOCA'];
  for (const r of data) lines.push(['15/07/2019', ...r].join(';'));
  const col = (k: number): Array<number | null> => data.map((r) => num(String(r[k])));
  return {
    blocks: [
      { kind: 'small', text: 'Buenos Aires Ciudad · Agencia de Protección Ambiental (APrA) · Datos abiertos' },
      { kind: 'title', text: 'Calidad de aire — mediciones horarias' },
      { kind: 'text', text: 'Estaciones Parque Centenario, Córdoba y La Boca. Unidades: CO en ppm; NO2 en ppb; PM10 en µg/m3. s/d: sin dato.' },
      { kind: 'mono', lines },
    ],
    expected: {
      location: 'Buenos Aires',
      date: '2019-07-15',
      values: {
        co: r3(max([...col(1), ...col(4), ...col(7)]) * F.co),
        no2: r1(max([...col(2), ...col(5), ...col(8)]) * F.no2),
        pm10: max([...col(3), ...col(6), ...col(9)]),
      },
    },
  };
}

function buenosAiresLaw(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'Gobierno de la Ciudad Autónoma de Buenos Aires · Agencia de Protección Ambiental' },
      { kind: 'title', text: 'Informe diario de calidad atmosférica' },
      { kind: 'text', text: 'Buenos Aires, 3 de agosto de 2023' },
      { kind: 'para', text: 'En cumplimiento de la Ley Nº 1356 de Calidad Atmosférica y su Decreto Reglamentario Nº 198/06, la Agencia informa los valores medidos ayer por su red de cuatro estaciones. La estación La Boca registró un promedio de 0,6 ppm de monóxido de carbono (CO) y 38 µg/m³ de PM10, mientras que en Parque Centenario el NO2 alcanzó 27 ppb como máximo horario.' },
      { kind: 'para', text: 'Consultas: línea 147 o al teléfono (011) 4323-9800. Página 1 de 1.' },
    ],
    expected: { location: 'Buenos Aires', date: '2023-08-03', values: { co: r3(0.6 * F.co), pm10: 38, no2: r1(27 * F.no2) } },
  };
}

// --- SENAMHI (Lima) ---------------------------------------------------------------

function senamhiMonthly(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'Servicio Nacional de Meteorología e Hidrología del Perú — SENAMHI' },
      { kind: 'title', text: 'VIGILANCIA DE LA CALIDAD DEL AIRE EN EL ÁREA METROPOLITANA DE LIMA Y CALLAO (AMLC) – SETIEMBRE 2024' },
      { kind: 'para', text: 'Durante el mes, una ligera subida de la temperatura y una menor humedad relativa, junto con la actividad vehicular, favorecieron el aumento del material particulado. La congestión fue mayor en la zona centro, alrededor de la estación CDM.' },
      { kind: 'para', text: 'En el caso del PM10, las estaciones PAR, SBJ y VMT superaron el Estándar de Calidad Ambiental (ECA) de 100 µg/m³ al menos un día del periodo; el valor máximo diario del mes fue de 144,8 µg/m³ en la estación VMT.' },
      { kind: 'para', text: 'Para el PM2,5, cuyo ECA de 24 horas es de 50 µg/m³ según el Decreto Supremo N° 003-2017-MINAM, el valor máximo alcanzó 68,9 µg/m³ en la estación PAR.' },
    ],
    expected: { location: 'Lima', date: '2024-09-01', values: { pm10: 144.8, pm25: 68.9 } },
  };
}

function limaNewYear(): { blocks: PageBlock[]; expected: AgencyExpected } {
  const items: Array<[string, string]> = [
    ['Santa Anita', '188,5'], ['Puente Piedra', '177,9'], ['Pariachi', '171,5'], ['San Juan de Lurigancho', '145,2'],
    ['San Martín de Porres', '113,53'], ['Villa María del Triunfo', '111,1'], ['Campo de Marte', '84,9'],
  ];
  return {
    blocks: [
      { kind: 'title', text: 'Lima Metropolitana: el aire en la noche de Año Nuevo' },
      { kind: 'text', text: 'Lima, 1 de enero de 2026' },
      { kind: 'para', text: 'Entre las 22:00 horas del 31 de diciembre de 2025 y las 08:00 horas del 1 de enero de 2026 la pirotecnia y la quema de muñecos elevaron el material particulado fino, sobre todo en Lima Este y Lima Norte, según la red de monitoreo del SENAMHI.' },
      { kind: 'text', text: 'Distritos con los niveles más altos de PM2.5:' },
      ...items.map(([n, v], k): PageBlock => ({ kind: 'text', text: `${k + 1}. ${n} – ${v} µg/m³` })),
    ],
    expected: { location: 'Lima', date: '2026-01-01', values: { pm25: 188.5 } },
  };
}

// --- Singapore NEA ------------------------------------------------------------------

function neaRange(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'National Environment Agency' },
      { kind: 'title', text: 'Haze update' },
      { kind: 'text', text: 'Singapore, 30 June 2013' },
      { kind: 'para', text: 'Air quality improved over the course of Sunday, with both the 24-hr PSI and the 24-hr PM2.5 falling since 11 am. As at 11 pm, the 24-hr PSI is 50-54 and the 24-hr PM2.5 is 35-47 microgrammes per cubic metre.' },
      { kind: 'para', text: 'Morning showers helped. We expect the 24-hr PSI to reach the Good range (i.e. below 50) by early morning and to stay there until the evening.' },
      { kind: 'para', text: 'Health advisory (1 July, 12 am to 6 pm): the advisory for the PSI below 100 band applies. Healthy persons, the elderly, pregnant women and children: normal activities.' },
    ],
    expected: { location: 'Singapore', date: '2013-06-30', values: { pm25: 47 } },
  };
}

function neaHourly(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'National Environment Agency · haze advisory' },
      { kind: 'title', text: 'Air quality in Singapore — 15 September 2019, 8 am' },
      { kind: 'para', text: 'The 24-hour PSI stood at 124 in the West, 121 in the South, 107 in the East, 111 in the North and 108 in the Central region, in the Unhealthy range.' },
      { kind: 'para', text: 'The one-hour PM2.5 concentration ranged from 26 to 37 µg/m3, within Band I (Normal, 0 to 55). One-hour readings indicate current air quality; use the 24-hour PSI forecast to plan the next day.' },
    ],
    expected: { location: 'Singapore', date: '2019-09-15', values: { pm25: 37 } },
  };
}

// --- CDMX, Bogotá, Phoenix ------------------------------------------------------------

function cdmx(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'Secretaría del Medio Ambiente de la Ciudad de México · Dirección de Monitoreo de Calidad del Aire' },
      { kind: 'title', text: 'Índice AIRE Y SALUD' },
      { kind: 'text', text: 'Miércoles 15 de mayo de 2024, 16:00 h' },
      { kind: 'text', text: 'Calidad del aire: Mala' },
      { kind: 'text', text: 'Riesgo: Alto' },
      { kind: 'text', text: 'Contaminante: Ozono (O3)' },
      { kind: 'text', text: 'Índice: 128 puntos' },
      { kind: 'text', text: 'Ozono (O3), promedio de 1 hora: 0,128 ppm en la estación Pedregal' },
      { kind: 'text', text: 'Temperatura: 29 °C' },
      { kind: 'para', text: 'Recomendaciones para grupos sensibles: evite las actividades al aire libre. Para toda la población: reduzca el esfuerzo físico intenso entre las 13 y las 19 horas.' },
    ],
    expected: { location: 'Ciudad de México', date: '2024-05-15', values: { o3: r1(128 * F.o3), temperatura: 29 } },
  };
}

function bogota(): { blocks: PageBlock[]; expected: AgencyExpected } {
  const rows = [
    ['Guaymaral', '31', '14', '38', '21', 'Favorable'], ['Usaquén', '28', '17', '35', '25', 'Moderada'],
    ['Suba', '35', '19', '41', '28', 'Moderada'], ['Las Ferias', '40', '21', '-', '31', 'Moderada'],
    ['Kennedy', '62', '33', '22', '48', 'Moderada'], ['Carvajal - Sevillana', '71', '38', '18', '54', 'Regular'],
    ['Tunal', '48', '24', '40', '36', 'Moderada'], ['San Cristóbal', '22', '12', '44', '18', 'Favorable'],
  ];
  return {
    blocks: [
      { kind: 'small', text: 'Secretaría Distrital de Ambiente · Red de Monitoreo de Calidad del Aire de Bogotá (RMCAB)' },
      { kind: 'title', text: 'Reporte de calidad del aire' },
      { kind: 'text', text: 'Bogotá D.C., 22 de junio de 2022 — corte 10:30 a. m.' },
      { kind: 'table', rows: [['Estación', 'PM10\n(µg/m3) 24 h', 'PM2.5\n(µg/m3) 24 h', 'O3\n(µg/m3) 8 h', 'IBOCA', 'Condición'], ...rows] },
      { kind: 'small', text: 'IBOCA: Índice Bogotano de Calidad del Aire y Riesgo en Salud (Resolución Conjunta 2840 de 2023).' },
    ],
    expected: { location: 'Bogotá', date: '2022-06-22', values: { pm10: 71, pm25: 38, o3: 44 } },
  };
}

function phoenix(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'Maricopa County Air Quality Department · AirNow reporting area' },
      { kind: 'title', text: 'Air Quality Forecast for Phoenix, AZ' },
      { kind: 'text', text: 'Tuesday, May 14, 2024' },
      { kind: 'para', text: 'The 24-hour average PM2.5 concentration is forecast at 18.4 µg/m³ (AQI 64, Moderate). The 8-hour ozone maximum is forecast at 0.068 ppm (AQI 98, Moderate) in the afternoon.' },
      { kind: 'para', text: 'An ozone high pollution advisory may follow if the AQI is expected above 100. Call 602-506-6010 for recorded information.' },
    ],
    expected: { location: 'Phoenix', date: '2024-05-14', values: { pm25: 18.4, o3: r1(68 * F.o3) } },
  };
}

// --- No concentration at all -----------------------------------------------------------

function cetesbCategories(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'Governo do Estado de São Paulo · CETESB - Companhia Ambiental do Estado de São Paulo' },
      { kind: 'title', text: 'Boletim de qualidade do ar' },
      { kind: 'text', text: 'São Paulo, terça-feira, 22/02/2005' },
      { kind: 'para', text: 'Classificação da qualidade do ar nas estações da Região Metropolitana de São Paulo, Cubatão, Campinas, Paulínia, Sorocaba e São José dos Campos, segundo os índices registrados hoje:' },
      { kind: 'text', text: 'Má: Santo André-Capuava (O3) e Mauá (O3).' },
      { kind: 'text', text: 'Inadequada: Santana (O3), Diadema (O3), Santo Amaro (O3), Cubatão-Vila Parisi (MP10) e Paulínia (O3).' },
      { kind: 'text', text: 'Regular: Mooca, Ibirapuera, Nossa Senhora do Ó, São Caetano, Congonhas, Lapa, Horto e Sorocaba.' },
      { kind: 'text', text: 'Boa: Cambuci, Cerqueira César, Centro, Guarulhos, Osasco, São Bernardo e Pinheiros.' },
      { kind: 'para', text: 'As condições meteorológicas para quarta-feira, dia 23, são desfavoráveis à dispersão dos poluentes.' },
    ],
    expected: { location: 'São Paulo', date: '2005-02-22', values: {}, noData: true },
  };
}

function cpcb(): { blocks: PageBlock[]; expected: AgencyExpected } {
  const rows = [
    ['1', 'Agra', 'Moderate', '158', 'PM2.5', '1'], ['2', 'Ahmedabad', 'Poor', '235', 'PM2.5, PM10', '1'],
    ['3', 'Bengaluru', 'Satisfactory', '87', 'PM10', '10'], ['4', 'Delhi', 'Very Poor', '399', 'PM2.5', '37'],
    ['5', 'Kolkata', 'Poor', '268', 'PM2.5', '7'], ['6', 'Lucknow', 'Poor', '281', 'PM2.5', '6'],
  ];
  return {
    blocks: [
      { kind: 'small', text: 'Central Pollution Control Board · Ministry of Environment, Forest and Climate Change' },
      { kind: 'title', text: 'Daily AQI Bulletin' },
      { kind: 'text', text: 'Air Quality Index on Jan 01, 2023 @ 4 PM (Average of past 24 hours)' },
      { kind: 'table', rows: [['S.No', 'City', 'Air Quality', 'Index Value', 'Prominent Pollutant', 'Based on number of\nmonitoring stations'], ...rows] },
      { kind: 'small', text: 'AQI categories: Good (0-50), Satisfactory (51-100), Moderate (101-200), Poor (201-300), Very Poor (301-400), Severe (401-500).' },
    ],
    // India's AQI (its own bands: Satisfactory, Very Poor, Severe), not the US EPA's; each city's index is its prominent pollutant's.
    expected: { location: null, date: '2023-01-01', values: {}, index: { name: 'AQI', standard: null, overall: 399, pollutants: { pm25: 399, pm10: 235 } } },
  };
}

function daqi(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'Department for Environment, Food & Rural Affairs · UK-AIR' },
      { kind: 'title', text: 'Daily Air Quality Index forecast' },
      { kind: 'text', text: 'Issued Monday 10 June 2024' },
      { kind: 'table', rows: [['Region', 'Today', 'Tomorrow'], ['Greater London', 'Low (3)', 'Moderate (4)'], ['South East England', 'Low (3)', 'Low (3)'], ['North West & Merseyside', 'Low (2)', 'Low (2)'], ['Central Scotland', 'Low (1)', 'Low (2)']] },
      { kind: 'para', text: 'The DAQI runs from 1 to 10: Low 1-3, Moderate 4-6, High 7-9, Very High 10. The forecast for today is valid until midnight. Freephone 0800 556677.' },
    ],
    // The DAQI given as one value per region and day, no sub-index: an index context, its highest value (issue 38).
    expected: { location: null, date: '2024-06-10', values: {}, index: { name: 'DAQI', standard: 'uk-daqi', overall: 4, pollutants: {} } },
  };
}

function thresholds(): { blocks: PageBlock[]; expected: AgencyExpected } {
  return {
    blocks: [
      { kind: 'small', text: 'Secretaría del Medio Ambiente · Norma Oficial Mexicana NOM-172-SEMARNAT-2023' },
      { kind: 'title', text: 'Bandas del Índice AIRE Y SALUD para PM2,5' },
      { kind: 'text', text: 'Buena: menores a 15 µg/m³ (promedio de 24 horas)' },
      { kind: 'text', text: 'Aceptable: de 15 a 33 µg/m³' },
      { kind: 'text', text: 'Mala: de 33 a 79 µg/m³' },
      { kind: 'text', text: 'Muy mala: de 79 a 130 µg/m³' },
      { kind: 'text', text: 'Extremadamente mala: mayores a 130 µg/m³' },
      { kind: 'para', text: 'Para proteger la salud, las concentraciones de PM2,5 en 24 horas deben mantenerse menores a 97,4 µg/m³ según la norma anterior; el límite anual es de 10 µg/m³.' },
    ],
    expected: { location: null, date: null, values: {}, noData: true },
  };
}

// --- The corpus ------------------------------------------------------------------------

type Builder = () => { blocks: PageBlock[]; expected: AgencyExpected };
const FAMILIES: Array<{ id: string; agency: string; language: 'es' | 'pt' | 'en'; build: Builder; media: RenderMedium[] }> = [
  { id: 'rio-smac-20241226', agency: 'SMAC Rio de Janeiro', language: 'pt', build: () => rio('26/12/2024', 'Quinta-feira', RIO_20241226), media: ['pdf-text', 'pdf-scan', 'photo'] },
  { id: 'rio-smac-20250114', agency: 'SMAC Rio de Janeiro', language: 'pt', build: () => rio('14/01/2025', 'Terça-feira', RIO_20250114), media: ['png'] },
  { id: 'aqmd-20251129', agency: 'South Coast AQMD', language: 'en', build: () => aqmd('SAT., NOV. 29, 2025', '2025-11-29', AQMD_20251129), media: ['pdf-text', 'png'] },
  { id: 'aqmd-20260112', agency: 'South Coast AQMD', language: 'en', build: () => aqmd('MON., JAN. 12, 2026', '2026-01-12', AQMD_20260112), media: ['pdf-scan'] },
  { id: 'hk-epd', agency: 'Hong Kong EPD', language: 'en', build: hongKong, media: ['pdf-text', 'png', 'photo'] },
  { id: 'sinca-status', agency: 'SINCA Chile', language: 'es', build: sincaStatus, media: ['pdf-text', 'photo'] },
  { id: 'sinca-temuco', agency: 'SINCA Chile', language: 'es', build: sincaTable, media: ['pdf-text', 'pdf-scan'] },
  { id: 'apra-csv', agency: 'APrA Buenos Aires', language: 'es', build: buenosAiresCsv, media: ['pdf-text', 'png'] },
  { id: 'apra-ley1356', agency: 'APrA Buenos Aires', language: 'es', build: buenosAiresLaw, media: ['pdf-text', 'png'] },
  { id: 'senamhi-monthly', agency: 'SENAMHI Perú', language: 'es', build: senamhiMonthly, media: ['pdf-text', 'pdf-scan'] },
  { id: 'senamhi-districts', agency: 'SENAMHI Perú', language: 'es', build: limaNewYear, media: ['pdf-text', 'photo'] },
  { id: 'nea-range', agency: 'NEA Singapore', language: 'en', build: neaRange, media: ['pdf-text', 'png'] },
  { id: 'nea-hourly', agency: 'NEA Singapore', language: 'en', build: neaHourly, media: ['pdf-text'] },
  { id: 'sedema-ias', agency: 'SEDEMA CDMX', language: 'es', build: cdmx, media: ['pdf-text', 'photo'] },
  { id: 'rmcab-bogota', agency: 'SDA Bogotá RMCAB', language: 'es', build: bogota, media: ['pdf-text', 'pdf-scan'] },
  { id: 'airnow-phoenix', agency: 'AirNow / Maricopa', language: 'en', build: phoenix, media: ['pdf-text', 'photo'] },
  { id: 'cetesb-categories', agency: 'CETESB', language: 'pt', build: cetesbCategories, media: ['pdf-text', 'png'] },
  { id: 'cpcb-aqi', agency: 'CPCB India', language: 'en', build: cpcb, media: ['pdf-text', 'pdf-scan'] },
  { id: 'ukair-daqi', agency: 'DEFRA UK-AIR', language: 'en', build: daqi, media: ['pdf-text'] },
  { id: 'ias-thresholds', agency: 'SEDEMA / SEMARNAT', language: 'es', build: thresholds, media: ['pdf-text', 'photo'] },
];

/** Every document of the agency corpus, one per (layout, medium). */
export function agencyCorpus(): AgencyDoc[] {
  return FAMILIES.flatMap((f) => {
    const { blocks, expected } = f.build();
    return f.media.map((medium) => ({ id: `${f.id}-${medium}`, agency: f.agency, language: f.language, medium, blocks, expected }));
  });
}

/** For tests that need one family's blocks. */
export const agencyFamilies = (): string[] => FAMILIES.map((f) => f.id);
