/**
 * Pre-rendered elements. Text and shadows are the expensive part of a frame; an
 * element that only moves or fades is drawn once into its own canvas at output
 * resolution and then composited with drawImage every frame.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { addDrawnText, recordDrawnText, recordingDrawnText, type DrawnText } from './text.js';

export interface Sprite {
  canvas: Canvas;
  /** Design-space size of the element (without padding). */
  w: number;
  h: number;
  /** Design-space margin around the element for shadows and glows. */
  pad: number;
  /** While text boxes are recorded (tests): the strings drawn into it, in its canvas's pixels. */
  texts?: DrawnText[];
}

export function makeSprite(w: number, h: number, pixelScale: number, draw: (ctx: SKRSContext2D) => void, pad = 0): Sprite {
  const canvas = createCanvas(Math.max(1, Math.ceil((w + 2 * pad) * pixelScale)), Math.max(1, Math.ceil((h + 2 * pad) * pixelScale)));
  const ctx = canvas.getContext('2d');
  ctx.scale(pixelScale, pixelScale);
  ctx.translate(pad, pad);
  if (!recordingDrawnText()) {
    draw(ctx);
    return { canvas, w, h, pad };
  }
  // Kept with the sprite and recorded where it is drawn, in the frame's pixels.
  const texts = recordDrawnText(() => draw(ctx));
  return { canvas, w, h, pad, texts };
}

export interface SpriteDraw {
  alpha?: number;
  /** Uniform scale about the sprite's centre. */
  scale?: number;
  dx?: number;
  dy?: number;
}

/** Draws `s` with its element's top-left at (x, y) in design space. */
export function drawSprite(ctx: SKRSContext2D, s: Sprite, x: number, y: number, o: SpriteDraw = {}): void {
  const alpha = o.alpha ?? 1;
  if (alpha <= 0.001) return;
  const k = o.scale ?? 1;
  const fw = (s.w + 2 * s.pad) * k;
  const fh = (s.h + 2 * s.pad) * k;
  const cx = x + (o.dx ?? 0) + s.w / 2;
  const cy = y + (o.dy ?? 0) + s.h / 2;
  const prev = ctx.globalAlpha;
  ctx.globalAlpha = prev * alpha;
  const m = ctx.getTransform();
  if (k === 1 && !o.dx && !o.dy && alpha >= 1 && m.b === 0 && m.c === 0) {
    // At rest and opaque: drawn at its own pixel size on whole device pixels, so Skia
    // copies it 1:1 instead of resampling it. That is sharper, cheaper, and gives the
    // same pixels whatever clip the renderer redraws it under. (Moving or faded, a
    // 1:1 copy rounds a level differently under a clip than without.)
    const x0 = (Math.round(m.a * (cx - fw / 2) + m.e) - m.e) / m.a;
    const y0 = (Math.round(m.d * (cy - fh / 2) + m.f) - m.f) / m.d;
    ctx.drawImage(s.canvas, x0, y0, s.canvas.width / m.a, s.canvas.height / m.d);
  } else ctx.drawImage(s.canvas, cx - fw / 2, cy - fh / 2, fw, fh);
  ctx.globalAlpha = prev;
  if (s.texts && recordingDrawnText()) {
    // Sprite pixels → design units of the sprite (padding included) → where it went → the canvas's pixels.
    const toX = (px: number) => m.a * (cx - fw / 2 + (px / s.canvas.width) * fw) + m.e;
    const toY = (py: number) => m.d * (cy - fh / 2 + (py / s.canvas.height) * fh) + m.f;
    for (const b of s.texts) addDrawnText({ ...b, left: toX(b.left), right: toX(b.right), top: toY(b.top), bottom: toY(b.bottom), canvasWidth: ctx.canvas.width, canvasHeight: ctx.canvas.height });
  }
}
