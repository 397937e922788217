import { resolve } from 'node:path';
import { EngineError, listTemplates, normalizeRenderParams, renderNormalizedVideo } from '@aqcast/engine';
import cliProgress from 'cli-progress';
import { loadConfig } from '../core/config.js';
import { openMapTiles } from '../core/map-tiles.js';

interface RenderOptions {
  location: string;
  template?: string;
  pm25?: number; pm10?: number; no2?: number; o3?: number; so2?: number; co?: number;
  temperatura?: number; temperature?: number; humidity?: number;
  language?: string; aqiStandard?: string; format?: string; resolution?: string; date?: string;
  duration?: number;
  out: string; poster?: string;
}

export async function renderCommand(opts: RenderOptions): Promise<void> {
  const { out, poster, duration, ...rest } = opts;
  const input = Object.fromEntries(Object.entries({ ...rest, durationSec: duration }).filter(([, v]) => v !== undefined));
  let params;
  try {
    params = normalizeRenderParams(input);
  } catch (err) {
    if (err instanceof EngineError) {
      console.error(`aqcast render: invalid input`);
      for (const f of err.fields ?? []) console.error(`  --${f.field === 'durationSec' ? 'duration' : f.field.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}: ${f.message}`);
      if (!err.fields?.length) console.error(`  ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const tty = process.stderr.isTTY;
  const bar = tty ? new cliProgress.SingleBar({ format: 'rendering [{bar}] {percentage}% | {eta}s left', hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic) : null;
  bar?.start(100, 0);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { ffmpegPath, mapPmtilesPath } = loadConfig();
    // A basemap that cannot be used is said once; the render goes on over Natural Earth.
    await openMapTiles(mapPmtilesPath, { info: () => undefined, warn: (_o: object, msg: string) => console.error(`aqcast render: warning: ${msg}`) });
    const result = await renderNormalizedVideo(params, {
      ...(ffmpegPath ? { ffmpegPath } : {}),
      outFile: resolve(out),
      posterFile: poster ? resolve(poster) : undefined,
      signal: controller.signal,
      onProgress: (f) => bar?.update(Math.round(f * 100)),
    });
    bar?.update(100);
    bar?.stop();
    console.log(`${result.outFile} — ${result.width}×${result.height}, ${result.durationSec} s, ${(result.bytes / 1e6).toFixed(2)} MB, rendered in ${(result.renderMs / 1000).toFixed(1)} s`);
    console.log(`poster: ${result.posterFile}`);
  } catch (err) {
    bar?.stop();
    if (err instanceof EngineError) {
      console.error(`aqcast render: ${err.code}: ${err.message}${err.stderrTail ? `\n${err.stderrTail}` : ''}`);
      process.exit(err.code === 'aborted' ? 130 : 1);
    }
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export function templatesCommand(opts: { json?: boolean }): void {
  const templates = listTemplates();
  if (opts.json) {
    console.log(JSON.stringify(templates, null, 2));
    return;
  }
  for (const t of templates) {
    console.log(`${t.id}${t.isDefault ? ' (default)' : ''} — ${t.name}`);
    console.log(`    ${t.description}`);
    console.log(`    formats: ${t.formats.join(', ')}; ${t.durations.join(', ')} s (default ${t.durationSec}); params: ${t.params.join(', ')}`);
  }
}
