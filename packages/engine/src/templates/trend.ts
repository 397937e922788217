/**
 * Trend — more than one number: an hourly series (the last 24 hours, or the next
 * 72 hours of forecast) drawn as a line over the category bands of the chosen AQI
 * standard, with the current value, the peak and the low. The bands' edges are the
 * standard's own thresholds for the pollutant (found by bisection on its
 * evaluator), so the axis is in µg/m³ and every band has its true height. Without
 * a series to draw (none, or a single point) the chart's place shows every given
 * pollutant now, a bar each up to its place on the standard's scale, and says there
 * is no series: no number is ever invented.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { computeAqi } from '../aqi/index.js';
import type { AqiStandardId, PollutantId } from '../aqi/types.js';
import { Ambient } from '../draw/ambient.js';
import { drawBackdrop } from '../draw/background.js';
import { legibleOn, readableTextOn, rgba } from '../draw/color.js';
import { easeInOutCubic, easeOutCubic, fade, progress } from '../draw/easing.js';
import { roundRectPath, stripedPanel } from '../draw/shapes.js';
import { drawSprite, makeSprite } from '../draw/sprite.js';
import { drawBlock, drawText, ellipsize, fitSize, layoutBlock, measure } from '../draw/text.js';
import { formatNumber } from '../i18n/format.js';
import { POLLUTANT_SYMBOL, TREND_MESSAGES } from '../i18n/messages.js';
import { LOCALE_TAG } from '../language.js';
import { canonicalJson } from '../params/canonical-json.js';
import { ChangePlan, spriteBox } from './changes.js';
import type { Format } from '../params/schema.js';
import { LIMITS } from '../params/schema.js';
import { measureContext } from './measure.js';
import { drawFooter, FAINT, INK, MUTED, NEUTRAL } from './parts.js';
import { footerClearOfCaptions, stageFor } from './stage.js';
import type { SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 12;
const OUTRO = DURATION - 0.7;

interface Spec {
  margin: number;
  overline: number;
  title: number;
  titleLines: number;
  date: number;
  cardW: number;
  cardH: number;
  cardCols: number;
  axis: number;
  band: number;
  gap: number;
  footer: number;
}

const SPECS: Record<Format, Spec> = {
  landscape: { margin: 90, overline: 24, title: 76, titleLines: 2, date: 26, cardW: 250, cardH: 150, cardCols: 3, axis: 20, band: 17, gap: 18, footer: 18 },
  portrait: { margin: 70, overline: 26, title: 84, titleLines: 2, date: 30, cardW: 0, cardH: 160, cardCols: 3, axis: 24, band: 20, gap: 18, footer: 22 },
  square: { margin: 56, overline: 20, title: 60, titleLines: 2, date: 22, cardW: 0, cardH: 118, cardCols: 3, axis: 17, band: 15, gap: 14, footer: 16 },
};

interface Point {
  t: number;
  v: number;
}

interface Band {
  lo: number;
  hi: number;
  color: string;
  label: string;
}

/** The value at which `pollutant` enters each category of `standard` (bisection on the evaluator), in input units. */
export function bandEdges(standard: AqiStandardId, pollutant: PollutantId, date: string): { level: number; from: number }[] {
  const top: number = pollutant === 'pm25' ? LIMITS.pm25 : pollutant === 'co' ? LIMITS.co : LIMITS.gas;
  const levelAt = (v: number) => computeAqi(standard, { [pollutant]: v }, { date }).pollutants[0]?.category.level ?? -1;
  if (levelAt(0) < 0) return [];
  const n = computeAqi(standard, { [pollutant]: 0 }, { date }).categories.length;
  const out = [{ level: 0, from: 0 }];
  for (let k = 1; k < n; k++) {
    if (levelAt(top) < k) break;
    let lo = 0;
    let hi = top;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (levelAt(mid) >= k) hi = mid;
      else lo = mid;
    }
    out.push({ level: k, from: hi });
  }
  return out;
}

export function createTrend(input: SceneInput): TemplateScene {
  const { params, content: c, width: W, height: H, pixelScale: px, format } = input;
  const spec = SPECS[format];
  const ctx = measureContext();
  const lang = params.language;
  const tm = TREND_MESSAGES[lang];
  const M = spec.margin;
  const inner = W - 2 * M;
  const series = params.series;
  const pollutant: PollutantId = series?.pollutant ?? c.dominant?.id ?? 'pm25';
  const unit = pollutant === 'co' ? 'mg/m³' : 'µg/m³';
  const decimals = pollutant === 'co' ? 2 : 1;
  const num = (v: number) => formatNumber(lang, v, decimals);
  const tz = series?.timeZone ?? 'UTC';

  const given: Point[] = series ? series.points.map((p) => ({ t: Date.parse(p.at), v: p.value })) : [];
  // One point draws no line: it is the current value, shown as without a series.
  const points = given.length >= 2 ? given : [];
  const givenNow = series?.kind === 'observed' ? given[given.length - 1] : given[0];
  const current = givenNow ?? (params[pollutant] !== undefined ? { t: 0, v: params[pollutant]! } : null);
  const peak = points.length ? points.reduce((a, b) => (b.v > a.v ? b : a)) : null;
  const low = points.length ? points.reduce((a, b) => (b.v < a.v ? b : a)) : null;
  const rate = (v: number) => computeAqi(params.aqiStandard, { [pollutant]: v }, { date: params.date }).pollutants[0]?.category ?? null;
  const currentCat = current ? rate(current.v) : null;
  const accent = currentCat?.color ?? c.category?.color ?? NEUTRAL;

  // ---- header -----------------------------------------------------------------
  const symbol = POLLUTANT_SYMBOL[pollutant][lang];
  const windowText = series && points.length ? (series.kind === 'observed' ? tm.last24h : tm.next72h) : tm.now;
  const overline = `${tm.trend} · ${symbol} · ${windowText}`.toUpperCase();
  const headerW = format === 'landscape' ? inner - 3 * spec.cardW - 2 * spec.gap - 40 : inner;
  const overSize = fitSize(ctx, overline, headerW, spec.overline, spec.overline * 0.7, 700, 3);
  const title = layoutBlock(ctx, c.location, { maxWidth: headerW, maxLines: spec.titleLines, size: spec.title, minSize: spec.title * 0.5, weight: 800, leading: 1.06 });
  // The date, and the weather when it was given.
  const subline = [c.dateLong, c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : ''].filter(Boolean).join('  ·  ');
  const dateSize = fitSize(ctx, subline, headerW, spec.date, spec.date * 0.7, 500);
  const headerH = overSize * 1.8 + title.height + dateSize * 1.7;
  const headerSprite = makeSprite(headerW, headerH, px, (g) => {
    drawText(g, overline, 0, overSize, { size: overSize, weight: 700, color: legibleOn(accent), tracking: 3 });
    drawBlock(g, title, 0, overSize * 1.8, { color: INK, weight: 800 });
    drawText(g, ellipsize(g, subline, headerW, dateSize, 500), 0, overSize * 1.8 + title.height + dateSize * 1.35, { size: dateSize, weight: 500, color: MUTED });
  }, 8);

  // ---- stat cards: now, peak, low ------------------------------------------------
  const timeFmt = new Intl.DateTimeFormat(LOCALE_TAG[lang], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: tz });
  const dayFmt = new Intl.DateTimeFormat(LOCALE_TAG[lang], { weekday: 'short', timeZone: tz });
  const when = (p: Point) => (series?.kind === 'forecast' ? `${dayFmt.format(p.t).replace('.', '')} ${timeFmt.format(p.t)}` : timeFmt.format(p.t));
  const stats: { label: string; value: number; note: string }[] = [];
  if (current) stats.push({ label: series?.kind === 'forecast' ? `${tm.now} · ${tm.forecast}` : tm.now, value: current.v, note: currentCat ? currentCat.labels[lang] : c.m.notRated });
  if (peak) stats.push({ label: tm.peak, value: peak.v, note: when(peak) });
  if (low) stats.push({ label: tm.low, value: low.v, note: when(low) });
  const cols = Math.max(1, stats.length);
  const third = format === 'landscape' ? spec.cardW : (inner - (spec.cardCols - 1) * spec.gap) / spec.cardCols;
  // The "now" card alone (no series) takes two places' width, so its category is read whole.
  const cardW = cols === 1 ? 2 * third + spec.gap : third;
  const cardH = spec.cardH;
  const k = cardH / 150;
  const cards = stats.map((s, i) =>
    makeSprite(cardW, cardH, px, (g) => {
      const cat = rate(s.value);
      const color = cat?.color ?? NEUTRAL;
      stripedPanel(g, cardW, cardH, 20 * k, color, 8 * k);
      const pad = 26 * k;
      const labelSize = fitSize(g, s.label.toUpperCase(), cardW - 2 * pad - (i === 0 ? 22 * k : 0), 17 * k, 11 * k, 700, 2);
      drawText(g, s.label.toUpperCase(), pad, 34 * k, { size: labelSize, weight: 700, color: MUTED, tracking: 2 });
      const valueText = num(s.value);
      const unitSize = 19 * k;
      const valueSize = fitSize(g, valueText, cardW - 2 * pad - measure(g, unit, unitSize, 500) - 10 * k, 54 * k, 26 * k, 800);
      drawText(g, valueText, pad, 96 * k, { size: valueSize, weight: 800, color: INK });
      drawText(g, unit, pad + measure(g, valueText, valueSize, 800) + 10 * k, 96 * k, { size: fitSize(g, unit, cardW - 2 * pad, unitSize, 12 * k, 500), weight: 500, color: MUTED });
      const noteSize = 18 * k;
      drawText(g, ellipsize(g, s.note, cardW - 2 * pad, noteSize, 600), pad, cardH - 24 * k, { size: noteSize, weight: 600, color: i === 0 && cat ? legibleOn(color) : FAINT });
    }, 30),
  );

  // ---- layout -------------------------------------------------------------------
  // Portrait keeps its words between the feed's covered bands (stage.ts).
  const stage = format === 'portrait' ? stageFor('portrait', W, H, input) : null;
  const footerY = stage ? stage.bottom : footerClearOfCaptions(format, W, H, H - 36, spec.footer, input);
  let headY: number;
  let cardsY: number;
  let cardX: (i: number) => number;
  let chart: { x: number; y: number; w: number; h: number };
  const axisH = spec.axis * 2.4;
  // The line draws itself (or the bars rise) after the bands fade in.
  const drawStart = 1.3;
  const drawDur = 2.8;
  if (format === 'landscape') {
    headY = 70;
    cardsY = 70;
    cardX = (i) => W - M - (cols - i) * cardW - (cols - 1 - i) * spec.gap;
    const top = Math.max(headY + headerH, cardsY + cardH) + 50;
    chart = { x: M, y: top, w: inner, h: footerY - 40 - axisH - top };
  } else {
    headY = stage ? stage.top : 50;
    cardsY = headY + headerH + (stage ? 36 : 26);
    const rowW = cols * cardW + (cols - 1) * spec.gap;
    cardX = (i) => M + (inner - rowW) / 2 + i * (cardW + spec.gap);
    const top = cardsY + cardH + (stage ? 50 : 34);
    const bottom = footerY - (stage ? 50 : 34) - axisH;
    chart = { x: M, y: top, w: inner, h: bottom - top };
  }

  // ---- without a line: every given pollutant now, a bar up to its place on the scale ---
  // The chart's axis is then the standard's scale itself, its categories as equal bands
  // (a pollutant's position), up to the category above the highest bar (at least three).
  const bars = points.length ? [] : c.pollutants.flatMap((p) => (p.position !== null && p.category ? [{ view: p, position: p.position, color: p.category.color }] : []));
  const nCats = c.scale.length;
  const levelOf = (position: number) => Math.min(nCats - 1, Math.floor(position * nCats));
  const shownLevels = Math.min(nCats, Math.max(3, ...bars.map((b) => levelOf(b.position) + 2)));
  const captionH = bars.length ? spec.axis * 1.8 : 0;

  // ---- the chart's scale ------------------------------------------------------------
  const edges = bandEdges(params.aqiStandard, pollutant, params.date);
  const maxV = Math.max(current?.v ?? 0, ...points.map((p) => p.v), 0);
  const nextEdge = edges.find((e) => e.from > maxV * 1.02);
  const yMax = bars.length ? shownLevels / nCats : Math.max(maxV * 1.15, nextEdge ? nextEdge.from * 1.1 : 0, edges[1]?.from ?? 0, 1);
  // The band names take a column right of the plot in landscape, and beside the bars in every format.
  const labelRoom = format === 'landscape' ? 200 : bars.length ? (format === 'portrait' ? 250 : 210) : 0;
  const plot = { x: chart.x, y: chart.y + captionH, w: chart.w - labelRoom, h: chart.h - captionH };
  const yOf = (v: number) => plot.y + plot.h * (1 - Math.min(v, yMax) / yMax);
  const cats = computeAqi(params.aqiStandard, { [pollutant]: 0 }, { date: params.date }).categories;
  const bands: Band[] = bars.length
    ? c.scale.slice(0, shownLevels).map((s, k) => ({ lo: k / nCats, hi: (k + 1) / nCats, color: s.color, label: s.label }))
    : edges
        .map((e, i) => ({ lo: e.from, hi: edges[i + 1]?.from ?? Infinity, color: cats[e.level]!.color, label: cats[e.level]!.labels[lang] }))
        .filter((b) => b.lo < yMax);
  const t0 = points[0]?.t ?? 0;
  const t1 = points[points.length - 1]?.t ?? 1;
  const xOf = (t: number) => (points.length ? plot.x + ((t - t0) / Math.max(1, t1 - t0)) * plot.w : plot.x + plot.w);
  const slot = plot.w / Math.max(1, bars.length);
  const barW = Math.min(slot * 0.52, 140);
  const barCx = (i: number) => plot.x + slot * (i + 0.5);
  const barStart = (i: number) => drawStart + i * 0.15;
  // The last bar has risen and its value faded in.
  const barsEnd = barStart(bars.length - 1) + 1.1;
  const own = bars.findIndex((b) => b.view.id === pollutant);
  const ownBar = bars[own];
  const marker = ownBar ? { x: barCx(own), y: yOf(ownBar.position) } : current && !bars.length ? { x: points.length ? xOf(current.t) : plot.x + plot.w - 30, y: yOf(current.v) } : null;
  const markerFrom = points.length ? drawStart + (series?.kind === 'observed' ? drawDur : 0.2) : ownBar ? barStart(own) + 0.9 : 1.4;

  // X-axis ticks: every 6 h for a day, every 12 h for three days, on whole local hours.
  const ticks: { x: number; text: string }[] = [];
  if (points.length) {
    const step = (series!.kind === 'observed' ? 6 : 12) * 3600_000;
    for (const p of points) {
      const hour = Number(timeFmt.format(p.t).slice(0, 2));
      if ((hour * 3600_000) % step === 0) ticks.push({ x: xOf(p.t), text: series!.kind === 'forecast' && hour === 0 ? dayFmt.format(p.t).replace('.', '') : timeFmt.format(p.t) });
    }
  }
  const tickSize = spec.axis;
  // Threshold labels that would crowd each other (a high value squeezes the low bands together) are left out, the highest kept.
  const thresholdLabels = new Set<number>();
  let lastLabelY = -Infinity;
  // The unit sits on the plot's first line: a label that would reach it is left out too.
  const unitLineBottom = plot.y + tickSize * 1.45;
  for (const b of bars.length ? [] : [...bands].filter((b) => b.lo > 0).sort((a, b) => b.lo - a.lo)) {
    if (yOf(b.lo) - lastLabelY < tickSize * 0.85 * 1.6 || yOf(b.lo) - tickSize * 0.85 * 1.55 < unitLineBottom) continue;
    thresholdLabels.add(b.lo);
    lastLabelY = yOf(b.lo);
  }
  const visibleTicks = ticks.filter((t, i) => i === 0 || t.x - ticks[i - 1]!.x >= measure(ctx, t.text, tickSize, 500) + 16);

  // Where the peak's bubble goes (band names keep clear of it).
  const bubble = peak && peak !== current ? (() => {
    const text = `${tm.peak} ${num(peak.v)}`;
    const size = spec.axis;
    const w = measure(ctx, text, size, 700) + size * 1.4;
    const h = size * 1.9;
    return { text, size, w, h, x: Math.max(plot.x, Math.min(plot.x + plot.w - w, xOf(peak.t) - w / 2)), y: Math.max(plot.y + 4, yOf(peak.v) - h - 18) };
  })() : null;
  const overlapsBubble = (x: number, y: number, w: number, h: number) => bubble !== null && x < bubble.x + bubble.w && bubble.x < x + w && y < bubble.y + bubble.h && bubble.y < y + h;

  const linePath = (g: SKRSContext2D) => {
    g.beginPath();
    points.forEach((p, i) => (i === 0 ? g.moveTo(xOf(p.t), yOf(p.v)) : g.lineTo(xOf(p.t), yOf(p.v))));
  };

  // ---- timing and motion -----------------------------------------------------------
  const settled = points.length ? drawStart + drawDur + 0.9 : bars.length ? barsEnd : 2.2;
  const ambient = new Ambient(settled, OUTRO, 1 / input.fps);
  // The live dot of the "now" card pings from the moment it appears (the top of the frame moves while the
  // line draws itself below); once settled the marker on the chart pings and a light crosses the chart.
  const live = new Ambient(1.2, OUTRO, 1 / input.fps);
  const liveDot = { cx: cardX(0) + cardW - 30 * k, cy: cardsY + 30 * k, r: 7 * k };
  if (current) live.ping({ cx: liveDot.cx, cy: liveDot.cy, from: liveDot.r, to: liveDot.r + 16 * k, period: 1.6, duration: 1.3, color: accent, alpha: 0.8, lineWidth: 2.5 });
  if (marker) ambient.ping({ cx: marker.x, cy: marker.y, from: 12, to: 40, period: 1.8, duration: 1.4, color: accent, alpha: 0.8, lineWidth: 3 });
  ambient.sheen({ targets: [{ x: plot.x, y: plot.y, w: plot.w, h: plot.h, radius: 0 }], period: 3, stagger: 0, duration: 2.4, strength: 0.06 });
  // A highlight walks over the chart and the summary cards, one a beat (the chart first: the
  // largest change comes right after the intro).
  ambient.spotlight({
    // (With bars, each bar's column in turn.)
    targets: [
      ...(bars.length ? bars.map((_, i) => ({ x: plot.x + i * slot, y: plot.y, w: slot, h: plot.h, radius: 0 })) : [{ x: plot.x, y: plot.y, w: plot.w, h: plot.h, radius: 0 }]),
      ...cards.map((_, i) => ({ x: cardX(i), y: cardsY, w: cardW, h: cardH, radius: 20 * k })),
    ],
    color: accent,
    hop: 1.2,
    // A bar's column is a smaller area than the whole chart: a stronger light, or the picture reads as still.
    strength: bars.length ? 0.24 : 0.12,
  });

  // Where frames change, element by element, during the entrances too: the chart in
  // full while its bands fade in and its line draws itself (a redraw clipped across
  // the stroke would anti-alias it differently from a whole frame); the close is a
  // group fade.
  const chartBox = { x: chart.x - 20, y: chart.y - 50, w: chart.w + 40, h: chart.h + axisH + 70 };
  const plan = new ChangePlan(1 / input.fps)
    .during(0.1, 0.9, spriteBox(headerSprite, M, headY, { dx: 60 }))
    .during(0.8, points.length ? drawStart + drawDur : bars.length ? barsEnd : 1.8, chartBox)
    .also((t) => [...ambient.rects(t), ...live.rects(t)]);
  cards.forEach((s, i) => plan.during(0.5 + i * 0.15, 1.2 + i * 0.15, spriteBox(s, cardX(i), cardsY, { dy: 30 })));
  if (current) plan.during(0.9, 1.4, { x: liveDot.cx - liveDot.r - 4, y: liveDot.cy - liveDot.r - 4, w: 2 * liveDot.r + 8, h: 2 * liveDot.r + 8 });
  if (bubble && peak) {
    const from = drawStart + drawDur * ((xOf(peak.t) - plot.x) / plot.w) + 0.1;
    const x0 = Math.min(bubble.x, xOf(peak.t) - 9);
    const y0 = Math.min(bubble.y, yOf(peak.v) - 9);
    plan.during(from, from + 0.4, { x: x0 - 6, y: y0 - 6, w: Math.max(bubble.x + bubble.w, xOf(peak.t) + 9) - x0 + 12, h: Math.max(bubble.y + bubble.h, yOf(peak.v) + 9) - y0 + 12 });
  }
  if (marker) plan.during(markerFrom, markerFrom + 0.4, { x: marker.x - 20, y: marker.y - 20, w: 40, h: 40 });

  const bandLabelSize = spec.band;
  return {
    posterTime: 7,
    changes: (t) => plan.rects(t),
    outro: { start: OUTRO, alpha: (t) => 1 - progress(t, OUTRO, 0.6) },
    staticKey: canonicalJson({ accent, footer: [c.m.standard, c.standardName, c.sourceLine, M, footerY, inner, spec.footer], W, H }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent, glowAt: [0.25, 0.2], glowStrength: 1.1 });
      drawFooter(g, c, M, footerY, inner, spec.footer);
    },
    drawFrame(g, t) {
      drawBase(g, t);
      drawAmbient(g, t);
    },
    // Once the line (or the bars, their values and the marker) has come in, only the ambient
    // motion plays until the outro (0.1 s later: a fade that has just ended may still be a
    // rounding short of opaque).
    layers: { still: [{ from: Math.max(settled, markerFrom + 0.4) + 0.1, to: OUTRO }], drawBase, drawAmbient },
  };

  /** What moves while the picture holds: drawn over drawBase. */
  function drawAmbient(g: SKRSContext2D, t: number): void {
    ambient.draw(g, t);
    live.draw(g, t);
  }

  /** The frame without its ambient motion. */
  function drawBase(g: SKRSContext2D, t: number): void {
    const out = (start: number) => fade(t, start, 0.5, OUTRO, 0.6);
    const he = easeOutCubic(progress(t, 0.1, 0.8));
    drawSprite(g, headerSprite, M, headY, { alpha: out(0.1), dx: -60 * (1 - he) });
    cards.forEach((s, i) => {
      const ce = easeOutCubic(progress(t, 0.5 + i * 0.15, 0.7));
      drawSprite(g, s, cardX(i), cardsY, { alpha: out(0.5 + i * 0.15), dy: 30 * (1 - ce) });
    });
    if (current) {
      g.save();
      g.globalAlpha = out(0.9);
      g.beginPath();
      g.arc(liveDot.cx, liveDot.cy, liveDot.r, 0, Math.PI * 2);
      g.fillStyle = accent;
      g.fill();
      g.restore();
    }

    // Bands and axis fade in, then the line draws itself from left to right.
    const ba = out(0.8);
    g.save();
    g.globalAlpha = ba;
    for (const b of bands) {
      const yTop = yOf(Math.min(b.hi, yMax));
      const yBot = yOf(b.lo);
      g.fillStyle = rgba(b.color, 0.16);
      g.fillRect(plot.x, yTop, plot.w, yBot - yTop);
      g.fillStyle = rgba(b.color, 0.75);
      g.fillRect(plot.x, yTop, 6, yBot - yTop);
      if (b.lo > 0) {
        g.fillStyle = 'rgba(255,255,255,0.25)';
        g.fillRect(plot.x, yBot - 1, plot.w, 2);
      }
      if (thresholdLabels.has(b.lo)) {
        // The threshold on a dark backing, clear of the line's first point and the marker there.
        const size = tickSize * 0.85;
        const text = num(b.lo);
        const tw = measure(g, text, size, 600);
        const lx = plot.x + 48;
        roundRectPath(g, lx - size * 0.4, yBot - size * 1.55, tw + size * 0.8, size * 1.4, size * 0.5);
        g.fillStyle = 'rgba(8,12,30,0.6)';
        g.fill();
        drawText(g, text, lx, yBot - size * 0.5, { size, weight: 600, color: MUTED });
      }
    }
    if (bands.length === 0) {
      g.fillStyle = 'rgba(255,255,255,0.05)';
      g.fillRect(plot.x, plot.y, plot.w, plot.h);
    }
    g.fillStyle = 'rgba(255,255,255,0.35)';
    g.fillRect(plot.x, plot.y + plot.h, plot.w, 2);
    if (bars.length) {
      // What the bars are, where the unit would be: the values are in their own units, the axis is the scale.
      const capSize = fitSize(g, tm.allNow, chart.w, tickSize, tickSize * 0.7, 600);
      drawText(g, ellipsize(g, tm.allNow, chart.w, capSize, 600), chart.x, chart.y + capSize, { size: capSize, weight: 600, color: MUTED });
      bars.forEach((b, i) => {
        const symSize = fitSize(g, b.view.symbol, slot - 8, tickSize * 1.05, 8, 700);
        drawText(g, b.view.symbol, barCx(i), plot.y + plot.h + tickSize * 1.6, { size: symSize, weight: 700, color: i === own ? INK : MUTED, align: 'center' });
      });
    } else {
      drawText(g, unit, plot.x + 14, plot.y + tickSize * 1.2, { size: tickSize * 0.85, weight: 600, color: MUTED });
    }
    for (const tk of visibleTicks) {
      g.fillStyle = 'rgba(255,255,255,0.35)';
      g.fillRect(tk.x - 1, plot.y + plot.h, 2, 10);
      const w = measure(g, tk.text, tickSize, 500);
      const x = Math.max(plot.x, Math.min(plot.x + plot.w - w, tk.x - w / 2));
      drawText(g, tk.text, x, plot.y + plot.h + tickSize * 1.6, { size: tickSize, weight: 500, color: MUTED });
    }
    g.restore();

    if (points.length) {
      const pe = easeInOutCubic(progress(t, drawStart, drawDur));
      const la = 1 - progress(t, OUTRO, 0.6);
      const head = plot.x + plot.w * pe;
      g.save();
      g.globalAlpha = la;
      g.beginPath();
      g.rect(plot.x - 10, plot.y - 40, head - plot.x + 20, plot.h + 80);
      g.clip();
      // Area under the line, then the line.
      linePath(g);
      g.lineTo(xOf(t1), plot.y + plot.h);
      g.lineTo(xOf(t0), plot.y + plot.h);
      g.closePath();
      const fill = g.createLinearGradient(0, plot.y, 0, plot.y + plot.h);
      fill.addColorStop(0, rgba(accent, 0.35));
      fill.addColorStop(1, rgba(accent, 0.02));
      g.fillStyle = fill;
      g.fill();
      linePath(g);
      g.lineJoin = 'round';
      g.lineCap = 'round';
      g.strokeStyle = '#FFFFFF';
      g.lineWidth = format === 'landscape' ? 5 : 6;
      g.stroke();
      g.restore();
      // Peak bubble once the line passed it.
      if (bubble && peak) {
        const pa = progress(t, drawStart + drawDur * ((xOf(peak.t) - plot.x) / plot.w) + 0.1, 0.4) * la;
        if (pa > 0) {
          const { text, size, x: bx, y: by, w: bw, h: bh } = bubble;
          g.save();
          g.globalAlpha = pa;
          const pc = rate(peak.v)?.color ?? accent;
          roundRectPath(g, bx, by, bw, bh, bh / 2);
          g.fillStyle = pc;
          g.fill();
          drawText(g, text, bx + bw / 2, by + bh / 2 + size * 0.36, { size, weight: 700, color: readableTextOn(pc), align: 'center' });
          g.beginPath();
          g.arc(xOf(peak.t), yOf(peak.v), 7, 0, Math.PI * 2);
          g.fill();
          g.restore();
        }
      }
    } else if (bars.length) {
      const la = 1 - progress(t, OUTRO, 0.6);
      bars.forEach((b, i) => {
        const grow = easeOutCubic(progress(t, barStart(i), 1));
        if (grow <= 0) return;
        const x = barCx(i) - barW / 2;
        const top = yOf(b.position * grow);
        const h = Math.max(barW * 0.1, plot.y + plot.h - top);
        g.save();
        g.globalAlpha = la;
        roundRectPath(g, x, plot.y + plot.h - h, barW, h, Math.min(12, barW / 4, h / 2));
        g.fillStyle = b.color;
        g.fill();
        // The value and its unit above the bar once it stands, on a dark backing (a bar near the top reaches under them).
        const va = progress(t, barStart(i) + 0.7, 0.4);
        if (va > 0) {
          g.globalAlpha = la * va;
          const vs = fitSize(g, b.view.valueText, slot - 16, tickSize * 1.3, tickSize * 0.6, 800);
          const us = fitSize(g, b.view.unit, slot - 16, tickSize * 0.8, tickSize * 0.5, 500);
          const bw = Math.max(measure(g, b.view.valueText, vs, 800), measure(g, b.view.unit, us, 500)) + tickSize * 0.8;
          const bh = vs + us * 1.3 + tickSize * 0.6;
          const by = Math.max(plot.y + 4, yOf(b.position) - (i === own ? 24 : 12) - bh);
          roundRectPath(g, barCx(i) - bw / 2, by, bw, bh, tickSize * 0.4);
          g.fillStyle = 'rgba(8,12,30,0.6)';
          g.fill();
          drawText(g, b.view.valueText, barCx(i), by + tickSize * 0.3 + vs * 0.85, { size: vs, weight: 800, color: INK, align: 'center' });
          drawText(g, b.view.unit, barCx(i), by + tickSize * 0.3 + vs + us * 1.05, { size: us, weight: 500, color: MUTED, align: 'center' });
        }
        g.restore();
      });
    } else {
      const msgSize = tickSize * 1.3;
      const msg = layoutBlock(g, current ? tm.noSeries : c.m.noPollutantDataHint, { maxWidth: plot.w * 0.7, maxLines: 2, size: msgSize, minSize: msgSize * 0.7, weight: 500 });
      drawBlock(g, msg, plot.x + 30, plot.y + plot.h / 2 - msg.height / 2, { color: MUTED, weight: 500, alpha: out(1.2) });
    }
    if (marker) {
      const ma = progress(t, markerFrom, 0.4) * (1 - progress(t, OUTRO, 0.6));
      if (ma > 0) {
        g.save();
        g.globalAlpha = ma;
        g.beginPath();
        g.arc(marker.x, marker.y, 12, 0, Math.PI * 2);
        g.fillStyle = accent;
        g.fill();
        g.lineWidth = 4;
        g.strokeStyle = '#FFFFFF';
        g.stroke();
        g.restore();
      }
    }
    // Band names last, on a dark backing inside the chart, so the line never hides them.
    g.save();
    g.globalAlpha = ba;
    for (const b of bands) {
      const yTop = yOf(Math.min(b.hi, yMax));
      const yBot = yOf(b.lo);
      if (yBot - yTop < bandLabelSize * 1.5) continue;
      const maxW = labelRoom ? labelRoom - 16 : plot.w * 0.5;
      const block = layoutBlock(g, b.label, { maxWidth: maxW, maxLines: labelRoom && yBot - yTop > bandLabelSize * 3 ? 2 : 1, size: bandLabelSize, minSize: bandLabelSize * 0.8, weight: 600, leading: 1.15 });
      const cy = (yTop + yBot) / 2;
      if (labelRoom) {
        drawBlock(g, block, plot.x + plot.w + 16, cy - block.height / 2, { color: legibleOn(b.color), weight: 600 });
      } else {
        const pw = block.width + bandLabelSize * 1.2;
        const ph = block.height + bandLabelSize * 0.5;
        // At the right of the band, or at its left when the peak's bubble is there.
        const right = plot.x + plot.w - 10 - pw;
        const px0 = overlapsBubble(right, cy - ph / 2, pw, ph) ? plot.x + plot.w * 0.3 : right;
        roundRectPath(g, px0, cy - ph / 2, pw, ph, ph / 2);
        g.fillStyle = 'rgba(8,12,30,0.72)';
        g.fill();
        drawBlock(g, block, px0 + bandLabelSize * 0.6, cy - block.height / 2, { color: legibleOn(b.color), weight: 600 });
      }
    }
    g.restore();
  }
}

export const trend: TemplateDefinition = {
  id: 'trend',
  name: 'Trend',
  description: 'An hourly series (the last 24 hours or the next 72 hours) as a line over the category bands of the AQI standard, with the current value, the peak and the low. Without a series it shows the current value, and every given pollutant as a bar up to its place on the scale. 12 s.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'series', 'pm25', 'pm10', 'no2', 'o3', 'so2', 'co', 'language', 'aqiStandard', 'date'],
  version: '1.4.1',
  durationSec: DURATION,
  durations: [DURATION],
  create: createTrend,
};
