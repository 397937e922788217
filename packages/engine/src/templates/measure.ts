import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

let ctx: SKRSContext2D | null = null;

/** A tiny shared context for measuring text during layout (never drawn to video). */
export function measureContext(): SKRSContext2D {
  if (!ctx) ctx = createCanvas(8, 8).getContext('2d');
  return ctx;
}
