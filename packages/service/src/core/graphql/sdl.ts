/**
 * GraphQL types derived from the contract's JSON Schemas (TypeBox), so that a
 * GraphQL type and the REST body or response it mirrors are one contract: same
 * fields, same descriptions, same nullability.
 *
 * Mapping: string → String (`'x-graphql': 'ID'` makes it ID), integer → Int,
 * number → Float, boolean → Boolean, a string enum → a GraphQL enum when named
 * in `enums` (else String), an object with properties → a type of its own
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

function stringChoices(s: JsonSchema): string[] | null {
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return s.enum as string[];
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && s.anyOf.every((b) => typeof b.const === 'string')) return s.anyOf.map((b) => b.const as string);
  return null;
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
    const enumName = e.opts.enums?.[path];
    if (!enumName) return 'String';
    if (!e.emitted.has(enumName)) {
      e.emitted.add(enumName);
      e.out.push(`${doc(inner.description, '')}enum ${enumName} {\n${choices.map((c) => `  ${c.replace(/[^A-Za-z0-9_]/g, '_')}`).join('\n')}\n}`);
    }
    return enumName;
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
    const choices = type === 'String' ? stringChoices(unwrap(prop)) : null;
    const text = [unwrap(prop).description ?? prop.description, choices ? `One of: ${choices.join(', ')}.` : null].filter(Boolean).join(' ');
    lines.push(`${doc(text, '  ')}  ${field}: ${type}${nonNull ? '!' : ''}`);
  }
  e.out.push(`${doc(schema.description, '')}${e.kind} ${name} {\n${lines.join('\n')}\n}`);
}

/** SDL of `type <name>` (plus the nested types and enums it needs) for a response schema. */
export function objectTypeSdl(name: string, schema: unknown, opts: SdlOptions = {}): string {
  const e: Emitter = { kind: 'type', opts, out: [], emitted: new Set(opts.defined) };
  emitObject(e, name, schema as JsonSchema, '');
  return e.out.join('\n\n');
}

/** SDL of `input <name>` (plus nested inputs) for a request body schema. */
export function inputTypeSdl(name: string, schema: unknown, opts: SdlOptions = {}): string {
  const e: Emitter = { kind: 'input', opts, out: [], emitted: new Set(opts.defined) };
  emitObject(e, name, schema as JsonSchema, '');
  return e.out.join('\n\n');
}
