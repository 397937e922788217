/**
 * The date a bulletin is about: numeric (dd/mm/yyyy first, mm/dd/yyyy only when the
 * day cannot be a month), ISO, and with month names in es/pt/en; a labelled date
 * ("Fecha:", "VALID:") beats a publication date, a weekday that disagrees lowers
 * confidence; a month alone ("MARZO 2023", a monthly report) gives its first day;
 * compact dates ("240614") only where the document states their format ("YYMMDD").
 */
import type { Line } from './lines.js';
import { clip } from './readings.js';
import type { ExtractedTextField } from './types.js';
import { DATE_LABEL, DATE_OTHER, MONTHS, WEEKDAYS } from './vocabulary.js';

const MONTH_WORDS = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
const round2 = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;

const WEEKDAY_WORDS = Object.keys(WEEKDAYS).sort((a, b) => b.length - a.length).join('|');
const DATE_PATTERNS: Array<{ re: RegExp; parts: (m: RegExpMatchArray) => { d: number; m: number; y: number; ambiguous?: boolean; swapped?: boolean } | null }> = [
  {
    re: /(?<![\d/.-])(\d{4})-(\d{2})-(\d{2})(?![\d/.-])/g,
    parts: (m) => ({ y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) }),
  },
  {
    re: /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-])/g,
    parts: (m) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      const y = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
      if (a > 12 || b <= 12) return { d: a, m: b, y, ambiguous: a <= 12 && a !== b };
      return { d: b, m: a, y, swapped: true }; // 05/14/2024: month first
    },
  },
  {
    // A stray mark after the month is OCR's ("1 de ábril' de 2025").
    re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th|°|º)?\s*(?:de\s+|of\s+)?(${MONTH_WORDS})['’´\`]?\.?,?\s*(?:de\s+|del\s+)?(\d{4})\b`, 'gi'),
    parts: (m) => ({ d: Number(m[1]), m: MONTHS[m[2]!.toLowerCase()] ?? 0, y: Number(m[3]) }),
  },
  {
    // "July 1, 2023", and "July 1,2023" as OCR closes the gap.
    re: new RegExp(String.raw`\b(${MONTH_WORDS})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{4})\b`, 'gi'),
    parts: (m) => ({ d: Number(m[2]), m: MONTHS[m[1]!.toLowerCase()] ?? 0, y: Number(m[3]) }),
  },
];

/** "240614" under a YYMMDD header, "20240614" under YYYYMMDD. */
function compactPattern(fullYear: boolean): (typeof DATE_PATTERNS)[number] {
  return {
    re: fullYear ? /(?<![\d.,])(\d{4})(\d{2})(\d{2})(?![\d.,])/g : /(?<![\d.,])(\d{2})(\d{2})(\d{2})(?![\d.,])/g,
    parts: (m) => ({ y: fullYear ? Number(m[1]) : 2000 + Number(m[1]), m: Number(m[2]), d: Number(m[3]) }),
  };
}

/** Bulletins are about the past or tomorrow: a year beyond next year is a misreading (OCR's 2074). */
const LATEST_YEAR = new Date().getUTCFullYear() + 1;

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > LATEST_YEAR || m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return dt.toISOString().slice(0, 10);
}

/** More words than this beside a date make its line running text. */
const PROSE_WORDS = 8;
/** In running text, how far before a date (characters) a label word still labels it. */
const LABEL_REACH = 24;

/** The best date of the document, or null. */
export function findDate(lines: Line[], ocrFactor: (l: Line) => number): ExtractedTextField | null {
  let best: (ExtractedTextField & { order: number }) | null = null;
  const firstPage = lines.filter((l) => l.page === lines[0]?.page && l.folded.trim());
  const top = new Set(firstPage.slice(0, 8).map((l) => l.index));
  let order = 0;
  // A download whose header gives its compact date format ("FECHA (YYMMDD)"): its rows' dates read that way.
  // OCR reads an M of small print as N, V or W ("YYMVDD"); no other word is spelt so.
  const format = lines.map((l) => /\b(?:YY|AA)(?:YY|AA)?[MNVW]{2}DD\b/i.exec(l.display)?.[0].toUpperCase()).find(Boolean);
  const patterns = format ? [...DATE_PATTERNS, compactPattern(format.length === 8)] : DATE_PATTERNS;
  for (const line of lines) {
    for (const { re, parts } of patterns) {
      re.lastIndex = 0;
      for (const m of line.folded.matchAll(re)) {
        const p = parts(m);
        if (!p) continue;
        const iso = isoDate(p.y, p.m, p.d);
        if (!iso) continue;
        // A date inside running text ("between 22:00 on 31 December and …") is less
        // likely the bulletin's own than one dating the page ("Lima, 1 de enero de 2026"),
        // and a label word counts there only just before the date ("… el día siguiente"
        // labels nothing). Without this, equal scores left the choice to OCR confidence.
        const prose = line.folded.replace(m[0], ' ').split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length > PROSE_WORDS;
        const labelled = DATE_LABEL.test(prose ? line.folded.slice(Math.max(0, (m.index ?? 0) - LABEL_REACH), m.index) : line.folded);
        let c = labelled ? 0.95 : top.has(line.index) ? 0.85 : 0.75;
        if (DATE_OTHER.test(line.folded)) c = 0.6;
        else if (prose) c *= 0.95;
        if (p.ambiguous) c *= 0.95;
        if (p.swapped) c *= 0.9;
        const wd = new RegExp(String.raw`\b(${WEEKDAY_WORDS})\b[\s,.-]*(?:\d{1,2}\s*(?:de\s+)?)?$`, 'i').exec(line.folded.slice(0, m.index).toLowerCase());
        if (wd) {
          const want = WEEKDAYS[wd[1]!];
          if (want !== undefined && new Date(`${iso}T00:00:00Z`).getUTCDay() !== want) c *= 0.6;
        }
        c *= ocrFactor(line);
        const cand = { value: iso, sourceText: clip(line.display), confidence: c, order: order++ };
        if (!best || cand.confidence > best.confidence + 1e-9) best = cand;
      }
    }
  }
  if (!best) {
    // A monthly report: "MARZO 2023", "Boletín … (setiembre 2024)".
    const re = new RegExp(String.raw`\b(${MONTH_WORDS})\.?\s*(?:de\s+|del\s+|-\s*)?((?:19|20)\d{2})\b`, 'i');
    for (const line of lines.slice(0, 40)) {
      const m = re.exec(line.folded);
      const month = m ? MONTHS[m[1]!.toLowerCase()] : undefined;
      if (!m || !month || m[1]!.length < 3) continue;
      const iso = isoDate(Number(m[2]), month, 1);
      if (iso) return { value: iso, sourceText: clip(line.display), confidence: round2(0.55 * ocrFactor(line)) };
    }
    return null;
  }
  return { value: best.value, sourceText: best.sourceText, confidence: round2(best.confidence) };
}

