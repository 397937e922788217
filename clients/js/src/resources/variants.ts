import type { components, operations } from '../generated/openapi.js';
import { paginate, pathWithId, requestOptions, Resource, type CallOptions } from './resource.js';

type Schemas = components['schemas'];
type Json<O extends keyof operations, S extends number> = operations[O]['responses'] extends Record<S, { content: { 'application/json': infer T } }> ? T : never;
type Body<O extends keyof operations> = operations[O]['requestBody'] extends { content: { 'application/json': infer T } } ? T : never;

/** An A/B test of report videos: its arms (each a video), counts and winner. */
export type VariantTest = Schemas['VariantTest'];
export type VariantArm = VariantTest['arms'][number];
/** The body of `POST /variants`: name, goal, base render parameters, arms, optional weights and rules. */
export type VariantTestInput = Body<'createVariantTest'>;
export type VariantArmInput = VariantTestInput['arms'][number];
export type VariantTestPage = Json<'listVariantTests', 200>;
/** Which arm (and video) a viewer unit sees. */
export type VariantAssignment = Json<'assignVariant', 200>;
/** One tracked event: a unit, its type, and an optional eventId that makes retries count once. */
export type VariantEvent = Body<'trackVariantEvents'>['events'][number];
export type VariantTrackResult = Json<'trackVariantEvents', 200>;
/** The decision (`winner`, `no_difference`, `insufficient_data`) with the statistics behind it. */
export type VariantResult = Schemas['VariantResult'];

export interface VariantFilters {
  /** `running`, `concluded`, or both (sent comma-separated). */
  status?: VariantTest['status'] | VariantTest['status'][] | string;
  workflowId?: string;
  limit?: number;
  cursor?: string;
}

export interface ConcludeOptions extends CallOptions {
  /** Conclude with this arm; omitted, the rules must have found a winner (else a 409 `invalid_state`). */
  arm?: string;
}

/** Variant tests: create, list, get, assign, track, winner, conclude. */
export class Variants extends Resource {
  /** Creates a test; each arm's video is rendered (or an existing job linked). */
  create(input: VariantTestInput, opts?: CallOptions): Promise<VariantTest> {
    return this.http.request('POST', '/variants', { ...requestOptions(opts), body: input });
  }

  get(id: string, opts?: CallOptions): Promise<VariantTest> {
    return this.http.request('GET', pathWithId('/variants', id), requestOptions(opts));
  }

  /** One page of tests, newest first. */
  list(filters: VariantFilters = {}, opts?: CallOptions): Promise<VariantTestPage> {
    const { status, ...rest } = filters;
    const query = { status: Array.isArray(status) ? status.join(',') : status, ...rest };
    return this.http.request('GET', '/variants', { ...requestOptions(opts), query });
  }

  /** Same as `list` (the specification's name for it). */
  listTests(filters: VariantFilters = {}, opts?: CallOptions): Promise<VariantTestPage> {
    return this.list(filters, opts);
  }

  /** Every test matching the filters, across all pages. */
  listAll(filters: VariantFilters = {}): AsyncGenerator<VariantTest, void, undefined> {
    const { cursor, ...rest } = filters;
    return paginate((c) => this.list({ ...rest, cursor: c }), (p) => p.tests, cursor);
  }

  /** The arm (and video URL) `unitId` sees: always the same arm for the same unit; after conclusion, the winner. */
  assign(id: string, unitId: string, opts?: CallOptions): Promise<VariantAssignment> {
    return this.http.request('POST', pathWithId('/variants', id, '/assign'), { ...requestOptions(opts), body: { unitId } });
  }

  /**
   * Counts one event or a batch (up to 1,000, all or nothing). Give each event an
   * `eventId` and a retried request never counts it twice.
   */
  track(id: string, events: VariantEvent | VariantEvent[], opts?: CallOptions): Promise<VariantTrackResult> {
    return this.http.request('POST', pathWithId('/variants', id, '/track'), { ...requestOptions(opts), body: { events: Array.isArray(events) ? events : [events] } });
  }

  /** The decision now, or the result frozen at conclusion. */
  winner(id: string, opts?: CallOptions): Promise<VariantResult> {
    return this.http.request('GET', pathWithId('/variants', id, '/winner'), requestOptions(opts));
  }

  /** Freezes the result with the rules' winner, or with `arm`. */
  conclude(id: string, opts: ConcludeOptions = {}): Promise<VariantTest> {
    const { arm, ...call } = opts;
    return this.http.request('POST', pathWithId('/variants', id, '/conclude'), { ...requestOptions(call), body: arm === undefined ? {} : { arm } });
  }
}
