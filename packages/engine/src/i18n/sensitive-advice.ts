/**
 * Health advice for sensitive groups (children, older adults, pregnant people, people
 * with heart or lung disease), one sentence per severity and language — the
 * counterpart of `ADVICE`, which speaks to everyone. Reports and narration read both.
 */
import type { Severity } from '../aqi/types.js';
import type { Localized } from '../language.js';

export const SENSITIVE_ADVICE: Record<Severity, Localized> = {
  0: {
    es: 'Las personas sensibles pueden hacer su actividad habitual al aire libre.',
    en: 'Sensitive groups can go about their usual outdoor activities.',
    pt: 'Pessoas sensíveis podem manter suas atividades habituais ao ar livre.',
  },
  1: {
    es: 'Las personas especialmente sensibles deberían acortar el ejercicio intenso al aire libre y atender a síntomas como tos o falta de aire.',
    en: 'Unusually sensitive people should shorten intense outdoor exercise and watch for symptoms such as coughing or shortness of breath.',
    pt: 'Pessoas especialmente sensíveis devem encurtar exercícios intensos ao ar livre e ficar atentas a sintomas como tosse ou falta de ar.',
  },
  2: {
    es: 'Niños, mayores, embarazadas y personas con asma o enfermedades del corazón deberían reducir el esfuerzo prolongado al aire libre.',
    en: 'Children, older adults, pregnant people and people with asthma or heart disease should reduce prolonged outdoor exertion.',
    pt: 'Crianças, idosos, gestantes e pessoas com asma ou doenças cardíacas devem reduzir esforços prolongados ao ar livre.',
  },
  3: {
    es: 'Niños, mayores y personas con enfermedades respiratorias o cardíacas deberían evitar el esfuerzo al aire libre y tener a mano su medicación.',
    en: 'Children, older adults and people with lung or heart disease should avoid outdoor exertion and keep their medication at hand.',
    pt: 'Crianças, idosos e pessoas com doenças respiratórias ou cardíacas devem evitar esforços ao ar livre e manter a medicação por perto.',
  },
  4: {
    es: 'Los grupos sensibles deberían permanecer en interiores, con las ventanas cerradas, y consultar a un médico si aparecen síntomas.',
    en: 'Sensitive groups should stay indoors with windows closed and see a doctor if symptoms appear.',
    pt: 'Os grupos sensíveis devem permanecer em ambientes fechados, com as janelas fechadas, e procurar um médico se surgirem sintomas.',
  },
  5: {
    es: 'Los grupos sensibles no deberían salir y, ante cualquier síntoma, deberían buscar atención médica de inmediato.',
    en: 'Sensitive groups should not go outside and should seek medical care at once if any symptom appears.',
    pt: 'Os grupos sensíveis não devem sair e, diante de qualquer sintoma, devem procurar atendimento médico imediatamente.',
  },
};
