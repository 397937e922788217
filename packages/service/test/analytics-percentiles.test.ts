/**
 * Percentiles agree between SQLite and PostgreSQL: every method a store uses
 * (PostgreSQL's percentile_cont; SQLite's percentile_cont and the
 * window-function form for builds without it) is run on the same generated
 * data and checked against one reference — linear interpolation between the
 * closest ranks at (n − 1)·p — computed here in JavaScript. The suite runs once
 * per store, so both stores are held to the same numbers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openStore, type Store } from '../src/core/store/database.js';
import { AnalyticsStore, type PercentileMethod } from '../src/modules/analytics/store.js';
import { migrate } from '../src/server.js';
import { createTestEnv, STORE, type TestEnv } from './helpers.js';

/** percentile_cont's definition, independently. */
function reference(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const k = (s.length - 1) * p;
  const lo = Math.floor(k);
  const hi = Math.min(lo + 1, s.length - 1);
  return s[lo]! + (k - lo) * (s[hi]! - s[lo]!);
}

/** The same pseudo-random data on every store: groups of 1, 2, 3, 20 and 1,001 values, with ties, integers and fractions. */
function dataset(): { g: string; x: number }[] {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const rows: { g: string; x: number }[] = [{ g: 'one', x: 42 }, { g: 'two', x: 10 }, { g: 'two', x: 20 }, { g: 'three', x: 5 }, { g: 'three', x: 5 }, { g: 'three', x: 9 }];
  for (let i = 0; i < 20; i++) rows.push({ g: 'twenty', x: Math.floor(rand() * 50) });
  for (let i = 0; i < 1001; i++) rows.push({ g: 'many', x: Math.round(rand() * rand() * 300_000) / 7 });
  return rows;
}

describe(`analytics percentiles agree with the reference (${STORE})`, () => {
  let env: TestEnv;
  let store: Store;
  const rows = dataset();

  before(async () => {
    env = await createTestEnv();
    store = await openStore(env.databaseUrl);
    await migrate(store);
    await sql`create table pct_sample (g text not null, x double precision not null)`.execute(store.db);
    for (let i = 0; i < rows.length; i += 200) {
      await sql`insert into pct_sample (g, x) values ${sql.join(rows.slice(i, i + 200).map((r) => sql`(${r.g}, ${r.x})`))}`.execute(store.db);
    }
  });
  after(async () => {
    await store?.close();
    await env?.cleanup();
  });

  const methods: PercentileMethod[] = STORE === 'postgres' ? ['percentile_cont'] : ['sqlite-percentile', 'sqlite-window'];
  for (const method of methods) {
    test(`${method}: p50 and p95 per group and overall equal the reference`, async () => {
      const analytics = new AnalyticsStore(store, method);
      const grouped = await analytics.percentiles(sql`select g, x from pct_sample`, ['g'] as const);
      const groups = [...new Set(rows.map((r) => r.g))];
      assert.deepEqual(grouped.map((r) => r.g).sort(), [...groups].sort());
      for (const g of groups) {
        const values = rows.filter((r) => r.g === g).map((r) => r.x);
        const got = grouped.find((r) => r.g === g)!;
        assert.equal(got.n, values.length, `${g}: n`);
        for (const [p, key] of [[0.5, 'p50'], [0.95, 'p95']] as const) {
          const want = reference(values, p)!;
          assert.ok(Math.abs(got[key]! - want) <= 1e-9 * Math.max(1, Math.abs(want)), `${g} ${key}: ${got[key]} vs ${want}`);
        }
      }
      const [overall] = await analytics.percentiles(sql`select x from pct_sample`, []);
      const all = rows.map((r) => r.x);
      assert.equal(overall!.n, all.length);
      assert.ok(Math.abs(overall!.p95! - reference(all, 0.95)!) < 1e-6);
      assert.ok(Math.abs(overall!.p50! - reference(all, 0.5)!) < 1e-6);
      // Nothing to rank: no row, not a row of nulls.
      assert.deepEqual(await analytics.percentiles(sql`select x from pct_sample where x < 0`, []), []);
    });
  }

  test('the store picks its best method', async () => {
    assert.equal(await new AnalyticsStore(store).percentileMethod(), STORE === 'postgres' ? 'percentile_cont' : 'sqlite-percentile');
  });
});
