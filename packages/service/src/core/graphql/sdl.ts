/**
 * GraphQL types derived from the contract's JSON Schemas (TypeBox), so that a
 * GraphQL type and the REST body or response it mirrors are one contract: same
 * fields, same descriptions, same nullability.
 *
 * Mapping: string → String (`'x-graphql': 'ID'` makes it ID), integer → Int,
 * number → Float, boolean → Boolean, a closed set of strings (enum, union of
 * literals) → a GraphQL enum (named in `enums`, else after its field; one enum
 * per set of values, shared by every field holding that set), an object with properties → a type of its own
 * (named in `names` by field path, else Parent + Field), a record or unknown →
 * JSON, an array → a list. Required and not nullable → non-null.
 */
interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  $id?: string;
  $ref?: string;
  'x-graphql'?: string;
  [k: string]: unknown;
}

const SCALARS: Record<string, string> = { string: 'String', number: 'Float', integer: 'Int', boolean: 'Boolean' };

export interface SdlOptions {
  /** Type names for nested objects, by dotted field path (`output`, `error`, `attempts.log`). */
  names?: Record<string, string>;
  /** GraphQL enum names for string-enum fields, by dotted field path. */
  enums?: Record<string, string>;
  /** Named schemas a `$ref` may point to, by `$id`, and the GraphQL type each maps to. */
  refs?: Record<string, string>;
  /** Fields left out of the GraphQL type. */
  omit?: string[];
  /** Nested type names another call already emits (inputs that share them): referenced, not emitted again. */
  defined?: readonly string[];
}

/** The strings of a closed set (a nullable one lists null among its values: that is the field's nullability, not a choice). */
function stringChoices(s: JsonSchema): string[] | null {
  const strings = (values: unknown[]) => {
    const given = values.filter((v) => v !== null);
    return given.length > 0 && given.every((v): v is string => typeof v === 'string') ? given : null;
  };
  if (Array.isArray(s.enum)) return strings(s.enum);
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && s.anyOf.every((b) => 'const' in b || b.type === 'null')) return strings(s.anyOf.filter((b) => 'const' in b).map((b) => b.const));
  return null;
}

/** A GraphQL name for a value: `720p` → `_720p`, `pm2.5` → `pm2_5` (the value itself stays what the service sends). */
function enumValueName(value: string): string {
  const name = value.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) && !['true', 'false', 'null'].includes(name) ? name : `_${name}`;
}

interface EnumDefinition {
  /** GraphQL value name → the value the contract holds. */
  values: Map<string, string>;
}

/** Fields whose set is named apart from the field (the type AqiStandard describes a standard; its id is AqiStandardId). */
const SET_NAMES: Record<string, string> = { aqiStandard: 'AqiStandardId', aqiStandards: 'AqiStandardId', typeface: 'TypefaceId', uploadedType: 'LogoType', metric: 'TrendMetric' };
/** Sets held by fields too generic to name them, named by their (sorted) values. */
const NAMES_BY_VALUES: Record<string, string> = {
  'forecast,observed': 'SeriesKind',
  'airnow,manual,open-meteo,openaq,upload,waqi': 'ProvenanceSource',
  'canceled,completed,failed,queued,running,skipped': 'RunStatus',
  'inbound,manual,schedule': 'TriggerType',
  'condition,fetch,notify,render': 'StepType',
  'aqi_at_least,changed': 'ConditionKind',
  'completed,failed': 'NotifyOn',
  'condensed,sans,serif': 'TypefaceKind',
  'br-iqar,cl,eu-eaqi,mx,us-epa': 'RatedStandardId',
};
/** Field names too generic to name a set on their own. */
const GENERIC_FIELDS = new Set(['status', 'state', 'kind', 'type', 'mode', 'source', 'reason']);

/** Every enum the contract's closed sets became, by GraphQL name, shared by every module's SDL (see enumTypeDefs). */
const ENUMS = new Map<string, EnumDefinition>();

const sameValues = (a: EnumDefinition, choices: string[]) => a.values.size === choices.length && choices.every((c) => [...a.values.values()].includes(c));

/** The enum for a closed set: the one of that name, or of those values, else a new one; a name holding other values is a startup error. */
function enumFor(name: string, fallback: string | null, choices: string[], explicit = false): string {
  // One enum per set: a field holding a known set gets that set's enum, whatever its name (unless named).
  if (!explicit) for (const [known, def] of ENUMS) if (sameValues(def, choices)) return known;
  const byValues = explicit ? undefined : NAMES_BY_VALUES[[...choices].sort().join(',')];
  for (const candidate of byValues ? [byValues] : [name, fallback]) {
    if (!candidate) continue;
    const known = ENUMS.get(candidate);
    if (known && sameValues(known, choices)) return candidate;
    if (known) continue;
    const values = new Map<string, string>();
    for (const c of choices) {
      const valueName = enumValueName(c);
      if (values.has(valueName)) throw new Error(`GraphQL enum ${candidate}: values ${values.get(valueName)} and ${c} share the name ${valueName}`);
      values.set(valueName, c);
    }
    ENUMS.set(candidate, { values });
    return candidate;
  }
  throw new Error(`GraphQL enum ${name} already holds other values than ${choices.join(', ')}; name this field's enum in \`enums\``);
}

/** SDL of the enums `typeDefs` uses (each defined once, whichever modules are composed). */
export function enumTypeDefs(typeDefs: string): string {
  const out: string[] = [];
  for (const [name, def] of ENUMS) {
    if (!new RegExp(`[:\\[!\\s]${name}\\b`).test(typeDefs)) continue;
    const values = [...def.values].map(([valueName, value]) => `${valueName === value ? '' : doc(`\`${value}\``, '  ')}  ${valueName}`);
    out.push(`enum ${name} {\n${values.join('\n')}\n}`);
  }
  return out.join('\n\n');
}

/** For an executable schema: each enum's GraphQL value names and the values the service reads and writes. */
export function enumValues(): ReadonlyMap<string, ReadonlyMap<string, string>> {
  return new Map([...ENUMS].map(([name, def]) => [name, def.values]));
}

function nonNullTypes(s: JsonSchema): { types: string[]; nullable: boolean } {
  if (Array.isArray(s.anyOf) && !stringChoices(s)) {
    const branches = s.anyOf.filter((b) => b.type !== 'null');
    const nullable = branches.length < s.anyOf.length;
    if (branches.length === 1) {
      const inner = nonNullTypes(branches[0]!);
      return { types: inner.types, nullable: nullable || inner.nullable };
    }
    return { types: ['json'], nullable };
  }
  const t = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return { types: t.filter((x) => x !== 'null'), nullable: t.includes('null') };
}

function unwrap(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.anyOf) && !stringChoices(s)) {
    const branches = s.anyOf.filter((b) => b.type !== 'null');
    if (branches.length === 1) return unwrap(branches[0]!);
  }
  return s;
}

function pascal(s: string): string {
  return s.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());
}

function doc(text: string | undefined, indent: string): string {
  if (!text) return '';
  return `${indent}"""\n${text
    .replace(/"""/g, '\\"""')
    .split('\n')
    .map((l) => indent + l)
    .join('\n')}\n${indent}"""\n`;
}

interface Emitter {
  kind: 'type' | 'input';
  opts: SdlOptions;
  out: string[];
  emitted: Set<string>;
}

function fieldType(e: Emitter, s: JsonSchema, typeName: string, path: string, field: string): string {
  const inner = unwrap(s);
  if (inner.$ref) {
    const target = e.opts.refs?.[inner.$ref.replace(/#.*$/, '')];
    if (!target) throw new Error(`GraphQL: no type for $ref ${inner.$ref} at ${typeName}.${field}`);
    return target;
  }
  if (inner['x-graphql']) return inner['x-graphql'];
  const choices = stringChoices(inner);
  if (choices) {
    // A set named for its values (the rated standards among all AQI standards) before the field's usual set.
    const named = e.opts.enums?.[path] ?? NAMES_BY_VALUES[[...choices].sort().join(',')] ?? SET_NAMES[field];
    if (named) return enumFor(named, null, choices, true);
    // Unnamed: after the field (`language` → Language), after its type for generic fields (`status` of
    // WebhookDelivery → WebhookDeliveryStatus) or when the field's name already holds another set.
    const own = pascal(field);
    return GENERIC_FIELDS.has(field) ? enumFor(`${typeName}${own}`, null, choices) : enumFor(own, `${typeName}${own}`, choices);
  }
  const { types } = nonNullTypes(inner);
  const t = types.length === 1 ? types[0] : 'json';
  if (t && SCALARS[t]) return SCALARS[t]!;
  if (t === 'array' && inner.items) return `[${fieldType(e, inner.items, typeName, `${path}[]`, field)}!]`;
  if (t === 'object' && inner.properties && Object.keys(inner.properties).length > 0) {
    const name = e.opts.names?.[path] ?? `${typeName}${pascal(field)}`;
    emitObject(e, name, inner, path);
    return name;
  }
  return 'JSON';
}

function emitObject(e: Emitter, name: string, schema: JsonSchema, prefix: string): void {
  if (e.emitted.has(name)) return;
  e.emitted.add(name);
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  for (const [field, prop] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${field}` : field;
    if (e.opts.omit?.includes(path)) continue;
    const type = fieldType(e, prop, name, path, field);
    const nonNull = required.has(field) && !nonNullTypes(prop).nullable && (e.kind === 'type' || !('default' in prop));
    const text = unwrap(prop).description ?? prop.description;
    lines.push(`${doc(text, '  ')}  ${field}: ${type}${nonNull ? '!' : ''}`);
  }
  e.out.push(`${doc(schema.description, '')}${e.kind} ${name} {\n${lines.join('\n')}\n}`);
}

/** SDL of `type <name>` (plus the nested types and enums it needs) for a response schema. */
export function objectTypeSdl(name: string, schema: unknown, opts: SdlOptions = {}): string {
  const e: Emitter = { kind: 'type', opts, out: [], emitted: new Set(opts.defined) };
  // Our TypeBox schemas are JSON Schema objects; the emitter reads only what it needs of them.
  emitObject(e, name, schema as JsonSchema, '');
  return e.out.join('\n\n');
}

/** SDL of `input <name>` (plus nested inputs) for a request body schema. */
export function inputTypeSdl(name: string, schema: unknown, opts: SdlOptions = {}): string {
  const e: Emitter = { kind: 'input', opts, out: [], emitted: new Set(opts.defined) };
  // Our TypeBox schemas are JSON Schema objects; the emitter reads only what it needs of them.
  emitObject(e, name, schema as JsonSchema, '');
  return e.out.join('\n\n');
}
