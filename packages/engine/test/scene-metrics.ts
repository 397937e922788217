// What a viewer would call a still picture or dead space, measured: shared by the
// scene acceptance test and bench/scene-motion.ts.
import { createCanvas } from '@napi-rs/canvas';
import { spawn } from 'node:child_process';
import { findFfmpeg, normalizeRenderParams } from '../src/index.ts';
import { drawFrame, prepareScene } from '../src/render/scene.ts';
import { PORTRAIT_SAFE } from '../src/templates/stage.ts';
import { EXIT } from '../src/templates/storyboard.ts';

/** Values every case shows: all six pollutants, the weather, a long-ish place name. */
export const METRIC_VALUES = { location: 'Ciudad de México', pm25: 41.2, pm10: 88, no2: 37, o3: 112, so2: 9, co: 0.9, temperatura: 21, humidity: 48, date: '2026-11-22' };

/** What each template is given besides the values: places for a ranking or a comparison, stations for the map. */
const EXTRAS: Record<string, object> = {
  ranking: {
    places: [
      { name: 'Ciudad de México', pm25: 41.2 },
      { name: 'Guadalajara', pm25: 18 },
      { name: 'Monterrey', pm25: 63, pm10: 120 },
      { name: 'Puebla', pm25: 27 },
      { name: 'Toluca', pm25: 55 },
      { name: 'Mexicali', pm25: 88 },
      { name: 'Mérida', pm25: 9 },
      { name: 'Querétaro', pm25: 22 },
    ],
  },
  comparison: { places: [{ name: 'Ciudad de México', pm25: 41.2, no2: 37, o3: 112 }, { name: 'Guadalajara', pm25: 18, no2: 21, o3: 80 }] },
  'station-map': {
    stations: [
      { name: 'Merced', lat: 19.4246, lon: -99.1196, pm25: 44 },
      { name: 'Pedregal', lat: 19.3251, lon: -99.2041, pm25: 21 },
      { name: 'Tlalnepantla', lat: 19.5291, lon: -99.2046, pm25: 58 },
      { name: 'UAM Iztapalapa', lat: 19.3611, lon: -99.0739, pm25: 37 },
      { name: 'Camarones', lat: 19.4684, lon: -99.1698, pm25: 49 },
      { name: 'Xalostoc', lat: 19.526, lon: -99.0824, pm25: 71 },
    ],
  },
};

/**
 * A document's index given only as its overall value (no sub-index, no concentration), as
 * AQHI, DAQI and PSI forecasts publish it: one per language keeps each file's run short.
 */
export const OVERALL_ONLY_INDEX = {
  en: { standard: 'ca-aqhi', overall: 7, pollutants: {} },
  es: { standard: 'sg-psi', overall: 156, pollutants: {} },
  pt: { standard: 'uk-daqi', overall: 4, pollutants: {} },
} as const;

/** The templates of one place that draw a given index (those of places, stations and series draw their own data). */
export const GIVEN_INDEX_TEMPLATES = ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief'];

/** The params an index video is measured with: the place, the date, the weather and a given overall index. */
export function overallIndexParams(template: string, language: 'es' | 'en' | 'pt'): Record<string, unknown> {
  const { location, date, temperatura, humidity } = METRIC_VALUES;
  return { location, date, temperatura, humidity, template, index: OVERALL_ONLY_INDEX[language] };
}

/** The params a template is measured with: the shared values and what the template needs to tell its story. */
export function metricParams(template: string): Record<string, unknown> {
  return { ...METRIC_VALUES, template, ...(EXTRAS[template] ?? {}) };
}

/** The freezedetect filter the issue names: a picture that changes by less than -50 dB for 2 s is frozen. */
export const FREEZE_FILTER = 'freezedetect=n=-50dB:d=2';

/**
 * The longest stretch `freezedetect=n=-50dB:d=2` reports in `file` (0 when none); a
 * freeze still open at the end of the video lasts to its end.
 */
export async function longestFreeze(file: string): Promise<{ seconds: number; at: number }> {
  const child = spawn(findFfmpeg(), ['-hide_banner', '-nostats', '-i', file, '-map', '0:v:0', '-vf', FREEZE_FILTER, '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (err += d));
  const code = await new Promise<number | null>((res) => child.on('close', res));
  if (code !== 0) throw new Error(`ffmpeg freezedetect failed (${code}): ${err.slice(-400)}`);
  const dm = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(err);
  const duration = dm ? Number(dm[1]) * 3600 + Number(dm[2]) * 60 + Number(dm[3]) : 0;
  let best = { seconds: 0, at: 0 };
  let open: number | null = null;
  for (const m of err.matchAll(/freeze_(start|end): (-?\d+(?:\.\d+)?)/g)) {
    const v = Number(m[2]);
    if (m[1] === 'start') open = v;
    else if (open !== null) {
      if (v - open > best.seconds) best = { seconds: v - open, at: open };
      open = null;
    }
  }
  if (open !== null && duration - open > best.seconds) best = { seconds: duration - open, at: open };
  return best;
}

/**
 * The rows a viewer reads as empty. A row holds something when, somewhere across the
 * safe width, its luma steps by more than `EDGE` between pixels two apart: text, a
 * panel's border or edge, a chart. The backdrop (smooth gradients and a faint dot
 * grid) never steps that much, and a panel's interior counts as filled because its
 * left and right edges cross the row.
 */
const EDGE = 14;

/** The safe area, as fractions of the frame: portrait leaves the feed's top 14 % and bottom 20 %. */
export function safeRows(format: 'portrait' | 'square' | 'landscape'): { top: number; bottom: number } {
  return format === 'portrait' ? { top: PORTRAIT_SAFE.top, bottom: 1 - PORTRAIT_SAFE.bottom } : { top: 0.05, bottom: 0.95 };
}

/** The largest run of empty rows inside the safe area of one RGBA frame, as a fraction of the frame height. */
export function largestEmptyRun(rgba: Uint8ClampedArray | Buffer, width: number, height: number, format: 'portrait' | 'square' | 'landscape'): number {
  const safe = safeRows(format);
  const y0 = Math.ceil(height * safe.top);
  const y1 = Math.floor(height * safe.bottom);
  const x0 = Math.floor(width * 0.04);
  const x1 = Math.ceil(width * 0.96);
  const luma = (i: number) => 0.299 * (rgba[i] as number) + 0.587 * (rgba[i + 1] as number) + 0.114 * (rgba[i + 2] as number);
  let best = 0;
  let run = 0;
  for (let y = y0; y < y1; y++) {
    let filled = false;
    const row = y * width * 4;
    for (let x = x0 + 2; x < x1 && !filled; x++) filled = Math.abs(luma(row + x * 4) - luma(row + (x - 2) * 4)) > EDGE;
    run = filled ? 0 : run + 1;
    if (run > best) best = run;
  }
  return best / height;
}

/**
 * The largest empty band of a render after its intro, in percent of the frame height,
 * and the time of the frame that shows it. Frames are taken where every scene has
 * settled (just before it leaves; for a template without scenes, every half second of
 * its holds — where it redraws only small regions — from its poster moment on).
 */
export function emptyBand(input: object): { percent: number; at: number } {
  const params = normalizeRenderParams(input);
  const ps = prepareScene(params, { shareStatic: false });
  const times: number[] = [];
  const tl = ps.scene.timeline;
  const end = ps.scene.outro?.start ?? ps.durationSec;
  if (tl && tl.length > 1) {
    for (const s of tl.slice(1)) times.push(Math.min(s.end - EXIT - 0.1, end - 0.05));
  } else {
    // Settled moments: inside the holds the template names, or else where it says only small regions change (not the whole frame: an entry or a page turn).
    const holds = ps.scene.holds;
    const dt = 1 / ps.fps;
    const settled = (t: number): boolean => (holds ? holds.some((h) => t > h.from + dt && t < h.to) : ps.scene.changes?.(t) !== 'full');
    for (let t = ps.scene.posterTime; t < end; t += 0.5) if (settled(t)) times.push(t);
  }
  const canvas = createCanvas(ps.width, ps.height);
  const ctx = canvas.getContext('2d');
  let best = { percent: 0, at: 0 };
  for (const t of times) {
    drawFrame(ps, ctx, Math.min(ps.frames - 1, Math.round(t * ps.fps)));
    const data = ctx.getImageData(0, 0, ps.width, ps.height).data;
    const p = 100 * largestEmptyRun(data, ps.width, ps.height, params.format);
    if (p > best.percent) best = { percent: p, at: t };
  }
  return best;
}
