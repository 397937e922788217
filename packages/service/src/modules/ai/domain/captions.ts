/**
 * From narration sentences to caption cues: each sentence is cut into pieces of at
 * most two caption lines (at a clause when one is near, else between words), and
 * each piece shows for its share of the sentence's spoken time. Offline, the
 * sentence times are estimates fitted into the template's window; with a speech
 * provider they are the measured lengths of the synthesized audio.
 */
import type { Language } from '@aqcast/engine';
import { estimateSeconds, NARRATION_LEAD_SEC, NARRATION_TAIL_SEC } from './text.js';
import { LINE_CHARS, type VttCue } from './webvtt.js';

/** At most two lines per cue. */
export const CUE_CHARS = LINE_CHARS * 2;
/** Pause between spoken sentences. */
export const SENTENCE_GAP_SEC = 0.3;

/** Pieces of `text`, each at most `max` characters, cut after a clause where possible. */
export function chunkText(text: string, max = CUE_CHARS): string[] {
  const t = text.replace(/[^\S\u00a0]+/g, ' ').trim();
  if (t.length <= max) return t ? [t] : [];
  const words = t.split(' ');
  // The cut point closest to the middle, preferring one after punctuation.
  let best = -1;
  let bestScore = Infinity;
  let pos = 0;
  for (let i = 0; i < words.length - 1; i++) {
    pos += (words[i] as string).length + 1;
    const punct = /[.;:!?]$/.test(words[i] as string) ? 0.25 : /[,—]$/.test(words[i] as string) ? 0.12 : 0;
    const score = Math.abs(pos / t.length - 0.5) - punct;
    if (score < bestScore) {
      bestScore = score;
      best = i + 1;
    }
  }
  if (best < 0) return [t.slice(0, max - 1) + '…'];
  return [...chunkText(words.slice(0, best).join(' '), max), ...chunkText(words.slice(best).join(' '), max)];
}

/** A sentence and when it is spoken. */
export interface TimedSentence {
  text: string;
  start: number;
  end: number;
}

/** A number and its unit (87,4 µg/m³, 9 °C, 64 %) joined by a no-break space, so no line ever splits them. */
export function keepUnitsTogether(text: string): string {
  return text.replace(/(\d) (µg\/m³|mg\/m³|°C|%)/g, '$1\u00a0$2');
}

/** Cues for timed sentences: each piece shares its sentence's time by length. */
export function cuesFor(sentences: readonly TimedSentence[]): VttCue[] {
  const cues: VttCue[] = [];
  for (const s of sentences) {
    const pieces = chunkText(keepUnitsTogether(s.text));
    const total = pieces.reduce((a, p) => a + p.length, 0);
    let at = s.start;
    for (const [i, piece] of pieces.entries()) {
      const end = i === pieces.length - 1 ? s.end : at + ((s.end - s.start) * piece.length) / total;
      cues.push({ start: round3(at), end: round3(end), text: piece });
      at = end;
    }
  }
  return cues;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Estimated times of sentences spoken from {@link NARRATION_LEAD_SEC}, with a short
 * pause between them, squeezed if needed to end {@link NARRATION_TAIL_SEC} before
 * `durationSec` — so every cue lies within the video.
 */
export function estimatedTimes(language: Language, sentences: readonly { spoken: string; written: string }[], durationSec: number): TimedSentence[] {
  const lengths = sentences.map((s) => estimateSeconds(language, s.spoken));
  const gaps = SENTENCE_GAP_SEC * Math.max(0, sentences.length - 1);
  const window = Math.max(0.5, durationSec - NARRATION_LEAD_SEC - NARRATION_TAIL_SEC);
  const total = lengths.reduce((a, b) => a + b, 0) + gaps;
  const k = total > window ? window / total : 1;
  let at = NARRATION_LEAD_SEC;
  return sentences.map((s, i) => {
    const start = at;
    const end = start + (lengths[i] as number) * k;
    at = end + SENTENCE_GAP_SEC * k;
    return { text: s.written, start, end };
  });
}
