/** Draws the basemap's rings that reach a map's view, projected, into a canvas path. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { GeoProjection } from 'd3-geo';
import { basemap, ringInView, type Ring } from './basemap.js';
import type { Box } from './labels.js';

/** The geographic box a projected view covers (its corners inverted), a little wider. */
export function viewOf(projection: GeoProjection, box: Box): { west: number; south: number; east: number; north: number } {
  const a = projection.invert?.([box.x, box.y + box.h]) ?? [-180, -85];
  const b = projection.invert?.([box.x + box.w, box.y]) ?? [180, 85];
  const padLon = (b[0] - a[0]) * 0.1;
  const padLat = (b[1] - a[1]) * 0.1;
  return { west: a[0] - padLon, south: a[1] - padLat, east: b[0] + padLon, north: b[1] + padLat };
}

function tracePath(g: SKRSContext2D, projection: GeoProjection, rings: readonly Ring[], close: boolean): number {
  let n = 0;
  for (const r of rings) {
    const pts = r.pts;
    for (let i = 0; i < pts.length; i += 2) {
      const xy = projection([pts[i] ?? 0, pts[i + 1] ?? 0]);
      if (!xy) continue;
      if (i === 0) g.moveTo(xy[0], xy[1]);
      else g.lineTo(xy[0], xy[1]);
    }
    if (close) g.closePath();
    n += pts.length / 2;
  }
  return n;
}

/** Land (filled, with its coast stroked) and borders (dashed) inside `box`; returns how many points were drawn. */
export function drawBasemap(g: SKRSContext2D, projection: GeoProjection, box: Box, style: { land: string; coast: string; border: string; scale: number }): number {
  const world = basemap();
  const view = viewOf(projection, box);
  const land = world.land.filter((r) => ringInView(r, view));
  const borders = world.borders.filter((r) => ringInView(r, view));
  g.beginPath();
  let n = tracePath(g, projection, land, true);
  g.fillStyle = style.land;
  g.fill('evenodd');
  g.strokeStyle = style.coast;
  g.lineWidth = 1.5 * style.scale;
  g.lineJoin = 'round';
  g.stroke();
  g.beginPath();
  n += tracePath(g, projection, borders, false);
  g.setLineDash([8 * style.scale, 6 * style.scale]);
  g.strokeStyle = style.border;
  g.lineWidth = 1.5 * style.scale;
  g.stroke();
  g.setLineDash([]);
  return n;
}
