/**
 * Every word the templates draw, in every language. Templates never hold literal
 * on-screen text: they read it from here, so a missing translation is a type error.
 */
import type { Language, Localized } from '../language.js';
import type { Severity } from '../aqi/types.js';

export interface Messages {
  /** Overlines and headings. */
  dailyReport: string;
  airQualityAlert: string;
  airQualityNotice: string;
  airQuality: string;
  weatherBrief: string;
  today: string;
  pollutants: string;
  weather: string;
  temperature: string;
  humidity: string;
  healthAdvice: string;
  recommendations: string;
  dominantPollutant: string;
  notRated: string;
  noPollutantData: string;
  noPollutantDataHint: string;
  /** "AQI" spoken in this language for band-only standards' captions. */
  level: string;
  of: string;
  standard: string;
  sensitiveGroups: string;
  everyone: string;
  outdoorActivity: string;
  /** Alert headline: "{category} air quality in {location}" split into a sentence. */
  alertHeadline: (category: string) => string;
  timesGuideline: (times: string) => string;
  whoGuideline: string;
  feelsLike: string;
}

export const MESSAGES: Record<Language, Messages> = {
  es: {
    dailyReport: 'Informe diario de calidad del aire',
    airQualityAlert: 'Alerta de calidad del aire',
    airQualityNotice: 'Aviso de calidad del aire',
    airQuality: 'Calidad del aire',
    weatherBrief: 'El tiempo y el aire',
    today: 'Hoy',
    pollutants: 'Contaminantes',
    weather: 'Tiempo',
    temperature: 'Temperatura',
    humidity: 'Humedad',
    healthAdvice: 'Recomendación',
    recommendations: 'Recomendaciones',
    dominantPollutant: 'Contaminante principal',
    notRated: 'Sin categoría en este índice',
    noPollutantData: 'Sin datos de contaminantes',
    noPollutantDataHint: 'No se informaron mediciones para este día.',
    level: 'Nivel',
    of: 'de',
    standard: 'Escala',
    sensitiveGroups: 'Grupos sensibles',
    everyone: 'Toda la población',
    outdoorActivity: 'Actividades al aire libre',
    alertHeadline: (c) => `Calidad del aire: ${c}`,
    timesGuideline: (x) => `${x} × la guía de la OMS`,
    whoGuideline: 'Guía OMS 24 h',
    feelsLike: 'Sensación',
  },
  en: {
    dailyReport: 'Daily air quality report',
    airQualityAlert: 'Air quality alert',
    airQualityNotice: 'Air quality notice',
    airQuality: 'Air quality',
    weatherBrief: 'Weather & air',
    today: 'Today',
    pollutants: 'Pollutants',
    weather: 'Weather',
    temperature: 'Temperature',
    humidity: 'Humidity',
    healthAdvice: 'Health advice',
    recommendations: 'What to do',
    dominantPollutant: 'Main pollutant',
    notRated: 'Not rated by this index',
    noPollutantData: 'No pollutant data',
    noPollutantDataHint: 'No measurements were reported for this day.',
    level: 'Level',
    of: 'of',
    standard: 'Scale',
    sensitiveGroups: 'Sensitive groups',
    everyone: 'Everyone',
    outdoorActivity: 'Outdoor activity',
    alertHeadline: (c) => `Air quality: ${c}`,
    timesGuideline: (x) => `${x}× the WHO guideline`,
    whoGuideline: 'WHO 24-h guideline',
    feelsLike: 'Feels like',
  },
  pt: {
    dailyReport: 'Boletim diário da qualidade do ar',
    airQualityAlert: 'Alerta de qualidade do ar',
    airQualityNotice: 'Aviso de qualidade do ar',
    airQuality: 'Qualidade do ar',
    weatherBrief: 'Tempo e ar',
    today: 'Hoje',
    pollutants: 'Poluentes',
    weather: 'Tempo',
    temperature: 'Temperatura',
    humidity: 'Umidade',
    healthAdvice: 'Recomendação',
    recommendations: 'Recomendações',
    dominantPollutant: 'Poluente principal',
    notRated: 'Sem categoria neste índice',
    noPollutantData: 'Sem dados de poluentes',
    noPollutantDataHint: 'Nenhuma medição foi informada para este dia.',
    level: 'Nível',
    of: 'de',
    standard: 'Escala',
    sensitiveGroups: 'Grupos sensíveis',
    everyone: 'Toda a população',
    outdoorActivity: 'Atividades ao ar livre',
    alertHeadline: (c) => `Qualidade do ar: ${c}`,
    timesGuideline: (x) => `${x}× a diretriz da OMS`,
    whoGuideline: 'Diretriz OMS 24 h',
    feelsLike: 'Sensação',
  },
};

export { POLLUTANT_NAME, POLLUTANT_SYMBOL } from '@aqcast/vocabulary';

/** One line of advice per severity, for everyone. */
export const ADVICE: Record<Severity, Localized> = {
  0: {
    es: 'Aire limpio: buen día para actividades al aire libre.',
    en: 'Clean air: a good day to be active outdoors.',
    pt: 'Ar limpo: bom dia para atividades ao ar livre.',
  },
  1: {
    es: 'Aire aceptable. Las personas muy sensibles deberían moderar el esfuerzo prolongado al aire libre.',
    en: 'Acceptable air. Unusually sensitive people should ease off long outdoor exertion.',
    pt: 'Ar aceitável. Pessoas muito sensíveis devem moderar esforços prolongados ao ar livre.',
  },
  2: {
    es: 'Niños, mayores y personas con asma o problemas cardíacos: reduzcan el esfuerzo al aire libre.',
    en: 'Children, older adults and people with asthma or heart disease: reduce outdoor exertion.',
    pt: 'Crianças, idosos e pessoas com asma ou doenças cardíacas: reduzam esforços ao ar livre.',
  },
  3: {
    es: 'Todos deberían reducir el esfuerzo al aire libre; los grupos sensibles, evitarlo.',
    en: 'Everyone should cut back outdoor exertion; sensitive groups should avoid it.',
    pt: 'Todos devem reduzir esforços ao ar livre; grupos sensíveis devem evitá-los.',
  },
  4: {
    es: 'Eviten la actividad física al aire libre y mantengan las ventanas cerradas.',
    en: 'Avoid outdoor physical activity and keep windows closed.',
    pt: 'Evitem atividades físicas ao ar livre e mantenham as janelas fechadas.',
  },
  5: {
    es: 'Emergencia sanitaria: permanezcan en interiores y sigan las indicaciones oficiales.',
    en: 'Health emergency: stay indoors and follow official instructions.',
    pt: 'Emergência sanitária: permaneçam em ambientes fechados e sigam as orientações oficiais.',
  },
};

/** Three short recommendations per severity: sensitive groups, everyone, outdoor activity. */
export const RECOMMENDATIONS: Record<Severity, Record<Language, [string, string, string]>> = {
  0: {
    es: ['Sin restricciones', 'Disfruten del aire libre', 'Ventilen la casa'],
    en: ['No restrictions', 'Enjoy the outdoors', 'Air out your home'],
    pt: ['Sem restrições', 'Aproveitem o ar livre', 'Ventilem a casa'],
  },
  1: {
    es: ['Moderen el esfuerzo prolongado', 'Actividad normal', 'Atentos a síntomas'],
    en: ['Ease off long exertion', 'Normal activity', 'Watch for symptoms'],
    pt: ['Moderem esforços longos', 'Atividade normal', 'Atenção aos sintomas'],
  },
  2: {
    es: ['Reduzcan el esfuerzo al aire libre', 'Tomen pausas frecuentes', 'Prefieran horas de menor tráfico'],
    en: ['Reduce outdoor exertion', 'Take frequent breaks', 'Choose low-traffic hours'],
    pt: ['Reduzam esforços ao ar livre', 'Façam pausas frequentes', 'Prefiram horários de menos trânsito'],
  },
  3: {
    es: ['Eviten el ejercicio al aire libre', 'Reduzcan el esfuerzo', 'Trasladen el deporte a interiores'],
    en: ['Avoid outdoor exercise', 'Reduce exertion', 'Move sport indoors'],
    pt: ['Evitem exercícios ao ar livre', 'Reduzam esforços', 'Pratiquem esportes em locais fechados'],
  },
  4: {
    es: ['Permanezcan en interiores', 'Eviten el esfuerzo al aire libre', 'Cierren puertas y ventanas'],
    en: ['Stay indoors', 'Avoid outdoor exertion', 'Keep doors and windows shut'],
    pt: ['Fiquem em ambientes fechados', 'Evitem esforços ao ar livre', 'Fechem portas e janelas'],
  },
  5: {
    es: ['No salgan', 'Permanezcan en interiores', 'Sigan a las autoridades'],
    en: ['Do not go out', 'Stay indoors', 'Follow the authorities'],
    pt: ['Não saiam', 'Permaneçam em casa', 'Sigam as autoridades'],
  },
};

/** Words of the trend template. */
export interface TrendMessages {
  trend: string;
  last24h: string;
  next72h: string;
  now: string;
  peak: string;
  low: string;
  forecast: string;
  noSeries: string;
  /** Above the bars that stand in for a missing series: every given pollutant now, on the standard's scale. */
  allNow: string;
}

export const TREND_MESSAGES: Record<Language, TrendMessages> = {
  es: { trend: 'Tendencia', last24h: 'Últimas 24 horas', next72h: 'Próximas 72 horas', now: 'Ahora', peak: 'Máximo', low: 'Mínimo', forecast: 'Pronóstico', noSeries: 'Sin serie horaria: se muestra el valor actual', allNow: 'Sin serie horaria: cada contaminante ahora, en la escala del índice' },
  en: { trend: 'Trend', last24h: 'Last 24 hours', next72h: 'Next 72 hours', now: 'Now', peak: 'Peak', low: 'Low', forecast: 'Forecast', noSeries: 'No hourly series: showing the current value', allNow: 'No hourly series: every pollutant now, on the index scale' },
  pt: { trend: 'Tendência', last24h: 'Últimas 24 horas', next72h: 'Próximas 72 horas', now: 'Agora', peak: 'Máximo', low: 'Mínimo', forecast: 'Previsão', noSeries: 'Sem série horária: mostrando o valor atual', allNow: 'Sem série horária: cada poluente agora, na escala do índice' },
};
