/**
 * WCAG 2 contrast: ratios, the thresholds, and moving a colour just far enough
 * towards white or near-black to meet one.
 */
import { contrast, luminance, mix } from '../draw/color.js';

/** Normal text (WCAG 2 AA). */
export const WCAG_TEXT = 4.5;
/** Large text (≥ 24 px, or ≥ 18.7 px bold) and graphics such as the progress bar. */
export const WCAG_LARGE = 3;

/** Contrast of `color` with the least contrasting of `against` (1…21). */
export function minContrast(color: string, against: readonly string[]): number {
  return Math.min(...against.map((b) => contrast(color, b)));
}

/** The two ends a colour is moved towards: white and the near-black the templates use. */
const ENDS = ['#FFFFFF', '#0B1020'] as const;

/**
 * `color` if it reaches `required` against every colour of `against`; otherwise the
 * smallest step of it towards white or near-black that does (in 2 % steps), or the
 * better end if none does. Also returns the ratio reached.
 */
export function ensureContrast(color: string, against: readonly string[], required: number): { color: string; ratio: number } {
  const start = minContrast(color, against);
  if (start >= required) return { color, ratio: start };
  let best = { color, ratio: start };
  for (let i = 1; i <= 50; i++) {
    const t = i / 50;
    for (const end of ENDS) {
      const c = mix(color, end, t);
      const r = minContrast(c, against);
      if (r >= required) return { color: c, ratio: r };
      if (r > best.ratio) best = { color: c, ratio: r };
    }
  }
  return best;
}

/** Whether a colour reads as light (text on it should be dark). */
export function isLight(color: string): boolean {
  return luminance(color) > 0.18;
}

export { contrast };
