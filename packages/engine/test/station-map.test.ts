// The station map: on 50 random station sets (1–60 stations, clustered or spread,
// long names) in every format, every label box lies inside the map, overlaps no other
// label and no marker, and its leader line crosses no other marker or label; the
// basemap is offline and small; a bad set is refused before any drawing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFrame, EngineError, normalizeRenderParams, renderFramePng } from '../src/index.ts';
import { linearMercator, viewOf } from '../src/map/draw.ts';
import { fitProjection } from '../src/map/project.ts';
import { boxesOverlap, inside, placeLabels, segmentHitsBox, shortenings, type Box } from '../src/map/labels.ts';
import { basemap } from '../src/map/basemap.ts';
import { MAP_SPECS, mapBoxes, planStationMap } from '../src/templates/station-map.ts';
import { mapPixels } from './helpers.ts';
import { frameGeometry } from '../src/index.ts';

/** A small seeded PRNG (mulberry32), so every run checks the same 50 sets. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['Parque', 'Estación', 'Centro', 'Norte', 'Sur', 'La', 'Florida', 'Monitoreo', 'Avenida', 'Libertador', 'Bernardo', "O'Higgins", 'Municipalidad', 'Cerro', 'Navia', 'Puente', 'Alto'];

function randomStations(r: () => number): { name: string; lat: number; lon: number; pm25: number }[] {
  const n = 1 + Math.floor(r() * 60);
  const lat0 = -60 + r() * 120;
  const lon0 = -170 + r() * 340;
  // Half the sets are a city (≈ 0.3°), some a region (≈ 3°), some a tight cluster (≈ 0.02°).
  const kind = r();
  const span = kind < 0.5 ? 0.3 : kind < 0.8 ? 3 : 0.02;
  const seen = new Set<string>();
  const out: { name: string; lat: number; lon: number; pm25: number }[] = [];
  while (out.length < n) {
    const lat = Number((lat0 + (r() - 0.5) * span).toFixed(5));
    const lon = Number((lon0 + (r() - 0.5) * span).toFixed(5));
    const key = `${lat},${lon}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const words = 1 + Math.floor(r() * (r() < 0.15 ? 14 : 3));
    const name = Array.from({ length: words }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ');
    out.push({ name: `${name.slice(0, 114)} ${out.length + 1}`, lat, lon, pm25: Math.round(r() * 300 * 10) / 10 });
  }
  return out;
}

describe('station map labels', () => {
  it('never overlap or leave the map, on 50 random station sets in every format', () => {
    const r = rng(36);
    let labelled = 0;
    let total = 0;
    let shortened = 0;
    let leaders = 0;
    for (let set = 0; set < 50; set++) {
      const stations = randomStations(r);
      for (const format of ['landscape', 'portrait', 'square'] as const) {
        const params = normalizeRenderParams({ location: 'X', template: 'station-map', stations, format, date: '2026-11-22' });
        const { width, height } = frameGeometry(format, '1080p');
        const box = mapBoxes(format, width, height, 200).map;
        const plan = planStationMap(params, box, MAP_SPECS[format]);
        const frame: Box = { x: 0, y: 0, w: width, h: height };
        assert.equal(plan.markers.length, stations.length);
        for (const m of plan.markers) assert.ok(inside({ x: m.x - m.r, y: m.y - m.r, w: 2 * m.r, h: 2 * m.r }, box), `set ${set} ${format}: a marker outside the map`);
        plan.labels.forEach((l, i) => {
          assert.ok(inside(l.box, box) && inside(l.box, frame), `set ${set} ${format}: label "${l.text}" leaves the map`);
          plan.labels.forEach((o, j) => {
            if (j > i) assert.ok(!boxesOverlap(l.box, o.box), `set ${set} ${format}: "${l.text}" overlaps "${o.text}"`);
            if (j !== i && l.leader) assert.ok(!segmentHitsBox(l.leader.x1, l.leader.y1, l.leader.x2, l.leader.y2, o.box), `set ${set} ${format}: the leader of "${l.text}" crosses "${o.text}"`);
          });
          plan.markers.forEach((m, k) => {
            const mb = { x: m.x - m.r, y: m.y - m.r, w: 2 * m.r, h: 2 * m.r };
            assert.ok(!boxesOverlap(l.box, mb), `set ${set} ${format}: "${l.text}" covers a marker`);
            if (k !== l.marker && l.leader) assert.ok(!segmentHitsBox(l.leader.x1, l.leader.y1, l.leader.x2, l.leader.y2, mb), `set ${set} ${format}: a leader crosses a marker`);
          });
          if (plan.chip) assert.ok(!boxesOverlap(l.box, plan.chip.box), `set ${set} ${format}: "${l.text}" covers the scale chip`);
          const name = stations[l.marker]?.name ?? '';
          assert.ok(l.text === name || (l.text.endsWith('…') && name.startsWith(l.text.slice(0, -1))), `"${l.text}" is the name or its shortening`);
          if (l.text !== name) shortened++;
          if (l.leader) leaders++;
        });
        labelled += plan.labels.length;
        total += stations.length;
      }
    }
    // Most stations keep a label; the rest show their marker alone rather than overlap.
    assert.ok(labelled / total > 0.6, `labelled ${labelled} of ${total}`);
    assert.ok(shortened > 0 && leaders > 0, `some labels were shortened (${shortened}) and some hang on leaders (${leaders})`);
  });

  it('places a label beside its marker when there is room, in full', () => {
    const placed = placeLabels([{ x: 100, y: 100, r: 10 }], [{ marker: 0, text: 'Las Condes', priority: 1 }], {
      bounds: { x: 0, y: 0, w: 400, h: 200 }, measure: (t) => t.length * 10, height: 30, padX: 8, gap: 6,
    });
    assert.equal(placed.length, 1);
    assert.equal(placed[0]?.text, 'Las Condes');
    assert.equal(placed[0]?.leader, null);
    assert.deepEqual(shortenings('Puente Alto — Estación de monitoreo de la Municipalidad').every((s) => s.endsWith('…')), true);
  });
});

describe('station map', () => {
  it('keeps the basemap small: compact rings, a few MB', () => {
    const b = basemap();
    const bytes = [...b.land, ...b.borders].reduce((s, r) => s + r.pts.byteLength, 0);
    assert.ok(b.land.length > 1000 && b.borders.length > 100);
    assert.ok(bytes < 30e6, `${(bytes / 1e6).toFixed(1)} MB`);
  });

  it('draws its stations, legend and the city value in each language', () => {
    const stations = [
      { name: 'Parque O\'Higgins', lat: -33.464, lon: -70.661, pm25: 61 },
      { name: 'Las Condes', lat: -33.377, lon: -70.523, pm25: 24 },
    ];
    for (const [language, city, worst] of [['es', 'CIUDAD', 'peor estación'], ['en', 'CITY', 'worst station'], ['pt', 'CIDADE', 'pior estação']] as const) {
      const d = describeFrame(normalizeRenderParams({ location: 'Santiago', template: 'station-map', stations, language, resolution: '360p', date: '2026-11-22' }));
      const joined = d.texts.join('\n');
      for (const s of stations) assert.ok(d.texts.includes(s.name), `${language}: ${s.name}`);
      assert.ok(joined.includes(city) && joined.includes(worst), joined);
    }
  });

  it('keeps every basemap ring continuous across the antimeridian (no line across the world)', () => {
    const b = basemap();
    let unwrapped = 0;
    for (const r of [...b.land, ...b.borders]) {
      if (r.east > 180 || r.west < -180) unwrapped++;
      for (let i = 2; i < r.pts.length; i += 2) {
        const step = Math.abs((r.pts[i] ?? 0) - (r.pts[i - 2] ?? 0));
        // Only the closing of a ring round a pole (Antarctica) runs far, and below any view.
        if (step > 180) assert.ok(Math.abs(r.pts[i + 1] ?? 0) >= 89 && Math.abs(r.pts[i - 1] ?? 0) >= 89, `a ${step}° step at ${r.pts[i + 1]}°`);
      }
    }
    assert.ok(unwrapped >= 4, `${unwrapped} rings cross the antimeridian (Fiji, Eurasia, Antarctica)`);
    const project = fitProjection([{ lat: -33, lon: -70 }, { lat: 5, lon: -40 }], { x: 0, y: 0, w: 1000, h: 700 }, 40);
    const linear = linearMercator(project);
    for (const [lon, lat] of [[-70, -33], [120, 60], [-179, -17], [0, 0]] as const) {
      const [x, y] = linear(lon, lat);
      const d = project([lon, lat]) ?? [NaN, NaN];
      assert.ok(Math.abs(x - d[0]) < 1e-6 && Math.abs(y - d[1]) < 1e-6, `${lon},${lat}`);
    }
  });


  const mapBox = (): Box => mapBoxes('landscape', 1920, 1080, 0).map;

  it('draws open sea at Fiji\'s latitude on a continent map, land under a city map, and Fiji itself', async () => {
    const continent = normalizeRenderParams({ location: 'Sudamérica', template: 'station-map', resolution: '1080p', date: '2026-11-22', stations: [
      { name: 'Santiago', lat: -33.45, lon: -70.66, pm25: 30 }, { name: 'Bogotá', lat: 4.71, lon: -74.07, pm25: 20 }, { name: 'São Paulo', lat: -23.55, lon: -46.63, pm25: 40 },
    ] });
    // The Pacific west of Peru, every pixel down the latitudes of Fiji's rings (16–17.2° S): water, not a band.
    const column = Array.from({ length: 60 }, (_, i) => [-84, -15.9 - i * 0.022] as const);
    for (const sea of await mapPixels(await renderFramePng(continent, 6), continent, column)) assert.ok(Math.abs(sea[0] - 0x0a) <= 6 && Math.abs(sea[1] - 0x1a) <= 6 && Math.abs(sea[2] - 0x33) <= 6, `sea ${sea}`);
    const city = normalizeRenderParams({ location: 'Santiago', template: 'station-map', resolution: '1080p', date: '2026-11-22', stations: [
      { name: 'Pudahuel', lat: -33.437, lon: -70.75, pm25: 70 }, { name: 'Las Condes', lat: -33.376, lon: -70.523, pm25: 15 }, { name: 'La Florida', lat: -33.516, lon: -70.588, pm25: 40 },
    ] });
    const [land = [0, 0, 0]] = await mapPixels(await renderFramePng(city, 6), city, [[-70.62, -33.45]]);
    assert.ok(Math.abs(land[0] - 0x1b) <= 6 && Math.abs(land[1] - 0x2a) <= 6 && Math.abs(land[2] - 0x4a) <= 6, `land ${land}`);
    // Fiji, its map reaching past 180°: Viti Levu is land (the view's east edge once came back wrapped and nothing was drawn).
    const fiji = normalizeRenderParams({ location: 'Fiji', template: 'station-map', resolution: '1080p', date: '2026-11-22', stations: [
      { name: 'Suva', lat: -18.14, lon: 178.44, pm25: 10 }, { name: 'Nadi', lat: -17.8, lon: 177.42, pm25: 30 }, { name: 'Labasa', lat: -16.43, lon: 179.38, pm25: 60 },
    ] });
    const [viti = [0, 0, 0]] = await mapPixels(await renderFramePng(fiji, 6), fiji, [[178.13, -17.83]]);
    assert.ok(Math.abs(viti[0] - 0x1b) <= 6 && Math.abs(viti[1] - 0x2a) <= 6 && Math.abs(viti[2] - 0x4a) <= 6, `Viti Levu ${viti}`);
    const plan = planStationMap(city, mapBox(), MAP_SPECS.landscape);
    assert.equal(plan.chip?.name, 'Santiago');
    assert.match(plan.chip?.bar.text ?? '', /^\d+ km$/);
  });

  it('fits a network across the antimeridian into one small view, with land and sea under it', async () => {
    // Fiji's stations east and west of 180°: Labasa and Suva at 179°/178° E, Taveuni and Lakeba at 179°/178° W.
    const fiji = normalizeRenderParams({ location: 'Fiji', template: 'station-map', resolution: '1080p', date: '2026-11-22', stations: [
      { name: 'Suva', lat: -18.14, lon: 178.44, pm25: 10 }, { name: 'Labasa', lat: -16.43, lon: 179.38, pm25: 60 },
      { name: 'Taveuni', lat: -16.86, lon: -179.97, pm25: 20 }, { name: 'Lakeba', lat: -18.2, lon: -178.82, pm25: 35 },
    ] });
    const box = mapBox();
    const plan = planStationMap(fiji, box, MAP_SPECS.landscape);
    const project = plan.project;
    assert.ok(project);
    const view = viewOf(project, box);
    assert.ok(view.east - view.west < 12 && view.west > 170 && view.east > 180, `view ${view.west.toFixed(1)}…${view.east.toFixed(1)}`);
    for (const m of plan.markers) assert.ok(inside({ x: m.x - m.r, y: m.y - m.r, w: 2 * m.r, h: 2 * m.r }, box), `${m.view.name} at ${m.x.toFixed(0)},${m.y.toFixed(0)}`);
    const xs = plan.markers.map((m) => m.x);
    assert.ok(Math.max(...xs) - Math.min(...xs) > box.w * 0.5, 'the stations spread across the map');
    // West of 180° Taveuni's marker lies east of Labasa's, as on the globe.
    const at = (name: string) => plan.markers.find((m) => m.view.name === name)?.x ?? NaN;
    assert.ok(at('Taveuni') > at('Labasa') && at('Lakeba') > at('Suva'));
    // Viti Levu (west of 180°) is land; the Koro Sea between it and the Lau group is sea.
    const [viti = [0, 0, 0], sea = [0, 0, 0]] = await mapPixels(await renderFramePng(fiji, 6), fiji, [[178.13, -17.83], [179.6, -18.0]]);
    assert.ok(Math.abs(viti[0] - 0x1b) <= 6 && Math.abs(viti[1] - 0x2a) <= 6 && Math.abs(viti[2] - 0x4a) <= 6, `Viti Levu ${viti}`);
    assert.ok(Math.abs(sea[0] - 0x0a) <= 6 && Math.abs(sea[1] - 0x1a) <= 6 && Math.abs(sea[2] - 0x33) <= 6, `Koro Sea ${sea}`);
  });

  it('refuses two stations on one point before anything is drawn', () => {
    assert.throws(
      () => normalizeRenderParams({ location: 'X', template: 'station-map', stations: [{ name: 'A', lat: 1, lon: 1, pm25: 1 }, { name: 'B', lat: 1, lon: 1, pm25: 1 }] }),
      (e: unknown) => e instanceof EngineError && e.fields?.some((f) => f.field === 'stations[1]') === true,
    );
  });
});
