import { createHash } from 'node:crypto';
import { getTemplate } from '../templates/registry.js';
import type { RenderParams } from './types.js';

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Content address of a render: sha256 (hex) over the template id, the template's
 * version and the canonical normalized params. Same inputs, same key; a template
 * change (new version) gives new keys.
 */
export function renderKey(params: RenderParams): string {
  const def = getTemplate(params.template);
  return createHash('sha256')
    .update(`aqcast-render\n${def.id}\n${def.version}\n${canonicalJson(params)}`)
    .digest('hex');
}
