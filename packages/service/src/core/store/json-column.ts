/**
 * JSON columns read through their schema. A row holds what the service wrote,
 * but a hand edit, a bad migration or an older version's shape would otherwise
 * come back as a value of the wrong type and fail far from here; read through
 * its schema it fails at once, naming the column and the field.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { schemaErrors } from '../validation.js';

/** A stored JSON value that is not JSON or not of its column's shape. */
export class CorruptRowError extends Error {
  constructor(what: string, problem: string) {
    super(`Stored ${what} is corrupt: ${problem}`);
    this.name = 'CorruptRowError';
  }
}

/** Parses the JSON text of a column (`what` names it in errors: "job_123 params") and checks it against `schema`. */
export function readJson<S extends TSchema>(schema: S, text: string, what: string, references: TSchema[] = []): Static<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new CorruptRowError(what, `not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  return checkStored(schema, value, what, references);
}

/** Checks an already parsed stored value (a PostgreSQL json column, a cached copy) against `schema`. */
export function checkStored<S extends TSchema>(schema: S, value: unknown, what: string, references: TSchema[] = []): Static<S> {
  const errors = schemaErrors(schema, value, '', references);
  if (errors.length > 0) throw new CorruptRowError(what, errors.map((e) => `${e.field} ${e.message}`).join('; '));
  // Checked against the schema just above.
  return value as Static<S>;
}
