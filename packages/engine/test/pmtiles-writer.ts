// Test helper: a PMTiles v3 archive written from a few vector tiles, each encoded
// here with pbf's writer (the Mapbox Vector Tile protobuf, version 2), with no
// compression — small archives for the station map's operator basemap tests.
import { writeFileSync } from 'node:fs';
import { PbfWriter } from 'pbf';
import { zxyToTileId } from 'pmtiles';

export interface TileFeature {
  /** 2 line, 3 polygon. */
  type: 2 | 3;
  /** Rings or lines in tile units (0–4096). */
  parts: [number, number][][];
}

const zigzag = (n: number): number => (n << 1) ^ (n >> 31);

function geometry(f: TileFeature): number[] {
  const out: number[] = [];
  let cx = 0;
  let cy = 0;
  for (const part of f.parts) {
    const pts = f.type === 3 ? part.slice(0, -1) : part;
    pts.forEach(([x, y], i) => {
      if (i === 0) out.push((1 & 7) | (1 << 3));
      else if (i === 1) out.push((2 & 7) | ((pts.length - 1) << 3));
      out.push(zigzag(x - cx), zigzag(y - cy));
      cx = x;
      cy = y;
    });
    if (f.type === 3) out.push((7 & 7) | (1 << 3));
  }
  return out;
}

/** A vector tile with the given layers (name → features). */
export function encodeTile(layers: Record<string, TileFeature[]>): Uint8Array {
  const pbf = new PbfWriter();
  for (const [name, features] of Object.entries(layers)) {
    pbf.writeMessage(3, (_: unknown, w: PbfWriter) => {
      w.writeVarintField(15, 2);
      w.writeStringField(1, name);
      for (const f of features) {
        w.writeMessage(2, (__: unknown, fw: PbfWriter) => {
          fw.writeVarintField(3, f.type);
          fw.writePackedVarint(4, geometry(f));
        }, null);
      }
      w.writeVarintField(5, 4096);
    }, null);
  }
  return pbf.finish();
}

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return out;
}

/** Writes a PMTiles v3 archive of `tiles` (z/x/y → bytes) to `path`; `tileType` 1 is MVT, 2 PNG. */
export function writePmtiles(path: string, tiles: { z: number; x: number; y: number; data: Uint8Array }[], tileType = 1): void {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  const offsets: number[] = [];
  let offset = 0;
  for (const e of entries) {
    offsets.push(offset);
    offset += e.data.length;
  }
  let last = 0;
  const dir = Uint8Array.from(varints([
    entries.length,
    ...entries.map((e) => {
      const d = e.id - last;
      last = e.id;
      return d;
    }),
    ...entries.map(() => 1),
    ...entries.map((e) => e.data.length),
    ...entries.map((_, i) => (i > 0 ? 0 : (offsets[i] ?? 0) + 1)),
  ]));
  const metadata = Buffer.from('{}');
  const zooms = tiles.map((t) => t.z);
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metaOffset = rootOffset + dir.length;
  const dataOffset = metaOffset + metadata.length;
  const u64 = (v: number, at: number) => header.writeBigUInt64LE(BigInt(v), at);
  u64(rootOffset, 8);
  u64(dir.length, 16);
  u64(metaOffset, 24);
  u64(metadata.length, 32);
  u64(dataOffset, 40);
  u64(0, 48);
  u64(dataOffset, 56);
  u64(offset, 64);
  u64(entries.length, 72);
  u64(entries.length, 80);
  u64(entries.length, 88);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(tileType, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  writeFileSync(path, Buffer.concat([header, dir, metadata, ...entries.map((e) => e.data)]));
}
