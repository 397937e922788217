/**
 * The bridge between the engine's render-parameter contract and the API's
 * error catalogue: one schema (the engine's), one validation path.
 */
import { EngineError, listTemplates, normalizeRenderParams, type RenderParams } from '@aqcast/engine';
import { AppError, validationError, type FieldError } from '../errors/catalogue.js';

/** Validates and normalizes render params; `prefix` names the item in a batch (e.g. `items[3].`). */
export function parseRenderParams(input: unknown, prefix = ''): RenderParams {
  try {
    return normalizeRenderParams(input);
  } catch (err) {
    throw toAppError(err, prefix);
  }
}

export function toAppError(err: unknown, prefix = ''): unknown {
  if (!(err instanceof EngineError)) return err;
  const fields: FieldError[] = (err.fields ?? [{ field: 'params', message: err.message }]).map((f) => ({ field: prefix + f.field, message: f.message }));
  if (err.code === 'unknown_template') {
    const known = listTemplates().map((t) => t.id);
    return new AppError('unknown_template', `${prefix}template: unknown template; known templates are ${known.join(', ')}`, { errors: fields, knownTemplates: known });
  }
  if (err.code === 'invalid_params') return validationError(fields);
  return err;
}
