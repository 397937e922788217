/**
 * From params to a ready-to-draw scene: AQI computed, words resolved, template laid
 * out for the frame shape. Shared by the video renderer and `describeFrame`.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { renderAqi } from '../aqi/index.js';
import type { AqiResult } from '../aqi/types.js';
import { recordDrawnText, recordText, type DrawnText } from '../draw/text.js';
import type { RenderParams } from '../params/types.js';
import { buildContent, type ReportContent } from '../templates/content.js';
import { getTemplate } from '../templates/registry.js';
import type { SceneTiming } from '../templates/storyboard.js';
import type { TemplateDefinition } from '../templates/types.js';
import type { MapTiles } from '../map/tiles.js';
import { EngineError } from '../errors.js';
import { checkThemeInput, DEFAULT_THEME, recordDrawnLogos, resolveTheme, withTheme, type DrawnLogo, type Theme, type ThemeInput } from '../theme/index.js';
import { cardSeconds, type ThemeCards } from './cards.js';
import type { DrawableScene } from './drawable.js';
import { ensureFonts } from './fonts.js';
import { FPS, frameGeometry } from './geometry.js';
import { staticLayers } from './static-cache.js';

/** What the params' template reads from the operator's map tiles before its layout (null: nothing). */
export async function readTemplateTiles(params: RenderParams): Promise<MapTiles | null> {
  return (await getTemplate(params.template).mapTiles?.(params)) ?? null;
}

/** A template laid out for one render: the scene to draw and what it was made from. */
export interface PreparedScene extends DrawableScene {
  template: TemplateDefinition;
  aqi: AqiResult;
  content: ReportContent;
  durationSec: number;
}

/**
 * Lays out `params` for drawing in `theme` (a resolved theme; the default look if
 * omitted); `shareStatic: false` draws a static layer of its own instead of using
 * the process-wide cache.
 */
export function prepareScene(params: RenderParams, opts: { shareStatic?: boolean; theme?: Readonly<Theme>; minDurationSec?: number; mapTiles?: MapTiles | null; captions?: boolean } = {}): PreparedScene {
  ensureFonts();
  const theme = opts.theme ?? DEFAULT_THEME;
  const template = getTemplate(params.template);
  const geo = frameGeometry(params.format, params.resolution);
  // A given index (an index video) is drawn as given; otherwise the index is computed from the concentrations.
  const aqi = renderAqi(params);
  const content = buildContent(params, aqi);
  const baseSec = params.durationSec ?? template.durationSec;
  // Longer than the template: the last scene gets the extra whole frames.
  const extraFrames = opts.minDurationSec !== undefined && Number.isFinite(opts.minDurationSec) ? Math.max(0, Math.ceil(opts.minDurationSec * FPS - 1e-6) - Math.round(baseSec * FPS)) : 0;
  const extendLastSec = extraFrames / FPS;
  // Layout measures text (and may rasterise sprites): in the theme's typeface.
  const scene = withTheme(theme, () => template.create({
    params,
    aqi,
    content,
    format: params.format,
    width: geo.design.width,
    height: geo.design.height,
    pixelScale: geo.scale,
    fps: FPS,
    durationSec: baseSec,
    ...(extendLastSec > 0 ? { extendLastSec } : {}),
    ...(opts.mapTiles ? { mapTiles: opts.mapTiles } : {}),
    ...(opts.captions ? { captions: true } : {}),
  }));
  // A template that does not tell scenes ignores the extension (the renderer holds it still instead).
  const lastEnd = scene.timeline?.at(-1)?.end ?? baseSec;
  const durationSec = extendLastSec > 0 && Math.abs(lastEnd - (baseSec + extendLastSec)) < 0.5 / FPS ? baseSec + extendLastSec : baseSec;
  const drawStaticLayer = () => {
    const layer = createCanvas(geo.width, geo.height);
    const sctx = layer.getContext('2d');
    sctx.scale(geo.scale, geo.scale);
    withTheme(theme, () => scene.drawStatic(sctx));
    return layer;
  };
  const variantKey = `${theme.isDefault ? '' : `|theme:${theme.key}`}${opts.captions ? '|captions' : ''}`;
  const obtainStaticLayer = () =>
    scene.staticKey === undefined || opts.shareStatic === false ? drawStaticLayer() : staticLayers.get(`${template.id}@${template.version}|${geo.width}x${geo.height}|${scene.staticKey}${variantKey}`, drawStaticLayer);
  // Drawn on first use: a thread that only converts and encodes (drawing in a worker) never needs it.
  let staticLayer: Canvas | null = null;
  return {
    template,
    scene,
    aqi,
    content,
    width: geo.width,
    height: geo.height,
    scale: geo.scale,
    fps: FPS,
    frames: Math.round(durationSec * FPS),
    durationSec,
    theme,
    get staticLayer() {
      return (staticLayer ??= obtainStaticLayer());
    },
  };
}

/** The last frame drawn in full before the scene's outro fade, or null when it has none. */
export function outroFrame(ps: DrawableScene): number | null {
  return ps.scene.outro ? Math.floor(ps.scene.outro.start * ps.fps + 1e-6) : null;
}

/** Opacity of the scene over its static layer at frame `i` (1 before the outro). */
export function outroAlpha(ps: DrawableScene, i: number): number {
  const f0 = outroFrame(ps);
  return f0 === null || i <= f0 || !ps.scene.outro ? 1 : Math.max(0, Math.min(1, ps.scene.outro.alpha(i / ps.fps)));
}

/** Composes frame `i` of a prepared scene onto `ctx` (a canvas of the output size). */
export function drawFrame(ps: DrawableScene, ctx: SKRSContext2D, i: number): void {
  const f0 = outroFrame(ps);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.drawImage(ps.staticLayer, 0, 0);
  ctx.setTransform(ps.scale, 0, 0, ps.scale, 0, 0);
  withTheme(ps.theme, () => ps.scene.drawFrame(ctx, (f0 !== null && i > f0 ? f0 : i) / ps.fps));
  if (f0 !== null && i > f0) {
    // The outro: the frame at its start faded over the static layer as a whole.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1 - outroAlpha(ps, i);
    ctx.drawImage(ps.staticLayer, 0, 0);
    ctx.globalAlpha = 1;
    ctx.setTransform(ps.scale, 0, 0, ps.scale, 0, 0);
  }
}

export interface FrameDescription {
  template: string;
  language: string;
  width: number;
  height: number;
  /** Every string drawn: while laying out and drawing the static layer, then in the frame at `timeSec`. */
  texts: string[];
  /** The strings of the static layer and sprites. */
  staticTexts: string[];
  /** The strings drawn in the frame itself. */
  frameTexts: string[];
  /** Every string drawn (static layer, sprites, frame) with where it went, in the pixels of the canvas it was drawn on. */
  boxes: DrawnText[];
  /** Every logo drawn, likewise. */
  logos: DrawnLogo[];
  timeSec: number;
  aqi: AqiResult;
}

/**
 * The text layer of a frame: which strings a template draws for `params` (at the
 * poster moment unless `timeSec` is given). Tests use it to check each language
 * draws its own words, without OCR. With `captions`, laid out as for burned-in
 * captions (their band left free).
 */
export function describeFrame(params: RenderParams, opts: { timeSec?: number; theme?: Readonly<Theme>; captions?: boolean } = {}): FrameDescription {
  let ps: PreparedScene | undefined;
  let staticBoxes: DrawnText[] = [];
  let staticLogos: DrawnLogo[] = [];
  const staticTexts = recordText(() => {
    // Its own static layer: a shared one would not record its texts again.
    staticBoxes = recordDrawnText(() => {
      staticLogos = recordDrawnLogos(() => {
        ps = prepareScene(params, { shareStatic: false, ...(opts.theme ? { theme: opts.theme } : {}), ...(opts.captions ? { captions: true } : {}) });
      });
    });
  });
  // Every field of the scene was filled in above, scene by scene.
  const prepared = ps as PreparedScene;
  const timeSec = opts.timeSec ?? prepared.scene.posterTime;
  const canvas = createCanvas(prepared.width, prepared.height);
  let frameBoxes: DrawnText[] = [];
  let frameLogos: DrawnLogo[] = [];
  const frameTexts = recordText(() => {
    frameBoxes = recordDrawnText(() => {
      frameLogos = recordDrawnLogos(() => drawFrame(prepared, canvas.getContext('2d'), Math.round(timeSec * prepared.fps)));
    });
  });
  return {
    template: prepared.template.id,
    language: params.language,
    width: prepared.width,
    height: prepared.height,
    texts: [...staticTexts, ...frameTexts],
    staticTexts,
    frameTexts,
    boxes: [...staticBoxes, ...frameBoxes],
    logos: [...staticLogos, ...frameLogos],
    timeSec,
    aqi: prepared.aqi,
  };
}

/**
 * The scenes of a render in time order — id, kind, start and end seconds, and what each
 * shows in words — so a narration can be timed to the picture. A template that is not
 * told in scenes yet is one scene from 0 to its end. With `minDurationSec` past the
 * template's length, the last scene is that much longer (as renderVideo draws it).
 * With a theme's intro and outro `cards`, the report's scenes start after the intro
 * (an `intro` scene) and an `outro` scene follows them, as renderVideo plays them.
 */
export function sceneTimeline(params: RenderParams, opts: { minDurationSec?: number; cards?: ThemeCards } = {}): SceneTiming[] {
  const errors = checkThemeInput({ ...(opts.cards?.intro ? { intro: opts.cards.intro } : {}), ...(opts.cards?.outro ? { outro: opts.cards.outro } : {}) });
  if (errors.length > 0) throw new EngineError('invalid_params', `invalid cards: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, { fields: errors });
  const cards = cardSeconds(opts.cards);
  const reportMin = opts.minDurationSec === undefined ? undefined : Math.max(0, opts.minDurationSec - cards.intro);
  const ps = prepareScene(params, { shareStatic: false, ...(reportMin !== undefined ? { minDurationSec: reportMin } : {}) });
  const report: SceneTiming[] = ps.scene.timeline ?? [{ id: ps.template.id, kind: 'report', start: 0, end: ps.durationSec, shows: ps.template.name }];
  // A template not told in scenes is held still for the extra time: its one scene ends with the hold.
  const reportEnd = Math.max(ps.frames, reportMin === undefined ? 0 : Math.ceil(reportMin * ps.fps - 1e-6)) / ps.fps;
  const shifted = report.map((s, i) => ({ ...s, start: s.start + cards.intro, end: (i === report.length - 1 ? Math.max(s.end, reportEnd) : s.end) + cards.intro }));
  return [
    ...(cards.intro > 0 ? [{ id: 'intro', kind: 'intro' as const, start: 0, end: cards.intro, shows: 'The brand’s intro card' }] : []),
    ...shifted,
    ...(cards.outro > 0 ? [{ id: 'outro', kind: 'outro' as const, start: cards.intro + reportEnd, end: cards.intro + reportEnd + cards.outro, shows: 'The brand’s outro card' }] : []),
  ];
}

/** One frame as a PNG (previews, thumbnails, visual checks), without ffmpeg, in the look of `theme` (default: the built-in look). */
export async function renderFramePng(params: RenderParams, timeSec: number, theme?: ThemeInput): Promise<Buffer> {
  const canvas = await drawOneFrame(params, timeSec, theme);
  return canvas.encode('png');
}

/** The poster frame (the template's settled moment) as a JPEG, in the look of `theme`: brand previews. */
export async function renderPosterJpeg(params: RenderParams, theme?: ThemeInput, quality = 85): Promise<Buffer> {
  const canvas = await drawOneFrame(params, null, theme);
  return canvas.encode('jpeg', quality);
}

async function drawOneFrame(params: RenderParams, timeSec: number | null, themeInput?: ThemeInput): Promise<Canvas> {
  const { theme } = await resolveTheme(themeInput);
  const mapTiles = await readTemplateTiles(params);
  const ps = prepareScene(params, { theme, mapTiles });
  const canvas = createCanvas(ps.width, ps.height);
  drawFrame(ps, canvas.getContext('2d'), Math.min(ps.frames - 1, Math.round((timeSec ?? ps.scene.posterTime) * ps.fps)));
  return canvas;
}
