/**
 * The TypeScript client's types come from the service's OpenAPI document:
 * `npm run generate` writes clients/js/src/generated/openapi.ts with
 * openapi-typescript, and a test fails when the committed file is stale.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../packages/service/src/core/config.js';
import { startService } from '../packages/service/src/server.js';

export const GENERATED_FILE = fileURLToPath(new URL('../clients/js/src/generated/openapi.ts', import.meta.url));

/** The document the service serves at GET /openapi.json, built in-process on a throwaway store. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', AQCAST_API_KEY: 'generate-0123456789', WORKER_CONCURRENCY: '0', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost:3000' });
    const svc = await startService(config, { http: true });
    try {
      return svc.app!.swagger() as unknown as Record<string, unknown>;
    } finally {
      await svc.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The generated file's text for a document. */
export async function clientTypesSource(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], { exportType: false, alphabetize: false });
  return `/**\n * Generated from the service's OpenAPI document by \`npm run generate\` (openapi-typescript). Do not edit.\n */\n${astToString(ast)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_FILE, await clientTypesSource(await openApiDocument()));
  console.log(`wrote ${GENERATED_FILE}`);
}
