import type { Kysely } from 'kysely';

/** Which worker ended each job (throughput per worker in analytics; the lease owner is cleared when a job ends). */
export async function addFinishedBy(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('finished_by', 'text').execute();
}

/** The live feed (jobs changed since a moment) reads by update time. */
export async function indexUpdatedAt(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('jobs_updated_at_idx').on('jobs').column('updated_at').execute();
}

/** The storyboard of a finished render (its sprite's storage key; the WebVTT track sits beside it, see storyboardVttKey). */
export async function addStoryboardKey(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('storyboard_key', 'text').execute();
}

/** The fencing token of the lease engine (core/lease): raised at every claim, named by every fenced write. */
export async function addLeaseToken(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_token', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

/** The brand version each job renders in, on the job itself (its view names it; a retry draws the same look). */
export async function addBrand(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('brand_id', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('brand_version', 'integer').execute();
  await db.schema.createIndex('jobs_brand_idx').on('jobs').column('brand_id').execute();
}
