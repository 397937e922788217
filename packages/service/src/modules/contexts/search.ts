/**
 * Text folding for the `location` filter and `q` search: lower case, accents
 * removed, whitespace collapsed — done here rather than in SQL, so SQLite and
 * PostgreSQL (whose lower() and collations differ) compare the same strings.
 */

/** `"  São  PAULO "` → `"sao paulo"`. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards escaped (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
