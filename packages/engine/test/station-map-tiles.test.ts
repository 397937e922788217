// The station map over an operator's PMTiles archive: an archive written here (vector
// tiles with water, a park and a road, as the Protomaps and OpenMapTiles schemas name
// them) draws its water where Natural Earth has land — in a PNG frame and in a real
// video (ffmpeg, ffprobe); a truncated archive, random bytes and raster tiles are
// refused when configured and maps fall back to the Natural Earth basemap.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { configureMapTiles, findFfmpeg, findFfprobe, mapTilesConfigured, normalizeRenderParams, renderFramePng, renderKey, renderVideo } from '../src/index.ts';
import { readMapTiles } from '../src/map/tiles.ts';
import { MAP_SPECS, mapBoxes, planStationMap, stationMapTiles } from '../src/templates/station-map.ts';
import { mapPixels } from './helpers.ts';
import { encodeTile, writePmtiles, type TileFeature } from './pmtiles-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'aqcast-pmtiles-'));
after(async () => {
  await configureMapTiles(null);
  rmSync(dir, { recursive: true, force: true });
});

const Z = 10;
const N = 2 ** Z;
const worldX = (lon: number) => (lon + 180) / 360;
const worldY = (lat: number) => (1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2;
const lonOf = (x: number) => x * 360 - 180;

const stations = [
  { name: 'Pudahuel', lat: -33.437, lon: -70.75, pm25: 70 },
  { name: 'Las Condes', lat: -33.376, lon: -70.523, pm25: 15 },
  { name: 'La Florida', lat: -33.516, lon: -70.588, pm25: 40 },
];

/** Every z10 tile around Santiago: water on its western half, a park in its south-east quarter, a road across. */
function santiagoArchive(path: string, schema: 'protomaps' | 'openmaptiles'): void {
  const water: TileFeature = { type: 3, parts: [[[0, 0], [2048, 0], [2048, 4096], [0, 4096], [0, 0]]] };
  const park: TileFeature = { type: 3, parts: [[[2600, 2600], [3800, 2600], [3800, 3800], [2600, 3800], [2600, 2600]]] };
  const road: TileFeature = { type: 2, parts: [[[0, 1400], [4096, 1500]]] };
  const data = encodeTile(schema === 'protomaps' ? { water: [water], landuse: [park], roads: [road], places: [] } : { water: [water], landcover: [park], transportation: [road] });
  const tiles = [];
  const x0 = Math.floor(worldX(-71.5) * N);
  const x1 = Math.floor(worldX(-69.8) * N);
  const y0 = Math.floor(worldY(-32.8) * N);
  const y1 = Math.floor(worldY(-34.1) * N);
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z: Z, x, y, data });
  writePmtiles(path, tiles);
}

/** The map's box of a landscape frame with a one-line title (its top is then at its floor, 220 px). */

/** A point on land in Natural Earth, in the western (water) half of its z10 tile, clear of markers and labels. */
function waterPoint(): [number, number] {
  const x = (Math.floor(worldX(-70.64) * N) + 0.2) / N;
  return [lonOf(x), -33.47];
}


const near = (px: number[], hex: string, tol: number) => [1, 3, 5].every((o, i) => Math.abs((px[i] ?? 0) - parseInt(hex.slice(o, o + 2), 16)) <= tol);

describe('station map over an operator PMTiles archive', () => {
  for (const schema of ['protomaps', 'openmaptiles'] as const) {
    it(`draws the archive's water where Natural Earth has land (${schema} layer names)`, async () => {
      const params = normalizeRenderParams({ location: 'Santiago', template: 'station-map', stations, resolution: '1080p', date: '2026-11-22' });
      await configureMapTiles(null);
      const plainKey = renderKey(params);
      const [before = []] = await mapPixels(await renderFramePng(params, 6), params, [waterPoint()], 1);
      assert.ok(near(before, '#1B2A4A', 6), `Natural Earth land first: ${before}`);
      const path = join(dir, `${schema}.pmtiles`);
      santiagoArchive(path, schema);
      assert.deepEqual(await configureMapTiles(path), { ok: true });
      assert.notEqual(renderKey(params), plainKey, 'a map over the archive is another render');
      const tiles = await stationMapTiles(params);
      assert.ok(tiles && tiles.zoom === Z && tiles.tiles >= 4, `tiles read: ${tiles?.tiles} at z${tiles?.zoom}`);
      assert.deepEqual(new Set(tiles.shapes.map((s) => s.kind)), new Set(['water', 'green', 'road']));
      const [water = []] = await mapPixels(await renderFramePng(params, 6), params, [waterPoint()], 1);
      assert.ok(near(water, '#0A1A33', 6), `the archive's water: ${water}`);
    });
  }

  it('renders a video over the archive (ffmpeg), its water in the frame at 6 s', async () => {
    const path = join(dir, 'video.pmtiles');
    santiagoArchive(path, 'protomaps');
    assert.deepEqual(await configureMapTiles(path), { ok: true });
    const params = normalizeRenderParams({ location: 'Santiago', template: 'station-map', stations, resolution: '360p', date: '2026-11-22' });
    const out = join(dir, 'map.mp4');
    await renderVideo(params, { outFile: out });
    const probe = JSON.parse(execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'stream=width,height,codec_name', '-of', 'json', out], { encoding: 'utf8' })) as { streams: { width: number; height: number; codec_name: string }[] }; // ffprobe's JSON, read for three fields
    assert.equal(probe.streams[0]?.height, 360);
    const frame = join(dir, 'frame.png');
    execFileSync(findFfmpeg(), ['-v', 'error', '-y', '-ss', '6', '-i', out, '-frames:v', '1', frame]);
    const [water = []] = await mapPixels(readFileSync(frame), params, [waterPoint()], 1 / 3);
    assert.ok(near(water, '#0A1A33', 10), `water in the video: ${water}`);
  });

  it('reads the tiles on both sides of the antimeridian for a network across it', async () => {
    // Taveuni lies across 180°: tiles of the last column (x = N − 1) and the first (x = 0), water on each one's western half.
    const water: TileFeature = { type: 3, parts: [[[0, 0], [2048, 0], [2048, 4096], [0, 4096], [0, 0]]] };
    const data = encodeTile({ water: [water], landuse: [], roads: [], places: [] });
    const tiles = [];
    const y0 = Math.floor(worldY(-16.4) * N);
    const y1 = Math.floor(worldY(-17.4) * N);
    for (const x of [N - 2, N - 1, 0, 1]) for (let y = y0; y <= y1; y++) tiles.push({ z: Z, x, y, data });
    const path = join(dir, 'antimeridian.pmtiles');
    writePmtiles(path, tiles);
    const params = normalizeRenderParams({ location: 'Taveuni', template: 'station-map', resolution: '1080p', date: '2026-11-22', stations: [
      { name: 'Somosomo', lat: -16.77, lon: 179.97, pm25: 12 }, { name: 'Vuna', lat: -16.98, lon: -179.9, pm25: 20 }, { name: 'Lavena', lat: -16.87, lon: -179.88, pm25: 45 },
    ] });
    await configureMapTiles(null);
    // Points of Natural Earth's land east of 180° on the western half of their tile, clear of the markers and their labels.
    const plan = planStationMap(params, mapBoxes('landscape', 1920, 1080, 0).map, MAP_SPECS.landscape);
    const candidates: [number, number][] = [];
    const b = plan.bounds;
    for (let x = b.x + 20; x < b.x + b.w - 20; x += 24) {
      for (let y = b.y + 20; y < b.y + b.h - 20; y += 24) {
        const [lon = 0, lat = 0] = plan.project?.invert?.([x, y]) ?? [];
        const wrapped = lon > 180 ? lon - 360 : lon;
        const tileFraction = (worldX(wrapped) * N) % 1;
        const clear = [...plan.markers.map((m) => ({ x: m.x - 60, y: m.y - 60, w: 120, h: 120 })), ...plan.labels.map((l) => l.box)].every((o) => x < o.x - 8 || x > o.x + o.w + 8 || y < o.y - 8 || y > o.y + o.h + 8);
        if (wrapped < 0 && tileFraction > 0.1 && tileFraction < 0.4 && clear) candidates.push([wrapped, lat]);
      }
    }
    const before = await mapPixels(await renderFramePng(params, 6), params, candidates, 1);
    const onLand = candidates.filter((_, i) => near(before[i] ?? [], '#1B2A4A', 4));
    assert.ok(onLand.length >= 3, `${onLand.length} land points east of 180°`);
    assert.deepEqual(await configureMapTiles(path), { ok: true });
    const read = await stationMapTiles(params);
    assert.ok(read && read.tiles >= 4, `tiles read: ${read?.tiles}`);
    const xs = read.shapes.flatMap((sh) => Array.from(sh.coords.filter((_, i) => i % 2 === 0)));
    assert.ok(xs.some((x) => x < 1) && xs.some((x) => x > 1), 'shapes from both sides of the antimeridian, the far side a world east');
    const after = await mapPixels(await renderFramePng(params, 6), params, onLand, 1);
    for (const [i, px] of after.entries()) assert.ok(near(px, '#0A1A33', 6), `the archive's water east of 180° at ${onLand[i]?.join(',')}: ${px}`);
    await configureMapTiles(null);
  });

  it('refuses a truncated archive, random bytes and raster tiles, and maps keep Natural Earth', async () => {
    const good = join(dir, 'whole.pmtiles');
    santiagoArchive(good, 'protomaps');
    const bytes = readFileSync(good);
    const truncated = join(dir, 'truncated.pmtiles');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const header = join(dir, 'header-only.pmtiles');
    writeFileSync(header, bytes.subarray(0, 100));
    const random = join(dir, 'random.pmtiles');
    let seed = 7;
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256)));
    const raster = join(dir, 'raster.pmtiles');
    writePmtiles(raster, [{ z: 0, x: 0, y: 0, data: Uint8Array.from([0x89, 0x50, 0x4e, 0x47]) }], 2);
    const params = normalizeRenderParams({ location: 'Santiago', template: 'station-map', stations, resolution: '1080p', date: '2026-11-22' });
    for (const [file, why] of [[truncated, /truncated/], [header, /./], [random, /./], [raster, /not vector tiles/], [join(dir, 'missing.pmtiles'), /ENOENT/]] as const) {
      const r = await configureMapTiles(file);
      assert.equal(r.ok, false, file);
      if (!r.ok) assert.match(r.reason, why);
      assert.equal(mapTilesConfigured(), false);
      assert.equal(await stationMapTiles(params), null);
      assert.equal(await readMapTiles({ west: -71, south: -34, east: -70, north: -33 }, 1e6), null);
      const [land = []] = await mapPixels(await renderFramePng(params, 6), params, [waterPoint()], 1);
      assert.ok(near(land, '#1B2A4A', 6), `Natural Earth land: ${land}`);
    }
  });
});
