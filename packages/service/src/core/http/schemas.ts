import { Type, type Static, type TArray, type TSchema } from '@sinclair/typebox';

/**
 * `T | null` as a JSON Schema type array rather than `anyOf`: the response
 * serializer handles it natively, where `anyOf` makes it validate every value
 * at run time to pick a branch (a third of GET /render/:id's cost).
 */
export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  const { type, enum: values, ...rest }: { type?: unknown; enum?: unknown } & Record<string, unknown> = schema;
  if (typeof type !== 'string') return Type.Union([schema, Type.Null()], options);
  // An enum lists every value the field takes: `null` too, or validators reject it and generators drop it.
  const nullableEnum = Array.isArray(values) ? { enum: values.includes(null) ? values : [...values, null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...rest, ...nullableEnum, ...options, type: [type, 'null'] });
}

/** A string enum as `{ type: 'string', enum }` (not an anyOf of constants), for the same reason. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; examples?: T[number][] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ format: 'uri', description: 'URI identifying the problem type' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'Stable machine-readable error code', examples: ['validation_failed'] }),
    instance: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(FieldErrorSchema, { description: 'One entry per invalid field' })),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details', additionalProperties: true },
);

/** Problem responses a route can return, for OpenAPI. */
export function problems(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const s of statuses) out[s] = Type.Ref(ProblemSchema, { description: problemDescriptions[s] ?? 'Problem' });
  return out;
}

const problemDescriptions: Record<number, string> = {
  400: 'Invalid request (problem+json listing each bad field)',
  401: 'Missing or invalid X-Api-Key',
  403: 'The key lacks a scope this operation needs',
  404: 'Not found',
  409: 'Conflict',
  412: 'Precondition failed (stale If-Match)',
  413: 'Payload too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  422: 'Unprocessable content',
  429: 'Too many requests',
};

/** Ids the service hands out: a prefix, an underscore and base64url characters. */
export const ResourceId = (description = 'Resource id') => Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description });

export const IdParamsSchema = Type.Object({ id: ResourceId() });

/** `limit` and `cursor` of every list route. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Items per page (1–500)' })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: '`nextCursor` of the previous page' })),
};

const NextCursor = Nullable(Type.String(), { description: 'Pass as `cursor` for the next page; null on the last page' });

/** A page of `item`s under `key`, with the cursor of the next page. */
export function PageOf<K extends string, T extends TSchema>(key: K, item: T, options: { description?: string } = {}) {
  // A computed key widens to string; the object has exactly `key` and nextCursor.
  const properties = { [key]: Type.Array(item), nextCursor: NextCursor } as { [P in K]: TArray<T> } & { nextCursor: typeof NextCursor };
  return Type.Object(properties, options);
}

const multipartSchemas = new WeakSet<object>();

/**
 * Marks a body schema as a multipart form: the route reads the parts itself
 * (a file cannot be validated as JSON) and checks the text fields with the same
 * schema; OpenAPI documents it under `multipart/form-data`.
 */
export function multipartBody<T extends TSchema>(schema: T): T {
  multipartSchemas.add(schema);
  return schema;
}

export function isMultipartBody(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && multipartSchemas.has(schema);
}
