/**
 * Social clip — a 10-second vertical or square clip for feeds: the place in big
 * type, a ring gauge that spins up to the value, the category popping in, one line
 * of advice and chips with the measured values. Portrait and square only: a feed
 * clip in landscape would waste most of a phone screen.
 */
import { Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { Ambient } from '../draw/ambient.js';
import { drawBackdrop } from '../draw/background.js';
import { legibleOn, rgba } from '../draw/color.js';
import { easeOutBack, easeOutCubic, fade, progress } from '../draw/easing.js';
import { arcValueChange, drawArcTrack, drawArcValue, type ArcGauge } from '../draw/gauge.js';
import { roundRectPath } from '../draw/shapes.js';
import { drawSprite, makeSprite, type Sprite } from '../draw/sprite.js';
import { drawTabular, drawText, fitSize, layoutBlock, measure, tabularWidth, wholeWordSize } from '../draw/text.js';
import { formatFixed, shownDecimals } from '../i18n/format.js';
import { canonicalJson } from '../params/canonical-json.js';
import { ChangePlan, ringRects, spriteBox } from './changes.js';
import { measureContext } from './measure.js';
import { drawCategoryPill, drawFooter, drawTimeline, FAINT, INK, MUTED, NEUTRAL, pillWidth } from './parts.js';
import { footerClearOfCaptions, stageFor } from './stage.js';
import type { Rect, SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 10;
const OUTRO = DURATION - 0.6;

interface Spec {
  margin: number;
  locationSize: number;
  locationLines: number;
  overline: number;
  date: number;
  radius: number;
  pillH: number;
  advice: number;
  chip: number;
  footer: number;
  /** Space between the blocks (title, ring, pill, advice, chips, footer). */
  gap: number;
}

const SPECS: Record<'portrait' | 'square', Spec> = {
  // Portrait fits its safe area (stage.ts): a smaller title and denser chips leave the ring room.
  portrait: { margin: 80, locationSize: 92, locationLines: 3, overline: 26, date: 32, radius: 300, pillH: 72, advice: 34, chip: 26, footer: 22, gap: 30 },
  square: { margin: 64, locationSize: 72, locationLines: 2, overline: 20, date: 26, radius: 175, pillH: 60, advice: 28, chip: 22, footer: 16, gap: 40 },
};

export function createSocialClip(input: SceneInput): TemplateScene {
  const { content: c, width: W, height: H, pixelScale: px } = input;
  const spec = input.format === 'square' ? SPECS.square : SPECS.portrait;
  const ctx = measureContext();
  const M = spec.margin;
  // Portrait lays out between the feed's covered bands; square keeps its own margins.
  const stage = input.format === 'portrait' ? stageFor('portrait', W, H, input) : null;
  const top = stage ? stage.top : 70;
  const footerY = stage ? stage.bottom : footerClearOfCaptions(input.format, W, H, H - 34, spec.footer, input);
  const inner = W - 2 * M;
  const color = c.category?.color ?? NEUTRAL;
  const accent = legibleOn(color);

  // Title block, centred.
  const overline = `${c.m.airQuality} · ${c.m.today}`.toUpperCase();
  const loc = layoutBlock(ctx, c.location, { maxWidth: inner, maxLines: spec.locationLines, size: spec.locationSize, minSize: spec.locationSize * 0.42, weight: 800, leading: 1.04 });
  const titleH = spec.overline * 1.9 + loc.height + spec.date * 1.6;
  const title = makeSprite(inner, titleH, px, (g) => {
    drawText(g, overline, inner / 2, spec.overline, { size: fitSize(g, overline, inner, spec.overline, spec.overline * 0.6, 700, 5), weight: 700, color: accent, align: 'center', tracking: 5 });
    loc.lines.forEach((line, i) => {
      drawText(g, line, inner / 2, spec.overline * 1.9 + i * loc.lineHeight + loc.size * 0.86, { size: loc.size, weight: 800, color: INK, align: 'center' });
    });
    drawText(g, c.date, inner / 2, spec.overline * 1.9 + loc.height + spec.date * 1.25, { size: fitSize(g, c.date, inner, spec.date, spec.date * 0.6, 500), weight: 500, color: MUTED, align: 'center' });
  }, 10);

  // Bottom block: advice + chips; then the ring takes the middle.
  // A given index with no sub-index has no pollutant to chip: its scale's categories take their place.
  const chips = [
    ...(c.overall ? c.scale.map((s) => ({ label: '', value: s.label, dot: s.color })) : c.pollutants.map((p) => ({ label: p.symbol, value: `${p.valueText} ${p.unit}`, dot: p.category?.color ?? NEUTRAL }))),
    ...(c.temperature ? [{ label: '', value: `${c.temperature.valueText} ${c.temperature.unit}`, dot: '#FFB347' }] : []),
    ...(c.humidity ? [{ label: '', value: `${c.humidity.valueText} ${c.humidity.unit}`, dot: '#5EC8FF' }] : []),
  ];
  const chipH = spec.chip * 1.9;
  const chipSprites: Sprite[] = chips.map((ch) => {
    const text = ch.label ? `${ch.label}  ${ch.value}` : ch.value;
    const w = measure(ctx, text, spec.chip, 600) + chipH * 1.15;
    return makeSprite(w, chipH, px, (g) => {
      roundRectPath(g, 0, 0, w, chipH, chipH / 2);
      g.fillStyle = 'rgba(255,255,255,0.09)';
      g.fill();
      g.strokeStyle = 'rgba(255,255,255,0.14)';
      g.lineWidth = 1.5;
      g.stroke();
      g.beginPath();
      g.arc(chipH * 0.5, chipH / 2, chipH * 0.14, 0, Math.PI * 2);
      g.fillStyle = ch.dot;
      g.fill();
      drawText(g, text, chipH * 0.8, chipH / 2 + spec.chip * 0.36, { size: spec.chip, weight: 600, color: INK });
    });
  });
  // Flow chips into centred rows.
  const rowsOfChips: { sprite: Sprite; x: number; row: number }[] = [];
  let rowW = 0;
  let row = 0;
  let rowStart = 0;
  const gap = spec.chip * 0.5;
  const flushRow = (end: number) => {
    const items = rowsOfChips.slice(rowStart, end);
    const total = items.reduce((a, it) => a + it.sprite.w, 0) + gap * Math.max(0, items.length - 1);
    let x = (W - total) / 2;
    for (const it of items) {
      it.x = x;
      x += it.sprite.w + gap;
    }
  };
  chipSprites.forEach((s) => {
    if (rowW > 0 && rowW + gap + s.w > inner) {
      flushRow(rowsOfChips.length);
      row++;
      rowStart = rowsOfChips.length;
      rowW = 0;
    }
    rowsOfChips.push({ sprite: s, x: 0, row });
    rowW += (rowW > 0 ? gap : 0) + s.w;
  });
  flushRow(rowsOfChips.length);
  const chipRows = chips.length ? row + 1 : 0;
  const chipsH = chipRows ? chipRows * chipH + (chipRows - 1) * gap : 0;
  const advice = layoutBlock(ctx, c.advice, { maxWidth: inner, maxLines: 3, size: spec.advice, minSize: spec.advice * 0.7, weight: 500, leading: 1.25 });

  const chipsY = footerY - spec.footer - spec.gap - chipsH;
  const adviceY = chipsY - (chipsH ? spec.gap * 1.1 : 0) - advice.height;
  const ringTop = top + titleH + spec.gap;
  const pillGap = spec.gap * 0.75;
  const ringBottom = adviceY - spec.gap - spec.pillH - pillGap;
  const r = Math.max(110, Math.min(spec.radius, (ringBottom - ringTop) / 2 - 30, inner / 2 - 30));
  const cy = (ringTop + ringBottom) / 2;
  const gauge: ArcGauge = { cx: W / 2, cy, r, thickness: r * 0.14, start: Math.PI / 2 + 0.42, sweep: Math.PI * 2 - 0.84, scale: c.scale };
  let pill: Sprite | null = null;
  // A given category (no number) is written inside the ring instead: its main pollutant takes the pill's place.
  if (c.category && !c.categoryHeadline) {
    const cat = c.category;
    const pw = pillWidth(ctx, cat.label, spec.pillH, inner);
    pill = makeSprite(pw.w, spec.pillH, px, (g) => drawCategoryPill(g, cat, pw.w, spec.pillH, pw.size), 40);
  } else if (c.categoryHeadline && c.mainPollutant) {
    const line = `${c.m.dominantPollutant}: ${c.mainPollutant}`;
    const size = fitSize(ctx, line, inner, spec.pillH * 0.5, 14, 600);
    pill = makeSprite(measure(ctx, line, size, 600) + 8, spec.pillH, px, (g) => drawText(g, line, 4, spec.pillH / 2 + size * 0.36, { size, weight: 600, color: MUTED }), 40);
  }
  const pillY = cy + r + gauge.thickness / 2 + pillGap;
  const adviceSprite = makeSprite(inner, advice.height, px, (g) => {
    advice.lines.forEach((line, i) => drawText(g, line, inner / 2, i * advice.lineHeight + advice.size * 0.95, { size: advice.size, weight: 500, color: INK, align: 'center' }));
  }, 4);

  const indexStd = c.indexName !== null;
  // A given index with no sub-index has no main pollutant, but its overall index is the number.
  const overallOnly = c.dominant === null && c.indexName !== null && c.indexValue !== null;
  const caption = overallOnly ? (c.indexName ?? '') : c.dominant ? (c.indexName ?? c.dominant.symbol) : c.categoryHeadline ? c.m.airQuality : c.m.noPollutantData;
  const headline = c.categoryHeadline && c.category ? layoutBlock(ctx, c.category.label, { maxWidth: r * 1.4, maxLines: 2, size: wholeWordSize(ctx, c.category.label, r * 1.4, r * 0.34, r * 0.12, 800), minSize: r * 0.12, weight: 800, leading: 1.05 }) : null;
  const numberValue = overallOnly ? c.indexValue : c.dominant ? (indexStd ? (c.indexValue ?? 0) : c.dominant.value) : null;
  const suffix = indexStd ? c.indexSuffix : '';
  const decimals = c.dominant && !indexStd ? c.dominant.decimals : 0;
  const numberSize = r * 0.62;
  const finalDecimals = numberValue === null ? 0 : shownDecimals(c.language, numberValue, decimals);
  const finalText = numberValue === null ? '' : formatFixed(c.language, numberValue, finalDecimals) + suffix;
  const numberFit = numberValue === null ? numberSize : Math.min(numberSize, (r * 1.45 * numberSize) / Math.max(1, tabularWidth(ctx, finalText, numberSize, 800)));
  const numberW = tabularWidth(ctx, finalText, numberFit, 800);
  const target = c.position ?? 0;
  const sweepStart = 0.9;
  const sweepDur = 2.2;
  /** How far the ring and the number have come, 0…1. */
  const sweptAt = (t: number): number => easeOutCubic(progress(t, sweepStart, sweepDur));
  // The caption and the number fade in over this second's second half.
  const captionFrom = 0.6;
  const captionIn = 1.1;
  const chipStart = 3.9;
  const settled = Math.max(sweepStart + sweepDur + 0.8, chipStart + chips.length * 0.08 + 0.6, 3.6 + 0.6) + 0.1;
  // What changes round the ring: the halo's dots (to r + thickness/2 + 38) and the breathing marker's
  // glow (its disc, 0.78 thickness, plus 3.5 sigma of a 28 px blur, where it has faded to under a level).
  const ringReach = Math.ceil(Math.max(gauge.thickness / 2 + 38, gauge.thickness * 0.78 + 50));
  const ringRect = { x: gauge.cx - r - ringReach, y: cy - r - ringReach, w: 2 * (r + ringReach), h: 2 * (r + ringReach) };
  const captionSize = fitSize(ctx, caption, r * 1.4, r * 0.13, 14, 700, 4);
  // The dotted halo round the ring, one path (filled in one call each frame): 72 dots, every sixth larger.
  const halo = new Path2D();
  const haloR = r + gauge.thickness / 2 + 34;
  for (let k = 0; k < 72; k++) {
    const a = (k / 72) * Math.PI * 2;
    const x = Math.cos(a) * haloR;
    const y = Math.sin(a) * haloR;
    const dot = k % 6 === 0 ? 3.2 : 1.8;
    halo.moveTo(x + dot, y);
    halo.arc(x, y, dot, 0, Math.PI * 2);
  }

  // Hold phase, besides the turning halo: a light sweep crosses the category pill and
  // the value chips.
  const ambient = new Ambient(settled, OUTRO, 1 / input.fps);
  ambient.sheen({
    targets: [
      ...(pill ? [{ x: (W - pill.w) / 2, y: pillY, w: pill.w, h: pill.h, radius: pill.h / 2 }] : []),
      ...rowsOfChips.map((it) => ({ x: it.x, y: chipsY + it.row * (chipH + gap), w: it.sprite.w, h: it.sprite.h, radius: chipH / 2 })),
    ],
    // Oftener over a scale's chips (an index given alone), whose dots in a dark category colour (the AQHI's red) move the picture less than a pollutant's.
    period: c.overall ? 3 : 4.5,
    stagger: 0.15,
    duration: 1.1,
    delay: 0.3,
    strength: c.overall ? 0.3 : 0.14,
  });
  // And a highlight walks over the value chips, one a beat.
  ambient.spotlight({
    targets: rowsOfChips.map((it) => ({ x: it.x, y: chipsY + it.row * (chipH + gap), w: it.sprite.w, h: it.sprite.h, radius: chipH / 2 })),
    // Over a scale's chips, in the category's legible tint: a dark colour (the AQHI's red) alone barely moves the picture.
    color: c.overall ? accent : color,
    hop: 0.9,
    strength: 0.45,
  });
  // The advice and the category take the light in turn, a larger change the eye follows.
  ambient.spotlight({
    targets: [
      { x: M - 20, y: adviceY - 16, w: inner + 40, h: advice.height + 32, radius: 24 },
      ...(pill ? [{ x: (W - pill.w) / 2 - 14, y: pillY - 12, w: pill.w + 28, h: pill.h + 24, radius: (pill.h + 24) / 2 }] : []),
    ],
    color,
    hop: 1.3,
    strength: 0.2,
  });

  // Where frames change, element by element, during the entrances too (the ring and
  // its halo, turning all along, keep to ringRect; the close is a group fade).
  // Inside ringRect only the halo's thin ring, the arc from the start of the tip's
  // scale segment with the marker's glow (arcValueChange), the words inside the ring
  // while they fade in and the number while it counts change: the box is redrawn
  // whole under one clip, only those parts are read back and encoded.
  const sweepEnd = sweepStart + sweepDur;
  const haloRing = ringRects(gauge.cx, cy, haloR - 3.2 - 2, haloR + 3.2 + 2, 24);
  const numberBox: Rect = { x: gauge.cx - r * 0.75, y: cy - numberFit * 0.75, w: r * 1.5, h: numberFit * 1.2 };
  const inside = r - gauge.thickness / 2;
  const insideBox: Rect = { x: gauge.cx - inside, y: cy - inside, w: 2 * inside, h: 2 * inside };
  const frameDt = 1 / input.fps;
  const plan = new ChangePlan(frameDt)
    .also((t) => {
      const prev = t - frameDt;
      if (prev > OUTRO + 1e-9) return [];
      // (The words fade in from captionFrom to captionIn; the number counts until sweepEnd.)
      const words = t > captionFrom - 1e-9 && prev < captionIn + 1e-9 ? [insideBox] : prev < sweepEnd + 1e-9 ? [numberBox] : [];
      return [{ ...ringRect, parts: [...haloRing, arcValueChange(gauge, target * sweptAt(prev), target * sweptAt(t)), ...words] }];
    })
    .during(0, OUTRO, { x: 0, y: H - 8, w: W, h: 8 })
    .during(0.1, 0.9, spriteBox(title, M, top, { dy: 60, scale: 1.1 }))
    .during(3.6, 4.2, spriteBox(adviceSprite, M, adviceY, { dy: 30 }))
    .also((t) => ambient.rects(t));
  if (pill) plan.during(sweepStart + sweepDur - 0.2, sweepStart + sweepDur + 0.4, spriteBox(pill, (W - pill.w) / 2, pillY, { scale: 1.35 }));
  rowsOfChips.forEach((it, i) => plan.during(chipStart + i * 0.08, chipStart + i * 0.08 + 0.5, spriteBox(it.sprite, it.x, chipsY + it.row * (chipH + gap), { scale: 1.15 })));

  return {
    posterTime: 5.5,
    changes: (t) => plan.rects(t),
    outro: { start: OUTRO, alpha: (t) => 1 - progress(t, OUTRO, 0.5) },
    staticKey: canonicalJson({ color, gauge: { ...gauge, scale: gauge.scale.map((s) => s.color) }, footer: [c.m.standard, c.standardName, c.sourceLine, M, footerY, inner, spec.footer] }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent: color, glowAt: [0.5, cy / H], glowStrength: 1.5 });
      drawArcTrack(g, gauge);
      drawFooter(g, c, M, footerY, inner, spec.footer);
    },
    drawFrame(g, t) {
      drawBase(g, t);
      drawAmbient(g, t);
    },
    // Once the chips are in, only the halo, the marker's breath and the ambient light
    // move until the outro.
    layers: { still: [{ from: settled, to: OUTRO }], drawBase, drawAmbient },
  };

  /** Everything that comes in and then stands: title, arc, number, advice, chips. */
  function drawBase(g: SKRSContext2D, t: number): void {
    const out = (start: number) => fade(t, start, 0.45, OUTRO, 0.5);
    const te = easeOutBack(progress(t, 0.1, 0.8), 1.2);
    drawSprite(g, title, M, top, { alpha: out(0.1), dy: 60 * (1 - te), scale: 0.94 + 0.06 * te });

    g.globalAlpha = 1 - progress(t, OUTRO, 0.5);
    if (c.position !== null) drawArcValue(g, gauge, target * sweptAt(t), color, 1, 'arc');
    const ca = fade(t, captionFrom, captionIn - captionFrom, OUTRO, 0.5);
    drawText(g, caption, gauge.cx, cy - numberSize * 0.62, { size: captionSize, weight: 700, color: MUTED, align: 'center', tracking: 4, alpha: ca });
    if (numberValue !== null) {
      // Counted at its final precision in tabular figures, right edge fixed: no digit moves or jumps in width.
      drawTabular(g, formatFixed(c.language, numberValue * sweptAt(t), finalDecimals) + suffix, gauge.cx + numberW / 2, cy + numberFit * 0.36, { size: numberFit, weight: 800, color: INK, alpha: ca });
      if (!indexStd && c.dominant) drawText(g, c.dominant.unit, gauge.cx, cy + numberFit * 0.36 + r * 0.2, { size: r * 0.1, weight: 500, color: MUTED, align: 'center', alpha: ca });
    } else if (headline) {
      const first = cy + headline.size * 0.36 - (headline.lineHeight * (headline.lines.length - 1)) / 2;
      headline.lines.forEach((line, i) => drawText(g, line, gauge.cx, first + i * headline.lineHeight, { size: headline.size, weight: 800, color: INK, align: 'center', alpha: ca }));
    } else {
      drawText(g, '—', gauge.cx, cy + numberSize * 0.36, { size: numberSize, weight: 800, color: FAINT, align: 'center', alpha: ca });
    }
    g.globalAlpha = 1;
    const ae = easeOutCubic(progress(t, 3.6, 0.6));
    drawSprite(g, adviceSprite, M, adviceY, { alpha: out(3.6), dy: 30 * (1 - ae) });
    rowsOfChips.forEach((it, i) => {
      const start = chipStart + i * 0.08;
      const pe = progress(t, start, 0.5);
      drawSprite(g, it.sprite, it.x, chipsY + it.row * (chipH + gap), { alpha: out(start), scale: 0.6 + 0.4 * easeOutBack(pe) });
    });
  }

  /** What moves while the picture holds: the turning halo, the marker, the pill the halo passes under, the light. */
  function drawAmbient(g: SKRSContext2D, t: number): void {
    const alphaAll = 1 - progress(t, OUTRO, 0.5);
    g.globalAlpha = alphaAll;
    // A thin dotted halo turns slowly around the ring: the clip never sits still.
    g.save();
    g.translate(gauge.cx, cy);
    g.rotate(t * 0.35);
    // (In the category's legible tint for an index given alone, whose scales' dark reds and purples would barely move the picture.)
    g.fillStyle = rgba(color === NEUTRAL ? '#FFFFFF' : c.overall ? accent : color, 0.6);
    g.fill(halo);
    g.restore();
    if (c.position !== null) {
      const breathe = 0.75 + 0.25 * Math.sin((t - sweepStart) * 2.6);
      drawArcValue(g, gauge, target * sweptAt(t), color, breathe, 'marker');
    }
    g.globalAlpha = 1;
    if (pill) {
      const pt = progress(t, sweepStart + sweepDur - 0.2, 0.6);
      drawSprite(g, pill, (W - pill.w) / 2, pillY, { alpha: Math.min(1, pt * 2.5) * alphaAll, scale: 0.5 + 0.5 * easeOutBack(pt, 2) });
    }
    ambient.draw(g, t);
    drawTimeline(g, W, H, t, DURATION, color);
  }
}

export const socialClip: TemplateDefinition = {
  id: 'social-clip',
  name: 'Social clip',
  description: 'A punchy 10 s vertical or square clip for social feeds: big location, a ring gauge that spins up to the value, the category, one line of advice and value chips. Portrait and square only.',
  formats: ['portrait', 'square'],
  params: ['location', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'temperatura', 'humidity', 'language', 'aqiStandard', 'date', 'index'],
  version: '1.3.3',
  durationSec: DURATION,
  durations: [DURATION],
  create: createSocialClip,
};
