/** Operating the service: liveness and readiness, `aqcast keys` and `aqcast prune` as real processes. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EventBus } from '../src/core/events.js';
import { openStore } from '../src/core/store/database.js';
import { QueueService } from '../src/modules/queue/index.js';
import { migrate } from '../src/server.js';
import { api, createTestEnv, SERVICE_BIN, spawnService, STORE, type ChildService, type TestEnv } from './helpers.js';

describe(`operations (${STORE})`, () => {
  let env: TestEnv;
  let svc: ChildService;
  const cli = (...args: string[]) => execFileSync(process.execPath, [SERVICE_BIN, ...args], { env: { ...process.env, ...env.env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  before(async () => {
    env = await createTestEnv({ WORKER_CONCURRENCY: '0' });
    svc = await spawnService('serve', env.env);
  });
  after(async () => {
    await svc?.stop();
    await env?.cleanup();
  });

  test('liveness and readiness are separate public checks', async () => {
    assert.deepEqual(await (await fetch(`${svc.baseUrl}/health/live`)).json(), { ok: true });
    const ready = await fetch(`${svc.baseUrl}/health/ready`);
    assert.equal(ready.status, 200);
    assert.equal(((await ready.json()) as { ok: boolean }).ok, true);
  });

  test('aqcast keys create prints a working key once; list and revoke', async () => {
    const key = cli('keys', 'create', '--name', 'cms', '--scopes', 'renders:read,renders:write').trim();
    assert.match(key, /^aqk_[A-Za-z0-9_-]{40,}$/);
    assert.equal((await api(svc.baseUrl, 'GET', '/renders', undefined, { 'x-api-key': key })).status, 200);
    assert.equal((await api(svc.baseUrl, 'GET', '/webhooks', undefined, { 'x-api-key': key })).status, 403);
    const listed = cli('keys', 'list');
    assert.match(listed, /active\s+cms\s+\[renders:read, renders:write\]/);
    assert.ok(!listed.includes(key), 'the list never shows a key');
    const id = /^(key_\S+)/m.exec(listed)![1]!;
    cli('keys', 'revoke', id);
    await new Promise((r) => setTimeout(r, 5500)); // other processes trust a lookup for 5 s
    assert.equal((await api(svc.baseUrl, 'GET', '/renders', undefined, { 'x-api-key': key })).status, 401);
  });

  test('aqcast prune deletes old finished jobs and the files no remaining job uses', async () => {
    const store = await openStore(env.databaseUrl);
    try {
      await migrate(store);
      const queue = new QueueService(store, { publicBaseUrl: () => 'http://x', defaultMaxAttempts: 3, leaseSeconds: 30, events: new EventBus() });
      const media = join(env.dataDir, 'media');
      const params = (location: string) => ({ location, template: 'daily-report', language: 'es' as const, aqiStandard: 'us-epa' as const, format: 'landscape' as const, resolution: '360p' as const, date: '2026-01-01' });
      const [oldA, oldB, recent] = await queue.enqueue([{ params: params('Old A') }, { params: params('Shared') }, { params: params('Shared') }]);
      const rows = await store.db.selectFrom('jobs').select(['id', 'render_key']).execute();
      const keyOf = (id: string) => rows.find((r) => r.id === id)!.render_key;
      const finish = async (id: string, completedAt: string) => {
        const k = keyOf(id);
        for (const f of [`videos/${k}.mp4`, `posters/${k}.png`, `storyboards/${k}.jpg`, `storyboards/${k}.vtt`]) {
          mkdirSync(join(media, f.split('/')[0]!), { recursive: true });
          writeFileSync(join(media, f), 'x');
        }
        await store.db.updateTable('jobs').set({ status: 'completed', completed_at: completedAt, video_key: `videos/${k}.mp4`, poster_key: `posters/${k}.png`, storyboard_key: `storyboards/${k}.jpg`, output: '{}' }).where('id', '=', id).execute();
      };
      await finish(oldA!.jobId, '2020-01-01T00:00:00.000Z');
      await finish(oldB!.jobId, '2020-01-01T00:00:00.000Z');
      await finish(recent!.jobId, new Date().toISOString());
      const out = cli('prune', '--older-than', '30d');
      assert.match(out, /queue\.jobs: 2/);
      assert.match(out, /queue\.files: 4/, 'the video, poster, storyboard sprite and track of the orphaned render');
      const left = await store.db.selectFrom('jobs').select('id').execute();
      assert.deepEqual(left.map((r) => r.id), [recent!.jobId]);
      const orphan = rows.find((r) => r.id === oldA?.jobId)?.render_key;
      const kept = rows.find((r) => r.id === recent?.jobId)?.render_key;
      assert.ok(orphan && kept);
      for (const f of [`videos/${orphan}.mp4`, `posters/${orphan}.png`, `storyboards/${orphan}.jpg`, `storyboards/${orphan}.vtt`]) {
        assert.equal(existsSync(join(media, f)), false, `an orphan file is deleted: ${f}`);
      }
      assert.equal(existsSync(join(media, `storyboards/${kept}.vtt`)), true, 'a storyboard a remaining job uses is kept');
      assert.equal(existsSync(join(media, `videos/${keyOf(recent!.jobId)}.mp4`)), true, 'a file a remaining job uses is kept');
    } finally {
      await store.close();
    }
  });
});
