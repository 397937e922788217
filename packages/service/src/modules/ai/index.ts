/**
 * The ai module: analysis, template choice, narration and captions from the
 * values, by a deterministic domain engine that needs no model; an OpenAI-compatible
 * language model may rewrite the text (checked against the facts); the offline
 * narrator (eSpeak NG) speaks it, or a speech server when the operator configures one. Its render jobs carry
 * captions and narration through the queue's extension point.
 */
import { defineModule } from '../../core/module.js';
import { AI_SCHEMAS } from './contract.js';
import { aiGraphql } from './graphql.js';
import * as m202611221530 from './migrations.js';
import { ChatModel } from './providers/chat.js';
import { OfflineSpeech } from './providers/offline-speech.js';
import { SpeechModel } from './providers/speech.js';
import { aiRoutes } from './routes.js';
import { AiService } from './service.js';

export { AiService } from './service.js';
export { ChatModel } from './providers/chat.js';

declare module '../../core/services.js' {
  interface Services {
    ai: AiService;
  }
}

export const aiModule = defineModule({
  name: 'ai',
  description: 'AI helpers: analysis, template choice, narration and captions (offline engine; optional OpenAI-compatible model and speech)',
  uses: ['queue', 'brands', 'contexts'],
  migrations: { '202611221530_ai_renders': m202611221530 },
  schemas: AI_SCHEMAS,
  create: (deps) => {
    const { config } = deps;
    const service = new AiService({
      store: deps.store, storage: deps.storage, logger: deps.logger, queue: deps.services.queue, brands: deps.services.brands, contexts: deps.services.contexts, publicBaseUrl: deps.publicBaseUrl,
      chat: config.ai ? new ChatModel(config.ai, config.outboundAllowedNetworks) : null,
      speech: config.speech ? new SpeechModel(config.speech, config.outboundAllowedNetworks) : null,
      offline: config.offlineNarrator === 'espeak-ng' ? new OfflineSpeech() : null,
      ffmpegPath: config.ffmpegPath,
    });
    // Workers (in this process or any other) ask it for the captions and narration of its jobs.
    deps.services.queue.extend(service);
    return service;
  },
  stop: (service) => service.close(),
  routes: aiRoutes,
  graphql: aiGraphql,
});
