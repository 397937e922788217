/**
 * The AI helpers over GraphQL: the same AiService calls as the /ai routes, with
 * types derived from the same schemas. analyze, suggestTemplate and generate write
 * nothing and are queries; render queues a job and is a mutation.
 */
import { uniqueDefinitions } from '../../core/graphql/unique-definitions.js';
import { inputTypeSdl, objectTypeSdl } from '../../core/graphql/sdl.js';
import { Type } from '@sinclair/typebox';
import { resolve } from '../../core/graphql/resolve.js';
import type { GraphQLPart } from '../../core/graphql/types.js';
import { AiRenderBodySchema, AiRenderResultSchema, AnalysisSchema, AnalyzeBodySchema, GeneratedSchema, GenerateBodySchema, SuggestBodySchema, SuggestionSchema, SuggestionsSchema } from './contract.js';

/** Object names of the nested parts of the answers. */
const NAMES = {
  primary: 'AiStandardResult',
  'results[]': 'AiStandardResult',
  'primary.category': 'AiCategory',
  'results[].category': 'AiCategory',
  'primary.pollutants[]': 'AiPollutantRating',
  'results[].pollutants[]': 'AiPollutantRating',
  'primary.pollutants[].category': 'AiCategory',
  'results[].pollutants[].category': 'AiCategory',
  'who[]': 'AiWhoComparison',
  advice: 'AiAdvice',
  trend: 'AiTrend',
  'trend.index': 'AiTrendIndex',
  'trend.pollutants[]': 'AiPollutantTrend',
  category: 'AiCategory',
  'reasons[]': 'AiReason',
  narration: 'AiNarrationText',
  captions: 'AiCaptions',
  'captions.cues[]': 'AiCue',
  model: 'AiModelUse',
  'series[]': 'AiSeriesPointInput',
};
const REFS = { RenderJob: 'RenderJob', AiAnalysis: 'AiAnalysis', AiTemplateSuggestion: 'AiTemplateSuggestion', AiGeneratedText: 'AiGeneratedText' };

/** The AI types (the parts share nested types, each defined once). */
const types = uniqueDefinitions([
  objectTypeSdl('AiAnalysis', AnalysisSchema, { names: NAMES }),
  objectTypeSdl('AiTemplateSuggestion', SuggestionSchema, { names: NAMES }),
  objectTypeSdl('AiSuggestions', SuggestionsSchema, { names: NAMES, refs: REFS }),
  objectTypeSdl('AiGeneratedText', GeneratedSchema, { names: NAMES }),
  objectTypeSdl('AiRender', AiRenderResultSchema, { names: { ...NAMES, narration: 'AiNarrationResult' }, refs: REFS }),
  inputTypeSdl('AiAnalyzeInput', { ...AnalyzeBodySchema, description: 'Values (as in POST /render) or a contextId, and the standards to rate them in (like POST /ai/analyze).' }, { names: NAMES }),
  inputTypeSdl('AiSuggestInput', { ...SuggestBodySchema, description: 'Values or a contextId, and the channel (like POST /ai/suggest-template).' }, { names: NAMES }),
  inputTypeSdl('AiGenerateInput', { ...GenerateBodySchema, description: 'Values or a contextId, the location, and optionally the template and format (like POST /ai/generate).' }, { names: NAMES }),
  inputTypeSdl('AiRenderInput', { ...AiRenderBodySchema, description: 'What POST /ai/render takes.' }, { names: NAMES }),
]);


export const aiGraphql: GraphQLPart = {
  typeDefs: /* GraphQL */ `
    ${types}

    extend type Query {
      "Sub-indices and categories per standard, the WHO comparison, advice and a trend (like POST /ai/analyze)."
      aiAnalyze(input: AiAnalyzeInput!): AiAnalysis!
      "Templates, formats and language ranked for the values and the channel (like POST /ai/suggest-template)."
      aiSuggestTemplate(input: AiSuggestInput!): AiSuggestions!
      "Headline, narration, captions and a social post (like POST /ai/generate)."
      aiGenerate(input: AiGenerateInput!): AiGeneratedText!
    }

    extend type Mutation {
      "Analyze, suggest, generate and queue the render with captions and narration (like POST /ai/render)."
      aiRender(input: AiRenderInput!, idempotencyKey: String): AiRender!
    }
  `,
  resolvers: {
    Query: {
      aiAnalyze: resolve(Type.Object({ input: AnalyzeBodySchema }), ({ input }, { services }) => services.ai.analyze(input)),
      aiSuggestTemplate: resolve(Type.Object({ input: SuggestBodySchema }), ({ input }, { services }) => services.ai.suggestTemplate(input)),
      aiGenerate: resolve(Type.Object({ input: GenerateBodySchema }), ({ input }, { services }) => services.ai.generate(input)),
    },
    Mutation: {
      aiRender: resolve(Type.Object({ input: AiRenderBodySchema }), ({ input }, { services }) => services.ai.render(input)),
    },
  },
};
