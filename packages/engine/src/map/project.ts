/**
 * The projection of a station map: Web Mercator fitted to the stations' extent inside
 * the map's box, with a margin for the markers and at least ~4 km across, so a single
 * station or a tight cluster still shows its surroundings. It is centred on the
 * stations' middle meridian, so a network across the antimeridian (Fiji, the Aleutians,
 * Chukotka) is one small view rather than the whole world.
 */
import { geoMercator, type GeoProjection } from 'd3-geo';
import type { Feature, Polygon } from 'geojson';
import type { Box } from './labels.js';

/** The smallest span (degrees) a map shows around its stations. */
const MIN_SPAN_DEG = 0.04;

/**
 * The longitudes as one run: when the points lie across the antimeridian (179° and
 * −179°), those west of it are taken a world further east (181°), whichever way round
 * spans less.
 */
export function unwrapLongitudes(lons: readonly number[]): number[] {
  if (lons.length === 0) return [];
  const span = (xs: readonly number[]) => Math.max(...xs) - Math.min(...xs);
  const east = lons.map((l) => (l < 0 ? l + 360 : l));
  return span(east) < span(lons) ? east : [...lons];
}

export function fitProjection(points: readonly { lat: number; lon: number }[], box: Box, pad: number): GeoProjection {
  const lats = points.map((p) => p.lat);
  const lons = unwrapLongitudes(points.map((p) => p.lon));
  let south = Math.min(...lats);
  let north = Math.max(...lats);
  let west = Math.min(...lons);
  let east = Math.max(...lons);
  const grow = (lo: number, hi: number): [number, number] => {
    const span = hi - lo;
    if (span >= MIN_SPAN_DEG) return [lo, hi];
    const mid = (lo + hi) / 2;
    return [mid - MIN_SPAN_DEG / 2, mid + MIN_SPAN_DEG / 2];
  };
  [south, north] = grow(south, north);
  [west, east] = grow(west, east);
  south = Math.max(-85, south);
  north = Math.min(85, north);
  const extent: Feature<Polygon> = {
    type: 'Feature',
    properties: {},
    // Clockwise (SW, NW, NE, SE) is the small polygon in d3-geo's spherical winding: the box, not the rest of the world.
    geometry: { type: 'Polygon', coordinates: [[[west, south], [west, north], [east, north], [east, south], [west, south]]] },
  };
  // d3-geo cuts what crosses its projection's antimeridian: rotated to the middle meridian, the view never does.
  return geoMercator().rotate([-(west + east) / 2, 0]).fitExtent([[box.x + pad, box.y + pad], [box.x + box.w - pad, box.y + box.h - pad]], extent);
}
