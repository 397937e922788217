/**
 * The operator's PMTiles basemap (`MAP_PMTILES_PATH`), opened once at start for every
 * station map this process draws. A file that cannot serve vector tiles — missing,
 * truncated, not PMTiles, raster tiles — or a URL (only a local file is read) is
 * logged once as a warning and the service starts anyway: maps keep the Natural
 * Earth basemap.
 */
import { configureMapTiles } from '@aqcast/engine';
import type { Logger } from 'pino';

export async function openMapTiles(path: string | null, logger: Logger): Promise<boolean> {
  if (path !== null && /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    await configureMapTiles(null);
    logger.warn({ path }, 'MAP_PMTILES_PATH is a URL; only a local file is read: station maps use the Natural Earth basemap');
    return false;
  }
  const r = await configureMapTiles(path);
  if (r.ok) {
    if (path !== null) logger.info({ path }, 'station maps draw the PMTiles basemap');
    return path !== null;
  }
  logger.warn({ path, reason: r.reason }, `MAP_PMTILES_PATH cannot be used (${r.reason}): station maps use the Natural Earth basemap`);
  return false;
}
