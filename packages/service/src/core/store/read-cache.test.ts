import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { openStore, transaction } from './database.js';
import { StoreReadCache } from './read-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'aqcast-read-cache-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Two connections on one SQLite file, as two processes would have, and a cache of one row's value on the first. */
async function setUp(name: string) {
  const url = `sqlite:${join(dir, `${name}.db`)}`;
  const reader = await openStore(url);
  const writer = await openStore(url);
  await sql`create table things (id text primary key, value text not null)`.execute(writer.db);
  await sql`insert into things values ('a', 'one')`.execute(writer.db);
  let computed = 0;
  const cache = new StoreReadCache<string>(reader);
  const read = () =>
    cache.read('a', async () => {
      computed++;
      const { rows } = await sql<{ value: string }>`select value from things where id = 'a'`.execute(reader.db);
      return { value: rows[0]?.value ?? 'missing', keep: true };
    });
  return { reader, writer, read, computed: () => computed, close: async () => (await reader.close(), await writer.close()) };
}

test('a kept answer is given while nothing changed, and dropped by a commit on another connection', async () => {
  const s = await setUp('other');
  assert.equal(await s.read(), 'one');
  assert.equal(s.read(), 'one', 'a hit answers without a promise');
  assert.equal(s.computed(), 1);
  await sql`update things set value = 'two' where id = 'a'`.execute(s.writer.db);
  assert.equal(await s.read(), 'two');
  assert.equal(s.computed(), 2);
  await s.close();
});

test('a write through the same connection drops kept answers, and nothing is kept inside its transaction', async () => {
  const s = await setUp('same');
  assert.equal(await s.read(), 'one');
  await sql`update things set value = 'two' where id = 'a'`.execute(s.reader.db);
  assert.equal(await s.read(), 'two');
  await transaction(s.reader, async (trx) => {
    assert.equal(s.reader.changeGeneration(), null, 'no generation while a transaction is open');
    await sql`update things set value = 'three' where id = 'a'`.execute(trx);
  });
  assert.equal(await s.read(), 'three');
  await s.close();
});

test('PostgreSQL gives no generation: nothing is kept', async () => {
  // No query runs, so no server is needed: the answer does not depend on one.
  const store = await openStore('postgres://postgres@127.0.0.1:5432/test');
  assert.equal(store.changeGeneration(), null);
  let computed = 0;
  const cache = new StoreReadCache<number>(store);
  for (let i = 0; i < 2; i++) await cache.read('k', async () => ({ value: ++computed, keep: true }));
  assert.equal(computed, 2);
  await store.close();
});
