/**
 * The quiet source line every video prints when its params carry `provenance`:
 * "Source: AirNow · observed 22 Nov, 14:00 (America/Los_Angeles) · preliminary data".
 * The observed time is shown in the place's time zone (provenance.timeZone, else UTC).
 */
import { LOCALE_TAG, type Language } from '../language.js';
import type { Provenance } from '../params/places.js';
import { PLACES_MESSAGES } from './places.js';

export function sourceLine(lang: Language, p: Provenance | undefined): string | null {
  if (!p) return null;
  const m = PLACES_MESSAGES[lang];
  const who = p.attribution ?? m.sourceName[p.source];
  const parts = [`${m.source}: ${p.licence ? `${who} (${p.licence})` : who}`];
  if (p.observedAt) {
    const tz = p.timeZone ?? 'UTC';
    const when = new Intl.DateTimeFormat(LOCALE_TAG[lang], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: tz }).format(new Date(p.observedAt));
    parts.push(`${m.observed} ${when} (${tz})`);
  }
  if (p.preliminary) parts.push(m.preliminary);
  return parts.join(' · ');
}
