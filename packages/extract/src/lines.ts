/**
 * The parser's view of a page: lines of folded text, each with its cells (pieces
 * separated by wide gaps, tabs, `|` or `;`, or the commas and pipes of a delimited
 * file printed as text) and its words (tokens) placed on the page, so the table
 * reader can put a number under its column by position.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { readingOrder } from './columns.js';
import type { TextLine } from './types.js';
import { foldText } from './vocabulary.js';

/** A word of a line: offsets into the line's text and its horizontal extent. */
export interface Tok {
  start: number;
  end: number;
  x0: number;
  x1: number;
}

/** A cell of a line: offsets into the line's text and its horizontal extent. */
export interface Cell {
  start: number;
  end: number;
  x0: number;
  x1: number;
}

export interface Line {
  index: number;
  page: number;
  display: string;
  folded: string;
  cells: Cell[];
  toks: Tok[];
  /** Vertical extent (page units, downwards), when the source gave one. */
  y0?: number;
  y1?: number;
  fontSize: number | undefined;
  ocrConfidence: number | undefined;
  /** Read by OCR (so less certain). */
  isOcr: boolean;
  /** Cells came from a delimiter (`;`, tab): columns go by position in the row, not by x. */
  delimited: boolean;
  /** Taken by a table; prose reading skips it. */
  used: boolean;
  /** What a table made of it: a header line or a data row (its names are stations, not the location). */
  role?: 'header' | 'row';
}

export const CELL_GAP = '   ';

interface Piece {
  text: string;
  x0: number;
  x1: number;
  words?: Array<{ text: string; x0: number; x1: number }>;
}

/** Plain text: cells are separated by tabs, `|` or runs of 2+ spaces; x is the character column. */
function splitPlain(text: string): Piece[] {
  const out: Piece[] = [];
  const re = /[^\t|]+?(?=\s{2,}|\t|\s*\||\s*$)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (!t) continue;
    const x0 = (m.index ?? 0) + lead;
    out.push({ text: t, x0, x1: x0 + t.length });
  }
  return out;
}

/**
 * A delimited field holding one decimal number as OCR reads it: "0, 7" and "O, 7" are
 * 0,7 — in a `;` file the comma is the decimal separator, so the space after it is
 * the OCR's spacing, and an O before it is a zero.
 */
function decimalField(t: string): string {
  const m = /^([O\d]\d*)\s*([.,])\s+(\d+)$/.exec(t);
  return m ? `${m[1]!.replace(/O/g, '0')}${m[2]}${m[3]}` : t.replace(/^O([.,]\d+)$/, '0$1');
}

const semicolons = (text: string | undefined): number => (text ? (text.match(/;/g)?.length ?? 0) : 0);
/** A comma not in a decimal number ("0,7", OCR's "0, 7"): before a letter, a bracket, the end. */
const SEMICOLON_OR_WORD_COMMA = /;|,(?=\s*(?:[^\d\s]|$))/;

/**
 * Where the `;`-separated line `index` splits: at its semicolons, and also at commas
 * between words when that gives it exactly as many fields as the records beside it —
 * OCR reads a semicolon of small print as a comma ("CENTENARIO, CO_CORDOBA"), and a
 * header one field short put every later column's values under the wrong heading.
 * A `;` file's decimal commas sit between digits and stay.
 */
function semicolonDelimiter(wholes: string[], index: number): RegExp {
  const own = semicolons(wholes[index]) + 1;
  const beside = [wholes[index - 1], wholes[index + 1]].filter((w) => semicolons(w) >= 2).map((w) => semicolons(w) + 1);
  if (beside.length === 0 || beside.some((n) => n === own)) return /;/;
  const repaired = wholes[index]!.split(SEMICOLON_OR_WORD_COMMA).length;
  return beside.includes(repaired) ? SEMICOLON_OR_WORD_COMMA : /;/;
}

/** Split pieces at a delimiter, placing the fields in proportion to their offsets. */
function splitDelimited(pieces: Piece[], delim: RegExp): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const parts = p.text.split(delim);
    const w = (p.x1 - p.x0) / Math.max(1, p.text.length);
    let off = 0;
    for (const part of parts) {
      const lead = part.length - part.trimStart().length;
      const t = decimalField(part.trim());
      out.push({ text: t, x0: p.x0 + (off + lead) * w, x1: p.x0 + (off + lead + t.length) * w });
      off += part.length + 1;
    }
  }
  return out;
}

/**
 * The fields of a comma- or pipe-separated record (quotes as in CSV: "PM10 (µg/m3), daily"
 * is one field), with their offsets in the text; null when it is not one record.
 */
function recordFields(text: string, delim: ',' | '|'): Array<{ text: string; start: number; end: number }> | null {
  // OCR reads a straight quote as a curly one ("Nitrogen dioxide”): the same character, so offsets stay.
  text = text.replace(/[“”„]/g, '"');
  let rows: string[][];
  try {
    // csv-parse without `columns` gives rows of strings; its overloads type it loosely.
    rows = parseCsv(text, { delimiter: delim, relax_quotes: true, relax_column_count: true, trim: true }) as string[][];
  } catch {
    return null;
  }
  if (rows.length !== 1) return null;
  // Offsets: each field found in turn from where the previous one ended.
  const out: Array<{ text: string; start: number; end: number }> = [];
  let at = 0;
  for (const f of rows[0]!) {
    const start = f ? Math.max(at, text.indexOf(f, at)) : at;
    const end = start + f.length;
    out.push({ text: f, start, end });
    const next = text.indexOf(delim, f.includes(delim) ? text.indexOf('"', end) : end);
    at = next === -1 ? text.length : next + 1;
  }
  return out;
}

/** A field holding one number (OCR's "52. 3" too, as decimalField reads it). */
const numericField = (f: string): boolean => /^[-+]?\d+(?:[.,]\d+)?$/.test(decimalField(f));

/**
 * OCR reads a thin vertical bar as a closing bracket ("PPB] 66) 8|"): in a line of three
 * or more pipes, a closing bracket with no opening one in its field, before a space or
 * the end, is a pipe. One character for one, so offsets stay.
 */
function pipesRepaired(text: string): string {
  if ((text.match(/\|/g)?.length ?? 0) < 3) return text;
  let open = 0;
  let out = '';
  for (let k = 0; k < text.length; k++) {
    const ch = text[k]!;
    if (ch === '|') open = 0;
    else if (ch === '(' || ch === '[') open++;
    else if ((ch === ')' || ch === ']') && open > 0) open--;
    else if ((ch === ')' || ch === ']') && /^(?:\s|$)/.test(text.slice(k + 1, k + 2))) {
      out += '|';
      continue;
    }
    out += ch;
  }
  return out;
}

/**
 * Lines that are records of a comma- or pipe-separated file printed as text (an
 * agency's CSV download, AirNow's `daily_data.dat`): runs of two or more consecutive
 * lines of one page with the same number (three or more) of fields, at least one of
 * them with two numeric fields (one, for pipes: prose has commas, not pipes), and no
 * field of running prose (over 60 characters).
 * A line of the page just before or after such a run, holding the delimiter twice,
 * belongs to it too (a station line over the header: `,,"London Marylebone Road",,,`).
 * Commas in prose, and a lone "a | b" title, are left alone.
 */
function delimitedRecords(wholes: Array<{ text: string; page: number }>): Map<number, { delim: ',' | '|'; fields: Array<{ text: string; start: number; end: number }> }> {
  const out = new Map<number, { delim: ',' | '|'; fields: Array<{ text: string; start: number; end: number }> }>();
  for (const delim of [',', '|'] as const) {
    const fields = wholes.map((w) => {
      const text = delim === '|' ? pipesRepaired(w.text) : w.text;
      return (text.split(delim).length - 1) >= 2 ? recordFields(text, delim) : null;
    });
    const record = (k: number): boolean => {
      const f = fields[k];
      return !!f && f.length >= 3 && f.every((x) => x.text.length <= 60);
    };
    for (let k = 0; k < wholes.length; ) {
      if (!record(k) || out.has(k)) {
        k++;
        continue;
      }
      let end = k + 1;
      while (end < wholes.length && record(end) && fields[end]!.length === fields[k]!.length && wholes[end]!.page === wholes[k]!.page) end++;
      const run = Array.from({ length: end - k }, (_, i) => k + i);
      // Commas are common in prose: a comma run needs a line of two numbers; pipes are not.
      if (run.length >= 2 && run.some((i) => fields[i]!.filter((f) => numericField(f.text)).length >= (delim === ',' ? 2 : 1))) {
        for (const i of [k - 1, ...run, end]) {
          if (i >= 0 && i < wholes.length && !out.has(i) && fields[i] && wholes[i]!.page === wholes[k]!.page) out.set(i, { delim, fields: fields[i]! });
        }
      }
      k = end;
    }
  }
  return out;
}

/** Build the parser's lines from plain text or positioned lines. */
export function toLines(input: string | TextLine[]): Line[] {
  const source: TextLine[] = typeof input === 'string' ? input.split(/\r?\n/).map((text) => ({ text })) : readingOrder(input);
  let page = 1;
  const prepared = source.map((tl) => {
    if (typeof input === 'string' && /\f/.test(tl.text)) page += 1;
    const pieces: Piece[] = tl.cells?.length
      ? tl.cells.map((c) => ({ text: c.text.replace(/\f/g, ''), x0: c.x0, x1: c.x1, words: c.words }))
      : splitPlain(tl.text.replace(/\f/g, ''));
    return { tl, pieces, page: tl.page ?? page };
  });
  const wholes = prepared.map((p) => p.pieces.map((x) => x.text).join(' '));
  const records = delimitedRecords(wholes.map((text, k) => ({ text, page: prepared[k]!.page })));
  return prepared.map(({ tl, pieces: original, page: linePage }, index) => {
    let pieces = original;
    const whole = wholes[index]!;
    let delimited = false;
    const record = records.get(index);
    // A CSV row rendered as text: "FECHA;HORA;CO_CENTENARIO;…" or "26/12/2024;13;0,5;…".
    if (semicolons(whole) >= 2) {
      pieces = splitDelimited(pieces, semicolonDelimiter(wholes, index));
      delimited = true;
    } else if ((whole.match(/\t/g)?.length ?? 0) >= 2) {
      pieces = splitDelimited(pieces, /\t/);
      delimited = true;
    } else if (record) {
      const x0 = pieces[0]?.x0 ?? 0;
      const w = ((pieces[pieces.length - 1]?.x1 ?? x0) - x0) / Math.max(1, whole.length);
      pieces = record.fields.map((f) => ({ text: decimalField(f.text), x0: x0 + f.start * w, x1: x0 + f.end * w }));
      delimited = true;
    }
    let display = '';
    const cells: Cell[] = [];
    const toks: Tok[] = [];
    for (const p of pieces) {
      const words = p.words?.length
        ? p.words.map((w) => ({ text: foldText(w.text).display.trim(), x0: w.x0, x1: w.x1 })).filter((w) => w.text)
        : null;
      const text = words ? words.map((w) => w.text).join(' ') : foldText(p.text).display.replace(/\s+/g, ' ').trim();
      if (!text && !delimited) continue;
      if (display || cells.length) display += CELL_GAP;
      const start = display.length;
      display += text;
      cells.push({ start, end: display.length, x0: p.x0, x1: p.x1 });
      if (words) {
        let off = start;
        for (const w of words) {
          toks.push({ start: off, end: off + w.text.length, x0: w.x0, x1: w.x1 });
          off += w.text.length + 1;
        }
      } else {
        const scale = (p.x1 - p.x0) / Math.max(1, text.length);
        for (const m of text.matchAll(/\S+/g)) {
          const s = m.index ?? 0;
          toks.push({ start: start + s, end: start + s + m[0].length, x0: p.x0 + s * scale, x1: p.x0 + (s + m[0].length) * scale });
        }
      }
    }
    return {
      index,
      page: linePage,
      display,
      folded: foldText(display).folded.replace(/_/g, ' '),
      cells,
      toks,
      y0: tl.y0,
      y1: tl.y1,
      fontSize: tl.fontSize,
      ocrConfidence: tl.confidence,
      isOcr: false,
      delimited,
      used: false,
    };
  });
}

export const cellText = (line: Line, c: { start: number; end: number }): string => line.folded.slice(c.start, c.end);

/** Height of a line: from its extent, else its font size. */
export const lineHeight = (l: Line): number => (l.y0 !== undefined && l.y1 !== undefined ? l.y1 - l.y0 : (l.fontSize ?? 10));

/** Vertical gap between two lines in line heights (1 for plain text, where lines are adjacent). */
export function gapBetween(a: Line, b: Line): number {
  if (a.page !== b.page) return Infinity;
  if (a.y1 === undefined || b.y0 === undefined) return b.index - a.index;
  const h = Math.max(1, Math.min(lineHeight(a), lineHeight(b)));
  return (b.y0 - a.y1) / h + 1;
}

/** The commonest distance between the tops of consecutive OCR'd lines (body text), or null. */
export function ocrLinePitch(lines: Line[]): number | null {
  const steps: number[] = [];
  for (let k = 1; k < lines.length; k++) {
    const a = lines[k - 1]!;
    const b = lines[k]!;
    if (!a.isOcr || !b.isOcr || a.page !== b.page || a.y0 === undefined || b.y0 === undefined) continue;
    const d = b.y0 - a.y0;
    if (d > 0 && d < 3.5 * lineHeight(a)) steps.push(d);
  }
  if (steps.length < 3) return null;
  steps.sort((x, y) => x - y);
  return steps[Math.floor(steps.length / 2)]!;
}

/**
 * Two OCR'd lines of one page whose tops are at most `pitches` of the page's line
 * pitch apart (`ocrLinePitch`): OCR boxes hold the ink, not the line box, so their
 * gaps in ink heights look wider than a text layer's.
 */
export function withinPitches(a: Line, b: Line, pitch: number | null, pitches: number): boolean {
  return pitch !== null && a.isOcr && b.isOcr && a.page === b.page && a.y0 !== undefined && b.y0 !== undefined && b.y0 - a.y0 <= pitches * pitch;
}

