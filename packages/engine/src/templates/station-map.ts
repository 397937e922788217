/**
 * Station map — a monitoring network on one frame: the `stations` param drawn as
 * markers in their category colours (the index inside) over an offline Natural Earth
 * basemap (land, coast, borders; `map/basemap.ts`) in a Web Mercator projection fitted
 * to the stations, labels placed by collision avoidance (shortened or on a leader
 * line, never overlapping or leaving the map; `map/labels.ts`), a legend of the
 * standard's categories and the city's overall value (the render's own values when
 * given, else its worst station). The projection, basemap and labels are drawn once
 * per render: the basemap into the static layer, the labels into one sprite.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Ambient } from '../draw/ambient.js';
import { drawBackdrop } from '../draw/background.js';
import { legibleOn, readableTextOn, rgba } from '../draw/color.js';
import { easeOutBack, easeOutCubic, fade, progress } from '../draw/easing.js';
import { panel, roundRectPath } from '../draw/shapes.js';
import { drawSprite, makeSprite } from '../draw/sprite.js';
import { drawBlock, drawText, ellipsize, fitSize, layoutBlock, measure } from '../draw/text.js';
import { PLACES_MESSAGES } from '../i18n/places.js';
import { drawBasemap, drawGraticule, drawMapTiles, viewOf } from '../map/draw.js';
import { mapTilesConfigured, readMapTiles, type MapTiles } from '../map/tiles.js';
import { frameGeometry } from '../render/geometry.js';
import { boxesOverlap, placeLabels, type Box, type LabelMarker, type PlacedLabel } from '../map/labels.js';
import { fitProjection } from '../map/project.js';
import { scaleBar, type ScaleBar } from '../map/scale.js';
import { LOCALE_TAG } from '../language.js';
import { canonicalJson } from '../params/canonical-json.js';
import type { Format } from '../params/schema.js';
import type { RenderParams } from '../params/types.js';
import { measureContext } from './measure.js';
import { drawFooter, FAINT, INK, MUTED, NEUTRAL } from './parts.js';
import { ChangePlan, spriteBox } from './changes.js';
import { rankingViews, rankPlaces, viewPlace, type PlaceView } from './places-view.js';
import { footerClearOfCaptions, stageFor, type StageOptions } from './stage.js';
import type { Rect, SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 15;
const OUTRO = DURATION - 0.7;
const WATER = '#0A1A33';
const LAND = '#1B2A4A';
/** An operator's tiles: their own land and water over Natural Earth's, parks a green tint, roads and boundaries faint. */
export const TILE_STYLE = { earth: LAND, water: WATER, green: 'rgba(70,160,110,0.2)', road: 'rgba(200,215,255,0.2)', boundary: 'rgba(200,210,240,0.45)' };

interface Spec {
  margin: number;
  headY: number;
  overline: number;
  title: number;
  date: number;
  marker: number;
  label: number;
  footer: number;
  footerFromBottom: number;
}

export const MAP_SPECS: Record<Format, Spec> = {
  landscape: { margin: 90, headY: 56, overline: 22, title: 56, date: 24, marker: 19, label: 20, footer: 18, footerFromBottom: 36 },
  // Portrait's header top and footer come from its safe area (frameBounds): headY and footerFromBottom are unused.
  portrait: { margin: 70, headY: 0, overline: 26, title: 76, date: 30, marker: 22, label: 26, footer: 22, footerFromBottom: 0 },
  square: { margin: 50, headY: 44, overline: 18, title: 46, date: 20, marker: 16, label: 18, footer: 16, footerFromBottom: 32 },
};

/** Where the header starts and the footer's baseline sits: portrait's from its safe area (stage.ts), the others' from the spec. */
function frameBounds(format: Format, W: number, H: number, opts: StageOptions = {}): { headY: number; footerY: number } {
  const s = MAP_SPECS[format];
  if (format !== 'portrait') return { headY: s.headY, footerY: footerClearOfCaptions(format, W, H, H - s.footerFromBottom, s.footer, opts) };
  const stage = stageFor('portrait', W, H, opts);
  return { headY: stage.top, footerY: stage.bottom };
}

/** Where the map, the overall card and the legend go. */
export function mapBoxes(format: Format, W: number, H: number, headerBottom: number, opts: StageOptions = {}): { map: Box; card: Box; legend: Box } {
  const s = MAP_SPECS[format];
  const M = s.margin;
  const { footerY } = frameBounds(format, W, H, opts);
  if (format === 'landscape') {
    const side = 400;
    const top = Math.max(headerBottom + 24, 220);
    const map = { x: M, y: top, w: W - 2 * M - side - 30, h: footerY - 40 - top };
    return { map, card: { x: W - M - side, y: top, w: side, h: 250 }, legend: { x: W - M - side, y: top + 280, w: side, h: map.h - 280 } };
  }
  if (format === 'portrait') {
    // The map takes what the header and the card row (the overall card and the legend) leave.
    const top = headerBottom + 30;
    const rowH = 300;
    const below = footerY - 50 - rowH;
    const map = { x: M, y: top, w: W - 2 * M, h: below - 30 - top };
    return { map, card: { x: M, y: below, w: (W - 2 * M - 30) * 0.5, h: rowH }, legend: { x: M + (W - 2 * M + 30) * 0.5, y: below, w: (W - 2 * M - 30) * 0.5, h: rowH } };
  }
  const side = 290;
  const top = Math.max(headerBottom + 16, 190);
  const map = { x: M, y: top, w: W - 2 * M - side - 20, h: footerY - 30 - top };
  return { map, card: { x: W - M - side, y: top, w: side, h: 220 }, legend: { x: W - M - side, y: top + 240, w: side, h: map.h - 240 } };
}

/** The place's name and a scale bar, in a corner of the map that no marker or label covers. */
export interface MapChip {
  box: Box;
  name: string;
  nameW: number;
  bar: ScaleBar;
  size: number;
}

export interface MapPlan {
  bounds: Box;
  markers: (LabelMarker & { view: PlaceView })[];
  labels: PlacedLabel[];
  labelSize: number;
  chip: MapChip | null;
}

/** The chip's box in the first corner of the map that keeps clear of every marker, or null. */
function placeChip(params: RenderParams, box: Box, markers: readonly LabelMarker[], project: ReturnType<typeof fitProjection>, label: number): MapChip | null {
  const ctx = measureContext();
  const size = Math.round(label * 0.8);
  const pad = size * 0.7;
  const name = ellipsize(ctx, params.location, box.w * 0.3, size, 700);
  const nameW = name ? measure(ctx, name, size, 700) : 0;
  const centre = project.invert?.([box.x + box.w / 2, box.y + box.h / 2]) ?? [0, 0];
  const bar = scaleBar(project, centre[1], Math.min(180, box.w * 0.2), LOCALE_TAG[params.language]);
  const w = pad + (nameW ? nameW + size : 0) + bar.px + size * 0.5 + measure(ctx, bar.text, size, 600) + pad;
  const h = size * 2;
  const inset = 10;
  const corners: Box[] = [
    { x: box.x + inset, y: box.y + box.h - inset - h, w, h },
    { x: box.x + box.w - inset - w, y: box.y + box.h - inset - h, w, h },
    { x: box.x + inset, y: box.y + inset, w, h },
    { x: box.x + box.w - inset - w, y: box.y + inset, w, h },
  ];
  const clear = corners.find((c) => markers.every((m) => !boxesOverlap(c, { x: m.x - m.r, y: m.y - m.r, w: 2 * m.r, h: 2 * m.r }, 4)));
  return clear && w < box.w - 2 * inset ? { box: clear, name, nameW, bar, size } : null;
}

/** Projects the stations into `box` and places their labels: what the template draws, and what the tests check. */
export function planStationMap(params: RenderParams, box: Box, spec: { marker: number; label: number }): MapPlan & { project: ReturnType<typeof fitProjection> | null } {
  const stations = params.stations ?? [];
  if (stations.length === 0) return { bounds: box, markers: [], labels: [], labelSize: spec.label, chip: null, project: null };
  const pad = spec.marker * 2 + 10;
  const project = fitProjection(stations, box, pad);
  const views = stations.map((s) => viewPlace(params, s));
  const markers = stations.map((s, i) => {
    const xy = project([s.lon, s.lat]) ?? [box.x + box.w / 2, box.y + box.h / 2];
    return { x: xy[0], y: xy[1], r: spec.marker, view: views[i] ?? viewPlace(params, s) };
  });
  const ctx = measureContext();
  const size = spec.label;
  const chip = placeChip(params, box, markers, project, spec.label);
  const ranked = rankPlaces(views);
  const labels = placeLabels(
    markers,
    markers.map((m, i) => ({ marker: i, text: m.view.name, priority: ranked.length - ranked.indexOf(m.view) })),
    { bounds: { x: box.x + 6, y: box.y + 6, w: box.w - 12, h: box.h - 12 }, measure: (t) => measure(ctx, t, size, 600), height: size * 1.6, padX: size * 0.5, gap: 6, margin: 3, avoid: chip ? [chip.box] : [] },
  );
  return { bounds: box, markers, labels, labelSize: size, chip, project };
}

/** The name and scale chip: the name, then a bar with end ticks and its distance. */
function drawChip(g: SKRSContext2D, chip: MapChip): void {
  const { box, size } = chip;
  const pad = size * 0.7;
  roundRectPath(g, box.x, box.y, box.w, box.h, box.h * 0.3);
  g.fillStyle = 'rgba(6,10,24,0.72)';
  g.fill();
  const base = box.y + box.h / 2 + size * 0.36;
  let x = box.x + pad;
  if (chip.name) {
    drawText(g, chip.name, x, base, { size, weight: 700, color: INK });
    x += chip.nameW + size;
  }
  const mid = box.y + box.h / 2;
  g.beginPath();
  g.moveTo(x, mid - size * 0.35);
  g.lineTo(x, mid + size * 0.2);
  g.lineTo(x + chip.bar.px, mid + size * 0.2);
  g.lineTo(x + chip.bar.px, mid - size * 0.35);
  g.strokeStyle = MUTED;
  g.lineWidth = 2;
  g.lineJoin = 'miter';
  g.stroke();
  drawText(g, chip.bar.text, x + chip.bar.px + size * 0.5, base, { size, weight: 600, color: MUTED });
}

/**
 * The operator's tiles under a station map, read before its layout. The view is the one
 * of the largest map box (a one-line title) widened by half each way: a taller header
 * (or burned-in captions' band) only shrinks the box, so the drawn view lies inside it.
 */
export async function stationMapTiles(params: RenderParams): Promise<MapTiles | null> {
  const stations = params.stations ?? [];
  if (!mapTilesConfigured() || stations.length === 0) return null;
  const { design } = frameGeometry(params.format, params.resolution);
  const spec = MAP_SPECS[params.format];
  const box = mapBoxes(params.format, design.width, design.height, 0).map;
  const project = fitProjection(stations, box, spec.marker * 2 + 10);
  const v = viewOf(project, box);
  const padLon = (v.east - v.west) * 0.5;
  const padLat = (v.north - v.south) * 0.5;
  // Longitudes may pass ±180° (a network across the antimeridian): the tiles wrap round, a world at most.
  const mid = (v.west + v.east) / 2;
  const half = Math.min(180, (v.east - v.west) / 2 + padLon);
  return readMapTiles({ west: mid - half, east: mid + half, south: Math.max(-85, v.south - padLat), north: Math.min(85, v.north + padLat) }, 2 * Math.PI * project.scale());
}

export function createStationMap(input: SceneInput): TemplateScene {
  const { params, content: c, width: W, height: H, pixelScale: px, format } = input;
  const spec = MAP_SPECS[format];
  const lang = params.language;
  const pm = PLACES_MESSAGES[lang];
  const ctx = measureContext();
  const M = spec.margin;
  const inner = W - 2 * M;
  const stations = params.stations ?? [];

  // The city's value: the render's own values when given, else the worst station.
  const { places: _places, ...ownParams } = params;
  const own = rankingViews(ownParams);
  const ownView = own[0] ?? null;
  const stationViews = rankPlaces(stations.map((s) => viewPlace(params, s)));
  const overall: { view: PlaceView | null; note: string | null } = ownView && ownView.mainText
    ? { view: ownView, note: stations.length ? pm.stations(stations.length) : null }
    : stationViews[0]
      ? { view: stationViews[0], note: `${pm.worstStation}: ${stationViews[0].name}` }
      : { view: null, note: null };
  const accent = overall.view?.color ?? NEUTRAL;

  // ---- header -----------------------------------------------------------------
  const headerW = format === 'portrait' ? inner : inner * 0.62;
  const overline = `${pm.stationMap} · ${c.standardName}`.toUpperCase();
  const overSize = fitSize(ctx, overline, headerW, spec.overline, spec.overline * 0.7, 700, 3);
  const title = layoutBlock(ctx, c.location, { maxWidth: headerW, maxLines: 2, size: spec.title, minSize: spec.title * 0.5, weight: 800, leading: 1.06 });
  const subline = [c.date, c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : ''].filter(Boolean).join('  ·  ');
  const dateSize = fitSize(ctx, subline, headerW, spec.date, spec.date * 0.7, 500);
  const headerH = overSize * 1.8 + title.height + dateSize * 1.7;
  const headerSprite = makeSprite(headerW, headerH, px, (g) => {
    drawText(g, overline, 0, overSize, { size: overSize, weight: 700, color: legibleOn(accent), tracking: 3 });
    drawBlock(g, title, 0, overSize * 1.8, { color: INK, weight: 800 });
    drawText(g, subline, 0, overSize * 1.8 + title.height + dateSize * 1.35, { size: dateSize, weight: 500, color: MUTED });
  }, 8);

  const { headY, footerY } = frameBounds(format, W, H, input);
  const boxes = mapBoxes(format, W, H, headY + headerH, input);
  const box = boxes.map;
  const plan = planStationMap(params, box, spec);

  // ---- labels: one sprite, drawn once ------------------------------------------------
  const ls = plan.labelSize;
  const labelSprite = makeSprite(box.w, box.h, px, (g) => {
    g.translate(-box.x, -box.y);
    for (const l of plan.labels) {
      const m = plan.markers[l.marker];
      if (l.leader) {
        g.beginPath();
        g.moveTo(l.leader.x1, l.leader.y1);
        g.lineTo(l.leader.x2, l.leader.y2);
        g.strokeStyle = 'rgba(255,255,255,0.55)';
        g.lineWidth = 1.5;
        g.stroke();
      }
      roundRectPath(g, l.box.x, l.box.y, l.box.w, l.box.h, l.box.h * 0.3);
      g.fillStyle = 'rgba(6,10,24,0.82)';
      g.fill();
      if (m) {
        g.fillStyle = m.view.color ?? NEUTRAL;
        g.fillRect(l.box.x, l.box.y + l.box.h * 0.2, 3, l.box.h * 0.6);
      }
      drawText(g, l.text, l.box.x + ls * 0.5, l.box.y + l.box.h / 2 + ls * 0.36, { size: ls, weight: 600, color: INK });
    }
  });

  // ---- markers: sprites (the index inside) ----------------------------------------------
  const R = spec.marker;
  const markerSprites = plan.markers.map((m) =>
    makeSprite(2 * R, 2 * R, px, (g) => {
      const color = m.view.color ?? NEUTRAL;
      g.beginPath();
      g.arc(R, R, R - 1.5, 0, Math.PI * 2);
      g.fillStyle = color;
      g.fill();
      g.lineWidth = 3;
      g.strokeStyle = '#FFFFFF';
      g.stroke();
      const t = m.view.indexText ?? '';
      if (t) drawText(g, t, R, R + R * 0.3, { size: fitSize(g, t, R * 1.6, R * 0.8, R * 0.5, 800), weight: 800, color: readableTextOn(color), align: 'center' });
    }, 4),
  );

  // ---- the overall card and the legend -------------------------------------------------
  const card = boxes.card;
  const ck = Math.min(card.w / 400, card.h / 250);
  const cardSprite = makeSprite(card.w, card.h, px, (g) => {
    panel(g, 0, 0, card.w, card.h, 22 * ck);
    g.save();
    roundRectPath(g, 0, 0, card.w, card.h, 22 * ck);
    g.clip();
    g.fillStyle = accent;
    g.fillRect(0, 0, 8 * ck, card.h);
    g.fillStyle = rgba(accent, 0.14);
    g.fillRect(0, 0, card.w, card.h);
    g.restore();
    const pad = 28 * ck;
    drawText(g, pm.overall.toUpperCase(), pad, pad + 14 * ck, { size: 18 * ck, weight: 800, color: legibleOn(accent), tracking: 2.5 });
    const v = overall.view;
    if (!v || !v.mainText) {
      const size = fitSize(g, c.m.noPollutantData, card.w - 2 * pad, 30 * ck, 12 * ck, 700);
      drawText(g, ellipsize(g, c.m.noPollutantData, card.w - 2 * pad, size, 700), pad, pad + 70 * ck, { size, weight: 700, color: INK });
      const hint = layoutBlock(g, c.m.noPollutantDataHint, { maxWidth: card.w - 2 * pad, maxLines: 3, size: 20 * ck, minSize: 14 * ck, weight: 500 });
      drawBlock(g, hint, pad, pad + 96 * ck, { color: MUTED, weight: 500 });
      return;
    }
    const big = v.indexText ?? '';
    const bigSize = 72 * ck;
    if (big) drawText(g, big, pad, pad + 44 * ck + bigSize * 0.78, { size: bigSize, weight: 800, color: INK });
    const cx = pad + (big ? measure(g, big, bigSize, 800) + 18 * ck : 0);
    const cat = v.label ?? c.m.notRated;
    const catBlock = layoutBlock(g, cat, { maxWidth: card.w - cx - pad, maxLines: 2, size: 26 * ck, minSize: 15 * ck, weight: 700, leading: 1.1 });
    drawBlock(g, catBlock, cx, pad + 44 * ck + bigSize * 0.4 - catBlock.height / 2, { color: v.color ? legibleOn(v.color) : MUTED, weight: 700 });
    drawText(g, ellipsize(g, v.mainText, card.w - 2 * pad, 20 * ck, 500), pad, card.h - pad - 30 * ck, { size: 20 * ck, weight: 500, color: MUTED });
    if (overall.note) drawText(g, ellipsize(g, overall.note, card.w - 2 * pad, 18 * ck, 500), pad, card.h - pad, { size: 18 * ck, weight: 500, color: FAINT });
  }, 24);

  const legend = boxes.legend;
  const scale = c.scale;
  const rowH = Math.min(52, (legend.h - 40) / Math.max(1, scale.length));
  const lk = rowH / 52;
  const legendH = 40 + rowH * scale.length;
  const legendSprite = makeSprite(legend.w, legendH, px, (g) => {
    panel(g, 0, 0, legend.w, legendH, 20 * lk);
    scale.forEach((s, i) => {
      const y = 20 + i * rowH + rowH / 2;
      g.beginPath();
      g.arc(28, y, 10 * Math.max(0.8, lk), 0, Math.PI * 2);
      g.fillStyle = s.color;
      g.fill();
      const size = fitSize(g, s.label, legend.w - 64, 22 * lk, 13, 600);
      drawText(g, ellipsize(g, s.label, legend.w - 64, size, 600), 50, y + size * 0.36, { size, weight: 600, color: INK });
    });
  }, 24);

  // ---- motion ---------------------------------------------------------------------------
  const popAt = (i: number) => 0.8 + (plan.markers.length > 1 ? (i / (plan.markers.length - 1)) * 1.2 : 0);
  const labelsAt = 2.3;
  const settled = plan.markers.length ? 3.3 : 1.6;
  const dt = 1 / input.fps;
  const ambient = new Ambient(settled, OUTRO, dt);
  plan.markers.forEach((m, i) => {
    ambient.ping({ cx: m.x, cy: m.y, from: R, to: R + 22, period: 2.4, offset: (i * 0.37) % 2.4, duration: 1.4, color: m.view.color ?? NEUTRAL, alpha: 0.75, lineWidth: 3 });
  });
  ambient.sheen({ targets: [{ ...card, radius: 22 * ck }, { x: legend.x, y: legend.y, w: legend.w, h: legendH, radius: 20 * lk }], period: 2.2, stagger: 0.6, duration: 1.2, strength: 0.08 });
  if (plan.markers.length === 0) ambient.sheen({ targets: [{ ...box, radius: 24 }], period: 2, stagger: 0, duration: 1.4, strength: 0.06 });
  // A highlight alternates between the summary card and the legend, and another walks from
  // station to station (or over the empty map when there is none).
  // It starts while the labels are still coming in: small markers popping alone move too little of the frame.
  const spot = new Ambient(Math.min(settled, 2.2), OUTRO, dt);
  spot.spotlight({ targets: [{ ...card, radius: 22 * ck }, { x: legend.x, y: legend.y, w: legend.w, h: legendH, radius: 20 * lk }], color: accent, hop: 1.1, strength: 0.2 });
  const halo = R + 16;
  spot.spotlight({
    targets: plan.markers.length ? plan.markers.map((m) => ({ x: m.x - halo, y: m.y - halo, w: 2 * halo, h: 2 * halo, radius: halo })) : [{ ...box, radius: 24 }],
    color: accent,
    hop: 0.9,
    strength: plan.markers.length ? 0.4 : 0.08,
  });

  // Where frames change: each piece while it comes in, then the ambient motion. The labels
  // fade in as one sprite the size of the map, resampled while faded: redrawn under a
  // clip smaller than the sprite, some of its pixels came out 10 levels off.
  const changes = new ChangePlan(dt)
    .during(0.1, 0.9, spriteBox(headerSprite, M, headY, { dx: 60 }))
    .during(0.5, 1.2, spriteBox(cardSprite, card.x, card.y, { dy: 30 }))
    .during(0.8, 1.5, spriteBox(legendSprite, legend.x, legend.y, { dy: 30 }));
  plan.markers.forEach((m, i) => {
    const s = markerSprites[i];
    // easeOutBack(…, 1.5) overshoots to 1.08.
    if (s) changes.during(popAt(i), popAt(i) + 0.5, spriteBox(s, m.x - R, m.y - R, { scale: 1.1 }));
  });
  if (plan.labels.length) changes.during(labelsAt, labelsAt + 0.5, box);
  changes.also((t) => [...ambient.rects(t), ...spot.rects(t)]);

  const worldPath = plan.project;
  const tiles = input.mapTiles ?? null;
  return {
    posterTime: 6,
    outro: { start: OUTRO, alpha: (t) => 1 - progress(t, OUTRO, 0.6) },
    changes(t): 'full' | Rect[] {
      if (t >= OUTRO) return 'full';
      return changes.rects(t);
    },
    staticKey: canonicalJson({ t: 'station-map', W, H, box, accent, tiles: tiles ? [tiles.source, tiles.zoom, tiles.tiles] : null, stations: stations.map((s) => [s.lat, s.lon]), footer: [c.m.standard, c.standardName, c.sourceLine, M, footerY, inner, spec.footer], chip: plan.chip ? [plan.chip.name, plan.chip.bar.text, plan.chip.box] : null, none: plan.markers.length === 0 ? [pm.noStations] : [] }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent, glowAt: [0.8, 0.15], glowStrength: 0.8 });
      g.save();
      roundRectPath(g, box.x, box.y, box.w, box.h, 24);
      g.fillStyle = WATER;
      g.fill();
      g.clip();
      if (worldPath) {
        drawBasemap(g, worldPath, box, { land: LAND, coast: 'rgba(140,170,230,0.45)', border: 'rgba(200,210,240,0.45)', scale: 1 });
        if (tiles) drawMapTiles(g, worldPath, tiles, TILE_STYLE, 1);
        drawGraticule(g, worldPath, box, 'rgba(200,215,255,0.07)');
        if (plan.chip) drawChip(g, plan.chip);
      } else {
        const size = spec.label * 1.3;
        drawText(g, pm.noStations, box.x + box.w / 2, box.y + box.h / 2, { size, weight: 600, color: MUTED, align: 'center' });
      }
      g.restore();
      roundRectPath(g, box.x, box.y, box.w, box.h, 24);
      g.strokeStyle = 'rgba(255,255,255,0.12)';
      g.lineWidth = 2;
      g.stroke();
      drawFooter(g, c, M, footerY, inner, spec.footer);
    },
    drawFrame(g, t) {
      drawBase(g, t);
      drawAmbient(g, t);
    },
    // Once the panels have slid in, the markers popped and the labels faded in, only the
    // ambient motion and the spotlights play until the outro (0.1 s later: a fade that has
    // just ended may still be a rounding short of opaque).
    layers: { still: [{ from: Math.max(1.5, popAt(plan.markers.length - 1) + 0.5, labelsAt + 0.5) + 0.1, to: OUTRO }], drawBase, drawAmbient },
  };

  function drawAmbient(g: SKRSContext2D, t: number): void {
    ambient.draw(g, t);
    spot.draw(g, t);
  }

  function drawBase(g: SKRSContext2D, t: number): void {
    const out = (start: number) => fade(t, start, 0.5, OUTRO, 0.6);
    const he = easeOutCubic(progress(t, 0.1, 0.8));
    drawSprite(g, headerSprite, M, headY, { alpha: out(0.1), dx: -60 * (1 - he) });
    const ce = easeOutCubic(progress(t, 0.5, 0.7));
    drawSprite(g, cardSprite, card.x, card.y, { alpha: out(0.5), dy: 30 * (1 - ce) });
    const le = easeOutCubic(progress(t, 0.8, 0.7));
    drawSprite(g, legendSprite, legend.x, legend.y, { alpha: out(0.8), dy: 30 * (1 - le) });
    plan.markers.forEach((m, i) => {
      const s = markerSprites[i];
      if (!s) return;
      const p = progress(t, popAt(i), 0.5);
      if (p <= 0) return;
      drawSprite(g, s, m.x - R, m.y - R, { alpha: out(popAt(i)), scale: p < 1 ? Math.max(0.01, easeOutBack(p)) : 1 });
    });
    drawSprite(g, labelSprite, box.x, box.y, { alpha: out(labelsAt) });
  }
}

export const stationMap: TemplateDefinition = {
  id: 'station-map',
  name: 'Station map',
  description: 'A monitoring network: the stations param drawn as markers in their category colours over an offline Natural Earth basemap fitted to them, labels that never overlap (shortened or on leader lines), a legend and the city\'s overall value. 15 s.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'stations', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'language', 'aqiStandard', 'date', 'provenance'],
  version: '1.3.1',
  durationSec: DURATION,
  durations: [DURATION],
  create: createStationMap,
  mapTiles: stationMapTiles,
};
