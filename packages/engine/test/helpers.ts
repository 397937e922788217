// Shared by the render tests: ffprobe, MP4 box walking, PNG pixels, child processes.
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import { openSync, readSync, closeSync, fstatSync, readdirSync, readFileSync } from 'node:fs';
import { findFfprobe, normalizeRenderParams, type FrameDescription } from '../src/index.ts';
import type { DrawnText } from '../src/draw/text.ts';
import { MAP_SPECS, mapBoxes, planStationMap } from '../src/templates/station-map.ts';

export interface Probe {
  codec: string;
  width: number;
  height: number;
  pixFmt: string;
  fps: string;
  frames: number;
  duration: number;
}

export function probe(file: string): Probe {
  const out = execFileSync(findFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_packets:format=duration', '-of', 'json', file], { encoding: 'utf8' });
  const j = JSON.parse(out) as { streams: Record<string, string | number>[]; format: { duration: string } };
  const s = j.streams[0] ?? {};
  return {
    codec: String(s.codec_name),
    width: Number(s.width),
    height: Number(s.height),
    pixFmt: String(s.pix_fmt),
    fps: String(s.r_frame_rate),
    frames: Number(s.nb_read_packets),
    duration: Number(j.format.duration),
  };
}

/** Types of the top-level ISO-BMFF boxes, in file order. */
export function topLevelBoxes(file: string): string[] {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(16);
    const types: string[] = [];
    let pos = 0;
    while (pos + 8 <= size) {
      readSync(fd, head, 0, 16, pos);
      let boxSize = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (boxSize === 1) boxSize = Number(head.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - pos;
      if (boxSize < 8) throw new Error(`bad box at ${pos}`);
      types.push(type);
      pos += boxSize;
    }
    return types;
  } finally {
    closeSync(fd);
  }
}

export async function pngPixels(file: string): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const img = await loadImage(readFileSync(file));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

/**
 * The colours (r, g, b) of a landscape station map's frame (a PNG) at lon/lat points,
 * found through the map's own projection; `scale` takes design px to the PNG's.
 */
export async function mapPixels(png: Buffer, params: ReturnType<typeof normalizeRenderParams>, points: readonly (readonly [number, number])[], scale = 1): Promise<[number, number, number][]> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  // A one-line title's header ends above 196 px: the landscape map then starts at its floor (220 px), whatever the header.
  const plan = planStationMap(params, mapBoxes('landscape', 1920, 1080, 0).map, MAP_SPECS.landscape);
  return points.map(([lon, lat]) => {
    const xy = plan.project?.([lon, lat]) ?? [0, 0];
    const px = g.getImageData(Math.round(xy[0] * scale), Math.round(xy[1] * scale), 1, 1).data;
    return [px[0] ?? 0, px[1] ?? 0, px[2] ?? 0];
  });
}

/** How many pixels are within `tol` of `hex` on every channel. */
export function countColor(px: { data: Uint8ClampedArray }, hex: string, tol = 2): number {
  const v = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  let n = 0;
  const d = px.data;
  for (let i = 0; i < d.length; i += 4) {
    if (Math.abs((d[i] as number) - r) <= tol && Math.abs((d[i + 1] as number) - g) <= tol && Math.abs((d[i + 2] as number) - b) <= tol) n++;
  }
  return n;
}

/** Pids of live children of this process whose command is `name`. */
export function childProcesses(name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const m = /^\d+ \((.*)\) (\S) (\d+)/.exec(stat);
      if (m && m[1] === name && Number(m[3]) === process.pid && m[2] !== 'Z') out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** The São Paulo-state report the brand tests draw in every template and format (360p, pt): three pollutants and the weather, a day's series for the trend. */
export function brandTestParams(template: string, format: string, location = 'São Paulo') {
  return normalizeRenderParams({
    location,
    template,
    format,
    resolution: '360p',
    language: 'pt',
    date: '2026-11-22',
    pm25: 48,
    pm10: 80,
    no2: 30,
    temperatura: 24,
    humidity: 60,
    ...(template === 'trend'
      ? { series: { pollutant: 'pm25', kind: 'observed', timeZone: 'UTC', points: Array.from({ length: 24 }, (_, i) => ({ at: new Date(Date.UTC(2026, 10, 21, i)).toISOString(), value: 20 + 15 * Math.sin(i / 4) })) } }
      : {}),
  });
}

/** Canvas pixels two ink boxes may share without touching. */
const TOUCH = 1.5;
/**
 * How much of the shorter box's height two stacked lines may share: a tight headline's
 * accents (Ñ, Á) reach into the line above's descender zone, and their ink boxes
 * (not their glyphs) meet. Strings drawn over each other share far more.
 */
const STACKED = 0.2;

function overlap(a: DrawnText, b: DrawnText): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const shorter = Math.min(a.bottom - a.top, b.bottom - b.top);
  return w > TOUCH && h > Math.max(TOUCH, STACKED * shorter) ? w * h : 0;
}

/** The problems of one frame: strings past its edges, and pairs of strings drawn over each other. */
export function layoutProblems(d: FrameDescription): string[] {
  const boxes = d.boxes.filter((b) => b.canvasWidth === d.width && b.canvasHeight === d.height && b.text.trim() !== '');
  const out: string[] = [];
  const r = (v: number) => Math.round(v);
  for (const b of boxes) {
    if (b.left < -1 || b.right > d.width + 1 || b.top < -1 || b.bottom > d.height + 1) out.push(`t=${d.timeSec} "${b.text}" at ${r(b.left)}–${r(b.right)} × ${r(b.top)}–${r(b.bottom)} outside ${d.width}×${d.height}`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      // The same string drawn again where it was (a highlight over it) is not two strings.
      if (a.text === b.text && Math.abs(a.left - b.left) < 2 && Math.abs(a.top - b.top) < 2) continue;
      if (overlap(a, b) > 0) out.push(`t=${d.timeSec} "${a.text}" ${r(a.left)}–${r(a.right)}×${r(a.top)}–${r(a.bottom)} overlaps "${b.text}" ${r(b.left)}–${r(b.right)}×${r(b.top)}–${r(b.bottom)}`);
    }
  }
  return out;
}
