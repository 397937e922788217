/**
 * Builds the x264 driver (native/aqcast-x264.c → native/build/aqcast-x264) as part of
 * `npm run build` (so of `npm ci`). It needs a C compiler and libx264's headers
 * (Debian: gcc, libx264-dev); where they are missing the build says so and renders
 * encode through ffmpeg alone, which is slower but gives the same kind of file.
 * Plain JavaScript: it runs before anything is compiled.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'native', 'aqcast-x264.c');
const output = join(root, 'native', 'build', 'aqcast-x264');

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

if (mtime(output) >= mtime(source)) process.exit(0);
mkdirSync(dirname(output), { recursive: true });
const temp = `${output}.${process.pid}.tmp`;
try {
  execFileSync(process.env.CC || 'cc', ['-O2', '-Wall', '-o', temp, source, '-lx264'], { stdio: ['ignore', 'ignore', 'pipe'] });
  renameSync(temp, output);
  console.log('aqcast: built the x264 driver (native/build/aqcast-x264)');
} catch (err) {
  rmSync(temp, { force: true });
  rmSync(output, { force: true }); // a driver older than its source may not speak its protocol
  const why = err && typeof err === 'object' && 'stderr' in err && err.stderr ? String(err.stderr).trim().split('\n')[0] : String(err);
  console.warn(`aqcast: the x264 driver was not built (${why}); renders will encode through ffmpeg alone. Install a C compiler and libx264-dev, then run npm run build.`);
}
