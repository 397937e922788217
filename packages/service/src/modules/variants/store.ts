/**
 * All SQL on the variant tables. Tracking is one transaction per batch: lock
 * the test row, insert the events (a repeated event id is skipped by the
 * primary key), then move the units' first exposure and conversion and the
 * per-arm counters by what was new. The winner reads the counters — a few
 * rows per test — never the events.
 */
import { CompiledQuery, sql, type Selectable } from 'kysely';
import type { Executor, Store } from '../../core/store/database.js';
import type { TestStatus } from './contract.js';

declare module '../../core/store/database.js' {
  interface Database {
    variant_tests: VariantTestsTable;
    variant_arms: VariantArmsTable;
    variant_units: VariantUnitsTable;
    variant_events: VariantEventsTable;
    variant_event_counts: VariantEventCountsTable;
  }
}

export interface VariantTestsTable {
  id: string;
  name: string;
  status: TestStatus;
  /** The conversion event. */
  goal: string;
  /** The event that makes a unit exposed (`view` or `impression`). */
  exposure_event: string;
  /** Decision rules (JSON). */
  rules: string;
  /** Base render parameters as given (JSON), or null when every arm linked a job. */
  base: string | null;
  workflow_id: string | null;
  winner_arm: string | null;
  decided_by: 'statistics' | 'manual' | null;
  /** The result frozen at conclusion (JSON). */
  result: string | null;
  /** Events counted. */
  events: number;
  created_at: string;
  updated_at: string;
  concluded_at: string | null;
  last_event_at: string | null;
}

export interface VariantArmsTable {
  test_id: string;
  key: string;
  /** 0 for the control. */
  position: number;
  name: string | null;
  weight: number;
  template: string;
  /** What the arm changes over the base (JSON). */
  overrides: string;
  /** The arm's normalized render parameters (JSON). */
  params: string;
  job_id: string;
  assigned: number;
  /** Units with the exposure event. */
  exposures: number;
  /** Exposed units with the goal event. */
  conversions: number;
}

/** One row per assigned unit: its arm and the first time it was exposed and converted. */
export interface VariantUnitsTable {
  test_id: string;
  unit_id: string;
  arm: string;
  assigned_at: string;
  exposed_at: string | null;
  converted_at: string | null;
}

export interface VariantEventsTable {
  test_id: string;
  /** The client's event id, or a generated one. */
  event_id: string;
  unit_id: string;
  arm: string;
  type: string;
  created_at: string;
}

export interface VariantEventCountsTable {
  test_id: string;
  arm: string;
  type: string;
  events: number;
}

export type TestRow = Selectable<VariantTestsTable>;
export type ArmRow = Selectable<VariantArmsTable>;
export type UnitRow = Selectable<VariantUnitsTable>;
export type EventRow = Selectable<VariantEventsTable>;

const UNIT_COLUMNS = ['test_id', 'unit_id', 'arm', 'assigned_at', 'exposed_at', 'converted_at'] as const;
const EVENT_COLUMNS = ['test_id', 'event_id', 'unit_id', 'arm', 'type', 'created_at'] as const;

/** Rows per multi-row statement: well under SQLite's bound-parameter limit. */
const CHUNK = 150;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export class VariantStore {
  constructor(readonly store: Store) {}

  async insertTest(trx: Executor, test: TestRow): Promise<void> {
    await trx.insertInto('variant_tests').values(test).execute();
  }

  async insertArms(trx: Executor, arms: ArmRow[]): Promise<void> {
    await trx.insertInto('variant_arms').values(arms).execute();
  }

  /** Running tests with an arm rendered in brand `brandId` (up to `limit` ids). */
  async runningTestsInBrand(exec: Executor, brandId: string, limit: number): Promise<string[]> {
    const rows = await exec
      .selectFrom('variant_arms')
      .innerJoin('variant_tests', 'variant_tests.id', 'variant_arms.test_id')
      .innerJoin('jobs', 'jobs.id', 'variant_arms.job_id')
      .select('variant_tests.id')
      .distinct()
      .where('jobs.brand_id', '=', brandId)
      .where('variant_tests.status', '=', 'running')
      .orderBy('variant_tests.id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async test(id: string, exec: Executor = this.store.db): Promise<TestRow | undefined> {
    return exec.selectFrom('variant_tests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async arms(testIds: string[], exec: Executor = this.store.db): Promise<ArmRow[]> {
    if (testIds.length === 0) return [];
    return exec.selectFrom('variant_arms').selectAll().where('test_id', 'in', testIds).orderBy('test_id').orderBy('position').execute();
  }

  async eventCounts(testIds: string[], exec: Executor = this.store.db): Promise<Selectable<VariantEventCountsTable>[]> {
    if (testIds.length === 0) return [];
    return exec.selectFrom('variant_event_counts').selectAll().where('test_id', 'in', testIds).execute();
  }

  /** Newest first; `before` is the (created_at, id) of the last row of the previous page. */
  async list(filters: { statuses: TestStatus[]; workflowId?: string; before?: { createdAt: string; id: string }; limit: number }): Promise<TestRow[]> {
    let q = this.store.db.selectFrom('variant_tests').selectAll();
    if (filters.statuses.length > 0) q = q.where('status', 'in', filters.statuses);
    if (filters.workflowId) q = q.where('workflow_id', '=', filters.workflowId);
    const before = filters.before;
    if (before) q = q.where((eb) => eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)])]));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit + 1).execute();
  }

  /**
   * Takes the test's row for the rest of `trx` and returns it: an update, so on
   * PostgreSQL it row-locks (tracking and conclude of one test run one at a
   * time, and no event slips in after conclude), and on SQLite it takes the
   * write lock first, before any read could make the transaction's snapshot stale.
   */
  async lockTest(trx: Executor, id: string, now: string, touch: 'last_event_at' | 'updated_at'): Promise<TestRow | undefined> {
    return trx.updateTable('variant_tests').set(touch, now).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /**
   * The test's row, read so that the transaction may write next: on SQLite the
   * read is a no-op update, which takes the write lock first (a read followed by
   * a write could fail at once if another process wrote in between); on
   * PostgreSQL a plain read (row locks there would serialize assignments).
   */
  async testForWrite(trx: Executor, id: string): Promise<TestRow | undefined> {
    if (this.store.dialect === 'postgres') return this.test(id, trx);
    return trx
      .updateTable('variant_tests')
      .set({ name: sql`name` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async units(testId: string, unitIds: string[], exec: Executor = this.store.db): Promise<UnitRow[]> {
    const out: UnitRow[] = [];
    for (const ids of chunks(unitIds, 500)) {
      const p = this.placeholders();
      const query = CompiledQuery.raw(`select * from variant_units where test_id = ${p.next()} and unit_id in (${ids.map(() => p.next()).join(', ')})`, [testId, ...ids]);
      out.push(...(await exec.executeQuery<UnitRow>(query)).rows);
    }
    return out;
  }

  /** Records assignments; returns the unit ids that were new (an existing assignment is kept as it was). */
  async insertUnits(trx: Executor, rows: UnitRow[]): Promise<Set<string>> {
    const inserted = new Set<string>();
    for (const part of chunks(rows)) {
      const res = await trx.executeQuery<{ unit_id: string }>(this.insertRows('variant_units', UNIT_COLUMNS, part, 'on conflict (test_id, unit_id) do nothing returning unit_id'));
      for (const r of res.rows) inserted.add(r.unit_id);
    }
    return inserted;
  }

  async addAssigned(trx: Executor, testId: string, arm: string, n: number): Promise<void> {
    await trx
      .updateTable('variant_arms')
      .set({ assigned: sql`assigned + ${n}` })
      .where('test_id', '=', testId)
      .where('key', '=', arm)
      .execute();
  }

  /** Inserts events; returns the ids that were new (a test's event id is stored once, whoever sends it first). */
  async insertEvents(trx: Executor, rows: EventRow[]): Promise<Set<string>> {
    const inserted = new Set<string>();
    for (const part of chunks(rows)) {
      const res = await trx.executeQuery<{ event_id: string }>(this.insertRows('variant_events', EVENT_COLUMNS, part, 'on conflict (test_id, event_id) do nothing returning event_id'));
      for (const r of res.rows) inserted.add(r.event_id);
    }
    return inserted;
  }

  /** Sets units' first exposure and conversion (an existing time is kept). */
  async markUnits(trx: Executor, rows: UnitRow[]): Promise<void> {
    const onConflict =
      'on conflict (test_id, unit_id) do update set exposed_at = coalesce(variant_units.exposed_at, excluded.exposed_at), converted_at = coalesce(variant_units.converted_at, excluded.converted_at)';
    for (const part of chunks(rows)) await trx.executeQuery(this.insertRows('variant_units', UNIT_COLUMNS, part, onConflict));
  }

  async addArmCounts(trx: Executor, testId: string, arm: string, exposures: number, conversions: number): Promise<void> {
    await trx
      .updateTable('variant_arms')
      .set({ exposures: sql`exposures + ${exposures}`, conversions: sql`conversions + ${conversions}` })
      .where('test_id', '=', testId)
      .where('key', '=', arm)
      .execute();
  }

  async addEventCounts(trx: Executor, testId: string, counts: { arm: string; type: string; events: number }[], total: number): Promise<void> {
    if (counts.length === 0) return;
    const rows = counts.map((c) => ({ test_id: testId, arm: c.arm, type: c.type, events: c.events }));
    await trx.executeQuery(this.insertRows('variant_event_counts', ['test_id', 'arm', 'type', 'events'], rows, 'on conflict (test_id, arm, type) do update set events = variant_event_counts.events + excluded.events'));
    await trx
      .updateTable('variant_tests')
      .set({ events: sql`events + ${total}` })
      .where('id', '=', testId)
      .execute();
  }

  /** Numbered placeholders on PostgreSQL ($1, $2, …), `?` on SQLite. */
  private placeholders(): { next(): string } {
    let n = 0;
    const pg = this.store.dialect === 'postgres';
    return { next: () => (pg ? `$${++n}` : '?') };
  }

  /**
   * A multi-row insert written as text. The tracking path runs a few of these
   * per batch; building them with the query builder cost more than running them
   * (about half a millisecond per 100 rows), so the hot ones skip it.
   */
  private insertRows<R extends object>(table: string, columns: readonly (keyof R & string)[], rows: R[], tail: string): CompiledQuery {
    const p = this.placeholders();
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      for (const c of columns) params.push(row[c]);
      return `(${columns.map(() => p.next()).join(', ')})`;
    });
    return CompiledQuery.raw(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')} ${tail}`, params);
  }

  async conclude(trx: Executor, id: string, fields: { winner: string; decidedBy: 'statistics' | 'manual'; result: string; at: string }): Promise<void> {
    await trx
      .updateTable('variant_tests')
      .set({ status: 'concluded', winner_arm: fields.winner, decided_by: fields.decidedBy, result: fields.result, concluded_at: fields.at, updated_at: fields.at })
      .where('id', '=', id)
      .execute();
  }

  /** The most recently concluded test of a workflow. */
  async latestConcluded(workflowId: string): Promise<TestRow | undefined> {
    return this.store.db
      .selectFrom('variant_tests')
      .selectAll()
      .where('workflow_id', '=', workflowId)
      .where('status', '=', 'concluded')
      .orderBy('concluded_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The counters recomputed from the stored rows with SQL aggregates: exposed and
   * converted units per arm, and events per arm and type. What the counters must
   * always equal (tests check it); never needed to decide.
   */
  async recount(testId: string): Promise<{ arms: { arm: string; exposures: number; conversions: number; assigned: number }[]; events: { arm: string; type: string; events: number }[] }> {
    const arms = await this.store.db
      .selectFrom('variant_units')
      .select((eb) => [
        'arm',
        eb.fn.countAll<number>().as('assigned'),
        eb.fn.count<number>('exposed_at').as('exposures'),
        eb.fn.sum<number>(eb.case().when(eb.and([eb('exposed_at', 'is not', null), eb('converted_at', 'is not', null)])).then(1).else(0).end()).as('conversions'),
      ])
      .where('test_id', '=', testId)
      .groupBy('arm')
      .execute();
    const events = await this.store.db
      .selectFrom('variant_events')
      .select((eb) => ['arm', 'type', eb.fn.countAll<number>().as('events')])
      .where('test_id', '=', testId)
      .groupBy(['arm', 'type'])
      .execute();
    return {
      arms: arms.map((r) => ({ arm: r.arm, assigned: Number(r.assigned), exposures: Number(r.exposures), conversions: Number(r.conversions ?? 0) })),
      events: events.map((r) => ({ arm: r.arm, type: r.type, events: Number(r.events) })),
    };
  }

  /** Running tests with their totals, for overviews (analytics). */
  async running(limit: number): Promise<(TestRow & { exposures: number; conversions: number; arm_count: number })[]> {
    const rows = await this.store.db
      .selectFrom('variant_tests as t')
      .innerJoin('variant_arms as a', 'a.test_id', 't.id')
      .selectAll('t')
      .select((eb) => [eb.fn.sum<number>('a.exposures').as('exposures'), eb.fn.sum<number>('a.conversions').as('conversions'), eb.fn.countAll<number>().as('arm_count')])
      .where('t.status', '=', 'running')
      .groupBy('t.id')
      .orderBy('t.created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, exposures: Number(r.exposures), conversions: Number(r.conversions), arm_count: Number(r.arm_count) }));
  }
}
