/**
 * Portrait's safe area (fractions of the frame height): vertical feeds cover the top
 * 14 % and the bottom 20 % of the frame with their own interface.
 */
export const PORTRAIT_SAFE = { top: 0.14, bottom: 0.2 } as const;
