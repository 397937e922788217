/**
 * Long tables: one reading per row, the pollutant named in a cell of its own — an
 * agency's download or data file ("05/14/24|040130019|West Phoenix|OZONE-8HR|PPB|66|8|…",
 * "location,parameter,value,unit,…", "Estación | Contaminante | Concentración | Unidad").
 * The wide-table readers (tables.ts) look for measures in a header; here the header
 * is optional and says at most which column is the value, the station or the unit.
 *
 * A run is two or more consecutive rows of one page with the same number of cells
 * and the measure label alone in the same cell (an averaging suffix allowed:
 * "PM2.5-24hr", "O3 (8 h)"). Under a header the value column is the one it calls
 * the value ("value", "Concentración", "Conc."); a header without one is a wide
 * table's ("Poluente | Tijuca | Bangu"), left to tables.ts. Without a header it is
 * the number beside a column of units ("PPB | 66"); a run with no unit column is
 * left alone: a bare number beside a pollutant may be an index, a count or a rank.
 *
 * `readPairRows` reads the other shape with the pollutant in a cell of its own: rows
 * of pollutant–value pairs, one pair per day, under day headers.
 */
import { findLabels, unitAt, unitWithin } from './labels.js';
import { cellText, gapBetween, type Line } from './lines.js';
import { averagingIn } from './numbers.js';
import { makeReading, type Reading } from './readings.js';
import { cleanStationName, readCell, type TableContext } from './tables.js';
import { hoursAveraging, type Averaging } from './types.js';
import { FORECAST, INDEX_HEADER, OBSERVED, STATION_HEADER, TIME_HEADER, UNIT_HEADER, VALUE_HEADER, type Measure } from './vocabulary.js';

const NUMERIC = /^[-−+]?\d+(?:[.,]\d+)?$/;
/** A date or time cell ("05/14/24", "2024-05-14", "13:00", "240614"): never a station's name. */
const DATE_OR_TIME = /^(?:\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(?:[ T]\d{1,2}:\d{2}.*)?|\d{1,2}:\d{2}(?::\d{2})?|\d{6,8})$/;
/** A day header of measured values ("Yesterday", "Ayer") and of the day a forecast is for ("Today", "Hoy"). */
const PAST_DAY = /\b(?:yesterday|ayer|ontem)\b/i;
const TODAY = /\b(?:today|hoy|hoje)\b/i;
/** Headers of an averaging-period column ("averaging period (hours)", "promedio (h)"). */
const AVERAGING_HEADER = /\b(?:averag\w*|promedio|media\s+movel|periodo|period)\b/i;

/** The measure a cell names when it holds nothing else (an averaging suffix and a unit in brackets aside). */
function labelOfCell(text: string, ocr: boolean): { measure: Measure; averaging: Averaging | null } | null {
  const labels = findLabels(text, ocr);
  const label = labels[0];
  if (labels.length !== 1 || !label) return null;
  const rest = (text.slice(0, label.start) + ' ' + text.slice(label.end))
    .replace(/\b(?:1|3|8|12|24)\s*-?\s*(?:h|hs|hr|hrs|hora|horas|hour|hours)\b/gi, ' ')
    .replace(/\b(?:daily|hourly|diari[oa]|horari[oa]|mensual|monthly|mean|avg|average|promedio|media)\b/gi, ' ')
    .replace(/[([][^)\]]*[)\]]/g, (m) => (unitWithin(m, ocr) ? ' ' : m))
    .replace(/[\s\-_()[\]:,./]+/g, '');
  if (rest) return null;
  return { measure: label.measure, averaging: averagingIn(text) };
}

const isUnitCell = (t: string, ocr: boolean): boolean => /^\S{1,9}$/.test(t) && unitAt(t, ocr) !== null && !/^[CF%]$/.test(t);

/** Read every long table among the lines no other reader took; marks the lines it reads as used. */
export function readLongTables(lines: Line[], ctx: TableContext): Reading[] {
  const out: Reading[] = [];
  const texts = (l: Line): string[] => l.cells.map((c) => cellText(l, c).trim());
  const labelColumn = (l: Line): number => {
    const cells = texts(l);
    const hits = cells.map((t, k) => (labelOfCell(t, ctx.ocr) ? k : -1)).filter((k) => k >= 0);
    return hits.length === 1 ? hits[0]! : -1;
  };
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!;
    if (first.used || first.cells.length < 3) continue;
    const j = labelColumn(first);
    if (j < 0) continue;
    const n = first.cells.length;
    let end = i + 1;
    while (end < lines.length) {
      const l = lines[end]!;
      if (l.used || l.cells.length !== n || labelColumn(l) !== j || gapBetween(lines[end - 1]!, l) > 2.5) break;
      end++;
    }
    const run = lines.slice(i, end);
    if (run.length < 2) continue;
    const rows = run.map(texts);
    const above = lines[i - 1];
    const headed = !!above && !above.used && above.cells.length >= 2 && gapBetween(above, first) <= 4.5 && texts(above).every((t) => !NUMERIC.test(t));
    // A header of other cells (stacked or spanning station names) is a wide table's.
    if (headed && above.cells.length !== n) {
      i = end - 1;
      continue;
    }
    const header = headed ? texts(above!) : null;
    const column = (c: number): string[] => rows.map((r) => r[c] ?? '');
    const filled = (c: number): string[] => column(c).filter((t) => t !== '');
    const numeric = (c: number): boolean => filled(c).length > 0 && filled(c).every((t) => NUMERIC.test(t) || readCell(t, ctx.ocr)?.placeholder);
    const isIndex = (c: number): boolean => !!header && INDEX_HEADER.test(header[c] ?? '');
    const unitCol = [...Array(n).keys()].find((c) => c !== j && (header && UNIT_HEADER.test(header[c] ?? '') || filled(c).length > 0 && filled(c).every((t) => isUnitCell(t, ctx.ocr))));
    // Under a header only the column it calls the value: "Poluente | Tijuca | Bangu | Unidade" is a wide table (tables.ts).
    const valueCol = header
      ? [...Array(n).keys()].find((c) => c !== j && VALUE_HEADER.test(header[c]!) && !isIndex(c) && numeric(c))
      : unitCol !== undefined ? [unitCol - 1, unitCol + 1].find((c) => c >= 0 && c < n && c !== j && numeric(c)) : undefined;
    if (valueCol === undefined) {
      i = end - 1;
      continue;
    }
    const stationCol = stationColumn(n, j, header, column, numeric, unitCol, valueCol);
    const averagingCol = header ? [...Array(n).keys()].find((c) => c !== valueCol && AVERAGING_HEADER.test(header[c]!) && numeric(c)) : undefined;
    for (const [r, row] of rows.entries()) {
      const line = run[r]!;
      line.used = true;
      line.role = 'row';
      const label = labelOfCell(row[j]!, ctx.ocr)!;
      const cell = readCell(row[valueCol] ?? '', ctx.ocr);
      if (!cell || cell.placeholder || cell.legend || Number.isNaN(cell.value)) continue;
      const rowUnit = unitCol !== undefined ? unitAt(row[unitCol] ?? '', ctx.ocr) : null;
      const labelUnit = unitWithin(row[j]!, ctx.ocr);
      const headerUnit = header ? unitWithin(header[valueCol] ?? '', ctx.ocr) : null;
      const docUnit = ctx.documentUnit(label.measure);
      const hours = averagingCol !== undefined ? Number(row[averagingCol]) : NaN;
      const averaging = label.averaging ?? (Number.isInteger(hours) ? hoursAveraging(hours) : null);
      const station = stationCol !== undefined ? cleanStationName(row[stationCol] ?? '') : '';
      const reading = makeReading({
        measure: label.measure,
        raw: cell.value,
        unit: cell.unit ?? rowUnit ?? labelUnit ?? headerUnit ?? docUnit,
        unitSource: cell.unit ? 'after' : rowUnit || labelUnit ? 'label' : headerUnit ? 'header' : docUnit ? 'document' : 'none',
        sourceText: line.display,
        base: header ? 0.92 : 0.9,
        ocrFactor: ctx.ocrFactor(line),
        averaging,
        kind: ctx.documentKind,
        station: station || null,
        page: line.page,
      });
      if (reading) out.push(reading);
    }
    if (header) above!.used = true;
    i = end - 1;
  }
  return out;
}

/**
 * The column naming each row's station: the one a header calls so; else the column
 * of words (not numbers, dates, units or the pollutant) nearest before the pollutant
 * whose rows differ — a data source repeated on every row names no station.
 */
function stationColumn(
  n: number,
  labelCol: number,
  header: string[] | null,
  column: (c: number) => string[],
  numeric: (c: number) => boolean,
  unitCol: number | undefined,
  valueCol: number,
): number | undefined {
  const candidates = [...Array(n).keys()].filter((c) => c !== labelCol && c !== unitCol && c !== valueCol && !numeric(c));
  const worded = (c: number): boolean => column(c).every((t) => /\p{L}{2}/u.test(t) && !DATE_OR_TIME.test(t));
  if (header) {
    const named = candidates.find((c) => STATION_HEADER.test(header[c]!) && !TIME_HEADER.test(header[c]!) && worded(c));
    if (named !== undefined) return named;
  }
  const varied = candidates.filter((c) => worded(c) && new Set(column(c)).size > 1);
  const before = varied.filter((c) => c < labelCol);
  return before.length ? before[before.length - 1] : varied[0];
}

/**
 * Rows of pollutant–value pairs: "Fresno | 126 | O3 | 78 ppb | 147 | O3 | 84 ppb | …" —
 * a county or station per row, and for each day (or period) the pollutant that
 * drives it in a cell of its own beside its concentration, the unit written in the
 * cell. A day's header above ("Observed", "Forecast") says what each pair is: the
 * pairs under an observed header are read, else those of the first forecast.
 * Numbers outside a pair (the AQI beside it) are not concentrations.
 */
export function readPairRows(lines: Line[], ctx: TableContext): Reading[] {
  const out: Reading[] = [];
  interface Pair {
    measure: Measure;
    averaging: Averaging | null;
    value: number;
    unit: NonNullable<ReturnType<typeof unitAt>>;
    x0: number;
  }
  // "PM" alone in a pair stands for the one particle size the document names ("PM - Particulate Matter (PM2.5, 24-hour)").
  const sizes = (['pm25', 'pm10'] as const).filter((m) => ctx.documentMeasures.has(m));
  const pm = sizes.length === 1 ? sizes[0]! : null;
  const pairsOf = (l: Line): Pair[] => {
    const cells = l.cells.map((c) => cellText(l, c).trim());
    const pairs: Pair[] = [];
    for (let k = 1; k + 1 < cells.length; k++) {
      const label = labelOfCell(cells[k]!, ctx.ocr) ?? (pm && /^PM$/.test(cells[k]!) ? { measure: pm, averaging: null } : null);
      const cell = label ? readCell(cells[k + 1]!, ctx.ocr) : null;
      if (!label || !cell?.unit || cell.legend || cell.placeholder || Number.isNaN(cell.value)) continue;
      pairs.push({ measure: label.measure, averaging: label.averaging, value: cell.value, unit: cell.unit, x0: l.cells[k]!.x0 });
      k++;
    }
    return pairs;
  };
  for (let i = 0; i < lines.length; i++) {
    const runStart = i;
    const rows: Array<{ line: Line; name: string; pairs: Pair[] }> = [];
    for (let k = i; k < lines.length; k++) {
      const l = lines[k]!;
      if (l.used || l.cells.length < 3 || (rows.length && gapBetween(lines[k - 1]!, l) > 2.5)) break;
      const name = cellText(l, l.cells[0]!).trim();
      const pairs = pairsOf(l);
      if (!pairs.length || !/\p{L}{2}/u.test(name) || findLabels(name, ctx.ocr).length) break;
      rows.push({ line: l, name: cleanStationName(name), pairs });
    }
    if (rows.length < 2) continue;
    // The header cells above the rows (up to four lines with no values) that name a period.
    const periods: Array<{ x0: number; kind: 'observed' | 'forecast' }> = [];
    for (let k = runStart - 1; k >= Math.max(0, runStart - 4); k--) {
      const l = lines[k]!;
      // A line of one cell is a title ("Daily Air Quality Forecast"), not a column's head.
      if (l.cells.length < 2 || l.cells.some((c) => NUMERIC.test(cellText(l, c).trim()) && !DATE_OR_TIME.test(cellText(l, c).trim()))) break;
      for (const c of l.cells) {
        const t = cellText(l, c);
        const kind = OBSERVED.test(t) || PAST_DAY.test(t) ? 'observed' : FORECAST.test(t) || TODAY.test(t) ? 'forecast' : null;
        if (kind) periods.push({ x0: c.x0, kind });
      }
    }
    periods.sort((a, b) => a.x0 - b.x0);
    const periodOf = (x: number): { x0: number; kind: 'observed' | 'forecast' } | null => [...periods].reverse().find((p) => p.x0 <= x + 2) ?? null;
    const firstForecast = periods.find((p) => p.kind === 'forecast');
    const observed = periods.some((p) => p.kind === 'observed');
    for (const row of rows) {
      row.line.used = true;
      row.line.role = 'row';
      for (const pair of row.pairs) {
        const period = periodOf(pair.x0);
        if (periods.length && (observed ? period?.kind !== 'observed' : period !== firstForecast)) continue;
        const reading = makeReading({
          measure: pair.measure,
          raw: pair.value,
          unit: pair.unit,
          unitSource: 'after',
          sourceText: row.line.display,
          base: 0.9,
          ocrFactor: ctx.ocrFactor(row.line),
          averaging: pair.averaging,
          kind: period?.kind ?? ctx.documentKind,
          station: row.name,
          page: row.line.page,
        });
        if (reading) out.push(reading);
      }
    }
    i = runStart + rows.length - 1;
  }
  return out;
}
