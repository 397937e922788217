/**
 * Air-quality indices: a small pure module (no I/O) that turns concentrations into the
 * categories, colours and numbers of a chosen national or regional standard.
 */
import { brIqar } from './br-iqar.js';
import { caAqhi } from './ca-aqhi.js';
import { cl } from './cl.js';
import { euEaqi } from './eu-eaqi.js';
import { mx } from './mx.js';
import { sgPsi } from './sg-psi.js';
import { ukDaqi } from './uk-daqi.js';
import { usEpa } from './us-epa.js';
import { AQI_STANDARD_IDS, RENDER_UNIT } from '@aqcast/vocabulary';
import { bandOf, positionOnBands } from './scale.js';
import { POLLUTANTS, type AqiCategory, type AqiResult, type AqiStandard, type AqiStandardId, type EvaluateOptions, type GivenIndex, type IndexScale, type PollutantAqi, type PollutantId, type PollutantIndex } from './types.js';

export * from './types.js';
export { concentrationFromUsAqi } from './us-epa.js';
export { fromPpb } from './units.js';

const STANDARDS: Record<AqiStandardId, AqiStandard> = { 'us-epa': usEpa, 'eu-eaqi': euEaqi, mx, cl, 'br-iqar': brIqar, 'ca-aqhi': caAqhi, 'uk-daqi': ukDaqi, 'sg-psi': sgPsi };

export { AQI_STANDARD_IDS, DEFAULT_AQI_STANDARD, GIVEN_CATEGORY_KEYS, INDEX_ONLY_STANDARD_IDS, RATED_STANDARD_IDS } from '@aqcast/vocabulary';

/** The standards this engine knows, with the pollutants each one rates (none for one drawn from a given index only) and the range of a given index in it (null without a numeric index). */
export function listAqiStandards(): { id: AqiStandardId; name: string; indexName: string | null; pollutants: PollutantId[]; source: string; givenIndex: { min: number; max: number } | null }[] {
  return AQI_STANDARD_IDS.map((id) => {
    const s = STANDARDS[id];
    return { id, name: s.name, indexName: s.indexName, pollutants: [...s.pollutants], source: s.source, givenIndex: s.indexScale ? givenIndexRange(s.indexScale) : null };
  });
}

/** The values a given index may hold on `scale`. */
export function givenIndexRange(scale: IndexScale): { min: number; max: number } {
  return { min: scale.bottom ?? 0, max: scale.max ?? scale.top };
}

/** The overall index as the standard shows it: the AQHI shows values above 10 as "10+" (value 10, plus). Null when the result has no index. */
export function shownIndex(aqi: Pick<AqiResult, 'standard' | 'index'>): { value: number; plus: boolean } | null {
  if (aqi.index === null) return null;
  const open = STANDARDS[aqi.standard].indexScale?.openAbove;
  return open !== undefined && aqi.index > open ? { value: open, plus: true } : { value: aqi.index, plus: false };
}

/** The full definition of one standard (categories, colours, evaluator). */
export function getAqiStandard(id: AqiStandardId): AqiStandard {
  const s = STANDARDS[id];
  if (!s) throw new RangeError(`unknown AQI standard: ${String(id)}`);
  return s;
}


/**
 * Rates each given pollutant against `standard` and takes the worst as the overall
 * result. Values are µg/m³ (CO mg/m³); missing, non-finite or negative values are
 * skipped. With no rated pollutant, index/category/dominant are null.
 */
export function computeAqi(
  standard: AqiStandardId,
  values: Partial<Record<PollutantId, number>>,
  opts: EvaluateOptions = {},
): AqiResult {
  const std = getAqiStandard(standard);
  const pollutants: PollutantAqi[] = [];
  const notCovered: PollutantId[] = [];
  for (const p of POLLUTANTS) {
    const value = values[p];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) continue;
    const ev = std.pollutants.includes(p) ? std.evaluate(p, value, opts) : null;
    if (!ev) {
      notCovered.push(p);
      continue;
    }
    const category = std.categories[Math.min(ev.level, std.categories.length - 1)];
    if (!category) throw new Error(`no category ${ev.level} in ${std.id}`);
    pollutants.push({ pollutant: p, value, inputUnit: RENDER_UNIT[p], ...ev, category });
  }
  let worst: PollutantAqi | null = null;
  for (const r of pollutants) {
    if (!worst || r.category.level > worst.category.level || (r.category.level === worst.category.level && r.position > worst.position)) worst = r;
  }
  return {
    measure: 'concentration',
    standard: std.id,
    standardName: std.name,
    indexName: std.indexName,
    index: worst ? worst.index : null,
    category: worst ? worst.category : null,
    categoryKey: worst ? worst.category.key : null,
    color: worst ? worst.category.color : null,
    labels: worst ? worst.category.labels : null,
    dominant: worst ? worst.pollutant : null,
    position: worst ? worst.position : null,
    pollutants,
    notCovered,
    indices: [],
    categories: [...std.categories],
  };
}

/** The standards a given index can be drawn in: those whose categories are bands of a numeric index. */
export const INDEX_SCALE_STANDARDS: readonly AqiStandardId[] = AQI_STANDARD_IDS.filter((id) => STANDARDS[id].indexScale !== undefined);

/**
 * The band-only standards (Mexico's Índice AIRE Y SALUD, the EEA index): no number, so a
 * document of theirs gives categories, which are drawn as given.
 */
export const CATEGORY_STANDARDS: readonly AqiStandardId[] = AQI_STANDARD_IDS.filter((id) => STANDARDS[id].indexScale === undefined && STANDARDS[id].indexName === null);


/** The category of `standard` with `key`, or undefined. */
export function categoryOf(standard: AqiStandardId, key: string): AqiCategory | undefined {
  return STANDARDS[standard].categories.find((c) => c.key === key);
}

/**
 * Rates an index the document gave on its standard's index bands: the category and
 * gauge position of the overall index and of each sub-index, as given — nothing is
 * computed from (or converted to) a concentration. The dominant pollutant is the one
 * with the highest sub-index. A given category (a band-only standard) is its band, at the
 * middle of its slice of the gauge; the dominant pollutant is the one in the worst band.
 * Throws RangeError for a standard, or a category, the given index cannot be in (the
 * render parameters refuse them first).
 */
export function rateGivenIndex(given: GivenIndex): AqiResult {
  const std = getAqiStandard(given.standard);
  const indices: PollutantIndex[] = [];
  let overall: { index: number | null; category: AqiCategory; position: number };
  if ('category' in given) {
    const n = std.categories.length;
    const rate = (key: string): { category: AqiCategory; position: number } => {
      const category = categoryOf(std.id, key);
      if (!category) throw new RangeError(`${std.id} has no category ${key}`);
      return { category, position: (category.level + 0.5) / n };
    };
    for (const p of POLLUTANTS) {
      const key = given.categories[p];
      if (key !== undefined) indices.push({ pollutant: p, index: null, ...rate(key) });
    }
    overall = { index: null, ...rate(given.category) };
  } else {
    const scale = std.indexScale;
    if (!scale) throw new RangeError(`${std.id} has no numeric index to give`);
    const rate = (index: number): { category: AqiCategory; position: number } => {
      const category = std.categories[Math.min(bandOf(index, scale.upper), std.categories.length - 1)];
      if (!category) throw new Error(`no category for index ${index} in ${std.id}`);
      return { category, position: positionOnBands(index, scale.upper, scale.top) };
    };
    for (const p of POLLUTANTS) {
      const v = given.pollutants[p];
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) continue;
      const index = Math.round(v);
      indices.push({ pollutant: p, index, ...rate(index) });
    }
    const index = Math.round(given.overall);
    overall = { index, ...rate(index) };
  }
  // The worst: the highest band, then the highest sub-index (or place) within it.
  const dominant = indices.reduce<PollutantIndex | null>((a, b) => (!a || b.category.level > a.category.level || (b.category.level === a.category.level && b.position > a.position) ? b : a), null);
  const { category, position } = overall;
  return {
    measure: 'index',
    standard: std.id,
    standardName: std.name,
    indexName: std.indexName,
    index: overall.index,
    category,
    categoryKey: category.key,
    color: category.color,
    labels: category.labels,
    dominant: dominant ? dominant.pollutant : null,
    position,
    pollutants: [],
    notCovered: [],
    indices,
    categories: [...std.categories],
  };
}

/** The AQI a render shows: the index its parameters give, or the one computed from its concentrations. */
export function renderAqi(params: { aqiStandard: AqiStandardId; date: string; index?: GivenIndex } & Partial<Record<PollutantId, number>>): AqiResult {
  return params.index ? rateGivenIndex(params.index) : computeAqi(params.aqiStandard, params, { date: params.date });
}
