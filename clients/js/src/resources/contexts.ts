import type { Context, ContextHistory, ContextInput, ContextPage, ContextPatch, ContextRenderOptions, Job } from '../types.js';
import { Renders, type WaitOptions } from './renders.js';
import { conditional, paginate, pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';

export interface ContextFilters {
  /** Exact location, case- and accent-insensitive. */
  location?: string;
  tag?: string;
  source?: 'upload' | 'manual' | 'workflow';
  /** Created at or after (ISO date or date-time, or a Date). */
  since?: string | Date;
  until?: string | Date;
  /** Text search in location, date, file name, tags, station names and source texts. */
  q?: string;
  /** Page size, 1–500 (server default 50). */
  limit?: number;
  cursor?: string;
}

export interface ConditionalOptions extends CallOptions {
  /**
   * The version you read (`context.version`) or its ETag (`"v3"`): the change is
   * refused with a 412 `precondition_failed` when the context changed since.
   */
  ifMatch?: number | string;
}

export interface RenderContextOptions extends WaitOptions {
  /** Wait until the job ends and return it then. */
  wait?: boolean;
  idempotencyKey?: string;
}

/** The original upload of a context. */
export interface ContextSource {
  bytes: ArrayBuffer;
  contentType: string | null;
  /** From Content-Disposition. */
  filename: string | null;
}

/**
 * Stored contexts: `GET/POST /contexts`, `GET/PATCH/DELETE /contexts/:id`, its history,
 * its original upload, renders from it, and tags.
 */
export class Contexts extends Resource {
  /** One page of contexts, newest first; pass `nextCursor` back as `cursor` for the next page. */
  list(filters: ContextFilters = {}, opts?: CallOptions): Promise<ContextPage> {
    return this.http.request<ContextPage>('GET', '/contexts', { ...requestOptions(opts), query: { ...filters } });
  }

  /** Every context matching the filters, across all pages. */
  listAll(filters: ContextFilters = {}): AsyncGenerator<Context, void, undefined> {
    const { cursor, ...rest } = filters;
    return paginate((c) => this.list({ ...rest, cursor: c }), (p) => p.contexts, cursor);
  }

  /** One context; `version` is what `ifMatch` takes. */
  get(id: string, opts?: CallOptions): Promise<Context> {
    return this.http.request<Context>('GET', pathWithId('/contexts', id), requestOptions(opts));
  }

  /** Stores values entered by hand (validated like render parameters). */
  create(input: ContextInput, opts?: CallOptions): Promise<Context> {
    return this.http.request<Context>('POST', '/contexts', { ...requestOptions(opts), body: input });
  }

  /** Changes values, location or date (`null` removes a value); with `ifMatch`, a stale edit is a 412. */
  update(id: string, patch: ContextPatch, opts?: ConditionalOptions): Promise<Context> {
    return this.http.request<Context>('PATCH', pathWithId('/contexts', id), { ...conditional(opts), body: patch });
  }

  /** Deletes the context with its tags and history; renders made from it keep their parameters. */
  async delete(id: string, opts?: ConditionalOptions): Promise<void> {
    await this.http.request('DELETE', pathWithId('/contexts', id), conditional(opts));
  }

  /** The edits made to a context, oldest first. */
  history(id: string, opts?: CallOptions): Promise<ContextHistory> {
    return this.http.request<ContextHistory>('GET', pathWithId('/contexts', id, '/history'), requestOptions(opts));
  }

  /** The uploaded original the values were read from (404 once past the service's retention, or for other sources). */
  async source(id: string, opts?: CallOptions): Promise<ContextSource> {
    const res = await this.http.raw('GET', pathWithId('/contexts', id, '/source'), requestOptions(opts));
    const disposition = res.headers.get('content-disposition') ?? '';
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
    const plain = /filename="([^"]*)"/i.exec(disposition);
    return { bytes: await res.arrayBuffer(), contentType: res.headers.get('content-type'), filename: star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? null) };
  }

  /** Queues a render from the context's values with `options` over them; the job carries `contextId`. */
  async render(id: string, options: ContextRenderOptions = {}, opts: RenderContextOptions = {}): Promise<Job> {
    const job = await this.http.request<Job>('POST', pathWithId('/contexts', id, '/render'), { ...requestOptions({ idempotencyKey: opts.idempotencyKey, signal: opts.signal }), body: options });
    if (!opts.wait) return job;
    return new Renders(this.http).wait(job.jobId, opts);
  }

  /** Adds tags (case-insensitive; ones it has are kept once). */
  addTags(id: string, tags: string | string[], opts?: ConditionalOptions): Promise<Context> {
    return this.http.request<Context>('POST', pathWithId('/contexts', id, '/tags'), { ...conditional(opts), body: { tags: Array.isArray(tags) ? tags : [tags] } });
  }

  /** Removes one tag (404 when the context does not have it). */
  removeTag(id: string, tag: string, opts?: ConditionalOptions): Promise<Context> {
    return this.http.request<Context>('DELETE', pathWithId('/contexts', id, `/tags/${encodeURIComponent(tag)}`), conditional(opts));
  }
}
