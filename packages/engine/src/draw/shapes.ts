/** Paths and small vector icons, all in design units. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { activeTheme } from '../theme/active.js';
import { rgba } from './color.js';

export function roundRectPath(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

export function fillRoundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number, fill: string): void {
  roundRectPath(ctx, x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
}

/** A glassy panel: translucent fill, a hairline border and a soft drop shadow. */
export function panel(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number, opts: { fill?: string; border?: string; shadow?: boolean } = {}): void {
  const theme = activeTheme();
  // A theme's surface is opaque: its text colours were checked against it as drawn.
  if (!theme.isDefault) opts = { ...opts, fill: theme.colors.panelFill, border: theme.colors.panelBorder };
  ctx.save();
  if (opts.shadow !== false) {
    setShadow(ctx, 'rgba(0,0,0,0.35)', 30, 10);
  }
  fillRoundRect(ctx, x, y, w, h, r, opts.fill ?? 'rgba(255,255,255,0.065)');
  ctx.restore();
  roundRectPath(ctx, x + 0.5, y + 0.5, w - 1, h - 1, r);
  ctx.strokeStyle = opts.border ?? 'rgba(255,255,255,0.12)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/**
 * A {@link panel} at the origin marked with a colour (a category's): a stripe of
 * `stripe` along its left edge and, when `tint` > 0, the whole panel washed with
 * that colour at that opacity; both clipped to its rounded corners.
 */
export function stripedPanel(ctx: SKRSContext2D, w: number, h: number, r: number, color: string, stripe: number, tint = 0): void {
  panel(ctx, 0, 0, w, h, r);
  ctx.save();
  roundRectPath(ctx, 0, 0, w, h, r);
  ctx.clip();
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, stripe, h);
  if (tint > 0) {
    ctx.fillStyle = rgba(color, tint);
    ctx.fillRect(0, 0, w, h);
  }
  ctx.restore();
}

/** Thermometer, fitting a box of `s`×`s` with its top-left at (x, y). */
export function thermometerIcon(ctx: SKRSContext2D, x: number, y: number, s: number, color: string, level = 0.6): void {
  const cx = x + s / 2;
  const bulbR = s * 0.2;
  const bulbY = y + s - bulbR - s * 0.02;
  const tubeW = s * 0.2;
  const top = y + s * 0.04;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = s * 0.07;
  roundRectPath(ctx, cx - tubeW / 2, top, tubeW, bulbY - top, tubeW / 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, bulbY, bulbR, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  const fillTop = bulbY - (bulbY - top - tubeW / 2) * level;
  ctx.fillRect(cx - tubeW * 0.18, fillTop, tubeW * 0.36, bulbY - fillTop);
  ctx.restore();
}

/** A water drop, fitting a box of `s`×`s`. */
export function dropIcon(ctx: SKRSContext2D, x: number, y: number, s: number, color: string): void {
  const cx = x + s / 2;
  const r = s * 0.32;
  const cy = y + s - r - s * 0.04;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(cx, y + s * 0.04);
  ctx.bezierCurveTo(cx + r * 0.35, y + s * 0.3, cx + r, cy - r * 0.55, cx + r, cy);
  ctx.arc(cx, cy, r, 0, Math.PI);
  ctx.bezierCurveTo(cx - r, cy - r * 0.55, cx - r * 0.35, y + s * 0.3, cx, y + s * 0.04);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx - r * 0.35, cy + r * 0.1, r * 0.42, Math.PI * 0.55, Math.PI * 1.05);
  ctx.strokeStyle = 'rgba(255,255,255,0.55)';
  ctx.lineWidth = s * 0.06;
  ctx.lineCap = 'round';
  ctx.stroke();
  ctx.restore();
}

/** Warning triangle with an exclamation mark. */
export function warningIcon(ctx: SKRSContext2D, x: number, y: number, s: number, color: string, mark = '#0B1020'): void {
  ctx.save();
  ctx.beginPath();
  const r = s * 0.08;
  ctx.moveTo(x + s / 2, y + s * 0.06);
  ctx.lineTo(x + s * 0.97, y + s * 0.9);
  ctx.lineTo(x + s * 0.03, y + s * 0.9);
  ctx.closePath();
  ctx.lineJoin = 'round';
  ctx.lineWidth = r * 2;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.stroke();
  ctx.fill();
  ctx.fillStyle = mark;
  ctx.fillRect(x + s / 2 - s * 0.045, y + s * 0.34, s * 0.09, s * 0.3);
  ctx.beginPath();
  ctx.arc(x + s / 2, y + s * 0.76, s * 0.055, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** A heart-in-circle health mark. */
export function healthIcon(ctx: SKRSContext2D, x: number, y: number, s: number, color: string, mark = '#0B1020'): void {
  const cx = x + s / 2;
  const cy = y + s / 2;
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, s / 2, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  const h = s * 0.26;
  ctx.beginPath();
  ctx.moveTo(cx, cy + h * 0.95);
  ctx.bezierCurveTo(cx - h * 1.6, cy - h * 0.1, cx - h * 0.75, cy - h * 1.25, cx, cy - h * 0.45);
  ctx.bezierCurveTo(cx + h * 0.75, cy - h * 1.25, cx + h * 1.6, cy - h * 0.1, cx, cy + h * 0.95);
  ctx.fillStyle = mark;
  ctx.fill();
  ctx.restore();
}

/** Map pin. */
export function pinIcon(ctx: SKRSContext2D, x: number, y: number, s: number, color: string): void {
  const cx = x + s / 2;
  const r = s * 0.34;
  const cy = y + r + s * 0.04;
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, r, Math.PI * 0.8, Math.PI * 2.2);
  ctx.lineTo(cx, y + s * 0.98);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.42, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(11,16,32,0.85)';
  ctx.fill();
  ctx.restore();
}

/**
 * Sets a drop shadow in design units. Canvas shadows ignore the transform, so the
 * blur and offset are scaled here to look the same at every resolution.
 */
export function setShadow(ctx: SKRSContext2D, color: string, blur: number, offsetY = 0): void {
  const k = ctx.getTransform().a;
  ctx.shadowColor = color;
  ctx.shadowBlur = blur * k;
  ctx.shadowOffsetX = 0;
  ctx.shadowOffsetY = offsetY * k;
}
