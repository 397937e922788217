/** Full-frame backdrops, drawn once per video into the static layer. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { activeTheme } from '../theme/active.js';
import { rgba } from './color.js';

export interface BackdropSpec {
  width: number;
  height: number;
  /** Colour of the main glow (usually the AQI category's). */
  accent: string;
  /** Base gradient, top-left → bottom-right. */
  base?: [string, string, string];
  /** Where the accent glow sits, as fractions of the frame. */
  glowAt?: [number, number];
  glowStrength?: number;
}

export function drawBackdrop(ctx: SKRSContext2D, s: BackdropSpec): void {
  const { width: w, height: h } = s;
  const theme = activeTheme().colors;
  const [c0, c1, c2] = s.base ?? theme.backgroundStops;
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, c0);
  g.addColorStop(0.55, c1);
  g.addColorStop(1, c2);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);

  const [gx, gy] = s.glowAt ?? [0.25, 0.55];
  const big = Math.max(w, h);
  const glow = ctx.createRadialGradient(w * gx, h * gy, 0, w * gx, h * gy, big * 0.6);
  const k = s.glowStrength ?? 1;
  glow.addColorStop(0, rgba(s.accent, 0.2 * k));
  glow.addColorStop(0.45, rgba(s.accent, 0.07 * k));
  glow.addColorStop(1, rgba(s.accent, 0));
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, w, h);

  const cool = ctx.createRadialGradient(w * (1 - gx * 0.6), h * 0.05, 0, w * (1 - gx * 0.6), h * 0.05, big * 0.55);
  cool.addColorStop(0, 'rgba(70,110,255,0.14)');
  cool.addColorStop(1, 'rgba(70,110,255,0)');
  ctx.fillStyle = cool;
  ctx.fillRect(0, 0, w, h);

  // A faint dot grid gives the flat gradient some texture without moving.
  ctx.fillStyle = theme.texture;
  const step = 36;
  for (let y = step / 2; y < h; y += step) {
    for (let x = step / 2; x < w; x += step) ctx.fillRect(x - 1, y - 1, 2, 2);
  }

  const vignette = ctx.createRadialGradient(w / 2, h / 2, Math.min(w, h) * 0.35, w / 2, h / 2, big * 0.75);
  vignette.addColorStop(0, 'rgba(0,0,0,0)');
  vignette.addColorStop(1, `rgba(0,0,0,${theme.vignette})`);
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, w, h);
}
