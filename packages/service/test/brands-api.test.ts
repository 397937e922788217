/**
 * Brands over real HTTP: create (idempotent, with a PNG logo, an SVG logo, an
 * uploaded font), read, list, edit with ETag/If-Match, the refusals (each a 400
 * naming the field, nothing stored), too-faint colours adjusted and reported,
 * renders and batches in a brand (the logo's colours in the poster's corner, the
 * brand version on the job, an unknown brandId a 400 naming it), the same for
 * context renders, workflow render steps, experiment arms and AI renders, the
 * preview, and a brand in use refused deletion with a 409 naming the renders,
 * experiments and workflows that use it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { RunningService } from '../src/server.js';
import { api, createTestEnv, SMALL, startTestService, STORE, TEST_API_KEY, until, waitForJob, type TestEnv } from './helpers.js';

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

/** A PNG that declares w×h pixels: signature, IHDR, an empty IDAT and IEND (the size is refused before any decoding). */
function pngDeclaring(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(0)), chunk('IEND', Buffer.alloc(0))]);
}

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file));
/** A real TrueType font with its character map renamed away: a font with no Latin letters. */
function fontWithoutCmap(): Buffer {
  const f = Buffer.from(fontFile('@expo-google-fonts/arimo', '400Regular/Arimo_400Regular.ttf'));
  const tables = f.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const at = 12 + i * 16;
    if (f.toString('latin1', at, at + 4) === 'cmap') f.write('xmap', at, 'latin1');
  }
  return f;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

async function pixelsOf(png: Buffer) {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: g.getImageData(0, 0, img.width, img.height).data };
}

/** Pixels within `tol` of rgb and their bounding box. */
function find(img: { width: number; height: number; data: Uint8ClampedArray }, rgb: [number, number, number], tol = 12) {
  let count = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (Math.abs((img.data[i] ?? 0) - rgb[0]) <= tol && Math.abs((img.data[i + 1] ?? 0) - rgb[1]) <= tol && Math.abs((img.data[i + 2] ?? 0) - rgb[2]) <= tol) {
        count++;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
      }
    }
  }
  return { count, x0, y0 };
}

describe(`brands API (${STORE})`, () => {
  let env: TestEnv;
  let svc: RunningService;
  let base: string;
  const count = async (table: 'brands' | 'brand_versions') => Number((await svc.store.db.selectFrom(table).select(svc.store.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const storedAssets = () => {
    const dir = join(env.dataDir, 'media', 'brands');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  before(async () => {
    env = await createTestEnv();
    svc = await startTestService(env, { WORKER_CONCURRENCY: '1' });
    base = svc.baseUrl;
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  let brandId = '';

  test('create with a logo, colours, typeface, credit and defaults; Idempotency-Key replays it; get and list', async () => {
    const body = { name: 'Diario Ambiental', colors: { background: '#F4F1EA', text: '#B8B8B8', accent: '#1F3BFF' }, typeface: 'noto-serif', credit: 'Diario Ambiental', logo: { data: b64(logoPng()) }, defaults: { language: 'es', format: 'square' } };
    const created = await api(base, 'POST', '/brands', body, { 'idempotency-key': 'brand-create-1' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    brandId = created.body.brandId;
    assert.equal(created.headers.get('etag'), '"v1"');
    assert.equal(created.headers.get('location'), `/brands/${brandId}`);
    assert.equal(created.body.typeface, 'noto-serif');
    assert.deepEqual({ w: created.body.logo.width, h: created.body.logo.height, type: created.body.logo.uploadedType }, { w: 120, h: 60, type: 'png' });
    // The asked-for text colour is too faint on that background: adjusted, and said so.
    const adj = created.body.adjustments.find((a: any) => a.field === 'colors.text');
    assert.ok(adj && adj.from === '#B8B8B8' && adj.ratio >= 4.5 && adj.ratioBefore < 4.5, JSON.stringify(created.body.adjustments));
    assert.equal(created.body.effectiveColors.text, adj.to);
    assert.equal(created.body.colors.text, '#B8B8B8');

    const again = await api(base, 'POST', '/brands', body, { 'idempotency-key': 'brand-create-1' });
    assert.equal(again.status, 201);
    assert.equal(again.body.brandId, brandId);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await count('brands'), 1);

    const got = await api(base, 'GET', `/brands/${brandId}`);
    assert.equal(got.status, 200);
    assert.equal(got.headers.get('etag'), '"v1"');
    const list = await api(base, 'GET', '/brands');
    assert.deepEqual(list.body.brands.map((b: any) => b.brandId), [brandId]);
    const faces = await api(base, 'GET', '/brands/typefaces');
    assert.deepEqual(faces.body.typefaces.map((f: any) => f.kind).sort(), ['condensed', 'sans', 'sans', 'serif']);
  });

  test('edits need the current ETag when If-Match is sent; each edit is a new version', async () => {
    const stale = await api(base, 'PATCH', `/brands/${brandId}`, { credit: 'Stale' }, { 'if-match': '"v7"' });
    assert.equal(stale.status, 412, JSON.stringify(stale.body));
    const ok = await api(base, 'PATCH', `/brands/${brandId}`, { colors: { text: '#2A2A2A' } }, { 'if-match': '"v1"' });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.version, 2);
    assert.equal(ok.headers.get('etag'), '"v2"');
    assert.deepEqual(ok.body.adjustments, []);
    assert.equal(ok.body.logo.width, 120, 'the logo is kept');
    assert.equal(await count('brand_versions'), 2);
  });

  test('bad uploads and fields are each a 400 naming the field, and nothing is stored', async () => {
    const brands = await count('brands');
    const versions = await count('brand_versions');
    const assets = storedAssets();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const png = logoPng();
    const cases: [string, unknown, string][] = [
      ['wrong type', { name: 'x', logo: { data: b64(gif) } }, 'logo.data'],
      ['truncated PNG', { name: 'x', logo: { data: b64(png.subarray(0, png.length - 20)) } }, 'logo.data'],
      ['100-megapixel PNG', { name: 'x', logo: { data: b64(pngDeclaring(10_000, 10_000)) } }, 'logo.data'],
      ['SVG with an external image', { name: 'x', logo: { data: b64('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="http://127.0.0.1:9/x.png" width="10" height="10"/></svg>') } }, 'logo.data'],
      ['SVG with a script', { name: 'x', logo: { data: b64('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>') } }, 'logo.data'],
      ['SVG with entity expansion', { name: 'x', logo: { data: b64('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>') } }, 'logo.data'],
      ['SVG with a CSS url()', { name: 'x', logo: { data: b64('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="fill: url(http://127.0.0.1:9/p)"/></svg>') } }, 'logo.data'],
      ['not a font', { name: 'x', font: { data: b64('this is not a font at all, just words') } }, 'font.data'],
      ['a font without Latin glyphs', { name: 'x', font: { data: b64(fontWithoutCmap()) } }, 'font.data'],
      ['a colour that is not #RRGGBB', { name: 'x', colors: { accent: 'blue' } }, 'colors.accent'],
      ['an unknown typeface', { name: 'x', typeface: 'comic-sans' }, 'typeface'],
      ['an intro longer than 2 s', { name: 'x', intro: { durationSec: 5 } }, 'intro.durationSec'],
    ];
    for (const [what, body, field] of cases) {
      const r = await api(base, 'POST', '/brands', body);
      assert.equal(r.status, 400, `${what}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/, what);
      assert.ok((r.body.errors ?? []).some((e: any) => e.field === field || e.field === `/${field.replace(/\./g, '/')}` || e.field.endsWith(field.split('.').pop())), `${what}: ${JSON.stringify(r.body.errors)}`);
    }
    const patch = await api(base, 'PATCH', `/brands/${brandId}`, { logo: { data: b64(gif) } });
    assert.equal(patch.status, 400);
    assert.equal(await count('brands'), brands);
    assert.equal(await count('brand_versions'), versions);
    assert.equal(storedAssets(), assets, 'no asset was stored');
  });

  test('an SVG logo is rasterised; an uploaded font is used instead of the typeface', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><defs><linearGradient id="g"><stop offset="0" stop-color="#FF00FF"/><stop offset="1" stop-color="#00FFFF"/></linearGradient></defs><rect width="40" height="20" fill="url(#g)"/></svg>';
    const r = await api(base, 'POST', '/brands', { name: 'Agência Verde', logo: { data: b64(svg) }, font: { data: b64(fontFile('@expo-google-fonts/roboto-condensed', '700Bold/RobotoCondensed_700Bold.ttf')) } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.logo.uploadedType, 'svg');
    assert.equal(r.body.logo.height, 512);
    assert.equal(r.body.logo.width, 1024);
    assert.match(r.body.font.family, /Roboto Condensed/);
    const del = await api(base, 'DELETE', `/brands/${r.body.brandId}`);
    assert.equal(del.status, 204);
    assert.equal((await api(base, 'GET', `/brands/${r.body.brandId}`)).status, 404);
  });

  test('a render in the brand draws its logo and takes its defaults; an unknown brandId is a 400 naming it', async () => {
    const unknown = await api(base, 'POST', '/render', { location: 'Lima', pm25: 30, brandId: 'brd_doesnotexist', ...SMALL });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.errors.map((e: any) => e.field), ['brandId']);
    const badItem = await api(base, 'POST', '/batch', { items: [{ location: 'A', pm25: 3, ...SMALL }, { location: 'B', pm25: 4, brandId: 'brd_nope', ...SMALL }] });
    assert.equal(badItem.status, 400);
    assert.deepEqual(badItem.body.errors.map((e: any) => e.field), ['items[1].brandId']);
    const badAll = await api(base, 'POST', '/batch', { items: [{ location: 'A', pm25: 3, ...SMALL }], brandId: 'brd_nope' });
    assert.equal(badAll.status, 400);
    assert.deepEqual(badAll.body.errors.map((e: any) => e.field), ['brandId']);

    const job = await api(base, 'POST', '/render', { location: 'Lima', pm25: 30, no2: 20, brandId, ...SMALL });
    assert.equal(job.status, 202, JSON.stringify(job.body));
    assert.equal(job.body.params.language, 'es', "the brand's default language");
    assert.equal(job.body.params.format, 'square', "the brand's default format");
    const done = await waitForJob(base, job.body.jobId);
    assert.equal(done.status, 'completed', JSON.stringify(done.error));
    const poster = Buffer.from(await (await fetch(done.posterUrl)).arrayBuffer());
    const img = await pixelsOf(poster);
    for (const rgb of [[255, 0, 255], [0, 255, 255]] as [number, number, number][]) {
      const at = find(img, rgb);
      assert.ok(at.count >= 25 && at.x0 >= img.width * 0.7 && at.y0 >= img.height * 0.85, `logo colour ${rgb} at ${JSON.stringify(at)}`);
    }
    assert.deepEqual(job.body.brand, { brandId, version: 2 }, 'the job names the brand version it renders in');
    assert.deepEqual(done.brand, { brandId, version: 2 });

    // Without the brand, the same values render without the logo.
    const plain = await api(base, 'POST', '/render', { location: 'Lima', pm25: 30, no2: 20, language: 'es', format: 'square', ...SMALL });
    const plainDone = await waitForJob(base, plain.body.jobId);
    const plainImg = await pixelsOf(Buffer.from(await (await fetch(plainDone.posterUrl)).arrayBuffer()));
    assert.equal(find(plainImg, [255, 0, 255]).count, 0);

    const batch = await api(base, 'POST', '/batch', { items: [{ location: 'A', pm25: 3, ...SMALL }, { location: 'B', pm25: 4, brandId: null, ...SMALL }], brandId });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    assert.deepEqual(batch.body.jobs.map((j: any) => j.brand), [{ brandId, version: 2 }, null], 'the batch brand for the first item, none for the one that says null');
    for (const j of batch.body.jobs) await waitForJob(base, j.jobId);
  });

  test('preview: a JPEG poster of the default template in the brand, with unsaved colours over it', async (t) => {
    const started = performance.now();
    const res = await fetch(`${base}/brands/${brandId}/preview`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ colors: { accent: '#00A000' }, resolution: '360p' }) });
    const ms = performance.now() - started;
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    const jpeg = Buffer.from(await res.arrayBuffer());
    assert.equal(jpeg.subarray(0, 3).toString('hex'), 'ffd8ff');
    const img = await pixelsOf(jpeg);
    assert.ok(find(img, [0, 0xa0, 0], 24).count > 5, 'the unsaved accent is drawn');
    t.diagnostic(`preview took ${Math.round(ms)} ms`);
    const missing = await api(base, 'POST', '/brands/brd_nope/preview', {});
    assert.equal(missing.status, 404);
  });

  test('GraphQL: create, read, list, typefaces, preview, update with expectedVersion, a render in the brand, delete', async () => {
    const gql = async (query: string, variables?: Record<string, unknown>) => {
      const r = await api(base, 'POST', '/graphql', { query, variables });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body;
    };
    const fields = 'brandId name version isDefault typeface credit colors { accent text } effectiveColors { text accent } adjustments { field from to ratio required } logo { uploadedType width height plate } intro { durationSec } defaults { language aqiStandard format }';
    const created = await gql(`mutation($i: BrandInput!) { createBrand(input: $i, idempotencyKey: "gql-brand-1") { ${fields} } }`, {
      i: { name: 'Jornal do Ar', colors: { background: '#FFFFFF', text: '#CCCCCC', accent: '#C2185B' }, typeface: 'arimo', credit: 'Jornal do Ar', logo: { data: b64(logoPng()), plate: 'always' }, intro: { durationSec: 1.5 }, defaults: { language: 'pt', aqiStandard: 'br_iqar', format: 'portrait' } },
    });
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const b = created.data.createBrand;
    assert.deepEqual([b.version, b.typeface, b.logo.uploadedType, b.logo.plate, b.intro.durationSec], [1, 'arimo', 'png', 'always', 1.5]);
    // The defaults are enums both ways: br_iqar is GraphQL's name of br-iqar.
    assert.deepEqual(b.defaults, { language: 'pt', aqiStandard: 'br_iqar', format: 'portrait' });
    assert.ok(b.adjustments.some((a: any) => a.field === 'colors.text' && a.ratio >= 4.5), JSON.stringify(b.adjustments));
    const replay = await gql(`mutation($i: BrandInput!) { createBrand(input: $i, idempotencyKey: "gql-brand-1") { brandId } }`, { i: { name: 'Jornal do Ar', colors: { background: '#FFFFFF', text: '#CCCCCC', accent: '#C2185B' }, typeface: 'arimo', credit: 'Jornal do Ar', logo: { data: b64(logoPng()), plate: 'always' }, intro: { durationSec: 1.5 }, defaults: { language: 'pt', aqiStandard: 'br_iqar', format: 'portrait' } } });
    assert.equal(replay.data.createBrand.brandId, b.brandId, 'the idempotency key replays the creation');

    const bad = await gql(`mutation { createBrand(input: { name: "x", logo: { data: "${b64('GIF89a\x01\x00')}" } }) { brandId } }`);
    assert.equal(bad.errors?.[0]?.extensions?.code, 'validation_failed', JSON.stringify(bad));
    assert.match(JSON.stringify(bad.errors[0].extensions), /logo\.data/);

    const read = await gql(`query($id: ID!) { brand(id: $id) { name version } brands { brandId } typefaces { id kind } }`, { id: b.brandId });
    assert.deepEqual(read.data.brand, { name: 'Jornal do Ar', version: 1 });
    assert.ok(read.data.brands.some((x: any) => x.brandId === b.brandId));
    assert.deepEqual(read.data.typefaces.map((f: any) => f.kind).sort(), ['condensed', 'sans', 'sans', 'serif']);

    const preview = await gql(`query($id: ID!) { brandPreview(id: $id, input: { resolution: _360p, colors: { accent: "#00A000" } }) { mediaType data bytes } }`, { id: b.brandId });
    assert.equal(preview.errors, undefined, JSON.stringify(preview.errors));
    const jpeg = Buffer.from(preview.data.brandPreview.data, 'base64');
    assert.equal(jpeg.subarray(0, 3).toString('hex'), 'ffd8ff');
    assert.equal(jpeg.length, preview.data.brandPreview.bytes);
    assert.ok(find(await pixelsOf(jpeg), [0, 0xa0, 0], 24).count > 5, 'the unsaved accent is drawn');

    const stale = await gql(`mutation($id: ID!) { updateBrand(id: $id, input: { credit: "Stale" }, expectedVersion: 9) { version } }`, { id: b.brandId });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'brand_precondition_failed', JSON.stringify(stale));
    const updated = await gql(`mutation($id: ID!) { updateBrand(id: $id, input: { credit: "Jornal do Ar · qualidade do ar", intro: null }, expectedVersion: 1) { version credit intro { durationSec } logo { width } } }`, { id: b.brandId });
    assert.deepEqual(updated.data.updateBrand, { version: 2, credit: 'Jornal do Ar · qualidade do ar', intro: null, logo: { width: 120 } });

    const job = await gql(`mutation($i: RenderParamsInput!) { createRender(input: $i) { jobId brand { brandId version } } }`, { i: { location: 'Recife', pm25: 9, resolution: '_360p', brandId: b.brandId } });
    assert.deepEqual(job.data.createRender.brand, { brandId: b.brandId, version: 2 });
    // Made the default: a render naming no brand takes it; an explicit null is no brand.
    const asDefault = await gql(`mutation($id: ID!) { updateBrand(id: $id, input: { isDefault: true }, expectedVersion: 2) { version isDefault } }`, { id: b.brandId });
    assert.deepEqual(asDefault.data.updateBrand, { version: 3, isDefault: true });
    const byDefault = await gql(`mutation { createRender(input: { location: "Recife", pm25: 9, resolution: _360p }) { jobId brand { brandId version } } }`);
    assert.deepEqual(byDefault.data.createRender.brand, { brandId: b.brandId, version: 3 });
    const noBrand = await gql(`mutation { createRender(input: { location: "Recife", pm25: 9, resolution: _360p, brandId: null }) { jobId brand { brandId } } }`);
    assert.equal(noBrand.data.createRender.brand, null, JSON.stringify(noBrand));
    const noBrandBatch = await gql(`mutation { createBatch(items: [{ location: "Natal", resolution: _360p }], brandId: null) { jobs { jobId brand { brandId } } } }`);
    assert.equal(noBrandBatch.data.createBatch.jobs[0].brand, null, JSON.stringify(noBrandBatch));
    const back = await gql(`mutation($id: ID!) { updateBrand(id: $id, input: { isDefault: false }) { version } }`, { id: b.brandId });
    assert.equal(back.data.updateBrand.version, 4);
    const unknown = await gql(`mutation { createRender(input: { location: "Recife", brandId: "brd_nope" }) { jobId } }`);
    assert.match(JSON.stringify(unknown.errors?.[0]?.extensions), /brandId/);
    const batch = await gql(`mutation($b: ID) { createBatch(items: [{ location: "Natal", resolution: _360p }], brandId: $b) { jobs { jobId brand { brandId } } } }`, { b: b.brandId });
    assert.equal(batch.data.createBatch.jobs[0].brand.brandId, b.brandId);
    // These renders were for their brand fields only: cancel them (a finished one answers 409), so nothing unfinished uses the brand.
    const made = [job.data.createRender, byDefault.data.createRender, noBrand.data.createRender, ...batch.data.createBatch.jobs, ...noBrandBatch.data.createBatch.jobs].map((j: any) => j.jobId);
    for (const id of made) assert.ok([200, 409].includes((await api(base, 'POST', `/queue/${id}/cancel`)).status));

    const del = await gql(`mutation($id: ID!) { deleteBrand(id: $id, expectedVersion: 4) }`, { id: b.brandId });
    assert.equal(del.data.deleteBrand, true, JSON.stringify(del));
    const gone = await gql(`query($id: ID!) { brand(id: $id) { name } }`, { id: b.brandId });
    assert.equal(gone.data.brand, null);
  });

  let workflowId = '';
  let experimentId = '';

  test('brandId on a context render, a workflow render step, experiment arms and an AI render: checked (400 naming the field), and each job names the brand version', async () => {
    const ctx = await api(base, 'POST', '/contexts', { location: 'Lima', pm25: 31, no2: 18 });
    assert.equal(ctx.status, 201, JSON.stringify(ctx.body));
    const contextId = ctx.body.contextId;

    // A context render.
    const badCtx = await api(base, 'POST', `/contexts/${contextId}/render`, { brandId: 'brd_nope', ...SMALL });
    assert.equal(badCtx.status, 400, JSON.stringify(badCtx.body));
    assert.deepEqual(badCtx.body.errors.map((e: any) => e.field), ['brandId']);
    const ctxJob = await api(base, 'POST', `/contexts/${contextId}/render`, { brandId, ...SMALL });
    assert.equal(ctxJob.status, 202, JSON.stringify(ctxJob.body));
    assert.deepEqual(ctxJob.body.brand, { brandId, version: 2 });
    assert.equal(ctxJob.body.params.format, 'square', "the brand's default format under the context's values");

    // A second look, for an A/B test of two brands.
    const other = await api(base, 'POST', '/brands', { name: 'Rádio Norte', colors: { background: '#102A12', accent: '#FFD400' }, typeface: 'roboto-condensed' });
    assert.equal(other.status, 201, JSON.stringify(other.body));
    const otherId = other.body.brandId;

    // Experiment arms: each arm's own brand, else the base's; an unknown one names its path.
    const arms = (a: unknown, b: unknown) => ({ name: 'Two looks', goal: 'complete', base: { location: 'Lima', pm25: 31, ...SMALL }, arms: [a, b] });
    const badArm = await api(base, 'POST', '/variants', arms({ brandId }, { brandId: 'brd_nope' }));
    assert.equal(badArm.status, 400, JSON.stringify(badArm.body));
    assert.deepEqual(badArm.body.errors.map((e: any) => e.field), ['arms[1].brandId']);
    const badBase = await api(base, 'POST', '/variants', { ...arms({}, { brandId }), base: { location: 'Lima', pm25: 31, brandId: 'brd_nope' } });
    assert.equal(badBase.status, 400, JSON.stringify(badBase.body));
    assert.deepEqual(badBase.body.errors.map((e: any) => e.field), ['base.brandId']);
    const test2 = await api(base, 'POST', '/variants', { ...arms({ brandId: otherId }, {}), base: { location: 'Lima', pm25: 31, brandId, ...SMALL } });
    assert.equal(test2.status, 201, JSON.stringify(test2.body));
    experimentId = test2.body.id ?? test2.body.testId;
    const armJobs = await Promise.all(test2.body.arms.map(async (a: any) => (await api(base, 'GET', `/render/${a.jobId}`)).body));
    assert.deepEqual(armJobs.map((j: any) => j.brand), [{ brandId: otherId, version: 1 }, { brandId, version: 2 }], 'arm A in its own brand, arm B in the base brand');
    assert.notEqual(armJobs[0].params.location, undefined);

    // A workflow's render step: checked when saved, used when the run renders.
    const wfBody = (b: unknown) => ({ name: 'Branded', locations: [{ name: 'Lima', contextId }], steps: [{ type: 'fetch', source: 'context' }, { type: 'render', formats: ['landscape'], languages: ['en'], resolution: '360p', brandId: b }] });
    const badWf = await api(base, 'POST', '/workflows', wfBody('brd_nope'));
    assert.equal(badWf.status, 400, JSON.stringify(badWf.body));
    assert.deepEqual(badWf.body.errors.map((e: any) => e.field), ['steps[1].brandId']);
    const wf = await api(base, 'POST', '/workflows', wfBody(brandId));
    assert.equal(wf.status, 201, JSON.stringify(wf.body));
    workflowId = wf.body.workflow.id;
    const badPatch = await api(base, 'PATCH', `/workflows/${workflowId}`, { steps: wfBody('brd_nope').steps });
    assert.equal(badPatch.status, 400);
    assert.deepEqual(badPatch.body.errors.map((e: any) => e.field), ['steps[1].brandId']);
    const started = await api(base, 'POST', `/workflows/${workflowId}/run`, {});
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const run = await until(async () => {
      const r = await api(base, 'GET', `/workflow-runs/${started.body.runId}`);
      return ['queued', 'running'].includes(r.body.status) ? null : r.body;
    }, 'the branded workflow run', 240_000);
    assert.equal(run.status, 'completed', JSON.stringify(run));
    const runJobs = (await api(base, 'GET', `/renders?batchId=${started.body.runId}`)).body.jobs;
    assert.equal(runJobs.length, 1);
    assert.deepEqual(runJobs[0].brand, { brandId, version: 2 });

    // An AI render.
    const badAi = await api(base, 'POST', '/ai/render', { location: 'Lima', pm25: 31, narration: false, brandId: 'brd_nope', ...SMALL });
    assert.equal(badAi.status, 400, JSON.stringify(badAi.body));
    assert.deepEqual(badAi.body.errors.map((e: any) => e.field), ['brandId']);
    const ai = await api(base, 'POST', '/ai/render', { location: 'Lima', pm25: 31, narration: false, brandId: otherId, ...SMALL });
    assert.equal(ai.status, 202, JSON.stringify(ai.body));
    assert.deepEqual(ai.body.job.brand, { brandId: otherId, version: 1 });

    // Each draws its brand: the context render and the AI render, finished.
    const ctxDone = await waitForJob(base, ctxJob.body.jobId);
    assert.equal(ctxDone.status, 'completed', JSON.stringify(ctxDone.error));
    assert.ok(find(await pixelsOf(Buffer.from(await (await fetch(ctxDone.posterUrl)).arrayBuffer())), [255, 0, 255]).count >= 25, 'the logo on the context render');
    const aiDone = await waitForJob(base, ai.body.jobId);
    assert.equal(aiDone.status, 'completed', JSON.stringify(aiDone.error));
    const aiImg = await pixelsOf(Buffer.from(await (await fetch(aiDone.posterUrl)).arrayBuffer()));
    assert.ok(find(aiImg, [0x10, 0x2a, 0x12], 10).count > aiImg.width * aiImg.height * 0.05, "the other brand's background on the AI render");
    for (const j of armJobs) await waitForJob(base, j.jobId);

    // Deleting a brand a running experiment or a workflow names is refused, naming them.
    const refusedOther = await api(base, 'DELETE', `/brands/${otherId}`);
    assert.equal(refusedOther.status, 409, JSON.stringify(refusedOther.body));
    assert.deepEqual(refusedOther.body.users, [{ kind: 'experiment', id: experimentId }]);
  });

  test('deleting a brand that unfinished renders use is a 409 naming them; once they are done it goes', async () => {
    await api(base, 'POST', '/queue/pause');
    const job = await api(base, 'POST', '/render', { location: 'Quito', pm25: 12, brandId, ...SMALL });
    assert.equal(job.status, 202);
    const refused = await api(base, 'DELETE', `/brands/${brandId}`);
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'brand_in_use');
    assert.deepEqual(refused.body.users, [{ kind: 'render', id: job.body.jobId }, { kind: 'experiment', id: experimentId }, { kind: 'workflow', id: workflowId }]);
    for (const id of [job.body.jobId, experimentId, workflowId]) assert.match(refused.body.detail, new RegExp(id));
    await api(base, 'POST', `/queue/${job.body.jobId}/cancel`);
    await api(base, 'POST', '/queue/resume');
    // Once the experiment is concluded and the workflow moved to no brand, nothing uses it.
    assert.equal((await api(base, 'POST', `/variants/${experimentId}/conclude`, { arm: 'A' })).status, 200);
    const moved = await api(base, 'PATCH', `/workflows/${workflowId}`, { steps: [{ type: 'fetch', source: 'context' }, { type: 'render', brandId: null }] });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const stale = await api(base, 'DELETE', `/brands/${brandId}`, undefined, { 'if-match': '"v1"' });
    assert.equal(stale.status, 412);
    const gone = await api(base, 'DELETE', `/brands/${brandId}`, undefined, { 'if-match': '"v2"' });
    assert.equal(gone.status, 204);
    assert.equal((await api(base, 'GET', `/brands/${brandId}`)).status, 404);
    const after = await api(base, 'POST', '/render', { location: 'Quito', pm25: 12, brandId, ...SMALL });
    assert.equal(after.status, 400);
  });
});
