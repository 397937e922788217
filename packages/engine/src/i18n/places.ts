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
  /** Comparison: how one side is named inside a sentence when both are one place at two times. */
  when: { today: string; yesterday: string; forecast: string; observed: string; on: (date: string) => string };
  /** Headings of the sides when one place is seen at two times. */
  whenTitle: { today: string; yesterday: string; forecast: string; observed: string };
  /** The difference in words: `a` is worse / better / about the same as `b`. */
  placesVerdict: (a: string, b: string, how: 'worse' | 'better' | 'same') => string;
  timesVerdict: (place: string, a: string, b: string, how: 'worse' | 'better' | 'same') => string;
  /** "Index 152 against 87: 65 points higher". */
  indexDiff: (a: string, b: string, points: string, up: boolean) => string;
  /** "two categories worse" */
  levelDiff: (n: number, worse: boolean) => string;
  sameCategory: (label: string) => string;
  cannotCompare: string;
  /** A comparison given fewer than two places. */
  needsTwo: string;
  versus: string;
  pollutantsCompared: string;
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
    when: { today: 'hoy', yesterday: 'ayer', forecast: 'en el pronóstico', observed: 'en lo observado', on: (d) => `el ${d}` },
    whenTitle: { today: 'Hoy', yesterday: 'Ayer', forecast: 'Pronóstico', observed: 'Observado' },
    placesVerdict: (a, b, how) => (how === 'same' ? `El aire está parecido en ${a} y en ${b}.` : `El aire está ${how === 'worse' ? 'peor' : 'mejor'} en ${a} que en ${b}.`),
    timesVerdict: (p, a, b, how) => (how === 'same' ? `En ${p}, el aire está parecido ${a} y ${b}.` : `En ${p}, el aire está ${how === 'worse' ? 'peor' : 'mejor'} ${a} que ${b}.`),
    indexDiff: (a, b, pts, up) => `Índice ${a} frente a ${b}: ${pts} ${pts === '1' ? 'punto' : 'puntos'} ${up ? 'más' : 'menos'}`,
    levelDiff: (n, worse) => `${n === 1 ? 'una categoría' : `${n} categorías`} ${worse ? 'peor' : 'mejor'}`,
    sameCategory: (l) => `la misma categoría: ${l}`,
    cannotCompare: 'Sin un valor calificado en ambos lados no hay comparación.',
    needsTwo: 'Falta un segundo lugar (o el mismo en otra fecha) para comparar.',
    versus: 'vs',
    pollutantsCompared: 'Contaminantes',
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
    when: { today: 'today', yesterday: 'yesterday', forecast: 'in the forecast', observed: 'as observed', on: (d) => `on ${d}` },
    whenTitle: { today: 'Today', yesterday: 'Yesterday', forecast: 'Forecast', observed: 'Observed' },
    placesVerdict: (a, b, how) => (how === 'same' ? `The air is about the same in ${a} and ${b}.` : `The air is ${how} in ${a} than in ${b}.`),
    timesVerdict: (p, a, b, how) => (how === 'same' ? `In ${p}, the air is about the same ${a} as ${b}.` : `In ${p}, the air is ${how} ${a} than ${b}.`),
    indexDiff: (a, b, pts, up) => `Index ${a} against ${b}: ${pts} ${pts === '1' ? 'point' : 'points'} ${up ? 'higher' : 'lower'}`,
    levelDiff: (n, worse) => `${n === 1 ? 'one category' : `${n} categories`} ${worse ? 'worse' : 'better'}`,
    sameCategory: (l) => `the same category: ${l}`,
    cannotCompare: 'Without a rated value on both sides there is nothing to compare.',
    needsTwo: 'A second place (or this one at another date) is needed to compare.',
    versus: 'vs',
    pollutantsCompared: 'Pollutants',
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
    when: { today: 'hoje', yesterday: 'ontem', forecast: 'na previsão', observed: 'no observado', on: (d) => `em ${d}` },
    whenTitle: { today: 'Hoje', yesterday: 'Ontem', forecast: 'Previsão', observed: 'Observado' },
    placesVerdict: (a, b, how) => (how === 'same' ? `O ar está parecido em ${a} e em ${b}.` : `O ar está ${how === 'worse' ? 'pior' : 'melhor'} em ${a} do que em ${b}.`),
    timesVerdict: (p, a, b, how) => (how === 'same' ? `Em ${p}, o ar está parecido ${a} e ${b}.` : `Em ${p}, o ar está ${how === 'worse' ? 'pior' : 'melhor'} ${a} do que ${b}.`),
    indexDiff: (a, b, pts, up) => `Índice ${a} contra ${b}: ${pts} ${pts === '1' ? 'ponto' : 'pontos'} a ${up ? 'mais' : 'menos'}`,
    levelDiff: (n, worse) => `${n === 1 ? 'uma categoria' : `${n} categorias`} ${worse ? 'pior' : 'melhor'}`,
    sameCategory: (l) => `a mesma categoria: ${l}`,
    cannotCompare: 'Sem um valor classificado nos dois lados não há comparação.',
    needsTwo: 'Falta um segundo lugar (ou o mesmo em outra data) para comparar.',
    versus: 'vs',
    pollutantsCompared: 'Poluentes',
  },
};
