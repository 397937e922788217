/**
 * The accessible package of an AI render, as text: the audio description (what the
 * picture shows, for people who cannot see it: the headline, the gauge and its
 * colour band), SubRip captions beside the WebVTT ones, and a plain-text transcript.
 */
import type { Language } from '@aqcast/engine';
import type { ReportFacts } from './facts.js';
import { formatNumber, lowerFirst } from './locale.js';
import type { VttCue } from './webvtt.js';

/** The name of a colour in `language`, from its #RRGGBB (AQI bands: green, yellow, orange, red, purple, maroon; others by hue). */
export function colourName(language: Language, hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  const names: Record<string, Record<Language, string>> = {
    green: { es: 'verde', en: 'green', pt: 'verde' },
    yellow: { es: 'amarilla', en: 'yellow', pt: 'amarela' },
    orange: { es: 'naranja', en: 'orange', pt: 'laranja' },
    red: { es: 'roja', en: 'red', pt: 'vermelha' },
    purple: { es: 'morada', en: 'purple', pt: 'roxa' },
    maroon: { es: 'granate', en: 'maroon', pt: 'grená' },
    blue: { es: 'azul', en: 'blue', pt: 'azul' },
    grey: { es: 'gris', en: 'grey', pt: 'cinza' },
  };
  if (!m) return names.grey?.[language] ?? 'grey';
  const [r = 0, g = 0, b = 0] = [m[1], m[2], m[3]].map((x) => parseInt(x ?? '0', 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let key = 'grey';
  if (d > 0.15) {
    const h = max === r ? (((g - b) / d) % 6) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
    const hue = (h + 360) % 360;
    if (hue < 15 || hue >= 330) key = l < 0.35 ? 'maroon' : 'red';
    else if (hue < 45) key = 'orange';
    else if (hue < 70) key = 'yellow';
    else if (hue < 170) key = 'green';
    else if (hue < 260) key = 'blue';
    else key = 'purple';
  }
  return names[key]?.[language] ?? key;
}

/**
 * What the picture shows, said before the narration in the audio-description track:
 * the headline on screen, and where the gauge points, in which colour band.
 */
export function describePicture(facts: ReportFacts, headline: string): string[] {
  const lang = facts.language;
  const out = [{ es: `En pantalla, el título: ${headline}.`, en: `On screen, the title: ${headline}.`, pt: `Na tela, o título: ${headline}.` }[lang]];
  const c = facts.category;
  if (c && facts.index !== null && facts.indexName) {
    const colour = colourName(lang, c.color);
    const v = formatNumber(lang, facts.index, 0);
    const label = lang === 'en' ? c.label : lowerFirst(c.label);
    out.push(
      {
        es: `Un indicador circular marca ${v} en la escala ${facts.indexName}; la aguja está en la franja ${colour}, la de la categoría ${label}, la número ${c.level + 1} de la escala, que va del verde al granate.`,
        en: `A round gauge shows ${v} on the ${facts.indexName} scale; its needle is in the ${colour} band, the ${label} category, band ${c.level + 1} of a scale that runs from green to maroon.`,
        pt: `Um medidor circular marca ${v} na escala ${facts.indexName}; o ponteiro está na faixa ${colour}, a da categoria ${label}, a de número ${c.level + 1} da escala, que vai do verde ao grená.`,
      }[lang],
    );
  }
  return out;
}

function srtTimestamp(sec: number): string {
  const ms = Math.max(0, Math.round(sec * 1000));
  const pad = (x: number, w = 2) => String(x).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))},${pad(ms % 1000, 3)}`;
}

/** The cues as a SubRip (.srt) file: numbered blocks, HH:MM:SS,mmm times, CRLF-free. */
export function toSrt(cues: readonly VttCue[], breakLines: (t: string) => string): string {
  return cues.map((c, i) => `${i + 1}\n${srtTimestamp(c.start)} --> ${srtTimestamp(c.end)}\n${breakLines(c.text).replace(/\u00a0/g, ' ')}\n`).join('\n');
}

/** A plain-text transcript: the headline, place and date, the narration as read, and the description of the picture. */
export function transcript(o: { language: Language; headline: string; location: string; date: string; sentences: readonly string[]; description: readonly string[] }): string {
  const heading = { es: 'Descripción de la imagen', en: 'Description of the picture', pt: 'Descrição da imagem' }[o.language];
  const lines = [o.headline, `${o.location}, ${o.date}`, '', ...o.sentences.map((s) => s.replace(/\u00a0/g, ' ')), '', `${heading}:`, ...o.description];
  return `${lines.join('\n')}\n`;
}
