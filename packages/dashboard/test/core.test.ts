/**
 * The dashboard's own pages in Debian Chromium against a real service (SQLite
 * store, a real render worker at 360p): sign-in and the cookie session, a
 * render made from the form with live progress and a video that plays and
 * seeks, the gallery (search, filters, player, bulk retry), a CSV batch, a
 * bulletin upload corrected and rendered, CSRF, sign-out, and every page in
 * every language checked by axe-core, for overflow, and screenshotted.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { corpusSpecs, renderDoc } from '../../extract/corpus/generate.js';
import { layoutCorpus } from '../../extract/corpus/layouts.js';
import { renderDocument } from '../../extract/corpus/render.js';
import { seriousViolations, startDashboard, TEST_API_KEY, until, waitForJob, type Dashboard } from './helpers.js';

const SMALL = { resolution: '360p' } as const;

/** The page grew no horizontal scroll bar, and no element pokes out of the viewport. */
async function overflow(d: Dashboard): Promise<string[]> {
  return d.page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`page is ${document.documentElement.scrollWidth}px wide in a ${vw}px viewport`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *, header *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Scrollable tables and visually hidden text are meant to extend beyond.
      if (el.closest('.table-wrap, .sr-only, .sr-only-input, .file-input, .skip-link')) continue;
      if (r.right > vw + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)}px`);
    }
    return out.slice(0, 5);
  });
}

describe('dashboard: sign-in, renders, ingest (browser)', () => {
  let d: Dashboard;
  let formJobId = '';
  // A webhook receiver, so a render's detail page has deliveries to show.
  const received: unknown[] = [];
  const receiver = createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      received.push(req.headers['webhook-id']);
      res.end();
    });
  });
  let hookUrl = '';

  before(async () => {
    d = await startDashboard({ serviceEnv: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const hook = await d.api('POST', '/webhooks', { url: hookUrl, events: ['render.completed'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
  });
  after(async () => {
    receiver.close();
    await d?.stop();
  });

  test('sign-in: a wrong key is refused; a key becomes an HttpOnly SameSite=Strict cookie and the page keeps no key', async () => {
    await d.goto('/');
    await d.page.locator('#api-key').fill('aqk_not-a-real-key');
    await d.page.locator('form button[type=submit]').click();
    await d.page.getByRole('alert').filter({ hasText: /not valid/ }).waitFor();
    assert.equal(seriousViolations(await d.axe()), '');
    await d.screenshot('en-signin-refused');

    await d.signIn();
    const cookies = await d.context.cookies();
    const session = cookies.find((c) => c.name === 'aqcast_session');
    assert.ok(session, 'session cookie set');
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    assert.ok(session.expires > Date.now() / 1000, 'the cookie expires');
    const stored = await d.page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
    assert.ok(!stored.includes(TEST_API_KEY), `the key is not kept in the page: ${stored}`);
    assert.ok(!stored.includes(session.value), 'the session token is not readable by the page');
    // The master key is admin: every page is in the navigation, Keys included.
    const nav = d.page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Overview', 'Renders', 'New render', 'Ingest', 'Contexts', 'Webhooks', 'Workflows', 'Variants', 'Queue', 'Keys']) await nav.getByRole('link', { name, exact: true }).waitFor();
  });

  test('a scoped key sees only what its scopes allow (no Keys, no New render)', async () => {
    const key = await d.api('POST', '/keys', { name: 'viewer', scopes: ['renders:read', 'analytics:read'] });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    const ctx = await d.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-GB' });
    ctx.setDefaultTimeout(0); // the test runner's timeout bounds the test; a slow machine must not change the result
    const page = await ctx.newPage();
    await d.goto('/', page);
    await d.signIn(key.body.secret, page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Renders', exact: true }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Keys', exact: true }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'New render', exact: true }).count(), 0);
    await ctx.close();
  });

  test('new render from the form: progress updates live and the video plays and seeks', async () => {
    await d.goto('/new');
    await d.page.getByRole('radio', { name: 'Daily report' }).check();
    // Sent without a location: the field itself is marked, says why, and gets the focus (no banner far away).
    await d.page.getByRole('button', { name: 'Render', exact: true }).click();
    const locationBox = d.page.getByRole('textbox', { name: 'Location' });
    assert.equal(await locationBox.getAttribute('aria-invalid'), 'true');
    assert.equal(await d.page.locator('.field-invalid', { has: locationBox }).locator('.error').textContent(), 'Enter a location.');
    assert.equal(await locationBox.evaluate((el) => el === document.activeElement), true, 'the bad field has the focus');
    assert.equal(await d.page.locator('.banner-error').count(), 0);
    // Captions and the accessible package are linked from the job's URLs: nothing probes for a file that does not exist.
    const probes: string[] = [];
    d.page.on('request', (r) => void (/captions\.(vtt|srt)|transcript\.txt|audio\.m4a|description\.m4a/.test(r.url()) && probes.push(`${r.method()} ${r.url()}`)));
    await d.page.getByRole('textbox', { name: 'Location' }).fill('Valparaíso');
    await d.page.getByLabel('PM2.5 (µg/m³)').fill('55.5');
    await d.page.getByLabel('NO₂ (µg/m³)').fill('38');
    await d.page.getByLabel('Temperature (°C)').fill('14');
    await d.page.getByLabel('Resolution').selectOption('360p');
    await d.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    // Record every status the page shows, to see the render move without a reload.
    await d.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const b = document.querySelector('.detail-sub .badge')?.textContent;
        if (b && seen[seen.length - 1] !== b) seen.push(b);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await d.page.getByRole('button', { name: 'Render', exact: true }).click();
    await d.page.waitForURL(/\/dashboard\/renders\/job_/);
    formJobId = decodeURIComponent(d.page.url().split('/renders/')[1]!);
    await d.page.locator('.detail-sub .badge', { hasText: 'Completed' }).waitFor({ timeout: 90_000 });
    const { marker, seen } = await d.page.evaluate(() => ({ marker: (window as unknown as { marker: number }).marker, seen: (window as unknown as { seen: string[] }).seen }));
    assert.equal(marker, 42, 'no page reload happened');
    assert.ok(seen.length >= 2 && seen[0] !== 'Completed', `status changed live: ${seen.join(' → ')}`);
    // The timeline says each step once, though the page saw the end live and the job records it too.
    const timeline = d.page.locator('ol.timeline');
    assert.equal(await timeline.locator('li', { hasText: 'Completed' }).count(), 1, await timeline.innerText());
    assert.equal(await timeline.locator('li', { hasText: 'Rendering' }).count(), 1, await timeline.innerText());
    // Parameters name the AQI standard and the template as the form did, not by their ids.
    const params = d.page.locator('section', { has: d.page.getByRole('heading', { name: 'Parameters' }) });
    await params.getByText('US EPA AQI (2024)').waitFor();
    await params.getByText('Daily report').waitFor();
    assert.equal(await params.getByText('us-epa', { exact: true }).count(), 0);
    assert.equal(await d.page.locator('video.player track').count(), 0, 'a plain render has no captions track');
    assert.deepEqual(probes, [], 'no request for a captions or package file');
    // The render.completed event went to the receiver, and the page lists that delivery.
    const deliveries = d.page.locator('section', { has: d.page.getByRole('heading', { name: 'Webhook deliveries' }) });
    await deliveries.getByText(hookUrl).waitFor();
    await deliveries.getByText('render.completed').waitFor();
    const job = (await d.api('GET', `/render/${formJobId}`)).body;
    assert.equal(job.params.location, 'Valparaíso');
    assert.equal(job.params.pm25, 55.5);
    assert.equal(job.params.resolution, '360p');

    const video = d.page.locator('video.player');
    await video.waitFor();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      // (No named functions in here: the test runner's transform would wrap them in a helper the page lacks.)
      const deadline = Date.now() + 15_000;
      while (v.currentTime <= 0.3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      v.pause();
      await new Promise<void>((r) => {
        v.addEventListener('seeked', () => r(), { once: true });
        v.currentTime = 10;
      });
      return { at: v.currentTime, duration: v.duration, width: v.videoWidth };
    });
    assert.ok(played.duration > 9, `duration ${played.duration}`);
    assert.ok(Math.abs(played.at - 10) < 0.5, `seeked to ${played.at}`);
    assert.equal(played.width, 640);

    // The storyboard under the player: one thumbnail per second, each cut from the sprite; one plays the video from its second.
    const strip = d.page.getByRole('navigation', { name: 'Storyboard: one frame per second' });
    await strip.waitFor();
    const thumbs = strip.getByRole('button');
    assert.equal(await thumbs.count(), Math.ceil(job.output.durationSec));
    const seventh = strip.getByRole('button', { name: 'Play from 0:07' });
    const style = await seventh.evaluate((b: HTMLElement) => ({ image: b.style.backgroundImage, position: b.style.backgroundPosition, width: b.getBoundingClientRect().width }));
    assert.ok(style.image.includes(new URL(job.storyboardUrl).pathname), style.image);
    assert.equal(style.position, '-672px 0px', 'the eighth thumbnail of the first row, scaled to the strip');
    // Where the click seeks to is recorded as it happens: on a loaded machine the video can play on past 0:08 before the test looks.
    await video.evaluate((v: HTMLVideoElement) => {
      v.dataset.seekedTo = '';
      v.addEventListener('seeked', () => {
        if (v.dataset.seekedTo === '') v.dataset.seekedTo = String(v.currentTime);
      });
    });
    await seventh.click();
    await until(() => video.evaluate((v: HTMLVideoElement) => v.dataset.seekedTo !== '' && !v.paused), 'the video playing after the click');
    const seekedTo = Number(await video.evaluate((v: HTMLVideoElement) => v.dataset.seekedTo));
    assert.ok(Math.abs(seekedTo - 7) < 0.5, `the click plays from 0:07 (seeked to ${seekedTo})`);
    // Paused, the strip marks the second the video shows.
    const pausedAt = await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      return v.currentTime;
    });
    const shown = `Play from 0:${String(Math.floor(pausedAt)).padStart(2, '0')}`;
    await until(async () => (await strip.locator('[aria-current="true"]').getAttribute('aria-label')) === shown, `the strip marks ${shown}`);
    await d.page.getByRole('link', { name: 'Storyboard (JPEG)' }).waitFor();
  });

  test('a render with captions links them and plays them as a track', async () => {
    const ai = await d.api('POST', '/ai/render', { location: 'Temuco', pm25: 40, language: 'es', narration: false, ...SMALL });
    assert.equal(ai.status, 202, JSON.stringify(ai.body));
    await waitForJob(d.base, ai.body.jobId);
    const heads: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => void (r.method() === 'HEAD' && heads.push(r.url()));
    d.page.on('request', onRequest);
    await d.goto(`/renders/${ai.body.jobId}`);
    const link = d.page.getByRole('link', { name: 'Captions (WebVTT)' });
    await link.waitFor();
    assert.equal(new URL((await link.getAttribute('href'))!, d.base).pathname, new URL(ai.body.captionsUrl, d.base).pathname);
    assert.equal(await d.page.locator('video.player track[kind=captions]').count(), 1);
    // The rest of the package as the job names it: SubRip and transcript; no voice, so no audio links.
    const href = async (name: string) => new URL((await d.page.getByRole('link', { name, exact: true }).getAttribute('href'))!, d.base).pathname;
    assert.equal(await href('Captions (SRT)'), new URL(ai.body.accessibility.captionsSrt, d.base).pathname);
    assert.equal(await href('Transcript'), new URL(ai.body.accessibility.transcript, d.base).pathname);
    assert.equal(await d.page.getByRole('link', { name: 'Audio only' }).count(), 0);
    assert.equal(await d.page.getByRole('link', { name: 'Audio description' }).count(), 0);
    d.page.off('request', onRequest);
    assert.deepEqual(heads, [], 'the page asks for no file it was not given');
  });

  test('renders gallery: search, filters, the inline player, and bulk retry of failed renders', async () => {
    const lima = await d.api('POST', '/render', { location: 'Lima', pm25: 31, template: 'social-clip', format: 'square', language: 'es', ...SMALL });
    await waitForJob(d.base, lima.body.jobId);
    // Two renders that failed for good (the service under test renders fine, so they are marked failed in the store).
    const broken: string[] = [];
    for (const location of ['Quito', 'Cusco']) {
      const r = await d.api('POST', '/queue', { location, ...SMALL, runAt: new Date(Date.now() + 3_600_000).toISOString() });
      broken.push(r.body.jobId);
    }
    await d.service.store.db.updateTable('jobs').set({ status: 'failed', error_code: 'ffmpeg_failed', error_message: 'ffmpeg exited with code 1', attempts: 3, completed_at: new Date().toISOString(), updated_at: new Date().toISOString() }).where('id', 'in', broken).execute();

    await d.goto('/renders');
    await d.page.locator('.render-card').first().waitFor();
    await d.page.getByRole('searchbox', { name: 'Location' }).fill('lima');
    await d.page.getByRole('button', { name: 'Search' }).click();
    await until(async () => (await d.page.locator('.render-card').count()) === 1, 'search by location');
    await d.page.locator('.render-card', { hasText: 'Lima' }).waitFor();
    await d.page.getByRole('button', { name: 'Play the Lima video' }).click();
    const dialog = d.page.getByRole('dialog', { name: 'Lima' });
    await dialog.locator('video').waitFor();
    assert.match((await dialog.locator('video').getAttribute('src')) ?? '', /\/files\/.+\/video\.mp4$/);
    await d.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await d.page.getByRole('button', { name: 'Clear filters' }).click();
    await d.page.getByLabel('Status').selectOption('failed');
    await until(async () => (await d.page.locator('.render-card').count()) === 2, 'filter by status');
    await d.page.locator('.render-card .badge', { hasText: 'Failed' }).first().waitFor();
    await d.screenshot('en-renders-failed');
    await d.page.getByRole('button', { name: 'Retry all failed' }).click();
    await d.page.getByRole('button', { name: 'Retry 2' }).click();
    await d.page.getByText('2 of 2 queued again (0 refused)').first().waitFor();
    for (const id of broken) assert.notEqual((await d.api('GET', `/render/${id}`)).body.status, 'failed');
    // The failed filter empties live as the retried jobs change.
    await until(async () => (await d.page.locator('.render-card').count()) === 0, 'retried jobs leave the failed filter');
    await d.page.keyboard.press('Escape');
  });

  test('batch from a CSV file: parsed in the page, queued with POST /batch', async () => {
    await d.goto('/new');
    const csv = 'location;pm25;no2;temperatura;language;format;resolution\nArica;12,5;8;19;es;square;360p\n"Iquique, Tarapacá";22;11;18;pt;portrait;360p\n';
    await d.page.locator('#csv-file').setInputFiles({ name: 'cities.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await d.page.getByRole('cell', { name: 'Iquique, Tarapacá' }).waitFor();
    await d.page.getByRole('button', { name: 'Queue 2 renders' }).click();
    await d.page.waitForURL(/renders\?batchId=/);
    const batchId = new URL(d.page.url()).searchParams.get('batchId')!;
    await until(async () => (await d.page.locator('.render-card').count()) === 2, 'the batch in the gallery');
    const page = (await d.api('GET', `/renders?batchId=${batchId}`)).body;
    const arica = page.jobs.find((j: any) => j.params.location === 'Arica');
    assert.equal(arica.params.pm25, 12.5);
    assert.equal(arica.params.format, 'square');
  });

  test('places of a ranking: pasted from a spreadsheet into the table, a bad cell marked where it is, edited, rendered', async () => {
    await d.goto('/new');
    await d.page.locator('.tpl-name', { hasText: /^Ranking$/ }).click();
    await d.page.getByRole('radio', { name: 'Ranking', checked: true }).waitFor();
    await d.page.getByRole('heading', { name: 'Places' }).waitFor();
    await d.page.getByRole('textbox', { name: 'Location' }).fill('Región Metropolitana');
    await d.page.getByLabel('Resolution').selectOption('360p');
    await d.page.getByText('Paste CSV or spreadsheet cells').click();
    // Cells copied from a spreadsheet: tab-separated, Spanish headers, decimal commas.
    const pasted = 'Estación\tLatitud\tLongitud\tMP2,5 (µg/m³)\tNO₂\nPudahuel\t-33,44\t-70,75\t61,5\t40\nLas Condes\t-33,38\t-70,52\tx\t18\nPuente Alto\t-33,59\t-70,58\t48\t\n';
    await d.page.getByRole('textbox', { name: 'Paste CSV or spreadsheet cells' }).fill(pasted);
    await d.page.getByRole('button', { name: 'Fill the table' }).click();
    await d.page.getByText('3 rows read.').waitFor();
    assert.equal(await d.page.getByRole('textbox', { name: 'Name 2' }).inputValue(), 'Las Condes');
    assert.equal(await d.page.getByRole('textbox', { name: 'Latitude 1' }).inputValue(), '-33,44');
    // The cell that is not a number is marked, and the form is not sent.
    await d.page.getByRole('button', { name: 'Render', exact: true }).click();
    const bad = d.page.getByRole('textbox', { name: 'PM2.5 2' });
    await until(async () => (await bad.getAttribute('aria-invalid')) === 'true', 'the bad cell marked');
    await bad.fill('25');
    await d.page.getByRole('button', { name: 'Add a row' }).click();
    await d.page.getByRole('textbox', { name: 'Name 4' }).fill('Talagante');
    await d.page.getByRole('textbox', { name: 'PM10 4' }).fill('70');
    await d.page.getByRole('button', { name: 'Render', exact: true }).click();
    await d.page.waitForURL(/\/renders\/job_/);
    const jobId = decodeURIComponent(new URL(d.page.url()).pathname.split('/').pop()!);
    const job = (await d.api('GET', `/render/${jobId}`)).body;
    assert.equal(job.params.template, 'ranking');
    assert.deepEqual(job.params.places, [
      { name: 'Pudahuel', lat: -33.44, lon: -70.75, pm25: 61.5, no2: 40 },
      { name: 'Las Condes', lat: -33.38, lon: -70.52, pm25: 25, no2: 18 },
      { name: 'Puente Alto', lat: -33.59, lon: -70.58, pm25: 48 },
      { name: 'Talagante', pm10: 70 },
    ]);
  });

  test('several formats and languages at once: one render each, queued as a batch', async () => {
    await d.goto('/new');
    await d.page.getByRole('textbox', { name: 'Location' }).fill('Antofagasta');
    await d.page.getByLabel('PM10 (µg/m³)').fill('88');
    await d.page.getByRole('checkbox', { name: 'Portrait' }).check();
    await d.page.getByRole('checkbox', { name: 'Spanish' }).check();
    await d.page.getByLabel('Resolution').selectOption('360p');
    await d.page.getByRole('button', { name: 'Render 4 videos' }).click();
    await d.page.waitForURL(/renders\?batchId=/);
    const batchId = new URL(d.page.url()).searchParams.get('batchId')!;
    const jobs = (await d.api('GET', `/renders?batchId=${batchId}`)).body.jobs as any[];
    assert.deepEqual(jobs.map((j) => `${j.params.format}/${j.params.language}`).sort(), ['landscape/en', 'landscape/es', 'portrait/en', 'portrait/es']);
    assert.ok(jobs.every((j) => j.params.pm10 === 88 && j.params.location === 'Antofagasta'));
  });

  test('ingest: drop a bulletin, see values with confidence and source text, correct one, and render', async () => {
    const found = corpusSpecs().find((x) => x.medium === 'pdf-text' && x.layout === 'labels')!;
    // An index line the reader does not take as a concentration: listed under "Not read".
    const doc = { ...found, blocks: [...found.blocks, { kind: 'text' as const, text: 'AQI PM2.5: 130' }] };
    const { bytes, filename } = await renderDoc(doc);
    await d.goto('/ingest');
    // Dropped on the drop zone, as a person drags it from the desktop (CSV below goes through the file input).
    const transfer = await d.page.evaluateHandle(
      ([b64, name]) => {
        const bin = atob(b64!);
        const buf = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) buf[i] = bin.charCodeAt(i);
        const dt = new DataTransfer();
        dt.items.add(new File([buf], name!, { type: 'application/pdf' }));
        return dt;
      },
      [Buffer.from(bytes).toString('base64'), filename],
    );
    await d.page.dispatchEvent('.dropzone-big', 'dragover', { dataTransfer: transfer });
    await d.page.dispatchEvent('.dropzone-big', 'drop', { dataTransfer: transfer });
    const pm25 = d.page.locator('#fx-pm25');
    await pm25.waitFor({ timeout: 60_000 });
    assert.equal(Number(await pm25.inputValue()), doc.expected.pm25);
    assert.equal(await d.page.locator('#fx-location').inputValue(), doc.expected.location);
    const row = d.page.locator('tr', { has: pm25 });
    assert.match((await row.locator('.source-text').textContent()) ?? '', /\d/, 'the source text of the value is shown');
    assert.match((await row.locator('.confidence').textContent()) ?? '', /%/);
    const notRead = d.page.locator('section.skipped');
    assert.match((await notRead.locator('h3').textContent()) ?? '', /Not read \(1\)/);
    assert.match((await notRead.locator('li').textContent()) ?? '', /AQI PM2\.5: 130.*an index value/);
    await d.screenshot('en-ingest-read');
    assert.equal(seriousViolations(await d.axe()), '');
    await d.page.setViewportSize({ width: 390, height: 844 });
    try {
      assert.equal(seriousViolations(await d.axe()), '');
      assert.deepEqual(await overflow(d), []);
      await d.screenshot('en-390-ingest-read');
    } finally {
      await d.page.setViewportSize({ width: 1280, height: 860 });
    }

    await pm25.fill('66.6');
    await d.page.getByLabel('Resolution').selectOption('360p');
    await d.page.getByRole('button', { name: 'Save corrections and render' }).click();
    await d.page.locator('#result-h').waitFor();
    await d.page.locator('.card', { has: d.page.locator('#result-h') }).locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 90_000 });
    const link = await d.page.getByRole('link', { name: 'Open the render' }).getAttribute('href');
    const job = (await d.api('GET', `/render/${decodeURIComponent(link!.split('/renders/')[1]!)}`)).body;
    assert.equal(job.params.pm25, 66.6, 'the corrected value was rendered');
    assert.ok(job.contextId, 'rendered from the stored context');
    const ctx = (await d.api('GET', `/contexts/${job.contextId}`)).body;
    assert.equal(ctx.pm25, 66.6);
    assert.equal(ctx.fields.pm25.edited, true);
  });

  test('ingest: a bulletin of a band-only index shows its categories, each with its source line', async () => {
    const doc = layoutCorpus('dev').find((x) => x.family === 'sedema-aire-salud' && x.medium === 'pdf-text')!;
    const { bytes } = await renderDocument(doc, 0);
    await d.goto('/ingest');
    await d.page.locator('input[type=file]').setInputFiles({ name: 'aire-y-salud.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
    const heading = d.page.locator('#index-h');
    await heading.waitFor({ timeout: 60_000 });
    assert.equal(await heading.textContent(), 'Index categories: Índice AIRE Y SALUD, overall muy mala');
    const items = await d.page.locator('section[aria-labelledby=index-h] li').allTextContents();
    assert.ok(items.some((t) => /O₃|O3/.test(t) && t.includes('muy mala') && t.includes('Suroeste')), JSON.stringify(items));
    assert.ok(!items.some((t) => /null|undefined/.test(t)), JSON.stringify(items));
    await d.screenshot('en-ingest-categories');
    assert.equal(seriousViolations(await d.axe()), '');
    // An index video: the templates of one place, in the index's own standard.
    const offered = await d.page.locator('input[name=template]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    assert.deepEqual(offered.sort(), ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief']);
    assert.deepEqual(await d.page.locator('select[name=aqiStandard] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value)), ['mx']);
    await d.page.getByLabel('Resolution').selectOption('360p');
    await d.page.getByRole('button', { name: 'Render', exact: true }).click();
    await d.page.locator('.card', { has: d.page.locator('#result-h') }).locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 90_000 });
    const link = await d.page.getByRole('link', { name: 'Open the render' }).getAttribute('href');
    const job = (await d.api('GET', `/render/${decodeURIComponent(link!.split('/renders/')[1]!)}`)).body;
    assert.deepEqual([job.params.aqiStandard, job.params.index?.category], ['mx', 'muy_mala']);
    // The stored context shows the same categories, and renders with the same choices.
    await d.goto(`/contexts/${job.contextId}`);
    const values = d.page.getByRole('region', { name: /^Values$/ });
    await values.getByText('Index categories: Índice AIRE Y SALUD, overall muy mala').waitFor();
    assert.match((await values.textContent()) ?? '', /muy mala.*Suroeste Muy mala Muy alto Ozono/);
    const render = d.page.getByRole('region', { name: /^Render/ });
    const choices = await render.getByLabel('Template').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    assert.deepEqual(choices.filter(Boolean).sort(), ['daily-report', 'pollution-alert', 'social-clip', 'weather-brief']);
    await d.screenshot('en-context-categories');
  });

  test('keyboard: skip link, navigation, the template picker and a dialog work without a mouse', async () => {
    // Focus moves in effects after a render: wait for it (up to 5 s) rather than read it once.
    const focusReaches = async (what: string, want: { text?: string; id?: string; tag?: string }) => {
      const reached = await d.page
        .waitForFunction((w) => {
          const el = document.activeElement;
          return !!el && (w.text === undefined || el.textContent === w.text) && (w.id === undefined || el.id === w.id) && (w.tag === undefined || el.tagName === w.tag);
        }, want, { timeout: 5_000 })
        .then(() => true, () => false);
      assert.ok(reached, `${what}: focus is on ${await d.page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
    };
    await d.goto('/renders');
    await d.page.locator('main h1').waitFor();
    await d.page.keyboard.press('Tab');
    await focusReaches('the first Tab', { text: 'Skip to content' });
    await d.page.keyboard.press('Enter');
    await focusReaches('the skip link', { id: 'main' });
    // Tab from the top of the page to the "New render" link of the navigation, and follow it.
    await d.page.locator('.brand').focus();
    for (let i = 0; i < 20 && (await d.page.evaluate(() => document.activeElement?.textContent)) !== 'New render'; i++) await d.page.keyboard.press('Tab');
    await d.page.keyboard.press('Enter');
    await d.page.waitForURL(/\/dashboard\/new$/);
    await d.page.locator('h1', { hasText: 'New render' }).waitFor();
    await focusReaches('focus moves to the new page heading', { tag: 'H1' });
    const first = d.page.getByRole('radio', { name: 'Daily report' });
    await first.focus();
    await d.page.keyboard.press('ArrowRight');
    const moved = await d.page.getByRole('radio', { name: 'Pollution alert', checked: true }).waitFor({ timeout: 5_000 }).then(() => true, () => false);
    assert.ok(moved, 'arrow keys move through the templates');
    // The bulk-retry dialog opens from the keyboard, holds the focus, and Escape closes it.
    await d.goto('/renders');
    await d.page.getByRole('button', { name: 'Retry all failed' }).focus();
    await d.page.keyboard.press('Enter');
    const dialog = d.page.getByRole('dialog', { name: 'Retry all failed' });
    await dialog.getByText(/no failed renders|failed render/).waitFor();
    const inside = await d.page.waitForFunction(() => !!document.querySelector('dialog[open]')?.contains(document.activeElement), undefined, { timeout: 5_000 }).then(() => true, () => false);
    assert.ok(inside, `focus is inside the dialog, not on ${await d.page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
    await d.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('CSRF: a mutating call with the cookie but without the token is refused', async () => {
    const r = await d.page.evaluate(async () => {
      const body = JSON.stringify({ location: 'Forged' });
      const without = await fetch('/render', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body });
      const wrong = await fetch('/render', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf-token': 'forged-token-forged-token-forged-' }, body });
      return { without: without.status, code: ((await without.json()) as { code: string }).code, wrong: wrong.status };
    });
    assert.deepEqual(r, { without: 403, code: 'csrf_failed', wrong: 403 });
    assert.equal((await d.api('GET', '/renders?location=Forged')).body.jobs.length, 0, 'nothing was created');
  });

  test('every page in every language: no serious accessibility violations, nothing overflows (1280 and 390 px)', async () => {
    const pages: Array<[string, string]> = [
      ['overview', '/'],
      ['renders', '/renders'],
      ['render-detail', `/renders/${formJobId}`],
      ['new-render', '/new'],
      ['rerender', `/new?from=${formJobId}`],
      ['ingest', '/ingest'],
    ];
    const problems: string[] = [];
    for (const lang of ['en', 'es', 'pt'] as const) {
      await d.setLanguage(lang);
      for (const width of [1280, 390]) {
        await d.page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
        for (const [name, path] of pages) {
          await d.goto(path);
          await d.page.locator('main h1').waitFor();
          await d.page.waitForLoadState('networkidle');
          await d.page.locator('.loading').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
          const v = seriousViolations(await d.axe());
          if (v) problems.push(`${lang} ${width} ${name}: ${v}`);
          for (const o of await overflow(d)) problems.push(`${lang} ${width} ${name}: ${o}`);
          await d.screenshot(`${lang}-${width}-${name}`);
        }
      }
    }
    await d.page.setViewportSize({ width: 1280, height: 860 });
    await d.setLanguage('en');
    assert.deepEqual(problems, []);
  });

  test('sign out: the session ends, the old cookie is refused, the sign-in form is back', async () => {
    await d.goto('/renders');
    const cookie = (await d.context.cookies()).find((c) => c.name === 'aqcast_session')!;
    await d.page.getByRole('button', { name: 'Sign out' }).click();
    await d.page.locator('#api-key').waitFor();
    await d.page.getByText('You have signed out.').waitFor();
    const refused = await fetch(`${d.base}/renders`, { headers: { cookie: `aqcast_session=${cookie.value}` } });
    assert.equal(refused.status, 401);
    assert.equal(await d.page.evaluate(async () => (await fetch('/renders', { credentials: 'same-origin' })).status), 401);
    await d.goto('/renders');
    await d.page.locator('#api-key').waitFor();
    // The sign-in page in every language, at both widths.
    for (const lang of ['es', 'pt', 'en'] as const) {
      await d.setLanguage(lang);
      for (const width of [1280, 390]) {
        await d.page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
        assert.equal(seriousViolations(await d.axe()), '', `${lang} ${width}`);
        assert.deepEqual(await overflow(d), [], `${lang} ${width}`);
        await d.screenshot(`${lang}-${width}-signin`);
      }
    }
    await d.page.setViewportSize({ width: 1280, height: 860 });
    assert.deepEqual(d.problems(), []);
  });
});
