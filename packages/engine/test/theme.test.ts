// Themes (brand looks): legibility checks and adjustments, the shipped typefaces'
// coverage, and pixels: the logo's colours where the logo goes, the accent where
// the accent goes, text that contrasts with what it is drawn on.
import fontkit from '@pdf-lib/fontkit';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { contrast, describeFrame, EngineError, listFamilies, listTemplates, MAX_CREDIT_CHARS, normalizeRenderParams, renderFramePng, renderPosterJpeg, resolveTheme, THEME_FAMILIES, type ThemeInput } from '../src/index.ts';
import { brandTestParams } from './helpers.ts';

const MAGENTA = [255, 0, 255] as const;
const CYAN = [0, 255, 255] as const;
const ACCENT = '#1F3BFF';
const ACCENT_RGB = [0x1f, 0x3b, 0xff] as const;

/** A 2:1 logo: magenta left half, cyan right half. */
function logoPng(w = 120, h = 60): Buffer {
  const c = createCanvas(w, h);
  const g = c.getContext('2d');
  g.fillStyle = '#FF00FF';
  g.fillRect(0, 0, w / 2, h);
  g.fillStyle = '#00FFFF';
  g.fillRect(w / 2, 0, w / 2, h);
  return c.toBuffer('image/png');
}

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: g.getImageData(0, 0, img.width, img.height).data };
}

function near(d: Uint8ClampedArray, i: number, rgb: readonly number[], tol: number): boolean {
  return Math.abs((d[i] ?? 0) - (rgb[0] ?? 0)) <= tol && Math.abs((d[i + 1] ?? 0) - (rgb[1] ?? 0)) <= tol && Math.abs((d[i + 2] ?? 0) - (rgb[2] ?? 0)) <= tol;
}

/** Pixels within `tol` of `rgb`, and their bounding box. */
function find(img: { width: number; height: number; data: Uint8ClampedArray }, rgb: readonly number[], tol = 10): { count: number; x0: number; y0: number; x1: number; y1: number } {
  let count = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!near(img.data, (y * img.width + x) * 4, rgb, tol)) continue;
      count++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return { count, x0, y0, x1, y1 };
}

function hex(d: Uint8ClampedArray, i: number): string {
  return `#${[d[i], d[i + 1], d[i + 2]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

const paramsFor = (template: string, format: string) => brandTestParams(template, format, 'São João da Boa Vista, Região Metropolitana de Campinas');

describe('resolveTheme', () => {
  it('is the default look without input', async () => {
    const { theme, adjustments } = await resolveTheme(undefined);
    assert.equal(theme.isDefault, true);
    assert.deepEqual(adjustments, []);
  });

  it('keeps colours that are legible and reports none', async () => {
    const { theme, adjustments } = await resolveTheme({ colors: { background: '#F4F1EA', text: '#1A1A1A', accent: ACCENT } });
    assert.deepEqual(adjustments, []);
    assert.equal(theme.colors.text, '#1A1A1A');
    assert.equal(theme.colors.accent, ACCENT);
  });

  it('moves faint text and accent colours until they reach 4.5:1 and 3:1, and says so', async () => {
    const { theme, adjustments } = await resolveTheme({ colors: { background: '#F4F1EA', text: '#B0B0B0', accent: '#F0E8D8' } });
    const text = adjustments.find((a) => a.field === 'colors.text');
    const accent = adjustments.find((a) => a.field === 'colors.accent');
    assert.ok(text && accent, JSON.stringify(adjustments));
    assert.equal(text.from, '#B0B0B0');
    assert.equal(text.to, theme.colors.text);
    assert.ok(text.ratioBefore < 4.5 && text.ratio >= 4.5, JSON.stringify(text));
    assert.equal(text.required, 4.5);
    assert.equal(accent.required, 3);
    assert.ok(contrast(theme.colors.text, '#F4F1EA') >= 4.5);
    assert.ok(contrast(theme.colors.muted, '#F4F1EA') >= 4.5);
    assert.ok(contrast(theme.colors.faint, theme.colors.surface) >= 4.5);
    assert.ok(contrast(theme.colors.accent ?? '#F4F1EA', '#F4F1EA') >= 3);
  });

  it('refuses malformed fields, naming them', async () => {
    const cases: [ThemeInput, string][] = [
      [{ colors: { text: 'red' } }, 'colors.text'],
      [{ colors: { background: '#12345' } }, 'colors.background'],
      [{ font: 'comic-sans' as 'inter' }, 'font'],
      [{ credit: 'x'.repeat(61) }, 'credit'],
      [{ intro: { durationSec: 5 } }, 'intro.durationSec'],
      [{ logo: { image: Buffer.from('not an image at all') } }, 'logo'],
    ];
    for (const [input, field] of cases) {
      await assert.rejects(resolveTheme(input), (err: unknown) => err instanceof EngineError && err.code === 'invalid_params' && (err.fields ?? []).some((f) => f.field === field), field);
    }
  });

  it('puts a plate behind a logo that does not stand out from the background, and none behind one that does', async () => {
    const dark = createCanvas(60, 30);
    const g = dark.getContext('2d');
    g.fillStyle = '#101830';
    g.fillRect(0, 0, 60, 30);
    const onNavy = await resolveTheme({ logo: { image: dark.toBuffer('image/png') } });
    assert.equal(onNavy.theme.logo?.plate, '#FFFFFF');
    const onLight = await resolveTheme({ colors: { background: '#F4F1EA' }, logo: { image: dark.toBuffer('image/png') } });
    assert.equal(onLight.theme.logo?.plate, null);
  });
});

describe('shipped typefaces', () => {
  it('offer a sans, a condensed and a serif, each with the Latin letters of es, pt and en', () => {
    const families = listFamilies();
    for (const kind of ['sans', 'condensed', 'serif'] as const) assert.ok(families.some((f) => f.kind === kind), kind);
    const require = createRequire(import.meta.url);
    const files: Record<string, string> = { inter: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf', arimo: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf', 'roboto-condensed': '@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf', 'noto-serif': '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf' };
    for (const f of families) {
      const spec = files[f.id];
      assert.ok(spec, f.id);
      const pkg = spec.split('/').slice(0, 2).join('/');
      const file = join(dirname(require.resolve(`${pkg}/package.json`)), spec.split('/').slice(2).join('/'));
      const font = fontkit.create(readFileSync(file));
      assert.ok(!('fonts' in font), 'a single font');
      for (const ch of 'AZaz09áéíóúâêôãõçàüñÁÉÍÓÚÂÊÔÃÕÇÀÜÑ¿¡ªº€') assert.ok(font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0), `${f.id} lacks ${ch}`);
    }
  });
});

describe('long names in every shipped family', () => {
  // 120 characters: the longest location a render takes, in words that do not break early.
  const LONG = 'Estación de Monitoreo Atmosférico Parque O’Higgins — Región Metropolitana de Santiago, Chile (Red MACAM, Ñuñoa y Macul.)';
  const CREDIT = 'Secretaría de Ambiente · Calidad del Aire · Região São João'.padEnd(MAX_CREDIT_CHARS, '·').slice(0, MAX_CREDIT_CHARS);

  for (const family of THEME_FAMILIES) {
    it(`${family}: a 120-character place and the longest credit stay inside the frame in every template and format, at the poster and mid-video`, async () => {
      assert.equal([...LONG].length, 120);
      const { theme } = await resolveTheme({ font: family, credit: CREDIT, logo: { image: logoPng() } });
      const outside: string[] = [];
      for (const t of listTemplates()) {
        for (const format of t.formats) {
          const p = normalizeRenderParams({ ...paramsFor(t.id, format), location: LONG });
          for (const timeSec of [undefined, 6]) {
            const d = describeFrame(p, { theme, ...(timeSec === undefined ? {} : { timeSec }) });
            for (const b of d.boxes) if (b.left < -1 || b.right > d.width + 1) outside.push(`${t.id} ${format} t=${d.timeSec}: "${b.text}" spans ${Math.round(b.left)}–${Math.round(b.right)} of ${d.width}`);
            // The place is drawn (whole over lines, or shortened), never dropped.
            assert.ok(d.texts.some((s) => s.length > 3 && LONG.includes(s.replace(/…$/, ''))), `${t.id} ${format}: the place is not drawn`);
          }
        }
      }
      assert.deepEqual(outside.slice(0, 10), []);
    });
  }
});

describe('a themed frame', () => {
  const theme: ThemeInput = { colors: { background: '#F4F1EA', text: '#3A3A3A', accent: ACCENT }, font: 'noto-serif', credit: 'Diario Ambiental', logo: { image: logoPng() } };

  for (const t of listTemplates()) {
    for (const format of t.formats) {
      it(`${t.id} ${format}: the logo in the footer's corner, the accent beside it, nothing of either without the theme`, async () => {
        const p = paramsFor(t.id, format);
        const img = await pixels(await renderFramePng(p, 6, theme));
        const { width: W, height: H } = img;
        const portrait = format === 'portrait';
        for (const [name, rgb] of [['magenta', MAGENTA], ['cyan', CYAN]] as const) {
          const at = find(img, rgb);
          assert.ok(at.count >= 25, `${name} logo pixels: ${at.count}`);
          // Where the logo goes: the bottom-right corner, above the progress bar; in
          // portrait at the bottom of the safe area, above the 20 % a vertical feed
          // covers with its own interface (portrait-safe.test.ts checks every second).
          const [top, bottom] = portrait ? [H * 0.7, H * 0.8] : [H * 0.85, H - 2];
          assert.ok(at.x0 >= W * 0.7 && at.y0 >= top && at.y1 < bottom, `${name} at ${JSON.stringify(at)} in ${W}x${H}`);
        }
        const accent = find(img, ACCENT_RGB, 6);
        assert.ok(accent.count >= 10, `accent pixels: ${accent.count}`);
        assert.ok(accent.y0 >= (portrait ? H * 0.7 : H * 0.85), `accent at ${JSON.stringify(accent)}`);
        const plain = await pixels(await renderFramePng(p, 6));
        assert.equal(find(plain, MAGENTA).count, 0);
        assert.equal(find(plain, ACCENT_RGB, 6).count, 0);
      });
    }
  }

  for (const t of listTemplates()) {
    for (const format of t.formats) {
      it(`${t.id} ${format}: no text box overlaps the logo's box, and the theme's text contrasts with the backdrop as drawn`, async () => {
        const { theme: resolved } = await resolveTheme(theme);
        const p = paramsFor(t.id, format);
        for (const timeSec of [undefined, 6]) {
          const d = describeFrame(p, { theme: resolved, ...(timeSec === undefined ? {} : { timeSec }) });
          // Boxes on the frame's canvas (the static layer or the frame); a sprite's are in its own pixels.
          const onFrame = <B extends { canvasWidth: number; canvasHeight: number }>(b: B) => b.canvasWidth === d.width && b.canvasHeight === d.height;
          const logos = d.logos.filter(onFrame);
          assert.ok(logos.length >= 1, `${t.id} ${format}: a logo drawn on the frame (${JSON.stringify(d.logos)})`);
          for (const l of logos) {
            for (const b of d.boxes.filter(onFrame)) {
              if (b.text.trim() === '') continue;
              const overlaps = b.left < l.right && l.left < b.right && b.top < l.bottom && l.top < b.bottom;
              assert.ok(!overlaps, `${t.id} ${format} t=${d.timeSec}: "${b.text}" ${JSON.stringify(b)} overlaps the logo ${JSON.stringify(l)}`);
            }
          }
        }
        // The text colour against the backdrop where no panel is drawn (the frame's left and right edges).
        const img = await pixels(await renderFramePng(p, 6, theme));
        for (const [fx, fy] of [[0.01, 0.5], [0.99, 0.5], [0.01, 0.25], [0.99, 0.75]] as const) {
          const bg = hex(img.data, (Math.round(img.height * fy) * img.width + Math.round((img.width - 1) * fx)) * 4);
          assert.ok(contrast(resolved.colors.text, bg) >= 4.5, `text ${resolved.colors.text} on ${bg} at ${fx},${fy}: ${contrast(resolved.colors.text, bg).toFixed(2)}`);
        }
      });
    }
  }

  it('fills the progress bar with the accent', async () => {
    const img = await pixels(await renderFramePng(paramsFor('daily-report', 'landscape'), 6, theme));
    const i = ((img.height - 1) * img.width + 3) * 4;
    assert.ok(near(img.data, i, ACCENT_RGB, 6), hex(img.data, i));
  });

  it('draws text in the adjusted colour, legible on the background as drawn', async () => {
    const faint: ThemeInput = { colors: { background: '#F4F1EA', text: '#B8B8B8' } };
    const { theme: resolved, adjustments } = await resolveTheme(faint);
    assert.equal(adjustments[0]?.field, 'colors.text');
    const img = await pixels(await renderFramePng(paramsFor('pollution-alert', 'landscape'), 6, faint));
    const rgb = [1, 3, 5].map((k) => Number.parseInt(resolved.colors.text.slice(k, k + 2), 16));
    // The headline's solid strokes are exactly the text colour.
    assert.ok(find(img, rgb, 3).count > 200, 'text pixels in the adjusted colour');
    for (const [x, y] of [[img.width / 2, 70], [img.width - 20, img.height * 0.3], [20, img.height * 0.5]] as const) {
      const bg = hex(img.data, (Math.round(y) * img.width + Math.round(x)) * 4);
      assert.ok(contrast(resolved.colors.text, bg) >= 4.5, `text on ${bg}: ${contrast(resolved.colors.text, bg)}`);
    }
  });

  it('makes a JPEG poster', async () => {
    const jpeg = await renderPosterJpeg(paramsFor('daily-report', 'landscape'), theme);
    assert.equal(jpeg.subarray(0, 3).toString('hex'), 'ffd8ff');
  });
});
