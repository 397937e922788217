/** The ingest module: upload a PDF or image bulletin, extract its values into a stored context, optionally render it. */
import { defineModule } from '../../core/module.js';
import { ChatModel } from '../ai/index.js';
import { ingestGraphql } from './graphql.js';
import { ingestRoutes } from './routes.js';
import { configureOcrPool, INGEST_ERRORS, IngestService, loadedExtract } from './service.js';

export { IngestService } from './service.js';

declare module '../../core/services.js' {
  interface Services {
    ingest: IngestService;
  }
}

export const ingestModule = defineModule({
  name: 'ingest',
  description: 'Upload a PDF or image bulletin and extract its air-quality data',
  uses: ['contexts'],
  errors: INGEST_ERRORS,
  create: (deps) => {
    const { config } = deps;
    configureOcrPool({ workers: config.ocrWorkers, recycleAboveRssMb: config.ocrRecycleRssMb, idleStopMs: config.ocrIdleStopSeconds * 1000 });
    // The AI module's OpenAI-compatible model reads unsure bulletins, when INGEST_LANGUAGE_MODEL is on.
    const chat = config.ai && config.ingestLanguageModelBelow !== null ? new ChatModel(config.ai, config.outboundAllowedNetworks) : null;
    return new IngestService(deps.store, deps.services.contexts, {
      maxBytes: config.uploadMaxBytes, maxPages: config.uploadMaxPages, maxPixels: config.uploadMaxPixels, ocrTimeoutMs: config.ocrTimeoutMs,
    }, (medium, outcome, seconds) => deps.metrics.ingestDuration.observe({ medium, outcome }, seconds), {
      cityValue: config.ingestCityValue,
      languageModel: chat ? { ask: (request) => chat.readBulletin(request), below: config.ingestLanguageModelBelow! } : null,
    });
  },
  routes: ingestRoutes,
  graphql: ingestGraphql,
  // The OCR workers only exist once an upload loaded the library.
  stop: async () => {
    await (await loadedExtract())?.shutdownOcr();
  },
});
