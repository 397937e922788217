/**
 * The narration placed on the picture: each sentence is spoken while the scene that
 * shows what it says is on screen (the engine's scene timeline), never before that
 * scene starts and never over the sentence before it. A template told as one scene
 * gets its sentences one after another. What runs past the template's end lengthens
 * the video's last scene (the caller asks the engine for that length).
 */
import type { SceneKind, SceneTiming } from '@aqcast/engine';
import { decimalsFor, formatNumber } from './locale.js';
import type { ReportFacts } from './facts.js';
import type { SegmentKind } from './text.js';

/** The scenes a sentence is about, the most fitting first ('report': a template of one scene). */
export const SCENES_FOR: Record<SegmentKind, readonly SceneKind[]> = {
  opening: ['title', 'index', 'report'],
  dominant: ['pollutant', 'pollutants', 'index', 'report'],
  who: ['pollutant', 'pollutants', 'index', 'report'],
  others: ['pollutants', 'pollutant', 'report'],
  weather: ['weather', 'advice', 'report'],
  trend: ['series', 'index', 'report'],
  advice: ['advice', 'recommendations', 'sensitive', 'report'],
  sensitive: ['sensitive', 'recommendations', 'advice', 'report'],
};

/** A sentence to place: what it is about (null: unknown, it follows the one before) and how long it sounds. */
export interface SentenceToPlace {
  kind: SegmentKind | null;
  durationSec: number;
}

/** Where a sentence is spoken, and over which scene. */
export interface PlacedSentence {
  start: number;
  end: number;
  /** The scene it was placed on (null: it just follows the sentence before). */
  scene: string | null;
}

/**
 * Start times for `sentences` (in reading order) on `scenes`: a sentence starts when
 * the first scene of its kinds at or after the previous sentence's scene comes on,
 * or as soon as the previous sentence and a `gapSec` pause are over, whichever is
 * later; the first never before `leadSec`.
 */
export function placeOnScenes(sentences: readonly SentenceToPlace[], scenes: readonly SceneTiming[], opts: { leadSec: number; gapSec: number }): PlacedSentence[] {
  let at = opts.leadSec;
  let from = 0;
  return sentences.map((s) => {
    let found = -1;
    for (const kind of s.kind ? SCENES_FOR[s.kind] : []) {
      found = scenes.findIndex((sc, j) => j >= from && sc.kind === kind);
      if (found >= 0) break;
    }
    const scene = found >= 0 ? scenes[found] : undefined;
    if (found >= 0) from = found;
    const start = Math.max(at, scene?.start ?? 0);
    const end = start + s.durationSec;
    at = end + opts.gapSec;
    return { start, end, scene: scene?.id ?? null };
  });
}

/**
 * How much faster the sentences must be spoken for the last one to end by `endSec`
 * (1 when they already do), at most `maxSpeedup`; beyond that the video's last scene
 * is lengthened instead. `starts` are where the sentences were placed at their
 * lengths `lengths`; speaking faster shortens each sentence by the same factor, while
 * the pauses and the scene starts they wait for stay, so the speech after the last
 * wait must absorb what runs over.
 */
export function fitSpeedup(lengths: readonly number[], starts: readonly number[], opts: { endSec: number; maxSpeedup: number; gapSec: number }): number {
  const { endSec, maxSpeedup } = opts;
  const last = lengths.length - 1;
  const over = (starts[last] ?? 0) + (lengths[last] ?? 0) - endSec;
  if (last < 0 || over <= 0) return 1;
  // The sentences that run on from each other up to the end (a wait for a scene breaks the run).
  let first = last;
  while (first > 0 && (starts[first] ?? 0) - ((starts[first - 1] ?? 0) + (lengths[first - 1] ?? 0)) <= opts.gapSec + 1e-6) first--;
  const speech = lengths.slice(first).reduce((a, b) => a + b, 0);
  if (speech <= over) return maxSpeedup;
  return Math.min(maxSpeedup, speech / (speech - over));
}

const hasNumber = (text: string, lang: ReportFacts['language'], value: number, decimals: number) => {
  const n = formatNumber(lang, value, decimals);
  return new RegExp(`(?<![\\d.,])${n.replace(/[.,]/g, (c) => `\\${c}`)}(?![\\d]|[.,]\\d)`).test(text);
};

/**
 * What a sentence not written by the offline writer (a language model's) is about,
 * from the numbers it states — they are the facts' numbers exactly, or the guardrails
 * would have refused it — or null when it states none.
 */
export function kindOfSentence(facts: ReportFacts, text: string): SegmentKind | null {
  const lang = facts.language;
  if (facts.index !== null && hasNumber(text, lang, facts.index, 0)) return 'opening';
  const d = facts.dominant;
  if (d && hasNumber(text, lang, d.value, decimalsFor(d.id))) return 'dominant';
  if (d && hasNumber(text, lang, d.who.ratio, 1)) return 'who';
  if (facts.others.some((o) => hasNumber(text, lang, o.value, decimalsFor(o.id)))) return 'others';
  if ((facts.temperature !== null && hasNumber(text, lang, facts.temperature, 1)) || (facts.humidity !== null && hasNumber(text, lang, facts.humidity, 0))) return 'weather';
  return null;
}
