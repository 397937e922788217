/**
 * The two AQI scales the templates animate: an arc gauge (dial) and a horizontal
 * segmented bar. Each has a static part (the dimmed scale, drawn once) and a moving
 * part (the lit segments and the marker at `position`, drawn per frame).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { activeTheme } from '../theme/active.js';
import { rgba } from './color.js';
import { roundRectPath, setShadow } from './shapes.js';
import { drawBlock, layoutBlock } from './text.js';

export interface ScaleColor {
  color: string;
  label: string;
}

/** Colour of the band under `position`, so a moving marker wears the band it crosses. */
function colorAt(scale: readonly ScaleColor[], position: number, fallback: string): string {
  if (scale.length === 0) return fallback;
  const i = Math.max(0, Math.min(scale.length - 1, Math.floor(position * scale.length - 1e-9)));
  return (scale[i]!).color;
}

export interface ArcGauge {
  cx: number;
  cy: number;
  r: number;
  thickness: number;
  /** Start angle in radians (canvas convention: 0 = 3 o'clock, clockwise). */
  start: number;
  sweep: number;
  scale: readonly ScaleColor[];
}

const GAP = 0.018;

function segmentAngles(g: ArcGauge, i: number): [number, number] {
  const n = g.scale.length;
  const a0 = g.start + (g.sweep * i) / n + (i === 0 ? 0 : GAP / 2);
  const a1 = g.start + (g.sweep * (i + 1)) / n - (i === n - 1 ? 0 : GAP / 2);
  return [a0, a1];
}

/** The dimmed scale and the tick ring. */
export function drawArcTrack(ctx: SKRSContext2D, g: ArcGauge): void {
  ctx.save();
  ctx.lineCap = 'butt';
  ctx.lineWidth = g.thickness;
  g.scale.forEach((s, i) => {
    const [a0, a1] = segmentAngles(g, i);
    ctx.beginPath();
    ctx.arc(g.cx, g.cy, g.r, a0, a1);
    ctx.strokeStyle = rgba(s.color, 0.2);
    ctx.stroke();
  });
  // Fine ticks inside the arc.
  const ticks = g.scale.length * 5;
  ctx.strokeStyle = 'rgba(255,255,255,0.22)';
  for (let k = 0; k <= ticks; k++) {
    const a = g.start + (g.sweep * k) / ticks;
    const major = k % 5 === 0;
    const r0 = g.r - g.thickness / 2 - (major ? 30 : 20) * (g.r / 300);
    const r1 = g.r - g.thickness / 2 - 12 * (g.r / 300);
    ctx.lineWidth = major ? 3 : 1.5;
    ctx.beginPath();
    ctx.moveTo(g.cx + Math.cos(a) * r0, g.cy + Math.sin(a) * r0);
    ctx.lineTo(g.cx + Math.cos(a) * r1, g.cy + Math.sin(a) * r1);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Design-space box of what `drawArcValue` draws between positions `p0` and `p1`
 * (either order): the arc from the start of the scale segment the lower one is in
 * (Skia approximates an arc a little differently for every length, so a growing
 * segment's pixels may shift slightly along its whole length) and the marker, with
 * a glow of up to `glow`, at both.
 */
export function arcValueChange(g: ArcGauge, p0: number, p1: number, glow = 1): { x: number; y: number; w: number; h: number } {
  const lo = Math.max(0, Math.min(1, Math.min(p0, p1)));
  const hi = Math.max(0, Math.min(1, Math.max(p0, p1)));
  const n = Math.max(1, g.scale.length);
  const a0 = g.scale.length ? segmentAngles(g, Math.min(n - 1, Math.floor(lo * n)))[0] - GAP : g.start + g.sweep * lo;
  const a1 = g.start + g.sweep * hi;
  const ro = g.r + g.thickness / 2 + 2;
  const ri = Math.max(0, g.r - g.thickness / 2 - 2);
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (a: number, r: number) => {
    xs.push(g.cx + Math.cos(a) * r);
    ys.push(g.cy + Math.sin(a) * r);
  };
  for (const a of [a0, a1]) {
    add(a, ro);
    add(a, ri);
  }
  // The arc's outermost points where it crosses an axis.
  for (let k = Math.ceil(a0 / (Math.PI / 2)); k * (Math.PI / 2) <= a1; k++) add(k * (Math.PI / 2), ro);
  // The marker and its glow (Skia's blur reaches about 1.5 × shadowBlur).
  const reach = g.thickness * 0.78 + 1.5 * 28 * glow + 4;
  for (const a of [g.start + g.sweep * lo, a1]) {
    const mx = g.cx + Math.cos(a) * g.r;
    const my = g.cy + Math.sin(a) * g.r;
    xs.push(mx - reach, mx + reach);
    ys.push(my - reach, my + reach);
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/**
 * The lit part of the scale up to `position` (0…1) and the marker at its tip; `part`
 * draws just one of them (a scene that caches the settled arc draws the breathing
 * marker alone).
 */
export function drawArcValue(ctx: SKRSContext2D, g: ArcGauge, position: number, fallbackColor: string, glow = 1, part: 'all' | 'arc' | 'marker' = 'all'): void {
  const n = part === 'marker' ? 0 : g.scale.length;
  const p = Math.max(0, Math.min(1, position));
  const markerColor = colorAt(g.scale, p, fallbackColor);
  ctx.save();
  ctx.lineCap = 'butt';
  ctx.lineWidth = g.thickness;
  for (let i = 0; i < n; i++) {
    const [a0, a1] = segmentAngles(g, i);
    const tip = g.start + g.sweep * p;
    if (tip <= a0) break;
    const s = g.scale[i]!;
    ctx.beginPath();
    ctx.arc(g.cx, g.cy, g.r, a0, Math.min(a1, tip));
    ctx.strokeStyle = s.color;
    ctx.stroke();
  }
  if (part === 'arc') {
    ctx.restore();
    return;
  }
  const a = g.start + g.sweep * p;
  const mx = g.cx + Math.cos(a) * g.r;
  const my = g.cy + Math.sin(a) * g.r;
  const kr = g.thickness * 0.78;
  setShadow(ctx, rgba(markerColor, 0.85), 28 * glow);
  ctx.beginPath();
  ctx.arc(mx, my, kr, 0, Math.PI * 2);
  ctx.fillStyle = '#FFFFFF';
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.beginPath();
  ctx.arc(mx, my, kr * 0.55, 0, Math.PI * 2);
  ctx.fillStyle = markerColor;
  ctx.fill();
  ctx.restore();
}

export interface ScaleBar {
  x: number;
  y: number;
  w: number;
  h: number;
  scale: readonly ScaleColor[];
  /** Font size of the category names under the bar; 0 for none. */
  labelSize: number;
}

/** Height the labels under a bar need (two lines at most). */
export function scaleBarLabelHeight(bar: ScaleBar): number {
  return bar.labelSize > 0 ? bar.labelSize * 1.2 * 2 + 14 : 0;
}

/** Design px between the segments of a scale bar. */
export const SCALE_BAR_GAP = 6;

export function drawScaleBarTrack(ctx: SKRSContext2D, bar: ScaleBar, dim = 0.28): void {
  const n = bar.scale.length;
  const gap = SCALE_BAR_GAP;
  const segW = (bar.w - gap * (n - 1)) / n;
  const theme = activeTheme();
  const labelColor = theme.isDefault ? 'rgba(255,255,255,0.72)' : theme.colors.muted;
  bar.scale.forEach((s, i) => {
    const x = bar.x + i * (segW + gap);
    roundRectPath(ctx, x, bar.y, segW, bar.h, bar.h / 2);
    ctx.fillStyle = rgba(s.color, dim);
    ctx.fill();
    if (bar.labelSize > 0) {
      const block = layoutBlock(ctx, s.label, { maxWidth: segW - 6, maxLines: 2, size: bar.labelSize, minSize: bar.labelSize * 0.7, weight: 600, leading: 1.2 });
      for (const [k, line] of block.lines.entries()) {
        drawBlock(ctx, { ...block, lines: [line] }, x + segW / 2, bar.y + bar.h + 12 + k * block.lineHeight, { color: labelColor, weight: 600, align: 'center' });
      }
    }
  });
}

/** Lights the segments up to `position` and draws a marker with a value bubble above it. */
export function drawScaleBarValue(ctx: SKRSContext2D, bar: ScaleBar, position: number, fallbackColor: string): void {
  const n = bar.scale.length;
  const gap = SCALE_BAR_GAP;
  const segW = (bar.w - gap * (n - 1)) / n;
  const p = Math.max(0, Math.min(1, position));
  const markerColor = colorAt(bar.scale, p, fallbackColor);
  const tipX = bar.x + p * bar.w;
  ctx.save();
  for (let i = 0; i < n; i++) {
    const x = bar.x + i * (segW + gap);
    if (tipX <= x) break;
    const w = Math.min(segW, tipX - x);
    ctx.save();
    roundRectPath(ctx, x, bar.y, segW, bar.h, bar.h / 2);
    ctx.clip();
    ctx.fillStyle = (bar.scale[i]!).color;
    ctx.fillRect(x, bar.y, w, bar.h);
    ctx.restore();
  }
  const r = bar.h * 0.95;
  setShadow(ctx, rgba(markerColor, 0.9), 24);
  ctx.beginPath();
  ctx.arc(tipX, bar.y + bar.h / 2, r, 0, Math.PI * 2);
  ctx.fillStyle = '#FFFFFF';
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.beginPath();
  ctx.arc(tipX, bar.y + bar.h / 2, r * 0.55, 0, Math.PI * 2);
  ctx.fillStyle = markerColor;
  ctx.fill();
  ctx.restore();
}
