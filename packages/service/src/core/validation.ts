/**
 * Validation with the contract's TypeBox schemas, shared by the HTTP layer
 * (every route's params, query, headers and body) and GraphQL resolvers, so
 * both refuse the same input with the same field names.
 *
 * Beyond the schema, every string must be storable on both stores: NUL
 * characters and lone UTF-16 surrogates are refused (PostgreSQL rejects NUL in
 * text; SQLite would keep it), and JSON nesting is bounded.
 */
import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { validationError, type FieldError } from './errors.js';

// Formats the contract uses; TypeBox checks none by itself.
FormatRegistry.Set('date-time', (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v)));
FormatRegistry.Set('date', (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));
FormatRegistry.Set('uri', (v) => URL.canParse(v));
FormatRegistry.Set('binary', () => true);

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checker(schema: TSchema, references: TSchema[] = []): TypeCheck<TSchema> {
  let c = compiled.get(schema);
  if (!c) {
    c = TypeCompiler.Compile(schema, references);
    compiled.set(schema, c);
  }
  return c;
}

/** Whether TypeBox can compile `schema` on its own (request schemas must; response-only ones need not). */
export function compilable(schema: TSchema): boolean {
  try {
    TypeCompiler.Compile(schema);
    return true;
  } catch {
    return false;
  }
}

/** `/items/3/pm25` → `items[3].pm25`. */
export function fieldPath(pointer: string, prefix = ''): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = prefix;
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out === '' ? p : `.${p}`;
  return out || '(root)';
}

/** A readable message for a TypeBox error, from the schema's own keywords. */
function message(e: ValueError): string {
  // JSON Schema keywords TSchema leaves untyped; each is checked for presence before use.
  const s = e.schema as TSchema & { enum?: unknown[]; anyOf?: { const?: unknown }[]; minimum?: number; maximum?: number; exclusiveMinimum?: number; minLength?: number; maxLength?: number; minItems?: number; maxItems?: number; format?: string; type?: string };
  const choices = s.enum ?? (s.anyOf?.every((b) => b.const !== undefined) ? s.anyOf.map((b) => b.const) : null);
  switch (e.type) {
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not a known field';
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required';
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `must be at least ${s.minimum}`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `must be at most ${s.maximum}`;
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters`;
    case ValueErrorType.StringMaxLength:
      return `must be at most ${s.maxLength} characters`;
    case ValueErrorType.ArrayMinItems:
      return `must have at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}`;
    case ValueErrorType.ArrayMaxItems:
      return `must have at most ${s.maxItems} items`;
    case ValueErrorType.StringFormat:
      return `must be a valid ${s.format}`;
    case ValueErrorType.StringPattern:
      return 'has characters or a shape that is not allowed';
    default:
      if (choices && !choices.includes(e.value)) return `must be one of ${choices.join(', ')}`;
      return e.message.replace(/^Expected /, 'must be ').replace(/^Expected$/, 'is invalid');
  }
}

/**
 * The union branch an error report should follow: the first branch whose JSON
 * type matches the value (so `[…]` against `array | { items }` reports the array's errors).
 */
function unionBranch(schema: TSchema, value: unknown): TSchema | null {
  // A union's branches, as TypeBox writes them.
  const branches = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!branches) return null;
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  // A branch's JSON type keyword, compared with the value's kind.
  return branches.find((b) => (b as { type?: string }).type === kind) ?? null;
}

/** Every field error of `value` against `schema` (empty when valid). */
export function schemaErrors(schema: TSchema, value: unknown, prefix = '', references: TSchema[] = []): FieldError[] {
  const c = checker(schema, references);
  if (c.Check(value)) return [];
  const branch = unionBranch(schema, value);
  if (branch) return schemaErrors(branch, value, prefix, references);
  const out: FieldError[] = [];
  for (const e of c.Errors(value)) {
    const field = fieldPath(e.path, prefix);
    if (!out.some((o) => o.field === field)) out.push({ field, message: message(e) });
    if (out.length >= 50) break;
  }
  return out;
}

/** Strings that one of the stores cannot keep as given, and nesting past `maxDepth`. */
export function storableErrors(value: unknown, prefix = '', maxDepth = 64): FieldError[] {
  const out: FieldError[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (out.length >= 20) return;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) out.push({ field: path || '(root)', message: 'must not contain NUL characters' });
      else if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v)) out.push({ field: path || '(root)', message: 'must be valid Unicode (it contains a lone surrogate)' });
      return;
    }
    if (v === null || typeof v !== 'object') return;
    if (depth >= maxDepth) {
      out.push({ field: path || '(root)', message: `is nested deeper than ${maxDepth} levels` });
      return;
    }
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
    else
      for (const [k, item] of Object.entries(v)) {
        const key = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) out.push({ field: path || '(root)', message: 'has a field name with a NUL character' });
        else walk(item, key, depth + 1);
      }
  };
  walk(value, prefix, 0);
  return out;
}

/**
 * Validates `value` against `schema` (after storable-string checks) and returns
 * it; throws a 400 listing each bad field. `coerce` converts strings of query
 * strings and path params ("10" → 10).
 */
export function check<T extends TSchema>(schema: T, value: unknown, opts: { prefix?: string; coerce?: boolean; references?: TSchema[]; maxDepth?: number } = {}): Static<T> {
  const v = opts.coerce ? Value.Convert(schema, value) : value;
  const errors = storableErrors(v, opts.prefix, opts.maxDepth);
  if (errors.length === 0) errors.push(...schemaErrors(schema, v, opts.prefix, opts.references));
  if (errors.length > 0) throw validationError(errors);
  // Checked against the schema just above.
  return v as Static<T>;
}

/** A comma-separated list from a query (`queued,running`), each item one of `allowed`; an unknown one is an error naming `field`. */
export function listOf<T extends string>(text: string | undefined, allowed: readonly T[], errors: FieldError[], field = 'status'): T[] {
  const out: T[] = [];
  for (const given of text ? text.split(',').map((s) => s.trim()).filter(Boolean) : []) {
    const known = allowed.find((a) => a === given);
    if (known) out.push(known);
    else errors.push({ field, message: `unknown ${field} "${given}"; one of ${allowed.join(', ')}` });
  }
  return out;
}

/** Whether `key` is an own key of `object` (a lookup table's), so indexing it is safe. */
export function isKeyOf<O extends object>(object: O, key: PropertyKey): key is keyof O {
  return Object.hasOwn(object, key);
}
