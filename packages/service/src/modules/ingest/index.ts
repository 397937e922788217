/** The ingest module: upload a PDF or image bulletin, extract its values into a stored context, optionally render it. */
import { defineModule } from '../../core/module.js';
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
  uses: ['contexts', 'queue'],
  errors: INGEST_ERRORS,
  create: (deps) => {
    configureOcrPool({ recycleAboveRssMb: deps.config.ocrRecycleRssMb, idleStopMs: deps.config.ocrIdleStopSeconds * 1000 });
    return new IngestService(deps.store, deps.services.contexts, deps.services.queue, {
      maxBytes: deps.config.uploadMaxBytes, maxPages: deps.config.uploadMaxPages, maxPixels: deps.config.uploadMaxPixels, ocrTimeoutMs: deps.config.ocrTimeoutMs,
    }, (medium, outcome, seconds) => deps.metrics.ingestDuration.observe({ medium, outcome }, seconds));
  },
  routes: ingestRoutes,
  graphql: ingestGraphql,
  // The OCR workers only exist once an upload loaded the library.
  stop: async () => {
    await (await loadedExtract())?.shutdownOcr();
  },
});
