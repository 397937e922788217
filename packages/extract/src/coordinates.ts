/**
 * Station coordinates as bulletins print them in a station table's latitude and
 * longitude columns: signed decimals ("-33.4372", "-33,4372" with a decimal comma),
 * a hemisphere letter before or after ("33,4372 S", "S 33.4372", "70.65 O" — oeste —,
 * "43.1 L" — leste), and degrees-minutes-seconds ("33°26'14\"S", "33° 26,2' S").
 * Nothing is guessed: a cell that does not read as one coordinate in range is none.
 */

/** The column headings of a latitude and a longitude column (es/en/pt), with an optional unit or hemisphere. */
const UNIT_TAIL = String.raw`(?:\s*[([]?\s*(?:°|º|deg(?:rees?)?|grados?|graus?|dd|decimal(?:es)?|wgs\s*84)?\s*(?:[NSEWOL](?:\s*\/\s*[NSEWOL])?)?\s*[)\]]?)?`;
export const LATITUDE_HEADER = new RegExp(String.raw`^\s*lat(?:itud|itude)?\.?${UNIT_TAIL}\s*$`, 'i');
export const LONGITUDE_HEADER = new RegExp(String.raw`^\s*(?:lon(?:gitud|gitude|g)?|lng)\.?${UNIT_TAIL}\s*$`, 'i');

export type Axis = 'lat' | 'lon';

const HEMISPHERE: Record<Axis, Record<string, 1 | -1>> = {
  lat: { N: 1, S: -1 },
  // O: oeste (es, pt); L: leste (pt), E: este / east.
  lon: { E: 1, L: 1, W: -1, O: -1 },
};

const NUMBER = String.raw`\d{1,3}(?:[.,]\d+)?`;
const DMS = new RegExp(String.raw`^(${NUMBER})\s*[°º]\s*(?:(${NUMBER})\s*['’′]\s*(?:(${NUMBER})\s*(?:["”″]|''|’’|′′))?)?$`);

/** One coordinate from a cell, in decimal degrees, or null when the cell is not one (or is out of range). */
export function parseCoordinate(text: string, axis: Axis): number | null {
  let t = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (!t) return null;
  let sign: 1 | -1 | null = null;
  // A hemisphere letter at either end.
  const letter = /^([NSEWOL])\s*(.+)$/.exec(t) ?? /^(.+?)\s*([NSEWOL])$/.exec(t);
  if (letter) {
    const [word, rest] = /^[NSEWOL]$/.test(letter[1]!) ? [letter[1]!, letter[2]!] : [letter[2]!, letter[1]!];
    const s = HEMISPHERE[axis][word];
    // A letter of the other axis ("S" in a longitude column) is not this column's coordinate.
    if (s === undefined) return null;
    sign = s;
    t = rest.trim();
  }
  let negative = false;
  const signed = /^([-−–+])\s*(.+)$/.exec(t);
  if (signed) {
    negative = signed[1] !== '+';
    t = signed[2]!;
  }
  // A sign and a hemisphere that disagree ("-33.4 N") say two things: neither is taken.
  if (sign !== null && negative && sign === 1) return null;
  let degrees: number;
  const dms = DMS.exec(t);
  if (dms) {
    const n = (s: string | undefined) => (s === undefined ? 0 : Number(s.replace(',', '.')));
    const [d, m, s] = [n(dms[1]), n(dms[2]), n(dms[3])];
    if (m >= 60 || s >= 60) return null;
    degrees = d + m / 60 + s / 3600;
  } else if (new RegExp(`^${NUMBER}[°º]?$`).test(t)) {
    degrees = Number(t.replace(/[°º]/, '').replace(',', '.'));
  } else return null;
  const value = (sign ?? (negative ? -1 : 1)) * degrees;
  const max = axis === 'lat' ? 90 : 180;
  if (!Number.isFinite(value) || Math.abs(value) > max) return null;
  // Six decimals: about 10 cm, more than any bulletin gives.
  return Math.round(value * 1e6) / 1e6;
}
