/** Draws the basemap's rings that reach a map's view, projected, into a canvas path. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { GeoProjection } from 'd3-geo';
import { basemap, onCut, ringShifts, type Ring } from './basemap.js';
import type { Box } from './labels.js';
import type { MapTiles, TileKind } from './tiles.js';

/**
 * The geographic box a projected view covers, a little wider: the fitted Mercator
 * inverted as plain arithmetic, so a view reaching past the antimeridian (or wider than
 * the world) has edges past ±180° rather than edges wrapped round to the other side.
 */
export function viewOf(projection: GeoProjection, box: Box): { west: number; south: number; east: number; north: number } {
  const k = projection.scale();
  const [tx, ty] = projection.translate();
  const centre = centralMeridian(projection);
  const deg = 180 / Math.PI;
  const lon = (x: number) => ((x - tx) / k) * deg + centre;
  const lat = (y: number) => Math.atan(Math.sinh((ty - y) / k)) * deg;
  const a = [lon(box.x), lat(box.y + box.h)] as const;
  const b = [lon(box.x + box.w), lat(box.y)] as const;
  const padLon = (b[0] - a[0]) * 0.1;
  const padLat = (b[1] - a[1]) * 0.1;
  return { west: a[0] - padLon, south: a[1] - padLat, east: b[0] + padLon, north: b[1] + padLat };
}

/** The meridian the fitted projection is centred on (its rotation). */
function centralMeridian(projection: GeoProjection): number {
  return -projection.rotate()[0];
}

/**
 * The fitted Mercator as plain arithmetic (what d3-geo computes for a projection rotated
 * about the pole), without d3's wrapping of longitudes into ±180°: a ring unwrapped past
 * the antimeridian, or drawn a world to the east or west, must stay where it is.
 */
export function linearMercator(projection: GeoProjection): (lon: number, lat: number) => [number, number] {
  const k = projection.scale();
  const [tx, ty] = projection.translate();
  const centre = centralMeridian(projection);
  const rad = Math.PI / 180;
  return (lon, lat) => {
    const phi = Math.max(-89.5, Math.min(89.5, lat)) * rad;
    return [tx + k * (lon - centre) * rad, ty - k * Math.log(Math.tan(Math.PI / 4 + phi / 2))];
  };
}

/**
 * Traces rings into the path: `fill` closes each ring; `coast` leaves out the steps
 * along a cut (Fiji's and Chukotka's polygons are split at 180°), which would stroke a
 * line down the sea; `line` traces open lines (borders).
 */
function tracePath(g: SKRSContext2D, project: (lon: number, lat: number) => [number, number], rings: readonly Ring[], view: ReturnType<typeof viewOf>, mode: 'fill' | 'coast' | 'line'): number {
  let n = 0;
  for (const r of rings) {
    const pts = r.pts;
    const count = pts.length / 2;
    for (const shift of ringShifts(r, view)) {
      // A coast goes back to its first point itself, so that a closing step along a cut can be left out too.
      const steps = mode === 'coast' ? count + 1 : count;
      let prevCut = false;
      let lx = NaN;
      let ly = NaN;
      for (let s = 0; s < steps; s++) {
        const i = (s % count) * 2;
        const lon = pts[i] ?? 0;
        const lat = pts[i + 1] ?? 0;
        const [x, y] = project(lon + shift, lat);
        const cut = mode === 'coast' && onCut(lon, lat);
        // Points under half a px from the last one drawn add nothing but work (a continent's coast at 1:10 million); cut points always count.
        if (s > 0 && s < steps - 1 && !cut && Math.abs(x - lx) < 0.5 && Math.abs(y - ly) < 0.5) continue;
        if (s === 0 || (cut && prevCut)) g.moveTo(x, y);
        else g.lineTo(x, y);
        prevCut = cut;
        lx = x;
        ly = y;
        n++;
      }
      if (mode === 'fill') g.closePath();
    }
  }
  return n;
}

export function drawBasemap(g: SKRSContext2D, projection: GeoProjection, box: Box, style: { land: string; coast: string; border: string; scale: number }): number {
  const world = basemap();
  const view = viewOf(projection, box);
  const project = linearMercator(projection);
  // Polygons without a cut are filled and stroked as one path; those with one (Afro-Eurasia,
  // Fiji, Antarctica) are filled, then their coast is traced again without the cut edges.
  const whole = world.land.filter((r) => !r.cut);
  const cut = world.land.filter((r) => r.cut);
  g.fillStyle = style.land;
  g.strokeStyle = style.coast;
  g.lineWidth = 1.5 * style.scale;
  g.lineJoin = 'round';
  g.beginPath();
  let n = tracePath(g, project, whole, view, 'fill');
  g.fill('evenodd');
  g.stroke();
  g.beginPath();
  n += tracePath(g, project, cut, view, 'fill');
  g.fill('evenodd');
  g.beginPath();
  tracePath(g, project, cut, view, 'coast');
  g.stroke();
  g.beginPath();
  n += tracePath(g, project, world.borders, view, 'line');
  g.setLineDash([8 * style.scale, 6 * style.scale]);
  g.strokeStyle = style.border;
  g.lineWidth = 1.5 * style.scale;
  g.stroke();
  g.setLineDash([]);
  return n;
}

const GRATICULE_STEPS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30];

/** Faint meridians and parallels at a round step (about six across the view): texture and orientation where the land fill is all there is. */
export function drawGraticule(g: SKRSContext2D, projection: GeoProjection, box: Box, color: string): void {
  const view = viewOf(projection, box);
  const span = Math.max(view.east - view.west, view.north - view.south);
  const step = GRATICULE_STEPS.find((s) => span / s <= 8) ?? 30;
  const project = linearMercator(projection);
  g.beginPath();
  for (let lon = Math.ceil(view.west / step) * step; lon <= view.east; lon += step) {
    const [x] = project(lon, 0);
    g.moveTo(x, box.y);
    g.lineTo(x, box.y + box.h);
  }
  for (let lat = Math.ceil(view.south / step) * step; lat <= view.north; lat += step) {
    const [, y] = project(0, lat);
    g.moveTo(box.x, y);
    g.lineTo(box.x + box.w, y);
  }
  g.strokeStyle = color;
  g.lineWidth = 1;
  g.stroke();
}

/** How each kind of tile feature is drawn, bottom first. */
export interface TileStyle {
  earth: string;
  water: string;
  green: string;
  road: string;
  boundary: string;
}

const TILE_ORDER: readonly TileKind[] = ['earth', 'green', 'water', 'road', 'boundary'];

/**
 * The operator's tiles over the Natural Earth basemap: land, green areas and water
 * filled, roads and boundaries stroked. Tile shapes are in world units (0–1 across the
 * Web Mercator square), which the fitted projection maps to design px linearly.
 */
/** Lines are stroked this many points at a time: Skia's stroker holds the outline of a whole path, tens of MB for a city's roads in one path. */
const STROKE_BATCH = 8192;

export function drawMapTiles(g: SKRSContext2D, projection: GeoProjection, tiles: MapTiles, style: TileStyle, scale: number): number {
  const k = projection.scale();
  const [tx0, ty] = projection.translate();
  const world = 2 * Math.PI * k;
  // World x 0.5 is the prime meridian; the projection is centred on another one.
  const tx = tx0 - (world * centralMeridian(projection)) / 360;
  let n = 0;
  for (const kind of TILE_ORDER) {
    const filled = kind === 'earth' || kind === 'green' || kind === 'water';
    if (filled) g.fillStyle = style[kind];
    else {
      g.strokeStyle = style[kind];
      g.lineWidth = (kind === 'road' ? 1.4 : 1.5) * scale;
      g.lineJoin = 'round';
      g.lineCap = 'round';
      g.setLineDash(kind === 'boundary' ? [8 * scale, 6 * scale] : []);
    }
    let pending = 0;
    const paint = () => {
      if (pending === 0) return;
      if (filled) g.fill('evenodd');
      else g.stroke();
      pending = 0;
    };
    g.beginPath();
    for (const shape of tiles.shapes) {
      if (shape.kind !== kind) continue;
      // Fills take polygons (even-odd over all of a kind's rings, for holes); strokes take lines and a boundary's rings.
      if ((shape.polygon && kind !== 'boundary') !== filled) continue;
      const c = shape.coords;
      let start = 0;
      for (const end of shape.ends) {
        for (let i = start; i < end; i++) {
          const x = tx + world * ((c[2 * i] ?? 0) - 0.5);
          const y = ty + world * ((c[2 * i + 1] ?? 0) - 0.5);
          if (i === start) g.moveTo(x, y);
          else g.lineTo(x, y);
        }
        if (filled) g.closePath();
        n += end - start;
        pending += end - start;
        start = end;
        if (!filled && pending >= STROKE_BATCH) {
          paint();
          g.beginPath();
        }
      }
    }
    paint();
    g.setLineDash([]);
  }
  return n;
}
