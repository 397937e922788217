/**
 * SDL made of several generated parts names shared types (an error, a location)
 * in more than one part; each definition is kept once, where it first stands.
 */

/** The parts joined by blank lines, each `type`/`input`/`enum` (with its description) kept at its first definition. */
export function uniqueDefinitions(parts: readonly string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const block of parts.join('\n\n').split(/\n\n(?=(?:"""[\s\S]*?"""\n)?(?:type|input|enum) )/)) {
    const name = /^(?:"""[\s\S]*?"""\n)?(?:type|input|enum) (\w+)/.exec(block)?.[1];
    if (name && seen.has(name)) continue;
    if (name) seen.add(name);
    out.push(block);
  }
  return out.join('\n\n');
}
