// Renders social clips one after another in this process and prints its resident
// memory after each (after a garbage collection) and its peak, as JSON: the memory
// test runs it as a child, under the glibc heap settings `npm start` gives the service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { renderVideo } from '../src/index.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const dir = mkdtempSync(join(tmpdir(), 'aqcast-loop-'));
const cities = ['Santiago', 'Lima', 'Bogotá', 'Quito', 'Caracas', 'La Paz', 'Asunción', 'Montevideo'];
const rss: number[] = [];
try {
  for (let i = 0; i < 16; i++) {
    const location = cities[i % cities.length]!;
    await renderVideo({ date: '2026-11-22', resolution: '360p', location, pm25: 10 + (i % 8) * 17, no2: 30 + i, template: 'social-clip', format: i % 2 ? 'square' : 'portrait' }, { outFile: join(dir, `loop-${i % 2}.mp4`) });
    gc();
    rss.push(process.memoryUsage().rss / 1e6);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ rss, peakMb: process.resourceUsage().maxRSS / 1024 }));
