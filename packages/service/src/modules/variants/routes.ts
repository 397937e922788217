/** Variant tests over REST: thin adapters over {@link VariantService}. */
import { Type } from '@sinclair/typebox';
import { inTransaction } from '../../core/http/idempotency.js';
import { IdParamsSchema, problems } from '../../core/http/schemas.js';
import type { Http, ModuleDeps } from '../../core/module.js';
import { AssignBodySchema, AssignmentSchema, ConcludeBodySchema, CreateBodySchema, ListQuerySchema, ResultSchema, TestPageSchema, TestSchema, TrackBodySchema, TrackResultSchema } from './contract.js';
import type { VariantService } from './service.js';

export function variantRoutes(app: Http, variants: VariantService, deps: ModuleDeps): void {
  const tags = ['variants'];
  app.post(
    '/variants',
    {
      schema: {
        operationId: 'createVariantTest', tags, summary: 'Create an A/B test: each arm’s video is rendered from the base with its template and overrides (or an existing job is linked)',
        body: CreateBodySchema, response: { 201: Type.Ref(TestSchema), ...problems(400, 401, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await inTransaction(req, deps.store, 201, (trx) => variants.create(req.body, trx))),
  );

  app.get('/variants', { schema: { operationId: 'listVariantTests', tags, summary: 'List tests, newest first, filtered by status or workflow', querystring: ListQuerySchema, response: { 200: TestPageSchema, ...problems(400, 401) } } }, (req) => variants.list(req.query));

  app.get('/variants/:id', { schema: { operationId: 'getVariantTest', tags, summary: 'One test with its arms, videos and counts', params: IdParamsSchema, response: { 200: Type.Ref(TestSchema), ...problems(401, 404) } } }, (req) => variants.get(req.params.id));

  app.post(
    '/variants/:id/assign',
    {
      schema: {
        operationId: 'assignVariant', tags, summary: 'The arm (and video URL) a viewer unit sees: the same unit always gets the same arm; after conclusion, the winner',
        params: IdParamsSchema, body: AssignBodySchema, response: { 200: AssignmentSchema, ...problems(400, 401, 404, 409) },
      },
    },
    (req) => inTransaction(req, deps.store, 200, (trx) => variants.assign(req.params.id, req.body.unitId, trx)),
  );

  app.post(
    '/variants/:id/track',
    {
      schema: {
        operationId: 'trackVariantEvents', tags, summary: 'Count events (impression, view, complete, click, share or the custom goal) of assigned units; an eventId counts once',
        params: IdParamsSchema, body: TrackBodySchema, response: { 200: TrackResultSchema, ...problems(400, 401, 404, 409) },
      },
    },
    (req) => inTransaction(req, deps.store, 200, (trx) => variants.track(req.params.id, req.body.events, trx)),
  );

  app.get(
    '/variants/:id/winner',
    {
      schema: {
        operationId: 'getVariantWinner', tags, summary: 'The decision (winner, no_difference or insufficient_data) with P(best), expected loss, intervals, z-tests and the SRM check',
        params: IdParamsSchema, response: { 200: Type.Ref(ResultSchema), ...problems(401, 404) },
      },
    },
    (req) => variants.winner(req.params.id),
  );

  app.post(
    '/variants/:id/conclude',
    {
      schema: {
        operationId: 'concludeVariantTest', tags, summary: 'Freeze the result with the rules’ winner (or the arm given); the test’s workflow then uses the winning arm',
        params: IdParamsSchema, body: ConcludeBodySchema, response: { 200: Type.Ref(TestSchema), ...problems(400, 401, 404, 409) },
      },
      // The body is optional: `curl -X POST …/conclude` concludes with the rules' winner.
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
    },
    (req) => inTransaction(req, deps.store, 200, (trx) => variants.conclude(req.params.id, req.body, trx)),
  );
}
