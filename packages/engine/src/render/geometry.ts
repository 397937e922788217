import type { Format, Resolution } from '../params/schema.js';

/** Design-space size of each frame shape (its 1080p size). */
export const DESIGN_SIZE: Record<Format, { width: number; height: number }> = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
};

const SHORT_SIDE: Record<Resolution, number> = { '1080p': 1080, '720p': 720, '360p': 360 };

/** Output pixel size and the design → pixel scale for a format at a resolution. */
export function frameGeometry(format: Format, resolution: Resolution): { width: number; height: number; scale: number; design: { width: number; height: number } } {
  const design = DESIGN_SIZE[format];
  const scale = SHORT_SIDE[resolution] / 1080;
  // yuv420p needs even dimensions.
  const even = (x: number) => Math.round((x * scale) / 2) * 2;
  return { width: even(design.width), height: even(design.height), scale, design };
}

export const FPS = 30;
