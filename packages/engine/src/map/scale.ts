/**
 * The map's scale bar: a round distance (1, 2 or 5 × 10ⁿ metres) that draws about as
 * long as asked, at the map's centre latitude (Mercator's scale changes with latitude).
 * At city scale the Natural Earth basemap is one land fill with nothing on it: the bar
 * and the place's name are what say how large the area is and where it is.
 */
import type { GeoProjection } from 'd3-geo';

const EARTH_RADIUS_M = 6_371_008.8;

export interface ScaleBar {
  /** Length of the bar, design px. */
  px: number;
  /** The distance it stands for, e.g. "5 km", "500 m". */
  text: string;
}

/** A scale bar no longer than `maxPx` (and at least a third of it) for the projection at `lat`. */
export function scaleBar(projection: GeoProjection, lat: number, maxPx: number, locale: string): ScaleBar {
  const metresPerPx = (EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180)) / projection.scale();
  const most = maxPx * metresPerPx;
  const pow = 10 ** Math.floor(Math.log10(most));
  const step = [5, 2, 1].map((m) => m * pow).find((d) => d <= most) ?? pow;
  const fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const text = step >= 1000 ? `${fmt.format(step / 1000)} km` : `${fmt.format(step)} m`;
  return { px: step / metresPerPx, text };
}
