/**
 * GET /openapi.json — the OpenAPI 3.1 document @fastify/swagger generates from
 * the route schemas that validate requests (see openapi.ts for what the spine
 * adds to every route).
 * GET /api-explorer — Swagger UI from @fastify/swagger-ui, whose assets
 * (swagger-ui-dist) it serves itself under /api-explorer/static/: no CDN, and
 * no online validator. The Authorize button sets X-Api-Key (kept across
 * reloads), and "Try it out" sends requests to this service.
 */
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { SERVICE_VERSION } from '../../core/version.js';
import { documentWithServer } from './openapi.js';

export const OPENAPI_PATH = '/openapi.json';
export const API_EXPLORER_PATH = '/api-explorer';

const EXPLORER_CSS = `
.swagger-ui .topbar { background: #0f2a3d; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
`;

/** The top-bar logo: "aqcast REST explorer" and the version, as an inline SVG (no file, no font download). */
const EXPLORER_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="330" height="40" viewBox="0 0 330 40">
<text x="0" y="27" font-family="system-ui, sans-serif" font-size="22" font-weight="700" fill="#ffffff">aqcast</text>
<text x="94" y="27" font-family="system-ui, sans-serif" font-size="18" fill="#e8f1f7">REST explorer</text>
<rect x="246" y="9" rx="11" width="70" height="22" fill="#2a9d8f"/>
<text x="281" y="25" text-anchor="middle" font-family="system-ui, sans-serif" font-size="13" font-weight="600" fill="#ffffff">v${SERVICE_VERSION}</text>
</svg>`;

export async function docsRoutes(app: FastifyInstance, publicBaseUrl: () => string): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      config: { public: true },
      schema: {
        operationId: 'openapi',
        tags: ['docs'],
        summary: 'This OpenAPI 3.1 document',
        description: 'Generated from the same route schemas that validate requests. `servers` is PUBLIC_BASE_URL (or the address the service listens on).',
        response: { 200: Type.Object({ openapi: Type.String({ examples: ['3.1.0'] }) }, { additionalProperties: true, description: 'An OpenAPI 3.1 document' }) },
      },
    },
    async (_req, reply) => {
      // Sent as a string so the response schema documents, but does not filter, the document.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(documentWithServer(app.swagger(), publicBaseUrl())));
    },
  );

  // Swagger UI's routes are public like the document; they live in their own scope so this hook touches only them.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: API_EXPLORER_PATH,
      uiConfig: {
        persistAuthorization: true,
        displayRequestDuration: true,
        docExpansion: 'list',
        deepLinking: true,
        filter: true,
        tryItOutEnabled: false,
        defaultModelsExpandDepth: 0,
      },
      theme: {
        title: `aqcast REST explorer · ${SERVICE_VERSION}`,
        css: [{ filename: 'aqcast.css', content: EXPLORER_CSS }],
      },
      logo: { type: 'image/svg+xml', content: Buffer.from(EXPLORER_LOGO), href: API_EXPLORER_PATH },
      transformSpecificationClone: false,
      transformSpecification: (doc) => documentWithServer(doc, publicBaseUrl()),
    });
  });
}
