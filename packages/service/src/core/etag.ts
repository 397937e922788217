/**
 * Versioned resources (contexts, brands) answer with an ETag per version and
 * refuse a change whose If-Match names another (412).
 */

/** The ETag of a resource version. */
export function etagOf(version: number): string {
  return `"v${version}"`;
}

/** Whether an If-Match header (`*`, or a list of ETags, weak or strong) allows changing `version`. */
export function ifMatchAllows(header: string | undefined, version: number): boolean {
  if (header === undefined) return true;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etagOf(version));
}
