/**
 * Reading order of a page set in two columns of prose (a newspaper clipping, a
 * two-column bulletin): a text layer or OCR gives one line per height, so the left
 * column's line and the right column's run together ("…en microgramos por   bueno,
 * de 0 a 12,4…"). Where three or more lines hold two cells of running text split at
 * one gutter, the lines about them are read column by column: the left column down,
 * then the right one. Tables are left alone: their cells are short or numeric.
 */
import type { TextCell, TextLine } from './types.js';

/** A cell of running text: four words or more, mostly letters. */
function proseCell(c: TextCell): boolean {
  const words = c.text.trim().split(/\s+/).filter((w) => /\p{L}{2}/u.test(w));
  const letters = (c.text.match(/\p{L}/gu) ?? []).length;
  return words.length >= 4 && c.text.length >= 20 && letters >= c.text.replace(/\s/g, '').length * 0.6;
}

const height = (l: TextLine): number => (l.y0 !== undefined && l.y1 !== undefined ? l.y1 - l.y0 : (l.fontSize ?? 10));

/** The gutter of a run of two-column lines (x where the right column starts), or null. */
function gutterOf(lines: TextLine[]): number | null {
  const starts = lines.filter((l) => l.cells?.length === 2 && l.cells.every(proseCell)).map((l) => ({ x: l.cells![1]!.x0, tol: 1.5 * height(l) }));
  for (const s of starts) {
    const near = starts.filter((o) => Math.abs(o.x - s.x) <= s.tol);
    if (near.length >= 3) return near.reduce((a, o) => a + o.x, 0) / near.length;
  }
  return null;
}

/** Lines reordered column by column where a page is set in two columns of prose. */
export function readingOrder(lines: TextLine[]): TextLine[] {
  if (!lines.some((l) => l.cells?.length === 2)) return lines;
  const out: TextLine[] = [];
  const pages = new Map<number, TextLine[]>();
  for (const l of lines) pages.set(l.page ?? 1, [...(pages.get(l.page ?? 1) ?? []), l]);
  for (const page of pages.values()) out.push(...pageOrder(page));
  return out;
}

function pageOrder(page: TextLine[]): TextLine[] {
  const gutter = gutterOf(page);
  if (gutter === null || page.some((l) => !l.cells?.length)) return page;
  const tol = (l: TextLine): number => 0.75 * height(l);
  const side = (l: TextLine, c: TextCell): 'left' | 'right' | 'across' => (c.x1 <= gutter + tol(l) && c.x0 < gutter - tol(l) ? 'left' : c.x0 >= gutter - tol(l) ? 'right' : 'across');
  const split = (l: TextLine): boolean => l.cells!.length === 2 && side(l, l.cells![0]!) === 'left' && side(l, l.cells![1]!) === 'right';
  const first = page.findIndex(split);
  let last = page.length - 1 - [...page].reverse().findIndex(split);
  // The region: from the first split line to the last, and on while one column goes on alone, line after line.
  if (page.slice(first, last + 1).some((l) => l.cells!.some((c) => side(l, c) === 'across'))) return page;
  const oneSide = (l: TextLine): boolean => new Set(l.cells!.map((c) => side(l, c))).size === 1 && side(l, l.cells![0]!) !== 'across';
  const close = (a: TextLine, b: TextLine): boolean => a.y1 === undefined || b.y0 === undefined || b.y0 - a.y1 <= 0.8 * height(a);
  while (last + 1 < page.length && oneSide(page[last + 1]!) && close(page[last]!, page[last + 1]!)) last++;
  const left: TextLine[] = [];
  const right: TextLine[] = [];
  for (const l of page.slice(first, last + 1)) {
    const piece = (cells: TextCell[]): TextLine => ({ ...l, text: cells.map((c) => c.text).join('   '), cells });
    const l0 = l.cells!.filter((c) => side(l, c) === 'left');
    const r0 = l.cells!.filter((c) => side(l, c) === 'right');
    if (l0.length) left.push(piece(l0));
    if (r0.length) right.push(piece(r0));
  }
  return [...page.slice(0, first), ...left, ...right, ...page.slice(last + 1)];
}
