/**
 * Which template frame each output frame shows. Normally the identity; when the
 * video must last longer than the template (a narration longer than its timing),
 * the template is held still at its poster moment — where everything has settled —
 * for the extra time, and then plays on to its outro. A held frame is the same
 * template frame again, so it costs nothing to draw and the incremental renderer
 * redraws only what an overlay (captions) changes on top of it.
 */

export interface FrameTimeline {
  /** Output frames. */
  frames: number;
  durationSec: number;
  /** Frames inserted by the hold (0 when the template's own length is enough). */
  heldFrames: number;
  /** The first output frame of the hold. */
  holdAt: number;
  /** The template frame shown at output frame `i` (non-decreasing, steps of 0 or 1). */
  templateFrame(i: number): number;
}

/**
 * A timeline of at least `minDurationSec` seconds (never shorter than the template)
 * for a template of `templateFrames` frames at `fps`, holding at template frame `holdAt`.
 */
export function holdTimeline(templateFrames: number, fps: number, holdAt: number, minDurationSec = 0): FrameTimeline {
  const wanted = Number.isFinite(minDurationSec) ? Math.ceil(minDurationSec * fps - 1e-6) : 0;
  const frames = Math.max(templateFrames, wanted);
  const heldFrames = frames - templateFrames;
  const at = Math.max(0, Math.min(templateFrames - 1, holdAt));
  return {
    frames,
    durationSec: frames / fps,
    heldFrames,
    holdAt: at,
    templateFrame: (i) => (i < at ? i : i < at + heldFrames ? at : i - heldFrames),
  };
}
