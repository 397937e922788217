import type { Image } from '@napi-rs/canvas';

/**
 * Terms of theming:
 * - theme: everything a render draws that is the publisher's look rather than the
 *   data: colours, typeface, logo, footer credit, intro/outro card. Category colours
 *   are not part of it: they stay the AQI standard's official ones.
 * - theme input: what a caller (a brand) asks for; `resolveTheme` checks it for
 *   legibility and returns the theme the renderer draws with, plus the
 *   `adjustments` it had to make.
 * - family: a typeface the engine ships (an npm font package), or a font file the
 *   caller validated and stored.
 */

/** Typefaces the engine ships, each with es/pt/en diacritics. */
export const THEME_FAMILIES = ['inter', 'arimo', 'roboto-condensed', 'noto-serif'] as const;
export type ThemeFamily = (typeof THEME_FAMILIES)[number];

export interface ThemeColorsInput {
  /** Frame background, `#RRGGBB`. */
  background?: string;
  /** Panels and cards drawn over the background, `#RRGGBB`. */
  surface?: string;
  /** Primary text, `#RRGGBB`. */
  text?: string;
  /** The brand's accent (progress bar, footer rule), `#RRGGBB`. */
  accent?: string;
}

export interface ThemeLogoInput {
  /** PNG or JPEG bytes (an SVG is rasterised before it reaches the engine). */
  image: Uint8Array;
  /** Plate behind the logo: `auto` draws one when the logo has too little contrast with the background. */
  plate?: 'auto' | 'always' | 'never';
}

export interface ThemeCardInput {
  /** Seconds, 1–2. */
  durationSec: number;
  /** Optional line under the logo. */
  text?: string;
}

export interface ThemeInput {
  colors?: ThemeColorsInput;
  /** A shipped family, or a TTF/OTF the caller has validated: a file on disk, or its bytes. */
  font?: ThemeFamily | { file: string } | { data: Uint8Array };
  logo?: ThemeLogoInput;
  /** Footer credit line (default `aqcast`). */
  credit?: string;
  intro?: ThemeCardInput;
  outro?: ThemeCardInput;
  /**
   * A stable identity for what this input draws (a brand's id and version): it keys
   * the shared static layers. Omitted: a hash of the input.
   */
  key?: string;
}

/** A change `resolveTheme` made so that text stays legible. */
export interface ThemeAdjustment {
  /** The input field that was changed, e.g. `colors.text`. */
  field: string;
  from: string;
  to: string;
  /** The colour it is drawn on, and the field that set it. */
  against: string;
  againstField: string;
  /** Contrast before and after, and what was required (4.5 text, 3 large text and graphics). */
  ratioBefore: number;
  ratio: number;
  required: number;
}

export interface ThemeColors {
  background: string;
  /** The backdrop's gradient stops, top-left → bottom-right. */
  backgroundStops: [string, string, string];
  surface: string;
  /** Fill of a panel (the surface as drawn). */
  panelFill: string;
  panelBorder: string;
  text: string;
  /** Secondary text (labels, units). */
  muted: string;
  /** Tertiary text (footer, "not rated"). */
  faint: string;
  /** Null in the default look: the progress bar takes the AQI category's colour. */
  accent: string | null;
  /** Darkest the backdrop's vignette makes an edge (black's opacity). */
  vignette: number;
  /** Dots of the backdrop's texture. */
  texture: string;
}

export interface ThemeLogo {
  /** Decoded, ready to draw. */
  image: Image;
  width: number;
  height: number;
  /** The plate colour behind it, or null for none. */
  plate: string | null;
}

export interface Theme {
  /** Identifies everything this theme draws (part of the static layer's cache key). */
  key: string;
  /** True for the built-in look: drawing takes today's exact paths. */
  isDefault: boolean;
  colors: ThemeColors;
  /** Canvas font family name (registered). */
  fontFamily: string;
  /** Shipped family id, or `file` for an uploaded font. */
  family: ThemeFamily | 'file';
  logo: ThemeLogo | null;
  credit: string;
  intro: ThemeCardInput | null;
  outro: ThemeCardInput | null;
}
