import { sql, type Kysely } from 'kysely';

/**
 * Brands, every version of each (renders record the version they used, so a
 * re-render reproduces it), and which brand version each job renders in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brands')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createTable('brand_versions')
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('brand_versions_pk', ['brand_id', 'version'])
    .execute();
  await db.schema
    .createTable('job_brands')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('brand_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_brands_brand_idx').on('job_brands').columns(['brand_id']).execute();
}

/**
 * The link of a job to its brand version moves onto the job (`jobs.brand_id`,
 * `jobs.brand_version`, added by the queue just before), so the job's view names
 * it; the separate table goes.
 */
export async function moveJobLinks(db: Kysely<unknown>): Promise<void> {
  await sql`update jobs set brand_id = (select b.brand_id from job_brands b where b.job_id = jobs.id), brand_version = (select b.brand_version from job_brands b where b.job_id = jobs.id) where id in (select job_id from job_brands)`.execute(db);
  await db.schema.dropTable('job_brands').execute();
}
