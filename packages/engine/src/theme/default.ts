/** The built-in look: dark navy, white Inter, the category's colour as the accent, an `aqcast` credit. */
import type { Theme, ThemeColors } from './types.js';

export const DEFAULT_COLORS: Readonly<ThemeColors> = {
  background: '#0D1533',
  backgroundStops: ['#060A18', '#0D1533', '#081026'],
  // The panel as it looks: 6.5 % white over the background.
  surface: '#1C2340',
  panelFill: 'rgba(255,255,255,0.065)',
  panelBorder: 'rgba(255,255,255,0.12)',
  // Spelled so that no other colour of the code uses the same string: drawText
  // recognises these three and draws a theme's text colours in their place.
  text: 'rgb(255,255,255)',
  muted: 'rgba(226,232,255,0.66)',
  faint: 'rgba(226,232,255,0.38)',
  accent: null,
  vignette: 0.45,
  texture: 'rgba(255,255,255,0.035)',
};

export const DEFAULT_THEME: Readonly<Theme> = {
  key: 'default',
  isDefault: true,
  colors: DEFAULT_COLORS,
  fontFamily: 'Inter',
  family: 'inter',
  logo: null,
  credit: 'aqcast',
  intro: null,
  outro: null,
};
