/**
 * Ingest over GraphQL. Files travel best as multipart REST uploads; here a
 * bulletin can be sent base64-encoded (within the JSON body limit), and goes
 * through the same IngestService as POST /ingest/upload(-and-render).
 */
import { Type, type Static } from '@sinclair/typebox';
import { objectTypeSdl } from '../../core/graphql/sdl.js';
import { resolve, resolveNoArgs } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { IngestTemplateSchema, SkippedLineSchema, UploadFieldsSchema, UploadRenderFieldsSchema } from './contract.js';

const FileArgs = Type.Object({
  fileBase64: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9+/=\\s]*$' }),
  filename: Type.String({ minLength: 1, maxLength: 255 }),
});

/** The file as the upload route reads it: its name and bytes. */
const fileOf = ({ fileBase64, filename }: Static<typeof FileArgs>) => ({ filename, bytes: Buffer.from(fileBase64, 'base64') });

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
    Query: { ingestTemplates: resolveNoArgs(({ services }) => services.ingest.templates().templates) },
    Mutation: {
      ingestUpload: resolve(Type.Object({ ...FileArgs.properties, ...UploadFieldsSchema.properties }), ({ fileBase64, filename, ...options }, { services }) => services.ingest.upload(fileOf({ fileBase64, filename }), options)),
      ingestUploadAndRender: resolve(Type.Object({ ...FileArgs.properties, ...UploadRenderFieldsSchema.properties }), ({ fileBase64, filename, ...options }, { services }) =>
        services.ingest.uploadAndRender(fileOf({ fileBase64, filename }), options),
      ),
    },
  },
};
