/**
 * Bulletins whose station table says where each station is: latitude and longitude
 * columns as agencies print them (signed decimals with a decimal comma in es/pt,
 * hemisphere letters, degrees-minutes-seconds), with the coordinates each station
 * must be read at. Hand-written (not drawn at random) so that each notation is there.
 */
import type { CorpusDoc, Medium } from './generate.js';

export interface CoordinateDoc extends CorpusDoc {
  /** Each station as the extractor must give it; `lat`/`lon` absent where the row gives none. */
  stations: { name: string; pm25: number; lat?: number; lon?: number }[];
}

function doc(id: string, language: CorpusDoc['language'], medium: Medium, title: string, place: string, date: string, header: string[], rows: string[][], stations: CoordinateDoc['stations']): CoordinateDoc {
  const pm25 = Math.max(...stations.map((s) => s.pm25));
  return {
    id: `coords-${id}-${medium}`, language, layout: 'stations', medium, noise: false, rotation: 0,
    blocks: [{ kind: 'small', text: 'Red de Monitoreo' }, { kind: 'title', text: title }, { kind: 'text', text: place }, { kind: 'text', text: date }, { kind: 'table', rows: [header, ...rows] }],
    expected: { location: place.replace(/^.*: /, ''), date: '2026-11-20', pm25, pm10: 0 },
    stations,
  };
}

/** Three documents (es decimal commas, en hemisphere letters, pt degrees-minutes-seconds), in the given medium. */
export function coordinateDocs(medium: Medium = 'pdf-text'): CoordinateDoc[] {
  return [
    doc('es', 'es', medium, 'Boletín de Calidad del Aire', 'Ciudad: Santiago', 'Fecha: 20/11/2026',
      ['Estación', 'Latitud', 'Longitud', 'MP2,5 (µg/m³)', 'MP10 (µg/m³)'],
      [
        ['Parque O\'Higgins', '-33,4642', '-70,6610', '61', '88'],
        ['Las Condes', '-33,3770', '-70,5230', '24', '41'],
        ['Pudahuel', '-33,4378', '-70,7500', '47', '70'],
        ['El Bosque', 'ND', 'ND', '39', '66'],
      ],
      [
        { name: 'Parque O\'Higgins', pm25: 61, lat: -33.4642, lon: -70.661 },
        { name: 'Las Condes', pm25: 24, lat: -33.377, lon: -70.523 },
        { name: 'Pudahuel', pm25: 47, lat: -33.4378, lon: -70.75 },
        { name: 'El Bosque', pm25: 39 },
      ]),
    doc('en', 'en', medium, 'Daily Air Quality Report', 'City: Denver', 'Date: 11/20/2026',
      ['Station', 'Lat', 'Lon', 'PM2.5 (µg/m3)', 'PM10 (µg/m3)'],
      [
        ['La Casa', '39.7795 N', '105.0052 W', '18.2', '30'],
        ['Welby', '39.8382 N', '104.9499 W', '22.4', '41'],
        ['Aurora East', '39.6395 N', '104.5691 W', '9.6', '22'],
      ],
      [
        { name: 'La Casa', pm25: 18.2, lat: 39.7795, lon: -105.0052 },
        { name: 'Welby', pm25: 22.4, lat: 39.8382, lon: -104.9499 },
        { name: 'Aurora East', pm25: 9.6, lat: 39.6395, lon: -104.5691 },
      ]),
    doc('pt', 'pt', medium, 'Boletim de Qualidade do Ar', 'Cidade: Rio de Janeiro', 'Data: 20/11/2026',
      ['Estação', 'Latitude', 'Longitude', 'MP2,5 (µg/m³)', 'MP10 (µg/m³)'],
      [
        ['Tijuca', '22°55\'30"S', '43°13\'58"O', '14', '31'],
        ['Bangu', '22°53\'15"S', '43°28\'18"O', '27', '52'],
        ['Copacabana', '22°57\'54"S', '43°10\'48"O', '11', '25'],
      ],
      [
        { name: 'Tijuca', pm25: 14, lat: -22.925, lon: -43.232778 },
        { name: 'Bangu', pm25: 27, lat: -22.8875, lon: -43.471667 },
        { name: 'Copacabana', pm25: 11, lat: -22.965, lon: -43.18 },
      ]),
  ];
}
