/** The AI helpers over REST: thin adapters over {@link AiService}. */
import { Type } from '@sinclair/typebox';
import { inTransaction } from '../../core/http/idempotency.js';
import { problems } from '../../core/http/schemas.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import { AiRenderBodySchema, AiRenderResultSchema, AnalysisSchema, AnalyzeBodySchema, GeneratedSchema, GenerateBodySchema, SuggestBodySchema, SuggestionsSchema } from './contract.js';
import type { AiService } from './service.js';

export function aiRoutes(app: Http, ai: AiService, deps: ModuleDeps): void {
  const tags = ['ai'];
  app.post(
    '/ai/analyze',
    {
      schema: {
        operationId: 'aiAnalyze', tags, summary: 'Sub-index and category of each pollutant in the chosen standards, the overall index and dominant pollutant, the WHO 2021 comparison, advice and a trend',
        body: AnalyzeBodySchema, response: { 200: Type.Ref(AnalysisSchema), ...problems(400, 401, 404, 409) },
      },
    },
    (req) => ai.analyze(req.body),
  );
  app.post(
    '/ai/suggest-template',
    {
      schema: {
        operationId: 'aiSuggestTemplate', tags, summary: 'Templates, formats and language ranked for the values and the channel (tv, social, web), with reasons',
        body: SuggestBodySchema, response: { 200: SuggestionsSchema, ...problems(400, 401, 404, 409) },
      },
    },
    (req) => ai.suggestTemplate(req.body),
  );
  app.post(
    '/ai/generate',
    {
      schema: {
        operationId: 'aiGenerate', tags,
        summary: 'A headline, a narration sized to the template, WebVTT captions and a social post (offline, or rewritten by the configured model when every fact checks)',
        body: GenerateBodySchema, response: { 200: Type.Ref(GeneratedSchema), ...problems(400, 401, 404, 409) },
      },
    },
    (req) => ai.generate(req.body),
  );
  app.post(
    '/ai/render',
    {
      schema: {
        operationId: 'aiRender', tags,
        summary: 'Analyze, suggest, generate and queue the render: captions served (and burned in when asked), narration mixed in when a speech provider is configured',
        body: AiRenderBodySchema, response: { 202: Type.Ref(AiRenderResultSchema), ...problems(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.code(202).send(await ai.render(req.body, (work) => inTransaction(req, deps.store, 202, work))),
  );
}
