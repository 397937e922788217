/** The air-quality sources a workflow can fetch from, what each needs and offers. */
import { fetchAirNow } from './airnow.js';
import { fetchOpenMeteo } from './open-meteo.js';
import { fetchOpenAq } from './openaq.js';
import type { Observation, SeriesWindow, SourceId, SourceRequest } from './types.js';
import { fetchWaqi } from './waqi.js';

export * from './types.js';
export { canonicalUnit, toRenderUnit } from './units.js';

export interface SourceInfo {
  /** The environment variable holding the key when a fetch step names none; null: no key needed. */
  defaultCredentialEnv: string | null;
  /** Series windows the source can give. */
  series: readonly SeriesWindow[];
  /** What a location must carry for this source. */
  locates: 'coordinates' | 'coordinates-or-openaq-id' | 'context-id';
  fetch: ((req: SourceRequest) => Promise<Observation>) | null;
}

export const SOURCES: Record<SourceId, SourceInfo> = {
  'open-meteo': { defaultCredentialEnv: null, series: ['past24h', 'next72h'], locates: 'coordinates', fetch: fetchOpenMeteo },
  openaq: { defaultCredentialEnv: 'OPENAQ_API_KEY', series: ['past24h'], locates: 'coordinates-or-openaq-id', fetch: fetchOpenAq },
  waqi: { defaultCredentialEnv: 'WAQI_TOKEN', series: [], locates: 'coordinates', fetch: fetchWaqi },
  airnow: { defaultCredentialEnv: 'AIRNOW_API_KEY', series: [], locates: 'coordinates', fetch: fetchAirNow },
  // A stored context is read by the service itself (it lives in the store, not behind HTTP).
  context: { defaultCredentialEnv: null, series: [], locates: 'context-id', fetch: null },
};
