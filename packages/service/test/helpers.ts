/**
 * Test helpers: a fresh database per test file (a temp SQLite file, or a
 * PostgreSQL database created for the file and dropped after), and services
 * started in-process or as real child processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import pg from 'pg';
import S3rver from 's3rver';
import { loadConfig } from '../src/core/config.js';
import { assignArm } from '../src/modules/variants/assignment.js';
import { startService, type RunningService, type StartOptions } from '../src/server.js';

export const STORE = (process.env.AQCAST_TEST_STORE ?? 'sqlite') as 'sqlite' | 'postgres';
export const PG_ADMIN_URL = process.env.AQCAST_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_API_KEY = 'test-key-0123456789abcdef';
export const SERVICE_BIN = new URL('../bin/aqcast.js', import.meta.url).pathname;

export interface TestEnv {
  dataDir: string;
  databaseUrl: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A data dir and an empty database of the store under test. */
export async function createTestEnv(extraEnv: Record<string, string> = {}): Promise<TestEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aqcast-test-'));
  let databaseUrl = `sqlite:${join(dataDir, 'aqcast.db')}`;
  let drop = async () => {};
  if (STORE === 'postgres') {
    const name = `aqcast_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AQCAST_API_KEY: TEST_API_KEY,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    WORKER_POLL_MS: '100',
    ...extraEnv,
  };
  return {
    dataDir,
    databaseUrl,
    env,
    cleanup: async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the whole service in this process on a random port. */
export async function startTestService(testEnv: TestEnv, env: Record<string, string> = {}, opts: Partial<StartOptions> = {}): Promise<RunningService> {
  const config = loadConfig({ ...testEnv.env, ...env });
  return startService(config, { http: true, ...opts });
}

/**
 * The service a describe block's tests talk to: a fresh environment and a service
 * started before the tests, stopped and cleaned up after them. Its fields are read
 * inside tests, once `before` has run.
 */
export class TestService {
  #env: TestEnv | null = null;
  #svc: RunningService | null = null;

  /** `envExtra` may be a function, read when the service starts (after `before` hooks registered earlier, e.g. fake sources). */
  constructor(envExtra: Record<string, string> | (() => Record<string, string>) = {}, serviceEnv: Record<string, string> = {}, opts: Partial<StartOptions> = {}) {
    before(async () => {
      this.#env = await createTestEnv(typeof envExtra === 'function' ? envExtra() : envExtra);
      this.#svc = await startTestService(this.#env, serviceEnv, opts);
    });
    after(async () => {
      await this.#svc?.stop();
      await this.#env?.cleanup();
    });
  }

  get env(): TestEnv {
    if (!this.#env) throw new Error('the test service is not started (read it inside a test)');
    return this.#env;
  }

  get svc(): RunningService {
    if (!this.#svc) throw new Error('the test service is not started (read it inside a test)');
    return this.#svc;
  }

  get base(): string {
    return this.svc.baseUrl;
  }
}

export interface ChildService {
  proc: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `aqcast <command>` as a real process; for serve, waits until it listens. */
export async function spawnService(command: 'serve' | 'worker', env: Record<string, string>, waitFor = command === 'serve' ? /listening on (http:\/\/\S+)/ : /render loop/): Promise<ChildService> {
  const proc = spawn(process.execPath, [SERVICE_BIN, command], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in time:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = waitFor.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] ?? '');
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before starting:\n${out}`));
    });
  });
  return {
    proc,
    baseUrl,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

export async function api(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { 'x-api-key': TEST_API_KEY, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Polls a job until it reaches a terminal status. */
export async function waitForJob(baseUrl: string, jobId: string, timeoutMs = 120_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await api(baseUrl, 'GET', `/render/${jobId}`);
    if (['completed', 'failed', 'canceled'].includes(r.body.status)) return r.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${r.body.status} after ${timeoutMs} ms`);
    await new Promise((r2) => setTimeout(r2, 150));
  }
}

/** Polls `fn` until it returns something truthy. */
export async function until<T>(fn: () => T | Promise<T>, what: string, timeoutMs = 60_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const SMALL = { resolution: '360p' } as const;

/** A real S3-protocol server (s3rver) in a temporary directory, with the bucket `aqcast`. */
export async function startS3(): Promise<{ endpoint: string; env: Record<string, string>; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'aqcast', configs: [] }] });
  const info = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${info.port}`;
  return {
    endpoint,
    /** The settings that point a service at it. */
    env: { STORAGE_URL: 's3://aqcast/media', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `perArm` unit ids of each of two equal arms of variant test `testId`, in id order:
 * `<prefix>-0`, `<prefix>-1`, … skipping those of a full arm. The service's assignment
 * is deterministic, so tests pick an even split instead of hoping a random one is even
 * (a 182:118 split of 300 once made the sample-ratio check refuse a winner).
 */
export function balancedUnits(testId: string, prefix: string, perArm: number): string[] {
  const count = [0, 0];
  const out: string[] = [];
  for (let i = 0; out.length < 2 * perArm; i++) {
    const u = `${prefix}-${i}`;
    const arm = assignArm(testId, u, [1, 1]);
    if (count[arm]! < perArm) {
      count[arm]! += 1;
      out.push(u);
    }
  }
  return out;
}
