/**
 * The corpus split into a development part and a held-out part by publisher: rules
 * are written against the development part; the held-out part's publishers (layouts.ts,
 * `part: 'heldout'`) are never read for misses, only scored (bench/ingest-extraction.ts
 * prints both). A publisher is in one part only.
 */
import { agencyCorpus } from './agencies.js';
import { extraAgencyCorpus, type ExtraAgencyDoc } from './agencies-extra.js';
import { layoutCorpus, type Part } from './layouts.js';

export type { Part };

/** Every document of one part; a document's seed (scan angle, photo distortions) is its place in its part. */
export function corpusPart(part: Part): ExtraAgencyDoc[] {
  if (part === 'heldout') return layoutCorpus('heldout');
  const first = agencyCorpus().map((d) => ({ ...d, family: d.id.replace(/-(?:pdf-text|pdf-scan|png|photo)$/, '') }));
  return [...first, ...extraAgencyCorpus(), ...layoutCorpus('dev')];
}
