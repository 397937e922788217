/**
 * GET /render/:id keeps each job's answer while the store is unchanged: these
 * tests change a job behind the service's back (another connection, another
 * process) and through it, and check that the next read shows the change.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import pg from 'pg';
import { api, STORE, TEST_API_KEY, TestService } from './helpers.js';

/** Sets a job's status and progress with SQL from another process (SQLite: a node process opening the file; PostgreSQL: psql's role played by a client of its own). */
async function updateElsewhere(databaseUrl: string, jobId: string, status: string, progress: number): Promise<void> {
  if (databaseUrl.startsWith('sqlite:')) {
    const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const script = `const db = new (require(${JSON.stringify(betterSqlite)}))(process.argv[1]); db.pragma('busy_timeout = 15000'); db.prepare("update jobs set status = ?, progress = ? where id = ?").run(process.argv[2], Number(process.argv[3]), process.argv[4]); db.close();`;
    execFileSync(process.execPath, ['-e', script, databaseUrl.slice('sqlite:'.length), status, String(progress), jobId]);
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update jobs set status = $1, progress = $2 where id = $3', [status, progress, jobId]);
  } finally {
    await client.end();
  }
}

async function getText(base: string, path: string): Promise<{ status: number; text: string; type: string | null }> {
  const r = await fetch(`${base}${path}`, { headers: { 'x-api-key': TEST_API_KEY } });
  return { status: r.status, text: await r.text(), type: r.headers.get('content-type') };
}

describe(`render reads (${STORE})`, () => {
  // No workers: nothing but these tests changes the jobs.
  const service = new TestService({}, { WORKER_CONCURRENCY: '0' });

  test('a job changed in the store by another process is seen by the next GET /render/:id', async () => {
    const created = await api(service.base, 'POST', '/render', { location: 'Santiago', pm25: 87.4 });
    assert.equal(created.status, 202);
    const path = `/render/${created.body.jobId}`;
    const first = await getText(service.base, path);
    const again = await getText(service.base, path);
    assert.equal(first.status, 200);
    assert.deepEqual(again, first, 'an unchanged job reads the same, body and content type');
    assert.equal(first.type, 'application/json; charset=utf-8');
    assert.equal(JSON.parse(first.text).status, 'queued');

    await updateElsewhere(service.env.databaseUrl, created.body.jobId, 'rendering', 0.25);
    const seen = JSON.parse((await getText(service.base, path)).text);
    assert.deepEqual([seen.status, seen.progress], ['rendering', 0.25]);

    // Again, once the changed answer has been read (and kept) once more.
    assert.equal(JSON.parse((await getText(service.base, path)).text).progress, 0.25);
    await updateElsewhere(service.env.databaseUrl, created.body.jobId, 'rendering', 0.5);
    assert.equal(JSON.parse((await getText(service.base, path)).text).progress, 0.5);
  });

  test('a change through the API is seen at once, and other jobs read right beside it', async () => {
    const a = await api(service.base, 'POST', '/render', { location: 'Lima', pm25: 20 });
    const b = await api(service.base, 'POST', '/render', { location: 'Quito', pm25: 30 });
    for (const id of [a.body.jobId, b.body.jobId]) assert.equal((await api(service.base, 'GET', `/render/${id}`)).body.status, 'queued');
    assert.equal((await api(service.base, 'POST', `/queue/${a.body.jobId}/cancel`)).status, 200);
    assert.equal((await api(service.base, 'GET', `/render/${a.body.jobId}`)).body.status, 'canceled');
    const other = await api(service.base, 'GET', `/render/${b.body.jobId}`);
    assert.deepEqual([other.body.jobId, other.body.params.location], [b.body.jobId, 'Quito']);
  });

  test('a missing job is 404 each time, and a bad id 400', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await api(service.base, 'GET', '/render/job_doesnotexist');
      assert.equal(missing.status, 404);
      assert.match(missing.headers.get('content-type') ?? '', /application\/problem\+json/);
    }
    assert.equal((await api(service.base, 'GET', '/render/bad$id!')).status, 400);
  });
});
