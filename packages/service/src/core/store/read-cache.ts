/**
 * Answers computed from the store, kept while the store's change generation
 * stays the same (see Store.changeGeneration): any write through this process,
 * and any commit by another process on the same SQLite file, drops them all.
 * On PostgreSQL, or while this connection has a transaction open, nothing is
 * kept and every read computes its answer.
 */
import type { Store } from './database.js';

/** A computed answer, and whether it may be kept (false when it depends on more than the store). */
export interface Computed<V> {
  value: V;
  keep: boolean;
}

export class StoreReadCache<V> {
  /** The generation every kept answer was computed in (null: none kept yet). */
  private generation: number | null = null;
  private entries = new Map<string, V>();

  constructor(
    private readonly store: Store,
    /** Oldest answers are dropped beyond this many. */
    private readonly maxEntries = 1000,
  ) {}

  /**
   * The answer for `key`: the kept one when the store is unchanged since it was
   * computed, else `compute()`'s (kept when it says so). Synchronous on a hit.
   */
  read(key: string, compute: () => Promise<Computed<V>>): V | Promise<V> {
    // Read before computing: a write that lands while computing changes the generation, so the answer is never kept past it.
    const generation = this.store.changeGeneration();
    if (generation !== null && generation === this.generation) {
      const kept = this.entries.get(key);
      if (kept !== undefined) return kept;
    }
    return this.fill(key, generation, compute);
  }

  private async fill(key: string, generation: number | null, compute: () => Promise<Computed<V>>): Promise<V> {
    const { value, keep } = await compute();
    if (!keep || generation === null) return value;
    // Generations only grow: a newer one starts afresh, an answer from an older one (a slow read overtaken) is not kept.
    if (this.generation === null || generation > this.generation) {
      this.generation = generation;
      this.entries = new Map();
    }
    if (generation !== this.generation) return value;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
    return value;
  }
}
