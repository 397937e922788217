/**
 * The dashboard's browser test harness: the real service in this process
 * (a fresh SQLite store, a real render worker), the built app it serves,
 * Debian Chromium driven by playwright-core, and axe-core injected from
 * node_modules for accessibility checks. Shared by core.test.ts and pages.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RunningService } from '../../service/src/server.js';
import { api as serviceApi, createTestEnv, startTestService, TEST_API_KEY, type TestEnv } from '../../service/test/helpers.js';

export { TEST_API_KEY, until, waitForJob, SMALL } from '../../service/test/helpers.js';

const PKG = new URL('..', import.meta.url).pathname;
const ROOT = join(PKG, '..', '..');
/** Where screenshots go (git-ignored): packages/dashboard/test-output/screenshots, or $DASHBOARD_SCREENSHOTS. */
export const SCREENSHOT_DIR = process.env.DASHBOARD_SCREENSHOTS ?? join(PKG, 'test-output', 'screenshots');

/** Newest modification time under a directory (files only). */
function newest(dir: string): number {
  let max = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const st = statSync(full);
    max = Math.max(max, st.isDirectory() ? newest(full) : st.mtimeMs);
  }
  return max;
}

/**
 * Builds the app when dist/ is missing or older than its sources, so tests never run a stale build.
 * Test files run in parallel: a lock directory makes one build at a time (the others wait, then see it fresh).
 */
export async function ensureBuilt(): Promise<void> {
  const index = join(PKG, 'dist', 'index.html');
  const fresh = () => {
    const sourcesAt = Math.max(newest(join(PKG, 'src')), statSync(join(PKG, 'index.html')).mtimeMs, statSync(join(PKG, 'vite.config.ts')).mtimeMs);
    return existsSync(index) && statSync(index).mtimeMs >= sourcesAt;
  };
  if (fresh()) return;
  const lock = join(PKG, 'test-output', 'build.lock');
  mkdirSync(join(PKG, 'test-output'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is stale after two minutes.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (!fresh()) execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: PKG, stdio: 'inherit' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export type AxeViolation = { id: string; impact: 'minor' | 'moderate' | 'serious' | 'critical' | null; help: string; helpUrl: string; nodes: Array<{ target: string[]; html: string; failureSummary?: string }> };

const AXE_SOURCE = join(dirname(createRequire(import.meta.url).resolve('axe-core/package.json')), 'axe.min.js');

/** Runs axe-core (from node_modules, no CDN) on the page; returns every violation. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } };
    const r = await w.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })) }));
  });
}

/** The serious and critical violations, as one readable string ('' when none). */
export function seriousViolations(violations: AxeViolation[]): string {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `   ${n.target.join(' ')} ${n.html.slice(0, 160)}\n   ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
}

export interface Dashboard {
  /** The service's origin, e.g. http://127.0.0.1:41234 */
  base: string;
  service: RunningService;
  env: TestEnv;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Calls the service with the master key (for setting up data). */
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  /** Opens an app path (`/renders`) in the page. */
  goto(path: string, page?: Page): Promise<void>;
  /** Signs in through the form with a key (the master key by default). */
  signIn(key?: string, page?: Page): Promise<void>;
  /** Switches the interface language with the header picker. */
  setLanguage(lang: 'es' | 'en' | 'pt', page?: Page): Promise<void>;
  axe(page?: Page): Promise<AxeViolation[]>;
  /** A full-page screenshot in SCREENSHOT_DIR; returns its path. */
  screenshot(name: string, page?: Page): Promise<string>;
  /** Collected browser console errors and failed requests (anything not to the service counts as an outside fetch). */
  problems(): string[];
  stop(): Promise<void>;
}

/**
 * Starts the service (real SQLite store, one render worker), the browser and a page at 1280×860.
 * `serviceEnv` adds settings (e.g. `{ WORKER_CONCURRENCY: '0' }` for a service that renders nothing).
 */
export async function startDashboard(opts: { serviceEnv?: Record<string, string>; viewport?: { width: number; height: number } } = {}): Promise<Dashboard> {
  await ensureBuilt();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const env = await createTestEnv({ WORKER_CONCURRENCY: '1', ...opts.serviceEnv });
  const service = await startTestService(env);
  const base = service.baseUrl;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 860 }, locale: 'en-GB', timezoneId: 'UTC' });
  context.setDefaultTimeout(0); // the test runner's timeout bounds the test; a slow machine must not change the result
  const page = await context.newPage();
  const issues: string[] = [];
  const watch = (p: Page) => {
    p.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|403|404|409|412|422|400)/.test(m.text())) issues.push(`console: ${m.text()}`);
    });
    p.on('pageerror', (e) => issues.push(`pageerror: ${e.message}`));
    p.on('response', (r) => {
      // The app's own files must always load (API answers may fail on purpose in tests).
      if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/dashboard/') && !new URL(r.url()).pathname.startsWith('/dashboard/api/')) issues.push(`asset ${r.status()}: ${r.url()}`);
    });
    p.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:') && u !== 'about:blank') issues.push(`outside request: ${u}`);
    });
  };
  watch(page);
  context.on('page', watch);

  const goto = async (path: string, p = page) => {
    await p.goto(`${base}/dashboard${path === '/' ? '/' : path}`);
  };
  const dash: Dashboard = {
    base,
    service,
    env,
    browser,
    context,
    page,
    api: (method, path, body, headers) => serviceApi(base, method, path, body, headers),
    goto,
    signIn: async (key = TEST_API_KEY, p = page) => {
      if (!p.url().startsWith(base)) await goto('/', p);
      await p.locator('#api-key').fill(key);
      await p.locator('form button[type=submit]').click();
      await p.locator('header.topbar').waitFor();
    },
    setLanguage: async (lang, p = page) => {
      await p.locator('.lang-picker select, .signin-lang select').first().selectOption(lang);
      await p.waitForFunction((l) => document.documentElement.lang === l, lang);
    },
    axe: (p = page) => axe(p),
    screenshot: async (name, p = page) => {
      const file = join(SCREENSHOT_DIR, `${name}.png`);
      await p.screenshot({ path: file, fullPage: true });
      return file;
    },
    problems: () => [...issues],
    stop: async () => {
      await browser.close().catch(() => {});
      await service.stop();
      await env.cleanup();
    },
  };
  return dash;
}

/** What pokes out of the viewport: a page wider than it, or any element ending beyond its right edge (scrollable tables aside). */
export async function overflow(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`page is ${document.documentElement.scrollWidth}px wide in a ${vw}px viewport`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *, header *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (el.closest('.table-wrap, .sr-only, .skip-link')) continue;
      if (r.right > vw + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)}px: ${(el.textContent ?? '').slice(0, 60)}`);
    }
    return out.slice(0, 5);
  });
}

/** Waits until the page's data has loaded (no loading line left in main). */
export async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .loading'));
}
