/**
 * An operator's PMTiles basemap: a local archive of vector tiles (an OpenStreetMap
 * extract in the Protomaps or OpenMapTiles schema), read with the `pmtiles` package
 * through a Source over the file — never a URL, never fetched. The archive is opened
 * once per process (`configureMapTiles`; a URL is refused); before a station map is laid out, the tiles
 * under its view are read once and decoded (`mapTilesFor`) into compact rings of
 * water, land use, roads and boundaries, which the template draws into its cached
 * static layer. An archive that cannot be read (truncated, not PMTiles, not vector
 * tiles) is refused when configured — the caller logs why — and maps keep the Natural
 * Earth basemap; a tile that fails to read or decode later is left out of its map.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';

/** What a feature is drawn as. */
export type TileKind = 'earth' | 'water' | 'green' | 'road' | 'boundary';

/**
 * Layer names → kinds, for the Protomaps basemap schema (`earth`, `water`, `landuse`,
 * `landcover`, `roads`, `boundaries`) and OpenMapTiles (`water`, `landcover`,
 * `landuse`, `park`, `transportation`, `boundary`). Other layers are not drawn.
 */
export const TILE_LAYERS: Readonly<Record<string, TileKind>> = {
  earth: 'earth',
  water: 'water',
  landuse: 'green',
  landcover: 'green',
  park: 'green',
  roads: 'road',
  transportation: 'road',
  boundaries: 'boundary',
  boundary: 'boundary',
};

/**
 * Every decoded feature of one kind and geometry, packed: points in world coordinates
 * (0–1 across the Web Mercator square) in one Float32Array, and where each ring or
 * line ends. (One typed array per feature would cost more in object headers than in
 * coordinates: a city's tiles hold a few hundred thousand features.)
 */
export interface TileShapes {
  kind: TileKind;
  polygon: boolean;
  /** x, y, x, y, … */
  coords: Float32Array;
  /** The point index after each ring or line. */
  ends: Uint32Array;
}

export interface MapTiles {
  /** Which archive (path, size, modification time): part of the static layer's key. */
  source: string;
  zoom: number;
  /** How many tiles were read (present in the archive). */
  tiles: number;
  shapes: TileShapes[];
}

/** A Source over a local file: positional reads, no network. */
class LocalFileSource implements Source {
  constructor(private readonly file: FileHandle, private readonly path: string) {}
  getKey(): string {
    return this.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await this.file.read(buf, 0, length, offset);
    // A short read is a truncated archive: the PMTiles reader then fails on the bytes it lacks.
    const data = new ArrayBuffer(bytesRead);
    new Uint8Array(data).set(buf.subarray(0, bytesRead));
    return { data };
  }
}

interface Archive {
  path: string;
  /** Path, size and modification time: which archive a render drew. */
  key: string;
  pmtiles: PMTiles;
  minZoom: number;
  maxZoom: number;
}

let archive: Archive | null = null;
/** The tiles of the last view read, kept for the next render of the same view. */
let last: { key: string; tiles: MapTiles } | null = null;
let archiveFile: FileHandle | null = null;

/**
 * Opens the archive at `path` for every later station map (null: none). Resolves
 * `{ ok: false, reason }` when the file cannot serve vector tiles — missing, truncated,
 * not PMTiles, raster tiles — and maps then use the Natural Earth basemap.
 */
export async function configureMapTiles(path: string | null): Promise<{ ok: true } | { ok: false; reason: string }> {
  archive = null;
  last = null;
  await archiveFile?.close().catch(() => undefined);
  archiveFile = null;
  if (path === null) return { ok: true };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return { ok: false, reason: 'it is a URL; only a local file is read' };
  let file: FileHandle | null = null;
  try {
    file = await open(path, 'r');
    const pmtiles = new PMTiles(new LocalFileSource(file, path));
    const header = await pmtiles.getHeader();
    if (header.tileType !== TileType.Mvt) throw new Error(`it holds ${TileType[header.tileType] ?? 'unknown'} tiles, not vector tiles (MVT)`);
    const stat = await file.stat();
    const size = stat.size;
    const end = header.tileDataOffset + (header.tileDataLength ?? 0);
    if (end > size) throw new Error(`it is truncated (${size} bytes; its tiles end at ${end})`);
    // Reading the root directory now finds a damaged index at start-up rather than in a render.
    await pmtiles.getZxy(header.minZoom, 0, 0);
    archive = { path, key: `${path}|${size}|${Math.round(stat.mtimeMs)}`, pmtiles, minZoom: header.minZoom, maxZoom: header.maxZoom };
    archiveFile = file;
    return { ok: true };
  } catch (e) {
    await file?.close().catch(() => undefined);
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

/** Which archive maps draw (path, size, modification time), or null: part of a map render's key, so a render over another basemap is not taken for it. */
export function mapTilesKey(): string | null {
  return archive?.key ?? null;
}

/** Whether an archive is configured and readable. */
export function mapTilesConfigured(): boolean {
  return archive !== null;
}

/** The most tiles one map reads: a lower zoom is taken when its view needs more, and none are read when the archive's lowest zoom needs more. */
const MAX_TILES = 48;

function worldX(lon: number): number {
  return (lon + 180) / 360;
}

function worldY(lat: number): number {
  const phi = (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
}

/**
 * The tiles under a view (degrees) at about `pxPerWorld` design px across the whole
 * Web Mercator square, read and decoded; null when no archive is configured. A view
 * past the antimeridian (edges beyond ±180°) reads the tiles on its far side too, their
 * shapes a world to the east or west (world x beyond 0…1), as the basemap draws them.
 */
export async function readMapTiles(view: { west: number; south: number; east: number; north: number }, pxPerWorld: number): Promise<MapTiles | null> {
  const a = archive;
  if (!a) return null;
  // A tile of 512 px or so at the map's scale: about what the archive was drawn for.
  let zoom = Math.max(a.minZoom, Math.min(a.maxZoom, Math.round(Math.log2(pxPerWorld / 512)) + 1));
  const range = (z: number) => {
    const n = 2 ** z;
    const clampTile = (v: number) => Math.max(0, Math.min(n - 1, Math.floor(v * n)));
    // Columns are not clamped (they wrap round the world), but one world of them at most.
    const x0 = Math.floor(worldX(view.west) * n);
    return { x0, x1: Math.min(x0 + n - 1, Math.floor(worldX(view.east) * n)), y0: clampTile(worldY(view.north)), y1: clampTile(worldY(view.south)) };
  };
  let r = range(zoom);
  const count = () => (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
  while (zoom > a.minZoom && count() > MAX_TILES) r = range(--zoom);
  if (count() > MAX_TILES) return null;
  // The same view again (a workflow's next render of one network) reuses the tiles last read.
  const key = `${a.key}|${zoom}|${r.x0},${r.y0},${r.x1},${r.y1}|${pxPerWorld.toPrecision(3)}`;
  if (last?.key === key) return last.tiles;
  const sink = new ShapeSink(0.5 / pxPerWorld);
  let tiles = 0;
  for (let x = r.x0; x <= r.x1; x++) {
    for (let y = r.y0; y <= r.y1; y++) {
      try {
        const n = 2 ** zoom;
        const got = await a.pmtiles.getZxy(zoom, ((x % n) + n) % n, y);
        if (!got) continue;
        decodeTile(new Uint8Array(got.data), zoom, x, y, sink);
        tiles++;
      } catch {
        // A damaged tile is left out of the map; the rest still draws.
      }
    }
  }
  const result = { source: a.key, zoom, tiles, shapes: sink.finish() };
  last = { key, tiles: result };
  return result;
}

/** A Float32Array that grows by doubling: no boxed numbers while tiles are decoded. */
class Floats {
  data = new Float32Array(4096);
  length = 0;
  push(x: number, y: number): void {
    if (this.length + 2 > this.data.length) {
      const next = new Float32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
    this.data[this.length++] = y;
  }
}

/** Collects decoded parts by kind and geometry, dropping points closer than `minStep` (world units, about half a design px) to the one before. */
class ShapeSink {
  private readonly groups = new Map<string, { kind: TileKind; polygon: boolean; coords: Floats; ends: number[] }>();
  constructor(private readonly minStep: number) {}
  add(kind: TileKind, polygon: boolean, part: readonly { x: number; y: number }[], x0: number, y0: number, scale: number): void {
    const key = `${kind}:${polygon}`;
    let g = this.groups.get(key);
    if (!g) this.groups.set(key, (g = { kind, polygon, coords: new Floats(), ends: [] }));
    const start = g.coords.length;
    let px = NaN;
    let py = NaN;
    part.forEach((p, i) => {
      const x = x0 + p.x * scale;
      const y = y0 + p.y * scale;
      if (i > 0 && i < part.length - 1 && Math.abs(x - px) < this.minStep && Math.abs(y - py) < this.minStep) return;
      g.coords.push(x, y);
      px = x;
      py = y;
    });
    if (g.coords.length - start < (polygon ? 6 : 4)) g.coords.length = start;
    else g.ends.push(g.coords.length / 2);
  }
  finish(): TileShapes[] {
    return [...this.groups.values()].map((g) => ({ kind: g.kind, polygon: g.polygon, coords: g.coords.data.slice(0, g.coords.length), ends: Uint32Array.from(g.ends) }));
  }
}

function decodeTile(bytes: Uint8Array, z: number, tx: number, ty: number, out: ShapeSink): void {
  const tile = new VectorTile(new PbfReader(bytes));
  const n = 2 ** z;
  for (const [name, layer] of Object.entries(tile.layers)) {
    const kind = TILE_LAYERS[name];
    if (!kind) continue;
    const scale = 1 / (layer.extent * n);
    for (let i = 0; i < layer.length; i++) {
      const f = layer.feature(i);
      // 1 point, 2 line, 3 polygon: points (labels, POIs) are not drawn.
      if (f.type !== 2 && f.type !== 3) continue;
      if (kind === 'road' && f.type !== 2) continue;
      for (const part of f.loadGeometry()) out.add(kind, f.type === 3, part, tx / n, ty / n, scale);
    }
  }
}
