import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBulletinText } from '../src/parser.js';
import type { TextLine } from '../src/types.js';

const parse = (text: string, ocr = false) => parseBulletinText(text, { ocr });
const value = (text: string, key: 'pm25' | 'pm10' | 'no2' | 'o3' | 'so2' | 'co' | 'temperatura' | 'humidity', ocr = false) => parse(text, ocr)[key];

describe('pollutant notations', () => {
  for (const label of ['PM2.5', 'PM2,5', 'PM₂.₅', 'MP2,5', 'MP 2.5', 'MP 2,5', 'PM25', 'pm25', 'PM-2.5', 'Material particulado fino', 'Partículas < 2.5 µm', 'Fine particulate matter']) {
    it(`PM2.5 as "${label}"`, () => assert.equal(value(`${label}: 23,4 µg/m³`, 'pm25'), 23.4));
  }
  for (const label of ['PM10', 'PM 10', 'MP10', 'MP 10', 'Partículas < 10 µm', 'Material particulado respirable', 'Partículas inaláveis']) {
    it(`PM10 as "${label}"`, () => assert.equal(value(`${label}: 45 µg/m³`, 'pm10'), 45));
  }
  for (const label of ['NO2', 'NO₂', 'Dióxido de nitrógeno', 'Dióxido de Nitrogênio', 'nitrogen dioxide']) {
    it(`NO2 as "${label}"`, () => assert.equal(value(`${label} 31 µg/m³`, 'no2'), 31));
  }
  for (const label of ['O3', 'O₃', 'Ozono', 'Ozônio', 'ozone']) {
    it(`O3 as "${label}"`, () => assert.equal(value(`${label}: 80 µg/m³`, 'o3'), 80));
  }
  for (const label of ['SO2', 'SO₂', 'Dióxido de azufre', 'Dióxido de enxofre', 'Sulfur dioxide', 'sulphur dioxide']) {
    it(`SO2 as "${label}"`, () => assert.equal(value(`${label}: 12 µg/m³`, 'so2'), 12));
  }
  for (const label of ['CO', 'Monóxido de carbono', 'Monóxido de Carbono', 'carbon monoxide']) {
    it(`CO as "${label}"`, () => assert.equal(value(`${label}: 1,2 mg/m³`, 'co'), 1.2));
  }
  it('a label in brackets after its name is one label ("Material Particulado Respirable Fino (MP 2,5)")', () => {
    assert.equal(value('Material Particulado Respirable Fino (MP 2,5): 14 µg/m³', 'pm25'), 14);
  });
  it('does not read CO2, NOx or a US state as CO / NO2', () => {
    const r = parse('CO2: 410 ppm\nNOx: 40 µg/m³\nDenver, CO');
    assert.equal(r.co, undefined);
    assert.equal(r.no2, undefined);
  });
});

describe('units', () => {
  it('unit spellings: ugr/m3, mcg/m3, a unit run into its number (40ug/m3), pphm (10 ppb)', () => {
    assert.deepEqual(parse('PM10: 40 ugr/m3').fields.pm10?.sourceUnit, 'µg/m³');
    assert.deepEqual(parse('PM10 40 mcg/m3').fields.pm10?.sourceUnit, 'µg/m³');
    assert.equal(parse('PM10: 40ug/m3').pm10, 40);
    // 4.5 pphm = 45 ppb = 88.3 µg/m³ of ozone at 25 °C, not 4.5 µg/m³.
    assert.equal(parse('Ozone: 4.5 pphm').o3, 88.3);
    assert.equal(parse('Ozone: 4.5 pphm').fields.o3?.sourceUnit, 'pphm');
  });
  it('Unicode forms: full-width digits, thin and no-break spaces, subscripts, Greek mu', () => {
    assert.equal(parse('PM10: ４０ µg/m³').pm10, 40);
    assert.equal(parse('PM10:\u202F40\u2009µg/m³').pm10, 40);
    assert.equal(parse('PM₁₀ 40 μg/m³').pm10, 40);
  });
  for (const unit of ['µg/m³', 'μg/m³', 'ug/m3', 'µg∕m3', 'µg/m³N', 'µg/m3N', 'ug m-3', 'μg/m3']) {
    it(`µg/m³ written "${unit}"`, () => {
      const r = parse(`PM2.5: 14 ${unit}`);
      assert.equal(r.pm25, 14);
      assert.equal(r.fields.pm25?.sourceUnit, 'µg/m³');
    });
  }
  it('ppb and ppbv convert at 25 °C (NO2 1.882, O3 1.963, SO2 2.620)', () => {
    const r = parse('NO2: 10 ppb\nOzono 21 ppbv\nSO2: 5 ppb');
    assert.equal(r.no2, 18.8);
    assert.equal(r.o3, 41.2);
    assert.equal(r.so2, 13.1);
    assert.equal(r.fields.o3?.sourceUnit, 'ppb');
    assert.equal(r.fields.o3?.unit, 'µg/m³');
  });
  it('ppm and ppmv convert (O3 0.045 ppm → 88.3 µg/m³; CO 1 ppm → 1.146 mg/m³)', () => {
    const r = parse('Ozone 0.045 ppm\nCO: 1 ppmv');
    assert.equal(r.o3, 88.3);
    assert.equal(r.co, 1.146);
    assert.equal(r.fields.co?.unit, 'mg/m³');
  });
  it('CO in µg/m³ becomes mg/m³; PM in mg/m³ becomes µg/m³', () => {
    const r = parse('CO: 850 µg/m³\nPM10: 0,045 mg/m³');
    assert.equal(r.co, 0.85);
    assert.equal(r.pm10, 45);
  });
  it('a unit inside the label applies to the value ("MP2,5 [µg/m³] 23", "Ozono (ppb) 40")', () => {
    const r = parse('Material Particulado (MP2,5) [µg/m³]   23\nOzono (ppb)   40');
    assert.equal(r.pm25, 23);
    assert.equal(r.fields.pm25?.sourceUnit, 'µg/m³');
    assert.equal(r.o3, 78.5);
  });
  it('a table header unit applies to rows without one, with lower confidence', () => {
    const r = parse('Contaminante   Concentración (ppb)\nNO2   20\nO3   30');
    assert.equal(r.no2, 37.6);
    assert.equal(r.o3, 58.9);
    assert.ok((r.fields.no2?.confidence ?? 1) < 0.9);
  });
  it('a missing unit is assumed (µg/m³) with lower confidence, more so for gases', () => {
    const r = parse('PM2.5: 20\nNO2: 20\nPM10: 30 µg/m³');
    assert.equal(r.pm25, 20);
    assert.equal(r.fields.pm25?.sourceUnit, '');
    assert.ok(r.fields.pm25!.confidence < r.fields.pm10!.confidence);
    assert.ok(r.fields.no2!.confidence < r.fields.pm25!.confidence);
  });
  it('temperature in °C, ºC, °F (converted) and humidity in %', () => {
    assert.equal(value('Temperatura: 18,5 °C', 'temperatura'), 18.5);
    assert.equal(value('Temperatura 21 ºC', 'temperatura'), 21);
    assert.equal(value('Temperature 72°F', 'temperatura'), 22.2);
    assert.equal(value('Temp. 50 F', 'temperatura'), 10);
    assert.equal(value('Humedad relativa: 65 %', 'humidity'), 65);
    assert.equal(value('Umidade 80%', 'humidity'), 80);
    assert.equal(value('RH 40%', 'humidity'), 40);
  });
  it('a unit that does not fit the measure is not its value ("PM2.5 45 % of days … 20 µg/m³")', () => {
    assert.equal(value('PM2.5 above the norm on 45 % of days, average 20 µg/m³', 'pm25'), 20);
  });
});

describe('numbers', () => {
  it('decimal comma and decimal dot', () => {
    assert.equal(value('MP2,5: 23,4 µg/m³', 'pm25'), 23.4);
    assert.equal(value('PM2.5: 23.4 µg/m³', 'pm25'), 23.4);
  });
  it('skips averaging periods, particle sizes, index values, years and dates', () => {
    assert.equal(value('O3 8h: 45 µg/m³', 'o3'), 45);
    assert.equal(value('Bueno (MP 2,5 14 µg∕m3) ICAP 28', 'pm25'), 14);
    assert.equal(value('PM2.5 AQI 85 (24 µg/m³)', 'pm25'), 24);
    assert.equal(value('PM2.5 en 2024 llegó a 33 µg/m³', 'pm25'), 33);
    assert.equal(value('PM10 el 14 de mayo: 50 µg/m³', 'pm10'), 50);
  });
  it('ND / NM / -- are placeholders, not values', () => {
    const r = parse('MP2,5: ND\nMP10: NM\nOzônio: --\nCO [ppm] 0,5');
    assert.equal(r.pm25, undefined);
    assert.equal(r.pm10, undefined);
    assert.equal(r.o3, undefined);
    assert.equal(r.co, 0.573);
  });
  it('never invents: implausible values are dropped', () => {
    const r = parse('PM2.5: 99999 µg/m³\nHumedad: 250 %');
    assert.equal(r.pm25, undefined);
    assert.equal(r.humidity, undefined);
  });
});

describe('layouts', () => {
  it('prose', () => {
    const r = parse('La concentración promedio de MP2,5 en 3 estaciones fue de 34,5 µg/m³, mientras que el ozono alcanzó 21 ppbv.');
    assert.equal(r.pm25, 34.5);
    assert.equal(r.o3, 41.2);
  });
  it('label on one line, value on the next (card layout)', () => {
    const r = parse('PM2.5\n17 µg/m³');
    assert.equal(r.pm25, 17);
    assert.ok(r.fields.pm25!.confidence < 0.9);
  });
  it('pollutant-per-row table with a unit column', () => {
    const r = parse('Contaminante   Valor   Unidad\nMP2,5   23,4   µg/m³\nDióxido de nitrógeno   10   ppbv');
    assert.equal(r.pm25, 23.4);
    assert.equal(r.no2, 18.8);
  });
  it('station × pollutant table: the city average row wins over station rows', () => {
    const r = parse([
      'Estación       MP2,5 (µg/m³)   MP10 (µg/m³)   O3 (ppb)',
      'Las Condes     12              30             ND',
      'Pudahuel       25              41             40',
      'Promedio       18              35             30',
    ].join('\n'));
    assert.equal(r.pm25, 18);
    assert.equal(r.pm10, 35);
    assert.equal(r.o3, 58.9);
    assert.ok(r.fields.pm25!.confidence > 0.85);
  });
  it('station rows only: the worst station, with low confidence', () => {
    const r = parse('Estação    MP2,5    MP10\nTijuca     12       30\nBangu      25       41\nIrajá      NM       38');
    assert.equal(r.pm25, 25);
    assert.equal(r.pm10, 41);
    assert.ok(r.fields.pm25!.confidence < 0.7);
  });
  it('a headline value beats a station line', () => {
    const r = parse('Estación Pudahuel: MP2,5 80 µg/m³\nPromedio de la ciudad: MP2,5 34 µg/m³');
    assert.equal(r.pm25, 34);
  });
  it('positioned cells from a text layer align values under their header by x', () => {
    const L = (cells: Array<[string, number, number]>): TextLine => ({ text: cells.map((c) => c[0]).join(' '), cells: cells.map(([text, x0, x1]) => ({ text, x0, x1 })) });
    const r = parseBulletinText([
      L([['Station', 50, 90], ['PM2.5 (µg/m³)', 160, 230], ['NO2 (ppb)', 260, 310], ['CO (mg/m³)', 340, 400]]),
      L([['Downtown', 50, 100], ['21', 160, 172], ['ND', 340, 356]]),
      L([['City average', 50, 120], ['19', 160, 172], ['12', 260, 272], ['0,6', 340, 356]]),
    ]);
    assert.equal(r.pm25, 19);
    assert.equal(r.no2, 22.6);
    assert.equal(r.co, 0.6);
  });
  it('pollutant rows with stations as columns: the average column', () => {
    const r = parse('Poluente     Tijuca    Bangu    Média\nMP10         30        41       35\nMP2,5        12        25       18');
    assert.equal(r.pm10, 35);
    assert.equal(r.pm25, 18);
  });
});

describe('location', () => {
  it('from labels: Ciudad, Comuna, Município, City, Location; a station label is not the location', () => {
    assert.equal(parse('Ciudad: Santiago\nPM2.5: 10 µg/m³').location, 'Santiago');
    assert.equal(parse('Comuna: Temuco\nPM2.5: 10 µg/m³').location, 'Temuco');
    assert.equal(parse('Município: Rio de Janeiro\nPM2.5: 10 µg/m³').location, 'Rio de Janeiro');
    assert.equal(parse('City: Denver   Date: 2024-05-01\nPM2.5: 10 µg/m³').location, 'Denver');
    assert.equal(parse('Location - Delhi\nPM2.5: 10 µg/m³').location, 'Delhi');
    assert.equal(parse('Estación: Las Condes\nPM2.5: 10 µg/m³').location, null);
  });
  it('a city label beats a station label', () => {
    assert.equal(parse('Estación: Pudahuel\nCiudad: Santiago\nPM2.5: 10 µg/m³').location, 'Santiago');
  });
  it('from a headline ("Calidad del aire en …", "Air Quality Report for …")', () => {
    assert.equal(parse('Boletín de Calidad del Aire — Santiago\nPM2.5: 10 µg/m³').location, 'Santiago');
    assert.equal(parse('Índice de Calidad del Aire en Ciudad de México\nPM2.5: 10 µg/m³').location, 'Ciudad de México');
    assert.equal(parse('Air Quality Report for Denver, CO\nPM2.5: 10 µg/m³').location, 'Denver');
    assert.equal(parse('Air Quality Report for Springfield, IL\nPM2.5: 10 µg/m³').location, 'Springfield, IL');
    assert.equal(parse('Qualidade do ar em São Paulo\nMP2,5: 10 µg/m³').location, 'São Paulo');
  });
  it('from a letter-style date line ("Santiago, martes 14 de mayo de 2024")', () => {
    assert.equal(parse('Boletín\nSantiago, martes 14 de mayo de 2024\nMP2,5: 10 µg/m³').location, 'Santiago');
    assert.equal(parse('Report\nHouston, November 8, 2024\nPM2.5: 10 µg/m³').location, 'Houston');
  });
  it('never an institution, but the city an institution is of', () => {
    assert.equal(parse('Ministerio del Medio Ambiente\nCETESB\nBoletín de calidad del aire\nPM2.5: 10 µg/m³').location, null);
    const r = parse('Ministerio del Medio Ambiente\nSecretaría del Medio Ambiente de la Ciudad de México\nCETESB\nBoletín de calidad del aire\nPM2.5: 10 µg/m³');
    assert.equal(r.location, 'Ciudad de México');
    assert.equal(parse('Prefeitura da Cidade do Rio de Janeiro\nBoletim de Qualidade do Ar\nMP10: 10 µg/m³').location, 'Rio de Janeiro');
    assert.equal(parse('Localidad: Secretaría de Ambiente\nPM2.5: 10 µg/m³').location, null);
  });
});

describe('dates', () => {
  const date = (t: string) => parse(`${t}\nPM2.5: 10 µg/m³`).date;
  it('dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy and ISO', () => {
    assert.equal(date('Fecha: 26/12/2024'), '2024-12-26');
    assert.equal(date('Data 05-03-2024'), '2024-03-05');
    assert.equal(date('14.05.2024'), '2024-05-14');
    assert.equal(date('Date: 2024-05-14'), '2024-05-14');
  });
  it('month names in es / pt / en, with weekdays', () => {
    assert.equal(date('martes 14 de mayo de 2024'), '2024-05-14');
    assert.equal(date('Quinta-feira, 26 de dezembro de 2024'), '2024-12-26');
    assert.equal(date('26 de março de 2023'), '2023-03-26');
    assert.equal(date('Tuesday, May 14, 2024'), '2024-05-14');
    assert.equal(date('14 May 2024'), '2024-05-14');
    assert.equal(date('Air Quality Index on Jan 01, 2023 @ 4 PM'), '2023-01-01');
    assert.equal(date('Denver, July 1,2023'), '2023-07-01');
  });
  it('month first only when the day cannot be a month (05/14/2024), with lower confidence', () => {
    const r = parse('05/14/2024\nPM2.5: 10 µg/m³');
    assert.equal(r.date, '2024-05-14');
    assert.ok(r.fields.date!.confidence < 0.85);
  });
  it('a labelled date beats a publication date; a weekday that disagrees lowers confidence', () => {
    assert.equal(date('Publicado el 15/05/2024\nFecha: 14/05/2024'), '2024-05-14');
    const ok = parse('martes 14 de mayo de 2024\nPM2.5: 10 µg/m³').fields.date!.confidence;
    const wrong = parse('lunes 14 de mayo de 2024\nPM2.5: 10 µg/m³').fields.date!.confidence;
    assert.ok(wrong < ok);
  });
  it('a date line beats a date inside running text, whichever comes first', () => {
    const prose = 'Entre las 22:00 horas del 31 de diciembre de 2025 y las 08:00 horas del día siguiente la pirotecnia elevó el material particulado fino en Lima Este.';
    assert.equal(date(`${prose}\nLima, 1 de enero de 2026`), '2026-01-01');
    assert.equal(date(`Lima, 1 de enero de 2026\n${prose}`), '2026-01-01');
    assert.equal(date(prose), '2025-12-31', 'alone, a date in prose is still the date');
  });
  it('impossible dates and far-future years are not dates', () => {
    assert.equal(date('31/02/2024'), null);
    assert.equal(date('03/10/2074'), null);
  });
});

describe('language', () => {
  it('es, pt, en, or null when unsure', () => {
    assert.equal(parse('Boletín de calidad del aire de la ciudad. La concentración de ozono en el centro y los barrios').language, 'es');
    assert.equal(parse('Boletim de qualidade do ar da cidade. A concentração de ozônio não foi alta em nenhuma estação').language, 'pt');
    assert.equal(parse('Daily air quality report for the city. The ozone level in the north and the south').language, 'en');
    assert.equal(parse('PM2.5 10').language, null);
  });
});

describe('confidence', () => {
  it('a full, clean document scores high; fields missing lower it', () => {
    const full = parse('Ciudad: Santiago\nFecha: 14/05/2024\nPM2.5: 10 µg/m³\nPM10: 20 µg/m³');
    const bare = parse('PM2.5: 10 µg/m³');
    assert.ok(full.confidence >= 0.9, String(full.confidence));
    assert.ok(bare.confidence < full.confidence * 0.8);
  });
  it('OCR text scores lower than a text layer', () => {
    const t = 'Ciudad: Santiago\nFecha: 14/05/2024\nPM2.5: 10 µg/m³\nPM10: 20 µg/m³';
    assert.ok(parse(t, true).confidence < parse(t).confidence);
    assert.ok(parse(t, true).fields.pm25!.confidence < parse(t).fields.pm25!.confidence);
  });
  it('no pollutant: confidence 0 and no values', () => {
    const r = parse('Ciudad: Santiago\nTemperatura: 20 °C');
    assert.equal(r.confidence, 0);
    assert.equal(r.pm25, undefined);
    assert.equal(r.temperatura, 20);
  });
  it('fields carry their source text and unit', () => {
    const f = parse('Monóxido de Carbono [ppm] 0,5').fields.co!;
    assert.equal(f.sourceText, 'Monóxido de Carbono [ppm] 0,5');
    assert.equal(f.sourceUnit, 'ppm');
    assert.equal(f.unit, 'mg/m³');
  });
});

describe('OCR misreadings (only with ocr: true)', () => {
  it('S02 / N02 / 03 / C0 with a zero for O', () => {
    const r = parse('S02: 10 µg/m³\nN02: 20 µg/m³\n03: 30 µg/m³\nC0: 1,1 mg/m³', true);
    assert.deepEqual([r.so2, r.no2, r.o3, r.co], [10, 20, 30, 1.1]);
    assert.equal(parse('S02: 10 µg/m³').so2, undefined);
  });
  it('subscripts read as punctuation, µ read as p or u without slash', () => {
    const r = parse('NO, 18 pg/m3\nPM; .5: 46,5 ug/m?\nPMIO: 51 pgm3', true);
    assert.equal(r.no2, 18);
    assert.equal(r.pm25, 46.5);
    assert.equal(r.pm10, 51);
  });
  it('a city average ten times its stations lost its decimal mark ("78" beside stations of 5–7)', () => {
    const t = 'Station    PM2.5 (µg/m3)    PM10 (µg/m3)\nDowntown    7    106\nAirport    6    ND\nNorth Park    5    128\nCity average    78    89';
    assert.deepEqual([parse(t, true).pm25, parse(t, true).pm10], [7.8, 89]);
    assert.equal(parse(t).pm25, 78, 'a text layer says what it means');
  });
  it('scanned prose: "PM,.s", "co" and "nitrégeno" before the word for their level', () => {
    const r = parse('The citywide average PM,.s concentration was 46.3 ug/m3.\nThe citywide average co concentration was 0.3 ppm.', true);
    assert.deepEqual([r.pm25, r.co], [46.3, 0.344]);
    assert.equal(parse('La concentración promedio de Dióxido de nitrégeno en la ciudad fue de 37 ppb.', true).no2, 69.6);
    assert.equal(parse('The citywide average co concentration was 0.3 ppm.').co, undefined, 'not in a text layer');
  });
  it('PM2.5 whose subscript OCR read as punctuation ("PM,.,: 46,5"); a stray mark after a month name', () => {
    const r = parse('Curitiba, Terca-leirá, 1 de ábril\' de 2025\nPM,.,: 46,5 µg/m³\nPM10: 7 µg/m³', true);
    assert.deepEqual([r.pm25, r.pm10, r.date], [46.5, 7, '2025-04-01']);
    assert.equal(parse('PM,.,: 46,5 µg/m³').pm25, undefined, 'not in a text layer');
  });
  it('PM2.5 whose subscript 2 OCR read as a letter or a sign ("PMa.5", "PM>.s", "PM;,.s", "PM,., concentration"); a clock\'s "PM." is none', () => {
    assert.equal(value('PMa.5   80   µg/m³\nPM10   90   µg/m³', 'pm25', true), 80);
    assert.equal(value('PM>.s: 59.1 µg/m³\nPM10: 143 µg/m³', 'pm25', true), 59.1);
    assert.equal(value('PM;,.s: 61 µg/m³\nPM10: 71 µg/m³', 'pm25', true), 61);
    assert.equal(value('The citywide average PM,., concentration was 46.3 µg/m³.', 'pm25', true), 46.3);
    assert.equal(value('Updated at 5 PM. Average PM10 was 45 µg/m³.', 'pm25', true), undefined);
    assert.equal(value('Issued at 4 PM.. Average concentration of PM10 was 45 µg/m³', 'pm25', true), undefined);
    assert.equal(value('PM>.s: 59.1 µg/m³', 'pm25'), undefined, 'not in a text layer');
    assert.equal(value('PM2.5 > 35 µg/m³ is unhealthy', 'pm25', true), undefined, 'a spaced sign still compares');
  });
  it('M read as NI or N ("PNI10", "PN2.5") through a speckled page', () => {
    const r = parse('PNI10: 51 µg/m³\nPN2.5: 23 µg/m³', true);
    assert.deepEqual([r.pm10, r.pm25], [51, 23]);
    assert.equal(parse('PNI10: 51 µg/m³').pm10, undefined, 'not in a text layer');
  });
});

/** Every measure found, without location and date. */
const measuresOf = (r: ReturnType<typeof parseBulletinText>): Record<string, number> =>
  Object.fromEntries(Object.entries(r.fields).filter(([k]) => k !== 'location' && k !== 'date').map(([k, f]) => [k, (f as { value: number }).value]));
const measures = (text: string, ocr = false): Record<string, number> => measuresOf(parse(text, ocr));

describe('numbers that are not concentrations', () => {
  it('law, decree and resolution numbers', () => {
    assert.deepEqual(measures('Marco legal: Ley 1356 (calidad atmosférica) y su decreto reglamentario, PM10 y NO2'), {});
    assert.deepEqual(measures('Norma primaria de MP2,5 — Decreto Supremo N° 12/2011, Ministerio del Medio Ambiente'), {});
    assert.deepEqual(measures('Padrões de qualidade do ar (Resolução CONAMA nº 491/2018) para MP10 e O3'), {});
    assert.deepEqual(measures('Límites de ozono según NOM-020-SSA1-2014 y Resolución 2254 de 2017'), {});
  });
  it('averaging periods and durations, "hs" included', () => {
    assert.deepEqual(measures('Promedio de PM2.5 en 24 horas y de O3 en 8 h'), {});
    assert.deepEqual(measures('The 24-hour PM2.5 mean and the ozone rolling 8-hour mean'), {});
    assert.deepEqual(measures('Ozono: promedio móvil de 8 horas\nPM10 24hs'), {});
    assert.equal(value('Ozono (promedio móvil de 8 horas): 72 µg/m³', 'o3'), 72);
    // The period between a label and its bare value is the value's averaging, not a value.
    assert.equal(value('MP10 (24 h) 63', 'pm10'), 63);
    assert.equal(parse('Ozone 8-hr: 57').fields.o3?.averaging, '8h');
  });
  it('dates written with dashes and month names ("3-jun-2025") are not values', () => {
    assert.deepEqual(measures('MP10 medido el 3-jun-2025'), {});
    assert.equal(value('MP10 medido el 3-jun-2025: 41 µg/m³', 'pm10'), 41);
  });
  it('a sentence under a line naming stations by pollutant is not a table row ("dia 23" is no ozone value)', () => {
    const text = [
      'Inadequada: Santana (03), Diadema (03), Santo Amaro (03), Cubatao-Vila Parisi (MP10) e Paulínia (03).',
      'Regular: Mooca, Ibirapuera, Nossa Senhora do Ó, São Caetano, Congonhas, Lapa, Horto e Sorocaba.',
      'As condições meteorológicas para quarta-feira, dia 23, são desfavoráveis a dispersão dos poluentes.',
    ].join('\n');
    assert.deepEqual(measures(text, true), {});
  });
  it('a zero-padded integer ("07") is never a concentration; with a unit after it, OCR lost its decimal mark ("0117 ppm")', () => {
    assert.deepEqual(measures('PM2.5 07'), {});
    assert.equal(value('Ozono (03), promedio de 1 hora: 0117 ppm', 'o3', true), 229.7);
  });
  it('OCR that lost one decimal comma in a list of stations ("84,3" read "843") does not make the city maximum', () => {
    const list = ['Niveles de PM10 por estación:', '1. Norte – 96,2 µg/m³', '2. Centro – 91,7 µg/m³', '3. Sur – 843 µg/m³', '4. Oeste – 77,5 µg/m³'].join('\n');
    const ocrd = parse(list, true);
    assert.equal(ocrd.pm10, 96.2);
    assert.equal(ocrd.stations?.find((st) => st.name === 'Sur')?.values.pm10, 84.3);
    // A text layer keeps its commas: a whole number there is what the document says.
    assert.equal(parse(list, false).pm10, 843);
  });
  it('index values: a bare number under an index name, even with the pollutant named, or followed by a category', () => {
    assert.deepEqual(measures('IQAr MP10 38 Boa'), {});
    assert.deepEqual(measures('AQI PM2.5 61'), {});
    assert.deepEqual(measures('PM2.5: 74 (Moderate)\nOzono 33 – Buena'), {});
    assert.equal(value('Índice de calidad del aire: PM2.5 27 µg/m³', 'pm25'), 27);
    assert.equal(value('PM10: 44 µg/m³ (Moderada)', 'pm10'), 44);
  });
  it('an index row in a station table ("ICAP", "IMECA") gives no reading; the stations still do', () => {
    const r = parse('Estación   MP2,5   MP10\nCoyhaique   61   88\nICAP   140   77');
    assert.equal(r.pm25, 61);
    assert.equal(r.pm10, 88);
    assert.deepEqual(measures('Zona   MP2,5   MP10\nIMECA   140   77'), {});
  });
  it('ordinals ("1er máximo", "2nd highest") and lines headed by standards ("Normas:", "NAAQS:") are not values', () => {
    assert.equal(value('O3: 1er máximo 104 ppb, 2do máximo 96 ppb', 'o3'), 204.2);
    assert.deepEqual(measures('Límites vigentes: MP10 130 µg/m³ (24 h), MP2,5 50 µg/m³ (24 h)'), {});
    assert.deepEqual(measures('NAAQS: PM2.5 9.0 µg/m3 annual, Ozone 0.070 ppm'), {});
  });
  it('a pollutant-per-row table of index values ("Pollutant | Sub-index") gives nothing', () => {
    assert.deepEqual(measures('Pollutant   Sub-index\nPM10   88\nO3   47'), {});
    assert.deepEqual(measures('Poluente   IQAr   Qualidade\nO3   31   Boa'), {});
  });
  it('a document whose only numbers are such gives no value (confidence 0)', () => {
    const r = parse([
      'Boletín de calidad del aire — página 2 de 4',
      'Según la Ley 20.417 y el D.S. N° 59/98, el MP10 (24 horas) no debe superar 150 µg/m³;',
      'el MP2,5 menores a 50 µg/m³ es Bueno. ICAP 85. Consultas: tel. 600 360 3000.',
      'PM2.5   0-50 Buena   51-100 Regular',
    ].join('\n'));
    assert.deepEqual(Object.keys(r.fields).filter((k) => k !== 'date' && k !== 'location'), []);
    assert.equal(r.confidence, 0);
  });
});

describe('number notation', () => {
  it('thousands groups that cannot be decimals ("1.234,5", "1,234.5", "1.250.000")', () => {
    assert.equal(value('Monóxido de carbono: 1.234,5 µg/m³', 'co'), 1.235);
    assert.equal(value('Carbon monoxide 2,310.0 µg/m3', 'co'), 2.31);
    assert.equal(value('PM10: 1.250.000 µg/m³', 'pm10'), undefined); // 1 250 000 is implausible, not 1.25
  });
  it('decimal commas ("61,7") stay decimals', () => {
    assert.equal(value('MP10 61,7 µg/m³', 'pm10'), 61.7);
  });
  it('"(03)" after an ozone name is its label, never ozone 3, with or without OCR', () => {
    assert.equal(value('Ozônio (03): 58 µg/m³', 'o3'), 58);
    assert.equal(value('Ozono (03)\n66 µg/m³', 'o3', true), 66);
    assert.equal(value('Ozone (03) [µg/m³]   49', 'o3', true), 49);
    assert.deepEqual(measures('Ozono (03)'), {});
    assert.deepEqual(measures('Ozônio (03) em queda', true), {});
  });
  it('"02 (µg/m³) 24h" in an OCR\'d breakpoint-table header is SO2 that lost its S, never NO2 0.2', () => {
    const r = parse('Faixas de concentração dos poluentes para cálculo do IQAr (Resolução CONAMA nº 491/2018)\nMP10 (µg/m³) 24h   MP2,5 (µg/m³) 24h   03 (µg/m³) 8h   CO (ppm) 8h   NO2 (µg/m³) th   02 (µg/m³) 24h   indice   Qualidade do Ar', true);
    assert.deepEqual([r.no2, r.so2, r.o3], [undefined, undefined, undefined]);
    assert.equal(value('CO: 0128 ppm', 'co', true), 0.147); // lost decimal mark before a bare unit: still a value (0.128 ppm)
  });
  it('"03" alone in an OCR\'d table header is the ozone column', () => {
    const r = parse('Estação   MP10   03   NO2\nMaracanã   27   74   35', true);
    assert.deepEqual([r.pm10, r.o3, r.no2], [27, 74, 35]);
  });
  it('"os" or "O5" alone in an OCR\'d table header, beside other measures, is the ozone column (its 3 read as s or 5)', () => {
    for (const heading of ['os', 'OS', 'O5']) {
      const r = parse(`Estación   PM10   PM2.5   ${heading}   IBOCA\nKennedy   62   33   48   41`, true);
      assert.deepEqual([r.pm10, r.pm25, r.o3], [62, 33, 48], heading);
    }
    // Not in a text layer, not beside an O3 column, and never without another measure.
    assert.equal(parse('Estación   PM10   PM2.5   os   IBOCA\nKennedy   62   33   48   41').o3, undefined);
    assert.equal(parse('Estação   MP10   O3   os\nMaracanã   27   74   35', true).o3, 74);
    assert.equal(parse('Estação   os   IBOCA\nMaracanã   48   41', true).o3, undefined);
  });
});

describe('location: never a category, basin, station, index or agency', () => {
  const loc = (head: string) => parse(`${head}\nPM2.5: 18 µg/m³`).location;
  it('category words and their tails', () => {
    assert.equal(loc('Qualidade do ar hoje: Ruim'), null);
    assert.equal(loc('Calidad del aire — Regular'), null);
    assert.equal(loc('Air Quality Alert: Unhealthy for Sensitive Groups'), null);
  });
  it('an air basin gives way to the city it names; "Cuenca" alone is a city', () => {
    assert.equal(loc('San Joaquin Valley Air Basin\nAir quality forecast for Fresno'), 'Fresno');
    assert.equal(loc('Boletín de calidad del aire de Cuenca'), 'Cuenca');
    assert.equal(loc('Cuenca atmosférica de Guadalajara'), 'Guadalajara'); // the city, not the basin
  });
  it('agency names and acronyms in a mixed-case line are not places', () => {
    assert.equal(loc('Boletín diario de calidad del aire del IDEAM'), null);
    assert.equal(loc('Air Quality Report: Sacramento Metro APCD'), 'Sacramento'); // the city, not the district
    assert.equal(loc('Air Quality Forecast — Bay Area Air Quality Management District'), null);
    assert.equal(loc('Reporte del SENAMHI\nCalidad del aire en Arequipa'), 'Arequipa');
  });
  it('a station named in a headline is not the location', () => {
    assert.equal(loc('Reporte horario — Estación Las Pintas'), null);
    assert.equal(loc('Informe de calidad del aire de Chillán\nEstación Purén: MP10 61 µg/m³'), 'Chillán');
  });
  it('an index name in a zone column is not the location', () => {
    assert.equal(parse('Zona   Índice AIRE Y SALUD   O3\nNoreste   Mala   115').location, null);
  });
});

describe('decimal convention and ranges', () => {
  it('a lone thousands group follows the document\'s decimal mark', () => {
    assert.equal(value('Monóxido de carbono (CO): 1.870 µg/m³\nMP10: 28,4 µg/m³', 'co'), 1.87); // decimal commas: 1870 µg/m³
    assert.equal(value('CO 1,870 µg/m3\nPM10 28.4 µg/m3', 'co'), 1.87); // decimal dots: 1870 µg/m³
    assert.equal(value('CO 0.450 ppm\nPM10 28,4 µg/m³', 'co'), 0.516); // a leading zero never groups
  });
  it('"CO 2,1 mg/m³" is carbon monoxide; "CO 2" and "CO2" stay carbon dioxide', () => {
    assert.equal(value('CO 2,1 mg/m³', 'co'), 2.1);
    assert.equal(value('CO 2 410 ppm\nCO2: 415 ppm', 'co'), undefined);
  });
  it('a range is never read as its low end: the value is the upper end, the range is kept (mean rule: midpoint)', () => {
    for (const text of ['PM2.5: 25–45 µg/m³', 'Se espera PM2.5 entre 25 y 45 µg/m³', 'PM2.5 de 25 a 45 µg/m³', 'PM2.5 25 ~ 45 µg/m³', 'PM2.5 from 25 µg/m³ to 45 µg/m³']) {
      const f = parse(text).fields.pm25;
      assert.equal(f?.value, 45, text);
      assert.deepEqual(f?.range, [25, 45], text);
    }
    assert.equal(parseBulletinText('PM2.5: 25–45 µg/m³', { cityValue: 'mean' }).pm25, 35);
  });
  it('a lone range in a pollutant-per-row table is read by the same rule; a row of breakpoints is not', () => {
    const r = parse('Contaminante   Pronóstico (µg/m³)\nMP10   60-80\nMP2,5   30');
    assert.equal(r.pm10, 80);
    assert.deepEqual(r.fields.pm10?.range, [60, 80]);
    assert.equal(r.pm25, 30);
    assert.deepEqual(measures('Contaminante   Buena   Regular   Mala\nMP10   0-50   51-100   101-150'), {});
  });
});

describe('one-measure tables, local indices, regions', () => {
  it('a table of one measure beside a station or hour column is read; its index column is not', () => {
    const r = parse('Estación   IQCA   PM2,5 (µg/m³)\nCarapungo   52   21,7\nEl Camal   38   16,2');
    assert.equal(r.pm25, 21.7);
    assert.deepEqual(r.stations?.map((s) => s.name), ['Carapungo', 'El Camal']);
    assert.equal(parse('Hora   PM10 (µg/m³)\n07:00   44\n08:00   51\n09:00   47').pm10, 51);
  });
  it('a banded index ("Ozone: 2 Low", "PM10 7 (High)") is not a concentration', () => {
    assert.deepEqual(measures('Forecast for Leeds\nOzone: 2 Low\nPM10 7 (High)'), {});
  });
  it('a valley or province named beside a city gives way to the city', () => {
    assert.equal(parse('Área Metropolitana del Valle de Aburrá\nReporte de calidad del aire - Envigado\nPM10: 40 µg/m³').location, 'Envigado');
    assert.equal(parse('Área Metropolitana del Valle de Aburrá\nPM10: 40 µg/m³').location, 'Valle de Aburrá'); // no city named: the metro area
  });
});

describe('OCR of scanned tables and prose (positioned lines)', () => {
  it('a pipe-delimited data file whose bars OCR read as closing brackets ("PPB] 66) 8")', () => {
    const text = ['AirNow daily data, Phoenix area', '05/14/24|040130019|West Phoenix|OZONE-8HR|PPB] 66) 8|Maricopa County AQD|87|2', '05/14/24|040133002|Central Phoenix (Midtown)|OZONE-8HR|PPB|63] 8|Maricopa County AQD|77|2'];
    const lines: TextLine[] = text.map((t, k) => ({ text: t, cells: [{ text: t, x0: 100, x1: 100 + t.length * 9 }], y0: 100 + k * 30, y1: 119 + k * 30, fontSize: 19, confidence: 0.9 }));
    const r = parseBulletinText(lines, { ocr: true });
    // 66 ppb at 25 °C; the bracket of "(Midtown)" stays a bracket.
    assert.deepEqual([r.o3, r.date, r.location], [129.6, '2024-05-14', 'Phoenix']);
  });

  it('dióxido de azoto is nitrogen dioxide; OCR\'s "(NO,)" in brackets is its formula', () => {
    assert.equal(parse('Porto, 12 de março de 2025\nDióxido de azoto (NO₂) – média horária máxima – 45 µg/m³').no2, 45);
    assert.equal(parse('Porto, 12 de março de 2025\nDióxido de azoto (NO,)   - média horária máxima — 45 µg/m³ - qualidade boa', true).no2, 45);
  });

  it('a delimited data file as OCR reads it: words in pieces, curly quotes, a bracket or a decimal dropped', () => {
    // "Nitrogen dioxide" in pieces, its quote curly; PM10 read as "PMO"; "52. 3" a decimal with a space.
    const csv = parse(',, "London Mary! ebone Road",\nDate, time, "N trogen di oxi de”, status, unit, * Ozone", status, unit, "PMO parti cul ate matter (Hourly measured)”, status, unit\n04-03-2024, 01: 00, 52. 3, P, ugm-3, 12. 4, P, ugm-3, 14. 2, P, ugm-3 (Ref. eq)\n04-03-2024, 02: 00, 47. 9, P, ugm-3, 6. 8, P, ugm-3, 13. 8, P, ugm-3 (Ref. eq)', true);
    assert.deepEqual([csv.no2, csv.o3, csv.pm10, csv.date, csv.location], [52.3, 12.4, 14.2, '2024-03-04', 'London']);
    // "HORA ( HHMM" lost its closing bracket, "YYMMDD" read as "YYMVDD".
    const hourly = parse('Estación Pudahuel\nMaterial particulado MP 2,5 · Concentración horaria (µg/m³)\nFECHA ( YYMVDD) ; HORA ( HHMM ; Regi stros val i dados; Regi stros prelimi nares\n240614; 0100; 112, 4;\n240614; 0200; 118, 0;\n240614; 0300; ; 121, 7', true);
    assert.deepEqual([hourly.pm25, hourly.date], [121.7, '2024-06-14']);
  });

  /** A line of cells at the given column positions, as OCR gives them (ink-high boxes). */
  const row = (y: number, cells: Array<[number, string]>, h = 19): TextLine => ({
    text: cells.map(([, t]) => t).join('   '),
    cells: cells.map(([x, t]) => ({ text: t, x0: x, x1: x + t.length * 9 })),
    y0: y,
    y1: y + h,
    fontSize: h,
    confidence: 0.93,
  });
  it('a stacked header whose formulas and units OCR misread ("(802)", "(co)", "lug/m*)") still names its columns', () => {
    const cols = [100, 380, 530, 670, 800, 960, 1100];
    const at = (texts: Array<string | null>): Array<[number, string]> => texts.flatMap((t, k) => (t === null ? [] : [[cols[k]!, t] as [number, string]]));
    const lines = [
      row(350, at([null, 'Material', 'Material', 'Ozônio', 'Monóxido de', 'Dióxido de', 'Dióxido de'])),
      row(380, at(['Estação', 'Particulado', 'Particulado', '(03)', 'Carbono', 'Nitrogênio', 'Enxofre'])),
      row(405, at([null, '(MP10)', '(MP2,5)', '[µg/m³]', '(co)', '(NO2)', '(802)'])),
      row(430, at([null, 'lug/m*)', 'lug/m*)', null, '[ppm]', 'lug/m*)', '[ug/m?]'])),
      row(465, at(['Centro', 'ND', 'NM', '29', '0,5', 'NM', '7'])),
      row(500, at(['Tijuca', '25', 'NM', '30', 'NM', '56', 'NM'])),
      row(535, at(['Irajá', '16', '4', '37', '0,9', '50', '12'])),
    ];
    const got = parseBulletinText(lines, { ocr: true });
    assert.equal(got.fields.pm10?.value, 25);
    assert.equal(got.fields.pm25?.value, 4);
    assert.equal(got.fields.o3?.value, 37);
    assert.equal(got.fields.no2?.value, 56);
    assert.equal(got.fields.so2?.value, 12);
    assert.equal(got.fields.co?.value, 1.031); // 0,9 ppm
  });
  // The header as OCR read it, and with its semicolon after "PM O. CENTENARI O" read as a comma.
  for (const [what, afterPm10] of [['"PM O_CORDOBA" is PM10 with its 1 lost, "O, 7" is 0,7', ';'], ['with a semicolon read as a comma ("CENTENARI O, CO. CORDOBA"); decimal commas stay', ',']] as const) it(`an OCR'd CSV keeps its columns: ${what}`, () => {
    const text = [
      'Estaciones Parque Centenario, Córdoba y La Boca. Unidades: CO en ppm; NO2 en ppb; PM10 en µg/m³.',
      `FECHA; HORA; CO. CENTENARI O; NO2_ CENTENARI O; PM O. CENTENARI O${afterPm10} CO. CORDOBA; NO2_ CORDOBA; PM 0_ CORDOBA`,
      '15/07/2019; 8; O, 6; 33; 30; 1, 1; 48; 41',
      '15/07/2019; 9; O, 7; 36; 34; 1, 2; 52; 46',
    ];
    const got = parseBulletinText(text.map((t, k) => row(200 + k * 30, [[72, t]])), { ocr: true });
    assert.equal(got.fields.pm10?.value, 46);
    assert.equal(got.fields.no2?.value, 97.9); // 52 ppb
    assert.equal(got.fields.co?.value, 1.375); // 1,2 ppm
    assert.deepEqual(got.stations?.map((st) => st.values.co), [0.802, 1.375]); // 0,7 and 1,2 ppm
  });
  it('a ;-separated row whose field count matches its neighbours is split at semicolons only: "Córdoba, Av. Roca" stays one field', () => {
    const named = parse(['ESTACION;PM10;NO2', 'Córdoba, Av. Roca;41;20', 'La Boca;39;18'].join('\n'));
    assert.equal(named.pm10, 41);
    assert.equal(named.fields.pm10?.station, 'Córdoba, Av. Roca');
  });
  for (const [ozone1h, ozone8h] of [['1-R', 'OZONE'], ['1-R', 'CZONE'], ['1-R', 'QZONE'], ['1-KR', 'OZONE']] as const) it(`an OCR'd fixed-width forecast table: headings garbled ("${ozone1h}", "8-R", "${ozone8h}", "PMO", "PM.S", "NO"), header lines and rows at the page's pitch`, () => {
    const cols = [140, 630, 745, 858, 972, 1086, 1199, 1312];
    const at = (texts: Array<string | null>): Array<[number, string]> => texts.flatMap((t, k) => (t === null ? [] : [[cols[k]!, t] as [number, string]]));
    // Ink-high boxes (29 px) every 57–66 px: the header lines' gaps are about two ink heights.
    const lines = [
      row(352, [[215, 'VALID: MN, JAN 12, 2026']], 29),
      row(477, at(['SRA   AREA', ozone1h, '8-R', '8H', '24-HR', '24-HR', '1-HR', 'MX']), 29),
      row(534, at(['NUMBER', 'OZONE', ozone8h, 'CO', 'PMO', 'PM.S', 'NO', 'AQ']), 29),
      row(601, at([null, 'PPB', 'PPB', 'PPM', 'µg/m³', 'µg/m³', 'PPB', null]), 29),
      // A rule of dashes OCR dropped: the first section line sits two pitches down.
      row(726, [[218, 'Los Angel es County:'], [702, 'South Coast Air Basin']], 29),
      row(785, at(['1   Central LA Co', '39', '30', '0.6', '26', '13', '44', '58']), 29),
      row(851, at(['4   S Coastal LA', '41', '32', '1.4', '48', '20', '48', '71']), 29),
      row(917, at(['5   Southeast LA Co', '41', '30', '1.9', '25', '16', '48', '64']), 29),
      row(983, at(['27   Anza Vly', '46', '43', '0.3', '14', '2', '18', '40']), 29),
    ];
    const got = parseBulletinText(lines, { ocr: true });
    assert.equal(got.fields.o3?.value, 84.4); // 43 ppb, the 8-hour column preferred
    assert.equal(got.fields.o3?.averaging, '8h');
    assert.equal(got.fields.pm10?.value, 48);
    assert.equal(got.fields.pm25?.value, 20);
    assert.equal(got.fields.no2?.value, 90.3); // 48 ppb
    assert.equal(got.fields.co?.value, 2.177); // 1.9 ppm
    assert.equal(got.fields.location?.value, 'Los Angeles');
    assert.equal(got.stations?.length, 4);
  });
  it('OCR\'d prose through speckled paper: "NO; concentration", "03 concentration", "paImºN" and "pg/mIN" for µg/m³N', () => {
    const text = [
      'The: citywide average Coarse particles PM10 concentration was 154 paImºN',
      '- The Citywide EE NO; concentration was 38 ppb:',
      'The citywide average 03 concentration was 34 pg/mIN.',
      'Fue 154 para todos',
    ];
    const got = parseBulletinText(text.map((t, k) => row(300 + k * 45, [[50, t]])), { ocr: true });
    assert.equal(got.fields.pm10?.value, 154);
    assert.equal(got.fields.no2?.value, 71.5); // 38 ppb
    assert.equal(got.fields.o3?.value, 34);
    assert.equal(Object.keys(got.fields).filter((k) => k !== 'location' && k !== 'date').length, 3);
  });
  it('a speck OCR read as a number at the end of a prose line is not the value of a word in the sentence', () => {
    // SENAMHI's monthly report as a rough scan reads it: the title's last line is two cells, like a table's header.
    const lines = [
      row(200, [[115, 'VIGILANCIA DE LA CALIDAD DEL AIRE EN EL ÁREA METROPOLITANA DE']], 24),
      row(242, [[115, 'LIMA Y CALLAO (AMLC)'], [520, '-'], [560, 'SETIEMBRE 2024'], [800, '.']], 24),
      row(300, [[115, 'Durante el mes, una ligera subida de la temperatura y una menor humedad relativa, junto con la actividad'], [1900, '5']], 24),
      row(342, [[115, 'vehicular, favorecieron el aumento del material particulado. El PM10 alcanzó 144,8 µg/m³ en la estación VMT.']], 24),
    ];
    const got = parseBulletinText(lines, { ocr: true });
    assert.deepEqual(measuresOf(got), { pm10: 144.8 });
  });
  it('OCR\'d prose lines at the page\'s usual pitch are one paragraph, though their ink boxes leave wide gaps', () => {
    const text = [
      'En el caso del PM10, las estaciones PAR, SBJ y VMT superaron el Estándar de Calidad Ambiental (ECA) de',
      '100 µg/m³ al menos un día del periodo; el valor máximo diario del mes fue de 144,8 µg/m³ en la estación',
      'VMT.',
      'Para el PM2,5, cuyo ECA de 24 horas es de 50 µg/m³ según el Decreto Supremo Nº 003-2017-MINAM, el',
      'valor máximo alcanzó 68,9 µg/m³ en la estación PAR.',
    ];
    const lines = text.map((t, k) => row(412 + k * 42, [[115, t]]));
    const got = parseBulletinText(lines, { ocr: true });
    assert.equal(got.fields.pm10?.value, 144.8);
    assert.equal(got.fields.pm25?.value, 68.9);
  });
  it('a city table whose rows name a prominent pollutant, beside a count of stations, holds no concentration', () => {
    // CPCB's daily bulletin as a 150 dpi scan reads it: the header's first line ("Based on number of") lost,
    // the header padded 3 lines above the first row, "monitoring stations" cut in two.
    const lines = [
      row(319, [[195, 'Air Quality Index on Jan 01, 2023 @ 4 PM (Average of past 24 hours)']], 29),
      row(377, [[196, 'S.No'], [382, 'City'], [565, 'Air Quality'], [789, 'Index Value'], [1021, 'Prominent Pollutant'], [1374, 'monitoring'], [1550, 'stations']], 24),
      row(471, [[195, '1'], [378, 'Agra'], [572, 'Moderate'], [853, '158'], [1125, 'PM2.5'], [1405, ':'], [1524, '1']], 24),
      row(526, [[196, '2'], [324, 'Ahmedabad'], [611, 'Poor'], [850, '235'], [1077, 'PM2.5, PM10'], [1523, '1']], 24),
      row(581, [[196, '3'], [324, 'Bengaluru'], [580, 'Satisfactory'], [860, '87'], [1110, 'PM10'], [1518, '10']], 24),
      row(636, [[196, '4'], [378, 'Delhi'], [590, 'Very Poor'], [850, '399'], [1125, 'PM2.5'], [1518, '37']], 24),
    ];
    assert.deepEqual(measuresOf(parseBulletinText(lines, { ocr: true })), {});
  });
  it('the same table with a colon OCR put between a row\'s pollutant and its count ("87   *   \'PM10   :   10")', () => {
    // A 200 dpi rough scan, enlarged: specks read as "*", "y" and quotes around the cells.
    const lines = [
      row(251, [[100, 'Air Quality Index on Jan 01, 2023 @ 4 PM (Average of past 24 hours)'], [1500, ':']], 27),
      row(296, [[100, 'y'], [1300, 'Based on number of']], 24),
      row(306, [[100, 'S.No'], [200, 'City'], [450, 'Air Quality'], [700, 'Index Value'], [950, 'Prominent Pollutant'], [1300, 'monitoring stations']], 30),
      row(384, [[100, 'a'], [200, 'Agra'], [450, 'Moderate'], [700, '158'], [950, 'PM2.5'], [1300, '-1']], 24),
      row(426, [[100, '2'], [200, 'Ahmedabad'], [450, 'Poor'], [700, '235'], [870, '—'], [950, 'PM2.5, PM10'], [1300, '1']], 24),
      row(482, [[100, '3'], [200, 'Bengaluru'], [450, 'Satisfactory'], [700, '87'], [900, '*'], [950, "'PM10"], [1100, ':'], [1300, '10']], 24),
      row(526, [[100, '4'], [200, 'Delhi'], [450, 'Very Poor'], [700, '399'], [900, 'y'], [950, 'PM2.5'], [1300, '37']], 24),
    ];
    assert.deepEqual(measuresOf(parseBulletinText(lines, { ocr: true })), {});
    // A colon after a label that only words lead still links its value.
    assert.equal(parseBulletinText([row(300, [[100, 'Estación Centro'], [400, 'PM10 : 45 µg/m³']], 24)], { ocr: true }).fields.pm10?.value, 45);
  });
  it('the same table when OCR ran the header\'s cells together ("Index Value Prominent Polutant ove mee of")', () => {
    const lines = [
      row(150, [[108, 'Air Quality Index on Jan 01, 2023 @ 4 PM (Average of past 24 hours)']], 14),
      row(180, [[108, 'SNe'], [198, 'City'], [282, 'Air Quality Index Value Prominent Polutant ove mee of']], 14),
      row(210, [[109, '1'], [197, 'Aga'], [295, 'Moderate'], [432, '158'], [565, 'PM25'], [768, '1']], 14),
      row(232, [[107, '2'], [169, 'Ahmedabad'], [308, 'Poor'], [426, '235'], [544, 'PMS, PMIO'], [767, '1']], 14),
      row(254, [[107, '3'], [178, 'Bengaluru'], [287, 'Satisfactory'], [435, '87'], [571, 'PMIO'], [762, '10']], 14),
      row(276, [[107, '4'], [191, 'Delhi'], [293, 'Very Poor'], [426, '399'], [569, 'PM25'], [761, '37']], 14),
    ];
    assert.deepEqual(measuresOf(parseBulletinText(lines, { ocr: true })), {});
  });
});

describe('layouts of further agencies (corpus/agencies-extra.ts)', () => {
  /** A text-layer line with cells at these x positions (points). */
  const at = (y: number, cells: Array<[number, string]>): TextLine => ({
    text: cells.map(([, t]) => t).join('   '),
    cells: cells.map(([x, t]) => ({ text: t, x0: x, x1: x + t.length * 4.5 })),
    y0: y,
    y1: y + 9,
    fontSize: 9,
  });
  /** Lines of one cell each, as a text layer gives a file printed as text. */
  const printed = (lines: string[]): TextLine[] => lines.map((t, k) => at(100 + k * 12, [[40, t]]));

  it('a header set tight as one cell: the words after a heading\'s unit name the next column ("PM2.5 (µg/m3) Coarse particles PM10 (µg/m3)"); an averaging after it stays its own', () => {
    const table = (header: string): TextLine[] => [
      at(115, [[100, 'Air quality in Denver']]),
      at(153, [[100, 'Station'], [161, header]]),
      at(169, [[100, 'Downtown'], [191, '7'], [294, '106'], [400, '46'], [466, '8']]),
      at(185, [[100, 'Airport'], [191, '6'], [295, 'ND'], [400, '34'], [466, '6']]),
      at(200, [[100, 'North Park'], [191, '5'], [295, '128'], [400, '47'], [465, '11']]),
      at(216, [[100, 'City average'], [189, '7.8'], [296, '89'], [400, '42'], [466, '8']]),
    ];
    const got = parseBulletinText(table('PM2.5 (μg∕m3) Coarse particles PM10 (μg∕m3) NO2 (μg∕m3) Ozone (ppb)'));
    assert.equal(got.fields.pm10?.value, 89);
    assert.equal(got.fields.pm10?.origin, 'stated');
    assert.equal(got.fields.pm25?.value, 7.8);
    assert.equal(got.fields.no2?.value, 42);
    const qualified = parseBulletinText(table('PM2.5 (μg∕m3) daily mean PM10 (μg∕m3) NO2 (μg∕m3) Ozone (ppb)'));
    assert.equal(qualified.fields.pm25?.value, 7.8);
    assert.equal(qualified.fields.pm25?.averaging, '24h');
    assert.equal(qualified.fields.pm10?.value, 89);
  });

  it('a statement of units wrapped at the margin ("… NO2 en" / "ppb; PM10 en µg/m3") still gives NO2 its ppb', () => {
    const got = parseBulletinText([
      at(80, [[40, 'Estaciones Parque Centenario, Córdoba y La Boca. Unidades: CO en ppm; NO2 en']]),
      at(92, [[40, 'ppb; PM10 en µg/m3. s/d: sin dato.']]),
      at(104, [[40, 'FECHA;HORA;CO_CENTENARIO;NO2_CENTENARIO;PM10_CENTENARIO']]),
      at(116, [[40, '15/07/2019;8;0,6;33;30']]),
      at(128, [[40, '15/07/2019;9;0,7;36;34']]),
    ]);
    assert.equal(got.fields.no2?.value, 67.8); // 36 ppb
    assert.equal(got.fields.co?.value, 0.802); // 0,7 ppm
    assert.equal(got.fields.pm10?.value, 34);
  });

  it('a page in two columns of prose is read column by column; a legend of category bands in prose gives no value', () => {
    const two = (y: number, left: string, right?: string): TextLine => at(y, right ? [[40, left], [307, right]] : [[40, left]]);
    const got = parseBulletinText([
      at(60, [[40, 'Nueve estaciones en naranja: así amanece el aire del Valle de Aburrá']]),
      two(80, 'Medellín, viernes 16 de agosto de 2019.', 'Cómo leer el mapa del SIATA (PM2,5, promedio diario):'),
      two(92, 'Las estaciones en naranja, con su concentración de', 'bueno, de 0 a 12,4; moderado, de 12,5 a 35,4; dañino'),
      two(104, 'material particulado fino PM2,5 en microgramos por', 'para grupos sensibles, de 35,5 a 55,4; dañino, desde'),
      two(116, 'metro cúbico, fueron: Aburrá Norte, en Girardota (39', '55,5 microgramos por metro cúbico.'),
      two(128, 'PM); Tráfico Centro, en Medellín (46 PM); Belén (38', 'Para la tarde se esperan lluvias en el sur del valle.'),
      two(140, 'PM) y Aranjuez (38 PM).'),
    ]);
    // The list's items (a lead-in states pollutant and unit; "46 PM" is no clock time), not the legend's 55,5.
    assert.equal(got.pm25, 46);
    assert.equal(got.fields.pm25?.station, 'Tráfico Centro');
    assert.deepEqual(got.stations?.map((s) => s.name), ['Aburrá Norte', 'Tráfico Centro', 'Belén', 'Aranjuez']);
    assert.equal(got.location, 'Medellín');
  });

  it('a legend sentence of category bands alone is no data', () => {
    const got = parse('Cómo leer el mapa (PM2,5, promedio diario): bueno, de 0 a 12,4 µg/m³; moderado, de 12,5 a 35,4 µg/m³; dañino, desde 55,5 µg/m³.');
    assert.equal(got.pm25, undefined);
    assert.equal(got.confidence, 0);
  });

  it('in a text about one pollutant, stations and numbers with no label take it, one number\'s unit for all', () => {
    const text = [
      'Sin lluvia, el dióxido de nitrógeno se dispara en Madrid en enero de 2024',
      'El dióxido de nitrógeno (NO2) alcanzó niveles altos en casi la mitad de las estaciones.',
      '',
      'Encabeza la lista Cuatro Caminos, con 46, seguida de Farolillo (42) y Moratalaz (41). Les siguen Vallecas, con 40 microgramos, y Villaverde, con 39.',
    ].join('\n');
    const got = parse(text);
    assert.equal(got.no2, 46);
    assert.equal(got.fields.no2?.station, 'Cuatro Caminos');
    assert.deepEqual(got.stations?.map((s) => s.name), ['Cuatro Caminos', 'Farolillo', 'Moratalaz', 'Vallecas', 'Villaverde']);
    // Without a unit on any of them the numbers may be anything (an index, a rank): nothing is read.
    assert.equal(parse(text.replace(' microgramos', '')).no2, undefined);
    // Two pollutants named: no number without a label is given to either.
    assert.equal(parse(`${text}\nEl ozono (O3) bajó.`).no2, undefined);
    // One paragraph (a photo's OCR closes the gaps): the sentence naming NO2 and the list after it.
    const one = parse(text.replace('\n\n', ' ').replace('Sin lluvia, el dióxido de nitrógeno se dispara en Madrid en enero de 2024\n', 'Madrid, enero de 2024.\n'));
    assert.equal(one.no2, 46);
    assert.equal(one.stations?.length, 5);
  });

  it('rows of pollutant–value pairs under day headers: the observed day, not the AQI beside each pair; "PM" is the one size named', () => {
    const lines = [
      at(60, [[40, 'Daily Air Quality Forecast']]),
      at(80, [[127, 'Observed'], [276, 'Forecast'], [420, 'Forecast']]),
      at(92, [[40, 'County'], [139, 'AQI'], [172, 'Pollutant'], [221, 'Concentration'], [285, 'AQI'], [317, 'Pollutant'], [366, 'Concentration'], [430, 'AQI'], [461, 'Pollutant'], [510, 'Concentration']]),
      at(104, [[40, 'Fresno'], [139, '126'], [183, 'O3'], [228, '78 ppb'], [286, '147'], [328, 'O3'], [372, '84 ppb'], [430, '133'], [472, 'O3'], [516, '80 ppb']]),
      at(116, [[40, 'Kings'], [139, '102'], [183, 'PM'], [221, '36.1 µg/m³'], [286, '112'], [328, 'O3'], [373, '74 ppb'], [431, '101'], [472, 'O3'], [517, '71 ppb']]),
      at(128, [[40, 'Kern'], [139, '136'], [183, 'O3'], [228, '81 ppb'], [286, '156'], [328, 'O3'], [372, '88 ppb'], [430, '150'], [472, 'O3'], [516, '85 ppb']]),
      at(150, [[40, 'Pollutant: O3 - Ozone (8-hour), PM - Particulate Matter (PM2.5, 24-hour).']]),
    ];
    const got = parseBulletinText(lines);
    assert.equal(got.o3, 159); // Kern's observed 81 ppb
    assert.equal(got.fields.o3?.kind, 'observed');
    assert.equal(got.pm25, 36.1);
    assert.deepEqual(got.stations?.map((s) => s.name), ['Fresno', 'Kings', 'Kern']);
    // Three forecast days: the first (81 ppb at Kern), not the higher day after (88 ppb).
    const forecast = parseBulletinText(lines.map((l) => (l.text.startsWith('Observed') ? at(80, [[127, 'Forecast Wed'], [276, 'Forecast Thu'], [420, 'Forecast Fri']]) : l)));
    assert.equal(forecast.o3, 159);
    assert.equal(forecast.fields.o3?.kind, 'forecast');
    // "Yesterday" heads measured values.
    const yesterday = parseBulletinText(lines.map((l) => (l.text.startsWith('Observed') ? at(80, [[127, 'Yesterday'], [276, 'Today'], [420, 'Tomorrow']]) : l)));
    assert.equal(yesterday.o3, 159);
    assert.equal(yesterday.fields.o3?.kind, 'observed');
  });

  it('an exceedance row named left of the first column, a row of garbled period words, "10.30 am": no values (OCR)', () => {
    const row = (y: number, cells: Array<[number, string]>): TextLine => ({ ...at(y, cells), confidence: 0.9 });
    const got = parseBulletinText([
      row(100, [[254, 'Ozone'], [350, 'Nitrogen Dioxide'], [505, 'Sulphur Dioxide'], [736, 'PM2.5 Particles'], [883, 'PM10 Particles']]),
      row(112, [[73, 'Panod'], [242, 'Running 8'], [368, 'Hourty moan'], [532, '15 minute'], [654, '24 hour'], [769, '24 nour'], [912, '24 hour']]),
      row(124, [[73, 'Units'], [252, 'ug m-3'], [389, 'ug m-3'], [540, 'uy m3'], [656, 'ugm-3'], [770, 'ug m-3'], [914, 'ug m-3']]),
      row(136, [[73, 'Exceedance point'], [267, '100'], [402, '200'], [553, '333'], [673, '20'], [789, '35'], [932, '50']]),
      row(160, [[73, 'PM10, ozone and nitrogen dioxide are averaged over the']]),
      row(172, [[73, 'previous hour. Data for 9 am to 10 am appear at 10.30 am.']]),
    ], { ocr: true });
    assert.deepEqual(Object.keys(got.fields).filter((k) => k !== 'location' && k !== 'date'), []);
    assert.equal(got.confidence, 0);
  });

  it('compact dates are read only where the document gives their format (YYMMDD)', () => {
    const rows = ['240614;0100;;112,4;', '240614;0200;;118,0;', '240614;0300;;121,7;'];
    const headed = parse(['Región Metropolitana de Santiago — Estación Pudahuel', 'Material particulado MP 2,5 · Concentración horaria (µg/m3)', 'FECHA (YYMMDD);HORA (HHMM);Registros validados;Registros preliminares;Registros no validados', ...rows].join('\n'));
    assert.equal(headed.date, '2024-06-14');
    assert.equal(headed.pm25, 121.7);
    // Columns by validation state are one series, of the station the title names.
    assert.deepEqual(headed.stations?.map((s) => s.name), ['Pudahuel']);
    const bare = parse(['Estación Pudahuel · MP 2,5 · Concentración horaria (µg/m3)', 'FECHA;HORA;Registros validados;Registros preliminares;Registros no validados', ...rows].join('\n'));
    assert.equal(bare.date, null);
  });

  it('two short columns of a table are not prose columns', () => {
    const got = parseBulletinText([
      at(80, [[40, 'Estación'], [307, 'PM2,5 (µg/m³)']]),
      at(92, [[40, 'Belén'], [307, '38']]),
      at(104, [[40, 'Aranjuez'], [307, '41']]),
      at(116, [[40, 'Girardota'], [307, '39']]),
    ]);
    assert.equal(got.pm25, 41);
    assert.equal(got.fields.pm25?.station, 'Aranjuez');
  });

  it('a data file of one reading per line (AirNow daily_data.dat): the number beside the units, stations, averaging from the parameter', () => {
    const got = parseBulletinText(printed([
      'AirNow daily file, Phoenix-Mesa-Scottsdale area',
      '05/14/24|040130019|West Phoenix|OZONE-1HR|PPB|78|1|Maricopa County AQD|-999|0|33.4839|-112.1426|840040130019',
      '05/14/24|040130019|West Phoenix|OZONE-8HR|PPB|66|8|Maricopa County AQD|87|2|33.4839|-112.1426|840040130019',
      '05/14/24|040130019|West Phoenix|CO-8hr|PPM|0.6|8|Maricopa County AQD|7|1|33.4839|-112.1426|840040130019',
      '05/14/24|040134003|South Phoenix|OZONE-8HR|PPB|68|8|Maricopa County AQD|93|2|33.4032|-112.0752|840040134003',
      '05/14/24|040134003|South Phoenix|PM2.5-24hr|UG/M3|14.6|24|Maricopa County AQD|61|2|33.4032|-112.0752|840040134003',
      '05/14/24|040139998|Durango Complex|PM2.5-24hr|UG/M3|-999|24|Maricopa County AQD|-999|0|33.4265|-112.1184|840040139998',
    ]));
    // Ozone's index uses 8 h: the 8-hour lines (68 ppb), not the higher 1-hour 78.
    assert.equal(got.o3, 133.5);
    assert.equal(got.fields.o3?.averaging, '8h');
    assert.equal(got.fields.o3?.station, 'South Phoenix');
    assert.equal(got.pm25, 14.6); // -999 is no value
    assert.equal(got.co, 0.688);
    assert.deepEqual(got.stations?.map((s) => s.name), ['West Phoenix', 'South Phoenix']);
    assert.equal(got.date, '2024-05-14');
  });

  it('a long CSV with a header (OpenAQ export): the value column by its name, the station by its header, not the AQI', () => {
    const got = parseBulletinText(printed([
      'location_id,location_name,parameter,value,unit,aqi,datetimeLocal',
      '2178,Pinheiros,pm25,31.5,µg/m³,92,2024-09-10T13:00:00-03:00',
      '2178,Pinheiros,no2,44,ppb,41,2024-09-10T13:00:00-03:00',
      '2179,Ibirapuera,pm25,38.2,µg/m³,107,2024-09-10T13:00:00-03:00',
      '2179,Ibirapuera,o3,61,ppb,55,2024-09-10T13:00:00-03:00',
    ]));
    assert.equal(got.pm25, 38.2);
    assert.equal(got.fields.pm25?.station, 'Ibirapuera');
    assert.equal(got.no2, 82.8);
    assert.equal(got.o3, 119.7);
    assert.deepEqual(got.stations?.map((s) => s.name), ['Pinheiros', 'Ibirapuera']);
  });

  it('a long table with no unit column and no value header is not read as concentrations (the number may be an index)', () => {
    const got = parseBulletinText(printed([
      'Station|Pollutant|Sub-index|Band',
      'Marylebone Road|NO2|4|Low',
      'Marylebone Road|PM2.5|3|Low',
      'Bloomsbury|PM10|2|Low',
    ]));
    assert.equal(got.no2, undefined);
    assert.equal(got.pm25, undefined);
    // Its numbers are the sub-indices of an index the document does not name.
    assert.deepEqual([got.index?.standard, got.index?.pollutants], [null, { pm25: 3, pm10: 2, no2: 4 }]);
  });

  it('a comma-separated download printed as text: its hours are one station\'s series, its unit fields give the unit', () => {
    const got = parseBulletinText(printed([
      'Hourly measurement data supplied by UK-air on 12/3/2024',
      ',,"London Marylebone Road",,,,,',
      'Date,time,"Nitrogen dioxide",status,unit,"PM10 particulate matter (Hourly measured)",status,unit',
      '04-03-2024,01:00,52.3,P,ugm-3,14.2,P,ugm-3 (Ref.eq)',
      '04-03-2024,02:00,104.3,P,ugm-3,35.6,P,ugm-3 (Ref.eq)',
      '04-03-2024,03:00,No data,,,12.9,P,ugm-3 (Ref.eq)',
    ]));
    assert.equal(got.no2, 104.3);
    assert.equal(got.pm10, 35.6);
    assert.equal(got.fields.no2?.sourceUnit, 'µg/m³');
    assert.deepEqual(got.stations?.map((s) => s.name), ['London Marylebone Road']);
    assert.equal(got.fields.no2?.station, 'London Marylebone Road');
    // The download date is not the date the values are for.
    assert.equal(got.date, '2024-03-04');
  });

  it('pipe-separated records are fields; commas in running text are not', () => {
    const got = parseBulletinText(printed([
      'Station|Parameter|Units|Value',
      'West Phoenix|OZONE-8HR|PPB|66',
      'South Phoenix|PM2.5-24hr|UG/M3|14.6',
    ]));
    assert.equal(got.o3, 129.6); // 66 ppb
    assert.equal(got.pm25, 14.6);
    const prose = parseBulletinText(printed(['In Lima, Callao and Arequipa, PM10 was 45 µg/m³, PM2.5 21 µg/m³, and ozone 30 µg/m³.', 'Winds, rain and fog, as usual, helped.']));
    assert.equal(prose.pm10, 45);
    assert.equal(prose.o3, 30);
  });

  it('a caption names the measure of a table of stations by hour; -99 is no data', () => {
    const got = parseBulletinText([
      at(100, [[40, 'PM2.5 — concentración horaria (µg/m³), Ciudad de México y zona metropolitana']]),
      at(115, [[40, 'FECHA'], [90, 'HORA'], [130, 'AJU'], [170, 'BJU'], [210, 'HGM']]),
      at(130, [[40, '01/01/2022'], [90, '1'], [130, '41'], [170, '33'], [210, '-99']]),
      at(145, [[40, '01/01/2022'], [90, '2'], [130, '45'], [170, '134'], [210, '-99']]),
    ]);
    assert.equal(got.pm25, 134);
    assert.equal(got.fields.pm25?.station, 'BJU');
    assert.equal(got.fields.pm25?.averaging, '1h');
    assert.deepEqual(got.stations?.map((s) => s.name), ['AJU', 'BJU'], 'a column of -99 is a station with no value');
  });

  it('rows of averaging periods and of limits under a header are not values', () => {
    const got = parseBulletinText([
      at(100, [[140, 'Ozone'], [200, 'Nitrogen Dioxide'], [300, 'PM10 Particles']]),
      at(112, [[40, 'Period'], [140, 'Running 8 hour'], [200, '1 hour'], [300, '24 hour']]),
      at(124, [[40, 'Units'], [140, 'µg m-3'], [200, 'µg m-3'], [300, 'µg m-3']]),
      at(136, [[40, 'Exceedance point'], [140, '100'], [200, '200'], [300, '50']]),
    ]);
    assert.equal(got.o3, undefined);
    assert.equal(got.no2, undefined);
    assert.equal(got.pm10, undefined);
  });

  it('station names stacked over two lines above a pollutant-per-row table', () => {
    const got = parseBulletinText([
      at(100, [[184, 'Escuelas'], [239, 'Plaza'], [284, 'Cuatro']]),
      at(110, [[40, 'Magnitud'], [140, 'Unidad'], [330, 'Farolillo']]),
      at(120, [[187, 'Aguirre'], [235, 'Elíptica'], [280, 'Caminos']]),
      at(132, [[40, 'Dióxido de Nitrógeno'], [142, 'µg/m³'], [197, '58'], [245, '71'], [292, '62'], [341, '55']]),
      at(144, [[40, 'Dióxido de Azufre'], [142, 'µg/m³'], [199, '6'], [242, 'N/D'], [290, 'N/D'], [338, 'N/D']]),
    ]);
    assert.equal(got.no2, 71);
    assert.equal(got.fields.no2?.station, 'Plaza Eliptica');
    assert.equal(got.so2, 6);
    assert.equal(got.fields.so2?.station, 'Escuelas Aguirre');
  });

  it('a weekday or an issue word is never the location; "Santo Domingo" still is', () => {
    assert.equal(parse('Issued Wednesday, July 17, 2024, 4:30 PM\nOzone: 80 µg/m³').location, null);
    assert.equal(parse('Santo Domingo, 3 de mayo de 2024\nPM2,5: 21 µg/m³').location, 'Santo Domingo');
  });

  it('a glyph the PDF font lacks (a control character in the text layer) does not break the unit', () => {
    assert.equal(value('Dióxido de azufre 2.62 µg\u0000m3N', 'so2'), 2.62);
  });

  it('a garbled bracketed unit under a stacked header is part of the header, not a row (OCR)', () => {
    const row = (y: number, cells: Array<[number, string]>): TextLine => ({ ...at(y, cells), confidence: 0.9, y1: y + 20, fontSize: 20 });
    const got = parseBulletinText([
      row(100, [[40, 'Estação'], [200, 'Ozônio'], [400, 'Dióxido de']]),
      row(125, [[200, '(03)'], [400, 'Nitrogênio (NO2)']]),
      row(150, [[200, '(19/M7]'], [400, '[µg/m³]']]),
      row(180, [[40, 'Centro'], [205, '41'], [405, '38']]),
      row(205, [[40, 'Irajá'], [205, '101'], [405, '74']]),
    ], { ocr: true });
    assert.equal(got.o3, 101);
    assert.equal(got.fields.o3?.origin, 'max-of-stations');
  });
});

describe('prose wrapped anywhere', () => {
  it('a sentence keeps its value and unit wherever the margin breaks it (after a number, before a capital, after a semicolon)', () => {
    const sentence = 'En el caso del PM10, las estaciones PAR, SBJ y VMT superaron el Estándar de Calidad Ambiental (ECA) de 100 µg/m³ al menos un día del periodo; el valor máximo diario del mes fue de 144,8 µg/m³ en la estación VMT.';
    const words = sentence.split(' ');
    for (let k = 1; k < words.length; k++) {
      const got = parse(['Lima, setiembre 2024', words.slice(0, k).join(' '), words.slice(k).join(' ')].join('\n'));
      assert.equal(got.pm10, 144.8, `broken after "${words[k - 1]}"`);
    }
  });
  it('a line that ends its sentence, a bullet or a label–value line after it is not joined', () => {
    const got = parse('Resumen de la calidad del aire durante la jornada de ayer en la ciudad de Lima.\nPM10: 45 µg/m³\nLa estación Ate registró valores moderados durante toda la tarde del día\n- Ozono: 61 µg/m³');
    assert.equal(got.pm10, 45);
    assert.equal(got.o3, 61);
  });
});

describe('label → value → unit by structure', () => {
  it('clauses between label and value, separated by dashes or middle dots, one statement per line', () => {
    const r = parse([
      'Dióxido de azoto (NO₂) – média horária máxima – 45 µg/m³ – qualidade boa',
      'Partículas finas (PM₂,₅) · concentração média diária · 18 μg/m3 · índice Médio',
      'Ozone, Alphington, 1-hour average: 7.4 pphm (Fair)',
    ].join('\n'));
    assert.equal(r.no2, 45);
    assert.equal(r.pm25, 18);
    assert.equal(r.o3, 145.3); // 74 ppb
    assert.match(r.fields.pm25?.sourceText ?? '', /^Partículas finas/); // its own statement, not joined to the line before
  });

  it('a dash followed by words is a separator, a dash alone is still no data', () => {
    assert.equal(value('PM10 – média diária – 41 µg/m³', 'pm10'), 41);
    assert.equal(value('PM10: –\nNO2: 30 µg/m³', 'pm10'), undefined);
  });

  it('Unicode forms: full-width digits, no-break and thin spaces, run-together units', () => {
    assert.equal(value('NO2 – ４５ µg/m³', 'no2'), 45);
    assert.equal(value('PM2,5\u00a0–\u00a0média\u2009–\u200918\u202fμg/m³', 'pm25'), 18);
    assert.equal(value('PM10 — 40ug/m3 (média diária)', 'pm10'), 40);
    assert.equal(value('SO2 24h avg 12ugr/m3', 'so2'), 12);
  });

  it('a sentence whose subject is a standard holds thresholds, however far the number', () => {
    const r = parse('Os padrões de qualidade do ar vigentes (CONAMA 491/2018, PI-2) são de 100 µg/m³ para MP10 (24 horas) e 50 µg/m³ para MP2,5 (24 horas).\nThe standard for ozone is 10 pphm (1 hour); for PM2.5 it is 25 µg/m³ over 24 hours.');
    assert.deepEqual([r.pm10, r.pm25, r.o3], [undefined, undefined, undefined]);
    assert.ok(r.skipped?.some((s) => s.reason === 'limit-or-threshold'));
  });

  it('a measurement after the standard in the same sentence is read (a verb or a place comes between)', () => {
    assert.equal(value('Above the 35 µg/m³ standard, PM2.5 at Hawthorne reached 48.3 µg/m³.', 'pm25'), 48.3);
    assert.equal(value('El ECA de PM10 es 100 µg/m³; la estación Centro registró 117 µg/m³ de PM10.', 'pm10'), 117);
  });
});

describe('documents of index values', () => {
  it('an index named and no concentration unit anywhere: its bare numbers are index values, never concentrations', () => {
    const table = parse('Front Range Air Quality Forecast\nIssued Thursday, July 18, 2024\nAir Quality Index (AQI) forecast by area\nArea\tOzone\tPM2.5\tCategory\nDenver Metro\t112\t48\tUSG\nBoulder\t44\t39\tGood');
    assert.deepEqual([table.o3, table.pm25], [undefined, undefined]);
    const lines = parse('Ozone forecast for Denver\nJuly 18, 2024\nOzone: 44\nPM2.5: 38\nThe AQI runs from 0 to 500.');
    assert.deepEqual([lines.o3, lines.pm25], [undefined, undefined]);
    assert.deepEqual(lines.skipped?.map((s) => s.reason), ['index-value', 'index-value']);
  });

  it('a unit written anywhere, or no index named, keeps bare numbers as concentrations', () => {
    assert.equal(value('Ozone forecast for Denver\nOzone: 44\nPM2.5: 38\nConcentrations in µg/m³. The AQI runs from 0 to 500.', 'pm25'), 38);
    assert.equal(value('Boletín de Temuco\nMP2,5: 38\nMP10: 51', 'pm25'), 38);
  });

  it('gives the index: its name and standard, each pollutant\'s highest sub-index and the overall index', () => {
    const table = parse('Front Range Air Quality Forecast\nIssued Thursday, July 18, 2024\nAir Quality Index (AQI) forecast by area\nArea\tOzone\tPM2.5\tCategory\nDenver Metro\t112\t48\tUSG\nBoulder\t44\t39\tGood');
    assert.deepEqual([table.index?.name, table.index?.standard, table.index?.overall, table.index?.pollutants], ['AQI', 'us-epa', 112, { o3: 112, pm25: 48 }]);
    assert.deepEqual(table.fields.o3, undefined);
    const lines = parse('Ozone forecast for Denver\nJuly 18, 2024\nOzone: 44\nPM2.5: 38\nThe AQI runs from 0 to 500.');
    assert.deepEqual([lines.index?.overall, lines.index?.pollutants], [44, { o3: 44, pm25: 38 }]);
  });

  it('reads index tables by structure: a column per pollutant\'s index, or one index column beside a pollutant column', () => {
    const byColumn = parse('Previsão da qualidade do ar\nÁrea\tMP10 IQAr\tO3 IQAr\nCentro\t38\t57\nBarreiro\t61\t22');
    assert.deepEqual([byColumn.index?.name, byColumn.index?.standard, byColumn.index?.overall, byColumn.index?.pollutants], ['IQAr', 'br-iqar', 61, { pm10: 61, o3: 57 }]);
    const byRow = parse('Pronóstico\nZona\tContaminante\tIMECA\tCalidad\nNoreste\tPM10\t118\tMala\nCentro\tO3\t64\tAceptable');
    assert.deepEqual([byRow.index?.name, byRow.index?.standard, byRow.index?.overall, byRow.index?.pollutants], ['IMECA', null, 118, { pm10: 118, o3: 64 }]);
    assert.equal(byRow.index?.sources.pm10?.station, 'Noreste');
    assert.deepEqual([byRow.pm10, byRow.o3, byRow.stations], [undefined, undefined, []]);
  });

  it('names the standard of a DAQI, PSI or AQHI document (Hong Kong\'s AQHI, with other bands, is named, not mapped)', () => {
    const daqi = parse('UK-AIR Daily Air Quality Index (DAQI) forecast\nRegion\tNO2\tPM2.5\nGreater London\t4\t3\nSouth East\t3\t2');
    assert.deepEqual([daqi.index?.name, daqi.index?.standard, daqi.index?.overall, daqi.index?.pollutants], ['DAQI', 'uk-daqi', 4, { pm25: 3, no2: 4 }]);
    const psi = parse('NEA 24-hr PSI sub-indices\nRegion\tPM2.5\tO3\nNorth\t72\t18\nSouth\t64\t21');
    assert.deepEqual([psi.index?.name, psi.index?.standard, psi.index?.overall], ['PSI', 'sg-psi', 72]);
    const aqhi = parse('Air Quality Health Index (AQHI) by station\nStation\tNO2\tO3\nCalgary Central\t4\t3');
    assert.deepEqual([aqhi.index?.name, aqhi.index?.standard], ['AQHI', 'ca-aqhi']);
    const hk = parse('Hong Kong EPD AQHI\nStation\tNO2\tO3\nCentral\t4\t3');
    assert.deepEqual([hk.index?.name, hk.index?.standard], ['AQHI', null]);
  });

  it('an AQHI, DAQI or PSI given only as its overall value gives an index with no sub-index, its highest value and its source', () => {
    const aqhi = parse('Ontario - Air Quality Health Index - Provincial Summary\nLocation\tCurrent\tTuesday\nBarrie\t1 Low Risk\t2 Low Risk\nToronto\t2 Low Risk\t3 Low Risk\nForecast issued at: 6:00 AM EDT Tuesday 21 October 2014\nLow Risk (1 - 3) · Moderate Risk (4 - 6) · High Risk (7 - 10) · Very High Risk (above 10)');
    assert.deepEqual([aqhi.index?.name, aqhi.index?.standard, aqhi.index?.overall, aqhi.index?.pollutants], ['AQHI', 'ca-aqhi', 3, {}]);
    assert.equal(aqhi.index?.sources.overall?.sourceText, 'Toronto 2 Low Risk 3 Low Risk');
    // "10+" is above 10.
    assert.equal(parse('Calgary AQHI forecast\nToday: 10+ Very high risk').index?.overall, 11);
    const daqi = parse('Daily Air Quality Index forecast\nIssued Monday 10 June 2024\nRegion\tToday\tTomorrow\nGreater London\tLow (3)\tModerate (4)\nThe DAQI runs from 1 to 10: Low 1-3, Moderate 4-6, High 7-9, Very High 10.');
    assert.deepEqual([daqi.index?.name, daqi.index?.standard, daqi.index?.overall, daqi.index?.pollutants], ['DAQI', 'uk-daqi', 4, {}]);
    // Ranges, thresholds and the scale's own numbers are not values.
    const psi = parse('Singapore haze update, 15 September 2019\nThe 24-hour PSI stood at 124 in the West, 121 in the South.\nThe 24-hr PSI was 50-54 yesterday; the advisory for the PSI below 100 band applies.');
    assert.deepEqual([psi.index?.standard, psi.index?.overall], ['sg-psi', 124]);
    assert.equal(parse('The PSI runs from 0 to 500. PSI below 100: normal activities.').index, null);
    // With a pollutant value the document is not one of an overall index.
    assert.equal(parse('Haze update\nThe 24-hour PSI stood at 124. The one-hour PM2.5 was 37 µg/m3.').index, null);
  });

  it('an AQI with bands the US AQI has not (Satisfactory, Very Poor, Severe) is named but not taken as the US EPA\'s', () => {
    const r = parse('Daily AQI Bulletin\nCity\tIndex Value\tProminent Pollutant\nDelhi\t399\tPM2.5\nAgra\t158\tPM10\nCategories: Good, Satisfactory, Moderate, Poor, Very Poor, Severe');
    assert.deepEqual([r.index?.name, r.index?.standard, r.index?.pollutants], ['AQI', null, { pm25: 399, pm10: 158 }]);
  });

  it('beside concentrations with a unit, a pollutant number without one under an index name is not a concentration', () => {
    const r = parse('Boletín de Temuco\nPM10: 45 µg/m³\nÍndice de calidad del aire por estación\nEstación\tMP2,5\tO3\nLas Encinas\t130\t41');
    assert.deepEqual([r.pm10, r.pm25, r.o3], [45, undefined, undefined]);
  });

  it('a heading sentence cut at a dash is not an index column beside concentrations', () => {
    const r = parse('Boletim diário\nÍndice de Qualidade do Ar (IQAr) por estação  -  média das últimas 24 horas\nEstação\tMP10\tO3\tQualidade\nLaranjeiras\t34\t19\tBoa\nCariacica\t47\t22\tModerada');
    assert.deepEqual([r.pm10, r.o3, r.index?.name, r.index?.pollutants], [undefined, undefined, 'IQAr', { pm10: 47, o3: 22 }]);
  });

  it('one index column under a caption naming one pollutant is that pollutant\'s index', () => {
    const r = parse('Pronóstico de calidad del aire\nICAP pronosticado para MP2,5 (promedio 24 horas)\nEstación\tICAP\tCondición\nPudahuel\t214\tPreemergencia\nLas Condes\t96\tBueno');
    assert.deepEqual([r.pm25, r.index?.name, r.index?.standard, r.index?.overall, r.index?.pollutants], [undefined, 'ICAP', 'cl', 214, { pm25: 214 }]);
    assert.equal(r.index?.sources.pm25?.station, 'Pudahuel');
  });

  it('index statements outside tables: a pollutant, the index\'s name and its number, the highest over the days', () => {
    const r = parse('Spare The Air Forecast\nIssued Tuesday, August 13, 2024\nTomorrow: Ozone AQI 137 (Unhealthy for Sensitive Groups), Fine particles (PM2.5) AQI 57 (Moderate)\nThursday: Ozone AQI 106 (Unhealthy for Sensitive Groups), Fine particles (PM2.5) AQI 61 (Moderate)');
    assert.deepEqual([r.o3, r.pm25, r.index?.name, r.index?.standard, r.index?.overall, r.index?.pollutants], [undefined, undefined, 'AQI', 'us-epa', 137, { o3: 137, pm25: 61 }]);
    // OCR's "AQ!" is the same name; a unit written after the number makes it a concentration.
    assert.deepEqual(parse('Forecast\nOzone AQ! 88 (Moderate)', true).index?.pollutants, { o3: 88 });
    assert.equal(parse('Forecast\nOzone AQI 88\nPM2.5 AQI 31 µg/m³').index, null);
  });

  it('a document with concentrations has no index', () => {
    assert.equal(parse('Ciudad: Temuco\nPM10: 45 µg/m³\nAQI PM2.5: 130').index, null);
  });
});

describe('tables of statistics', () => {
  const line = (y: number, cells: Array<[number, string]>): TextLine => ({ text: cells.map((c) => c[1]).join('   '), page: 1, y0: y, y1: y + 10, fontSize: 10, cells: cells.map(([x, t]) => ({ text: t, x0: x, x1: x + t.length * 5 })) });

  it('one measure over Max and percentile sub-columns: the Max column is each station\'s, the percentiles are not readings', () => {
    const r = parseBulletinText([
      line(0, [[40, 'Station'], [150, 'NO2 statistics (µg/m3)']]),
      line(12, [[40, 'Site'], [150, 'Max'], [200, '99th'], [250, '95th'], [300, 'Mean']]),
      line(26, [[40, 'Harbour'], [150, '141'], [200, '120'], [250, '88'], [300, '31']]),
      line(38, [[40, 'Hill Road'], [150, '97'], [200, '151'], [250, '60'], [300, '22']]),
    ]);
    assert.equal(r.no2, 141);
    assert.deepEqual(r.stations?.map((s) => [s.name, s.values.no2]), [['Harbour', 141], ['Hill Road', 97]]);
  });
});

describe('band-only indices given as categories (Índice AIRE Y SALUD, EAQI)', () => {
  const index = (text: string) => {
    const r = parse(text);
    return r.index ? { standard: r.index.standard, overall: r.index.overall, category: r.index.category, categories: r.index.categories } : null;
  };
  it('a per-zone table: the worst zone\'s category overall, each pollutant\'s worst', () => {
    assert.deepEqual(index('Índice AIRE Y SALUD\nGuadalajara, 2 de marzo de 2026\nEstación   Índice   Contaminante\nAtemajac   Mala   PM10\nLas Pintas   Aceptable   O3\nMiravalle   Buena   PM2.5'), { standard: 'mx', overall: null, category: 'mala', categories: { pm25: 'buena', pm10: 'mala', o3: 'aceptable' } });
  });
  it('a category stated alone takes the pollutant named responsible on its own line', () => {
    assert.deepEqual(index('Índice AIRE Y SALUD\nCiudad de México, 8 de abril de 2026\nCalidad del aire: MALA\nRiesgo: ALTO\nContaminante responsable: Ozono (O3)'), { standard: 'mx', overall: null, category: 'mala', categories: { o3: 'mala' } });
    assert.deepEqual(index('Índice AIRE Y SALUD\nToluca, 3 de marzo de 2026\nHoy la calidad del aire en Toluca es aceptable.'), { standard: 'mx', overall: null, category: 'aceptable', categories: {} });
  });
  it('the EEA index: categories after their pollutants on one line are statements, not a legend', () => {
    assert.deepEqual(index('European Air Quality Index\nDublin, 12 March 2026\nOverall: Moderate\nPM2.5 Good, PM10 Fair, NO2 Moderate'), { standard: 'eu-eaqi', overall: null, category: 'moderate', categories: { pm25: 'good', pm10: 'fair', no2: 'moderate' } });
  });
  it('a legend of the bands, a category word in passing, a table of bands in µg/m³, or an index without categories give none', () => {
    assert.equal(index('Índice AIRE Y SALUD\nBuena | Aceptable | Mala | Muy mala | Extremadamente mala\nHoy no hay datos disponibles.'), null);
    assert.equal(index('Índice AIRE Y SALUD\nGuadalajara, 5 de marzo de 2026\nBuena parte de la ciudad amaneció con neblina.'), null);
    assert.equal(index('Bandas del Índice AIRE Y SALUD para PM2,5\nBuena: menores a 15 µg/m³\nMala: de 33 a 79 µg/m³'), null);
    assert.equal(index('Índice AIRE Y SALUD\nMonterrey, 3 de febrero de 2026\nConsulte la calidad del aire en línea.'), null);
  });
});
