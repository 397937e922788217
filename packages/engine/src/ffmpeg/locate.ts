/**
 * Finding ffmpeg and ffprobe: an explicit path from the caller (the service reads
 * FFMPEG_PATH in its config), then the command on PATH, then the static binary shipped in the
 * @ffmpeg-installer/@ffprobe-installer npm packages — so a fresh `npm ci` renders
 * without any system package.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineError } from '../errors.js';

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

function fromPackage(pkg: string): string | null {
  try {
    const require = createRequire(import.meta.url);
    // An optional ffmpeg-static style package: its export is checked for a string path below.
    const mod = require(pkg) as { path?: string };
    return mod.path && isExecutable(mod.path) ? mod.path : null;
  } catch {
    return null;
  }
}

function find(tool: 'ffmpeg' | 'ffprobe', pkg: string, explicit: string | undefined): string {
  if (explicit) {
    // An explicit setting wins even if wrong: silently falling back would hide the mistake.
    if (isExecutable(explicit)) return explicit;
    throw new EngineError('ffmpeg_not_found', `the ${tool} path is set to ${explicit}, which is not an executable file`);
  }
  const found = onPath(tool) ?? fromPackage(pkg);
  if (found) return found;
  throw new EngineError('ffmpeg_not_found', `${tool} not found: give its path, put ${tool} on PATH, or install ${pkg}`);
}

/** Path of the ffmpeg binary to use (`explicit` when given); throws EngineError `ffmpeg_not_found`. */
export function findFfmpeg(explicit?: string): string {
  return find('ffmpeg', '@ffmpeg-installer/ffmpeg', explicit);
}

/** Path of the ffprobe binary to use (`explicit` when given); throws EngineError `ffmpeg_not_found`. */
export function findFfprobe(explicit?: string): string {
  return find('ffprobe', '@ffprobe-installer/ffprobe', explicit);
}

let driverProbe: { path: string; usable: boolean } | null = null;

/**
 * Our libx264 driver (native/aqcast-x264.c), built by `npm ci` where a C compiler and
 * libx264's headers are installed; null where it was not built or does not run here
 * (it is started once with --check, e.g. a build moved to a machine without libx264),
 * and renders then encode through ffmpeg alone. AQCAST_X264_DRIVER names another
 * build, or `off`.
 */
export function findX264Driver(): string | null {
  const env = process.env.AQCAST_X264_DRIVER;
  if (env === 'off') return null;
  if (env && !isExecutable(env)) throw new EngineError('ffmpeg_not_found', `AQCAST_X264_DRIVER is set to ${env}, which is not an executable file`);
  const path = env || fileURLToPath(new URL('../../native/build/aqcast-x264', import.meta.url));
  if (driverProbe?.path !== path) {
    const usable = isExecutable(path) && spawnSync(path, ['--check'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
    driverProbe = { path, usable };
  }
  return driverProbe.usable ? path : null;
}
