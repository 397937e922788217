/**
 * @aqcast/engine — turns air-quality values into short report videos. No HTTP, no
 * store: params in, MP4 + poster out.
 *
 * Terms: *render params* (what a video shows, validated by `RenderParamsSchema`),
 * *template* (a TypeScript module that lays out and animates a video), *format*
 * (landscape, portrait, square — each with its own layout), *resolution* (1080p,
 * 720p, 360p by the short side), *AQI standard* (the index whose categories and
 * colours the video uses).
 */
export type { Language } from './language.js';
export { LANGUAGES } from './language.js';
export { EngineError, type EngineErrorCode, type FieldError } from './errors.js';

export { RenderParamsSchema, FORMATS, RESOLUTIONS, LIMITS, type Format, type Resolution, type RenderParamsInput } from './params/schema.js';
export type { RenderParams, RenderSeries } from './params/types.js';
export { completeRenderParams, normalizeRenderParams } from './params/normalize.js';
export { PLACE_LIMITS, ProvenanceSchema, type PlaceInput, type Provenance, type StationInput } from './params/places.js';
export { renderKey, canonicalJson } from './params/render-key.js';

export { DEFAULT_TEMPLATE_ID, listTemplates, type TemplateInfo } from './templates/registry.js';

export { renderNormalizedVideo, renderVideo, type RenderOptions, type RenderResult } from './render/render-video.js';
export { StoryboardSheet, storyboardLayout, storyboardSpan, storyboardVtt, STORYBOARD_COLUMNS, STORYBOARD_MAX_TILES, STORYBOARD_TILE_MAX, type StoryboardFiles, type StoryboardLayout } from './storyboard/storyboard.js';
export type { SceneTiming, SceneKind } from './templates/storyboard.js';
export { describeFrame, renderFramePng, renderPosterJpeg, sceneTimeline, type FrameDescription } from './render/scene.js';
export {
  resolveTheme,
  checkThemeInput,
  listFamilies,
  TYPEFACE_KINDS,
  contrast,
  ensureContrast,
  DEFAULT_THEME,
  THEME_FAMILIES,
  MAX_CREDIT_CHARS,
  WCAG_TEXT,
  WCAG_LARGE,
  type Theme,
  type ThemeInput,
  type ThemeAdjustment,
  type ThemeColorsInput,
  type ThemeFamily,
  type ThemeLogoInput,
  type ThemeCardInput,
  type ResolvedTheme,
  type FamilyInfo,
  type TypefaceKind,
} from './theme/index.js';
export { frameGeometry } from './render/geometry.js';
export { cardSeconds, type ThemeCards } from './render/cards.js';
export { configureStaticLayerCache, staticLayerCacheStats, type StaticLayerCacheStats } from './render/static-cache.js';
export { configureMapTiles, mapTilesConfigured, mapTilesKey, TILE_LAYERS, type MapTiles } from './map/tiles.js';
export { findFfmpeg, findFfprobe, findX264Driver } from './ffmpeg/locate.js';
export { CaptionOverlay, normalizeCues, MAX_CUE_CHARS, MAX_CUES, type CaptionCue, type CaptionOptions } from './captions/overlay.js';
export { holdTimeline, type FrameTimeline } from './render/timeline.js';

export { ADVICE, RECOMMENDATIONS, MESSAGES, POLLUTANT_NAME, POLLUTANT_SYMBOL, type Messages } from './i18n/messages.js';
export { SENSITIVE_ADVICE } from './i18n/sensitive-advice.js';
export { STANDARD_SHORT_NAME } from './templates/content.js';
export { LOCALE_TAG, type Localized } from './language.js';

export {
  computeAqi,
  rateGivenIndex,
  renderAqi,
  INDEX_SCALE_STANDARDS,
  CATEGORY_STANDARDS,
  concentrationFromUsAqi,
  fromPpb,
  listAqiStandards,
  getAqiStandard,
  givenIndexRange,
  shownIndex,
  AQI_STANDARD_IDS,
  INDEX_ONLY_STANDARD_IDS,
  RATED_STANDARD_IDS,
  DEFAULT_AQI_STANDARD,
  POLLUTANTS,
  type AqiStandardId,
  type AqiResult,
  type AqiCategory,
  type PollutantAqi,
  type PollutantIndex,
  type GivenIndex,
  type PollutantId,
  type Severity,
} from './aqi/index.js';
