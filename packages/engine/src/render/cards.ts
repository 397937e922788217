/**
 * A brand's intro and outro cards: a logo sting of 1–2 s before and after the report.
 * On the brand's backdrop (drawn once per worker and shared, like a template's static
 * layer) the logo scales and fades in, then keeps growing slowly so no stretch of the
 * card is a still picture; an accent rule grows under it and the card's line of text
 * rises in. The intro clears to its backdrop before the report starts; the outro ends
 * on the logo. A brand without a logo shows its credit line as a word mark.
 *
 * A card is a scene like a template's and goes through the same frame drawer: only
 * the rectangles that move are redrawn, read back and converted.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { drawBackdrop } from '../draw/background.js';
import { easeInCubic, easeOutBack, easeOutCubic, progress } from '../draw/easing.js';
import { drawText, ellipsize, fitSize, measure, wrap } from '../draw/text.js';
import type { Format, Resolution } from '../params/schema.js';
import { stageFor } from '../templates/stage.js';
import type { Rect, TemplateScene } from '../templates/types.js';
import { DEFAULT_COLORS, drawLogo, logoBox, withTheme, type Theme, type ThemeCardInput } from '../theme/index.js';
import { ensureFonts } from './fonts.js';
import { FPS, frameGeometry } from './geometry.js';
import type { DrawableScene } from './drawable.js';
import { staticLayers } from './static-cache.js';

export type CardKind = 'intro' | 'outro';

/** Bumped whenever a card's pixels change (part of its static layer's cache key). */
const CARD_VERSION = '1';
/** The backdrop's glow when the brand has no accent. */
const NEUTRAL_GLOW = '#5B7CFF';

/** Frames a card lasts (0 without one). */
export function cardFrames(card: ThemeCardInput | null | undefined): number {
  return card ? Math.round(card.durationSec * FPS) : 0;
}

/** A theme's intro and outro cards (as in its input; null or omitted: none). */
export interface ThemeCards {
  intro?: ThemeCardInput | null | undefined;
  outro?: ThemeCardInput | null | undefined;
}

/** Seconds the intro and outro of a theme add to a video (whole frames). */
export function cardSeconds(cards: ThemeCards | undefined): { intro: number; outro: number } {
  return { intro: cardFrames(cards?.intro) / FPS, outro: cardFrames(cards?.outro) / FPS };
}

/** Per format: the logo's height, its widest, the text size and the word mark's size (design px). */
const SIZES: Record<Format, { logoH: number; logoMaxW: number; text: number; mark: number }> = {
  landscape: { logoH: 260, logoMaxW: 0.5, text: 46, mark: 96 },
  portrait: { logoH: 280, logoMaxW: 0.72, text: 52, mark: 92 },
  square: { logoH: 230, logoMaxW: 0.66, text: 40, mark: 80 },
};

/** Slowest growth of the logo over the card (it never holds still). */
const DRIFT = 0.05;
/** How long the intro takes to clear to its backdrop at its end (s). */
const INTRO_EXIT = 0.2;

interface CardLayout {
  cx: number;
  /** Centre of the logo (or the word mark). */
  markCy: number;
  markW: number;
  markH: number;
  ruleY: number;
  ruleW: number;
  lines: string[];
  textSize: number;
  /** Baseline of the first line. */
  textY: number;
  lineH: number;
  /** The word mark when there is no logo. */
  mark: { text: string; size: number } | null;
}

function layOut(g: SKRSContext2D, theme: Readonly<Theme>, card: ThemeCardInput, format: Format, W: number, H: number): CardLayout {
  const stage = stageFor(format, W, H);
  const s = SIZES[format];
  const maxTextW = (stage.right - stage.left) * 0.85;
  let markW: number;
  let markH: number;
  let mark: CardLayout['mark'] = null;
  if (theme.logo) {
    const box = logoBox(theme.logo, s.logoH, W * s.logoMaxW);
    markW = box.w;
    markH = box.h;
  } else {
    const text = theme.credit;
    const size = text === '' ? s.mark : fitSize(g, text, maxTextW, s.mark, s.mark * 0.45, 800);
    mark = { text: text === '' ? '' : ellipsize(g, text, maxTextW, size, 800), size };
    markW = text === '' ? 0 : measure(g, mark.text, size, 800);
    markH = text === '' ? 0 : size;
  }
  // The card's line: up to two lines, shrinking before it is cut.
  const raw = card.text ?? '';
  let textSize = s.text;
  let lines = raw === '' ? [] : wrap(g, raw, maxTextW, textSize, 600);
  while (lines.length > 2 && textSize > s.text * 0.65) {
    textSize = Math.floor(textSize * 0.9);
    lines = wrap(g, raw, maxTextW, textSize, 600);
  }
  if (lines.length > 2) lines = [lines[0] ?? '', ellipsize(g, lines.slice(1).join(' '), maxTextW, textSize, 600)];
  const lineH = textSize * 1.3;
  const gap = s.text * 0.7;
  const ruleH = 6;
  const textH = lines.length * lineH;
  const total = markH + gap + ruleH + (lines.length ? gap + textH : 0);
  // Centred in the part of the frame every feed leaves visible (portrait keeps clear of its top and bottom).
  const top = (stage.top + stage.bottom) / 2 - total / 2;
  const markCy = top + markH / 2;
  const ruleY = top + markH + gap;
  return {
    cx: W / 2,
    markCy,
    markW,
    markH,
    ruleY,
    ruleW: Math.max(120, Math.min(markW, W * 0.3) * 0.5),
    lines,
    textSize,
    textY: ruleY + ruleH + gap + textSize * 0.95,
    lineH,
    mark,
  };
}

/** The card as a scene: backdrop static, the logo, rule and text drawn per frame. */
function cardScene(kind: CardKind, card: ThemeCardInput, theme: Readonly<Theme>, format: Format, W: number, H: number): TemplateScene {
  const d = cardFrames(card) / FPS;
  const L = layOut(createCanvas(8, 8).getContext('2d'), theme, card, format, W, H);
  const accent = theme.colors.accent ?? theme.colors.text;
  // Over the whole card (the intro also clears at its end).
  const exit = (t: number) => (kind === 'intro' ? 1 - easeInCubic(progress(t, d - INTRO_EXIT, INTRO_EXIT)) : 1);
  const markAlpha = (t: number) => easeOutCubic(progress(t, 0.05, 0.35)) * exit(t);
  const markScale = (t: number) => (0.72 + 0.28 * easeOutBack(progress(t, 0.05, 0.5), 1.2)) * (1 + (DRIFT * t) / d);
  const ruleGrow = (t: number) => easeOutCubic(progress(t, 0.2, 0.4));
  const textIn = (t: number) => easeOutCubic(progress(t, 0.25, 0.35));
  // Largest extent of each moving part (the overshoot and the drift included).
  const grow = 1.12;
  const markRect: Rect = { x: L.cx - (L.markW * grow) / 2 - 8, y: L.markCy - (L.markH * grow) / 2 - 8, w: L.markW * grow + 16, h: L.markH * grow + 16 };
  const ruleRect: Rect = { x: L.cx - L.ruleW / 2 - 4, y: L.ruleY - 4, w: L.ruleW + 8, h: 14 };
  const textRect: Rect = { x: 0, y: L.textY - L.textSize * 1.2, w: W, h: L.lines.length * L.lineH + L.textSize * 0.8 + 24 };
  return {
    posterTime: Math.min(d, 1),
    drawStatic(g) {
      drawBackdrop(g, { width: W, height: H, accent: theme.colors.accent ?? NEUTRAL_GLOW, glowAt: [0.5, 0.45], glowStrength: 0.8 });
    },
    drawFrame(g, t) {
      const a = markAlpha(t);
      if (a > 0.001 && L.markH > 0) {
        const k = markScale(t);
        g.save();
        g.globalAlpha = a;
        g.translate(L.cx, L.markCy);
        g.scale(k, k);
        if (theme.logo) drawLogo(g, theme.logo, L.markW / 2, 0, SIZES[format].logoH, W * SIZES[format].logoMaxW);
        else if (L.mark) drawText(g, L.mark.text, 0, L.mark.size * 0.35, { size: L.mark.size, weight: 800, color: DEFAULT_COLORS.text, align: 'center' });
        g.restore();
      }
      const rw = L.ruleW * ruleGrow(t);
      if (rw > 0.5) {
        g.save();
        g.globalAlpha = exit(t);
        g.fillStyle = accent;
        g.beginPath();
        g.roundRect(L.cx - rw / 2, L.ruleY, rw, 6, 3);
        g.fill();
        g.restore();
      }
      const ta = textIn(t) * exit(t);
      if (ta > 0.001) {
        const dy = 18 * (1 - textIn(t));
        L.lines.forEach((line, i) => drawText(g, line, L.cx, L.textY + i * L.lineH + dy, { size: L.textSize, weight: 600, color: DEFAULT_COLORS.text, align: 'center', alpha: ta }));
      }
    },
    changes(t) {
      const moving: Rect[] = [markRect];
      if (t <= 0.7 || t >= d - INTRO_EXIT - 1 / FPS) moving.push(ruleRect, ...(L.lines.length ? [textRect] : []));
      return moving;
    },
  };
}

/**
 * The intro or outro card of `theme` for a frame shape, ready to draw; null when the
 * theme has none.
 */
export function prepareCard(kind: CardKind, theme: Readonly<Theme>, format: Format, resolution: Resolution): DrawableScene | null {
  const card = theme[kind];
  if (!card) return null;
  ensureFonts();
  const geo = frameGeometry(format, resolution);
  const scene = withTheme(theme, () => cardScene(kind, card, theme, format, geo.design.width, geo.design.height));
  const drawStaticLayer = () => {
    const layer = createCanvas(geo.width, geo.height);
    const g = layer.getContext('2d');
    g.scale(geo.scale, geo.scale);
    withTheme(theme, () => scene.drawStatic(g));
    return layer;
  };
  // One backdrop for a brand's intro and outro, drawn once per worker.
  let staticLayer: Canvas | null = null;
  return {
    scene,
    width: geo.width,
    height: geo.height,
    scale: geo.scale,
    fps: FPS,
    frames: cardFrames(card),
    theme,
    get staticLayer() {
      return (staticLayer ??= staticLayers.get(`card@${CARD_VERSION}|${geo.width}x${geo.height}|theme:${theme.key}`, drawStaticLayer));
    },
  };
}
