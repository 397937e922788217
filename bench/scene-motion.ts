/**
 * Scene motion and layout benchmark: renders every template × format × language ×
 * offered duration and reports, per case,
 *  - the longest frozen stretch ffmpeg's `freezedetect=n=-50dB:d=2` finds in the MP4
 *    (a stretch running to the end of the video counts to the end), and
 *  - for portrait and square, the largest empty horizontal band inside the safe area
 *    after the intro, as a percentage of the frame height (see `emptyBand` in
 *    packages/engine/test/scene-metrics.ts for what counts as empty).
 * Then the number of cases with a freeze ≥ 2 s and with a band > 12 %.
 *
 *   node --import tsx bench/scene-motion.ts [--resolution 360p|720p|1080p]
 *        [--template ID] [--format F] [--language L] [--duration S]
 *
 * The figures do not depend on the machine's load (they describe the picture); the
 * render time per case is printed beside them for orientation only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTemplates, renderVideo, type Resolution } from '../packages/engine/src/index.ts';
import { emptyBand, longestFreeze, metricParams } from '../packages/engine/test/scene-metrics.ts';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const resolution = (opt('--resolution') ?? '360p') as Resolution;
const only = { template: opt('--template'), format: opt('--format'), language: opt('--language'), duration: opt('--duration') };
const dir = mkdtempSync(join(tmpdir(), 'aqcast-scene-motion-'));
const languages = ['es', 'en', 'pt'] as const;

interface Row {
  name: string;
  freeze: number;
  freezeAt: number;
  band: number | null;
  bandAt: number | null;
  ms: number;
}
const rows: Row[] = [];
try {
  for (const t of listTemplates()) {
    if (only.template && t.id !== only.template) continue;
    for (const format of t.formats) {
      if (only.format && format !== only.format) continue;
      for (const language of languages) {
        if (only.language && language !== only.language) continue;
        for (const durationSec of t.durations) {
          if (only.duration && String(durationSec) !== only.duration) continue;
          const params = { ...metricParams(t.id), format, language, resolution, ...(durationSec !== t.durationSec ? { durationSec } : {}) };
          const outFile = join(dir, `${t.id}-${format}-${language}-${durationSec}.mp4`);
          const t0 = performance.now();
          await renderVideo(params, { outFile });
          const ms = performance.now() - t0;
          const fz = await longestFreeze(outFile);
          const band = format === 'landscape' ? null : emptyBand(params);
          const row: Row = { name: `${t.id} ${format} ${language} ${durationSec}s`, freeze: fz.seconds, freezeAt: fz.at, band: band?.percent ?? null, bandAt: band?.at ?? null, ms };
          rows.push(row);
          console.log(
            `${row.name.padEnd(38)} freeze ${row.freeze.toFixed(2).padStart(5)} s${row.freeze > 0 ? ` @${row.freezeAt.toFixed(1)}` : ''}`.padEnd(62) +
              (row.band === null ? ''.padEnd(22) : `band ${row.band.toFixed(1).padStart(5)} %${row.bandAt !== null ? ` @${row.bandAt.toFixed(1)}` : ''}`.padEnd(22)) +
              `render ${(ms / 1000).toFixed(2)} s`,
          );
        }
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const frozen = rows.filter((r) => r.freeze >= 2);
const banded = rows.filter((r) => r.band !== null && r.band > 12);
const worst = rows.reduce((a, r) => (r.freeze > a.freeze ? r : a), rows[0] as Row);
const worstBand = rows.filter((r) => r.band !== null).reduce<Row | null>((a, r) => (a === null || (r.band as number) > (a.band as number) ? r : a), null);
console.log(`\n${rows.length} cases at ${resolution}`);
console.log(`freeze ≥ 2 s (freezedetect=n=-50dB:d=2): ${frozen.length} cases; longest ${worst?.freeze.toFixed(2)} s (${worst?.name})`);
if (worstBand) console.log(`empty band > 12 % (portrait, square): ${banded.length} cases; largest ${worstBand.band?.toFixed(1)} % (${worstBand.name})`);
