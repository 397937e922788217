import { randomBytes } from 'node:crypto';

/** A new resource id: `<prefix>_` and 16 random base64url characters (96 bits). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** An unguessable token for public URLs (192 bits). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}
