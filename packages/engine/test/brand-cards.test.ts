// A brand's intro and outro cards: drawn before and after the report in every
// template and format, the video longer by their lengths (ffprobe), the logo and the
// brand's backdrop on screen half a second in, the logo moving (never one still
// picture), the scene timeline shifted by the intro, and the incremental path
// drawing the same pixels as full frames.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { contrast, findFfmpeg, findFfprobe, FORMATS, listTemplates, renderVideo, resolveTheme, sceneTimeline, type ThemeInput } from '../src/index.ts';
import { brandTestParams } from './helpers.ts';
import { prepareCard } from '../src/render/cards.ts';
import { FrameSource } from '../src/render/frame-source.ts';

const MAGENTA = [255, 0, 255] as const;
const CYAN = [0, 255, 255] as const;
const BACKGROUND = '#F4F1EA';

/** A 2:1 logo: magenta left half, cyan right half. */
function logoPng(): Buffer {
  const c = createCanvas(120, 60);
  const g = c.getContext('2d');
  g.fillStyle = '#FF00FF';
  g.fillRect(0, 0, 60, 60);
  g.fillStyle = '#00FFFF';
  g.fillRect(60, 0, 60, 60);
  return c.toBuffer('image/png');
}

const BRAND: ThemeInput = {
  colors: { background: BACKGROUND, text: '#1E1E1E', accent: '#0B5D3B' },
  credit: 'Agência Verde',
  logo: { image: logoPng() },
  intro: { durationSec: 1, text: 'Boletim da qualidade do ar' },
  outro: { durationSec: 1.5, text: 'agenciaverde.example' },
};

const params = (template: string, format: string) => brandTestParams(template, format);

interface Img {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

async function frameAt(file: string, t: number, png: string): Promise<Img> {
  execFileSync(findFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-y', png]);
  const img = await loadImage(readFileSync(png));
  const c = createCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: g.getImageData(0, 0, img.width, img.height).data };
}

/** Pixels within `tol` of `rgb` and their bounding box. */
function find(img: Img, rgb: readonly number[], tol: number, fromY = 0): { count: number; x0: number; y0: number; x1: number; y1: number } {
  let count = 0;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = Math.max(0, Math.round(fromY)); y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if ([0, 1, 2].some((k) => Math.abs((img.data[i + k] ?? 0) - (rgb[k] ?? 0)) > tol)) continue;
      count++;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return { count, x0, y0, x1, y1 };
}

function durationOf(file: string): number {
  return Number(execFileSync(findFfprobe(), ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
}

/** The logo's two colours centred in the frame, in the part every feed leaves visible. */
function assertLogoCentred(img: Img, what: string): void {
  for (const [name, rgb] of [['magenta', MAGENTA], ['cyan', CYAN]] as const) {
    // yuv420p blurs colour edges: the logo's inner pixels stay within a few levels.
    const at = find(img, rgb, 40);
    assert.ok(at.count >= 100, `${what}: ${name} logo pixels ${at.count}`);
    assert.ok(at.x0 > img.width * 0.15 && at.x1 < img.width * 0.85 && at.y0 > img.height * 0.14 && at.y1 < img.height * 0.8, `${what}: ${name} at ${JSON.stringify(at)} in ${img.width}x${img.height}`);
  }
  const magenta = find(img, MAGENTA, 40);
  const cyan = find(img, CYAN, 40);
  assert.ok(magenta.x0 < cyan.x0, `${what}: magenta left of cyan`);
}

/** A corner of the frame is the brand's light background (the default look is dark navy). */
function assertBrandBackground(img: Img, what: string): void {
  const i = (Math.round(img.height * 0.5) * img.width + Math.round(img.width * 0.06)) * 4;
  const lum = 0.2126 * (img.data[i] ?? 0) + 0.7152 * (img.data[i + 1] ?? 0) + 0.0722 * (img.data[i + 2] ?? 0);
  assert.ok(lum > 180, `${what}: background luminance ${lum.toFixed(0)} at the left edge`);
}

describe('brand intro and outro cards', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-cards-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const format of FORMATS) {
    it(`daily-report ${format}: the intro shows the logo on the brand's backdrop, the outro ends on it, the video is longer by both`, async () => {
      const p = params('daily-report', format);
      const template = listTemplates().find((t) => t.id === 'daily-report');
      assert.ok(template);
      const outFile = join(dir, `daily-${format}.mp4`);
      const storyboard = { spriteFile: join(dir, `daily-${format}-sb.jpg`), vttFile: join(dir, `daily-${format}-sb.vtt`) };
      const r = await renderVideo(p, { outFile, theme: BRAND, storyboard });
      const want = template.durationSec + 1 + 1.5;
      // The storyboard's thumbnails run to the end of the outro.
      const ends = [...readFileSync(storyboard.vttFile, 'utf8').matchAll(/--> (\d+):(\d+):(\d+\.\d+)/g)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
      assert.ok(Math.abs((ends.at(-1) ?? 0) - want) < 0.05, `storyboard ends at ${ends.at(-1)}, want ${want}`);
      assert.ok(Math.abs(r.durationSec - want) < 1 / 30 + 1e-9, `reported ${r.durationSec}, want ${want}`);
      assert.ok(Math.abs(durationOf(outFile) - want) <= 0.05, `ffprobe ${durationOf(outFile)}, want ${want}`);
      const intro = await frameAt(outFile, 0.5, join(dir, `i-${format}.png`));
      assertLogoCentred(intro, `${format} t=0.5`);
      assertBrandBackground(intro, `${format} t=0.5`);
      const outro = await frameAt(outFile, want - 0.1, join(dir, `o-${format}.png`));
      assertLogoCentred(outro, `${format} outro`);
      // The card's line: drawn in the brand's text colour, which contrasts with the backdrop beside it.
      const { theme } = await resolveTheme(BRAND);
      const ink = [1, 3, 5].map((k) => Number.parseInt(theme.colors.text.slice(k, k + 2), 16));
      // Below the logo and the plate it may have (a fifth of its height around it).
      const logo = find(outro, MAGENTA, 40);
      const below = logo.y1 + (logo.y1 - logo.y0) * 0.35 + 2;
      const line = find(outro, ink, 24, below);
      assert.ok(line.count >= 20 && line.y1 < outro.height * 0.8, `the outro's line under the logo: ${JSON.stringify(line)}, searched from y ${below}`);
      for (const y of [line.y0, Math.round((line.y0 + line.y1) / 2), line.y1]) {
        const i = (y * outro.width + Math.round(outro.width * 0.05)) * 4;
        const bg = `#${[0, 1, 2].map((k) => (outro.data[i + k] ?? 0).toString(16).padStart(2, '0')).join('')}`;
        assert.ok(contrast(theme.colors.text, bg) >= 4.5, `text ${theme.colors.text} on ${bg}: ${contrast(theme.colors.text, bg).toFixed(2)}`);
      }
      // The report in between: the logo back in its footer corner, not in the middle.
      const mid = await frameAt(outFile, 1 + 6, join(dir, `m-${format}.png`));
      const m = find(mid, MAGENTA, 40);
      assert.ok(m.count > 0 && m.y0 > mid.height * 0.6, `report frame: logo at ${JSON.stringify(m)}`);
      // The poster is the report's settled moment, not a card.
      const plain = await renderVideo(p, { outFile: join(dir, `plain-${format}.mp4`) });
      assert.ok(Math.abs(durationOf(outFile) - durationOf(plain.outFile) - 2.5) <= 0.05, 'the cards add 2.5 s');
    });
  }

  for (const t of listTemplates()) {
    it(`${t.id}: in every format the intro at 0.5 s, the video longer by both cards`, async () => {
      for (const format of t.formats) {
        const outFile = join(dir, `${t.id}-${format}.mp4`);
        const r = await renderVideo(params(t.id, format), { outFile, theme: BRAND });
        assert.ok(Math.abs(r.durationSec - (t.durationSec + 2.5)) < 1 / 30 + 1e-9, `${t.id} ${format}: ${r.durationSec}`);
        assert.ok(Math.abs(durationOf(outFile) - (t.durationSec + 2.5)) <= 0.05, `${t.id} ${format}: ffprobe ${durationOf(outFile)}`);
        const img = await frameAt(outFile, 0.5, join(dir, `${t.id}-${format}.png`));
        assertLogoCentred(img, `${t.id} ${format}`);
        assertBrandBackground(img, `${t.id} ${format}`);
        rmSync(outFile);
      }
    });
  }

  it('the scene timeline starts with the intro, shifts the report by it and ends with the outro', () => {
    const p = params('daily-report', 'landscape');
    const plain = sceneTimeline(p);
    const branded = sceneTimeline(p, { cards: BRAND });
    assert.deepEqual(branded[0], { id: 'intro', kind: 'intro', start: 0, end: 1, shows: 'The brand’s intro card' });
    assert.equal(branded.at(-1)?.kind, 'outro');
    assert.equal(branded.at(-1)?.end, (plain.at(-1)?.end ?? 0) + 2.5);
    assert.deepEqual(branded.slice(1, -1).map((s) => [s.id, s.start - 1, s.end - 1]), plain.map((s) => [s.id, s.start, s.end]));
    // A narration longer than the template: the intro and the report last that long, then the outro.
    const long = sceneTimeline(p, { cards: BRAND, minDurationSec: 20 });
    assert.equal(long.at(-2)?.end, 20);
    assert.equal(long.at(-1)?.end, 21.5);
    assert.throws(() => sceneTimeline(p, { cards: { intro: { durationSec: 3 } } }), /intro\.durationSec/);
  });

  for (const format of FORMATS) {
    it(`${format}: incremental card frames equal full frames, and the logo never holds still`, async () => {
      // With a logo, and without one (the credit as a word mark, a 2 s intro with no line).
      const wordMark: ThemeInput = { colors: BRAND.colors, credit: 'Agência Verde', intro: { durationSec: 2 }, outro: { durationSec: 1, text: 'agenciaverde.example' } };
      for (const input of [BRAND, wordMark]) {
        const { theme } = await resolveTheme(input);
        for (const kind of ['intro', 'outro'] as const) {
          const card = prepareCard(kind, theme, format, '360p');
          assert.ok(card);
          const inc = new FrameSource(card, 2, true);
          const full = new FrameSource(card, 2, false);
          const frames: Buffer[] = [];
          for (let i = 0; i < card.frames; i++) {
            const a = Buffer.from(inc.frame(i));
            const b = full.frame(i);
            let off = 0;
            for (let k = 0; k < a.length; k++) if (Math.abs((a[k] ?? 0) - (b[k] ?? 0)) > 8) off++;
            assert.ok(off <= (a.length / 1.5) * 0.004, `${kind} frame ${i}: ${off} bytes differ`);
            frames.push(a);
          }
          assert.ok(inc.stats.partial > card.frames / 2, `${kind}: only what moves is redrawn (${JSON.stringify(inc.stats)})`);
          // Settled (after 0.6 s) the mark still grows: a frame differs from the one 5 before it.
          for (let i = 18; i + 5 < card.frames - (kind === 'intro' ? 8 : 0); i += 5) assert.ok(!frames[i]?.equals(frames[i + 5] ?? Buffer.alloc(0)), `${kind} frames ${i} and ${i + 5} are the same picture`);
        }
      }
    });
  }
});
