/** Time curves for motion: each maps 0…1 to 0…1 (easeOutBack overshoots). */

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

/** How far (0…1) time `t` is through the window [start, start + duration]. */
export function progress(t: number, start: number, duration: number): number {
  return duration <= 0 ? (t >= start ? 1 : 0) : clamp01((t - start) / duration);
}

export const easeOutCubic = (x: number): number => 1 - (1 - clamp01(x)) ** 3;
export const easeInCubic = (x: number): number => clamp01(x) ** 3;
export const easeInOutCubic = (x: number): number => {
  const v = clamp01(x);
  return v < 0.5 ? 4 * v * v * v : 1 - (-2 * v + 2) ** 3 / 2;
};
export const easeOutQuint = (x: number): number => 1 - (1 - clamp01(x)) ** 5;
export function easeOutBack(x: number, overshoot = 1.5): number {
  const v = clamp01(x);
  const c3 = overshoot + 1;
  return 1 + c3 * (v - 1) ** 3 + overshoot * (v - 1) ** 2;
}

/** Linear interpolation. */
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/**
 * Opacity of an element that fades in over `inDur` from `start` and, when `outAt` is
 * given, fades out over `outDur` from there (the end-of-video fade).
 */
export function fade(t: number, start: number, inDur: number, outAt?: number, outDur = 0.6): number {
  const a = easeOutCubic(progress(t, start, inDur));
  if (outAt === undefined) return a;
  return a * (1 - easeInCubic(progress(t, outAt, outDur)));
}
