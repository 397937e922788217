/**
 * Render jobs: create (one or a batch), read, list, and the templates they can
 * use. Parameters are checked against the schema by the HTTP layer; here the
 * engine's cross-field rules (template known, aliases agree) and the queue.
 */
import { listAqiStandards, listTemplates, type RenderParams } from '@aqcast/engine';
import { AppError, validationError, type FieldError } from '../../core/errors.js';
import { parseRenderParams } from '../../core/render-params.js';
import { newId } from '../../core/ids.js';
import type { Executor } from '../../core/store/database.js';
import type { EnqueueOptions, JobPage, JobView, ListFilters, QueueService } from '../queue/index.js';
import { MAX_BATCH_ITEMS } from './contract.js';

export class RenderService {
  constructor(private readonly queue: QueueService) {}

  /** Validates and queues one render. */
  async create(input: unknown, options: EnqueueOptions = {}, exec?: Executor): Promise<JobView> {
    const [job] = await this.queue.enqueue([{ params: parseRenderParams(input), options }], exec);
    return job!;
  }

  /** All-or-nothing: every item is checked before any job is written. */
  async createBatch(items: unknown[], exec?: Executor, options: Omit<EnqueueOptions, 'batchId'> = {}): Promise<{ batchId: string; jobs: JobView[] }> {
    if (items.length === 0) throw validationError([{ field: 'items', message: 'must contain at least one item' }]);
    if (items.length > MAX_BATCH_ITEMS) throw validationError([{ field: 'items', message: `must contain at most ${MAX_BATCH_ITEMS} items` }]);
    const errors: FieldError[] = [];
    const params: RenderParams[] = [];
    items.forEach((item, index) => {
      try {
        params.push(parseRenderParams(item, `items[${index}].`));
      } catch (err) {
        if (err instanceof AppError && err.extra.errors) errors.push(...err.extra.errors);
        else throw err;
      }
    });
    if (errors.length > 0) {
      const indexes = [...new Set(errors.map((e) => /^items\[(\d+)\]/.exec(e.field)?.[1]))].join(', ');
      throw validationError(errors, `Batch rejected, nothing was queued: invalid item(s) at index ${indexes}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
    }
    const batchId = newId('bat');
    const jobs = await this.queue.enqueue(params.map((p) => ({ params: p, options: { ...options, batchId } })), exec);
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
