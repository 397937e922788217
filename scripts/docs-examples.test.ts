/**
 * The documentation runs: every ```sh block of README.md and docs/*.md is run
 * against a live service, page by page, in order, as a reader would paste them
 * into one terminal at the repository's root.
 *
 * - The service is the built JavaScript (`packages/service/bin/aqcast.js serve`)
 *   on SQLite and local storage in a temporary data directory, started without
 *   AQCAST_API_KEY so that it generates `data/api-key` as `npm start` does.
 *   It may reach loopback (`OUTBOUND_ALLOWED_NETWORKS=127.0.0.0/8`, as the
 *   webhook guide says to set for a receiver on the same machine), and its
 *   Open-Meteo source is a local server speaking Open-Meteo's format (no network
 *   here).
 * - The examples run in a temporary folder that holds the repository's files as
 *   symbolic links beside its own `data/`, so paths such as `clients/python` or
 *   `docs/examples/boletin.pdf` work and whatever an example writes stays out
 *   of the repository. `AQCAST_URL` is the service's address (examples default
 *   it to http://127.0.0.1:3000), `DATA_DIR` that `data/`, and `RECEIVER_PORT`
 *   a free port for the webhook receivers the examples start.
 * - A page's blocks are sourced one after another by one `bash` with
 *   `set -euo pipefail`, so variables carry from block to block; the first
 *   failing command fails the page with the block and its output.
 * - A block may be left out only with a visible `<!-- not run: reason -->`
 *   right before it; each is listed here as a skipped test with its reason.
 * - A video, poster or caption file written by one example and written again by
 *   a later one fails the run: each example keeps its own output names.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startAirSources, type AirSources } from '../packages/service/test/air-sources.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVICE_BIN = join(ROOT, 'packages/service/bin/aqcast.js');
const RUNNABLE = new Set(['sh', 'bash', 'shell']);
/** A page that hangs (a poll loop waiting for a render that never ends) is stopped after this long. */
const PAGE_GUARD_MS = 8 * 60_000;
/** Outputs an example must not write twice (a log a background receiver appends to may grow). */
const OUTPUT_FILE = /\.(mp4|png|jpe?g|webp|vtt|srt|mp3|wav|pdf)$/i;
/** What the README may weigh, counting each section marked as moving to a guide as one paragraph of this size. */
const README_LIMIT = 15 * 1024;
const MOVING_SECTION_BYTES = 500;

interface Block {
  /** 1-based among the page's fenced blocks of shell. */
  index: number;
  line: number;
  code: string;
  notRun: string | null;
}

interface Page {
  path: string;
  blocks: Block[];
}

/** README.md, then docs/*.md in name order. */
function docPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** The fenced shell blocks of a page, each with the `<!-- not run: … -->` note right before it, if any. */
function shellBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const close = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (close < 0) throw new Error(`unclosed code fence at line ${i + 1}`);
    if (RUNNABLE.has(open[1] ?? '')) {
      let k = i - 1;
      while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
      const note = /^<!--\s*not run:\s*([\s\S]*?)\s*-->\s*$/.exec(lines[k] ?? '');
      count += 1;
      blocks.push({ index: count, line: i + 1, code: lines.slice(i + 1, close).join('\n'), notRun: note ? (note[1] ?? '') : null });
    }
    i = close;
  }
  return blocks;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The service as `npm start` runs it, in a clean environment: only what is set here configures it. */
async function startService(dataDir: string, extraEnv: Record<string, string>): Promise<{ proc: ChildProcess; baseUrl: string; output: () => string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? dataDir,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    WORKER_POLL_MS: '100',
    ...extraEnv,
  };
  const proc = spawn(process.execPath, [SERVICE_BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${out}`));
    });
  });
  return { proc, baseUrl, output: () => out };
}

/** The bash script that runs a page's blocks in order, printing a marker before each and listing the files it leaves after each. */
function driverScript(blockFiles: string[], snapshots: string): string {
  const snap = (n: number) => `find . -path ./data -prune -o -type f -printf '%T@ %p\\n' > '${join(snapshots, `after-${n}.txt`)}'`;
  // The ERR trap names the command that failed and its line in the block (curl -sf fails silently).
  const lines = ['set -Eeuo pipefail', `trap 'rc=$?; echo "@@docs-failed at line $LINENO of the block: $BASH_COMMAND (exit $rc)"' ERR`, snap(0)];
  blockFiles.forEach((file, i) => {
    lines.push(`echo '@@docs-block ${i + 1}'`, `source '${file}'`, snap(i + 1));
  });
  lines.push(`echo '@@docs-done'`);
  return lines.join('\n') + '\n';
}

/** file → modification time, from one snapshot listing. */
function readSnapshot(file: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(file)) return files;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\S+) \.\/(.+)$/.exec(line);
    if (m?.[1] && m[2] && OUTPUT_FILE.test(m[2])) files.set(m[2], m[1]);
  }
  return files;
}

/** Runs a process group to its end (or the guard), then ends what it left running (receivers started with &). */
async function runGroup(command: string, args: string[], opts: { cwd: string; env: Record<string, string>; log: string }): Promise<{ code: number | null; timedOut: boolean }> {
  const fd = openSync(opts.log, 'a');
  const proc = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  let timedOut = false;
  const guard = setTimeout(() => {
    timedOut = true;
    if (proc.pid) process.kill(-proc.pid, 'SIGKILL');
  }, PAGE_GUARD_MS);
  const code = await new Promise<number | null>((r) => proc.on('exit', (c) => r(c)));
  clearTimeout(guard);
  if (proc.pid) {
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {
      /* the group has already ended */
    }
  }
  return { code, timedOut };
}

const pages: Page[] = docPages().map((path) => ({ path, blocks: shellBlocks(readFileSync(join(ROOT, path), 'utf8')) }));

describe('docs: every shell example runs against a live service', () => {
  let work: string;
  let scratch: string;
  let sources: AirSources;
  let service: Awaited<ReturnType<typeof startService>>;
  let blockEnv: Record<string, string>;
  /** Output file → the example that wrote it. */
  const writtenBy = new Map<string, string>();

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'aqcast-docs-'));
    scratch = mkdtempSync(join(tmpdir(), 'aqcast-docs-scratch-'));
    // The repository as a reader's checkout, but with its own data/ and room for what the examples write.
    for (const entry of readdirSync(ROOT)) {
      if (entry === 'data' || entry === '.git') continue;
      symlinkSync(join(ROOT, entry), join(work, entry));
    }
    mkdirSync(join(work, 'data'));
    sources = await startAirSources();
    service = await startService(join(work, 'data'), {
      OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      OPEN_METEO_AQ_BASE_URL: sources.baseUrl,
    });
    // The quickstart's promise: no AQCAST_API_KEY, so a key is generated into data/api-key and printed once.
    assert.match(service.output(), /API key \(generated, shown once; stored in .*data\/api-key/);
    blockEnv = {
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: process.env.HOME ?? work,
      LANG: 'C.UTF-8',
      TMPDIR: scratch,
      AQCAST_URL: service.baseUrl,
      DATA_DIR: join(work, 'data'),
      RECEIVER_PORT: String(await freePort()),
      // npx must find the workspace's aqcast, never fetch a package; Python must not write bytecode into clients/python.
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      PYTHONDONTWRITEBYTECODE: '1',
    };
  });

  after(async () => {
    service?.proc.kill('SIGTERM');
    await sources?.close();
    if (work) rmSync(work, { recursive: true, force: true });
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.notRun !== null) test(`${page.path} block ${block.index} (line ${block.line}) is not run`, { skip: block.notRun || 'no reason given' }, () => {});
    }
    const runnable = page.blocks.filter((b) => b.notRun === null);
    if (runnable.length === 0) continue;

    test(`${page.path}: ${runnable.length} shell example${runnable.length === 1 ? '' : 's'} run in order`, async () => {
      const slug = page.path.replace(/[^a-z0-9]+/gi, '-');
      const dir = join(scratch, slug);
      mkdirSync(dir);
      const files = runnable.map((b) => {
        const file = join(dir, `block-${b.index}.sh`);
        writeFileSync(file, b.code + '\n');
        return file;
      });
      const driver = join(dir, 'page.sh');
      writeFileSync(driver, driverScript(files, dir));
      const log = join(dir, 'output.log');
      const { code, timedOut } = await runGroup('bash', [driver], { cwd: work, env: blockEnv, log });
      const output = readFileSync(log, 'utf8');

      // Which block was running when it stopped, and what it printed.
      const markers = [...output.matchAll(/^@@docs-block (\d+)$/gm)];
      const last = markers.at(-1);
      const ran = last ? Number(last[1]) : 0;
      const block = runnable[ran - 1];
      const printed = last?.index === undefined ? output : output.slice(last.index + last[0].length);
      if (timedOut || code !== 0 || !output.includes('@@docs-done')) {
        const where = block ? `block ${block.index} (line ${block.line}: ${block.code.split('\n')[0]})` : 'before its first block';
        const why = timedOut ? `did not finish within ${PAGE_GUARD_MS / 60_000} minutes` : `exited with ${code}`;
        assert.fail(`${page.path}, ${where} ${why}. Its output:\n${printed.slice(-6000)}\nService output:\n${service.output().replace(/aqk_\S+/g, 'aqk_…').slice(-3000)}`);
      }

      // No example overwrites an output another example (on this page or an earlier one) wrote.
      let previous = readSnapshot(join(dir, 'after-0.txt'));
      runnable.forEach((b, i) => {
        const now = readSnapshot(join(dir, `after-${i + 1}.txt`));
        for (const [file, mtime] of now) {
          const before = previous.get(file);
          if (before !== undefined && before !== mtime) {
            assert.fail(`${page.path} block ${b.index} (line ${b.line}) writes ${file} again, which ${writtenBy.get(file) ?? 'an earlier example'} wrote: give each output its own name`);
          }
          if (before === undefined) writtenBy.set(file, `${page.path} block ${b.index}`);
        }
        previous = now;
      });
    });
  }

  test('every relative link in the docs points at a file that exists', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(ROOT, page.path), 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] ?? '').split('#')[0] ?? '';
        if (target === '' || /^[a-z]+:/i.test(target)) continue;
        const file = resolve(join(ROOT, dirname(page.path)), target);
        if (existsSync(file)) continue;
        broken.push(`${page.path}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  test(`the README stays within ${README_LIMIT / 1024} KB, counting each section moving to a guide as one paragraph`, () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const moving = [...text.matchAll(/<!-- moving to (\S+) -->[\s\S]*?<!-- \/moving -->/g)];
    const bytes = Buffer.byteLength(text) - moving.reduce((sum, m) => sum + Buffer.byteLength(m[0]) - MOVING_SECTION_BYTES, 0);
    assert.ok(bytes <= README_LIMIT, `README.md weighs ${bytes} bytes so counted (${moving.length} sections moving), over ${README_LIMIT}`);
  });
});
