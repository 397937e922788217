/**
 * Typed root resolvers. A root field declares its arguments as a TypeBox object
 * built from the contract's schemas — the very body or query schema its REST
 * route validates with — and the resolver receives them parsed and typed: REST
 * and GraphQL refuse the same input with the same field names, and no resolver
 * casts its arguments.
 *
 * GraphQL sends an explicit null where a client left a field "not given"; the
 * REST contract omits such a field. So before checking, a null is dropped
 * wherever the schema has no place for it, at any depth, and kept where the
 * contract gives null a meaning (a patch's "remove this value", `brandId: null`
 * for "no brand").
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { validationError, type FieldError } from '../errors.js';
import { ResourceId } from '../http/schemas.js';
import { schemaErrors } from '../validation.js';
import type { GraphQLContext, Resolver } from './types.js';

interface SchemaShape {
  properties?: Record<string, TSchema>;
  items?: TSchema;
  anyOf?: TSchema[];
  $ref?: string;
}

/** The keywords of a schema this file walks (TypeBox types them loosely). */
function shape(s: TSchema): SchemaShape {
  const { properties, items, anyOf, $ref } = s;
  return { properties, items, anyOf, $ref };
}

function deref(schema: TSchema, references: readonly TSchema[]): TSchema {
  const ref = shape(schema).$ref;
  return (ref && references.find((r) => r.$id === ref)) || schema;
}

/** The property schemas an object value may be checked against (every branch of a union, the first that names a property winning). */
function propertiesOf(schema: TSchema, references: readonly TSchema[]): Record<string, TSchema> | null {
  const s = shape(deref(schema, references));
  if (s.properties) return s.properties;
  if (!s.anyOf) return null;
  const merged: Record<string, TSchema> = {};
  for (const branch of s.anyOf) for (const [k, p] of Object.entries(propertiesOf(branch, references) ?? {})) merged[k] ??= p;
  return Object.keys(merged).length > 0 ? merged : null;
}

function itemsOf(schema: TSchema, references: readonly TSchema[]): TSchema | null {
  const s = shape(deref(schema, references));
  return s.items ?? s.anyOf?.map((b) => shape(deref(b, references)).items).find((i) => i !== undefined) ?? null;
}

const acceptsNull = (schema: TSchema, references: readonly TSchema[]) => Value.Check(schema, [...references], null);

/** `value` without the nulls `schema` has no place for (GraphQL's "not given"); values under a free-form schema are left alone. */
export function withoutStrayNulls(schema: TSchema, value: unknown, references: readonly TSchema[] = []): unknown {
  if (Array.isArray(value)) {
    const items = itemsOf(schema, references);
    return items ? value.map((v) => withoutStrayNulls(items, v, references)) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const props = propertiesOf(schema, references);
  if (!props) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const p = props[k];
    if (v === null && !(p && acceptsNull(p, references))) continue;
    out[k] = p ? withoutStrayNulls(p, v, references) : v;
  }
  return out;
}

/** The arguments of a field that takes one resource id. */
export const ById = Type.Object({ id: ResourceId() });

/** `expectedVersion`, the GraphQL form of If-Match. */
export const ExpectedVersion = Type.Optional(Type.Integer({ minimum: 0 }));

/** Arguments that stand for a REST body or query string: their errors name the field as the route does. */
const UNPREFIXED = new Set(['input', 'filter']);

export interface ResolveOptions {
  /** Named schemas the argument schemas point to with `$ref`. */
  references?: TSchema[];
}

/**
 * Parses a root field's arguments with `args` (stray nulls dropped first). An
 * error names the argument (`limit`), or for the `input` and `filter` arguments —
 * the REST body or query — the body's own field (`location`, `items[2].pm25`), as
 * the route would.
 */
export function parseArgs<S extends TObject>(args: S, given: Record<string, unknown>, opts: ResolveOptions = {}): Static<S> {
  const references = opts.references ?? [];
  const value = withoutStrayNulls(args, given, references);
  const parsed: Record<string, unknown> = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  const required = new Set(args.required ?? []);
  const errors: FieldError[] = [];
  for (const [name, schema] of Object.entries(args.properties)) {
    const v = parsed[name];
    if (v === undefined) {
      if (required.has(name)) errors.push({ field: name, message: 'is required' });
      continue;
    }
    errors.push(...schemaErrors(schema, v, UNPREFIXED.has(name) ? '' : name, references));
  }
  if (errors.length > 0) throw validationError(errors);
  // Every declared argument was checked against its schema just above (GraphQL admits no undeclared ones).
  return parsed as Static<S>;
}

/** A root field's resolver: `run` gets the arguments parsed by `args` (see parseArgs) and the request's context. */
export function resolve<S extends TObject>(args: S, run: (args: Static<S>, context: GraphQLContext) => unknown, opts: ResolveOptions = {}): Resolver {
  return (_parent, given, context) => run(parseArgs(args, given, opts), context);
}

/** A root field without arguments. */
export function resolveNoArgs(run: (context: GraphQLContext) => unknown): Resolver {
  return (_parent, _args, context) => run(context);
}
