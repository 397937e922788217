/**
 * The theme the drawing code draws with. Drawing is synchronous (a scene is laid
 * out, a static layer or a frame drawn, in one call), so the renderer sets the
 * render's theme around each such call, as `recordText` does for its recorder;
 * renders interleaved in one process each see their own.
 */
import { DEFAULT_COLORS, DEFAULT_THEME } from './default.js';
import type { Theme } from './types.js';

let active: Readonly<Theme> = DEFAULT_THEME;

/** The theme of the drawing in progress (the default look outside `withTheme`). */
export function activeTheme(): Readonly<Theme> {
  return active;
}

/** Runs `draw` with `theme` as the active theme. */
export function withTheme<T>(theme: Readonly<Theme>, draw: () => T): T {
  const prev = active;
  active = theme;
  try {
    return draw();
  } finally {
    active = prev;
  }
}

/**
 * A text colour as the active theme draws it: the default palette's text, muted
 * and faint colours become the theme's; any other colour (a category's) is kept.
 */
export function themedTextColor(color: string): string {
  if (active.isDefault) return color;
  if (color === DEFAULT_COLORS.text) return active.colors.text;
  if (color === DEFAULT_COLORS.muted) return active.colors.muted;
  if (color === DEFAULT_COLORS.faint) return active.colors.faint;
  return color;
}
