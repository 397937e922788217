/**
 * Finding ffmpeg and ffprobe: an explicit path from the caller (the service reads
 * FFMPEG_PATH in its config), then the command on PATH, then the static binary shipped in the
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
