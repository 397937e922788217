/**
 * The offline writer: a headline, a narration sized to the template's timing, and
 * a social post, in Spanish, English or Portuguese, built only from the report's
 * facts. Each sentence has a few phrasings, picked deterministically (phrasing.ts);
 * verbs and articles agree with the pollutant (las partículas finas alcanzan / el
 * ozono alcanza); a missing value removes its sentence or clause, never leaves a
 * gap; numbers follow the language's format; units are symbols where text is read
 * and words where it is spoken.
 */
import type { Language } from '@aqcast/engine';
import type { ReportFacts, PollutantFact } from './facts.js';
import { agree, ofThe, pollutant, withArticle } from './grammar.js';
import { capitalize, decimalsFor, displayed, formatNumber, listOf, lowerFirst, quantity, shortDate, type UnitKind, type UnitStyle } from './locale.js';
import { Phrasing } from './phrasing.js';

export type SegmentKind = 'opening' | 'dominant' | 'who' | 'others' | 'weather' | 'trend' | 'advice' | 'sensitive';

/** One sentence of the narration, as spoken and as read (captions). */
export interface Segment {
  kind: SegmentKind;
  spoken: string;
  written: string;
}

export interface OfflineText {
  headline: string;
  /** Chosen sentences, in reading order. */
  segments: Segment[];
  social: string;
  /** Seconds the template leaves for speech. */
  targetSec: number;
  estimatedSec: number;
}

/** Narration starts this long into the video, and ends this long before it does. */
export const NARRATION_LEAD_SEC = 0.5;
export const NARRATION_TAIL_SEC = 1.2;

/** Speaking rate of the speech models we target (≈150 words a minute), words per second. */
const WORDS_PER_SECOND: Record<Language, number> = { es: 2.6, en: 2.5, pt: 2.5 };

/**
 * Spoken weight of a text in words: a number is read as several words
 * ("ochenta y siete coma cuatro"), so it counts for its digits.
 */
export function spokenWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const digits = token.replace(/\D/g, '').length;
    n += digits > 0 && /^[−-]?\d/.test(token) ? 1 + 0.8 * digits : 1;
  }
  return n;
}

/** Estimated seconds to speak `text` in `language`. */
export function estimateSeconds(language: Language, text: string): number {
  return spokenWords(text) / WORDS_PER_SECOND[language];
}

/** Which sentences a template wants most, most important first. */
const PRIORITIES: Record<string, SegmentKind[]> = {
  'daily-report': ['opening', 'dominant', 'advice', 'who', 'sensitive', 'weather', 'others', 'trend'],
  'pollution-alert': ['opening', 'advice', 'sensitive', 'dominant', 'who', 'others', 'trend', 'weather'],
  'social-clip': ['opening', 'advice', 'dominant', 'who', 'sensitive', 'weather', 'others', 'trend'],
  'weather-brief': ['opening', 'weather', 'advice', 'dominant', 'who', 'sensitive', 'trend', 'others'],
  trend: ['opening', 'trend', 'dominant', 'advice', 'who', 'sensitive', 'weather', 'others'],
};

/** Templates the writer has a narration script for: those that report one place's values (not a ranking of places). */
export const SCRIPTED_TEMPLATES: readonly string[] = Object.keys(PRIORITIES);
const READING_ORDER: SegmentKind[] = ['opening', 'dominant', 'who', 'others', 'weather', 'trend', 'advice', 'sensitive'];

interface Ctx {
  f: ReportFacts;
  lang: Language;
  ph: Phrasing;
}

type Builder = (q: (value: number, unit: UnitKind, decimals?: number) => string) => string;

function n(lang: Language, value: number, decimals = 1): string {
  return formatNumber(lang, value, decimals);
}

/** The category inside a sentence: "insalubre" (es/pt adjectives in lower case), "Unhealthy" (en keeps AirNow's capitals), a level name as written. */
function categoryWord(c: Ctx): string {
  const label = c.f.category?.label ?? '';
  return c.lang === 'en' || c.f.categoryMode === 'level' ? label : lowerFirst(label);
}

// ── sentences ───────────────────────────────────────────────────────────────

function opening(c: Ctx): Builder | null {
  const { f, lang, ph } = c;
  const loc = f.location;
  if (!f.anyPollutant) {
    return () => ({ es: `En ${loc} no se informaron mediciones de contaminantes para este día.`, en: `No pollutant measurements were reported for ${loc} on this day.`, pt: `${loc}: nenhuma medição de poluentes foi informada para este dia.` })[lang];
  }
  if (!f.category) {
    return () => ({ es: `En ${loc}, ninguno de los contaminantes medidos tiene categoría en el índice elegido.`, en: `In ${loc}, none of the measured pollutants is rated by the chosen index.`, pt: `${loc}: nenhum dos poluentes medidos tem categoria no índice escolhido.` })[lang];
  }
  const cat = categoryWord(c);
  const idx = f.indexName;
  const v = f.index !== null ? n(lang, f.index, 0) : null;
  let variants: string[];
  if (f.categoryMode === 'level') {
    variants = {
      es: v ? [`En ${loc}, la calidad del aire está en nivel ${cat}: el ${idx} marca ${v}.`, `${loc} se encuentra en nivel ${cat}, con un ${idx} de ${v}.`] : [`En ${loc}, la calidad del aire está en nivel ${cat}.`, `${loc} se encuentra en nivel ${cat}.`],
      en: v ? [`In ${loc}, air quality is at the ${cat} level, with an ${idx} of ${v}.`, `${loc} is at the ${cat} level: the ${idx} stands at ${v}.`] : [`In ${loc}, air quality is at the ${cat} level.`, `${loc} is at the ${cat} level.`],
      pt: v ? [`${loc} está no nível ${cat}, com ${idx} de ${v}.`, `${loc}: a qualidade do ar está no nível ${cat}, e o ${idx} marca ${v}.`] : [`${loc} está no nível ${cat}.`, `${loc}: a qualidade do ar está no nível ${cat}.`],
    }[lang];
  } else {
    variants = {
      es: v
        ? [`En ${loc}, la calidad del aire es ${cat}: el índice ${idx} marca ${v}.`, `La calidad del aire en ${loc} es ${cat}, con un índice ${idx} de ${v}.`, `${loc} registra una calidad del aire ${cat}, con un ${idx} de ${v}.`]
        : [`En ${loc}, la calidad del aire es ${cat}.`, `La calidad del aire en ${loc} es ${cat}.`, `${loc} registra una calidad del aire ${cat}.`],
      en: v
        ? [`In ${loc}, air quality is ${cat}, with an ${idx} of ${v}.`, `Air quality in ${loc} is ${cat}: the ${idx} stands at ${v}.`, `The ${idx} in ${loc} is ${v}, which means air quality is ${cat}.`]
        : [`In ${loc}, air quality is ${cat}.`, `Air quality in ${loc} is ${cat}.`, `${loc}'s air quality is rated ${cat}.`],
      pt: v
        ? [`${loc}: a qualidade do ar está ${cat}, e o índice ${idx} marca ${v}.`, `${loc} registra qualidade do ar ${cat}, com índice ${idx} de ${v}.`, `${loc} tem qualidade do ar ${cat}: o ${idx} chega a ${v}.`]
        : [`${loc}: a qualidade do ar está ${cat}.`, `${loc} registra qualidade do ar ${cat}.`, `${loc} tem qualidade do ar ${cat}.`],
    }[lang];
  }
  const s = ph.pick('opening', variants);
  return () => capitalize(s);
}

function concentration(p: PollutantFact): [UnitKind, number] {
  return [p.unit, decimalsFor(p.id)];
}

function dominant(c: Ctx): Builder | null {
  const { f, lang, ph } = c;
  const d = f.dominant;
  if (!d) return null;
  const p = pollutant(lang, d.id);
  const np = withArticle(lang, p);
  const [unit, dec] = concentration(d);
  const k = ph.pick('dominant', [0, 1, 2]);
  return (q) => {
    const Q = q(d.value, unit, dec);
    const variants = {
      es: [`El contaminante principal ${agree(p, 'es', 'son')} ${np}, con ${Q}.`, `${capitalize(np)} ${agree(p, 'alcanza', 'alcanzan')} ${Q}.`, `La concentración ${ofThe(lang, p)} llega a ${Q}.`],
      en: [`The main pollutant is ${np}, at ${Q}.`, `${capitalize(np)} ${agree(p, 'reaches', 'reach')} ${Q}.`, `${capitalize(np)} ${agree(p, 'is', 'are')} the main pollutant, at ${Q}.`],
      pt: [`O principal poluente ${agree(p, 'é', 'são')} ${np}, com ${Q}.`, `${capitalize(np)} ${agree(p, 'atinge', 'atingem')} ${Q}.`, `A concentração ${ofThe(lang, p)} chega a ${Q}.`],
    }[lang];
    return variants[k]!;
  };
}

/** The dominant pollutant against the WHO guideline; "veces" only from 1.1 times up. */
function who(c: Ctx): Builder | null {
  const { f, lang, ph } = c;
  const d = f.dominant;
  if (!d) return null;
  const w = d.who;
  const ratio = displayed(w.ratio, w.ratio >= 10 ? 0 : 1);
  const r = n(lang, ratio, w.ratio >= 10 ? 0 : 1);
  const hours = w.averaging === '8 h' ? 8 : 24;
  const k = ph.pick('who', [0, 1, 2]);
  return (q) => {
    const G = q(w.guideline, w.unit, w.unit === 'mg/m³' ? 2 : 1);
    if (ratio >= 1.1) {
      return {
        es: [`Eso es ${r} veces el valor guía de la OMS para ${hours} horas.`, `Equivale a ${r} veces la guía de la Organización Mundial de la Salud.`, `Es ${r} veces lo que recomienda la OMS.`],
        en: [`That is ${r} times the WHO ${hours}-hour guideline.`, `That is ${r} times what the World Health Organization recommends.`, `It is ${r} times the WHO guideline.`],
        pt: [`Isso equivale a ${r} vezes o valor-guia da OMS para ${hours} horas.`, `É ${r} vezes o que recomenda a Organização Mundial da Saúde.`, `O valor é ${r} vezes a diretriz da OMS.`],
      }[lang][k]!;
    }
    if (ratio >= 0.9) {
      return { es: `El valor está en torno a la guía de la OMS, de ${G}.`, en: `That is close to the WHO guideline of ${G}.`, pt: `O valor está próximo da diretriz da OMS, de ${G}.` }[lang];
    }
    return {
      es: [`El valor queda por debajo de la guía de la OMS, de ${G}.`, `Es un valor inferior a la guía de la OMS, de ${G}.`, `El valor queda por debajo de la guía de la OMS, de ${G}.`],
      en: [`That is below the WHO guideline of ${G}.`, `That stays under the WHO guideline of ${G}.`, `That is below the WHO guideline of ${G}.`],
      pt: [`O valor fica abaixo da diretriz da OMS, de ${G}.`, `É um valor inferior à diretriz da OMS, de ${G}.`, `O valor fica abaixo da diretriz da OMS, de ${G}.`],
    }[lang][k]!;
  };
}

function others(c: Ctx): Builder | null {
  const { f, lang, ph } = c;
  const list = f.others;
  if (list.length === 0) return null;
  const k = ph.pick('others', [0, 1]);
  return (q) => {
    const items = list.map((o) => {
      const p = pollutant(lang, o.id);
      const [unit, dec] = concentration(o);
      return lang === 'en' ? `${q(o.value, unit, dec)} of ${p.name}` : `${q(o.value, unit, dec)} de ${p.name}`;
    });
    const all = listOf(lang, items);
    return {
      es: [`Las mediciones incluyen además ${all}.`, `Además, los sensores registran ${all}.`],
      en: [`Other readings: ${all}.`, `Sensors also recorded ${all}.`],
      pt: [`As medições incluem ainda ${all}.`, `Os sensores registram também ${all}.`],
    }[lang][k]!;
  };
}

function weather(c: Ctx): Builder | null {
  const { f, lang, ph } = c;
  const t = f.temperature;
  const h = f.humidity;
  if (t === null && h === null) return null;
  const k = ph.pick('weather', [0, 1]);
  return (q) => {
    const T = t !== null ? q(t, '°C', 1) : '';
    const H = h !== null ? q(h, '%', 0) : '';
    if (t !== null && h !== null) {
      return {
        es: [`La temperatura es de ${T} y la humedad, del ${H}.`, `Hace ${T}, con una humedad del ${H}.`],
        en: [`The temperature is ${T} and the humidity ${H}.`, `It is ${T}, with ${H} humidity.`],
        pt: [`A temperatura é de ${T}, com umidade de ${H}.`, `Os termômetros marcam ${T}, e a umidade está em ${H}.`],
      }[lang][k]!;
    }
    if (t !== null) return { es: [`La temperatura es de ${T}.`, `El termómetro marca ${T}.`], en: [`The temperature is ${T}.`, `It is ${T}.`], pt: [`A temperatura é de ${T}.`, `Os termômetros marcam ${T}.`] }[lang][k]!;
    return { es: `La humedad relativa es del ${H}.`, en: `Relative humidity is ${H}.`, pt: `A umidade relativa do ar é de ${H}.` }[lang];
  };
}

function trend(c: Ctx): Builder | null {
  const { f, lang } = c;
  const t = f.trend;
  if (!t) return null;
  const pts = n(lang, t.points, 0);
  if (t.subject === 'index') {
    const s = {
      es: { rising: `El índice viene en aumento en las últimas ${pts} mediciones.`, falling: `El índice viene bajando en las últimas ${pts} mediciones.`, steady: `El índice se mantiene estable en las últimas ${pts} mediciones.` },
      en: { rising: `The index has been rising over the last ${pts} readings.`, falling: `The index has been falling over the last ${pts} readings.`, steady: `The index has held steady over the last ${pts} readings.` },
      pt: { rising: `O índice vem subindo nas últimas ${pts} medições.`, falling: `O índice vem caindo nas últimas ${pts} medições.`, steady: `O índice se mantém estável nas últimas ${pts} medições.` },
    }[lang][t.direction];
    return () => s;
  }
  const p = pollutant(lang, t.subject);
  const of = ofThe(lang, p);
  const s = {
    es: { rising: `La concentración ${of} viene en aumento en las últimas ${pts} mediciones.`, falling: `La concentración ${of} viene bajando en las últimas ${pts} mediciones.`, steady: `La concentración ${of} se mantiene estable en las últimas ${pts} mediciones.` },
    en: { rising: `The concentration ${of} has been rising over the last ${pts} readings.`, falling: `The concentration ${of} has been falling over the last ${pts} readings.`, steady: `The concentration ${of} has held steady over the last ${pts} readings.` },
    pt: { rising: `A concentração ${of} vem subindo nas últimas ${pts} medições.`, falling: `A concentração ${of} vem caindo nas últimas ${pts} medições.`, steady: `A concentração ${of} se mantém estável nas últimas ${pts} medições.` },
  }[lang][t.direction];
  return () => s;
}

function advice(c: Ctx): Builder | null {
  const a = c.f.advice;
  return a ? () => a.general : null;
}

function sensitive(c: Ctx): Builder | null {
  const a = c.f.advice;
  return a ? () => a.sensitiveGroups : null;
}

const BUILDERS: Record<SegmentKind, (c: Ctx) => Builder | null> = { opening, dominant, who, others, weather, trend, advice, sensitive };

function render(b: Builder, lang: Language, style: UnitStyle): string {
  return b((value, unit, decimals = 1) => quantity(lang, value, unit, style, decimals));
}

// ── headline and post ───────────────────────────────────────────────────────

function headline(c: Ctx): string {
  const { f, lang, ph } = c;
  const loc = f.location;
  if (!f.anyPollutant) return { es: `${loc}: sin datos de contaminantes`, en: `${loc}: no pollutant data`, pt: `${loc}: sem dados de poluentes` }[lang];
  if (!f.category) return { es: `${loc}: contaminantes sin categoría en este índice`, en: `${loc}: pollutants not rated by this index`, pt: `${loc}: poluentes sem categoria neste índice` }[lang];
  const cat = categoryWord(c);
  const idx = f.index !== null && f.indexName ? `${f.indexName} ${n(lang, f.index, 0)}` : null;
  const alert = (f.category.severity ?? 0) >= 3;
  if (f.categoryMode === 'level') {
    const base = { es: `${loc} en nivel ${cat}`, en: `${loc} at the ${cat} level`, pt: `${loc} no nível ${cat}` }[lang];
    return idx ? `${base} (${idx})` : base;
  }
  const variants = {
    es: alert
      ? [`Atención en ${loc}: calidad del aire ${cat}${idx ? `, ${idx}` : ''}`, `${loc}: calidad del aire ${cat}${idx ? ` (${idx})` : ''}`]
      : [`${loc}: calidad del aire ${cat}${idx ? ` (${idx})` : ''}`, `Calidad del aire ${cat} en ${loc}${idx ? `, ${idx}` : ''}`],
    en: alert
      ? [`Air quality warning for ${loc}: ${cat}${idx ? ` (${idx})` : ''}`, `${loc} air quality: ${cat}${idx ? ` (${idx})` : ''}`]
      : [`${loc} air quality: ${cat}${idx ? ` (${idx})` : ''}`, `Air quality in ${loc}: ${cat}${idx ? `, ${idx}` : ''}`],
    pt: alert
      ? [`Atenção, ${loc}: qualidade do ar ${cat}${idx ? ` (${idx})` : ''}`, `${loc}: qualidade do ar ${cat}${idx ? ` (${idx})` : ''}`]
      : [`${loc}: qualidade do ar ${cat}${idx ? ` (${idx})` : ''}`, `${loc} tem qualidade do ar ${cat}${idx ? ` (${idx})` : ''}`],
  }[lang];
  return capitalize(ph.pick('headline', variants));
}

const EMOJI = ['🟢', '🟡', '🟠', '🔴', '🟣', '🟤'];
const HASHTAG: Record<Language, string> = { es: '#CalidadDelAire', en: '#AirQuality', pt: '#QualidadeDoAr' };
export const SOCIAL_MAX_CHARS = 280;

/** A post of at most 280 characters: the state, the main value, one piece of advice, a hashtag — shorter pieces dropped first when it runs long. */
function social(c: Ctx): string {
  const { f, lang } = c;
  const loc = f.location;
  const when = shortDate(lang, f.date);
  const parts: string[] = [];
  if (!f.anyPollutant) parts.push({ es: `${loc}, ${when}: no se informaron mediciones de contaminantes.`, en: `${loc}, ${when}: no pollutant measurements were reported.`, pt: `${loc}, ${when}: nenhuma medição de poluentes foi informada.` }[lang]);
  else if (!f.category) parts.push({ es: `${loc}, ${when}: los contaminantes medidos no tienen categoría en este índice.`, en: `${loc}, ${when}: the measured pollutants are not rated by this index.`, pt: `${loc}, ${when}: os poluentes medidos não têm categoria neste índice.` }[lang]);
  else {
    const cat = categoryWord(c);
    const idx = f.index !== null && f.indexName ? ` (${f.indexName} ${n(lang, f.index, 0)})` : '';
    const state =
      f.categoryMode === 'level'
        ? { es: `nivel ${cat}`, en: `${cat} level`, pt: `nível ${cat}` }[lang]
        : { es: `calidad del aire ${cat}`, en: `air quality is ${cat}`, pt: `qualidade do ar ${cat}` }[lang];
    parts.push(`${EMOJI[f.category.severity] ?? ''} ${loc}, ${when}: ${state}${idx}.`.trim());
  }
  const d = f.dominant;
  if (d) {
    const p = pollutant(lang, d.id);
    const [unit, dec] = concentration(d);
    const ratio = displayed(d.who.ratio, 1);
    const times = ratio >= 1.1 ? { es: `, ${n(lang, ratio)} veces la guía de la OMS`, en: `, ${n(lang, ratio)}× the WHO guideline`, pt: `, ${n(lang, ratio)} vezes a diretriz da OMS` }[lang] : '';
    parts.push(`${p.symbol}: ${quantity(lang, d.value, unit, 'written', dec)}${times}.`);
  }
  const a = f.advice;
  if (a) {
    const [forSensitive, forAll] = a.recommendations;
    if (forSensitive) parts.push(`${{ es: 'Grupos sensibles', en: 'Sensitive groups', pt: 'Grupos sensíveis' }[lang]}: ${lowerFirst(forSensitive)}.`);
    if (forAll) parts.push(`${{ es: 'Para todos', en: 'Everyone', pt: 'Para todos' }[lang]}: ${lowerFirst(forAll)}.`);
  }
  const tag = HASHTAG[lang];
  // Drop from the end (advice for all, then for sensitive groups…) until it fits.
  while (parts.length > 1 && [...parts, tag].join(' ').length > SOCIAL_MAX_CHARS) parts.pop();
  let post = [...parts, tag].join(' ');
  if (post.length > SOCIAL_MAX_CHARS) post = `${post.slice(0, SOCIAL_MAX_CHARS - 1).replace(/\s+\S*$/, '')}…`;
  return post;
}

/**
 * The offline text of a report: headline, the narration that fits `durationSec`
 * (sentences chosen by the template's priorities, kept in reading order) and a post.
 */
export function writeOffline(f: ReportFacts, opts: { template: string; durationSec: number }): OfflineText {
  const lang = f.language;
  const seed = JSON.stringify([f.location, f.date, lang, opts.template, f.index, f.category?.key ?? null, f.dominant?.value ?? null]);
  const c: Ctx = { f, lang, ph: new Phrasing(seed) };
  const targetSec = Math.max(1, opts.durationSec - NARRATION_LEAD_SEC - NARRATION_TAIL_SEC);
  const all = new Map<SegmentKind, Segment>();
  for (const kind of READING_ORDER) {
    const b = BUILDERS[kind](c);
    if (b) all.set(kind, { kind, spoken: render(b, lang, 'spoken'), written: render(b, lang, 'written') });
  }
  const chosen = new Set<SegmentKind>();
  let used = 0;
  // daily-report, the default template, always has a reading order.
  for (const kind of PRIORITIES[opts.template] ?? (PRIORITIES['daily-report'] as SegmentKind[])) {
    const s = all.get(kind);
    if (!s) continue;
    // The WHO sentence ("That is 5.8 times…") only makes sense right after its value.
    if (kind === 'who' && !chosen.has('dominant')) continue;
    const sec = estimateSeconds(lang, s.spoken);
    if (kind === 'opening' || used + sec <= targetSec) {
      chosen.add(kind);
      used += sec;
    }
  }
  const segments = READING_ORDER.flatMap((k) => {
    const segment = all.get(k);
    return chosen.has(k) && segment ? [segment] : [];
  });
  return { headline: headline(c), segments, social: social(c), targetSec: Math.round(targetSec * 10) / 10, estimatedSec: Math.round(used * 10) / 10 };
}
