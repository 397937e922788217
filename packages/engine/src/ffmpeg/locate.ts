/**
 * Finding ffmpeg and ffprobe: the `FFMPEG_PATH`/`FFPROBE_PATH` environment variable,
 * then the command on PATH, then the static binary shipped in the
 * @ffmpeg-installer/@ffprobe-installer npm packages — so a fresh `npm ci` renders
 * without any system package.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
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
    const mod = require(pkg) as { path?: string };
    return mod.path && isExecutable(mod.path) ? mod.path : null;
  } catch {
    return null;
  }
}

function find(tool: 'ffmpeg' | 'ffprobe', envVar: string, pkg: string): string {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    // An explicit setting wins even if wrong: silently falling back would hide the mistake.
    if (isExecutable(fromEnv)) return fromEnv;
    throw new EngineError('ffmpeg_not_found', `${envVar} is set to ${fromEnv}, which is not an executable file`);
  }
  const found = onPath(tool) ?? fromPackage(pkg);
  if (found) return found;
  throw new EngineError('ffmpeg_not_found', `${tool} not found: set ${envVar}, put ${tool} on PATH, or install ${pkg}`);
}

/** Path of the ffmpeg binary to use; throws EngineError `ffmpeg_not_found`. */
export function findFfmpeg(): string {
  return find('ffmpeg', 'FFMPEG_PATH', '@ffmpeg-installer/ffmpeg');
}

/** Path of the ffprobe binary to use; throws EngineError `ffmpeg_not_found`. */
export function findFfprobe(): string {
  return find('ffprobe', 'FFPROBE_PATH', '@ffprobe-installer/ffprobe');
}
