/**
 * Weather brief — weather first: temperature and humidity as the hero, then the air
 * quality as a scale whose marker slides to the value, the measured pollutants and
 * the advice. Without weather values the air-quality block moves up and grows.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Ambient } from '../draw/ambient.js';
import { drawBackdrop } from '../draw/background.js';
import { easeOutBack, easeOutCubic, fade, progress } from '../draw/easing.js';
import { drawScaleBarTrack, drawScaleBarValue, scaleBarLabelHeight, type ScaleBar } from '../draw/gauge.js';
import { dropIcon, panel, thermometerIcon } from '../draw/shapes.js';
import { drawSprite, makeSprite, type Sprite } from '../draw/sprite.js';
import { drawText, fitSize, measure } from '../draw/text.js';
import type { Format } from '../params/schema.js';
import { canonicalJson } from '../params/canonical-json.js';
import { ChangePlan, spriteBox } from './changes.js';
import { measureContext } from './measure.js';
import {
  adviceIcon,
  balancedCols,
  cardRadius,
  cardGrid,
  drawAdvicePanel,
  drawCategoryPill,
  drawFooter,
  headerPinTip,
  drawHeader,
  drawPollutantCard,
  drawTimeline,
  FAINT,
  INK,
  layoutAdvice,
  layoutHeader,
  MUTED,
  NEUTRAL,
  pillWidth,
} from './parts.js';
import type { MeasureView } from './content.js';
import { footerClearOfCaptions, stageFor } from './stage.js';
import type { SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 14;
const OUTRO = DURATION - 0.7;

interface Spec {
  margin: number;
  header: { size: number; minSize: number; maxLines: number; overlineSize: number; dateSize: number };
  heroH: number;
  heroValue: number;
  aqH: number;
  aqNumber: number;
  barLabel: number;
  cardCols: number;
  cardH: number;
  advice: number;
  gap: number;
  footer: number;
}

const SPECS: Record<Format, Spec> = {
  landscape: { margin: 100, header: { size: 64, minSize: 40, maxLines: 2, overlineSize: 20, dateSize: 26 }, heroH: 210, heroValue: 120, aqH: 200, aqNumber: 96, barLabel: 17, cardCols: 6, cardH: 118, advice: 27, gap: 18, footer: 18 },
  // Portrait lays out inside the safe area (stage.ts), so its blocks are shorter than the frame would allow.
  portrait: { margin: 72, header: { size: 76, minSize: 40, maxLines: 4, overlineSize: 24, dateSize: 30 }, heroH: 180, heroValue: 100, aqH: 300, aqNumber: 100, barLabel: 18, cardCols: 3, cardH: 124, advice: 30, gap: 18, footer: 22 },
  square: { margin: 60, header: { size: 54, minSize: 32, maxLines: 3, overlineSize: 17, dateSize: 22 }, heroH: 150, heroValue: 84, aqH: 250, aqNumber: 70, barLabel: 14, cardCols: 3, cardH: 100, advice: 23, gap: 14, footer: 16 },
};

// Burned-in captions take a band at the bottom (stage.ts): portrait and square's blocks are shorter to leave it free.
const WITH_CAPTIONS: Partial<Record<Format, Partial<Spec>>> = {
  portrait: { heroH: 150, heroValue: 88, aqH: 250, cardH: 108 },
  square: { heroH: 130, heroValue: 74, aqH: 222, cardH: 92 },
};

/** A hero tile: big icon and value, label above. */
function drawHero(g: SKRSContext2D, kind: 'temperature' | 'humidity', v: MeasureView, label: string, w: number, h: number, valueSize: number): void {
  panel(g, 0, 0, w, h, 28, { fill: 'rgba(255,255,255,0.06)' });
  const iconS = h * 0.52;
  const color = kind === 'temperature' ? '#FFB347' : '#5EC8FF';
  const ix = h * 0.2;
  if (kind === 'temperature') thermometerIcon(g, ix, (h - iconS) / 2, iconS, color, 0.6);
  else dropIcon(g, ix, (h - iconS) / 2, iconS, color);
  const tx = ix + iconS + h * 0.14;
  const maxW = w - tx - h * 0.14;
  const labelSize = fitSize(g, label.toUpperCase(), maxW, valueSize * 0.19, 11, 700, 3);
  drawText(g, label.toUpperCase(), tx, h / 2 - valueSize * 0.42, { size: labelSize, weight: 700, color: MUTED, tracking: 3 });
  const text = `${v.valueText} ${v.unit}`;
  const size = fitSize(g, text, maxW, valueSize, valueSize * 0.45, 800);
  drawText(g, text, tx, h / 2 + size * 0.52, { size, weight: 800, color: INK });
}

export function createWeatherBrief(input: SceneInput): TemplateScene {
  const { content: c, width: W, height: H, pixelScale: px } = input;
  const spec = { ...SPECS[input.format], ...(input.captions ? WITH_CAPTIONS[input.format] : {}) };
  const ctx = measureContext();
  const M = spec.margin;
  const inner = W - 2 * M;
  const color = c.category?.color ?? NEUTRAL;

  // Portrait keeps its words between the feed's covered bands; the others keep a margin.
  const stage = input.format === 'portrait' ? stageFor('portrait', W, H, input) : null;

  // Hero tiles.
  const heroes: { kind: 'temperature' | 'humidity'; v: MeasureView; label: string }[] = [];
  if (c.temperature) heroes.push({ kind: 'temperature', v: c.temperature, label: c.m.temperature });
  if (c.humidity) heroes.push({ kind: 'humidity', v: c.humidity, label: c.m.humidity });
  const heroW = heroes.length ? (inner - (heroes.length - 1) * spec.gap) / heroes.length : 0;
  const heroSprites = heroes.map((h) => makeSprite(heroW, spec.heroH, px, (g) => drawHero(g, h.kind, h.v, h.label, heroW, spec.heroH, spec.heroValue), 40));
  const heroH = heroes.length ? spec.heroH : 0;

  // Air-quality block: title, number and pill, and the scale bar (beside them in landscape).
  const aqH = heroes.length ? spec.aqH : spec.aqH * 1.25;
  const k = aqH / spec.aqH;
  const side = input.format === 'landscape';
  const numberBoxW = side ? inner * 0.3 : inner;
  const indexStd = c.indexName !== null;
  // A given index with no sub-index has no main pollutant, but its overall index is the number.
  const overallOnly = c.dominant === null && c.indexName !== null && c.indexText !== null;
  // A given category (no number) is the big text; no pill repeats it.
  const headline = c.categoryHeadline && c.category !== null;
  const bigText = overallOnly ? (c.indexText ?? '—') : c.dominant ? (indexStd ? (c.indexText ?? '—') : c.dominant.valueText) : headline ? (c.category?.label ?? '—') : '—';
  const smallText = overallOnly ? (c.indexName ?? '') : c.dominant ? (c.indexName ?? `${c.dominant.symbol} · ${c.dominant.unit}`) : headline ? (c.mainPollutant ? `${c.m.dominantPollutant}: ${c.mainPollutant}` : c.standardName) : c.m.noPollutantData;
  const numberSize = fitSize(ctx, bigText, numberBoxW * 0.55, spec.aqNumber * k, spec.aqNumber * 0.5, 800);
  const aqPanel = makeSprite(inner, aqH, px, (g) => {
    panel(g, 0, 0, inner, aqH, 28, { fill: 'rgba(255,255,255,0.05)' });
    drawText(g, c.m.airQuality.toUpperCase(), 32, 44, { size: spec.barLabel * 1.1, weight: 700, color: MUTED, tracking: 4 });
  }, 40);
  const pillH = spec.aqNumber * 0.5 * Math.min(1.2, k);
  let pill: Sprite | null = null;
  if (c.category && !headline) {
    const cat = c.category;
    const pw = pillWidth(ctx, cat.label, pillH, side ? numberBoxW * 0.95 : inner - 64);
    pill = makeSprite(pw.w, pillH, px, (g) => drawCategoryPill(g, cat, pw.w, pillH, pw.size), 40);
  }

  // Cards and advice.
  const n = c.pollutants.length;
  const cols = balancedCols(n, spec.cardCols);
  const rows = Math.ceil(n / cols);
  const cardsH = rows ? rows * spec.cardH + (rows - 1) * spec.gap : 0;
  const adviceBlock = layoutAdvice(ctx, c.advice, inner - 150 * (spec.advice / 30), spec.advice, 2);
  const adviceK = spec.advice / 30;
  const adviceH = Math.max(96 * adviceK, adviceBlock.height + spec.advice * 1.4 + 40 * adviceK);
  const advice = makeSprite(inner, adviceH, px, (g) => drawAdvicePanel(g, c, inner, adviceH, adviceBlock, adviceK), 40);

  const footerY = stage ? stage.bottom : footerClearOfCaptions(input.format, W, H, H - 36, spec.footer, input);
  const top = stage ? stage.top : M * 0.75;
  const bottom = footerY - spec.footer - 22;
  // The header (a long place shrinks and wraps) gets what the other blocks leave.
  const others = [heroH, aqH, cardsH, adviceH].filter((h) => h > 0);
  const hl = layoutHeader(ctx, c, c.m.weatherBrief, inner, { ...spec.header, maxHeight: bottom - top - others.reduce((a, b) => a + b, 0) - others.length * spec.gap });
  const header = makeSprite(inner, hl.height, px, (g) => drawHeader(g, c, hl, '#7CC4FF'), 8);
  const blocks = [hl.height, heroH, aqH, cardsH, adviceH].filter((h) => h > 0);
  const slack = Math.max(0, bottom - top - blocks.reduce((a, b) => a + b, 0));
  const space = Math.min(slack / (blocks.length - 1 || 1), input.format === 'portrait' ? 90 : 48);
  let y = top + Math.max(0, slack - space * (blocks.length - 1)) / 2;
  const headerY = y;
  y += hl.height + space;
  const heroY = y;
  if (heroH) y += heroH + space;
  const aqY = y;
  y += aqH + space;
  const cardsY = y;
  if (cardsH) y += cardsH + space;
  const adviceY = y;

  // Inside the AQ block.
  const numberX = M + 32;
  const numberY = side ? aqY + aqH * 0.66 : aqY + 56 + numberSize * 0.86;
  const smallY = numberY + spec.barLabel * 1.9;
  const pillX = side ? M + 32 + measure(ctx, bigText, numberSize, 800) + 26 : M + inner - 32 - (pill?.w ?? 0);
  const pillY = side ? numberY - numberSize * 0.72 + (numberSize * 0.72 - pillH) / 2 : numberY - numberSize * 0.36 - pillH / 2;
  const barX = side ? M + numberBoxW + 40 : M + 32;
  const barW = side ? inner - numberBoxW - 72 : inner - 64;
  const labelH = scaleBarLabelHeight({ x: 0, y: 0, w: 0, h: 0, scale: c.scale, labelSize: spec.barLabel });
  const barH = spec.barLabel * 1.2;
  const barY = side ? aqY + (aqH - barH - labelH) / 2 + 14 : aqY + aqH - 28 - labelH - barH;
  const bar: ScaleBar = { x: barX, y: barY, w: barW, h: barH, scale: c.scale, labelSize: spec.barLabel };
  const rects = cardGrid(n, { x: M, y: cardsY, w: inner }, cols, spec.cardH, spec.gap);
  const cards = c.pollutants.map((p, i) => {
    const r = rects[i]!;
    return makeSprite(r.w, r.h, px, (g) => drawPollutantCard(g, p, r.w, r.h, c), 40);
  });

  const slideStart = 2.0;
  const slideDur = 2.0;
  const target = c.position ?? 0;
  const settled = Math.max(slideStart + slideDur + 0.7, 2.6 + n * 0.1 + 0.7, 3.6 + 0.7) + 0.1;

  // Hold phase: rings ping from the location pin, the scale marker and the health
  // mark; a light sweep crosses the tiles and panels in reading order.
  const ambient = new Ambient(settled, OUTRO, 1 / input.fps);
  const pin = headerPinTip(hl);
  ambient.ping({ cx: M + pin.x, cy: headerY + pin.y, from: pin.size * 0.12, to: pin.size * 0.62, aspect: 0.32, period: 2, duration: 1.6, color: '#7CC4FF', alpha: 0.8, lineWidth: 2.5 });
  if (c.position !== null) {
    const mr = bar.h * 0.95;
    ambient.ping({ cx: bar.x + bar.w * target, cy: bar.y + bar.h / 2, from: mr, to: mr + 16, aspect: 0.55, period: 1.8, duration: 1.4, color, alpha: 0.75, lineWidth: 3 });
  }
  const ai = adviceIcon(adviceH, adviceK);
  ambient.ping({ cx: M + ai.cx, cy: adviceY + ai.cy, from: ai.r, to: ai.r + 16 * adviceK, period: 1.5, duration: 1.1, color, alpha: 0.6, lineWidth: 2.5 });
  ambient.sheen({
    targets: [
      ...heroSprites.map((s, i) => ({ x: M + i * (heroW + spec.gap), y: heroY, w: s.w, h: s.h, radius: 28 })),
      ...rects.map((r) => ({ ...r, radius: cardRadius(r.w, r.h) })),
      { x: M, y: adviceY, w: inner, h: adviceH, radius: 24 * adviceK },
    ],
    period: 5.5,
    stagger: 0.22,
    duration: 1.3,
    delay: 0.3,
  });
  // And a highlight walks over the weather tiles, the pollutant cards and the advice, one a beat.
  ambient.spotlight({
    targets: [
      ...heroSprites.map((s, i) => ({ x: M + i * (heroW + spec.gap), y: heroY, w: s.w, h: s.h, radius: 28 })),
      ...rects.map((r) => ({ ...r, radius: cardRadius(r.w, r.h) })),
      { x: M, y: adviceY, w: inner, h: adviceH, radius: 24 * adviceK },
    ],
    color,
    hop: 1.2,
    // At 0.3 a hop between two small pollutant cards sat at freezedetect's -50 dB threshold.
    strength: 0.4,
  });

  // Where frames change, element by element, during the entrances too (the close is a group fade).
  const aqStart = 1.3;
  const aqBox = spriteBox(aqPanel, M, aqY, { dy: 40 });
  const plan = new ChangePlan(1 / input.fps)
    .during(0, OUTRO, { x: 0, y: H - 8, w: W, h: 8 })
    .during(0.1, 0.8, spriteBox(header, M, headerY, { dx: 60 }))
    // The panel slides in, then the scale lights up to the value inside it.
    .during(aqStart, Math.max(aqStart + 0.7, slideStart + slideDur), { x: aqBox.x - 24, y: aqBox.y - 24, w: aqBox.w + 48, h: aqBox.h + 48 })
    .during(3.6, 4.3, spriteBox(advice, M, adviceY, { dy: 40 }))
    .also((t) => ambient.rects(t));
  heroSprites.forEach((s, i) => plan.during(0.5 + i * 0.15, 1.2 + i * 0.15, spriteBox(s, M + i * (heroW + spec.gap), heroY, { dy: 50 })));
  if (pill) plan.during(slideStart + slideDur - 0.3, slideStart + slideDur + 0.3, spriteBox(pill, pillX, pillY, { scale: 1.3 }));
  cards.forEach((s, i) => plan.during(2.6 + i * 0.1, 3.3 + i * 0.1, spriteBox(s, rects[i]!.x, rects[i]!.y, { dy: 40 })));

  return {
    posterTime: 6.5,
    changes: (t) => plan.rects(t),
    outro: { start: OUTRO, alpha: (t) => 1 - progress(t, OUTRO, 0.6) },
    staticKey: canonicalJson({ footer: [c.m.standard, c.standardName, c.sourceLine, M, footerY, inner, spec.footer] }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent: '#2F7BFF', glowAt: [0.2, 0.25], glowStrength: 1.2 });
      drawFooter(g, c, M, footerY, inner, spec.footer);
    },
    drawFrame(g, t) {
      drawBase(g, t);
      drawAmbient(g, t);
    },
    // From the moment everything has come in, only the ambient motion plays until the outro.
    layers: { still: [{ from: settled, to: OUTRO }], drawBase, drawAmbient },
  };

  /** What moves while the picture holds: drawn over drawBase. */
  function drawAmbient(g: SKRSContext2D, t: number): void {
    ambient.draw(g, t);
    drawTimeline(g, W, H, t, DURATION, '#5EC8FF');
  }

  /** The frame without its ambient motion. */
  function drawBase(g: SKRSContext2D, t: number): void {
    const out = (start: number) => fade(t, start, 0.55, OUTRO, 0.6);
    const slide = (start: number) => easeOutCubic(progress(t, start, 0.7));
    drawSprite(g, header, M, headerY, { alpha: out(0.1), dx: -60 * (1 - slide(0.1)) });
    heroSprites.forEach((s, i) => drawSprite(g, s, M + i * (heroW + spec.gap), heroY, { alpha: out(0.5 + i * 0.15), dy: 50 * (1 - slide(0.5 + i * 0.15)) }));
    const aqAlpha = out(aqStart);
    drawSprite(g, aqPanel, M, aqY, { alpha: aqAlpha, dy: 40 * (1 - slide(aqStart)) });
    const dy = 40 * (1 - slide(aqStart));
    g.globalAlpha = aqAlpha;
    g.save();
    g.translate(0, dy);
    drawScaleBarTrack(g, bar);
    const e = easeOutCubic(progress(t, slideStart, slideDur));
    if (c.position !== null) drawScaleBarValue(g, bar, target * e, color);
    drawText(g, bigText, numberX, numberY, { size: numberSize, weight: 800, color: c.dominant || overallOnly || headline ? INK : FAINT });
    drawText(g, smallText, numberX, smallY, { size: spec.barLabel * 1.05, weight: 600, color: MUTED });
    g.restore();
    g.globalAlpha = 1;
    if (pill) {
      const pt = progress(t, slideStart + slideDur - 0.3, 0.6);
      drawSprite(g, pill, pillX, pillY + dy, { alpha: Math.min(1, pt * 2.5) * (1 - progress(t, OUTRO, 0.6)), scale: 0.6 + 0.4 * easeOutBack(pt) });
    }
    cards.forEach((s, i) => {
      const r = rects[i]!;
      drawSprite(g, s, r.x, r.y, { alpha: out(2.6 + i * 0.1), dy: 40 * (1 - slide(2.6 + i * 0.1)) });
    });
    drawSprite(g, advice, M, adviceY, { alpha: out(3.6), dy: 40 * (1 - slide(3.6)) });
  }
}

export const weatherBrief: TemplateDefinition = {
  id: 'weather-brief',
  name: 'Weather brief',
  description: 'Weather first: temperature and humidity as the hero, then the air quality on a sliding scale, the pollutants and the advice. 14 s.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'temperatura', 'humidity', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'language', 'aqiStandard', 'date', 'index'],
  version: '1.3.1',
  durationSec: DURATION,
  durations: [DURATION],
  create: createWeatherBrief,
};
