/**
 * Renders nine narrated, captioned videos through POST /ai/render (three formats ×
 * three languages, several templates and standards) with the local speech stand-in,
 * and extracts one PNG per caption cue, to look at the burned-in captions:
 *
 *   node --conditions=aqcast-source --import tsx scripts/ai-frames.ts [360p|720p|1080p] [outDir]
 *   ONLY=0,4 node … scripts/ai-frames.ts 720p      # just some of them
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFfmpeg } from '@aqcast/engine';
import { startFakeChat, startFakeSpeech, providerEnv } from '../packages/service/test/ai-providers.js';
import { api, createTestEnv, startTestService, waitForJob } from '../packages/service/test/helpers.js';
const chat = await startFakeChat();
const speech = await startFakeSpeech();
speech.secondsPerChar = 0.075;
const env = await createTestEnv({ WORKER_CONCURRENCY: '1', ...providerEnv(chat, speech), AI_BASE_URL: '', AI_MODEL: '' });
const svc = await startTestService(env);
const out = process.argv[3] ?? join(tmpdir(), 'aqcast-ai-frames');
mkdirSync(out, { recursive: true });
const res = process.argv[2] ?? '360p';
const combos: [string, string, string, object][] = [
  ['es', 'landscape', 'daily-report', { location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, humidity: 64 }],
  ['en', 'landscape', 'pollution-alert', { location: 'Los Angeles', pm25: 48, o3: 150 }],
  ['pt', 'landscape', 'weather-brief', { location: 'São Paulo', pm25: 12, temperatura: 27.5, humidity: 70, aqiStandard: 'br-iqar' }],
  ['es', 'portrait', 'social-clip', { location: 'Ciudad de México', pm25: 40, o3: 120, aqiStandard: 'mx' }],
  ['en', 'portrait', 'daily-report', { location: 'Delhi', pm25: 250, pm10: 400 }],
  ['pt', 'portrait', 'pollution-alert', { location: 'Rio de Janeiro', pm25: 60, aqiStandard: 'br-iqar' }],
  ['es', 'square', 'pollution-alert', { location: 'Temuco', pm25: 120, temperatura: -2, aqiStandard: 'cl' }],
  ['en', 'square', 'weather-brief', { location: 'London', no2: 55, temperatura: 11, humidity: 81, aqiStandard: 'eu-eaqi' }],
  ['pt', 'square', 'daily-report', { location: 'Lisboa', pm25: 8, no2: 20, aqiStandard: 'eu-eaqi' }],
];
const ff = findFfmpeg();
try {
  for (const [language, format, template, values] of combos.filter((_, i) => !process.env.ONLY || process.env.ONLY.split(',').includes(String(i)))) {
    const r = await api(svc.baseUrl, 'POST', '/ai/render', { ...values, language, format, template, resolution: res, date: '2026-11-22' });
    if (r.status !== 202) {
      console.log(r.status, JSON.stringify(r.body));
      continue;
    }
    const job = await waitForJob(svc.baseUrl, r.body.jobId, 300000);
    const name = `${language}-${format}-${template}`;
    const file = `${out}/${name}.mp4`;
    writeFileSync(file, Buffer.from(await (await fetch(job.videoUrl)).arrayBuffer()));
    writeFileSync(`${out}/${name}.vtt`, await (await fetch(r.body.captionsUrl)).text());
    const cues = r.body.text.captions.cues as { start: number; end: number; text: string }[];
    cues.forEach((c, i) => {
      execFileSync(ff, ['-hide_banner', '-loglevel', 'error', '-ss', String((c.start + c.end) / 2), '-i', file, '-frames:v', '1', '-y', `${out}/${name}-c${i}.png`]);
    });
    console.log(name, job.status, 'video', r.body.videoDurationSec, 'narration', r.body.narration.durationSec, 'cues', cues.length);
    console.log('  ', r.body.text.narration.text);
  }
} finally {
  await svc.stop();
  await env.cleanup();
  await chat.close();
  await speech.close();
}
console.log(`frames in ${out}`);
