/**
 * Validation and normalisation of render parameters. The TypeBox schema decides
 * types and ranges; the cross-field rules (aliases that must agree, a template that
 * must exist and support the format, a real calendar date) live here. Every bad
 * field is reported at once, and nothing but an EngineError ever escapes.
 */
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { DEFAULT_AQI_STANDARD, POLLUTANTS } from '@aqcast/vocabulary';
import type { AqiStandardId } from '../aqi/types.js';
import { EngineError, type FieldError } from '../errors.js';
import type { Language } from '../language.js';
import { DEFAULT_TEMPLATE_ID, findTemplate, listTemplateDefinitions } from '../templates/registry.js';
import { isCalendarDate, isTimeZone, normalizePlaces, normalizeProvenance, placeRuleErrors, PlacesSchema, ProvenanceSchema, StationsSchema } from './places.js';
import { RenderParamsSchema, type Format, type Resolution } from './schema.js';
import type { RenderParams, RenderSeries } from './types.js';

const NUMERIC_FIELDS = [...POLLUTANTS, 'humidity'] as const;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A readable message for one schema violation of `field`. */
function describe(field: string, schema: TSchema | undefined, value: unknown, fallback: string): string {
  if (!schema) return `unknown field; allowed fields are ${Object.keys(RenderParamsSchema.properties).join(', ')}`;
  if (Array.isArray(schema.anyOf)) {
    const allowed = (schema.anyOf as TSchema[]).map((s) => String(s.const)).join(', ');
    return `must be one of ${allowed}`;
  }
  if (schema.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a finite number';
    return `must be between ${String(schema.minimum)} and ${String(schema.maximum)}`;
  }
  if (schema.type === 'string') {
    if (typeof value !== 'string') return 'must be a string';
    if (field === 'date') return 'must be a date in the form YYYY-MM-DD';
    if (field === 'location') return `must be 1–${String(schema.maxLength)} characters`;
    return 'must be a non-empty string';
  }
  return fallback;
}

/** Fields whose errors are named down to the item: "stations[3].lat", "provenance.timeZone". */
const NESTED_FIELDS = new Set(['places', 'stations', 'provenance']);

/** "/stations/3/lat" → "stations[3].lat". */
function nestedName(path: string): string {
  return path
    .split('/')
    .slice(1)
    .map((part, i) => (i > 0 && /^\d+$/.test(part) ? `[${part}]` : i > 0 ? `.${part}` : part))
    .join('');
}

function describeNested(schema: TSchema, value: unknown, fallback: string): string {
  if (schema.type === 'number' && typeof schema.minimum === 'number' && typeof schema.maximum === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a finite number';
    return `must be between ${String(schema.minimum)} and ${String(schema.maximum)}`;
  }
  if (schema.type === 'string' && typeof schema.maxLength === 'number') {
    if (typeof value !== 'string') return 'must be a string';
    return `must be ${String(schema.minLength ?? 0)}–${String(schema.maxLength)} characters`;
  }
  if (schema.type === 'array') {
    if (!Array.isArray(value)) return 'must be an array';
    return `must have ${String(schema.minItems ?? 0)}–${String(schema.maxItems)} items (has ${value.length})`;
  }
  return fallback;
}

/**
 * Validates raw input (any JSON value) and returns complete render parameters:
 * `compositionId` → `template`, `temperature` → `temperatura`, defaults filled in
 * (template `daily-report`, language `es`, aqiStandard `us-epa`, format `landscape`,
 * resolution `1080p`, date = `opts.today` or today in UTC), location whitespace
 * collapsed. Throws EngineError `invalid_params` (or `unknown_template` when the
 * template does not exist) listing every bad field.
 */
export function normalizeRenderParams(input: unknown, opts: { today?: string } = {}): RenderParams {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new EngineError('invalid_params', 'render parameters must be a JSON object', {
      fields: [{ field: 'params', message: 'must be an object with at least `location`' }],
    });
  }
  const raw = input as Record<string, unknown>;
  const errors = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!errors.has(field)) errors.set(field, message);
  };

  let schemaErrors: Iterable<{ path: string; message: string; schema: TSchema; value: unknown }>;
  try {
    schemaErrors = [...Value.Errors(RenderParamsSchema, raw)];
  } catch (err) {
    // Exotic inputs (getters that throw, proxies) must still end as a typed error.
    throw new EngineError('invalid_params', 'render parameters could not be read', { fields: [{ field: 'params', message: String(err) }], cause: err });
  }
  for (const e of schemaErrors) {
    const field = e.path.split('/')[1] ?? '';
    if (!field) {
      add('params', e.message);
      continue;
    }
    if (NESTED_FIELDS.has(field)) {
      const name = nestedName(e.path);
      const extra = e.message.startsWith('Unexpected property') ? `unknown field` : describeNested(e.schema, e.value, e.message);
      if (![...errors.keys()].some((k) => name.startsWith(k) && (name.length === k.length || '.['.includes(name.charAt(k.length))))) add(name, extra);
      continue;
    }
    const props = RenderParamsSchema.properties as Record<string, TSchema>;
    add(field, describe(field, props[field], raw[field], e.message));
  }

  if (typeof raw.location === 'string' && !errors.has('location') && raw.location.trim() === '') add('location', 'must not be blank');

  const template = raw.template;
  const compositionId = raw.compositionId;
  if (typeof template === 'string' && typeof compositionId === 'string' && template !== compositionId && !errors.has('template') && !errors.has('compositionId')) {
    add('compositionId', `must equal template ('${template}') when both are given`);
  }
  const t1 = raw.temperatura;
  const t2 = raw.temperature;
  if (typeof t1 === 'number' && typeof t2 === 'number' && t1 !== t2 && !errors.has('temperatura') && !errors.has('temperature')) {
    add('temperature', `must equal temperatura (${t1}) when both are given`);
  }
  if (typeof raw.date === 'string' && !errors.has('date') && !isCalendarDate(raw.date)) add('date', 'is not a calendar date');

  const series = raw.series as { points?: { at: string }[]; timeZone?: string } | undefined;
  if (series && !errors.has('series')) {
    const times = (series.points ?? []).map((p) => Date.parse(p.at));
    const bad = times.findIndex((t, i) => Number.isNaN(t) || (i > 0 && t <= (times[i - 1]!)));
    if (bad >= 0) add('series', `points[${bad}].at must be a real time after the point before it`);
    if (series.timeZone !== undefined && !isTimeZone(series.timeZone)) add('series', `timeZone "${series.timeZone}" is not an IANA time zone`);
  }

  if (![...errors.keys()].some((k) => NESTED_FIELDS.has(k.split(/[.[]/)[0] ?? ''))) {
    for (const e of placeRuleErrors(raw)) add(e.field, e.message);
  }

  // Template existence and format support.
  let unknownTemplate = false;
  const templateField = typeof template === 'string' ? 'template' : 'compositionId';
  const templateId = typeof template === 'string' ? template : typeof compositionId === 'string' ? compositionId : DEFAULT_TEMPLATE_ID;
  const def = findTemplate(templateId);
  if (!def && !errors.has(templateField)) {
    unknownTemplate = true;
    const known = listTemplateDefinitions().map((t) => t.id);
    add(templateField, `unknown template '${templateId}'; known templates are ${known.join(', ')}`);
  }
  const format = (typeof raw.format === 'string' ? raw.format : 'landscape') as Format;
  if (def && !errors.has('format') && !def.formats.includes(format)) {
    add('format', `template '${def.id}' does not support '${format}'; it supports ${def.formats.join(', ')}`);
  }
  const duration = raw.durationSec;
  if (def && typeof duration === 'number' && !errors.has('durationSec') && !def.durations.includes(duration)) {
    add('durationSec', `template '${def.id}' does not offer ${duration} s; it offers ${def.durations.join(', ')} s`);
  }

  if (errors.size > 0) {
    const fields: FieldError[] = [...errors].map(([field, message]) => ({ field, message }));
    const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    throw new EngineError(unknownTemplate ? 'unknown_template' : 'invalid_params', `invalid render parameters — ${summary}`, { fields });
  }

  const out: RenderParams = {
    location: (raw.location as string).trim().replace(/\s+/g, ' '),
    template: templateId,
    language: (raw.language as Language | undefined) ?? 'es',
    aqiStandard: (raw.aqiStandard as AqiStandardId | undefined) ?? DEFAULT_AQI_STANDARD,
    format,
    resolution: (raw.resolution as Resolution | undefined) ?? '1080p',
    date: (raw.date as string | undefined) ?? opts.today ?? todayUtc(),
  };
  for (const k of NUMERIC_FIELDS) {
    const v = raw[k];
    if (typeof v === 'number') out[k] = v;
  }
  if (raw.series) {
    const s = raw.series as RenderSeries;
    out.series = { pollutant: s.pollutant, kind: s.kind, points: s.points.map((p) => ({ at: new Date(p.at).toISOString(), value: p.value })), timeZone: s.timeZone ?? 'UTC' };
  }
  // The template's own length is left implicit, so it keeps the render key it always had.
  if (def && typeof duration === 'number' && duration !== def.durationSec) out.durationSec = duration;
  if (Value.Check(PlacesSchema, raw.places)) out.places = normalizePlaces(raw.places);
  if (Value.Check(StationsSchema, raw.stations)) out.stations = normalizePlaces(raw.stations);
  if (Value.Check(ProvenanceSchema, raw.provenance)) out.provenance = normalizeProvenance(raw.provenance);
  const temp = typeof t1 === 'number' ? t1 : typeof t2 === 'number' ? t2 : undefined;
  if (temp !== undefined) out.temperatura = temp;
  return out;
}
