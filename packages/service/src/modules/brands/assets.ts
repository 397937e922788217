/**
 * A brand's uploads, validated by their content before anything is stored: the
 * logo (PNG, JPEG or SVG; size- and pixel-limited; an SVG is refused if it could
 * fetch or run anything, then rasterised to PNG with no resource loading) and the
 * font (TrueType or OpenType with Latin glyphs). The name in `field` is the one a
 * 400 names.
 */
import fontkit from '@pdf-lib/fontkit';
import { Resvg } from '@resvg/resvg-js';
import { AppError, fieldError } from '../../core/errors.js';
import type { LOGO_TYPES } from './contract.js';

/** Largest logo upload (bytes, decoded). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** Largest logo (pixels, width × height) a PNG or JPEG may declare. */
export const MAX_LOGO_PIXELS = 16_000_000;
/** Largest side of a logo. */
export const MAX_LOGO_SIDE = 8192;
/** Height an SVG logo is rasterised at. */
export const SVG_RASTER_HEIGHT = 512;
/** Largest font upload (bytes). */
export const MAX_FONT_BYTES = 4 * 1024 * 1024;

export type LogoType = (typeof LOGO_TYPES)[number];

export interface ValidLogo {
  /** The image the renders draw: the upload (PNG, JPEG) or the SVG rasterised to PNG. */
  image: Buffer;
  mediaType: 'image/png' | 'image/jpeg';
  /** What was uploaded. */
  uploadedType: LogoType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function sniff(bytes: Buffer): LogoType | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** PNG: walks the chunks (each length within the file), reads IHDR's size, and requires IEND: a truncated file is refused. */
function pngSize(bytes: Buffer, field: string): { width: number; height: number } {
  let pos = 8;
  let size: { width: number; height: number } | null = null;
  while (pos + 12 <= bytes.length) {
    const len = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + len > bytes.length) break;
    if (type === 'IHDR') size = { width: bytes.readUInt32BE(pos + 8), height: bytes.readUInt32BE(pos + 12) };
    if (type === 'IEND') {
      if (!size) throw fieldError(field, 'the PNG has no IHDR header');
      return size;
    }
    pos += 12 + len;
  }
  throw fieldError(field, 'the PNG is truncated or damaged (no complete IEND chunk)');
}

/** JPEG: the frame header (SOFn) gives the size; the file must end with the EOI marker. */
function jpegSize(bytes: Buffer, field: string): { width: number; height: number } {
  if (!(bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9)) throw fieldError(field, 'the JPEG is truncated (no end-of-image marker)');
  let pos = 2;
  while (pos + 9 < bytes.length) {
    if (bytes[pos] !== 0xff) {
      pos++;
      continue;
    }
    const marker = bytes[pos + 1] ?? 0;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      pos += marker === 0xff ? 1 : 2;
      continue;
    }
    const len = bytes.readUInt16BE(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(pos + 5), width: bytes.readUInt16BE(pos + 7) };
    }
    pos += 2 + len;
  }
  throw fieldError(field, 'the JPEG has no frame header');
}

function checkPixels(size: { width: number; height: number }, field: string): void {
  if (size.width < 1 || size.height < 1) throw fieldError(field, 'the image has no pixels');
  if (size.width > MAX_LOGO_SIDE || size.height > MAX_LOGO_SIDE || size.width * size.height > MAX_LOGO_PIXELS) {
    throw fieldError(field, `the image is ${size.width}×${size.height} pixels; at most ${MAX_LOGO_SIDE} px a side and ${MAX_LOGO_PIXELS / 1e6} megapixels`);
  }
}

/**
 * What makes an SVG unsafe to rasterise: a DTD (entity declarations expand),
 * scripts and event handlers, foreign content, and any reference that is not to
 * the document itself or an embedded PNG/JPEG (`href`, `url()`, `@import`).
 */
function svgHazard(text: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'a DTD or entity declaration';
  if (/<script[\s>/]/i.test(text)) return 'a script';
  if (/\son[a-z]+\s*=/i.test(text)) return 'an event handler attribute';
  if (/<foreignObject[\s>/]/i.test(text)) return 'foreignObject content';
  if (/@import/i.test(text)) return 'a CSS @import';
  if (/<\?xml-stylesheet/i.test(text)) return 'an external stylesheet';
  for (const m of text.matchAll(/(?:xlink:)?href\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const ref = (m[2] ?? m[3] ?? '').trim();
    if (!ref.startsWith('#') && !/^data:image\/(png|jpeg);base64,/i.test(ref)) return `an external reference (${ref.slice(0, 60)})`;
  }
  for (const m of text.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)) {
    const ref = (m[2] ?? '').trim();
    if (!ref.startsWith('#')) return `an external reference (url(${ref.slice(0, 60)}))`;
  }
  return null;
}

function rasteriseSvg(bytes: Buffer, field: string): ValidLogo {
  const text = bytes.toString('utf8');
  const hazard = svgHazard(text);
  if (hazard) throw fieldError(field, `the SVG contains ${hazard}; logos may not fetch or run anything`);
  let png: Buffer;
  let width: number;
  let height: number;
  try {
    // No system fonts, no resource directory: nothing outside the document is read.
    const resvg = new Resvg(text, { fitTo: { mode: 'height', value: SVG_RASTER_HEIGHT }, font: { loadSystemFonts: false }, logLevel: 'off' });
    if (resvg.width * (SVG_RASTER_HEIGHT / Math.max(1, resvg.height)) > MAX_LOGO_SIDE) throw fieldError(field, `the SVG is too wide for its height (at most ${MAX_LOGO_SIDE / SVG_RASTER_HEIGHT}:1)`);
    const rendered = resvg.render();
    png = rendered.asPng();
    width = rendered.width;
    height = rendered.height;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fieldError(field, `the SVG could not be read: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
  }
  if (width < 1 || height < 1) throw fieldError(field, 'the SVG has no size');
  return { image: png, mediaType: 'image/png', uploadedType: 'svg', width, height };
}

/** Checks a logo upload by its content; returns the image renders draw. Throws a 400 naming `field`. */
export function validateLogo(bytes: Buffer, field = 'logo'): ValidLogo {
  if (bytes.length === 0) throw fieldError(field, 'is empty');
  if (bytes.length > MAX_LOGO_BYTES) throw fieldError(field, `is ${bytes.length} bytes; at most ${MAX_LOGO_BYTES}`);
  const type = sniff(bytes);
  if (type === null) throw fieldError(field, 'is not a PNG, JPEG or SVG image');
  if (type === 'svg') return rasteriseSvg(bytes, field);
  const size = type === 'png' ? pngSize(bytes, field) : jpegSize(bytes, field);
  checkPixels(size, field);
  return { image: bytes, mediaType: type === 'png' ? 'image/png' : 'image/jpeg', uploadedType: type, ...size };
}

export interface ValidFont {
  format: 'truetype' | 'opentype';
  /** The family name the file declares. */
  family: string;
}

/** Latin letters a brand font must have: the basic alphabet and the accented letters of es and pt. */
const REQUIRED_GLYPHS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789áéíóúãõçâêô';

/** Checks a font upload: TrueType or OpenType (by its signature and a full parse), with Latin glyphs. Throws a 400 naming `field`. */
export function validateFont(bytes: Buffer, field = 'font'): ValidFont {
  if (bytes.length === 0) throw fieldError(field, 'is empty');
  if (bytes.length > MAX_FONT_BYTES) throw fieldError(field, `is ${bytes.length} bytes; at most ${MAX_FONT_BYTES}`);
  const tag = bytes.subarray(0, 4).toString('latin1');
  const format = tag === 'OTTO' ? 'opentype' : tag === '\x00\x01\x00\x00' || tag === 'true' ? 'truetype' : null;
  if (!format) throw fieldError(field, 'is not a TrueType or OpenType font (TTF/OTF)');
  let font: ReturnType<typeof fontkit.create>;
  try {
    font = fontkit.create(bytes);
  } catch (err) {
    throw fieldError(field, `the font could not be read: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
  }
  if ('fonts' in font) throw fieldError(field, 'is a font collection; upload one font');
  // A font without a Unicode character map (a symbol font) has no Latin letters either.
  const has = (cp: number) => {
    try {
      return font.hasGlyphForCodePoint(cp);
    } catch {
      return false;
    }
  };
  let missing: string[];
  try {
    missing = [...REQUIRED_GLYPHS].filter((ch) => !has(ch.codePointAt(0) ?? 0));
    // Reading a glyph's outline parses the glyph tables, so a damaged file fails here rather than at render.
    font.layout('Aa').glyphs.forEach((g) => g.path);
  } catch (err) {
    throw fieldError(field, `the font could not be read: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
  }
  if (missing.length > 0) throw fieldError(field, `the font lacks Latin glyphs renders need: ${missing.slice(0, 12).join(' ')}`);
  return { format, family: String(font.familyName ?? '').slice(0, 100) };
}
