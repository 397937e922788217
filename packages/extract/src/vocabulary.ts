/**
 * The words bulletins use, in one place (Spanish, Portuguese, English).
 *
 * Every pattern here runs on *folded* text (see `foldText`): NFKC-normalised (so
 * `PM₂.₅` reads `PM2.5`, `m³` reads `m3`), accents stripped (`dióxido` → `dioxido`,
 * `nitrogênio` → `nitrogenio`), case kept — a few labels (`NO2`, `O3`, `CO`, `RH`)
 * are only labels in capitals.
 */

/** A pollutant, weather value or `location`/`date`: the names `ExtractedContext` uses. */
import type { AqiStandardId, MeasureId, PollutantId } from '@aqcast/vocabulary';

export { MEASURES, POLLUTANTS } from '@aqcast/vocabulary';
export type Pollutant = PollutantId;
export type Measure = MeasureId;

const SIZE_25 = String.raw`2\s?[.,]\s?5`;
const PARTICLES_BELOW = String.raw`part[ií]culas?\s*(?:<|menores?\s+(?:a|de|que)|inferiores?\s+a|below|under|smaller\s+than)\s*`;
const MICRONS = String.raw`\s*(?:[µuhp]m|micr\w*)`; // "hm", "pm": OCR's readings of µm

/** Labels of each measure. Longer, more specific phrases first only matters for readability: overlaps are merged. */
export const LABELS: Record<Measure, RegExp[]> = {
  pm25: [
    new RegExp(String.raw`\b(?:PM|MP)\s?-?\s?${SIZE_25}(?!\d)`, 'gi'),
    /\b(?:PM|MP)25\b/gi,
    /\bmaterial\s+particulado\s+(?:respirable\s+)?fino\b/gi,
    /\bfine\s+particulate(?:\s+matter)?\b/gi,
    /\bparticulas\s+(?:inalaveis\s+)?finas\b/gi,
    new RegExp(`\\b${PARTICLES_BELOW}${SIZE_25}${MICRONS}`, 'gi'),
  ],
  pm10: [
    /\b(?:PM|MP)\s?-?\s?10\b/gi,
    /\bparticulas\s+inalaveis\b(?!\s+finas)/gi,
    /\bmaterial\s+particulado\s+respirable\b(?!\s+fino)/gi,
    new RegExp(`\\b${PARTICLES_BELOW}10${MICRONS}`, 'gi'),
  ],
  no2: [/\bNO\s?2\b/g, /\bno2\b/g, /\bdioxido\s+de\s+(?:nitr[oe]gen(?:o|io)|azoto)\b/gi, /\bnitrogen\s+dioxide\b/gi],
  // "Ozono (03)": OCR (or a careless font) reads the formula's O as a zero; after the name it is still the label, not "3".
  o3: [/\bO\s?3\b/g, /\bo3\b/g, /\bozon(?:o|e|io)\b(?:\s*\(\s*[O0]\s?3\s*\))?/gi],
  so2: [/\bSO\s?2\b/g, /\bso2\b/g, /\bdioxido\s+de\s+(?:azufre|enxofre)\b/gi, /\bsul(?:f|ph)ur\s+dioxide\b/gi],
  // "CO2", "CO 2" are carbon dioxide; "CO 2,1 mg/m³" is carbon monoxide.
  co: [/\bCO\b(?!\s?2(?![.,]\d)|-(?!\d{1,2}\s*-?\s*hr?\b)|\w)/g, /\bmonoxido\s+de\s+carbono\b/gi, /\bcarbon\s+monoxide\b/gi],
  temperatura: [/\btemperatura\b/gi, /\btemperature\b/gi, /\btemp\b\.?/gi],
  humidity: [/\bhumedad\b(?:\s+relativa)?/gi, /\bumidade\b(?:\s+relativa)?/gi, /\b(?:relative\s+)?humidity\b/gi, /(?<![\d-])\b(?:HR|UR|RH)\b(?!\s*-)/g],
};

/**
 * OCR misreads of a subscript 2 (`NO₂` → `NO,` / `NOz`, `SO₂` → `SO,`): accepted only
 * in OCR text and only right before a number, where nothing else is meant.
 */
/** A concentration unit in brackets as OCR reads it ("(µg/m³)", "(ug/m®)", "(pug/m?)", "(ppb)"), after a formula in a header. */
/** "particulate" as OCR breaks it into pieces ("parti cul ate"), after a misread PM formula. */
const PARTICULATE = String.raw`part\s?[ií]\s?cul`;
const BRACKETED_UNIT = String.raw`\s*[([]\s*(?:ppb|ppm|p?[µuμpy]g|mg)`;
export const OCR_LABELS: Partial<Record<Measure, RegExp[]>> = {
  // PM₂.₅ with the subscripts misread ("PM; .5: 46", "PM2: 5"), Z for 2 ("PMZ5").
  pm25: [/\b(?:PM|MP)\s?[;:,.]?\s?[.,]\s?5(?=\s*[:=]?\s*\d)/g,
    // ...or the whole subscript read as punctuation ("PM,.,: 46,5"): PM10's digits are full size and read as digits.
    /\b(?:PM|MP)\s?[,.;]{1,3}\s?[:=]?(?=\s*\d)/g,
    // ...and the 5 read as s before the word for its level ("PM,.s concentration was 46.3").
    new RegExp(String.raw`\b(?:PM|MP)\s?[;:,.]?\s?[.,]\s?[5sS](?=\s+(?:concentra|level|nivel|n[ií]vel|average|media|m[eé]dia|promedio)\w*\b|\s+${PARTICULATE})`, 'gi'),
    /\b(?:PM|MP|PNI|PN|PIVI)\s?[2Z]\s?[:;.,]?\s?5\b/g,
    // ...the 2 read as a letter or a mark and the 5 as s, before a number ("PMa.5   80", "PM>.s: 59.1", "PM;,.s: 61").
    /\b(?:PM|MP)\s?[2Zza>;:,]{1,2}\s?[.,]\s?[5sS](?=\s*[:=]?\s*\d)/g,
    // ...or both read as marks before the word for its level ("PM,., concentration was 46.3"); one mark is a clock's "PM.".
    /\b(?:PM|MP)\s?[,.;]{2,3}(?=\s+(?:concentra|level|nivel|n[ií]vel|average|media|m[eé]dia|promedio)\w*\b)/gi,
    // Alone in a header cell, the 2 lost or the 5 read as S, M as W ("PM.S", "PW.5").
    /(?<=^|\s{2}|[\t|])(?:PM|MP|PW)\s?[2Z]?\s?[.,]\s?[5S](?=\s*(?:$|\s{2}|[\t|]))/g,
    // ...or the P read as a plus sign ("+M2.5"), alone in a header cell.
    /(?<=^|\s{2}|[\t|])\+M\s?2\s?[.,]\s?5(?=\s*(?:$|\s{2}|[\t|]))/g],
  // I, l or | for 1 and O for 0 ("PMIO", "MP1O", "PMlÓ"); M read as NI, N or IVI ("PNI10").
  pm10: [/\b(?:PM|MP)\s?-?\s?[1Il|][0OoÓ]\b/g, /\bP(?:NI|N|IVI)\s?-?\s?[1Il|][0OoÓ]\b/g,
    // The 1 lost altogether before a separator ("PM O_CORDOBA", "PM 0. CENTENARIO"): no other PM reads so.
    new RegExp(String.raw`\b(?:PM|MP)\s?[0OÓ](?=\s*[._:;]|\s+[A-Z]{2}|\s+${PARTICULATE})(?![.,]?\d)`, 'g'),
    // ...or alone in a header cell ("PMO").
    /(?<=^|\s{2}|[\t|])(?:PM|MP)\s?[0OÓ](?=\s*(?:$|\s{2}|[\t|]))/g],
  // Zero for the letter O in formulas (S02, N02, 03, C0); the subscript 2 read as
  // punctuation or a question mark ("NO,", "NOz", "NO?", "so?").
  // The name broken into pieces, a letter lost ("N trogen di oxi de").
  no2: [/\bN\s?i?\s?t\s?r\s?o\s?g\s?e\s?n\s+d\s?i\s?o\s?x\s?i\s?d\s?e\b/gi, new RegExp(String.raw`\bN[O0][,.:;zZ»]{1,2}(?=${BRACKETED_UNIT})`, 'g'), /\bN[O0][,.:;zZ»]{1,2}(?=\s*\d)/g, /\bN[O0][,.:;zZ»]{1,2}(?=\s+(?:concentra|level|nivel|n[ií]vel|average|media|m[eé]dia|promedio)\w*\b)/gi, /\bN0\s?2\b/g, /\bN[O0]\?/g, /\(\s*N[O0o]\s?[2zZ?,]\s*\)/g],
  // In brackets a formula is never a value: "(802)", "(S02)", "(N0z)", "(NO,)", "(co)" are SO2, NO2 and CO as OCR reads them.
  so2: [new RegExp(String.raw`\bS[O0][,.:;zZ»]{1,2}(?=${BRACKETED_UNIT})`, 'g'), /\bS[O0][,.:;zZ»]{1,2}(?=\s*\d)/g, /\bS0\s?2\b/g, /\b[Ss][Oo0]\?/g, /\(\s*[S58$][O0o]\s?[2zZ?,]\s*\)/g],
  // OZONE with its O read as Q, C, G or a zero ("QZONE", "CZONE"): no word is spelt so.
  o3: [/\b[QCG0]ZONE\b/g, /\b[O0]3(?=\s*[:=]?\s*\d)/g,
    // "03 concentration was 34": a formula before the word for its level, never a number.
    /\b[O0]3(?=\s+(?:concentra|level|nivel|n[ií]vel|average|media|m[eé]dia|promedio)\w*\b)/gi, /\b[O0]3(?=\s*[([]\s*(?:ppb|ppm|[µu]g|mg))/gi, /\(\s*0\s?3\s*\)/g,
    // "03" alone in a cell (a header "MP10   03   NO2"): never a value (numbers.ts), so the formula.
    /(?<=^|\s{2}|[\t|])[O0]3(?=\s*(?:$|\s{2}|[\t|]))/g,
    // A formula's subscript read as a mark or an s before a bracketed unit ("O, (ug/m³)", "Os (pug/m?)").
    new RegExp(String.raw`\b[O0][,;:.s](?=${BRACKETED_UNIT})`, 'g')],
  // "co" or "C0" alone in a cell, as "03" above: a header cell, never a word.
  co: [/\b[Cc][Oo0](?=\s*[:=]?\s*\d)/g, /\b[Cc][Oo0](?=\s+(?:concentra|level|nivel|n[ií]vel)\w*\b)/g, /\(\s*[Cc][Oo0]\s*\)/g, /(?<=^|\s{2}|[\t|])(?:co|C0|c0)(?=\s*(?:$|\s{2}|[\t|]))/g],
};

/** Concentration / weather units, matched at the position right after a number (or inside a label). */
/** `pphm`: parts per hundred million (10 ppb), as Australian agencies report gases. */
export type SourceUnit = 'µg/m³' | 'mg/m³' | 'ppb' | 'ppm' | 'pphm' | '°C' | '°F' | '%';
export const UNITS: Array<[SourceUnit, RegExp]> = [
  ['mg/m³', /^mg\s?\/\s?m\s?(?:3|\^3)?n?\b/i],
  ['µg/m³', /^[µu]\s?g\s?(?:\/\s?m\s?(?:3|\^3)?n?|\s?m-?3n?)(?![a-z])/i],
  // "ugr/m3", "µgr/m3", "mcg/m3": the gram spelled gr, the micro spelled mc.
  ['µg/m³', /^(?:[µu]\s?gr|mcg)\s?\/\s?m\s?(?:3|\^3)?n?(?![a-z])/i],
  ['µg/m³', /^microgram(?:o|a)?s?\s+(?:por|per)\s+(?:metro|cubic)/i],
  ['ppb', /^ppbv?\b/i],
  ['ppb', /^partes\s+por\s+bil/i],
  ['ppm', /^ppmv?\b/i],
  ['ppm', /^partes\s+por\s+mil/i],
  ['pphm', /^pphm\b/i],
  ['°C', /^(?:°|o\b|deg\.?)\s?C\b/i],
  ['°F', /^(?:°|o\b|deg\.?)\s?F\b/i],
  ['°C', /^C\b/],
  ['°F', /^F\b/],
  ['%', /^%/],
];
/** OCR misreads of µg/m³ (`pg/m3`, `ug/m?`, `yg/m°`), accepted in OCR text only. */
export const OCR_UNITS: Array<[SourceUnit, RegExp]> = [
  ['µg/m³', /^(?:[µuμpyh]|pu)?\s?g\s?[/|]?\s?m\S?n?(?![a-z])/i], // "pg/m3", "ug/m?", "pgm3", "pug/m?"
  ['µg/m³', /^[lI|]\s?[µuμ]\s?g\s?[/|]\s?m\S?n?(?![a-z])/i], // "[µg/m³]" with its bracket read as l: "lug/m*)"
  ['µg/m³', /^[µuμpy][gaq9][/|Il1]?[mn]\S{0,3}(?=\s|$)/i], // "pg/mIN", "paImºN": µg/m³N through speckled paper
  ['ppb', /^(?:pbb|ppo)v?\b/i],
  ['ppm', /^(?:pom|ppn)v?\b/i],
  ['°C', /^[*"']\s?C\b/],
  ['°F', /^[*"']\s?F\b/],
];

/** Tokens that stand where a value would and mean "no value" (not measured / no data). */
export const PLACEHOLDER = /^(?:N\/?D|N\/?M|N\/?A|S\/?D|[ns]\/[dai]|n\.d\.|[Ss]in\s+datos?|[Ss]em\s+dados?|[Nn]o\s+data|[Ii]ndisponivel|[Tt]emporariamente|-{1,3}|—)(?![\w])/;

/** Words before a number that make it an index, not a concentration (ICAP 28, AQI 85). */
export const INDEX_BEFORE = /(?:\bAQI|\bICAP?|\bIQA[r]?|\bIMECA|\bindice|\bindex|\bIAS)\b[^\d]{0,12}$/i;

/** A row or phrase that speaks for the whole city rather than one station. */
export const AGGREGATE = /\b(?:promedio|media|average|mean|ciudad|cidade|city|citywide|city-wide|municipal|regional|general|geral|overall|todas\s+las\s+estaciones|todas\s+as\s+estacoes|all\s+stations)\b/i;
/** A phrase that scopes a value to one monitoring station. */
export const STATION = /\b(?:estacion|estacao|estaciones|estacoes|station|stations|monitor|sitio|site)\b/i;

/** Location labels, best first, with the confidence a value after them earns. */
export const LOCATION_LABELS: Array<[RegExp, number]> = [
  [/\b(?:ciudad|cidade|city|comuna|municipio|municipality|municipalidad)\b/i, 0.9],
  [/\b(?:localidad|localidade|location|localizacao|local|lugar|town|ubicacion)\b/i, 0.85],
  [/\b(?:region|regiao|zona|area|provincia|estado|state)\b/i, 0.7],
  [/\b(?:estacion|estacao|station)\b/i, 0.6],
];

/** Names of bodies that publish bulletins: never a location. */
export const INSTITUTION = /\b(?:ministerio|secretaria|secretariat|agencia|agency|instituto|institute|cetesb|sinca|semarnat|sedema|inea|smac|simat|cpcb|epa|airnow|department|departamento|gobierno|governo|government|prefeitura|alcaldia|intendencia|servicio|service|direccion|diretoria|companhia|compania|universidad|universidade|university|bureau|council|consejo|conselho|medio\s+ambiente|meio\s+ambiente|environment|environmental|ambiental|superintendencia|autoridad|comision|comissao|commission|fundacion|fundacao|red\s+de\s+monitoreo|rede\s+de\s+monitoramento|monitoring\s+network|aqmd|apcd|air\s+quality\s+management|air\s+pollution\s+control|air\s+resources\s+board|air\s+district|senamhi|ideam|rmcab|semadet|seremi|digesa|oefa|minam|conama|inecc|defra|cpcb|feam|iema|ibama|acumar|apra)\b/i;

export const MONTHS: Record<string, number> = {
  enero: 1, ene: 1, january: 1, jan: 1, janeiro: 1,
  febrero: 2, feb: 2, february: 2, fevereiro: 2, fev: 2,
  marzo: 3, mar: 3, march: 3, marco: 3,
  abril: 4, abr: 4, april: 4, apr: 4,
  mayo: 5, may: 5, maio: 5, mai: 5,
  junio: 6, jun: 6, june: 6, junho: 6,
  julio: 7, jul: 7, july: 7, julho: 7,
  agosto: 8, ago: 8, august: 8, aug: 8,
  septiembre: 9, setiembre: 9, sep: 9, sept: 9, set: 9, september: 9, setembro: 9,
  octubre: 10, oct: 10, october: 10, outubro: 10, out: 10,
  noviembre: 11, nov: 11, november: 11, novembro: 11,
  diciembre: 12, dic: 12, december: 12, dec: 12, dezembro: 12, dez: 12,
};

/** Weekday names → JS day number (0 = Sunday). */
export const WEEKDAYS: Record<string, number> = {
  domingo: 0, sunday: 0, sun: 0,
  lunes: 1, 'segunda-feira': 1, segunda: 1, monday: 1, mon: 1,
  martes: 2, 'terca-feira': 2, terca: 2, tuesday: 2, tue: 2,
  miercoles: 3, 'quarta-feira': 3, quarta: 3, wednesday: 3, wed: 3,
  jueves: 4, 'quinta-feira': 4, quinta: 4, thursday: 4, thu: 4,
  viernes: 5, 'sexta-feira': 5, sexta: 5, friday: 5, fri: 5,
  sabado: 6, saturday: 6, sat: 6,
};

/** Words on a date's line that say it is the date the values are for. */
export const DATE_LABEL = /\b(?:fecha|data|date|dia|day|valid|valido|valida|periodo|period|reporte\s+del|boletim\s+do\s+dia)\b/i;
/** Words that say a date is something else (when it was published or updated). */
export const DATE_OTHER = /\b(?:publicado|publicada|emitido|emitida|generado|gerado|issued|published|actualizado|atualizado|updated|impreso|printed|supplied|downloaded|retrieved|accessed|descargad[oa]s?|baixad[oa]s?|consultad[oa]s?)\b/i;

/** Words that tell the three languages apart; counted over the whole text. */
/** The languages a bulletin is recognised in, in the order ties are broken. */
export const BULLETIN_LANGUAGES = ['es', 'pt', 'en'] as const;
export const LANGUAGE_WORDS: Record<(typeof BULLETIN_LANGUAGES)[number], RegExp> = {
  es: /\b(?:calidad|del|aire|ciudad|fecha|humedad|ozono|nitrogeno|el|los|las|y|en|concentracion|estacion|promedio|dioxido|azufre|boletin|martes|miercoles|jueves|viernes|enero|febrero|mayo|junio|julio|septiembre|octubre|diciembre)\b/gi,
  pt: /\b(?:qualidade|ar|do|da|dos|umidade|ozonio|nitrogenio|nao|em|cidade|municipio|estacao|boletim|concentracao|media|enxofre|feira|janeiro|fevereiro|maio|junho|julho|setembro|outubro|dezembro|e)\b/gi,
  en: /\b(?:air|quality|the|and|city|humidity|ozone|nitrogen|of|in|report|station|average|dioxide|sulfur|today|monday|tuesday|wednesday|thursday|friday|january|february|june|july|october|december)\b/gi,
};

/**
 * Fold text for matching: NFKC (subscripts, superscripts, full-width forms), one µ,
 * plain slashes, dashes and spaces, accents stripped. Keeps the length of the NFKC
 * form one-for-one so an index in the folded text is an index in `display`.
 */
export function foldText(raw: string): { display: string; folded: string } {
  const display = raw
    .replace(/º/g, '°') // NFKC would make the ordinal º an "o"
    .normalize('NFKC')
    .replace(/[\u00B5\u03BC]/g, 'µ')
    // A glyph the PDF's font lacks comes out of its text layer as a control character ("µg\0m3N").
    // eslint-disable-next-line no-control-regex -- those characters are exactly what is removed
    .replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F\uFFFD]/g, '')
    .replace(/[\u2215\u2044\uFF0F]/g, '/')
    .replace(/[\u00A0\u2007\u202F\u2009]/g, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-');
  let folded = '';
  for (const ch of display) {
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    folded += base.length === ch.length ? base : ch;
  }
  return { display, folded };
}

// ---------------------------------------------------------------------------
// Numbers that are not concentrations, and what a column or a value is about.
// All run on folded text (accents stripped).

/** Index names: a number they govern is an index value, not a concentration. */
export const INDEX_NAMES = String.raw`AQI|AQHI|DAQI|PSI|ICAP|ICAGSO2|ICA|IQAr|IQA|IMECA|IBOCA|IAS|ICARS|IRECA|CAQI|EAQI|I[A-Z]{1,3}CA|indices?|index|indice\s+(?:aire\s+y\s+salud|de\s+calidad\s+del\s+aire|de\s+qualidade\s+do\s+ar)|air\s+quality\s+index|nivel|level|banda?|band`;
/** A header or phrase naming an index column ("IQAr", "Índice de Qualidade do Ar", "MAX AQI", "AQHI"). */
// "I…CA" covers local indices named like ICA, IQCA (Quito), IBOCA (Bogotá), IMECA, IRECA, INCA.
// OCR reads an index's capital I as l or 1 ("AQl", "lQAr", "1CAP"), or AQI's as ! or | ("AQ! 137"): no word is spelt so.
export const INDEX_HEADER = new RegExp(String.raw`(?:\b(?:AQI|AQHI|DAQI|PSI|ICAP|ICA|I[A-Z]{1,3}CA|IQAr|IQA|IMECA|IBOCA|ICARS|CAQI|EAQI|AQ[l1]|[l1]QAr?|[l1]CAP|[l1]MECA)\b|\bAQ[!|](?![\p{L}\d])|\bindice\b|\bindex\b|\bpuntos\b|\bpoints\b)`, 'iu');
/**
 * The indices a document of index values may be in, most specific first (folded text): the
 * name written and the standard it is when the service knows it. A bare "AQI" or "air quality
 * index" is the US EPA's AQI; AQHI is Canada's (unless the document is Hong Kong's), DAQI the
 * UK's, PSI Singapore's; other local indices (IMECA, IBOCA …) are named, not mapped.
 */
/** Categories other AQIs have and the US AQI has not (India's Satisfactory, Very Poor, Severe): such an AQI is not the US EPA's. */
const NOT_US_AQI_CATEGORY = /\b(?:satisfactory|very\s+poor|severe)\b/i;

export const NAMED_INDICES: ReadonlyArray<{ pattern: RegExp; name: string; standard: AqiStandardId | null; unless?: RegExp }> = [
  // Canada's AQHI; Hong Kong's has other bands (High is 7 alone, Serious above 10): named, not mapped.
  { pattern: /\bAQHI\b|\bair\s+quality\s+health\s+index\b/i, name: 'AQHI', standard: 'ca-aqhi', unless: /\bhong\s+kong\b|\bEPD\b|\bserious\b/i },
  { pattern: /\bDAQI\b|\bdaily\s+air\s+quality\s+index\b/i, name: 'DAQI', standard: 'uk-daqi' },
  // Case kept: "psi" is also pounds per square inch.
  { pattern: /\bPSI\b|\b[Pp]ollutant\s+[Ss]tandards?\s+[Ii]ndex\b/, name: 'PSI', standard: 'sg-psi' },
  { pattern: /\bIMECA\b/i, name: 'IMECA', standard: null },
  { pattern: /\b[Il1]CAP\b/i, name: 'ICAP', standard: 'cl' },
  { pattern: /\b[Il1]QAr?\b|\bindice\s+de\s+qualidade\s+do\s+ar\b/i, name: 'IQAr', standard: 'br-iqar' },
  { pattern: /\bindice\s+aire\s+y\s+salud\b|\bIAS\b/i, name: 'Índice AIRE Y SALUD', standard: 'mx' },
  { pattern: /\b(?:EAQI|CAQI)\b|\beuropean\s+air\s+quality\s+index\b/i, name: 'EAQI', standard: 'eu-eaqi' },
  { pattern: /\bAQ[Il1]\b|\bAQ[!|](?![\p{L}\d])|\bair\s+quality\s+index\b/iu, name: 'AQI', standard: 'us-epa', unless: NOT_US_AQI_CATEGORY },
  { pattern: /\bI[A-Z]{1,3}CA\b/, name: '', standard: null },
];

/** Words after a number that make it an index value ("120 puntos", "4 (Low)"). */
export const INDEX_AFTER = /^\s*(?:puntos|points|pts|IMECA|AQI|ICAP|PSI|AQHI|DAQI|IQAr)\b/i;

/** Air-quality categories of the indices in use: a cell or name made of these is not a place or station. */
export const CATEGORY = /^(?:n[1-5]\s*-?\s*)?(?:buena|bueno|aceptable|regular|mala|malo|muy\s+mala|muy\s+malo|extremadamente\s+mala|alerta|pre-?emergencia|emergencia|boa|moderada|moderado|ruim|muito\s+ruim|pessima|inadequada|ma|good|fair|moderate|poor|very\s+poor|extremely\s+poor|unhealthy(?:\s+for\s+sensitive\s+groups)?|very\s+unhealthy|hazardous|satisfactory|severe|low|medium|high|very\s+high|favorable|desfavorable|insalubre|danina|peligrosa|normal|elevated|sin\s+riesgo|riesgo\s+\w+)$/i;
/** A category word anywhere (for lines that are legends). */
export const CATEGORY_WORD = /\b(?:buena|bueno|aceptable|regular|mala|muy\s+mala|extremadamente\s+mala|alerta|preemergencia|emergencia|boa|moderada|ruim|muito\s+ruim|pessima|good|moderate|unhealthy|hazardous|satisfactory|severe|very\s+high)\b/i;

/**
 * Words just before a number that make it a threshold, limit or breakpoint, not a measurement.
 * A sign glued to "PM" is its subscript 2 as OCR read it ("PM>.s: 59.1"), not a comparison.
 */
export const THRESHOLD_BEFORE = /(?:\b(?:limite|limites|limit|limits|norma|normas|standard|standards|estandar|estandares|ECA|guia|guias|guideline|guidelines|umbral|umbrales|threshold|thresholds|valor\s+guia|valor\s+limite|objetivo|target|menor(?:es)?\s+(?:a|que|de)|inferior(?:es)?\s+a|por\s+debajo\s+de|abaixo\s+de|below|under|less\s+than|lower\s+than|above|over|more\s+than|greater\s+than|mayor(?:es)?\s+(?:a|que)|superior(?:es)?\s+(?:a|al)|por\s+encima\s+de|acima\s+de|hasta|up\s+to|ate|permitid[oa]s?|allowed|recomendad[oa]|recommended|breakpoints?|rango|rangos|range|faixa|faixas|entre\s+los?\s+valores|super(?:ar|a|e|o|aron|an|en)|exced\w*|exceed\w*|ultrapass\w*|rebas\w*|sobrepas\w*)\b|(?<!\b(?:PM|MP))[<>≤≥]=?)[^\d]{0,22}$/i;
/** Words before a number that make it a law, decree, resolution or standard number. */
export const LEGAL_BEFORE = /\b(?:ley|leyes|law|act|decreto|decree|resolucion|resolucao|resolution|res|norma|nom|ds|d\.\s?s|dec|articulo|artigo|article|art|inciso|acuerdo|conama|portaria|lei|circular|oficio|expediente|codigo|code)\.?\s*(?:n[°ºo]\.?|nro\.?|no\.|num\.?|numero|number|#)?\s*$/i;
/** Before a number that makes it a counted quantity ("número de estaciones 3"). */
export const COUNT_BEFORE = /\b(?:numero\s+de|number\s+of|cantidad\s+de|n\.?\s*de|total\s+de)\s+(?:\w+\s+){0,3}$/i;
/** After a number that makes it a count, not a concentration ("20 estaciones", "68 hot spots"). */
export const COUNT_AFTER = /^\s*(?:estaciones|estacoes|estacion|estacao|stations?|sites?|monitores|monitors|ciudades|cities|cidades|municipios|comunas|distritos|districts|localidades|hot\s*spots?|focos|personas|people|persons|habitantes|residents|inhabitants|dias|days|veces|times|vehiculos|vehicles|millones|millions?|mil\b|miles\b|thousand|anos|years|meses|months|semanas|weeks|superaciones|superacion|superacoes|excedencias?|exceedances?|exceedence|ultrapassagens?|vezes|noches|noites|nights|episodios|episodes|alertas|alerts|casos|cases|paises|countries|planes|plans)\b/i;
/** Words before a number that make it a page number. */
export const PAGE_BEFORE = /\b(?:pagina|page|pag|pg|p|folha|hoja)\.?\s*$/i;
/** Words before a number that make it a phone number (or part of an address). */
export const PHONE_BEFORE = /\b(?:tel|telefono|telefone|phone|fone|fax|cel|cell|celular|movil|whatsapp|freephone|call|llame|ligue|contacto|contact|linea|hotline)\b[^\d]{0,12}$/i;
export const ADDRESS_BEFORE = /\b(?:av|avda|avenida|calle|rua|street|st|road|rd|km|al|n°|no|piso|floor|oficina|sala|cep|cp|c\.p|zip|casilla|apartado)\.?\s*$/i;

/** Words that make a document, a column or a sentence a forecast. */
export const FORECAST = /\b(?:pronostico|pronosticos|forecast|forecasts|forecasted|previsao|previsto|prevista|prevision|predicted|expected|esperad[oa]s?|tomorrow|manana|amanha|tendencia|outlook|proxim[oa]s?\s+(?:24|48)\s*h)/i;
/** Words that make values observed measurements. */
export const OBSERVED = /\b(?:observad[oa]s?|observed|registrad[oa]s?|registered|recorded|measured|medid[oa]s?|monitoread[oa]s?|monitorad[oa]s?|medicion|medicoes|mediciones|measurements?|concentracao\s+maxima|concentracion\s+maxima|reported|reportad[oa]s?)\b/i;

/** A row or column that stands for the whole city (an average or maximum of its stations). */
export const AGGREGATE_NAME = /\b(?:promedio|media|average|mean|avg|maximo|maxima|maximum|max|ciudad|cidade|city|citywide|city-wide|municipal|regional|general|geral|overall|todas\s+las\s+estaciones|todas\s+as\s+estacoes|all\s+stations|total)\b/i;
/** Of those, the ones that say the aggregate is a mean (otherwise a maximum). */
export const MEAN_NAME = /\b(?:promedio|media|average|mean|avg)\b/i;
/** A table row named for a limit, not a station: its numbers are thresholds ("Exceedance point", "Norma", "Valor límite", "NAAQS"). */
export const THRESHOLD_ROW = /^\s*(?:exceedance|exceed\w*|limits?|limites?|l[ií]mites?|objectives?|objetivos?|standards?|normas?|estandares?|thresholds?|umbrales?|guidelines?|guias?|valor(?:es)?\s+(?:guia|l[ií]mite)s?|padr(?:ao|oes)|NAAQS|ECA|LMP|triggers?|alert(?:a|e)?\s+(?:threshold|level|umbral|nivel)s?|niveles?\s+de\s+alerta)\b/i;

/** Column headers that name stations, areas or districts. */
export const STATION_HEADER = /\b(?:estacion|estaciones|estacao|estacoes|station|stations|station\s+names?|site|sites|sitio|monitor|area|areas|zona|zone|distrito|district|comuna|localidad|local|barrio|bairro|region|regiao|sector|lugar|place|location|ubicacion|punto|point|sra)\b/i;
/** Column headers of dates and hours (a time series). */
export const TIME_HEADER = /^(?:fecha|data|date|dia|day|hora|hour|time|horario|periodo|period|mes|month|fecha\s*y\s*hora|date\s*time|datetime)(?:\s*\((?:[ymdhsa]{2,8}|[ymdhsa]{1,4}[-/:][ymdhsa]{1,4}(?:[-/:][ymdhsa]{1,4})?)\))?$/i;
/** Column headers of counts ("Based on number of monitoring stations"). */
export const COUNT_HEADER = /\b(?:numero|number|n°|cantidad|count|total)\b/i;
/** Column headers of a value in a pollutant-per-row table. */
export const VALUE_HEADER = /\b(?:concentracion|concentracao|concentration|conc|valor|value|nivel|level|medicion|medicao|measurement|resultado|result|dato|dado|lectura|reading)\b/i;
/** Column headers of units. */
export const UNIT_HEADER = /^(?:unidad|unidade|unit|units|unidades|u\.?)$/i;
/** Column headers of pollutants (the first column of a pollutant-per-row table). */
export const POLLUTANT_HEADER = /\b(?:contaminante|contaminantes|poluente|poluentes|pollutant|pollutants|parametro|parameter|parametros|parameters|magnitud|especie)\b/i;
/** A column naming each row's main pollutant ("Prominent Pollutant", "Contaminante crítico"): an attribute, not a label for the numbers beside it. */
export const DOMINANT_POLLUTANT_HEADER = /\b(?:prominent|dominant|predominant|predominante|main|principal|responsible|responsable|responsavel|critical|critico|determinante|determining)\b/i;
/** Such a column's header within a header line whose cells OCR ran together ("Index Value Prominent Polutant ove mee of"). */
export const DOMINANT_POLLUTANT_COLUMN = new RegExp(
  String.raw`${DOMINANT_POLLUTANT_HEADER.source}\s+(?:pol+ut+ants?|contaminantes?|poluentes?)\b|\b(?:pol+ut+ants?|contaminantes?|poluentes?)\s+${DOMINANT_POLLUTANT_HEADER.source}`,
  'i',
);
/** Words naming an air basin or other non-city region: never the location. */
// "Cuenca" alone is a city (Ecuador, Spain); "Cuenca del Valle de México", "cuenca atmosférica" are basins.
export const BASIN = /\b(?:cuenca\s+(?:del?|atmosferica|aerea)\b|basin|bacia|air\s+district|distrito\s+del\s+aire|airshed|valley\s+air|macrozona|macroregion)\b/i;
