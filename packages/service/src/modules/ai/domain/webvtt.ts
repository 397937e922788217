/**
 * WebVTT (W3C): the captions file served beside the video. Cue text is escaped
 * (&, <, >), broken into at most two balanced lines of about 42 characters, and
 * times are written as HH:MM:SS.mmm. The parser reads back what we write (and
 * ordinary files: headers, notes, identifiers, settings) for tests and checks.
 */

export interface VttCue {
  start: number;
  end: number;
  text: string;
}

/** Characters per caption line, the usual broadcast limit. */
export const LINE_CHARS = 42;

/** Seconds as HH:MM:SS.mmm. */
export function vttTimestamp(sec: number): string {
  const ms = Math.max(0, Math.round(sec * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (x: number, w = 2) => String(x).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text as one line, or two balanced lines when longer than {@link LINE_CHARS}. */
export function breakLines(text: string, lineChars = LINE_CHARS): string {
  const t = text.replace(/[^\S\u00a0]+/g, ' ').trim();
  if (t.length <= lineChars) return t;
  const words = t.split(' ');
  let best = t;
  let bestScore = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const score = Math.max(a.length, b.length) + (a.length > lineChars || b.length > lineChars ? 1000 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = `${a}\n${b}`;
    }
  }
  return best;
}

/** A WebVTT file of `cues` (sorted, times in seconds). */
export function toWebVtt(cues: readonly VttCue[]): string {
  const blocks = cues.map((c, i) => `${i + 1}\n${vttTimestamp(c.start)} --> ${vttTimestamp(c.end)}\n${escapeText(breakLines(c.text))}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

function parseTimestamp(s: string): number {
  const m = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(s);
  if (!m) throw new SyntaxError(`bad WebVTT timestamp "${s}"`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** The cues of a WebVTT file; throws SyntaxError when it is not one. */
export function parseWebVtt(text: string): VttCue[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) throw new SyntaxError('missing WEBVTT header');
  const blocks = lines.slice(1).join('\n').split(/\n{2,}/).map((b) => b.split('\n').filter((l) => l !== ''));
  const cues: VttCue[] = [];
  for (const block of blocks) {
    if (block.length === 0 || /^(NOTE|STYLE|REGION)\b/.test(block[0]!)) continue;
    const timing = block.findIndex((l) => l.includes('-->'));
    if (timing < 0 || timing > 1) throw new SyntaxError(`a cue without timing: ${block.join(' | ')}`);
    const [from, rest] = (block[timing]!).split('-->').map((s) => s.trim());
    const to = (rest ?? '').split(/\s+/)[0] ?? '';
    const start = parseTimestamp(from ?? '');
    const end = parseTimestamp(to);
    if (!(end > start)) throw new SyntaxError(`cue ends before it starts: ${block[timing]}`);
    const body = block.slice(timing + 1).join('\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    cues.push({ start, end, text: body });
  }
  return cues;
}
