/**
 * Daily report — the default template, told as a storyboard: the title, the index
 * revealed on its gauge with the standard's scale beside it, the pollutants (all at
 * once at 15 s; each in turn with its value, sub-index and place on the scale at 30 and
 * 60 s), the weather and the health advice (for everyone, and for sensitive groups at
 * 30 and 60 s; the recommendations at 60 s), then the source and date. Every scene is
 * laid out for the frame it gets (landscape, portrait, square).
 */
import { drawBackdrop } from '../draw/background.js';
import { legibleOn, rgba } from '../draw/color.js';
import { easeOutCubic, progress } from '../draw/easing.js';
import { drawArcTrack, drawArcValue, drawScaleBarTrack, drawScaleBarValue, scaleBarLabelHeight, type ArcGauge, type ScaleBar } from '../draw/gauge.js';
import { healthIcon, panel, pinIcon, roundRectPath } from '../draw/shapes.js';
import { makeSprite, type Sprite } from '../draw/sprite.js';
import { drawBlock, drawTabular, drawText, ellipsize, fitSize, layoutBlock, measure, tabularWidth, wholeWordSize } from '../draw/text.js';
import { formatFixed, shownDecimals } from '../i18n/format.js';
import { SENSITIVE_ADVICE } from '../i18n/sensitive-advice.js';
import { canonicalJson } from '../params/canonical-json.js';
import type { PollutantView } from './content.js';
import { measureContext } from './measure.js';
import {
  cardRadius,
  drawAdvicePanel,
  drawCategoryPill,
  drawHeader,
  drawPollutantCard,
  drawWeatherTile,
  INK,
  layoutAdvice,
  layoutHeader,
  MUTED,
  NEUTRAL,
  pillWidth,
  tileRadius,
} from './parts.js';
import { distribute, drawStageFooter, stageFor, type Stage } from './stage.js';
import { createStoryboard, type ChromePiece, type Live, type Piece, type SceneSpec, type SceneTiming } from './storyboard.js';
import type { Rect, SceneInput, TemplateDefinition, TemplateScene } from './types.js';

export const DAILY_REPORT_DURATIONS = [15, 30, 60] as const;

/** A text line as a sprite of its own width. */
function textSprite(px: number, text: string, size: number, weight: 500 | 600 | 700 | 800, color: string, maxW: number, tracking = 0): Sprite {
  const ctx = measureContext();
  const s = fitSize(ctx, text, maxW, size, size * 0.6, weight, tracking);
  const shown = ellipsize(ctx, text, maxW, s, weight, tracking);
  const w = Math.min(maxW, measure(ctx, shown, s, weight, tracking)) + 4;
  return makeSprite(w, s * 1.3, px, (g) => drawText(g, shown, 0, s, { size: s, weight, color, tracking }), 4);
}

export function createDailyReport(input: SceneInput): TemplateScene {
  const { content: c, width: W, height: H, pixelScale: px, format } = input;
  const D = input.durationSec;
  const stage = stageFor(format, W, H, input);
  const u = stage.unit;
  const ctx = measureContext();
  const accent = c.category?.color ?? '#7AA2FF';
  const accentText = legibleOn(accent);
  const long = D >= 30;
  const longest = D >= 60;

  // The running header: location and date, from the second scene on.
  const chromeH = 64 * u;
  const body: Rect = { ...stage.body, y: stage.body.y + chromeH + 24 * u, h: stage.body.h - chromeH - 24 * u };

  const scenes: SceneSpec[] = [];

  // 1. Title.
  scenes.push({
    id: 'title',
    kind: 'title',
    shows: `${c.m.dailyReport}: ${c.location}, ${c.dateLong}`,
    weight: 2.2,
    build: () => {
      const spec =
        format === 'landscape'
          ? { size: 96, minSize: 46, maxLines: 3, overlineSize: 26, dateSize: 34 }
          : format === 'portrait'
            ? { size: 110, minSize: 48, maxLines: 5, overlineSize: 30, dateSize: 40 }
            : { size: 80, minSize: 36, maxLines: 4, overlineSize: 22, dateSize: 30 };
      const hl = layoutHeader(ctx, c, c.m.dailyReport, stage.body.w, spec);
      const header = makeSprite(stage.body.w, hl.height, px, (g) => drawHeader(g, c, hl, accent), 8);
      const y = stage.body.y + (stage.body.h - hl.height - 40) / 2;
      const rule: Live = {
        from: 0.3,
        to: 1.5,
        rect: { x: stage.left - 4, y: y + hl.height + 18, w: stage.body.w * 0.5 + 8, h: 16 },
        draw(g, tl, alpha) {
          const e = easeOutCubic(progress(tl, 0.3, 1.2));
          if (e <= 0) return;
          g.save();
          g.globalAlpha *= alpha;
          roundRectPath(g, stage.left, y + hl.height + 22, stage.body.w * 0.5 * e, 8, 4);
          g.fillStyle = accent;
          g.fill();
          g.restore();
        },
      };
      return { pieces: [{ sprite: header, x: stage.left, y, at: 0.1, from: 'left' }], lives: [rule] };
    },
  });

  // 2. The index on its gauge, the standard's scale beside it.
  scenes.push({
    id: 'index',
    kind: 'index',
    shows: c.indexText !== null && c.category ? `${c.indexName ?? ''} ${c.indexText}: ${c.category.label}` : (c.category?.label ?? c.m.noPollutantData),
    weight: longest ? 4.2 : long ? 3.8 : 3.4,
    build: () => buildIndexScene(input, stage, body, accent),
  });

  // 3. Pollutants: a grid at 15 s; one scene each at 30 and 60 s (and the grid to recap at 60 s).
  if (c.pollutants.length) {
    if (long) {
      for (const p of c.pollutants) {
        scenes.push({
          id: `pollutant-${p.id}`,
          kind: 'pollutant',
          shows: `${p.name} (${p.symbol}): ${p.valueText} ${p.unit}${p.category ? `, ${p.category.label}${p.indexText ? ` (${p.indexText})` : ''}` : ''}`,
          weight: longest ? 3.6 : 2.6,
          build: () => buildPollutantScene(input, stage, body, p),
        });
      }
    }
    if (!long || (longest && c.pollutants.length > 1)) {
      scenes.push({
        id: 'pollutants',
        kind: 'pollutants',
        shows: c.pollutants.map((p) => `${p.symbol} ${p.valueText} ${p.unit}`).join(', '),
        weight: longest ? 3.4 : 3.3,
        build: () => buildGridScene(input, stage, body),
      });
    }
  }

  // 4. Weather and advice.
  const tiles = [c.temperature ? ('temperature' as const) : null, c.humidity ? ('humidity' as const) : null].filter((x) => x !== null);
  const sensitive = c.severity !== null ? SENSITIVE_ADVICE[c.severity][c.language] : null;
  if (!long) {
    const bothAdvices = c.overall !== null && sensitive !== null && !input.captions;
    scenes.push({
      id: 'advice',
      kind: 'advice',
      shows: [tiles.length ? `${c.m.weather}: ${[c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : ''].filter(Boolean).join(', ')}` : '', `${c.m.healthAdvice}: ${c.advice}`, bothAdvices ? `${c.m.sensitiveGroups}: ${sensitive}` : ''].filter(Boolean).join('. '),
      weight: 3.4,
      // An index given alone has no pollutant scene: the advice for sensitive groups joins everyone's, as in the longer
      // reports (not above burned-in captions, whose band leaves too little height for both beside the weather).
      build: () => buildAdviceScene(input, stage, body, tiles, bothAdvices ? [{ title: c.m.everyone, text: c.advice }, { title: c.m.sensitiveGroups, text: sensitive }] : [{ title: c.m.healthAdvice, text: c.advice }]),
    });
  } else {
    const notes = [{ title: c.m.everyone, text: c.advice }, ...(sensitive ? [{ title: c.m.sensitiveGroups, text: sensitive }] : [])];
    if (longest) {
      if (tiles.length) scenes.push({ id: 'weather', kind: 'weather', shows: `${c.m.weather}: ${[c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : ''].filter(Boolean).join(', ')}`, weight: 3.2, build: () => buildAdviceScene(input, stage, body, tiles, []) });
      scenes.push({ id: 'advice', kind: 'advice', shows: `${c.m.everyone}: ${c.advice}`, weight: 3.6, build: () => buildAdviceScene(input, stage, body, [], notes.slice(0, 1)) });
      if (sensitive) scenes.push({ id: 'sensitive', kind: 'sensitive', shows: `${c.m.sensitiveGroups}: ${sensitive}`, weight: 3.6, build: () => buildAdviceScene(input, stage, body, [], notes.slice(1)) });
      if (c.recommendations) {
        const recs = c.recommendations;
        scenes.push({ id: 'recommendations', kind: 'recommendations', shows: `${c.m.recommendations}: ${recs.join(' ')}`, weight: 4.4, build: () => buildRecommendationsScene(input, stage, body, recs) });
      }
    } else {
      if (tiles.length) scenes.push({ id: 'weather', kind: 'weather', shows: `${c.m.weather}: ${[c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : ''].filter(Boolean).join(', ')}`, weight: 2.6, build: () => buildAdviceScene(input, stage, body, tiles, []) });
      scenes.push({ id: 'advice', kind: 'advice', shows: notes.map((n) => `${n.title}: ${n.text}`).join(' '), weight: 4, build: () => buildAdviceScene(input, stage, body, [], notes) });
    }
  }

  // A given index with no sub-index has no pollutant scene: the recommendations take its time
  // (the 60 s report tells them anyway), so no scene is held still for lack of content.
  if (!c.pollutants.length && c.overall && c.recommendations && !longest) {
    const recs = c.recommendations;
    scenes.push({ id: 'recommendations', kind: 'recommendations', shows: `${c.m.recommendations}: ${recs.join(' ')}`, weight: long ? 4.4 : 3.3, build: () => buildRecommendationsScene(input, stage, body, recs) });
  }

  // 5. Source and date.
  scenes.push({
    id: 'source',
    kind: 'source',
    shows: `${c.location}, ${c.date}. ${c.m.standard}: ${c.standardName}`,
    weight: 2.8,
    build: () => buildSourceScene(input, stage, accent),
  });

  const chrome = (tl: SceneTiming[]): ChromePiece[] => {
    const first = tl[1];
    const last = tl[tl.length - 1];
    if (!first || !last) return [];
    const size = 30 * u;
    const dateText = c.date;
    const dateSize = 22 * u;
    const dateW = Math.min(stage.body.w * 0.4, measure(ctx, dateText, dateSize, 500));
    const locW = stage.body.w - dateW - 40 * u - size * 0.7;
    const loc = ellipsize(ctx, c.location, locW, fitSize(ctx, c.location, locW, size, size * 0.75, 700), 700);
    const locSize = fitSize(ctx, c.location, locW, size, size * 0.75, 700);
    const sprite = makeSprite(stage.body.w, chromeH, px, (g) => {
      const pinS = locSize * 0.8;
      pinIcon(g, 0, (chromeH - pinS) / 2 - 4, pinS, accentText);
      drawText(g, loc, pinS * 1.3, chromeH / 2 + locSize * 0.36 - 4, { size: locSize, weight: 700, color: INK });
      drawText(g, ellipsize(g, dateText, stage.body.w * 0.4, dateSize, 500), stage.body.w, chromeH / 2 + dateSize * 0.36 - 4, { size: dateSize, weight: 500, color: MUTED, align: 'right' });
      g.fillStyle = 'rgba(255,255,255,0.12)';
      g.fillRect(0, chromeH - 2, stage.body.w, 2);
    }, 4);
    return [{ sprite, x: stage.left, y: stage.top, start: first.start, end: last.start }];
  };

  return createStoryboard({
    W,
    H,
    fps: input.fps,
    duration: D,
    ...(input.extendLastSec ? { extendLastSec: input.extendLastSec } : {}),
    scenes,
    chrome,
    accent,
    focusColor: accentText,
    posterScene: 'index',
    staticKey: canonicalJson({ accent: c.category?.color ?? NEUTRAL, footer: [c.m.standard, c.standardName, c.sourceLine], format }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent: c.category?.color ?? NEUTRAL, glowAt: format === 'portrait' ? [0.5, 0.4] : [0.3, 0.5] });
      drawStageFooter(g, stage, c);
    },
  });
}

/** The index scene: gauge with the counting number, the category pill, and the scale as a list with the current category lit. */
function buildIndexScene(input: SceneInput, stage: Stage, body: Rect, accent: string): { pieces: Piece[]; lives: Live[] } {
  const { content: c, pixelScale: px, format } = input;
  const u = stage.unit;
  const ctx = measureContext();
  const scale = c.scale;
  // Gauge box and scale list box, per format.
  let gaugeBox: Rect;
  let listBox: Rect;
  if (format === 'portrait') {
    const gh = body.h * 0.56;
    gaugeBox = { x: body.x, y: body.y, w: body.w, h: gh };
    listBox = { x: body.x, y: body.y + gh + 20, w: body.w, h: body.h - gh - 20 };
  } else {
    const gw = body.w * (format === 'landscape' ? 0.5 : 0.52);
    gaugeBox = { x: body.x, y: body.y, w: gw, h: body.h };
    listBox = { x: body.x + gw + 40 * u, y: body.y, w: body.w - gw - 40 * u, h: body.h };
  }
  const r = Math.max(110, Math.min(gaugeBox.w / 2 - 30, (gaugeBox.h - 60 * u) / (1 + Math.SQRT1_2 + 0.14)));
  const thickness = r * 0.12;
  const usedH = r + thickness / 2 + r * Math.SQRT1_2 + thickness / 2 + 60 * u;
  const gauge: ArcGauge = { cx: gaugeBox.x + gaugeBox.w / 2, cy: gaugeBox.y + (gaugeBox.h - usedH) / 2 + r + thickness / 2, r, thickness, start: Math.PI * 0.75, sweep: Math.PI * 1.5, scale };
  const pad = 60;
  const track = makeSprite(2 * (r + pad), 2 * (r + pad), px, (g) => drawArcTrack(g, { ...gauge, cx: r + pad, cy: r + pad }), 0);
  const pieces: Piece[] = [{ sprite: track, x: gauge.cx - r - pad, y: gauge.cy - r - pad, at: 0, from: 'fade' }];

  const indexStd = c.indexName !== null;
  // A given index with no sub-index has no main pollutant, but its overall index is the number.
  const overallOnly = c.dominant === null && c.indexName !== null && c.indexValue !== null;
  const caption = overallOnly ? (c.indexName ?? '') : c.dominant ? (c.indexName ?? c.dominant.symbol) : c.categoryHeadline ? c.m.airQuality : c.m.noPollutantData;
  const captionSize = Math.max(18, r * 0.1);
  // A given category (no number) is the headline: written in the number's place, in its colour, on up to two lines.
  const headline = c.categoryHeadline && c.category ? layoutBlock(ctx, c.category.label, { maxWidth: r * 1.3, maxLines: 2, size: wholeWordSize(ctx, c.category.label, r * 1.3, r * 0.3, r * 0.12, 800), minSize: r * 0.12, weight: 800, leading: 1.05 }) : null;
  const numberSize = r * 0.5;
  const numberY = gauge.cy + r * 0.12;
  const numberValue = overallOnly ? c.indexValue : c.dominant ? (indexStd ? (c.indexValue ?? 0) : c.dominant.value) : null;
  const suffix = indexStd ? c.indexSuffix : '';
  const maxDecimals = c.dominant && !indexStd ? c.dominant.decimals : 0;
  const decimals = numberValue === null ? 0 : shownDecimals(c.language, numberValue, maxDecimals);
  const finalText = numberValue === null ? '' : formatFixed(c.language, numberValue, decimals) + suffix;
  const numSize = numberValue === null ? numberSize : Math.min(numberSize, (r * 1.35 * numberSize) / Math.max(1, tabularWidth(ctx, finalText, numberSize, 800)));
  const numW = tabularWidth(ctx, finalText, numSize, 800);
  const unitLine = !indexStd && c.dominant ? c.dominant.unit : '';
  const target = c.position ?? 0;
  const sweepStart = 0.3;
  const sweepDur = 1.9;
  const glowR = thickness * 0.78 + 40;

  const gaugeLive: Live = {
    from: 0,
    to: sweepStart + sweepDur,
    rect: { x: gauge.cx - r - glowR, y: gauge.cy - r - glowR, w: 2 * (r + glowR), h: r + r * Math.SQRT1_2 + 2 * glowR, bleed: 128 },
    draw(g, tl, alpha) {
      const e = easeOutCubic(progress(tl, sweepStart, sweepDur));
      const fadeIn = easeOutCubic(progress(tl, 0, 0.4));
      g.save();
      g.globalAlpha *= alpha * fadeIn;
      if (c.position !== null && e > 0) drawArcValue(g, gauge, target * e, accent, 0.8);
      drawText(g, caption, gauge.cx, numberY - numSize * 0.92, { size: fitSize(g, caption, r * 1.3, captionSize, 12, 700, 3), weight: 700, color: MUTED, align: 'center', tracking: 3 });
      if (numberValue !== null) drawTabular(g, formatFixed(c.language, numberValue * e, decimals) + suffix, gauge.cx + numW / 2, numberY, { size: numSize, weight: 800, color: INK });
      else if (headline && c.category) {
        const top = numberY - headline.lineHeight * (headline.lines.length - 1) * 0.5;
        headline.lines.forEach((line, i) => drawText(g, line, gauge.cx, top + i * headline.lineHeight, { size: headline.size, weight: 800, color: INK, align: 'center' }));
      } else drawText(g, '—', gauge.cx, numberY, { size: numberSize, weight: 800, color: MUTED, align: 'center' });
      if (unitLine) drawText(g, unitLine, gauge.cx, numberY + captionSize * 1.5, { size: captionSize, weight: 500, color: MUTED, align: 'center' });
      g.restore();
    },
  };
  if (c.category && !headline) {
    const cat = c.category;
    const pillH = Math.max(40, r * 0.2);
    const pillMaxW = Math.min(r * 1.45, 2 * Math.sqrt(Math.max(0, (r - thickness) ** 2 - (r * 0.42) ** 2)));
    const pw = pillWidth(ctx, cat.label, pillH, pillMaxW);
    const pill = makeSprite(pw.w, pillH, px, (g) => drawCategoryPill(g, cat, pw.w, pillH, pw.size), 40);
    pieces.push({ sprite: pill, x: gauge.cx - pw.w / 2, y: gauge.cy + r * 0.3 + (unitLine ? captionSize * 0.9 : 0), at: sweepStart + sweepDur - 0.2, from: 'pop' });
  }
  const mainSymbol = c.dominant?.symbol ?? c.mainPollutant;
  if (mainSymbol) {
    const line = `${c.m.dominantPollutant}: ${mainSymbol}`;
    const size = Math.max(18, r * 0.085);
    const s = textSprite(px, line, size, 600, MUTED, gaugeBox.w - 40);
    pieces.push({ sprite: s, x: gauge.cx - s.w / 2, y: gauge.cy + r * Math.SQRT1_2 + thickness / 2 + size * 0.6, at: sweepStart + sweepDur, from: 'fade' });
  }

  // The scale: one row per category, the current one lit.
  const n = Math.max(1, scale.length);
  const cols = 1;
  const rows = Math.ceil(n / cols);
  const gap = 12 * u;
  const titleSize = 20 * u;
  const titleH = titleSize * 2;
  // An index given alone has no main pollutant under its gauge: a short scale (the AQHI's and the DAQI's four bands) takes taller rows, not an empty band.
  const rowCap = c.overall ? 120 * u * Math.min(1.8, 7 / Math.max(rows, 4)) : 120 * u;
  const rowH = Math.min(rowCap, (listBox.h - titleH - gap * (rows - 1)) / rows);
  const listH = titleH + rows * rowH + (rows - 1) * gap;
  const listTop = listBox.y + (listBox.h - listH) / 2;
  const title = textSprite(px, `${c.m.standard}: ${c.standardName}`.toUpperCase(), titleSize, 700, MUTED, listBox.w, 3);
  pieces.push({ sprite: title, x: listBox.x, y: listTop, at: 0.3, from: 'fade' });
  const rowW = (listBox.w - (cols - 1) * gap) / cols;
  scale.forEach((cat, i) => {
    const current = c.category !== null && cat.label === c.category.label && cat.color === c.category.color;
    const col = Math.floor(i / rows);
    const row = i % rows;
    const rad = Math.min(18, rowH / 3);
    const s = makeSprite(rowW, rowH, px, (g) => {
      panel(g, 0, 0, rowW, rowH, rad, { fill: current ? rgba(cat.color, 0.28) : 'rgba(255,255,255,0.045)', border: current ? rgba(cat.color, 0.9) : 'rgba(255,255,255,0.08)' });
      const sw = Math.min(rowH * 0.42, 36 * u);
      g.beginPath();
      g.arc(24 * u + sw / 2, rowH / 2, sw / 2, 0, Math.PI * 2);
      // Only the current category is lit in its official colour; the others are dimmed.
      g.fillStyle = current ? cat.color : rgba(cat.color, 0.5);
      g.fill();
      const tx = 24 * u + sw + 18 * u;
      const size = fitSize(g, cat.label, rowW - tx - 20 * u, Math.min(30 * u, rowH * 0.38), 12, current ? 800 : 600);
      drawText(g, ellipsize(g, cat.label, rowW - tx - 20 * u, size, current ? 800 : 600), tx, rowH / 2 + size * 0.36, { size, weight: current ? 800 : 600, color: current ? INK : 'rgba(226,232,255,0.72)' });
    }, 24);
    pieces.push({ sprite: s, x: listBox.x + col * (rowW + gap), y: listTop + titleH + row * (rowH + gap), at: 0.45 + i * 0.12, from: 'right', focus: current, radius: rad });
  });
  return { pieces, lives: [gaugeLive] };
}

/** One pollutant: its name, its value counting up, its category and sub-index, and where it sits on the scale. */
function buildPollutantScene(input: SceneInput, stage: Stage, body: Rect, p: PollutantView): { pieces: Piece[]; lives: Live[] } {
  const { content: c, pixelScale: px, format } = input;
  const u = stage.unit;
  const ctx = measureContext();
  const pieces: Piece[] = [];
  const lives: Live[] = [];
  const accent = p.category?.color ?? NEUTRAL;
  const symSize = (format === 'landscape' ? 110 : format === 'portrait' ? 130 : 96) * (format === 'square' ? 1 : 1);
  const nameSize = 34 * u;
  const valueSize = format === 'landscape' ? 190 : format === 'portrait' ? 220 : 150;
  const unitSize = valueSize * 0.22;
  const chipSize = 30 * u;
  const barLabel = 20 * u;
  const barH = 26 * u;
  const dominant = c.dominant?.id === p.id;

  // Heading: symbol and name (and "main pollutant").
  const headH = symSize * 1.1 + nameSize * 1.6;
  const head = makeSprite(body.w, headH, px, (g) => {
    g.fillStyle = accent;
    roundRectPath(g, 0, 0, 10, headH, 5);
    g.fill();
    drawText(g, p.symbol, 34, symSize * 0.9, { size: fitSize(g, p.symbol, body.w - 40, symSize, symSize * 0.5, 800), weight: 800, color: INK });
    const sub = dominant ? `${p.name} · ${c.m.dominantPollutant}` : p.name;
    drawText(g, ellipsize(g, sub, body.w - 40, nameSize, 500), 36, symSize * 1.1 + nameSize * 1.1, { size: nameSize, weight: 500, color: MUTED });
  }, 8);
  // Value: tabular, right edge fixed, unit after it.
  const decimals = shownDecimals(c.language, p.value, p.decimals);
  const value = p.value;
  const finalText = formatFixed(c.language, value, decimals);
  const unitW = measure(ctx, p.unit, unitSize, 600);
  const vSize = Math.min(valueSize, ((body.w - unitW - 60) * valueSize) / Math.max(1, tabularWidth(ctx, finalText, valueSize, 800)));
  const numW = tabularWidth(ctx, finalText, vSize, 800);
  const valueH = vSize * 1.05;
  // Chip: category · sub-index.
  const chipText = p.category ? (p.indexText ? `${p.category.label} · ${p.indexText}` : p.category.label) : c.m.notRated;
  const chipH = chipSize * 1.9;
  const chipLabel = ellipsize(ctx, chipText, body.w - chipH * 1.6, chipSize, 700);
  const chipW = Math.min(body.w, measure(ctx, chipLabel, chipSize, 700) + chipH * 1.4);
  const chip = makeSprite(chipW, chipH, px, (g) => {
    roundRectPath(g, 0, 0, chipW, chipH, chipH / 2);
    g.fillStyle = p.category ? rgba(p.category.color, 0.26) : 'rgba(255,255,255,0.08)';
    g.fill();
    g.beginPath();
    g.arc(chipH * 0.5, chipH / 2, chipSize * 0.3, 0, Math.PI * 2);
    g.fillStyle = accent;
    g.fill();
    drawText(g, chipLabel, chipH * 0.9, chipH / 2 + chipSize * 0.36, { size: chipSize, weight: 700, color: INK });
  }, 8);
  // The scale bar with the category names under it.
  const bar: ScaleBar = { x: 0, y: 0, w: body.w, h: barH, scale: c.scale, labelSize: barLabel };
  const barBlockH = barH + scaleBarLabelHeight(bar) + 20;

  const tops = distribute(body, [headH, valueH, chipH, barBlockH], 16 * u, format === 'landscape' ? 60 : 110 * u);
  // distribute gives one top per height it is given: four here.
  const [headY, valueY, chipY, barY] = tops as [number, number, number, number];
  pieces.push({ sprite: head, x: body.x, y: headY, at: 0, from: 'left', focus: true, radius: 18 });
  const valueRight = body.x + (format === 'landscape' ? Math.min(body.w - unitW - 40, numW + 40) : (body.w - unitW - 24 + numW) / 2);
  lives.push({
    from: 0,
    to: 1.6,
    rect: { x: body.x, y: valueY - 10, w: body.w, h: valueH + 20 },
    draw(g, tl, alpha) {
      const fadeIn = easeOutCubic(progress(tl, 0.1, 0.4));
      const e = easeOutCubic(progress(tl, 0.2, 1.4));
      drawTabular(g, formatFixed(c.language, value * e, decimals), valueRight, valueY + vSize * 0.85, { size: vSize, weight: 800, color: INK, alpha: alpha * fadeIn });
      drawText(g, p.unit, valueRight + 20, valueY + vSize * 0.85, { size: unitSize, weight: 600, color: MUTED, alpha: alpha * fadeIn });
    },
  });
  pieces.push({ sprite: chip, x: format === 'landscape' ? body.x : body.x + (body.w - chipW) / 2, y: chipY, at: 1.4, from: 'pop', focus: true, radius: chipH / 2 });
  const barSprite = makeSprite(body.w, barBlockH, px, (g) => drawScaleBarTrack(g, { ...bar, y: 10 }), 8);
  pieces.push({ sprite: barSprite, x: body.x, y: barY, at: 0.4, from: 'fade' });
  if (p.position !== null) {
    const pos = p.position;
    const barAbs: ScaleBar = { ...bar, x: body.x, y: barY + 10 };
    // The marker (0.95 bar heights round) and its glow reach this far past the bar on every side.
    const reach = barH * 0.95 + 40;
    lives.push({
      from: 0,
      to: 2.2,
      rect: { x: body.x - reach, y: barAbs.y - reach, w: body.w + 2 * reach, h: barH + 2 * reach, bleed: 40 },
      draw(g, tl, alpha) {
        const e = easeOutCubic(progress(tl, 0.7, 1.5));
        if (e <= 0) return;
        g.save();
        g.globalAlpha *= alpha;
        drawScaleBarValue(g, barAbs, pos * e, accent);
        g.restore();
      },
    });
  }
  return { pieces, lives };
}

/** Every pollutant as a card, in a grid that fills the body. */
function buildGridScene(input: SceneInput, stage: Stage, body: Rect): { pieces: Piece[] } {
  const { content: c, pixelScale: px, format } = input;
  const u = stage.unit;
  const n = c.pollutants.length;
  const cols = format === 'landscape' ? (n <= 3 ? n : n === 4 ? 2 : 3) : format === 'portrait' ? (n <= 4 ? 1 : 2) : n <= 2 ? 1 : 2;
  const rows = Math.ceil(n / cols);
  const gap = 20 * u;
  const titleSize = 22 * u;
  const titleH = titleSize * 2;
  // One landscape row of one to three cards grows taller (and its type with it) instead of leaving bands empty above and below.
  const maxCardH = format === 'landscape' ? (rows === 1 ? (n <= 2 ? 340 : 300) : 230) : format === 'portrait' ? 300 : 240;
  const cardH = Math.min(maxCardH, (body.h - titleH - gap * (rows - 1)) / rows);
  const gridH = titleH + rows * cardH + (rows - 1) * gap;
  const top = body.y + (body.h - gridH) / 2;
  const pieces: Piece[] = [{ sprite: textSprite(px, c.m.pollutants.toUpperCase(), titleSize, 700, MUTED, body.w, 4), x: body.x, y: top, at: 0, from: 'fade' }];
  c.pollutants.forEach((p, i) => {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, n - row * cols);
    // A short last row's cards widen to fill it.
    const w = (body.w - (inRow - 1) * gap) / inRow;
    const col = i - row * cols;
    const s = makeSprite(w, cardH, px, (g) => drawPollutantCard(g, p, w, cardH, c), 40);
    pieces.push({ sprite: s, x: body.x + col * (w + gap), y: top + titleH + row * (cardH + gap), at: 0.15 + i * 0.14, from: 'below', focus: true, radius: cardRadius(w, cardH) });
  });
  return { pieces };
}

/** Weather tiles and advice panels, stacked to fill the body. */
function buildAdviceScene(input: SceneInput, stage: Stage, body: Rect, tiles: ('temperature' | 'humidity')[], notes: { title: string; text: string }[]): { pieces: Piece[] } {
  const { content: c, pixelScale: px, format } = input;
  const u = stage.unit;
  const ctx = measureContext();
  const gap = 22 * u;
  const pieces: Piece[] = [];
  const tileH = !tiles.length
    ? 0
    : notes.length
      ? format === 'landscape' ? 170 : 200 * u
      : format === 'landscape' ? Math.min(320, body.h) : Math.min(440 * u, (body.h - gap * (tiles.length - 1)) / tiles.length);
  // Weather alone: side by side in landscape, stacked (filling the column) in portrait and square.
  const tileCols = format !== 'landscape' && !notes.length ? 1 : tiles.length;
  const tileRows = tiles.length ? Math.ceil(tiles.length / tileCols) : 0;
  const tilesH = tileRows ? tileRows * tileH + (tileRows - 1) * gap : 0;
  // One advice panel alone in a tall frame: the category it answers to leads it, and its words are larger.
  const single = notes.length === 1 && !tiles.length && format !== 'landscape';
  const cat = single ? c.category : null;
  const leadH = cat ? 84 * u : 0;
  const notesAvail = body.h - tilesH - (tilesH && notes.length ? gap * 2 : 0) - (leadH ? leadH + gap * 2 : 0);
  const k = format === 'landscape' ? 1.25 : format === 'portrait' ? 1.5 : 1.15;
  const noteFit = notes.length ? (notesAvail - (notes.length - 1) * gap) / notes.length : 0;
  // A single panel is as tall as its (larger) words need, so no empty band opens inside it,
  // and takes most of the column, so none opens around it either.
  const singleH = single && notes[0] ? layoutAdvice(ctx, notes[0].text, body.w - 200 * k, Math.min(format === 'portrait' ? 66 : 58, noteFit * 0.16), 6).height + 160 * k : 0;
  const noteH = notes.length ? Math.min(format === 'landscape' ? 300 : single ? Math.max(singleH, noteFit * 0.78) : 520 * u, noteFit) : 0;
  // Each panel as tall as its words need, within its share of the column: words that would
  // not fit get smaller, so two panels (everyone's and sensitive groups' advice) never run
  // into each other or the footer.
  const noteRoom = notes.length > 1 ? noteFit : notesAvail;
  const noteBlocks = notes.map((note) => {
    const size = format === 'landscape' ? 38 : format === 'portrait' ? (single ? 66 : 50) : single ? 58 : 40;
    const lines = format === 'landscape' ? 3 : single ? 6 : 5;
    let fontSize = Math.min(size, (single ? noteFit : noteH) * 0.16);
    let block = layoutAdvice(ctx, note.text, body.w - 200 * k, fontSize, lines);
    while (block.height + 120 * k > noteRoom && fontSize > 18) {
      fontSize *= 0.92;
      block = layoutAdvice(ctx, note.text, body.w - 200 * k, fontSize, lines);
    }
    return { note, block, h: Math.max(noteH, Math.min(noteRoom, block.height + 120 * k)) };
  });
  const heights = [...(leadH ? [leadH] : []), ...Array.from({ length: tileRows }, () => tileH), ...noteBlocks.map((n) => n.h)];
  const allTops = distribute(body, heights, gap, format === 'landscape' ? 60 : (single ? 120 : 90) * u);
  const tops = leadH ? allTops.slice(1) : allTops;
  let at = 0;
  if (cat) {
    const label = c.indexText !== null ? `${c.indexName ?? ''} ${c.indexText} · ${cat.label}`.trim() : cat.label;
    const pw = pillWidth(ctx, label, leadH, body.w);
    pieces.push({ sprite: makeSprite(pw.w, leadH, px, (g) => drawCategoryPill(g, { ...cat, label }, pw.w, leadH, pw.size), 40), x: body.x + (body.w - pw.w) / 2, y: allTops[0]!, at: 0, from: 'pop' });
    at = 0.15;
  }
  for (let r = 0; r < tileRows; r++) {
    const inRow = tiles.slice(r * tileCols, (r + 1) * tileCols);
    const w = (body.w - (inRow.length - 1) * gap) / inRow.length;
    inRow.forEach((kind, i) => {
      const v = kind === 'temperature' ? c.temperature : c.humidity;
      if (!v) return;
      const s = makeSprite(w, tileH, px, (g) => drawWeatherTile(g, kind, v, w, tileH, c), 40);
      pieces.push({ sprite: s, x: body.x + i * (w + gap), y: tops[r]!, at, from: 'below', focus: true, radius: tileRadius(w, tileH) });
      at += 0.15;
    });
  }
  noteBlocks.forEach(({ note, block, h }, i) => {
    const s = makeSprite(body.w, h, px, (g) => drawAdvicePanel(g, c, body.w, h, block, k, note.title), 40);
    pieces.push({ sprite: s, x: body.x, y: tops[tileRows + i]!, at: at + 0.1, from: 'below', focus: true, radius: 24 * k });
    at += 0.2;
  });
  return { pieces };
}

/** The three recommendations, one panel each, entering in turn. */
function buildRecommendationsScene(input: SceneInput, stage: Stage, body: Rect, recs: readonly string[]): { pieces: Piece[] } {
  const { content: c, pixelScale: px, format } = input;
  const u = stage.unit;
  const ctx = measureContext();
  const gap = 20 * u;
  const titleSize = 22 * u;
  const titleH = titleSize * 2;
  const rowH = Math.min(format === 'landscape' ? 200 : 300, (body.h - titleH - gap * (recs.length - 1)) / recs.length);
  const accent = c.category?.color ?? NEUTRAL;
  const totalH = titleH + recs.length * rowH + (recs.length - 1) * gap;
  const top = body.y + (body.h - totalH) / 2;
  const pieces: Piece[] = [{ sprite: textSprite(px, c.m.recommendations.toUpperCase(), titleSize, 700, MUTED, body.w, 4), x: body.x, y: top, at: 0, from: 'fade' }];
  recs.forEach((text, i) => {
    const size = Math.min(40 * u, rowH * 0.24);
    const numS = rowH * 0.5;
    const block = layoutBlock(ctx, text, { maxWidth: body.w - numS - 90 * u, maxLines: 3, size, minSize: size * 0.7, weight: 600, leading: 1.22 });
    const s = makeSprite(body.w, rowH, px, (g) => {
      panel(g, 0, 0, body.w, rowH, 22, { fill: 'rgba(255,255,255,0.06)' });
      g.beginPath();
      g.arc(30 * u + numS / 2, rowH / 2, numS / 2, 0, Math.PI * 2);
      g.fillStyle = accent;
      g.fill();
      drawText(g, String(i + 1), 30 * u + numS / 2, rowH / 2 + numS * 0.2, { size: numS * 0.55, weight: 800, color: c.category?.textColor ?? INK, align: 'center' });
      drawBlock(g, block, 30 * u + numS + 30 * u, (rowH - block.height) / 2, { color: INK, weight: 600 });
    }, 30);
    pieces.push({ sprite: s, x: body.x, y: top + titleH + i * (rowH + gap), at: 0.15 + i * 0.45, from: 'left', focus: true, radius: 22 });
  });
  return { pieces };
}

/** The closing scene: where, when, which index, and the result once more. */
function buildSourceScene(input: SceneInput, stage: Stage, accent: string): { pieces: Piece[] } {
  const { content: c, pixelScale: px, format } = input;
  const u = stage.unit;
  const ctx = measureContext();
  const b = stage.body;
  const pieces: Piece[] = [];
  const locBlock = layoutBlock(ctx, c.location, { maxWidth: b.w, maxLines: format === 'landscape' ? 2 : 4, size: 76 * u, minSize: 34 * u, weight: 800, leading: 1.1 });
  const loc = makeSprite(b.w, locBlock.height, px, (g) => drawBlock(g, locBlock, b.w / 2, 0, { color: INK, weight: 800, align: 'center' }), 6);
  const date = textSprite(px, c.dateLong, 38 * u, 500, MUTED, b.w);
  const items: { s: Sprite; from: Piece['from']; focus?: boolean; radius?: number }[] = [
    { s: loc, from: 'below' },
    { s: date, from: 'fade' },
  ];
  if (c.category) {
    const cat = c.category;
    const pillH = 76 * u;
    const label = c.indexText !== null ? `${c.indexName ?? ''} ${c.indexText} · ${cat.label}`.trim() : cat.label;
    const pw = pillWidth(ctx, label, pillH, b.w);
    items.push({ s: makeSprite(pw.w, pillH, px, (g) => drawCategoryPill(g, { ...cat, label }, pw.w, pillH, pw.size), 40), from: 'pop', focus: true, radius: pillH / 2 });
  }
  const std = textSprite(px, `${c.m.standard}: ${c.standardName}`, 30 * u, 600, MUTED, b.w);
  items.push({ s: std, from: 'fade' });
  if (format !== 'landscape' && c.pollutants.length) {
    // Portrait and square have the height for the values once more, under the result.
    const line = c.pollutants.map((p) => `${p.symbol} ${p.valueText}`).join('  ·  ');
    const vb = layoutBlock(ctx, line, { maxWidth: b.w, maxLines: 2, size: 34 * u, minSize: 22 * u, weight: 600, leading: 1.3 });
    items.push({ s: makeSprite(b.w, vb.height, px, (g) => drawBlock(g, vb, b.w / 2, 0, { color: INK, weight: 600, align: 'center' }), 6), from: 'fade' });
  } else if (format !== 'landscape' && c.overall) {
    // An index given alone has no values to repeat: the advice takes their place.
    const vb = layoutBlock(ctx, c.advice, { maxWidth: b.w, maxLines: 3, size: 30 * u, minSize: 20 * u, weight: 500, leading: 1.3 });
    items.push({ s: makeSprite(b.w, vb.height, px, (g) => drawBlock(g, vb, b.w / 2, 0, { color: INK, weight: 500, align: 'center' }), 6), from: 'fade' });
  }
  const markS = 84 * u;
  const mark = makeSprite(markS, markS, px, (g) => healthIcon(g, 0, 0, markS, accent, c.category?.textColor ?? '#0B1020'), 10);
  items.unshift({ s: mark, from: 'pop' });
  const tops = distribute(b, items.map((i) => i.s.h), 24 * u, format === 'landscape' ? 50 : 110 * u);
  items.forEach((it, i) => {
    pieces.push({ sprite: it.s, x: b.x + (b.w - it.s.w) / 2, y: tops[i]!, at: 0.1 + i * 0.15, from: it.from, ...(it.focus ? { focus: true } : {}), ...(it.radius !== undefined ? { radius: it.radius } : {}) });
  });
  return { pieces };
}

export const dailyReport: TemplateDefinition = {
  id: 'daily-report',
  name: 'Daily report',
  description:
    'The default, told in scenes: the title; the index counting up on its gauge beside the standard’s scale; the pollutants (at 30 and 60 s each in turn, with its sub-index and place on the scale); the weather; advice for everyone (and for sensitive groups, and the recommendations, in longer videos); the source and date. 15, 30 or 60 s.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity', 'language', 'aqiStandard', 'date', 'index', 'durationSec'],
  version: '2.3.1',
  durationSec: 15,
  durations: DAILY_REPORT_DURATIONS,
  create: createDailyReport,
};
