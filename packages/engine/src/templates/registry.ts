/** The templates this engine ships, by id. */
import type { Format } from '../params/schema.js';
import { comparison } from './comparison.js';
import { dailyReport } from './daily-report.js';
import { pollutionAlert } from './pollution-alert.js';
import { ranking } from './ranking.js';
import { stationMap } from './station-map.js';
import { socialClip } from './social-clip.js';
import { trend } from './trend.js';
import { weatherBrief } from './weather-brief.js';
import type { TemplateDefinition } from './types.js';

export const DEFAULT_TEMPLATE_ID = 'daily-report' as const;

const TEMPLATES: readonly TemplateDefinition[] = [dailyReport, pollutionAlert, socialClip, weatherBrief, trend, ranking, comparison, stationMap];

/** What callers see of a template (GET /templates, `aqcast templates`). */
export interface TemplateInfo {
  id: string;
  name: string;
  description: string;
  formats: Format[];
  params: string[];
  version: string;
  /** The default length in seconds. */
  durationSec: number;
  /** Every length (`durationSec`) the template offers. */
  durations: number[];
  isDefault: boolean;
}

export function listTemplateDefinitions(): readonly TemplateDefinition[] {
  return TEMPLATES;
}

export function findTemplate(id: string): TemplateDefinition | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

export function getTemplate(id: string): TemplateDefinition {
  const t = findTemplate(id);
  if (!t) throw new Error(`unknown template ${id}`);
  return t;
}

/** The templates with id, name, description, formats, params used, version and duration; the default first. */
export function listTemplates(): TemplateInfo[] {
  return TEMPLATES.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    formats: [...t.formats],
    params: [...t.params],
    version: t.version,
    durationSec: t.durationSec,
    durations: [...t.durations],
    isDefault: t.id === DEFAULT_TEMPLATE_ID,
  }));
}
