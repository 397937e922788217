/**
 * Ingest over GraphQL. Files travel best as multipart REST uploads; here a
 * bulletin can be sent base64-encoded (within the JSON body limit), and goes
 * through the same IngestService as POST /ingest/upload(-and-render).
 */
import { AppError } from '../../errors/catalogue.js';
import { wakeWorkers } from '../../renders/routes.js';
import type { GraphQLModule, Resolver } from '../module.js';

function decode(fileBase64: string, filename: string) {
  if (!/^[A-Za-z0-9+/=\s]*$/.test(fileBase64)) throw new AppError('validation_failed', 'fileBase64 is not base64', { errors: [{ field: 'fileBase64', message: 'must be base64' }] });
  return { filename, bytes: Buffer.from(fileBase64, 'base64') };
}

export const ingestModule: GraphQLModule = {
  name: 'ingest',
  typeDefs: /* GraphQL */ `
    "What an upload extracted (values in µg/m³, CO in mg/m³, °C), with per-field source text and confidence in fields."
    type IngestContext {
      contextId: ID!
      location: String
      date: String
      pm25: Float
      pm10: Float
      no2: Float
      o3: Float
      so2: Float
      co: Float
      temperatura: Float
      humidity: Float
      confidence: Float!
      fields: JSON!
      method: String!
      pages: Int!
      language: String
      source: JSON!
      createdAt: String!
    }

    type IngestResult {
      contextId: ID!
      context: IngestContext!
    }

    type IngestRenderResult {
      jobId: ID!
      contextId: ID!
      renderParams: JSON!
      context: IngestContext!
    }

    type IngestTemplate {
      id: ID!
      name: String!
      description: String!
      formats: [String!]!
      params: [String!]!
      requires: [String!]!
    }

    extend type Query {
      "Templates usable for renders from an upload."
      ingestTemplates: [IngestTemplate!]!
    }

    extend type Mutation {
      "Extracts a bulletin (PDF, PNG, JPEG, WebP; base64) into a stored context."
      ingestUpload(fileBase64: String!, filename: String!): IngestResult!
      "Extracts a bulletin and queues a render from it."
      ingestUploadAndRender(fileBase64: String!, filename: String!, template: String, language: String, format: String, aqiStandard: String, location: String): IngestRenderResult!
    }
  `,
  resolvers: {
    Query: { ingestTemplates: ((_p, _a, { ctx }) => ctx.ingest.templates().templates) as Resolver },
    Mutation: {
      ingestUpload: ((_p, { fileBase64, filename }, { ctx }) => ctx.ingest.upload(decode(fileBase64, filename))) as Resolver<{ fileBase64: string; filename: string }>,
      ingestUploadAndRender: (async (_p, { fileBase64, filename, ...options }, { ctx }) => {
        const opts = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== undefined));
        const result = await ctx.ingest.uploadAndRender(decode(fileBase64, filename), opts);
        await wakeWorkers(ctx);
        return result;
      }) as Resolver<{ fileBase64: string; filename: string; [k: string]: string | null }>,
    },
  } as GraphQLModule['resolvers'],
};
