/**
 * List cursors, written once: a cursor is the position of a page's last row,
 * as base64url JSON, opaque to callers. Decoding checks it against the position's
 * shape, so a forged, truncated or foreign cursor is a 400 naming `cursor`, never
 * a wrong page or a 500.
 */
import { Value } from '@sinclair/typebox/value';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FieldError } from './errors.js';

/** Keyset position of a list ordered by a monotonic sequence number. */
export const SeqPosition = Type.Object({ seq: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) });

/** Keyset position of a list ordered by creation time, ties broken by id. */
export const CreatedPosition = Type.Object({
  createdAt: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$' }),
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});

export const INVALID_CURSOR: FieldError = { field: 'cursor', message: 'is not a cursor returned by this API' };

export interface CursorCodec<T extends TSchema> {
  encode(position: Static<T>): string;
  /** The position, or undefined (and `INVALID_CURSOR` pushed onto `errors`) when the cursor is not one of ours. */
  decode(cursor: string, errors: FieldError[]): Static<T> | undefined;
}

/** The cursor codec for positions of `schema`. */
export function cursorCodec<T extends TSchema>(schema: T): CursorCodec<T> {
  return {
    encode: (position) => Buffer.from(JSON.stringify(position)).toString('base64url'),
    decode(cursor, errors) {
      let value: unknown;
      try {
        value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        value = undefined;
      }
      if (Value.Check(schema, value)) return value;
      errors.push(INVALID_CURSOR);
      return undefined;
    },
  };
}

/** Cursors of lists ordered by sequence number (jobs, workflows, runs). */
export const seqCursor = cursorCodec(SeqPosition);
/** Cursors of lists ordered by creation time and id (contexts, variant tests). */
export const createdCursor = cursorCodec(CreatedPosition);
