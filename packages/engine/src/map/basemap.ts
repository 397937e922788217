/**
 * The offline basemap: Natural Earth at 1:10 million (the `world-atlas` package's
 * countries-10m TopoJSON), kept for the life of the process as compact rings: land
 * outlines and the borders between countries, each a Float32Array of lon/lat pairs with
 * its bounding box, so a map draws only the rings that reach its view (about 4 MB).
 * The rings are read from a file the build makes from the installed package
 * (scripts/build-basemap.mjs): turning the TopoJSON into them takes 70–90 MB for a
 * moment, which a render worker should not hold. A file missing, or made from another
 * version of the package, is made again in a process of its own. Nothing is fetched.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keyOf, OUTPUT, sourceKey } from '../../scripts/build-basemap.mjs';

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

/** How far south a ring that goes round the South Pole (Antarctica) is closed: below any view's edge (views stop at 85° S). */
const POLE_LAT = -89;

/**
 * A ring (points `from`–`to` of the file's lon/lat pairs, a view of them) with its
 * longitudes made continuous, in place: a step of more than 180° between two points is a
 * crossing of the antimeridian (Fiji, Chukotka, Antarctica), so the rest of the ring is
 * shifted by 360° — drawn as given, such a step is a straight line across the whole world
 * (the faint horizontal band a continent map showed at Fiji's latitude). A closed ring
 * that went once round the globe encloses a pole: it is closed along the pole's side
 * (two points more, so a copy), not back across the map. Its box may then reach past ±180°.
 */
function ring(coords: Float32Array, from: number, to: number, closed: boolean): Ring {
  let pts = coords.subarray(2 * from, 2 * to);
  let shift = 0;
  let prev = pts[0] ?? 0;
  for (let i = 2; i < pts.length; i += 2) {
    const lon = pts[i] ?? 0;
    shift += wrapStep(prev, lon);
    prev = lon;
    pts[i] = lon + shift;
  }
  if (closed && shift !== 0 && pts.length > 0) {
    const n = pts.length;
    const poleLat = (pts[1] ?? 0) < 0 ? POLE_LAT : -POLE_LAT;
    const closedPts = new Float32Array(n + 4);
    closedPts.set(pts);
    closedPts.set([pts[n - 2] ?? 0, poleLat, pts[0] ?? 0, poleLat], n);
    pts = closedPts;
  }
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < pts.length; i += 2) {
    const lon = pts[i] ?? 0;
    const lat = pts[i + 1] ?? 0;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return { pts, west, south, east, north, cut: false };
}

/** The shift (0 or ±360°) a step from one longitude to the next crosses the antimeridian by. */
function wrapStep(prev: number, lon: number): number {
  if (lon - prev > 180) return -360;
  if (prev - lon > 180) return 360;
  return 0;
}

/** Whether a ring's point lies on a cut Natural Earth makes, not on a coast: the antimeridian, or the pole side closing Antarctica. */
export function onCut(lon: number, lat: number): boolean {
  return Math.abs(lat) >= 89 || ((lon % 360) + 360) % 360 === 180;
}

function hasCut(r: Ring): boolean {
  for (let i = 0; i < r.pts.length; i += 2) if (onCut(r.pts[i] ?? 0, r.pts[i + 1] ?? 0)) return true;
  return false;
}

/** The ring file's bytes, made (in a process of its own) when missing or made from another version of the package. */
function ringFile(): Buffer {
  try {
    const bytes = readFileSync(OUTPUT);
    if (keyOf(bytes) === sourceKey()) return bytes;
  } catch {
    // missing: made below
  }
  const script = fileURLToPath(new URL('../../scripts/build-basemap.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
  const bytes = readFileSync(OUTPUT);
  if (keyOf(bytes) !== sourceKey()) throw new Error(`${OUTPUT} does not match the installed world-atlas package after it was built`);
  return bytes;
}

/** Land and borders, loaded once per process. */
export function basemap(): Basemap {
  if (cached) return cached;
  const bytes = ringFile();
  // The rings are views of the file's bytes (a Float32Array needs them 4-byte aligned: a file this size is read into a buffer of its own, so they are).
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / 4));
  let at = 3 + Math.ceil((words[2] ?? 0) / 4);
  const landCount = words[at++] ?? 0;
  const borderCount = words[at++] ?? 0;
  const points = words[at++] ?? 0;
  const coords = new Float32Array(words.buffer, (at + landCount * 2 + borderCount) * 4, points * 2);
  const land: Ring[] = [];
  let from = 0;
  let polygon: Ring[] = [];
  let polygonId = -1;
  const endPolygon = () => {
    const cut = polygon.some(hasCut);
    for (const r of polygon) land.push(cut ? { ...r, cut } : r);
    polygon = [];
  };
  for (let i = 0; i < landCount; i++) {
    const n = words[at + 2 * i] ?? 0;
    const id = words[at + 2 * i + 1] ?? 0;
    if (id !== polygonId) endPolygon();
    polygonId = id;
    polygon.push(ring(coords, from, from + n, true));
    from += n;
  }
  endPolygon();
  at += landCount * 2;
  const borders: Ring[] = [];
  for (let i = 0; i < borderCount; i++) {
    const n = words[at + i] ?? 0;
    borders.push(ring(coords, from, from + n, false));
    from += n;
  }
  if (from !== points) throw new Error(`${OUTPUT}: its rings hold ${from} points, its header says ${points}`);
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
