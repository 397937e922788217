/** Colour arithmetic for contrast and tinting. */
import { activeTheme } from '../theme/active.js';

export function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const v = Number.parseInt(h.length === 3 ? h.replace(/./g, (c) => c + c) : h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgba(hex: string, alpha: number): string {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r},${g},${b},${Math.max(0, Math.min(1, alpha)).toFixed(3)})`;
}

/** WCAG relative luminance, 0…1. */
export function luminance(hex: string): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  const hi = Math.max(la, lb);
  const lo = Math.min(la, lb);
  return (hi + 0.05) / (lo + 0.05);
}

/** Near-black or white text, whichever contrasts more with `background`. */
export function readableTextOn(background: string): string {
  return contrast(background, '#0B1020') >= contrast(background, '#FFFFFF') ? '#0B1020' : '#FFFFFF';
}

/** Linear mix of two colours, t=0 → a, t=1 → b. */
export function mix(a: string, b: string, t: number): string {
  const A = hexToRgb(a);
  const B = hexToRgb(b);
  const c = A.map((x, i) => Math.round(x + ((B[i]!) - x) * t));
  return `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * `color` moved towards white (on a dark background; near-black on a light one)
 * until it reaches `min` contrast on the backdrop (the active theme's unless
 * given), so category colours like maroon stay readable as text.
 */
export function legibleOn(color: string, background = activeTheme().colors.background, min = 4.5): string {
  const end = luminance(background) > 0.18 ? '#0B1020' : '#FFFFFF';
  for (let t = 0; t <= 1; t += 0.05) {
    const c = mix(color, end, t);
    if (contrast(c, background) >= min) return c;
  }
  return end;
}
