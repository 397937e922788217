/**
 * The location: the city or metropolitan area the document is about — never a
 * station, an air basin, a category word ("Mala", "Boa"), a pollutant or an agency.
 *
 * Candidates, each with a score:
 * 1. a label: "Ciudad: Santiago", "Município  São Paulo", "Location - Delhi";
 * 2. a city named inside a phrase, an agency's name included: "Prefeitura da Cidade
 *    do Rio de Janeiro", "Área Metropolitana de Lima y Callao", "Gobierno de la
 *    Ciudad de Buenos Aires", "Secretaría del Medio Ambiente de la Ciudad de México";
 * 3. a headline: "Calidad del aire en Santiago", "Air Quality Report for Denver, CO";
 * 4. a letter-style date line: "Santiago, martes 14 de mayo de 2024";
 * 5. a known city or metro name (gazetteer.ts) anywhere outside table rows, more
 *    for an early or large one and for each repetition.
 * A candidate that is a known name gains, and is reported by that name; one that
 * is a station of the document (a table row, "estación X"), a basin, a category or
 * an institution is dropped.
 */
import { findLabels } from './labels.js';
import type { Line } from './lines.js';
import { knownPlace, knownPlaces, knownPlacesSpaced } from './gazetteer.js';
import { clip } from './readings.js';
import type { ExtractedTextField } from './types.js';
import { BASIN, CATEGORY, DATE_OTHER, INDEX_HEADER, INSTITUTION, LOCATION_LABELS, MONTHS, WEEKDAYS, foldText } from './vocabulary.js';

const BULLETIN_WORDS = /^(?:calidad|aire|qualidade|ar|air|quality|boletin|boletim|bulletin|reporte|report|informe|relatorio|indice|index|diario|daily|pronostico|forecast|monitoreo|monitoramento|contaminacion|poluicao|pollution|estado|situacion|vigilancia|concentraciones|concentracoes|pollutant|concentrations|distribution|general|stations|estaciones|maximum|maxima|maximo|valid|today|tomorrow|hoy|hoje|area|zona|zone|region|regiao|distrito|district|municipio|ciudad|cidade|city|metropolitana|metropolitan)$/i;
const NAME = /\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:(?:de|del|do|da|dos|das|la|las|los|el|of|upon|y)[ \t]+)?\p{Lu}[\p{L}'’.-]*)*(?:,[ \t]*\p{Lu}{2}\b)?/uy;
const FULL_WEEKDAY = /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|(?:segunda|terca|quarta|quinta|sexta)-feira)\b/i;
const REGION_NAME = /^(?:valle|vale|valley|provincia|province|departamento|department|estado|state|region|regiao)\b|\bvalley$/i;
const SENSITIVE_GROUPS = /\b(?:sensitive\s+groups?|grupos?\s+sensibles?|grupos?\s+sensiveis)\b/i;
const MONTH_WORDS = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

/** Phrases whose object is a city, agency names included. */
const CITY_PHRASES: Array<[RegExp, number]> = [
  [/\b(?:ciudad|cidade|city|municipio|municipalidad(?:\s+metropolitana)?|prefeitura(?:\s+municipal)?(?:\s+da\s+cidade)?|alcaldia(?:\s+mayor)?|intendencia|gobierno(?:\s+de\s+la\s+ciudad)?|governo(?:\s+da\s+cidade)?|town|county)\s+(?:autonoma\s+)?(?:de|do|da|del|of)\s+(?:la\s+|el\s+)?/gi, 0.8],
  [/\b(?:area|region|regiao|zona)\s+metropolitana\s+(?:de|do|da|del|of)\s+(?:la\s+|el\s+)?/gi, 0.8],
  [/\b(?:greater|metropolitan|metro)\s+/gi, 0.7],
];

export interface LocationOptions {
  ocr: boolean;
  /** Station names of the document: never the location. */
  stations: Set<string>;
  ocrFactor: (l: Line) => number;
}

const foldName = (s: string): string => foldText(s).folded.toLowerCase().replace(/\s+/g, ' ').trim();

function validLocation(s: string, opts: LocationOptions): boolean {
  const { folded } = foldText(s);
  if (!/^\p{L}/u.test(s) || s.length > 60 || s.split(/\s+/).length > 6) return false;
  if (INSTITUTION.test(folded) || BASIN.test(folded) || CATEGORY.test(folded.trim())) return false;
  // "Índice AIRE Y SALUD", "AQHI": an index's name; "Sensitive Groups": the tail of a category ("Unhealthy for Sensitive Groups").
  // "Estación Centro", "Station Kwun Tong": a station, whatever its name.
  if (/^(?:estacion|estacao|station|sitio|site|monitor)\b/i.test(folded)) return false;
  if (INDEX_HEADER.test(folded) || /\baire\s+y\s+salud\b/i.test(folded) || SENSITIVE_GROUPS.test(folded)) return false;
  if (findLabels(folded.replace(/,\s*\p{Lu}{2}$/u, ''), opts.ocr).length > 0) return false;
  const words = folded.toLowerCase().split(/[\s,:;.()]+/).filter(Boolean);
  if (words.every((w) => BULLETIN_WORDS.test(w) || w in MONTHS || w in WEEKDAYS || /^(?:de|del|do|da|la|el|en|em|in|of|y|and|the)$/.test(w))) return false;
  // "Issued Wednesday, July 17": a weekday or an issue word names no place ("Santo Domingo" and
  // "Quinta Normal" do: only weekday names that are nothing else count).
  if (FULL_WEEKDAY.test(folded) || DATE_OTHER.test(folded)) return false;
  if (/\d{2,}/.test(s)) return false;
  if (opts.stations.has(foldName(s)) && !knownPlace(s)) return false;
  return true;
}

/**
 * "IDEAM", "RMCAB" in "Informe de calidad del aire del IDEAM": a short all-capitals word
 * in a line otherwise written in mixed case is an acronym (an agency, a network), not
 * a city; a heading set all in capitals ("CALIDAD DEL AIRE EN TEMUCO") says nothing.
 */
function isAcronymIn(v: string, line: Line): boolean {
  if (!/^\p{Lu}{2,8}$/u.test(v)) return false;
  const rest = line.display.replace(v, ' ');
  return (rest.match(/\p{Ll}/gu)?.length ?? 0) > (rest.match(/\p{Lu}/gu)?.length ?? 0);
}

function cleanLocation(s: string): string {
  return s
    .replace(/\s+(?:\p{L}+)\s*:.*$/u, '')
    .replace(/\s+(?:y|e|and)\s+(?:el|la|o|a|the)?\s*$/iu, '')
    .replace(/[\s,;:.–—|'"“”‘’*()-]+$/u, '')
    .replace(/^[\s:–—|'"“”‘’.,*()-]+/u, '')
    .trim();
}

/** The best location of the document, or null. */
export function findLocation(lines: Line[], opts: LocationOptions): ExtractedTextField | null {
  const scores = new Map<string, { value: string; score: number; sourceText: string; order: number }>();
  let order = 0;
  const offer = (raw: string, line: Line, score: number): void => {
    let v = cleanLocation(raw);
    if (v && isAcronymIn(v, line) && !knownPlace(v)) return;
    if (!v || !validLocation(v, opts)) {
      // "Lima y Callao", "Los Angeles County": the known name at its start still counts.
      const head = knownPlaces(foldText(v).folded)[0];
      if (!head || head.start > 0) return;
      v = head.name;
    }
    const known = knownPlace(v);
    const value = known ?? v;
    if (opts.stations.has(foldName(value)) && !known) return;
    // A valley, province or state ("Valle de Aburrá") is the area, not the city: any city named beats it.
    const region = REGION_NAME.test(foldText(value).folded);
    let s = score * opts.ocrFactor(line) * (region ? 0.6 : 1) + (known ? 0.15 : 0);
    const key = foldName(value);
    const prev = scores.get(key);
    if (prev) s = Math.max(prev.score, s) + 0.03; // said again
    scores.set(key, { value, score: s, sourceText: prev?.sourceText ?? clip(line.display), order: prev?.order ?? order++ });
  };

  const firstPage = lines.filter((l) => l.page === lines[0]?.page && l.folded.trim());
  const sizes = firstPage.map((l) => l.fontSize ?? 0).filter((s) => s > 0).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const top = new Set(firstPage.slice(0, 8).map((l) => l.index));
  const large = new Set(firstPage.filter((l) => median > 0 && (l.fontSize ?? 0) >= median * 1.2).map((l) => l.index));

  for (const line of lines) {
    if (line.role === 'row') continue;
    // 1. Labels.
    for (const [re, conf] of LOCATION_LABELS) {
      const g = new RegExp(re.source, 'gi');
      for (const m of line.folded.matchAll(g)) {
        const at = (m.index ?? 0) + m[0].length;
        const cell = line.cells.find((c) => (m.index ?? 0) >= c.start && (m.index ?? 0) < c.end);
        const rest = line.folded.slice(at);
        const sep = /^\s*(?:\([^)]*\)\s*)?[:=–—-]\s*/.exec(rest);
        const stationLabel = conf <= 0.6;
        if (sep && cell) {
          const v = line.display.slice(at + sep[0].length, Math.max(cell.end, at + sep[0].length));
          if (stationLabel) opts.stations.add(foldName(cleanLocation(v)));
          offer(v, line, conf);
        } else if (cell && /^\s*$/.test(line.folded.slice(at, cell.end)) && (m.index ?? 0) === cell.start) {
          const nextCell = line.cells[line.cells.indexOf(cell) + 1];
          if (nextCell) offer(line.display.slice(nextCell.start, nextCell.end), line, conf * 0.95);
        }
      }
    }
    // 2. Phrases naming a city ("Prefeitura da Cidade do Rio de Janeiro").
    for (const [re, conf] of CITY_PHRASES) {
      re.lastIndex = 0;
      for (const m of line.folded.matchAll(re)) {
        NAME.lastIndex = (m.index ?? 0) + m[0].length;
        const n = NAME.exec(line.display);
        if (!n) continue;
        // "Ciudad de México" is the name itself; "Cidade do Rio de Janeiro" names Rio de Janeiro.
        const full = line.display.slice(m.index ?? 0, NAME.lastIndex).replace(/^(?:\p{L}+\s+)*?(?=ciudad|cidade|city)/iu, '');
        offer(knownPlace(full) ? full : n[0], line, conf);
      }
    }
    // "Lima Metropolitana", "Santiago Metropolitan Region".
    for (const m of line.display.matchAll(/(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?)\s+(?:Metropolitana|Metropolitan)\b/gu)) offer(m[1]!, line, 0.75);
  }
  // 3. Headlines.
  for (const line of firstPage.filter((l, k) => (k < 6 || large.has(l.index)) && l.role !== 'row')) {
    if (!/\b(?:calidad|qualidade|air|aire|boletin|boletim|bulletin|report|reporte|informe|relatorio|indice|index|forecast|pronostico|previsao|vigilancia)\b/i.test(line.folded)) continue;
    const seps = [...line.folded.matchAll(/(?:\b(?:en|em|in|de|del|do|da|for|para)\s+|\s[-–—]\s+|[:|]\s*)/gi)];
    for (const s of seps) {
      NAME.lastIndex = (s.index ?? 0) + s[0].length;
      const m = NAME.exec(line.display);
      if (m && validLocation(cleanLocation(m[0]), opts)) {
        offer(m[0], line, 0.7);
        break;
      }
    }
  }
  // 4. Letter style.
  for (const line of firstPage.slice(0, 10)) {
    const m = new RegExp(String.raw`^([^,\d]{2,40}),[^\d]{0,30}?(?:\d{1,2}\s+(?:de\s+)?(?:${MONTH_WORDS})|(?:${MONTH_WORDS})\.?\s+\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})\b`, 'i').exec(line.folded);
    // A dateline says where the document was written: above a known city named in the text.
    if (m) offer(line.display.slice(0, m[1]!.length), line, 0.7);
  }
  // 5. Known names anywhere outside table rows.
  for (const line of lines) {
    if (line.role === 'row') continue;
    for (const hit of line.isOcr ? knownPlacesSpaced(line.folded) : knownPlaces(line.folded)) {
      // A capital letter where the name starts: "Natal" the city, not "natal" the word.
      if (!/^\p{Lu}/u.test(line.display.slice(hit.start, hit.start + 1))) continue;
      if (opts.stations.has(foldName(hit.name))) continue;
      // Near the top only as a heading or a short line: a city named in passing in the first paragraph
      // ("Residents who drove to Seattle …") is not what the document is about.
      const heading = (top.has(line.index) || large.has(line.index)) && (line.folded.match(/\p{L}{2,}/gu)?.length ?? 0) <= 8;
      const base = heading ? 0.62 : 0.5;
      offer(hit.name, line, base);
    }
  }
  let best: { value: string; score: number; sourceText: string; order: number } | null = null;
  for (const c of scores.values()) if (!best || c.score > best.score + 1e-9 || (Math.abs(c.score - best.score) < 1e-9 && c.order < best.order)) best = c;
  if (!best) return null;
  return { value: best.value, sourceText: best.sourceText, confidence: Math.round(Math.min(1, best.score) * 100) / 100 };
}
