/**
 * All SQL on the `brands`, `brand_versions` and `job_brands` tables, and the one
 * read of the queue's `jobs` table this module makes (the unfinished jobs that
 * render in a brand, which keep it from being deleted).
 */
import type { Selectable } from 'kysely';
import type { Executor, Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    brands: BrandsTable;
    brand_versions: BrandVersionsTable;
    job_brands: JobBrandsTable;
  }
}

export interface BrandsTable {
  id: string;
  name: string;
  version: number;
  /** 1 for the one default brand. */
  is_default: number;
  /** The stored document (JSON): see `BrandDocument`. */
  doc: string;
  created_at: string;
  updated_at: string;
  /** Set when deleted: its versions stay, for the renders that used them. */
  deleted_at: string | null;
}

export interface BrandVersionsTable {
  brand_id: string;
  version: number;
  doc: string;
  created_at: string;
}

export interface JobBrandsTable {
  job_id: string;
  brand_id: string;
  brand_version: number;
  created_at: string;
}

export type BrandRow = Selectable<BrandsTable>;

export class BrandStore {
  constructor(readonly store: Store) {}

  async insert(exec: Executor, row: BrandRow): Promise<void> {
    await exec.insertInto('brands').values(row).execute();
    await exec.insertInto('brand_versions').values({ brand_id: row.id, version: row.version, doc: row.doc, created_at: row.updated_at }).execute();
  }

  async get(id: string, exec: Executor = this.store.db): Promise<BrandRow | undefined> {
    return exec.selectFrom('brands').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  async getDefault(exec: Executor = this.store.db): Promise<BrandRow | undefined> {
    return exec.selectFrom('brands').selectAll().where('is_default', '=', 1).where('deleted_at', 'is', null).executeTakeFirst();
  }

  async list(): Promise<BrandRow[]> {
    return this.store.db.selectFrom('brands').selectAll().where('deleted_at', 'is', null).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  }

  /** Writes `set` and the new version when the row is still at `version`; false when it moved on or is gone. */
  async update(exec: Executor, id: string, version: number, set: Pick<BrandRow, 'name' | 'is_default' | 'doc' | 'updated_at'>): Promise<boolean> {
    const res = await exec
      .updateTable('brands')
      .set({ ...set, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await exec.insertInto('brand_versions').values({ brand_id: id, version: version + 1, doc: set.doc, created_at: set.updated_at }).execute();
    return true;
  }

  /** Clears the default flag of every brand but `except`. */
  async clearDefault(exec: Executor, except: string): Promise<void> {
    await exec.updateTable('brands').set({ is_default: 0 }).where('is_default', '=', 1).where('id', '!=', except).execute();
  }

  async markDeleted(exec: Executor, id: string, version: number, at: string): Promise<boolean> {
    const res = await exec.updateTable('brands').set({ deleted_at: at, is_default: 0 }).where('id', '=', id).where('version', '=', version).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async version(brandId: string, version: number, exec: Executor = this.store.db): Promise<string | undefined> {
    const row = await exec.selectFrom('brand_versions').select('doc').where('brand_id', '=', brandId).where('version', '=', version).executeTakeFirst();
    return row?.doc;
  }

  async recordJobs(exec: Executor, rows: { job_id: string; brand_id: string; brand_version: number; created_at: string }[]): Promise<void> {
    if (rows.length) await exec.insertInto('job_brands').values(rows).execute();
  }

  async ofJob(jobId: string): Promise<{ brand_id: string; brand_version: number } | undefined> {
    return this.store.db.selectFrom('job_brands').select(['brand_id', 'brand_version']).where('job_id', '=', jobId).executeTakeFirst();
  }

  async ofJobs(jobIds: readonly string[]): Promise<Map<string, { brandId: string; version: number }>> {
    const out = new Map<string, { brandId: string; version: number }>();
    if (jobIds.length === 0) return out;
    const rows = await this.store.db.selectFrom('job_brands').select(['job_id', 'brand_id', 'brand_version']).where('job_id', 'in', [...jobIds]).execute();
    for (const r of rows) out.set(r.job_id, { brandId: r.brand_id, version: r.brand_version });
    return out;
  }

  /** Unfinished jobs (queued or rendering) that render in `brandId`: up to `limit` ids. */
  async activeJobs(exec: Executor, brandId: string, limit: number): Promise<string[]> {
    const rows = await exec
      .selectFrom('job_brands')
      .innerJoin('jobs', 'jobs.id', 'job_brands.job_id')
      .select('jobs.id')
      .where('job_brands.brand_id', '=', brandId)
      .where('jobs.status', 'in', ['queued', 'rendering'])
      .orderBy('jobs.id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
}
