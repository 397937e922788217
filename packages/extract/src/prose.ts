/**
 * The reader of everything that is not a table: label–value lines ("MP2,5: 23,4
 * µg/m³"), cards (label, value on the next line), prose paragraphs re-joined from
 * their wrapped lines, sentences naming stations ("en la estación Purén … 341
 * µg/m³"), several stations in one sentence ("Santa Anita con 66.5 µg/m³, Pariachi
 * con 64 µg/m³"), and lists of districts under a heading that names the pollutant.
 *
 * In prose a number is a concentration only with a unit written after it (or right
 * after its label in a label–value line), and only when numbers.ts gives it the
 * role `value`: dates, hours, durations, law numbers, index values, thresholds,
 * counts and the low end of a range never are.
 */
import { findLabels, unitAt, unitWithin, type LabelHit } from './labels.js';
import { gapBetween, ocrLinePitch, withinPitches, type Line } from './lines.js';
import { averagingIn, numberTokens, type NumberToken } from './numbers.js';
import { makeReading, type Reading } from './readings.js';
import { cleanStationName } from './tables.js';
import type { SourceUnit, ValueKind } from './types.js';
import { isConcentrationUnit } from './units.js';
import { AGGREGATE_NAME, CATEGORY, CATEGORY_WORD, FORECAST, MEAN_NAME, OBSERVED, PLACEHOLDER, type Measure } from './vocabulary.js';

export interface ProseContext {
  ocr: boolean;
  documentKind: ValueKind | null;
  /** Every measure the document names anywhere. */
  documentMeasures: ReadonlySet<Measure>;
  ocrFactor: (line: Line) => number;
}

interface Paragraph {
  text: string;
  display: string;
  /** Start offset of each line in `text`. */
  starts: number[];
  lines: Line[];
}

/** Join wrapped lines into paragraphs; a line break that ends a sentence or a label–value line is kept as "\n". */
export function paragraphs(lines: Line[]): Paragraph[] {
  const out: Paragraph[] = [];
  let cur: Paragraph | null = null;
  let prev: Line | null = null;
  const pitch = ocrLinePitch(lines);
  for (const l of lines) {
    if (l.used || !l.folded.trim()) {
      prev = null;
      if (cur) out.push(cur);
      cur = null;
      continue;
    }
    const text = l.folded;
    const display = l.display;
    // OCR boxes hold the ink, not the font's line box: their gaps look wider than a text layer's,
    // so OCR'd lines also continue a paragraph when they sit at the page's usual line pitch.
    const ocrNext = prev !== null && withinPitches(prev, l, pitch, 1.3);
    if (cur && prev && (gapBetween(prev, l) <= 1.7 || ocrNext) && prev.page === l.page) {
      // Wrapped prose: the line ends mid-sentence and the next goes on in lower case (or with a number) —
      // or a line of running text that ends no sentence goes on, whatever the next starts with:
      // prose wraps wherever the margin falls ("… (ECA) de 100 / µg/m³ …", "… estaciones / PAR, SBJ y VMT …").
      // Statements one per line ("Ozono (O3) – máximo horário – 71 µg/m³ – índice Bom", then the next pollutant's):
      // a line stating a value with its unit, followed by one that opens with a pollutant, ends its statement.
      const prevText = prev.folded;
      const statementEnds = startsWithLabel(text) && startsWithLabel(prevText) && numberTokens(prevText).some((n) => n.role === 'value' && unitAt(prevText.slice(n.end), false));
      const running = !statementEnds && (prev.folded.match(/\p{L}{2,}/gu)?.length ?? 0) >= 6 && !/[.!?:]$/.test(prev.folded.trim());
      const wrapped = (/[\p{Ll},(–-]$/u.test(prev.folded.trim()) && /^[\p{Ll}\d(µ]/u.test(text.trim()))
        || (running && (text.match(/\p{L}{2,}/gu)?.length ?? 0) >= 2 && !/^\s*(?:[-•*·▪–]|\d{1,2}[.)]\s)/.test(text) && findLabels(text, false).every((lab) => !/^\s*[:=]/.test(text.slice(lab.end))));
      const hyphen = /\p{L}-$/u.test(prev.folded.trim()) && /^\p{Ll}/u.test(text.trim());
      const sep = hyphen ? '' : wrapped ? ' ' : '\n';
      if (hyphen) {
        cur.text = cur.text.replace(/-\s*$/, '');
        cur.display = cur.display.replace(/-\s*$/, '');
      }
      cur.starts.push(cur.text.length + sep.length);
      cur.text += sep + text;
      cur.display += sep + display;
      cur.lines.push(l);
    } else {
      if (cur) out.push(cur);
      cur = { text, display, starts: [0], lines: [l] };
    }
    prev = l;
  }
  if (cur) out.push(cur);
  return out;
}

/** A line that opens with a pollutant's name (a few words at most before it: "Partículas finas (PM2,5)"). */
function startsWithLabel(text: string): boolean {
  const first = findLabels(text, false)[0];
  return first !== undefined && /^[\p{L}\s(.,]{0,30}$/u.test(text.slice(0, first.start));
}

const lineAt = (p: Paragraph, offset: number): Line => {
  let k = 0;
  while (k + 1 < p.starts.length && p.starts[k + 1]! <= offset) k++;
  return p.lines[k]!;
};

/** Where the clause holding `at` starts and ends: sentence ends, semicolons, hard line breaks. */
function clauseBounds(text: string, at: number): [number, number] {
  const sentenceEnd = /(?:(?<!(?:^|\s)\d{1,2})[.!?](?=\s+[\p{Lu}¿¡(])|[!?]|\n)/gu;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(sentenceEnd)) {
    const i = m.index ?? 0;
    if (i < at) start = i + 1;
    else {
      end = i;
      break;
    }
  }
  return [start, end];
}

const LEGEND_BEFORE = new RegExp(String.raw`${CATEGORY_WORD.source}\s*[:–—]`, 'i');
const STATION_BEFORE = /\b(?:[Ee]stacion|[Ee]stacao|[Ss]tation|[Ss]itio|[Ss]ite|[Mm]onitor|[Dd]istrito|[Dd]istrict|[Bb]airro|[Bb]arrio|[Ll]ocalidad|[Cc]omuna)\s+(?:de\s+|of\s+|del\s+)?([\p{Lu}\d][\p{L}\d'’.-]*(?:\s+(?:de|del|do|da|dos|la|las|los|el)?\s*[\p{Lu}\d][\p{L}\d'’.-]*){0,4})/u;
/** "Santa Anita con 66.5", "Pariachi: 64", "Kwun Tong – 17": a name right before the value. */
const NAME_BEFORE_VALUE = /([\p{Lu}][\p{L}'’.-]*(?:\s+(?:de|del|do|da|dos|la|las|los|el)?\s*[\p{Lu}][\p{L}'’.-]*){0,4})\s*(?:con|com|with|:|–|—|-|=|\()\s*(?:un\s+valor\s+de\s+|valores?\s+de\s+)?$/u;

function kindOf(text: string, fallback: ValueKind | null): ValueKind | null {
  if (FORECAST.test(text)) return 'forecast';
  if (OBSERVED.test(text)) return 'observed';
  return fallback;
}

function unitAfter(text: string, tok: NumberToken, ocr: boolean): SourceUnit | null {
  return unitAt(text.slice(tok.end), ocr);
}

/** Read every non-table value of the lines that tables did not take. */
export function readProse(lines: Line[], ctx: ProseContext): Reading[] {
  const out: Reading[] = [];
  let listMeasure: { measure: Measure; unit: SourceUnit | null } | null = null;
  // The one pollutant a whole text is about, when it names only one.
  const pollutants = [...ctx.documentMeasures].filter((m) => m !== 'temperatura' && m !== 'humidity');
  const documentMeasure = pollutants.length === 1 ? pollutants[0]! : null;
  for (const p of paragraphs(lines)) {
    const labels = findLabels(p.text, ctx.ocr);
    const nums = numberTokens(p.text);
    const claimed = new Set<NumberToken>();
    // "0,6 ppm de monóxido de carbono", "38 µg/m³ de PM10": the value belongs to the label after it.
    const owned = new Map<NumberToken, LabelHit>();
    for (const n of nums) {
      if (n.role !== 'value' || !unitAfter(p.text, n, ctx.ocr)) continue;
      const after = labelAfterValue(p.text, n, labels);
      if (after) owned.set(n, after);
    }
    const ownedLabels = new Set(owned.values());
    const lineBreakAfterLabel = (l: LabelHit): boolean => /^[\s:=()[\]\-–]*\n/.test(p.text.slice(l.end) + '\n');

    for (let li = 0; li < labels.length; li++) {
      const label = labels[li]!;
      if (ownedLabels.has(label)) continue;
      const next = labels.slice(li + 1).find((o) => o.start >= label.end);
      const cStart = clauseBounds(p.text, label.start)[0];
      const cEnd = clauseBounds(p.text, label.end)[1];
      // A card: the label alone at the end of its line, its value on the next.
      const cardEnd = lineBreakAfterLabel(label) ? clauseBounds(p.text, p.text.indexOf('\n', label.end) + 1)[1] : cEnd;
      // A heading naming one pollutant, ending with a colon, heads a list of stations: read to the list's end.
      const lineEnd = p.text.indexOf('\n', label.end);
      const heading = /:\s*$/.test(p.text.slice(label.end, lineEnd === -1 ? undefined : lineEnd)) && lineEnd !== -1;
      const lead = leadIn(p.text, label.end, ctx.ocr);
      const segEnd = Math.min(next?.start ?? p.text.length, heading || lead ? p.text.length : Math.max(cEnd, cardEnd));
      const labelText = p.text.slice(label.start, label.end);
      const labelUnit = unitWithin(labelText, ctx.ocr);
      const seg = nums.filter((n) => n.start >= label.end && n.end <= segEnd && !claimed.has(n) && !owned.has(n));
      // A placeholder right after the label: no value for it here.
      const afterLabel = p.text.slice(label.end, segEnd);
      const ph = /^[\s:=([|]*(\S+(?:\s\S+)?)/.exec(afterLabel);
      const firstNum = seg[0];
      // A dash followed by words is a separator between clauses ("NO2 – média horária – 45 µg/m³"), not a no-data dash.
      const dashClause = /^[\s:=([|]*[-–—]{1,3}\s+\p{L}{2,}/u.test(afterLabel);
      if (ph && !dashClause && PLACEHOLDER.test(ph[1] ?? '') && (!firstNum || (ph.index ?? 0) + ph[0].length <= firstNum.start - label.end)) continue;
      const picks: Array<{ tok: NumberToken; unit: SourceUnit | null; how: 'after' | 'label' | 'none' }> = [];
      for (const n of seg) {
        // A legend line: "Aceptable: de 15 a 33 µg/m³", "N2 – Moderada – 41 a 80".
        if (LEGEND_BEFORE.test(p.text.slice(cStart, n.start))) continue;
        if ((n.role !== 'value' && !(n.role === 'percent' && label.measure === 'humidity')) || n.comparator === '<' || n.comparator === '>') continue;
        const u = unitAfter(p.text, n, ctx.ocr);
        if (u) {
          picks.push({ tok: n, unit: u, how: 'after' });
          continue;
        }
        if (lead && n.start > lead.end) {
          // An item of the list the lead-in opened: its unit is the lead-in's.
          picks.push({ tok: n, unit: lead.unit, how: 'label' });
          continue;
        }
        if (picks.length === 0) {
          // "PM2.5: 20", "Ozono (ppb)   40", "MP2,5 [µg/m³] 23": a bare number right after its label.
          // An averaging period between label and value ("MP2,5 (24 h) 35", "O3 8-hr: 61") does not break the link.
          const between = p.text.slice(label.end, n.start).replace(/\b\d{1,2}\s*-?\s*(?:h|hs|hr|hrs|horas?|hours?)\b\.?/gi, ' ');
          // Only in a "label: value" line: a bare number after a label in mid-row ("PM2.5   1" in a table of counts) is not its value.
          const lineStart = p.text.lastIndexOf('\n', label.start) + 1;
          const lead = p.text.slice(lineStart, label.start);
          // A colon links them after words, not after other numbers: in "3   Bengaluru   Satisfactory   87   PM10 : 10"
          // (OCR put the colon in) the pollutant is a table row's main one and 10 its count of stations.
          const labelLeads = /^[\s\d.)•*-]*$/.test(lead) || /^[\p{L}\s(]{0,40}$/u.test(lead) || (/[:=]/.test(between) && !/\d/.test(lead.replace(/^\s*\d{1,3}[.)]?\s+/, '')));
          if (!labelLeads) break;
          if (/^[\s:=()[\]|–-]*$/.test(between) || (unitWithin(between, ctx.ocr) && !/\p{L}{4,}/u.test(between.replace(/[µu]g|mg|ppb|ppm|m3|m³/gi, '')))) {
            const inLabel = unitWithin(between, ctx.ocr) ?? labelUnit;
            picks.push({ tok: n, unit: inLabel, how: inLabel ? 'label' : 'none' });
            break;
          }
        }
      }
      if (picks.length === 0) continue;
      // One value, or several each led by a station name ("Santa Anita con 66.5 µg/m³, Pariachi con 64 µg/m³").
      const named = picks.map((pk) => ({ ...pk, name: lead && pk.tok.start > lead.end ? itemName(p, pk.tok.start, lead.end) : nameBefore(p, pk.tok.start, label.end) }));
      const several = (named.length > 1 && named.filter((n) => n.name).length >= 2) || (heading && named.some((n) => n.name));
      // A lead-in's items are read only as a list of names (two or more): a lone bare number after it is not a value.
      if (lead && !several && !named.some((n) => n.how === 'after')) continue;
      const use = several ? named.filter((n) => n.name) : named.filter((n) => n.how === 'after' || !lead).slice(0, 1);
      for (const pk of use) {
        claimed.add(pk.tok);
        const clause = p.text.slice(cStart, Math.max(cEnd, pk.tok.end));
        const line = lineAt(p, pk.tok.start);
        const stationMention = stationIn(p, cStart, Math.max(cEnd, pk.tok.end));
        let station: string | null = several ? pk.name : stationMention;
        if (station && CATEGORY.test(station)) station = null;
        const aggregateWord = !station && AGGREGATE_NAME.test(clause);
        const reading = makeReading({
          measure: label.measure,
          raw: pk.tok.value,
          unit: pk.unit,
          unitSource: pk.how,
          sourceText: p.display.slice(cStart, Math.max(cEnd, pk.tok.end)),
          base: (station ? 0.88 : aggregateWord ? 0.95 : 0.93) * (p.text.slice(label.end, pk.tok.start).includes('\n') ? 0.92 : 1),
          ocrFactor: ctx.ocrFactor(line),
          averaging: averagingIn(p.text.slice(Math.max(cStart, label.start - 24), label.start)) ?? averagingIn(p.text.slice(label.start, pk.tok.start)),
          kind: kindOf(clause, ctx.documentKind),
          range: pk.tok.range ?? null,
          station,
          aggregate: aggregateWord ? (MEAN_NAME.test(clause) ? 'mean' : null) : null,
          page: line.page,
        });
        if (reading) out.push(reading);
      }
    }

    // "… 341 µg/m³ de MP2,5": a value with its unit, then the label.
    for (const [n, after] of owned) {
      if (claimed.has(n)) continue;
      const u = unitAfter(p.text, n, ctx.ocr);
      claimed.add(n);
      const line = lineAt(p, n.start);
      const cStart = clauseBounds(p.text, n.start)[0];
      const cEnd = clauseBounds(p.text, after.end)[1];
      const stationMention = stationIn(p, cStart, cEnd);
      const reading = makeReading({
        measure: after.measure,
        raw: n.value,
        unit: u,
        unitSource: 'after',
        sourceText: p.display.slice(cStart, cEnd),
        base: stationMention ? 0.88 : 0.9,
        ocrFactor: ctx.ocrFactor(line),
        averaging: averagingIn(p.text.slice(Math.max(cStart, n.start - 40), after.end)),
        kind: kindOf(p.text.slice(cStart, cEnd), ctx.documentKind),
        range: n.range ?? null,
        station: stationMention,
        page: line.page,
      });
      if (reading) out.push(reading);
    }

    // A list under a heading that names one pollutant: "Distritos con los niveles más altos de PM2.5:" then "1. Santa Anita – 188,5 µg/m³".
    if (labels.length === 0 && listMeasure) {
      for (const [k, start] of p.starts.entries()) {
        const end = p.starts[k + 1] ?? p.text.length;
        const seg = nums.filter((n) => n.start >= start && n.end <= end && n.role === 'value' && !claimed.has(n));
        const n = seg.find((t) => unitAfter(p.text, t, ctx.ocr)) ?? (listMeasure.unit ? seg[seg.length - 1] : undefined);
        if (!n) continue;
        const name = cleanStationName(p.display.slice(start, n.start).replace(/[\s:–—=-]+$/u, '').replace(/\s+(?:con|com|with)$/i, ''));
        if (!name || name.length > 60 || CATEGORY.test(name)) continue;
        const line = lineAt(p, n.start);
        const unit = unitAfter(p.text, n, ctx.ocr) ?? listMeasure.unit;
        const reading = makeReading({
          measure: listMeasure.measure,
          raw: n.value,
          unit,
          unitSource: unitAfter(p.text, n, ctx.ocr) ? 'after' : 'header',
          sourceText: line.display,
          base: 0.88,
          ocrFactor: ctx.ocrFactor(line),
          averaging: null,
          kind: ctx.documentKind,
          range: n.range ?? null,
          station: AGGREGATE_NAME.test(name) ? null : name,
          aggregate: AGGREGATE_NAME.test(name) ? (MEAN_NAME.test(name) ? 'mean' : 'max') : null,
          page: line.page,
        });
        if (reading) out.push(reading);
      }
    }
    // "Encabeza la lista Cuatro Caminos, con 46, seguida de Farolillo (42) …, con 40 microgramos": in a text
    // about one pollutant, a sentence of stations and numbers with no label, one of them with its unit.
    if (documentMeasure && !listMeasure) out.push(...namedValues(p, nums, claimed, labels, documentMeasure, ctx));
    // Does this paragraph head a list? One measure named, no value of it, ending with a colon.
    const distinct = new Set(labels.map((l) => l.measure));
    const lastLine = p.lines[p.lines.length - 1]!;
    if (distinct.size === 1 && !nums.some((n) => n.role === 'value' && claimed.has(n)) && /:\s*$/.test(lastLine.folded)) {
      const m = [...distinct][0]!;
      listMeasure = { measure: m, unit: unitWithin(p.text, ctx.ocr) };
    } else if (labels.length > 0 || !nums.some((n) => n.role === 'value')) {
      listMeasure = labels.length > 0 ? null : listMeasure;
    }
  }
  return out;
}

/** A station's name right before its number: "Cuatro Caminos, con 46", "Farolillo (42", "Vallecas, con 40". */
const NAME_THEN_VALUE = /(\p{Lu}[\p{L}'’.-]*(?:\s+(?:de|del|do|da|dos|la|las|los|el|y)?\s*\p{Lu}[\p{L}'’.-]*){0,4}),?\s*(?:con|com|with|\()\s*$/u;

/**
 * Named numbers of sentences without a label, read as the document's one pollutant:
 * two or more numbers each led by a name, in sentences of which one number at least
 * carries a concentration unit (the unit of the others). Index values, thresholds and
 * counts keep their roles.
 */
function namedValues(p: Paragraph, nums: NumberToken[], claimed: Set<NumberToken>, labels: LabelHit[], measure: Measure, ctx: ProseContext): Reading[] {
  const items: Array<{ tok: NumberToken; name: string | null; unit: SourceUnit | null }> = [];
  for (const n of nums) {
    if (n.role !== 'value' || claimed.has(n) || n.comparator) continue;
    // Only sentences that name no pollutant: a labelled one was the label readers' to read.
    const [from, to] = clauseBounds(p.text, n.start);
    if (labels.some((l) => l.start >= from && l.end <= to)) continue;
    const m = NAME_THEN_VALUE.exec(p.display.slice(Math.max(0, n.start - 60), n.start));
    const name = m ? cleanStationName(m[1]!) : null;
    items.push({ tok: n, name: name && !CATEGORY.test(name) ? name : null, unit: unitAfter(p.text, n, ctx.ocr) });
  }
  const withName = items.filter((x) => x.name);
  const units = new Set(withName.map((x) => x.unit).filter(isConcentrationUnit));
  if (withName.length < 2 || units.size !== 1) return [];
  const unit = [...units][0]!;
  const out: Reading[] = [];
  for (const x of withName) {
    claimed.add(x.tok);
    const line = lineAt(p, x.tok.start);
    const [cStart, cEnd] = clauseBounds(p.text, x.tok.start);
    const reading = makeReading({
      measure,
      raw: x.tok.value,
      unit: x.unit ?? unit,
      unitSource: x.unit ? 'after' : 'label',
      sourceText: p.display.slice(cStart, cEnd),
      base: 0.8,
      ocrFactor: ctx.ocrFactor(line),
      averaging: null,
      kind: kindOf(p.text.slice(cStart, cEnd), ctx.documentKind),
      range: x.tok.range ?? null,
      station: x.name,
      page: line.page,
    });
    if (reading) out.push(reading);
  }
  return out;
}

/**
 * A lead-in naming the unit of a list that follows its colon: "… de PM2,5 en
 * microgramos por metro cúbico, fueron: Aburrá Norte (39); Belén (38)", "NO2 levels
 * in µg/m³ were: …". No number between the label and the colon.
 */
function leadIn(text: string, from: number, ocr: boolean): { unit: SourceUnit; end: number } | null {
  const m = /^[^\d:;.\n]{0,120}?\b(?:en|in|em)\s+([^\d:;,\n]{2,60}?)\s*(?:,[^\d:;.\n]{0,40})?:/.exec(text.slice(from));
  if (!m) return null;
  const unit = unitAt(m[1]!, ocr);
  return isConcentrationUnit(unit) ? { unit, end: from + m[0].length } : null;
}

/** The name of a list item before its number: "Aburrá Norte, en Girardota (39" → "Aburrá Norte". */
function itemName(p: Paragraph, at: number, from: number): string | null {
  const seg = p.display.slice(from, at);
  const start = Math.max(seg.lastIndexOf(';'), seg.lastIndexOf(':'), seg.lastIndexOf(')')) + 1;
  const name = cleanStationName(
    seg.slice(start)
      .replace(/^\s*(?:y|e|and)\s+/i, '')
      .replace(/[\s(:=–—-]+$/u, '')
      .replace(/\s+(?:con|com|with)$/i, '')
      .replace(/,\s*(?:en|in|em|at)\s+.*$/iu, ''),
  );
  if (!name || name.length > 60 || !/^\p{Lu}/u.test(name) || CATEGORY.test(name) || findLabels(name, false).length > 0) return null;
  return name;
}

/** The label a value with its unit is "of": "38 µg/m³ de PM10", "0,6 ppm de monóxido de carbono (CO)". */
function labelAfterValue(text: string, n: NumberToken, labels: LabelHit[]): LabelHit | null {
  const rest = text.slice(n.end);
  const unit = /^\s*[([]?\s?(?:\S+(?:\s+(?:per|por)\s+(?:cubic\s+)?\S+)?)/.exec(rest);
  if (!unit) return null;
  const tail = rest.slice(unit[0].length);
  const m = /^\s*[)\]]?\s*(?:de|of|do|da|del|para|for)\s+(?:material\s+particulado\s+|particulas\s+)?/i.exec(tail);
  if (!m) return null;
  const at = n.end + unit[0].length + m[0].length;
  return labels.find((l) => l.start >= at && l.start <= at + 2) ?? null;
}

/** "la estación VMT", "at station Purén": the station a clause names (matched folded, returned as written). */
function stationIn(p: Paragraph, from: number, to: number): string | null {
  const re = new RegExp(STATION_BEFORE.source, 'gu');
  const folded = p.text.slice(from, to);
  for (const m of folded.matchAll(re)) {
    const at = from + (m.index ?? 0) + m[0].length - m[1]!.length;
    const name = cleanStationName(p.display.slice(at, at + m[1]!.length));
    if (name && !CATEGORY.test(name)) return name;
  }
  return null;
}

/** The station name right before a value in prose, within the label's segment. */
function nameBefore(p: Paragraph, at: number, from: number): string | null {
  const before = p.display.slice(Math.max(from, at - 60), at);
  const m = NAME_BEFORE_VALUE.exec(before);
  if (!m) return null;
  const name = cleanStationName(m[1]!);
  if (!name || CATEGORY.test(name) || findLabels(name, false).length > 0) return null;
  return name;
}
