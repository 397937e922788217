/** What drawing frames needs of a scene: a template's (PreparedScene), or a brand's intro or outro card (cards.ts). */
import type { Canvas } from '@napi-rs/canvas';
import type { TemplateScene } from '../templates/types.js';
import type { Theme } from '../theme/index.js';

export interface DrawableScene {
  scene: TemplateScene;
  /** Output pixels. */
  width: number;
  height: number;
  /** Output pixels per design unit. */
  scale: number;
  fps: number;
  frames: number;
  /** The look everything is drawn in. */
  theme: Readonly<Theme>;
  /** The static layer at output resolution (drawn, or taken from the cache, on first use). */
  readonly staticLayer: Canvas;
}
