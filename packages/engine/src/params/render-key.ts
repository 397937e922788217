import { createHash } from 'node:crypto';
import { mapTilesKey } from '../map/tiles.js';
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
  // A map drawn over an operator's tiles differs from one over Natural Earth alone.
  const tiles = def.mapTiles ? mapTilesKey() : null;
  return createHash('sha256')
    .update(`aqcast-render\n${def.id}\n${def.version}\n${canonicalJson(params)}${tiles ? `\ntiles:${tiles}` : ''}`)
    .digest('hex');
}
