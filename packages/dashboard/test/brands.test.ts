/**
 * The Brands page in a real browser against a real service: create a brand
 * with the form (name, SVG logo upload, colour pickers, typeface, credit), see the
 * live preview poster appear and change as a colour is picked (its pixels
 * checked in the page), save a too-faint text colour and see the adjustment
 * listed, and delete the brand. The page passes axe-core with no serious or
 * critical violation, nothing overflows, and it is photographed in es, en and
 * pt and at 390 px.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { messagesBrands } from '../src/i18n/messages-brands.js';
import { messagesPages } from '../src/i18n/messages-pages.js';
import { overflow, seriousViolations, settled, startDashboard, until, type Dashboard } from './helpers.js';

const PAGE = new URL('../src/pages/brands.tsx', import.meta.url);

test('messages: every key of the brands page exists in es, en and pt, and every key it uses is defined', () => {
  const en = Object.keys(messagesBrands.en).sort();
  assert.deepEqual(Object.keys(messagesBrands.es).sort(), en);
  assert.deepEqual(Object.keys(messagesBrands.pt).sort(), en);
  for (const lang of ['es', 'en', 'pt'] as const) for (const [k, v] of Object.entries(messagesBrands[lang])) assert.ok(v.trim(), `${lang} ${k} is empty`);
  const core = readFileSync(new URL('../src/i18n/messages-core.ts', import.meta.url), 'utf8');
  const known = new Set([...en, ...Object.keys(messagesPages.en), ...[...core.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!)]);
  const src = readFileSync(PAGE, 'utf8');
  for (const m of src.matchAll(/(?<![\w.])t\('([\w.-]+)'/g)) assert.ok(known.has(m[1]!), `brands.tsx: t('${m[1]}') has no message`);
  // Keys built from a field or kind name.
  for (const f of ['background', 'surface', 'text', 'accent']) assert.ok(known.has(`brands.field.${f}`));
  for (const k of ['sans', 'condensed', 'serif']) assert.ok(known.has(`brands.kind.${k}`));
  for (const p of ['auto', 'always', 'never']) assert.ok(known.has(`brands.plate.${p}`));
});

/** A 2:1 SVG logo: magenta left half, cyan right half. */
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 80" width="160" height="80"><rect width="80" height="80" fill="#FF00FF"/><rect x="80" width="80" height="80" fill="#00FFFF"/></svg>';

/** Pixels of the preview image within `tol` of rgb, counted in the page. */
async function previewPixels(page: Page, rgb: [number, number, number], tol = 24): Promise<{ src: string; count: number }> {
  return page.evaluate(
    ([r, g, b, t]) => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="brand-preview"]');
      if (!img || !img.complete || img.naturalWidth === 0) return { src: '', count: 0 };
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - r!) <= t! && Math.abs(d[i + 1]! - g!) <= t! && Math.abs(d[i + 2]! - b!) <= t!) n++;
      return { src: img.src, count: n };
    },
    [...rgb, tol],
  );
}

describe('dashboard: brands page', () => {
  let d: Dashboard;
  let page: Page;

  before(async () => {
    d = await startDashboard({ serviceEnv: { WORKER_CONCURRENCY: '0' } });
    page = d.page;
    await d.goto('/');
    await d.signIn();
  });
  after(async () => {
    await d?.stop();
  });

  async function checkAndShoot(name: string): Promise<void> {
    await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('.toast button').forEach((b) => b.click()));
    const problems: string[] = [];
    const check = async (shot: string) => {
      await settled(page);
      const a11y = seriousViolations(await d.axe(page));
      if (a11y) problems.push(`axe on ${shot}:\n${a11y}`);
      for (const o of await overflow(page)) problems.push(`overflow on ${shot}: ${o}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await d.screenshot(shot);
    };
    try {
      for (const lang of ['es', 'en', 'pt'] as const) {
        await d.setLanguage(lang);
        await check(`${name}-${lang}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await check(`${name}-390-pt`);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
      await d.setLanguage('en');
    }
    assert.deepEqual(problems, []);
  }

  test('create a brand with the form, watch the live preview follow the colours, see adjustments, delete it', async () => {
    await d.goto('/brands');
    await settled(page);
    await page.getByText('No brands yet').waitFor();
    await page.getByRole('button', { name: 'New brand' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Diario Ambiental del Sur');
    await page.getByLabel('Background as #RRGGBB').fill('#F4F1EA');
    await page.getByLabel('Accent as #RRGGBB').fill('#1F3BFF');
    await page.getByLabel('Text as #RRGGBB').fill('#222222');
    await page.getByLabel('Typeface').selectOption('noto-serif');
    await page.getByLabel('Footer credit').fill('Diario Ambiental');
    await page.getByLabel(/^Logo/).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG) });
    await page.getByLabel(/^Intro sting/).fill('1.5');
    await page.getByLabel(/^Line under the logo on the intro/).fill('Boletín del aire');
    await page.getByRole('button', { name: 'Create brand' }).click();
    await page.getByRole('heading', { name: 'Brand “Diario Ambiental del Sur”' }).waitFor();

    // The preview arrives, in the brand: its logo and its background.
    const first = await until(async () => {
      const p = await previewPixels(page, [255, 0, 255]);
      return p.count > 20 ? p : null;
    }, 'the preview with the logo');
    const backdrop = await previewPixels(page, [0xf4, 0xf1, 0xea], 24);
    await d.screenshot('brands-preview-first');
    assert.ok(backdrop.count > 640 * 360 * 0.2, `the brand background fills the poster (${backdrop.count} pixels)`);

    // Picking another accent redraws the poster in it (debounced, without saving).
    await page.getByLabel('Accent as #RRGGBB').fill('#00A000');
    const green = await until(async () => {
      const p = await previewPixels(page, [0, 0xa0, 0]);
      return p.src !== first.src && p.count > 5 ? p : null;
    }, 'the preview in the new accent');
    assert.notEqual(green.src, first.src);
    await checkAndShoot('brands-editor');

    // A too-faint text colour is saved adjusted, and the page says so.
    await page.getByLabel('Text as #RRGGBB').fill('#E0E0E0');
    await page.getByRole('button', { name: 'Save brand' }).click();
    const adjustments = page.getByTestId('brand-adjustments');
    await adjustments.waitFor();
    assert.match((await adjustments.textContent()) ?? '', /colors\.text: #E0E0E0 → #/);
    const stored = (await d.api('GET', '/brands')).body.brands;
    assert.equal(stored.length, 1);
    assert.equal(stored[0].version, 2);
    assert.equal(stored[0].colors.accent, '#00A000');
    assert.equal(stored[0].typeface, 'noto-serif');
    // The intro card and its line, kept through the edit; no outro.
    assert.deepEqual([stored[0].intro, stored[0].outro], [{ durationSec: 1.5, text: 'Boletín del aire' }, null]);
    assert.equal(stored[0].logo.uploadedType, 'svg');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await checkAndShoot('brands-list');

    await page.getByRole('button', { name: 'Delete brand Diario Ambiental del Sur' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No brands yet').waitFor();
    assert.equal((await d.api('GET', '/brands')).body.brands.length, 0);
    assert.deepEqual(d.problems(), []);
  });
});
