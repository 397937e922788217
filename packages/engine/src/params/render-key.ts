import { createHash } from 'node:crypto';
import { getTemplate } from '../templates/registry.js';
import { canonicalJson } from './canonical-json.js';
import type { RenderParams } from './types.js';

export { canonicalJson } from './canonical-json.js';

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
