/**
 * Helpers over the service's resources (their types come from `@aqcast/client`,
 * generated from the service's OpenAPI document), and the render parameters
 * every form shares.
 */
import { TERMINAL_STATUSES, type Job, type JobStatus, type TemplateList } from '@aqcast/client';

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
