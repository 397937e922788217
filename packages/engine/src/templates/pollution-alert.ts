/**
 * Pollution alert — an urgent bulletin: a banner in the category colour with moving
 * hazard stripes, the location and category as a headline, a segmented scale whose
 * marker slides to the value, the measured pollutants, and three concrete
 * recommendations. The banner says "alert" from the sensitive-groups band up and
 * "notice" below it, so the template stays truthful on a clean day.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Ambient } from '../draw/ambient.js';
import { drawBackdrop } from '../draw/background.js';
import { legibleOn } from '../draw/color.js';
import { easeOutBack, easeOutCubic, fade, progress } from '../draw/easing.js';
import { drawScaleBarTrack, drawScaleBarValue, SCALE_BAR_GAP, scaleBarLabelHeight, type ScaleBar } from '../draw/gauge.js';
import { healthIcon, panel, roundRectPath, setShadow, warningIcon } from '../draw/shapes.js';
import { drawSprite, makeSprite, type Sprite } from '../draw/sprite.js';
import { drawBlock, drawText, ellipsize, fitSize, layoutBlock, layoutBlockWithin, measure } from '../draw/text.js';
import type { Format } from '../params/schema.js';
import { canonicalJson } from '../params/canonical-json.js';
import { ChangePlan, spriteBox } from './changes.js';
import { measureContext } from './measure.js';
import { balancedCols, cardGrid, cardRadius, drawFooter, drawPollutantCard, FAINT, INK, MUTED, NEUTRAL } from './parts.js';
import type { CardView, ReportContent } from './content.js';
import { footerClearOfCaptions, PORTRAIT_SAFE, stageFor } from './stage.js';
import type { SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 12;
const OUTRO = DURATION - 0.7;

interface Spec {
  margin: number;
  bannerH: number;
  bannerText: number;
  locationSize: number;
  locationLines: number;
  headlineSize: number;
  barH: number;
  barLabel: number;
  cardCols: number;
  cardH: number;
  recoCols: number;
  recoH: number;
  recoText: number;
  gap: number;
  footerSize: number;
}

const SPECS: Record<Format, Spec> = {
  landscape: { margin: 100, bannerH: 112, bannerText: 34, locationSize: 84, locationLines: 2, headlineSize: 44, barH: 26, barLabel: 19, cardCols: 6, cardH: 130, recoCols: 3, recoH: 150, recoText: 28, gap: 16, footerSize: 18 },
  // Portrait lays out inside the safe area (stage.ts): three narrow cards a row leave room for the rest.
  portrait: { margin: 72, bannerH: 150, bannerText: 34, locationSize: 84, locationLines: 4, headlineSize: 44, barH: 28, barLabel: 19, cardCols: 3, cardH: 140, recoCols: 1, recoH: 104, recoText: 30, gap: 18, footerSize: 22 },
  square: { margin: 60, bannerH: 96, bannerText: 28, locationSize: 64, locationLines: 3, headlineSize: 36, barH: 22, barLabel: 15, cardCols: 3, cardH: 112, recoCols: 3, recoH: 130, recoText: 22, gap: 14, footerSize: 16 },
};

// Burned-in captions take a band at the bottom (stage.ts): portrait's blocks are shorter to leave it free.
const WITH_CAPTIONS: Partial<Record<Format, Partial<Spec>>> = { portrait: { bannerH: 124, cardH: 116, recoH: 86, recoText: 27 } };

function drawBannerBase(g: SKRSContext2D, c: ReportContent, w: number, h: number, spec: Spec, alert: boolean): void {
  const color = c.category?.color ?? NEUTRAL;
  g.fillStyle = color;
  g.fillRect(0, 0, w, h);
  const shade = g.createLinearGradient(0, 0, 0, h);
  shade.addColorStop(0, 'rgba(255,255,255,0.10)');
  shade.addColorStop(1, 'rgba(0,0,0,0.18)');
  g.fillStyle = shade;
  g.fillRect(0, 0, w, h);
  const ink = c.category?.textColor ?? '#0B1020';
  const iconS = spec.bannerText * 1.5;
  const x0 = spec.margin;
  if (alert) warningIcon(g, x0, (h - iconS) / 2, iconS, ink, color);
  else healthIcon(g, x0, (h - iconS) / 2, iconS, ink, color);
  const title = (alert ? c.m.airQualityAlert : c.m.airQualityNotice).toUpperCase();
  const tx = x0 + iconS + spec.bannerText * 0.6;
  const right = [c.date, c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : '']
    .filter(Boolean)
    .join('  ·  ');
  const rightSize = spec.bannerText * 0.62;
  const avail = w - tx - spec.margin;
  const titleW = measure(g, title, spec.bannerText, 800, 3);
  const rightW = measure(g, right, rightSize, 600);
  if (titleW + rightW + 40 <= avail) {
    drawText(g, title, tx, h / 2 + spec.bannerText * 0.36, { size: spec.bannerText, weight: 800, color: ink, tracking: 3 });
    drawText(g, right, w - spec.margin, h / 2 + rightSize * 0.36, { size: rightSize, weight: 600, color: ink, align: 'right' });
    return;
  }
  // Not enough room side by side: title above, date and weather below it.
  const titleSize = fitSize(g, title, avail, spec.bannerText, spec.bannerText * 0.55, 800, 3);
  const block = titleSize * 1.1 + rightSize * 1.5;
  const top = (h - block) / 2;
  drawText(g, title, tx, top + titleSize * 0.9, { size: titleSize, weight: 800, color: ink, tracking: 3 });
  drawText(g, ellipsize(g, right, avail, rightSize, 600), tx, top + titleSize * 1.1 + rightSize * 1.2, { size: rightSize, weight: 600, color: ink });
}

export function createPollutionAlert(input: SceneInput): TemplateScene {
  const { content: c, width: W, height: H, pixelScale: px } = input;
  const spec = { ...SPECS[input.format], ...(input.captions ? WITH_CAPTIONS[input.format] : {}) };
  const ctx = measureContext();
  const M = spec.margin;
  const inner = W - 2 * M;
  const color = c.category?.color ?? NEUTRAL;
  const textColor = legibleOn(color);
  const alert = (c.severity ?? 0) >= 2;
  const bannerH = spec.bannerH;
  // Portrait keeps its words between the feed's covered bands; the banner floats at the safe area's top.
  const stage = input.format === 'portrait' ? stageFor('portrait', W, H, input) : null;
  const bannerY = stage ? Math.ceil(H * PORTRAIT_SAFE.top) : 0;

  const banner = makeSprite(W, bannerH, px, (g) => drawBannerBase(g, c, W, bannerH, spec, alert));

  // Measure every section first, then share the free height evenly between them.
  const headline = c.category ? c.m.alertHeadline(c.category.label) : c.m.noPollutantData;
  const head = layoutBlock(ctx, headline, { maxWidth: inner, maxLines: 2, size: spec.headlineSize, minSize: spec.headlineSize * 0.6, weight: 700, leading: 1.15 });

  const bubbleText = c.dominant ? (c.indexText !== null ? `${c.indexName} ${c.indexText}` : `${c.dominant.symbol} ${c.dominant.valueText} ${c.dominant.unit}`) : c.categoryHeadline && c.category ? (c.mainPollutant ? `${c.mainPollutant} · ${c.category.label}` : c.category.label) : c.overall ? `${c.overall.symbol} ${c.overall.valueText}` : '';
  // The cards: each pollutant, or the overall index of a document that gives no sub-index.
  const cardViews: CardView[] = c.overall ? [c.overall] : c.pollutants;
  const bubbleSize = spec.headlineSize * 0.62;
  const bubbleW = bubbleText ? measure(ctx, bubbleText, bubbleSize, 800) + bubbleSize * 1.6 : 0;
  const bubbleH = bubbleSize * 2;
  const labelH = scaleBarLabelHeight({ x: 0, y: 0, w: 0, h: 0, scale: c.scale, labelSize: spec.barLabel });
  const barBlockH = bubbleH + 26 + spec.barH + labelH;

  const n = cardViews.length;
  const cols = balancedCols(n, spec.cardCols);
  const rows = Math.ceil(n / cols);
  const cardH = spec.cardH;
  const cardsH = rows ? rows * cardH + (rows - 1) * spec.gap : spec.headlineSize * 1.5;

  const footerY = stage ? stage.bottom : footerClearOfCaptions(input.format, W, H, H - 36, spec.footerSize, input);
  const recos = c.recommendations ? [c.m.sensitiveGroups, c.m.everyone, c.m.outdoorActivity].map((title, i) => ({ title, text: c.recommendations?.[i] ?? '' })) : [];
  const recoRows = Math.ceil(recos.length / spec.recoCols);
  const recosH = recoRows * spec.recoH + Math.max(0, recoRows - 1) * spec.gap;

  const top = bannerY + bannerH;
  const bottom = footerY - spec.footerSize - 20;
  // The place takes the height the other sections leave (a long name shrinks, then wraps, then is cut).
  const locRoom = bottom - top - (12 + head.height + barBlockH + cardsH + recosH) - 4 * spec.gap;
  const loc = layoutBlockWithin(ctx, c.location, { maxWidth: inner, maxLines: spec.locationLines, size: spec.locationSize, minSize: spec.locationSize * 0.45, weight: 800, leading: 1.06 }, locRoom);
  const headH = loc.height + 12 + head.height;
  const headSprite = makeSprite(inner, headH, px, (g) => {
    drawBlock(g, loc, 0, 0, { color: INK, weight: 800 });
    drawBlock(g, head, 0, loc.height + 12, { color: c.category ? textColor : MUTED, weight: 700 });
  }, 10);
  const sections = [headH, barBlockH, cardsH, recosH].filter((h) => h > 0);
  const slack = Math.max(0, bottom - top - sections.reduce((a, b) => a + b, 0));
  const space = Math.min(slack / (sections.length + 1), input.format === 'portrait' ? 200 : 120);
  const startY = top + (slack - space * (sections.length - 1)) / 2;
  let y = startY;
  const headY = y;
  y += headH + space;
  const bar: ScaleBar = { x: M, y: y + bubbleH + 26, w: inner, h: spec.barH, scale: c.scale, labelSize: spec.barLabel };
  y += barBlockH + space;
  const cardsY = y;
  const availCards = cardsH;
  y += cardsH + space;
  const recoTop = y;
  const recoW = (inner - (spec.recoCols - 1) * spec.gap) / spec.recoCols;

  const bubble: Sprite | null = bubbleText
    ? makeSprite(bubbleW, bubbleH + 12, px, (g) => {
        setShadow(g, 'rgba(0,0,0,0.4)', 18, 6);
        roundRectPath(g, 0, 0, bubbleW, bubbleH, bubbleH / 2);
        g.fillStyle = '#FFFFFF';
        g.fill();
        g.beginPath();
        g.moveTo(bubbleW / 2 - 12, bubbleH - 1);
        g.lineTo(bubbleW / 2, bubbleH + 12);
        g.lineTo(bubbleW / 2 + 12, bubbleH - 1);
        g.fill();
        g.shadowColor = 'rgba(0,0,0,0)';
        drawText(g, bubbleText, bubbleW / 2, bubbleH / 2 + bubbleSize * 0.36, { size: bubbleSize, weight: 800, color: '#0B1020', align: 'center' });
      }, 30)
    : null;

  const recoSprites = recos.map((r, i) =>
    makeSprite(recoW, spec.recoH, px, (g) => {
      const k = spec.recoText / 28;
      panel(g, 0, 0, recoW, spec.recoH, 20 * k, { fill: 'rgba(255,255,255,0.07)' });
      g.fillStyle = color;
      roundRectPath(g, 26 * k, 26 * k, 44 * k, 44 * k, 12 * k);
      g.fill();
      drawText(g, String(i + 1), 48 * k, 26 * k + 22 * k + 10 * k, { size: 28 * k, weight: 800, color: c.category?.textColor ?? '#0B1020', align: 'center' });
      const tx = 92 * k;
      const titleSize = fitSize(g, r.title.toUpperCase(), recoW - tx - 20 * k, 16 * k, 11 * k, 700, 2);
      drawText(g, r.title.toUpperCase(), tx, 44 * k, { size: titleSize, weight: 700, color: MUTED, tracking: 2 });
      const block = layoutBlock(g, r.text, { maxWidth: recoW - tx - 22 * k, maxLines: 2, size: spec.recoText, minSize: spec.recoText * 0.7, weight: 600, leading: 1.18 });
      drawBlock(g, block, tx, 58 * k, { color: INK, weight: 600 });
    }, 40),
  );

  const rects = cardGrid(n, { x: M, y: cardsY, w: inner }, cols, cardH, spec.gap);
  const cards = cardViews.map((p, i) => {
    const r = rects[i]!;
    return makeSprite(r.w, r.h, px, (g) => drawPollutantCard(g, p, r.w, r.h, c), 40);
  });
  const noData = n === 0 ? c.m.noPollutantDataHint : '';

  const slideStart = 1.2;
  const slideDur = 2.0;
  /** How far the marker has slid along the scale, 0…1. */
  const slidAt = (t: number): number => easeOutCubic(progress(t, slideStart, slideDur));
  const target = c.position ?? 0;
  const settled = Math.max(1.6 + cards.length * 0.1 + 0.7, 3.0 + recos.length * 0.15 + 0.7, slideStart + slideDur + 0.6) + 0.1;
  const stripeSpeed = 60; // design px per second

  // Hold phase, besides the crawling stripes: the marker pings, the recommendation
  // numbers ping in turn, and a light sweep crosses the cards and recommendations.
  const ambient = new Ambient(settled, OUTRO, 1 / input.fps);
  if (c.position !== null) {
    const mr = bar.h * 0.95;
    ambient.ping({ cx: bar.x + bar.w * target, cy: bar.y + bar.h / 2, from: mr, to: mr + 20, aspect: 0.55, period: 1.8, duration: 1.4, color, alpha: 0.75, lineWidth: 3 });
  }
  const recoK = spec.recoText / 28;
  const recoBoxes = recoSprites.map((_, i) => ({ x: M + (i % spec.recoCols) * (recoW + spec.gap), y: recoTop + Math.floor(i / spec.recoCols) * (spec.recoH + spec.gap) }));
  recoBoxes.forEach((b, i) => {
    ambient.ping({ cx: b.x + 48 * recoK, cy: b.y + 48 * recoK, from: 24 * recoK, to: 36 * recoK, period: 2.1, offset: i * 0.7, duration: 1.2, color, alpha: 0.7, lineWidth: 2.5 });
  });
  ambient.sheen({
    targets: [
      ...rects.map((r) => ({ ...r, radius: cardRadius(r.w, r.h) })),
      ...recoBoxes.map((b) => ({ x: b.x, y: b.y, w: recoW, h: spec.recoH, radius: 20 * recoK })),
    ],
    period: 5.5,
    stagger: 0.2,
    duration: 1.3,
    delay: 0.5,
  });
  // And a highlight walks from card to card and on to the recommendations.
  ambient.spotlight({
    targets: [...rects.map((r) => ({ ...r, radius: cardRadius(r.w, r.h) })), ...recoBoxes.map((b) => ({ x: b.x, y: b.y, w: recoW, h: spec.recoH, radius: 20 * recoK }))],
    color,
    hop: 1.2,
    // Strong enough to be seen on a card already tinted its category's colour (at the
    // default 0.16 a hop between two such cards changed the picture by less than
    // freezedetect's -50 dB in Portuguese portrait, depending on anti-aliasing).
    strength: 0.26,
  });

  // Where frames change, element by element, during the entrances too (the banner's
  // stripes crawl all along; the close is a group fade).
  const bubbleReach = bubble ? bubble.h + 14 + bubble.pad + 24 : 0;
  /** The bubble's left edge over a marker at `tipX`, kept inside the frame. */
  const bubbleX = (tipX: number): number => Math.max(M - 20, Math.min(W - M + 20 - (bubble?.w ?? 0), tipX - (bubble?.w ?? 0) / 2));
  const plan = new ChangePlan(1 / input.fps)
    .during(0, 0.6, { x: 0, y: bannerY - bannerH - 4, w: W, h: 2 * bannerH + 8 })
    .during(0, OUTRO, { x: 0, y: bannerY, w: W, h: bannerH })
    .during(0.4, 1.2, spriteBox(headSprite, M, headY, { dx: 70 }))
    .also((t) => ambient.rects(t));
  // The scale lights up while the marker (its glow blurred 24 px) and its bubble ride
  // along it: each frame changes the bar from the last tip to the new one, with the
  // marker's glow and the bubble round it (popping up to 10 % over its size). The box
  // holds every segment it touches whole: a clip edge across a segment moves the
  // anti-aliased pixels of its rounded ends by a few levels, and they would stay so.
  if (c.position !== null) {
    const segStep = (bar.w + SCALE_BAR_GAP) / bar.scale.length;
    plan.moving(slideStart, slideStart + Math.max(slideDur, 0.7), (t) => {
      const tipX = bar.x + bar.w * target * slidAt(t);
      const x0 = Math.min(tipX - bar.h - 80, bar.x + Math.max(0, Math.floor((tipX - bar.h - 80 - bar.x) / segStep)) * segStep - 4);
      const x1 = Math.max(tipX + bar.h + 80, bar.x + Math.min(bar.scale.length, Math.floor((tipX - bar.x) / segStep) + 1) * segStep + 4);
      const bx = bubble ? bubbleX(tipX) : tipX;
      const bw = bubble ? bubble.w * 1.1 + 2 * bubble.pad : 0;
      const left = Math.min(x0, bx + (bubble ? bubble.w / 2 : 0) - bw / 2);
      const right = Math.max(x1, bx + (bubble ? bubble.w / 2 : 0) + bw / 2);
      return { x: left, y: bar.y - bubbleReach - bar.h, w: right - left, h: bubbleReach + bar.h * 2 + 80, bleed: 40 };
    });
  }
  cards.forEach((s, i) => plan.during(1.6 + i * 0.1, 2.3 + i * 0.1, spriteBox(s, rects[i]!.x, rects[i]!.y, { dy: 40 })));
  if (noData) plan.during(1.6, 2.1, { x: 0, y: cardsY - 10, w: W, h: Math.max(availCards, spec.headlineSize * 1.5) + 20 });
  recoSprites.forEach((s, i) => plan.during(3.0 + i * 0.15, 3.7 + i * 0.15, spriteBox(s, recoBoxes[i]!.x, recoBoxes[i]!.y, { dy: 40 })));

  return {
    posterTime: 6,
    changes: (t) => plan.rects(t),
    outro: { start: OUTRO, alpha: (t) => 1 - progress(t, OUTRO, 0.6) },
    staticKey: canonicalJson({ color, bar: { ...bar, scale: bar.scale.map((s) => [s.color, s.label]) }, footer: [c.m.standard, c.standardName, c.sourceLine, M, footerY, inner, spec.footerSize] }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent: color, glowAt: [0.5, 0.35], glowStrength: 1.3 });
      drawScaleBarTrack(g, bar);
      drawFooter(g, c, M, footerY, inner, spec.footerSize);
    },
    drawFrame(g, t) {
      drawBase(g, t, true);
      ambient.draw(g, t);
    },
    // Once everything has come in, only the banner's stripes and the ambient motion move
    // until the outro; nothing is drawn over the banner after its stripes.
    layers: {
      still: [{ from: settled, to: OUTRO }],
      drawBase: (g, t) => drawBase(g, t, false),
      drawAmbient(g, t) {
        bannerAt(g, t, () => drawStripes(g, t));
        ambient.draw(g, t);
      },
    },
  };

  /** Runs `draw` with the banner's opacity and position at `t` (its top left at 0, 0). */
  function bannerAt(g: SKRSContext2D, t: number, draw: (alpha: number) => void): void {
    // Banner drops in, then its hazard stripes crawl.
    const bIn = easeOutCubic(progress(t, 0, 0.6));
    // In portrait it fades in as it drops (its words never cross into the feed's top band).
    const bAlpha = (1 - progress(t, OUTRO, 0.6)) * (stage ? bIn : 1);
    g.save();
    g.globalAlpha = bAlpha;
    g.translate(0, bannerY - (stage ? 0.3 : 1) * bannerH * (1 - bIn));
    draw(bAlpha);
    g.restore();
  }

  /** The banner's hazard stripes at `t`, in the banner's coordinates. */
  function drawStripes(g: SKRSContext2D, t: number): void {
    g.beginPath();
    g.rect(0, 0, W, bannerH);
    g.clip();
    g.fillStyle = 'rgba(0,0,0,0.10)';
    const step = 56;
    const off = (t * stripeSpeed) % step;
    for (let x = -bannerH - step + off; x < W + bannerH; x += step) {
      g.beginPath();
      g.moveTo(x, bannerH);
      g.lineTo(x + bannerH, 0);
      g.lineTo(x + bannerH + step / 2, 0);
      g.lineTo(x + step / 2, bannerH);
      g.closePath();
      g.fill();
    }
  }

  /** The frame without its ambient motion, and with the banner's stripes when `stripes`. */
  function drawBase(g: SKRSContext2D, t: number, stripes: boolean): void {
    const out = (start: number) => fade(t, start, 0.5, OUTRO, 0.6);
    bannerAt(g, t, (bAlpha) => {
      if (bAlpha > 0.001) drawSprite(g, banner, 0, 0);
      if (stripes) drawStripes(g, t);
    });
    const he = easeOutCubic(progress(t, 0.4, 0.8));
    drawSprite(g, headSprite, M, headY, { alpha: out(0.4), dx: -70 * (1 - he) });

    // Scale: light up to the value, marker and bubble ride along.
    const e = slidAt(t);
    const barAlpha = 1 - progress(t, OUTRO, 0.6);
    if (c.position !== null) {
      g.globalAlpha = barAlpha;
      drawScaleBarValue(g, bar, target * e, color);
      g.globalAlpha = 1;
      if (bubble) {
        const bx = bubbleX(bar.x + bar.w * target * e);
        const pop = progress(t, slideStart + 0.2, 0.5);
        drawSprite(g, bubble, bx, bar.y - bubble.h - 14, { alpha: Math.min(1, pop * 2) * barAlpha, scale: 0.7 + 0.3 * easeOutBack(pop) });
      }
    }
    cards.forEach((s, i) => {
      const r = rects[i]!;
      const ce = easeOutCubic(progress(t, 1.6 + i * 0.1, 0.7));
      drawSprite(g, s, r.x, r.y, { alpha: out(1.6 + i * 0.1), dy: 40 * (1 - ce) });
    });
    if (noData) drawText(g, noData, W / 2, cardsY + availCards / 2, { size: spec.headlineSize * 0.7, weight: 500, color: FAINT, align: 'center', alpha: out(1.6) });
    recoSprites.forEach((s, i) => {
      const col = i % spec.recoCols;
      const row = Math.floor(i / spec.recoCols);
      const start = 3.0 + i * 0.15;
      const re = easeOutCubic(progress(t, start, 0.7));
      drawSprite(g, s, M + col * (recoW + spec.gap), recoTop + row * (spec.recoH + spec.gap), { alpha: out(start), dy: 40 * (1 - re) });
    });
  }
}

export const pollutionAlert: TemplateDefinition = {
  id: 'pollution-alert',
  name: 'Pollution alert',
  description: 'An urgent bulletin: a banner in the category colour with moving hazard stripes, the category as a headline, a scale whose marker slides to the value, the pollutants and three recommendations. 12 s.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity', 'language', 'aqiStandard', 'date', 'index'],
  version: '1.3.1',
  durationSec: DURATION,
  durations: [DURATION],
  create: createPollutionAlert,
};
