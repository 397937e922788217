/** Registers the default family (Inter) from its npm package, once per process. */
import { ensureFamily } from '../theme/index.js';

/** Makes `Inter` 400–800 available to every canvas. Idempotent. */
export function ensureFonts(): void {
  ensureFamily('inter');
}
