/** Render jobs over REST: thin adapters over {@link RenderService}. */
import { Type } from '@sinclair/typebox';
import type { FastifyTypeProviderDefault } from 'fastify';
import { inTransaction } from '../../core/http/idempotency.js';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import { StoreReadCache } from '../../core/store/read-cache.js';
import { JobPageSchema, JobSchema } from '../queue/index.js';
import { BatchBodySchema, BatchSchema, RenderListQuerySchema, RenderParams, TemplateListSchema } from './contract.js';
import type { RenderService } from './service.js';

export function renderRoutes(app: Http, renders: RenderService, deps: ModuleDeps): void {
  const tags = ['renders'];
  app.post(
    '/render',
    {
      schema: {
        operationId: 'createRender',
        tags,
        summary: 'Queue a render',
        description: 'Validates the parameters and queues a render job. Poll GET /render/{id} or register a webhook for render.completed.',
        body: Type.Ref(RenderParams),
        response: { 202: Type.Ref(JobSchema), ...problems(400, 401, 409, 413) },
      },
    },
    async (req, reply) => reply.code(202).send(await inTransaction(req, deps.store, 202, (trx) => renders.create(req.body, {}, trx))),
  );

  // The API's most frequent read (clients poll it): each job's answer is kept serialized until the store
  // changes (any write here, any commit by another process on the SQLite file; nothing kept on PostgreSQL).
  const jobAnswers = new StoreReadCache<string>(deps.store);
  // Typed by hand, not from the schema: the handler sends the job already serialized (the schema still checks the id and documents the answer).
  app.withTypeProvider<FastifyTypeProviderDefault>().get<{ Params: { id: string } }>(
    '/render/:id',
    { schema: { operationId: 'getRender', tags, summary: 'Get a render job', params: IdParamsSchema, response: { 200: Type.Ref(JobSchema), ...problems(401, 404) } } },
    (req, reply) => {
      const { id } = req.params;
      const answer = jobAnswers.read(`${deps.publicBaseUrl()} ${id}`, async () => {
        const job = await renders.get(id);
        // The route's own serializer for 200 (compiled when the route was registered), so a kept answer reads as a fresh one.
        const serialize = reply.getSerializationFunction('200') ?? JSON.stringify;
        // The files of a job's accessible package are looked up in object storage, which the store's generation does not cover.
        return { value: serialize(job), keep: job.accessibility === null };
      });
      // Fastify sends a string of a JSON type as it is.
      void reply.type('application/json; charset=utf-8');
      // A hit is sent now, without a promise; a miss when the promise settles (a rejection is the route's error).
      return typeof answer === 'string' ? void reply.send(answer) : answer;
    },
  );

  app.get('/renders', { schema: { operationId: 'listRenders', tags, summary: 'List render jobs, newest first', querystring: RenderListQuerySchema, response: { 200: JobPageSchema, ...problems(400, 401) } } }, (req) => renders.list(req.query));

  app.post(
    '/batch',
    {
      // A bare array is shorthand for { items }: named the same way in errors (items[3].pm25).
      preValidation: async (req) => {
        if (Array.isArray(req.body)) req.body = { items: req.body };
      },
      schema: { operationId: 'createBatch', tags, summary: 'Queue many renders at once, all or nothing', body: BatchBodySchema, response: { 202: BatchSchema, ...problems(400, 401, 409, 413) } },
    },
    async (req, reply) => {
      const items = Array.isArray(req.body) ? req.body : req.body.items;
      const brandId = Array.isArray(req.body) ? undefined : req.body.brandId;
      return reply.code(202).send(await inTransaction(req, deps.store, 202, (trx) => renders.createBatch(items, trx, {}, brandId)));
    },
  );

  app.get('/templates', { schema: { operationId: 'listTemplates', tags, summary: 'List the video templates and AQI standards', response: { 200: TemplateListSchema, ...problems(401) } } }, () => renders.templates());
}
