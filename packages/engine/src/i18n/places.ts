/** The words of the multi-place templates and of the source line, in every language. */
import type { Language } from '../language.js';
import type { ProvenanceSource } from '../params/places.js';

export interface PlacesMessages {
  source: string;
  observed: string;
  preliminary: string;
  sourceName: Record<ProvenanceSource, string>;
  ranking: string;
  worst: string;
  best: string;
  noData: string;
  page: (n: number, of: number) => string;
  stationMap: string;
  stations: (n: number) => string;
  overall: string;
  comparison: string;
  noStations: string;
  worstStation: string;
}

export const PLACES_MESSAGES: Record<Language, PlacesMessages> = {
  es: {
    source: 'Fuente',
    observed: 'observado',
    preliminary: 'datos preliminares',
    sourceName: { upload: 'boletín cargado', manual: 'datos ingresados', openaq: 'OpenAQ', 'open-meteo': 'Open-Meteo', waqi: 'WAQI', airnow: 'AirNow' },
    ranking: 'Ranking de calidad del aire',
    worst: 'Peor',
    best: 'Mejor',
    noData: 'Sin datos',
    page: (n, of) => `${n} de ${of}`,
    stationMap: 'Mapa de estaciones',
    stations: (n) => (n === 1 ? '1 estación' : `${n} estaciones`),
    overall: 'Ciudad',
    comparison: 'Comparación',
    noStations: 'Sin estaciones con coordenadas',
    worstStation: 'peor estación',
  },
  en: {
    source: 'Source',
    observed: 'observed',
    preliminary: 'preliminary data',
    sourceName: { upload: 'uploaded bulletin', manual: 'manual input', openaq: 'OpenAQ', 'open-meteo': 'Open-Meteo', waqi: 'WAQI', airnow: 'AirNow' },
    ranking: 'Air quality ranking',
    worst: 'Worst',
    best: 'Best',
    noData: 'No data',
    page: (n, of) => `${n} of ${of}`,
    stationMap: 'Station map',
    stations: (n) => (n === 1 ? '1 station' : `${n} stations`),
    overall: 'City',
    comparison: 'Comparison',
    noStations: 'No stations with coordinates',
    worstStation: 'worst station',
  },
  pt: {
    source: 'Fonte',
    observed: 'observado',
    preliminary: 'dados preliminares',
    sourceName: { upload: 'boletim enviado', manual: 'dados inseridos', openaq: 'OpenAQ', 'open-meteo': 'Open-Meteo', waqi: 'WAQI', airnow: 'AirNow' },
    ranking: 'Ranking da qualidade do ar',
    worst: 'Pior',
    best: 'Melhor',
    noData: 'Sem dados',
    page: (n, of) => `${n} de ${of}`,
    stationMap: 'Mapa de estações',
    stations: (n) => (n === 1 ? '1 estação' : `${n} estações`),
    overall: 'Cidade',
    comparison: 'Comparação',
    noStations: 'Sem estações com coordenadas',
    worstStation: 'pior estação',
  },
};
