import type { AqiStandardId } from '../aqi/types.js';
import type { Language } from '../language.js';
import type { Format, Resolution } from './schema.js';

/** Render parameters after `normalizeRenderParams`: aliases resolved, defaults filled. */
export interface RenderParams {
  location: string;
  template: string;
  pm25?: number;
  pm10?: number;
  no2?: number;
  o3?: number;
  so2?: number;
  co?: number;
  temperatura?: number;
  humidity?: number;
  language: Language;
  aqiStandard: AqiStandardId;
  format: Format;
  resolution: Resolution;
  date: string;
}
