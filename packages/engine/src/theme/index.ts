/** Themes: the look a render is drawn in (a brand's colours, typeface, logo and credit). */
export { THEME_FAMILIES, type Theme, type ThemeInput, type ThemeAdjustment, type ThemeColors, type ThemeColorsInput, type ThemeFamily, type ThemeLogoInput, type ThemeCardInput } from './types.js';
export { DEFAULT_THEME, DEFAULT_COLORS } from './default.js';
export { activeTheme, withTheme, themedTextColor } from './active.js';
export { contrast, ensureContrast, minContrast, WCAG_LARGE, WCAG_TEXT } from './contrast.js';
export { listFamilies, ensureFamily, TYPEFACE_KINDS, type FamilyInfo, type TypefaceKind } from './fonts.js';
export { resolveTheme, checkThemeInput, MAX_CREDIT_CHARS, type ResolvedTheme } from './resolve.js';
export { drawLogo, logoBox, recordDrawnLogos, type DrawnLogo } from './logo.js';
