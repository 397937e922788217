/**
 * Render jobs: create (one or a batch), read, list, and the templates they can
 * use. A REST body is checked against the schema by its route and only
 * completed here (the engine's rules across fields: template known, aliases
 * agree); GraphQL's input, which nothing checked yet, is checked whole here.
 */
import { listAqiStandards, listTemplates, type RenderParams } from '@aqcast/engine';
import { AppError, validationError, type FieldError } from '../../core/errors.js';
import { completeCheckedParams, parseRenderParams } from '../../core/render-params.js';
import { newId } from '../../core/ids.js';
import type { Executor } from '../../core/store/database.js';
import { withBrandDefaults, type BrandService, type RenderBrand } from '../brands/index.js';
import type { EnqueueOptions, JobPage, JobView, ListFilters, QueueService } from '../queue/index.js';
import { MAX_BATCH_ITEMS, type RenderBody } from './contract.js';

/** `brandId` taken out of a render body (the engine knows nothing of brands). */
export function splitBrandId(input: unknown, prefix = ''): { brandId: string | null | undefined; rest: unknown } {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('brandId' in input)) return { brandId: undefined, rest: input };
  const { brandId, ...rest } = input;
  if (brandId !== null && typeof brandId !== 'string') throw validationError([{ field: `${prefix}brandId`, message: 'must be a brand id or null' }]);
  return { brandId, rest };
}

/** How a render body becomes render params: its brand id, then the params in that brand's defaults. */
interface BodyReader<T> {
  brandId(input: T, prefix: string): string | null | undefined;
  params(input: T, brand: RenderBrand | null, prefix: string): RenderParams;
}

/** A body its route checked against the schema: only the rules across fields are left. */
const CHECKED: BodyReader<RenderBody> = {
  brandId: (body) => body.brandId,
  params: ({ brandId: _brandId, ...rest }, brand, prefix) => completeCheckedParams(withBrandDefaults(rest, brand), prefix),
};

/** Input nothing checked yet: checked whole. */
const UNCHECKED: BodyReader<unknown> = {
  brandId: (input, prefix) => splitBrandId(input, prefix).brandId,
  params: (input, brand, prefix) => parseRenderParams(withBrandDefaults(splitBrandId(input, prefix).rest, brand), prefix),
};

export class RenderService {
  constructor(
    private readonly queue: QueueService,
    /** Without it (benchmarks, queue tests), renders name no brand. */
    private readonly brands: BrandService | null = null,
  ) {}

  private async brandFor(brandId: string | null | undefined, field: string, exec?: Executor): Promise<RenderBrand | null> {
    if (!this.brands) {
      if (brandId) throw validationError([{ field, message: 'brands are not available here' }]);
      return null;
    }
    return this.brands.forRender(brandId, field, exec);
  }

  /** Queues one render its route checked (in its brand: `brandId`, or the default brand); the engine's rules across fields run here. */
  create(body: RenderBody, options: EnqueueOptions = {}, exec?: Executor): Promise<JobView> {
    return this.createWith(CHECKED, body, options, exec);
  }

  /** {@link create} for input nothing checked yet (GraphQL's): checked whole here. */
  createFromInput(input: unknown, options: EnqueueOptions = {}, exec?: Executor): Promise<JobView> {
    return this.createWith(UNCHECKED, input, options, exec);
  }

  /**
   * All-or-nothing: every item is checked before any job is written. An item's
   * `brandId` wins over the batch's; neither: the default brand.
   */
  createBatch(items: RenderBody[], exec?: Executor, options: Omit<EnqueueOptions, 'batchId'> = {}, batchBrandId?: string | null): Promise<{ batchId: string; jobs: JobView[] }> {
    return this.createBatchWith(CHECKED, items, exec, options, batchBrandId);
  }

  /** {@link createBatch} for items nothing checked yet (GraphQL's). */
  createBatchFromInput(items: unknown[], exec?: Executor, options: Omit<EnqueueOptions, 'batchId'> = {}, batchBrandId?: string | null): Promise<{ batchId: string; jobs: JobView[] }> {
    return this.createBatchWith(UNCHECKED, items, exec, options, batchBrandId);
  }

  private async createWith<T>(reader: BodyReader<T>, input: T, options: EnqueueOptions, exec?: Executor): Promise<JobView> {
    const brand = await this.brandFor(reader.brandId(input, ''), 'brandId', exec);
    const params = reader.params(input, brand, '');
    const [job] = await this.queue.enqueue([{ params, options: { ...options, brand } }], exec);
    return job!;
  }

  private async createBatchWith<T>(reader: BodyReader<T>, items: T[], exec: Executor | undefined, options: Omit<EnqueueOptions, 'batchId'>, batchBrandId: string | null | undefined): Promise<{ batchId: string; jobs: JobView[] }> {
    if (items.length === 0) throw validationError([{ field: 'items', message: 'must contain at least one item' }]);
    if (items.length > MAX_BATCH_ITEMS) throw validationError([{ field: 'items', message: `must contain at most ${MAX_BATCH_ITEMS} items` }]);
    const errors: FieldError[] = [];
    const params: RenderParams[] = [];
    const brandsOf: (RenderBrand | null)[] = [];
    const known = new Map<string, RenderBrand | null>();
    const brandFor = async (id: string | null | undefined, field: string) => {
      const k = id === undefined ? '\u0000default' : id === null ? '\u0000none' : id;
      if (!known.has(k)) known.set(k, await this.brandFor(id, field, exec));
      return known.get(k) ?? null;
    };
    for (const [index, item] of items.entries()) {
      const prefix = `items[${index}].`;
      try {
        const brandId = reader.brandId(item, prefix);
        const brand = brandId !== undefined ? await brandFor(brandId, `${prefix}brandId`) : await brandFor(batchBrandId, 'brandId');
        params.push(reader.params(item, brand, prefix));
        brandsOf.push(brand);
      } catch (err) {
        if (err instanceof AppError && err.extra.errors) errors.push(...err.extra.errors);
        else throw err;
      }
    }
    if (errors.length > 0) {
      const indexes = [...new Set(errors.map((e) => /^items\[(\d+)\]/.exec(e.field)?.[1] ?? e.field))].join(', ');
      throw validationError(errors, `Batch rejected, nothing was queued: invalid item(s) at index ${indexes}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
    }
    const batchId = newId('bat');
    const jobs = await this.queue.enqueue(params.map((p, i) => ({ params: p, options: { ...options, batchId, brand: brandsOf[i] ?? null } })), exec);
    return { batchId, jobs };
  }

  get(id: string): Promise<JobView> {
    return this.queue.get(id);
  }

  list(filters: ListFilters): Promise<JobPage> {
    return this.queue.list(filters);
  }

  templates() {
    return { templates: listTemplates(), aqiStandards: listAqiStandards() };
  }
}
