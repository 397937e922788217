/**
 * The operator's PMTiles basemap (`MAP_PMTILES_PATH`), opened once at start for every
 * station map this process draws. A file that cannot serve vector tiles — missing,
 * truncated, not PMTiles, raster tiles — or a URL (only a local file is read) is
 * logged once as a warning and the service starts anyway: maps keep the Natural
 * Earth basemap.
 */
import { configureMapTiles } from '@aqcast/engine';

/** Where the outcome is said: the service's logger, or the CLI's stderr. */
export interface MapTilesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export async function openMapTiles(path: string | null, logger: MapTilesLog): Promise<boolean> {
  const r = await configureMapTiles(path);
  if (r.ok) {
    if (path !== null) logger.info({ path }, 'station maps draw the PMTiles basemap');
    return path !== null;
  }
  logger.warn({ path, reason: r.reason }, `MAP_PMTILES_PATH cannot be used (${r.reason}): station maps use the Natural Earth basemap`);
  return false;
}
