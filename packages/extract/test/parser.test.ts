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
});
