/**
 * Measure labels and units in folded text: where "MP2,5", "Ozônio (O3)", "NO₂" are,
 * and which unit follows a number ("µg/m³N", "ppbv", "microgrammes/cubic metre").
 */
import { CELL_GAP } from './lines.js';
import type { SourceUnit } from './types.js';
import { LABELS, MEASURES, OCR_LABELS, OCR_UNITS, UNITS, type Measure } from './vocabulary.js';

export interface LabelHit {
  measure: Measure;
  start: number;
  end: number;
}

/** Every measure label of a folded text, overlaps merged, "Name (FORMULA)" joined into one label. */
export function findLabels(folded: string, ocr: boolean): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const measure of MEASURES) {
    const patterns = [...LABELS[measure], ...(ocr ? (OCR_LABELS[measure] ?? []) : [])];
    for (const re of patterns) {
      re.lastIndex = 0;
      for (const m of folded.matchAll(re)) hits.push({ measure, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
    }
  }
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: LabelHit[] = [];
  for (const h of hits) {
    const last = kept[kept.length - 1];
    if (last && h.start < last.end) continue;
    // Joined within a cell only: "OZONE   OZONE" are two columns' headings, not one label.
    if (last && last.measure === h.measure && /^[\s()[\]:,/-]*$/.test(folded.slice(last.end, h.start)) && !folded.slice(last.end, h.start).includes(CELL_GAP)) {
      last.end = h.end;
      continue;
    }
    kept.push({ ...h });
  }
  for (const k of kept) {
    const close = /^\s*[)\]]/.exec(folded.slice(k.end));
    if (close) k.end += close[0].length;
  }
  // "CO" inside "Denver, CO" is a US state; "CO" in an all-capitals heading word list is not a label either.
  return kept.filter((k) => !(k.measure === 'co' && /,\s*$/.test(folded.slice(0, k.start)) && /^\s*(?:$|\d{5})/.test(folded.slice(k.end))));
}

const EXTRA_UNITS: Array<[SourceUnit, RegExp]> = [
  ['µg/m³', /^micro-?gram(?:me)?s?\s*(?:\/|per|por)\s*(?:cubic\s*)?(?:metre|meter|m)/i],
  ['µg/m³', /^microgramos?\s+por\s+metro/i],
  ['mg/m³', /^milligrams?\s+per\s+cubic/i],
  // "con 40 microgramos": news prose drops "per cubic metre".
  ['µg/m³', /^micro-?gram(?:o|a|me)?s\b/i],
];

/** The unit at the start of `text` (after a number), or null. */
export function unitAt(text: string, ocr: boolean): SourceUnit | null {
  const t = text.replace(/^\s*[([]?\s?/, '');
  for (const [u, re] of UNITS) if (re.test(t)) return u;
  for (const [u, re] of EXTRA_UNITS) if (re.test(t)) return u;
  if (ocr) for (const [u, re] of OCR_UNITS) if (re.test(t)) return u;
  return null;
}

/** A concentration unit written inside a label or header ("MP2,5 [µg/m³]", "Ozono (ppb)", "UG/M3"): no bare C/F here. */
export function unitWithin(text: string, ocr: boolean): SourceUnit | null {
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && /[A-Za-z0-9]/.test(text[i - 1] ?? '')) continue;
    const u = unitAt(text.slice(i), ocr);
    if (u && !/^[CF]$/.test(text[i] ?? '') && !(u === '°C' && /^C/.test(text.slice(i)))) return u;
  }
  return null;
}
