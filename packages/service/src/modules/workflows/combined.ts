/**
 * One video over all of a run's locations (a render step of mode `combined`): which
 * locations become places (those with values, within the template's limits, a station
 * map's only where they are known), which template (a comparison of two, a ranking, a
 * station map), the render params, and one provenance merged from each place's.
 */
import { computeAqi, PLACE_LIMITS, POLLUTANTS, ProvenanceSchema, type PollutantId, type Provenance, type RenderParams } from '@aqcast/engine';
import { Value } from '@sinclair/typebox/value';
import { parseRenderParams } from '../../core/render-params.js';
import type { Location } from './contract.js';
import type { RenderStep } from './definition.js';
import type { RunDefinition } from './runs.js';

/** What the fetch step kept of a location's values (the runner's Fetched, as far as this reads it). */
export interface CombinedFetched {
  values: Partial<Record<string, number>>;
  observedAt: string | null;
  station: { latitude?: number | null; longitude?: number | null } | null;
}

/** A location that reached the render step, with its values and their provenance. */
export interface CombinedEntry {
  location: Location;
  fetched: CombinedFetched;
  provenance: Record<string, unknown>;
}

/** A location the video leaves out, and why (a stale_data, failed or condition-skipped item, or a limit). */
export interface LeftOut {
  location: string;
  reason: string;
  message?: string;
}

export interface CombinedPlan {
  template: 'ranking' | 'comparison' | 'station-map';
  entries: (CombinedEntry & { values: Partial<Record<PollutantId, number>>; lat?: number; lon?: number })[];
  leftOut: LeftOut[];
  note: string | null;
}

function pollutantsOf(values: Partial<Record<string, number>>): Partial<Record<PollutantId, number>> {
  const out: Partial<Record<PollutantId, number>> = {};
  for (const k of POLLUTANTS) {
    const v = values[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[k] = v;
  }
  return out;
}

/** Where a location is: its own coordinates, else those of the station its values came from. */
function whereOf(e: CombinedEntry): { lat: number; lon: number } | null {
  if (e.location.latitude !== undefined && e.location.longitude !== undefined) return { lat: e.location.latitude, lon: e.location.longitude };
  const s = e.fetched.station;
  if (typeof s?.latitude === 'number' && typeof s.longitude === 'number') return { lat: s.latitude, lon: s.longitude };
  return null;
}

/** Chooses the places and the template; `leftOut` starts with the items that did not reach the render step. */
export function combinedPlan(step: RenderStep, _def: RunDefinition, entries: CombinedEntry[], leftOut: LeftOut[]): CombinedPlan {
  const out: LeftOut[] = [...leftOut];
  let kept: CombinedPlan['entries'] = [];
  for (const e of entries) {
    const values = pollutantsOf(e.fetched.values);
    if (Object.keys(values).length === 0) out.push({ location: e.location.name, reason: 'no_values', message: 'the source gave no pollutant value' });
    else kept.push({ ...e, values });
  }
  let template: CombinedPlan['template'] = step.template === 'station-map' ? 'station-map' : step.template === 'comparison' ? 'comparison' : 'ranking';
  let note: string | null = null;
  if (template === 'station-map') {
    const seen = new Set<string>();
    kept = kept.filter((e) => {
      const at = whereOf(e);
      if (!at) {
        out.push({ location: e.location.name, reason: 'no_coordinates', message: 'a station map needs to know where the location is' });
        return false;
      }
      const key = `${at.lat.toFixed(5)},${at.lon.toFixed(5)}`;
      if (seen.has(key)) {
        out.push({ location: e.location.name, reason: 'same_point', message: `another location is on the same point (${key})` });
        return false;
      }
      seen.add(key);
      Object.assign(e, at);
      return true;
    });
  }
  if (template === 'comparison' && kept.length > 2) {
    // Only when a run's overrides gave more locations than the workflow's two.
    template = 'ranking';
    note = `${kept.length} places: a ranking instead of a comparison`;
  }
  const limit = template === 'station-map' ? PLACE_LIMITS.maxStations : PLACE_LIMITS.maxPlaces;
  if (kept.length > limit) {
    const worstFirst = [...kept].sort((a, b) => (computeAqi(step.aqiStandard, b.values).position ?? -1) - (computeAqi(step.aqiStandard, a.values).position ?? -1));
    const dropped = new Set(worstFirst.slice(limit));
    for (const e of kept) if (dropped.has(e)) out.push({ location: e.location.name, reason: 'over_limit', message: `the ${limit} worst by ${step.aqiStandard} are shown` });
    kept = kept.filter((e) => !dropped.has(e));
  }
  if (step.autoTemplate && kept.length === 2) template = 'comparison';
  return { template, entries: kept, leftOut: out, note };
}

/**
 * One provenance for the video: the places' source (the first's when they differ), every
 * station id, the earliest observed time (the video does not claim fresher data than its
 * oldest place) and the latest retrieval.
 */
export function mergedProvenance(list: Record<string, unknown>[]): Provenance | null {
  const valid = list.filter((p): p is Provenance => Value.Check(ProvenanceSchema, p));
  const first = valid[0];
  if (!first) return null;
  const same = valid.filter((p) => p.source === first.source);
  const ids = [...new Set(valid.flatMap((p) => p.stationIds ?? []))].slice(0, PLACE_LIMITS.stationIdsMax);
  const observed = valid.map((p) => p.observedAt).filter((t): t is string => typeof t === 'string').sort((a, b) => Date.parse(a) - Date.parse(b));
  const retrieved = valid.map((p) => p.retrievedAt).filter((t): t is string => typeof t === 'string').sort((a, b) => Date.parse(b) - Date.parse(a));
  const out: Provenance = { source: first.source };
  if (ids.length) out.stationIds = ids;
  if (observed[0]) out.observedAt = observed[0];
  if (retrieved[0] && (!observed[0] || Date.parse(retrieved[0]) >= Date.parse(observed[0]))) out.retrievedAt = retrieved[0];
  if (first.timeZone) out.timeZone = first.timeZone;
  if (first.attribution) out.attribution = first.attribution;
  if (first.licence) out.licence = first.licence;
  if (same.some((p) => p.preliminary)) out.preliminary = true;
  return out;
}

/** One render per format × language over the plan's places (throws a 400-kind error naming the field when a value is out of range). */
export function combinedParams(step: RenderStep, def: RunDefinition, plan: CombinedPlan): RenderParams[] {
  const provenance = mergedProvenance(plan.entries.map((e) => e.provenance));
  const observed = provenance?.observedAt ? new Date(provenance.observedAt) : new Date();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: def.timezone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(observed);
  const many = plan.template === 'station-map'
    ? { stations: plan.entries.map((e) => ({ name: e.location.name, lat: e.lat, lon: e.lon, ...e.values })) }
    : { places: plan.entries.map((e) => ({ name: e.location.name, ...(e.location.latitude !== undefined && e.location.longitude !== undefined ? { lat: e.location.latitude, lon: e.location.longitude } : {}), ...e.values })) };
  const out: RenderParams[] = [];
  for (const format of step.formats) {
    for (const language of step.languages) {
      out.push(parseRenderParams({
        location: def.name, template: plan.template, language, format, aqiStandard: step.aqiStandard, date, ...many,
        ...(step.resolution ? { resolution: step.resolution } : {}), ...(provenance ? { provenance } : {}),
      }));
    }
  }
  return out;
}

/** Why a combined render rendered nothing. */
export function tooFewMessage(kept: number, total: number, leftOut: LeftOut[]): string {
  const why = leftOut.map((l) => `${l.location} (${l.reason})`).join(', ');
  return `${kept} of ${total} locations can be shown and a video of many places needs at least ${PLACE_LIMITS.minPlaces}: nothing was rendered${why ? `; left out: ${why}` : ''}`.slice(0, 2000);
}
