/**
 * The dashboard: sign-in (an API key exchanged for an HttpOnly session cookie),
 * a live feed of job changes (server-sent events), and the built single-page
 * app served at /dashboard from the @aqcast/dashboard package.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../core/auth.js';
import { problems } from '../../core/http/schemas.js';
import { sessionToken } from '../../core/http/spine.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import type { QueueService } from '../queue/index.js';
import type { DashboardService } from './service.js';


const SessionSchema = Type.Object({
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  csrfToken: Type.String({ description: 'Send it in X-CSRF-Token with every mutating request of this session' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

/** The built app (packages/dashboard/dist), or null when it was not built. */
function dashboardDist(): string | null {
  try {
    const dir = join(dirname(createRequire(import.meta.url).resolve('@aqcast/dashboard/package.json')), 'dist');
    return existsSync(join(dir, 'index.html')) ? dir : null;
  } catch {
    return null;
  }
}

export async function dashboardRoutes(app: Http, dashboard: DashboardService, queue: QueueService, deps: ModuleDeps): Promise<void> {
  const tags = ['dashboard'];
  const secure = (deps.config.publicBaseUrl ?? '').startsWith('https:');
  const setCookie = (reply: FastifyReply, token: string, maxAgeSeconds: number) =>
    reply.header('set-cookie', app.serializeCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: maxAgeSeconds }));

  app.post(
    '/dashboard/api/session',
    {
      config: { public: true, idempotency: 'off' },
      schema: { operationId: 'dashboardSignIn', tags, summary: 'Sign in to the dashboard with an API key: sets an HttpOnly session cookie (the key is not kept by the browser)', body: Type.Object({ apiKey: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false }), response: { 200: SessionSchema, ...problems(400, 401) } },
    },
    async (req, reply) => {
      const { token, view } = await dashboard.signIn(req.body.apiKey);
      setCookie(reply, token, Math.floor((Date.parse(view.expiresAt) - Date.now()) / 1000));
      return view;
    },
  );
  app.get('/dashboard/api/session', { config: { scope: 'any' }, schema: { operationId: 'dashboardSession', tags, summary: 'The signed-in session (name, scopes, CSRF token)', response: { 200: SessionSchema, ...problems(401) } } }, (req) =>
    dashboard.describe(req.principal!, sessionToken(req) ?? ''),
  );
  app.delete('/dashboard/api/session', { config: { scope: 'any', idempotency: 'off' }, schema: { operationId: 'dashboardSignOut', tags, summary: 'Sign out: the session ends and its cookie is cleared', response: { 204: Type.Null(), ...problems(401, 403) } } }, async (req, reply) => {
    await dashboard.signOut(sessionToken(req) ?? '');
    setCookie(reply, '', 0);
    return reply.code(204).send(null);
  });

  app.get(
    '/dashboard/api/events',
    { config: { scope: 'renders:read' }, schema: { operationId: 'dashboardEvents', tags, summary: 'Server-sent events: every change of a render job (status, progress), as it happens', produces: ['text/event-stream'] } },
    async (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      // HEAD (Fastify routes it here with GET) gets the headers and nothing else: the stream never opens.
      if (req.method === 'HEAD') return void res.end();
      let cursor = new Date().toISOString();
      let busy = false;
      const tick = async () => {
        if (busy) return;
        busy = true;
        try {
          const changed = await queue.changedSince(cursor, 200);
          cursor = changed.cursor;
          for (const job of changed.jobs) res.write(`event: job\nid: ${job.jobId}\ndata: ${JSON.stringify(job)}\n\n`);
        } catch {
          /* the next tick tries again */
        } finally {
          busy = false;
        }
      };
      res.write(': connected\n\n');
      const poll = setInterval(() => void tick(), 500);
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      req.raw.on('close', () => {
        clearInterval(poll);
        clearInterval(keepAlive);
      });
    },
  );

  const dist = dashboardDist();
  if (dist) {
    // serve: false — only reply.sendFile; the public /dashboard/* route below serves the files
    // (routes the plugin would add itself are not public, so the sign-in page could not load its assets).
    await app.register(fastifyStatic, { root: dist, prefix: '/dashboard/', serve: false, decorateReply: true, index: false, cacheControl: true, maxAge: '1h' });
  }
  const page = async (_req: unknown, reply: FastifyReply) => {
    if (!dist) return reply.type('text/html; charset=utf-8').send('<!doctype html><title>aqcast dashboard</title><p>The dashboard is not built: run <code>npm ci</code> (or <code>npm run build</code>) at the repository root.</p>');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  };
  // The app's own routes (client-side routing) all load index.html.
  app.get('/dashboard', { config: { public: true }, schema: { hide: true } }, page);
  app.get('/dashboard/*', { config: { public: true }, schema: { hide: true, params: Type.Object({ '*': Type.String() }) } }, async (req, reply) => {
    const path = req.params['*'];
    if (dist && /\.[a-z0-9]+$/i.test(path) && existsSync(join(dist, path)) && !path.includes('..')) return reply.sendFile(path, dist);
    return page(req, reply);
  });
  app.get('/', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => reply.redirect('/dashboard'));
}
