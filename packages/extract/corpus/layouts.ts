/**
 * Layouts the older corpora lacked — label-prefixed statements with clauses between
 * label and value, station tables published as images, one-station news items,
 * index-only forecasts, statements giving a range across regions, multi-page
 * bulletins — each written twice, by different publishers: once for the development
 * part and once for the held-out part (split.ts). Rules are written against the
 * development families only; the held-out families are scored, never read for misses.
 *
 * The publishers are real and so are their layouts (headers, units, the way they word
 * a statement); the numbers are composed and the prose is rewritten. Expected values
 * follow agencies.ts: µg/m³ (CO mg/m³), ppb/ppm/pphm converted at 25 °C
 * (AIR_QUALITY.md §5), the maximum over stations when no city value is stated, a
 * range across regions read as its upper end (the documented city-value rule, `max`),
 * legal limits, bounds of earlier ranges and exceedance counts never read. A document
 * that gives only index values (AQI, IQAr, IMECA, AQHI …) has no concentration: it gives
 * an index — its name, the standard when known, each pollutant's highest sub-index and the
 * overall index (the highest sub-index).
 */
import type { AgencyExpected } from './agencies.js';
import type { ExtraAgencyDoc } from './agencies-extra.js';
import type { PageBlock, RenderMedium } from './render.js';

/** AIR_QUALITY.md §5 at 25 °C: µg/m³ per ppb; CO mg/m³ per ppm. */
const F = { no2: 1.882, o3: 1.963, so2: 2.62, co: 1.146 };
const r1 = (v: number): number => Math.round(v * 10) / 10;
const r3 = (v: number): number => Math.round(v * 1000) / 1000;

type Built = { blocks: PageBlock[]; expected: AgencyExpected; pages?: PageBlock[][] };
export type Part = 'dev' | 'heldout';

// ===================================================================================
// Development part
// ===================================================================================

/** CCDR Norte (Portugal): a daily statement, one clause-separated line per pollutant. */
function ccdrNorte(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Comissão de Coordenação e Desenvolvimento Regional do Norte · Divisão de Monitorização Ambiental' },
      { kind: 'title', text: 'Comunicado sobre a qualidade do ar' },
      { kind: 'text', text: 'Porto, 12 de março de 2025' },
      { kind: 'para', text: 'Na aglomeração Porto Litoral registaram-se ontem as seguintes concentrações, medidas na estação urbana de fundo da Sr.ª da Hora:' },
      { kind: 'text', text: 'Dióxido de azoto (NO₂) – média horária máxima – 45 µg/m³ – qualidade boa' },
      { kind: 'text', text: 'Partículas finas (PM₂,₅) – média diária – 18 µg/m³ – qualidade média' },
      { kind: 'text', text: 'Partículas inaláveis (PM₁₀) – média diária – 41 µg/m³ – qualidade média' },
      { kind: 'para', text: 'O valor-limite diário de PM10 (50 µg/m³) não foi ultrapassado; desde janeiro registaram-se 4 excedências, abaixo das 35 permitidas por ano civil.' },
    ],
    expected: { location: 'Porto', date: '2025-03-12', values: { no2: 45, pm25: 18, pm10: 41 } },
  };
}

/** INEA (Rio de Janeiro state): a daily station table, published as an image. */
function ineaTable(): Built {
  const rows = [
    ['Niterói - Centro', '38', '21', '62', '44'],
    ['São Gonçalo', '47', '—', '58', '39'],
    ['Itaboraí', '29', '14', '71', 'NM'],
    ['Maricá', '22', 'NM', '66', '—'],
  ];
  return {
    blocks: [
      { kind: 'small', text: 'Governo do Estado do Rio de Janeiro · Instituto Estadual do Ambiente (INEA)' },
      { kind: 'title', text: 'Boletim diário - Região Leste Fluminense' },
      { kind: 'text', text: 'Niterói, 03/09/2024' },
      { kind: 'table', rows: [['Estação', 'MP10 (µg/m³)\n24h', 'MP2,5 (µg/m³)\n24h', 'O₃ (µg/m³)\n8h', 'NO₂ (µg/m³)\n1h'], ...rows] },
      { kind: 'small', text: 'NM: não monitorado. —: dado inválido. Padrões finais CONAMA 491/2018: MP10 45 µg/m³ (24h), MP2,5 15 µg/m³ (24h).' },
    ],
    expected: { location: 'Niterói', date: '2024-09-03', values: { pm10: 47, pm25: 21, o3: 71, no2: 44 } },
  };
}

/** El Mercurio de Valparaíso: a news item about one station, the region and the capital named in passing. */
function quinteroNews(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'El Mercurio de Valparaíso · Crónica' },
      { kind: 'title', text: 'Estación de Quintero vuelve a marcar dióxido de azufre alto' },
      { kind: 'text', text: 'Quintero, 21 de agosto de 2023' },
      { kind: 'para', text: 'La estación Centro Quintero, de la red que opera la Seremi del Medio Ambiente de la Región de Valparaíso, registró ayer un promedio horario de 212 µg/m³ de dióxido de azufre (SO2), por debajo de la norma horaria de 350 µg/m³ que rige desde 2019.' },
      { kind: 'para', text: 'Es la sexta vez en el año que la estación supera los 150 µg/m³. En la misma jornada el material particulado fino llegó a 31 µg/m³ en promedio diario, según los datos publicados en línea. Vecinos que viajaron a Santiago para la audiencia pidieron que se adelante el plan de descontaminación.' },
    ],
    expected: { location: 'Quintero', date: '2023-08-21', values: { so2: 212, pm25: 31 } },
  };
}

/** SIMA Nuevo León: an IMECA-only forecast per zone — an index (not a standard the service knows), no concentration. */
function simaImeca(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Gobierno de Nuevo León · Secretaría de Medio Ambiente · Sistema Integral de Monitoreo Ambiental (SIMA)' },
      { kind: 'title', text: 'Pronóstico de calidad del aire' },
      { kind: 'text', text: 'Monterrey, N.L., 14 de febrero de 2024' },
      { kind: 'table', rows: [['Zona', 'Contaminante', 'IMECA', 'Calidad'], ['Noreste', 'PM10', '118', 'Mala'], ['Centro', 'PM2.5', '96', 'Regular'], ['Suroeste', 'O3', '64', 'Aceptable'], ['Noroeste', 'PM10', '131', 'Mala']] },
      { kind: 'para', text: 'Se recomienda a grupos sensibles evitar actividades al aire libre entre las 12:00 y las 18:00 horas. Índice válido hasta las 23:59 horas.' },
    ],
    expected: { location: 'Monterrey', date: '2024-02-14', values: {}, index: { name: 'IMECA', standard: null, overall: 131, pollutants: { pm10: 131, pm25: 96, o3: 64 } } },
  };
}

/** SEDEMA Ciudad de México: the Índice AIRE Y SALUD per zone — categories and risk, no number, no concentration. */
function sedemaAireSalud(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Secretaría del Medio Ambiente de la Ciudad de México · Dirección de Monitoreo de Calidad del Aire' },
      { kind: 'title', text: 'Índice AIRE Y SALUD' },
      { kind: 'text', text: 'Ciudad de México, jueves 21 de mayo de 2026, 17:00 h' },
      { kind: 'table', rows: [['Zona', 'Calidad del aire', 'Riesgo', 'Contaminante'], ['Noroeste', 'Mala', 'Alto', 'Ozono'], ['Noreste', 'Aceptable', 'Moderado', 'PM10'], ['Centro', 'Mala', 'Alto', 'Ozono'], ['Suroeste', 'Muy mala', 'Muy alto', 'Ozono'], ['Sureste', 'Aceptable', 'Moderado', 'PM2.5']] },
      { kind: 'para', text: 'Con calidad del aire Muy mala, evite las actividades al aire libre; los grupos sensibles deben permanecer en interiores. El índice se actualiza cada hora.' },
    ],
    expected: { location: 'Ciudad de México', date: '2026-05-21', values: {}, index: { name: 'Índice AIRE Y SALUD', standard: 'mx', overall: null, pollutants: {}, category: 'muy_mala', categories: { o3: 'muy_mala', pm10: 'aceptable', pm25: 'aceptable' } } },
  };
}

/** Ajuntament de Barcelona: a note on the European index (EAQI) in Spanish — categories per pollutant, no number. */
function barcelonaEaqi(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Ajuntament de Barcelona · Agència de Salut Pública' },
      { kind: 'title', text: 'Calidad del aire según el Índice europeo de calidad del aire (EAQI)' },
      { kind: 'text', text: 'Barcelona, 14 de enero de 2026' },
      { kind: 'text', text: 'Calidad del aire en la ciudad: Desfavorable' },
      { kind: 'text', text: 'Dióxido de nitrógeno (NO2): Desfavorable' },
      { kind: 'text', text: 'Partículas PM10: Regular' },
      { kind: 'text', text: 'Ozono (O3): Buena' },
      { kind: 'para', text: 'Se recomienda a las personas con enfermedades respiratorias reducir la actividad física intensa al aire libre durante las horas de más tráfico.' },
    ],
    expected: { location: 'Barcelona', date: '2026-01-14', values: {}, index: { name: 'EAQI', standard: 'eu-eaqi', overall: null, pollutants: {}, category: 'poor', categories: { no2: 'poor', pm10: 'moderate', o3: 'good' } } },
  };
}

/** DOE Malaysia: a haze statement giving PM2.5 as a range across the states. */
function doeHaze(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Department of Environment Malaysia · Ministry of Natural Resources and Environmental Sustainability' },
      { kind: 'title', text: 'Haze situation statement' },
      { kind: 'text', text: 'Kuala Lumpur, 20 September 2023' },
      { kind: 'para', text: 'As of 5 pm today the Air Pollutant Index (API) was at moderate levels at 52 stations and unhealthy at 3 stations. The 24-hour PM2.5 concentrations across the Klang Valley ranged from 38 to 64 µg/m³, compared with 20 to 35 µg/m³ a week ago.' },
      { kind: 'para', text: 'The public is advised to limit outdoor activities. The current API readings are available at 68 monitoring stations nationwide.' },
    ],
    expected: { location: 'Kuala Lumpur', date: '2023-09-20', values: { pm25: 64 } },
  };
}

/** INEMA Bahia: a two-page monthly bulletin (prose and limits first, the station table on page 2). */
function inemaMonthly(): Built {
  const page1: PageBlock[] = [
    { kind: 'small', text: 'Governo do Estado da Bahia · Instituto do Meio Ambiente e Recursos Hídricos (INEMA)' },
    { kind: 'title', text: 'Boletim mensal de qualidade do ar - Salvador' },
    { kind: 'text', text: 'Salvador, 05/08/2024' },
    { kind: 'para', text: 'Em julho de 2024 a rede automática de Salvador operou com 6 estações. Os padrões de qualidade do ar vigentes (CONAMA 491/2018, PI-2) são de 100 µg/m³ para MP10 (24 horas) e 50 µg/m³ para MP2,5 (24 horas). Não houve ultrapassagem dos padrões no mês; em 2023 foram 2 ultrapassagens de MP10.' },
    { kind: 'para', text: 'As maiores médias diárias do mês constam na tabela da página seguinte.' },
  ];
  const page2: PageBlock[] = [
    { kind: 'text', text: 'Máximas médias diárias por estação - julho de 2024' },
    { kind: 'table', rows: [['Estação', 'MP10 (µg/m³)', 'MP2,5 (µg/m³)', 'SO2 (µg/m³)'], ['Campo Grande', '39', '17', '8'], ['Rio Vermelho', '44', '19', '6'], ['Dique do Tororó', '36', '15', 'NM'], ['Pirajá', '52', '22', '11']] },
  ];
  return { blocks: [...page1, ...page2], pages: [page1, page2], expected: { location: 'Salvador', date: '2024-08-05', values: { pm10: 52, pm25: 22, so2: 11 } } };
}

/** EPA Victoria (Australia) pphm and ppm statement: label first, station and averaging between. */
function vicStatement(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Environment Protection Authority Victoria · Air quality statement' },
      { kind: 'title', text: 'Smoke and ozone update for Melbourne' },
      { kind: 'text', text: 'Issued 7 January 2024, 4:00 pm' },
      { kind: 'text', text: 'Ozone, Alphington, 1-hour average: 7.4 pphm (Fair)' },
      { kind: 'text', text: 'Fine particles PM2.5, Footscray, 24-hour rolling average: 27.9 µg/m³ (Poor)' },
      { kind: 'text', text: 'Carbon monoxide, Melbourne CBD, 8-hour average: 1.2 ppm (Good)' },
      { kind: 'para', text: 'The national standard for ozone is 8 pphm over one hour; for PM2.5 it is 25 µg/m³ over 24 hours. Check again after 6 pm.' },
    ],
    expected: { location: 'Melbourne', date: '2024-01-07', values: { o3: r1(74 * F.o3), pm25: 27.9, co: r3(1.2 * F.co) } },
  };
}

/**
 * IEMA Espírito Santo: a daily IQAr per station, a column per pollutant whose header names
 * only the pollutant — the heading above says the numbers are index values; no unit anywhere.
 */
function iemaIqar(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Governo do Estado do Espírito Santo · Instituto Estadual de Meio Ambiente e Recursos Hídricos (IEMA)' },
      { kind: 'title', text: 'Boletim diário de qualidade do ar - Grande Vitória' },
      { kind: 'text', text: 'Vitória, 18/06/2024' },
      { kind: 'text', text: 'Índice de Qualidade do Ar (IQAr) por estação - média das últimas 24 horas' },
      { kind: 'table', rows: [['Estação', 'MP10', 'MP2,5', 'O3', 'NO2', 'Qualidade'], ['Laranjeiras', '34', '28', '19', '12', 'Boa'], ['Enseada do Suá', '47', '52', '22', '18', 'Moderada'], ['Vila Velha - Ibes', '29', '31', '41', '9', 'Moderada'], ['Cariacica', '38', '24', '16', '14', 'Boa']] },
      { kind: 'small', text: 'Boa 0-40 · Moderada 41-80 · Ruim 81-120 · Muito Ruim 121-200 · Péssima acima de 200' },
    ],
    expected: { location: 'Vitória', date: '2024-06-18', values: {}, index: { name: 'IQAr', standard: 'br-iqar', overall: 52, pollutants: { pm10: 47, pm25: 52, o3: 41, no2: 18 } } },
  };
}

/**
 * Sacramento Metropolitan AQMD: the daily Spare The Air forecast as a narrative list, one line per
 * day naming each pollutant's AQI and category — no table, no area, no unit; the days after
 * tomorrow given as categories only.
 */
function sacAqi(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Sacramento Metropolitan Air Quality Management District · sparetheair.com' },
      { kind: 'title', text: 'Spare The Air Forecast' },
      { kind: 'text', text: 'Sacramento Region · Issued Tuesday, August 13, 2024, 2:00 p.m.' },
      { kind: 'para', text: 'Triple-digit heat and a weak delta breeze will keep ozone building through midweek. A Spare The Air day is declared for Wednesday.' },
      { kind: 'text', text: 'Tomorrow (Wednesday): Ozone AQI 137 (Unhealthy for Sensitive Groups), Fine particles (PM2.5) AQI 57 (Moderate)' },
      { kind: 'text', text: 'Thursday: Ozone AQI 106 (Unhealthy for Sensitive Groups), Fine particles (PM2.5) AQI 61 (Moderate)' },
      { kind: 'text', text: 'Friday and Saturday outlook: Moderate' },
      { kind: 'para', text: 'Residents are asked to work from home, skip the drive-through and avoid gas-powered lawn equipment. Forecasts are updated daily by 2:00 p.m.' },
    ],
    expected: { location: 'Sacramento', date: '2024-08-13', values: {}, index: { name: 'AQI', standard: 'us-epa', overall: 137, pollutants: { o3: 137, pm25: 61 } } },
  };
}

/** Delegación Presidencial RM (Chile): an ICAP forecast per station, the pollutant named once, in the heading. */
function rmIcap(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Delegación Presidencial Región Metropolitana · Plan de Gestión de Episodios Críticos' },
      { kind: 'title', text: 'Pronóstico de calidad del aire para mañana' },
      { kind: 'text', text: 'Santiago, 4 de julio de 2024' },
      { kind: 'text', text: 'ICAP pronosticado para MP2,5 (promedio 24 horas)' },
      { kind: 'table', rows: [['Estación', 'ICAP', 'Condición'], ['Independencia', '168', 'Alerta'], ['Pudahuel', '214', 'Preemergencia'], ['Cerro Navia', '187', 'Alerta'], ['Puente Alto', '121', 'Regular'], ['Las Condes', '96', 'Bueno']] },
      { kind: 'para', text: 'Se decreta Preemergencia Ambiental para la Región Metropolitana. Restricción vehicular para vehículos sin sello verde con dígitos 1, 2, 3 y 4.' },
    ],
    expected: { location: 'Santiago', date: '2024-07-04', values: {}, index: { name: 'ICAP', standard: 'cl', overall: 214, pollutants: { pm25: 214 } } },
  };
}


// ===================================================================================
// Held-out part: other publishers, the same kinds of layout. Never tuned on.
// ===================================================================================

function apaQualar(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Agência Portuguesa do Ambiente · QualAr - Base de Dados Online sobre Qualidade do Ar' },
      { kind: 'title', text: 'Nota informativa - episódio de poeiras' },
      { kind: 'text', text: 'Lisboa, 18 de fevereiro de 2025' },
      { kind: 'para', text: 'Devido ao transporte de poeiras do Norte de África, a estação de Entrecampos, na cidade de Lisboa, registou os seguintes valores:' },
      { kind: 'text', text: 'Partículas PM10 · concentração média diária · 86 μg/m3 · índice Fraco' },
      { kind: 'text', text: 'Partículas PM2,5 · concentração média diária · 34 μg/m3 · índice Médio' },
      { kind: 'text', text: 'Ozono (O3) · máximo horário · 71 μg/m3 · índice Bom' },
      { kind: 'para', text: 'O valor-limite diário para a proteção da saúde humana (50 µg/m³ de PM10) foi excedido; é a 7.ª excedência do ano nesta estação. Em 2024 a média anual foi de 24 µg/m³.' },
    ],
    expected: { location: 'Lisboa', date: '2025-02-18', values: { pm10: 86, pm25: 34, o3: 71 } },
  };
}

function nswUpdate(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'NSW Department of Climate Change, Energy, the Environment and Water' },
      { kind: 'title', text: 'Air quality update: Sydney' },
      { kind: 'text', text: 'Friday 15 December 2023' },
      { kind: 'para', text: 'Hazard reduction burns west of the city raised particle levels overnight. Highest readings at 3 pm:' },
      { kind: 'text', text: 'PM2.5 — Richmond — 24-hour average — 31.6 µg/m³' },
      { kind: 'text', text: 'Ozone — Liverpool — 1-hour average — 6.3 pphm' },
      { kind: 'text', text: 'Nitrogen dioxide — Parramatta North — 1-hour — 2.1 pphm' },
      { kind: 'para', text: 'The standard for ozone is 10 pphm (1 hour). People in Newcastle and Wollongong saw good air quality all day.' },
    ],
    expected: { location: 'Sydney', date: '2023-12-15', values: { pm25: 31.6, o3: r1(63 * F.o3), no2: r1(21 * F.no2) } },
  };
}

function saltLakeNews(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'The Salt Lake Tribune · Environment' },
      { kind: 'title', text: 'Inversion sends Hawthorne monitor into the red' },
      { kind: 'text', text: 'Salt Lake City, January 9, 2024' },
      { kind: 'para', text: 'The Hawthorne monitoring station in Salt Lake City recorded a 24-hour average of 48.3 µg/m³ of PM2.5 on Monday, well above the federal standard of 35 µg/m³, the Utah Division of Air Quality said. It was the fourth day this winter over the standard.' },
      { kind: 'para', text: 'Forecasters expect the inversion to last through Thursday. Last winter, a similar episode in Denver peaked at 41 µg/m³, according to the state of Colorado.' },
    ],
    expected: { location: 'Salt Lake City', date: '2024-01-09', values: { pm25: 48.3 } },
  };
}

function airnowDenverAqi(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Colorado Department of Public Health and Environment · Air Pollution Control Division' },
      { kind: 'title', text: 'Front Range air quality forecast' },
      { kind: 'text', text: 'Denver, Wednesday, July 17, 2024' },
      { kind: 'table', rows: [['Area', 'Ozone AQI', 'PM2.5 AQI', 'Category'], ['Denver Metro', '112', '48', 'Unhealthy for Sensitive Groups'], ['Fort Collins', '98', '41', 'Moderate'], ['Colorado Springs', '87', '39', 'Moderate'], ['Grand Junction', '61', '55', 'Moderate']] },
      { kind: 'para', text: 'An Ozone Action Day Alert is in effect from 4 pm to 8 pm. Forecast issued at 4:00 pm.' },
    ],
    expected: { location: 'Denver', date: '2024-07-17', values: {}, index: { name: 'AQI', standard: 'us-epa', overall: 112, pollutants: { o3: 112, pm25: 55 } } },
  };
}

function feamIqar(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Fundação Estadual do Meio Ambiente (FEAM) · Minas Gerais' },
      { kind: 'title', text: 'Índice de Qualidade do Ar - Belo Horizonte' },
      { kind: 'text', text: 'Belo Horizonte, 02/10/2024' },
      { kind: 'table', rows: [['Estação', 'Poluente', 'IQAr', 'Qualidade'], ['Delegacia', 'MP10', '38', 'Boa'], ['Centro', 'O3', '57', 'Moderada'], ['Barreiro', 'MP2,5', '44', 'Moderada']] },
      { kind: 'small', text: 'IQAr: 0-40 Boa; 41-80 Moderada; 81-120 Ruim; 121-200 Muito Ruim; >200 Péssima.' },
    ],
    expected: { location: 'Belo Horizonte', date: '2024-10-02', values: {}, index: { name: 'IQAr', standard: 'br-iqar', overall: 57, pollutants: { pm10: 38, o3: 57, pm25: 44 } } },
  };
}

function semadetTable(): Built {
  const rows = [
    ['Atemajac', '61', '28', '41', '22', '0.9'],
    ['Las Pintas', '94', '37', '35', '18', '1.3'],
    ['Miravalle', '72', '33', '47', '—', '1.1'],
    ['Oblatos', '55', 'ND', '52', '26', 'ND'],
  ];
  return {
    blocks: [
      { kind: 'small', text: 'Gobierno de Jalisco · Secretaría de Medio Ambiente y Desarrollo Territorial (SEMADET)' },
      { kind: 'title', text: 'Reporte diario de calidad del aire - Área Metropolitana de Guadalajara' },
      { kind: 'text', text: 'Guadalajara, Jal., 28 de abril de 2024' },
      { kind: 'table', rows: [['Estación', 'PM10\nµg/m³', 'PM2.5\nµg/m³', 'O3\nppb', 'NO2\nppb', 'CO\nppm'], ...rows] },
      { kind: 'small', text: 'Promedios móviles: PM 24 h, O3 8 h, CO 8 h, NO2 1 h. ND: no disponible.' },
    ],
    expected: { location: 'Guadalajara', date: '2024-04-28', values: { pm10: 94, pm25: 37, o3: r1(52 * F.o3), no2: r1(26 * F.no2), co: r3(1.3 * F.co) } },
  };
}

function mmaPeruRange(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Municipalidad Provincial de Arequipa · Gerencia de Servicios a la Ciudad y Gestión Ambiental' },
      { kind: 'title', text: 'Comunicado: calidad del aire en Arequipa' },
      { kind: 'text', text: 'Arequipa, 10 de julio de 2024' },
      { kind: 'para', text: 'En la última semana las concentraciones de PM10 en las distintas zonas de la ciudad se ubicaron entre 58 y 117 µg/m³ como promedio de 24 horas. El Estándar de Calidad Ambiental (ECA) es de 100 µg/m³; en junio los valores habían estado entre 40 y 82 µg/m³.' },
      { kind: 'para', text: 'Se recomienda evitar la quema de residuos y mantener cerradas puertas y ventanas en horas de la tarde.' },
    ],
    expected: { location: 'Arequipa', date: '2024-07-10', values: { pm10: 117 } },
  };
}

function fepamMonthly(): Built {
  const page1: PageBlock[] = [
    { kind: 'small', text: 'Fundação Estadual de Proteção Ambiental Henrique Luis Roessler (FEPAM) · Rio Grande do Sul' },
    { kind: 'title', text: 'Relatório mensal da qualidade do ar - Porto Alegre' },
    { kind: 'text', text: 'Porto Alegre, 04/11/2024' },
    { kind: 'para', text: 'O relatório apresenta os resultados de outubro de 2024 da rede de monitoramento da Região Metropolitana. O padrão diário de MP10 é de 120 µg/m³ e o de SO2 é de 125 µg/m³. No mês houve 3 dias com chuva forte e nenhuma ultrapassagem de padrão.' },
  ];
  const page2: PageBlock[] = [
    { kind: 'text', text: 'Concentrações máximas diárias por estação - outubro/2024' },
    { kind: 'table', rows: [['Estação', 'MP10\n(µg/m³)', 'O3\n(µg/m³)', 'SO2\n(µg/m³)', 'CO\n(ppm)'], ['Humaitá', '41', '88', '9', '0,6'], ['Azenha', '57', '76', '—', '0,9'], ['Canoas', '49', '93', '14', '0,7']] },
    { kind: 'small', text: 'Página 2 de 2' },
  ];
  return { blocks: [...page1, ...page2], pages: [page1, page2], expected: { location: 'Porto Alegre', date: '2024-11-04', values: { pm10: 57, o3: 93, so2: 14, co: r3(0.9 * F.co) } } };
}

function mfeExceedances(): Built {
  return {
    blocks: [
      { kind: 'small', text: 'Environment Canterbury Regional Council · Air quality' },
      { kind: 'title', text: 'Winter air quality summary' },
      { kind: 'text', text: 'Issued 30 September 2024' },
      { kind: 'para', text: 'The national environmental standard for PM10 is 50 µg/m³ as a 24-hour average, with one exceedance allowed per year. This winter the Christchurch airshed recorded 4 exceedances, Timaru 9 and Kaiapoi 2.' },
      { kind: 'para', text: 'Over the past ten years the number of high pollution nights has fallen by two thirds. Detailed station data are published in the annual report.' },
    ],
    expected: { location: null, date: '2024-09-30', values: {}, noData: true },
  };
}

// ===================================================================================

type Builder = () => Built;
const FAMILIES: Array<{ id: string; agency: string; part: Part; language: 'es' | 'pt' | 'en'; build: Builder; media: RenderMedium[] }> = [
  { id: 'ccdrn-statement', agency: 'CCDR Norte', part: 'dev', language: 'pt', build: ccdrNorte, media: ['pdf-text', 'pdf-scan'] },
  { id: 'inea-table-image', agency: 'INEA Rio de Janeiro', part: 'dev', language: 'pt', build: ineaTable, media: ['png', 'photo'] },
  { id: 'quintero-news', agency: 'El Mercurio de Valparaíso', part: 'dev', language: 'es', build: quinteroNews, media: ['pdf-text', 'pdf-scan'] },
  { id: 'sima-imeca', agency: 'SIMA Nuevo León', part: 'dev', language: 'es', build: simaImeca, media: ['pdf-text', 'png'] },
  { id: 'doe-haze-range', agency: 'DOE Malaysia', part: 'dev', language: 'en', build: doeHaze, media: ['pdf-text', 'pdf-scan'] },
  { id: 'inema-2pages', agency: 'INEMA Bahia', part: 'dev', language: 'pt', build: inemaMonthly, media: ['pdf-text', 'pdf-scan'] },
  { id: 'epavic-statement', agency: 'EPA Victoria (statement)', part: 'dev', language: 'en', build: vicStatement, media: ['pdf-text', 'png'] },
  { id: 'iema-iqar', agency: 'IEMA Espírito Santo', part: 'dev', language: 'pt', build: iemaIqar, media: ['photo', 'pdf-scan'] },
  { id: 'sacmetro-aqi', agency: 'Sacramento Metropolitan AQMD', part: 'dev', language: 'en', build: sacAqi, media: ['photo', 'pdf-scan'] },
  { id: 'rm-icap', agency: 'Delegación Presidencial RM', part: 'dev', language: 'es', build: rmIcap, media: ['photo', 'png'] },
  { id: 'sedema-aire-salud', agency: 'SEDEMA Ciudad de México', part: 'dev', language: 'es', build: sedemaAireSalud, media: ['pdf-text', 'png', 'photo'] },
  { id: 'bcn-eaqi', agency: 'Ajuntament de Barcelona', part: 'dev', language: 'es', build: barcelonaEaqi, media: ['pdf-text', 'pdf-scan'] },
  { id: 'apa-qualar-note', agency: 'APA Portugal (QualAr)', part: 'heldout', language: 'pt', build: apaQualar, media: ['pdf-text', 'png'] },
  { id: 'nsw-update', agency: 'NSW DCCEEW', part: 'heldout', language: 'en', build: nswUpdate, media: ['pdf-text', 'pdf-scan'] },
  { id: 'sltrib-news', agency: 'The Salt Lake Tribune', part: 'heldout', language: 'en', build: saltLakeNews, media: ['pdf-text', 'pdf-scan'] },
  { id: 'cdphe-aqi', agency: 'CDPHE Colorado', part: 'heldout', language: 'en', build: airnowDenverAqi, media: ['pdf-text', 'png'] },
  { id: 'feam-iqar', agency: 'FEAM Minas Gerais', part: 'heldout', language: 'pt', build: feamIqar, media: ['pdf-text', 'photo'] },
  { id: 'semadet-table-image', agency: 'SEMADET Jalisco', part: 'heldout', language: 'es', build: semadetTable, media: ['png', 'photo'] },
  { id: 'arequipa-range', agency: 'Municipalidad de Arequipa', part: 'heldout', language: 'es', build: mmaPeruRange, media: ['pdf-text', 'pdf-scan'] },
  { id: 'fepam-2pages', agency: 'FEPAM Rio Grande do Sul', part: 'heldout', language: 'pt', build: fepamMonthly, media: ['pdf-text', 'pdf-scan'] },
  { id: 'ecan-exceedances', agency: 'Environment Canterbury', part: 'heldout', language: 'en', build: mfeExceedances, media: ['pdf-text', 'png'] },
];

/** The documents of these layouts in one part, one per (family, medium). */
export function layoutCorpus(part: Part): ExtraAgencyDoc[] {
  return FAMILIES.filter((f) => f.part === part).flatMap((f) => {
    const { blocks, expected, pages } = f.build();
    return f.media.map((medium) => ({ id: `${f.id}-${medium}`, family: f.id, agency: f.agency, language: f.language, medium, blocks, expected, ...(pages ? { pages } : {}) }));
  });
}
