/**
 * Request validation with the same TypeBox schemas that document the routes in
 * OpenAPI. Query strings and path params are coerced ("10" → 10); JSON bodies
 * are not (a string where a number belongs is a 400). Render bodies are
 * validated by the renders service with the engine's schema, so that batch
 * items can be named by index; those routes register their body schema for
 * documentation only.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler } from 'fastify';
import { validationError, type FieldError } from '../errors/catalogue.js';

const bodyValidatedByService = new Set<string>();

/** Marks a route whose body the service validates (the schema stays for OpenAPI). */
export function bodyValidatedInService(method: string, url: string): void {
  bodyValidatedByService.add(`${method} ${url}`);
}

export function fieldErrors(schema: TSchema, value: unknown, prefix = ''): FieldError[] {
  const C = TypeCompiler.Compile(schema);
  if (C.Check(value)) return [];
  const out: FieldError[] = [];
  for (const e of C.Errors(value)) {
    const field = prefix + (e.path.replace(/^\//, '').replace(/\//g, '.') || '(root)');
    if (!out.some((o) => o.field === field)) out.push({ field, message: e.message });
  }
  return out;
}

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, method, url, httpPart }) => {
  if (httpPart === 'body' && bodyValidatedByService.has(`${method} ${url}`)) return (data) => ({ value: data });
  const compiled = TypeCompiler.Compile(schema);
  const coerce = httpPart !== 'body';
  return (data: unknown) => {
    const value = coerce ? Value.Convert(schema, data) : data;
    if (compiled.Check(value)) return { value };
    return { error: validationError(fieldErrors(schema, value)) };
  };
};
