/**
 * The Contexts, Webhooks, Workflows, Variants, Queue and Keys pages in a real
 * browser against a real service (SQLite, one render worker): register a
 * webhook and see its secret once, send a test and see the delivery arrive at a
 * local receiver and in the log; edit a context through a stale-version
 * conflict; build a workflow with the form and run it; create and conclude an
 * A/B test; pause and resume the queue and cancel/retry a job; create a scoped
 * key and see the keys page refuse it. Every page passes axe-core with no
 * serious or critical violation and is photographed in es, en and pt under
 * /tmp/dash-shots (or $DASH_SHOTS).
 */
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { messagesPages } from '../src/i18n/messages-pages.js';
import { overflow, seriousViolations, settled, startDashboard, TEST_API_KEY, until, type Dashboard } from './helpers.js';

const SHOTS = process.env.DASH_SHOTS ?? '/tmp/dash-shots';
const LANGS = ['es', 'en', 'pt'] as const;
const PAGES = ['contexts', 'webhooks', 'workflows', 'variants', 'queue', 'keys'].map((p) => new URL(`../src/pages/${p}.tsx`, import.meta.url));

test('messages: every key of these pages exists in es, en and pt, and every key the pages use is defined', () => {
  const en = Object.keys(messagesPages.en).sort();
  assert.deepEqual(Object.keys(messagesPages.es).sort(), en, 'es has the same keys as en');
  assert.deepEqual(Object.keys(messagesPages.pt).sort(), en, 'pt has the same keys as en');
  for (const lang of LANGS) for (const [k, v] of Object.entries(messagesPages[lang])) assert.ok(v.trim(), `${lang} ${k} is empty`);
  const core = readFileSync(new URL('../src/i18n/messages-core.ts', import.meta.url), 'utf8');
  const known = new Set([...en, ...[...core.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!)]);
  for (const file of PAGES) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?<![\w.])t\('([\w.-]+)'/g)) assert.ok(known.has(m[1]!), `${file.pathname.split('/').pop()}: t('${m[1]}') has no message`);
  }
});

/** A local webhook receiver that records every request and answers 200. */
async function receiver(): Promise<{ url: string; got: Array<{ headers: IncomingHttpHeaders; body: any }>; close(): Promise<void> }> {
  const got: Array<{ headers: IncomingHttpHeaders; body: any }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, close: () => new Promise((r) => server.close(() => r())) };
}

/** A one-page text PDF bulletin, as an agency would publish it. */
async function bulletinPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const pg = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((text, i) => pg.drawText(text, { x: 50, y: 780 - i * 24, size: 14, font }));
  return Buffer.from(await pdf.save());
}

describe('dashboard pages: contexts, webhooks, workflows, variants, queue, keys', () => {
  let d: Dashboard;
  let page: Page;
  let rx: Awaited<ReturnType<typeof receiver>>;
  const ids: Record<string, string> = {};
  let scopedKey = '';

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    rx = await receiver();
    // Loopback receivers are refused by the SSRF guard unless the service opens them.
    d = await startDashboard({ serviceEnv: { OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_DELAYS: '0.5', WORKFLOW_POLL_MS: '200' } });
    page = d.page;
    await d.goto('/');
    await d.signIn();
  });
  after(async () => {
    await d?.stop();
    await rx?.close();
  });

  /**
   * In each language at 1280 px, then in Portuguese (the longest words) at 390 px: axe-core on the
   * current page (a serious or critical violation fails), nothing overflowing, and a full-page screenshot.
   */
  async function checkAndShoot(name: string, p: Page = page): Promise<void> {
    // Toasts float over the content: dismiss them so the pictures show the page itself.
    await p.evaluate(() => document.querySelectorAll<HTMLButtonElement>('.toast button').forEach((b) => b.click()));
    const problems: string[] = [];
    const check = async (shot: string) => {
      await settled(p);
      const a11y = seriousViolations(await d.axe(p));
      if (a11y) problems.push(`axe on ${shot}:\n${a11y}`);
      for (const o of await overflow(p)) problems.push(`overflow on ${shot}: ${o}`);
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
    };
    try {
      for (const lang of LANGS) {
        await d.setLanguage(lang, p);
        await check(`${name}-${lang}`);
      }
      await p.setViewportSize({ width: 390, height: 844 });
      await check(`${name}-390-pt`);
    } finally {
      await p.setViewportSize({ width: 1280, height: 860 });
      await d.setLanguage('en', p);
    }
    assert.deepEqual(problems, []);
  }

  test('webhooks: register, the secret once, refused URL named, send a test, the delivery in the log', async () => {
    await d.goto('/webhooks');
    await settled(page);
    await page.getByRole('button', { name: 'Register webhook' }).click();
    const form = page.locator('form', { has: page.getByLabel('Receiver URL') });
    // The events offered are exactly the types the service's modules declare (read from GET /webhooks/events).
    await form.locator('fieldset label code').first().waitFor();
    const offered = await form.locator('fieldset label code').allTextContents();
    assert.deepEqual(offered, d.service.services.webhooks.subscribable());

    // A private address is refused by the service: the banner names the field.
    await page.getByLabel('Receiver URL').fill('http://10.1.2.3/hook');
    await form.getByRole('button', { name: 'Register webhook' }).click();
    await form.locator('.banner-error').getByText('url', { exact: true }).waitFor();
    assert.equal(await page.getByLabel('Receiver URL').getAttribute('aria-invalid'), 'true');

    await page.getByLabel('Receiver URL').fill(rx.url);
    await form.getByRole('checkbox', { name: /workflow\.run\.completed/ }).check();
    await form.getByRole('checkbox', { name: /workflow\.run\.failed/ }).check();
    await form.getByRole('button', { name: 'Register webhook' }).click();
    const secret = (await page.locator('.secret').textContent())!.trim();
    assert.match(secret, /^whsec_/);
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await checkAndShoot('webhooks-secret');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.locator('.secret').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText(rx.url).first().waitFor();
    assert.ok(!(await page.content()).includes(secret), 'the secret is never shown again');

    await page.getByRole('button', { name: `Send test to ${rx.url}` }).click();
    const log = page.locator('#wh-log');
    const row = log.locator('tbody tr', { hasText: 'webhook.test' });
    await row.waitFor();
    await row.getByText('Succeeded').waitFor();
    assert.match((await row.textContent())!, /\b200\b/);
    assert.ok(rx.got.some((g) => g.body.type === 'webhook.test' && g.headers['webhook-signature']), 'the receiver got the signed test event');
    ids.webhook = (await d.api('GET', '/webhooks')).body.webhooks[0].id;
    await checkAndShoot('webhooks');
    await page.getByRole('button', { name: 'Register webhook' }).click();
    await checkAndShoot('webhooks-register');
  });

  test('contexts: filter, values, an edit refused as stale (412) and kept, tags, history, render, delete', async () => {
    const made = await d.api('POST', '/contexts', { location: 'Quito', date: '2026-11-20', pm25: 12, no2: 20, temperatura: 14.5, tags: ['weekly'] });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    ids.context = made.body.contextId;
    const pdf = await bulletinPdf(['Boletin de calidad del aire', 'Santiago, 12 de marzo de 2026', 'MP 2,5: 41 ug/m3', 'NO2: 38 ug/m3']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'boletin-santiago.pdf');
    const uploaded = await fetch(`${d.base}/ingest/upload`, { method: 'POST', headers: { 'x-api-key': TEST_API_KEY }, body: form });
    assert.equal(uploaded.status, 201);
    const fromPdf = ((await uploaded.json()) as { contextId: string }).contextId;
    // Values entered by hand through the dialog.
    await d.goto('/contexts');
    await settled(page);
    await page.getByRole('button', { name: 'New context' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByLabel('Location').fill('Cuenca');
    await dialog.getByLabel('PM2.5 (µg/m³)').fill('8');
    await dialog.getByLabel('Add tags').fill('andes');
    await dialog.getByRole('button', { name: 'Store context' }).click();
    await page.locator('h1', { hasText: 'Cuenca' }).waitFor();
    const doomed = page.url().split('/').pop()!;
    const cuenca = (await d.api('GET', `/contexts/${doomed}`)).body;
    assert.deepEqual([cuenca.location, cuenca.pm25, cuenca.tags, cuenca.source.kind], ['Cuenca', 8, ['andes'], 'manual']);

    await d.goto('/contexts');
    await settled(page);
    await page.getByLabel('Search').fill('quito');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/q=quito/);
    // Quito was listed before the filter too: wait for the filtered list itself, where Cuenca is gone.
    await page.getByRole('link', { name: 'Cuenca' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Quito' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Cuenca' }).count(), 0);
    await page.getByLabel('Source').selectOption('upload');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No context matches these filters.').waitFor();
    await page.getByLabel('Search').fill('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('link', { name: 'Santiago' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Quito' }).count(), 0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('link', { name: 'Cuenca' }).waitFor();
    await checkAndShoot('contexts');

    // A context read from a bulletin: each value with its source text, and the original document.
    await page.getByRole('link', { name: 'Santiago' }).click();
    await settled(page);
    const read = page.getByRole('region', { name: /^Values$/ });
    await read.locator('tr', { hasText: 'PM2.5' }).getByText('MP 2,5: 41 ug/m3').waitFor();
    const original = page.getByRole('link', { name: 'Download original' });
    assert.equal(await original.getAttribute('href'), `/contexts/${fromPdf}/source`);
    const file = await page.request.get(`${d.base}/contexts/${fromPdf}/source`);
    assert.equal(file.status(), 200, 'the session cookie opens the original');
    assert.equal(file.headers()['content-type'], 'application/pdf');
    assert.ok(Buffer.from(await file.body()).equals(pdf), 'the original bytes');
    await checkAndShoot('context-bulletin');

    await d.goto(`/contexts/${ids.context}`);
    await settled(page);
    const values = page.getByRole('region', { name: /^Values$/ });
    await values.locator('tr', { hasText: 'PM2.5' }).getByText('µg/m³').waitFor();

    // Someone else edits NO₂ while this page holds version 1.
    await page.getByLabel('PM2.5 (µg/m³)').fill('15');
    const other = await d.api('PATCH', `/contexts/${ids.context}`, { no2: 25 }, { 'if-match': '"v1"' });
    assert.equal(other.status, 200);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.locator('.banner-error', { hasText: 'This context was changed by someone else' });
    await conflict.waitFor();
    await page.getByText('Now: 25').waitFor();
    assert.equal((await d.api('GET', `/contexts/${ids.context}`)).body.pm25, 12, 'nothing was saved');
    await checkAndShoot('context-conflict');
    await page.getByRole('button', { name: 'Keep my changes on top of version 2' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved as version 3.').waitFor();
    const saved = (await d.api('GET', `/contexts/${ids.context}`)).body;
    assert.equal(saved.pm25, 15);
    assert.equal(saved.no2, 25, 'the other edit is kept');
    const history = page.getByRole('region', { name: 'Edit history' });
    await history.locator('tbody tr').nth(1).waitFor();

    await page.getByLabel('Add tags').fill('andes, Morning');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Remove tag weekly' }).click();
    await until(async () => {
      const tags = (await d.api('GET', `/contexts/${ids.context}`)).body.tags as string[];
      return tags.join() === 'andes,morning';
    }, 'tags andes, morning');

    const renderCard = page.getByRole('region', { name: 'Render a video from this context' });
    await renderCard.getByLabel('Resolution').selectOption('360p');
    await renderCard.getByLabel('Format').selectOption('square');
    await renderCard.getByRole('button', { name: 'Queue render' }).click();
    await renderCard.getByRole('link', { name: /^job_/ }).waitFor();
    const renders = page.getByRole('region', { name: /^Renders from this context/ });
    await renders.locator('tbody tr').first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'Download original' }).count(), 0, 'a context entered by hand has no original');
    await checkAndShoot('context-detail');

    await d.goto(`/contexts/${doomed}`);
    await settled(page);
    await page.getByRole('button', { name: 'Delete context' }).click();
    await page.locator('dialog').getByRole('button', { name: 'Delete context' }).click();
    await page.waitForURL(/\/dashboard\/contexts$/);
    assert.equal((await d.api('GET', `/contexts/${doomed}`)).status, 404);
  });

  test('workflows: build one with the form (cron helper, context source), run it, see the run and its job', async () => {
    await d.goto('/workflows');
    await settled(page);
    await page.getByRole('button', { name: 'New workflow' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Quito morning');
    await page.getByLabel('Cron expression').fill('61 * * * *');
    await page.getByText(/Not a valid cron expression/).waitFor();
    await page.getByLabel('Common schedules').selectOption('0 7 * * *');
    await page.getByLabel('Time zone').fill('America/Santiago');
    const next = page.locator('ol.cron-next li');
    await until(async () => (await next.count()) === 5, 'five next run times');
    for (const text of await next.allTextContents()) assert.match(text, /07:00.*America\/Santiago/);
    await page.getByLabel('Fetch from').selectOption('context');
    await page.getByLabel('Name of location 1').fill('Quito');
    await page.getByLabel('Context', { exact: true }).selectOption(ids.context!);
    const videos = page.getByRole('group', { name: 'Videos', exact: true });
    await videos.getByLabel('Resolution').selectOption('360p');
    await page.locator('form').getByText('1 active webhook(s) receive workflow runs.').waitFor();
    await checkAndShoot('workflows-new');
    // One video over all locations takes the multi-place templates only, and the service wants two locations or more.
    await videos.getByLabel('Videos per run').selectOption('combined');
    const offered = await videos.getByLabel('Template', { exact: true }).locator('option').evaluateAll((os) => os.map((o) => (o instanceof HTMLOptionElement ? o.value : '')));
    assert.deepEqual([...offered].sort(), ['', 'comparison', 'ranking', 'station-map']);
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.locator('.banner-error code', { hasText: /^locations$/ }).waitFor();
    await videos.getByLabel('Videos per run').selectOption('per-location');
    assert.ok(!(await videos.getByLabel('Template', { exact: true }).locator('option').evaluateAll((os) => os.map((o) => (o instanceof HTMLOptionElement ? o.value : '')))).includes('ranking'));
    // The service's refusal names the field, beside it and in the banner.
    await page.getByLabel('Time zone').fill('Mars/Olympus_Mons');
    await page.getByText('Unknown time zone.').waitFor();
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.locator('.banner-error code', { hasText: 'trigger.timezone' }).waitFor();
    assert.equal(await page.getByLabel('Time zone').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Time zone').fill('America/Santiago');
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.locator('h1', { hasText: 'Quito morning' }).waitFor();
    ids.workflow = page.url().split('/').pop()!;
    const wf = (await d.api('GET', `/workflows/${ids.workflow}`)).body;
    assert.deepEqual(wf.trigger, { type: 'schedule', cron: '0 7 * * *', timezone: 'America/Santiago', catchUp: 'latest' });
    assert.deepEqual(wf.locations, [{ name: 'Quito', contextId: ids.context }]);
    assert.equal(wf.steps.at(-1).type, 'notify');

    await page.getByRole('button', { name: 'Run now' }).click();
    const detail = page.getByRole('region', { name: /^Run wfr_/ });
    await detail.waitFor();
    await detail.locator('dd').first().getByText('Completed').waitFor({ timeout: 150_000 });
    const item = detail.locator('tbody tr', { hasText: 'Quito' });
    await item.getByRole('link', { name: /^job_/ }).waitFor();
    await item.getByRole('link', { name: 'Open video' }).waitFor({ timeout: 60_000 });
    const runs = page.getByRole('region', { name: /^Runs$/ });
    await runs.locator('tbody tr').first().locator('.badge', { hasText: 'Completed' }).waitFor();
    await until(() => rx.got.some((g) => g.body.type === 'workflow.run.completed'), 'workflow.run.completed at the receiver');
    await checkAndShoot('workflow-detail');

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    assert.equal((await d.api('GET', `/workflows/${ids.workflow}`)).body.enabled, false);
    await d.goto('/workflows');
    await page.getByRole('link', { name: 'Quito morning' }).waitFor();
    await checkAndShoot('workflows');
  });

  test('variants: create a test with the form, see the decision, conclude it', async () => {
    await d.goto('/variants');
    await settled(page);
    await page.getByRole('button', { name: 'New A/B test' }).click();
    await page.getByLabel('Test name').fill('Landscape vs portrait');
    const base = page.getByRole('group', { name: 'Base render' });
    await base.getByLabel('Location').fill('Lima');
    await base.getByLabel('PM2.5').fill('31');
    await base.getByLabel('Resolution').selectOption('360p');
    await page.getByRole('group', { name: 'Arm 1 (control)' }).getByLabel('Label').fill('landscape');
    await page.getByRole('group', { name: 'Arm 2', exact: true }).getByLabel('Label').fill('portrait');
    await checkAndShoot('variants-new');
    await page.getByRole('button', { name: 'Create test' }).click();
    await page.locator('h1', { hasText: 'Landscape vs portrait' }).waitFor();
    ids.variant = page.url().split('/').pop()!;
    const created = (await d.api('GET', `/variants/${ids.variant}`)).body;
    assert.deepEqual(created.arms.map((a: any) => [a.key, a.name, a.overrides]), [['A', 'landscape', {}], ['B', 'portrait', { format: 'portrait' }]]);

    // Some viewers, so the table has numbers.
    for (const unit of ['u1', 'u2', 'u3', 'u4']) await d.api('POST', `/variants/${ids.variant}/assign`, { unitId: unit });
    const tracked = await d.api('POST', `/variants/${ids.variant}/track`, { events: ['u1', 'u2', 'u3', 'u4'].flatMap((u, i) => [{ unitId: u, type: 'view', eventId: `${u}-v` }, ...(i % 2 ? [{ unitId: u, type: 'complete', eventId: `${u}-c` }] : [])]) });
    assert.equal(tracked.status, 200, JSON.stringify(tracked.body));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Not enough data yet: keep the test running').waitFor();
    await until(async () => (await page.locator('#var-arms').locator('..').locator('tbody tr').first().textContent())?.includes('view: '), 'event counts');
    await checkAndShoot('variant-detail');

    await page.getByLabel('Winning arm').selectOption('B');
    await page.getByRole('region', { name: 'Conclude test' }).getByRole('button', { name: 'Conclude test' }).click();
    await page.locator('dialog').getByRole('button', { name: 'Conclude test' }).click();
    await page.getByText('Test concluded; winner: B.').waitFor();
    const concluded = (await d.api('GET', `/variants/${ids.variant}`)).body;
    assert.equal(concluded.status, 'concluded');
    assert.deepEqual([concluded.winner.arm, concluded.winner.decidedBy], ['B', 'manual']);
    await page.locator('#var-summary').locator('..').getByText('chosen by hand').waitFor();

    await d.goto('/variants?status=concluded');
    await page.getByRole('link', { name: 'Landscape vs portrait' }).waitFor();
    await page.getByLabel('Status').selectOption('running');
    await page.getByText('No test has this status.').waitFor();
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('link', { name: 'Landscape vs portrait' }).waitFor();
    await checkAndShoot('variants');
  });

  test('queue: pause, cancel and retry a job while paused, resume; filter by status', async () => {
    await d.goto('/queue');
    await settled(page);
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await page.getByText('The queue is paused').waitFor();
    assert.equal((await d.api('GET', '/queue/stats')).body.paused, true);
    const job = (await d.api('POST', '/render', { location: 'Arequipa', pm25: 40, resolution: '360p' })).body;
    const row = page.locator('tbody tr', { hasText: job.jobId });
    await row.locator('.badge', { hasText: 'Queued' }).waitFor();
    await page.getByRole('button', { name: `Cancel job ${job.jobId}` }).click();
    await row.locator('.badge', { hasText: 'Canceled' }).waitFor();
    await page.getByRole('button', { name: `Retry job ${job.jobId}` }).click();
    await row.locator('.badge', { hasText: 'Queued' }).waitFor();
    await page.getByRole('button', { name: `Cancel job ${job.jobId}` }).click();
    await row.locator('.badge', { hasText: 'Canceled' }).waitFor();
    await checkAndShoot('queue-paused');
    await page.getByRole('button', { name: 'Resume queue' }).click();
    await page.getByRole('button', { name: 'Pause queue' }).waitFor();
    assert.equal(await page.getByText('The queue is paused').count(), 0);
    assert.equal((await d.api('GET', '/queue/stats')).body.paused, false);

    await page.getByRole('checkbox', { name: /^Canceled/ }).check();
    await page.waitForURL(/status=canceled/);
    await row.waitFor();
    // The URL changes before the filtered list arrives: wait (with the locator's timeout) until
    // the completed rows of the unfiltered list are gone, then check none is left.
    await page.locator('tbody tr', { hasText: 'Completed' }).first().waitFor({ state: 'detached' });
    assert.equal(await page.locator('tbody tr', { hasText: 'Completed' }).count(), 0);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.locator('tbody tr', { hasText: 'Completed' }).first().waitFor();
    await checkAndShoot('queue');
  });

  test('keys: create a scoped key (secret once), the key is refused the keys page, revoke it', async () => {
    await d.goto('/keys');
    await settled(page);
    await page.getByRole('button', { name: 'New key' }).click();
    await page.getByLabel('Name', { exact: true }).fill('partner newsroom');
    for (const s of ['contexts:read', 'webhooks:read', 'queue:read', 'queue:write']) await page.getByRole('checkbox', { name: s, exact: true }).check();
    await page.getByLabel('Requests per minute (optional)').fill('600');
    await checkAndShoot('keys-new');
    await page.getByRole('button', { name: 'Create key' }).click();
    scopedKey = (await page.locator('.secret').textContent())!.trim();
    assert.match(scopedKey, /^aqk_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const row = page.locator('tbody tr', { hasText: 'partner newsroom' });
    await row.getByText('600 per minute').waitFor();
    await checkAndShoot('keys');

    // The partner signs in with its key: no Keys in the navigation, and the page refuses clearly.
    const other = await d.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-GB', timezoneId: 'UTC' });
    other.setDefaultTimeout(0); // the test runner's timeout bounds the test; a slow machine must not change the result
    const p2 = await other.newPage();
    try {
      await d.goto('/', p2);
      await d.signIn(scopedKey, p2);
      assert.equal(await p2.locator('#main-nav').getByRole('link', { name: 'Keys' }).count(), 0);
      await p2.locator('#main-nav').getByRole('link', { name: 'Queue' }).waitFor();
      await d.goto('/keys', p2);
      await p2.locator('[data-testid=keys-refused]').getByText('Only administrators can manage API keys').waitFor();
      await p2.getByText(/queue:write/).waitFor();
      await checkAndShoot('keys-refused', p2);
      // A read-only scope sees the webhooks but no register button.
      await d.goto('/webhooks', p2);
      await p2.getByText(rx.url).first().waitFor();
      assert.equal(await p2.getByRole('button', { name: 'Register webhook' }).count(), 0);
    } finally {
      await other.close();
    }

    await page.getByRole('button', { name: 'Revoke the key partner newsroom' }).click();
    await page.locator('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByLabel('Show revoked keys').check();
    await page.locator('tbody tr', { hasText: 'partner newsroom' }).getByText('Revoked').waitFor();
  });

  test('no console errors, no failed scripts, nothing fetched from outside the service', () => {
    assert.deepEqual(d.problems(), []);
  });
});
