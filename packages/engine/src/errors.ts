/**
 * The engine's one error type. `code` is stable and machine-readable; callers map it
 * to their own catalogue (the service turns `invalid_params` into a 400, for example).
 *
 * - `invalid_params`   — a render parameter is missing, of the wrong type or out of range (see `fields`)
 * - `unknown_template` — the template id is not one of `listTemplates()` (see `fields`)
 * - `ffmpeg_not_found` — no ffmpeg/ffprobe binary at the given path, on PATH or in the npm package
 * - `ffmpeg_failed`    — ffmpeg exited non-zero or could not be started (see `stderrTail`)
 * - `aborted`          — the caller's AbortSignal fired; partial files were removed
 */
export type EngineErrorCode = 'invalid_params' | 'unknown_template' | 'ffmpeg_not_found' | 'ffmpeg_failed' | 'aborted';

/** One invalid render parameter: which field, and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly fields?: FieldError[];
  readonly stderrTail?: string;

  constructor(code: EngineErrorCode, message: string, extra: { fields?: FieldError[]; stderrTail?: string; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'EngineError';
    this.code = code;
    if (extra.fields) this.fields = extra.fields;
    if (extra.stderrTail !== undefined) this.stderrTail = extra.stderrTail;
  }
}
