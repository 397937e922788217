/**
 * The rules of a workflow beyond its schema, checked before anything is
 * stored: step order and the fields each step type takes, what each source
 * needs of a location, credentials that must be set, templates that must
 * exist, cron expressions and time zones that must parse. Every problem is a
 * 400 naming its field. Also the schedule arithmetic (croner).
 */
import { getAqiStandard, listTemplates, type AqiStandardId, type Format, type Language, type PollutantId, type Resolution } from '@aqcast/engine';
import { Cron } from 'croner';
import { credentialNameProblem, type Config } from '../../core/config.js';
import type { FieldError } from '../../core/errors.js';
import { COMBINED_TEMPLATES, type Location, type RenderMode, type Step, type StepType, type Trigger } from './contract.js';
import { SOURCES, type SeriesRequest, type SourceId } from './sources/index.js';
import { readLocations, readSteps } from './stored.js';

/** A slot counts as missed (and the catch-up policy applies) when it is seen more than this late. */
export const MISSED_AFTER_MS = 5 * 60_000;

export interface FetchStep {
  type: 'fetch';
  source: SourceId;
  credentialEnv: string | null;
  series: SeriesRequest | null;
}
export interface ConditionStep {
  type: 'condition';
  when: 'aqi_at_least' | 'changed';
  aqiStandard: AqiStandardId;
  category: string | null;
  index: number | null;
  pollutant: PollutantId | 'aqi';
  minDelta: number;
}
/**
 * Seam for A/B variants (built beside this module): a render step will be able
 * to name a `variantTestId`, and planRender / the runner would then take the
 * template and params of the test's winning arm from the variants module's
 * index.ts. Nothing here depends on it yet.
 */
export interface RenderStep {
  type: 'render';
  template: string;
  fallbackTemplate: string;
  formats: Format[];
  languages: Language[];
  aqiStandard: AqiStandardId;
  resolution: Resolution | null;
  priority: number;
  /** Values observed longer ago are not rendered as current (null: no limit). */
  maxAgeMinutes: number | null;
  /** The brand (null: none; undefined: the default brand, if one is set). */
  brandId?: string | null | undefined;
  /** combined: one video over all the run's locations (absent in runs stored before: per-location). */
  mode?: RenderMode;
  /** combined without a template: a comparison when two places remain, else a ranking. */
  autoTemplate?: boolean;
}
export interface NotifyStep {
  type: 'notify';
  on: ('completed' | 'failed')[];
}
export type PlannedStep = FetchStep | ConditionStep | RenderStep | NotifyStep;

/** Fields each step type may carry (besides `type`). */
const FIELDS: Record<StepType, readonly string[]> = {
  fetch: ['source', 'credentialEnv', 'series'],
  condition: ['when', 'aqiStandard', 'category', 'index', 'pollutant', 'minDelta'],
  render: ['mode', 'template', 'fallbackTemplate', 'formats', 'languages', 'aqiStandard', 'resolution', 'priority', 'maxAgeMinutes', 'brandId'],
  notify: ['on'],
};

const ORDER: Record<StepType, number> = { fetch: 0, condition: 1, render: 2, notify: 3 };

function templateIds(): string[] {
  return listTemplates().map((t) => t.id);
}

/** Checks a cron expression and time zone; returns the parsed schedule or adds errors. */
export function parseSchedule(trigger: Trigger, errors: FieldError[], prefix = 'trigger.'): Cron | null {
  const timezone = trigger.timezone ?? 'UTC';
  let tzOk = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    tzOk = false;
    errors.push({ field: `${prefix}timezone`, message: `"${timezone}" is not an IANA time zone (e.g. America/Santiago, Europe/Madrid, UTC)` });
  }
  if (!trigger.cron) {
    errors.push({ field: `${prefix}cron`, message: 'is required for a schedule trigger' });
    return null;
  }
  const parts = trigger.cron.trim().split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6) {
    errors.push({ field: `${prefix}cron`, message: 'must have 5 fields (minute hour day month weekday) or 6 (seconds first)' });
    return null;
  }
  try {
    const cron = new Cron(trigger.cron.trim(), { timezone: tzOk ? timezone : 'UTC', paused: true });
    if (!cron.nextRun()) {
      errors.push({ field: `${prefix}cron`, message: 'never fires' });
      return null;
    }
    return tzOk ? cron : null;
  } catch (err) {
    errors.push({ field: `${prefix}cron`, message: `is not a valid cron expression: ${(err instanceof Error ? err.message : String(err)).replace(/^CronPattern: /, '')}` });
    return null;
  }
}

/** The cron schedule of a stored schedule workflow. */
export function scheduleOf(cron: string, timezone: string | null): Cron {
  return new Cron(cron, { timezone: timezone ?? 'UTC', paused: true });
}

/** The next `n` slots strictly after `from`, as ISO strings. */
export function nextSlots(cron: Cron, n: number, from = new Date()): string[] {
  return cron.nextRuns(n, from).map((d) => d.toISOString());
}

/** Checks the trigger, the locations and the steps together; throws nothing, returns the errors and the plan. */
export function planWorkflow(input: { trigger: Trigger; locations: Location[]; steps: Step[] }, config: Pick<Config, 'credential'>, prefix = ''): { errors: FieldError[]; steps: PlannedStep[] } {
  const errors: FieldError[] = [];
  const err = (field: string, message: string) => errors.push({ field: prefix + field, message });
  const { trigger, locations, steps } = input;

  if (trigger.type === 'schedule') parseSchedule(trigger, errors, `${prefix}trigger.`);
  else for (const f of ['cron', 'timezone', 'catchUp'] as const) if (trigger[f] !== undefined) err(`trigger.${f}`, `applies to schedule triggers only, not ${trigger.type}`);

  const planned: PlannedStep[] = [];
  let last = -1;
  steps.forEach((step, i) => {
    const at = `steps[${i}]`;
    for (const f of Object.keys(step)) if (f !== 'type' && !FIELDS[step.type].includes(f)) err(`${at}.${f}`, `is not a field of a ${step.type} step (it takes ${FIELDS[step.type].join(', ')})`);
    if (ORDER[step.type] < last) err(`${at}.type`, 'steps go fetch, then conditions, then render, then notify');
    last = Math.max(last, ORDER[step.type]);
    if (step.type === 'fetch') {
      if (i !== 0) err(`${at}.type`, 'a workflow has one fetch step, the first');
      const p = planFetch(step, at, err, config, locations);
      if (p) planned.push(p);
    } else if (step.type === 'condition') {
      const p = planCondition(step, at, err);
      if (p) planned.push(p);
    } else if (step.type === 'render') {
      if (planned.some((s) => s.type === 'render')) err(`${at}.type`, 'a workflow has at most one render step');
      planned.push(step.mode === 'combined' ? planCombinedRender(step, at, err, locations) : planRender(step, at, err, planned));
    } else {
      if (planned.some((s) => s.type === 'notify')) err(`${at}.type`, 'a workflow has at most one notify step');
      planned.push({ type: 'notify', on: step.on ?? ['completed', 'failed'] });
    }
  });
  if (steps[0]?.type !== 'fetch') err('steps[0].type', 'the first step must be fetch');
  if (!steps.some((s) => s.type === 'render')) err('steps', 'needs a render step');
  return { errors, steps: planned };
}

function planFetch(step: Step, at: string, err: (f: string, m: string) => void, config: Pick<Config, 'credential'>, locations: Location[]): FetchStep | null {
  if (!step.source) {
    err(`${at}.source`, 'is required for a fetch step');
    return null;
  }
  const info = SOURCES[step.source];
  let credentialEnv: string | null = null;
  if (step.credentialEnv !== undefined && info.defaultCredentialEnv === null) err(`${at}.credentialEnv`, `${step.source} needs no key`);
  else if (info.defaultCredentialEnv !== null) {
    credentialEnv = step.credentialEnv ?? info.defaultCredentialEnv;
    const problem = credentialNameProblem(credentialEnv);
    if (problem) err(`${at}.credentialEnv`, problem);
    else if (!config.credential(credentialEnv)) err(`${at}.credentialEnv`, `the environment variable ${credentialEnv} is not set on this aqcast process (${step.source} needs a key)`);
  }
  if (step.series && !info.series.includes(step.series.window)) {
    err(`${at}.series.window`, info.series.length ? `${step.source} gives only ${info.series.join(', ')}` : `${step.source} gives no hourly series`);
  }
  locations.forEach((l, k) => {
    const where = `locations[${k}]`;
    if (info.locates === 'context-id') {
      if (!l.contextId) err(`${where}.contextId`, 'is required by source context');
    } else if (info.locates === 'coordinates' || l.openaqLocationId === undefined) {
      if (l.latitude === undefined || l.longitude === undefined) err(`${where}.${l.latitude === undefined ? 'latitude' : 'longitude'}`, `is required by source ${step.source}${info.locates === 'coordinates-or-openaq-id' ? ' (or give openaqLocationId)' : ''}`);
    }
    if (l.openaqLocationId !== undefined && step.source !== 'openaq') err(`${where}.openaqLocationId`, `is used by source openaq only, not ${step.source}`);
  });
  return { type: 'fetch', source: step.source, credentialEnv, series: step.series ?? null };
}

function planCondition(step: Step, at: string, err: (f: string, m: string) => void): ConditionStep | null {
  if (!step.when) {
    err(`${at}.when`, 'is required for a condition step (aqi_at_least or changed)');
    return null;
  }
  const aqiStandard = step.aqiStandard ?? 'us-epa';
  const std = getAqiStandard(aqiStandard);
  if (step.when === 'aqi_at_least') {
    if ((step.category === undefined) === (step.index === undefined)) err(`${at}.category`, 'give exactly one of category and index');
    if (step.category !== undefined && !std.categories.some((c) => c.key === step.category)) err(`${at}.category`, `is not a category of ${aqiStandard}; one of ${std.categories.map((c) => c.key).join(', ')}`);
    if (step.index !== undefined && std.indexName === null) err(`${at}.index`, `${aqiStandard} has no numeric index; use category`);
    for (const f of ['pollutant', 'minDelta'] as const) if (step[f] !== undefined) err(`${at}.${f}`, 'applies to when: changed only');
  } else {
    for (const f of ['category', 'index'] as const) if (step[f] !== undefined) err(`${at}.${f}`, 'applies to when: aqi_at_least only');
  }
  return { type: 'condition', when: step.when, aqiStandard, category: step.category ?? null, index: step.index ?? null, pollutant: step.pollutant ?? 'aqi', minDelta: step.minDelta ?? 0 };
}

function planRender(step: Step, at: string, err: (f: string, m: string) => void, planned: PlannedStep[]): RenderStep {
  const known = templateIds();
  const template = step.template ?? 'daily-report';
  const fallbackTemplate = step.fallbackTemplate ?? 'daily-report';
  if (!known.includes(template)) err(`${at}.template`, `unknown template "${template}"; known templates are ${known.join(', ')}`);
  if (!known.includes(fallbackTemplate) || fallbackTemplate === 'trend') err(`${at}.fallbackTemplate`, `must be a template other than trend: ${known.filter((t) => t !== 'trend').join(', ')}`);
  if (step.fallbackTemplate !== undefined && template !== 'trend') err(`${at}.fallbackTemplate`, 'applies to template trend only');
  const combined: readonly string[] = COMBINED_TEMPLATES;
  if (combined.includes(template)) err(`${at}.template`, `${template} draws many places in one video: give the render step mode: combined`);
  const fetch = planned.find((s): s is FetchStep => s.type === 'fetch');
  if (template === 'trend' && fetch && !fetch.series) err(`${at}.template`, 'the trend template draws an hourly series: give the fetch step a series ({ pollutant, window })');
  return {
    type: 'render', template, fallbackTemplate, formats: step.formats ?? ['landscape'], languages: step.languages ?? ['es'], aqiStandard: step.aqiStandard ?? 'us-epa',
    resolution: step.resolution ?? null, priority: step.priority ?? 0, maxAgeMinutes: step.maxAgeMinutes ?? null, brandId: step.brandId,
  };
}

/**
 * A render step of mode combined: one video over every location of a run. It takes a
 * multi-place template only, and at least two locations; a station map also needs to
 * know where each location is (its latitude and longitude, or an OpenAQ station's).
 */
function planCombinedRender(step: Step, at: string, err: (f: string, m: string) => void, locations: Location[]): RenderStep {
  const combined: readonly string[] = COMBINED_TEMPLATES;
  if (step.template !== undefined && !combined.includes(step.template)) err(`${at}.template`, `mode combined renders ${COMBINED_TEMPLATES.join(', ')}, not "${step.template}"`);
  if (step.fallbackTemplate !== undefined) err(`${at}.fallbackTemplate`, 'applies to template trend only, not to mode combined');
  if (locations.length < 2) err('locations', `mode combined renders one video over several locations: give at least 2 (there ${locations.length === 1 ? 'is 1' : `are ${locations.length}`})`);
  if (step.template === 'comparison' && locations.length > 2) err(`${at}.template`, `a comparison sets two places side by side; this workflow has ${locations.length} locations (use ranking)`);
  if (step.template === 'station-map') {
    locations.forEach((l, k) => {
      if ((l.latitude === undefined || l.longitude === undefined) && l.openaqLocationId === undefined) err(`locations[${k}].${l.latitude === undefined ? 'latitude' : 'longitude'}`, 'is required by a combined station-map render (a station map places each location)');
    });
  }
  return {
    type: 'render', mode: 'combined', template: step.template ?? 'ranking', autoTemplate: step.template === undefined, fallbackTemplate: 'ranking', formats: step.formats ?? ['landscape'],
    languages: step.languages ?? ['es'], aqiStandard: step.aqiStandard ?? 'us-epa', resolution: step.resolution ?? null, priority: step.priority ?? 0, maxAgeMinutes: step.maxAgeMinutes ?? null, brandId: step.brandId,
  };
}

/**
 * The planned steps of a stored (already validated) workflow. Credentials are
 * not checked here: a key removed since is a failed fetch of that run, with
 * the reason in its step record.
 */
export function storedPlan(row: { trigger_type: Trigger['type']; locations: string; steps: string }): PlannedStep[] {
  return planWorkflow({ trigger: { type: 'manual' }, locations: readLocations(row.locations, "a workflow's"), steps: readSteps(row.steps, "a workflow's") }, { credential: () => 'checked when the step runs' }).steps;
}
