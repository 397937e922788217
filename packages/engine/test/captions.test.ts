// Captions burned in, a narration track muxed as AAC, and the hold that stretches a
// template to the narration's length.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { CaptionOverlay, EngineError, findFfmpeg, findFfprobe, FORMATS, frameGeometry, holdTimeline, normalizeCues, normalizeRenderParams, renderVideo, sceneTimeline } from '../src/index.ts';
import { splitCue } from '../src/captions/overlay.ts';
import { measure } from '../src/draw/text.ts';
import { FrameSource } from '../src/render/frame-source.ts';
import { ensureFonts } from '../src/render/fonts.ts';
import { prepareScene } from '../src/render/scene.ts';
import { pngPixels } from './helpers.ts';

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'aqcast-captions-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const LONG = 'Las partículas finas PM2,5 alcanzan 87,4 µg/m³, 5,8 veces la guía de la OMS, un valor muy por encima de lo recomendado para la salud de todos, y se espera que sigan así durante la tarde y la noche en toda la región metropolitana.';

describe('cues', () => {
  it('are sorted, trimmed and never overlap', () => {
    const cues = normalizeCues([
      { start: 4, end: 9, text: ' second\n cue ' },
      { start: 0.5, end: 5, text: 'first' },
      { start: 9, end: 9.5, text: 'third' },
    ]);
    assert.deepEqual(cues, [
      { start: 0.5, end: 4, text: 'first' },
      { start: 4, end: 9, text: 'second cue' },
      { start: 9, end: 9.5, text: 'third' },
    ]);
  });

  it('bad cues are refused naming each field', () => {
    try {
      normalizeCues([{ start: -1, end: 2, text: 'a' }, { start: 3, end: 3, text: '' }]);
      assert.fail('accepted');
    } catch (err) {
      assert.ok(err instanceof EngineError && err.code === 'invalid_params');
      assert.deepEqual(err.fields?.map((f) => f.field), ['captions.cues[0].start', 'captions.cues[1].end', 'captions.cues[1].text']);
    }
  });

  it('a long cue is split between words, in proportion to its length', () => {
    const [a, b] = splitCue({ start: 2, end: 12, text: 'One two three, four five six seven.' }) ?? assert.fail('no split');
    assert.equal(`${a.text} ${b.text}`, 'One two three, four five six seven.');
    assert.equal(a.start, 2);
    assert.equal(b.end, 12);
    assert.equal(a.end, b.start);
    assert.ok(Math.abs((a.end - 2) / 10 - a.text.length / (a.text.length + b.text.length)) < 1e-9);
    assert.equal(splitCue({ start: 0, end: 1, text: 'Word' }), null);
  });
});

describe('caption layout', () => {
  ensureFonts();
  const ctx = createCanvas(8, 8).getContext('2d');
  for (const format of FORMATS) {
    it(`${format}: every plate inside the frame, every line inside its plate, no word lost`, () => {
      const design = frameGeometry(format, '1080p').design;
      const texts = ['Hoy', LONG, 'Dióxido de nitrógeno: 42 µg/m³.', 'Supercalifragilisticexpialidocious'.repeat(4)];
      const overlay = new CaptionOverlay(texts.map((text, i) => ({ start: i * 4, end: i * 4 + 4, text })), format, design, ctx);
      assert.ok(overlay.cues.length > texts.length, 'the long cue became several');
      for (const c of overlay.cues) {
        const { plate, block } = c;
        assert.ok(plate.x >= 0 && plate.y >= 0 && plate.x + plate.w <= design.width && plate.y + plate.h <= design.height, `${c.text}: plate ${JSON.stringify(plate)}`);
        assert.ok(plate.x >= overlay.region.x && plate.y >= overlay.region.y && plate.x + plate.w <= overlay.region.x + overlay.region.w && plate.y + plate.h <= overlay.region.y + overlay.region.h, 'plate within the redrawn region');
        for (const line of block.lines) assert.ok(measure(ctx, line, block.size, 600) <= plate.w, `"${line}" fits`);
        assert.ok(block.height <= plate.h);
      }
      // The words of the long cue are all there, in order, over its pieces.
      const long = overlay.cues.filter((c) => c.start >= 4 && c.end <= 8).map((c) => c.block.lines.join(' ')).join(' ');
      assert.equal(long, LONG);
      for (let i = 1; i < overlay.cues.length; i++) assert.ok((overlay.cues[i - 1]?.end ?? 0) <= (overlay.cues[i]?.start ?? 0) + 1e-9, 'no overlap');
    });
  }

  it('the cue shown changes exactly at cue boundaries', () => {
    const overlay = new CaptionOverlay([{ start: 1, end: 2, text: 'a' }, { start: 2, end: 3, text: 'b' }], 'landscape', { width: 1920, height: 1080 }, ctx);
    assert.deepEqual([0.99, 1, 1.5, 2, 2.99, 3].map((t) => overlay.cueAt(t)), [-1, 0, 0, 1, 1, -1]);
    assert.deepEqual(overlay.changes(1.4, 1.5), []);
    assert.deepEqual(overlay.changes(1.99, 2.01), [overlay.region]);
  });
});

describe('hold timeline', () => {
  it('is the identity when the template is long enough', () => {
    const t = holdTimeline(300, 30, 180, 8);
    assert.equal(t.frames, 300);
    assert.equal(t.heldFrames, 0);
    for (const i of [0, 179, 180, 299]) assert.equal(t.templateFrame(i), i);
  });

  it('holds the poster frame for the extra time, then plays the outro', () => {
    const t = holdTimeline(300, 30, 180, 14);
    assert.equal(t.frames, 420);
    assert.equal(t.durationSec, 14);
    assert.deepEqual([0, 179, 180, 250, 299, 300, 419].map((i) => t.templateFrame(i)), [0, 179, 180, 180, 180, 180, 299]);
    for (let i = 1; i < t.frames; i++) assert.ok([0, 1].includes(t.templateFrame(i) - t.templateFrame(i - 1)));
  });
});

describe('incremental frames with captions and a hold equal full frames', () => {
  it('daily-report landscape', () => {
    const p = normalizeRenderParams({ location: 'Santiago', pm25: 87.4, no2: 42, format: 'landscape', resolution: '360p', date: '2026-11-22' });
    const cues = [{ start: 0.5, end: 3, text: 'Primera frase.' }, { start: 3, end: 7.5, text: LONG }, { start: 8, end: 14, text: 'Última frase del informe.' }];
    const make = (incremental: boolean) => {
      const ps = prepareScene(p);
      return new FrameSource(ps, 2, incremental, 'wasm-simd', new CaptionOverlay(cues, 'landscape', frameGeometry('landscape', '1080p').design, createCanvas(8, 8).getContext('2d')));
    };
    const inc = make(true);
    const full = make(false);
    const timeline = holdTimeline(15 * 30, 30, 180, 20);
    for (let i = 0; i < timeline.frames; i++) {
      const a = inc.frameAt(timeline.templateFrame(i), i / 30);
      const b = full.frameAt(timeline.templateFrame(i), i / 30);
      if (i % 7 !== 0 && ![89, 90, 91, 224, 225, 226, 240].includes(i)) continue;
      let max = 0;
      let count = 0;
      for (let k = 0; k < a.length; k++) {
        const d = Math.abs((a[k] as number) - (b[k] as number));
        if (d) {
          count++;
          max = Math.max(max, d);
        }
      }
      assert.ok(max <= 8 && count <= (a.length / 1.5) * 0.004, `frame ${i}: max ${max}, ${count} bytes differ`);
    }
    assert.ok(inc.stats.reused > 100, `held frames without a cue change are reused (${JSON.stringify(inc.stats)})`);
  });
});

describe('a narrated, captioned render', () => {
  it('has an AAC track as long as the video, which lasts minDurationSec, with the captions burned in', async () => {
    const tone = join(dir, 'tone.wav');
    execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=11', '-y', tone]);
    const outFile = join(dir, 'narrated.mp4');
    const cues = [{ start: 0.5, end: 5.5, text: 'Calidad del aire insalubre en Santiago.' }, { start: 5.5, end: 11, text: 'Todos deberían reducir el esfuerzo.' }];
    const r = await renderVideo(
      { location: 'Santiago', pm25: 87.4, template: 'social-clip', format: 'portrait', resolution: '360p', date: '2026-11-22' },
      { outFile, captions: { cues }, audio: { file: tone }, minDurationSec: 12.5 },
    );
    assert.equal(r.durationSec, 12.5);
    assert.equal(r.frames, 375);
    const out = JSON.parse(execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,duration,sample_rate', '-of', 'json', outFile], { encoding: 'utf8' })) as { streams: { codec_type: string; codec_name: string; duration: string; sample_rate?: string }[] };
    const video = out.streams.find((s) => s.codec_type === 'video');
    const audio = out.streams.find((s) => s.codec_type === 'audio');
    assert.equal(video?.codec_name, 'h264');
    assert.equal(audio?.codec_name, 'aac');
    assert.equal(audio?.sample_rate, '48000');
    assert.ok(Math.abs(Number(video?.duration) - 12.5) < 0.05, `video ${video?.duration}`);
    assert.ok(Math.abs(Number(audio?.duration) - 12.5) < 0.1, `audio ${audio?.duration}`);

    // The plate is in the frame while a cue is shown, and gone after the last one.
    const frameAt = async (t: number) => {
      const png = join(dir, `f${t}.png`);
      execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-ss', String(t), '-i', outFile, '-frames:v', '1', '-y', png]);
      return pngPixels(png);
    };
    const whiteRows = (px: { width: number; height: number; data: Uint8ClampedArray }) => {
      // Which rows of the caption band carry white letters. (A plate's near-black alone
      // would not tell: in portrait the band under the safe area is dark backdrop.)
      const rows: boolean[] = [];
      for (let y = Math.floor(px.height * 0.6); y < px.height; y++) {
        let white = 0;
        for (let x = Math.floor(px.width * 0.1); x < px.width * 0.9; x++) {
          const i = (y * px.width + x) * 4;
          if ((px.data[i] as number) > 225 && (px.data[i + 1] as number) > 225 && (px.data[i + 2] as number) > 225) white++;
        }
        rows.push(white >= 3);
      }
      return rows;
    };
    // The settled clip is the same picture at 9 s and 12 s: rows with letters only while the cue shows are the caption's.
    const during = whiteRows(await frameAt(9));
    const afterCues = whiteRows(await frameAt(12));
    const captionRows = during.filter((w, i) => w && !afterCues[i]).length;
    const goneRows = afterCues.filter((w, i) => w && !during[i]).length;
    assert.ok(captionRows >= 8 && goneRows <= 2, `rows of letters only while the cue shows: ${captionRows}; only after it: ${goneRows}`);
  });

  it('a template told in scenes lengthens its last scene, which keeps moving, instead of holding a frame', async () => {
    const params = { location: 'Santiago', pm25: 87.4, no2: 42, temperatura: 9, template: 'daily-report', format: 'landscape', resolution: '360p', date: '2026-11-22' };
    const base = sceneTimeline(normalizeRenderParams(params));
    const longer = sceneTimeline(normalizeRenderParams(params), { minDurationSec: 19.31 });
    assert.ok(base.length > 2, JSON.stringify(base));
    assert.deepEqual(longer.slice(0, -1), base.slice(0, -1), 'earlier scenes keep their times');
    assert.equal(longer.at(-1)?.start, base.at(-1)?.start);
    assert.equal(Math.round((longer.at(-1)?.end ?? 0) * 30), 580, 'the last scene ends at 19.31 s rounded up to a whole frame');
    const outFile = join(dir, 'extended.mp4');
    const r = await renderVideo(params, { outFile, minDurationSec: 19.31 });
    assert.equal(r.frames, 580);
    // The extra time is the last scene going on (its spotlight, the progress bar), not a held
    // frame: a hold repeats a picture exactly, which freezedetect finds at any noise level.
    const log = spawnSync(findFfmpeg(), ['-hide_banner', '-nostats', '-i', outFile, '-vf', 'freezedetect=n=-70dB:d=2', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
    assert.doesNotMatch(log, /freeze_start/, 'no picture is held for 2 s');
  });

  it('refuses a minDurationSec past ten minutes before any work', async () => {
    await assert.rejects(renderVideo({ location: 'X', resolution: '360p' }, { outFile: join(dir, 'x.mp4'), minDurationSec: 3600 }), (e) => e instanceof EngineError && e.code === 'invalid_params');
  });
});
