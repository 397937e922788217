/**
 * Engine render benchmark. Each render runs in a child process (so its peak memory is
 * its own) and is followed, in the same run, by its baseline: a plain
 * `ffmpeg -preset veryfast -crf 23` re-encode of the video it produced (what decoding
 * and encoding alone cost on this machine). Prints each pair, the ratio, frames per
 * second, peak RSS, and the best of N runs per case, with the load average.
 *
 *   node --import tsx bench/engine-render.ts [--runs 3] [--templates daily-report,trend]
 *        [--formats landscape,portrait] [--compare] [--x264] [--peer /tmp/peer-remotion]
 *        [--native-yuv /tmp/native-yuv] [--no-batch] [--cpu-prof DIR] [--glibc-default]
 *
 * cases        every template × format at 1080p and 15 s (the values and places the scene
 *              acceptance test measures), the default also at 30 s and at 720p (with the
 *              render's main-thread time by phase: recording the drawing, rasterising the
 *              changed blocks and reading them back, converting them to I420);
 *              --templates and --formats limit them. Each row: render wall time, the
 *              re-encode baseline's wall time, their ratio, and the same for CPU time
 *              (user+sys of the render process with its encoder, and of the baseline's
 *              ffmpeg), which other processes on a shared machine skew far less;
 *              --cpu-prof DIR writes a V8 CPU profile of each render process into DIR
 * batch        20 renders of different cities through renderVideo at concurrency 1 and 2
 *              in one process (what a worker process of the service's pool does): renders/min
 * kernels      RGBA → yuv420p of a 1080p frame: WASM SIMD, plain JS, and the native
 *              swscale of node-av when --native-yuv names a folder where it is installed
 * --compare    the 1080p landscape render encoded by ffmpeg (whole frames piped, the path
 *              where the x264 driver is not built), with ffmpeg converting RGBA (the old
 *              path), with the JS kernel, and with every frame drawn in full
 * --x264       x264 settings on a lossless render of the default video: size, PSNR, SSIM,
 *              CPU; ffmpeg's encoder on the raw frames, and the driver in whole renders
 * --peer DIR   renders the Remotion peer (DIR/render.mjs, concurrency 1) in the same run and
 *              prints how many times faster aqcast rendered the comparable 15 s 1080p video
 *
 * environment  renders run with the glibc heap settings `npm start` gives the service (the
 *              service renders in its own process), --glibc-default without them
 * read-back    what a frame pays to read back its first pixels after drawing, on a 1080p
 *              canvas (a version of the canvas library that copied or reallocated the
 *              whole surface there cost 1–10 ms a frame), beside a copy of a whole frame
 *
 * Other processes skew the figures: the ratios compare a render with its baseline
 * measured right after it; run on an idle machine and take the best of several runs.
 */
import { createCanvas } from '@napi-rs/canvas';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_TEMPLATE_ID, findFfmpeg, findX264Driver, FORMATS, listTemplates, renderVideo, type RenderOptions } from '../packages/engine/src/index.ts';
import { createI420Converter } from '../packages/engine/src/yuv/i420.ts';
import { metricParams } from '../packages/engine/test/scene-metrics.ts';
import { GLIBC_DEFAULT_ENV, START_ENV, START_ENV_TEXT } from './start-env.ts';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ffmpeg = findFfmpeg();
const PARAMS = { location: 'Santiago', pm25: 87.4, pm10: 140, no2: 42, o3: 96, so2: 8, co: 0.8, temperatura: 9, humidity: 64, date: '2026-11-22' };
const CITIES = ['Santiago', 'Lima', 'Bogotá', 'Quito', 'Caracas', 'La Paz', 'Asunción', 'Montevideo', 'Buenos Aires', 'Ciudad de México', 'São Paulo', 'Rio de Janeiro', 'Medellín', 'Guadalajara', 'Monterrey', 'Valparaíso', 'Temuco', 'Cusco', 'Arequipa', 'Córdoba'];

interface ChildResult {
  renderMs: number;
  frames: number;
  bytes: number;
  maxRssMb: number;
  outFile: string;
  /** User+sys seconds of the render (its process and encoder), from renderVideo's call to its return. */
  cpuS?: number;
  stats?: { full: number; partial: number; reused: number; composited?: number; pixels: number; drawMs?: number; readMs?: number; convertMs?: number };
  rendersPerMin?: number;
}

/**
 * User+sys seconds of this process and of the children it has waited for (the encoder),
 * from /proc (NaN elsewhere): the render's own CPU time, without starting Node and
 * compiling this script.
 */
function cpuSeconds(): number {
  if (!existsSync('/proc/self/stat')) return NaN;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces): utime is the 14th field, then stime, cutime, cstime.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((a, i) => a + Number(f[i]), 0);
  return ticks / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
}

// ---- child modes: one render, or a batch, in a process of its own ----
if (args[0] === '--child-render') {
  const { params, outFile, options } = JSON.parse(args[1] as string) as { params: object; outFile: string; options: Partial<RenderOptions> };
  let stats: ChildResult['stats'];
  const cpu0 = cpuSeconds();
  const r = await renderVideo(params, { ...options, outFile, onStats: (s) => (stats = s) });
  const cpuS = cpuSeconds() - cpu0;
  const out: ChildResult = { renderMs: r.renderMs, frames: r.frames, bytes: r.bytes, maxRssMb: process.resourceUsage().maxRSS / 1024, outFile, stats, cpuS };
  console.log(JSON.stringify(out));
  process.exit(0);
}
if (args[0] === '--child-batch') {
  const { dir, concurrency } = JSON.parse(args[1] as string) as { dir: string; concurrency: number };
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < CITIES.length; i = next++) {
      await renderVideo({ ...PARAMS, location: CITIES[i], pm25: 8 + i * 9, no2: 20 + i * 3 }, { outFile: join(dir, `batch-${concurrency}-${i}.mp4`) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ renderMs: ms, frames: CITIES.length * 450, bytes: 0, maxRssMb: process.resourceUsage().maxRSS / 1024, outFile: '', rendersPerMin: (CITIES.length / ms) * 60000 }));
  process.exit(0);
}

// ---- the parent ----
const runs = Number(opt('--runs') ?? 1) || 1;
const dir = mkdtempSync(join(tmpdir(), 'aqcast-bench-'));
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
/** Renders run as the service runs them (npm start's heap settings) unless --glibc-default. */
const RENDER_ENV: NodeJS.ProcessEnv = args.includes('--glibc-default') ? GLIBC_DEFAULT_ENV : { ...GLIBC_DEFAULT_ENV, ...START_ENV };
const CPU_MARK = 'bench-cpu';

/**
 * Runs `cmd` (through /usr/bin/time when present) and resolves with its stdout and
 * user+sys seconds (NaN without it).
 */
function run(cmd: string, argv: string[], stdout: 'pipe' | 'inherit', env: NodeJS.ProcessEnv = process.env): Promise<{ out: string; cpuS: number }> {
  return new Promise((resolve, reject) => {
    const p = TIME ? spawn(TIME, ['-f', `${CPU_MARK} %U %S`, cmd, ...argv], { stdio: ['ignore', stdout, 'pipe'], env }) : spawn(cmd, argv, { stdio: ['ignore', stdout, 'pipe'], env });
    let out = '';
    let err = '';
    p.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
    p.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
    p.on('error', reject);
    p.on('close', (code) => {
      const lines = err.split('\n');
      const mark = lines.findLast((l) => l.startsWith(CPU_MARK));
      const rest = lines.filter((l) => l !== mark).join('\n').trim();
      if (rest) process.stderr.write(`${rest}\n`);
      const [u, sys] = (mark ?? '').split(' ').slice(1).map(Number);
      if (code !== 0) return reject(new Error(`${cmd} exited ${code}`));
      resolve({ out, cpuS: mark ? (u ?? 0) + (sys ?? 0) : NaN });
    });
  });
}

async function child(mode: string, payload: object): Promise<ChildResult> {
  const profile = opt('--cpu-prof');
  const execArgv = [...process.execArgv, ...(profile && mode === '--child-render' ? ['--cpu-prof', '--cpu-prof-dir', profile] : [])];
  const { out } = await run(process.execPath, [...execArgv, process.argv[1] as string, mode, JSON.stringify(payload)], 'pipe', RENDER_ENV);
  return JSON.parse(out.trim().split('\n').at(-1) as string) as ChildResult;
}

async function timeBaseline(input: string): Promise<{ ms: number; cpuS: number }> {
  const out = join(dir, 'baseline.mp4');
  const t0 = performance.now();
  const { cpuS } = await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-y', out], 'inherit');
  return { ms: performance.now() - t0, cpuS };
}

interface Pair {
  label: string;
  r: ChildResult;
  baselineMs: number;
  baselineCpuS: number;
}

async function pair(label: string, params: object, options: Partial<RenderOptions> = {}): Promise<Pair> {
  const r = await child('--child-render', { params, outFile: join(dir, `${label.replace(/\W+/g, '-')}.mp4`), options });
  const baseline = await timeBaseline(r.outFile);
  rmSync(r.outFile, { force: true });
  return { label, r, baselineMs: baseline.ms, baselineCpuS: baseline.cpuS };
}

const cpuRatio = (p: Pair): number => (p.r.cpuS ?? NaN) / p.baselineCpuS;

function print(p: Pair): void {
  const s = p.r.stats;
  const cpu = Number.isFinite(cpuRatio(p)) ? `  CPU ${(p.r.cpuS ?? 0).toFixed(2)}/${p.baselineCpuS.toFixed(2)} s ratio ${cpuRatio(p).toFixed(2)}` : '';
  console.log(
    `${p.label.padEnd(34)} render ${(p.r.renderMs / 1000).toFixed(2)} s  baseline ${(p.baselineMs / 1000).toFixed(2)} s  ratio ${(p.r.renderMs / p.baselineMs).toFixed(2)}${cpu}  ` +
      `${((p.r.frames / p.r.renderMs) * 1000).toFixed(1)} frames/s  ${(p.r.bytes / 1e6).toFixed(2)} MB  peak RSS ${p.r.maxRssMb.toFixed(0)} MB` +
      (s ? `  frames full/partial/reused/composited ${s.full}/${s.partial}/${s.reused}/${s.composited ?? 0}, ${(s.pixels / p.r.frames / 1e3).toFixed(0)} K px converted/frame` : '') +
      (s?.drawMs !== undefined ? `  main thread: draw ${((s.drawMs ?? 0) / 1000).toFixed(2)} s, rasterise+read ${((s.readMs ?? 0) / 1000).toFixed(2)} s, convert ${((s.convertMs ?? 0) / 1000).toFixed(2)} s` : ''),
  );
}

/**
 * The first read-back after drawing a small square on a 1080p canvas: what every frame
 * pays besides its own changed pixels. Printed beside a copy of a whole 1080p frame.
 */
function readBack(): void {
  const canvas = createCanvas(1920, 1080);
  const g = canvas.getContext('2d');
  g.fillStyle = '#123456';
  g.fillRect(0, 0, 1920, 1080);
  g.getImageData(0, 0, 2, 2);
  const n = 200;
  let ms = 0;
  for (let i = 0; i < n; i++) {
    g.fillStyle = i % 2 ? '#456789' : '#987654';
    g.fillRect(10, 10, 50, 50);
    const t0 = performance.now();
    g.getImageData(10, 10, 2, 2);
    ms += performance.now() - t0;
  }
  const frame = new Uint8Array(1920 * 1080 * 4).fill(7);
  const copy = new Uint8Array(frame.length);
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) copy.set(frame);
  console.log(`  canvas read-back after a draw (first 2×2 read after a 50×50 fill)  ${(ms / n).toFixed(3)} ms a frame   baseline: a copy of a 1080p RGBA frame ${((performance.now() - t0) / 20).toFixed(2)} ms`);
}

async function kernels(): Promise<void> {
  const W = 1920;
  const H = 1080;
  const rgba = new Uint8Array(W * H * 4).map((_, i) => (i * 2654435761) >>> 24);
  const time = (label: string, n: number, f: () => void) => {
    f();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    console.log(`  ${label.padEnd(44)} ${((performance.now() - t0) / n).toFixed(2)} ms per 1080p frame`);
  };
  console.log('\nRGBA → yuv420p kernels (whole 1080p frame; renders convert only changed blocks):');
  for (const kind of ['wasm-simd', 'js'] as const) {
    const c = createI420Converter(W, H, kind);
    time(kind === 'wasm-simd' ? 'WebAssembly SIMD (ours, incl. copy in)' : 'plain JS (ours)', kind === 'js' ? 10 : 60, () => c.convert(rgba, W * 4, 0, 0, W, H));
  }
  readBack();
  const nativeDir = opt('--native-yuv');
  if (nativeDir) {
    const base = join(nativeDir, 'node_modules', 'node-av', 'dist');
    const av = (await import(pathToFileURL(join(base, 'index.js')).href)) as { SoftwareScaleContext: new () => { allocContext(): void; getContext(...a: number[]): void; scaleSync(s: Buffer[], ss: number[], y: number, h: number, d: Buffer[], ds: number[]): number } };
    const k = (await import(pathToFileURL(join(base, 'constants', 'index.js')).href)) as Record<string, number>;
    const s = new av.SoftwareScaleContext();
    s.allocContext();
    s.getContext(W, H, k.AV_PIX_FMT_RGBA as number, W, H, k.AV_PIX_FMT_YUV420P as number, k.SWS_BILINEAR as number);
    const src = Buffer.from(rgba.buffer);
    const dst = [Buffer.alloc(W * H), Buffer.alloc((W * H) / 4), Buffer.alloc((W * H) / 4)];
    time('native: node-av swscale (FFmpeg 7, prebuilt)', 30, () => s.scaleSync([src], [W * 4], 0, H, dst, [W, W / 2, W / 2]));
  } else console.log('  native swscale (node-av): pass --native-yuv DIR with node-av installed in DIR to measure');
}

/** CPU seconds (user+sys) and wall seconds of a command, via /usr/bin/time when present. */
function timed(cmd: string, argv: string[]): { cpu: number; wall: number } {
  const t0 = performance.now();
  if (existsSync('/usr/bin/time')) {
    const r = spawnSync('/usr/bin/time', ['-f', '%U %S', cmd, ...argv], { encoding: 'utf8' });
    const [u, s] = (r.stderr.trim().split('\n').at(-1) ?? '0 0').split(' ').map(Number);
    return { cpu: (u ?? 0) + (s ?? 0), wall: (performance.now() - t0) / 1000 };
  }
  execFileSync(cmd, argv);
  return { cpu: NaN, wall: (performance.now() - t0) / 1000 };
}

async function x264Table(): Promise<void> {
  console.log('\nx264 settings on the default 15 s 1080p video (reference: our lossless yuv420p render):');
  const ref = join(dir, 'ref.mp4');
  await renderVideo(PARAMS, { outFile: ref, encoder: { backend: 'ffmpeg', preset: 'ultrafast', crf: 0, tune: null, x264Params: null } });
  const raw = join(dir, 'ref.yuv');
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', ref, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-y', raw]);
  const input = ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s:v', '1920x1080', '-r', '30', '-i', raw];
  const MBTREE = 'mbtree=1:rc-lookahead=10';
  const candidates: [string, number, string | null, string | null][] = [
    ['veryfast', 23, null, null], ['veryfast', 21, 'animation', null], ['veryfast', 23, 'animation', null],
    ['superfast', 23, null, null], ['superfast', 21, null, MBTREE], ['superfast', 21, 'animation', MBTREE], ['superfast', 23, 'animation', MBTREE],
    ['faster', 23, null, null],
  ];
  console.log(`  preset     crf tune       params${' '.repeat(MBTREE.length - 6)}  size MB   PSNR avg  SSIM      CPU s   wall s`);
  for (const [preset, crf, tune, params] of candidates) {
    const out = join(dir, 'x264.mp4');
    const t = timed(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...input, '-c:v', 'libx264', '-preset', preset, '-crf', String(crf), ...(tune ? ['-tune', tune] : []), ...(params ? ['-x264-params', params] : []), '-y', out]);
    const q = spawnSync(ffmpeg, ['-hide_banner', '-nostdin', '-i', out, ...input, '-lavfi', '[0:v][1:v]psnr;[0:v][1:v]ssim', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
    const psnr = /PSNR .*average:([\d.]+|inf)/.exec(q)?.[1] ?? '?';
    const ssim = /SSIM .*All:([\d.]+)/.exec(q)?.[1] ?? '?';
    console.log(`  ${preset.padEnd(10)} ${String(crf).padStart(3)} ${(tune ?? '-').padEnd(10)} ${(params ?? '-').padEnd(MBTREE.length)} ${(statSync(out).size / 1e6).toFixed(2).padStart(8)}  ${psnr.slice(0, 6).padStart(8)}  ${ssim.slice(0, 7)}  ${t.cpu.toFixed(2).padStart(6)}  ${t.wall.toFixed(2).padStart(6)}`);
  }
  if (!findX264Driver()) {
    rmSync(raw, { force: true });
    return console.log('  (the x264 driver is not built: no driver rows)');
  }
  console.log('\n  the x264 driver (sent only changed blocks; a whole render each, so the time is the render\'s):');
  console.log(`  ${'preset'.padEnd(10)} ${'rate'.padEnd(7)} ${'params'.padEnd(62)}  size MB   PSNR avg  SSIM      render s`);
  const BASE = 'bframes=0:mbtree=0:rc-lookahead=0:scenecut=0:aq-mode=0';
  const driverCandidates: [string, { qp?: number; crf?: number }, string][] = [
    ['superfast', { qp: 22 }, `${BASE}:ref=3`], ['superfast', { qp: 23 }, `${BASE}:ref=3`], ['superfast', { qp: 22 }, `${BASE}:ref=1`],
    ['superfast', { qp: 22 }, `${BASE}:ref=3:weightp=0`], ['superfast', { crf: 30 }, `${BASE}:ref=3`], ['faster', { qp: 24 }, BASE],
  ];
  for (const [preset, rate, params] of driverCandidates) {
    const out = join(dir, 'driver.mp4');
    const r = await renderVideo(PARAMS, { outFile: out, encoder: { backend: 'x264', preset, tune: 'animation', ...rate, x264Params: params } });
    const q = spawnSync(ffmpeg, ['-hide_banner', '-nostdin', '-i', out, ...input, '-lavfi', '[0:v][1:v]psnr;[0:v][1:v]ssim', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
    const psnr = /PSNR .*average:([\d.]+|inf)/.exec(q)?.[1] ?? '?';
    const ssim = /SSIM .*All:([\d.]+)/.exec(q)?.[1] ?? '?';
    const rateLabel = rate.qp !== undefined ? `qp ${rate.qp}` : `crf ${rate.crf}`;
    console.log(`  ${preset.padEnd(10)} ${rateLabel.padEnd(7)} ${params.padEnd(62)} ${(r.bytes / 1e6).toFixed(2).padStart(8)}  ${psnr.slice(0, 6).padStart(8)}  ${ssim.slice(0, 7)}  ${(r.renderMs / 1000).toFixed(2).padStart(8)}`);
  }
  rmSync(raw, { force: true });
}

function peer(peerDir: string): { renderS: number; totalS: number } {
  const out = execFileSync(process.execPath, ['render.mjs', '1'], { cwd: peerDir, encoding: 'utf8', maxBuffer: 16 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1) as string) as { renderS: number; totalS: number };
}

try {
  const driver = findX264Driver();
  const envText = args.includes('--glibc-default') ? "glibc's default heap settings" : `npm start's heap settings (${START_ENV_TEXT})`;
  console.log(`ffmpeg: ${ffmpeg}\nencoder: ${driver ? `the x264 driver (${driver})` : 'ffmpeg (the x264 driver is not built)'}\nrenders run with ${envText}\nload average at start: ${load()}\n`);
  const listed = (name: string): string[] | null => opt(name)?.split(',').map((x) => x.trim()) ?? null;
  const onlyTemplates = listed('--templates');
  const onlyFormats = listed('--formats');
  const cases: [string, object][] = [];
  for (const t of listTemplates()) {
    if (onlyTemplates && !onlyTemplates.includes(t.id)) continue;
    const durationSec = t.durations.includes(15) ? 15 : t.durationSec;
    for (const format of FORMATS.filter((f) => t.formats.includes(f) && (!onlyFormats || onlyFormats.includes(f)))) {
      const params = t.id === DEFAULT_TEMPLATE_ID ? { ...PARAMS, format, durationSec } : { ...metricParams(t.id), format, durationSec };
      cases.push([`${t.id} ${format} ${durationSec} s`, params]);
      if (t.id === DEFAULT_TEMPLATE_ID && format === 'landscape') {
        if (t.durations.includes(30)) cases.push([`${t.id} ${format} 30 s`, { ...params, durationSec: 30 }]);
        cases.push([`${t.id} ${format} ${durationSec} s 720p`, { ...params, resolution: '720p' }]);
      }
    }
  }
  // The better of a case's runs by CPU ratio (wall time when CPU time cannot be read).
  const score = (p: Pair) => (Number.isFinite(cpuRatio(p)) ? cpuRatio(p) : p.r.renderMs / p.baselineMs);
  const best = new Map<string, Pair>();
  for (let run = 1; run <= runs; run++) {
    console.log(`run ${run} (load average ${load()})`);
    for (const [label, params] of cases) {
      const p = await pair(label, params);
      print(p);
      const b = best.get(label);
      if (!b || score(p) < score(b)) best.set(label, p);
    }
  }
  console.log(`\nbest of ${runs} by CPU ratio (ratio = render / re-encode of its own output; target ≤ 1.2 in every case):`);
  for (const p of best.values()) print(p);
  const over = [...best.values()].filter((p) => score(p) > 1.2).map((p) => p.label);
  console.log(over.length ? `over 1.2: ${over.join(', ')}` : 'every case at or under 1.2');

  if (!args.includes('--no-batch')) {
    console.log(`\nbatch: 20 cities, renderVideo driven from one process at concurrency 1 and 2 (what one worker process of the pool does) (load average ${load()})`);
    for (const concurrency of [1, 2]) {
      const r = await child('--child-batch', { dir, concurrency });
      console.log(`  concurrency ${concurrency}: ${(r.renderMs / 1000).toFixed(1)} s, ${(r.rendersPerMin ?? 0).toFixed(1)} renders/min, peak RSS ${r.maxRssMb.toFixed(0)} MB (${(r.maxRssMb / concurrency).toFixed(0)} MB per concurrent render)`);
    }
  }

  await kernels();

  if (args.includes('--compare')) {
    console.log(`\nvariants of the 1080p landscape render (load average ${load()}):`);
    print(await pair('ffmpeg encoder, whole frames piped', PARAMS, { encoder: { backend: 'ffmpeg' } }));
    print(await pair('ffmpeg converts RGBA (old path)', PARAMS, { pixelPath: 'ffmpeg' }));
    print(await pair('plain JS kernel', PARAMS, { pixelPath: 'js' }));
    print(await pair('every frame drawn in full', PARAMS, { incremental: false }));
  }
  if (args.includes('--x264')) await x264Table();

  const peerDir = opt('--peer');
  if (peerDir) {
    console.log(`\nbrowser-based peer: Remotion at ${peerDir}, same 450 frames at 1920×1080, x264 veryfast crf 23, concurrency 1 (load average ${load()})`);
    const ours = await pair('aqcast 1080p landscape', PARAMS);
    print(ours);
    // The peer encodes with plain veryfast crf 23; aqcast with its own measured settings.
    // Same settings as the peer, for a like-for-like figure:
    const same = await pair('aqcast, peer x264 settings', PARAMS, { encoder: { backend: 'ffmpeg', preset: 'veryfast', crf: 23, tune: null, x264Params: null } });
    print(same);
    const them = peer(peerDir);
    console.log(`  Remotion: render ${them.renderS.toFixed(1)} s (bundling excluded), total ${them.totalS.toFixed(1)} s`);
    const aq = best.get(`${DEFAULT_TEMPLATE_ID} landscape 15 s`);
    const ourBest = Math.min(ours.r.renderMs, aq?.r.renderMs ?? Infinity) / 1000;
    console.log(`  aqcast is ${(them.renderS / (ours.r.renderMs / 1000)).toFixed(1)}× faster in this pairing, ${(them.renderS / ourBest).toFixed(1)}× against aqcast's best render of this run (target ≥ 10×), ${(them.renderS / (same.r.renderMs / 1000)).toFixed(1)}× with the peer's own x264 settings`);
  }
  console.log(`\nload average at end: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
