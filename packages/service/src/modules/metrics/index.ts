/**
 * The metrics module: GET /metrics in the Prometheus text format (scope
 * `metrics:read`), or, with METRICS_PORT set, on a separate listener without a
 * key (bind it to a private interface with METRICS_HOST).
 */
import { createServer, type Server } from 'node:http';
import { defineModule } from '../../core/module.js';
import type { Metrics } from '../../core/metrics.js';

const servers = new WeakMap<Metrics, Server>();

export const metricsModule = defineModule({
  name: 'metrics',
  description: 'Prometheus metrics',
  create: (deps) => deps.metrics,
  routes: (app, metrics, deps) => {
    if (deps.config.metricsPort !== null) return;
    app.get('/metrics', { schema: { operationId: 'metrics', tags: ['metrics'], summary: 'Prometheus metrics (text exposition format)', produces: ['text/plain'] } }, async (_req, reply) => {
      const { contentType, body } = await metrics.scrape();
      return reply.type(contentType).send(body);
    });
  },
  start: async (metrics, deps) => {
    const port = deps.config.metricsPort;
    if (port === null || !deps.role.http) return;
    const server = createServer((req, res) => {
      if ((req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
      metrics.scrape().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(port, deps.config.metricsHost, resolve));
    servers.set(metrics, server);
  },
  stop: async (metrics) => {
    const server = servers.get(metrics);
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});
