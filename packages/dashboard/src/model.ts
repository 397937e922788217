/**
 * Helpers over the service's resources (their types come from `@aqcast/client`,
 * generated from the service's OpenAPI document), and the render parameters
 * every form shares.
 */
import { TERMINAL_STATUSES, type Job, type JobStatus, type TemplateList } from '@aqcast/client';
import { POLLUTANTS } from '@aqcast/vocabulary';

export type { Job, JobPage, JobStatus, Template, TemplateList } from '@aqcast/client';
export type AqiStandard = TemplateList['aqiStandards'][number];
export const JOB_STATUSES: readonly JobStatus[] = ['queued', 'rendering', ...TERMINAL_STATUSES];

/** A job has stopped changing. */
export const isTerminal = (s: string) => TERMINAL_STATUSES.some((t) => t === s);

/** The location a job's params name. */
export const jobLocation = (job: Pick<Job, 'params'>) => (typeof job.params.location === 'string' ? job.params.location : '—');


// ---- render parameters ------------------------------------------------------

export const FORMATS = ['landscape', 'portrait', 'square'] as const;
export const LANGUAGES = ['es', 'en', 'pt'] as const;
export const RESOLUTIONS = ['1080p', '720p', '360p'] as const;

/** The measured values, in the order forms show them, with unit and bounds (the service checks them again). */
export const MEASURES = [
  { key: 'pm25', unit: 'µg/m³', min: 0, max: 2000 },
  { key: 'pm10', unit: 'µg/m³', min: 0, max: 5000 },
  { key: 'no2', unit: 'µg/m³', min: 0, max: 5000 },
  { key: 'o3', unit: 'µg/m³', min: 0, max: 5000 },
  { key: 'so2', unit: 'µg/m³', min: 0, max: 5000 },
  { key: 'co', unit: 'mg/m³', min: 0, max: 200 },
  { key: 'temperatura', unit: '°C', min: -90, max: 60 },
  { key: 'humidity', unit: '%', min: 0, max: 100 },
] as const;
export type MeasureKey = (typeof MEASURES)[number]['key'];
export const MEASURE_KEYS: readonly string[] = MEASURES.map((m) => m.key);

/** Every render parameter a CSV column may name (aliases included). */
export const CSV_COLUMNS = ['location', 'template', 'compositionId', ...MEASURE_KEYS, 'temperature', 'language', 'aqiStandard', 'format', 'resolution', 'date'];
const NUMERIC = new Set([...MEASURE_KEYS, 'temperature']);

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF; `,` or `;`
 * separated, the separator guessed from the header line) into rows of cells.
 */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      cell = '';
      if (row.some((x) => x.trim() !== '')) rows.push(row);
      row = [];
    } else cell += c;
  }
  row.push(cell);
  if (row.some((x) => x.trim() !== '')) rows.push(row);
  return rows;
}

export interface CsvItem {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  params: Record<string, string | number>;
  problems: string[];
}

/**
 * Turns parsed CSV rows (a header, then one render per row) into render
 * parameters; `defaults` fill what a row leaves out. Unknown columns and bad
 * numbers are reported per row (the service validates everything again).
 */
export function csvToItems(rows: string[][], defaults: Record<string, string | number>): { items: CsvItem[]; unknownColumns: string[]; missingLocation: boolean } {
  const header = (rows[0] ?? []).map((h) => h.trim());
  const known = new Map(CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const columns = header.map((h) => known.get(h.toLowerCase()) ?? null);
  const unknownColumns = header.filter((_, i) => columns[i] === null && header[i] !== '');
  const items: CsvItem[] = rows.slice(1).map((cells, i) => {
    const params: Record<string, string | number> = { ...defaults };
    const problems: string[] = [];
    columns.forEach((col, j) => {
      const raw = (cells[j] ?? '').trim();
      if (!col || raw === '') return;
      if (NUMERIC.has(col)) {
        const n = Number(raw.replace(',', '.'));
        if (Number.isFinite(n)) params[col] = n;
        else problems.push(`${col}: "${raw}"`);
      } else params[col] = raw;
    });
    if (typeof params.compositionId === 'string' && params.template === defaults.template) delete params.template;
    if (!params.location) problems.push('location');
    return { line: i + 2, params, problems };
  });
  return { items, unknownColumns, missingLocation: !columns.includes('location') };
}

/** One row of the places/stations table of the new-render form: every cell as typed. */
export interface PlaceRow {
  name: string;
  lat: string;
  lon: string;
  values: Record<string, string>;
}

/** A CSV header cell reduced to letters and digits ("PM2,5 (µg/m³)" → "pm25"), subscripts read as digits. */
function headerKey(h: string): string {
  return h
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, '')
    .replace(/[₀-₉]/g, (d) => String(d.charCodeAt(0) - 0x2080))
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

/** Header spellings of each column, as agencies write them in es, en and pt. */
const PLACE_HEADERS: Record<string, string> = {
  name: 'name', nombre: 'name', nome: 'name', place: 'name', lugar: 'name', location: 'name', city: 'name', ciudad: 'name', cidade: 'name', station: 'name', estacion: 'name', estacao: 'name',
  lat: 'lat', latitude: 'lat', latitud: 'lat',
  lon: 'lon', lng: 'lon', long: 'lon', longitude: 'lon', longitud: 'lon',
  pm25: 'pm25', mp25: 'pm25', pm10: 'pm10', mp10: 'pm10', no2: 'no2', o3: 'o3', so2: 'so2', co: 'co',
};

/**
 * Rows of places or stations from pasted CSV (or tab-separated cells copied from a
 * spreadsheet): a header names the columns (name, lat, lon and pollutants, in es,
 * en or pt spellings); columns it does not know are reported, not guessed.
 */
export function csvToPlaces(text: string): { rows: PlaceRow[]; unknownColumns: string[]; missingName: boolean } {
  // Cells copied from a spreadsheet are tab-separated; a header cell may itself hold a comma ("MP2,5").
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => first.split(c).length - 1;
  const tabbed = count('\t') > 0 && count('\t') >= Math.max(count(','), count(';'));
  const table = tabbed ? text.split(/\r?\n/).filter((l) => l.trim()).map((l) => l.split('\t')) : parseCsv(text);
  const header = (table[0] ?? []).map((h) => h.trim());
  const columns = header.map((h) => PLACE_HEADERS[headerKey(h)] ?? null);
  const rows = table.slice(1).map((cells) => {
    const row: PlaceRow = { name: '', lat: '', lon: '', values: {} };
    columns.forEach((col, j) => {
      const raw = (cells[j] ?? '').trim();
      if (!col || raw === '') return;
      if (col === 'name' || col === 'lat' || col === 'lon') row[col] = raw;
      else row.values[col] = raw;
    });
    return row;
  });
  return { rows, unknownColumns: header.filter((h, i) => columns[i] === null && h !== ''), missingName: !columns.includes('name') };
}

/** A decimal as typed ("12,5" or "12.5"); null when empty, NaN when not a number. */
function decimal(raw: string): number | null {
  const s = raw.trim().replace(',', '.');
  return s === '' ? null : Number(s);
}

/**
 * The table as render parameters (`places` or `stations`), and the cells that are
 * not numbers, by their parameter path (`places[2].pm25`), for the form to mark.
 */
export function placesParam(rows: PlaceRow[]): { list: Array<Record<string, string | number>>; problems: string[] } {
  const problems: string[] = [];
  const list = rows
    .filter((r) => r.name.trim() || r.lat.trim() || r.lon.trim() || Object.values(r.values).some((v) => v.trim()))
    .map((r, i) => {
      const out: Record<string, string | number> = { name: r.name.trim() };
      for (const [key, raw] of [['lat', r.lat], ['lon', r.lon], ...POLLUTANTS.map((p) => [p, r.values[p] ?? ''])] as const) {
        const n = decimal(raw);
        if (n === null) continue;
        if (Number.isFinite(n)) out[key] = n;
        else problems.push(`[${i}].${key}`);
      }
      return out;
    });
  return { list, problems };
}

/**
 * Whether a standard rates concentrations: those drawn from a given index only (Canada's
 * AQHI, the UK's DAQI, Singapore's PSI) rate none, and a render of concentrations in one is
 * refused, so the pickers of a render's standard leave them out (an index context renders in
 * its own standard by default).
 */
export const ratesConcentrations = (s: AqiStandard): boolean => s.pollutants.length > 0;
