/**
 * GET /graphql-explorer: GraphiQL 3 with an X-Api-Key field, and every asset it
 * needs (React, ReactDOM, GraphiQL's UMD bundle and CSS) served by this process
 * from node_modules, so the page works on a closed network. The vendor files
 * are read once, kept in memory with an ETag, and gzipped on first request.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, CORE_ERRORS } from '../../core/errors.js';
import { SERVICE_VERSION } from '../../core/version.js';

const require = createRequire(import.meta.url);
// Assets live beside src/ and dist/ in the package, so the same path works from either.
const assetsDir = fileURLToPath(new URL('../../../assets/graphql-explorer/', import.meta.url));
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

interface Asset {
  file: () => string;
  type: string;
}

/** The only files the explorer serves; nothing else under /graphql-explorer/assets/. */
const ASSETS: Record<string, Asset> = {
  'react.production.min.js': { file: () => join(packageDir('react'), 'umd/react.production.min.js'), type: 'application/javascript; charset=utf-8' },
  'react-dom.production.min.js': { file: () => join(packageDir('react-dom'), 'umd/react-dom.production.min.js'), type: 'application/javascript; charset=utf-8' },
  'graphiql.min.js': { file: () => join(packageDir('graphiql'), 'graphiql.min.js'), type: 'application/javascript; charset=utf-8' },
  'graphiql.min.css': { file: () => join(packageDir('graphiql'), 'graphiql.min.css'), type: 'text/css; charset=utf-8' },
  'explorer.js': { file: () => join(assetsDir, 'explorer.js'), type: 'application/javascript; charset=utf-8' },
  'explorer.css': { file: () => join(assetsDir, 'explorer.css'), type: 'text/css; charset=utf-8' },
};

interface Loaded {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
}

const loaded = new Map<string, Loaded>();

function load(name: string, asset: Asset): Loaded {
  let l = loaded.get(name);
  if (!l) {
    // The source map comment would send devtools looking for a file we do not serve.
    const raw = readFileSync(asset.file(), 'utf8').replace(/\/\/# sourceMappingURL=\S+\s*$/, '').replace(/\/\*# sourceMappingURL=[^*]+\*\/\s*$/, '');
    const body = Buffer.from(raw);
    l = { body, gzip: null, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    loaded.set(name, l);
  }
  return l;
}

function sendCached(req: FastifyRequest, reply: FastifyReply, l: Loaded, type: string) {
  reply.header('etag', l.etag).header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding').type(type);
  if (req.headers['if-none-match'] === l.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && l.body.length > 1024) {
    l.gzip ??= gzipSync(l.body);
    return reply.header('content-encoding', 'gzip').send(l.gzip);
  }
  return reply.send(l.body);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ExplorerPaths {
  page: string;
  endpoint: string;
  schema: string;
  restExplorer: string;
}

export const DEFAULT_EXPLORER_PATHS: ExplorerPaths = { page: '/graphql-explorer', endpoint: '/graphql', schema: '/graphql-schema', restExplorer: '/api-explorer' };

/** The page's HTML; links are relative so that the page also works behind a path prefix. */
export function explorerHtml(paths: ExplorerPaths = DEFAULT_EXPLORER_PATHS): string {
  const base = paths.page.replace(/^.*\//, '');
  const rel = (p: string) => p.replace(/^\//, '');
  return readFileSync(join(assetsDir, 'index.html'), 'utf8')
    .replaceAll('{{VERSION}}', escapeHtml(SERVICE_VERSION))
    .replaceAll('{{BASE}}', escapeHtml(base))
    .replaceAll('{{ENDPOINT}}', escapeHtml(rel(paths.endpoint)))
    .replaceAll('{{SCHEMA}}', escapeHtml(rel(paths.schema)))
    .replaceAll('{{REST_EXPLORER}}', escapeHtml(rel(paths.restExplorer)));
}

export async function explorerRoutes(app: FastifyInstance, paths: ExplorerPaths = DEFAULT_EXPLORER_PATHS): Promise<void> {
  const html = explorerHtml(paths);
  const page: Loaded = { body: Buffer.from(html), gzip: null, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };

  app.get(
    paths.page,
    { config: { public: true }, schema: { tags: ['graphql'], summary: 'GraphQL explorer (GraphiQL), served offline', hide: true } },
    async (req, reply) => sendCached(req, reply, page, 'text/html; charset=utf-8'),
  );
  // The assets are addressed relative to the page, so /graphql-explorer/ would break them: send it to the page.
  app.get(`${paths.page}/`, { config: { public: true }, schema: { hide: true } }, async (_req, reply) => reply.redirect(paths.page.replace(/^.*\//, '../'), 301));

  app.get(`${paths.page}/assets/:name`, { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    // The route's path has one parameter, :name, which the router always fills.
    const name = (req.params as { name: string }).name;
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw new AppError(CORE_ERRORS.not_found, `No explorer asset ${name}`);
    return sendCached(req, reply, load(name, asset), asset.type);
  });
}
