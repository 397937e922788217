import { listAqiStandards, listTemplates } from '@aqcast/engine';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { problems } from '../http/common-schemas.js';

export const TemplateSchema = Type.Object(
  {
    id: Type.String({ examples: ['daily-report'] }),
    name: Type.String(),
    description: Type.String(),
    formats: Type.Array(Type.String()),
    params: Type.Array(Type.String(), { description: 'Render parameters the template uses' }),
    version: Type.String(),
    durationSec: Type.Number(),
    isDefault: Type.Boolean(),
  },
  { $id: 'Template' },
);

export async function templateRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/templates',
    {
      schema: {
        tags: ['renders'],
        summary: 'List the video templates and AQI standards',
        response: {
          200: Type.Object({
            templates: Type.Array(Type.Ref(TemplateSchema)),
            aqiStandards: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), pollutants: Type.Array(Type.String()) })),
          }),
          ...problems(401),
        },
      },
    },
    async () => ({ templates: listTemplates(), aqiStandards: listAqiStandards() }),
  );
}
