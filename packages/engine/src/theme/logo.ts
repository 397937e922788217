/** Drawing a theme's logo: scaled to a height, never wider than allowed, on its plate when it needs one. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { createRecorder } from '../draw/recorder.js';
import type { DrawnBox } from '../draw/text.js';
import type { ThemeLogo } from './types.js';

/** Where a logo (with its plate) was drawn, in the pixels of the canvas it was drawn on. */
export type DrawnLogo = DrawnBox;
const drawnLogos = createRecorder<DrawnLogo>();

/** Runs `draw` and returns where it drew a logo (tests check that no text overlaps it). */
export function recordDrawnLogos(draw: () => void): DrawnLogo[] {
  return drawnLogos.record(draw);
}

/** Plate padding as a fraction of the logo's height. */
const PAD = 0.2;

/** Size of the logo drawn at most `h` tall and `maxW` wide, plate included. */
export function logoBox(logo: ThemeLogo, h: number, maxW: number): { w: number; h: number; imageW: number; imageH: number } {
  const pad = logo.plate ? h * PAD : 0;
  let ih = h - 2 * pad;
  let iw = (ih * logo.width) / Math.max(1, logo.height);
  const maxIw = maxW - 2 * pad;
  if (iw > maxIw) {
    ih *= maxIw / iw;
    iw = maxIw;
  }
  return { w: iw + 2 * pad, h: ih + 2 * pad, imageW: iw, imageH: ih };
}

/**
 * Draws the logo with its box's right edge at `right` and vertically centred on
 * `cy`; returns the box drawn (design px).
 */
export function drawLogo(ctx: SKRSContext2D, logo: ThemeLogo, right: number, cy: number, h: number, maxW: number): { x: number; y: number; w: number; h: number } {
  const box = logoBox(logo, h, maxW);
  const x = right - box.w;
  const y = cy - box.h / 2;
  if (logo.plate) {
    const r = Math.min(box.h, box.w) * 0.22;
    ctx.beginPath();
    ctx.roundRect(x, y, box.w, box.h, r);
    ctx.fillStyle = logo.plate;
    ctx.fill();
  }
  ctx.drawImage(logo.image, x + (box.w - box.imageW) / 2, y + (box.h - box.imageH) / 2, box.imageW, box.imageH);
  if (drawnLogos.active) {
    const m = ctx.getTransform();
    drawnLogos.add({ left: m.a * x + m.e, right: m.a * (x + box.w) + m.e, top: m.d * y + m.f, bottom: m.d * (y + box.h) + m.f, canvasWidth: ctx.canvas.width, canvasHeight: ctx.canvas.height });
  }
  return { x, y, w: box.w, h: box.h };
}
