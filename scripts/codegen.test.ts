/**
 * Other people's code generators read /openapi.json: the document the service
 * serves is turned into a client by @hey-api/openapi-ts and by
 * openapi-typescript (used through openapi-fetch), both from this repository's
 * lockfile (nothing downloads), and each client must compile under
 * `tsc --strict` and type the fields as the service sends them — nullable
 * enums with `null` among their values, closed sets as unions of their values.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../packages/service/src/core/config.js';
import { startService } from '../packages/service/src/server.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The document as a client fetches it: GET /openapi.json of a running service. */
async function servedDocument(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-codegen-store-'));
  try {
    const config = loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', AQCAST_API_KEY: 'codegen-0123456789abcdef', WORKER_CONCURRENCY: '0', LOG_LEVEL: 'silent' });
    const svc = await startService(config, { http: true });
    try {
      const res = await fetch(`${svc.baseUrl}/openapi.json`);
      assert.equal(res.status, 200);
      return await res.text();
    } finally {
      await svc.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Uses both clients; each `Same<…>` line fails to compile when a generator types
 * a field otherwise than the service sends it.
 */
const USE_BOTH = `
import createClient from 'openapi-fetch';
import type { paths, components } from './openapi-typescript/schema.js';
import { getRender, listWorkflows } from './hey-api/sdk.gen.js';
import type { AiGeneratedText, Brand, RenderJob, Workflow } from './hey-api/types.gen.js';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Schemas = components['schemas'];
type Language = 'es' | 'en' | 'pt';

export const checks: [
  Same<Workflow['trigger']['catchUp'], 'none' | 'latest' | null>,
  Same<Schemas['Workflow']['trigger']['catchUp'], 'none' | 'latest' | null>,
  Same<AiGeneratedText['model']['refusal'] extends infer R ? null extends R ? true : false : never, true>,
  Same<Schemas['AiGeneratedText']['model']['refusal'] extends infer R ? null extends R ? true : false : never, true>,
  Same<Brand['defaults']['language'], Language | null>,
  Same<Schemas['Brand']['defaults']['aqiStandard'], 'us-epa' | 'eu-eaqi' | 'mx' | 'cl' | 'br-iqar' | null>,
  Same<RenderJob['status'], Schemas['RenderJob']['status']>,
  Same<RenderJob['videoUrl'], string | null>,
] = [true, true, true, true, true, true, true, true];

const client = createClient<paths>({ baseUrl: 'http://localhost:3000', headers: { 'x-api-key': 'key' } });
export async function calls(): Promise<unknown[]> {
  const job = await client.GET('/render/{id}', { params: { path: { id: 'job_x' } } });
  const status: Schemas['RenderJob']['status'] | undefined = job.data?.status;
  const viaHey = await getRender({ baseUrl: 'http://localhost:3000', path: { id: 'job_x' } });
  const workflows = await listWorkflows({ baseUrl: 'http://localhost:3000' });
  return [status, viaHey.data?.status, workflows.data];
}
`;

test('clients generated from the served /openapi.json by @hey-api/openapi-ts and openapi-typescript compile under --strict with the fields typed as sent', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'aqcast-codegen-'));
  try {
    const document = await servedDocument();
    writeFileSync(join(dir, 'openapi.json'), document);
    // The generated code imports its runtime (openapi-fetch) from the repository's packages.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');

    const hey = spawnSync(process.execPath, [join(root, 'node_modules/@hey-api/openapi-ts/bin/index.cjs'), '-i', join(dir, 'openapi.json'), '-o', join(dir, 'hey-api'), '-c', '@hey-api/client-fetch'], { encoding: 'utf8' });
    assert.equal(hey.status, 0, hey.stderr + hey.stdout);

    mkdirSync(join(dir, 'openapi-typescript'));
    const ast = await openapiTS(document);
    writeFileSync(join(dir, 'openapi-typescript', 'schema.ts'), astToString(ast));

    writeFileSync(join(dir, 'use-both.ts'), USE_BOTH);
    const tsconfig = { compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], skipLibCheck: true }, include: ['*.ts', 'hey-api/**/*.ts', 'openapi-typescript/*.ts'] };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
