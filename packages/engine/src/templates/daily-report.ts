/**
 * Daily report — the default template. A dashboard: location and date on top, an arc
 * gauge that sweeps to the overall index and settles on it, the category in its
 * official colour, one card per measured pollutant, weather tiles, health advice.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Ambient, type SheenTarget } from '../draw/ambient.js';
import { drawBackdrop } from '../draw/background.js';
import { legibleOn } from '../draw/color.js';
import { easeInCubic, easeOutBack, easeOutCubic, fade, progress } from '../draw/easing.js';
import { arcValueChange, drawArcTrack, drawArcValue, type ArcGauge } from '../draw/gauge.js';
import { drawSprite, makeSprite, type Sprite } from '../draw/sprite.js';
import { drawText, fitSize } from '../draw/text.js';
import { formatNumber } from '../i18n/format.js';
import type { Format } from '../params/schema.js';
import { ChangePlan, spriteAt, spriteBox } from './changes.js';
import { canonicalJson } from '../params/canonical-json.js';
import { measureContext } from './measure.js';
import {
  adviceIcon,
  cardRadius,
  drawAdvicePanel,
  drawCategoryPill,
  drawFooter,
  drawHeader,
  drawPollutantCard,
  drawTimeline,
  drawWeatherTile,
  FAINT,
  INK,
  layoutAdvice,
  headerPinTip,
  layoutHeader,
  MUTED,
  NEUTRAL,
  pillWidth,
  tileRadius,
} from './parts.js';
import type { Rect, SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 15;
const OUTRO = DURATION - 0.7;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface FormatSpec {
  margin: number;
  header: { size: number; minSize: number; maxLines: number; overlineSize: number; dateSize: number };
  adviceSize: number;
  adviceLines: number;
  /** 'columns': gauge left, cards right; 'stack': gauge above cards. */
  arrangement: 'columns' | 'stack';
  gaugeColumn: number;
  maxRadius: number;
  cardHeight: number;
  tileHeight: number;
  gap: number;
  footerSize: number;
}

const SPECS: Record<Format, FormatSpec> = {
  landscape: {
    margin: 100,
    header: { size: 76, minSize: 44, maxLines: 2, overlineSize: 22, dateSize: 28 },
    adviceSize: 30,
    adviceLines: 2,
    arrangement: 'columns',
    gaugeColumn: 820,
    maxRadius: 270,
    cardHeight: 150,
    tileHeight: 128,
    gap: 18,
    footerSize: 18,
  },
  portrait: {
    margin: 80,
    header: { size: 92, minSize: 46, maxLines: 4, overlineSize: 26, dateSize: 34 },
    adviceSize: 34,
    adviceLines: 3,
    arrangement: 'stack',
    gaugeColumn: 920,
    maxRadius: 320,
    cardHeight: 160,
    tileHeight: 140,
    gap: 20,
    footerSize: 22,
  },
  square: {
    margin: 64,
    header: { size: 60, minSize: 32, maxLines: 3, overlineSize: 18, dateSize: 24 },
    adviceSize: 25,
    adviceLines: 2,
    arrangement: 'columns',
    gaugeColumn: 470,
    maxRadius: 190,
    cardHeight: 130,
    tileHeight: 104,
    gap: 14,
    footerSize: 16,
  },
};

interface Placed {
  sprite: Sprite;
  x: number;
  y: number;
  start: number;
  /** Corner radius of its panel, for the light sweep; null: no sweep. */
  radius: number | null;
  /** Entry motion: slide from the left, from below, or pop (scale). */
  from: 'left' | 'below' | 'pop';
}

export function createDailyReport(input: SceneInput): TemplateScene {
  const { content: c, width: W, height: H, pixelScale: px } = input;
  const spec = SPECS[input.format];
  const ctx = measureContext();
  const M = spec.margin;
  const accent = c.category?.color ?? '#7AA2FF';
  const inner = W - 2 * M;

  // Header.
  const hl = layoutHeader(ctx, c, c.m.dailyReport, inner, spec.header);
  const headerTop = input.format === 'portrait' ? 110 : M * 0.75;
  const header = makeSprite(inner, hl.height, px, (g) => drawHeader(g, c, hl, accent), 8);

  // Footer and advice, bottom up.
  const footerY = H - (input.format === 'portrait' ? 60 : 36);
  const adviceBlock = layoutAdvice(ctx, c.advice, inner - (input.format === 'square' ? 130 : 160), spec.adviceSize, spec.adviceLines);
  const adviceK = input.format === 'square' ? 0.8 : 1;
  const adviceH = Math.max(input.format === 'square' ? 88 : 104, adviceBlock.height + spec.adviceSize * 1.4 + 40 * adviceK);
  const adviceY = footerY - spec.footerSize - 26 - adviceH;
  const advice = makeSprite(inner, adviceH, px, (g) => drawAdvicePanel(g, c, inner, adviceH, adviceBlock, adviceK), 40);

  const contentTop = headerTop + hl.height + (input.format === 'portrait' ? 40 : 34);
  const contentBottom = adviceY - (input.format === 'portrait' ? 40 : 30);

  // Cards and tiles: how many, in what grid.
  const tiles = [c.temperature ? ('temperature' as const) : null, c.humidity ? ('humidity' as const) : null].filter((x) => x !== null);
  const n = c.pollutants.length;
  const cardsBox: Box =
    spec.arrangement === 'columns'
      ? { x: M + spec.gaugeColumn + spec.gap * 2, y: contentTop, w: W - M - (M + spec.gaugeColumn + spec.gap * 2), h: contentBottom - contentTop }
      : { x: M, y: 0, w: inner, h: 0 };
  const cols = n <= (spec.arrangement === 'columns' && input.format === 'landscape' ? 3 : 1) ? 1 : 2;
  const rows = Math.ceil(n / cols);
  const titleH = n > 0 ? spec.header.overlineSize * 2 : 0;
  const tilesH = tiles.length ? spec.tileHeight + spec.gap : 0;

  let cardH: number;
  let gauge: ArcGauge;
  if (spec.arrangement === 'columns') {
    const avail = cardsBox.h - titleH - tilesH - Math.max(0, rows - 1) * spec.gap;
    cardH = rows ? Math.min(spec.cardHeight * (cols === 1 && n <= 2 ? 1.15 : 1), avail / rows) : 0;
    const gaugeBox: Box = { x: M, y: contentTop, w: spec.gaugeColumn, h: contentBottom - contentTop };
    gauge = fitGauge(gaugeBox, spec.maxRadius, c.scale);
  } else {
    // Stack: cards and tiles take what they need from the bottom, the gauge the rest.
    cardH = spec.cardHeight;
    const cardsH = n ? titleH + rows * cardH + (rows - 1) * spec.gap + spec.gap * 2 : 0;
    const blockH = cardsH + tilesH;
    const gaugeBox: Box = { x: M, y: contentTop, w: inner, h: contentBottom - contentTop - blockH };
    gauge = fitGauge(gaugeBox, spec.maxRadius, c.scale);
    cardsBox.y = contentBottom - blockH;
    cardsBox.h = blockH;
  }
  const cardW = (cardsBox.w - (cols - 1) * spec.gap) / cols;

  const placed: Placed[] = [{ sprite: header, x: M, y: headerTop, start: 0.15, from: 'left', radius: null }];
  let y = cardsBox.y;
  const sectionTitle = n > 0 ? c.m.pollutants.toUpperCase() : '';
  const titleY = y + spec.header.overlineSize;
  y += titleH;
  c.pollutants.forEach((p, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    // A lone last card in a two-column grid spans both columns.
    const span = cols === 2 && i === n - 1 && n % 2 === 1;
    const w = span ? cardsBox.w : cardW;
    const s = makeSprite(w, cardH, px, (g) => drawPollutantCard(g, p, w, cardH, c), 40);
    placed.push({ sprite: s, x: cardsBox.x + col * (cardW + spec.gap), y: y + row * (cardH + spec.gap), start: 1.0 + i * 0.12, from: 'below', radius: cardRadius(w, cardH) });
  });
  y += rows * cardH + Math.max(0, rows - 1) * spec.gap + (rows ? spec.gap : 0);
  const tileW = (cardsBox.w - spec.gap) / 2;
  tiles.forEach((kind, i) => {
    const v = kind === 'temperature' ? c.temperature : c.humidity;
    if (!v) return;
    const s = makeSprite(tileW, spec.tileHeight, px, (g) => drawWeatherTile(g, kind, v, tileW, spec.tileHeight, c), 40);
    placed.push({ sprite: s, x: cardsBox.x + i * (tileW + spec.gap), y, start: 1.0 + n * 0.12 + 0.1 + i * 0.12, from: 'below', radius: tileRadius(tileW, spec.tileHeight) });
  });
  placed.push({ sprite: advice, x: M, y: adviceY, start: 3.0, from: 'below', radius: 24 * adviceK });

  // Gauge centre: caption, number, pill.
  const r = gauge.r;
  const indexStd = c.indexName !== null;
  const caption = c.dominant ? (indexStd ? (c.indexName as string) : c.dominant.symbol) : c.m.noPollutantData;
  const captionSize = Math.max(18, r * 0.1);
  const numberSize = r * 0.5;
  const numberY = gauge.cy + r * 0.12;
  const pillH = Math.max(40, r * 0.2);
  const pillMaxW = Math.min(r * 1.45, 2 * Math.sqrt(Math.max(0, (r - gauge.thickness) ** 2 - (r * 0.42) ** 2)));
  let pill: Sprite | null = null;
  let pillBox: Box | null = null;
  if (c.category) {
    const cat = c.category;
    const pw = pillWidth(ctx, cat.label, pillH, pillMaxW);
    pill = makeSprite(pw.w, pillH, px, (g) => drawCategoryPill(g, cat, pw.w, pillH, pw.size), 40);
    pillBox = { x: gauge.cx - pw.w / 2, y: gauge.cy + r * 0.3, w: pw.w, h: pillH };
  }
  const target = c.position ?? 0;
  const unitLine = !indexStd && c.dominant ? c.dominant.unit : '';
  const dominantLine = c.dominant ? `${c.m.dominantPollutant}: ${c.dominant.symbol}` : '';
  const dominantSize = Math.max(16, r * 0.085);
  const dominantY = gauge.cy + r * Math.sin(Math.PI / 4) + gauge.thickness / 2 + dominantSize * 2.2;
  const numberValue = c.dominant ? (indexStd ? (c.indexValue ?? 0) : Number(input.params[c.dominant.id] ?? 0)) : null;
  const decimals = c.dominant && !indexStd ? (c.dominant.id === 'co' ? 2 : 1) : 0;

  const sweepStart = 0.7;
  const sweepDur = 2.4;
  // After this moment only the marker's glow and the timeline move (until the outro).
  const settled = Math.max(...placed.map((p) => p.start + 0.7), sweepStart + sweepDur + 0.6, 1.5) + 0.1;
  const knobA = gauge.start + gauge.sweep * target;
  const knobR = gauge.thickness * 0.78 + 70;
  const knob = { x: gauge.cx + Math.cos(knobA) * gauge.r - knobR, y: gauge.cy + Math.sin(knobA) * gauge.r - knobR, w: 2 * knobR, h: 2 * knobR };
  const timeline = { x: 0, y: H - 8, w: W, h: 8 };

  // Hold phase: a light sweep crosses the panels in reading order; rings ping from the
  // location pin, the gauge marker and the health mark.
  const ambient = new Ambient(settled, OUTRO, 1 / input.fps);
  const pin = headerPinTip(hl);
  ambient.ping({ cx: M + pin.x, cy: headerTop + pin.y, from: pin.size * 0.12, to: pin.size * 0.62, aspect: 0.32, period: 2, duration: 1.6, color: legibleOn(accent), alpha: 0.8, lineWidth: 2.5 });
  if (c.position !== null) {
    const kr = gauge.thickness * 0.78;
    ambient.ping({ cx: knob.x + knobR, cy: knob.y + knobR, from: kr, to: kr + 36, period: 1.8, duration: 1.5, color: accent, alpha: 0.7, lineWidth: 3 });
  }
  const ai = adviceIcon(adviceH, adviceK);
  ambient.ping({ cx: M + ai.cx, cy: adviceY + ai.cy, from: ai.r, to: ai.r + 16 * adviceK, period: 1.5, duration: 1.1, color: accent, alpha: 0.6, lineWidth: 2.5 });
  const panels: SheenTarget[] = placed.filter((p) => p.radius !== null).map((p) => ({ x: p.x, y: p.y, w: p.sprite.w, h: p.sprite.h, radius: p.radius as number }));
  ambient.sheen({ targets: panels, period: 5.5, stagger: 0.22, duration: 1.3, delay: 0.3 });

  // Where frames change: each element while it enters, then the ambient motion (the
  // outro fade is composited by the renderer).
  const plan = new ChangePlan(1 / input.fps);
  const whileIn = (start: number, dur: number, rect: Rect) => plan.during(start, start + dur, rect);
  for (const p of placed) {
    // While it slides in: where it was a frame ago and where it is now.
    const at = (t: number) => {
      const k = 1 - easeOutCubic(progress(t, p.start, 0.7));
      return p.from === 'left' ? spriteAt(p.sprite, p.x, p.y, -60 * k, 0) : spriteAt(p.sprite, p.x, p.y, 0, 50 * k);
    };
    plan.moving(p.start, p.start + 0.7, at);
  }
  const ov = spec.header.overlineSize;
  if (sectionTitle) whileIn(0.9, 0.6, { x: cardsBox.x - 4, y: titleY - ov * 1.3, w: cardsBox.w + 8, h: ov * 1.8 });
  // The gauge: each part only while it moves. Caption, number and unit fade in; the
  // number counts up while the arc sweeps; the pill pops; the dominant line fades in.
  const numberBox = { x: gauge.cx - r * 0.8, y: numberY - numberSize * 0.92 - captionSize * 1.3, w: r * 1.6, h: numberSize * 0.92 + captionSize * 1.3 + captionSize * 1.8 + numberSize * 0.3 };
  plan.during(0.4, 1.0, numberBox);
  if (numberValue !== null) plan.during(sweepStart, sweepStart + sweepDur, numberBox);
  if (c.position !== null) {
    const tip = (t: number) => target * easeOutCubic(progress(t, sweepStart, sweepDur));
    const dt = 1 / input.fps;
    // The whole lit arc so far: redrawing only its newest part leaves the older part
    // a few levels off where Skia anti-aliases it differently under another clip.
    plan.also((t) => (t > sweepStart - 1e-9 && t - dt < sweepStart + sweepDur + 1e-9 ? [{ ...arcValueChange(gauge, 0, tip(t), 0.6), bleed: 128 }] : []));
  }
  if (pill && pillBox) plan.during(sweepStart + sweepDur - 0.3, sweepStart + sweepDur + 0.3, spriteBox(pill, pillBox.x, pillBox.y + (unitLine ? captionSize * 0.9 : 0), { scale: 1.15 }));
  if (dominantLine) plan.during(sweepStart + sweepDur, sweepStart + sweepDur + 0.6, { x: gauge.cx - r * 0.85, y: dominantY - dominantSize * 1.2, w: r * 1.7, h: dominantSize * 1.7 });
  // The marker's glow is a shadow blur: its redraw needs the arc around it too.
  if (c.position !== null) plan.during(sweepStart + sweepDur, OUTRO, { ...knob, bleed: 48 });
  plan.during(0, DURATION, timeline).also((t) => ambient.rects(t));
  // The first frame drawn from the hold layer (below) is redrawn whole: the layer's
  // copy rounds a level differently here and there from drawing each element.
  // (The previous frame's time as the renderer computed it: frame index / fps.)
  plan.also((t) => (t >= settled && Math.round(t * input.fps - 1) / input.fps < settled ? [{ x: 0, y: 0, w: W, h: H }] : []));

  /** Everything but the ambient motion and the progress line at `t`; `layer`: without the marker either (for the hold layer). */
  const drawElements = (g: SKRSContext2D, t: number, layer: boolean) => {
    const out = (start: number) => fade(t, start, 0.6, OUTRO, 0.6);
    for (const p of placed) {
      const a = out(p.start);
      const e = easeOutCubic(progress(t, p.start, 0.7));
      drawSprite(g, p.sprite, p.x, p.y, p.from === 'left' ? { alpha: a, dx: -60 * (1 - e) } : { alpha: a, dy: 50 * (1 - e) });
    }
    if (sectionTitle) drawText(g, sectionTitle, cardsBox.x, titleY, { size: spec.header.overlineSize * 0.85, weight: 700, color: MUTED, tracking: 4, alpha: out(0.9) });

    // Gauge: sweep, settle, then breathe.
    const gaugeAlpha = 1 - progress(t, OUTRO, 0.6);
    g.globalAlpha = gaugeAlpha;
    const e = easeOutCubic(progress(t, sweepStart, sweepDur));
    if (c.position !== null) {
      const settled = progress(t, sweepStart + sweepDur, 0.5);
      const breathe = 0.75 + 0.25 * Math.sin(((t - sweepStart - sweepDur) / 2.4) * Math.PI * 2);
      drawArcValue(g, gauge, target * e, accent, 0.6 + settled * (breathe - 0.6), layer ? 'arc' : 'all');
    }
    const ca = fade(t, 0.4, 0.6, OUTRO, 0.6);
    drawText(g, caption, gauge.cx, numberY - numberSize * 0.92, { size: fitSize(g, caption, r * 1.3, captionSize, 12, 700, 3), weight: 700, color: MUTED, align: 'center', tracking: 3, alpha: ca });
    if (numberValue !== null) {
      const text = formatNumber(c.language, numberValue * e, decimals);
      const size = fitSize(g, formatNumber(c.language, numberValue, decimals), r * 1.35, numberSize, numberSize * 0.5, 800);
      drawText(g, text, gauge.cx, numberY, { size, weight: 800, color: INK, align: 'center', alpha: ca });
      if (unitLine) drawText(g, unitLine, gauge.cx, numberY + captionSize * 1.3, { size: captionSize * 0.9, weight: 500, color: MUTED, align: 'center', alpha: ca });
    } else {
      drawText(g, '—', gauge.cx, numberY, { size: numberSize, weight: 800, color: FAINT, align: 'center', alpha: ca });
    }
    if (pill && pillBox) {
      const pt = progress(t, sweepStart + sweepDur - 0.3, 0.6);
      const scale = 0.6 + 0.4 * easeOutBack(pt);
      drawSprite(g, pill, pillBox.x, pillBox.y + (unitLine ? captionSize * 0.9 : 0), { alpha: pt > 0 ? Math.min(1, pt * 2.5) * gaugeAlpha : 0, scale });
    }
    if (dominantLine) {
      const size = fitSize(g, dominantLine, r * 1.6, dominantSize, 12, 500);
      drawText(g, dominantLine, gauge.cx, dominantY, { size, weight: 500, color: MUTED, align: 'center', alpha: fade(t, sweepStart + sweepDur, 0.6, OUTRO, 0.6) });
    }
    g.globalAlpha = 1;
  };
  // From `settled` until the outro only the marker's glow, the ambient motion and the
  // progress line move: the rest is drawn once into a layer (a transparent frame-size
  // sprite) and copied 1:1, so a hold frame draws four things, not forty.
  let hold: Sprite | null = null;
  const breathing = (t: number) => 0.6 + progress(t, sweepStart + sweepDur, 0.5) * (0.75 + 0.25 * Math.sin(((t - sweepStart - sweepDur) / 2.4) * Math.PI * 2) - 0.6);

  return {
    posterTime: 6,
    changes: (t) => plan.rects(t),
    // Everything fades out together (the gauge too, on the same curve as the panels).
    outro: { start: OUTRO, alpha: (t) => 1 - easeInCubic(progress(t, OUTRO, 0.6)) },
    staticKey: canonicalJson({ accent: c.category?.color ?? NEUTRAL, gauge: { ...gauge, scale: gauge.scale.map((s) => s.color) }, footer: [c.m.standard, c.standardName, c.sourceLine, M, footerY, inner, spec.footerSize] }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent: c.category?.color ?? NEUTRAL, glowAt: [(gauge.cx / W), gauge.cy / H] });
      drawArcTrack(g, gauge);
      drawFooter(g, c, M, footerY, inner, spec.footerSize);
    },
    drawFrame(g: SKRSContext2D, t: number) {
      // (The outro fades from the frame at OUTRO, so that one is drawn from the layer too.)
      if (t >= settled && t <= OUTRO + 1e-6) {
        hold ??= makeSprite(W, H, px, (lg) => drawElements(lg, settled, true));
        drawSprite(g, hold, 0, 0);
        if (c.position !== null) drawArcValue(g, gauge, target, accent, breathing(t), 'marker');
      } else drawElements(g, t, false);
      ambient.draw(g, t);
      drawTimeline(g, W, H, t, DURATION, accent);
    },
  };
}

/** The largest 270° gauge (with room for the caption under it) that fits `box`. */
function fitGauge(box: Box, maxRadius: number, scale: ArcGauge['scale']): ArcGauge {
  // Height of the gauge ≈ r (top half) + r·sin45° (lower ends) + thickness + a caption line.
  const byHeight = (box.h - 70) / (1 + Math.SQRT1_2 + 0.14);
  const byWidth = box.w / 2 - 30;
  const r = Math.max(120, Math.min(maxRadius, byHeight, byWidth));
  const thickness = r * 0.12;
  const used = r + thickness / 2 + r * Math.SQRT1_2 + thickness / 2 + 70;
  return {
    cx: box.x + box.w / 2,
    cy: box.y + (box.h - used) / 2 + r + thickness / 2,
    r,
    thickness,
    start: Math.PI * 0.75,
    sweep: Math.PI * 1.5,
    scale,
  };
}

export const dailyReport: TemplateDefinition = {
  id: 'daily-report',
  name: 'Daily report',
  description: 'The default: an animated AQI gauge with the category in its official colour, a card for each measured pollutant, temperature and humidity, health advice, date and location. 15 s.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity', 'language', 'aqiStandard', 'date'],
  version: '1.1.0',
  durationSec: DURATION,
  create: createDailyReport,
};

