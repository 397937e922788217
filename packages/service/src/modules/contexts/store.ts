/**
 * All SQL on the `contexts`, `context_tags` and `context_edits` tables, and the
 * one read of the queue's `jobs` table this module makes (the renders made from
 * a context, by `context_id`).
 */
import { sql, type Selectable } from 'kysely';
import type { Executor, Store } from '../../core/store/database.js';

declare module '../../core/store/database.js' {
  interface Database {
    contexts: ContextsTable;
    context_tags: ContextTagsTable;
    context_edits: ContextEditsTable;
  }
}

export interface ContextsTable {
  id: string;
  /** '' for contexts that did not come from an upload. */
  source_filename: string;
  source_sha256: string;
  source_type: string;
  source_bytes: number;
  method: string;
  location: string | null;
  confidence: number;
  /** The stored document (JSON): values, fields with provenance, stations, source. */
  context: string;
  /** Unused since context_tags (kept: a released column). */
  tags: string;
  created_at: string;
  updated_at: string;
  source_kind: string;
  /** Storage key of the kept original upload; null when none is kept (or it was pruned). */
  source_key: string | null;
  date: string | null;
  /** `location` folded (lower case, no accents) for the location filter. */
  location_key: string | null;
  /** Folded text the `q` search matches. */
  search_text: string;
  version: number;
}

export interface ContextTagsTable {
  context_id: string;
  tag: string;
  created_at: string;
}

export interface ContextEditsTable {
  id: string;
  context_id: string;
  version: number;
  /** JSON: [{ field, from, to }]. */
  changes: string;
  created_at: string;
}

export type ContextRow = Selectable<ContextsTable>;
export type ContextEditRow = Selectable<ContextEditsTable>;

export interface ContextFilters {
  locationKey?: string;
  tag?: string;
  sourceKind?: string;
  since?: string;
  until?: string;
  /** A LIKE pattern on search_text (escaped with '\'). */
  searchPattern?: string;
  /** Keyset cursor: rows strictly older than this (created_at, id). */
  before?: { createdAt: string; id: string };
  limit: number;
}

export interface RenderSummaryRow {
  context_id: string;
  id: string;
  status: string;
  template: string;
  created_at: string;
}

/** How many renders of one context `rendersOf` lists. */
export const RECENT_RENDERS = 5;

export class ContextStore {
  constructor(readonly store: Store) {}

  async insert(exec: Executor, row: ContextRow, tags: string[]): Promise<void> {
    await exec.insertInto('contexts').values(row).execute();
    if (tags.length) await exec.insertInto('context_tags').values(tags.map((tag) => ({ context_id: row.id, tag, created_at: row.created_at }))).execute();
  }

  async get(id: string, exec: Executor = this.store.db): Promise<ContextRow | undefined> {
    return exec.selectFrom('contexts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first; `limit + 1` rows so the caller knows whether a next page exists. */
  async list(f: ContextFilters): Promise<ContextRow[]> {
    let q = this.store.db.selectFrom('contexts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit + 1);
    if (f.locationKey !== undefined) q = q.where('location_key', '=', f.locationKey);
    if (f.sourceKind) q = q.where('source_kind', '=', f.sourceKind);
    if (f.since) q = q.where('created_at', '>=', f.since);
    if (f.until) q = q.where('created_at', '<=', f.until);
    if (f.searchPattern) q = q.where(sql<boolean>`search_text like ${f.searchPattern} escape '\\'`);
    if (f.tag !== undefined) {
      const tag = f.tag;
      q = q.where((eb) => eb.exists(eb.selectFrom('context_tags').select('context_tags.tag').whereRef('context_tags.context_id', '=', 'contexts.id').where('context_tags.tag', '=', tag)));
    }
    if (f.before) {
      const { createdAt, id } = f.before;
      q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
    }
    return q.execute();
  }

  /** Writes `set` when the row is still at `version` (and bumps it); false when it moved on or is gone. */
  async update(exec: Executor, id: string, version: number, set: Partial<Omit<ContextRow, 'id' | 'version'>>): Promise<boolean> {
    const res = await exec
      .updateTable('contexts')
      .set({ ...set, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Deletes the context with its tags and edit history (renders keep their own parameters). */
  async remove(exec: Executor, id: string, version: number): Promise<boolean> {
    const res = await exec.deleteFrom('contexts').where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) return false;
    await exec.deleteFrom('context_tags').where('context_id', '=', id).execute();
    await exec.deleteFrom('context_edits').where('context_id', '=', id).execute();
    return true;
  }

  async tagsOf(ids: string[], exec: Executor = this.store.db): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const rows = await exec.selectFrom('context_tags').select(['context_id', 'tag']).where('context_id', 'in', ids).orderBy('context_id').orderBy('tag').execute();
    for (const r of rows) out.get(r.context_id)?.push(r.tag);
    return out;
  }

  async addTags(exec: Executor, id: string, tags: string[], at: string): Promise<void> {
    if (tags.length === 0) return;
    await exec
      .insertInto('context_tags')
      .values(tags.map((tag) => ({ context_id: id, tag, created_at: at })))
      .onConflict((oc) => oc.columns(['context_id', 'tag']).doNothing())
      .execute();
  }

  async removeTag(exec: Executor, id: string, tag: string): Promise<void> {
    await exec.deleteFrom('context_tags').where('context_id', '=', id).where('tag', '=', tag).execute();
  }

  async addEdit(exec: Executor, edit: ContextEditRow): Promise<void> {
    await exec.insertInto('context_edits').values(edit).execute();
  }

  async edits(id: string): Promise<ContextEditRow[]> {
    return this.store.db.selectFrom('context_edits').selectAll().where('context_id', '=', id).orderBy('version').execute();
  }

  /** How many jobs were made from each context, and the newest few of them. */
  async rendersOf(ids: string[], exec: Executor = this.store.db): Promise<{ counts: Map<string, number>; recent: RenderSummaryRow[] }> {
    const counts = new Map<string, number>();
    if (ids.length === 0) return { counts, recent: [] };
    const countRows = await exec.selectFrom('jobs').select(['context_id', exec.fn.countAll<number>().as('n')]).where('context_id', 'in', ids).groupBy('context_id').execute();
    for (const r of countRows) if (r.context_id) counts.set(r.context_id, Number(r.n));
    if (countRows.length === 0) return { counts, recent: [] };
    const recent = await exec
      .selectFrom((eb) =>
        eb
          .selectFrom('jobs')
          .select(['context_id', 'id', 'status', 'template', 'created_at', sql<number>`row_number() over (partition by context_id order by seq desc)`.as('rn')])
          .where('context_id', 'in', ids)
          .$narrowType<{ context_id: string }>()
          .as('ranked'),
      )
      .select(['context_id', 'id', 'status', 'template', 'created_at'])
      .where('rn', '<=', RECENT_RENDERS)
      .orderBy('context_id')
      .orderBy('rn')
      .execute();
    return { counts, recent };
  }

  /** Contexts whose kept original was stored before `createdBefore`. */
  async sourcesOlderThan(createdBefore: string, limit: number): Promise<{ id: string; source_key: string }[]> {
    return this.store.db.selectFrom('contexts').select(['id', 'source_key']).where('source_key', 'is not', null).$narrowType<{ source_key: string }>().where('created_at', '<', createdBefore).orderBy('created_at').limit(limit).execute();
  }

  /** Forgets a context's kept original (not an edit: the version stays). */
  async clearSource(id: string, key: string): Promise<void> {
    await this.store.db.updateTable('contexts').set({ source_key: null }).where('id', '=', id).where('source_key', '=', key).execute();
  }

  /** Whether any context still keeps the original stored under `key` (identical uploads share one object). */
  async sourceKeyInUse(key: string, sha256: string): Promise<boolean> {
    const row = await this.store.db.selectFrom('contexts').select('id').where('source_sha256', '=', sha256).where('source_key', '=', key).limit(1).executeTakeFirst();
    return row !== undefined;
  }
}
