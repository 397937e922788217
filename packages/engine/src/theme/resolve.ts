/**
 * From a theme input (a brand) to the theme the renderer draws with: colours
 * checked against what they are drawn on and adjusted where they fall short of
 * WCAG (each change reported), the typeface registered, the logo decoded and given
 * a plate when it would not stand out from the background.
 */
import { createCanvas, Image } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { mix } from '../draw/color.js';
import { EngineError, type FieldError } from '../errors.js';
import { ensureContrast, isLight, minContrast, WCAG_LARGE, WCAG_TEXT } from './contrast.js';
import { DEFAULT_COLORS, DEFAULT_THEME } from './default.js';
import { ensureFamily, ensureFontBytes, ensureFontFile } from './fonts.js';
import { THEME_FAMILIES, type Theme, type ThemeAdjustment, type ThemeCardInput, type ThemeColors, type ThemeFamily, type ThemeInput, type ThemeLogo } from './types.js';

const HEX = /^#[0-9A-Fa-f]{6}$/;
/** Longest credit line drawn (characters). */
export const MAX_CREDIT_CHARS = 60;

export interface ResolvedTheme {
  theme: Theme;
  adjustments: ThemeAdjustment[];
}

function isFamily(v: unknown): v is ThemeFamily {
  return THEME_FAMILIES.some((f) => f === v);
}

/** Field errors of a theme input's plain fields (colours, family, credit, cards); empty when valid. */
export function checkThemeInput(input: ThemeInput): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['background', 'surface', 'text', 'accent'] as const) {
    const v = input.colors?.[key];
    if (v !== undefined && !HEX.test(v)) errors.push({ field: `colors.${key}`, message: 'must be a colour as #RRGGBB' });
  }
  if (typeof input.font === 'string' && !isFamily(input.font)) errors.push({ field: 'font', message: `must be one of ${THEME_FAMILIES.join(', ')}` });
  if (input.credit !== undefined && [...input.credit].length > MAX_CREDIT_CHARS) errors.push({ field: 'credit', message: `must be at most ${MAX_CREDIT_CHARS} characters` });
  for (const card of ['intro', 'outro'] as const) {
    const c = input[card];
    if (c && !(c.durationSec >= 1 && c.durationSec <= 2)) errors.push({ field: `${card}.durationSec`, message: 'must be between 1 and 2 seconds' });
  }
  return errors;
}

/** The colours a text colour must stand out from: the backdrop's stops, darkened by its vignette, and the surface. */
function grounds(c: Pick<ThemeColors, 'backgroundStops' | 'vignette' | 'surface'>): string[] {
  const stops = [...c.backgroundStops];
  return [...stops, ...stops.map((s) => mix(s, '#000000', c.vignette)), c.surface];
}

/** Colours from the input: derived shades, then every text colour checked. */
function resolveColors(input: ThemeInput, adjustments: ThemeAdjustment[]): ThemeColors {
  const ci = input.colors ?? {};
  // No colour asked for: exactly the default palette (the look of a brand that only sets a logo or a credit).
  if (Object.values(ci).every((v) => v === undefined)) return { ...DEFAULT_COLORS };
  const background = ci.background ?? DEFAULT_COLORS.background;
  const light = isLight(background);
  const backgroundStops: [string, string, string] =
    ci.background === undefined ? DEFAULT_COLORS.backgroundStops : light ? [mix(background, '#FFFFFF', 0.35), background, mix(background, '#000000', 0.06)] : [mix(background, '#000000', 0.5), background, mix(background, '#000000', 0.3)];
  const vignette = light ? 0.1 : DEFAULT_COLORS.vignette;
  const surface = ci.surface ?? (ci.background === undefined ? DEFAULT_COLORS.surface : light ? mix(background, '#000000', 0.05) : mix(background, '#FFFFFF', 0.065));
  const on = grounds({ backgroundStops, vignette, surface });
  const textIn = ci.text ?? (light ? '#0B1020' : '#FFFFFF');
  const check = (field: string, color: string, required: number, againstField: string, against: string[]): string => {
    const r = ensureContrast(color, against, required);
    if (r.color !== color) {
      const before = minContrast(color, against);
      const worst = against.reduce((a, b) => (minContrast(color, [b]) < minContrast(color, [a]) ? b : a));
      adjustments.push({ field, from: color, to: r.color, against: worst, againstField, ratioBefore: round2(before), ratio: round2(r.ratio), required });
    }
    return r.color;
  };
  const text = check('colors.text', textIn, WCAG_TEXT, ci.surface !== undefined ? 'colors.background, colors.surface' : 'colors.background', on);
  // Secondary shades lean towards the background, but never below the text threshold.
  const muted = ensureContrast(mix(text, background, 0.3), on, WCAG_TEXT).color;
  const faint = ensureContrast(mix(text, background, 0.45), on, WCAG_TEXT).color;
  const accent = ci.accent === undefined ? null : check('colors.accent', ci.accent, WCAG_LARGE, 'colors.background', [...backgroundStops]);
  return {
    background,
    backgroundStops,
    surface,
    panelFill: surface,
    panelBorder: light ? 'rgba(0,0,0,0.12)' : 'rgba(255,255,255,0.12)',
    text,
    muted,
    faint,
    accent,
    vignette,
    texture: light ? 'rgba(0,0,0,0.04)' : DEFAULT_COLORS.texture,
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

async function decodeImage(bytes: Uint8Array): Promise<Image> {
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = (err) => reject(err);
    img.src = Buffer.from(bytes);
  });
  return img;
}

/** Mean colour of the logo's opaque pixels, as #RRGGBB (null if it has none). */
function meanColor(img: Image): string | null {
  const s = 32;
  const canvas = createCanvas(s, s);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, s, s);
  const d = ctx.getImageData(0, 0, s, s).data;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3] ?? 0;
    if (a < 128) continue;
    r += d[i] ?? 0;
    g += d[i + 1] ?? 0;
    b += d[i + 2] ?? 0;
    n++;
  }
  if (n === 0) return null;
  const hex = (v: number) => Math.round(v / n).toString(16).padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

async function resolveLogo(input: ThemeInput['logo'], colors: ThemeColors): Promise<ThemeLogo | null> {
  if (!input) return null;
  let image: Image;
  try {
    image = await decodeImage(input.image);
  } catch (err) {
    throw new EngineError('invalid_params', 'the logo is not a PNG or JPEG image the engine can decode', { fields: [{ field: 'logo', message: 'not a decodable PNG or JPEG' }], cause: err });
  }
  const mode = input.plate ?? 'auto';
  const mean = meanColor(image);
  let plate: string | null = null;
  if (mode === 'always' || (mode === 'auto' && mean !== null && minContrast(mean, [colors.background, ...colors.backgroundStops]) < WCAG_LARGE)) {
    // The plate stands out from the logo: white behind a dark logo, near-black behind a light one.
    plate = mean !== null && isLight(mean) ? '#0B1020' : '#FFFFFF';
  }
  return { image, width: image.width, height: image.height, plate };
}

function fontOf(input: ThemeInput): { fontFamily: string; family: ThemeFamily | 'file' } {
  const f = input.font ?? 'inter';
  if (typeof f === 'string') return { fontFamily: ensureFamily(f), family: f };
  try {
    return { fontFamily: 'file' in f ? ensureFontFile(f.file) : ensureFontBytes(f.data), family: 'file' };
  } catch (err) {
    throw new EngineError('invalid_params', 'the font could not be registered', { fields: [{ field: 'font', message: 'not a usable TTF/OTF font' }], cause: err });
  }
}

function keyOf(input: ThemeInput): string {
  if (input.key !== undefined) return input.key;
  const h = createHash('sha256');
  const font = input.font === undefined ? null : typeof input.font === 'string' || 'file' in input.font ? input.font : { sha256: createHash('sha256').update(input.font.data).digest('hex') };
  h.update(JSON.stringify({ colors: input.colors ?? null, font, credit: input.credit ?? null, plate: input.logo?.plate ?? null, intro: input.intro ?? null, outro: input.outro ?? null }));
  if (input.logo) h.update(input.logo.image);
  return h.digest('hex').slice(0, 24);
}

function card(c: ThemeCardInput | undefined): ThemeCardInput | null {
  return c ? { ...c } : null;
}

/**
 * The theme for `input` (the default look when it is undefined or empty). Rejects
 * with EngineError `invalid_params` naming the field for a malformed colour,
 * family, credit, card or an undecodable logo; colours that are legible but too
 * faint are adjusted, never refused, and listed in `adjustments`.
 */
export async function resolveTheme(input?: ThemeInput): Promise<ResolvedTheme> {
  if (!input || Object.keys(input).every((k) => k === 'key')) return { theme: DEFAULT_THEME, adjustments: [] };
  const errors = checkThemeInput(input);
  if (errors.length > 0) throw new EngineError('invalid_params', `invalid theme: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, { fields: errors });
  const adjustments: ThemeAdjustment[] = [];
  const colors = resolveColors(input, adjustments);
  const logo = await resolveLogo(input.logo, colors);
  const font = fontOf(input);
  const theme: Theme = {
    key: keyOf(input),
    isDefault: false,
    colors,
    ...font,
    logo,
    credit: input.credit ?? DEFAULT_THEME.credit,
    intro: card(input.intro),
    outro: card(input.outro),
  };
  return { theme, adjustments };
}
