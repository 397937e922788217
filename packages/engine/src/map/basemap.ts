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
  /** Whether its polygon (outer ring and holes) has a cut edge ({@link onCut}): its coast is traced apart. */
  cut: boolean;
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

/** How far south a ring that goes round the South Pole (Antarctica) is closed: below any view's edge (views stop at 85° S). */
const POLE_LAT = -89;

/**
 * A ring with its longitudes made continuous: a step of more than 180° between two
 * points is a crossing of the antimeridian (Fiji, Chukotka, Antarctica), so the rest of
 * the ring is shifted by 360° — drawn as given, such a step is a straight line across
 * the whole world (the faint horizontal band a continent map showed at Fiji's latitude).
 * A closed ring that went once round the globe encloses a pole: it is closed along the
 * pole's side, not back across the map. Its box may then reach past ±180°.
 */
function ring(coords: Position[], closed: boolean): Ring {
  const lons: number[] = [];
  const lats: number[] = [];
  let shift = 0;
  let prev: number | null = null;
  for (const p of coords) {
    const lon = p[0] ?? 0;
    if (prev !== null) {
      if (lon - prev > 180) shift -= 360;
      else if (prev - lon > 180) shift += 360;
    }
    prev = lon;
    lons.push(lon + shift);
    lats.push(p[1] ?? 0);
  }
  if (closed && shift !== 0 && lons.length > 0) {
    const firstLon = lons[0] ?? 0;
    const lastLon = lons[lons.length - 1] ?? 0;
    const poleLat = (lats[0] ?? 0) < 0 ? POLE_LAT : -POLE_LAT;
    lons.push(lastLon, firstLon);
    lats.push(poleLat, poleLat);
  }
  const pts = new Float32Array(lons.length * 2);
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  lons.forEach((lon, i) => {
    const lat = lats[i] ?? 0;
    pts[2 * i] = lon;
    pts[2 * i + 1] = lat;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  });
  return { pts, west, south, east, north, cut: false };
}

/** Whether a ring's point lies on a cut Natural Earth makes, not on a coast: the antimeridian, or the pole side closing Antarctica. */
export function onCut(lon: number, lat: number): boolean {
  return Math.abs(lat) >= 89 || ((lon % 360) + 360) % 360 === 180;
}

function hasCut(r: Ring): boolean {
  for (let i = 0; i < r.pts.length; i += 2) if (onCut(r.pts[i] ?? 0, r.pts[i + 1] ?? 0)) return true;
  return false;
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
    const polys = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    for (const poly of polys) {
      const rings = poly.map((r) => ring(r, true));
      const cut = rings.some(hasCut);
      for (const r of rings) land.push({ ...r, cut });
    }
  }
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b).coordinates.map((line) => ring(line, false));
  cached = { land, borders };
  return cached;
}

/** Whether a ring's box, moved `shift` degrees east, meets the view's box (degrees). */
export function ringInView(r: Ring, view: { west: number; south: number; east: number; north: number }, shift = 0): boolean {
  return r.east + shift >= view.west && r.west + shift <= view.east && r.north >= view.south && r.south <= view.north;
}

/** The shifts (multiples of 360°) at which a ring reaches the view: a ring unwrapped past ±180° is also drawn a world to the west or east. */
export function ringShifts(r: Ring, view: { west: number; south: number; east: number; north: number }): number[] {
  return [-360, 0, 360].filter((s) => ringInView(r, view, s));
}
