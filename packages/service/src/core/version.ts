import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The service version: one source of truth (this package's package.json), reported by /ping, GraphQL `status` and the explorer pages. */
export const SERVICE_VERSION: string = (require('../../package.json') as { version: string }).version;
