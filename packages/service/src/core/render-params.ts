/**
 * Render parameters, the one input every module that makes videos shares
 * (renders, queue, ingest, contexts, workflows, variants, ai): the engine's
 * schema and normalisation, with its errors in the API's terms. Input a route
 * checked is only completed (completeCheckedParams); input nothing checked yet
 * (GraphQL's, a workflow's) is parsed whole (parseRenderParams).
 */
import { completeRenderParams, EngineError, listTemplates, normalizeRenderParams, RenderParamsSchema, type RenderParams, type RenderParamsInput } from '@aqcast/engine';
import { AppError, defineErrors, validationError, type FieldError } from './errors.js';

const p = RenderParamsSchema.properties;
/** How a video is made, apart from what it reports: the render options a form over stored values (a context, an upload) takes. */
export const RENDER_OPTION_PROPS = { template: p.template, compositionId: p.compositionId, language: p.language, format: p.format, aqiStandard: p.aqiStandard, resolution: p.resolution };

export const RENDER_PARAMS_ERRORS = defineErrors({
  unknown_template: { status: 400, title: 'Unknown template' },
});

/** Validates and normalizes render params; `prefix` names the item in a batch (e.g. `items[3].`). */
export function parseRenderParams(input: unknown, prefix = ''): RenderParams {
  try {
    return normalizeRenderParams(input);
  } catch (err) {
    throw renderParamsError(err, prefix);
  }
}

/**
 * Completes render params that their route already checked against the schema:
 * only the rules across fields run here (same errors as {@link parseRenderParams}).
 */
export function completeCheckedParams(input: RenderParamsInput, prefix = ''): RenderParams {
  try {
    return completeRenderParams(input);
  } catch (err) {
    throw renderParamsError(err, prefix);
  }
}

/** An engine validation error as a 400 naming each field (prefixed); anything else unchanged. */
export function renderParamsError(err: unknown, prefix = ''): unknown {
  if (!(err instanceof EngineError)) return err;
  const fields: FieldError[] = (err.fields ?? [{ field: 'params', message: err.message }]).map((f) => ({ field: prefix + f.field, message: f.message }));
  if (err.code === 'unknown_template') {
    const known = listTemplates().map((t) => t.id);
    return new AppError(RENDER_PARAMS_ERRORS.unknown_template, `${prefix}template: unknown template; known templates are ${known.join(', ')}`, { errors: fields, knownTemplates: known });
  }
  if (err.code === 'invalid_params') return validationError(fields);
  return err;
}
