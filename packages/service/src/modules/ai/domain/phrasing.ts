/**
 * Varied phrasing without randomness: each slot of a text picks one of its
 * variants by a hash of the facts and the slot's name, so the same facts always
 * give the same text (tests, caches, idempotent retries) while different places,
 * days and values read differently.
 */

/** FNV-1a, 32 bits: small, fast and well spread for short strings. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Phrasing {
  constructor(private readonly seed: string) {}

  /** One of `variants`, the same one for the same seed and slot. */
  pick<T>(slot: string, variants: readonly T[]): T {
    if (variants.length === 0) throw new RangeError(`no variants for ${slot}`);
    return variants[fnv1a(`${this.seed}\u0000${slot}`) % variants.length]!;
  }
}
