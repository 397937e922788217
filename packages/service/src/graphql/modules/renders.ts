/**
 * Render jobs and templates over GraphQL: the same RenderService calls as
 * POST /render, GET /render/:id, GET /renders, POST /batch and GET /templates.
 */
import { listAqiStandards, listTemplates, RenderParamsSchema } from '@aqcast/engine';
import type { ListFilters } from '../../renders/service.js';
import { wakeWorkers } from '../../renders/routes.js';
import { inputTypeFromJsonSchema } from '../json-schema-input.js';
import type { GraphQLModule, Resolver } from '../module.js';

interface RenderFilter {
  status?: string[] | null;
  template?: string | null;
  location?: string | null;
  batchId?: string | null;
  since?: string | null;
  until?: string | null;
}

/** GraphQL sends explicit nulls for "not given"; the REST contract simply omits the field. */
function withoutNulls<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

const renderParamsInput = inputTypeFromJsonSchema(
  'RenderParamsInput',
  RenderParamsSchema as unknown as Parameters<typeof inputTypeFromJsonSchema>[1],
  'What a report video shows: the same fields as the body of POST /render (validated by the same rules). Concentrations in µg/m³ (CO in mg/m³); omit what was not measured.',
);

const render: Resolver<{ id: string }> = (_p, { id }, { ctx }) => ctx.renders.get(id);

const renders: Resolver<{ filter?: RenderFilter | null; limit?: number | null; cursor?: string | null }> = (_p, { filter, limit, cursor }, { ctx }) => {
  const f = withoutNulls(filter ?? {});
  const filters: ListFilters = { ...f, status: f.status?.join(','), ...withoutNulls({ limit, cursor }) } as ListFilters;
  return ctx.renders.list(filters);
};

const createRender: Resolver<{ input: Record<string, unknown> }> = async (_p, { input }, { ctx }) => {
  const job = await ctx.renders.create(withoutNulls(input));
  await wakeWorkers(ctx);
  return job;
};

const createBatch: Resolver<{ items: Record<string, unknown>[] }> = async (_p, { items }, { ctx }) => {
  const batch = await ctx.renders.createBatch(items.map((i) => withoutNulls(i)));
  await wakeWorkers(ctx);
  return batch;
};

export const rendersModule: GraphQLModule = {
  name: 'renders',
  typeDefs: /* GraphQL */ `
    "queued → rendering → completed | failed | canceled; a retried job goes back to queued."
    enum RenderStatus {
      queued
      rendering
      completed
      failed
      canceled
    }

    "Why a render failed."
    type RenderError {
      "Stable machine-readable code."
      code: String!
      message: String!
    }

    "The finished video."
    type RenderOutput {
      width: Int!
      height: Int!
      fps: Float!
      durationSec: Float!
      "File size in bytes."
      bytes: Float!
    }

    "A render job (the same object as GET /render/{id})."
    type RenderJob {
      jobId: ID!
      status: RenderStatus!
      "0…1"
      progress: Float!
      "Template id."
      template: String!
      "Same as template."
      compositionId: String!
      "Normalized render parameters."
      params: JSON!
      "MP4 URL once completed (unguessable, public)."
      videoUrl: String
      "PNG poster URL once completed."
      posterUrl: String
      "Set once the job failed."
      error: RenderError
      attempts: Int!
      maxAttempts: Int!
      priority: Int!
      "ISO 8601 date-time; the job is not claimed before it."
      runAt: String!
      batchId: String
      contextId: String
      "ISO 8601 date-time."
      createdAt: String!
      startedAt: String
      completedAt: String
      renderMs: Int
      output: RenderOutput
    }

    "One page of render jobs, newest first."
    type RenderPage {
      jobs: [RenderJob!]!
      "Pass as cursor to get the next page; null on the last page."
      nextCursor: String
    }

    "Filters of renders(); all optional, combined with AND."
    input RenderFilter {
      status: [RenderStatus!]
      template: String
      "Exact location, case-insensitive."
      location: String
      batchId: String
      "Created at or after (ISO date or date-time)."
      since: String
      "Created at or before (ISO date or date-time; a bare date includes the whole day)."
      until: String
    }

    "Jobs queued together by createBatch."
    type Batch {
      batchId: ID!
      jobs: [RenderJob!]!
    }

    "A video template (the same object as in GET /templates)."
    type Template {
      id: ID!
      name: String!
      description: String!
      "Frame shapes it supports."
      formats: [String!]!
      "Render parameters the template uses."
      params: [String!]!
      version: String!
      durationSec: Float!
      isDefault: Boolean!
    }

    "An air-quality index whose colours and categories a video can use."
    type AqiStandard {
      id: ID!
      name: String!
      pollutants: [String!]!
    }

    ${renderParamsInput}

    extend type Query {
      "One render job; null (with a not_found error) when the id does not exist."
      render(id: ID!): RenderJob
      "Render jobs, newest first, with cursor pagination (limit 1–500)."
      renders(filter: RenderFilter, limit: Int = 50, cursor: String): RenderPage!
      "The video templates."
      templates: [Template!]!
      "The AQI standards a video can use (aqiStandard)."
      aqiStandards: [AqiStandard!]!
    }

    extend type Mutation {
      "Validates the parameters and queues one render (like POST /render)."
      createRender(input: RenderParamsInput!): RenderJob!
      "Queues many renders at once, all or nothing (like POST /batch): one invalid item rejects the batch, naming its index."
      createBatch(items: [RenderParamsInput!]!): Batch!
    }
  `,
  resolvers: {
    Query: {
      render,
      renders,
      templates: () => listTemplates(),
      aqiStandards: () => listAqiStandards(),
    },
    Mutation: { createRender, createBatch },
  },
};
