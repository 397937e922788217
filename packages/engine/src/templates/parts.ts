/**
 * Building blocks shared by the templates: pollutant cards, weather tiles, the
 * category pill, the advice panel, the header. Each draws in local coordinates
 * (top-left at 0,0) so it can be rendered into a sprite and animated.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { legibleOn, rgba } from '../draw/color.js';
import { dropIcon, healthIcon, panel, pinIcon, roundRectPath, setShadow, thermometerIcon } from '../draw/shapes.js';
import { drawBlock, drawText, ellipsize, fitSize, layoutBlock, layoutBlockWithin, measure, type TextBlock } from '../draw/text.js';
import { activeTheme, DEFAULT_COLORS, drawLogo } from '../theme/index.js';
import type { CardView, CategoryView, MeasureView, ReportContent } from './content.js';

/** Text colours of the default look; drawText draws the active theme's in their place. */
export const INK = DEFAULT_COLORS.text;
export const MUTED = DEFAULT_COLORS.muted;
export const FAINT = DEFAULT_COLORS.faint;
export const NEUTRAL = '#7A86A8';

/** Corner radius of a pollutant card of w×h, as drawPollutantCard draws it. */
export function cardRadius(w: number, h: number): number {
  const compact = w / h < 2.3;
  return 22 * (compact ? Math.min(h / 130, w / 230) : Math.min(h / 150, w / 420));
}

/** Corner radius of a weather tile of w×h. */
export function tileRadius(w: number, h: number): number {
  return 22 * Math.min(h / 150, w / 300);
}

/** A pollutant card of w×h: symbol and name on the left, value and unit on the right, band chip below. */
export function drawPollutantCard(ctx: SKRSContext2D, p: CardView, w: number, h: number, c: ReportContent): void {
  const compact = w / h < 2.3;
  const k = compact ? Math.min(h / 130, w / 230) : Math.min(h / 150, w / 420);
  const accent = p.category?.color ?? NEUTRAL;
  panel(ctx, 0, 0, w, h, 22 * k);
  // Accent bar on the left edge, clipped to the card's corner.
  ctx.save();
  roundRectPath(ctx, 0, 0, w, h, 22 * k);
  ctx.clip();
  ctx.fillStyle = accent;
  ctx.fillRect(0, 0, 8 * k, h);
  const wash = ctx.createLinearGradient(0, 0, w * 0.6, 0);
  wash.addColorStop(0, rgba(accent, 0.16));
  wash.addColorStop(1, rgba(accent, 0));
  ctx.fillStyle = wash;
  ctx.fillRect(0, 0, w, h);
  ctx.restore();

  if (compact) {
    drawCompactCard(ctx, p, w, h, k, c);
    return;
  }
  const padX = 30 * k;
  const valueSize = 60 * k;
  const unitSize = 22 * k;
  const valueW = measure(ctx, p.valueText, valueSize, 700);
  const unitW = measure(ctx, p.unit, unitSize, 500);
  const rightW = Math.max(valueW, unitW);
  const leftW = w - padX * 2 - rightW - 20 * k;

  const symSize = fitSize(ctx, p.symbol, leftW, 38 * k, 24 * k, 700);
  drawText(ctx, p.symbol, padX, h * 0.36, { size: symSize, weight: 700, color: INK });
  const nameSize = 20 * k;
  drawText(ctx, ellipsize(ctx, p.name, leftW, nameSize, 500), padX, h * 0.36 + 32 * k, { size: nameSize, weight: 500, color: MUTED });

  drawText(ctx, p.valueText, w - padX, h * 0.5, { size: valueSize, weight: 700, color: INK, align: 'right' });
  drawText(ctx, p.unit, w - padX, h * 0.5 + 32 * k, { size: unitSize, weight: 500, color: MUTED, align: 'right' });

  // Band chip (or "not rated") along the bottom left.
  const chipY = h - 46 * k;
  const chipH = 30 * k;
  if (p.category) {
    // The chip's row lies beside the unit, not the value: it may reach the unit's left edge. Its text
    // shrinks, then leaves out the sub-index, before the category is cut ("Insalubre para grupos…").
    const maxW = w - padX * 2 - unitW - 16 * k;
    const full = p.indexText ? `${p.category.label} · ${p.indexText}` : p.category.label;
    const text = measure(ctx, full, 14 * k, 700) <= maxW - 40 * k ? full : p.category.label;
    const size = fitSize(ctx, text, maxW - 40 * k, 18 * k, 14 * k, 700);
    const label = ellipsize(ctx, text, maxW - 40 * k, size, 700);
    const cw = measure(ctx, label, size, 700) + 40 * k;
    roundRectPath(ctx, padX, chipY, cw, chipH, chipH / 2);
    ctx.fillStyle = rgba(p.category.color, 0.22);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(padX + 16 * k, chipY + chipH / 2, 6 * k, 0, Math.PI * 2);
    ctx.fillStyle = p.category.color;
    ctx.fill();
    drawText(ctx, label, padX + 30 * k, chipY + chipH / 2 + size * 0.36, { size, weight: 700, color: INK });
  } else {
    const size = 17 * k;
    drawText(ctx, ellipsize(ctx, c.m.notRated, leftW + 10 * k, size, 500), padX, chipY + chipH / 2 + size * 0.36, { size, weight: 500, color: FAINT });
  }
}

/**
 * Narrow card: symbol on top, value and unit in the middle, band chip at the bottom. A
 * category too long for one line ("Insalubre para grupos sensibles") takes two, and the
 * value moves up to make room.
 */
function drawCompactCard(ctx: SKRSContext2D, p: CardView, w: number, h: number, k: number, c: ReportContent): void {
  const padX = 24 * k;
  const inner = w - padX * 2;
  const y = h - 22 * k;
  const labelW = inner - 20 * k;
  const label = p.category?.label ?? null;
  const oneLineSize = label ? fitSize(ctx, label, labelW, 17 * k, 11.5 * k, 700) : 0;
  const block = label && measure(ctx, label, oneLineSize, 700) > labelW ? layoutBlock(ctx, label, { maxWidth: labelW, maxLines: 2, size: 15 * k, minSize: 12 * k, weight: 700, leading: 1.15 }) : null;
  const lift = block ? block.lineHeight * (block.lines.length - 1) : 0;
  drawText(ctx, p.symbol, padX, 40 * k, { size: fitSize(ctx, p.symbol, inner, 30 * k, 18 * k, 700), weight: 700, color: INK });
  const valueY = h * 0.64 - lift * 0.6;
  // Lifted, the value keeps its capitals clear of the symbol's subscript.
  const valueSize = fitSize(ctx, p.valueText, inner * 0.62, Math.min(46 * k, (valueY - 54 * k) / 0.72), 26 * k, 700);
  drawText(ctx, p.valueText, padX, valueY, { size: valueSize, weight: 700, color: INK });
  const vw = measure(ctx, p.valueText, valueSize, 700);
  const unitSize = fitSize(ctx, p.unit, inner - vw - 8 * k, 19 * k, 12 * k, 500);
  drawText(ctx, p.unit, padX + vw + 8 * k, valueY, { size: unitSize, weight: 500, color: MUTED });
  if (p.category && label) {
    const firstY = y - lift;
    ctx.beginPath();
    ctx.arc(padX + 6 * k, firstY - 6 * k, 6 * k, 0, Math.PI * 2);
    ctx.fillStyle = p.category.color;
    ctx.fill();
    if (block) {
      block.lines.forEach((line, i) => drawText(ctx, line, padX + 20 * k, firstY + i * block.lineHeight, { size: block.size, weight: 700, color: INK }));
    } else {
      drawText(ctx, ellipsize(ctx, label, labelW, oneLineSize, 700), padX + 20 * k, y, { size: oneLineSize, weight: 700, color: INK });
    }
  } else {
    const size = 15 * k;
    drawText(ctx, ellipsize(ctx, c.m.notRated, inner, size, 500), padX, y, { size, weight: 500, color: FAINT });
  }
}

/** A weather tile: icon, label, big value + unit. */
export function drawWeatherTile(ctx: SKRSContext2D, kind: 'temperature' | 'humidity', v: MeasureView, w: number, h: number, c: ReportContent): void {
  const k = Math.min(h / 150, w / 300);
  panel(ctx, 0, 0, w, h, 22 * k);
  const iconS = 64 * k;
  const color = kind === 'temperature' ? '#FFB347' : '#5EC8FF';
  const ix = 26 * k;
  const iy = (h - iconS) / 2;
  if (kind === 'temperature') thermometerIcon(ctx, ix, iy, iconS, color, 0.55);
  else dropIcon(ctx, ix, iy, iconS, color);
  const tx = ix + iconS + 20 * k;
  const maxW = w - tx - 22 * k;
  const label = kind === 'temperature' ? c.m.temperature : c.m.humidity;
  const labelSize = fitSize(ctx, label.toUpperCase(), maxW, 17 * k, 12 * k, 600, 2 * k);
  drawText(ctx, label.toUpperCase(), tx, h / 2 - 16 * k, { size: labelSize, weight: 600, color: MUTED, tracking: 2 * k });
  const text = `${v.valueText} ${v.unit}`;
  const size = fitSize(ctx, text, maxW, 54 * k, 26 * k, 700);
  drawText(ctx, text, tx, h / 2 + 40 * k, { size, weight: 700, color: INK });
}

/** Pill with the category name on its official colour. Returns its width for the given height. */
export function pillWidth(ctx: SKRSContext2D, label: string, h: number, maxW: number): { w: number; size: number } {
  const size = fitSize(ctx, label, maxW - h, h * 0.46, h * 0.3, 700);
  return { w: Math.min(maxW, measure(ctx, label, size, 700) + h), size };
}

export function drawCategoryPill(ctx: SKRSContext2D, cat: CategoryView, w: number, h: number, size: number): void {
  ctx.save();
  setShadow(ctx, rgba(cat.color, 0.55), 30);
  roundRectPath(ctx, 0, 0, w, h, h / 2);
  ctx.fillStyle = cat.color;
  ctx.fill();
  ctx.restore();
  drawText(ctx, ellipsize(ctx, cat.label, w - h * 0.8, size, 700), w / 2, h / 2 + size * 0.36, { size, weight: 700, color: cat.textColor, align: 'center' });
}

/**
 * A category pill in at most `maxW`: one line of height `h` when the label fits whole
 * (`pillWidth`'s sizes), else two lines in a taller pill — a category is never cut.
 */
export function wrappedPill(ctx: SKRSContext2D, label: string, h: number, maxW: number): { w: number; h: number; size: number; block: TextBlock | null } {
  const one = pillWidth(ctx, label, h, maxW);
  if (measure(ctx, label, one.size, 700) <= maxW - h * 0.8) return { ...one, h, block: null };
  const block = layoutBlock(ctx, label, { maxWidth: maxW - h * 0.8, maxLines: 2, size: h * 0.36, minSize: h * 0.26, weight: 700, leading: 1.1 });
  const width = Math.max(...block.lines.map((l) => measure(ctx, l, block.size, 700)));
  return { w: Math.min(maxW, width + h * 0.9), h: block.height + h * 0.5, size: block.size, block };
}

/** Draws a `wrappedPill` layout. */
export function drawWrappedPill(ctx: SKRSContext2D, cat: CategoryView, pill: ReturnType<typeof wrappedPill>): void {
  if (!pill.block) {
    drawCategoryPill(ctx, cat, pill.w, pill.h, pill.size);
    return;
  }
  ctx.save();
  setShadow(ctx, rgba(cat.color, 0.55), 30);
  roundRectPath(ctx, 0, 0, pill.w, pill.h, Math.min(pill.h / 2, pill.block.lineHeight));
  ctx.fillStyle = cat.color;
  ctx.fill();
  ctx.restore();
  drawBlock(ctx, pill.block, pill.w / 2, (pill.h - pill.block.height) / 2, { color: cat.textColor, weight: 700, align: 'center' });
}

/** Advice panel: health mark, small title, text in at most `maxLines` lines. */
export function layoutAdvice(ctx: SKRSContext2D, text: string, w: number, size: number, maxLines = 2): TextBlock {
  return layoutBlock(ctx, text, { maxWidth: w, maxLines, size, minSize: size * 0.72, weight: 500, leading: 1.25 });
}

/** Centre and radius of the health mark in an advice panel of height `h` (panel coordinates). */
export function adviceIcon(h: number, k = 1): { cx: number; cy: number; r: number } {
  const iconS = Math.min(64 * k, h - 32 * k);
  return { cx: 30 * k + iconS / 2, cy: h / 2, r: iconS / 2 };
}

export function drawAdvicePanel(ctx: SKRSContext2D, c: ReportContent, w: number, h: number, block: TextBlock, k = 1, title = c.m.healthAdvice): void {
  const accent = c.category?.color ?? NEUTRAL;
  panel(ctx, 0, 0, w, h, 24 * k, { fill: 'rgba(255,255,255,0.07)' });
  ctx.save();
  roundRectPath(ctx, 0, 0, w, h, 24 * k);
  ctx.clip();
  ctx.fillStyle = accent;
  ctx.fillRect(0, 0, 8 * k, h);
  ctx.restore();
  const iconS = Math.min(64 * k, h - 32 * k);
  healthIcon(ctx, 30 * k, (h - iconS) / 2, iconS, accent, c.category?.textColor ?? '#0B1020');
  const tx = 30 * k + iconS + 26 * k;
  const titleSize = 17 * k;
  const top = (h - (titleSize * 1.6 + block.height)) / 2;
  drawText(ctx, title.toUpperCase(), tx, top + titleSize, { size: titleSize, weight: 700, color: accent === NEUTRAL ? MUTED : legibleOn(accent), tracking: 3 * k });
  drawBlock(ctx, block, tx, top + titleSize * 1.6, { color: INK, weight: 500 });
}

export interface HeaderLayout {
  overline: string;
  overlineSize: number;
  location: TextBlock;
  dateSize: number;
  height: number;
  width: number;
}

/** Lays out overline + location (shrinks, then wraps to `maxLines`) + date. */
export function layoutHeader(ctx: SKRSContext2D, c: ReportContent, overline: string, width: number, opts: { size: number; minSize: number; maxLines: number; overlineSize: number; dateSize: number; maxHeight?: number }): HeaderLayout {
  const pinW = opts.size * 0.62;
  const block = { maxWidth: width - pinW, maxLines: opts.maxLines, size: opts.size, minSize: opts.minSize, weight: 800, leading: 1.08 } as const;
  // Within `maxHeight` (the whole header's), a long place gives up lines before it pushes the layout out.
  const location = opts.maxHeight === undefined ? layoutBlock(ctx, c.location, block) : layoutBlockWithin(ctx, c.location, block, opts.maxHeight - opts.overlineSize * 1.9 - opts.dateSize * 1.7);
  const height = opts.overlineSize * 1.9 + location.height + opts.dateSize * 1.7;
  return { overline: overline.toUpperCase(), overlineSize: fitSize(ctx, overline.toUpperCase(), width, opts.overlineSize, opts.overlineSize * 0.7, 700, 4), location, dateSize: opts.dateSize, height, width };
}

/** Where the location pin's tip sits in a header (header coordinates), and the pin's size. */
export function headerPinTip(hl: HeaderLayout): { x: number; y: number; size: number } {
  const pinS = hl.location.size * 0.5;
  return { x: pinS / 2, y: hl.overlineSize * 1.9 + (hl.location.lineHeight - pinS) / 2 + pinS * 0.98, size: pinS };
}

export function drawHeader(ctx: SKRSContext2D, c: ReportContent, hl: HeaderLayout, color: string): void {
  const accent = legibleOn(color);
  drawText(ctx, hl.overline, 0, hl.overlineSize, { size: hl.overlineSize, weight: 700, color: accent, tracking: 4 });
  const y = hl.overlineSize * 1.9;
  const pinS = hl.location.size * 0.5;
  pinIcon(ctx, 0, y + (hl.location.lineHeight - pinS) / 2, pinS, accent);
  drawBlock(ctx, hl.location, pinS * 1.25, y, { color: INK, weight: 800 });
  drawText(ctx, c.dateLong, 0, y + hl.location.height + hl.dateSize * 1.35, { size: fitSize(ctx, c.dateLong, hl.width, hl.dateSize, hl.dateSize * 0.7, 500), weight: 500, color: MUTED });
}

/** A thin bar along the bottom that fills over the video's duration (drawn per frame). */
export function drawTimeline(ctx: SKRSContext2D, width: number, height: number, t: number, duration: number, color: string): void {
  const p = Math.max(0, Math.min(1, t / duration));
  const theme = activeTheme().colors;
  // A theme with an accent fills the bar in it; the default look uses the template's colour.
  ctx.fillStyle = theme.accent === null ? 'rgba(255,255,255,0.08)' : rgba(theme.accent, 0.18);
  ctx.fillRect(0, height - 6, width, 6);
  ctx.fillStyle = theme.accent ?? color;
  ctx.fillRect(0, height - 6, width * p, 6);
}

/**
 * Footer: the standard's name on the left; on the right the theme's credit line
 * and logo (the logo right-aligned, about two text lines tall, centred on the
 * text; the credit and the standard's name shrink or cut so nothing overlaps).
 */
export function drawFooter(ctx: SKRSContext2D, c: ReportContent, x: number, y: number, width: number, size = 18): void {
  const theme = activeTheme();
  const text = `${c.m.standard}: ${c.standardName}`;
  if (theme.isDefault) {
    if (c.sourceLine) {
      // The source line first (it may say "preliminary data"), the scale after it; both shrink before they are cut.
      const both = `${c.sourceLine}  ·  ${text}`;
      const room = width - measure(ctx, 'aqcast', size, 800) - size * 2;
      const s = fitSize(ctx, both, room, size, size * 0.7, 500);
      drawText(ctx, ellipsize(ctx, both, room, s, 500), x, y, { size: s, weight: 500, color: FAINT });
    } else {
      drawText(ctx, ellipsize(ctx, text, width * 0.7, size, 500), x, y, { size, weight: 500, color: FAINT });
    }
    drawText(ctx, 'aqcast', x + width, y, { size, weight: 800, color: FAINT, align: 'right', tracking: 1 });
    return;
  }
  let right = x + width;
  if (theme.logo) {
    const box = drawLogo(ctx, theme.logo, right, y - size * 0.36, size * 2.2, width * 0.25);
    right = box.x - size * 0.8;
  }
  const credit = theme.credit === '' ? '' : ellipsize(ctx, theme.credit, Math.max(0, (right - x) * 0.45), size, 700);
  drawText(ctx, credit, right, y, { size, weight: 700, color: FAINT, align: 'right' });
  let used = credit === '' ? 0 : measure(ctx, credit, size, 700);
  if (theme.colors.accent !== null) {
    // The brand's accent as a short bar before the credit, in every template.
    const barW = size * 0.55;
    const barX = right - used - (used ? size * 0.6 : 0) - barW;
    ctx.fillStyle = theme.colors.accent;
    ctx.fillRect(barX, y - size * 1.05, barW, size * 1.4);
    used = right - barX;
  }
  const left = c.sourceLine ? `${c.sourceLine}  ·  ${text}` : text;
  const room = Math.max(0, right - x - used - size * 1.5);
  const s = fitSize(ctx, left, room, size, size * 0.7, 500);
  drawText(ctx, ellipsize(ctx, left, room, s, 500), x, y, { size: s, weight: 500, color: FAINT });
}

/** Columns for n cards with at most `max` per row, balancing the rows (4 → 2×2, not 3+1). */
export function balancedCols(n: number, max: number): number {
  if (n <= 0) return 1;
  return Math.ceil(n / Math.ceil(n / max));
}

/** Lays pollutant cards out in a grid inside `box`; returns each card's rectangle. */
export function cardGrid(n: number, box: { x: number; y: number; w: number }, cols: number, cardH: number, gap: number): { x: number; y: number; w: number; h: number }[] {
  const out: { x: number; y: number; w: number; h: number }[] = [];
  const rows = Math.ceil(n / cols);
  for (let row = 0; row < rows; row++) {
    const inRow = Math.min(cols, n - row * cols);
    // A short last row is centred, its cards as wide as the others.
    const w = (box.w - (cols - 1) * gap) / cols;
    const offset = ((cols - inRow) * (w + gap)) / 2;
    for (let col = 0; col < inRow; col++) out.push({ x: box.x + offset + col * (w + gap), y: box.y + row * (cardH + gap), w, h: cardH });
  }
  return out;
}
