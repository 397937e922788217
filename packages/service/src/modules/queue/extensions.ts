/**
 * The queue's one extension point: what another module may add to the jobs it
 * queued, without the queue knowing what it is — engine options the worker passes
 * to the render (the ai module: captions, a narration track, a minimum length) and
 * extra public files beside the video (`captions.vtt`).
 */
import type { RenderOptions } from '@aqcast/engine';

/** Engine options a job's render may get from an extension (the brands module: the theme). */
export type JobRenderExtras = Pick<RenderOptions, 'captions' | 'audio' | 'minDurationSec' | 'theme'>;

export interface JobExtension {
  /**
   * Extras for the render of job `jobId`, or null when the job is not this
   * extension's. Files it puts under `workDir` are removed by `cleanup`, which the
   * worker calls after the attempt, whatever its outcome.
   */
  renderExtras?(jobId: string, workDir: string): Promise<{ options: JobRenderExtras; cleanup?: () => Promise<void> } | null>;
  /** Storage key of an extra public file of job `jobId` (e.g. `captions.vtt`), or null. */
  fileKey?(jobId: string, name: string): Promise<string | null>;
}
