/**
 * The offline basemap: Natural Earth at 1:10 million (the `world-atlas` package's
 * countries-10m TopoJSON), read from the installed package — never fetched — on first
 * use and kept for the life of the process as compact rings: land outlines and the
 * borders between countries, each a Float32Array of lon/lat pairs with its bounding
 * box, so a map draws only the rings that reach its view. (As GeoJSON the same data
 * would hold about 36 MB of the heap; as rings it holds a few.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface Ring {
  /** lon, lat, lon, lat, … */
  pts: Float32Array;
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface Basemap {
  /** Outer rings and holes of the land polygons (fill with even-odd). */
  land: Ring[];
  /** Lines between countries. */
  borders: Ring[];
}

let cached: Basemap | null = null;

function isTopology(v: unknown): v is Topology<{ countries: GeometryCollection; land: GeometryCollection }> {
  if (v === null || typeof v !== 'object' || !('type' in v) || v.type !== 'Topology' || !('objects' in v)) return false;
  const objects = v.objects;
  return objects !== null && typeof objects === 'object' && 'countries' in objects && 'land' in objects;
}

function ring(coords: Position[]): Ring {
  const pts = new Float32Array(coords.length * 2);
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  coords.forEach((p, i) => {
    const lon = p[0] ?? 0;
    const lat = p[1] ?? 0;
    pts[2 * i] = lon;
    pts[2 * i + 1] = lat;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  });
  return { pts, west, south, east, north };
}

/** Land and borders, loaded once per process. */
export function basemap(): Basemap {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const topo: unknown = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
  if (!isTopology(topo)) throw new Error('world-atlas/countries-10m.json is not the expected TopoJSON');
  const land: Ring[] = [];
  const landGeo = feature(topo, topo.objects.land);
  const features = 'features' in landGeo ? landGeo.features : [landGeo];
  for (const f of features) {
    const g = f.geometry;
    if (g.type === 'Polygon') for (const r of g.coordinates) land.push(ring(r));
    else if (g.type === 'MultiPolygon') for (const poly of g.coordinates) for (const r of poly) land.push(ring(r));
  }
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b).coordinates.map(ring);
  cached = { land, borders };
  return cached;
}

/** Whether a ring's box meets the view's box (degrees). */
export function ringInView(r: Ring, view: { west: number; south: number; east: number; north: number }): boolean {
  return r.east >= view.west && r.west <= view.east && r.north >= view.south && r.south <= view.north;
}
