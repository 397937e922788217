/**
 * Ingest over GraphQL. Files travel best as multipart REST uploads; here a
 * bulletin can be sent base64-encoded (within the JSON body limit), and goes
 * through the same IngestService as POST /ingest/upload(-and-render).
 */
import { Type } from '@sinclair/typebox';
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { withoutNulls, type GraphQLPart, type Resolver } from '../../core/graphql/types.js';
import { check } from '../../core/validation.js';
import { IngestTemplateSchema, SkippedLineSchema, UploadFieldsSchema, UploadRenderFieldsSchema } from './contract.js';

const FileArgs = Type.Object({
  fileBase64: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9+/=\\s]*$' }),
  filename: Type.String({ minLength: 1, maxLength: 255 }),
});

function decode(args: unknown) {
  const { fileBase64, filename } = check(FileArgs, args);
  return { filename, bytes: Buffer.from(fileBase64, 'base64') };
}

export const ingestGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${objectTypeSdl('SkippedLine', SkippedLineSchema)}

    type IngestResult {
      contextId: ID!
      context: Context!
      "Lines that looked like measurements but were not used, with the reason."
      skipped: [SkippedLine!]!
    }

    type IngestRenderResult {
      jobId: ID!
      contextId: ID!
      renderParams: JSON!
      context: Context!
      skipped: [SkippedLine!]!
    }

    ${objectTypeSdl('IngestTemplate', IngestTemplateSchema)}

    extend type Query {
      ingestTemplates: [IngestTemplate!]!
    }

    extend type Mutation {
      "Extracts a base64-encoded bulletin into a stored context (like POST /ingest/upload)."
      ingestUpload(fileBase64: String!, filename: String!, cityValue: String, idempotencyKey: String): IngestResult!
      "Extracts a base64-encoded bulletin and queues a render from it (like POST /ingest/upload-and-render)."
      ingestUploadAndRender(fileBase64: String!, filename: String!, template: String, compositionId: String, language: Language, format: Format, aqiStandard: AqiStandardId, resolution: Resolution, location: String, date: String, cityValue: String, brandId: ID, idempotencyKey: String): IngestRenderResult!
    }
  `,
  resolvers: {
    Query: { ingestTemplates: ((_p, _a, { services }) => services.ingest.templates().templates) as Resolver },
    Mutation: {
      ingestUpload: ((_p, { fileBase64, filename, ...options }, { services }) =>
        services.ingest.upload(decode({ fileBase64, filename }), check(UploadFieldsSchema, withoutNulls(options)))) as Resolver<{ fileBase64: string; filename: string } & Record<string, string | null>>,
      ingestUploadAndRender: ((_p, { fileBase64, filename, ...options }, { services }) =>
        services.ingest.uploadAndRender(decode({ fileBase64, filename }), check(UploadRenderFieldsSchema, withoutNulls(options)))) as Resolver<{ fileBase64: string; filename: string } & Record<string, string | null>>,
    },
  } as GraphQLPart['resolvers'],
};
