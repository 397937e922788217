/**
 * Ranking — many places in one video: 2–20 places (the `places` param; without it,
 * the render's own location) sorted by their index, worst first, each a bar in its
 * category's official colour with its index, category and main pollutant. The list
 * is walked page by page (landscape 6 rows a page, portrait 8, square 6, pages
 * balanced), the worst and the best are tagged, and a closing scene calls them out
 * side by side. A strip of the standard's scale at the bottom keeps the colours
 * readable.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Ambient } from '../draw/ambient.js';
import { drawBackdrop } from '../draw/background.js';
import { legibleOn, readableTextOn, rgba } from '../draw/color.js';
import { easeInOutCubic, easeOutCubic, fade, progress } from '../draw/easing.js';
import { roundRectPath, stripedPanel } from '../draw/shapes.js';
import { drawSprite, makeSprite, type Sprite } from '../draw/sprite.js';
import { drawBlock, drawText, ellipsize, fitSize, layoutBlock, measure } from '../draw/text.js';
import { PLACES_MESSAGES } from '../i18n/places.js';
import { canonicalJson } from '../params/canonical-json.js';
import type { Format } from '../params/schema.js';
import { ChangePlan, spriteBox, unionRect } from './changes.js';
import { measureContext } from './measure.js';
import { drawFooter, FAINT, INK, MUTED, NEUTRAL } from './parts.js';
import { rankingViews, type PlaceView } from './places-view.js';
import { footerClearOfCaptions, stageFor } from './stage.js';
import type { Rect, SceneInput, TemplateDefinition, TemplateScene } from './types.js';

const DURATION = 15;
const OUTRO = DURATION - 0.7;
const SUMMARY = 3.6;

interface Spec {
  margin: number;
  headY: number;
  overline: number;
  title: number;
  date: number;
  perPage: number;
  listTop: number;
  rowGap: number;
  strip: number;
  footer: number;
  footerFromBottom: number;
}

const SPECS: Record<Format, Spec> = {
  landscape: { margin: 90, headY: 64, overline: 24, title: 64, date: 26, perPage: 6, listTop: 300, rowGap: 14, strip: 16, footer: 18, footerFromBottom: 36 },
  // Portrait's header and footer come from its safe area (stage.ts); headY, listTop and footerFromBottom are unused there.
  portrait: { margin: 70, headY: 0, overline: 26, title: 76, date: 30, perPage: 8, listTop: 0, rowGap: 14, strip: 20, footer: 22, footerFromBottom: 0 },
  square: { margin: 56, headY: 50, overline: 20, title: 54, date: 22, perPage: 6, listTop: 252, rowGap: 10, strip: 14, footer: 16, footerFromBottom: 36 },
};

/** Pages of at most `per` rows, balanced (7 places at 6 a page: 4 + 3, not 6 + 1). */
export function pageSizes(n: number, per: number): number[] {
  const pages = Math.max(1, Math.ceil(n / per));
  const base = Math.floor(n / pages);
  const extra = n % pages;
  return Array.from({ length: pages }, (_, i) => base + (i < extra ? 1 : 0));
}

export function createRanking(input: SceneInput): TemplateScene {
  const { params, content: c, width: W, height: H, pixelScale: px, format } = input;
  const spec = SPECS[format];
  const lang = params.language;
  const pm = PLACES_MESSAGES[lang];
  const ctx = measureContext();
  const M = spec.margin;
  const inner = W - 2 * M;
  const views = rankingViews(params);
  const n = views.length;
  const rated = views.filter((v) => v.position !== null);
  const worst = rated.length >= 2 ? rated[0] ?? null : null;
  const best = rated.length >= 2 ? rated[rated.length - 1] ?? null : null;
  const accent = views[0]?.color ?? NEUTRAL;

  // Portrait keeps its words between the feed's covered bands.
  const stage = format === 'portrait' ? stageFor('portrait', W, H, input) : null;
  const headY = stage ? stage.top : spec.headY;

  // ---- header -----------------------------------------------------------------
  const overline = `${pm.ranking} · ${c.standardName}`.toUpperCase();
  const overSize = fitSize(ctx, overline, inner, spec.overline, spec.overline * 0.7, 700, 3);
  const title = layoutBlock(ctx, c.location, { maxWidth: inner, maxLines: 2, size: spec.title, minSize: spec.title * 0.5, weight: 800, leading: 1.06 });
  const subline = [c.date, c.temperature ? `${c.temperature.valueText} ${c.temperature.unit}` : '', c.humidity ? `${c.humidity.valueText} ${c.humidity.unit}` : ''].filter(Boolean).join('  ·  ');
  const dateSize = fitSize(ctx, subline, inner, spec.date, spec.date * 0.7, 500);
  const headerH = overSize * 1.8 + title.height + dateSize * 1.7;
  const headerSprite = makeSprite(inner, headerH, px, (g) => {
    drawText(g, overline, 0, overSize, { size: overSize, weight: 700, color: legibleOn(accent), tracking: 3 });
    drawBlock(g, title, 0, overSize * 1.8, { color: INK, weight: 800 });
    drawText(g, subline, 0, overSize * 1.8 + title.height + dateSize * 1.35, { size: dateSize, weight: 500, color: MUTED });
  }, 8);

  // ---- the list's geometry ----------------------------------------------------------
  const footerY = stage ? stage.bottom : footerClearOfCaptions(format, W, H, H - spec.footerFromBottom, spec.footer, input);
  const stripH = spec.strip;
  const stripLabel = spec.footer;
  // A category too long for its segment ("Insalubre para grupos sensibles" in a square's sixth) takes two lines, never "…".
  const stripSegW = inner / Math.max(1, c.scale.length);
  const stripLabels = c.scale.map((s) => layoutBlock(ctx, s.label, { maxWidth: stripSegW - 8, maxLines: 2, size: stripLabel, minSize: stripLabel * 0.8, weight: 600, leading: 1.15 }));
  const stripLabelsH = Math.max(stripLabel * 1.6, ...stripLabels.map((b) => b.height + stripLabel * 0.6));
  const stripY = footerY - spec.footer * 2.2 - stripLabelsH - stripH;
  const pages = pageSizes(n, spec.perPage);
  const perPage = Math.max(...pages);
  // Portrait and square pages of one to three rows (a ranking of two or three places) take taller rows
  // (their words no larger than a 165 px row's: the width stays) in the middle of the column, which starts
  // right under the header: at the usual height their rows left the lower half of the frame empty (a 30 %
  // band with two places).
  const fewRows = format !== 'landscape' && perPage <= 3;
  const listTop = fewRows ? headY + headerH + 24 : Math.max(spec.listTop, headY + headerH + 24);
  const listBottom = stripY - 40;
  const rowMax = (format === 'portrait' ? 150 : format === 'square' ? 140 : 120) * (fewRows ? Math.min(2, 4 / perPage) : 1);
  const rowH = Math.min(rowMax, (listBottom - listTop - (perPage - 1) * spec.rowGap) / perPage);
  // A short page spreads its rows over the list's height (up to three gaps' worth), so no band of it stays empty.
  const rowGap = perPage > 1 ? Math.min(spec.rowGap * 4, Math.max(spec.rowGap, (listBottom - listTop - perPage * rowH) / (perPage - 1))) : spec.rowGap;
  const listOffset = fewRows ? Math.max(0, (listBottom - listTop - perPage * rowH - (perPage - 1) * rowGap) / 2) : 0;
  const rowY = (slot: number) => listTop + listOffset + slot * (rowH + rowGap);
  // The row's words and marks are sized by textH, its elements placed by rowH. A row of a page of
  // one or two (230 px and more) gives its category a line of its own under the name: its words can
  // then be larger (a 210 px row's) and the row fills its height.
  const twoLines = rowH >= 230;
  const textH = Math.min(rowH, twoLines ? 210 : 165);
  const k = textH / 110;

  // One sprite per row: rank badge, name, index and category, main pollutant, the bar's track.
  const badgeD = Math.min(rowH * 0.62, 64 * k + 8);
  const textX = badgeD + 22 * k;
  const barX = textX;
  const barW = inner - textX;
  // Two lines above the bar and one below: the bar a little under the middle keeps the row's words centred.
  const barY = rowH / 2 + (twoLines ? textH * 0.115 : 0);
  const barH = Math.max(8, textH * 0.16);
  // The name's baseline sits just above the bar (rowH * 0.36 in a row up to 165 px tall), or above its category's line.
  const catLineY = barY - textH * 0.14;
  const nameY = twoLines ? catLineY - textH * 0.3 : catLineY;
  const tagOf = (v: PlaceView) => (v === worst ? pm.worst : v === best ? pm.best : null);
  const rowSprites: Sprite[] = views.map((v, i) =>
    makeSprite(inner, rowH, px, (g) => {
      const color = v.color ?? NEUTRAL;
      g.beginPath();
      g.arc(badgeD / 2, rowH / 2, badgeD / 2, 0, Math.PI * 2);
      g.fillStyle = color;
      g.fill();
      const rank = String(i + 1);
      drawText(g, rank, badgeD / 2, rowH / 2 + badgeD * 0.16, { size: fitSize(g, rank, badgeD * 0.8, badgeD * 0.44, 10, 800), weight: 800, color: readableTextOn(color), align: 'center' });
      // The right side: index (big) and category; the name takes what is left.
      const idxSize = textH * 0.34;
      const right = v.indexText ?? '';
      const catSize = textH * 0.19;
      const cat = v.label ?? (v.mainText ? c.m.notRated : c.m.noPollutantData);
      const rightW = Math.max(measure(g, right, idxSize, 800), 0);
      const tag = tagOf(v);
      const tagSize = textH * 0.16;
      const tagW = tag ? measure(g, tag.toUpperCase(), tagSize, 800, 1.5) + tagSize * 1.6 : 0;
      // The category takes what a short name leaves ("Insalubre para grupos sensibles" beside "Toluca"); a long name keeps at least its smallest size's worth, up to a third of the bar.
      const nameFloor = Math.min(measure(g, v.name, textH * 0.2, 700), barW / 3);
      const catW = twoLines ? 0 : Math.min(measure(g, cat, catSize, 600), Math.max(inner * 0.3, barW - rightW - tagW - 60 * k - nameFloor));
      const nameMax = barW - rightW - catW - tagW - 60 * k;
      const nameSize = fitSize(g, v.name, nameMax, textH * 0.28, textH * 0.2, 700);
      const name = ellipsize(g, v.name, nameMax, nameSize, 700);
      drawText(g, name, textX, nameY, { size: nameSize, weight: 700, color: INK });
      if (tag) {
        const tx = textX + measure(g, name, nameSize, 700) + 16 * k;
        const th = tagSize * 1.7;
        roundRectPath(g, tx, nameY - th * 0.78, tagW, th, th / 2);
        g.fillStyle = v === worst ? color : rgba('#FFFFFF', 0.16);
        g.fill();
        drawText(g, tag.toUpperCase(), tx + tagW / 2, nameY - th * 0.78 + th / 2 + tagSize * 0.36, { size: tagSize, weight: 800, color: v === worst ? readableTextOn(color) : INK, align: 'center', tracking: 1.5 });
      }
      if (right) drawText(g, right, inner, barY - textH * 0.12, { size: idxSize, weight: 800, color: INK, align: 'right' });
      const catColor = v.color ? legibleOn(v.color) : MUTED;
      if (twoLines) {
        const room = barW - rightW - 30 * k;
        const size = fitSize(g, cat, room, catSize, catSize * 0.8, 600);
        drawText(g, ellipsize(g, cat, room, size, 600), textX, catLineY, { size, weight: 600, color: catColor });
      } else {
        drawText(g, ellipsize(g, cat, catW + 1, catSize, 600), inner - rightW - (right ? 16 * k : 0), nameY, { size: catSize, weight: 600, color: catColor, align: 'right' });
      }
      roundRectPath(g, barX, barY, barW, barH, barH / 2);
      g.fillStyle = 'rgba(255,255,255,0.08)';
      g.fill();
      const detail = v.mainText ?? c.m.noPollutantDataHint;
      drawText(g, ellipsize(g, detail, barW, textH * 0.17, 500), textX, barY + barH + textH * 0.24, { size: textH * 0.17, weight: 500, color: FAINT });
    }, 6),
  );

  // ---- the standard's scale strip ------------------------------------------------------
  const scale = c.scale;
  const segW = stripSegW;
  const stripSprite = makeSprite(inner, stripH + stripLabelsH, px, (g) => {
    scale.forEach((s, i) => {
      g.fillStyle = s.color;
      g.fillRect(i * segW + 1, 0, segW - 2, stripH);
      const block = stripLabels[i];
      if (block) drawBlock(g, block, i * segW + segW / 2, stripH + stripLabel * 0.45, { color: MUTED, weight: 600, align: 'center' });
    });
  });
  const stripX = (v: PlaceView) => M + (v.level ?? 0) * segW + segW / 2;

  // ---- timeline: pages, then the closing call-out --------------------------------------
  const listEnd = worst ? OUTRO - SUMMARY : OUTRO;
  const listStart = 0.6;
  const pageDur = (listEnd - listStart) / pages.length;
  const pageStart = (p: number) => listStart + p * pageDur;
  const lastPage = pages.length - 1;
  const exitAt = (p: number) => (p === lastPage && !worst ? Infinity : pageStart(p) + pageDur - 0.45);
  const enterEnd = (p: number, rows: number) => pageStart(p) + 0.3 + rows * 0.08 + 0.9;
  const pageOf: { page: number; slot: number }[] = [];
  pages.forEach((size, p) => {
    for (let s = 0; s < size; s++) pageOf.push({ page: p, slot: s });
  });

  // The closing scene: worst and best side by side (stacked in portrait and square).
  const sumStart = listEnd;
  const sumTop = listTop;
  const sumGap = 30;
  const stacked = format !== 'landscape';
  const cardW = stacked ? inner : (inner - sumGap) / 2;
  // Stacked, the two cards share the list's height (portrait's column is tall: they grow into it).
  const cardH = stacked ? Math.min(format === 'portrait' ? 540 : 360, (listBottom - sumTop - sumGap) / 2) : Math.min(440, listBottom - sumTop);
  const cardAt = (i: number) => (stacked ? { x: M, y: sumTop + i * (cardH + sumGap) } : { x: M + i * (cardW + sumGap), y: sumTop });
  const callouts = worst && best ? [
    { v: worst, label: pm.worst },
    { v: best, label: pm.best },
  ] : [];
  const cardK = Math.min(cardH / 360, cardW / 700);
  // Portrait's cards are tall for their width: the name and the number grow with the height, not only the width.
  const tallK = Math.max(cardK, Math.min(cardH / 360, cardW / 560));
  const cardSprites = callouts.map(({ v, label }) =>
    makeSprite(cardW, cardH, px, (g) => {
      const color = v.color ?? NEUTRAL;
      stripedPanel(g, cardW, cardH, 26 * cardK, color, 12 * cardK, 0.14);
      const pad = 44 * cardK;
      drawText(g, label.toUpperCase(), pad, pad + 22 * cardK, { size: 26 * cardK, weight: 800, color: legibleOn(color), tracking: 3 });
      const nb = layoutBlock(g, v.name, { maxWidth: cardW - 2 * pad, maxLines: 2, size: 64 * tallK, minSize: 34 * cardK, weight: 800, leading: 1.05 });
      drawBlock(g, nb, pad, pad + 50 * cardK, { color: INK, weight: 800 });
      // Along the card's foot, the place on the standard's scale: its category's segment lit, a marker where it sits.
      const scaleW = cardW - 2 * pad;
      const scaleH = 14 * tallK;
      const scaleY = cardH - pad - scaleH;
      const seg = scaleW / Math.max(1, scale.length);
      scale.forEach((s, k) => {
        roundRectPath(g, pad + k * seg + 2, scaleY, seg - 4, scaleH, scaleH / 2);
        g.fillStyle = k === v.level ? s.color : rgba(s.color, 0.3);
        g.fill();
      });
      if (v.position !== null) {
        g.beginPath();
        g.arc(pad + scaleW * v.position, scaleY + scaleH / 2, scaleH * 0.95, 0, Math.PI * 2);
        g.fillStyle = color;
        g.fill();
        g.lineWidth = Math.max(2, 3 * cardK);
        g.strokeStyle = '#FFFFFF';
        g.stroke();
      }
      // The number and its category in the middle of what the name and the scale leave.
      const big = v.indexText ?? '';
      const bigSize = 84 * tallK;
      const rowTop = pad + 50 * cardK + nb.height;
      const rowBottom = scaleY - scaleH;
      const baseline = Math.max(rowTop + bigSize * 0.9, (rowTop + rowBottom) / 2 + bigSize * 0.36);
      if (big) drawText(g, big, pad, baseline, { size: bigSize, weight: 800, color: INK });
      const catX = pad + (big ? measure(g, big, bigSize, 800) + 24 * cardK : 0);
      const cat = v.label ?? c.m.notRated;
      const catSize = fitSize(g, cat, cardW - catX - pad, 32 * tallK, 18 * cardK, 700);
      const catY = baseline - bigSize * 0.25;
      drawText(g, ellipsize(g, cat, cardW - catX - pad, catSize, 700), catX, catY, { size: catSize, weight: 700, color: legibleOn(color) });
      if (v.mainText) drawText(g, ellipsize(g, v.mainText, cardW - catX - pad, 24 * tallK, 500), catX, catY + 36 * tallK, { size: 24 * tallK, weight: 500, color: MUTED });
    }, 24),
  );

  // ---- ambient motion in the holds -------------------------------------------------------
  const dt = 1 / input.fps;
  const holds: { from: number; to: number; amb: Ambient }[] = [];
  pages.forEach((size, p) => {
    const from = enterEnd(p, size);
    const to = Math.min(exitAt(p), OUTRO);
    const amb = new Ambient(from, to, dt);
    const first = pageOf.findIndex((q) => q.page === p);
    const onPage = views.slice(first, first + size);
    // Short rows (portrait's eight a page in its safe area) get a stronger light: a fainter one on a smaller area reads as a still picture.
    const short = rowH < 110;
    amb.sheen({ targets: onPage.map((_, s) => ({ x: M + barX, y: rowY(s) + barY - 4, w: barW, h: barH + 8, radius: barH / 2 })), period: 2.2, stagger: 0.12, duration: 1.1, strength: short ? 0.55 : 0.35 });
    // A highlight walks down the page, row by row.
    amb.spotlight({ targets: onPage.map((_, s) => ({ x: M, y: rowY(s), w: inner, h: rowH, radius: Math.min(18, rowH / 3) })), color: accent, hop: 0.9, strength: short ? 0.26 : 0.16 });
    const head = onPage[0];
    if (head) amb.ping({ cx: M + badgeD / 2, cy: rowY(0) + rowH / 2, from: badgeD / 2, to: badgeD / 2 + 18, period: 1.6, duration: 1.3, color: head.color ?? NEUTRAL, alpha: 0.8, lineWidth: 3 });
    if (head) amb.ping({ cx: stripX(head), cy: stripY + stripH / 2, from: 6, to: 26, period: 1.6, offset: 0.8, duration: 1.3, color: '#FFFFFF', alpha: 0.7, lineWidth: 2.5 });
    holds.push({ from, to, amb });
  });
  if (callouts.length) {
    const amb = new Ambient(sumStart + 1.2, OUTRO, dt);
    amb.sheen({ targets: callouts.map((_, i) => ({ ...cardAt(i), w: cardW, h: cardH, radius: 26 * cardK })), period: 2.4, stagger: 0.5, duration: 1.4, strength: 0.08 });
    amb.spotlight({ targets: callouts.map((_, i) => ({ ...cardAt(i), w: cardW, h: cardH, radius: 26 * cardK })), color: '#FFFFFF', hop: 1.1, strength: 0.1 });
    if (worst) amb.ping({ cx: stripX(worst), cy: stripY + stripH / 2, from: 6, to: 26, period: 1.6, duration: 1.3, color: '#FFFFFF', alpha: 0.7, lineWidth: 2.5 });
    holds.push({ from: sumStart + 1.2, to: OUTRO, amb });
  }
  const posterTime = holds[0] ? Math.min(holds[0].to - 0.1, holds[0].from + 1) : 5;

  // A row slides in from the right and out to the left by less than the margin: its words never leave the frame.
  const slide = Math.min(80, M * 0.8);
  const rowAlpha = (i: number, t: number) => {
    const q = pageOf[i];
    if (!q) return { a: 0, dx: 0, grow: 0 };
    const start = pageStart(q.page) + 0.3 + q.slot * 0.08;
    const ein = easeOutCubic(progress(t, start, 0.5));
    const out = easeInOutCubic(progress(t, exitAt(q.page), 0.4));
    const grow = easeInOutCubic(progress(t, start + 0.2, 0.8));
    return { a: ein * (1 - out) * (1 - progress(t, OUTRO, 0.6)), dx: slide * (1 - ein) - slide * out, grow };
  };

  // Where frames change: the header and the strip coming in, the call-out cards coming in
  // and the ambient motion of the holds; and the rows, each while it slides in or out (its
  // whole line) and while its bar grows (the bar's track). The rows' rectangles are redrawn
  // as one box round them: a clip of several bars apart blends their growing ends through
  // a coverage mask, up to 9 levels off.
  const changes = new ChangePlan(dt)
    .during(0.1, 0.9, spriteBox(headerSprite, M, headY, { dx: 60 }))
    .during(0.4, 1.0, spriteBox(stripSprite, M, stripY));
  cardSprites.forEach((sprite, i) => {
    const at = cardAt(i);
    changes.during(sumStart + 0.1 + i * 0.25, sumStart + 0.8 + i * 0.25, spriteBox(sprite, at.x, at.y, { dy: 40 }));
  });
  changes.also((t) => holds.flatMap((h) => h.amb.rects(t)));
  const rows = new ChangePlan(dt);
  views.forEach((_, i) => {
    const q = pageOf[i];
    const sprite = rowSprites[i];
    if (!q || !sprite) return;
    const start = pageStart(q.page) + 0.3 + q.slot * 0.08;
    const line = spriteBox(sprite, M, rowY(q.slot), { dx: slide });
    rows.during(start, start + 0.5, line);
    rows.during(start + 0.2, start + 1.0, { x: M + barX - 2, y: rowY(q.slot) + barY - 2, w: barW + 4, h: barH + 4 });
    if (exitAt(q.page) !== Infinity) rows.during(exitAt(q.page), exitAt(q.page) + 0.4, line);
  });

  return {
    posterTime,
    outro: { start: OUTRO, alpha: (t) => 1 - progress(t, OUTRO, 0.6) },
    holds: holds.map(({ from, to }) => ({ from, to })),
    changes(t): 'full' | Rect[] {
      if (t >= OUTRO) return 'full';
      const moving = rows.rects(t);
      return moving.length ? [unionRect(moving), ...changes.rects(t)] : changes.rects(t);
    },
    staticKey: canonicalJson({ t: 'ranking', accent, W, H, footer: [c.m.standard, c.standardName, c.sourceLine, M, footerY, inner, spec.footer] }),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent, glowAt: [0.2, 0.15], glowStrength: 0.9 });
      drawFooter(g, c, M, footerY, inner, spec.footer);
    },
    drawFrame(g, t) {
      drawBase(g, t);
      drawAmbient(g, t);
    },
    // Past a page's entrances (its last bar ends growing a frame after enterEnd) and the
    // call-out cards', only the ambient motion plays until the page turns or the outro.
    layers: { still: holds.map(({ from, to }) => ({ from: from + 0.1, to })), drawBase, drawAmbient },
  };

  function drawAmbient(g: SKRSContext2D, t: number): void {
    for (const h of holds) h.amb.draw(g, t);
  }

  function drawBase(g: SKRSContext2D, t: number): void {
    const he = easeOutCubic(progress(t, 0.1, 0.8));
    drawSprite(g, headerSprite, M, headY, { alpha: fade(t, 0.1, 0.5, OUTRO, 0.6), dx: -60 * (1 - he) });
    drawSprite(g, stripSprite, M, stripY, { alpha: fade(t, 0.4, 0.6, OUTRO, 0.6) });
    views.forEach((v, i) => {
      const q = pageOf[i];
      const sprite = rowSprites[i];
      if (!q || !sprite) return;
      const { a, dx, grow } = rowAlpha(i, t);
      if (a <= 0.001) return;
      const y = rowY(q.slot);
      drawSprite(g, sprite, M, y, { alpha: a, dx });
      const fill = (v.position ?? 0) * grow;
      if (fill > 0) {
        g.save();
        g.globalAlpha = a;
        const w = Math.max(barH, barW * fill);
        roundRectPath(g, M + barX + dx, y + barY, w, barH, barH / 2);
        g.fillStyle = v.color ?? NEUTRAL;
        g.fill();
        g.restore();
      }
    });
    cardSprites.forEach((s, i) => {
      const at = cardAt(i);
      const e = easeOutCubic(progress(t, sumStart + 0.1 + i * 0.25, 0.7));
      drawSprite(g, s, at.x, at.y, { alpha: e * (1 - progress(t, OUTRO, 0.6)), dy: 40 * (1 - e) });
    });
  }
}

export const ranking: TemplateDefinition = {
  id: 'ranking',
  name: 'Ranking',
  description: 'Many places (the places param, 2–20) sorted by their index, worst first: bars in the category colours, the worst and the best tagged and called out at the end; the list is walked page by page (portrait shows 8 a page). 15 s.',
  formats: ['landscape', 'portrait', 'square'],
  params: ['location', 'places', 'language', 'aqiStandard', 'date', 'provenance'],
  version: '1.4.1',
  durationSec: DURATION,
  durations: [DURATION],
  create: createRanking,
};
