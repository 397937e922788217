/**
 * Template suggestion: every template × format the engine offers, scored by what
 * the values say (an alert when the category is unhealthy, the weather brief only
 * when there is weather to show) and where the video goes (portrait for a phone
 * feed, landscape for a TV screen), ranked, each with its reasons in the request
 * language.
 */
import type { Format, Language, TemplateInfo } from '@aqcast/engine';
import type { Channel, Reason, SuggestionView } from '../contract.js';

export interface SuggestInput {
  /** Severity (0–5) of the primary category, null without a rated pollutant. */
  severity: number | null;
  categoryLabel: string | null;
  pollutants: number;
  hasWeather: boolean;
  channel: Channel;
  language: Language;
  languageSource: 'request' | 'context' | 'default';
}

type Messages = Record<string, Record<Language, (x: string) => string>>;

const MESSAGES: Messages = {
  alert_category: {
    es: (c) => `La categoría es «${c}»: una plantilla de alerta la comunica con la urgencia debida.`,
    en: (c) => `The category is "${c}": an alert template gives it the urgency it needs.`,
    pt: (c) => `A categoria é "${c}": um modelo de alerta a comunica com a urgência devida.`,
  },
  sensitive_category: {
    es: (c) => `La categoría «${c}» afecta a los grupos sensibles: conviene un aviso.`,
    en: (c) => `"${c}" affects sensitive groups: a notice fits.`,
    pt: (c) => `A categoria "${c}" afeta os grupos sensíveis: convém um aviso.`,
  },
  calm_day: {
    es: () => 'Día sin riesgo relevante: una alerta exageraría.',
    en: () => 'No notable risk today: an alert would overstate it.',
    pt: () => 'Dia sem risco relevante: um alerta exageraria.',
  },
  full_report: {
    es: () => 'El informe diario muestra el índice, cada contaminante y la recomendación.',
    en: () => 'The daily report shows the index, every pollutant and the advice.',
    pt: () => 'O boletim diário mostra o índice, cada poluente e a recomendação.',
  },
  several_pollutants: {
    es: (n) => `Hay ${n} contaminantes que mostrar: caben en el informe completo.`,
    en: (n) => `There are ${n} pollutants to show: the full report has room for them.`,
    pt: (n) => `Há ${n} poluentes para mostrar: cabem no boletim completo.`,
  },
  short_for_feed: {
    es: () => 'Clip corto de 10 segundos, pensado para redes sociales.',
    en: () => 'A short 10-second clip made for social feeds.',
    pt: () => 'Clipe curto de 10 segundos, feito para redes sociais.',
  },
  too_short_for_tv: {
    es: () => 'Demasiado breve para un espacio de televisión.',
    en: () => 'Too short for a broadcast slot.',
    pt: () => 'Curto demais para um espaço na televisão.',
  },
  weather_given: {
    es: () => 'Se dieron temperatura o humedad: el parte del tiempo las muestra junto al aire.',
    en: () => 'Temperature or humidity was given: the weather brief shows it beside the air.',
    pt: () => 'Temperatura ou umidade foram informadas: o boletim do tempo as mostra junto ao ar.',
  },
  no_weather: {
    es: () => 'Sin temperatura ni humedad, el parte del tiempo quedaría vacío.',
    en: () => 'With no temperature or humidity, the weather brief would be half empty.',
    pt: () => 'Sem temperatura nem umidade, o boletim do tempo ficaria vazio.',
  },
  no_data: {
    es: () => 'No hay contaminantes con categoría: el informe diario lo explica.',
    en: () => 'No rated pollutant: the daily report explains that.',
    pt: () => 'Nenhum poluente com categoria: o boletim diário explica isso.',
  },
  landscape_tv: { es: () => 'Horizontal llena una pantalla de televisión.', en: () => 'Landscape fills a TV screen.', pt: () => 'Horizontal preenche uma tela de TV.' },
  portrait_social: { es: () => 'Vertical ocupa toda la pantalla del teléfono en un feed.', en: () => 'Portrait fills a phone screen in a feed.', pt: () => 'Vertical ocupa a tela inteira do celular no feed.' },
  square_social: { es: () => 'Cuadrado funciona en cualquier red social.', en: () => 'Square works in every social feed.', pt: () => 'Quadrado funciona em qualquer rede social.' },
  landscape_web: { es: () => 'Horizontal encaja en el reproductor de una página web.', en: () => "Landscape suits a web page's player.", pt: () => 'Horizontal se encaixa no player de uma página web.' },
  square_web: { es: () => 'Cuadrado también se ve bien incrustado en una página.', en: () => 'Square also sits well embedded in a page.', pt: () => 'Quadrado também fica bem incorporado numa página.' },
  portrait_off_channel: { es: () => 'Vertical desaprovecha una pantalla horizontal.', en: () => 'Portrait wastes a landscape screen.', pt: () => 'Vertical desperdiça uma tela horizontal.' },
  landscape_off_channel: { es: () => 'Horizontal queda pequeño en un teléfono.', en: () => 'Landscape looks small on a phone.', pt: () => 'Horizontal fica pequeno no celular.' },
  language_request: { es: (l) => `Idioma ${l}, el pedido.`, en: (l) => `Language ${l}, as requested.`, pt: (l) => `Idioma ${l}, o pedido.` },
  language_context: { es: (l) => `Idioma ${l}, el del boletín de origen.`, en: (l) => `Language ${l}, the source bulletin's.`, pt: (l) => `Idioma ${l}, o do boletim de origem.` },
  language_default: { es: (l) => `Idioma ${l}, el predeterminado.`, en: (l) => `Language ${l}, the default.`, pt: (l) => `Idioma ${l}, o padrão.` },
};

const FORMAT_SCORES: Record<Channel, Record<Format, [number, string]>> = {
  tv: { landscape: [1.5, 'landscape_tv'], square: [0, ''], portrait: [-5, 'portrait_off_channel'] },
  social: { portrait: [1.5, 'portrait_social'], square: [1, 'square_social'], landscape: [-1, 'landscape_off_channel'] },
  web: { landscape: [1, 'landscape_web'], square: [0.5, 'square_web'], portrait: [-0.5, 'portrait_off_channel'] },
};

/** Ranked template × format suggestions (best first, at most `limit`). */
export function suggestTemplates(input: SuggestInput, templates: readonly TemplateInfo[], limit = 5): SuggestionView[] {
  const { language: lang } = input;
  // Codes passed here are MESSAGES keys written in this file.
  const reason = (code: string, arg = ''): Reason => ({ code, message: (MESSAGES[code] as Record<Language, (x: string) => string>)[lang](arg) });
  const sev = input.severity;
  const out: SuggestionView[] = [];
  templates.forEach((t, order) => {
    let score = 0;
    const reasons: Reason[] = [];
    switch (t.id) {
      case 'daily-report':
        score = 3;
        reasons.push(reason('full_report'));
        if (input.pollutants >= 2) {
          score += 1;
          reasons.push(reason('several_pollutants', String(input.pollutants)));
        }
        if (sev === null) {
          score += 1;
          reasons.push(reason('no_data'));
        }
        if (sev !== null && sev >= 3) score -= 1;
        if (input.channel !== 'social') score += 1;
        break;
      case 'pollution-alert':
        score = 1;
        if (sev !== null && sev >= 3) {
          score += 4;
          reasons.push(reason('alert_category', input.categoryLabel ?? ''));
        } else if (sev === 2) {
          score += 2.5;
          reasons.push(reason('sensitive_category', input.categoryLabel ?? ''));
        } else {
          score -= 1.5;
          reasons.push(reason('calm_day'));
        }
        break;
      case 'social-clip':
        score = 1;
        if (input.channel === 'social') {
          score += 3.5;
          reasons.push(reason('short_for_feed'));
        }
        if (input.channel === 'tv') {
          score -= 1;
          reasons.push(reason('too_short_for_tv'));
        }
        if (input.pollutants <= 1) score += 0.5;
        break;
      case 'weather-brief':
        score = 0.5;
        if (input.hasWeather) {
          score += 3;
          reasons.push(reason('weather_given'));
        } else {
          score -= 3;
          reasons.push(reason('no_weather'));
        }
        if (sev !== null && sev <= 1) score += 0.5;
        break;
      default:
        score = 0;
    }
    for (const format of t.formats) {
      const [fs, code] = FORMAT_SCORES[input.channel][format];
      const r = [...reasons, ...(code ? [reason(code)] : []), reason(`language_${input.languageSource}`, lang)];
      // Earlier templates and formats win ties, so the order is stable.
      out.push({ template: t.id, format, language: lang, score: Math.round((score + fs - order * 1e-3 - t.formats.indexOf(format) * 1e-4) * 1000) / 1000, durationSec: t.durationSec, reasons: r });
    }
  });
  return out.sort((a, b) => b.score - a.score).slice(0, limit);
}
