/**
 * Contexts: stored sets of air-quality values that renders are made from —
 * read from an uploaded bulletin (the ingest module calls {@link
 * ContextService.createFromUpload}), entered by hand, or fetched by a workflow.
 * They are listed and searched, edited with optimistic concurrency (a version
 * that every change bumps, sent back as ETag / If-Match) and an edit history,
 * tagged, rendered, and deleted. The original upload is kept in storage for
 * CONTEXT_SOURCE_RETENTION_DAYS. No HTTP, no SQL here (see store.ts).
 */
import { etagOf, ifMatchAllows } from '../../core/etag.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CATEGORY_STANDARDS, computeAqi, DEFAULT_AQI_STANDARD, INDEX_SCALE_STANDARDS, PLACE_LIMITS, ProvenanceSchema, type AqiStandardId, type PollutantId, type Provenance } from '@aqcast/engine';
import { overallConfidence, type ExtractedContext } from '@aqcast/extract';
import { AQI_STANDARD_IDS, isAqiStandardId, isMeasure, POLLUTANTS } from '@aqcast/vocabulary';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError, defineErrors, fieldError, notFound, validationError, type FieldError } from '../../core/errors.js';
import { createdCursor } from '../../core/cursor.js';
import type { EventBus } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { parseRenderParams } from '../../core/render-params.js';
import type { Storage } from '../../core/storage/storage.js';
import { onCommit, transaction, type Executor, type Store } from '../../core/store/database.js';
import { readJson } from '../../core/store/json-column.js';
import { withBrandDefaults, type BrandService } from '../brands/index.js';
import { parseInstant, type JobView, type QueueService } from '../queue/index.js';
import {
  MAX_TAGS,
  MEASURES,
  type ContextEdit,
  type ContextField,
  type ContextHistory,
  type ContextListQuery,
  type ContextPage,
  type ContextRenderBody,
  type ContextView,
  type CreateContextBody,
  type Measure,
  type PatchContextBody,
  type SourceKind,
  isSourceKind,
} from './contract.js';
import { containsPattern, foldText } from './search.js';
import { ContextStore, type ContextRow, type RenderSummaryRow } from './store.js';

export { MEASURES } from './contract.js';
export type MeasureValues = Partial<Record<Measure, number>>;

export const CONTEXT_ERRORS = defineErrors({
  precondition_failed: { status: 412, title: 'The resource changed since you read it (stale If-Match)' },
  index_not_drawable: { status: 422, title: "The context's index is not in a standard the videos can draw" },
});

export const CONTEXT_EVENTS = [
  { type: 'context.created', description: 'A context was stored (upload, by hand or by a workflow); data is the context' },
  { type: 'context.updated', description: 'A context was edited or (un)tagged; data is the context at its new version' },
  { type: 'context.deleted', description: 'A context was deleted; data is { contextId, location, deletedAt }' },
] as const;

/** The extraction names file types by their short name (`pdf`); contexts keep media types. */
const MEDIA_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
function mediaTypeOf(type: string | null | undefined): string | null {
  if (!type) return null;
  return type.includes('/') ? type : (MEDIA_TYPES[type] ?? 'application/octet-stream');
}

/** An edit's changes as stored (from and to are any JSON value, null for absent). */
const StoredChanges = Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() }));

const UNITS: Record<Measure, string> = { pm25: 'µg/m³', pm10: 'µg/m³', no2: 'µg/m³', o3: 'µg/m³', so2: 'µg/m³', co: 'mg/m³', temperatura: '°C', humidity: '%' };

/** The measured values of any object that carries them (an extraction, a context, render params). */
export function measureValues(c: Partial<Record<Measure, unknown>>): MeasureValues {
  const out: MeasureValues = {};
  for (const m of MEASURES) {
    const v = c[m];
    if (typeof v === 'number') out[m] = v;
  }
  return out;
}

/** Where a context came from, as stored. */
interface StoredSource {
  kind: SourceKind;
  filename: string | null;
  mediaType: string | null;
  sha256: string | null;
  bytes: number | null;
  pages: number | null;
  workflowId: string | null;
  runId: string | null;
}

/** The stored JSON document of a context: everything but what has a column of its own. */
type ContextDocument = Pick<ContextView, 'location' | 'date' | 'confidence' | 'fields' | 'method' | 'pages' | 'language' | 'stations' | 'cityValueRule' | 'kind' | 'languageModel' | 'index' | Measure> & { source: StoredSource; provenance?: Provenance };

/** What a workflow run hands over to become a context. */
export interface WorkflowContextInput {
  workflowId: string;
  runId: string;
  location: string;
  date?: string | null;
  values: MeasureValues;
  /** Per value: where the run found it (a URL, a JSON path), shown as the field's source text. */
  sourceTexts?: Partial<Record<Measure, string>>;
  tags?: string[];
  /** Where the run fetched the values (source, station, times, attribution). */
  provenance?: Provenance;
}

export interface ContextServiceOptions {
  store: Store;
  storage: Storage;
  events: EventBus;
  queue: QueueService;
  /** Renders in a brand (`brandId`, or the default brand). */
  brands: BrandService;
  publicBaseUrl: () => string;
  /** CONTEXT_SOURCE_RETENTION_DAYS: 0 keeps no originals. */
  retentionDays: number;
  logger?: Logger;
}

const DAY_MS = 86_400_000;
/** How often each process prunes originals past their retention. */
export const PRUNE_INTERVAL_MS = 3_600_000;

/** Trimmed, lower-case, without duplicates; a tag that is only spaces is refused. */
function normalizeTags(tags: readonly string[], field: string): string[] {
  const out: string[] = [];
  for (const [i, raw] of tags.entries()) {
    const tag = raw.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!tag) throw fieldError(`${field}[${i}]`, 'must not be blank');
    if (!out.includes(tag)) out.push(tag);
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

export class ContextService {
  readonly rows: ContextStore;
  private pruneTimer: NodeJS.Timeout | null = null;
  private pruning: Promise<number> | null = null;

  constructor(private readonly opts: ContextServiceOptions) {
    this.rows = new ContextStore(opts.store);
  }

  // ---- creation -----------------------------------------------------------

  /**
   * Stores what was extracted from an uploaded file, inside `trx`, and
   * publishes `context.created` and `ingest.completed`. The original goes to
   * storage first, so a committed context always finds it (a rolled-back one
   * leaves an object no context names).
   */
  async createFromUpload(trx: Executor, file: { filename: string; bytes: Buffer; mediaType: string }, extracted: ExtractedContext): Promise<ContextView> {
    const id = newId('ctx');
    const mediaType = mediaTypeOf(file.mediaType) ?? 'application/octet-stream';
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const sourceKey = this.opts.retentionDays > 0 ? await this.keepOriginal(id, file.bytes, mediaType) : null;
    const fields: Record<string, ContextField> = {};
    for (const [name, f] of Object.entries(extracted.fields)) if (f) fields[name] = { ...f, edited: false };
    const doc: ContextDocument = {
      location: extracted.location,
      date: extracted.date,
      ...measureValues(extracted),
      confidence: extracted.confidence,
      fields,
      method: extracted.method,
      pages: extracted.pages,
      language: extracted.language,
      stations: extracted.stations ?? [],
      cityValueRule: extracted.cityValueRule ?? null,
      kind: extracted.kind ?? null,
      ...(extracted.languageModel ? { languageModel: extracted.languageModel } : {}),
      index: extracted.index ?? null,
      source: { kind: 'upload', filename: file.filename, mediaType, sha256, bytes: file.bytes.length, pages: extracted.pages, workflowId: null, runId: null },
      provenance: { source: 'upload', retrievedAt: new Date().toISOString() },
    };
    const view = await this.insert(trx, id, doc, [], sourceKey);
    await this.opts.events.publish(trx, 'ingest.completed', view);
    return view;
  }

  /** `POST /contexts`: values entered by hand, validated like render parameters. */
  async create(body: CreateContextBody, exec?: Executor): Promise<ContextView> {
    const { tags: rawTags, ...input } = body;
    const params = parseRenderParams(input);
    const tags = normalizeTags(rawTags ?? [], 'tags');
    const values = measureValues(params);
    const fields: Record<string, ContextField> = {};
    for (const m of MEASURES) {
      const v = values[m];
      if (v !== undefined) fields[m] = { value: v, unit: UNITS[m], sourceText: '', confidence: 1, edited: false, origin: 'manual' };
    }
    const doc: ContextDocument = {
      location: params.location, date: body.date ?? null, ...values, confidence: 1, fields, method: 'manual', pages: 0, language: null, stations: [], cityValueRule: null, kind: null, index: null,
      source: { kind: 'manual', filename: null, mediaType: null, sha256: null, bytes: null, pages: null, workflowId: null, runId: null },
      provenance: params.provenance ?? { source: 'manual', retrievedAt: new Date().toISOString() },
    };
    return this.inTransaction(exec, (trx) => this.insert(trx, newId('ctx'), doc, tags, null));
  }

  /** A context from a workflow run's fetched values (for the workflows module), inside `exec`. */
  async createFromWorkflow(input: WorkflowContextInput, exec?: Executor): Promise<ContextView> {
    const params = parseRenderParams({ location: input.location, ...(input.date ? { date: input.date } : {}), ...input.values });
    const values = measureValues(params);
    const fields: Record<string, ContextField> = {};
    for (const m of MEASURES) {
      const v = values[m];
      if (v !== undefined) fields[m] = { value: v, unit: UNITS[m], sourceText: input.sourceTexts?.[m] ?? '', confidence: 1, edited: false, origin: 'workflow' };
    }
    const doc: ContextDocument = {
      location: params.location, date: input.date ?? null, ...values, confidence: 1, fields, method: 'workflow', pages: 0, language: null, stations: [], cityValueRule: null, kind: null, index: null,
      source: { kind: 'workflow', filename: null, mediaType: null, sha256: null, bytes: null, pages: null, workflowId: input.workflowId, runId: input.runId },
      ...(input.provenance ? { provenance: input.provenance } : {}),
    };
    return this.inTransaction(exec, (trx) => this.insert(trx, newId('ctx'), doc, normalizeTags(input.tags ?? [], 'tags'), null));
  }

  private async insert(trx: Executor, id: string, doc: ContextDocument, tags: string[], sourceKey: string | null): Promise<ContextView> {
    const now = new Date().toISOString();
    const row: ContextRow = {
      id, source_filename: doc.source.filename ?? '', source_sha256: doc.source.sha256 ?? '', source_type: doc.source.mediaType ?? '', source_bytes: doc.source.bytes ?? 0,
      method: doc.method, location: doc.location, confidence: doc.confidence, context: JSON.stringify(doc), tags: '[]', created_at: now, updated_at: now,
      source_kind: doc.source.kind, source_key: sourceKey, date: doc.date, location_key: doc.location === null ? null : foldText(doc.location), search_text: searchTextOf(doc, tags), version: 1,
    };
    await this.rows.insert(trx, row, tags);
    const view = this.view(row, tags, { count: 0, recent: [] });
    await this.opts.events.publish(trx, 'context.created', view);
    return view;
  }

  private async keepOriginal(id: string, bytes: Buffer, mediaType: string): Promise<string> {
    const key = `context-sources/${id}`;
    await mkdir(this.opts.storage.workDir, { recursive: true });
    const tmp = join(this.opts.storage.workDir, `${id}.upload`);
    await writeFile(tmp, bytes);
    await this.opts.storage.put(key, tmp, mediaType);
    return key;
  }

  // ---- reading --------------------------------------------------------------

  async get(id: string): Promise<ContextView> {
    const row = await this.rows.get(id);
    if (!row) throw notFound('Context', id);
    return (await this.views([row]))[0]!;
  }

  /** A stored context by id, or null (workflows read one with their `context` source). */
  async find(exec: Executor, id: string): Promise<ContextView | null> {
    const row = await this.rows.get(id, exec);
    return row ? (await this.views([row], exec))[0]! : null;
  }

  /** A stored context's place, day, language and measured values (for the AI helpers), or null when there is no such context. */
  async valuesOf(exec: Executor, id: string): Promise<{ contextId: string; location: string | null; date: string | null; language: string | null; values: MeasureValues } | null> {
    const view = await this.find(exec, id);
    if (!view) return null;
    return { contextId: view.contextId, location: view.location ?? null, date: view.date ?? null, language: view.language ?? null, values: measureValues(view) };
  }

  /** Filters are validated here (formats the schema cannot express: dates, cursor). */
  async list(query: ContextListQuery): Promise<ContextPage> {
    const errors: FieldError[] = [];
    const since = query.since ? parseInstant(query.since, 'since', errors) : undefined;
    const until = query.until ? parseInstant(query.until, 'until', errors, true) : undefined;
    const before = query.cursor ? createdCursor.decode(query.cursor, errors) : undefined;
    if (errors.length) throw validationError(errors);
    const limit = query.limit ?? 50;
    const rows = await this.rows.list({
      locationKey: query.location === undefined ? undefined : foldText(query.location),
      tag: query.tag === undefined ? undefined : query.tag.trim().replace(/\s+/g, ' ').toLowerCase(),
      sourceKind: query.source,
      since,
      until,
      searchPattern: query.q === undefined || foldText(query.q) === '' ? undefined : containsPattern(query.q),
      before,
      limit,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { contexts: await this.views(page), nextCursor: rows.length > limit && last ? createdCursor.encode({ createdAt: last.created_at, id: last.id }) : null };
  }

  async history(id: string): Promise<ContextHistory> {
    if (!(await this.rows.get(id))) throw notFound('Context', id);
    const edits = await this.rows.edits(id);
    return { contextId: id, edits: edits.map((e) => ({ version: e.version, editedAt: e.created_at, changes: readJson(StoredChanges, e.changes, `context ${id} edit ${e.version} changes`) })) };
  }

  /** The kept original upload, to stream; 404 when there is none (manual, workflow, or past its retention). */
  async source(id: string): Promise<{ stream: Readable; bytes: number; mediaType: string; filename: string; etag: string }> {
    const row = await this.rows.get(id);
    if (!row) throw notFound('Context', id);
    if (!row.source_key) throw notFound('Original upload of context', `${id} (${row.source_kind === 'upload' ? 'removed after CONTEXT_SOURCE_RETENTION_DAYS' : `its source is ${row.source_kind}`})`);
    if (this.expired(row)) {
      // Retention holds on access too, between two background prunes.
      await this.pruneOne(row.id, row.source_key);
      throw notFound('Original upload of context', `${id} (removed after CONTEXT_SOURCE_RETENTION_DAYS)`);
    }
    const stat = await this.opts.storage.stat(row.source_key);
    if (!stat) throw notFound('Original upload of context', id);
    return { stream: await this.opts.storage.read(row.source_key), bytes: stat.bytes, mediaType: mediaTypeOf(row.source_type) ?? 'application/octet-stream', filename: row.source_filename || 'upload', etag: stat.etag };
  }

  // ---- changes --------------------------------------------------------------

  /**
   * `PATCH /contexts/:id`: changes values, location or date (validated like
   * render parameters; null removes a value). With `ifMatch`, a context that
   * changed since that ETag is refused with 412. Records the edit and
   * publishes `context.updated`; a patch that changes nothing changes nothing.
   */
  async update(id: string, patch: PatchContextBody, ifMatch?: string, exec?: Executor): Promise<ContextView> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    if (entries.length === 0) throw validationError([{ field: '(root)', message: 'name at least one field to change' }]);
    // Validated as render parameters: ranges, a calendar date, temperature = temperatura.
    const probe: Record<string, unknown> = { location: patch.location ?? 'probe' };
    for (const [k, v] of entries) if (v !== null && k !== 'location') probe[k] = v;
    const checked = parseRenderParams(probe);
    const changesTo = new Map<'location' | 'date' | Measure, string | number | null>();
    if (patch.location !== undefined) changesTo.set('location', checked.location);
    if (patch.date !== undefined) changesTo.set('date', patch.date);
    for (const m of MEASURES) {
      const given = m === 'temperatura' ? (patch.temperatura !== undefined ? patch.temperatura : patch.temperature) : patch[m];
      if (given !== undefined) changesTo.set(m, given);
    }
    return this.change(id, ifMatch, exec, async (doc, tags, now) => {
      const next: ContextDocument = structuredClone(doc);
      const changes: ContextEdit['changes'] = [];
      for (const [field, to] of changesTo) {
        const from = doc[field] ?? null;
        if (sameValue(from, to)) continue;
        changes.push({ field, from, to });
        if (to === null) {
          if (field === 'date') next.date = null;
          else if (field !== 'location') delete next[field];
          delete next.fields[field];
        } else {
          if (field === 'location' || field === 'date') next[field] = String(to);
          else if (typeof to === 'number') next[field] = to;
          next.fields[field] = editedField(doc.fields[field], to, now, isMeasure(field) ? UNITS[field] : undefined);
        }
      }
      if (changes.length === 0) return null;
      next.confidence = confidenceOf(next);
      return { doc: next, tags, changes };
    });
  }

  /** `POST /contexts/:id/tags`: adds tags (case-insensitive; present ones are kept once). */
  async addTags(id: string, rawTags: readonly string[], ifMatch?: string, exec?: Executor): Promise<ContextView> {
    const adding = normalizeTags(rawTags, 'tags');
    return this.change(id, ifMatch, exec, async (doc, tags) => {
      const next = [...tags, ...adding.filter((t) => !tags.includes(t))];
      if (next.length === tags.length) return null;
      if (next.length > MAX_TAGS) throw fieldError('tags', `a context has at most ${MAX_TAGS} tags; it has ${tags.length}`);
      return { doc, tags: next.sort(), changes: [{ field: 'tags', from: tags, to: next.sort() }] };
    });
  }

  /** `DELETE /contexts/:id/tags/:tag`: removes one tag (404 when the context does not have it). */
  async removeTag(id: string, rawTag: string, ifMatch?: string, exec?: Executor): Promise<ContextView> {
    const [tag] = normalizeTags([rawTag], 'tag');
    return this.change(id, ifMatch, exec, async (doc, tags) => {
      if (!tags.includes(tag!)) throw notFound(`Tag "${tag}" of context`, id);
      const next = tags.filter((t) => t !== tag);
      return { doc, tags: next, changes: [{ field: 'tags', from: tags, to: next }] };
    });
  }

  /**
   * Reads the context in `exec`, applies `apply`, and writes the result if the
   * context is still at the version read (a concurrent writer makes it read
   * again; with If-Match, a moved version is a 412).
   */
  private async change(
    id: string,
    ifMatch: string | undefined,
    exec: Executor | undefined,
    apply: (doc: ContextDocument, tags: string[], now: string) => Promise<{ doc: ContextDocument; tags: string[]; changes: ContextEdit['changes'] } | null>,
  ): Promise<ContextView> {
    return this.inTransaction(exec, async (trx) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await this.rows.get(id, trx);
        if (!row) throw notFound('Context', id);
        this.checkIfMatch(row, ifMatch);
        const tags = (await this.rows.tagsOf([id], trx)).get(id) ?? [];
        const now = new Date().toISOString();
        const result = await apply(readDocument(row), tags, now);
        if (!result) return (await this.views([row], trx))[0]!;
        const { doc, changes } = result;
        const written = await this.rows.update(trx, id, row.version, {
          location: doc.location, location_key: doc.location === null ? null : foldText(doc.location), date: doc.date, confidence: doc.confidence,
          context: JSON.stringify(doc), search_text: searchTextOf(doc, result.tags), updated_at: now,
        });
        if (!written) continue;
        for (const t of tags) if (!result.tags.includes(t)) await this.rows.removeTag(trx, id, t);
        await this.rows.addTags(trx, id, result.tags.filter((t) => !tags.includes(t)), now);
        await this.rows.addEdit(trx, { id: newId('ced'), context_id: id, version: row.version + 1, changes: JSON.stringify(changes), created_at: now });
        const view = (await this.views([{ ...row, version: row.version + 1, location: doc.location, date: doc.date, confidence: doc.confidence, context: JSON.stringify(doc), updated_at: now }], trx))[0]!;
        await this.opts.events.publish(trx, 'context.updated', view);
        return view;
      }
      throw new AppError(CONTEXT_ERRORS.precondition_failed, `Context ${id} kept changing while this edit was applied; read it again and retry`);
    });
  }

  /** `DELETE /contexts/:id`: the context, its tags and history go; renders made from it keep their parameters. */
  async remove(id: string, ifMatch?: string): Promise<void> {
    await transaction(this.opts.store, async (trx) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await this.rows.get(id, trx);
        if (!row) throw notFound('Context', id);
        this.checkIfMatch(row, ifMatch);
        if (!(await this.rows.remove(trx, id, row.version))) continue;
        await this.opts.events.publish(trx, 'context.deleted', { contextId: id, location: row.location, deletedAt: new Date().toISOString() });
        const key = row.source_key;
        if (key) onCommit(trx, () => void this.opts.storage.remove(key).catch((err: unknown) => this.opts.logger?.warn({ err, key }, 'could not remove the original of a deleted context')));
        return;
      }
      throw new AppError(CONTEXT_ERRORS.precondition_failed, `Context ${id} kept changing while it was being deleted; retry`);
    });
  }

  /**
   * `POST /contexts/:id/render`: the context's values (and date and bulletin
   * language) as render parameters, with the caller's options over them; the
   * job records `contextId`.
   */
  async render(id: string, body: ContextRenderBody, exec?: Executor): Promise<JobView> {
    return this.inTransaction(exec, async (trx) => {
      const row = await this.rows.get(id, trx);
      if (!row) throw notFound('Context', id);
      const doc = readDocument(row);
      const { priority, location: locationOverride, brandId, ...options } = body;
      const location = locationOverride ?? doc.location;
      if (!location) throw fieldError('location', 'the context has no location: send one with the render options (or PATCH the context)');
      const brand = await this.opts.brands.forRender(brandId, 'brandId', trx);
      const params = parseRenderParams(
        withBrandDefaults(
          {
            ...(doc.date ? { date: doc.date } : {}),
            ...(doc.language ? { language: doc.language } : {}),
            ...valueParams(doc),
            ...stationParams(doc.stations, options.template ?? options.compositionId, options.aqiStandard !== undefined && isAqiStandardId(options.aqiStandard) ? options.aqiStandard : DEFAULT_AQI_STANDARD),
            provenance: provenanceOf(doc, row.created_at),
            ...options,
            location,
          },
          brand,
        ),
      );
      const [job] = await this.opts.queue.enqueue([{ params, options: { contextId: id, brand, ...(priority === undefined ? {} : { priority }) } }], trx);
      return job!;
    });
  }

  // ---- retention of originals -----------------------------------------------

  /** Removes kept originals older than the retention (as of `now`); returns how many. */
  async pruneSources(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.opts.retentionDays * DAY_MS).toISOString();
    let removed = 0;
    for (;;) {
      const batch = await this.rows.sourcesOlderThan(cutoff, 200);
      for (const r of batch) {
        await this.pruneOne(r.id, r.source_key);
        removed++;
      }
      if (batch.length < 200) return removed;
    }
  }

  /** Prunes now and then every hour, in every process (pruning twice is harmless). */
  startPruning(): void {
    const run = () => {
      this.pruning ??= this.pruneSources()
        .catch((err: unknown) => {
          this.opts.logger?.warn({ err }, 'pruning the originals of contexts failed; retrying in an hour');
          return 0;
        })
        .finally(() => (this.pruning = null));
    };
    run();
    this.pruneTimer = setInterval(run, PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  async stopPruning(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
    await this.pruning;
  }

  private async pruneOne(id: string, key: string): Promise<void> {
    await this.rows.clearSource(id, key);
    await this.opts.storage.remove(key);
  }

  private expired(row: ContextRow, now = Date.now()): boolean {
    return Date.parse(row.created_at) + this.opts.retentionDays * DAY_MS <= now;
  }

  // ---- views ------------------------------------------------------------------

  private checkIfMatch(row: ContextRow, ifMatch: string | undefined): void {
    if (ifMatchAllows(ifMatch, row.version)) return;
    throw new AppError(CONTEXT_ERRORS.precondition_failed, `Context ${row.id} is at version ${row.version} (ETag ${etagOf(row.version)}), not the one If-Match names; read it again and reapply your change`, {
      currentVersion: row.version,
      etag: etagOf(row.version),
    });
  }

  private async views(rows: ContextRow[], exec?: Executor): Promise<ContextView[]> {
    const ids = rows.map((r) => r.id);
    const [tags, renders] = await Promise.all([this.rows.tagsOf(ids, exec), this.rows.rendersOf(ids, exec)]);
    const recent = new Map<string, RenderSummaryRow[]>();
    for (const r of renders.recent) recent.set(r.context_id, [...(recent.get(r.context_id) ?? []), r]);
    return rows.map((row) => this.view(row, tags.get(row.id) ?? [], { count: renders.counts.get(row.id) ?? 0, recent: recent.get(row.id) ?? [] }));
  }

  /** The public shape of a context row. */
  view(row: ContextRow, tags: string[], renders: { count: number; recent: RenderSummaryRow[] }): ContextView {
    const doc = readDocument(row);
    const kept = row.source_key !== null && this.opts.retentionDays > 0 && !this.expired(row);
    return {
      contextId: row.id,
      location: row.location,
      date: row.date,
      ...measureValues(doc),
      confidence: row.confidence,
      fields: doc.fields,
      method: row.method,
      pages: doc.pages,
      language: doc.language,
      stations: doc.stations,
      cityValueRule: doc.cityValueRule,
      provenance: provenanceOf(doc, row.created_at),
      kind: doc.kind,
      ...(doc.languageModel ? { languageModel: doc.languageModel } : {}),
      index: doc.index,
      source: {
        ...doc.source,
        kept,
        keptUntil: kept ? new Date(Date.parse(row.created_at) + this.opts.retentionDays * DAY_MS).toISOString() : null,
        url: kept ? `${this.opts.publicBaseUrl()}/contexts/${row.id}/source` : null,
      },
      tags,
      renders: { count: renders.count, recent: renders.recent.map((r) => ({ jobId: r.id, status: r.status, template: r.template, createdAt: r.created_at })) },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: row.version,
    };
  }

  private inTransaction<T>(exec: Executor | undefined, work: (trx: Executor) => Promise<T>): Promise<T> {
    return exec ? work(exec) : transaction(this.opts.store, work);
  }
}

/** A context's provenance: as stored, or (contexts stored before provenance) its kind of source and when it was stored. */
function provenanceOf(doc: ContextDocument, createdAt: string): Provenance {
  return doc.provenance ?? { source: doc.source.kind === 'upload' ? 'upload' : 'manual', retrievedAt: new Date(createdAt).toISOString() };
}

/**
 * The stations of a context as the multi-place templates take them: `places` for a
 * ranking or a comparison (a ranking of more stations than it takes keeps the worst
 * by the render's standard), `stations` for a station map (those with coordinates;
 * none → 400 naming `stations`). Other templates take the city values only.
 */
function stationParams(stations: ContextView['stations'], template: string | undefined, standard: AqiStandardId): Record<string, unknown> {
  const rows = stations
    .map((s) => ({ name: s.name.trim().replace(/\s+/g, ' ').slice(0, PLACE_LIMITS.nameMax), values: pollutantValues(s.values), lat: coordinate(s, 'lat'), lon: coordinate(s, 'lon') }))
    .filter((s) => s.name !== '' && Object.keys(s.values).length > 0);
  if (template === 'ranking' || template === 'comparison') {
    if (rows.length < PLACE_LIMITS.minPlaces) return {};
    const worstFirst = [...rows].sort((a, b) => (computeAqi(standard, b.values).position ?? -1) - (computeAqi(standard, a.values).position ?? -1));
    const chosen = template === 'ranking' && rows.length > PLACE_LIMITS.maxPlaces ? worstFirst.slice(0, PLACE_LIMITS.maxPlaces) : rows;
    return { places: chosen.map((s) => ({ name: s.name, ...s.values })) };
  }
  if (template === 'station-map') {
    const placed = rows.filter((s) => typeof s.lat === 'number' && typeof s.lon === 'number');
    if (placed.length === 0) throw fieldError('stations', stations.length ? 'the context\'s stations have no coordinates (lat, lon): a station map needs them' : 'the context lists no stations');
    return { stations: placed.slice(0, PLACE_LIMITS.maxStations).map((s) => ({ name: s.name, lat: s.lat, lon: s.lon, ...s.values })) };
  }
  return {};
}

/** A station's coordinate when the document (or an edit) gave one. */
function coordinate(s: object, key: 'lat' | 'lon'): number | undefined {
  const v: unknown = Reflect.get(s, key);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function pollutantValues(values: Record<string, number>): Partial<Record<PollutantId, number>> {
  const out: Partial<Record<PollutantId, number>> = {};
  for (const k of POLLUTANTS) {
    const v = values[k];
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  return out;
}

/**
 * What a render of a context reports: its concentrations, or — for a context of index
 * values with no concentration a person entered since — its index, drawn as given (an
 * index video): its number in a standard with a numeric index scale, or its category in a
 * band-only one. An index in neither cannot be drawn: 422 naming `index.standard`.
 */
function valueParams(doc: ContextDocument): Record<string, unknown> {
  const values = measureValues(doc);
  const index = doc.index;
  if (!index || POLLUTANTS.some((p) => values[p] !== undefined)) return values;
  const drawable = [...INDEX_SCALE_STANDARDS, ...CATEGORY_STANDARDS];
  const standard = index.standard;
  const numeric = standard !== null && INDEX_SCALE_STANDARDS.includes(standard) && index.overall !== null;
  const banded = standard !== null && CATEGORY_STANDARDS.includes(standard) && index.category !== undefined;
  if (!standard || (!numeric && !banded)) {
    throw new AppError(CONTEXT_ERRORS.index_not_drawable, `the context's index (${index.name}${standard ? `, ${standard}` : ''}) is not in a standard the videos draw (a numeric index: ${INDEX_SCALE_STANDARDS.join(', ')}; categories: ${CATEGORY_STANDARDS.join(', ')}); enter concentrations with PATCH to render it`, {
      errors: [{ field: 'index.standard', message: `must be one of ${drawable.join(', ')} to be drawn` }],
    });
  }
  const { pm25: _pm25, pm10: _pm10, no2: _no2, o3: _o3, so2: _so2, co: _co, ...weather } = values;
  if (banded) {
    const categories: Partial<Record<PollutantId, string>> = {};
    for (const p of POLLUTANTS) {
      const v = index.categories?.[p];
      if (v !== undefined) categories[p] = v;
    }
    return { ...weather, index: { standard, category: index.category, categories } };
  }
  const pollutants: Partial<Record<PollutantId, number>> = {};
  for (const p of POLLUTANTS) {
    const v = index.pollutants[p];
    if (v !== undefined) pollutants[p] = v;
  }
  return { ...weather, index: { standard, overall: index.overall, pollutants } };
}

/** A stored index, checked as read (the contract's nullable enum is written for OpenAPI, not for Value.Check). */
const StoredIndexSchema = Type.Object({
  name: Type.String(),
  standard: Type.Union([...AQI_STANDARD_IDS.map((id) => Type.Literal(id)), Type.Null()]),
  overall: Type.Union([Type.Number(), Type.Null()]),
  pollutants: Type.Record(Type.String(), Type.Number()),
  category: Type.Optional(Type.String()),
  categories: Type.Optional(Type.Record(Type.String(), Type.String())),
  sources: Type.Record(Type.String(), Type.Object({ sourceText: Type.String(), confidence: Type.Number() })),
});

/** The stored document, with what contexts stored before this shape lack filled in. */
function readDocument(row: ContextRow): ContextDocument {
  // Stored by this module over several versions: every field is read below with a default for shapes that lack it.
  const raw = JSON.parse(row.context) as Partial<ContextDocument> & { source?: Partial<StoredSource> & { type?: string } };
  const fields: Record<string, ContextField> = {};
  for (const [name, f] of Object.entries(raw.fields ?? {})) fields[name] = { ...f, edited: f.edited ?? false };
  const s: Partial<StoredSource> & { type?: string } = raw.source ?? {};
  return {
    ...measureValues(raw),
    location: row.location,
    date: row.date ?? raw.date ?? null,
    confidence: row.confidence,
    fields,
    method: row.method,
    pages: raw.pages ?? 0,
    language: raw.language ?? null,
    stations: raw.stations ?? [],
    cityValueRule: raw.cityValueRule ?? null,
    kind: raw.kind ?? null,
    ...(raw.languageModel ? { languageModel: raw.languageModel } : {}),
    index: Value.Check(StoredIndexSchema, raw.index) ? raw.index : null,
    ...(Value.Check(ProvenanceSchema, raw.provenance) ? { provenance: raw.provenance } : {}),
    source: {
      kind: [s.kind, row.source_kind].find(isSourceKind) ?? 'upload',
      filename: s.filename ?? (row.source_filename || null),
      mediaType: mediaTypeOf(s.mediaType ?? s.type ?? row.source_type),
      sha256: s.sha256 ?? (row.source_sha256 || null),
      bytes: s.bytes ?? (row.source_kind === 'upload' ? row.source_bytes : null),
      pages: s.pages ?? (row.source_kind === 'upload' ? (raw.pages ?? null) : null),
      workflowId: s.workflowId ?? null,
      runId: s.runId ?? null,
    },
  };
}

/** A field after a person set it: confidence 1, marked edited, the document's value kept beside it. */
function editedField(previous: ContextField | undefined, value: number | string, now: string, unit: string | undefined): ContextField {
  const extracted = previous?.extractedValue ?? (previous && !previous.edited && previous.sourceText ? previous.value : undefined);
  return {
    ...(previous ?? { sourceText: '' }),
    ...(unit && !previous?.unit ? { unit } : {}),
    value,
    confidence: 1,
    edited: true,
    editedAt: now,
    ...(extracted === undefined ? {} : { extractedValue: extracted }),
  };
}

/** Overall confidence after an edit: the extraction's rule over the fields as they are now (entered values count as certain). */
function confidenceOf(doc: ContextDocument): number {
  if (doc.source.kind !== 'upload') return 1;
  return overallConfidence(doc.fields);
}

/** What `q` searches: location, date, file name, tags, station names and the source texts, folded. */
function searchTextOf(doc: ContextDocument, tags: string[]): string {
  const parts = [doc.location, doc.date, doc.source.filename, ...tags, ...doc.stations.map((s) => s.name), ...Object.values(doc.fields).map((f) => f.sourceText)];
  return foldText(parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' ')).slice(0, 8000);
}
