/**
 * All SQL of the analytics module: aggregates over `job_metrics`, the narrow
 * projection of the queue's `jobs` table that this module's triggers keep in
 * step (see migrations.ts). Everything is computed by the database, never by
 * loading rows into JavaScript.
 *
 * Percentiles are continuous, by linear interpolation between the closest
 * ranks: for n sorted values x₀…xₙ₋₁ and a fraction p, the position is
 * k = (n − 1)·p and the percentile x⌊k⌋ + (k − ⌊k⌋)·(x⌊k⌋₊₁ − x⌊k⌋) — what
 * PostgreSQL's percentile_cont computes. SQLite's percentile_cont (its
 * percentile extension, compiled into better-sqlite3) computes the same; where
 * a build lacks it, the rows are numbered with window functions (row_number,
 * count over the group) and the two closest ranks picked with integer
 * arithmetic on the percent (k = (n − 1)·P / 100, exact). Tests check every
 * form against the same reference on the same data.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Store } from '../../core/store/database.js';
import type { Stat, TrendMetric } from './contract.js';

declare module '../../core/store/database.js' {
  interface Database {
    job_metrics: JobMetricsTable;
  }
}

/** One row per job, kept by triggers on `jobs` (never written by code). */
export interface JobMetricsTable {
  job_id: string;
  status: string;
  template: string;
  format: string;
  resolution: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  render_ms: number | null;
  /** From when the job became due to its first start. */
  wait_ms: number | null;
  video_sec: number | null;
  /** Frames of the finished video (seconds × fps). */
  frames: number | null;
  bytes: number | null;
  error_code: string | null;
}

/** Percentiles every report gives, in percent. */
const PERCENTS = [50, 95] as const;

export interface Range {
  since?: string;
  until?: string;
}

/** A row of a grouped percentile query: the group's columns, then n, p50, p95. */
export type StatRow<G extends string> = Record<G, string> & { n: number; p50: number | null; p95: number | null };

/** How percentiles are computed on this store. */
export type PercentileMethod = 'percentile_cont' | 'sqlite-percentile' | 'sqlite-window';

export class AnalyticsStore {
  private method: Promise<PercentileMethod> | null = null;

  constructor(
    readonly store: Store,
    /** Forces a method (tests compare them); by default the store's best. */
    private readonly forcedMethod?: PercentileMethod,
  ) {}

  /** percentile_cont on PostgreSQL; on SQLite its own when the build has it, else window functions. */
  percentileMethod(): Promise<PercentileMethod> {
    if (this.forcedMethod) return Promise.resolve(this.forcedMethod);
    if (this.store.dialect === 'postgres') return Promise.resolve('percentile_cont');
    return (this.method ??= sql`select percentile_cont(1, 0.5) as p`
      .execute(this.store.db)
      .then(() => 'sqlite-percentile' as const)
      .catch(() => 'sqlite-window' as const));
  }

  private rangeWhere(range: Range, column = 'created_at'): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
    if (range.since) parts.push(sql`${sql.ref(column)} >= ${range.since}`);
    if (range.until) parts.push(sql`${sql.ref(column)} <= ${range.until}`);
    return sql.join(parts, sql` and `);
  }

  /**
   * p50 and p95 of `x` per group over `source` (a query selecting the group
   * columns, `x` — null where a row does not count — and whatever `extras`
   * aggregate), plus the `extras` over every row of the group. `n` counts the
   * non-null x; groups without rows do not appear.
   */
  async percentiles<G extends string, E extends string = never>(source: RawBuilder<unknown>, groups: readonly G[], extras: Record<E, RawBuilder<unknown>> = {} as Record<E, RawBuilder<unknown>>): Promise<(StatRow<G> & Record<E, unknown>)[]> {
    const cols = groups.map((g) => sql.ref(g));
    const groupBy = cols.length ? sql`group by ${sql.join(cols)}` : sql``;
    const selectGroups = cols.length ? sql`${sql.join(cols)},` : sql``;
    const extraCols = Object.entries<RawBuilder<unknown>>(extras).map(([name, agg]) => sql`, ${agg} as ${sql.ref(name)}`);
    const method = await this.percentileMethod();
    let rows: Record<string, unknown>[];
    if (method !== 'sqlite-window') {
      const pct = (p: number) => (method === 'percentile_cont' ? sql`percentile_cont(${sql.lit(p / 100)}) within group (order by x)` : sql`percentile_cont(x, ${sql.lit(p / 100)})`);
      rows = (await sql<Record<string, unknown>>`select ${selectGroups} count(x) as n, ${sql.join(PERCENTS.map((p) => sql`${pct(p)} as ${sql.ref(`p${p}`)}`))} ${sql.join(extraCols, sql``)}
        from (${source}) s ${groupBy}`.execute(this.store.db)).rows;
    } else {
      const partition = cols.length ? sql`partition by ${sql.join(cols)}` : sql``;
      // For each percent: the value at rank k = (n-1)·P/100 (integer division: floor) and the next one.
      const picks = PERCENTS.flatMap((p) => [
        sql`max(case when i = ((n - 1) * ${sql.lit(p)}) / 100 then x end) as ${sql.ref(`lo${p}`)}`,
        sql`max(case when i = ((n - 1) * ${sql.lit(p)}) / 100 + 1 then x end) as ${sql.ref(`hi${p}`)}`,
      ]);
      const interpolated = PERCENTS.map((p) => sql`${sql.ref(`lo${p}`)} + coalesce(${sql.ref(`hi${p}`)} - ${sql.ref(`lo${p}`)}, 0) * (((n - 1) * ${sql.lit(p)}) % 100) / 100.0 as ${sql.ref(`p${p}`)}`);
      const stats = (await sql<Record<string, unknown>>`with ranked as (
          select ${selectGroups} x, row_number() over (${partition} order by x) - 1 as i, count(*) over (${partition}) as n from (${source}) s where x is not null
        ), picked as (
          select ${selectGroups} n, ${sql.join(picks)} from ranked ${groupBy}
        )
        select ${selectGroups} n, ${sql.join(interpolated)} from picked where n is not null`.execute(this.store.db)).rows;
      rows = stats;
      if (extraCols.length) {
        // The extras go over every row of a group, nulls included: a second pass, merged by group.
        const key = (r: Record<string, unknown>) => JSON.stringify(groups.map((g) => r[g]));
        const byGroup = new Map(stats.map((r) => [key(r), r]));
        rows = (await sql<Record<string, unknown>>`select ${selectGroups} 0 as zero ${sql.join(extraCols, sql``)} from (${source}) s ${groupBy}`.execute(this.store.db)).rows.map((r) => ({
          n: 0, p50: null, p95: null, ...byGroup.get(key(r)), ...r,
        }));
      }
    }
    return rows
      .filter((r) => extraCols.length > 0 || Number(r.n ?? 0) > 0)
      // The query selects the group and extra columns it was given; Kysely cannot type dynamic column names.
      .map((r) => ({ ...r, n: Number(r.n ?? 0), p50: r.p50 == null ? null : Number(r.p50), p95: r.p95 == null ? null : Number(r.p95) }) as StatRow<G> & Record<E, unknown>);
  }

  async countsByStatus(range: Range): Promise<{ status: string; n: number }[]> {
    const rows = (await sql<{ status: string; n: number }>`select status, count(*) as n from job_metrics where ${this.rangeWhere(range)} group by status`.execute(this.store.db)).rows;
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  }

  /** Jobs created, completed and failed since each of the given instants (rolling windows). */
  async windows(starts: readonly string[]): Promise<{ requested: number; completed: number; failed: number }[]> {
    const oldest = [...starts].sort()[0]!;
    const created = sql`select ${sql.join(starts.map((s, i) => sql`sum(case when created_at >= ${s} then 1 else 0 end) as ${sql.ref(`c${i}`)}`))} from job_metrics where created_at >= ${oldest}`;
    const ended = sql`select ${sql.join(
      starts.flatMap((s, i) => [
        sql`sum(case when completed_at >= ${s} and status = 'completed' then 1 else 0 end) as ${sql.ref(`d${i}`)}`,
        sql`sum(case when completed_at >= ${s} and status = 'failed' then 1 else 0 end) as ${sql.ref(`f${i}`)}`,
      ]),
    )} from job_metrics where completed_at >= ${oldest}`;
    const a = await created.execute(this.store.db);
    const b = await ended.execute(this.store.db);
    // A raw aggregate row: its columns are read by name and checked for numbers below.
    const ra = (a.rows[0] ?? {}) as Record<string, unknown>;
    // A raw aggregate row: its columns are read by name and checked for numbers below.
    const rb = (b.rows[0] ?? {}) as Record<string, unknown>;
    return starts.map((_s, i) => ({ requested: Number(ra[`c${i}`] ?? 0), completed: Number(rb[`d${i}`] ?? 0), failed: Number(rb[`f${i}`] ?? 0) }));
  }

  async renderTime(range: Range): Promise<StatRow<never> | undefined> {
    return (await this.percentiles(sql`select render_ms as x from job_metrics where status = 'completed' and render_ms > 0 and ${this.rangeWhere(range)}`, []))[0];
  }

  async queueWaitTime(range: Range): Promise<StatRow<never> | undefined> {
    return (await this.percentiles(sql`select wait_ms as x from job_metrics where wait_ms is not null and ${this.rangeWhere(range)}`, []))[0];
  }

  /** Completed jobs, those that reused a stored render, seconds of video, bytes rendered. */
  async output(range: Range): Promise<{ completed: number; reused: number; videoSeconds: number; bytes: number }> {
    const r = (
      await sql<Record<string, unknown>>`select count(*) as completed,
        sum(case when render_ms = 0 then 1 else 0 end) as reused,
        sum(video_sec) as video_seconds,
        sum(case when render_ms > 0 then bytes else 0 end) as bytes
        from job_metrics where status = 'completed' and ${this.rangeWhere(range)}`.execute(this.store.db)
    ).rows[0] ?? {};
    return { completed: Number(r.completed ?? 0), reused: Number(r.reused ?? 0), videoSeconds: Number(r.video_seconds ?? 0), bytes: Number(r.bytes ?? 0) };
  }

  /** Per template and format: jobs, completions, failures, and render-time percentiles of the completed renders, in one pass. */
  async templateStats(range: Range): Promise<(StatRow<'template' | 'format'> & { total: number; completed: number; failed: number })[]> {
    const rows = await this.percentiles(
      sql`select template, format, status, case when status = 'completed' and render_ms > 0 then render_ms end as x from job_metrics where ${this.rangeWhere(range)}`,
      ['template', 'format'] as const,
      { total: sql`count(*)`, completed: sql`sum(case when status = 'completed' then 1 else 0 end)`, failed: sql`sum(case when status = 'failed' then 1 else 0 end)` },
    );
    return rows.map((r) => ({ ...r, total: Number(r.total), completed: Number(r.completed), failed: Number(r.failed) }));
  }

  /** Per template × format × resolution: render-time percentiles and mean, and frames rendered per second of render time, in one pass. */
  async performanceGroups(range: Range): Promise<(StatRow<'template' | 'format' | 'resolution'> & { mean: number | null; fps: number | null })[]> {
    const rows = await this.percentiles(
      sql`select template, format, resolution, render_ms as x, frames from job_metrics where status = 'completed' and render_ms > 0 and ${this.rangeWhere(range)}`,
      ['template', 'format', 'resolution'] as const,
      { mean: sql`avg(x)`, fps: sql`sum(frames) / (sum(x) / 1000.0)` },
    );
    return rows.map((r) => ({ ...r, mean: r.mean == null ? null : Number(r.mean), fps: r.fps == null ? null : Number(r.fps) }));
  }

  async failures(range: Range): Promise<{ code: string; n: number; lastAt: string | null }[]> {
    const rows = (
      await sql<Record<string, unknown>>`select coalesce(error_code, 'unknown') as code, count(*) as n, max(completed_at) as last_at
        from job_metrics where status = 'failed' and ${this.rangeWhere(range)} group by coalesce(error_code, 'unknown') order by n desc, code`.execute(this.store.db)
    ).rows;
    return rows.map((r) => ({ code: String(r.code), n: Number(r.n), lastAt: r.last_at == null ? null : String(r.last_at) }));
  }

  /**
   * One value per bucket ([start, end) ranges, in order), zero-filled by a
   * left join of the buckets with the jobs whose time falls in them: completion
   * time for completed, failed, render time and video seconds; first start for
   * queue wait.
   */
  async trend(metric: TrendMetric, buckets: readonly { start: string; end: string }[]): Promise<{ value: number | null; samples: number }[]> {
    if (buckets.length === 0) return [];
    // PostgreSQL types a VALUES list from its first row.
    const values = sql.join(buckets.map((b, i) => (i === 0 && this.store.dialect === 'postgres' ? sql`(${b.start}::text, ${b.end}::text)` : sql`(${b.start}, ${b.end})`)));
    const bucketTable = sql`with b(s, e) as (values ${values})`;
    const column = metric === 'queue-wait-p95' ? 'started_at' : 'completed_at';
    const status = metric === 'failed' ? sql`m.status = 'failed'` : metric === 'queue-wait-p95' ? sql`m.wait_ms is not null` : sql`m.status = 'completed'`;
    const on = sql`${sql.ref(`m.${column}`)} >= b.s and ${sql.ref(`m.${column}`)} < b.e and ${status}`;
    const index = new Map(buckets.map((b, i) => [b.start, i]));
    const out = buckets.map((): { value: number | null; samples: number } => ({ value: null, samples: 0 }));
    if (metric === 'render-time-p95' || metric === 'queue-wait-p95') {
      const x = metric === 'render-time-p95' ? sql`m.render_ms` : sql`m.wait_ms`;
      const extra = metric === 'render-time-p95' ? sql` and m.render_ms > 0` : sql``;
      const rows = await this.percentiles(sql`${bucketTable} select b.s as bucket, ${x} as x from b join job_metrics m on ${on}${extra}`, ['bucket'] as const);
      for (const r of rows) out[index.get(r.bucket)!] = { value: r.p95, samples: r.n };
      return out;
    }
    const agg = metric === 'video-seconds' ? sql`coalesce(sum(m.video_sec), 0)` : sql`count(m.job_id)`;
    const rows = (await sql<{ bucket: string; value: unknown; n: unknown }>`${bucketTable} select b.s as bucket, ${agg} as value, count(m.job_id) as n from b left join job_metrics m on ${on} group by b.s`.execute(this.store.db)).rows;
    for (const r of rows) out[index.get(r.bucket)!] = { value: Number(r.value ?? 0), samples: Number(r.n) };
    return out;
  }
}

/** A {@link StatRow} as the API shows it (percentiles rounded to 0.01 ms). */
export function statOf(row: { n: number; p50: number | null; p95: number | null } | undefined): Stat {
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return { samples: row?.n ?? 0, p50: round(row?.p50 ?? null), p95: round(row?.p95 ?? null) };
}
