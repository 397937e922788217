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
import type { AppContext } from '../http/context.js';
import { SERVICE_VERSION } from '../version.js';
import { documentForRequest } from './openapi.js';

export const OPENAPI_PATH = '/openapi.json';
export const API_EXPLORER_PATH = '/api-explorer';

const EXPLORER_CSS = `
.swagger-ui .topbar { background: #0f2a3d; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.aq-brand { color: #e8f1f7; font: 600 18px system-ui, sans-serif; text-decoration: none; }
.aq-brand small { margin-left: 8px; padding: 1px 8px; border-radius: 10px; background: #2a9d8f; color: #fff; font-size: 12px; }
`;

// The logo link becomes "aqcast REST explorer vX" (Swagger UI also shows the version next to the title).
const EXPLORER_JS = `
(function () {
  var done = false;
  var obs = new MutationObserver(function () {
    var link = document.querySelector('.swagger-ui .topbar .link');
    if (!link || done) return;
    done = true;
    obs.disconnect();
    link.outerHTML = '<a class="aq-brand" href="${API_EXPLORER_PATH}">aqcast REST explorer<small>v${SERVICE_VERSION}</small></a>';
  });
  obs.observe(document.documentElement, { childList: true, subtree: true });
})();
`;

export async function docsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['docs'],
        summary: 'This OpenAPI 3.1 document',
        description: 'Generated from the same route schemas that validate requests. `servers` is this service as the caller reaches it (or PUBLIC_BASE_URL).',
        response: { 200: Type.Object({ openapi: Type.String({ examples: ['3.1.0'] }) }, { additionalProperties: true, description: 'An OpenAPI 3.1 document' }) },
      },
    },
    async (req, reply) => {
      // Sent as a string so the response schema documents, but does not filter, the document.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(documentForRequest(app.swagger(), req, ctx.config.publicBaseUrl)));
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
        js: [{ filename: 'aqcast.js', content: EXPLORER_JS }],
      },
      transformSpecificationClone: false,
      transformSpecification: (doc, req) => documentForRequest(doc, req, ctx.config.publicBaseUrl),
    });
  });
}
