/**
 * Installs the Python client with pip into a fresh virtual environment and runs
 * its unittest suite (copied out of the repository, so it imports the installed
 * package) against a live service spawned here: one test runner covers both clients.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestEnv, spawnService, STORE, TEST_API_KEY, type ChildService, type TestEnv } from '../../../packages/service/test/helpers.js';

const PYTHON = process.env.PYTHON ?? 'python3';
const PY_ROOT = fileURLToPath(new URL('../../python/', import.meta.url));

function run(cmd: string, args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe(`Python client against a live service (${STORE})`, () => {
  let env: TestEnv;
  let svc: ChildService;
  let venv: string;

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '1', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' });
    svc = await spawnService('serve', env.env);
    venv = mkdtempSync(join(tmpdir(), 'aqcast-venv-'));
    execFileSync(PYTHON, ['-m', 'venv', venv], { stdio: 'pipe' });
    // Offline: the venv's own setuptools builds the package (nothing is fetched from an index).
    execFileSync(join(venv, 'bin/pip'), ['install', '--quiet', '--no-index', '--no-build-isolation', PY_ROOT], { stdio: 'pipe', env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1' } });
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
    if (venv) rmSync(venv, { recursive: true, force: true });
  });

  test('pip install into a fresh venv, then unittest discover: every test passes, none skipped', async () => {
    // Run from the tests folder with AQCAST_TEST_INSTALLED: the sources are not on sys.path, the installed package is.
    const tests = join(PY_ROOT, 'tests');
    const env = { AQCAST_TEST_BASE_URL: svc.baseUrl, AQCAST_TEST_API_KEY: TEST_API_KEY, PYTHONDONTWRITEBYTECODE: '1', AQCAST_TEST_INSTALLED: '1' };
    const where = spawnSync(join(venv, 'bin/python'), ['-c', 'import _support, aqcast; print(aqcast.__file__)'], { cwd: tests, encoding: 'utf8', env: { ...process.env, ...env } });
    assert.match(where.stdout, new RegExp(`^${venv}/lib/`), `the installed package is the one imported: ${where.stdout}${where.stderr}`);
    const { code, output } = await run(join(venv, 'bin/python'), ['-m', 'unittest', 'discover', '-s', '.', '-t', '.', '-v'], env, tests);
    assert.equal(code, 0, output);
    assert.match(output, /^OK$/m, output);
    assert.doesNotMatch(output, /skipped/i, output);
    const ran = Number(/^Ran (\d+) tests?/m.exec(output)?.[1] ?? 0);
    assert.ok(ran >= 30, `expected the whole suite, ran ${ran}:\n${output}`);
    for (const name of ['test_02_create_with_wait_reports_progress', 'test_07_wait_timeout_is_408', 'test_08_idempotent_replay_and_conflict', 'test_11_webhooks_signed_by_the_service_verify', 'test_13_ingest_upload_multipart', 'test_rejects_unsigned_and_missing_headers']) {
      assert.match(output, new RegExp(`${name} .*\\.\\.\\. ok`), `${name} did not pass:\n${output}`);
    }
  });
});

describe('Python client syntax', () => {
  test('every file parses with the Python 3.7 grammar (ast feature_version)', () => {
    const script = [
      'import ast, os, sys',
      'bad = []',
      'count = 0',
      'for folder in ("aqcast", "tests"):',
      '    for root, _d, files in os.walk(folder):',
      '        for name in files:',
      '            if name.endswith(".py"):',
      '                path = os.path.join(root, name)',
      '                count += 1',
      '                try:',
      '                    src = open(path, encoding="utf-8").read()',
      '                    ast.parse(src, path, feature_version=(3, 7)) if sys.version_info >= (3, 8) else ast.parse(src, path)',
      '                except SyntaxError as e:',
      '                    bad.append("%s: %s" % (path, e))',
      'print(count)',
      'print("\\n".join(bad))',
      'sys.exit(1 if bad else 0)',
    ].join('\n');
    const res = spawnSync(PYTHON, ['-c', script], { cwd: PY_ROOT, encoding: 'utf8' });
    assert.equal(res.status, 0, `${res.stdout}${res.stderr}`);
    assert.ok(Number(res.stdout.split('\n')[0]) >= 10, res.stdout);
  });

  test('the package is version 1.0.0 and imports only the standard library', () => {
    const script = [
      'import sys',
      'before = set(sys.modules)',
      'import aqcast',
      'new = sorted(set(sys.modules) - before)',
      'foreign = [m for m in new if not m.startswith("aqcast") and "-packages" in (getattr(sys.modules[m], "__file__", None) or "")]',
      'print(aqcast.__version__)',
      'print(foreign)',
    ].join('\n');
    const res = spawnSync(PYTHON, ['-c', script], { cwd: PY_ROOT, encoding: 'utf8', env: { ...process.env, PYTHONPATH: PY_ROOT } });
    assert.equal(res.status, 0, res.stderr);
    const [version, foreign] = res.stdout.trim().split('\n');
    assert.equal(version, '1.0.0');
    assert.equal(foreign, '[]', 'aqcast imports only the standard library');
  });
});
