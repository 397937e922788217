/**
 * Validation and normalisation of render parameters. The TypeBox schema decides
 * types and ranges; the cross-field rules (aliases that must agree, a template that
 * must exist and support the format, a real calendar date) live here. Every bad
 * field is reported at once, and nothing but an EngineError ever escapes.
 */
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { DEFAULT_AQI_STANDARD, isAqiStandardId, isFormat, isIndexOnlyStandardId, isLanguage, POLLUTANTS, RATED_STANDARD_IDS } from '@aqcast/vocabulary';
import { CATEGORY_STANDARDS, getAqiStandard, givenIndexRange, INDEX_SCALE_STANDARDS } from '../aqi/index.js';
import { EngineError, type FieldError } from '../errors.js';
import { DEFAULT_TEMPLATE_ID, findTemplate, listTemplateDefinitions } from '../templates/registry.js';
import type { TemplateDefinition } from '../templates/types.js';
import { isCalendarDate, isRecord, isTimeZone, normalizePlaces, normalizeProvenance, placeRuleErrors } from './places.js';
import { RenderParamsSchema, RESOLUTIONS, type RenderParamsInput } from './schema.js';
import type { RenderParams } from './types.js';

const NUMERIC_FIELDS = [...POLLUTANTS, 'humidity'] as const;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A readable message for one schema violation of `field`. */
function describe(field: string, schema: TSchema | undefined, value: unknown, fallback: string): string {
  if (!schema) return `unknown field; allowed fields are ${Object.keys(RenderParamsSchema.properties).join(', ')}`;
  if (Array.isArray(schema.anyOf)) {
    const allowed = schema.anyOf.map((s: TSchema) => String(s.const)).join(', ');
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
const NESTED_FIELDS = new Set(['places', 'stations', 'provenance', 'index']);

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

/** Every bad field by name (the first message found for each), as the checks below add them. */
class FieldErrors extends Map<string, string> {
  add(field: string, message: string): void {
    if (!this.has(field)) this.set(field, message);
  }
}

/** The schema's complaints about `raw`, each named down to its field with a readable message. */
function schemaErrorsOf(raw: Record<string, unknown>, errors: FieldErrors): void {
  let found: Iterable<{ path: string; message: string; schema: TSchema; value: unknown }>;
  try {
    found = [...Value.Errors(RenderParamsSchema, raw)];
  } catch (err) {
    // Exotic inputs (getters that throw, proxies) must still end as a typed error.
    throw new EngineError('invalid_params', 'render parameters could not be read', { fields: [{ field: 'params', message: String(err) }], cause: err });
  }
  const props: Record<string, TSchema> = RenderParamsSchema.properties;
  for (const e of found) {
    const field = e.path.split('/')[1] ?? '';
    if (!field) {
      errors.add('params', e.message);
      continue;
    }
    if (NESTED_FIELDS.has(field)) {
      const name = nestedName(e.path);
      const extra = e.message.startsWith('Unexpected property') ? `unknown field` : describeNested(e.schema, e.value, e.message);
      if (![...errors.keys()].some((k) => name.startsWith(k) && (name.length === k.length || '.['.includes(name.charAt(k.length))))) errors.add(name, extra);
      continue;
    }
    errors.add(field, describe(field, props[field], raw[field], e.message));
  }
}

const SeriesSchema = RenderParamsSchema.properties.series;
const GivenIndexSchema = RenderParamsSchema.properties.index;

/**
 * A given index: a number within the scale of a standard with a numeric index, or a
 * category of a band-only standard — never both — and alone: an index video shows no
 * concentration, so none may be set beside it.
 */
function givenIndexErrors(raw: Record<string, unknown>, errors: FieldErrors): void {
  const given = raw.index;
  if (given === undefined || [...errors.keys()].some((k) => k.startsWith('index')) || !Value.Check(GivenIndexSchema, given)) return;
  const std = getAqiStandard(given.standard);
  const scale = std.indexScale;
  const drawable = [...INDEX_SCALE_STANDARDS, ...CATEGORY_STANDARDS].join(', ');
  const subIndices = POLLUTANTS.filter((p) => given.pollutants?.[p] !== undefined);
  const subCategories = POLLUTANTS.filter((p) => given.categories?.[p] !== undefined);
  if (scale) {
    if (given.category !== undefined || subCategories.length > 0) errors.add(given.category !== undefined ? 'index.category' : 'index.categories', `${std.indexName ?? std.id} is a numeric index: give index.overall (and index.pollutants), not categories`);
    const { min, max } = givenIndexRange(scale);
    const outside = (v: number) => v < min || v > max;
    const range = `must be between ${min} and ${max} (the ${std.indexName ?? std.id} scale)`;
    if (given.overall === undefined) errors.add('index.overall', `is required for ${std.indexName ?? std.id}, a numeric index (${range.replace('must be ', '')})`);
    else if (outside(given.overall)) errors.add('index.overall', range);
    for (const p of subIndices) {
      const v = given.pollutants?.[p];
      if (v !== undefined && outside(v)) errors.add(`index.pollutants.${p}`, range);
    }
    // The AQHI is one formula over three pollutants: it has no sub-index per pollutant.
    if (scale.noSubIndex && subIndices.length > 0) errors.add('index.pollutants', `${std.indexName ?? std.id} has no sub-index per pollutant: give only index.overall (remove ${subIndices.join(', ')})`);
  } else if (CATEGORY_STANDARDS.includes(std.id)) {
    // A band-only standard has no number: its categories are what a document gives.
    const keys = std.categories.map((c) => c.key);
    const level = (key: string) => std.categories.find((c) => c.key === key)?.level;
    if (given.overall !== undefined || subIndices.length > 0) errors.add(given.overall !== undefined ? 'index.overall' : 'index.pollutants', `${given.standard} has no index number: give index.category (and index.categories), one of ${keys.join(', ')}`);
    if (given.category === undefined) errors.add('index.category', `is required for ${given.standard}, a band-only standard: one of ${keys.join(', ')}`);
    else if (level(given.category) === undefined) errors.add('index.category', `must be one of ${keys.join(', ')} (the ${given.standard} categories)`);
    for (const p of subCategories) {
      const key = given.categories?.[p];
      if (key === undefined) continue;
      const l = level(key);
      const overall = given.category === undefined ? undefined : level(given.category);
      if (l === undefined) errors.add(`index.categories.${p}`, `must be one of ${keys.join(', ')} (the ${given.standard} categories)`);
      // The overall category is the worst pollutant's, as these indices are defined.
      else if (overall !== undefined && l > overall) errors.add(`index.categories.${p}`, `is worse than index.category (${given.category}); the overall category is the worst pollutant's`);
    }
  } else {
    errors.add('index.standard', `${given.standard} has neither an index number nor categories to give; a given index is in ${drawable}`);
    return;
  }
  const concentrations = POLLUTANTS.filter((p) => raw[p] !== undefined);
  if (concentrations.length > 0) errors.add('index', `an index video shows no concentration: remove ${concentrations.join(', ')} or the index`);
  // Places, stations and series carry concentrations of their own.
  const withValues = (['places', 'stations', 'series'] as const).filter((k) => raw[k] !== undefined);
  if (withValues.length > 0) errors.add('index', `an index video is of one place's index: remove ${withValues.join(', ')} or the index`);
  if (raw.aqiStandard !== undefined && raw.aqiStandard !== given.standard && !errors.has('aqiStandard')) errors.add('aqiStandard', `must be the given index's standard (${given.standard}) or absent`);
}

/** A standard drawn from a given index only (AQHI, DAQI, PSI) rates no concentration: without a given index it is refused. */
function indexOnlyStandardErrors(raw: Record<string, unknown>, errors: FieldErrors): void {
  if (raw.index !== undefined || errors.has('aqiStandard') || !isIndexOnlyStandardId(raw.aqiStandard)) return;
  errors.add('aqiStandard', `${raw.aqiStandard} is drawn from a given index only (aqcast rates no concentration in it): give index {standard: '${raw.aqiStandard}', overall} or choose ${RATED_STANDARD_IDS.join(', ')}`);
}

/**
 * The rules across fields, which the schema cannot say: aliases that agree, a real
 * calendar date, series times in order, places that fit, a template that exists
 * and offers the format and length. Returns the template, or null when it does not exist.
 */
function ruleErrorsOf(raw: Record<string, unknown>, errors: FieldErrors): { def: TemplateDefinition | null; templateId: string; unknownTemplate: boolean } {
  if (typeof raw.location === 'string' && !errors.has('location') && raw.location.trim() === '') errors.add('location', 'must not be blank');

  const template = raw.template;
  const compositionId = raw.compositionId;
  if (typeof template === 'string' && typeof compositionId === 'string' && template !== compositionId && !errors.has('template') && !errors.has('compositionId')) {
    errors.add('compositionId', `must equal template ('${template}') when both are given`);
  }
  const t1 = raw.temperatura;
  const t2 = raw.temperature;
  if (typeof t1 === 'number' && typeof t2 === 'number' && t1 !== t2 && !errors.has('temperatura') && !errors.has('temperature')) {
    errors.add('temperature', `must equal temperatura (${t1}) when both are given`);
  }
  if (typeof raw.date === 'string' && !errors.has('date') && !isCalendarDate(raw.date)) errors.add('date', 'is not a calendar date');

  const series = raw.series;
  if (!errors.has('series') && Value.Check(SeriesSchema, series)) {
    const times = series.points.map((p) => Date.parse(p.at));
    const bad = times.findIndex((t, i) => Number.isNaN(t) || (i > 0 && t <= (times[i - 1]!)));
    if (bad >= 0) errors.add('series', `points[${bad}].at must be a real time after the point before it`);
    if (series.timeZone !== undefined && !isTimeZone(series.timeZone)) errors.add('series', `timeZone "${series.timeZone}" is not an IANA time zone`);
  }

  givenIndexErrors(raw, errors);
  indexOnlyStandardErrors(raw, errors);

  if (![...errors.keys()].some((k) => NESTED_FIELDS.has(k.split(/[.[]/)[0] ?? ''))) {
    for (const e of placeRuleErrors(raw)) errors.add(e.field, e.message);
  }

  // Template existence and format support.
  const templateField = typeof template === 'string' ? 'template' : 'compositionId';
  const templateId = typeof template === 'string' ? template : typeof compositionId === 'string' ? compositionId : DEFAULT_TEMPLATE_ID;
  const def = findTemplate(templateId) ?? null;
  const unknownTemplate = !def && !errors.has(templateField);
  if (unknownTemplate) {
    const known = listTemplateDefinitions().map((t) => t.id);
    errors.add(templateField, `unknown template '${templateId}'; known templates are ${known.join(', ')}`);
  }
  // A given index is one place's: the templates of places, stations and series draw their own values, not it.
  if (def && raw.index !== undefined && !def.params.includes('index') && !errors.has(templateField)) {
    const drawing = listTemplateDefinitions().filter((t) => t.params.includes('index')).map((t) => t.id);
    errors.add(templateField, `template '${def.id}' draws its places' or series' own values, not a given index; an index video uses ${drawing.join(', ')}`);
  }
  const format = isFormat(raw.format) ? raw.format : 'landscape';
  if (def && !errors.has('format') && !def.formats.includes(format)) {
    errors.add('format', `template '${def.id}' does not support '${format}'; it supports ${def.formats.join(', ')}`);
  }
  const duration = raw.durationSec;
  if (def && typeof duration === 'number' && !errors.has('durationSec') && !def.durations.includes(duration)) {
    errors.add('durationSec', `template '${def.id}' does not offer ${duration} s; it offers ${def.durations.join(', ')} s`);
  }
  return { def, templateId, unknownTemplate };
}

/** Throws EngineError `invalid_params` (`unknown_template` when the template does not exist) listing every bad field. */
function throwIfAny(errors: FieldErrors, unknownTemplate: boolean): void {
  if (errors.size === 0) return;
  const fields: FieldError[] = [...errors].map(([field, message]) => ({ field, message }));
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new EngineError(unknownTemplate ? 'unknown_template' : 'invalid_params', `invalid render parameters — ${summary}`, { fields });
}

/** Complete parameters from input that passed the schema and the rules. */
function complete(input: RenderParamsInput, templateId: string, def: TemplateDefinition, opts: { today?: string }): RenderParams {
  const out: RenderParams = {
    location: input.location.trim().replace(/\s+/g, ' '),
    template: templateId,
    // The schema's unions type as string; the guards give back their members (which the schema already held them to).
    language: isLanguage(input.language) ? input.language : 'es',
    aqiStandard: input.index ? input.index.standard : isAqiStandardId(input.aqiStandard) ? input.aqiStandard : DEFAULT_AQI_STANDARD,
    format: isFormat(input.format) ? input.format : 'landscape',
    resolution: RESOLUTIONS.find((r) => r === input.resolution) ?? '1080p',
    date: input.date ?? opts.today ?? todayUtc(),
  };
  for (const k of NUMERIC_FIELDS) {
    const v = input[k];
    if (typeof v === 'number') out[k] = v;
  }
  const s = input.series;
  if (s) out.series = { pollutant: s.pollutant, kind: s.kind, points: s.points.map((p) => ({ at: new Date(p.at).toISOString(), value: p.value })), timeZone: s.timeZone ?? 'UTC' };
  // The template's own length is left implicit, so it keeps the render key it always had.
  if (input.durationSec !== undefined && input.durationSec !== def.durationSec) out.durationSec = input.durationSec;
  if (input.places) out.places = normalizePlaces(input.places);
  if (input.stations) out.stations = normalizePlaces(input.stations);
  if (input.provenance) out.provenance = normalizeProvenance(input.provenance);
  const given = input.index;
  // Checked above (givenIndexErrors): a number for a numeric index, a category for a band-only one.
  if (given) out.index = given.category !== undefined ? { standard: given.standard, category: given.category, categories: { ...given.categories } } : { standard: given.standard, overall: given.overall ?? 0, pollutants: { ...given.pollutants } };
  const temp = input.temperatura ?? input.temperature;
  if (temp !== undefined) out.temperatura = temp;
  return out;
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
  if (!isRecord(input)) {
    throw new EngineError('invalid_params', 'render parameters must be a JSON object', {
      fields: [{ field: 'params', message: 'must be an object with at least `location`' }],
    });
  }
  const errors = new FieldErrors();
  schemaErrorsOf(input, errors);
  const { def, templateId, unknownTemplate } = ruleErrorsOf(input, errors);
  throwIfAny(errors, unknownTemplate);
  // No schema error was found above, so this holds; it tells the compiler so.
  if (!def || !Value.Check(RenderParamsSchema, input)) throw new EngineError('invalid_params', 'invalid render parameters', { fields: [{ field: 'params', message: 'do not match the schema' }] });
  return complete(input, templateId, def, opts);
}

/**
 * Completes input that already passed RenderParamsSchema (an HTTP body checked
 * by its route): only the rules across fields are checked, then the defaults
 * filled in as {@link normalizeRenderParams} does. Same errors for those rules.
 */
export function completeRenderParams(input: RenderParamsInput, opts: { today?: string } = {}): RenderParams {
  const errors = new FieldErrors();
  const { def, templateId, unknownTemplate } = ruleErrorsOf(input, errors);
  throwIfAny(errors, unknownTemplate);
  if (!def) throw new EngineError('unknown_template', `unknown template '${templateId}'`);
  return complete(input, templateId, def, opts);
}
