/**
 * From narration sentences to caption cues: each sentence is cut into pieces of at
 * most two caption lines (at a clause when one is near, else between words), and
 * each piece shows for its share of the sentence's spoken time. Offline, the
 * sentence times are estimates fitted into the template's window; with a speech
 * provider they are the measured lengths of the synthesized audio.
 */
import type { Language } from '@aqcast/engine';
import { spokenUnitForms, writtenUnits } from './locale.js';
import { estimateSeconds, NARRATION_LEAD_SEC, NARRATION_TAIL_SEC } from './text.js';
import { voiced } from './voiced.js';
import { LINE_CHARS, type VttCue } from './webvtt.js';

/** At most two lines per cue. */
export const CUE_CHARS = LINE_CHARS * 2;
/** Pause between spoken sentences. */
export const SENTENCE_GAP_SEC = 0.3;

/** Pieces of `text`, each at most `max` characters (as `measure` counts them), cut after a clause where possible. */
export function chunkText(text: string, max = CUE_CHARS, measure: (s: string) => number = (s) => s.length): string[] {
  const t = text.replace(/[^\S\u00a0]+/g, ' ').trim();
  if (measure(t) <= max) return t ? [t] : [];
  const words = t.split(' ');
  // The cut point closest to the middle, preferring one after punctuation.
  let best = -1;
  let bestScore = Infinity;
  let pos = 0;
  for (let i = 0; i < words.length - 1; i++) {
    pos += (words[i]!).length + 1;
    const punct = /[.;:!?]$/.test(words[i]!) ? 0.25 : /[,—]$/.test(words[i]!) ? 0.12 : 0;
    const score = Math.abs(pos / t.length - 0.5) - punct;
    if (score < bestScore) {
      bestScore = score;
      best = i + 1;
    }
  }
  if (best < 0) return [t.slice(0, max - 1) + '…'];
  return [...chunkText(words.slice(0, best).join(' '), max, measure), ...chunkText(words.slice(best).join(' '), max, measure)];
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
    const end = start + (lengths[i]!) * k;
    at = end + SENTENCE_GAP_SEC * k;
    return { text: s.written, start, end };
  });
}

// ── the script: what is read and what is said, piece by piece ───────────────

/** One caption's worth of a sentence: as the captions show it and as the voice says it. */
export interface ScriptPiece {
  written: string;
  voiced: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A spoken sentence ("… 87,4 microgramos por metro cúbico …") cut into caption
 * pieces of at most {@link CUE_CHARS} as written, never between a number and its
 * unit; each piece as written (87,4 µg/m³) and as voiced (ochenta y siete coma cuatro…).
 */
export function scriptPieces(language: Language, spoken: string): ScriptPiece[] {
  let bound = spoken;
  for (const { form } of spokenUnitForms(language)) {
    bound = bound.replace(new RegExp(`(\\d) ${escapeRe(form)}(?![\\p{L}])`, 'gu'), (_m, d: string) => `${d}\u00a0${form.replace(/ /g, '\u00a0')}`);
  }
  const written = (s: string) => keepUnitsTogether(writtenUnits(language, s.replace(/\u00a0/g, ' ')));
  return chunkText(bound, CUE_CHARS, (s) => written(s).length).map((piece) => ({ written: written(piece), voiced: voiced(language, piece) }));
}

/** The sentence as the voice is given it, and where each piece starts in it. */
export function voicedSentence(pieces: readonly ScriptPiece[]): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  for (const p of pieces) {
    if (text) text += ' ';
    offsets.push(text.length);
    text += p.voiced;
  }
  return { text, offsets };
}

/** A spoken sentence: its pieces, when its audio starts and ends, and (when the synthesizer says) when each word starts, from the sentence's start. */
export interface SpokenSentence {
  pieces: readonly ScriptPiece[];
  start: number;
  end: number;
  words?: readonly { char: number; at: number }[];
}

/**
 * Cues timed by the speech: a piece starts when its first word is spoken (word
 * times from the synthesizer) or, without them, at its share of the sentence by
 * voiced length; it lasts until the next piece starts, the last until the sentence ends.
 */
export function spokenCues(sentences: readonly SpokenSentence[]): VttCue[] {
  const cues: VttCue[] = [];
  for (const s of sentences) {
    const { text, offsets } = voicedSentence(s.pieces);
    const span = s.end - s.start;
    const starts = offsets.map((off, i) => {
      if (i === 0) return s.start;
      const word = s.words?.find((w) => w.char >= off);
      const at = word ? s.start + word.at : s.start + (span * off) / Math.max(1, text.length);
      return Math.min(s.end, Math.max(s.start, at));
    });
    // A piece too short to show (a word event missing) shares the next piece's cue.
    let carry: { start: number; text: string } | null = null;
    for (const [i, p] of s.pieces.entries()) {
      const start: number = carry?.start ?? starts[i] ?? s.start;
      const end = starts[i + 1] ?? s.end;
      const text: string = carry ? `${carry.text} ${p.written}` : p.written;
      if (end - start < 0.05 && i < s.pieces.length - 1) {
        carry = { start, text };
        continue;
      }
      carry = null;
      cues.push({ start: round3(start), end: round3(Math.max(end, start + 0.05)), text });
    }
  }
  return cues;
}
