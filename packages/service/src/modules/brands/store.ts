/**
 * All SQL on the `brands` and `brand_versions` tables, and the reads of the
 * queue's `jobs` table this module makes (the brand version a job records; the
 * unfinished jobs that render in a brand, which keep it from being deleted).
 */
import type { Selectable } from 'kysely';
import type { Executor, Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    brands: BrandsTable;
    brand_versions: BrandVersionsTable;
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

  /** The brand version job `jobId` renders in (the queue writes it on the job). */
  async ofJob(jobId: string): Promise<{ brand_id: string; brand_version: number } | undefined> {
    const row = await this.store.db.selectFrom('jobs').select(['brand_id', 'brand_version']).where('id', '=', jobId).executeTakeFirst();
    return row?.brand_id != null && row.brand_version != null ? { brand_id: row.brand_id, brand_version: row.brand_version } : undefined;
  }

  /** Unfinished jobs (queued or rendering) that render in `brandId`: up to `limit` ids. */
  async activeJobs(exec: Executor, brandId: string, limit: number): Promise<string[]> {
    const rows = await exec
      .selectFrom('jobs')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('status', 'in', ['queued', 'rendering'])
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
}
