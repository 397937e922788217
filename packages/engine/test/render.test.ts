// Real renders through real ffmpeg, checked with ffprobe and by reading the files.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EngineError, findFfmpeg, findX264Driver, frameGeometry, listTemplates, normalizeRenderParams, renderFramePng, renderVideo, type Format } from '../src/index.ts';
import { childProcesses, countColor, pngPixels, probe, topLevelBoxes } from './helpers.ts';

const VALUES = { location: 'Santiago', pm25: 87.4, pm10: 140, no2: 42, o3: 96, so2: 8, co: 0.8, temperatura: 9, humidity: 64, date: '2026-11-22' };
let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'aqcast-engine-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function checkRender(template: string, format: Format, resolution: '360p' | '1080p', language = 'es') {
  const outFile = join(dir, `${template}-${format}-${resolution}.mp4`);
  const progress: number[] = [];
  const r = await renderVideo({ ...VALUES, template, format, resolution, language }, { outFile, onProgress: (f) => progress.push(f) });
  const def = listTemplates().find((t) => t.id === template);
  assert.ok(def);
  const geo = frameGeometry(format, resolution);
  const p = probe(outFile);
  assert.equal(p.codec, 'h264');
  assert.equal(p.pixFmt, 'yuv420p');
  assert.equal(p.fps, '30/1');
  assert.equal(p.width, geo.width);
  assert.equal(p.height, geo.height);
  assert.equal(p.frames, def.durationSec * 30);
  assert.ok(Math.abs(p.duration - def.durationSec) < 0.1, `duration ${p.duration}`);
  const boxes = topLevelBoxes(outFile);
  assert.ok(boxes.indexOf('moov') >= 0 && boxes.indexOf('moov') < boxes.indexOf('mdat'), `moov before mdat: ${boxes.join(',')}`);
  assert.deepEqual([r.width, r.height, r.fps, r.frames, r.durationSec], [geo.width, geo.height, 30, def.durationSec * 30, def.durationSec]);
  assert.ok(r.bytes > 10_000 && r.renderMs > 0);
  const poster = await pngPixels(r.posterFile);
  assert.deepEqual([poster.width, poster.height], [geo.width, geo.height]);
  assert.ok(progress.length > 3 && progress[0] === 0 && progress.at(-1) === 1);
  for (let i = 1; i < progress.length; i++) assert.ok((progress[i] as number) > (progress[i - 1] as number), 'progress increases');
  assert.deepEqual(readdirSync(dir).filter((f) => f.includes('.partial')), [], 'no temporary files left');
  return { r, poster };
}

describe('every template × format (360p)', () => {
  for (const t of listTemplates()) {
    for (const format of t.formats) {
      it(`${t.id} ${format}`, async () => {
        await checkRender(t.id, format, '360p', format === 'portrait' ? 'pt' : format === 'square' ? 'en' : 'es');
      });
    }
  }
});

describe('full 1080p, one per format', () => {
  it('daily-report landscape 1920×1080, poster shows the Unhealthy red', async () => {
    const { poster } = await checkRender('daily-report', 'landscape', '1080p');
    // Gauge arc, marker and category pill in the official US EPA "Unhealthy" #FF0000.
    assert.ok(countColor(poster, '#FF0000') > 5000, `red pixels: ${countColor(poster, '#FF0000')}`);
    assert.equal(countColor(poster, '#8F3F97', 0), 0, 'the Very Unhealthy segment is not lit');
  });
  it('social-clip portrait 1080×1920', async () => {
    await checkRender('social-clip', 'portrait', '1080p');
  });
  it('pollution-alert square 1080×1080', async () => {
    await checkRender('pollution-alert', 'square', '1080p');
  });
});

describe('poster colours follow the category', () => {
  it('Good air lights only green', async () => {
    const p = normalizeRenderParams({ location: 'Valdivia', pm25: 5, date: '2026-11-22', resolution: '360p' });
    const file = join(dir, 'good.png');
    writeFileSync(file, await renderFramePng(p, 6));
    const px = await pngPixels(file);
    assert.ok(countColor(px, '#00E400') > 500);
    assert.equal(countColor(px, '#FF0000', 0), 0);
    assert.equal(countColor(px, '#FFFF00', 0), 0);
  });
  it('EEA Poor is #FF5050', async () => {
    const p = normalizeRenderParams({ location: 'Milano', pm25: 87.4, aqiStandard: 'eu-eaqi', date: '2026-11-22', resolution: '360p' });
    const file = join(dir, 'eea.png');
    writeFileSync(file, await renderFramePng(p, 6));
    assert.ok(countColor(await pngPixels(file), '#FF5050') > 300);
  });
});

describe('failure and cancellation', () => {
  it('abort kills ffmpeg (and the x264 driver) and leaves no file', async () => {
    const ac = new AbortController();
    const outFile = join(dir, 'aborted.mp4');
    let sawFfmpeg = false;
    let sawDriver = false;
    const run = renderVideo({ ...VALUES, resolution: '720p' }, {
      outFile,
      signal: ac.signal,
      onProgress: (f) => {
        if (f > 0.1 && !ac.signal.aborted) {
          sawFfmpeg = childProcesses('ffmpeg').length > 0;
          sawDriver = childProcesses('aqcast-x264').length > 0;
          ac.abort();
        }
      },
    });
    await assert.rejects(run, (err: unknown) => err instanceof EngineError && err.code === 'aborted');
    assert.ok(sawFfmpeg, 'ffmpeg was running before the abort');
    assert.equal(sawDriver, findX264Driver() !== null, 'the x264 driver ran where it is built');
    assert.deepEqual(childProcesses('ffmpeg'), []);
    assert.deepEqual(childProcesses('aqcast-x264'), []);
    assert.equal(existsSync(outFile), false);
    assert.equal(existsSync(outFile.replace(/\.mp4$/, '.png')), false);
    assert.deepEqual(readdirSync(dir).filter((f) => f.includes('aborted')), []);
  });

  it('an already-aborted signal rejects before any work', async () => {
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(renderVideo(VALUES, { outFile: join(dir, 'never.mp4'), signal: ac.signal }), (e: unknown) => e instanceof EngineError && e.code === 'aborted');
    assert.equal(existsSync(join(dir, 'never.mp4')), false);
  });

  it('ffmpeg exiting at once → ffmpeg_failed, nothing left', async () => {
    const outFile = join(dir, 'false.mp4');
    await assert.rejects(renderVideo({ ...VALUES, resolution: '360p' }, { outFile, ffmpegPath: '/bin/false' }), (e: unknown) => e instanceof EngineError && e.code === 'ffmpeg_failed');
    assert.deepEqual(readdirSync(dir).filter((f) => f.includes('false')), []);
  });

  it('ffmpeg complaining → ffmpeg_failed with the stderr tail', async () => {
    const fake = join(dir, 'fake-ffmpeg.sh');
    writeFileSync(fake, '#!/bin/sh\necho "Unrecognized option \'bogus\'." >&2\necho "Error splitting the argument list" >&2\nexit 1\n');
    chmodSync(fake, 0o755);
    const outFile = join(dir, 'bad-arg.mp4');
    await assert.rejects(renderVideo({ ...VALUES, resolution: '360p' }, { outFile, ffmpegPath: fake }), (e: unknown) => {
      assert.ok(e instanceof EngineError && e.code === 'ffmpeg_failed');
      assert.match(e.stderrTail ?? '', /Error splitting the argument list/);
      return true;
    });
    assert.deepEqual(readdirSync(dir).filter((f) => f.includes('bad-arg')), []);
  });

  it('an explicit ffmpeg path pointing at nothing → ffmpeg_not_found (no silent fallback)', () => {
    assert.throws(() => findFfmpeg(join(dir, 'does-not-exist')), (e: unknown) => e instanceof EngineError && e.code === 'ffmpeg_not_found');
    assert.ok(findFfmpeg().length > 0);
  });

  it('invalid params reject before any work', async () => {
    await assert.rejects(renderVideo({ location: '' }, { outFile: join(dir, 'invalid.mp4') }), (e: unknown) => e instanceof EngineError && e.code === 'invalid_params');
  });
});
