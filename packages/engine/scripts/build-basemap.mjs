/**
 * Builds the offline basemap's ring file (build/natural-earth-10m.bin) from the installed
 * `world-atlas` package as part of `npm run build` (so of `npm ci`), and again whenever
 * the engine finds the file missing or made from another version of the package.
 * Parsing the 10 m TopoJSON and turning it into GeoJSON takes 70–90 MB for a moment;
 * done here, in a process of its own, a render worker reads only the rings (about 4 MB).
 * Nothing is downloaded. Plain JavaScript: the engine runs it from source and built alike.
 *
 * The file, little-endian, every part 4-byte aligned:
 *   'AQNE', u32 format, u32 key length, key (UTF-8, zero-padded to 4) — the package
 *   version and the TopoJSON's size, so a changed package is rebuilt;
 *   u32 land rings, u32 border lines, u32 points in all;
 *   per land ring: u32 point count, u32 its polygon's index (holes share their outer ring's);
 *   per border line: u32 point count;
 *   f32 lon, lat for every point, land rings first, in order.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';

export const FORMAT = 1;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = join(root, 'build', 'natural-earth-10m.bin');
const require = createRequire(import.meta.url);

/** What the file is made from: the installed package's version and its TopoJSON's size. */
export function sourceKey() {
  const source = require.resolve('world-atlas/countries-10m.json');
  const { version } = JSON.parse(readFileSync(require.resolve('world-atlas/package.json'), 'utf8'));
  return `world-atlas@${version} countries-10m.json ${statSync(source).size}`;
}

/** The key a ring file was made from, or null when it is not one of this format. */
export function keyOf(bytes) {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'AQNE' || bytes.readUInt32LE(4) !== FORMAT) return null;
  const length = bytes.readUInt32LE(8);
  return bytes.length < 12 + length ? null : bytes.toString('utf8', 12, 12 + length);
}

function current() {
  try {
    return keyOf(readFileSync(OUTPUT)) === sourceKey();
  } catch {
    return false;
  }
}

function build() {
  const topo = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
  if (topo?.type !== 'Topology' || !topo.objects?.land || !topo.objects?.countries) throw new Error('world-atlas/countries-10m.json is not the expected TopoJSON');
  const land = [];
  const polygonOf = [];
  const landGeo = feature(topo, topo.objects.land);
  let polygon = 0;
  for (const f of landGeo.type === 'FeatureCollection' ? landGeo.features : [landGeo]) {
    const g = f.geometry;
    const polys = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    for (const poly of polys) {
      for (const ring of poly) {
        land.push(ring);
        polygonOf.push(polygon);
      }
      polygon++;
    }
  }
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b).coordinates;
  const key = Buffer.from(sourceKey(), 'utf8');
  const keyPadded = Math.ceil(key.length / 4) * 4;
  const points = [...land, ...borders].reduce((n, r) => n + r.length, 0);
  const head = 12 + keyPadded + 12 + land.length * 8 + borders.length * 4;
  const out = Buffer.alloc(head + points * 8);
  out.write('AQNE', 0, 'latin1');
  out.writeUInt32LE(FORMAT, 4);
  out.writeUInt32LE(key.length, 8);
  key.copy(out, 12);
  let at = 12 + keyPadded;
  for (const n of [land.length, borders.length, points]) at = out.writeUInt32LE(n, at);
  land.forEach((r, i) => {
    at = out.writeUInt32LE(r.length, at);
    at = out.writeUInt32LE(polygonOf[i], at);
  });
  for (const r of borders) at = out.writeUInt32LE(r.length, at);
  for (const r of [...land, ...borders]) {
    for (const p of r) {
      at = out.writeFloatLE(p[0], at);
      at = out.writeFloatLE(p[1], at);
    }
  }
  mkdirSync(dirname(OUTPUT), { recursive: true });
  const temp = `${OUTPUT}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, out);
    renameSync(temp, OUTPUT);
  } finally {
    rmSync(temp, { force: true });
  }
  return { land: land.length, borders: borders.length, points, bytes: out.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && !current()) {
  const made = build();
  console.log(`aqcast: built the basemap's rings (build/natural-earth-10m.bin: ${made.land} land rings, ${made.borders} border lines, ${(made.bytes / 1e6).toFixed(1)} MB)`);
}
