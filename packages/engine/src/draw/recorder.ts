/**
 * What drawing code did while a test watched: `record(draw)` collects every item
 * `add`ed during `draw` (nested recordings each get their own), and `active` says
 * whether anyone is recording, so drawing measures nothing it would throw away.
 */
export interface Recorder<T> {
  record(draw: () => void): T[];
  add(item: T): void;
  readonly active: boolean;
}

export function createRecorder<T>(): Recorder<T> {
  let current: T[] | null = null;
  return {
    record(draw) {
      const prev = current;
      const out: T[] = [];
      current = out;
      try {
        draw();
      } finally {
        current = prev;
      }
      return out;
    },
    add(item) {
      current?.push(item);
    },
    get active() {
      return current !== null;
    },
  };
}
