/**
 * Brands: a publisher's look and render defaults, versioned (every change is a new
 * version; renders record the one they used), edited with ETag/If-Match. Uploads
 * are checked by content (assets.ts) and stored content-addressed; colours are
 * checked for legibility by the engine, which adjusts too-faint ones and reports
 * each change (`adjustments`) rather than refusing them. The queue's extension
 * point hands each job its brand version as the engine's theme. No HTTP, no SQL
 * here (see store.ts).
 */
import { etagOf, ifMatchAllows } from '../../core/etag.js';
import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RATED_STANDARD_IDS,
  DEFAULT_TEMPLATE_ID,
  EngineError,
  FORMATS,
  LANGUAGES,
  normalizeRenderParams,
  renderPosterJpeg,
  resolveTheme,
  THEME_FAMILIES,
  type ThemeAdjustment,
  type ThemeFamily,
  type ThemeInput,
} from '@aqcast/engine';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AppError, defineErrors, fieldError, notFound, validationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Storage } from '../../core/storage/storage.js';
import { transaction, type Executor, type Store } from '../../core/store/database.js';
import type { JobExtension, JobRenderExtras } from '../queue/index.js';
import { LOGO_PLATES, LOGO_TYPES, OneOf, type BrandView, type CreateBrandBody, type PatchBrandBody, type PreviewBody } from './contract.js';
import { validateFont, validateLogo } from './assets.js';
import { BrandStore, type BrandRow } from './store.js';

export const BRAND_ERRORS = defineErrors({
  brand_in_use: { status: 409, title: 'The brand is in use (by unfinished renders, workflows or experiments)' },
  brand_precondition_failed: { status: 412, title: 'The brand changed since you read it (stale If-Match)' },
});

export const BRAND_EVENTS = [
  { type: 'brand.created', description: 'A brand was created; data is the brand' },
  { type: 'brand.updated', description: 'A brand was changed (a new version); data is the brand' },
  { type: 'brand.deleted', description: 'A brand was deleted; data is { brandId, name, deletedAt }' },
] as const;

const CardDoc = Type.Object({ durationSec: Type.Number(), text: Type.Optional(Type.String()) });
const StoredAsset = { key: Type.String(), sha256: Type.String(), bytes: Type.Integer() };
/** The stored JSON of a brand version: what it asks for, its stored assets, and what the engine made of it. */
const BrandDocumentSchema = Type.Object({
  colors: Type.Object({ background: Type.Optional(Type.String()), surface: Type.Optional(Type.String()), text: Type.Optional(Type.String()), accent: Type.Optional(Type.String()) }),
  typeface: Type.Union(THEME_FAMILIES.map((f) => Type.Literal(f))),
  credit: Type.String(),
  intro: Type.Union([CardDoc, Type.Null()]),
  outro: Type.Union([CardDoc, Type.Null()]),
  defaults: Type.Object({ language: Type.Optional(OneOf(LANGUAGES)), aqiStandard: Type.Optional(OneOf(RATED_STANDARD_IDS)), format: Type.Optional(OneOf(FORMATS)) }),
  logo: Type.Union([Type.Object({ ...StoredAsset, mediaType: Type.String(), uploadedType: OneOf(LOGO_TYPES), width: Type.Integer(), height: Type.Integer(), plate: OneOf(LOGO_PLATES) }), Type.Null()]),
  font: Type.Union([Type.Object({ ...StoredAsset, family: Type.String(), format: Type.String() }), Type.Null()]),
  adjustments: Type.Array(Type.Object({ field: Type.String(), from: Type.String(), to: Type.String(), against: Type.String(), againstField: Type.String(), ratioBefore: Type.Number(), ratio: Type.Number(), required: Type.Number() })),
  effective: Type.Object({ background: Type.String(), surface: Type.String(), text: Type.String(), muted: Type.String(), faint: Type.String(), accent: Type.Union([Type.String(), Type.Null()]) }),
});
export type BrandDocument = Static<typeof BrandDocumentSchema>;

function readDocument(json: string): BrandDocument {
  return Value.Parse(BrandDocumentSchema, JSON.parse(json));
}

/** A brand a render is made in: which version, and the render defaults it brings. */
export interface RenderBrand {
  brandId: string;
  version: number;
  defaults: BrandDocument['defaults'];
  /** Its intro and outro cards, which lengthen the video and shift the report (and a narration) by the intro. */
  cards: Pick<BrandDocument, 'intro' | 'outro'>;
}

/** What names a brand in another module (a workflow's render step, an experiment's arm): up to `limit` of them. */
export type BrandUsers = (exec: Executor, brandId: string, limit: number) => Promise<{ kind: string; id: string }[]>;

/** Render params in a brand: the brand's defaults (language, AQI standard, format) under what the body sets. */
export function withBrandDefaults<T>(rest: T, brand: RenderBrand | null): T {
  if (!brand || typeof rest !== 'object' || rest === null || Array.isArray(rest)) return rest;
  const d = brand.defaults;
  return { ...(d.language ? { language: d.language } : {}), ...(d.aqiStandard ? { aqiStandard: d.aqiStandard } : {}), ...(d.format ? { format: d.format } : {}), ...rest };
}

/** A stored brand as a render uses it: which version, and the defaults it brings. */
function renderBrandOf(row: { id: string; version: number; doc: string }): RenderBrand {
  const doc = readDocument(row.doc);
  return { brandId: row.id, version: row.version, defaults: doc.defaults, cards: { intro: doc.intro, outro: doc.outro } };
}

/** Longest list of users a 409 names. */
const MAX_NAMED_USERS = 20;
/** Decoded assets kept per process (content-addressed, so never stale). */
const ASSET_CACHE = 32;

export interface BrandServiceOptions {
  store: Store;
  storage: Storage;
  publish: (exec: Executor, type: string, data: unknown) => Promise<void>;
}

export class BrandService implements JobExtension {
  readonly rows: BrandStore;
  private readonly assets = new Map<string, Buffer>();
  /** Modules whose things name brands (see `addUsers`). */
  private readonly users: BrandUsers[] = [];

  constructor(private readonly o: BrandServiceOptions) {
    this.rows = new BrandStore(o.store);
  }

  // ── create, read, change, delete ────────────────────────────────────────

  /**
   * Checks a new brand's uploads and colours and stores its assets; returns what
   * `insert` writes. Everything that can be refused is refused here, before a
   * byte is stored.
   */
  async prepareCreate(body: CreateBrandBody): Promise<{ name: string; isDefault: boolean; doc: BrandDocument }> {
    const logo = body.logo ? validateLogo(decodeBase64(body.logo.data, 'logo.data'), 'logo.data') : null;
    const font = body.font ? validateFont(decodeBase64(body.font.data, 'font.data'), 'font.data') : null;
    const draft = {
      colors: { ...body.colors },
      typeface: body.typeface ?? 'inter',
      credit: body.credit ?? 'aqcast',
      intro: body.intro ?? null,
      outro: body.outro ?? null,
      defaults: { ...body.defaults },
    } satisfies Partial<BrandDocument>;
    const logoBytes = logo ? { bytes: logo.image, plate: body.logo?.plate ?? 'auto' } : null;
    const fontBytes = font && body.font ? decodeBase64(body.font.data, 'font.data') : null;
    const checked = await this.check(draft, logoBytes, fontBytes);
    const doc: BrandDocument = {
      ...draft,
      ...checked,
      logo: logo && logoBytes ? { ...(await this.storeAsset(logo.image, logo.mediaType === 'image/png' ? 'png' : 'jpg', logo.mediaType)), mediaType: logo.mediaType, uploadedType: logo.uploadedType, width: logo.width, height: logo.height, plate: logoBytes.plate } : null,
      font: font && fontBytes ? { ...(await this.storeAsset(fontBytes, font.format === 'opentype' ? 'otf' : 'ttf', 'font/' + (font.format === 'opentype' ? 'otf' : 'ttf'))), family: font.family, format: font.format } : null,
    };
    return { name: body.name, isDefault: body.isDefault ?? false, doc };
  }

  /** Writes a prepared brand (in the caller's transaction, so the idempotent answer commits with it). */
  async insert(prepared: { name: string; isDefault: boolean; doc: BrandDocument }, exec: Executor): Promise<BrandView> {
    const now = new Date().toISOString();
    const row: BrandRow = { id: newId('brd'), name: prepared.name, version: 1, is_default: prepared.isDefault ? 1 : 0, doc: JSON.stringify(prepared.doc), created_at: now, updated_at: now, deleted_at: null };
    if (prepared.isDefault) await this.rows.clearDefault(exec, row.id);
    await this.rows.insert(exec, row);
    const view = this.view(row);
    await this.o.publish(exec, 'brand.created', view);
    return view;
  }

  async get(id: string, exec?: Executor): Promise<BrandView> {
    const row = await this.rows.get(id, exec);
    if (!row) throw notFound('Brand', id);
    return this.view(row);
  }

  async list(): Promise<{ brands: BrandView[] }> {
    return { brands: (await this.rows.list()).map((r) => this.view(r)) };
  }

  /**
   * Checks a change (uploads, colours) and stores new assets; returns the patch
   * `applyUpdate` writes. Refusals happen here, before anything is stored.
   */
  async prepareUpdate(id: string, patch: PatchBrandBody): Promise<(current: BrandRow) => Promise<{ name: string; isDefault: boolean; doc: BrandDocument }>> {
    const logo = patch.logo ? validateLogo(decodeBase64(patch.logo.data, 'logo.data'), 'logo.data') : null;
    const fontRaw = patch.font ? decodeBase64(patch.font.data, 'font.data') : null;
    const font = fontRaw ? validateFont(fontRaw, 'font.data') : null;
    if (!(await this.rows.get(id))) throw notFound('Brand', id);
    // The engine must be able to decode and register them before anything is stored.
    if (logo || fontRaw) await this.check({ colors: {}, typeface: 'inter', credit: '', intro: null, outro: null }, logo ? { bytes: logo.image, plate: 'auto' } : null, fontRaw);
    const storedLogo = logo ? await this.storeAsset(logo.image, logo.mediaType === 'image/png' ? 'png' : 'jpg', logo.mediaType) : null;
    const storedFont = font && fontRaw ? await this.storeAsset(fontRaw, font.format === 'opentype' ? 'otf' : 'ttf', 'font/' + (font.format === 'opentype' ? 'otf' : 'ttf')) : null;
    return async (current) => {
      const old = readDocument(current.doc);
      const draft = {
        colors: patch.colors === undefined ? old.colors : { ...old.colors, ...patch.colors },
        typeface: patch.typeface ?? old.typeface,
        credit: patch.credit ?? old.credit,
        intro: patch.intro === undefined ? old.intro : patch.intro,
        outro: patch.outro === undefined ? old.outro : patch.outro,
        defaults: patch.defaults === undefined ? old.defaults : { ...old.defaults, ...patch.defaults },
      };
      const logoDoc =
        patch.logo === null ? null
        : logo && storedLogo && patch.logo ? { ...storedLogo, mediaType: logo.mediaType, uploadedType: logo.uploadedType, width: logo.width, height: logo.height, plate: patch.logo.plate ?? 'auto' }
        : old.logo;
      const fontDoc = patch.font === null ? null : font && storedFont ? { ...storedFont, family: font.family, format: font.format } : old.font;
      const checked = await this.check(draft, logoDoc ? { bytes: await this.readAsset(logoDoc.key), plate: logoDoc.plate } : null, fontDoc ? await this.readAsset(fontDoc.key) : null);
      return { name: patch.name ?? current.name, isDefault: patch.isDefault ?? current.is_default === 1, doc: { ...draft, ...checked, logo: logoDoc, font: fontDoc } };
    };
  }

  /** Applies a prepared change at the version If-Match names (any, without it); a new version. */
  async applyUpdate(id: string, make: (current: BrandRow) => Promise<{ name: string; isDefault: boolean; doc: BrandDocument }>, ifMatch: string | undefined, exec: Executor): Promise<BrandView> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.rows.get(id, exec);
      if (!row) throw notFound('Brand', id);
      this.checkIfMatch(row, ifMatch);
      const next = await make(row);
      const now = new Date().toISOString();
      const set = { name: next.name, is_default: next.isDefault ? 1 : 0, doc: JSON.stringify(next.doc), updated_at: now };
      if (!(await this.rows.update(exec, id, row.version, set))) continue;
      if (next.isDefault) await this.rows.clearDefault(exec, id);
      const view = this.view({ ...row, ...set, version: row.version + 1 });
      await this.o.publish(exec, 'brand.updated', view);
      return view;
    }
    throw new AppError(BRAND_ERRORS.brand_precondition_failed, `Brand ${id} kept changing while this edit was applied; read it again and retry`);
  }

  /** Registers a module whose things name brands, so a brand they name is not deleted under them. */
  addUsers(users: BrandUsers): void {
    this.users.push(users);
  }

  /**
   * Deletes a brand that nothing uses: no unfinished render, no workflow render
   * step, no experiment arm (409 naming them otherwise). Its versions and assets
   * stay: finished renders that used it can be re-rendered.
   */
  async remove(id: string, ifMatch?: string): Promise<void> {
    await transaction(this.o.store, async (trx) => {
      const row = await this.rows.get(id, trx);
      if (!row) throw notFound('Brand', id);
      this.checkIfMatch(row, ifMatch);
      const users = (await this.rows.activeJobs(trx, id, MAX_NAMED_USERS)).map((jobId) => ({ kind: 'render', id: jobId }));
      for (const find of this.users) users.push(...(await find(trx, id, MAX_NAMED_USERS)));
      if (users.length > 0) {
        const named = users.slice(0, MAX_NAMED_USERS);
        throw new AppError(BRAND_ERRORS.brand_in_use, `Brand ${id} is in use by ${named.map((u) => `${u.kind} ${u.id}`).join(', ')}${users.length >= MAX_NAMED_USERS ? ' (and maybe more)' : ''}; let the renders finish or cancel them, and move the workflows and experiments to another brand, then delete it`, {
          users: named,
        });
      }
      if (!(await this.rows.markDeleted(trx, id, row.version, new Date().toISOString()))) throw new AppError(BRAND_ERRORS.brand_precondition_failed, `Brand ${id} changed while it was being deleted; retry`);
      await this.o.publish(trx, 'brand.deleted', { brandId: id, name: row.name, deletedAt: new Date().toISOString() });
    });
  }

  // ── renders in a brand ──────────────────────────────────────────────────

  /**
   * The brand a render is made in: the named one (`brandId`; unknown → a 400
   * naming `field`), none for null, the default brand (if one is set) when omitted.
   */
  async forRender(brandId: string | null | undefined, field: string, exec?: Executor): Promise<RenderBrand | null> {
    if (brandId === null) return null;
    const row = brandId === undefined ? await this.rows.getDefault(exec) : await this.rows.get(brandId, exec);
    if (!row) {
      if (brandId === undefined) return null;
      throw fieldError(field, `brand ${brandId} does not exist`);
    }
    return renderBrandOf(row);
  }

  /** The brand `brandId` as a render would use it now, or null when it no longer exists. */
  async existingForRender(brandId: string, exec?: Executor): Promise<RenderBrand | null> {
    const row = await this.rows.get(brandId, exec);
    return row ? renderBrandOf(row) : null;
  }

  /** The brand a job rendered in (its id, kept on the job even once the brand is deleted), or null for none. */
  async brandOfJob(jobId: string): Promise<string | null> {
    return (await this.rows.ofJob(jobId))?.brand_id ?? null;
  }

  /** The queue's extension point: the theme of the brand version a job records. */
  async renderExtras(jobId: string): Promise<{ options: JobRenderExtras } | null> {
    const link = await this.rows.ofJob(jobId);
    if (!link) return null;
    const json = await this.rows.version(link.brand_id, link.brand_version);
    if (json === undefined) return null;
    return { options: { theme: await this.themeOf(readDocument(json), `${link.brand_id}@${link.brand_version}`) } };
  }

  /** A poster (JPEG) of a template in the brand, with unsaved colours, typeface or credit over it. */
  async preview(id: string, body: PreviewBody): Promise<Buffer> {
    const row = await this.rows.get(id);
    if (!row) throw notFound('Brand', id);
    const doc = readDocument(row.doc);
    const overridden = body.colors || body.typeface || body.credit !== undefined;
    const merged: BrandDocument = { ...doc, colors: { ...doc.colors, ...body.colors }, typeface: body.typeface ?? doc.typeface, credit: body.credit ?? doc.credit };
    let params;
    try {
      params = normalizeRenderParams({
        location: 'São Paulo',
        template: body.template ?? DEFAULT_TEMPLATE_ID,
        pm25: 38,
        pm10: 62,
        no2: 41,
        o3: 88,
        temperatura: 23,
        humidity: 64,
        language: doc.defaults.language ?? 'en',
        aqiStandard: doc.defaults.aqiStandard ?? 'us-epa',
        format: body.format ?? doc.defaults.format ?? 'landscape',
        resolution: body.resolution ?? '720p',
        date: new Date().toISOString().slice(0, 10),
      });
    } catch (err) {
      if (err instanceof EngineError) throw validationError((err.fields ?? []).map((f) => ({ field: f.field, message: f.message })));
      throw err;
    }
    const theme = await this.themeOf(merged, overridden ? undefined : `${row.id}@${row.version}`);
    try {
      return await renderPosterJpeg(params, theme);
    } catch (err) {
      throw engineFieldError(err);
    }
  }

  // ── internals ────────────────────────────────────────────────────────────

  /** The engine's verdict on a brand's look: the colours it draws (adjusted), each adjustment, and a refusal naming the field. */
  private async check(draft: Pick<BrandDocument, 'colors' | 'typeface' | 'credit' | 'intro' | 'outro'>, logo: { bytes: Buffer; plate: 'auto' | 'always' | 'never' } | null, font: Buffer | null): Promise<{ adjustments: ThemeAdjustment[]; effective: BrandDocument['effective'] }> {
    const input: ThemeInput = { colors: draft.colors, font: font ? { data: font } : draft.typeface, credit: draft.credit, ...(draft.intro ? { intro: draft.intro } : {}), ...(draft.outro ? { outro: draft.outro } : {}), ...(logo ? { logo: { image: logo.bytes, plate: logo.plate } } : {}) };
    try {
      const { theme, adjustments } = await resolveTheme(input);
      const c = theme.colors;
      const opaque = (s: string) => (s.startsWith('#') ? s : null);
      return {
        adjustments,
        effective: { background: c.background, surface: c.surface, text: opaque(c.text) ?? '#FFFFFF', muted: opaque(c.muted) ?? c.muted, faint: opaque(c.faint) ?? c.faint, accent: c.accent },
      };
    } catch (err) {
      throw engineFieldError(err);
    }
  }

  private async themeOf(doc: BrandDocument, key: string | undefined): Promise<ThemeInput> {
    const family: ThemeFamily = doc.typeface;
    return {
      colors: doc.colors,
      font: doc.font ? { data: await this.readAsset(doc.font.key) } : family,
      credit: doc.credit,
      ...(doc.logo ? { logo: { image: await this.readAsset(doc.logo.key), plate: doc.logo.plate } } : {}),
      ...(doc.intro ? { intro: doc.intro } : {}),
      ...(doc.outro ? { outro: doc.outro } : {}),
      ...(key ? { key } : {}),
    };
  }

  /** Stores bytes under a key made of their hash (a second upload of the same file is the same object). */
  private async storeAsset(bytes: Buffer, ext: string, contentType: string): Promise<{ key: string; sha256: string; bytes: number }> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const key = `brands/${sha256}.${ext}`;
    if (!(await this.o.storage.stat(key))) {
      const tmp = join(this.o.storage.workDir, `brand-${newId('up')}.${ext}`);
      await writeFile(tmp, bytes);
      try {
        await this.o.storage.put(key, tmp, contentType);
      } finally {
        await rm(tmp, { force: true });
      }
    }
    this.remember(key, bytes);
    return { key, sha256, bytes: bytes.length };
  }

  private async readAsset(key: string): Promise<Buffer> {
    const cached = this.assets.get(key);
    if (cached) return cached;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.o.storage.read(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    const bytes = Buffer.concat(chunks);
    this.remember(key, bytes);
    return bytes;
  }

  private remember(key: string, bytes: Buffer): void {
    this.assets.delete(key);
    this.assets.set(key, bytes);
    for (const k of this.assets.keys()) {
      if (this.assets.size <= ASSET_CACHE) break;
      this.assets.delete(k);
    }
  }

  private checkIfMatch(row: BrandRow, ifMatch: string | undefined): void {
    if (ifMatchAllows(ifMatch, row.version)) return;
    throw new AppError(BRAND_ERRORS.brand_precondition_failed, `Brand ${row.id} is at version ${row.version} (ETag ${etagOf(row.version)}), not the one If-Match names; read it again and reapply your change`, {
      currentVersion: row.version,
      etag: etagOf(row.version),
    });
  }

  /** The public shape of a brand row. */
  view(row: BrandRow): BrandView {
    const doc = readDocument(row.doc);
    const c = doc.colors;
    return {
      brandId: row.id,
      name: row.name,
      version: row.version,
      isDefault: row.is_default === 1,
      colors: { background: c.background ?? null, surface: c.surface ?? null, text: c.text ?? null, accent: c.accent ?? null },
      effectiveColors: doc.effective,
      adjustments: doc.adjustments,
      typeface: doc.typeface,
      font: doc.font ? { family: doc.font.family, format: doc.font.format, bytes: doc.font.bytes } : null,
      logo: doc.logo ? { uploadedType: doc.logo.uploadedType, width: doc.logo.width, height: doc.logo.height, bytes: doc.logo.bytes, plate: doc.logo.plate } : null,
      credit: doc.credit,
      intro: doc.intro,
      outro: doc.outro,
      defaults: { language: doc.defaults.language ?? null, aqiStandard: doc.defaults.aqiStandard ?? null, format: doc.defaults.format ?? null },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}

function decodeBase64(data: string, field: string): Buffer {
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw fieldError(field, 'is not valid base64');
  return Buffer.from(clean, 'base64');
}

/** The engine's refusal of a theme as a 400 naming the brand's field. */
function engineFieldError(err: unknown): unknown {
  if (!(err instanceof EngineError) || err.code !== 'invalid_params') return err;
  const rename: Record<string, string> = { logo: 'logo.data', font: 'font.data' };
  return validationError((err.fields ?? [{ field: 'brand', message: err.message }]).map((f) => ({ field: rename[f.field] ?? f.field, message: f.message })));
}
