import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * `T | null` as a JSON Schema type array rather than `anyOf`: the response
 * serializer handles it natively, where `anyOf` makes it validate every value
 * at run time to pick a branch (a third of GET /render/:id's cost).
 */
export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  const { type, ...rest } = schema as TSchema & { type?: string };
  if (typeof type !== 'string') return Type.Union([schema, Type.Null()], options);
  return Type.Unsafe<Static<T> | null>({ ...rest, ...options, type: [type, 'null'] });
}

/** A string enum as `{ type: 'string', enum }` (not an anyOf of constants), for the same reason. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
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
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
};

export const IdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Resource id' }) });
