/**
 * Terms of the drawing layer:
 * - design space: the frame's coordinate system at 1080p (landscape 1920×1080,
 *   portrait 1080×1920, square 1080×1080); templates lay out in it and the renderer
 *   scales to the requested resolution.
 * - static layer: what never changes during the video, drawn once.
 * - sprite: a pre-rendered element (a card, a headline) that only moves or fades.
 * - scene: one template laid out for one set of params and one frame shape.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AqiResult } from '../aqi/types.js';
import type { MapTiles } from '../map/tiles.js';
import type { Format } from '../params/schema.js';
import type { RenderParams } from '../params/types.js';
import type { ReportContent } from './content.js';

export interface SceneInput {
  params: RenderParams;
  aqi: AqiResult;
  content: ReportContent;
  format: Format;
  /** Design-space size. */
  width: number;
  height: number;
  /** Output pixels per design unit (1 at 1080p, 1/3 at 360p); sprites are rasterised at this scale. */
  pixelScale: number;
  fps: number;
  durationSec: number;
  /**
   * Seconds the last scene lasts beyond `durationSec` (a narration longer than the
   * template's length). A template told in scenes lengthens its last scene, which
   * keeps moving; the renderer holds any other template still for the extra time.
   */
  extendLastSec?: number;
  /** Burned-in captions: the layout leaves their band free (stage.ts `footerClearOfCaptions`). */
  captions?: boolean;
  /** The operator's vector tiles under a map's view, read before layout (`TemplateDefinition.mapTiles`); absent: none. */
  mapTiles?: MapTiles | null;
}

export interface TemplateScene {
  /** Draws the parts that never change, in design coordinates. */
  drawStatic(ctx: SKRSContext2D): void;
  /**
   * Everything `drawStatic` depends on, as a string: renders whose key (with the
   * template, its version and the frame size) is equal share one static layer in a
   * worker process. Omitted: the layer is drawn for every render.
   */
  staticKey?: string;
  /** Draws frame-time `t` (seconds) over the static layer, in design coordinates. */
  drawFrame(ctx: SKRSContext2D, t: number): void;
  /** A moment where everything has settled (gauge at its value): the poster frame. */
  posterTime: number;
  /**
   * What may differ between the frame at `t` and the frame one step before it:
   * `'full'`, or design-space rectangles (empty: nothing moved). Lets the renderer
   * redraw and read back only small regions while the scene holds still. Omitted:
   * always `'full'`. A test renders every template both ways and compares pixels.
   */
  changes?(t: number): 'full' | Rect[];
  /**
   * The closing fade: from `start` on, the frame is the one at `start` laid over the
   * static layer at opacity `alpha(t)` as a whole (a group fade). The renderer
   * composites it from the two finished frames instead of drawing every element
   * again; `changes` is not asked about those frames.
   */
  outro?: { start: number; alpha(t: number): number };
  /** The scenes on the video's timeline (a template told as a storyboard); omitted: one scene. */
  timeline?: SceneTiming[];
  /**
   * For a template not told in scenes: the stretches (seconds) where its picture has
   * settled and only ambient motion plays, between entrances, page turns and exits.
   * Checks of a settled layout (empty bands) look at these moments; `changes` cannot
   * tell them apart once entrances are redrawn in small regions too.
   */
  holds?: { from: number; to: number }[];
  /**
   * The frame as two layers, so a renderer can keep what stands still: `drawFrame(ctx, t)`
   * draws the same as `drawBase(ctx, t)` then `drawAmbient(ctx, t)`, and in each of the
   * `still` stretches (seconds, from ≤ t < to) `drawBase` draws the same picture at every
   * t. There the renderer draws the base once and, each frame, copies it and draws only
   * the ambient motion over it. The frames test holds this to drawFrame's own pixels.
   */
  layers?: { still: { from: number; to: number }[]; drawBase(ctx: SKRSContext2D, t: number): void; drawAmbient(ctx: SKRSContext2D, t: number): void };
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  /**
   * Design px around the rectangle that its redraw must also cover because something
   * blurred reaches into it (a glow, a shadow): Skia computes a blur from what the
   * clip lets through, so a clip edge closer than the blur's reach changes its pixels.
   */
  bleed?: number;
  /**
   * Where inside the rectangle pixels may change, when that is much less than all of
   * it (a thin ring turning round a still disc): the rectangle is redrawn whole under
   * a clip of its own, so every edge comes out as in a full frame, but only these
   * parts are read back, converted and encoded.
   */
  parts?: Rect[];
}

export interface TemplateDefinition {
  id: string;
  name: string;
  description: string;
  formats: readonly Format[];
  /** Render parameters the template shows. */
  params: readonly string[];
  /** Bumped whenever the template's pixels change, so content-addressed caches miss. */
  version: string;
  /** The default length in seconds. */
  durationSec: number;
  /** Every length the template can tell (`durationSec` among them). */
  durations: readonly number[];
  create(input: SceneInput): TemplateScene;
  /** Reads what a map draws from the operator's tiles, before `create` (which draws synchronously); null: nothing to read. */
  mapTiles?(params: RenderParams): Promise<MapTiles | null>;
}

/** What a scene shows; `intro` and `outro` are a brand's cards around the report. */
export type SceneKind = 'intro' | 'outro' | 'report' | 'title' | 'index' | 'scale' | 'pollutants' | 'pollutant' | 'weather' | 'advice' | 'sensitive' | 'recommendations' | 'series' | 'source';

/** One scene on the video's timeline. */
export interface SceneTiming {
  id: string;
  kind: SceneKind;
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  shows: string;
}
